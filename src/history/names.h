// Name lookups the public round.h does not need to offer: only the log reader turns an
// event's "type" into an EventType. Defined in names.cc beside the other name tables.
#ifndef PITBOSS_HISTORY_NAMES_H_
#define PITBOSS_HISTORY_NAMES_H_

#include <optional>
#include <string_view>

#include "pitboss/round.h"

namespace pitboss {

// "shuffle", "bet", "deal", "burn", "decision", "settle"; nullopt for anything else.
std::optional<EventType> ParseEventType(std::string_view name);

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_NAMES_H_
