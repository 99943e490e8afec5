#include "cli/output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <memory>
#include <streambuf>
#include <string_view>

#include "base/atomic_file.h"
#include "base/sha256.h"
#include "base/temporaries.h"
#include "cli/commands.h"
#include "cli/invocation.h"
#include "cli/log.h"
#include "cli/progress.h"
#include "history/log_files.h"
#include "report/findings_db.h"
#include "report/money_format.h"
#include "report/writers.h"
#include "spec/library.h"
#include "spec/rules_path.h"

namespace pitboss {

namespace {

namespace fs = std::filesystem;

Status CannotWrite(const std::string& path, int error) {
  return Status::IoError("cannot write " + path + ": " + std::strerror(error));
}

}  // namespace

Status CheckOutputPath(const std::string& out_path, const std::vector<std::string>& inputs) {
  if (out_path.empty() || out_path == "-") return Status::Ok();
  struct stat out;
  if (::stat(out_path.c_str(), &out) == 0) {
    if (S_ISDIR(out.st_mode)) return CannotWrite(out_path, EISDIR);
    if (!S_ISREG(out.st_mode)) {
      // A device or a pipe is written to as it is (WriteFileAtomically).
      if (::access(out_path.c_str(), W_OK) != 0) return CannotWrite(out_path, errno);
      return Status::Ok();
    }
    for (const std::string& input : inputs) {
      struct stat in;
      int got = input == "-" ? ::fstat(STDIN_FILENO, &in) : ::stat(input.c_str(), &in);
      if (got == 0 && in.st_dev == out.st_dev && in.st_ino == out.st_ino) {
        return Status::InvalidArgument("--out " + out_path + " is the same file as the input " +
                                       (input == "-" ? "<stdin>" : input) +
                                       ": no command writes onto its inputs");
      }
    }
  }
  // The folder exists and a file can be made in it: the temporary the report is written to.
  StatusOr<NewFile> temp = CreateBeside(LinkTarget(out_path), "tmp", out_path);
  if (!temp.ok()) return temp.status();
  ::close(temp->fd);
  RemoveTemporary(temp->path);
  return Status::Ok();
}

Status WriteOutput(const std::string& out_path, const std::function<Status(std::ostream&)>& write) {
  if (out_path.empty() || out_path == "-") {
    Status s = write(std::cout);
    std::cout.flush();
    return s;
  }
  return WriteFileAtomically(out_path, write);
}

Status EmitReport(const Report& report, const std::string& format, const std::string& out_path) {
  if (IsDatabaseFormat(format)) {
    return AppendRunToDatabase(report, out_path, ReportExitStatus(report), FormatUtc(std::time(nullptr)));
  }
  return WriteOutput(out_path, [&](std::ostream& out) { return WriteReport(report, format, out); });
}

CLI::Option* AddReportOutputOptions(CLI::App* sub, std::string* format, std::vector<std::string>* outs) {
  std::string formats;
  for (auto f : ReportFormats()) formats += (formats.empty() ? "" : ", ") + std::string(f);
  CLI::Option* option = sub->add_option("--format", *format,
                                        "report format: " + formats +
                                            " (of standard output, of one --out, and of an --out whose "
                                            "extension names none)")
                            ->type_name("FORMAT")
                            ->capture_default_str();
  sub->add_option(
         "--out", *outs,
         "write the report to FILE instead of standard output: in --format where given with one --out, "
         "else in the format its extension names (" +
             FormatExtensionsText() + "; another: --format); repeatable, one report to several files")
      ->type_name("FILE")
      ->allow_extra_args(false);
  return option;
}

StatusOr<std::vector<ReportOutput>> PlanOutputs(const std::vector<std::string>& outs,
                                                const std::string& format, bool format_given,
                                                const std::vector<std::string_view>& formats) {
  const auto available = [&](const std::string& f) {
    return std::find(formats.begin(), formats.end(), f) != formats.end();
  };
  const auto list = [&] {
    std::string text;
    for (std::string_view f : formats) text += (text.empty() ? "" : ", ") + std::string(f);
    return text;
  };
  if (!available(format)) {
    return Status::InvalidArgument("--format " + format + " is not available (formats: " + list() + ")");
  }
  const Status no_stdout = Status::InvalidArgument(
      "--format " + format +
      " appends each run to a database file, never to standard output: give --out FILE.sqlite");
  std::vector<ReportOutput> outputs;
  if (outs.empty()) {
    if (IsDatabaseFormat(format)) return no_stdout;
    return std::vector<ReportOutput>{{"", format}};
  }
  bool format_used = false;
  std::vector<std::string> seen;  // each output's file, as the system resolves it
  for (const std::string& out : outs) {
    const bool stdout_out = out.empty() || out == "-";
    // The contract's `--format F --out FILE` writes F to FILE whatever FILE is called: with one
    // --out, a --format given wins over the extension.
    std::string f = stdout_out || (format_given && outs.size() == 1) ? "" : std::string(FormatOfPath(out));
    if (f.empty()) f = format;
    format_used = format_used || f == format;
    if (!available(f)) {
      return Status::InvalidArgument("--out " + out + " names a " + f +
                                     " report by its extension, which this " +
                                     "command does not write (formats: " + list() + ")");
    }
    std::error_code ec;
    const std::string key = stdout_out ? "-" : fs::weakly_canonical(fs::absolute(out, ec), ec).string();
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
      return Status::InvalidArgument("--out " + (stdout_out ? std::string("-") : out) +
                                     " is named twice: each report is written to a file of its own");
    }
    seen.push_back(key);
    outputs.push_back({stdout_out ? "" : out, f});
  }
  for (const ReportOutput& output : outputs) {
    if (output.path.empty() && IsDatabaseFormat(output.format)) return no_stdout;
  }
  if (format_given && !format_used) {
    std::string named;
    for (const ReportOutput& o : outputs) named += (named.empty() ? "" : ", ") + o.path + " " + o.format;
    return Status::InvalidArgument(
        "--format " + format + " is written to no output: each --out is in the format " +
        "its extension names (" + named + "); name the file ." + format + " or give - for standard output");
  }
  return outputs;
}

