#include "report/report_reader.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "report/test_reports.h"
#include "report/writers.h"

namespace pitboss {
namespace {

using test_reports::BurnCount;
using test_reports::ContractFinding;
using test_reports::ContractReport;
using test_reports::UnreadableLine;
using test_reports::Write;

void ExpectSameFinding(const Finding& got, const Finding& want) {
  EXPECT_EQ(got.code, want.code);
  EXPECT_EQ(got.round, want.round);
  EXPECT_EQ(got.table, want.table);
  EXPECT_EQ(got.input, want.input);
  EXPECT_EQ(got.line, want.line);
  EXPECT_EQ(got.seat, want.seat);
  EXPECT_EQ(got.wager, want.wager);
  EXPECT_EQ(got.expected, want.expected);
  EXPECT_EQ(got.actual, want.actual);
  EXPECT_EQ(got.clause, want.clause);
  EXPECT_EQ(got.reading_dependent, want.reading_dependent);
  EXPECT_EQ(got.message, want.message);
  EXPECT_EQ(got.hand, want.hand);
  EXPECT_EQ(got.time, want.time);
  EXPECT_EQ(got.revision, want.revision);
  EXPECT_EQ(got.event, want.event);
  EXPECT_EQ(got.cleared_by, want.cleared_by);
  EXPECT_EQ(got.currency, want.currency);
  EXPECT_EQ(got.consequences, want.consequences);
  EXPECT_EQ(got.consequences_note, want.consequences_note);
  EXPECT_EQ(got.rules, want.rules);
  EXPECT_EQ(got.money_moved, want.money_moved);
  EXPECT_EQ(got.consequence_list, want.consequence_list);
  // And nothing left out above: the whole finding, but the baseline state, which is not read.
  Finding without_baseline = want;
  without_baseline.baseline = BaselineState::kNone;
  EXPECT_TRUE(got == without_baseline);
}

void ExpectSameReport(const Report& got, const Report& want) {
  EXPECT_EQ(got.tool, want.tool);
  EXPECT_EQ(got.version, want.version);
  EXPECT_EQ(got.command_line, want.command_line);
  EXPECT_EQ(got.analysis_time, want.analysis_time);
  EXPECT_EQ(got.currency, want.currency);
  EXPECT_EQ(got.complete, want.complete);
  ASSERT_EQ(got.inputs.size(), want.inputs.size());
  for (size_t i = 0; i < want.inputs.size(); ++i) {
    SCOPED_TRACE("input " + std::to_string(i));
    EXPECT_EQ(got.inputs[i].path, want.inputs[i].path);
    EXPECT_EQ(got.inputs[i].lines, want.inputs[i].lines);
    EXPECT_EQ(got.inputs[i].rounds, want.inputs[i].rounds);
    EXPECT_EQ(got.inputs[i].bytes, want.inputs[i].bytes);
    EXPECT_EQ(got.inputs[i].sha256, want.inputs[i].sha256);
    EXPECT_EQ(got.inputs[i].first_round_time, want.inputs[i].first_round_time);
    EXPECT_EQ(got.inputs[i].last_round_time, want.inputs[i].last_round_time);
    EXPECT_EQ(got.inputs[i].error, want.inputs[i].error);
    EXPECT_EQ(got.inputs[i].context, want.inputs[i].context);
  }
  ASSERT_EQ(got.skipped.size(), want.skipped.size());
  for (size_t i = 0; i < want.skipped.size(); ++i) {
    EXPECT_EQ(got.skipped[i].path, want.skipped[i].path);
    EXPECT_EQ(got.skipped[i].reason, want.skipped[i].reason);
  }
  ASSERT_EQ(got.not_checked.size(), want.not_checked.size());
  for (size_t i = 0; i < want.not_checked.size(); ++i) {
    EXPECT_EQ(got.not_checked[i].code, want.not_checked[i].code);
    EXPECT_EQ(got.not_checked[i].lacks, want.not_checked[i].lacks);
    EXPECT_EQ(got.not_checked[i].why, want.not_checked[i].why);
    EXPECT_EQ(got.not_checked[i].dialect, want.not_checked[i].dialect);
    EXPECT_EQ(got.not_checked[i].withheld, want.not_checked[i].withheld);
  }
  ASSERT_EQ(got.context_damage.size(), want.context_damage.size());
  for (size_t i = 0; i < want.context_damage.size(); ++i) {
    const ContextDamage &g = got.context_damage[i], &w = want.context_damage[i];
    EXPECT_EQ(g.input, w.input);
    EXPECT_EQ(g.line, w.line);
    EXPECT_EQ(g.error, w.error);
    ASSERT_EQ(g.tables.size(), w.tables.size());
    for (size_t t = 0; t < w.tables.size(); ++t) {
      EXPECT_EQ(g.tables[t].table, w.tables[t].table);
      EXPECT_EQ(g.tables[t].rounds_not_judged, w.tables[t].rounds_not_judged);
      EXPECT_EQ(g.tables[t].judged_from, w.tables[t].judged_from);
    }
  }
  ASSERT_EQ(got.specs.size(), want.specs.size());
  for (size_t i = 0; i < want.specs.size(); ++i) {
    EXPECT_EQ(got.specs[i].id, want.specs[i].id);
    EXPECT_EQ(got.specs[i].revision, want.specs[i].revision);
    EXPECT_EQ(got.specs[i].sha256, want.specs[i].sha256);
    EXPECT_EQ(got.specs[i].path, want.specs[i].path);
    EXPECT_EQ(got.specs[i].readings, want.specs[i].readings);
    EXPECT_EQ(got.specs[i].default_readings, want.specs[i].default_readings);
  }
  EXPECT_EQ(got.rounds, want.rounds);
  EXPECT_EQ(got.rounds_with_violations, want.rounds_with_violations);
  ASSERT_EQ(got.violations.size(), want.violations.size());
  for (size_t i = 0; i < want.violations.size(); ++i) {
    SCOPED_TRACE("violation " + std::to_string(i));
    ExpectSameFinding(got.violations[i], want.violations[i]);
  }
  ASSERT_EQ(got.ambiguities.size(), want.ambiguities.size());
  for (size_t i = 0; i < want.ambiguities.size(); ++i) {
    const AmbiguityImpact& g = got.ambiguities[i];
    const AmbiguityImpact& w = want.ambiguities[i];
    EXPECT_EQ(g.id, w.id);
    EXPECT_EQ(g.spec, w.spec);
    EXPECT_EQ(g.revision, w.revision);
    EXPECT_EQ(g.clause, w.clause);
    ASSERT_EQ(g.readings.size(), w.readings.size());
    for (size_t r = 0; r < w.readings.size(); ++r) {
      EXPECT_EQ(g.readings[r].name, w.readings[r].name);
      EXPECT_EQ(g.readings[r].is_default, w.readings[r].is_default);
      EXPECT_EQ(g.readings[r].rounds_settled_differently, w.readings[r].rounds_settled_differently);
      EXPECT_EQ(g.readings[r].net_difference, w.readings[r].net_difference);
      EXPECT_EQ(g.readings[r].in_force, w.readings[r].in_force);
      EXPECT_EQ(g.readings[r].findings_cleared, w.readings[r].findings_cleared);
    }
  }
  ASSERT_EQ(got.shards.size(), want.shards.size());
  for (size_t i = 0; i < want.shards.size(); ++i) {
    EXPECT_EQ(got.shards[i].path, want.shards[i].path);
    EXPECT_EQ(got.shards[i].sha256, want.shards[i].sha256);
    EXPECT_EQ(got.shards[i].version, want.shards[i].version);
    EXPECT_EQ(got.shards[i].command_line, want.shards[i].command_line);
    EXPECT_EQ(got.shards[i].analysis_time, want.shards[i].analysis_time);
    EXPECT_EQ(got.shards[i].complete, want.shards[i].complete);
  }
  EXPECT_EQ(got.merge_warnings, want.merge_warnings);
}

// A report that uses every field: both kinds of seat, no seat, null round and table, an
// amount only on one side, several reading_dependent ids, text that needs escaping.
Report EveryField() {
  Report report = ContractReport();
  report.version = "9.9.9";
  report.inputs.push_back({"-", 3, 2});
  Finding dealer = ContractFinding();
  dealer.seat = kDealer;
  dealer.wager = WagerKind::kTie;
  dealer.expected.reset();
  dealer.actual = -123;
  dealer.reading_dependent = {"a", "b"};
  dealer.message = "quote \" backslash \\ tab \t newline \n caf\xc3\xa9";
  report.violations.push_back(dealer);
  report.ambiguities.push_back({"other", "online/war", "published", "7.2", {{"only", true, 0, 0}}});
  return report;
}

// Every field of the model set to something other than its default, the evidence and
// provenance fields included, for the round trip: what is written is read back the same.
Report EveryNewField() {
  Report report = EveryField();
  report.command_line = {"pitboss", "check", "--reading", "sd-war-win-payout=raise-only", "logs/"};
  report.analysis_time = "2026-11-25T08:30:00Z";
  report.currency = "USD";
  report.complete = false;
  InputSummary& day1 = report.inputs[0];
  day1.bytes = 123456;
  day1.sha256 = "ab12";
  day1.first_round_time = "2026-11-21T08:00:00Z";
  day1.last_round_time = "2026-11-21T23:59:00Z";
  day1.error = "truncated gzip stream at byte 1234";
  InputSummary context{"logs/day0.jsonl", 10, 9};
  context.context = true;
  report.inputs.push_back(context);
  report.skipped = {{"logs/notes.txt", "not a log (.jsonl, .jsonl.gz, .jsonl.zst)"}};
  report.not_checked = {{"shoe/no-shuffle", "a shuffle", "the format has none", "vendor/replay", 7}};
  report.context_damage = {{"logs/day0.jsonl",
                            812,
                            "line 812 is not a round: not JSON",
                            {{"T1", 3, "logs/day1.jsonl:40"}, {"T2", 5, ""}}}};
  report.specs[0].path = "rules/us-sd/casino-war.yaml";
  report.specs[0].readings = {{"sd-war-win-payout", "raise-only"}};
  report.specs[0].default_readings = false;
  Finding& payout = report.violations[1];
  payout.hand = 2;
  payout.time = "2026-11-21T20:14:40Z";
  payout.revision = "2012-04-23";
  payout.event = 0;  // 0 is an index like any other, not "none"
  payout.cleared_by = {{"sd-war-win-payout", {"raise-only", "other"}}, {"b", {"x"}}};
  payout.currency = "USD";
  payout.consequences = 3;
  payout.consequences_note = "the next 3 rounds of table T7";
  payout.rules = "us-sd/casino-war";
  report.violations[2].event = 19;
  report.violations.push_back(test_reports::MoneyMovedFinding());
  report.violations.push_back(test_reports::DealerDrawFinding());
  report.violations.push_back(test_reports::ListedConsequencesFinding());
  ReadingImpact& raise_only = report.ambiguities[0].readings[1];
  raise_only.in_force = true;
  raise_only.findings_cleared = 1;
  report.shards = {
      {"day1.json", "cd34", "0.1.0", {"pitboss", "check", "day1/"}, "2026-11-24T01:02:03Z", false},
      {"-", "ef56", "0.1.0", {}, "", true}};
  report.merge_warnings = {"input x is in report 1 and in report 2: its rounds are counted twice"};
  return report;
}

TEST(ReportReaderTest, RoundTripsEveryField) {
  const Report report = EveryField();
  StatusOr<Report> read = ReadJsonReport(Write(report, "json"), "r.json");
  ASSERT_TRUE(read.ok()) << read.status().message();
  ExpectSameReport(*read, report);
  // And the report written again is the same text.
  EXPECT_EQ(Write(*read, "json"), Write(report, "json"));
}

TEST(ReportReaderTest, RoundTripsEveryNewField) {
  const Report report = EveryNewField();
  const std::string json = Write(report, "json");
  StatusOr<Report> read = ReadJsonReport(json, "r.json");
  ASSERT_TRUE(read.ok()) << read.status().message();
  ExpectSameReport(*read, report);
  EXPECT_EQ(Write(*read, "json"), json);
  // Not vacuous: the fields are in the JSON, so a reader that skipped them would lose them.
  for (const char* key : {R"("command_line":)",
                          R"("analysis_time":)",
                          R"("currency":"USD")",
                          R"("complete":false)",
                          R"("error":)",
                          R"("context":true)",
                          R"("skipped":[{)",
                          R"("not_checked":[{)",
                          R"("judged_from":null)",
                          R"("context_damage":[{"input":"logs/day0.jsonl","line":812,)",
                          R"("path":"rules/)",
                          R"("time":)",
                          R"("revision":"2012-04-23","event":0)",
                          R"("cleared_by":)",
                          R"("consequences":3)",
                          R"("findings_cleared":1)",
                          R"("shards":[{)",
                          R"("merge_warnings":["input)",
                          R"("rules":"us-sd/casino-war","revision")",
                          R"("money_moved":-1000)",
                          R"("consequence_list":[{)"}) {
    EXPECT_NE(json.find(key), std::string::npos) << key;
  }
}

