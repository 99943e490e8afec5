// pitboss merge: one report from the JSON reports of the shards of one check.
#include <algorithm>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/invocation.h"
#include "cli/log.h"
#include "cli/output.h"
#include "report/money_format.h"
#include "report/report_reader.h"
#include "report/writers.h"

namespace pitboss {

namespace {

constexpr char kMergeHelp[] = R"HELP(
A large job can be checked in shards, `pitboss check --format json --out shardN.json`
over part of the logs each, and the shards' reports merged into one. The result is
the report a single `pitboss check` over all the shards' logs would give, in the order
the reports are named: the inputs, skipped files and violations of each in turn, every
spec used once, the round counts summed, each ambiguity's readings with their rounds
settled differently and net difference summed and their findings cleared counted anew,
and the money totals of the violations (paid wrongly, and moved by other faults) anew.
It is complete only if every shard is.

What it adds of its own: its command line and the time it ran ("command_line",
"analysis_time"), its version, and in JSON a "shards" list naming each report (path,
sha256 of its bytes) with the version, command line, time and completeness it states.
A log a shard read only for context (check --context) is left out of the inputs: it is
that shard's provenance, and usually another shard's log.

What it cannot see: a round id logged in two shards (input/duplicate-round), since each
shard saw only its own logs. A log listed by two reports is kept twice, with a warning,
as its rounds are then counted twice.

Refused (exit 2), as the sum would answer no one question, naming the two reports and
what differs: reports written by different versions of pitboss; one spec revision
checked against files of different sha256; one spec revision checked under different
readings. --allow-mixed merges them anyway, each difference then a warning.

Warnings go to standard error ("report N" being the Nth named) and, in the JSON report,
to "merge_warnings", which a merged report always has: [] when there are none. Every
report must be a pitboss JSON report of format 1; a merged report can be merged again.
docs/report.md describes every key.

Exit status: 0 no violations in the merged report, 1 violations, 2 the merge could not
run (a report unreadable or invalid: "pitboss: FILE: what is wrong"; or refused).)HELP";

}  // namespace

std::function<int()> SetUpMerge(CLI::App* sub) {
  struct Args {
    std::string format = "text";
    std::vector<std::string> outs;
    std::vector<std::string> reports;
    bool allow_mixed = false;
  };
  auto args = std::make_shared<Args>();
  CLI::Option* format_option = AddReportOutputOptions(sub, &args->format, &args->outs);
  sub->add_flag("--allow-mixed", args->allow_mixed,
                "merge reports of different pitboss versions, spec files or readings, with a warning "
                "for each difference, instead of refusing them");
  sub->add_option("REPORT", args->reports,
                  "JSON reports of `pitboss check --format json`, or - (once) for standard input")
      ->type_name("REPORT")
      ->required();
  sub->footer(kMergeHelp);

  return [args, format_option]() -> int {
    auto outputs = PlanOutputs(args->outs, args->format, format_option->count() > 0, ReportFormats());
    if (!outputs.ok()) {
      PrintError(outputs.status().message());
      return kExitUsage;
    }
    if (std::count(args->reports.begin(), args->reports.end(), "-") > 1) {
      PrintError("standard input (-) can be named once only");
      return kExitUsage;
    }
    for (const ReportOutput& output : *outputs) {
      if (Status s = CheckOutputPath(output.path, args->reports); !s.ok()) {
        PrintError(s.message());
        return kExitUsage;
      }
    }
    std::vector<ShardReport> shards;
    for (const std::string& path : args->reports) {
      StatusOr<ShardReport> shard = ReadReportFile(path);
      if (!shard.ok()) {
        PrintError(shard.status().message());
        return kExitUsage;
      }
      shards.push_back(std::move(shard).value());
    }
    StatusOr<Report> merged = MergeReports(shards, {.allow_mixed = args->allow_mixed});
    if (!merged.ok()) {
      PrintError(merged.status().message());
      return kExitUsage;
    }
    for (const std::string& warning : merged->merge_warnings) LogWarning(warning);
    merged->command_line = CommandLine();
    merged->analysis_time = AnalysisTime();
    Status s = EmitReports(merged.value(), *outputs);
    if (!s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    // An incomplete report exits 2 from every command that writes one, as check's does.
    if (!merged->complete) {
      PrintError("the merged report is incomplete: a shard's report is (" + IncompleteText(merged.value()) +
                 ")");
      return kExitUsage;
    }
    return merged->violations.empty() ? kExitClean : kExitFindings;
  };
}

}  // namespace pitboss
