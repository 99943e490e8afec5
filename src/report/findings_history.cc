#include "report/findings_history.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <map>
#include <tuple>
#include <utility>

#include "base/json.h"
#include "base/printable.h"
#include "report/findings_db.h"
#include "report/money_format.h"
#include "report/writers.h"

namespace pitboss {
namespace {

bool IsDate(const std::string& text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
  for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (std::isdigit(static_cast<unsigned char>(text[i])) == 0) return false;
  }
  return true;
}

// One finding's part in the sums, as TotalMoney takes it (report.cc).
struct Row {
  std::string day, table, code, severity, currency;
  bool settlement_money = false;
  std::optional<Money> underpaid, overpaid, money_moved;
};

void Add(HistoryTotals* t, const Row& row) {
  ++t->violations;
  if (row.money_moved) {
    t->moved.Add(*row.money_moved);
    t->moved_currencies.insert(row.currency);
  }
  if (!row.settlement_money) return;
  t->currencies.insert(row.currency);
  if (row.overpaid && row.underpaid) {
    t->money.Add(*row.overpaid > 0 ? *row.overpaid : -*row.underpaid);  // underpaid >= 0, fits
  } else {
    ++t->money.findings;  // an amount past 64 bits: the total is too large, as the report says
    t->money.overflow = true;
  }
}

std::vector<std::pair<std::string, HistoryTotals>> Sorted(std::map<std::string, HistoryTotals> groups) {
  return {std::make_move_iterator(groups.begin()), std::make_move_iterator(groups.end())};
}

}  // namespace

std::string HistoryTotals::Currency() const { return currencies.size() == 1 ? *currencies.begin() : ""; }
std::string HistoryTotals::MovedCurrency() const {
  return moved_currencies.size() == 1 ? *moved_currencies.begin() : "";
}

StatusOr<History> ReadHistory(const std::string& path, const HistoryOptions& options) {
  for (const auto& [name, value] : {std::pair{"--since", &options.since}, {"--until", &options.until}}) {
    if (!value->empty() && !IsDate(*value)) {
      return Status::InvalidArgument(std::string(name) + " takes a date, yyyy-mm-dd (2026-01-05), not '" +
                                     Printable(*value) + "'");
    }
  }
  auto db = OpenFindingsDatabase(path);
  if (!db.ok()) return db.status();
  // One snapshot for every read below: a run a nightly writer commits meanwhile is in the
  // history whole (its run and its findings) or not at all.
  SqliteTransaction snapshot(&db.value());
  if (Status s = snapshot.BeginRead(); !s.ok()) return s;
  History history;
  history.path = path;
  history.options = options;
  auto version = db->QueryInt("PRAGMA user_version");
  if (!version.ok()) return version.status();
  history.schema_version = *version;

  auto runs = db->Prepare(
      "SELECT run_id, version, analysis_time, recorded_time, exit_status, complete, rounds, violations "
      "FROM runs ORDER BY run_id");
  if (!runs.ok()) return runs.status();
  for (;;) {
    auto row = runs->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    history.runs.push_back({runs->Int(0), runs->Text(1), runs->Text(2), runs->Text(3), runs->Int(4),
                            runs->Int(5) != 0, runs->Int(6), runs->Int(7)});
  }

  auto findings = db->Prepare(
      "SELECT day, table_name, code, severity, currency, settlement_money, underpaid, overpaid, money_moved "
      "FROM findings WHERE (?1 IS NULL OR day IS NULL OR day >= ?1) AND (?2 IS NULL OR day IS NULL OR day <= "
      "?2) "
      "ORDER BY run_id, position");
  if (!findings.ok()) return findings.status();
  findings->BindTextOrNull(1, options.since);
  findings->BindTextOrNull(2, options.until);
  std::map<std::string, HistoryTotals> by_day, by_table, by_code;
  for (;;) {
    auto step = findings->Step();
    if (!step.ok()) return step.status();
    if (!*step) break;
    Row row{findings->Text(0),        findings->Text(1),        findings->Text(2),
            findings->Text(3),        findings->Text(4),        findings->Int(5) != 0,
            findings->OptionalInt(6), findings->OptionalInt(7), findings->OptionalInt(8)};
    Add(&history.total, row);
    Add(&by_day[row.day], row);
    Add(&by_table[row.table], row);
    Add(&by_code[row.code], row);
    history.severity[row.code] = row.severity;
  }
  history.by_day = Sorted(std::move(by_day));
  history.by_table = Sorted(std::move(by_table));
  history.by_code = Sorted(std::move(by_code));
  std::stable_sort(history.by_code.begin(), history.by_code.end(),
                   [](const auto& a, const auto& b) { return a.second.violations > b.second.violations; });

  if (history.runs.empty()) {
    if (options.run)
      return Status::InvalidArgument("--run " + std::to_string(*options.run) + ": " + path + " holds no run");
    return history;
  }
  const int64_t run = options.run.value_or(history.runs.back().id);
  const auto found = std::find_if(history.runs.begin(), history.runs.end(),
                                  [run](const HistoryRun& r) { return r.id == run; });
  if (found == history.runs.end()) {
    return Status::InvalidArgument("--run " + std::to_string(run) + ": no such run in " + path + " (runs " +
                                   std::to_string(history.runs.front().id) + " to " +
                                   std::to_string(history.runs.back().id) + ")");
  }
  history.run = run;
  if (found != history.runs.begin()) history.previous_run = std::prev(found)->id;
  // A finding whose identity (its fingerprint, report/baseline.h) the run before did not have.
  auto fresh = db->Prepare(
      "SELECT fingerprint, code, severity, table_name, round, input, line, time, message, underpaid, "
      "overpaid, money_moved, currency FROM findings AS f WHERE f.run_id = ?1 AND NOT EXISTS "
      "(SELECT 1 FROM findings AS p WHERE p.run_id = ?2 AND p.fingerprint = f.fingerprint) "
      "ORDER BY f.position");
  if (!fresh.ok()) return fresh.status();
  fresh->Bind(1, run);
  fresh->Bind(2, history.previous_run.value_or(-1));
  for (;;) {
    auto step = fresh->Step();
    if (!step.ok()) return step.status();
    if (!*step) break;
    history.new_findings.push_back({fresh->Text(0), fresh->Text(1), fresh->Text(2), fresh->Text(3),
                                    fresh->Text(4), fresh->Text(5), fresh->Int(6), fresh->Text(7),
                                    fresh->Text(8), fresh->OptionalInt(9), fresh->OptionalInt(10),
                                    fresh->OptionalInt(11), fresh->Text(12)});
  }
  return history;
}