std::vector<std::string> OutputPaths(const std::vector<ReportOutput>& outputs) {
  std::vector<std::string> paths;
  for (const ReportOutput& output : outputs) paths.push_back(output.path);
  return paths;
}

Status EmitReports(const Report& report, const std::vector<ReportOutput>& outputs) {
  std::string failed;
  for (const ReportOutput& output : outputs) {
    Status s = EmitReport(report, output.format, output.path);
    if (!s.ok()) failed += (failed.empty() ? "" : "; ") + s.message();
  }
  return failed.empty() ? Status::Ok() : Status::IoError(failed);
}

StatusOr<ShardReport> ReadReportFile(const std::string& path) {
  const std::string name = path == "-" ? "<stdin>" : path;
  FILE* file = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (file == nullptr) return Status::IoError(name + ": " + std::strerror(errno));
  std::string text;
  char buffer[1 << 16];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, n);
  // errno from the failed read; a folder, for one, opens but cannot be read.
  const int error = std::ferror(file) ? (errno != 0 ? errno : EIO) : 0;
  if (file != stdin) std::fclose(file);
  if (error != 0) return Status::IoError(name + ": " + std::strerror(error));
  StatusOr<Report> report = ReadJsonReport(text, name);
  if (!report.ok()) return report.status();
  return ShardReport{path, Sha256Hex(text), std::move(report).value()};
}

bool ColourOn(int fd) {
  const char* no_colour = std::getenv("NO_COLOR");
  if (no_colour != nullptr && no_colour[0] != '\0') return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::string_view(term) == "dumb") return false;
  return ::isatty(fd) == 1;
}

void PrintError(const std::string& message) { LogError(message); }

