// The figures a source publishes about its game (a spec's `claims`), as `pitboss rtp` and
// lint check them whatever the game: the published figure read at its own precision, and the
// verdict an auditor reads.
#ifndef PITBOSS_GAMES_CORE_CLAIMS_H_
#define PITBOSS_GAMES_CORE_CLAIMS_H_

#include <optional>
#include <string>
#include <string_view>

#include "math/fraction.h"
#include "pitboss/spec.h"

namespace pitboss {

// "97.83%" -> 9783/10000 with tolerance 5/100000; "0.5" -> 1/2 +- 5/100. nullopt if not a
// decimal number (with an optional '%').
struct ClaimedFigure {
  Fraction value;
  Fraction tolerance;
};
std::optional<ClaimedFigure> ParseClaimedFigure(std::string_view text);

// One claim checked: whether it holds on some basis under its own policy, and why.
struct ClaimVerdict {
  Claim claim;
  bool holds = false;
  std::string message;
};

}  // namespace pitboss

#endif  // PITBOSS_GAMES_CORE_CLAIMS_H_
