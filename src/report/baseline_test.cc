#include "report/baseline.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "report/test_reports.h"

namespace pitboss {
namespace {

using test_reports::BurnCount;
using test_reports::ContractFinding;
using test_reports::UnreadableLine;

TEST(FingerprintTest, WhatChangesFromRunToRunIsLeftOut) {
  Finding a = ContractFinding();
  Finding b = a;
  b.line = 4000;                              // lines added to the log before it
  b.message = "reworded message";             // a new version's wording
  b.input = "/ci/workspace/logs/day1.jsonl";  // the same log from another folder
  b.time = "2027-01-01T00:00:00Z";
  b.clause = "another clause";
  EXPECT_EQ(FindingHash(a), FindingHash(b));
  EXPECT_EQ(FindingHash(a).size(), 32u);
  EXPECT_EQ(FindingHash(a).find_first_not_of("0123456789abcdef"), std::string::npos);
}

TEST(FingerprintTest, EachFieldOfTheIdentityTellsFindingsApart) {
  const Finding a = ContractFinding();
  std::vector<Finding> others(7, a);
  others[0].code = Code::kSettleSplit;
  others[1].input = "logs/day2.jsonl";
  others[2].round = "T7-000125";
  others[3].event = 3;
  others[4].seat = 2;
  others[5].hand = 2;
  others[6].wager = WagerKind::kMain;
  for (const Finding& other : others) EXPECT_NE(FindingHash(a), FindingHash(other));
}

TEST(FingerprintTest, FieldsDoNotRunTogether) {
  Finding a = ContractFinding(), b = ContractFinding();
  a.round = "T7-1";
  a.input = "x";
  b.round = "1";
  b.input = "x;T7-";
  EXPECT_NE(FindingHash(a), FindingHash(b));
}

TEST(FingerprintTest, FindingsAlikeAreCountedInOrder) {
  Finding first = UnreadableLine(), second = UnreadableLine();
  second.line = 40;
  Fingerprinter prints;
  const std::string a = prints.Next(first);
  const std::string b = prints.Next(second);
  const std::string c = prints.Next(ContractFinding());
  EXPECT_EQ(a, FindingHash(first) + ":1");
  EXPECT_EQ(b, FindingHash(first) + ":2");
  EXPECT_EQ(c, FindingHash(ContractFinding()) + ":1");
}

TEST(BaselineTest, NewUnchangedAndAbsent) {
  Report old_report;
  Finding fixed = BurnCount();
  Finding kept = ContractFinding();
  Finding malformed1 = UnreadableLine(), malformed2 = UnreadableLine();
  malformed2.line = 30;
  old_report.violations = {fixed, kept, malformed1, malformed2};

  Report report;
  Finding kept_moved = kept;
  kept_moved.line = 500;  // the log gained lines before it
  Finding added = ContractFinding();
  added.round = "T7-000999";
  report.violations = {malformed1, kept_moved, added};
  ApplyBaseline(old_report, "old.json", "abc", &report);

  ASSERT_TRUE(report.baseline.has_value());
  EXPECT_EQ(report.baseline->path, "old.json");
  EXPECT_EQ(report.baseline->sha256, "abc");
  EXPECT_EQ(report.baseline->new_findings, 1);
  EXPECT_EQ(report.baseline->unchanged, 2);
  const std::vector<Finding> marked = report.violations.ToVector();
  ASSERT_EQ(marked.size(), 3u);
  EXPECT_EQ(marked[0].baseline, BaselineState::kUnchanged);
  EXPECT_EQ(marked[1].baseline, BaselineState::kUnchanged);
  EXPECT_EQ(marked[1].line, 500);
  EXPECT_EQ(marked[2].baseline, BaselineState::kNew);
  // The burn count and the second malformed line are gone, in the baseline's order, each with
  // the fingerprint the baseline gave it (the malformed line's count is 2 there).
  const std::vector<Finding> absent = report.baseline->absent.ToVector();
  ASSERT_EQ(absent.size(), 2u);
  EXPECT_EQ(absent[0].code, Code::kDealBurnCount);
  EXPECT_EQ(absent[1].line, 30);
  for (const Finding& f : absent) EXPECT_EQ(f.baseline, BaselineState::kAbsent);
  ASSERT_EQ(report.baseline->absent_fingerprints.size(), 2u);
  EXPECT_EQ(report.baseline->absent_fingerprints[1], FindingHash(malformed2) + ":2");
  EXPECT_EQ(BaselineCountsText(report),
            "baseline old.json: 1 new, 2 unchanged, 2 absent (in the baseline, not found now)");
}

TEST(BaselineTest, ASpilledReportIsMarkedWhole) {
  // Findings beyond the store's threshold live in its file: marking must reach them too.
  Report old_report;
  Report report;
  report.violations = FindingStore(4);
  for (int i = 0; i < 20; ++i) {
    Finding f = ContractFinding();
    f.round = "R" + std::to_string(i);
    if (i % 2 == 0) old_report.violations.push_back(f);
    report.violations.push_back(f);
  }
  ASSERT_GT(report.violations.spilled(), 0u);
  ApplyBaseline(old_report, "old.json", "", &report);
  int i = 0;
  for (const Finding& f : report.violations) {
    EXPECT_EQ(f.baseline, i % 2 == 0 ? BaselineState::kUnchanged : BaselineState::kNew) << f.round;
    ++i;
  }
  EXPECT_EQ(i, 20);
  EXPECT_EQ(report.baseline->new_findings, 10);
  EXPECT_TRUE(report.baseline->absent.empty());
}

}  // namespace
}  // namespace pitboss
