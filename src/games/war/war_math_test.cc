#include "games/war/war_math.h"

#include <gtest/gtest.h>

#include "games/core/test_rounds.h"
#include "games/war/war_rtp.h"
#include "games/war/war_rules.h"
#include "spec/loader.h"

namespace pitboss {
namespace {

RuleSpec Spec(const std::string& file, std::map<std::string, std::string> readings = {}) {
  auto spec = Instantiate(BundledSpec(file), readings);
  EXPECT_TRUE(spec.ok()) << spec.status().message();
  return *spec;
}

RuleSpec NoBonusVariant() {
  std::vector<std::string> errors;
  auto doc =
      LoadSpecDocument(std::string(PITBOSS_SOURCE_DIR) + "/fixtures/rtp/casino-war-no-bonus.yaml", &errors);
  EXPECT_TRUE(doc.has_value()) << (errors.empty() ? "" : errors[0]);
  return doc->spec;
}

RoundMath Math(const RuleSpec& spec, int decks, TiePolicy policy) {
  auto math = ComputeRoundMath(spec, StandardShoe(spec, decks), {policy, 0});
  EXPECT_TRUE(math.ok()) << math.status().message();
  return *math;
}

// "To the digits given": the exact figure rounds to the published one.
void ExpectPublished(const Fraction& exact, std::string_view published) {
  auto figure = ParseClaimedFigure(published);
  ASSERT_TRUE(figure.has_value());
  EXPECT_LE((exact - figure->value).abs(), figure->tolerance)
      << exact.ToDouble() * 100 << "% is not " << published;
}

const WagerMath& Main(const RoundMath& math) { return *math.wager(WagerKind::kMain); }

TEST(WarMath, StandardShoeClassesRanksLowToHigh) {
  ShoeComposition shoe = StandardShoe(Spec("us-sd/casino-war.yaml"), 6);
  ASSERT_EQ(shoe.counts.size(), 13u);
  EXPECT_EQ(shoe.names.front(), "2");
  EXPECT_EQ(shoe.names.back(), "A");
  EXPECT_EQ(shoe.total(), 312);
  EXPECT_EQ(shoe.counts[5], 24);
}

TEST(WarMath, FirstCardsAreExact) {
  RoundMath math = Math(Spec("us-sd/casino-war.yaml"), 6, TiePolicy::kAlwaysWar);
  // 23 cards of the player's rank are left among 311.
  EXPECT_EQ(math.p_tie, Fraction(23, 311));
  EXPECT_EQ(math.p_win, Fraction(144, 311));
  EXPECT_EQ(math.p_lose, math.p_win);
  EXPECT_EQ(math.war_win + math.war_tie + math.war_lose, Fraction(1));
  // After a tie, 22 of the tied rank and 24 of each other rank remain among 310 cards.
  EXPECT_EQ(math.war_tie, Fraction(22 * 21 + 12 * 24 * 23, 310 * 309));
}

// The published house edges of Casino War, reproduced from the specs.
TEST(WarMath, PublishedSixDeckAlwaysWarNoBonus) {
  ExpectPublished(Main(Math(NoBonusVariant(), 6, TiePolicy::kAlwaysWar)).house_edge(), "2.88%");
}

TEST(WarMath, PublishedSixDeckAlwaysWarWithBonus) {
  ExpectPublished(Main(Math(Spec("us-sd/casino-war.yaml"), 6, TiePolicy::kAlwaysWar)).house_edge(), "2.33%");
  ExpectPublished(
      Main(Math(Spec("vendor/shuffle-master/casino-war.yaml"), 6, TiePolicy::kAlwaysWar)).house_edge(),
      "2.33%");
}

TEST(WarMath, PublishedSixDeckAlwaysSurrender) {
  RoundMath math = Math(Spec("us-sd/casino-war.yaml"), 6, TiePolicy::kAlwaysSurrender);
  ExpectPublished(Main(math).house_edge(), "3.70%");
  EXPECT_EQ(Main(math).house_edge(), Fraction(23, 622));  // half of every tie
}

TEST(WarMath, PublishedTieBetTenToOne) {
  RoundMath math = Math(Spec("us-sd/casino-war.yaml"), 6, TiePolicy::kOptimal);
  const WagerMath* tie = math.wager(WagerKind::kTie);
  ASSERT_NE(tie, nullptr);
  ExpectPublished(tie->house_edge(), "18.65%");
  EXPECT_EQ(tie->house_edge(), Fraction(58, 311));  // 1 - 11 * 23/311
}

TEST(WarMath, PublishedTwoDecksWithBonus) {
  ExpectPublished(
      Main(Math(Spec("vendor/shuffle-master/casino-war.yaml"), 2, TiePolicy::kAlwaysWar)).house_edge(),
      "2.24%");
}

TEST(WarMath, NoBonusIsWorseByTheBonus) {
  RoundMath bonus = Math(Spec("vendor/shuffle-master/casino-war.yaml"), 6, TiePolicy::kAlwaysWar);
  RoundMath plain = Math(NoBonusVariant(), 6, TiePolicy::kAlwaysWar);
  // The bonus is one unit paid on a tie in war.
  EXPECT_EQ(Main(plain).house_edge() - Main(bonus).house_edge(), bonus.p_tie * bonus.war_tie);
}

TEST(WarMath, OptimalChoiceIsWarAndMatchesAlwaysWar) {
  RoundMath optimal = Math(Spec("us-sd/casino-war.yaml"), 6, TiePolicy::kOptimal);
  RoundMath war = Math(Spec("us-sd/casino-war.yaml"), 6, TiePolicy::kAlwaysWar);
  ASSERT_EQ(optimal.choices.size(), 2u);
  EXPECT_EQ(optimal.best_choice, Action::kWar);
  EXPECT_EQ(optimal.choices[1].action, Action::kSurrender);
  EXPECT_EQ(optimal.choices[1].expected_net, Fraction(-1, 2));
  EXPECT_GT(optimal.choices[0].expected_net, optimal.choices[1].expected_net);
  EXPECT_EQ(Main(optimal).expected_net, Main(war).expected_net);
}

TEST(WarMath, PerTotalWageredCountsTheRaise) {
  RoundMath math = Math(Spec("online/war.yaml"), 6, TiePolicy::kAlwaysWar);
  const WagerMath& main = Main(math);
  EXPECT_EQ(main.expected_staked, Fraction(1) + math.p_tie);
  EXPECT_EQ(main.house_edge_per_staked(), main.house_edge() / (Fraction(1) + math.p_tie));
  // The online game's published 97.83% is this figure.
  ExpectPublished(main.return_per_staked(), "97.83%");
}

TEST(WarMath, VarianceAndAheadFromTheOutcomes) {
  RoundMath math = Math(Spec("us-sd/casino-war.yaml"), 6, TiePolicy::kAlwaysWar);
  const WagerMath& main = Main(math);
  Fraction total = 0, mean = 0, square = 0, ahead = 0;
  for (const WagerOutcome& o : main.outcomes) {
    total += o.probability;
    mean += o.probability * o.net;
    square += o.probability * o.net * o.net;
    if (o.net.sign() > 0) ahead += o.probability;
  }
  EXPECT_EQ(total, Fraction(1));
  EXPECT_EQ(mean, main.expected_net);
  EXPECT_EQ(square, main.second_moment);
  EXPECT_EQ(ahead, main.p_ahead);
  EXPECT_NEAR(main.standard_deviation(), 1.05, 0.02);
  // The Shuffle Master card's "you will win 50.3% of the time ... assuming no surrender".
  ExpectPublished(main.p_ahead, "50.3%");
}

TEST(WarMath, AsWrittenTieLosesTheMainWager) {
  RoundMath math =
      Math(Spec("us-sd/casino-war.yaml", {{"sd-tie-choice", "as-written"}}), 6, TiePolicy::kNoChoice);
  EXPECT_TRUE(math.choices.empty());
  EXPECT_EQ(Main(math).house_edge(), Fraction(23, 311));
  EXPECT_TRUE(math.war_tie.is_zero());
}

TEST(WarMath, TieWagerSettledOnWarCardsDependsOnTheChoice) {
  RuleSpec spec =
      Spec("vendor/shuffle-master/casino-war.yaml", {{"sm-tie-wager-in-war", "settled-on-war-cards"}});
  RoundMath war = Math(spec, 6, TiePolicy::kAlwaysWar);
  RoundMath surrender = Math(spec, 6, TiePolicy::kAlwaysSurrender);
  const WagerMath* tie_war = war.wager(WagerKind::kTie);
  const WagerMath* tie_surrender = surrender.wager(WagerKind::kTie);
  ASSERT_NE(tie_war, nullptr);
  ASSERT_NE(tie_surrender, nullptr);
  // Surrendering keeps the initial tie's 10 to 1; going to war needs a second tie.
  EXPECT_EQ(tie_surrender->house_edge(), Fraction(58, 311));
  EXPECT_EQ(tie_war->p_ahead, war.p_tie * war.war_tie);
}

TEST(WarMath, SecondaryTieWagerIsPlacedOnlyInWar) {
  RoundMath math = Math(Spec("online/war.yaml"), 6, TiePolicy::kAlwaysWar);
  const WagerMath* tie2 = math.wager(WagerKind::kTie2);
  ASSERT_NE(tie2, nullptr);
  EXPECT_EQ(tie2->available, math.p_tie);
  EXPECT_EQ(tie2->p_ahead, math.war_tie);
  EXPECT_EQ(tie2->expected_net, math.war_tie * Fraction(12) - Fraction(1));
  EXPECT_EQ(Math(Spec("online/war.yaml"), 6, TiePolicy::kAlwaysSurrender).wager(WagerKind::kTie2), nullptr);
}

// Burn cards are unseen: drawing them changes no figure. Exact enumeration on small shoes,
// every burn drawn as a card of every rank it can be.
TEST(WarMath, BurnsChangeNothingOnSmallShoes) {
  RuleSpec spec = Spec("us-sd/casino-war.yaml");
  ASSERT_EQ(War(spec).war_deal.burns_before_seat_card, 3);
  for (ShoeComposition shoe :
       {ShoeComposition{{4, 4, 4}, {"a", "b", "c"}}, ShoeComposition{{3, 5, 4}, {"a", "b", "c"}},
        ShoeComposition{{2, 3, 3, 4}, {"a", "b", "c", "d"}}}) {
    for (const Policy& policy : ApplicablePolicies(spec)) {
      auto plain = ComputeRoundMath(spec, shoe, policy, false);
      auto burnt = ComputeRoundMath(spec, shoe, policy, true);
      ASSERT_TRUE(plain.ok() && burnt.ok());
      EXPECT_EQ(plain->war_tie, burnt->war_tie);
      ASSERT_EQ(plain->wagers.size(), burnt->wagers.size());
      for (size_t i = 0; i < plain->wagers.size(); ++i) {
        EXPECT_EQ(plain->wagers[i].expected_net, burnt->wagers[i].expected_net);
        EXPECT_EQ(plain->wagers[i].second_moment, burnt->wagers[i].second_moment);
        EXPECT_EQ(plain->wagers[i].p_ahead, burnt->wagers[i].p_ahead);
      }
    }
  }
  auto check = CheckBurnInvariance(spec);
  ASSERT_TRUE(check.ok());
  EXPECT_TRUE(check->checked);
  EXPECT_TRUE(check->invariant);
  EXPECT_EQ(check->war_burns, 6);
}

// What the burn test would see if burns mattered: a shoe that lost a card does change them.
TEST(WarMath, AShoeMissingACardChangesTheFigures) {
  RuleSpec spec = Spec("us-sd/casino-war.yaml");
  auto full = ComputeRoundMath(spec, {{4, 4, 4}, {"a", "b", "c"}}, {TiePolicy::kAlwaysWar, 1});
  auto short_one = ComputeRoundMath(spec, {{2, 5, 5}, {"a", "b", "c"}}, {TiePolicy::kAlwaysWar, 1});
  ASSERT_TRUE(full.ok() && short_one.ok());
  EXPECT_NE(full->p_tie, short_one->p_tie);
  EXPECT_NE(full->wager(WagerKind::kMain)->second_moment, short_one->wager(WagerKind::kMain)->second_moment);
}

TEST(WarMath, TooSmallAShoeIsAnError) {
  RuleSpec spec = Spec("us-sd/casino-war.yaml");
  auto math = ComputeRoundMath(spec, {{2, 2}, {"a", "b"}}, {TiePolicy::kAlwaysWar, 1}, true);
  EXPECT_FALSE(math.ok());
}

}  // namespace
}  // namespace pitboss