// The new keys at their limits: money moved past what a positive figure holds, a consequence
// of standard input, one of a file whose name is not UTF-8, one of no round, event or card.
TEST(ReportReaderTest, RoundTripsMoneyMovedAndNamedConsequences) {
  Report report = ContractReport();
  Finding moved = test_reports::MoneyMovedFinding();
  moved.money_moved = std::numeric_limits<Money>::min();
  Finding listed = test_reports::ListedConsequencesFinding();
  listed.consequence_list.push_back({std::string("logs/d\xffy.jsonl"), 3, "", std::nullopt, ""});
  listed.consequence_list.push_back({"logs/a.jsonl", 4, "R4", 0, "AS"});
  report.violations.push_back(moved);
  report.violations.push_back(listed);
  const std::string json = Write(report, "json");
  StatusOr<Report> read = ReadJsonReport(json, "r.json");
  ASSERT_TRUE(read.ok()) << read.status().message();
  ExpectSameReport(*read, report);
  EXPECT_EQ(Write(*read, "json"), json);
  EXPECT_NE(json.find(R"("line":3,"round":null})"), std::string::npos) << json;
}

// A report of a pitboss of before the evidence fields: none of the new keys, read with the
// model's defaults.
TEST(ReportReaderTest, ReadsAReportWithoutTheNewKeys) {
  const std::string old = R"({"tool":"pitboss","version":"0.0.9","format":1,)"
                          R"("inputs":[{"path":"a.jsonl","lines":2,"rounds":2}],)"
                          R"("specs":[{"id":"us-sd/casino-war","revision":"2012-04-23","sha256":"aa"}],)"
                          R"("summary":{"rounds":2,"rounds_with_violations":1,"violations":1,)"
                          R"("by_code":{"settle/payout":1}},)"
                          R"("violations":[{"code":"settle/payout","severity":"critical","round":"R1",)"
                          R"("table":"T","input":"a.jsonl","line":2,"seat":1,"wager":"main","expected":10,)"
                          R"("actual":5,"clause":"c","reading_dependent":["x"],"message":"m"}],)"
                          R"("ambiguities":[{"id":"x","spec":"us-sd/casino-war","clause":"c",)"
                          R"("readings":[{"name":"r","default":true,"rounds_settled_differently":0,)"
                          R"("net_difference":0}]}]})";
  StatusOr<Report> read = ReadJsonReport(old, "old.json");
  ASSERT_TRUE(read.ok()) << read.status().message();
  EXPECT_TRUE(read->complete);
  EXPECT_TRUE(read->command_line.empty());
  EXPECT_TRUE(read->skipped.empty());
  EXPECT_TRUE(read->shards.empty());
  EXPECT_EQ(read->inputs[0].bytes, -1);
  EXPECT_FALSE(read->inputs[0].context);
  const Finding& f = read->violations[0];
  EXPECT_FALSE(f.event.has_value());
  EXPECT_TRUE(f.time.empty());
  EXPECT_TRUE(f.cleared_by.empty());
  EXPECT_EQ(f.consequences, 0);
  EXPECT_EQ(read->ambiguities[0].readings[0].findings_cleared, 0);
}

