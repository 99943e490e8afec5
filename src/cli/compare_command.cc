// pitboss compare: the findings of two check reports, new, unchanged and absent.
#include <memory>
#include <string>
#include <vector>

#include "base/json.h"
#include "base/printable.h"
#include "cli/commands.h"
#include "cli/invocation.h"
#include "cli/log.h"
#include "cli/output.h"
#include "report/baseline.h"
#include "report/writers.h"

namespace pitboss {

namespace {

constexpr char kCompareHelp[] = R"HELP(
OLD and NEW are JSON reports of `pitboss check --format json` (or merge), say last
night's and tonight's, or a baseline kept in the repository and this run's. Each finding
of NEW is new (not in OLD) or unchanged (in OLD too), and each finding of OLD not in NEW
is absent (fixed, or no longer checked). Two findings are the same when their
fingerprints are: the code, the file name of the log (not its folder), the round, the
event, the seat, the hand and the wager, counted in order among findings alike
(docs/report.md, "Baselines"); line numbers and messages are not compared, so a log
that gains lines before a finding keeps it unchanged.

The text lists the new and the absent findings and counts all three; the JSON lists all
three (new_violations, unchanged_violations, absent_violations, each finding as the
check report writes it, with "baseline" new, unchanged or absent).
`pitboss check --baseline OLD.json` compares as it checks, in every format.

Exit status: 0 nothing new in NEW, 1 a finding of NEW is new, 2 the comparison could
not run (a report unreadable or not a pitboss JSON report).)HELP";

const char* Name(const std::string& path) { return path == "-" ? "<stdin>" : path.c_str(); }

void WriteCompareText(std::ostream& out, const ShardReport& old_report, const ShardReport& new_report,
                      const Report& compared) {
  const BaselineSummary& b = *compared.baseline;
  out << "compare " << Printable(Name(old_report.path)) << " -> " << Printable(Name(new_report.path)) << ": "
      << b.new_findings << " new, " << b.unchanged << " unchanged, " << b.absent.size() << " absent\n";
  if (b.new_findings > 0) {
    out << "\nNew (in " << Printable(Name(new_report.path)) << ", not in " << Printable(Name(old_report.path))
        << "):\n";
    for (const Finding& finding : compared.violations) {
      if (finding.baseline == BaselineState::kNew) WriteFindingText(out, finding);
    }
  }
  if (!b.absent.empty()) {
    out << "\nAbsent (in " << Printable(Name(old_report.path)) << ", not in "
        << Printable(Name(new_report.path)) << "):\n";
    for (const Finding& finding : b.absent) WriteFindingText(out, finding);
  }
}

void WriteReportRef(JsonWriter& json, const ShardReport& report) {
  json.BeginObject();
  json.Key("path").String(report.path);
  json.Key("sha256").String(report.sha256);
  json.Key("version").String(report.report.version);
  json.Key("complete").Bool(report.report.complete);
  json.Key("violations").Int(static_cast<int64_t>(report.report.violations.size()));
  json.EndObject();
}

// Part of the report format (docs/report.md, "pitboss compare"): keys are added, never renamed.
void WriteCompareJson(std::ostream& out, const ShardReport& old_report, const ShardReport& new_report,
                      const Report& compared) {
  const BaselineSummary& b = *compared.baseline;
  JsonWriter json(out);
  json.BeginObject();
  json.Key("tool").String("pitboss");
  json.Key("version").String(PITBOSS_VERSION);
  json.Key("command").String("compare");
  json.Key("command_line").BeginArray();
  for (const std::string& arg : CommandLine()) json.String(arg);
  json.EndArray();
  json.Key("analysis_time").String(AnalysisTime());
  json.Key("old_report");
  WriteReportRef(json, old_report);
  json.Key("new_report");
  WriteReportRef(json, new_report);
  json.Key("summary").BeginObject();
  json.Key("new").Int(b.new_findings);
  json.Key("unchanged").Int(b.unchanged);
  json.Key("absent").Int(static_cast<int64_t>(b.absent.size()));
  json.EndObject();
  for (const BaselineState state : {BaselineState::kNew, BaselineState::kUnchanged}) {
    json.Key(std::string(ToString(state)) + "_violations").BeginArray();
    for (const Finding& finding : compared.violations) {
      if (finding.baseline == state) WriteFindingJson(json, finding);
    }
    json.EndArray();
  }
  json.Key("absent_violations").BeginArray();
  for (const Finding& finding : b.absent) WriteFindingJson(json, finding);
  json.EndArray();
  json.EndObject();
  out.put('\n');
}

}  // namespace

std::function<int()> SetUpCompare(CLI::App* sub) {
  struct Args {
    std::string format = "text";
    std::string out;
    std::string old_path;
    std::string new_path;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("--format", args->format, "text or json")->type_name("FORMAT")->capture_default_str();
  sub->add_option("--out", args->out, "write the comparison to FILE instead of standard output")
      ->type_name("FILE");
  sub->add_option("OLD", args->old_path, "the earlier JSON check report (the baseline)")
      ->type_name("OLD.json")
      ->required();
  sub->add_option("NEW", args->new_path, "the later JSON check report")->type_name("NEW.json")->required();
  sub->footer(kCompareHelp);

  return [args]() -> int {
    if (!FormatAvailable(args->format, {"text", "json"})) return kExitUsage;
    if (args->old_path == "-" && args->new_path == "-") {
      PrintError("standard input (-) can be named once only");
      return kExitUsage;
    }
    if (Status s = CheckOutputPath(args->out, {args->old_path, args->new_path}); !s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    StatusOr<ShardReport> old_report = ReadReportFile(args->old_path);
    if (!old_report.ok()) {
      PrintError(old_report.status().message());
      return kExitUsage;
    }
    StatusOr<ShardReport> new_report = ReadReportFile(args->new_path);
    if (!new_report.ok()) {
      PrintError(new_report.status().message());
      return kExitUsage;
    }
    for (const ShardReport* r : {&old_report.value(), &new_report.value()}) {
      if (!r->report.complete) {
        LogWarning(std::string(Name(r->path)) +
                   " is an incomplete report (a log not read whole): what it did not read compares as absent "
                   "or new");
      }
    }
    Report compared = new_report->report;
    ApplyBaseline(old_report->report, old_report->path, old_report->sha256, &compared);
    Status s = WriteOutput(args->out, [&](std::ostream& out) {
      if (args->format == "json") {
        WriteCompareJson(out, *old_report, *new_report, compared);
      } else {
        WriteCompareText(out, *old_report, *new_report, compared);
      }
      out.flush();
      return out ? Status::Ok() : Status::IoError("could not write the comparison");
    });
    if (!s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    return compared.baseline->new_findings > 0 ? kExitFindings : kExitClean;
  };
}

}  // namespace pitboss
