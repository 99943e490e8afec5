// pitboss check: the main job.
#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <iostream>
#include <optional>

#include "base/printable.h"
#include "cli/commands.h"
#include "cli/invocation.h"
#include "cli/jobs_option.h"
#include "cli/log.h"
#include "cli/output.h"
#include "cli/revision_option.h"
#include "dialect/dialect.h"
#include "history/line_pipeline.h"
#include "history/log_files.h"
#include "history/round_parser.h"
#include "pitboss/checker.h"
#include "report/baseline.h"
#include "report/finding_filter.h"
#include "report/findings_db.h"
#include "report/money_format.h"
#include "report/stats_writers.h"
#include "report/writers.h"
#include "stats/conformance.h"

namespace pitboss {

namespace {

constexpr char kCheckHelp[] = R"HELP(
Each round of a log names its rule set ("rules": "us-sd/casino-war") and is replayed
against the spec of that id in force on the round's date. Findings carry a code
(settle/payout, deal/burn-count...), the clause of the rule text they break, the
round, the input line, and the seat, wager and money where they apply. A finding
that would vanish under another reading of an unclear clause lists that ambiguity
in reading_dependent; --reading ID=READING checks under that reading instead.

Which reading each table deals under is inferred from its own rounds (the rounds
that tell an ambiguity's readings apart, and the readings each is consistent
with): readings_inferred in the report, and the lines after the verdict. A table
that deals an ambiguity under a reading other than the one checked is one
reading/not-checked finding, the findings that reading explains counted under it;
one that changes reading part-way, a reading/switch finding at each change.
--reading auto checks each table under the readings its rounds deal (the logs are
read twice, so not from standard input), so that what they do not explain is
still found.

Rule specs (rules/<id>.yaml) encode a rule text parameter by parameter; each
parameter cites its clause (cite) and quotes it word for word (quote), or says
why it cannot (note). A worked example, from rules/us-sd/casino-war.yaml:

