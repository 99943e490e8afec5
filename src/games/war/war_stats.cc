#include "games/war/war_stats.h"

#include "games/war/war_math.h"
#include "games/war/war_rules.h"

namespace pitboss {

namespace {

std::optional<int> FirstCardValue(const RuleSpec& spec, int rank) { return War(spec).rank_value[rank]; }

// Each initial or war-window wager but one that equals another (the raise, whose money is
// counted with the wager it equals).
bool ReturnTested(const RuleSpec& spec, WagerKind kind) {
  const WagerRule& rule = spec.wager(kind);
  return rule.offered && !rule.equals;
}

StatusOr<WagerTheory> Theory(const RuleSpec& spec, int decks, WagerKind kind) {
  WagerTheory t;
  t.choice_free = spec.wager(kind).window == Window::kChoice;  // placed only in war
  ShoeComposition shoe = StandardShoe(spec, decks);
  for (int q = 0; q <= 1; ++q) {
    auto math = ComputeRoundMath(spec, shoe, {TiePolicy::kMixed, Fraction(q)});
    if (!math.ok()) return math.status();
    const WagerMath* w = math->wager(kind);
    if (w == nullptr) continue;  // a war wager when no one goes to war
    t.available = true;
    t.mean[q] = w->expected_net.ToLongDouble();
    t.second[q] = w->second_moment.ToLongDouble();
    t.ahead[q] = w->p_ahead.ToLongDouble();
  }
  const Fraction shares[3] = {Fraction(0), Fraction(1, 2), Fraction(1)};
  for (int i = 0; i < 3; ++i) {
    if (t.choice_free && i < 2) continue;
    std::optional<double> cov = SeatCovariance(spec, shoe, {TiePolicy::kMixed, shares[i]}, kind);
    t.cov[i] = cov ? *cov : 0;
  }
  return t;
}

}  // namespace

const GameStats& WarStats() {
  static const GameStats stats{&FirstCardValue, &ReturnTested,      &Theory,
                               Action::kWar,    Action::kSurrender, "tie"};
  return stats;
}

}  // namespace pitboss
