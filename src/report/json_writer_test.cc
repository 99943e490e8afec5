#include <gtest/gtest.h>

#include <limits>
#include <sstream>
#include <string>

#include "base/json.h"
#include "pitboss/report.h"
#include "report/test_reports.h"
#include "report/writers.h"

namespace pitboss {
namespace {

using test_reports::ContractFinding;
using test_reports::ContractReport;
using test_reports::Write;

std::string FindingJson(const Finding& finding) {
  std::ostringstream out;
  JsonWriter json(out);
  WriteFindingJson(json, finding);
  return out.str();
}

// The keys in the order of docs/report.md, every optional one present.
TEST(JsonReportKeysTest, FindingWithEveryKeyInOrder) {
  Finding f = ContractFinding();
  f.hand = 2;
  f.time = "2026-11-21T20:14:40Z";
  f.revision = "2012-04-23";
  f.event = 19;
  f.currency = "USD";
  f.cleared_by = {{"sd-war-win-payout", {"paytable-half-on-raise"}}};
  f.consequences = 2;
  f.consequences_note = "the next 2 rounds";
  EXPECT_EQ(
      FindingJson(f),
      R"({"code":"settle/payout","severity":"critical","round":"T7-000124","table":"T7",)"
      R"("input":"logs/day1.jsonl","line":88,"time":"2026-11-21T20:14:40Z","revision":"2012-04-23",)"
      R"("event":19,"seat":1,"hand":2,"wager":"raise","expected":500,"actual":250,"unit":"minor_units",)"
      R"j("currency":"USD","underpaid":250,"clause":"ARSD 20:18:16:15.17(4)(d)(i)",)j"
      R"("reading_dependent":["sd-war-win-payout"],)"
      R"("cleared_by":[{"ambiguity":"sd-war-win-payout","readings":["paytable-half-on-raise"]}],)"
      R"("consequences":2,"consequences_note":"the next 2 rounds",)"
      R"j("message":"raise settled at 250, the rules pay 500 (war won: the three wagers)"})j");
}

// rules before revision; money_moved and money_to after the amounts; the consequences named one
// by one after their count. Nothing else moves.
TEST(JsonReportKeysTest, RulesMoneyMovedAndConsequenceListInOrder) {
  EXPECT_EQ(
      FindingJson(test_reports::MoneyMovedFinding()),
      R"({"code":"wager/limit","severity":"major","round":"BWA-07","table":"BWA","input":"logs/day3.jsonl",)"
      R"("line":7,"time":"2026-03-08T21:07:00Z","rules":"us-sd/war-blackjack","revision":"2015-05-13",)"
      R"("event":2,"seat":1,"wager":"blackjack","expected":50000,"actual":75000,"unit":"minor_units",)"
      R"("currency":"USD","money_moved":75000,"money_to":"player","clause":"ARSD 20:18:15:20",)"
      R"("reading_dependent":[],"message":"blackjack wager of 75000 above the table maximum of 50000"})");
  EXPECT_EQ(
      FindingJson(test_reports::ListedConsequencesFinding()),
      R"({"code":"shoe/card-overdrawn","severity":"major","round":"T9-000007","table":"T9",)"
      R"("input":"logs/day2.jsonl.gz","line":7,"time":"2026-11-22T01:00:00Z","rules":"us-sd/casino-war",)"
      R"("revision":"2012-04-23","event":4,"expected":1,"actual":2,"unit":"cards",)"
      R"("clause":"ARSD 20:18:16:15.03","reading_dependent":[],"consequences":2,)"
      R"("consequences_note":"later cards that overdrew the shoe as logged",)"
      R"("consequence_list":[{"input":"logs/day2.jsonl.gz","line":9,"round":"T9-000009","event":5,)"
      R"("card":"7H"},{"input":"-","line":12,"round":"T9-000012"}],)"
      R"("message":"the 7 of hearts drawn twice since the shuffle"})");
}

TEST(JsonReportKeysTest, MoneyMovedSaysWhoseWayAndItsCurrency) {
  // Taken from the player, with no amounts of its own: the currency is written beside it.
  EXPECT_NE(FindingJson(test_reports::DealerDrawFinding())
                .find(R"("event":11,"money_moved":-1000,"money_to":"house","currency":"USD","clause")"),
            std::string::npos)
      << FindingJson(test_reports::DealerDrawFinding());
  // Moved nothing (a wager against the rules that pushed): no one's way.
  Finding pushed = test_reports::MoneyMovedFinding();
  pushed.money_moved = 0;
  EXPECT_NE(FindingJson(pushed).find(R"("money_moved":0,"clause")"), std::string::npos)
      << FindingJson(pushed);
  // The most negative amount is an integer like any other, as expected and actual are.
  pushed.money_moved = std::numeric_limits<Money>::min();
  EXPECT_NE(FindingJson(pushed).find(R"("money_moved":-9223372036854775808,"money_to":"house")"),
            std::string::npos);
  // None: neither key, and no currency where nothing else has one.
  Finding none = test_reports::DealerDrawFinding();
  none.money_moved.reset();
  none.rules.clear();
  for (const char* key : {"money_moved", "money_to", "currency", "rules", "consequence_list"}) {
    EXPECT_EQ(FindingJson(none).find("\"" + std::string(key) + "\""), std::string::npos) << key;
  }
}

TEST(JsonReportKeysTest, AConsequencesFileNameNotUtf8KeepsItsBytes) {
  Finding f = test_reports::ListedConsequencesFinding();
  f.consequence_list[0].input = std::string("logs/day") + '\xff' + ".jsonl";
  // As the finding's own input: the name with U+FFFD, and beside it the bytes escaped.
  EXPECT_NE(FindingJson(f).find("\"consequence_list\":[{\"input\":\"logs/day\xef\xbf\xbd.jsonl\","
                                R"("input_bytes":"logs/day\\xff.jsonl","line":9,)"),
            std::string::npos)
      << FindingJson(f);
}

// summary.money_moved: written only where a finding has money_moved, apart from summary.money,
// each side summed wide: past 64 bits a string of the exact sum.
TEST(JsonReportKeysTest, MoneyMovedSummary) {
  Report report = ContractReport();
  EXPECT_EQ(Write(report, "json").find(R"("money_moved")"), std::string::npos);
  report.violations.push_back(test_reports::MoneyMovedFinding());
  report.violations.push_back(test_reports::DealerDrawFinding());
  std::string json = Write(report, "json");
  EXPECT_NE(json.find(R"("by_wager":{"raise":{"underpaid":500,"overpaid":0,"findings":2}}},)"
                      R"("money_moved":{"to_player":75000,"to_house":1000,"findings":2,"currency":"USD"}},)"
                      R"("violations":[)"),
            std::string::npos)
      << json;
  Finding big = test_reports::DealerDrawFinding();
  big.money_moved = std::numeric_limits<Money>::min();
  big.currency = "EUR";
  report.violations.push_back(big);
  report.violations.push_back(big);
  json = Write(report, "json");
  EXPECT_NE(json.find(R"("money_moved":{"to_player":75000,"to_house":"18446744073709552616","findings":4,)"
                      R"("currency":null,"mixed_currencies":true}})"),
            std::string::npos)
      << json;
}

// Event 0 is the first event, not "none".
TEST(JsonReportKeysTest, EventZeroIsWritten) {
  Finding f = ContractFinding();
  f.event = 0;
  EXPECT_NE(FindingJson(f).find(R"("line":88,"event":0,"seat":1)"), std::string::npos) << FindingJson(f);
  f.event.reset();
  EXPECT_EQ(FindingJson(f).find(R"("event")"), std::string::npos);
}

TEST(JsonReportKeysTest, OmitsWhatDoesNotApply) {
  Finding f = test_reports::UnreadableLine();
  f.currency = "USD";  // no amounts: neither unit nor currency
  const std::string json = FindingJson(f);
  for (const char* key : {"time", "revision", "event", "unit", "currency", "underpaid", "overpaid",
                          "cleared_by", "consequences", "consequences_note"}) {
    EXPECT_EQ(json.find("\"" + std::string(key) + "\""), std::string::npos) << key << " in " << json;
  }
}

TEST(JsonReportKeysTest, UnitCurrencyAndMoneyByCode) {
  // Cards: a unit, never a currency or money.
  Finding burn = test_reports::BurnCount();
  burn.expected = 3;
  burn.actual = 2;
  burn.currency = "USD";
  EXPECT_NE(FindingJson(burn).find(R"("expected":3,"actual":2,"unit":"cards","clause")"), std::string::npos)
      << FindingJson(burn);
  // Money of a code that moves none (a wager limit): unit and currency, no underpaid/overpaid.
  Finding limit = ContractFinding();
  limit.code = Code::kWagerLimit;
  limit.currency = "EUR";
  EXPECT_NE(FindingJson(limit).find(R"("actual":250,"unit":"minor_units","currency":"EUR","clause")"),
            std::string::npos)
      << FindingJson(limit);
  // Overpaid: settle/missing of a lost wager, settle/duplicate.
  Finding missing = ContractFinding();
  missing.code = Code::kSettleMissing;
  missing.expected = -500;
  missing.actual.reset();
  EXPECT_NE(FindingJson(missing).find(R"("expected":-500,"unit":"minor_units","overpaid":500,"clause")"),
            std::string::npos)
      << FindingJson(missing);
  Finding duplicate = ContractFinding();
  duplicate.code = Code::kSettleDuplicate;
  duplicate.expected.reset();
  duplicate.actual = 300;
  EXPECT_NE(FindingJson(duplicate).find(R"("overpaid":300,"clause")"), std::string::npos);
}

TEST(JsonReportKeysTest, TopLevelKeysInOrder) {
  Report report = ContractReport();
  report.command_line = {"pitboss", "check", "logs/"};
  report.analysis_time = "2026-11-25T08:30:00Z";
  report.currency = "USD";
  report.complete = false;
  report.inputs[0].error = "truncated gzip stream at byte 1234";
  report.skipped = {{"logs/notes.txt", "not a log"}};
  report.specs[0].path = "rules/us-sd/casino-war.yaml";
  const std::string json = Write(report, "json");
  EXPECT_EQ(
      json.rfind(
          R"({"tool":"pitboss","version":"0.1.0","format":1,"command_line":["pitboss","check","logs/"],)"
          R"("analysis_time":"2026-11-25T08:30:00Z","currency":"USD","complete":false,"inputs":[)",
          0),
      0u)
      << json;
  EXPECT_NE(
      json.find(
          R"("rounds":1198,"malformed_lines":1,"blank_lines":1,"error":"truncated gzip stream at byte 1234"}],)"
          R"("skipped":[{"path":"logs/notes.txt","reason":"not a log"}],"specs":[)"),
      std::string::npos)
      << json;
  EXPECT_NE(json.find(R"(4d5e","path":"rules/us-sd/casino-war.yaml"}])"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("findings_cleared":0})"), std::string::npos);
  // Neither shards nor merge warnings in a report of one check.
  EXPECT_EQ(json.find(R"("shards")"), std::string::npos);
  EXPECT_EQ(json.find(R"("merge_warnings")"), std::string::npos);
}

