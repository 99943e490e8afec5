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
    return Status::InvalidArgument("the War wager's moments overflow for " + std::to_string(decks) + " decks");
  }
  return m;
}

}  // namespace pitboss
