#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "report/baseline.h"
#include "report/test_reports.h"
#include "report/writers.h"

namespace pitboss {
namespace {

using test_reports::ContractFinding;
using test_reports::EvidenceFinding;
using test_reports::OverdrawnFinding;
using test_reports::UnreadableLine;

std::string Csv(const Report& report) { return test_reports::Write(report, "csv"); }

// The records of an RFC 4180 text, each a list of fields: a strict reader (CRLF only, quotes
// doubled inside quoted fields), failing the test on anything else.
std::vector<std::vector<std::string>> Parse(const std::string& text) {
  std::vector<std::vector<std::string>> records(1, std::vector<std::string>(1));
  size_t i = 0;
  while (i < text.size()) {
    std::string& field = records.back().back();
    if (text[i] == '"') {
      EXPECT_TRUE(field.empty()) << "a quote inside an unquoted field at byte " << i;
      for (++i; i < text.size(); ++i) {
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            field += '"';
            ++i;
          } else {
            break;
          }
        } else {
          field += text[i];
        }
      }
      EXPECT_LT(i, text.size()) << "an unterminated quoted field";
      ++i;
      continue;
    }
    if (text[i] == ',') {
      records.back().emplace_back();
    } else if (text[i] == '\r') {
      EXPECT_TRUE(i + 1 < text.size() && text[i + 1] == '\n') << "a CR not followed by LF at byte " << i;
      ++i;
      if (i + 1 < text.size()) records.emplace_back(1);
    } else {
      EXPECT_NE(text[i], '\n') << "a bare LF at byte " << i;
      field += text[i];
    }
    ++i;
  }
  return records;
}

TEST(CsvReportTest, HeaderThenOneRowPerFinding) {
  Report report;
  report.violations = {EvidenceFinding(), UnreadableLine(), OverdrawnFinding()};
  const std::string text = Csv(report);
  ASSERT_GE(text.size(), 2u);
  EXPECT_EQ(text.substr(text.size() - 2), "\r\n");
  const auto records = Parse(text);
  ASSERT_EQ(records.size(), 4u);
  const std::vector<std::string> header = records[0];
  // The contract's keys first, in its order, then the added ones.
  // clang-format off
  const std::vector<std::string> want = {
      "code",     "severity",    "round",    "table",       "input",            "line",
      "seat",     "wager",       "expected", "actual",      "clause",           "reading_dependent",
      "message",  "time",        "revision", "event",       "hand",             "unit",
      "currency", "underpaid",   "overpaid", "cleared_by",  "consequences",     "consequences_note",
      "baseline", "fingerprint", "rules",    "money_moved", "consequence_list"};
  // clang-format on
  EXPECT_EQ(header, want);
  for (const auto& record : records) EXPECT_EQ(record.size(), want.size());
  const auto cell = [&](size_t row, const std::string& column) {
    for (size_t i = 0; i < header.size(); ++i) {
      if (header[i] == column) return records[row][i];
    }
    ADD_FAILURE() << "no column " << column;
    return std::string();
  };
  EXPECT_EQ(cell(1, "code"), "settle/payout");
  EXPECT_EQ(cell(1, "severity"), "critical");
  EXPECT_EQ(cell(1, "round"), "T7-000124");
  EXPECT_EQ(cell(1, "line"), "88");
  EXPECT_EQ(cell(1, "seat"), "1");
  EXPECT_EQ(cell(1, "wager"), "raise");
  EXPECT_EQ(cell(1, "expected"), "500");
  EXPECT_EQ(cell(1, "actual"), "250");
  EXPECT_EQ(cell(1, "unit"), "minor_units");
  EXPECT_EQ(cell(1, "currency"), "USD");
  EXPECT_EQ(cell(1, "underpaid"), "250");
  EXPECT_EQ(cell(1, "overpaid"), "");
  EXPECT_EQ(cell(1, "event"), "19");
  EXPECT_EQ(cell(1, "reading_dependent"), "sd-war-win-payout");
  EXPECT_EQ(cell(1, "cleared_by"), "sd-war-win-payout=paytable-half-on-raise");
  EXPECT_EQ(cell(1, "message"), EvidenceFinding().message);  // a comma inside: quoted
  EXPECT_EQ(cell(1, "baseline"), "");
  EXPECT_EQ(cell(1, "fingerprint"), FindingHash(EvidenceFinding()) + ":1");
  EXPECT_EQ(cell(2, "round"), "");  // a line not read as a round
  EXPECT_EQ(cell(2, "seat"), "");
  EXPECT_EQ(cell(3, "unit"), "cards");
  EXPECT_EQ(cell(3, "currency"), "");
  EXPECT_EQ(cell(3, "consequences"), "163");
  EXPECT_EQ(cell(3, "consequences_note"), "later cards of this shoe");
}

