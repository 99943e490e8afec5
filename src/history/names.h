// The names the hand-history format gives wagers, actions and event types, as tables the log
// reader looks names up in inline: only the log reader turns an event's "type" into an
// EventType, and its scanner looks up a type or a wager name in nearly every event (a call
// of the lookup cost as much as the lookup). names.cc defines the public lookups of round.h
// on the same tables. Part of the hand-history format: never rename an entry.
#ifndef PITBOSS_HISTORY_NAMES_H_
#define PITBOSS_HISTORY_NAMES_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "base/same_bytes.h"
#include "pitboss/round.h"

namespace pitboss {

// The names of one enum, indexed by the enum's value, with a small hash index built at
// compile time: a log names a wager or an event type in nearly every event, and a scan of
// the names showed in profiles. The names stay the one table; the index is derived from it.
template <typename Enum, size_t N>
class NameTable {
 public:
  constexpr explicit NameTable(const std::array<std::string_view, N>& names) : names_(names) {
    slot_.fill(-1);
    for (size_t i = 0; i < N; ++i) {
      if (names[i].empty()) {
        valid_ = false;  // the array is sized by the enum: a missing name is left empty
        continue;
      }
      int8_t& slot = slot_[Hash(names[i])];
      if (slot != -1) valid_ = false;  // two names share a slot: change Hash
      slot = static_cast<int8_t>(i);
    }
  }

  // Every name present, each in a slot of its own.
  constexpr bool valid() const { return valid_; }
  // The names, indexed by the enum's value.
  constexpr const std::array<std::string_view, N>& names() const { return names_; }

  std::optional<Enum> Find(std::string_view name) const {
    if (name.empty()) return std::nullopt;
    const int i = slot_[Hash(name)];
    if (i < 0) return std::nullopt;
    const std::string_view candidate = names_[i];
    if (candidate.size() != name.size() || !SameBytes(candidate.data(), name.data(), name.size())) {
      return std::nullopt;
    }
    return static_cast<Enum>(i);
  }

  std::string_view Name(Enum e) const {
    const auto i = static_cast<size_t>(e);
    return i < N ? names_[i] : std::string_view("unknown");
  }

 private:
  static constexpr size_t kSlots = 64;
  static constexpr size_t Hash(std::string_view s) {
    return (s.size() + static_cast<unsigned char>(s[0]) * 5 +
            static_cast<unsigned char>(s[s.size() - 1]) * 3) %
           kSlots;
  }

  std::array<std::string_view, N> names_;
  std::array<int8_t, kSlots> slot_{};
  bool valid_ = true;
};

inline constexpr NameTable<WagerKind, kWagerKinds> kWagerNames({
    "main",
    "tie",
    "raise",
    "tie2",
    "blackjack",
    "war",
    "double",
    "split",
    "insurance",
});
static_assert(kWagerNames.valid());

inline constexpr NameTable<Action, kActions> kActionNames({
    "war",
    "surrender",
    "collect",
    "ride",
    "hit",
    "stand",
    "double",
    "split",
    "insurance",
});
static_assert(kActionNames.valid());

inline constexpr NameTable<EventType, static_cast<size_t>(EventType::kSettle) + 1> kEventTypeNames({
    "shuffle",
    "bet",
    "deal",
    "burn",
    "decision",
    "settle",
});
static_assert(kEventTypeNames.valid());

// "shuffle", "bet", "deal", "burn", "decision", "settle"; nullopt for anything else.
inline std::optional<EventType> ParseEventType(std::string_view name) { return kEventTypeNames.Find(name); }

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_NAMES_H_
