// The dealer of blackjack-family games (games/core/dealer.h says what a dealer promises). Seats
// play basic strategy for the spec's rules (blackjack_math.h), ride a War win where that is
// the better choice, and insure an ace at the insurance rate (kInsuranceRate); the War wager is placed at
// options.tie_bet_rate. A spec that offers surrender is dealt without it (a player may always
// decline it, and the engine does not replay it).
#ifndef PITBOSS_GAMES_BLACKJACK_BLACKJACK_DEALER_H_
#define PITBOSS_GAMES_BLACKJACK_BLACKJACK_DEALER_H_

#include <ostream>

#include "games/core/dealer.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"

namespace pitboss {

// InvalidArgument also for a dealer that checks for blackjack before the players act: the
// round would end on the dealer's blackjack, which the engine does not replay yet.
// A seat offered insurance takes it, for the most the rules allow, with this probability.
// Basic strategy never insures; the few who do keep the wager in the logs.
inline constexpr DealerRate kInsuranceRate{"insurance-rate", "probability that a blackjack player insures",
                                           0.05};

Status GenerateBlackjackRounds(const RuleSpec& spec, const DealerOptions& options, std::ostream& out);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_BLACKJACK_BLACKJACK_DEALER_H_