TEST(ReportReaderTest, RoundTripsAnEmptyReport) {
  Report report;
  report.version = "0.1.0";
  StatusOr<Report> read = ReadJsonReport(Write(report, "json"), "r.json");
  ASSERT_TRUE(read.ok()) << read.status().message();
  ExpectSameReport(*read, report);
}

TEST(ReportReaderTest, IgnoresKeysItDoesNotKnow) {
  // The format gains keys by extension; a reader of format 1 still reads a later writer's.
  std::string json = Write(ContractReport(), "json");
  json.insert(1, R"("extra":{"x":[1,2]},)");
  const std::string finding = R"({"code":"input/malformed",)";
  json.insert(json.find(finding) + 1, R"("new_key":1.5,)");
  StatusOr<Report> read = ReadJsonReport(json, "r.json");
  ASSERT_TRUE(read.ok()) << read.status().message();
  ExpectSameReport(*read, ContractReport());
}

// The message of reading `json`, expected to fail.
std::string Error(std::string_view json, const std::string& path = "shard2.json") {
  StatusOr<Report> read = ReadJsonReport(json, path);
  EXPECT_FALSE(read.ok()) << json;
  return read.ok() ? "" : read.status().message();
}

// The contract's report with `from` replaced by `to` once (which must be there).
std::string Edited(std::string_view from, std::string_view to) {
  std::string json = Write(ContractReport(), "json");
  const size_t at = json.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) json.replace(at, from.size(), to);
  return json;
}

TEST(ReportReaderTest, NotJson) {
  EXPECT_EQ(Error("{\"tool\":").rfind("shard2.json: not JSON: ", 0), 0u) << Error("{\"tool\":");
  EXPECT_EQ(Error("").rfind("shard2.json: not JSON: ", 0), 0u);
  EXPECT_EQ(Error("[1,2]"), "shard2.json: not a pitboss JSON report: expected an object, not an array");
}

TEST(ReportReaderTest, WrongTool) {
  EXPECT_EQ(Error(Edited(R"("tool":"pitboss")", R"("tool":"eslint")")),
            R"(shard2.json: tool: not a pitboss report (tool "eslint"))");
  EXPECT_EQ(Error(R"({"format":1})"), "shard2.json: missing key 'tool'");
}

TEST(ReportReaderTest, WrongFormatVersion) {
  EXPECT_EQ(Error(Edited(R"("format":1)", R"("format":2)")),
            "shard2.json: format: report format 2, but this pitboss reads format 1 only");
  EXPECT_EQ(Error(Edited(R"("format":1)", R"("format":"1")")),
            R"(shard2.json: format: expected an integer, not "1")");
}

TEST(ReportReaderTest, FindingWithAStringLine) {
  EXPECT_EQ(Error(Edited(R"("line":140)", R"("line":"140")")),
            R"(shard2.json: violations[2].line: expected an integer, not "140")");
  EXPECT_EQ(Error(Edited(R"("line":140)", R"("line":140.0)")),
            "shard2.json: violations[2].line: expected an integer, not 140.0");
  EXPECT_EQ(Error(Edited(R"("line":140)", R"("line":-1)")),
            "shard2.json: violations[2].line: expected a count (an integer, 0 or more), not -1");
}

TEST(ReportReaderTest, UnknownCode) {
  EXPECT_EQ(Error(Edited(R"("code":"deal/burn-count")", R"("code":"deal/cut-card")")),
            "shard2.json: violations[2].code: unknown violation code 'deal/cut-card'");
}

