// The round/event model: one logged round of the hand-history format
// (../shared/hand-history-v1.md), as the checker replays it.
#ifndef PITBOSS_ROUND_H_
#define PITBOSS_ROUND_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pitboss/card.h"
#include "pitboss/money.h"

namespace pitboss {

// Seats are 1, 2, ... from first base; the dealer is seat 0.
using Seat = int;
constexpr Seat kDealer = 0;

// Part of the hand-history format: the names are the format's, never rename.
enum class WagerKind : uint8_t {
  kMain,
  kTie,
  kRaise,
  kTie2,
  kBlackjack,
  kWar,
  kDouble,
  kSplit,
  kInsurance,
  kUnknown,  // a name the format does not have
};
constexpr int kWagerKinds = static_cast<int>(WagerKind::kUnknown);
std::optional<WagerKind> ParseWagerKind(std::string_view name);
std::string_view ToString(WagerKind kind);

// Part of the hand-history format: the names are the format's, never rename.
enum class Action : uint8_t {
  kWar,
  kSurrender,
  kCollect,
  kRide,
  kHit,
  kStand,
  kDouble,
  kSplit,
  kInsurance,
  kUnknown,
};
constexpr int kActions = static_cast<int>(Action::kUnknown);
std::optional<Action> ParseAction(std::string_view name);
std::string_view ToString(Action action);

enum class EventType : uint8_t { kShuffle, kBet, kDeal, kBurn, kDecision, kSettle };
std::string_view ToString(EventType type);

struct Event {
  EventType type = EventType::kBurn;
  Seat seat = kDealer;                    // bet, deal, decision, settle
  int hand = 0;                           // split hands: 1, 2...; 0 when absent
  WagerKind wager = WagerKind::kUnknown;  // bet, settle
  Action action = Action::kUnknown;       // decision
  Money amount = 0;                       // bet: amount; settle: net
  std::optional<Card> card;               // deal, burn; nullopt when the code is invalid
  int decks = 0;                          // shuffle
  bool face_down = false;                 // deal: "face": "down" (the dealer's hole card)
  std::string text;  // the raw name when wager/action/card is unknown or invalid; the shoe id
};

// Table limits per wager kind, as the round logs them; either bound optional.
struct Limit {
  std::optional<Money> min;
  std::optional<Money> max;
};

struct Round {
  std::string id;
  std::string time;  // as logged (RFC 3339)
  int32_t date = 0;  // the calendar date of `time` as written: yyyymmdd
  std::string table;
  std::string rules;
  std::string currency;  // ISO 4217, "" where the round names none
  std::array<std::optional<Limit>, kWagerKinds> limits{};
  std::vector<Event> events;

  const std::optional<Limit>& limit(WagerKind kind) const { return limits[static_cast<int>(kind)]; }
};

}  // namespace pitboss

#endif  // PITBOSS_ROUND_H_
