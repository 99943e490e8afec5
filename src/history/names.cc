// The names the hand-history format gives wagers, actions and event types.
// Part of the hand-history format: never rename an entry.

#include "history/names.h"

#include <array>
#include <optional>
#include <string_view>

#include "pitboss/round.h"

namespace pitboss {

namespace {

// Indexed by the enum's value. The arrays are sized by the enums, so the static_asserts
// catch a table that falls behind its enum (a missing name would be left empty).
template <size_t N>
constexpr bool AllNamed(const std::array<std::string_view, N>& names) {
  for (std::string_view name : names) {
    if (name.empty()) return false;
  }
  return true;
}

constexpr std::array<std::string_view, kWagerKinds> kWagerNames = {
    "main", "tie", "raise", "tie2", "blackjack", "war", "double", "split", "insurance",
};
static_assert(AllNamed(kWagerNames));

constexpr std::array<std::string_view, kActions> kActionNames = {
    "war", "surrender", "collect", "ride", "hit", "stand", "double", "split", "insurance",
};
static_assert(AllNamed(kActionNames));

constexpr std::array<std::string_view, static_cast<size_t>(EventType::kSettle) + 1> kEventTypeNames = {
    "shuffle", "bet", "deal", "burn", "decision", "settle",
};
static_assert(AllNamed(kEventTypeNames));

// The index of `name` in `names`, or nullopt. Looked up for every event of every round, and
// the names are a few bytes long: a plain loop beats a call to memcmp.
template <size_t N>
std::optional<int> Find(const std::array<std::string_view, N>& names, std::string_view name) {
  for (size_t i = 0; i < N; ++i) {
    std::string_view candidate = names[i];
    if (candidate.size() != name.size() || candidate[0] != name[0]) continue;
    size_t j = 1;
    while (j < name.size() && candidate[j] == name[j]) ++j;
    if (j == name.size()) return static_cast<int>(i);
  }
  return std::nullopt;
}

}  // namespace

std::optional<WagerKind> ParseWagerKind(std::string_view name) {
  std::optional<int> i = Find(kWagerNames, name);
  if (!i) return std::nullopt;
  return static_cast<WagerKind>(*i);
}

std::string_view ToString(WagerKind kind) {
  int i = static_cast<int>(kind);
  return i < kWagerKinds ? kWagerNames[i] : std::string_view("unknown");
}

std::optional<Action> ParseAction(std::string_view name) {
  std::optional<int> i = Find(kActionNames, name);
  if (!i) return std::nullopt;
  return static_cast<Action>(*i);
}

std::string_view ToString(Action action) {
  int i = static_cast<int>(action);
  return i < kActions ? kActionNames[i] : std::string_view("unknown");
}

std::optional<EventType> ParseEventType(std::string_view name) {
  std::optional<int> i = Find(kEventTypeNames, name);
  if (!i) return std::nullopt;
  return static_cast<EventType>(*i);
}

std::string_view ToString(EventType type) {
  size_t i = static_cast<size_t>(type);
  return i < kEventTypeNames.size() ? kEventTypeNames[i] : std::string_view("unknown");
}

}  // namespace pitboss
