#include "cli/output.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include "history/log_files.h"
#include "report/writers.h"

namespace pitboss {

Status WriteOutput(const std::string& out_path, const std::function<Status(std::ostream&)>& write) {
  if (out_path.empty() || out_path == "-") {
    Status s = write(std::cout);
    std::cout.flush();
    return s;
  }
  std::ostringstream buffer;
  Status s = write(buffer);
  if (!s.ok()) return s;
  std::ofstream out(out_path, std::ios::binary | std::ios::trunc);
  out << buffer.str();
  out.close();
  if (!out) return Status::IoError(out_path + ": cannot write the report");
  return Status::Ok();
}

Status EmitReport(const Report& report, const std::string& format, const std::string& out_path) {
  return WriteOutput(out_path, [&](std::ostream& out) { return WriteReport(report, format, out); });
}

void PrintError(const std::string& message) { std::cerr << "pitboss: " << message << "\n"; }

StatusOr<Report> CheckLogs(CheckOptions options, const std::vector<std::string>& logs, bool progress) {
  if (progress) {
    options.progress = [](const CheckProgress& p) {
      std::cerr << "\r" << p.input << ": " << p.rounds << " rounds, " << p.violations << " violations" << std::flush;
    };
  }
  auto paths = ExpandLogPaths(logs);
  if (!paths.ok()) return paths.status();
  auto checker = Checker::Create(std::move(options));
  if (!checker.ok()) return checker.status();
  for (const std::string& path : paths.value()) {
    Status s = checker.value()->CheckLog(path);
    if (progress) std::cerr << "\r\033[K" << std::flush;
    if (!s.ok()) return s;
  }
  return checker.value()->Finish();
}

bool FormatAvailable(const std::string& format, const std::vector<std::string_view>& formats) {
  if (std::find(formats.begin(), formats.end(), format) != formats.end()) return true;
  std::string list;
  for (std::string_view f : formats) list += (list.empty() ? "" : ", ") + std::string(f);
  PrintError("--format " + format + " is not available (formats: " + list + ")");
  return false;
}

bool ParseReadingOptions(const std::vector<std::string>& options,
                         std::map<std::string, std::string>* readings) {
  for (const std::string& r : options) {
    size_t eq = r.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == r.size()) {
      PrintError("--reading takes AMBIGUITY=READING, not '" + r + "'");
      return false;
    }
    (*readings)[r.substr(0, eq)] = r.substr(eq + 1);
  }
  return true;
}

}  // namespace pitboss