namespace pitboss {
namespace {

// Independent count for the tie wager of two seats against one dealer card (no war
// involved): 6 decks, 24 cards a rank.
TEST(SeatCovariance, TieWagerMatchesADirectCount) {
  RuleSpec spec = Spec("us-sd/casino-war.yaml");
  ShoeComposition shoe = StandardShoe(spec, 6);
  long double n = 312;
  // The dealer's card is any card; each seat ties it with one of the 23, then 22, left.
  long double both = (23.0L / (n - 1)) * (22.0L / (n - 2));
  long double one = (23.0L / (n - 1)) * ((n - 2 - 22) / (n - 2));  // seat 1 ties, seat 2 not
  long double p_tie = 23.0L / 311;
  long double e12 = both * 100 + 2 * one * (-10) + (1 - both - 2 * one) * 1;
  long double mean = p_tie * 10 - (1 - p_tie);
  auto cov = SeatCovariance(spec, shoe, {TiePolicy::kAlwaysWar, 1}, WagerKind::kTie);
  ASSERT_TRUE(cov.has_value());
  EXPECT_NEAR(*cov, static_cast<double>(e12 - mean * mean), 1e-12);
  // Negative: a seat that ties the dealer leaves one card fewer of that rank for the next.
  EXPECT_LT(*cov, 0);
}

TEST(SeatCovariance, MainWagersShareTheDealerCard) {
  RuleSpec spec = Spec("us-sd/casino-war.yaml");
  ShoeComposition shoe = StandardShoe(spec, 6);
  auto cov = SeatCovariance(spec, shoe, {TiePolicy::kAlwaysWar, 1}, WagerKind::kMain);
  RoundMath single = Math(spec, 6, TiePolicy::kAlwaysWar);
  ASSERT_TRUE(cov.has_value());
  double variance = single.wager(WagerKind::kMain)->variance().ToDouble();
  // Strongly positive (a high dealer card beats most seats), below the variance itself.
  EXPECT_GT(*cov, 0.2 * variance);
  EXPECT_LT(*cov, variance);
  auto mixed = SeatCovariance(spec, shoe, {TiePolicy::kMixed, Fraction(1, 2)}, WagerKind::kMain);
  ASSERT_TRUE(mixed.has_value());
  EXPECT_NE(*mixed, *cov);
}

}  // namespace
}  // namespace pitboss

