#include "games/blackjack/war_wager.h"

#include <gtest/gtest.h>

#include "games/blackjack/blackjack_rules.h"
#include "games/core/test_rounds.h"
#include "spec/loader.h"

namespace pitboss {
namespace {

const RuleSpec& Reference() { return BundledSpec("us-sd/war-blackjack.yaml").spec; }

// The same moments by brute force: every ordered (dealer, seat 1, seat 2) triple of
// distinct cards of the shoe.
WarWagerMoments Enumerate(const RuleSpec& spec, int decks) {
  const BlackjackRules& b = Blackjack(spec);
  std::vector<int> shoe;
  for (int d = 0; d < decks * 4; ++d) {
    for (int r = 2; r <= 14; ++r) shoe.push_back(r);
  }
  auto net = [&](int mine, int up) {
    int x = b.WarValue(mine), y = b.WarValue(up);
    return Fraction::FromRatio(x > y    ? b.pays_war_win.net
                               : x == y ? b.pays_war_tie.net
                                        : b.pays_war_lose.net);
  };
  Fraction sum, squares, ahead, cross;
  int64_t pairs = 0, triples = 0;
  const int n = static_cast<int>(shoe.size());
  for (int u = 0; u < n; ++u) {
    for (int i = 0; i < n; ++i) {
      if (i == u) continue;
      Fraction x = net(shoe[i], shoe[u]);
      sum += x;
      squares += x * x;
      if (x > Fraction(0)) ahead += Fraction(1);
      ++pairs;
      for (int j = 0; j < n; ++j) {
        if (j == u || j == i) continue;
        cross += x * net(shoe[j], shoe[u]);
        ++triples;
      }
    }
  }
  return {sum / Fraction(pairs), squares / Fraction(pairs), ahead / Fraction(pairs),
          cross / Fraction(triples)};
}

TEST(WarWagerTest, SixDecksLoseTheTies) {
  auto m = ComputeWarWagerMoments(Reference(), 6);
  ASSERT_TRUE(m.ok()) << m.status().message();
  // A tie of ranks is 23 of the 311 cards left after the dealer's; the rest split evenly.
  EXPECT_EQ(m->mean, Fraction(-23, 311));
  EXPECT_EQ(m->second, Fraction(1));
  EXPECT_EQ(m->ahead, Fraction(144, 311));
}

TEST(WarWagerTest, MomentsEqualAnEnumerationOfOneDeck) {
  auto m = ComputeWarWagerMoments(Reference(), 1);
  ASSERT_TRUE(m.ok());
  WarWagerMoments e = Enumerate(Reference(), 1);
  EXPECT_EQ(m->mean, e.mean);
  EXPECT_EQ(m->second, e.second);
  EXPECT_EQ(m->ahead, e.ahead);
  EXPECT_EQ(m->cross, e.cross);
  // Two seats against one dealer card win and lose together: positively correlated.
  EXPECT_GT(m->Covariance(), Fraction(0));
}

TEST(WarWagerTest, ByPointsATenTiesAKing) {
  auto spec = Instantiate(BundledSpec("us-sd/war-blackjack.yaml"), {{"sd-war-higher", "by-points"}});
  ASSERT_TRUE(spec.ok());
  auto by_points = ComputeWarWagerMoments(*spec, 1);
  ASSERT_TRUE(by_points.ok());
  EXPECT_EQ(by_points->mean, Enumerate(*spec, 1).mean);
  // More ties, all lost: the wager returns less.
  EXPECT_LT(by_points->mean, ComputeWarWagerMoments(Reference(), 1)->mean);
}

TEST(WarWagerTest, AWarSpecHasNone) {
  EXPECT_FALSE(ComputeWarWagerMoments(BundledSpec("us-sd/casino-war.yaml").spec, 6).ok());
}

}  // namespace
}  // namespace pitboss
