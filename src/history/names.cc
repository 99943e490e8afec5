// The public lookups of round.h, on the name tables of names.h.

#include "history/names.h"

#include <optional>
#include <string_view>

#include "pitboss/round.h"

namespace pitboss {

std::optional<WagerKind> ParseWagerKind(std::string_view name) { return kWagerNames.Find(name); }

std::string_view ToString(WagerKind kind) { return kWagerNames.Name(kind); }

std::optional<Action> ParseAction(std::string_view name) { return kActionNames.Find(name); }

std::string_view ToString(Action action) { return kActionNames.Name(action); }

std::string_view ToString(EventType type) { return kEventTypeNames.Name(type); }

}  // namespace pitboss
