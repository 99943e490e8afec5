// The dealer of War-family games (games/core/dealer.h says what a dealer promises).
#ifndef PITBOSS_GAMES_WAR_WAR_DEALER_H_
#define PITBOSS_GAMES_WAR_WAR_DEALER_H_

#include <ostream>

#include "games/core/dealer.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"

namespace pitboss {

// A tied seat offered both surrender and war surrenders with this probability.
inline constexpr DealerRate kSurrenderRate{"surrender-rate", "probability that a tied player surrenders",
                                           0.2};

Status GenerateWarRounds(const RuleSpec& spec, const DealerOptions& options, std::ostream& out);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_WAR_WAR_DEALER_H_
