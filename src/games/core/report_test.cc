#include "pitboss/report.h"

#include <gtest/gtest.h>

#include <limits>

namespace pitboss {
namespace {

TEST(ReportTest, ByCodeCountsEachCodeById) {
  Report report;
  EXPECT_TRUE(report.ByCode().empty());
  for (Code code : {Code::kSettlePayout, Code::kInputMalformed, Code::kSettlePayout, Code::kDealBurnCount}) {
    Finding finding;
    finding.code = code;
    report.violations.push_back(finding);
  }
  const std::map<std::string, int64_t> expected = {
      {"deal/burn-count", 1}, {"input/malformed", 1}, {"settle/payout", 2}};
  EXPECT_EQ(report.ByCode(), expected);
}

TEST(ReportTest, SeatName) {
  EXPECT_EQ(SeatName(kDealer), "dealer");
  EXPECT_EQ(SeatName(1), "1");
  EXPECT_EQ(SeatName(12), "12");
}

Finding MoneyFinding(Code code, std::optional<Money> expected, std::optional<Money> actual) {
  Finding f;
  f.code = code;
  f.expected = expected;
  f.actual = actual;
  return f;
}

TEST(OverpaidTest, EachMoneyEffect) {
  // settle/payout: the net logged less the net the rules pay.
  EXPECT_EQ(Overpaid(MoneyFinding(Code::kSettlePayout, 500, 250)), -250);
  EXPECT_EQ(Overpaid(MoneyFinding(Code::kSettlePayout, -100, 0)), 100);
  // settle/missing: never settled, so the player keeps what the rules would have moved.
  EXPECT_EQ(Overpaid(MoneyFinding(Code::kSettleMissing, 500, std::nullopt)), -500);
  EXPECT_EQ(Overpaid(MoneyFinding(Code::kSettleMissing, -500, std::nullopt)), 500);
  // settle/duplicate: the whole settlement that should not exist.
  EXPECT_EQ(Overpaid(MoneyFinding(Code::kSettleDuplicate, std::nullopt, 300)), 300);
  EXPECT_EQ(Overpaid(MoneyFinding(Code::kSettleDuplicate, 100, -300)), -300);
  // settle/split moves no money; neither do codes of other units.
  EXPECT_EQ(Overpaid(MoneyFinding(Code::kSettleSplit, 500, 250)), std::nullopt);
  EXPECT_EQ(Overpaid(MoneyFinding(Code::kWagerLimit, 500, 250)), std::nullopt);
  EXPECT_EQ(Overpaid(MoneyFinding(Code::kDealBurnCount, 3, 2)), std::nullopt);
  // An amount missing, or a difference that does not fit.
  EXPECT_EQ(Overpaid(MoneyFinding(Code::kSettlePayout, 500, std::nullopt)), std::nullopt);
  constexpr Money kMax = std::numeric_limits<Money>::max();
  constexpr Money kMin = std::numeric_limits<Money>::min();
  EXPECT_EQ(Overpaid(MoneyFinding(Code::kSettlePayout, -1, kMax)), std::nullopt);
  EXPECT_EQ(Overpaid(MoneyFinding(Code::kSettleMissing, kMin, std::nullopt)), std::nullopt);
}

TEST(MoneyTotalTest, AddsEachSideAndCatchesOverflow) {
  MoneyTotal total;
  total.Add(250);
  total.Add(-100);
  total.Add(-50);
  EXPECT_EQ(total.overpaid, 250);
  EXPECT_EQ(total.underpaid, 150);
  EXPECT_EQ(total.findings, 3);
  EXPECT_FALSE(total.overflow);
  total.Add(std::numeric_limits<Money>::max());
  EXPECT_TRUE(total.overflow);
  EXPECT_EQ(total.overpaid, 250);  // left as it was, never wrapped
  EXPECT_EQ(total.findings, 4);
  MoneyTotal min;
  min.Add(std::numeric_limits<Money>::min());
  EXPECT_TRUE(min.overflow);
  EXPECT_EQ(min.underpaid, 0);
}

Finding At(Finding f, std::string table, std::string time, WagerKind wager, std::string currency) {
  f.table = std::move(table);
  f.time = std::move(time);
  f.wager = wager;
  f.currency = std::move(currency);
  return f;
}

TEST(TotalMoneyTest, ByTableDayAndWager) {
  Report report;
  report.violations = {
      At(MoneyFinding(Code::kSettlePayout, 500, 250), "T7", "2026-11-21T20:14:40Z", WagerKind::kMain, "USD"),
      At(MoneyFinding(Code::kSettleMissing, -500, std::nullopt), "T7", "2026-11-22T01:00:00Z",
         WagerKind::kRaise, "USD"),
      At(MoneyFinding(Code::kSettleDuplicate, std::nullopt, 100), "T8", "2026-11-21T09:00:00Z",
         WagerKind::kMain, "USD"),
      // Not counted: no money moves.
      At(MoneyFinding(Code::kSettleSplit, 10, 20), "T9", "2026-11-23T00:00:00Z", WagerKind::kMain, "EUR"),
      At(MoneyFinding(Code::kWagerLimit, 10, 20), "T9", "2026-11-23T00:00:00Z", WagerKind::kMain, "EUR"),
  };
  const MoneyTotals totals = TotalMoney(report);
  EXPECT_EQ(totals.currency, "USD");
  EXPECT_FALSE(totals.mixed_currencies);
  EXPECT_EQ(totals.all.underpaid, 250);
  EXPECT_EQ(totals.all.overpaid, 600);
  EXPECT_EQ(totals.all.findings, 3);
  EXPECT_FALSE(totals.all.overflow);
  ASSERT_EQ(totals.by_table.size(), 2u);
  EXPECT_EQ(totals.by_table.at("T7").underpaid, 250);
  EXPECT_EQ(totals.by_table.at("T7").overpaid, 500);
  EXPECT_EQ(totals.by_table.at("T8").overpaid, 100);
  ASSERT_EQ(totals.by_day.size(), 2u);
  EXPECT_EQ(totals.by_day.at("2026-11-21").findings, 2);
  EXPECT_EQ(totals.by_day.at("2026-11-21").overpaid, 100);
  EXPECT_EQ(totals.by_day.at("2026-11-22").overpaid, 500);
  ASSERT_EQ(totals.by_wager.size(), 2u);
  EXPECT_EQ(totals.by_wager.at("main").findings, 2);
  EXPECT_EQ(totals.by_wager.at("raise").overpaid, 500);
}

TEST(TotalMoneyTest, MixedCurrenciesAndOverflow) {
  Report report;
  report.violations = {
      At(MoneyFinding(Code::kSettlePayout, 0, std::numeric_limits<Money>::max()), "T1",
         "2026-11-21T00:00:00Z", WagerKind::kMain, "USD"),
      At(MoneyFinding(Code::kSettlePayout, 0, 1), "T1", "2026-11-21T00:00:00Z", WagerKind::kMain, "EUR"),
  };
  const MoneyTotals totals = TotalMoney(report);
  EXPECT_TRUE(totals.mixed_currencies);
  EXPECT_EQ(totals.currency, "");
  EXPECT_TRUE(totals.all.overflow);
  EXPECT_EQ(totals.all.findings, 2);
  EXPECT_TRUE(totals.by_table.at("T1").overflow);

  // No money findings: nothing, and no currency.
  const MoneyTotals none = TotalMoney(Report{});
  EXPECT_EQ(none.all.findings, 0);
  EXPECT_EQ(none.currency, "");
  EXPECT_FALSE(none.mixed_currencies);
  EXPECT_TRUE(none.by_table.empty());
}

// The money other faults moved is totalled apart from the payouts': to players and to the house
// each summed wide, never netted, in its findings' own currency.
TEST(TotalMoneyTest, MoneyMovedApartFromPayouts) {
  Report report;
  Finding payout =
      At(MoneyFinding(Code::kSettlePayout, 500, 250), "T7", "2026-11-21T20:14:40Z", WagerKind::kMain, "USD");
  Finding won = At(MoneyFinding(Code::kWagerLimit, 50000, 75000), "T7", "", WagerKind::kMain, "EUR");
  won.money_moved = 75000;
  Finding drawn = won;
  drawn.code = Code::kDealDealerPlay;
  drawn.money_moved = -1000;
  Finding pushed = won;
  pushed.money_moved = 0;
  report.violations = {payout, won, drawn, pushed};
  MoneyTotals totals = TotalMoney(report);
  EXPECT_EQ(totals.moved.to_player, MoneySum(75000));
  EXPECT_EQ(totals.moved.to_house, MoneySum(1000));
  EXPECT_EQ(totals.moved.findings, 3);
  EXPECT_EQ(totals.moved.currency, "EUR");
  EXPECT_FALSE(totals.moved.mixed_currencies);
  // The payout's totals are as they were, in their own currency.
  EXPECT_EQ(totals.all.findings, 1);
  EXPECT_EQ(totals.all.underpaid, 250);
  EXPECT_EQ(totals.currency, "USD");

  // Past 64 bits: exact, never wrapped; and a second currency is said to be one.
  Finding most = drawn;
  most.money_moved = std::numeric_limits<Money>::min();
  most.currency = "USD";
  report.violations = {most, most, won};
  totals = TotalMoney(report);
  EXPECT_EQ(totals.moved.to_house.ToString(), "18446744073709551616");
  EXPECT_EQ(totals.moved.to_player, MoneySum(75000));
  EXPECT_TRUE(totals.moved.mixed_currencies);
  EXPECT_EQ(totals.moved.currency, "");

  const MoneyTotals none = TotalMoney(Report{});
  EXPECT_EQ(none.moved.findings, 0);
  EXPECT_EQ(none.moved.to_player, MoneySum(0));
}

TEST(CountFindingsClearedTest, CountsEachReadingNamed) {
  Report report;
  Finding a;
  a.cleared_by = {{"amb-1", {"r1", "r2"}}, {"amb-2", {"x"}}};
  Finding b;
  b.cleared_by = {{"amb-1", {"r1"}}};
  Finding none;
  report.violations = {a, b, none};
  report.ambiguities = {
      {"amb-1", "s", "", "c", {{"r0", true, 0, 0}, {"r1", false, 0, 0}, {"r2", false, 0, 0}}},
      {"amb-2", "s", "", "c", {{"x", false, 0, 0}}}};
  report.ambiguities[0].readings[0].findings_cleared = 7;  // counted anew
  CountFindingsCleared(&report);
  EXPECT_EQ(report.ambiguities[0].readings[0].findings_cleared, 0);
  EXPECT_EQ(report.ambiguities[0].readings[1].findings_cleared, 2);
  EXPECT_EQ(report.ambiguities[0].readings[2].findings_cleared, 1);
  EXPECT_EQ(report.ambiguities[1].readings[0].findings_cleared, 1);
}

// A check over two revisions lists an ambiguity once per revision: each entry counts the
// findings of its revision's rounds, so that the entries add up to the findings.
TEST(CountFindingsClearedTest, ByRevision) {
  Report report;
  Finding old_rev;
  old_rev.revision = "2012";
  old_rev.cleared_by = {{"amb", {"r"}}};
  Finding new_rev = old_rev;
  new_rev.revision = "2030";
  Finding unnamed = old_rev;  // of a report that does not say: counts for each entry
  unnamed.revision.clear();
  report.violations = {old_rev, old_rev, new_rev, unnamed};
  report.ambiguities = {{"amb", "s", "2012", "c", {{"r", false, 0, 0}}},
                        {"amb", "s", "2030", "c", {{"r", false, 0, 0}}},
                        {"amb", "s", "", "c", {{"r", false, 0, 0}}}};
  CountFindingsCleared(&report);
  EXPECT_EQ(report.ambiguities[0].readings[0].findings_cleared, 3);
  EXPECT_EQ(report.ambiguities[1].readings[0].findings_cleared, 2);
  EXPECT_EQ(report.ambiguities[2].readings[0].findings_cleared, 4);
}

}  // namespace
}  // namespace pitboss
