#include "report/writers.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <algorithm>
#include <limits>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "report/test_reports.h"

namespace pitboss {
namespace {

using test_reports::BurnCount;
using test_reports::ContractFinding;
using test_reports::ContractReport;
using test_reports::EvidenceReport;
using test_reports::UnreadableLine;
using test_reports::Write;

constexpr std::string_view kContractFindingJson =
    R"j({"code":"settle/payout","severity":"critical","round":"T7-000124","table":"T7",)j"
    R"j("input":"logs/day1.jsonl","line":88,"seat":1,"wager":"raise",)j"
    R"j("expected":500,"actual":250,"unit":"minor_units","underpaid":250,)j"
    R"j("clause":"ARSD 20:18:16:15.17(4)(d)(i)",)j"
    R"j("reading_dependent":["sd-war-win-payout"],)j"
    R"j("message":"raise settled at 250, the rules pay 500 (war won: the three wagers)"})j";

std::string Json(const Report& report) { return Write(report, "json"); }
std::string Text(const Report& report) { return Write(report, "text"); }

// The one violation of a report of one finding, as written.
std::string FindingJson(const Finding& finding) {
  Report report;
  report.violations = {finding};
  const std::string json = Json(report);
  const std::string begin = R"j("violations":[)j";
  const std::string end = R"j(],"ambiguities")j";
  const size_t from = json.find(begin);
  const size_t to = json.find(end);
  if (from == std::string::npos || to == std::string::npos) {
    ADD_FAILURE() << json;
    return "";
  }
  return json.substr(from + begin.size(), to - from - begin.size());
}

TEST(JsonReportTest, ViolationHasTheContractsKeysInItsOrder) {
  EXPECT_EQ(FindingJson(ContractFinding()), kContractFindingJson);
}

TEST(JsonReportTest, WholeReport) {
  const std::string expected =
      R"j({"tool":"pitboss","version":"0.1.0","format":1,"complete":true,)j"
      R"j("inputs":[{"path":"logs/day1.jsonl","lines":1200,"rounds":1198,"malformed_lines":1,"blank_lines":1}],"skipped":[],)j"
      R"j("specs":[{"id":"us-sd/casino-war","revision":"2012-04-23",)j"
      R"j("sha256":"3f2a9c0d5e7b1a4c6d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e"}],)j"
      R"j("summary":{"rounds":1198,"rounds_with_violations":3,"violations":4,)j"
      R"j("by_code":{"settle/payout":2,"deal/burn-count":1,"input/malformed":1},)j"
      R"j("money":{"currency":null,"underpaid":500,"overpaid":0,"findings":2,)j"
      R"j("by_table":{"T7":{"underpaid":500,"overpaid":0,"findings":2}},)j"
      R"j("by_day":{"":{"underpaid":500,"overpaid":0,"findings":2}},)j"
      R"j("by_wager":{"raise":{"underpaid":500,"overpaid":0,"findings":2}}}},)j"
      R"j("violations":[)j"
      R"j({"code":"input/malformed","severity":"error","round":null,"table":null,)j"
      R"j("input":"logs/day1.jsonl","line":17,"clause":"hand-history-v1",)j"
      R"j("reading_dependent":[],"message":"not JSON: expected ',' or '}'"},)j" +
      std::string(kContractFindingJson) + "," +
      R"j({"code":"deal/burn-count","severity":"major","round":"T7-000200","table":"T7",)j"
      R"j("input":"logs/day1.jsonl","line":140,"clause":"ARSD 20:18:16:15.05",)j"
      R"j("reading_dependent":[],)j"
      R"j("message":"2 cards burned before the first card, the rules burn 3"},)j"
      R"j({"code":"settle/payout","severity":"critical","round":"T7-000300","table":"T7",)j"
      R"j("input":"logs/day1.jsonl","line":210,"seat":2,"wager":"raise",)j"
      R"j("expected":500,"actual":250,"unit":"minor_units","underpaid":250,)j"
      R"j("clause":"ARSD 20:18:16:15.17(4)(d)(i)",)j"
      R"j("reading_dependent":[],)j"
      R"j("message":"raise settled at 250, the rules pay 500 (war won: the three wagers)"}],)j"
      R"j("ambiguities":[{"id":"sd-war-win-payout","spec":"us-sd/casino-war","revision":"2012-04-23",)j"
      R"j("clause":"ARSD 20:18:16:15.17(4)(d)(i)","readings":[)j"
      R"j({"name":"three-wagers","default":true,"rounds_settled_differently":0,"net_difference":0,)j"
      R"j("findings_cleared":0},)j"
      R"j({"name":"raise-only","default":false,"rounds_settled_differently":12,"net_difference":-3000,)j"
      R"j("findings_cleared":0}]}],"readings_inferred":[]})j"
      "\n";
  EXPECT_EQ(Json(ContractReport()), expected);
}

TEST(JsonReportTest, ParsesAndEndsWithOneNewline) {
  const std::string json = Json(ContractReport());
  ASSERT_FALSE(json.empty());
  EXPECT_EQ(json.back(), '\n');
  EXPECT_NE(json[json.size() - 2], '\n');

  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(json).get(doc), simdjson::SUCCESS);
  int64_t violations = 0;
  ASSERT_EQ(doc["summary"]["violations"].get(violations), simdjson::SUCCESS);
  EXPECT_EQ(violations, 4);
  simdjson::dom::array list;
  ASSERT_EQ(doc["violations"].get(list), simdjson::SUCCESS);
  EXPECT_EQ(list.size(), 4u);
}

TEST(JsonReportTest, EmptyReportStillHasEveryMember) {
  Report report;
  report.version = "0.1.0";
  report.rounds = 5;
  EXPECT_EQ(Json(report),
            R"j({"tool":"pitboss","version":"0.1.0","format":1,"complete":true,"inputs":[],"skipped":[],)j"
            R"j("specs":[],"summary":{"rounds":5,"rounds_with_violations":0,"violations":0,"by_code":{},)j"
            R"j("money":{"currency":null,"underpaid":0,"overpaid":0,"findings":0,)j"
            R"j("by_table":{},"by_day":{},"by_wager":{}}},)j"
            R"j("violations":[],"ambiguities":[],"readings_inferred":[]})j"
            "\n");
}

TEST(JsonReportTest, DealerSeatIsWrittenDealer) {
  Finding f = ContractFinding();
  f.seat = kDealer;
  const std::string json = FindingJson(f);
  EXPECT_NE(json.find(R"j("seat":"dealer",)j"), std::string::npos) << json;
  EXPECT_EQ(json.find(R"j("seat":0)j"), std::string::npos) << json;
}

TEST(JsonReportTest, AbsentOptionalFieldsAreOmitted) {
  Finding f = ContractFinding();
  f.seat.reset();
  f.wager.reset();
  f.expected.reset();
  f.actual.reset();
  f.reading_dependent.clear();
  EXPECT_EQ(FindingJson(f),
            R"j({"code":"settle/payout","severity":"critical","round":"T7-000124",)j"
            R"j("table":"T7","input":"logs/day1.jsonl","line":88,)j"
            R"j("clause":"ARSD 20:18:16:15.17(4)(d)(i)","reading_dependent":[],)j"
            R"j("message":"raise settled at 250, the rules pay 500 (war won: the three wagers)"})j");
}

TEST(JsonReportTest, PresentZeroAmountsAreWritten) {
  Finding f = ContractFinding();
  f.expected = 0;
  f.actual = -500;
  const std::string json = FindingJson(f);
  EXPECT_NE(json.find(R"j("expected":0,"actual":-500,)j"), std::string::npos) << json;
}

TEST(JsonReportTest, UnreadableLineHasNullRoundAndTable) {
  const std::string json = FindingJson(UnreadableLine());
  EXPECT_NE(json.find(R"j("round":null,"table":null,"input":"logs/day1.jsonl","line":17,)j"),
            std::string::npos)
      << json;
}

TEST(JsonReportTest, StandardInputIsWrittenAsGiven) {
  Finding f = UnreadableLine();
  f.input = "-";
  EXPECT_NE(FindingJson(f).find(R"j("input":"-",)j"), std::string::npos);
}

TEST(TextReportTest, FindingIsCompilerStyleWithItsDetails) {
  Report report;
  report.rounds = 1198;
  report.rounds_with_violations = 1;
  report.violations = {ContractFinding()};
  const std::string text = Text(report);
  EXPECT_NE(text.find("logs/day1.jsonl:88: critical: raise settled at 250, the rules pay "
                      "500 (war won: the three wagers) [settle/payout]\n"
                      "    round T7-000124, table T7, seat 1, wager raise, expected 500 minor units, "
                      "actual 250 minor units: underpaid by 250 minor units\n"
                      "    clause: ARSD 20:18:16:15.17(4)(d)(i)\n"
                      "    depends on the reading of: sd-war-win-payout\n"),
            std::string::npos)
      << text;
  EXPECT_TRUE(text.starts_with("FAIL: 1 violation in 1198 rounds (1 round with violations)")) << text;
}

TEST(TextReportTest, OnlyThePartsPresent) {
  Report report;
  Finding f = UnreadableLine();
  report.violations = {f, BurnCount()};
  report.violations[1].seat = kDealer;
  const std::string text = Text(report);
  // Grouped by code, most frequent first, ties by id; then by table.
  EXPECT_NE(text.find("\n== deal/burn-count (major): 1 finding ==\n"
                      "-- deal/burn-count at table T7: 1 finding --\n"
                      "logs/day1.jsonl:140: major: "),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\n== input/malformed (error): 1 finding ==\n"
                      "-- input/malformed at no table: 1 finding --\n"
                      "logs/day1.jsonl:17: error: not JSON: expected ',' or '}' "
                      "[input/malformed]\n"
                      "    clause: hand-history-v1\n"),
            std::string::npos)
      << text;
  EXPECT_LT(text.find("deal/burn-count (major)"), text.find("input/malformed (error)")) << text;
  EXPECT_NE(text.find("    round T7-000200, table T7, seat dealer\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("depends on the reading of"), std::string::npos) << text;
  EXPECT_EQ(text.find(", expected "), std::string::npos) << text;
  EXPECT_EQ(text.find(", actual "), std::string::npos) << text;
  EXPECT_EQ(text.find(", wager "), std::string::npos) << text;
}

TEST(TextReportTest, ControlCharactersCannotBreakAFindingsLine) {
  Report report;
  Finding f = UnreadableLine();
  f.message = "bad line: {\"id\":\n\x1b[2J\xFF}";
  report.violations = {f};
  const std::string text = Text(report);
  EXPECT_NE(text.find("logs/day1.jsonl:17: error: bad line: "
                      "{\"id\":\\n\\x1b[2J\\xff} "
                      "[input/malformed]\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
}

TEST(TextReportTest, Summary) {
  const std::string text = Text(ContractReport());
  EXPECT_NE(
      text.find("inputs:\n  logs/day1.jsonl: 1200 lines, 1198 rounds, 1 malformed line, 1 blank line\n"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("specs:\n  us-sd/casino-war, revision 2012-04-23, sha256 "
                      "3f2a9c0d5e7b1a4c6d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("rounds checked: 1198\nrounds with violations: 3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("violations by code:\n"
                      "  settle/payout    critical  2\n"
                      "  deal/burn-count  major     1\n"
                      "  input/malformed  error     1\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("ambiguities:\n  (net difference: the players' net under the reading minus under the "
                      "default, in minor units; player's view: + the players gain under this reading, - they "
                      "lose)\n"
                      "  sd-war-win-payout (us-sd/casino-war revision 2012-04-23, ARSD "
                      "20:18:16:15.17(4)(d)(i))\n"
                      "    reading       default  checked under  rounds settled differently  "
                      "findings cleared      net difference\n"
                      "    three-wagers  yes                                              0   "
                      "              0       0 minor units\n"
                      "    raise-only                                                    12   "
                      "              0  -3,000 minor units\n"),
            std::string::npos)
      << text;
  // The contract's findings name no currency: their money is in minor units.
  EXPECT_NE(text.find("money paid wrongly (player's view, from the findings that move money; in minor "
                      "units):\n  total: underpaid 500 minor units, overpaid 0 minor units (2 findings)\n"),
            std::string::npos)
      << text;
  // The verdict first and last, where a CI log is read; then who made the report.
  const std::string verdict =
      "FAIL: 4 violations in 1198 rounds (3 rounds with violations); underpaid 500 minor units, overpaid 0 "
      "minor "
      "units\n";
  EXPECT_TRUE(text.starts_with(verdict + "pitboss 0.1.0\n")) << text;
  EXPECT_EQ(text.find("INCOMPLETE"), std::string::npos) << text;
  EXPECT_EQ(text.find("events are counted"), std::string::npos) << text;  // no finding has an event
  EXPECT_TRUE(text.ends_with("\n" + verdict)) << text;
  // The summary comes before the findings.
  EXPECT_LT(text.find("violations by code:"), text.find("\n== settle/payout")) << text;
  EXPECT_NE(text.find("violations by table:\n  (no table)  1\n  T7          3\n"), std::string::npos) << text;
}

// Checks a log's format could not feed are never reported as passed, in any format.
TEST(WritersTest, ChecksNotRunAreNoPass) {
  Report report;
  report.rounds = 5;
  InputSummary input{"replay.json", 40, 5};
  input.dialect = "vendor/replay";
  input.dialect_sha256 = "ab12";
  report.inputs = {input};
  report.not_checked = {{"shoe/no-shuffle", "a shuffle", "the replay has none", "vendor/replay", 5},
                        {"deal/order", "a shuffle", "the replay has none", "vendor/replay", 0}};
  const std::string text = Text(report);
  EXPECT_TRUE(
      text.starts_with("NO VIOLATIONS FOUND by the checks that could run, in 5 rounds; 2 checks not run"))
      << text;
  EXPECT_EQ(text.find("PASS"), std::string::npos) << text;
  EXPECT_NE(text.find("  shoe/no-shuffle (5), deal/order: lacks a shuffle"), std::string::npos) << text;
  const std::string md = Write(report, "md");
  EXPECT_TRUE(md.starts_with("## pitboss: no violations found by the checks that could run")) << md;
  EXPECT_NE(md.find("| `shoe/no-shuffle` | a shuffle | the replay has none | vendor/replay | 5 |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("read through dialect vendor/replay (sha256 ab12)"), std::string::npos) << md;
  const std::string html = Write(report, "html");
  EXPECT_NE(html.find("<h1>pitboss check: no violations found by the checks that could run"),
            std::string::npos);
  EXPECT_NE(html.find("<h2>Checks not run</h2>"), std::string::npos);
  EXPECT_NE(html.find(R"(read through dialect <span data-figure="inputs.0.dialect">vendor/replay</span>)"),
            std::string::npos);
  const std::string junit = Write(report, "junit");
  EXPECT_EQ(test_reports::Count(junit, "<skipped message=\"not run: the format (dialect vendor/replay)"), 2)
      << junit;
  EXPECT_NE(junit.find("skipped=\"2\""), std::string::npos) << junit;
  const std::string sarif = Write(report, "sarif");
  EXPECT_NE(sarif.find("check shoe/no-shuffle not run"), std::string::npos) << sarif;
  EXPECT_NE(Json(report).find(R"("not_checked":[{"code":"shoe/no-shuffle")"), std::string::npos);
}

TEST(TextReportTest, NoFindingsSaysSoPlainly) {
  Report report;
  report.rounds = 5;
  report.inputs = {{"-", 6, 5}};
  const std::string text = Text(report);
  EXPECT_TRUE(text.starts_with("PASS: no violations in 5 rounds\n")) << text;
  EXPECT_TRUE(text.ends_with("\nPASS: no violations in 5 rounds\n")) << text;
  EXPECT_NE(text.find("  <stdin>: 6 lines, 5 rounds, 0 malformed lines, 0 blank lines\n"), std::string::npos)
      << text;
  EXPECT_EQ(text.find("violations by code"), std::string::npos) << text;
  EXPECT_NE(text.find("ambiguities: none\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("error"), std::string::npos) << text;
}

TEST(TextReportTest, ProvenanceHeaderAndIncompleteBanner) {
  const std::string text = Text(EvidenceReport());
  const std::string banner =
      "INCOMPLETE: 1 input could not be read whole: logs/day2.jsonl.gz (truncated gzip stream at byte "
      "2048)\n";
  // First and last, where a CI log is read.
  const std::string verdict =
      "INCOMPLETE: 3 violations in the 1238 rounds read, and a log could not be read whole; underpaid USD "
      "2.50, "
      "overpaid USD 3.00\n";
  EXPECT_TRUE(text.starts_with(verdict + banner +
                               "pitboss 0.1.0, analysis started 2026-11-25T08:30:00Z\n"
                               "command line: pitboss check --currency USD logs/ 'my logs/x.jsonl'\n"
                               "currency of rounds that name none: USD\n"))
      << text;
  EXPECT_TRUE(text.ends_with(verdict)) << text;
  EXPECT_NE(
      text.find("  logs/day1.jsonl: 1200 lines, 1198 rounds, 1 malformed line, 1 blank line, "
                "2026-11-21T20:00:00Z to 2026-11-21T23:59:00Z\n"
                "    52311 bytes, sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\n"),
      std::string::npos)
      << text;
  EXPECT_NE(
      text.find("    2048 bytes, sha256 60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752\n"
                "    COULD NOT BE READ WHOLE: truncated gzip stream at byte 2048\n"),
      std::string::npos)
      << text;
  EXPECT_NE(
      text.find(
          "  logs/day0.jsonl: 10 lines, 10 rounds, 0 malformed lines, 0 blank lines\n    context only: "),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("skipped (not read):\n  logs/notes.txt: not a log (.jsonl, .jsonl.gz, .jsonl.zst)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  us-sd/casino-war, revision 2012-04-23, sha256 "
                      "3f2a9c0d5e7b1a4c6d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e\n"
                      "    file: rules/us-sd/casino-war.yaml\n"
                      "    readings: the defaults: sd-war-win-payout=three-wagers\n"),
            std::string::npos)
      << text;
  // A complete report has no banner.
  Report complete = EvidenceReport();
  complete.complete = true;
  EXPECT_EQ(Text(complete).find("INCOMPLETE"), std::string::npos);
  // Incomplete with no input to blame: no round was read.
  Report empty;
  empty.complete = false;
  EXPECT_TRUE(Text(empty).starts_with("NOTHING CHECKED: no round was read\nINCOMPLETE: no round was read\n"))
      << Text(empty);
}

TEST(TextReportTest, FindingEvidence) {
  const std::string text = Text(EvidenceReport());
  EXPECT_NE(
      text.find("logs/day1.jsonl:88: critical: raise settled at 250, the rules pay 500 (war won: the three "
                "wagers) [settle/payout]\n"
                "    round T7-000124, table T7, time 2026-11-21T20:14:40Z, event 19, seat 1, wager raise, "
                "expected USD 5.00, actual USD 2.50: underpaid by USD 2.50\n"
                "    clause: ARSD 20:18:16:15.17(4)(d)(i) (spec revision 2012-04-23)\n"
                "    depends on the reading of: sd-war-win-payout\n"
                "    cleared by: sd-war-win-payout=paytable-half-on-raise\n"),
      std::string::npos)
      << text;
  EXPECT_NE(
      text.find(
          "    round T9-000007, table T9, time 2026-11-22T01:00:00Z, event 4, expected 1 card, actual 2 "
          "cards\n    clause: ARSD 20:18:16:15.03 (spec revision 2012-04-23)\n"
          "    and 163 later cards of this shoe, counted here\n"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("expected USD 5.00, actual USD 8.00: overpaid by USD 3.00\n"), std::string::npos)
      << text;
  // The event convention, once.
  EXPECT_EQ(test_reports::Count(text, "events are counted from 0, as in the log's events array\n"), 1)
      << text;
}

// The rule set beside the revision, the money a fault moved in its finding's block, and each
// consequence named on a line of its own; log text in them escaped as everywhere.
TEST(TextReportTest, RulesMoneyMovedAndNamedConsequences) {
  Report report = EvidenceReport();
  report.violations.push_back(test_reports::MoneyMovedFinding());
  report.violations.push_back(test_reports::DealerDrawFinding());
  Finding listed = test_reports::ListedConsequencesFinding();
  listed.consequence_list[0].card = "7H\x1b[2J";
  report.violations.push_back(listed);
  const std::string text = Text(report);
  EXPECT_NE(
      text.find("    round BWA-07, table BWA, time 2026-03-08T21:07:00Z, event 2, seat 1, wager blackjack, "
                "expected USD 500.00, actual USD 750.00\n"
                "    money moved: USD 750.00 to the player\n"
                "    clause: ARSD 20:18:15:20 (us-sd/war-blackjack revision 2015-05-13)\n"),
      std::string::npos)
      << text;
  EXPECT_NE(
      text.find("    round BWB-03, table BWB, time 2026-03-08T21:09:00Z, event 11\n"
                "    money moved: USD 10.00 to the house\n"
                "    clause: ARSD 20:18:15:30.12 (us-sd/war-blackjack-second-house revision 2015-05-13)\n"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("    clause: ARSD 20:18:16:15.03 (us-sd/casino-war revision 2012-04-23)\n"
                      "    and 2 later cards that overdrew the shoe as logged, counted here\n"
                      "    then: round T9-000009, event 5, card 7H\\x1b[2J (logs/day2.jsonl.gz:9)\n"
                      "    then: round T9-000012 (standard input:12)\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  // Findings of no rule set keep the words they had.
  EXPECT_NE(text.find("    clause: ARSD 20:18:16:15.17(4)(d)(i) (spec revision 2012-04-23)\n"),
            std::string::npos);
  // Totals apart from the payouts': in the money section and on the verdict line.
  EXPECT_NE(text.find("money moved by other faults (apart from the payouts, player's view; in USD):\n"
                      "  other faults moved USD 750.00 to players, USD 10.00 to the house (2 findings)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(
      VerdictLine(report).find("; underpaid USD 2.50, overpaid USD 3.00; other faults moved USD 750.00 to "
                               "players, USD 10.00 to the house"),
      std::string::npos)
      << VerdictLine(report);
  EXPECT_EQ(VerdictLine(EvidenceReport()).find("other faults"), std::string::npos);
  EXPECT_EQ(Text(EvidenceReport()).find("money moved"), std::string::npos);
}

// A long list of consequences is named up to a bound, and the rest counted.
TEST(TextReportTest, NamedConsequencesAreBounded) {
  Report report;
  Finding f = test_reports::ListedConsequencesFinding();
  f.consequence_list.clear();
  for (int i = 0; i < 25; ++i)
    f.consequence_list.push_back({"a.jsonl", 10 + i, "R" + std::to_string(i), 3, "AS"});
  report.violations = {f};
  const std::string text = Text(report);
  EXPECT_EQ(test_reports::Count(text, "    then: round R"), 20) << text;
  EXPECT_NE(text.find("    then: round R19, event 3, card AS (a.jsonl:29)\n"
                      "    and 5 more consequences, not named here: --format json names them all\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("round R20"), std::string::npos);
}

TEST(TextReportTest, MoneyTotalsAndAmbiguityTable) {
  const std::string text = Text(EvidenceReport());
  EXPECT_NE(text.find("money paid wrongly (player's view, from the findings that move money; in USD):\n"
                      "  total: underpaid USD 2.50, overpaid USD 3.00 (2 findings)\n"
                      "  by table:\n"
                      "    T7          underpaid USD 2.50, overpaid USD 0.00 (1 finding)\n"
                      "    T9          underpaid USD 0.00, overpaid USD 3.00 (1 finding)\n"
                      "  by day:\n"
                      "    2026-11-21  underpaid USD 2.50, overpaid USD 0.00 (1 finding)\n"
                      "    2026-11-22  underpaid USD 0.00, overpaid USD 3.00 (1 finding)\n"
                      "  by wager:\n"
                      "    main        underpaid USD 0.00, overpaid USD 3.00 (1 finding)\n"
                      "    raise       underpaid USD 2.50, overpaid USD 0.00 (1 finding)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("in USD; player's view: + the players gain under this reading, - they lose)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(
      text.find("    reading                 default  checked under  rounds settled differently  findings "
                "cleared     net difference\n"
                "    three-wagers            yes      yes                                     0            "
                "     0           USD 0.00\n"
                "    paytable-half-on-raise                                                  12            "
                "     1  -USD 8,244,520.00\n"),
      std::string::npos)
      << text;

  // A sum too large is said so, never wrapped.
  Report huge = EvidenceReport();
  huge.violations[0].expected = std::numeric_limits<Money>::max();
  huge.violations[0].actual = -5;
  const std::string overflow = Text(huge);
  EXPECT_NE(overflow.find("paid wrongly by an amount too large to represent"), std::string::npos) << overflow;
  EXPECT_NE(overflow.find(
                "  total: underpaid too large to represent, overpaid too large to represent (2 findings)\n"),
            std::string::npos)
      << overflow;
}

// A report whose findings move different sums: in order found, each finding's money.
Report MoneyReport() {
  Report report;
  report.rounds = 10;
  const auto payout = [](const std::string& round, const std::string& table, int64_t line, Money expected,
                         Money actual) {
    Finding f = ContractFinding();
    f.round = round;
    f.table = table;
    f.line = line;
    f.expected = expected;
    f.actual = actual;
    f.currency = "USD";
    return f;
  };
  Finding moved = BurnCount();  // moves no money by its code, but its fault moved some
  moved.round = "T7-000004";
  moved.line = 40;
  moved.money_moved = -2000;
  moved.currency = "USD";
  Finding huge =
      payout("T9-000006", "T9", 60, std::numeric_limits<Money>::max(), std::numeric_limits<Money>::min());
  report.violations = {payout("T7-000001", "T7", 10, 500, 250),   // underpaid 250
                       payout("T8-000002", "T8", 20, 100, 1100),  // overpaid 1,000
                       BurnCount(),                               // none (line 140)
                       moved,                                     // 2,000 to the house
                       payout("T7-000005", "T7", 50, 600, 350),   // underpaid 250: after line 10
                       huge};                                     // too large to represent
  return report;
}

// The lines of `text` that are findings (INPUT:LINE: SEVERITY: ...), by their line number.
std::vector<std::string> FindingLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("logs/day1.jsonl:")) continue;
    const size_t colon = line.find(':', 16);
    lines.push_back(line.substr(16, colon - 16));
  }
  return lines;
}

TEST(TextReportTest, SortByMoneyLargestFirstTiesInTheOrderByCode) {
  const Report report = MoneyReport();
  std::ostringstream by_code;
  WriteTextReport(report, by_code, TextOptions{});
  // By code: settle/payout (4) at T7, T8, T9, then deal/burn-count (2).
  EXPECT_EQ(FindingLines(by_code.str()), (std::vector<std::string>{"10", "50", "20", "60", "140", "40"}))
      << by_code.str();
  for (const int64_t held : {int64_t{32768}, int64_t{1}, int64_t{2}, int64_t{4}}) {
    TextOptions options;
    options.order = FindingOrder::kMoney;
    options.held = held;
    std::ostringstream out;
    WriteTextReport(report, out, options);
    const std::string text = out.str();
    // The sum too large to represent first; the two of USD 2.50 in the order by code; those that move
    // no money last, in the order by code.
    EXPECT_EQ(FindingLines(text), (std::vector<std::string>{"60", "40", "20", "10", "50", "140"}))
        << "held " << held << "\n"
        << text;
    EXPECT_NE(text.find("\n== findings by money, largest first"), std::string::npos) << text;
    EXPECT_EQ(text.find("\n== settle/payout"), std::string::npos) << text;
    options.max_findings = 3;
    std::ostringstream first;
    WriteTextReport(report, first, options);
    EXPECT_EQ(FindingLines(first.str()), (std::vector<std::string>{"60", "40", "20"})) << first.str();
    EXPECT_NE(first.str().find("\n3 more findings not listed here (--max-findings 3)"), std::string::npos);
  }
  // The order by code is the same read in passes of any size.
  TextOptions small;
  small.held = 1;
  std::ostringstream passes;
  WriteTextReport(report, passes, small);
  EXPECT_EQ(passes.str(), by_code.str());
  EXPECT_EQ(ParseFindingOrder("money"), FindingOrder::kMoney);
  EXPECT_EQ(ParseFindingOrder("code"), FindingOrder::kCode);
  EXPECT_EQ(ParseFindingOrder("amount"), std::nullopt);
}

TEST(TextReportTest, SummaryShowsTheLargestFindingsByMoney) {
  const std::string text = Text(MoneyReport());
  const std::string largest =
      "largest findings by money (5 of 5 findings that move money; --sort money lists them all in this "
      "order):\n"
      "  logs/day1.jsonl:60: paid wrongly by an amount too large to represent [settle/payout] (round "
      "T9-000006, table T9, seat 1)\n"
      "  logs/day1.jsonl:40: moved USD 20.00 to the house [deal/burn-count] (round T7-000004, table T7)\n"
      "  logs/day1.jsonl:20: overpaid by USD 10.00 [settle/payout] (round T8-000002, table T8, seat 1)\n"
      "  logs/day1.jsonl:10: underpaid by USD 2.50 [settle/payout] (round T7-000001, table T7, seat 1)\n"
      "  logs/day1.jsonl:50: underpaid by USD 2.50 [settle/payout] (round T7-000005, table T7, seat 1)\n";
  EXPECT_NE(text.find(largest), std::string::npos) << text;
  // In the summary, before the findings.
  EXPECT_LT(text.find("largest findings by money"), text.find("\n== settle/payout")) << text;
  // Past five, the five largest.
  Report more = MoneyReport();
  Finding sixth = ContractFinding();
  sixth.line = 70;
  sixth.expected = 100;
  sixth.actual = 99;
  more.violations.push_back(sixth);
  const std::string six = Text(more);
  EXPECT_NE(six.find("largest findings by money (5 of 6 findings that move money;"), std::string::npos)
      << six;
  EXPECT_EQ(six.find("logs/day1.jsonl:70: underpaid by 1 minor unit"), std::string::npos) << six;
  // A report whose findings move no money has no such list.
  Report none;
  none.violations = {BurnCount()};
  EXPECT_EQ(Text(none).find("largest findings"), std::string::npos);
}

TEST(WriteReportTest, FormatsComeFromOneTable) {
  EXPECT_EQ(ReportFormats(),
            (std::vector<std::string_view>{"text", "json", "junit", "sarif", "md", "html", "csv", "sqlite"}));
  for (std::string_view format : ReportFormats()) {
    if (IsDatabaseFormat(format)) continue;  // DatabaseFormatHasNoStream
    std::ostringstream out;
    EXPECT_TRUE(WriteReport(Report(), format, out).ok()) << format;
    EXPECT_FALSE(out.str().empty()) << format;
  }
}

TEST(WriteReportTest, UnknownFormatIsInvalidArgumentAndWritesNothing) {
  for (std::string_view format : {"htm", "xml", "JSON", ""}) {
    std::ostringstream out;
    const Status status = WriteReport(ContractReport(), format, out);
    EXPECT_FALSE(status.ok()) << format;
    EXPECT_EQ(status.code(), Status::Code::kInvalidArgument) << format;
    EXPECT_NE(status.message().find("'" + std::string(format) + "'"), std::string::npos) << status.message();
    EXPECT_NE(status.message().find("text, json, junit, sarif, md, html"), std::string::npos)
        << status.message();
    EXPECT_TRUE(out.str().empty()) << format;
  }
}

TEST(WriteReportTest, DatabaseFormatHasNoStream) {
  EXPECT_TRUE(IsDatabaseFormat("sqlite"));
  EXPECT_FALSE(IsDatabaseFormat("json"));
  EXPECT_FALSE(IsDatabaseFormat("nosuch"));
  std::ostringstream out;
  const Status status = WriteReport(ContractReport(), "sqlite", out);
  EXPECT_EQ(status.code(), Status::Code::kInvalidArgument);
  EXPECT_NE(status.message().find("--out FILE.sqlite"), std::string::npos) << status.message();
  EXPECT_TRUE(out.str().empty());
}

TEST(WriteReportTest, FailedStreamIsIoError) {
  std::ostringstream out;
  out.setstate(std::ios::badbit);
  const Status status = WriteReport(ContractReport(), "json", out);
  EXPECT_EQ(status.code(), Status::Code::kIoError);
}

TEST(CodeCountsTest, MostFrequentFirstThenById) {
  const std::vector<std::pair<std::string, int64_t>> expected = {
      {"settle/payout", 2}, {"deal/burn-count", 1}, {"input/malformed", 1}};
  EXPECT_EQ(CodeCounts(ContractReport()), expected);
}

TEST(FormatOfPathTest, TheExtensionNamesTheFormat) {
  EXPECT_EQ(FormatOfPath("out/day1.json"), "json");
  EXPECT_EQ(FormatOfPath("day1.sarif"), "sarif");
  EXPECT_EQ(FormatOfPath("day1.sarif.json"), "sarif");  // the longest suffix wins
  EXPECT_EQ(FormatOfPath("junit.XML"), "junit");        // without case
  EXPECT_EQ(FormatOfPath("summary.md"), "md");
  EXPECT_EQ(FormatOfPath("page.html"), "html");
  EXPECT_EQ(FormatOfPath("page.htm"), "html");
  EXPECT_EQ(FormatOfPath("rows.csv"), "csv");
  EXPECT_EQ(FormatOfPath("report.txt"), "text");
  EXPECT_EQ(FormatOfPath("nightly.sqlite"), "sqlite");
  EXPECT_EQ(FormatOfPath("nightly.db"), "sqlite");
  EXPECT_EQ(FormatOfPath("report.junit"), "");
  EXPECT_EQ(FormatOfPath("json"), "");
  EXPECT_EQ(FormatOfPath(""), "");
  // Every extension listed names a format WriteReport writes.
  const auto formats = ReportFormats();
  for (std::string_view name : {"a.txt", "a.json", "a.xml", "a.sarif", "a.md", "a.html", "a.csv"}) {
    EXPECT_NE(std::find(formats.begin(), formats.end(), FormatOfPath(name)), formats.end()) << name;
  }
  EXPECT_NE(FormatExtensionsText().find(".xml junit, .sarif/.sarif.json sarif"), std::string::npos)
      << FormatExtensionsText();
}

}  // namespace
}  // namespace pitboss
