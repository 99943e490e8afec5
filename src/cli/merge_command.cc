// pitboss merge: one report from the JSON reports of the shards of one check.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/output.h"
#include "report/report_reader.h"
#include "report/writers.h"

namespace pitboss {

namespace {

constexpr char kMergeHelp[] = R"HELP(
A large job can be checked in shards, `pitboss check --format json --out shardN.json`
over part of the logs each, and the shards' reports merged into one. The result is
the report a single `pitboss check` over all the shards' logs would give, in the order
the reports are named: the inputs and violations of each in turn, every spec used
once, the round counts summed, and each ambiguity's readings with their rounds settled
differently and net difference summed over the shards. One thing a single check finds
and a merge cannot: a round id logged in two shards (input/duplicate-round), since
each shard saw only its own logs. A log listed by two reports is kept twice, with a
warning, as its rounds are then counted twice; a spec revision whose reports name
different sha256 is a warning too, as the shards were then checked against different
files. Warnings go to standard error, "report N" being the Nth named.

Every report must be a pitboss JSON report of format 1; the version that wrote it
does not matter, the merged report carries this pitboss's version.

Exit status: 0 no violations in the merged report, 1 violations, 2 the merge could not
run (a report unreadable or invalid: "pitboss: FILE: what is wrong").)HELP";

// Reads all of `file` ("-": standard input) into *text; the message names the file.
Status ReadAll(const std::string& path, const std::string& name, std::string* text) {
  FILE* file = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (file == nullptr) return Status::IoError(name + ": " + std::strerror(errno));
  char buffer[1 << 16];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) text->append(buffer, n);
  // errno from the failed read; a folder, for one, opens but cannot be read.
  const int error = std::ferror(file) ? (errno != 0 ? errno : EIO) : 0;
  if (file != stdin) std::fclose(file);
  if (error != 0) return Status::IoError(name + ": " + std::strerror(error));
  return Status::Ok();
}

}  // namespace

std::function<int()> SetUpMerge(CLI::App* sub) {
  struct Args {
    std::string format = "text";
    std::string out;
    std::vector<std::string> reports;
  };
  auto args = std::make_shared<Args>();
  std::string formats;
  for (auto f : ReportFormats()) formats += (formats.empty() ? "" : ", ") + std::string(f);
  sub->add_option("--format", args->format, "report format: " + formats)
      ->type_name("FORMAT")
      ->capture_default_str();
  sub->add_option("--out", args->out, "write the report to FILE instead of standard output")
      ->type_name("FILE");
  sub->add_option("REPORT", args->reports,
                  "JSON reports of `pitboss check --format json`, or - (once) for standard input")
      ->type_name("REPORT")
      ->required();
  sub->footer(kMergeHelp);

  return [args]() -> int {
    auto formats = ReportFormats();
    if (std::find(formats.begin(), formats.end(), args->format) == formats.end()) {
      std::string list;
      for (auto f : formats) list += (list.empty() ? "" : ", ") + std::string(f);
      PrintError("--format " + args->format + " is not available (formats: " + list + ")");
      return kExitUsage;
    }
    if (std::count(args->reports.begin(), args->reports.end(), "-") > 1) {
      PrintError("standard input (-) can be named once only");
      return kExitUsage;
    }
    if (Status s = CheckOutputPath(args->out, args->reports); !s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    std::vector<Report> shards;
    for (const std::string& path : args->reports) {
      const std::string name = path == "-" ? "<stdin>" : path;
      std::string text;
      Status s = ReadAll(path, name, &text);
      if (!s.ok()) {
        PrintError(s.message());
        return kExitUsage;
      }
      StatusOr<Report> shard = ReadJsonReport(text, name);
      if (!shard.ok()) {
        PrintError(shard.status().message());
        return kExitUsage;
      }
      shards.push_back(std::move(shard).value());
    }
    std::vector<std::string> warnings;
    StatusOr<Report> merged = MergeReports(shards, &warnings);
    for (const std::string& warning : warnings) PrintError("warning: " + warning);
    if (!merged.ok()) {
      PrintError(merged.status().message());
      return kExitUsage;
    }
    Status s = EmitReport(merged.value(), args->format, args->out);
    if (!s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    return merged->violations.empty() ? kExitClean : kExitFindings;
  };
}

}  // namespace pitboss
