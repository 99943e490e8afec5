// The engine of the blackjack family (blackjack as a house posts it, War Blackjack): replays
// one logged round against a RuleSpec, action by action: the deal, the War wager and the
// ride, insurance, every decision of every hand, the dealer's drawing, and what every wager
// of every hand should have been paid. Everything it knows of a rule set comes from the
// spec. Pure and thread-safe: the same spec and round always give the same result.
#ifndef PITBOSS_GAMES_BLACKJACK_BLACKJACK_ENGINE_H_
#define PITBOSS_GAMES_BLACKJACK_BLACKJACK_ENGINE_H_

#include <string>
#include <vector>

#include "games/core/finding.h"
#include "pitboss/round.h"
#include "pitboss/spec.h"

namespace pitboss {

// Finds every rule-dependent violation of `round` under `spec`: deal/*, wager/*, decision/*,
// settle/*, shoe/deck-count. Shoe continuity across rounds is the ShoeTracker's; card codes
// the parser's.
RoundResult ReplayBlackjack(const RuleSpec& spec, const Round& round);
// The same into *out (the checker's Engine), cleared first and its buffers reused.
void ReplayBlackjackInto(const RuleSpec& spec, const Round& round, RoundResult* out);
// What the rules expect at each event of `round`, in words (Game::expected): the dealer's
// required play before each draw, the decisions offered to each hand, the hole card dealt
// face down, the amounts a double, split, insurance or ride may be, what each settlement owes;
// "" where the rules say nothing more than the event shows.
void BlackjackExpected(const RuleSpec& spec, const Round& round, std::vector<std::string>* notes);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_BLACKJACK_BLACKJACK_ENGINE_H_
