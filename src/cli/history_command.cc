// pitboss history: the trends of a findings database that check --out FILE.sqlite appends to.
#include <memory>
#include <string>

#include "cli/commands.h"
#include "cli/output.h"
#include "report/findings_history.h"

namespace pitboss {

namespace {

constexpr char kHistoryHelp[] = R"HELP(
Each `pitboss check --out findings.sqlite LOG...` appends its run to one SQLite database:
the run's provenance (version, command line, time, exit status), its inputs (path, size,
sha256), the specs and readings it was checked under, and every finding with every field
of the JSON report. history reads it back:

  - the totals of every run: violations, what players were underpaid and overpaid (the
    settlements' own errors) and what other faults moved, as a JSON report's summary sums
    them: the history of thirty nightly runs is the summary of their thirty reports merged
    (pitboss merge);
  - the same by day (the date of the finding's round as logged), by table and by code;
  - what is new in the latest run (--run: another one): its findings whose identity, the
    fingerprint of check --baseline (docs/report.md, "Baselines"), the run before it did
    not have. The run before is the one appended before it, whichever job appended it: keep
    one database a job where several jobs check different logs.

--since and --until keep the findings of rounds from and to a date (yyyy-mm-dd, both
included); a finding with no date (a line not read as a round) is kept, as check's --since
keeps it. The runs listed and what is new are not narrowed.

  pitboss check --out day.json --out findings.sqlite logs/2026-11-30.jsonl
  pitboss history findings.sqlite
  pitboss history --since 2026-11-01 --format json findings.sqlite
  sqlite3 findings.sqlite "SELECT day, count(*), sum(underpaid) FROM findings GROUP BY day"

The tables are plain (runs, inputs, specs, spec_readings, readings_inferred, findings...):
any SQL tool or dashboard reads them. The schema, how it evolves and example queries:
docs/findings-db.md. A database of a newer schema than this pitboss reads is refused; one
of an older schema is migrated first.

Exit status: 0 the history was written, 2 it could not be (no such database, not a
findings database, a bound that is not a date, a run that is not in it).)HELP";

}  // namespace

std::function<int()> SetUpHistory(CLI::App* sub) {
  struct Args {
    std::string database;
    std::string format = "text";
    std::string out;
    HistoryOptions options;
    int64_t run = 0;
    int64_t max_new = 50;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("--format", args->format, "text (tables to read) or json (docs/findings-db.md)")
      ->type_name("FORMAT")
      ->capture_default_str();
  sub->add_option("--out", args->out, "write the history to FILE instead of standard output")
      ->type_name("FILE");
  sub->add_option("--since", args->options.since,
                  "only findings of rounds on or after this date (yyyy-mm-dd, the round's date as logged)")
      ->type_name("DATE");
  sub->add_option("--until", args->options.until, "only findings of rounds on or before this date")
      ->type_name("DATE");
  CLI::Option* run = sub->add_option("--run", args->run,
                                     "list what is new in this run (runs.run_id) against the run before it "
                                     "(default: the latest)")
                         ->type_name("ID");
  sub->add_option("--max-new", args->max_new,
                  "list at most N new findings in the text (the rest counted; json lists them all); "
                  "-1: all")
      ->type_name("N")
      ->capture_default_str();
  sub->add_option("DATABASE", args->database, "an SQLite database check --out FILE.sqlite appended runs to")
      ->type_name("DATABASE")
      ->required();
  sub->footer(kHistoryHelp);

  return [args, run]() -> int {
    if (!FormatAvailable(args->format, {"text", "json"})) return kExitUsage;
    if (run->count() > 0) args->options.run = args->run;
    if (Status s = CheckOutputPath(args->out, {args->database}); !s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    StatusOr<History> history = ReadHistory(args->database, args->options);
    if (!history.ok()) {
      PrintError(history.status().message());
      return kExitUsage;
    }
    Status s = WriteOutput(args->out, [&](std::ostream& out) {
      if (args->format == "json") {
        WriteHistoryJson(*history, out);
      } else {
        WriteHistoryText(*history, out, args->max_new);
      }
      out.flush();
      return out ? Status::Ok() : Status::IoError("could not write the history");
    });
    if (!s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    return kExitClean;
  };
}

}  // namespace pitboss