TEST(ReportReaderTest, MissingKeysAndWrongTypes) {
  EXPECT_EQ(Error(Edited(R"("round":"T7-000200",)", "")), "shard2.json: violations[2]: missing key 'round'");
  EXPECT_EQ(Error(Edited(R"("round":"T7-000200")", R"("round":7)")),
            "shard2.json: violations[2].round: expected a string or null, not 7");
  EXPECT_EQ(Error(Edited(R"("seat":2)", R"("seat":"two")")),
            R"(shard2.json: violations[3].seat: expected a seat number (1 or more) or "dealer", not "two")");
  EXPECT_EQ(Error(Edited(R"("wager":"raise")", R"("wager":"bonus")")),
            "shard2.json: violations[1].wager: unknown wager 'bonus'");
  EXPECT_EQ(Error(Edited(R"("expected":500)", R"("expected":18446744073709551615)")),
            "shard2.json: violations[1].expected: expected an integer, not 18446744073709551615 (too large)");
  EXPECT_EQ(Error(Edited(R"("reading_dependent":["sd-war-win-payout"])", R"("reading_dependent":[1])")),
            "shard2.json: violations[1].reading_dependent[0]: expected a string, not 1");
  EXPECT_EQ(Error(Edited(R"("lines":1200)", R"("lines":null)")),
            "shard2.json: inputs[0].lines: expected an integer, not null");
  EXPECT_EQ(Error(Edited(R"("specs":[)", R"("specs":[7,)")),
            "shard2.json: specs[0]: expected an object, not 7");
  EXPECT_EQ(Error(Edited(R"("default":true)", R"("default":"yes")")),
            R"(shard2.json: ambiguities[0].readings[0].default: expected true or false, not "yes")");
  EXPECT_EQ(Error(Edited(R"(,"net_difference":-3000)", "")),
            "shard2.json: ambiguities[0].readings[1]: missing key 'net_difference'");
  EXPECT_EQ(Error(R"({"tool":"pitboss","format":1,"version":"0.1.0","inputs":{}})"),
            "shard2.json: inputs: expected an array, not an object");
}

// `json` with its first `from` replaced by `to` (a test failure where there is none).
std::string Edited(std::string text, std::string_view from, std::string_view to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(ReportReaderTest, NewKeysOfTheWrongType) {
  const std::string json = Write(EveryNewField(), "json");
  auto edited = [&](std::string_view from, std::string_view to) { return Edited(json, from, to); };
  EXPECT_EQ(Error(edited(R"("event":0)", R"("event":-1)")),
            "shard2.json: violations[1].event: expected an event index (an integer, 0 or more), not -1");
  EXPECT_EQ(
      Error(edited(R"("event":0)", R"("event":4294967296)")),
      "shard2.json: violations[1].event: expected an event index (an integer, 0 or more), not 4294967296");
  EXPECT_EQ(Error(edited(R"("complete":false)", R"("complete":"no")")),
            R"(shard2.json: complete: expected true or false, not "no")");
  EXPECT_EQ(Error(edited(R"("command_line":["pitboss")", R"("command_line":[1)")),
            "shard2.json: command_line[0]: expected a string, not 1");
  EXPECT_EQ(Error(edited(R"(,"reason":"not a log)", R"(,"why":"not a log)")),
            "shard2.json: skipped[0]: missing key 'reason'");
  EXPECT_EQ(Error(edited(R"("cleared_by":[{"ambiguity":"sd-war-win-payout","readings":)",
                         R"("cleared_by":[{"ambiguity":"sd-war-win-payout","reading":)")),
            "shard2.json: violations[1].cleared_by[0]: missing key 'readings'");
  EXPECT_EQ(Error(edited(R"("consequences":3)", R"("consequences":-3)")),
            "shard2.json: violations[1].consequences: expected a count (an integer, 0 or more), not -3");
  EXPECT_EQ(Error(edited(R"("findings_cleared":1)", R"("findings_cleared":true)")),
            "shard2.json: ambiguities[0].readings[1].findings_cleared: expected an integer, not true");
  EXPECT_EQ(
      Error(edited(R"("shards":[{"path":"day1.json","sha256":"cd34")", R"("shards":[{"path":"day1.json")")),
      "shard2.json: shards[0]: missing key 'sha256'");
  EXPECT_EQ(Error(edited(R"("merge_warnings":[)", R"("merge_warnings":[null,)")),
            "shard2.json: merge_warnings[0]: expected a string, not null");
  EXPECT_EQ(Error(edited(R"("rounds_not_judged":3)", R"("rounds_not_judged":-3)")),
            "shard2.json: context_damage[0].tables[0].rounds_not_judged: expected a count (an integer, 0 or "
            "more), not -3");
}

TEST(ReportReaderTest, MoneyMovedAndConsequencesOfTheWrongType) {
  Report report = ContractReport();
  report.violations.push_back(test_reports::MoneyMovedFinding());
  report.violations.push_back(test_reports::ListedConsequencesFinding());
  const std::string json = Write(report, "json");
  auto edited = [&](std::string_view from, std::string_view to) { return Edited(json, from, to); };
  EXPECT_EQ(Error(edited(R"("money_moved":75000)", R"("money_moved":"75000")")),
            R"(shard2.json: violations[4].money_moved: expected an integer, not "75000")");
  EXPECT_EQ(Error(edited(R"("rules":"us-sd/war-blackjack")", R"("rules":7)")),
            "shard2.json: violations[4].rules: expected a string, not 7");
  EXPECT_EQ(Error(edited(R"("consequence_list":[)", R"("consequence_list":7,"x":[)")),
            "shard2.json: violations[5].consequence_list: expected an array, not 7");
  EXPECT_EQ(Error(edited(R"("line":9,)", R"("line":"9",)")),
            R"(shard2.json: violations[5].consequence_list[0].line: expected an integer, not "9")");
  EXPECT_EQ(Error(edited(R"("event":5,)", R"("event":-1,)")),
            "shard2.json: violations[5].consequence_list[0].event: expected an event index (an integer, 0 or "
            "more), not -1");
  EXPECT_EQ(Error(edited(R"({"input":"-",)", "{")),
            "shard2.json: violations[5].consequence_list[1]: missing key 'input'");
}

TEST(ReportReaderTest, SummaryMustAgreeWithTheViolations) {
  EXPECT_EQ(Error(Edited(R"("violations":4)", R"("violations":5)")),
            "shard2.json: summary.violations: 5, but the report lists 4 violations");
  EXPECT_EQ(Error(Edited(R"("settle/payout":2)", R"("settle/payout":3)")),
            "shard2.json: summary.by_code: does not match the codes of the violations listed");
}

Report Shard(std::string input, int64_t rounds, int64_t with_violations, std::vector<Finding> findings) {
  Report report;
  report.version = "0.0.1";
  report.inputs = {{input, rounds + 1, rounds}};
  report.specs = {{"us-sd/casino-war", "2012-04-23", "aaaa"}};
  report.rounds = rounds;
  report.rounds_with_violations = with_violations;
  report.violations = std::move(findings);
  report.ambiguities = {{"sd-war-win-payout",
                         "us-sd/casino-war",
                         "2012-04-23",
                         "(4)(d)(i)",
                         {{"three-wagers", true, 0, 0}, {"raise-only", false, rounds / 10, -100 * rounds}}}};
  return report;
}

// The shards as merge reads them: report N from "rN.json", whose bytes' digest is "shaN".
StatusOr<Report> Merge(const std::vector<Report>& reports, bool allow_mixed = false) {
  std::vector<ShardReport> shards;
  for (size_t i = 0; i < reports.size(); ++i) {
    shards.push_back({"r" + std::to_string(i + 1) + ".json", "sha" + std::to_string(i + 1), reports[i]});
  }
  return MergeReports(shards, {.allow_mixed = allow_mixed});
}

TEST(MergeReportsTest, SumsConcatenatesAndDeduplicates) {
  Report one = Shard("day1.jsonl", 100, 2, {ContractFinding(), BurnCount()});
  Report two = Shard("day2.jsonl", 50, 1, {UnreadableLine()});
  two.specs.push_back({"online/war", "published", "bbbb"});
  two.ambiguities.push_back({"online-tie", "online/war", "published", "7", {{"x", true, 0, 0}}});
  StatusOr<Report> merged = Merge({one, two});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_TRUE(merged->merge_warnings.empty());

  EXPECT_EQ(merged->tool, "pitboss");
  EXPECT_EQ(merged->version, PITBOSS_VERSION);
  ASSERT_EQ(merged->inputs.size(), 2u);
  EXPECT_EQ(merged->inputs[0].path, "day1.jsonl");
  EXPECT_EQ(merged->inputs[1].path, "day2.jsonl");
  EXPECT_EQ(merged->inputs[1].lines, 51);
  ASSERT_EQ(merged->specs.size(), 2u);
  EXPECT_EQ(merged->specs[0].id, "us-sd/casino-war");
  EXPECT_EQ(merged->specs[1].id, "online/war");
  EXPECT_EQ(merged->rounds, 150);
  EXPECT_EQ(merged->rounds_with_violations, 3);
  ASSERT_EQ(merged->violations.size(), 3u);
  ExpectSameFinding(merged->violations[0], ContractFinding());
  ExpectSameFinding(merged->violations[1], BurnCount());
  ExpectSameFinding(merged->violations[2], UnreadableLine());

  ASSERT_EQ(merged->ambiguities.size(), 2u);
  const AmbiguityImpact& sd = merged->ambiguities[0];
  EXPECT_EQ(sd.id, "sd-war-win-payout");
  ASSERT_EQ(sd.readings.size(), 2u);
  EXPECT_TRUE(sd.readings[0].is_default);
  EXPECT_EQ(sd.readings[0].rounds_settled_differently, 0);
  EXPECT_EQ(sd.readings[1].name, "raise-only");
  EXPECT_EQ(sd.readings[1].rounds_settled_differently, 15);
  EXPECT_EQ(sd.readings[1].net_difference, -15000);
  EXPECT_EQ(merged->ambiguities[1].id, "online-tie");
}

// A key given twice is refused: the reader would take the first, and which is the report's
// is not its to choose (issue 21, item 8).
TEST(ReportReaderTest, AKeyGivenTwiceIsRefused) {
  std::ostringstream out;
  ASSERT_TRUE(WriteReport(test_reports::ContractReport(), "json", out).ok());
  std::string text = out.str();
  ASSERT_TRUE(ReadJsonReport(text, "r.json").ok());
  text.insert(text.size() - 2, R"(,"violations":[])");
  StatusOr<Report> read = ReadJsonReport(text, "r.json");
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.status().message().find("r.json: violations: given twice in the report"), std::string::npos)
      << read.status().message();
}