namespace pitboss {
namespace {

// What `pitboss stats` relies on to compute the theory once per deck count: with a share q
// of ties going to war, a seat's figures are linear in q and two seats' covariance is
// quadratic in q.
TEST(MixedPolicy, FiguresAreLinearAndCovarianceQuadraticInTheWarShare) {
  for (const char* file : {"us-sd/casino-war.yaml", "vendor/shuffle-master/casino-war.yaml"}) {
    RuleSpec spec =
        Spec(file, std::string(file).find("shuffle") != std::string::npos
                       ? std::map<std::string, std::string>{{"sm-tie-wager-in-war", "settled-on-war-cards"}}
                       : std::map<std::string, std::string>{});
    ShoeComposition shoe = StandardShoe(spec, 6);
    Fraction q(4, 5);
    auto at = [&](const Fraction& share) {
      auto math = ComputeRoundMath(spec, shoe, {TiePolicy::kMixed, share});
      EXPECT_TRUE(math.ok());
      return *math;
    };
    RoundMath zero = at(0), one = at(1), mixed = at(q);
    for (WagerKind kind : {WagerKind::kMain, WagerKind::kTie}) {
      const WagerMath* w0 = zero.wager(kind);
      const WagerMath* w1 = one.wager(kind);
      const WagerMath* wq = mixed.wager(kind);
      ASSERT_TRUE(w0 && w1 && wq);
      EXPECT_EQ(wq->expected_net, (Fraction(1) - q) * w0->expected_net + q * w1->expected_net);
      EXPECT_EQ(wq->second_moment, (Fraction(1) - q) * w0->second_moment + q * w1->second_moment);
      EXPECT_EQ(wq->p_ahead, (Fraction(1) - q) * w0->p_ahead + q * w1->p_ahead);
      auto cov = [&](const Fraction& share) {
        return *SeatCovariance(spec, shoe, {TiePolicy::kMixed, share}, kind);
      };
      double c0 = cov(0), ch = cov(Fraction(1, 2)), c1 = cov(1), x = 0.8;
      double lagrange = c0 * (1 - x) * (1 - 2 * x) + ch * 4 * x * (1 - x) + c1 * x * (2 * x - 1);
      EXPECT_NEAR(cov(q), lagrange, 1e-12) << file << " " << ToString(kind);
    }
  }
}

}  // namespace
}  // namespace pitboss
