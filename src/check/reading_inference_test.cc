#include "check/reading_inference.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pitboss/codes.h"

namespace pitboss {
namespace {

// A spec of one ambiguity, "payout", read "whole" (the default) or "half".
RuleSpec Spec() {
  RuleSpec spec;
  spec.id = "test/war";
  spec.revision = "r1";
  Ambiguity a;
  a.id = "payout";
  a.cite.clause = "Rule 5";
  a.readings = {Reading{.name = "whole", .is_default = true}, Reading{.name = "half"}};
  spec.ambiguities = {a};
  spec.readings = Readings(std::map<std::string, std::string>{{"payout", "whole"}});
  return spec;
}

constexpr uint64_t kWhole = 1, kHalf = 2;

constexpr char kTime[] = "2026-01-05T18:00:00Z";

// A settle/payout of that round that the "half" reading clears.
Finding HalfPaid(int64_t line) {
  Finding f;
  f.code = Code::kSettlePayout;
  f.round = "T1-" + std::to_string(line);
  f.table = "T1";
  f.input = "day.jsonl";
  f.line = line;
  f.event = 9;
  f.rules = "test/war";
  f.revision = "r1";
  f.expected = 200;
  f.actual = 150;
  f.reading_dependent = {"payout"};
  f.cleared_by = {{"payout", {"half"}}};
  return f;
}

struct Case {
  RuleSpec spec = Spec();
  ReadingInference inference;
  Report report;

  Case() { report.inputs = {InputSummary{.path = "day.jsonl"}}; }
  // Round `line`: consistent with `mask`; with a HalfPaid finding where the house paid half.
  void Round(int64_t line, uint64_t mask) {
    ReadingInference::Table& t = inference.Of("T1");
    inference.Seen(t, spec, spec.readings);
    const std::string id = "T1-" + std::to_string(line);  // the round at `line` of input 0
    inference.Told(t, spec, 0, mask, {0, line, id, kTime});
    if (mask == kHalf) {
      report.violations.push_back(HalfPaid(line));
      ++report.rounds_with_violations;
    }
  }
  const ReadingInferred& Entry() const { return report.readings_inferred.at(0); }
};

TEST(ReadingInferenceTest, ATableDealingAnotherReadingIsOneFindingWithItsFindingsUnderIt) {
  Case c;
  for (int64_t line = 1; line <= 12; ++line) c.Round(line, kHalf);
  Finding burn = HalfPaid(13);  // a fault whatever the reading: stays a finding of its own
  burn.code = Code::kDealBurnCount;
  burn.cleared_by.clear();
  burn.reading_dependent.clear();
  c.report.violations.push_back(burn);
  ++c.report.rounds_with_violations;
  c.inference.Collapse(&c.report);

  EXPECT_EQ(c.Entry().status, "inferred");
  EXPECT_EQ(c.Entry().readings, std::vector<std::string>{"half"});
  EXPECT_EQ(c.Entry().rounds_distinguishing, 12);
  EXPECT_EQ(c.Entry().findings_explained, 12);
  EXPECT_EQ(c.Entry().rounds_explained, 12);
  EXPECT_EQ(c.Entry().explained_underpaid, 600);
  EXPECT_EQ(c.Entry().other_findings, 1);
  std::vector<Finding> findings = c.report.violations.ToVector();
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].code, Code::kReadingNotChecked);
  EXPECT_EQ(findings[0].round, "T1-1");  // where the first finding it explains was
  EXPECT_EQ(findings[0].event, 9);
  EXPECT_EQ(findings[0].consequences, 12);
  EXPECT_EQ(findings[0].consequence_list.size(), 12u);
  EXPECT_EQ(findings[0].money_moved, -600);
  EXPECT_EQ(findings[0].clause, "Rule 5");
  EXPECT_NE(findings[0].message.find("as half, not as whole"), std::string::npos) << findings[0].message;
  EXPECT_EQ(findings[1].code, Code::kDealBurnCount);
  EXPECT_EQ(c.report.rounds_with_violations, 2);  // the first round (its cause) and the burn's
}

