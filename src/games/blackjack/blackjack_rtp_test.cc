#include "games/blackjack/blackjack_rtp.h"

#include <gtest/gtest.h>

#include "games/blackjack/blackjack_rules.h"
#include "games/core/test_rounds.h"

namespace pitboss {
namespace {

const SpecDocument& Reference() { return BundledSpec("us-sd/war-blackjack.yaml"); }

// The reference house's report, computed once: each blackjack rule set costs about a second.
const BlackjackRtpReport& ReferenceReport() {
  static const BlackjackRtpReport report = [] {
    auto r = ComputeBlackjackRtp(Reference(), {});
    EXPECT_TRUE(r.ok()) << r.status().message();
    return r.ok() ? std::move(*r) : BlackjackRtpReport{};
  }();
  return report;
}

const BlackjackAmbiguityRtp* Ambiguity(const BlackjackRtpReport& report, const std::string& id) {
  for (const BlackjackAmbiguityRtp& a : report.ambiguities) {
    if (a.id == id) return &a;
  }
  return nullptr;
}

const BlackjackReadingRtp* Reading(const BlackjackAmbiguityRtp& a, const std::string& name) {
  for (const BlackjackReadingRtp& r : a.readings) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

TEST(BlackjackModel, TheReferenceHouseIsTheMathsReferenceHouse) {
  auto model = BlackjackModelOf(Reference().spec, 6);
  ASSERT_TRUE(model.ok()) << model.status().message();
  blackjack::HouseRules expected;  // six decks, H17, 3 to 2, DAS, to four hands, OBO
  expected.split_by_value = true;  // sd-identical-in-value, same-value
  EXPECT_TRUE(model->house == expected);
  EXPECT_TRUE(model->war_offered);
  EXPECT_FALSE(model->war.compare_by_value);
  EXPECT_FALSE(model->war.ride_adds_stake);
}

TEST(BlackjackModel, APayoutTheMathDoesNotHaveIsAnError) {
  RuleSpec spec = *Instantiate(Reference(), {});
  Blackjack(spec).pays_win.net = Ratio{6, 5};
  auto model = BlackjackModelOf(spec, 6);
  ASSERT_FALSE(model.ok());
  EXPECT_NE(model.status().message().find("payouts.win pays +6/5: the math pays a winning hand 1 to 1"),
            std::string::npos)
      << model.status().message();
}

TEST(BlackjackModel, ReadingsTheMathCannotRepresentAreErrors) {
  auto busted = Instantiate(Reference(), {{"sd-original-wager-busted", "lost-if-busted"}});
  ASSERT_TRUE(busted.ok());
  auto model = BlackjackModelOf(*busted, 6);
  ASSERT_FALSE(model.ok());
  EXPECT_NE(model.status().message().find("dealer.busted_extra_lost"), std::string::npos);
  auto fresh = Instantiate(Reference(), {{"sd-war-card-in-hand", "fresh-hands"}});
  ASSERT_TRUE(fresh.ok());
  model = BlackjackModelOf(*fresh, 6);
  ASSERT_FALSE(model.ok());
  EXPECT_NE(model.status().message().find("war_wager.cards_start_hands"), std::string::npos);
}

TEST(BlackjackRtp, TheReferenceHousesWarWager) {
  const BlackjackRtpReport& r = ReferenceReport();
  ASSERT_EQ(r.decks.size(), 1u);
  const BlackjackDeckRtp& deck = r.decks[0];
  EXPECT_EQ(deck.decks, 6);
  ASSERT_TRUE(deck.war_offered);
  EXPECT_EQ(deck.war.house_edge_collect, Fraction(23, 311));
  EXPECT_EQ(deck.war.p_win, Fraction(144, 311));
  // AGS publishes "about 1.17%"; docs/math.md gives ours as 1.1716%.
  EXPECT_NEAR(deck.war.house_edge_best_ride, 0.011716, 0.000005);
  EXPECT_NEAR(-deck.blackjack.basic_strategy_return, 0.00619, 0.00001);
}

TEST(BlackjackRtp, ThePublishedWarEdgeHolds) {
  const BlackjackRtpReport& r = ReferenceReport();
  ASSERT_EQ(r.claims.size(), 1u);
  const BlackjackClaimCheck& c = r.claims[0];
  EXPECT_EQ(c.claim.id, "ags-war-edge");
  EXPECT_TRUE(c.holds) << c.message;
  EXPECT_EQ(c.tolerance, Fraction(5, 100000));
  EXPECT_NE(c.message.find("the best ride, 6 decks 1.1716%"), std::string::npos) << c.message;
  EXPECT_NE(c.message.find("claimed 1.17%"), std::string::npos) << c.message;
  EXPECT_TRUE(r.all_claims_hold());
}

TEST(BlackjackRtp, AnotherFigureDoesNotHoldAndSaysBothNumbers) {
  RuleSpec spec = *Instantiate(Reference(), {});
  spec.claims.Mutable()[0].value = "2.50%";
  std::vector<BlackjackClaimCheck> checks = CheckBlackjackClaims(spec, ReferenceReport().decks);
  ASSERT_EQ(checks.size(), 1u);
  EXPECT_FALSE(checks[0].holds);
  EXPECT_NE(checks[0].message.find("claimed 2.50%"), std::string::npos) << checks[0].message;
  EXPECT_NE(checks[0].message.find("the nearest figure is 1.1716% (the best ride, 6 decks)"),
            std::string::npos)
      << checks[0].message;
  // Collecting every win (7.3955%) is no basis of a claim made for the optimal policy.
  spec.claims.Mutable()[0].value = "7.40%";
  checks = CheckBlackjackClaims(spec, ReferenceReport().decks);
  EXPECT_FALSE(checks[0].holds);
  EXPECT_NE(checks[0].message.find("would hold under another policy: every win collected"), std::string::npos)
      << checks[0].message;
}

TEST(BlackjackRtp, ReadingsOfTheWarWagerChangeItsEdge) {
  const BlackjackRtpReport& r = ReferenceReport();
  const BlackjackAmbiguityRtp* higher = Ambiguity(r, "sd-war-higher");
  ASSERT_NE(higher, nullptr);
  EXPECT_TRUE(higher->changes_figures);
  const BlackjackReadingRtp* points = Reading(*higher, "by-points");
  ASSERT_NE(points, nullptr);
  ASSERT_EQ(points->figures.size(), 1u);
  EXPECT_EQ(points->figures[0].war_edge_collect, Fraction(587, 4043));
  EXPECT_NEAR(points->figures[0].war_edge_best_ride, 0.082950, 0.000005);

  const BlackjackAmbiguityRtp* stake = Ambiguity(r, "sd-ride-stake");
  ASSERT_NE(stake, nullptr);
  EXPECT_TRUE(stake->changes_figures);
  EXPECT_LT(Reading(*stake, "winnings-and-stake")->figures[0].war_edge_best_ride, 0);  // the player ahead

  // Splitting a king and a ten is never the right play.
  const BlackjackAmbiguityRtp* value = Ambiguity(r, "sd-identical-in-value");
  ASSERT_NE(value, nullptr);
  EXPECT_FALSE(value->changes_figures);
  EXPECT_TRUE(value->all_computed);
}

TEST(BlackjackRtp, ReadingsTheMathCannotRepresentAreNotComputed) {
  const BlackjackRtpReport& r = ReferenceReport();
  for (auto [id, name] : {std::pair{"sd-original-wager-busted", "lost-if-busted"},
                          std::pair{"sd-war-card-in-hand", "fresh-hands"},
                          std::pair{"sd-split-three-times", "three-per-hand"}}) {
    const BlackjackAmbiguityRtp* a = Ambiguity(r, id);
    ASSERT_NE(a, nullptr) << id;
    EXPECT_FALSE(a->all_computed) << id;
    const BlackjackReadingRtp* reading = Reading(*a, name);
    ASSERT_NE(reading, nullptr) << name;
    EXPECT_FALSE(reading->not_computed.empty()) << name;
    EXPECT_TRUE(reading->figures.empty()) << name;
  }
}

}  // namespace
}  // namespace pitboss
