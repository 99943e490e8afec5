// pitboss stats: statistical conformance of logged games against the theory of their specs.
#include <unistd.h>

#include <algorithm>
#include <iostream>

#include "cli/commands.h"
#include "cli/jobs_option.h"
#include "cli/output.h"
#include "history/line_pipeline.h"
#include "history/log_files.h"
#include "pitboss/checker.h"
#include "report/finding_filter.h"
#include "report/stats_writers.h"
#include "stats/conformance.h"

namespace pitboss {

namespace {

constexpr char kStatsHelp[] = R"HELP(
Reads the logs as `pitboss check` does (the lines that are not rounds are reported, as
input/* findings) and tests, per rule set and, where it has several, per table, whether
the cards and the money look like a fair game dealt under the spec:

  rank-frequencies    chi-square of the ranks of every card drawn (dealt and burned)
                      against the shoe's composition (df 12);
  rank-pairs          chi-square of the (first seat, dealer) ranks of the first cards
                      against their exact probabilities (df up to 168), only where the
                      rules reshuffle every round;
  runs                Wald-Wolfowitz runs test of "the first seat wins on the first
                      cards", round after round at each table;
  serial-correlation  lag-1 autocorrelation of the first seat's first-card outcome;
  return:WAGER        observed return (money paid over money wagered) against the
                      theoretical return of the spec under the tie choices the players
                      made, with its 99% interval from the theoretical variance and the
                      covariance of seats sharing the dealer's cards (`pitboss rtp`).

Each test states its statistic, degrees of freedom, sample and p-value, and is judged at
the 99% confidence level of gaming standards (25 CFR 547.14, GLI-11): alone, and across
all the tests of the report by Holm's step-down procedure, so that a fair game fails the
report with 1% chance however many tables it has. The family verdict sets the exit status.

  --rules PATH     spec files or folders, as for `pitboss check`
  --reading A=R    the theory under reading R of ambiguity A (repeatable)
  --format F       text (default), json or html (one self-contained page with plots)
  --out FILE       write the report to FILE instead of standard output
  --progress       a progress line on standard error (default: when it is a terminal)

Exit status: 0 every test passes and every line is a round, 1 a test fails or a line is
not a round, 2 could not run.)HELP";

}  // namespace

std::function<int()> SetUpStats(CLI::App* sub) {
  struct Args {
    std::vector<std::string> rules, readings, logs;
    std::string format = "text", out;
    int jobs = DefaultJobs();
    bool progress = isatty(STDERR_FILENO) != 0;
    FindingFilterOptions filter;  // --table, --since, --until: the rounds counted
  };
  auto args = std::make_shared<Args>();
  sub->add_option("--rules", args->rules, "spec files or folders (default: the project's rules/)")
      ->type_name("PATH");
  sub->add_option("--reading", args->readings, "the theory under that reading (repeatable)")
      ->type_name("AMBIGUITY=READING");
  sub->add_option("--format", args->format, "text, json or html")->type_name("FORMAT")->capture_default_str();
  sub->add_option("--out", args->out, "write the report to FILE instead of standard output")
      ->type_name("FILE");
  AddJobsOption(sub, &args->jobs,
                "threads that parse and replay rounds (default: the machine's cores); the report is "
                "the same whatever the number");
  sub->add_flag("--progress,!--no-progress", args->progress,
                "a progress line on standard error (default: when it is a terminal)");
  sub->add_option("--table", args->filter.tables, "count only the rounds of this table (repeatable)")
      ->type_name("TABLE")
      ->allow_extra_args(false)
      ->group("Filters (the report names them)");
  sub->add_option("--since", args->filter.since,
                  "count only rounds at or after this date (2026-01-05, the round's date as logged) or RFC "
                  "3339 time")
      ->type_name("WHEN")
      ->group("Filters (the report names them)");
  sub->add_option("--until", args->filter.until,
                  "count only rounds at or before this date (the whole day) or time")
      ->type_name("WHEN")
      ->group("Filters (the report names them)");
  sub->add_option("LOG", args->logs,
                  "hand-history logs: files (.jsonl, .gz, .zst), folders, or - for standard input")
      ->type_name("LOG")
      ->required();
  sub->footer(kStatsHelp);
  return [args]() -> int {
    CheckOptions options;
    options.rules = args->rules;
    options.jobs = CapJobs(args->jobs);
    if (!ParseReadingOptions(args->readings, &options.readings)) return kExitUsage;
    if (!FormatAvailable(args->format, StatsFormats())) return kExitUsage;
    auto filter = FindingFilter::Make(args->filter);
    if (!filter.ok()) {
      PrintError(filter.status().message());
      return kExitUsage;
    }
    StatsCollector collector;
    options.on_round = [&collector, &filter](const Round& round, const RuleSpec& spec) {
      if (filter.value().MatchesRound(round.table, round.time)) collector.Add(round, spec);
    };
    auto checked =
        CheckLogs(std::move(options), args->logs, std::vector<std::string>{args->out}, args->progress);
    if (!checked.ok()) {
      PrintError(checked.status().message());
      return kExitUsage;
    }
    StatsDocument doc;
    doc.check = std::move(checked.value());
    filter.value().Apply(&doc.check);  // the input findings of the rounds counted, and the filter named
    std::vector<Finding> kept;
    for (Finding& f : doc.check.violations) {
      if (Info(f.code).id.starts_with("input/")) {
        kept.push_back(std::move(f));
      } else {
        ++doc.other_violations;
      }
    }
    doc.check.violations = std::move(kept);
    auto stats = collector.Finish();
    if (!stats.ok()) {
      PrintError(stats.status().message());
      return kExitUsage;
    }
    doc.stats = std::move(*stats);
    Status s =
        WriteOutput(args->out, [&](std::ostream& out) { return WriteStatsReport(doc, args->format, out); });
    if (!s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    if (!doc.check.complete) return CheckExitStatus(doc.check);
    return doc.stats.failed() == 0 && doc.check.violations.empty() ? kExitClean : kExitFindings;
  };
}

}  // namespace pitboss