TEST(JsonReportKeysTest, DefaultsOmitted) {
  const std::string json = Write(ContractReport(), "json");
  EXPECT_EQ(json.rfind(R"({"tool":"pitboss","version":"0.1.0","format":1,"complete":true,"inputs":[)", 0), 0u)
      << json;
  EXPECT_NE(json.find(R"("skipped":[],)"), std::string::npos);
  EXPECT_EQ(json.find(R"("context")"), std::string::npos);
}

// The contract's report: two settle/payout findings of 250 underpaid, no currency named.
TEST(JsonReportKeysTest, MoneySummary) {
  Report report = ContractReport();
  EXPECT_NE(Write(report, "json")
                .find(R"("by_code":{"settle/payout":2,"deal/burn-count":1,"input/malformed":1},)"
                      R"("money":{"currency":null,"underpaid":500,"overpaid":0,"findings":2,)"
                      R"("by_table":{"T7":{"underpaid":500,"overpaid":0,"findings":2}},)"
                      R"("by_day":{"":{"underpaid":500,"overpaid":0,"findings":2}},)"
                      R"("by_wager":{"raise":{"underpaid":500,"overpaid":0,"findings":2}}}},)"),
            std::string::npos)
      << Write(report, "json");
  for (Finding& f : report.violations) f.currency = "USD";
  report.violations[1].time = "2026-11-21T20:14:40Z";
  report.violations[3].currency = "EUR";
  report.violations[3].actual = std::numeric_limits<Money>::max();
  const std::string json = Write(report, "json");
  EXPECT_NE(json.find(R"("money":{"currency":null,"mixed_currencies":true,"underpaid":250,"overpaid":)"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find(R"("by_day":{"":{"underpaid":0,"overpaid":)"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("2026-11-21":{"underpaid":250,"overpaid":0,"findings":1}})"), std::string::npos)
      << json;
}

TEST(JsonReportKeysTest, MergedReportKeys) {
  Report report = ContractReport();
  report.shards = {{"day1.json", "ab", "0.1.0", {"pitboss", "check", "day1/"}, "2026-11-24T01:02:03Z", true}};
  std::string json = Write(report, "json");
  EXPECT_NE(
      json.find(
          R"("findings_cleared":0}]}],"readings_inferred":[],"shards":[{"path":"day1.json","sha256":"ab","version":"0.1.0",)"
          R"("command_line":["pitboss","check","day1/"],"analysis_time":"2026-11-24T01:02:03Z",)"
          R"("complete":true}],"merge_warnings":[]})"),
      std::string::npos)
      << json;
  report.merge_warnings = {"w"};
  json = Write(report, "json");
  EXPECT_NE(json.find(R"("merge_warnings":["w"]})"), std::string::npos) << json;
}

}  // namespace
}  // namespace pitboss
