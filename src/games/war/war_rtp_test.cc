#include "games/war/war_rtp.h"

#include <gtest/gtest.h>

#include "games/core/test_rounds.h"
#include "games/war/war_rules.h"

namespace pitboss {
namespace {

TEST(ClaimedFigure, PrecisionIsTheLastDigitGiven) {
  auto f = ParseClaimedFigure("97.83%");
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->value, Fraction(9783, 10000));
  EXPECT_EQ(f->tolerance, Fraction(5, 100000));
  f = ParseClaimedFigure("50.3%");
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->value, Fraction(503, 1000));
  EXPECT_EQ(f->tolerance, Fraction(5, 10000));
  f = ParseClaimedFigure("0.5");
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->value, Fraction(1, 2));
  EXPECT_EQ(f->tolerance, Fraction(1, 20));
  EXPECT_FALSE(ParseClaimedFigure("about 97%").has_value());
  EXPECT_FALSE(ParseClaimedFigure("%").has_value());
  EXPECT_FALSE(ParseClaimedFigure("1.2.3").has_value());
}

TEST(Claims, OnlineReturnHoldsPerTotalWageredOnly) {
  auto checks = CheckClaims(BundledSpec("online/war.yaml").spec);
  ASSERT_TRUE(checks.ok());
  ASSERT_EQ(checks->size(), 1u);
  const ClaimCheck& c = (*checks)[0];
  EXPECT_TRUE(c.holds) << c.message;
  int matches = 0;
  for (const ClaimBasis& b : c.bases) {
    if (!b.matches) continue;
    ++matches;
    EXPECT_EQ(b.decks, 6);
    EXPECT_EQ(b.basis.rfind("per total wagered", 0), 0u) << b.basis;
  }
  EXPECT_EQ(matches, 2);  // optimal and always-war give the same figure
  EXPECT_NE(c.message.find("per total wagered"), std::string::npos);
}

TEST(Claims, ShuffleMasterWinRateHoldsFromThreeDecks) {
  auto checks = CheckClaims(BundledSpec("vendor/shuffle-master/casino-war.yaml").spec);
  ASSERT_TRUE(checks.ok());
  const ClaimCheck& c = (*checks)[0];
  EXPECT_TRUE(c.holds) << c.message;
  for (const ClaimBasis& b : c.bases) {
    if (b.policy != TiePolicy::kAlwaysWar || b.basis != "the player ends the round ahead") continue;
    EXPECT_EQ(b.matches, b.decks >= 3) << b.decks << " decks: " << b.value.ToDouble();
  }
}

TEST(Claims, AFigureNoBasisGivesFails) {
  RuleSpec spec = BundledSpec("online/war.yaml").spec;
  spec.claims.Mutable()[0].value = "98.5%";
  auto checks = CheckClaims(spec);
  ASSERT_TRUE(checks.ok());
  EXPECT_FALSE((*checks)[0].holds);
  EXPECT_NE((*checks)[0].message.find("does not hold on any basis"), std::string::npos);
}

TEST(Claims, HoldingOnlyUnderAnotherPolicyIsNotHolding) {
  RuleSpec spec = BundledSpec("online/war.yaml").spec;
  spec.claims.Mutable()[0].value = "96.30%";  // always surrendering, per initial wager
  auto checks = CheckClaims(spec);
  ASSERT_TRUE(checks.ok());
  EXPECT_FALSE((*checks)[0].holds);
  EXPECT_NE((*checks)[0].message.find("would hold under another policy"), std::string::npos)
      << (*checks)[0].message;
}

TEST(Rtp, AmbiguitiesThatMoveMoneyAreFlagged) {
  auto report = ComputeRtp(BundledSpec("us-sd/casino-war.yaml"), {});
  ASSERT_TRUE(report.ok()) << report.status().message();
  ASSERT_EQ(report->decks.size(), 3u);  // 6, 7 and 8 decks
  std::map<std::string, bool> changes;
  for (const AmbiguityMath& a : report->ambiguities) changes[a.id] = a.changes_return;
  EXPECT_TRUE(changes["sd-tie-choice"]);
  EXPECT_TRUE(changes["sd-war-win-payout"]);
  EXPECT_TRUE(changes["sd-war-tie-payout"]);
  EXPECT_FALSE(changes["sd-dealer-bets-erratum"]);
  EXPECT_TRUE(report->burns.checked);
  EXPECT_TRUE(report->burns.invariant);
}

TEST(Rtp, ReadingAsked) {
  auto report = ComputeRtp(BundledSpec("us-sd/casino-war.yaml"), {{"sd-tie-choice", "as-written"}});
  ASSERT_TRUE(report.ok());
  EXPECT_EQ(report->readings.at("sd-tie-choice"), "as-written");
  ASSERT_EQ(report->decks[0].policies.size(), 1u);
  EXPECT_EQ(report->decks[0].policies[0].policy.kind, TiePolicy::kNoChoice);
  EXPECT_FALSE(ComputeRtp(BundledSpec("us-sd/casino-war.yaml"), {{"sd-tie-choice", "nosuch"}}).ok());
}

}  // namespace
}  // namespace pitboss
