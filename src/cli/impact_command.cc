// pitboss impact: the rounds whose correct settlement differs between two revisions.
#include <unistd.h>

#include <optional>

#include "check/impact.h"
#include "cli/commands.h"
#include "cli/jobs_option.h"
#include "cli/log.h"
#include "cli/output.h"
#include "cli/progress.h"
#include "history/line_pipeline.h"
#include "history/log_files.h"
#include "report/change_writers.h"
#include "spec/loader.h"

namespace pitboss {

std::function<int()> SetUpImpact(CLI::App* sub) {
  struct Args {
    std::string from, to, format = "text", out;
    std::vector<std::string> logs;
    int jobs = DefaultJobs();
    bool progress = isatty(STDERR_FILENO) != 0;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("--from", args->from, "the revision in force (a spec file)")
      ->required()
      ->type_name("OLD_SPEC");
  sub->add_option("--to", args->to, "the revision to compare it with (a spec file)")
      ->required()
      ->type_name("NEW_SPEC");
  sub->add_option("--format", args->format, "text or json")->type_name("FORMAT")->capture_default_str();
  AddJobsOption(sub, &args->jobs,
                "threads that replay rounds (default: the machine's cores); the report is the same "
                "whatever the number");
  sub->add_option("--out", args->out, "write the report to FILE instead of standard output")
      ->type_name("FILE");
  sub->add_flag("--progress,!--no-progress", args->progress,
                "a progress line on standard error (default: when it is a terminal)");
  sub->add_option("LOG", args->logs, "hand-history logs: files, folders, or - for standard input")
      ->required()
      ->type_name("LOG");
  sub->footer(
      "\nReplays every round of the logs that names the rule set of the two specs under both (their\n"
      "default readings, whatever the round's date), and reports the rounds whose correct\n"
      "settlement differs, the money that moves per wager kind (player's view, new minus old),\n"
      "and the findings that appear or disappear under the new revision.\n"
      "Exit status: 0 nothing changes, 1 some round changes, 2 could not run.");
  return [args]() -> int {
    auto paths = ExpandLogPaths(args->logs);
    if (!paths.ok()) {
      PrintError(paths.status().message());
      return kExitUsage;
    }
    std::vector<std::string> inputs = {args->from, args->to};
    inputs.insert(inputs.end(), paths->begin(), paths->end());
    if (Status s = CheckOutputPath(args->out, inputs); !s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    std::vector<std::string> errors;
    auto from = LoadSpecDocument(args->from, &errors);
    auto to = LoadSpecDocument(args->to, &errors);
    if (!from || !to) {
      for (const auto& e : errors) PrintError(e);
      return kExitUsage;
    }
    for (const std::string& w : DiffWarnings(from->spec, to->spec, DiffSpecs(from->spec, to->spec))) {
      LogWarning(w);
    }
    ImpactAnalysis analysis(from->spec, to->spec, CapJobs(args->jobs));
    std::optional<ProgressMeter> meter;
    if (args->progress) meter.emplace("", paths.value(), isatty(STDERR_FILENO) == 1);
    for (size_t i = 0; i < paths->size(); ++i) {
      const std::string& path = (*paths)[i];
      if (meter) meter->StartFile(i);
      Status s = analysis.AddLog(path, [&meter](int64_t rounds, int64_t bytes) {
        if (meter) meter->Update(rounds, bytes);
      });
      if (!s.ok()) {
        if (meter) meter->Finish();
        PrintError(s.message());
        return kExitUsage;
      }
    }
    if (meter) meter->Finish();
    const ImpactReport& report = analysis.report();
    Status s = WriteOutput(args->out,
                           [&](std::ostream& out) { return WriteImpactReport(report, args->format, out); });
    if (!s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    return report.any_change() ? kExitFindings : kExitClean;
  };
}

}  // namespace pitboss
