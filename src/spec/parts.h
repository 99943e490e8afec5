// The parts of a rule spec an engine can consult, as bits. An engine marks the parts it
// read replaying a round; a reading that differs only in parts the round never touched
// would replay it the same way, so it need not be replayed at all.
#ifndef PITBOSS_SPEC_PARTS_H_
#define PITBOSS_SPEC_PARTS_H_

#include <cstdint>

#include "pitboss/spec.h"

namespace pitboss {

using SpecParts = uint32_t;

namespace part {
constexpr SpecParts kShoe = 1u << 0;          // decks, fresh shuffle
constexpr SpecParts kRanks = 1u << 1;
constexpr SpecParts kInitialDeal = 1u << 2;
constexpr SpecParts kWarDeal = 1u << 3;
constexpr SpecParts kTieDecision = 1u << 4;
constexpr SpecParts kWagers = 1u << 5;
constexpr SpecParts kSettleOrder = 1u << 6;
// payouts[stage][outcome]: bit 7 + stage * 3 + outcome
constexpr SpecParts Payouts(Stage stage, Outcome outcome) {
  return 1u << (7 + static_cast<int>(stage) * kOutcomes + static_cast<int>(outcome));
}
constexpr SpecParts kAll = ~0u;
}  // namespace part

// The parts in which `a` and `b` differ (citations and quotes aside).
SpecParts DifferingParts(const RuleSpec& a, const RuleSpec& b);

}  // namespace pitboss

#endif  // PITBOSS_SPEC_PARTS_H_
