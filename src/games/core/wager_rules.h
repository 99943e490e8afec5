// The rules every game's wagers and shoes share, judged in one place: a wager's limits
// (wager/limit), a wager placed without the wager it depends on (wager/orphan), and a shoe's
// deck count and fresh shuffle (shoe/deck-count, shoe/no-shuffle). An engine says when its
// game's wagers are placed and which are in action; these say whether they break the rules.
#ifndef PITBOSS_GAMES_CORE_WAGER_RULES_H_
#define PITBOSS_GAMES_CORE_WAGER_RULES_H_

#include <vector>

#include "games/core/reporter.h"
#include "pitboss/money.h"
#include "pitboss/round.h"
#include "pitboss/spec.h"

namespace pitboss {

// wager/limit where `amount` (the wager's bets together, the first at `event`) is not positive,
// below the table minimum, or above the rules' or the table's maximum (the lower of the two).
void ReportLimits(const RuleSpec& spec, const Round& round, Reporter& r, int event, Seat seat, WagerKind kind,
                  Money amount);
inline void CheckLimits(const RuleSpec& spec, const Round& round, Reporter& r, int event, Seat seat,
                        WagerKind kind, Money amount) {
  // The path of every wager within its limits, inline: one a bet.
  const WagerRule& rule = spec.wager(kind);
  const auto& table = round.limit(kind);
  if (amount > 0 && (!rule.max || amount <= *rule.max) &&
      (!table || ((!table->min || amount >= *table->min) && (!table->max || amount <= *table->max)))) {
    return;
  }
  ReportLimits(spec, round, r, event, seat, kind, amount);
}

// wager/orphan: the `kind` wager of `seat` (its first bet at `event`) placed without the
// `depends_on` wager it needs. The finding's index (-1 where findings are not wanted): the
// wager is refused, and that finding is the one its settlement's money goes to.
int ReportOrphan(const RuleSpec& spec, Reporter& r, int event, Seat seat, WagerKind kind,
                 WagerKind depends_on, Money amount);

// shoe/deck-count for each shuffle (`shuffles`: their events) of a shoe the rules do not
// allow, and shoe/no-shuffle where the rules require a fresh shuffle every round and none came
// before `first_draw` (the round's first card or burn; INT_MAX: none).
void CheckShuffles(const RuleSpec& spec, const Round& round, const std::vector<int>& shuffles, int first_draw,
                   Reporter& r);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_CORE_WAGER_RULES_H_