// A check not run in a shard is not run in the merged report, its withheld findings added up.
TEST(MergeReportsTest, JoinsChecksNotRun) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 50, 0, {});
  one.not_checked = {{"shoe/no-shuffle", "a shuffle", "none logged", "v/replay", 3}};
  two.not_checked = {{"shoe/no-shuffle", "a shuffle", "none logged", "v/replay", 4},
                     {"deal/order", "an order", "none logged", "v/replay", 1}};
  StatusOr<Report> merged = Merge({one, two});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  ASSERT_EQ(merged->not_checked.size(), 2u);
  EXPECT_EQ(merged->not_checked[0].code, "shoe/no-shuffle");
  EXPECT_EQ(merged->not_checked[0].withheld, 7);
  EXPECT_EQ(merged->not_checked[1].code, "deal/order");
  EXPECT_EQ(merged->not_checked[1].withheld, 1);
  EXPECT_TRUE(VerdictLine(*merged).starts_with("NO VIOLATIONS FOUND by the checks that could run"))
      << VerdictLine(*merged);
}

// Each shard's findings keep their rule set, money moved and named consequences through the
// JSON and the merge, and the merged summary totals the money moved anew, apart from payouts.
TEST(MergeReportsTest, KeepsMoneyMovedAndNamedConsequences) {
  Report one = Shard("day1.jsonl", 100, 2, {ContractFinding(), test_reports::MoneyMovedFinding()});
  Report two = Shard("day2.jsonl", 50, 2,
                     {test_reports::DealerDrawFinding(), test_reports::ListedConsequencesFinding()});
  std::vector<Report> read;
  for (const Report& shard : {one, two}) {
    StatusOr<Report> back = ReadJsonReport(Write(shard, "json"), "shard.json");
    ASSERT_TRUE(back.ok()) << back.status().message();
    read.push_back(std::move(back).value());
  }
  StatusOr<Report> merged = Merge(read);
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  ASSERT_EQ(merged->violations.size(), 4u);
  ExpectSameFinding(merged->violations[1], test_reports::MoneyMovedFinding());
  ExpectSameFinding(merged->violations[2], test_reports::DealerDrawFinding());
  ExpectSameFinding(merged->violations[3], test_reports::ListedConsequencesFinding());
  const MoneyTotals totals = TotalMoney(*merged);
  EXPECT_EQ(totals.moved.to_player, MoneySum(75000));
  EXPECT_EQ(totals.moved.to_house, MoneySum(1000));
  EXPECT_EQ(totals.moved.findings, 2);
  EXPECT_EQ(totals.all.findings, 1);  // the payout alone
  EXPECT_NE(Write(*merged, "json").find(R"("money_moved":{"to_player":75000,"to_house":1000,"findings":2,)"),
            std::string::npos);
}

