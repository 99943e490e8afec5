#include "report/report_reader.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
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
}

void ExpectSameReport(const Report& got, const Report& want) {
  EXPECT_EQ(got.tool, want.tool);
  EXPECT_EQ(got.version, want.version);
  ASSERT_EQ(got.inputs.size(), want.inputs.size());
  for (size_t i = 0; i < want.inputs.size(); ++i) {
    EXPECT_EQ(got.inputs[i].path, want.inputs[i].path);
    EXPECT_EQ(got.inputs[i].lines, want.inputs[i].lines);
    EXPECT_EQ(got.inputs[i].rounds, want.inputs[i].rounds);
  }
  ASSERT_EQ(got.specs.size(), want.specs.size());
  for (size_t i = 0; i < want.specs.size(); ++i) {
    EXPECT_EQ(got.specs[i].id, want.specs[i].id);
    EXPECT_EQ(got.specs[i].revision, want.specs[i].revision);
    EXPECT_EQ(got.specs[i].sha256, want.specs[i].sha256);
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
    }
  }
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

TEST(ReportReaderTest, RoundTripsEveryField) {
  const Report report = EveryField();
  StatusOr<Report> read = ReadJsonReport(Write(report, "json"), "r.json");
  ASSERT_TRUE(read.ok()) << read.status().message();
  ExpectSameReport(*read, report);
  // And the report written again is the same text.
  EXPECT_EQ(Write(*read, "json"), Write(report, "json"));
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

TEST(MergeReportsTest, SumsConcatenatesAndDeduplicates) {
  Report one = Shard("day1.jsonl", 100, 2, {ContractFinding(), BurnCount()});
  Report two = Shard("day2.jsonl", 50, 1, {UnreadableLine()});
  two.specs.push_back({"online/war", "published", "bbbb"});
  two.ambiguities.push_back({"online-tie", "online/war", "published", "7", {{"x", true, 0, 0}}});
  std::vector<std::string> warnings;
  StatusOr<Report> merged = MergeReports({one, two}, &warnings);
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_TRUE(warnings.empty());

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

TEST(MergeReportsTest, MatchesReadingsByName) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 100, 0, {});
  std::swap(two.ambiguities[0].readings[0], two.ambiguities[0].readings[1]);
  two.ambiguities[0].readings.push_back({"new-reading", false, 4, 40});
  std::vector<std::string> warnings;
  StatusOr<Report> merged = MergeReports({one, two}, &warnings);
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
  std::vector<std::string> warnings;
  StatusOr<Report> merged = MergeReports({one, two}, &warnings);
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_EQ(merged->inputs.size(), 4u);
  EXPECT_EQ(merged->rounds, 200);
  EXPECT_EQ(warnings, std::vector<std::string>{
                          "input day1.jsonl is in report 1 and in report 2: its rounds are counted twice"});
}

TEST(MergeReportsTest, WarnsOfOneRevisionWithTwoSha256) {
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 100, 0, {});
  Report three = Shard("day3.jsonl", 100, 0, {});
  two.specs[0].sha256 = "cccc";
  three.specs[0].sha256 = "cccc";
  std::vector<std::string> warnings;
  StatusOr<Report> merged = MergeReports({one, two, three}, &warnings);
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  ASSERT_EQ(merged->specs.size(), 2u);
  EXPECT_EQ(merged->specs[0].sha256, "aaaa");
  EXPECT_EQ(merged->specs[1].sha256, "cccc");
  EXPECT_EQ(warnings, std::vector<std::string>{
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
  std::vector<std::string> warnings;
  StatusOr<Report> merged = MergeReports({one, two}, &warnings);
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_TRUE(warnings.empty());
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
  std::vector<std::string> warnings;
  StatusOr<Report> merged = MergeReports({one}, &warnings);
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  EXPECT_TRUE(warnings.empty());
  ExpectSameReport(*merged, [&] {
    Report same = one;
    same.version = PITBOSS_VERSION;
    return same;
  }());

  // With another, the nth entries are merged, and the guess is told.
  Report two = one;
  two.inputs[0].path = "day2.jsonl";
  merged = MergeReports({one, two}, &warnings);
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  ASSERT_EQ(merged->ambiguities.size(), 2u);
  EXPECT_EQ(merged->ambiguities[0].readings[1].rounds_settled_differently, 20);
  EXPECT_EQ(merged->ambiguities[1].readings[1].rounds_settled_differently, 2);
  EXPECT_EQ(
      warnings,
      std::vector<std::string>{
          "ambiguity sd-war-win-payout of us-sd/casino-war is listed more than once in report 1, once per "
          "revision checked; as the report does not name their revisions, they are matched across the "
          "reports in the order listed"});
}

TEST(MergeReportsTest, OverflowIsAnError) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  std::vector<std::string> warnings;
  Report one = Shard("day1.jsonl", 100, 0, {});
  Report two = Shard("day2.jsonl", 100, 0, {});
  one.rounds = kMax;
  StatusOr<Report> merged = MergeReports({one, two}, &warnings);
  ASSERT_FALSE(merged.ok());
  EXPECT_EQ(merged.status().code(), Status::Code::kOutOfRange);
  EXPECT_EQ(merged.status().message(), "summary.rounds: the sum over the reports overflows");

  one = Shard("day1.jsonl", 100, 0, {});
  one.ambiguities[0].readings[1].net_difference = std::numeric_limits<int64_t>::min();
  merged = MergeReports({one, two}, &warnings);
  ASSERT_FALSE(merged.ok());
  EXPECT_EQ(
      merged.status().message(),
      "ambiguity sd-war-win-payout of us-sd/casino-war, reading raise-only: net_difference overflows summed "
      "over the reports");
}

TEST(MergeReportsTest, MergedReportReadsBack) {
  std::vector<std::string> warnings;
  StatusOr<Report> merged = MergeReports({ContractReport(), EveryField()}, &warnings);
  ASSERT_TRUE(merged.ok()) << merged.status().message();
  StatusOr<Report> read = ReadJsonReport(Write(*merged, "json"), "merged.json");
  ASSERT_TRUE(read.ok()) << read.status().message();
  ExpectSameReport(*read, *merged);
}

}  // namespace
}  // namespace pitboss
