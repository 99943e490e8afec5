// The engine of high card: replays one logged round against a RuleSpec and says what the
// rules owe each wager and how the cards must come; the game core (games/core/) judges the
// shoe, the wagers' limits and every settlement against that. Pure and thread-safe: the same
// spec and round always give the same result.
#ifndef PITBOSS_GAMES_HIGH_CARD_HIGH_CARD_ENGINE_H_
#define PITBOSS_GAMES_HIGH_CARD_HIGH_CARD_ENGINE_H_

#include "games/core/finding.h"
#include "pitboss/round.h"
#include "pitboss/spec.h"

namespace pitboss {

// Finds every rule-dependent violation of `round` under `spec` into *out (cleared first, its
// buffers reused: the checker's Engine): shoe/deck-count, shoe/no-shuffle, deal/order,
// deal/burn-count, deal/missing-card, wager/limit, wager/orphan, wager/late,
// decision/not-offered and settle/*. Shoe continuity across rounds is the ShoeTracker's; card
// codes the parser's.
void ReplayHighCardInto(const RuleSpec& spec, const Round& round, RoundResult* out);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_HIGH_CARD_HIGH_CARD_ENGINE_H_