TEST(MergeReportsTest, MatchesReadingsByName) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 100, 0, {});
  std::swap(two.ambiguities[0].readings[0], two.ambiguities[0].readings[1]);
  two.ambiguities[0].readings.push_back({"new-reading", false, 4, 40});
  StatusOr<Report> merged = Merge({one, two});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  const std::vector<ReadingImpact>& readings = merged->ambiguities[0].readings;
  ASSERT_EQ(readings.size(), 3u);
  EXPECT_EQ(readings[0].name, "three-wagers");
  EXPECT_EQ(readings[0].rounds_settled_differently, 0);
  EXPECT_EQ(readings[1].name, "raise-only");
  EXPECT_EQ(readings[1].rounds_settled_differently, 20);
  EXPECT_EQ(readings[1].net_difference, -20000);
  EXPECT_EQ(readings[2].name, "new-reading");
  EXPECT_EQ(readings[2].net_difference, 40);
}

TEST(MergeReportsTest, WarnsOfAnInputInTwoShards) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day1.jsonl", 100, 0, {});
  // Standard input is each shard's own: not the same log twice.
  one.inputs.push_back({"-", 1, 1});
  two.inputs.push_back({"-", 1, 1});
  StatusOr<Report> merged = Merge({one, two});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_EQ(merged->inputs.size(), 4u);
  EXPECT_EQ(merged->rounds, 200);
  EXPECT_EQ(merged->merge_warnings,
            std::vector<std::string>{
                "input day1.jsonl is in report 1 and in report 2: its rounds are counted twice"});
}

TEST(MergeReportsTest, RefusesOneRevisionWithTwoSha256) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 100, 0, {});
  two.specs[0].sha256 = "cccc";
  StatusOr<Report> merged = Merge({one, two});
  ASSERT_FALSE(merged.ok());
  EXPECT_EQ(merged.status().code(), Status::Code::kInvalidArgument);
  EXPECT_EQ(merged.status().message(),
            "spec us-sd/casino-war revision 2012-04-23 has sha256 aaaa in report 1 but cccc in report 2: the "
            "shards were checked against different spec files (report 1: r1.json; report 2: r2.json); "
            "--allow-mixed merges them, with a warning");
}

TEST(MergeReportsTest, AllowMixedWarnsOfOneRevisionWithTwoSha256) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 100, 0, {});
  Report three = Shard("day3.jsonl", 100, 0, {});
  two.specs[0].sha256 = "cccc";
  three.specs[0].sha256 = "cccc";
  StatusOr<Report> merged = Merge({one, two, three}, /*allow_mixed=*/true);
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  ASSERT_EQ(merged->specs.size(), 2u);
  EXPECT_EQ(merged->specs[0].sha256, "aaaa");
  EXPECT_EQ(merged->specs[1].sha256, "cccc");
  EXPECT_EQ(merged->merge_warnings,
            std::vector<std::string>{
                "spec us-sd/casino-war revision 2012-04-23 has sha256 aaaa in report 1 but cccc in "
                "report 2: the shards were checked against different spec files"});
}

// Reports that name each ambiguity's revision: matched by it, whatever the order.
TEST(MergeReportsTest, AmbiguitiesMatchedByRevision) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  one.ambiguities.push_back(one.ambiguities[0]);
  one.ambiguities[1].revision = "2030-01-01";
  one.ambiguities[1].readings[1].rounds_settled_differently = 1;
  Report two = one;
  two.inputs[0].path = "day2.jsonl";
  std::swap(two.ambiguities[0], two.ambiguities[1]);
  StatusOr<Report> merged = Merge({one, two});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_TRUE(merged->merge_warnings.empty());
  ASSERT_EQ(merged->ambiguities.size(), 2u);
  EXPECT_EQ(merged->ambiguities[1].revision, "2030-01-01");
  EXPECT_EQ(merged->ambiguities[1].readings[1].rounds_settled_differently, 2);
}

// Reports written before the "revision" key: a check over two revisions of a spec lists
// each revision's ambiguities, which then name no revision.
TEST(MergeReportsTest, AnAmbiguityListedOncePerRevision) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  one.ambiguities[0].revision.clear();
  one.specs.push_back({"us-sd/casino-war", "2030-01-01", "dddd"});
  one.ambiguities.push_back(one.ambiguities[0]);
  one.ambiguities[1].readings[1].rounds_settled_differently = 1;

  // Alone, the report is left as it is, without a warning.
  StatusOr<Report> merged = Merge({one});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_TRUE(merged->merge_warnings.empty());
  ExpectSameReport(*merged, [&] {
    Report same = one;
    same.version = PITBOSS_VERSION;
    same.shards = {{"r1.json", "sha1", one.version, {}, "", true}};
    return same;
  }());

  // With another, the nth entries are merged, and the guess is told.
  Report two = one;
  two.inputs[0].path = "day2.jsonl";
  merged = Merge({one, two});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  ASSERT_EQ(merged->ambiguities.size(), 2u);
  EXPECT_EQ(merged->ambiguities[0].readings[1].rounds_settled_differently, 20);
  EXPECT_EQ(merged->ambiguities[1].readings[1].rounds_settled_differently, 2);
  EXPECT_EQ(
      merged->merge_warnings,
      std::vector<std::string>{
          "ambiguity sd-war-win-payout of us-sd/casino-war is listed more than once in report 1, once per "
          "revision checked; as the report does not name their revisions, they are matched across the "
          "reports in the order listed"});
}

TEST(MergeReportsTest, OverflowIsAnError) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 100, 0, {});
  one.rounds = kMax;
  StatusOr<Report> merged = Merge({one, two});
  ASSERT_FALSE(merged.ok());
  EXPECT_EQ(merged.status().code(), Status::Code::kOutOfRange);
  EXPECT_EQ(merged.status().message(), "summary.rounds: the sum over the reports overflows");
}

// Issue 12: a net difference past 64 bits is summed wide, written as its exact decimal (a
// JSON string) and read back so, by every later merge too; past 128 bits it is "too large".
TEST(MergeReportsTest, NetDifferencesPastSixtyFourBitsAreExact) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 100, 0, {});
  one.ambiguities[0].readings[1].net_difference = std::numeric_limits<int64_t>::min();
  two.ambiguities[0].readings[1].net_difference = std::numeric_limits<int64_t>::min();
  StatusOr<Report> merged = Merge({one, two});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_EQ(merged->ambiguities[0].readings[1].net_difference.ToString(), "-18446744073709551616");
  const std::string json = Write(*merged, "json");
  EXPECT_NE(json.find(R"("net_difference":"-18446744073709551616")"), std::string::npos) << json;
  StatusOr<Report> read = ReadJsonReport(json, "merged.json");
  ASSERT_TRUE(read.ok()) << read.status().message();
  EXPECT_EQ(read->ambiguities[0].readings[1].net_difference.ToString(), "-18446744073709551616");
  // Every human format shows the exact figure.
  EXPECT_NE(Write(*merged, "text").find("18,446,744,073,709,551,616"), std::string::npos);
  EXPECT_NE(Write(*merged, "md").find("18,446,744,073,709,551,616"), std::string::npos);

  StatusOr<Report> again = Merge({*read, *read});
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_EQ(again->ambiguities[0].readings[1].net_difference.ToString(), "-36893488147419103232");

  one.ambiguities[0].readings[1].net_difference =
      *MoneySum::Parse("-170141183460469231731687303715884105728");
  two.ambiguities[0].readings[1].net_difference = -1;
  merged = Merge({one, two});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_TRUE(merged->ambiguities[0].readings[1].net_difference.lost());
  read = ReadJsonReport(Write(*merged, "json"), "merged.json");
  ASSERT_TRUE(read.ok()) << read.status().message();
  EXPECT_TRUE(read->ambiguities[0].readings[1].net_difference.lost());
  EXPECT_NE(Write(*merged, "text").find("too large to represent"), std::string::npos);
}