namespace {

void WriteTotalsJson(JsonWriter& json, const HistoryTotals& t) {
  json.Key("violations").Int(t.violations);
  json.Key("money").BeginObject();
  json.Key("currency");
  if (t.Currency().empty()) {
    json.Null();
  } else {
    json.String(t.Currency());
  }
  if (t.currencies.size() > 1) json.Key("mixed_currencies").Bool(true);
  json.Key("underpaid").Int(t.money.underpaid);
  json.Key("overpaid").Int(t.money.overpaid);
  json.Key("findings").Int(t.money.findings);
  if (t.money.overflow) json.Key("overflow").Bool(true);
  json.EndObject();
  MoneyMovedTotal moved = t.moved;
  moved.currency = t.MovedCurrency();
  moved.mixed_currencies = t.moved_currencies.size() > 1;
  json.Key("money_moved");
  WriteMoneyMovedJson(json, moved);
}

}  // namespace

void WriteHistoryJson(const History& history, std::ostream& out) {
  JsonWriter json(out);
  json.BeginObject();
  json.Key("tool").String("pitboss");
  json.Key("version").String(PITBOSS_VERSION);
  json.Key("database").String(history.path);
  json.Key("schema_version").Int(history.schema_version);
  json.Key("since");
  WriteStringOrNull(json, history.options.since);
  json.Key("until");
  WriteStringOrNull(json, history.options.until);
  int64_t rounds = 0;
  json.Key("runs").BeginArray();
  for (const HistoryRun& run : history.runs) {
    rounds += run.rounds;
    json.BeginObject();
    json.Key("run_id").Int(run.id);
    json.Key("version").String(run.version);
    json.Key("analysis_time");
    WriteStringOrNull(json, run.analysis_time);
    json.Key("recorded_time").String(run.recorded_time);
    json.Key("exit_status").Int(run.exit_status);
    json.Key("complete").Bool(run.complete);
    json.Key("rounds").Int(run.rounds);
    json.Key("violations").Int(run.violations);
    json.EndObject();
  }
  json.EndArray();
  json.Key("totals").BeginObject();
  json.Key("runs").Int(static_cast<int64_t>(history.runs.size()));
  json.Key("rounds").Int(rounds);
  WriteTotalsJson(json, history.total);
  json.EndObject();
  for (const auto& [key, name, groups] : {std::tuple{"by_day", "day", &history.by_day},
                                          {"by_table", "table", &history.by_table},
                                          {"by_code", "code", &history.by_code}}) {
    json.Key(key).BeginArray();
    for (const auto& [group, totals] : *groups) {
      json.BeginObject();
      json.Key(name);
      WriteStringOrNull(json, group);
      if (std::string_view(name) == "code") json.Key("severity").String(history.severity.at(group));
      WriteTotalsJson(json, totals);
      json.EndObject();
    }
    json.EndArray();
  }
  json.Key("new").BeginObject();
  json.Key("run_id");
  if (history.run) {
    json.Int(*history.run);
  } else {
    json.Null();
  }
  json.Key("previous_run_id");
  if (history.previous_run) {
    json.Int(*history.previous_run);
  } else {
    json.Null();
  }
  json.Key("violations").BeginArray();
  for (const HistoryFinding& f : history.new_findings) {
    json.BeginObject();
    json.Key("fingerprint").String(f.fingerprint);
    json.Key("code").String(f.code);
    json.Key("severity").String(f.severity);
    json.Key("table");
    WriteStringOrNull(json, f.table);
    json.Key("round");
    WriteStringOrNull(json, f.round);
    json.Key("input").String(f.input);
    json.Key("line").Int(f.line);
    if (!f.time.empty()) json.Key("time").String(f.time);
    if (f.underpaid && *f.underpaid > 0) json.Key("underpaid").Int(*f.underpaid);
    if (f.overpaid && *f.overpaid > 0) json.Key("overpaid").Int(*f.overpaid);
    if (f.money_moved) json.Key("money_moved").Int(*f.money_moved);
    if (!f.currency.empty()) json.Key("currency").String(f.currency);
    json.Key("message").String(f.message);
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
  json.EndObject();
  out.put('\n');
}

namespace {

// Rows of cells, each column padded to its widest cell; the first row is the heading. The
// first `names` columns are names (aligned left), the others figures (aligned right).
void WriteTable(std::ostream& out, const std::vector<std::vector<std::string>>& rows, size_t names = 1) {
  std::vector<size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()));
    for (size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
  }
  for (const auto& row : rows) {
    std::string line = " ";
    for (size_t i = 0; i < row.size(); ++i) {
      line += ' ';
      const bool figure = i >= names;
      const std::string pad(widths[i] - row[i].size(), ' ');
      line += figure ? pad + row[i] : row[i] + (i + 1 < row.size() ? pad : "");
    }
    out << line << '\n';
  }
}

