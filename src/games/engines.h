// The engines, one per game family, looked up by the spec's `game`. One table.
#ifndef PITBOSS_GAMES_ENGINES_H_
#define PITBOSS_GAMES_ENGINES_H_

#include <string_view>

#include "games/finding.h"
#include "pitboss/round.h"
#include "pitboss/spec.h"

namespace pitboss {

using Engine = RoundResult (*)(const RuleSpec& spec, const Round& round);

// nullptr for a game no engine plays.
Engine FindEngine(std::string_view game);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_ENGINES_H_
