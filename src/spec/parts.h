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
// The core's parts; every other bit is the game's own (games/<game>/*_rules.h).
constexpr SpecParts kShoe = 1u << 0;    // decks, fresh shuffle
constexpr SpecParts kWagers = 1u << 5;  // wagers, their windows and limits
constexpr SpecParts kAll = ~0u;
}  // namespace part

// The parts in which `a` and `b` differ (citations and quotes aside): the core's, and the
// game's through its entry in the game table.
SpecParts DifferingParts(const RuleSpec& a, const RuleSpec& b);

}  // namespace pitboss

#endif  // PITBOSS_SPEC_PARTS_H_