std::vector<std::string> TotalsCells(const HistoryTotals& t) {
  return {FormatCount(t.violations), FormatTotal(t.money.underpaid, t.money.overflow, t.Currency()),
          FormatTotal(t.money.overpaid, t.money.overflow, t.Currency()),
          t.moved.findings > 0 ? MoneyMovedTotalText(t.moved, t.MovedCurrency()) : "-"};
}

void WriteGroups(std::ostream& out, const std::string& title, const std::string& column,
                 const std::vector<std::pair<std::string, HistoryTotals>>& groups, const std::string& none) {
  out << '\n' << title << '\n';
  if (groups.empty()) {
    out << "  (no violations)\n";
    return;
  }
  std::vector<std::vector<std::string>> rows = {
      {column, "VIOLATIONS", "UNDERPAID", "OVERPAID", "OTHER FAULTS MOVED"}};
  for (const auto& [key, totals] : groups) {
    std::vector<std::string> row = {key.empty() ? none : Printable(key)};
    for (std::string& cell : TotalsCells(totals)) row.push_back(std::move(cell));
    rows.push_back(std::move(row));
  }
  WriteTable(out, rows);
}

}  // namespace

void WriteHistoryText(const History& history, std::ostream& out, int64_t max_new) {
  int64_t rounds = 0;
  for (const HistoryRun& run : history.runs) rounds += run.rounds;
  out << "pitboss history " << Printable(history.path) << " (schema " << history.schema_version
      << "): " << FormatCount(static_cast<int64_t>(history.runs.size()))
      << (history.runs.size() == 1 ? " run" : " runs");
  if (!history.runs.empty()) {
    out << ", " << Printable(history.runs.front().analysis_time) << " to "
        << Printable(history.runs.back().analysis_time) << ", " << FormatCount(rounds) << " rounds checked";
  }
  out << '\n';
  if (!history.options.since.empty() || !history.options.until.empty()) {
    out << "Findings of rounds from " << (history.options.since.empty() ? "the first" : history.options.since)
        << " to " << (history.options.until.empty() ? "the last" : history.options.until) << " only\n";
  }
  const HistoryTotals& t = history.total;
  out << "Violations: " << FormatCount(t.violations) << "; players underpaid "
      << FormatTotal(t.money.underpaid, t.money.overflow, t.Currency()) << ", overpaid "
      << FormatTotal(t.money.overpaid, t.money.overflow, t.Currency()) << " ("
      << FormatCount(t.money.findings) << " settlement findings)";
  if (t.moved.findings > 0) out << "; other faults moved " << MoneyMovedTotalText(t.moved, t.MovedCurrency());
  out << '\n';
  if (t.currencies.size() > 1 || t.moved_currencies.size() > 1) {
    out << "(the findings are in several currencies: the sums add their minor units)\n";
  }
  // The last runs, newest last: the nightly trend at a glance.
  constexpr size_t kRunsListed = 10;
  if (!history.runs.empty()) {
    const size_t first = history.runs.size() > kRunsListed ? history.runs.size() - kRunsListed : 0;
    out << '\n'
        << (first > 0 ? "The last " + std::to_string(kRunsListed) + " runs (--format json lists all)"
                      : "Runs")
        << '\n';
    std::vector<std::vector<std::string>> rows = {{"RUN", "ANALYSIS TIME", "EXIT", "ROUNDS", "VIOLATIONS"}};
    for (size_t i = first; i < history.runs.size(); ++i) {
      const HistoryRun& run = history.runs[i];
      rows.push_back({std::to_string(run.id), Printable(run.analysis_time),
                      std::to_string(run.exit_status) + (run.complete ? "" : " (incomplete)"),
                      FormatCount(run.rounds), FormatCount(run.violations)});
    }
    WriteTable(out, rows, 2);
  }
  WriteGroups(out, "By day (the round's date as logged)", "DAY", history.by_day, "(no date)");
  WriteGroups(out, "By table", "TABLE", history.by_table, "(no table)");
  std::vector<std::pair<std::string, HistoryTotals>> codes;
  for (const auto& [code, totals] : history.by_code)
    codes.emplace_back(code + " (" + history.severity.at(code) + ")", totals);
  WriteGroups(out, "By code", "CODE", codes, "");

  out << '\n';
  if (!history.run) {
    out << "No run yet: check --out " << Printable(history.path) << " appends one.\n";
    return;
  }
  out << "New in run " << *history.run;
  if (history.previous_run) {
    out << " since run " << *history.previous_run;
  } else {
    out << " (the first run: every finding is new)";
  }
  out << ": " << FormatCount(static_cast<int64_t>(history.new_findings.size()))
      << (history.new_findings.size() == 1 ? " violation" : " violations") << '\n';
  int64_t listed = 0;
  for (const HistoryFinding& f : history.new_findings) {
    if (max_new >= 0 && listed == max_new) {
      out << "  ... and " << FormatCount(static_cast<int64_t>(history.new_findings.size()) - listed)
          << " more (--max-new, or --format json for all)\n";
      break;
    }
    ++listed;
    out << "  " << Printable(f.input) << ':' << f.line << ": " << f.severity << ": " << Printable(f.message)
        << " [" << f.code << "]";
    if (f.underpaid && *f.underpaid > 0) out << " underpaid " << FormatMoney(*f.underpaid, f.currency);
    if (f.overpaid && *f.overpaid > 0) out << " overpaid " << FormatMoney(*f.overpaid, f.currency);
    out << '\n';
  }
}

}  // namespace pitboss
