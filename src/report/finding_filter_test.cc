#include "report/finding_filter.h"

#include <gtest/gtest.h>

namespace pitboss {
namespace {

Finding At(Code code, std::string table, std::string time, std::string input = "a.jsonl", int64_t line = 1) {
  Finding f;
  f.code = code;
  f.table = std::move(table);
  f.time = std::move(time);
  f.input = std::move(input);
  f.line = line;
  return f;
}

FindingFilter Make(FindingFilterOptions options) {
  auto f = FindingFilter::Make(options);
  EXPECT_TRUE(f.ok()) << f.status().message();
  return f.ok() ? f.value() : FindingFilter();
}

TEST(FindingFilterTest, SeveritiesHaveOneOrderMostSeriousFirst) {
  EXPECT_LT(SeverityRank(Severity::kError), SeverityRank(Severity::kCritical));
  EXPECT_LT(SeverityRank(Severity::kCritical), SeverityRank(Severity::kMajor));
  EXPECT_LT(SeverityRank(Severity::kMajor), SeverityRank(Severity::kMinor));
  const FindingFilter major = Make({.min_severity = "major"});
  EXPECT_TRUE(major.Matches(At(Code::kSettlePayout, "T1", "")));   // critical
  EXPECT_TRUE(major.Matches(At(Code::kInputMalformed, "", "")));   // error
  EXPECT_TRUE(major.Matches(At(Code::kDealBurnCount, "T1", "")));  // major
  EXPECT_FALSE(major.Matches(At(Code::kSettleOrder, "T1", "")));   // minor
  EXPECT_EQ(major.description(), "severity major or worse");
}

TEST(FindingFilterTest, CodesByIdOrFamily) {
  const FindingFilter settle = Make({.codes = {"settle/*", "deal/order"}});
  EXPECT_TRUE(settle.Matches(At(Code::kSettleSplit, "T1", "")));
  EXPECT_TRUE(settle.Matches(At(Code::kDealOrder, "T1", "")));
  EXPECT_FALSE(settle.Matches(At(Code::kDealBurnCount, "T1", "")));
  EXPECT_TRUE(Make({.codes = {"shoe"}}).Matches(At(Code::kShoeMidRoundShuffle, "T1", "")));
}

TEST(FindingFilterTest, AMisspeltOptionIsAnErrorWithASuggestion) {
  auto code = FindingFilter::Make({.codes = {"settle/paymnt"}});
  ASSERT_FALSE(code.ok());
  EXPECT_NE(code.status().message().find("did you mean 'settle/payout'?"), std::string::npos)
      << code.status().message();
  auto severity = FindingFilter::Make({.min_severity = "critcal"});
  ASSERT_FALSE(severity.ok());
  EXPECT_NE(severity.status().message().find("did you mean 'critical'?"), std::string::npos);
  EXPECT_FALSE(FindingFilter::Make({.since = "yesterday"}).ok());
  // A period that ends before it starts reports nothing: refused, not run to an empty report.
  auto backwards = FindingFilter::Make({.since = "2026-01-06", .until = "2026-01-05"});
  ASSERT_FALSE(backwards.ok());
  EXPECT_NE(backwards.status().message().find("--since 2026-01-06 is after --until 2026-01-05"),
            std::string::npos);
  EXPECT_FALSE(FindingFilter::Make({.since = "2026-01-05T18:00:01Z", .until = "2026-01-05T18:00:00Z"}).ok());
  EXPECT_FALSE(FindingFilter::Make({.since = "2026-01-08", .until = "2026-01-05T18:00:00Z"}).ok());
  EXPECT_TRUE(FindingFilter::Make({.since = "2026-01-05", .until = "2026-01-05"}).ok());
  EXPECT_TRUE(FindingFilter::Make({.since = "2026-01-05", .until = "2026-01-05T01:00:00+05:00"}).ok());
}

TEST(FindingFilterTest, DatesIncludeTheWholeDayAndTimesAreInstants) {
  const FindingFilter day = Make({.since = "2026-01-05", .until = "2026-01-05"});
  EXPECT_TRUE(day.Matches(At(Code::kSettlePayout, "T1", "2026-01-05T00:00:00Z")));
  EXPECT_TRUE(day.Matches(At(Code::kSettlePayout, "T1", "2026-01-05T23:59:59-05:00")));  // its date as logged
  EXPECT_FALSE(day.Matches(At(Code::kSettlePayout, "T1", "2026-01-06T00:00:00Z")));
  EXPECT_FALSE(day.Matches(At(Code::kSettlePayout, "T1", "2026-01-04T23:59:59Z")));
  const FindingFilter evening = Make({.since = "2026-01-05T18:00:00Z"});
  EXPECT_TRUE(evening.Matches(At(Code::kSettlePayout, "T1", "2026-01-05T13:30:00-05:00")));  // 18:30Z
  EXPECT_FALSE(evening.Matches(At(Code::kSettlePayout, "T1", "2026-01-05T12:30:00-05:00")));
  // A finding that cannot be placed in time is kept: what it hides may be in the period.
  EXPECT_TRUE(evening.Matches(At(Code::kInputMalformed, "", "")));
}

TEST(FindingFilterTest, ApplyKeepsMatchesCountsTheRestAndNamesItself) {
  Report report;
  report.rounds = 10;
  report.violations = {At(Code::kSettlePayout, "T1", "", "a", 1), At(Code::kSettleOrder, "T1", "", "a", 1),
                       At(Code::kSettlePayout, "T2", "", "a", 2), At(Code::kDealOrder, "T2", "", "a", 3)};
  report.rounds_with_violations = 3;
  Make({.tables = {"T1"}}).Apply(&report);
  EXPECT_EQ(report.violations.size(), 2u);
  EXPECT_EQ(report.findings_filtered_out, 2);
  EXPECT_EQ(report.rounds_with_violations, 1);
  EXPECT_EQ(report.filter, "table T1");
  FindingFilter().Apply(&report);  // nothing to apply
  EXPECT_EQ(report.filter, "table T1");
}

}  // namespace
}  // namespace pitboss
