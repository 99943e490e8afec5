#include "games/blackjack/war_wager.h"

#include <array>

#include "games/blackjack/blackjack_rules.h"

namespace pitboss {

StatusOr<WarWagerMoments> ComputeWarWagerMoments(const RuleSpec& spec, int decks) {
  if (spec.game != BlackjackGame().name || !Blackjack(spec).war_offered) {
    return Status::InvalidArgument(spec.id + " has no War wager");
  }
  const BlackjackRules& b = Blackjack(spec);
  const Fraction pays[3] = {Fraction::FromRatio(b.pays_war_win.net), Fraction::FromRatio(b.pays_war_tie.net),
                            Fraction::FromRatio(b.pays_war_lose.net)};
  const int64_t per_rank = 4 * static_cast<int64_t>(decks), cards = 52 * static_cast<int64_t>(decks);
  WarWagerMoments m;
  for (int up = 2; up <= 14; ++up) {
    // The seats' cards come from the shoe less the dealer's: count them by outcome.
    std::array<int64_t, 3> n{};  // win, tie, lose
    for (int r = 2; r <= 14; ++r) {
      int64_t count = per_rank - (r == up ? 1 : 0);
      int mine = b.WarValue(r), theirs = b.WarValue(up);
      n[mine > theirs ? 0 : mine == theirs ? 1 : 2] += count;
    }
    const int64_t left = cards - 1;
    Fraction p_up(per_rank, cards);
    for (int i = 0; i < 3; ++i) {
      Fraction p(n[i], left);
      m.mean += p_up * p * pays[i];
      m.second += p_up * p * pays[i] * pays[i];
      if (pays[i] > Fraction(0)) m.ahead += p_up * p;
      for (int j = 0; j < 3; ++j) {
        Fraction both(n[i] * (n[j] - (i == j ? 1 : 0)), left * (left - 1));
        m.cross += p_up * both * pays[i] * pays[j];
      }
    }
  }
  if (m.mean.overflowed() || m.second.overflowed() || m.cross.overflowed()) {
    return Status::InvalidArgument("the War wager's moments overflow for " + std::to_string(decks) +
                                   " decks");
  }
  return m;
}

namespace {

std::optional<int> FirstCardValue(const RuleSpec& spec, int rank) {
  const auto& rules = Blackjack(spec);
  if (!rules.war_offered) return std::nullopt;
  return rules.WarValue(rank);
}

bool ReturnTested(const RuleSpec& spec, WagerKind kind) {
  return kind == WagerKind::kWar && spec.wager(kind).offered;
}

// Settled on the first cards alone: no choice moves its figures.
StatusOr<WagerTheory> Theory(const RuleSpec& spec, int decks, WagerKind kind) {
  auto m = ComputeWarWagerMoments(spec, decks);
  if (!m.ok()) return m.status();
  WagerTheory t;
  t.available = true;
  t.choice_free = true;
  t.mean[1] = m->mean.ToLongDouble();
  t.second[1] = m->second.ToLongDouble();
  t.ahead[1] = m->ahead.ToLongDouble();
  t.cov[2] = m->Covariance().ToDouble();
  return t;
}

}  // namespace

const GameStats& BlackjackStats() {
  static const GameStats stats{&FirstCardValue, &ReturnTested, &Theory};
  return stats;
}

}  // namespace pitboss
