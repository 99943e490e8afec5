#include "report/findings_db.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "report/findings_history.h"
#include "report/test_reports.h"

namespace pitboss {
namespace {

namespace fs = std::filesystem;
using test_reports::EvidenceReport;
using test_reports::ListedConsequencesFinding;
using test_reports::MoneyMovedFinding;

class FindingsDbTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (fs::path(::testing::TempDir()) / "findings_db_XXXXXX").string();
    ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
    db_ = dir_ + "/findings.sqlite";
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The rows of `sql`, each column as text ("NULL" for NULL).
  std::vector<std::vector<std::string>> Rows(const std::string& sql) {
    auto db = SqliteDb::Open(db_, false, 1000);
    EXPECT_TRUE(db.ok()) << db.status().message();
    auto stmt = db->Prepare(sql);
    EXPECT_TRUE(stmt.ok()) << stmt.status().message();
    std::vector<std::vector<std::string>> rows;
    for (;;) {
      auto row = stmt->Step();
      EXPECT_TRUE(row.ok()) << row.status().message();
      if (!row.ok() || !*row) break;
      std::vector<std::string> cells;
      for (int i = 0; i < stmt->ColumnCount(); ++i) {
        cells.push_back(stmt->IsNull(i) ? "NULL" : stmt->Text(i));
      }
      rows.push_back(std::move(cells));
    }
    return rows;
  }

  Status Append(const Report& report, int exit_status = 1) {
    return AppendRunToDatabase(report, db_, exit_status, "2026-11-26T02:00:00Z");
  }