TEST(MergeReportsTest, MergedReportReadsBack) {
  StatusOr<Report> merged = Merge({ContractReport(), EveryNewField()}, /*allow_mixed=*/true);
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_FALSE(merged->merge_warnings.empty());
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  StatusOr<Report> read = ReadJsonReport(Write(*merged, "json"), "merged.json");
  ASSERT_TRUE(read.ok()) << read.status().message();
  ExpectSameReport(*read, *merged);
}

TEST(MergeReportsTest, RefusesShardsOfDifferentVersions) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 100, 0, {});
  two.version = "0.2.0";
  StatusOr<Report> merged = Merge({one, two});
  ASSERT_FALSE(merged.ok());
  EXPECT_EQ(merged.status().code(), Status::Code::kInvalidArgument);
  EXPECT_EQ(merged.status().message(),
            "report 2 was written by pitboss 0.2.0 but report 1 by pitboss 0.0.1: the versions may find and "
            "count differently (report 1: r1.json; report 2: r2.json); --allow-mixed merges them, with a "
            "warning");

  merged = Merge({one, two}, /*allow_mixed=*/true);
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_EQ(
      merged->merge_warnings,
      std::vector<std::string>{"report 2 was written by pitboss 0.2.0 but report 1 by pitboss 0.0.1: the "
                               "versions may find and count differently"});
  EXPECT_EQ(merged->version, PITBOSS_VERSION);
  ASSERT_EQ(merged->shards.size(), 2u);
  EXPECT_EQ(merged->shards[1].version, "0.2.0");
}

TEST(MergeReportsTest, RefusesMixedReadingsUnlessAllowed) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 100, 0, {});
  one.specs[0].readings = {{"sd-war-win-payout", "three-wagers"}};
  two.specs[0].readings = {{"sd-war-win-payout", "raise-only"}};
  two.specs[0].default_readings = false;
  one.ambiguities[0].readings[0].in_force = true;
  two.ambiguities[0].readings[1].in_force = true;
  StatusOr<Report> merged = Merge({one, two});
  ASSERT_FALSE(merged.ok());
  EXPECT_EQ(
      merged.status().message(),
      "spec us-sd/casino-war revision 2012-04-23 was checked under sd-war-win-payout=three-wagers in report "
      "1 but under sd-war-win-payout=raise-only in report 2: the shards cannot be added up (report 1: "
      "r1.json; report 2: r2.json); --allow-mixed merges them, with a warning");

  merged = Merge({one, two}, /*allow_mixed=*/true);
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  ASSERT_EQ(merged->merge_warnings.size(), 1u);
  EXPECT_NE(merged->merge_warnings[0].find("the shards cannot be added up"), std::string::npos);
  // Both readings are listed, each with the spec it was checked under, and both in force.
  ASSERT_EQ(merged->specs.size(), 2u);
  EXPECT_EQ(merged->specs[0].readings.at("sd-war-win-payout"), "three-wagers");
  EXPECT_EQ(merged->specs[1].readings.at("sd-war-win-payout"), "raise-only");
  EXPECT_FALSE(merged->specs[1].default_readings);
  EXPECT_TRUE(merged->ambiguities[0].readings[0].in_force);
  EXPECT_TRUE(merged->ambiguities[0].readings[1].in_force);
}

TEST(MergeReportsTest, CompletenessSkippedAndProvenance) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 100, 0, {});
  one.command_line = {"pitboss", "check", "day1.jsonl"};
  one.analysis_time = "2026-11-24T01:00:00Z";
  one.skipped = {{"a.txt", "not a log"}};
  two.complete = false;
  two.inputs[0].error = "truncated";
  two.skipped = {{"b.txt", "not a log"}};
  StatusOr<Report> merged = Merge({one, two});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_FALSE(merged->complete);
  ASSERT_EQ(merged->skipped.size(), 2u);
  EXPECT_EQ(merged->skipped[0].path, "a.txt");
  EXPECT_EQ(merged->skipped[1].path, "b.txt");
  EXPECT_EQ(merged->inputs[1].error, "truncated");
  // The merge's own provenance is its caller's to set.
  EXPECT_TRUE(merged->command_line.empty());
  EXPECT_TRUE(merged->analysis_time.empty());
  ASSERT_EQ(merged->shards.size(), 2u);
  EXPECT_EQ(merged->shards[0].path, "r1.json");
  EXPECT_EQ(merged->shards[0].sha256, "sha1");
  EXPECT_EQ(merged->shards[0].version, "0.0.1");
  EXPECT_EQ(merged->shards[0].command_line, one.command_line);
  EXPECT_EQ(merged->shards[0].analysis_time, "2026-11-24T01:00:00Z");
  EXPECT_TRUE(merged->shards[0].complete);
  EXPECT_FALSE(merged->shards[1].complete);

  merged = Merge({one, one});  // (with the input warning)
  ASSERT_TRUE(merged.ok());
  EXPECT_TRUE(merged->complete);
}

// A log read only for context by one shard is usually another shard's log: it is left out of
// the merged inputs, and not taken for a log counted twice.
TEST(MergeReportsTest, DropsContextInputs) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 100, 0, {});
  InputSummary context{"day1.jsonl", 101, 100};
  context.context = true;
  two.inputs.insert(two.inputs.begin(), context);
  StatusOr<Report> merged = Merge({one, two});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_TRUE(merged->merge_warnings.empty());
  ASSERT_EQ(merged->inputs.size(), 2u);
  EXPECT_EQ(merged->inputs[0].path, "day1.jsonl");
  EXPECT_FALSE(merged->inputs[0].context);
  EXPECT_EQ(merged->inputs[1].path, "day2.jsonl");
}