TEST(ReadingInferenceTest, AFewRoundsAreASampleAndTheirFindingsStay) {
  Case c;
  for (int64_t line = 1; line <= 9; ++line) c.Round(line, kHalf);
  c.inference.Collapse(&c.report);
  EXPECT_EQ(c.Entry().status, "too-few-rounds");
  EXPECT_EQ(c.Entry().readings, std::vector<std::string>{"half"});
  EXPECT_EQ(c.report.violations.size(), 9u);
  EXPECT_EQ(c.report.rounds_with_violations, 9);
}

TEST(ReadingInferenceTest, ATableDealingTheReadingCheckedIsNoFinding) {
  Case c;
  for (int64_t line = 1; line <= 30; ++line) c.Round(line, kWhole);
  c.inference.Collapse(&c.report);
  EXPECT_EQ(c.Entry().status, "inferred");
  EXPECT_EQ(c.Entry().readings, std::vector<std::string>{"whole"});
  EXPECT_TRUE(c.report.violations.empty());
}

TEST(ReadingInferenceTest, AChangeOfReadingIsAFindingAtTheChange) {
  Case c;
  for (int64_t line = 1; line <= 15; ++line) c.Round(line, kWhole);
  for (int64_t line = 16; line <= 40; ++line) c.Round(line, kHalf);
  c.inference.Collapse(&c.report);
  EXPECT_EQ(c.Entry().status, "switches");
  ASSERT_EQ(c.Entry().runs.size(), 2u);
  EXPECT_EQ(c.Entry().runs[1].first_round, "T1-16");
  EXPECT_EQ(c.Entry().runs[1].rounds, 25);
  std::vector<Finding> findings = c.report.violations.ToVector();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].code, Code::kReadingSwitch);
  EXPECT_EQ(findings[0].round, "T1-16");
  EXPECT_EQ(findings[0].consequences, 25);
  EXPECT_EQ(c.report.rounds_with_violations, 1);
}

TEST(ReadingInferenceTest, ReadingsAtRandomAreMixedAndEveryFindingStays) {
  Case c;
  for (int64_t line = 1; line <= 60; ++line) c.Round(line, (line / 2) % 2 == 0 ? kWhole : kHalf);
  c.inference.Collapse(&c.report);
  EXPECT_EQ(c.Entry().status, "mixed");
  EXPECT_TRUE(c.Entry().readings.empty());
  EXPECT_EQ(c.Entry().rounds_consistent[0].second, 30);
  EXPECT_EQ(c.Entry().rounds_consistent[1].second, 30);
  EXPECT_EQ(c.report.violations.size(), 30u);
}

TEST(ReadingInferenceTest, AFewStrayRoundsDoNotBreakAPractice) {
  Case c;
  for (int64_t line = 1; line <= 100; ++line) c.Round(line, line == 50 ? kWhole : kHalf);
  c.Round(101, 0);  // consistent with no reading: counted, no part of the stretches
  c.inference.Collapse(&c.report);
  EXPECT_EQ(c.Entry().status, "inferred");
  EXPECT_EQ(c.Entry().readings, std::vector<std::string>{"half"});
  EXPECT_EQ(c.Entry().rounds_distinguishing, 101);
  EXPECT_EQ(c.Entry().rounds_consistent_with_none, 1);
  EXPECT_EQ(c.Entry().rounds_consistent[1].second, 99);
  EXPECT_EQ(c.report.violations.size(), 1u);
}

TEST(ReadingInferenceTest, NothingToldIsNotDistinguished) {
  Case c;
  ReadingInference::Table& t = c.inference.Of("T1");
  c.inference.Seen(t, c.spec, c.spec.readings);
  c.inference.Collapse(&c.report);
  EXPECT_EQ(c.Entry().status, "not-distinguished");
  EXPECT_EQ(c.Entry().checked, "whole");
}

}  // namespace
}  // namespace pitboss
