// The names the hand-history format gives wagers, actions and event types.
// Part of the hand-history format: never rename an entry.

#include "history/names.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

#include "base/same_bytes.h"
#include "pitboss/round.h"

namespace pitboss {

namespace {

// The names of one enum, indexed by the enum's value, with a small hash index built at
// compile time: a log names a wager or an event type in nearly every event, and a scan of
// the names showed in profiles. The names stay the one table; the index is derived from it.
template <size_t N>
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

  std::optional<int> Find(std::string_view name) const {
    if (name.empty()) return std::nullopt;
    int i = slot_[Hash(name)];
    if (i < 0) return std::nullopt;
    std::string_view candidate = names_[i];
    if (candidate.size() != name.size() || !SameBytes(candidate.data(), name.data(), name.size())) {
      return std::nullopt;
    }
    return i;
  }

  std::string_view Name(size_t i) const { return i < N ? names_[i] : std::string_view("unknown"); }

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

constexpr NameTable<kWagerKinds> kWagerNames({
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

constexpr NameTable<kActions> kActionNames({
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

constexpr NameTable<static_cast<size_t>(EventType::kSettle) + 1> kEventTypeNames({
    "shuffle",
    "bet",
    "deal",
    "burn",
    "decision",
    "settle",
});
static_assert(kEventTypeNames.valid());

}  // namespace

std::optional<WagerKind> ParseWagerKind(std::string_view name) {
  std::optional<int> i = kWagerNames.Find(name);
  if (!i) return std::nullopt;
  return static_cast<WagerKind>(*i);
}

std::string_view ToString(WagerKind kind) { return kWagerNames.Name(static_cast<size_t>(kind)); }

std::optional<Action> ParseAction(std::string_view name) {
  std::optional<int> i = kActionNames.Find(name);
  if (!i) return std::nullopt;
  return static_cast<Action>(*i);
}

std::string_view ToString(Action action) { return kActionNames.Name(static_cast<size_t>(action)); }

std::optional<EventType> ParseEventType(std::string_view name) {
  std::optional<int> i = kEventTypeNames.Find(name);
  if (!i) return std::nullopt;
  return static_cast<EventType>(*i);
}

std::string_view ToString(EventType type) { return kEventTypeNames.Name(static_cast<size_t>(type)); }

}  // namespace pitboss
