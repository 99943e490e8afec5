#include "cli/output.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include "report/writers.h"

namespace pitboss {

Status EmitReport(const Report& report, const std::string& format, const std::string& out_path) {
  if (out_path.empty() || out_path == "-") {
    Status s = WriteReport(report, format, std::cout);
    std::cout.flush();
    return s;
  }
  // Written whole to memory first, so that a failed run leaves no half report behind.
  std::ostringstream buffer;
  Status s = WriteReport(report, format, buffer);
  if (!s.ok()) return s;
  std::ofstream out(out_path, std::ios::binary | std::ios::trunc);
  out << buffer.str();
  out.close();
  if (!out) return Status::IoError(out_path + ": cannot write the report");
  return Status::Ok();
}

void PrintError(const std::string& message) { std::cerr << "pitboss: " << message << "\n"; }

}  // namespace pitboss