  id: us-sd/casino-war            # the id rounds name in "rules"
  game: war                       # the engine that plays it
  source:
    citation: ARSD 20:18:16:15.17 # cites below are appended: ...15.17(4)(d)(i)
    texts: [sources/us-sd/casino-war.txt]
  revision: {name: "2012-04-23", effective: 2012-04-23}
  shoe:
    decks: {min: 6, max: 8, cite: "(1)",
            quote: "Casino War shall be played with six to eight decks of cards."}
  wagers:
    main:  {required: true, window: initial, cite: "(2)", quote: "..."}
    raise: {depends_on: main, window: war, equals: main, cite: "(4)(d)", quote: "..."}
  deal:
    war: {order: ascending, burns_before_seat_card: 3,
          burns_before_dealer_card: 3, cite: "(4)(d)", quote: "..."}
  payouts:                        # the player's net per unit of the wager
    war:
      win: {raise: {net: "+1", cite: "(4)(d)(i)", quote: "..."}}
  ambiguities:                    # unclear clauses, each reading executable
    - id: sd-war-win-payout
      readings:
        - {name: three-wagers, default: true, reason: "..."}
        - name: paytable-half-on-raise
          reason: "..."
          set: {payouts.war.win.raise: {net: "+1/2", cite: "(5)", quote: "..."}}

The whole format: docs/spec-format.md. --format html writes one self-contained page,
with the statistics of `pitboss stats` on the rounds checked besides (tests and plots per
rule set; they do not change the exit status).

Checking a day at a time: --context yesterday.jsonl reads yesterday's log for the shoes in
play at midnight and the round ids already seen, and reports nothing from it, so that the
day's report says what one check of both days says of the day (docs/report.md). A context
that cannot be read whole (cut off, a line not a round) is no finding and does not change the
exit status: the shoes it leaves unknown are not judged until their next shuffle, and the
report names them (context_damage; a NOTICE in the text report, a warning here).

One --out with --format writes that format, whatever the file is called. Several formats in
one run: --out may be given more than once, and each file is written in the format its
extension names (.json, .sarif, .xml junit, .md, .html, .csv, .txt text); an --out of another
extension, and standard output (no --out, or --out -), take --format. The logs are checked
once and the one report written to each:
  pitboss check --out day1.json --out day1.sarif --out day1.csv logs/day1.jsonl
With several --out, a --format that none of them takes is refused (exit 2).

A nightly run kept for the trends: --out findings.sqlite (or .db, or --format sqlite with
one --out) appends the run to an SQLite database (its provenance, inputs, specs, readings
and every finding with its money), one transaction a run, so that two jobs may append to one
database at once; `pitboss history findings.sqlite` prints the trends by day, table and code
and what is new since the run before. The schema: docs/findings-db.md.

Baselines: --baseline OLD.json (a JSON report of an earlier check) marks each finding new or
unchanged ("baseline" in JSON and CSV, baselineState in SARIF) and lists the baseline's
findings not found again as absent; a finding is the same finding when its fingerprint is
(code, the file name of its log, round, event, seat, hand, wager; docs/report.md). With
--fail-on new the exit status is 1 only when a finding is new; --fail-on any (the default)
is 1 on any finding. `pitboss compare OLD.json NEW.json` compares two reports.

Revisions: each round is judged under the revision of its rule set in force on its date.
--as-of DATE judges every round under the one in force on DATE instead, and --revision NAME
under revision NAME wherever its rule set has one: a revision that takes effect later,
checked before it does (docs/ci.md). Where a rule set's rounds were judged under another
revision than its latest, or a --revision judged none, a warning says so (and the JSON
report's revision_warnings).

Rules search path: the parts a spec includes (`include:`) are looked for in its own rules
tree, then in each --rules folder, the folders of $PITBOSS_RULES (separated by ':') and the
installed rules, in that order; the report names the file each part was read from and its
sha256. A house's spec in a folder of its own:
  pitboss check --rules house/ --rules rules/ logs/

Exit status: 0 no violations (--fail-on new: none new), 1 violations found, 2 the check
could not run as asked (bad usage, invalid spec, an unreadable baseline) or its report is
incomplete: a log that could not be read whole is a finding (input/unreadable), the rest is
checked and the report written, and the exit status is 2; so is a check that read no round
at all. A --context log that could not be read whole is not: see above.)HELP";

}  // namespace

std::function<int()> SetUpCheck(CLI::App* sub) {
  struct Args {
    std::vector<std::string> rules;
    std::vector<std::string> readings;
    std::string format = "text";
    std::vector<std::string> outs;
    std::string baseline;
    std::string fail_on = "any";
    std::vector<std::string> logs;
    std::vector<std::string> context;
    std::string currency;
    std::string dialect;
    int jobs = DefaultJobs();
    uint64_t round_id_memory = CheckOptions().round_id_memory;
    bool progress = isatty(STDERR_FILENO);
    bool quiet = false;
    int64_t max_findings = -1;
    std::string sort = "code";
    FindingFilterOptions filter;
    RevisionOptions revision;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("--rules", args->rules,
                  "a rule spec file or a folder of specs (repeatable; default: the project's rules/)")
      ->type_name("PATH")
      ->allow_extra_args(false);
  AddRevisionOptions(
      sub, &args->revision,
      "judge every round under the revision of its rule set in force on DATE (yyyy-mm-dd), not "
      "on the round's own date: a revision that takes effect later, as if in force",
      "judge the rounds of a rule set that has revision NAME (revision.name) under it, whatever "
      "their date (repeatable)");
  sub->add_option("--reading", args->readings,
                  "check under that reading of an unclear clause (repeatable); auto: each table under "
                  "the readings its rounds deal")
      ->type_name("AMBIGUITY=READING|auto")
      ->allow_extra_args(false);
  CLI::Option* format_option = AddReportOutputOptions(sub, &args->format, &args->outs);
  sub->add_option("--baseline", args->baseline,
                  "a JSON report of an earlier check: mark each finding new or unchanged, and list the "
                  "baseline's findings not found again as absent")
      ->type_name("OLD.json");
  sub->add_option("--fail-on", args->fail_on,
                  "exit 1 on any finding (any), or only on findings new since --baseline (new)")
      ->type_name("any|new")
      ->capture_default_str();
  sub->add_option("--context", args->context,
                  "a log read before the others for its tables' shoes and round ids only, reporting "
                  "nothing from it: the day before, when checking a day (repeatable)")
      ->type_name("LOG")
      ->allow_extra_args(false);
  sub->add_option("--currency", args->currency,
                  "the ISO 4217 code of the money of rounds that name no currency (USD, EUR...)")
      ->type_name("CODE");
  sub->add_option("--dialect", args->dialect,
                  "the logs are in an operator's own format, read through this dialect: its id "
                  "(tgms/casino-war-csv) or file (docs/dialects.md)")
      ->type_name("DIALECT");
  AddJobsOption(sub, &args->jobs,
                "threads that parse and replay rounds (default: the machine's cores); the report is "
                "the same whatever the number");
  sub->add_option("--round-id-memory", args->round_id_memory,
                  "memory for the round ids seen (to find a round logged twice) before they spill to a "
                  "temporary file in $TMPDIR: 64MiB, 1GB, or bytes (default 16MiB); the findings are the "
                  "same whatever it is")
      ->type_name("SIZE")
      ->transform(CLI::AsSizeValue(false));
  sub->add_flag("--progress,!--no-progress", args->progress,
                "a progress line on standard error (default: when it is a terminal)");
  sub->add_flag("--quiet,-q", args->quiet,
                "nothing on standard error but errors: no progress, and no verdict line when the report "
                "goes to a file");
  sub->add_option("--max-findings", args->max_findings,
                  "list at most N findings in the text report, the rest counted (every other format "
                  "lists them all); 0 lists none")
      ->type_name("N")
      ->check(CLI::NonNegativeNumber);
  sub->add_option("--sort", args->sort,
                  "the order the text report lists findings in: code (grouped by code, most frequent "
                  "first, then table; the default) or money (the money each moved, largest first; ties "
                  "by code and table); every other format lists them in the order found")
      ->type_name("code|money");
  sub->add_option("--code", args->filter.codes,
                  "report only findings of this code (settle/payout) or family (settle, settle/*) "
                  "(repeatable)")
      ->type_name("CODE")
      ->allow_extra_args(false)
      ->group("Filters (the report names them, and counts what they leave out)");
  sub->add_option("--table", args->filter.tables, "report only findings of this table (repeatable)")
      ->type_name("TABLE")
      ->allow_extra_args(false)
      ->group("Filters (the report names them, and counts what they leave out)");
  sub->add_option("--min-severity", args->filter.min_severity,
                  "report only findings this serious or more; most serious first: error, critical, "
                  "major, minor")
      ->type_name("SEVERITY")
      ->group("Filters (the report names them, and counts what they leave out)");
  sub->add_option("--since", args->filter.since,
                  "report only findings of rounds at or after this date (2026-01-05, the round's date "
                  "as logged) or RFC 3339 time")
      ->type_name("WHEN")
      ->group("Filters (the report names them, and counts what they leave out)");
  sub->add_option("--until", args->filter.until,
                  "report only findings of rounds at or before this date (the whole day) or time")
      ->type_name("WHEN")
      ->group("Filters (the report names them, and counts what they leave out)");
  sub->add_option("LOG", args->logs,
                  "hand-history logs: files (.jsonl, .gz, .zst), folders, or - for standard input")
      ->type_name("LOG")
      ->required();
  sub->footer(kCheckHelp);

  return [args, format_option]() -> int {
    CheckOptions options;
    options.rules = args->rules;
    if (!ParseAsOf(args->revision.as_of, &options.as_of)) return kExitUsage;
    options.revisions = args->revision.revisions;
    options.jobs = CapJobs(args->jobs);
    options.round_id_memory = static_cast<size_t>(args->round_id_memory);
    std::unique_ptr<Dialect> dialect;
    if (!args->dialect.empty()) {
      auto found = FindDialect(args->dialect);
      if (!found.ok()) {
        PrintError(found.status().message());
        return kExitUsage;
      }
      dialect = std::move(found).value();
      options.dialect = dialect.get();
    }
    // --reading auto: each table under the readings its own rounds deal, inferred first.
    const bool infer = std::erase(args->readings, "auto") > 0;
    if (!ParseReadingOptions(args->readings, &options.readings)) return kExitUsage;
    if (infer && (std::count(args->logs.begin(), args->logs.end(), "-") > 0 ||
                  std::count(args->context.begin(), args->context.end(), "-") > 0)) {
      PrintError(
          "--reading auto reads the logs twice (once to infer the readings each table deals, "
          "once to check under them): give files or folders, not - (standard input)");
      return kExitUsage;
    }
    if (args->fail_on != "any" && args->fail_on != "new") {
      PrintError("--fail-on takes any or new, not '" + args->fail_on + "'");
      return kExitUsage;
    }
    const std::optional<FindingOrder> order = ParseFindingOrder(args->sort);
    if (!order) {
      PrintError("--sort takes code or money, not '" + args->sort + "'");
      return kExitUsage;
    }
    if (args->fail_on == "new" && args->baseline.empty()) {
      LogWarning("--fail-on new without --baseline: every finding is new");
    }
    auto outputs = PlanOutputs(args->outs, args->format, format_option->count() > 0, ReportFormats());
    if (!outputs.ok()) {
      PrintError(outputs.status().message());
      return kExitUsage;
    }
    if (!args->currency.empty() && !IsCurrencyCode(args->currency)) {
      PrintError("--currency takes an ISO 4217 code of three capital letters (USD, EUR...), not '" +
                 args->currency + "'");
      return kExitUsage;
    }
    options.currency = args->currency;
    // A dialect's amounts are in the currency it declares: the rounds' money, where --currency
    // does not say otherwise.
    if (options.currency.empty() && dialect) options.currency = dialect->currency;
    auto filter = FindingFilter::Make(args->filter);
    if (!filter.ok()) {
      PrintError(filter.status().message());
      return kExitUsage;
    }
    // The baseline is read before any log, so that one that cannot be read costs no check.
    std::optional<ShardReport> baseline;
    std::vector<std::string> other_inputs;
    if (!args->baseline.empty()) {
      auto read = ReadReportFile(args->baseline);
      if (!read.ok()) {
        PrintError("--baseline " + read.status().message());
        return kExitUsage;
      }
      baseline = std::move(read).value();
      other_inputs.push_back(args->baseline);
    }
    // The html page carries the statistics of the rounds checked too (`pitboss stats`).
    const bool html = std::any_of(outputs->begin(), outputs->end(),
                                  [](const ReportOutput& o) { return o.format == "html"; });
    if (infer) {
      // The first reading: what each table's rounds say, under the readings asked for.
      auto inferred = CheckLogs(options, args->logs, OutputPaths(*outputs), args->progress && !args->quiet,
                                args->context, other_inputs);
      if (!inferred.ok()) {
        PrintError(inferred.status().message());
        return kExitUsage;
      }
      options.table_readings = ReadingsDealt(inferred.value());
      std::map<std::map<std::string, std::string>, std::string> tables;  // the readings -> their tables
      for (const auto& [table, readings] : options.table_readings) tables[readings] += " " + table;
      for (const auto& [readings, names] : tables) {
        std::string words;
        for (const auto& [id, name] : readings) words += " " + id + "=" + name;
        LogInfo("--reading auto: checking table(s)" + names + " under" + words);
      }
    }
    StatsCollector collector;
    if (html) {
      options.on_round = [&collector](const Round& round, const RuleSpec& spec) {
        collector.Add(round, spec);
      };
    }
    auto checked = CheckLogs(std::move(options), args->logs, OutputPaths(*outputs),
                             args->progress && !args->quiet, args->context, other_inputs);
    if (!checked.ok()) {
      PrintError(checked.status().message());
      return kExitUsage;
    }
    Report& report = checked.value();
    // Said once, of the check reported (--reading auto reads the logs twice).
    for (const ContextDamage& damage : report.context_damage) LogWarning(ContextDamageText(damage));
    for (const std::string& w : report.revision_warnings) LogWarning(w);
    filter.value().Apply(&report);
    if (baseline) {
      // The baseline narrowed alike, so that what the filter leaves out is not called absent.
      filter.value().Apply(&baseline->report);
      ApplyBaseline(baseline->report, baseline->path, baseline->sha256, &report);
    }
    // A failure of the statistics is shown on the page; the check stands.
    // The page holds the statistics of so many tables (the rest are counted, and said to be).
    const StatusOr<StatsReport> stats =
        html ? collector.Finish(kHtmlTablesListed) : StatusOr<StatsReport>(StatsReport{});
    // --fail-on new: the findings the baseline had are accepted; exit 2 is never softened.
    const auto fail_on = [&](int status) {
      if (status == kExitFindings && args->fail_on == "new" && report.baseline &&
          report.baseline->new_findings == 0) {
        return kExitClean;
      }
      return status;
    };
    std::string failed;
    for (const ReportOutput& output : *outputs) {
      Status s = Status::Ok();
      if (IsDatabaseFormat(output.format)) {
        s = AppendRunToDatabase(report, output.path, fail_on(ReportExitStatus(report)),
                                FormatUtc(std::time(nullptr)));
      } else if (output.format == "html") {
        s = WriteOutput(output.path, [&](std::ostream& out) {
          WriteHtmlReport(report, stats, out);
          out.flush();
          return out ? Status::Ok() : Status::IoError("could not write the html report");
        });
      } else if (output.format == "text") {
        TextOptions text;
        text.max_findings = args->max_findings;
        text.order = *order;
        text.colour = output.path.empty() && ColourOn(STDOUT_FILENO);
        s = WriteOutput(output.path, [&](std::ostream& out) {
          WriteTextReport(report, out, text);
          out.flush();
          return out ? Status::Ok() : Status::IoError("could not write the text report");
        });
      } else {
        s = EmitReport(report, output.format, output.path);
      }
      if (!s.ok()) failed += (failed.empty() ? "" : "; ") + s.message();
    }
    if (!failed.empty()) {
      PrintError(failed);
      return kExitUsage;
    }
    // The report went to files only: the verdict, for the terminal or the CI log.
    const bool to_stdout =
        std::any_of(outputs->begin(), outputs->end(), [](const ReportOutput& o) { return o.path.empty(); });
    if (!to_stdout && !args->quiet) {
      std::cerr << VerdictLine(report) << '\n';
      if (report.baseline) std::cerr << Printable(BaselineCountsText(report)) << '\n';
    }
    return fail_on(CheckExitStatus(report));
  };
}

}  // namespace pitboss
