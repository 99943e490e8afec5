// The dealer of high card (games/core/dealer.h says what a dealer promises).
#ifndef PITBOSS_GAMES_HIGH_CARD_HIGH_CARD_DEALER_H_
#define PITBOSS_GAMES_HIGH_CARD_HIGH_CARD_DEALER_H_

#include <ostream>

#include "games/core/dealer.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"

namespace pitboss {

// Deals `options.rounds` rounds of a high card spec and writes them to `out`, one JSON line
// each (Game::generate). The players have no choice to draw: the game offers none.
Status GenerateHighCardRounds(const RuleSpec& spec, const DealerOptions& options, std::ostream& out);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_HIGH_CARD_HIGH_CARD_DEALER_H_