TEST(MergeReportsTest, CountsFindingsClearedAnew) {
  Finding cleared = ContractFinding();
  cleared.cleared_by = {{"sd-war-win-payout", {"raise-only"}}};
  Report one = Shard("day1.jsonl", 100, 1, {cleared});
  Report two = Shard("day2.jsonl", 100, 2, {cleared, cleared});
  // Whatever the shards say, the merged count is of the merged violations.
  one.ambiguities[0].readings[1].findings_cleared = 99;
  StatusOr<Report> merged = Merge({one, two});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_EQ(merged->ambiguities[0].readings[0].findings_cleared, 0);
  EXPECT_EQ(merged->ambiguities[0].readings[1].findings_cleared, 3);
}

TEST(MergeReportsTest, CarriesAShardsMergeWarningsAndCurrencies) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 100, 0, {});
  one.currency = "USD";
  two.currency = "USD";
  StatusOr<Report> merged = Merge({one, two});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_EQ(merged->currency, "USD");
  EXPECT_TRUE(merged->merge_warnings.empty());

  one.merge_warnings = {"input x is in report 1 and in report 2: its rounds are counted twice"};
  two.currency = "";
  merged = Merge({one, two});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_EQ(merged->currency, "");
  EXPECT_EQ(merged->merge_warnings,
            (std::vector<std::string>{
                "report 1: input x is in report 1 and in report 2: its rounds are counted twice",
                "report 2 was checked with none but report 1 with --currency USD: the merged report names no "
                "currency; each finding names its own"}));
}

// A merged report written and read back, then merged alone, keeps its violations' evidence.
TEST(MergeReportsTest, CarriesEveryFindingField) {
  Report shard = EveryNewField();
  shard.merge_warnings.clear();
  shard.shards.clear();
  StatusOr<Report> merged = Merge({shard});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  StatusOr<Report> read = ReadJsonReport(Write(*merged, "json"), "merged.json");
  ASSERT_TRUE(read.ok()) << read.status().message();
  ASSERT_EQ(read->violations.size(), shard.violations.size());
  for (size_t i = 0; i < shard.violations.size(); ++i) {
    SCOPED_TRACE("violation " + std::to_string(i));
    ExpectSameFinding(read->violations[i], shard.violations[i]);
  }
  EXPECT_EQ(read->currency, "USD");
  EXPECT_FALSE(read->complete);
  EXPECT_EQ(read->skipped.size(), 1u);
  EXPECT_EQ(read->inputs.size(), shard.inputs.size() - 1);  // the context log left out
}

namespace {

ReadingInferred Inferred(std::string table, std::string status, std::vector<std::string> readings,
                         int64_t told) {
  ReadingInferred r;
  r.table = std::move(table);
  r.spec = "us-sd/casino-war";
  r.revision = "2012-04-23";
  r.ambiguity = "sd-war-win-payout";
  r.checked = "three-wagers";
  r.status = std::move(status);
  r.readings = std::move(readings);
  r.rounds_distinguishing = told;
  r.rounds_consistent = {{"three-wagers", 0}, {"paytable-half-on-raise", told}};
  if (!r.readings.empty()) {
    r.runs = {{r.readings, told, "T1-000003", "day1.jsonl", 3, "2026-01-05T18:00:26Z", "T1-000990",
               "2026-01-06T02:00:00Z"}};
  }
  r.findings_explained = told + 1;
  r.rounds_explained = told;
  r.explained_underpaid = 2500 * told;
  r.currency = "USD";
  return r;
}

}  // namespace

TEST(ReportReaderTest, RoundTripsTheReadingsInferred) {
  Report report = ContractReport();
  report.readings_inferred = {Inferred("T1", "inferred", {"paytable-half-on-raise"}, 40),
                              Inferred("T2", "not-distinguished", {}, 0)};
  report.readings_inferred[0].explained_overflow = true;
  const std::string json = Write(report, "json");
  StatusOr<Report> read = ReadJsonReport(json, "r.json");
  ASSERT_TRUE(read.ok()) << read.status().message();
  ASSERT_EQ(read->readings_inferred.size(), 2u);
  const ReadingInferred& r = read->readings_inferred[0];
  EXPECT_EQ(r.status, "inferred");
  EXPECT_EQ(r.readings, std::vector<std::string>{"paytable-half-on-raise"});
  EXPECT_EQ(r.rounds_consistent, report.readings_inferred[0].rounds_consistent);
  ASSERT_EQ(r.runs.size(), 1u);
  EXPECT_EQ(r.runs[0].first_line, 3);
  EXPECT_EQ(r.runs[0].last_round, "T1-000990");
  EXPECT_EQ(r.explained_underpaid, 100000);
  EXPECT_TRUE(r.explained_overflow);
  EXPECT_EQ(r.currency, "USD");
  EXPECT_EQ(Write(*read, "json"), json);
  EXPECT_NE(json.find(R"("reading":"paytable-half-on-raise")"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("status":"not-distinguished","reading":null)"), std::string::npos) << json;
}

TEST(MergeReportsTest, SumsATablesReadingsOverShards) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 100, 0, {});
  one.readings_inferred = {Inferred("T1", "inferred", {"paytable-half-on-raise"}, 40)};
  two.readings_inferred = {Inferred("T1", "inferred", {"paytable-half-on-raise"}, 10),
                           Inferred("T2", "too-few-rounds", {"three-wagers"}, 3)};
  StatusOr<Report> merged = Merge({one, two});
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  ASSERT_EQ(merged->readings_inferred.size(), 2u);
  const ReadingInferred& t1 = merged->readings_inferred[0];
  EXPECT_EQ(t1.status, "inferred");
  EXPECT_EQ(t1.rounds_distinguishing, 50);
  EXPECT_EQ(t1.rounds_consistent[1].second, 50);
  EXPECT_EQ(t1.runs.size(), 2u);
  EXPECT_EQ(t1.findings_explained, 52);
  EXPECT_EQ(t1.explained_underpaid, 125000);
}

TEST(MergeReportsTest, RefusesShardsWhoseTableDealsAnotherReading) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 100, 0, {});
  one.readings_inferred = {Inferred("T1", "inferred", {"paytable-half-on-raise"}, 40)};
  two.readings_inferred = {Inferred("T1", "inferred", {"three-wagers"}, 40)};
  StatusOr<Report> refused = Merge({one, two});
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("table T1 deals sd-war-win-payout"), std::string::npos)
      << refused.status().message();
  EXPECT_NE(refused.status().message().find("--allow-mixed"), std::string::npos);
  StatusOr<Report> mixed = Merge({one, two}, /*allow_mixed=*/true);
  ASSERT_TRUE(mixed.ok()) << mixed.status().message();
  EXPECT_EQ(mixed->readings_inferred[0].status, "switches");
  EXPECT_EQ(mixed->readings_inferred[0].readings, std::vector<std::string>{"three-wagers"});
  ASSERT_FALSE(mixed->merge_warnings.empty());
  EXPECT_NE(mixed->merge_warnings.back().find("no reading/switch finding"), std::string::npos);
}

}  // namespace
}  // namespace pitboss