StatusOr<Report> CheckLogs(CheckOptions options, const std::vector<std::string>& logs,
                           const std::vector<std::string>& out_paths, bool progress,
                           const std::vector<std::string>& context_logs,
                           const std::vector<std::string>& other_inputs) {
  std::vector<SkippedPath> skipped;
  const bool vendor = options.dialect != nullptr;
  auto paths = ExpandLogPaths(logs, &skipped, vendor);
  if (!paths.ok()) return paths.status();
  auto context = ExpandLogPaths(context_logs, &skipped, vendor);
  if (!context.ok()) return Status::InvalidArgument("--context " + context.status().message());
  std::vector<std::string> order = context.value();  // the logs in the order they are read
  order.insert(order.end(), paths->begin(), paths->end());
  if (std::count(order.begin(), order.end(), "-") > 1) {
    // Standard input reads once: a second "-" would be an empty log, checked as if it were one.
    return Status::InvalidArgument("standard input (-) is named more than once: it can be read only once");
  }
  std::shared_ptr<ProgressMeter> meter;
  if (progress) {
    meter = std::make_shared<ProgressMeter>("", order, ::isatty(STDERR_FILENO) == 1);
    options.progress = [meter](const CheckProgress& p) {
      meter->Update(p.rounds, p.bytes,
                    FormatCount(p.violations) + (p.violations == 1 ? " violation" : " violations"));
    };
  }
  // What cannot be listed here is reported when the checker loads the specs.
  std::vector<std::string> unlisted;
  std::vector<std::string> inputs =
      ListSpecFiles(options.rules.empty() ? DefaultRulesPaths() : options.rules, &unlisted);
  inputs.insert(inputs.end(), paths->begin(), paths->end());
  inputs.insert(inputs.end(), context->begin(), context->end());
  inputs.insert(inputs.end(), other_inputs.begin(), other_inputs.end());
  for (const std::string& out_path : out_paths) {
    if (Status s = CheckOutputPath(out_path, inputs); !s.ok()) return s;
  }
  auto checker = Checker::Create(std::move(options));
  if (!checker.ok()) return checker.status();
  // The context first, as the day before comes before the day checked; a log that cannot
  // be read whole is a finding of the report, which is written all the same (incomplete).
  // A context log that cannot be read whole is no finding: its damage is the report's
  // context_damage (which check warns of), and the logs checked decide the exit status.
  size_t index = 0;
  auto read = [&](const std::string& path, Checker::LogRole role) {
    if (meter) meter->StartFile(index++);
    Status s = checker.value()->CheckLog(path, role);
    if (!s.ok() && role == Checker::LogRole::kChecked) {
      if (meter) meter->Finish();  // the warning on a line of its own
      LogWarning(s.message() + " (input/unreadable: the report will be incomplete)");
    }
  };
  for (const std::string& path : context.value()) read(path, Checker::LogRole::kContext);
  for (const std::string& path : paths.value()) read(path, Checker::LogRole::kChecked);
  if (meter) meter->Finish();
  Report report = checker.value()->Finish();
  // A check that read no round checked nothing: its report is incomplete (the command exits 2,
  // CheckExitStatus), and says so in every format.
  int64_t read_rounds = 0;
  for (const InputSummary& input : report.inputs) {
    if (!input.context) read_rounds += input.rounds + input.malformed_lines;
  }
  if (read_rounds == 0) report.complete = false;
  for (SkippedPath& p : skipped) {
    LogInfo("not read: " + p.path + " (" + p.reason + "; listed in the report)");
    report.skipped.push_back({std::move(p.path), std::move(p.reason)});
  }
  report.command_line = CommandLine();
  report.analysis_time = AnalysisTime();
  return report;
}

namespace {

bool NothingRead(const Report& report) {
  int64_t rounds = 0, malformed = 0;
  for (const InputSummary& input : report.inputs) {
    if (!input.context) rounds += input.rounds;
    if (!input.context) malformed += input.malformed_lines;
  }
  // Lines that are not rounds were read and reported (input/malformed): exit 1, as findings.
  return rounds == 0 && malformed == 0;
}

}  // namespace

int ReportExitStatus(const Report& report) {
  if (NothingRead(report) || !report.complete) return kExitUsage;
  return report.violations.empty() ? kExitClean : kExitFindings;
}

int CheckExitStatus(const Report& report) {
  int64_t unreadable = 0;
  for (const InputSummary& input : report.inputs) {
    if (!input.error.empty() && !input.context) ++unreadable;  // a damaged context is a notice
  }
  if (NothingRead(report)) {
    PrintError("no round was read from the logs given: nothing was checked");
    return kExitUsage;
  }
  if (!report.complete) {
    PrintError("the report is incomplete: " + std::to_string(unreadable) +
               (unreadable == 1 ? " input" : " inputs") + " could not be read whole (input/unreadable)");
    return kExitUsage;
  }
  return report.violations.empty() ? kExitClean : kExitFindings;
}

bool FormatAvailable(const std::string& format, const std::vector<std::string_view>& formats) {
  if (std::find(formats.begin(), formats.end(), format) != formats.end()) return true;
  std::string list;
  for (std::string_view f : formats) list += (list.empty() ? "" : ", ") + std::string(f);
  PrintError("--format " + format + " is not available (formats: " + list + ")");
  return false;
}

std::map<std::string, std::map<std::string, std::string>> ReadingsDealt(const Report& report) {
  std::map<std::string, std::map<std::string, std::string>> dealt;
  for (const ReadingInferred& r : report.readings_inferred) {
    if (r.status != "inferred" || r.readings.empty()) continue;
    if (std::find(r.readings.begin(), r.readings.end(), r.checked) != r.readings.end()) continue;
    dealt[r.table][r.ambiguity] = r.readings.front();
  }
  return dealt;
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