// The columns added after the fingerprint: the rule set, the money moved (in minor units, its
// currency in the currency column) and the consequences named, ROUND:EVENT:CARD each, in one cell.
TEST(CsvReportTest, RulesMoneyMovedAndNamedConsequences) {
  Report report;
  Finding listed = test_reports::ListedConsequencesFinding();
  listed.consequence_list.push_back({"a.jsonl", 30, "=R,1", 0, "AS"});
  report.violations = {test_reports::MoneyMovedFinding(), test_reports::DealerDrawFinding(), listed,
                       UnreadableLine()};
  const auto records = Parse(Csv(report));
  ASSERT_EQ(records.size(), 5u);
  const std::vector<std::string>& header = records[0];
  const auto cell = [&](size_t row, const std::string& column) {
    for (size_t i = 0; i < header.size(); ++i) {
      if (header[i] == column) return records[row][i];
    }
    ADD_FAILURE() << "no column " << column;
    return std::string();
  };
  EXPECT_EQ(cell(1, "rules"), "us-sd/war-blackjack");
  EXPECT_EQ(cell(1, "money_moved"), "75000");
  EXPECT_EQ(cell(1, "currency"), "USD");
  EXPECT_EQ(cell(2, "money_moved"), "-1000");
  EXPECT_EQ(cell(2, "unit"), "");
  EXPECT_EQ(cell(2, "currency"), "USD");  // the money moved's, with no amounts of its own
  EXPECT_EQ(cell(2, "rules"), "us-sd/war-blackjack-second-house");
  EXPECT_EQ(cell(3, "money_moved"), "");
  // Log text in the cell is guarded as in any other: it opens with the first round's id here.
  EXPECT_EQ(cell(3, "consequence_list"), "T9-000009:5:7H;T9-000012::;=R,1:0:AS");
  listed.consequence_list.front().round = "=HYPERLINK()";
  report.violations = {listed};
  EXPECT_EQ(Parse(Csv(report))[1][28], "'=HYPERLINK():5:7H;T9-000012::;=R,1:0:AS");
  EXPECT_EQ(cell(4, "rules"), "");
  EXPECT_EQ(cell(4, "consequence_list"), "");
}

TEST(CsvReportTest, QuotesCommasAndLineBreaksAreQuoted) {
  Report report;
  Finding f = UnreadableLine();
  f.message = "say \"hi\", then\r\nbreak\nhere";
  f.input = "logs/a,b.jsonl";
  report.violations = {f};
  const std::string text = Csv(report);
  EXPECT_NE(text.find(",\"say \"\"hi\"\", then\r\nbreak\nhere\","), std::string::npos) << text;
  EXPECT_NE(text.find(",\"logs/a,b.jsonl\","), std::string::npos) << text;
  const auto records = Parse(text);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[1][12], f.message);
  EXPECT_EQ(records[1][4], f.input);
}

TEST(CsvReportTest, LogTextCannotRunAsAFormula) {
  Report report;
  Finding f = ContractFinding();
  f.round = "=HYPERLINK(\"http://x\")";
  f.table = "+T7";
  f.expected = -500;  // a number stays a number
  report.violations = {f};
  const auto records = Parse(Csv(report));
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[1][2], "'=HYPERLINK(\"http://x\")");
  EXPECT_EQ(records[1][3], "'+T7");
  EXPECT_EQ(records[1][8], "-500");
}

TEST(CsvReportTest, ABaselinesAbsentFindingsFollow) {
  Report old_report;
  Finding gone = ContractFinding();
  gone.round = "T7-GONE";
  old_report.violations = {ContractFinding(), gone};
  Report report;
  report.violations = {ContractFinding(), UnreadableLine()};
  ApplyBaseline(old_report, "old.json", "", &report);
  const auto records = Parse(Csv(report));
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[1][24], "unchanged");
  EXPECT_EQ(records[2][24], "new");
  EXPECT_EQ(records[3][24], "absent");
  EXPECT_EQ(records[3][2], "T7-GONE");
}

TEST(CsvReportTest, AnEmptyReportIsItsHeader) {
  const auto records = Parse(Csv(Report{}));
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].front(), "code");
}

}  // namespace
}  // namespace pitboss
