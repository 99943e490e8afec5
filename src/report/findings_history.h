// pitboss history: the trends of a findings database (findings_db.h) by day, table and code,
// counts and money, and what the latest run found that the run before it did not. The sums are
// those of the JSON report's summary (TotalMoney): a history of thirty runs gives the counts
// and money of the thirty reports merged.
#ifndef PITBOSS_REPORT_FINDINGS_HISTORY_H_
#define PITBOSS_REPORT_FINDINGS_HISTORY_H_

#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "pitboss/report.h"
#include "pitboss/status.h"

namespace pitboss {

struct HistoryOptions {
  // Findings of rounds on or after `since`, on or before `until` (yyyy-mm-dd, the round's date
  // as logged; "" for no bound). A finding with no date (a line not read as a round) is kept,
  // as check's --since keeps it: it cannot be placed in time.
  std::string since;
  std::string until;
  // The run whose new findings are listed (runs.run_id); nullopt: the latest.
  std::optional<int64_t> run;
};

// The findings of a group (a day, a table, a code, all) and their money, as the JSON report's
// summary sums them.
struct HistoryTotals {
  int64_t violations = 0;
  MoneyTotal money;  // summary.money
  MoneyMovedTotal moved;
  std::set<std::string> currencies;  // of the findings summary.money counts
  std::set<std::string> moved_currencies;
  // The currency of money and moved: the findings' one, "" where none is named or they differ.
  std::string Currency() const;
  std::string MovedCurrency() const;
};

struct HistoryRun {
  int64_t id = 0;
  std::string version;
  std::string analysis_time;
  std::string recorded_time;
  int64_t exit_status = 0;
  bool complete = true;
  int64_t rounds = 0;
  int64_t violations = 0;
};

// A finding of the run listed as new.
struct HistoryFinding {
  std::string fingerprint;
  std::string code;
  std::string severity;
  std::string table;
  std::string round;
  std::string input;
  int64_t line = 0;
  std::string time;
  std::string message;
  std::optional<Money> underpaid;
  std::optional<Money> overpaid;
  std::optional<Money> money_moved;
  std::string currency;
};

struct History {
  std::string path;
  int64_t schema_version = 0;
  HistoryOptions options;
  std::vector<HistoryRun> runs;  // every run, oldest first
  HistoryTotals total;
  // By the round's date (ascending), by table (by name; "" for a finding of no table), by code
  // (most findings first, ties by id).
  std::vector<std::pair<std::string, HistoryTotals>> by_day;
  std::vector<std::pair<std::string, HistoryTotals>> by_table;
  std::vector<std::pair<std::string, HistoryTotals>> by_code;
  std::map<std::string, std::string> severity;  // code -> severity
  // The run compared and the one before it (nullopt for the first run, whose every finding
  // is new); both nullopt for a database with no run.
  std::optional<int64_t> run;
  std::optional<int64_t> previous_run;
  std::vector<HistoryFinding> new_findings;  // in the run's order; the --since bounds do not apply
};

// Reads the database at `path`. InvalidArgument for a bound that is not yyyy-mm-dd or a run
// that is not in the database; IoError naming the file when it is not a findings database.
StatusOr<History> ReadHistory(const std::string& path, const HistoryOptions& options);

// The history in words, tables aligned; at most `max_new` new findings listed (-1: all).
void WriteHistoryText(const History& history, std::ostream& out, int64_t max_new = -1);
// The history as JSON (docs/findings-db.md, "pitboss history").
void WriteHistoryJson(const History& history, std::ostream& out);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_FINDINGS_HISTORY_H_