  std::string dir_;
  std::string db_;
};

TEST_F(FindingsDbTest, ANewFileGetsTheSchemaAndItsVersion) {
  ASSERT_TRUE(Append(EvidenceReport()).ok()) << Append(EvidenceReport()).message();
  EXPECT_EQ(Rows("PRAGMA user_version"), (std::vector<std::vector<std::string>>{{"1"}}));
  EXPECT_EQ(Rows("SELECT value FROM meta WHERE key = 'schema_version'"),
            (std::vector<std::vector<std::string>>{{"1"}}));
  EXPECT_EQ(Rows("PRAGMA journal_mode"), (std::vector<std::vector<std::string>>{{"wal"}}));
  std::vector<std::vector<std::string>> tables =
      Rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
  std::vector<std::string> names;
  for (const auto& row : tables) names.push_back(row[0]);
  EXPECT_EQ(names,
            (std::vector<std::string>{"findings", "inputs", "meta", "not_checked", "reading_impacts",
                                      "readings_inferred", "runs", "skipped", "spec_readings", "specs"}));
}

TEST_F(FindingsDbTest, TheRunItsInputsAndSpecsAreKept) {
  int64_t id = 0;
  ASSERT_TRUE(AppendRunToDatabase(EvidenceReport(), db_, 2, "2026-11-26T02:00:00Z", &id).ok());
  EXPECT_EQ(id, 1);
  EXPECT_EQ(Rows("SELECT tool, version, analysis_time, recorded_time, command_line, exit_status, complete, "
                 "currency, rounds, rounds_with_violations, violations FROM runs"),
            (std::vector<std::vector<std::string>>{
                {"pitboss", "0.1.0", "2026-11-25T08:30:00Z", "2026-11-26T02:00:00Z",
                 R"(["pitboss","check","--currency","USD","logs/","my logs/x.jsonl"])", "2", "0", "USD",
                 "1238", "3", "3"}}));
  EXPECT_EQ(Rows("SELECT position, path, lines, rounds, malformed_lines, blank_lines, bytes, sha256, error, "
                 "context FROM inputs ORDER BY position"),
            (std::vector<std::vector<std::string>>{
                {"0", "logs/day1.jsonl", "1200", "1198", "1", "1", "52311",
                 "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "NULL", "0"},
                {"1", "logs/day2.jsonl.gz", "40", "40", "0", "0", "2048",
                 "60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752",
                 "truncated gzip stream at byte 2048", "0"},
                {"2", "logs/day0.jsonl", "10", "10", "0", "0", "NULL", "NULL", "NULL", "1"}}));
  EXPECT_EQ(Rows("SELECT id, revision, sha256, path FROM specs"),
            (std::vector<std::vector<std::string>>{
                {"us-sd/casino-war", "2012-04-23",
                 "3f2a9c0d5e7b1a4c6d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e",
                 "rules/us-sd/casino-war.yaml"}}));
  EXPECT_EQ(Rows("SELECT spec_position, ambiguity, reading FROM spec_readings"),
            (std::vector<std::vector<std::string>>{{"0", "sd-war-win-payout", "three-wagers"}}));
  EXPECT_EQ(
      Rows("SELECT reading, is_default, in_force, rounds_settled_differently, net_difference "
           "FROM reading_impacts ORDER BY position"),
      (std::vector<std::vector<std::string>>{{"three-wagers", "1", "1", "0", "0"},
                                             {"paytable-half-on-raise", "0", "0", "12", "-824452000"}}));
  EXPECT_EQ(Rows("SELECT path, reason FROM skipped"),
            (std::vector<std::vector<std::string>>{
                {"logs/notes.txt", "not a log (.jsonl, .jsonl.gz, .jsonl.zst)"}}));
}

TEST_F(FindingsDbTest, EveryFieldOfAFindingRoundTrips) {
  Report report = EvidenceReport();
  Finding listed = ListedConsequencesFinding();
  listed.seat = kDealer;
  listed.hand = 2;
  listed.baseline = BaselineState::kNew;
  report.violations = {report.violations[0], MoneyMovedFinding(), listed};
  ASSERT_TRUE(Append(report).ok());
  const auto rows = Rows(
      "SELECT position, code, severity, round, table_name, input, line, time, day, rules, revision, event, "
      "seat, hand, wager, expected, actual, unit, currency, settlement_money, underpaid, overpaid, "
      "money_moved, "
      "money_to, clause, reading_dependent, cleared_by, consequences, consequences_note, consequence_list, "
      "message, baseline FROM findings ORDER BY position");
  ASSERT_EQ(rows.size(), 3u);
  // EvidenceFinding: the contract's raise underpaid by 250 cents, cleared by another reading.
  EXPECT_EQ(rows[0], (std::vector<std::string>{
                         "0",
                         "settle/payout",
                         "critical",
                         "T7-000124",
                         "T7",
                         "logs/day1.jsonl",
                         "88",
                         "2026-11-21T20:14:40Z",
                         "2026-11-21",
                         "NULL",
                         "2012-04-23",
                         "19",
                         "1",
                         "NULL",
                         "raise",
                         "500",
                         "250",
                         "minor_units",
                         "USD",
                         "1",
                         "250",
                         "0",
                         "NULL",
                         "NULL",
                         "ARSD 20:18:16:15.17(4)(d)(i)",
                         R"(["sd-war-win-payout"])",
                         R"([{"ambiguity":"sd-war-win-payout","readings":["paytable-half-on-raise"]}])",
                         "0",
                         "NULL",
                         "NULL",
                         "raise settled at 250, the rules pay 500 (war won: the three wagers)",
                         "NULL"}));
  // MoneyMovedFinding: USD 750.00 moved to the player by a wager above the limit.
  EXPECT_EQ(rows[1][1], "wager/limit");
  EXPECT_EQ(rows[1][9], "us-sd/war-blackjack");
  EXPECT_EQ(rows[1][14], "blackjack");
  EXPECT_EQ(rows[1][19], "0");     // summary.money does not count it
  EXPECT_EQ(rows[1][20], "NULL");  // underpaid
  EXPECT_EQ(rows[1][22], "75000");
  EXPECT_EQ(rows[1][23], "player");
  // ListedConsequencesFinding at the dealer's second hand, new against a baseline.
  EXPECT_EQ(rows[2][12], "dealer");
  EXPECT_EQ(rows[2][13], "2");
  EXPECT_EQ(rows[2][17], "cards");
  EXPECT_EQ(rows[2][27], "2");
  EXPECT_EQ(rows[2][28], "later cards that overdrew the shoe as logged");
  EXPECT_EQ(rows[2][29],
            R"([{"input":"logs/day2.jsonl.gz","line":9,"round":"T9-000009","event":5,"card":"7H"},)"
            R"({"input":"-","line":12,"round":"T9-000012"}])");
  EXPECT_EQ(rows[2][31], "new");
  // Seat numbers compare as numbers too: the column's affinity is text.
  EXPECT_EQ(Rows("SELECT count(*) FROM findings WHERE seat = 1"),
            (std::vector<std::vector<std::string>>{{"2"}}));
  // The fingerprint is the baseline's, counted within the run.
  const auto prints = Rows("SELECT fingerprint FROM findings ORDER BY position");
  EXPECT_EQ(prints[0][0].size(), 34u);
  EXPECT_TRUE(prints[0][0].ends_with(":1")) << prints[0][0];
}

TEST_F(FindingsDbTest, HistorySumsAsTheReportSummaryAndListsWhatIsNew) {
  Report report = EvidenceReport();
  ASSERT_TRUE(Append(report).ok());
  ASSERT_TRUE(Append(report).ok());
  report.violations.push_back(MoneyMovedFinding());
  ASSERT_TRUE(Append(report).ok());
  auto history = ReadHistory(db_, {});
  ASSERT_TRUE(history.ok()) << history.status().message();
  ASSERT_EQ(history->runs.size(), 3u);
  EXPECT_EQ(history->total.violations, 10);
  const MoneyTotals one = TotalMoney(EvidenceReport());
  EXPECT_EQ(history->total.money.underpaid, 3 * one.all.underpaid);
  EXPECT_EQ(history->total.money.overpaid, 3 * one.all.overpaid);
  EXPECT_EQ(history->total.money.findings, 3 * one.all.findings);
  EXPECT_EQ(history->total.moved.to_player, MoneySum(75000));
  EXPECT_EQ(history->total.Currency(), "USD");
  // Days and tables as summary.money.by_day and by_table key them.
  ASSERT_EQ(history->by_day.size(), one.by_day.size() + 1);  // the money-moved finding's day
  for (const auto& [day, totals] : history->by_day) {
    if (one.by_day.count(day) == 0) continue;
    EXPECT_EQ(totals.money.underpaid, 3 * one.by_day.at(day).underpaid) << day;
    EXPECT_EQ(totals.money.overpaid, 3 * one.by_day.at(day).overpaid) << day;
  }
  EXPECT_EQ(history->by_code.front().first, "settle/payout");  // most findings first
  EXPECT_EQ(history->by_code.front().second.violations, 6);
  // Run 3 against run 2: the one finding run 2 did not have.
  EXPECT_EQ(history->run, 3);
  EXPECT_EQ(history->previous_run, 2);
  ASSERT_EQ(history->new_findings.size(), 1u);
  EXPECT_EQ(history->new_findings[0].code, "wager/limit");
  // Run 2 against run 1: nothing new; run 1: everything.
  EXPECT_TRUE(ReadHistory(db_, {.run = 2})->new_findings.empty());
  EXPECT_EQ(ReadHistory(db_, {.run = 1})->new_findings.size(), 3u);
  EXPECT_FALSE(ReadHistory(db_, {.run = 1})->previous_run.has_value());
  // Bounds on the round's date.
  auto day = ReadHistory(db_, {.since = "2026-11-22", .until = "2026-11-22"});
  ASSERT_TRUE(day.ok());
  ASSERT_EQ(day->by_day.size(), 1u);
  EXPECT_EQ(day->by_day[0].first, "2026-11-22");
  EXPECT_EQ(day->total.violations, 6);
  EXPECT_EQ(ReadHistory(db_, {.since = "22/11/2026"}).status().code(), Status::Code::kInvalidArgument);
  EXPECT_EQ(ReadHistory(db_, {.run = 9}).status().code(), Status::Code::kInvalidArgument);
  std::ostringstream text;
  WriteHistoryText(*history, text);
  EXPECT_NE(text.str().find("New in run 3 since run 2: 1 violation\n"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("USD 750.00 to players"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("\nRuns\n"
                            "  RUN ANALYSIS TIME                  EXIT ROUNDS VIOLATIONS\n"
                            "  1   2026-11-25T08:30:00Z 1 (incomplete)  1,238          3\n"),
            std::string::npos)
      << text.str();
}

TEST_F(FindingsDbTest, ANewerSchemaIsRefusedAndNothingWritten) {
  ASSERT_TRUE(Append(EvidenceReport()).ok()) << Append(EvidenceReport()).message();
  {
    auto db = SqliteDb::Open(db_, true, 1000);
    ASSERT_TRUE(
        db->Exec("PRAGMA user_version = 2; UPDATE meta SET value = '2' WHERE key = 'schema_version'").ok());
  }
  const Status s = Append(EvidenceReport());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("schema version 2, newer than this pitboss reads (1)"), std::string::npos)
      << s.message();
  EXPECT_NE(s.message().find(db_), std::string::npos);
  EXPECT_FALSE(ReadHistory(db_, {}).ok());
  EXPECT_EQ(Rows("SELECT count(*) FROM runs"), (std::vector<std::vector<std::string>>{{"1"}}));
}

TEST_F(FindingsDbTest, AFileThatIsNotAFindingsDatabaseIsRefusedAsItIs) {
  std::ofstream(db_) << "day1 notes\n";
  Status s = Append(EvidenceReport());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("not an SQLite database"), std::string::npos) << s.message();
  std::ifstream in(db_);
  std::string kept((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(kept, "day1 notes\n");

  const std::string other = dir_ + "/other.sqlite";
  {
    auto db = SqliteDb::Open(other, true, 1000);
    ASSERT_TRUE(db->Exec("CREATE TABLE t (x)").ok());
  }
  s = AppendRunToDatabase(EvidenceReport(), other, 1, "2026-11-26T02:00:00Z");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("not a pitboss findings database"), std::string::npos) << s.message();
  EXPECT_EQ(ReadHistory(dir_ + "/none.sqlite", {}).status().message(),
            dir_ + "/none.sqlite: no such database");
}

}  // namespace
}  // namespace pitboss
