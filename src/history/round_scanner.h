// ScanRound: the round parser's fast path (round_scanner.cc says why it exists and when it
// applies), and what it shares with the reference path in round_parser.cc: the fields of a
// round line both read. Internal to RoundParser, and to the one other reader that fills a
// Round on the fast path's terms: a dialect's converter (dialect/dialect_reader.h), which
// fills it from an operator's records without writing the v1 line (FillScannedEvent).
// Everything else uses round_parser.h.
#ifndef PITBOSS_HISTORY_ROUND_SCANNER_H_
#define PITBOSS_HISTORY_ROUND_SCANNER_H_

#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

#include "history/card_code.h"
#include "history/names.h"
#include "history/round_parser.h"
#include "pitboss/card.h"
#include "pitboss/round.h"

namespace pitboss {

// Whether `key` is `name`. The length is known at compile time, so the compare is one or two
// integer loads, not a call: this runs for every key of every event.
template <size_t N>
inline bool Is(std::string_view key, const char (&name)[N]) {
  return key.size() == N - 1 && std::memcmp(key.data(), name, N - 1) == 0;
}

// The fields an event may carry. Any other key is ignored.
enum class EventField { kType, kSeat, kWager, kAmount, kNet, kCard, kAction, kShoe, kDecks, kHand };
constexpr int kEventFields = static_cast<int>(EventField::kHand) + 1;

enum class RoundField { kRound, kTime, kTable, kRules, kLimits, kCurrency, kEvents };
constexpr int kRoundFields = static_cast<int>(RoundField::kEvents) + 1;

// One event's fields as a line gives them, read before its type is known (the type may come
// last): a field is read only where `present` has its bit.
struct ScannedEvent {
  uint32_t present = 0;
  std::string_view type, wager, card, action, shoe, seat_name;
  // The wager's and the action's name as looked up by a reader that could do it as it read
  // them (the scanner): then `wager` or `action` is read only where it is none of the names.
  std::optional<WagerKind> wager_kind;
  std::optional<Action> action_kind;
  int64_t seat = 0, amount = 0, net = 0, decks = 0, hand = 0;
  bool seat_is_name = false;  // the seat was a string (seat_name), not an integer (seat)
  bool face = false;          // "face" was given
  bool face_down = false;     // ... as "down"
  bool Has(EventField field) const { return (present & (1u << static_cast<int>(field))) != 0; }
};

// LineParser::ParseEvent (round_parser.cc) on the values of `v`, for an event the fast path
// takes: fills *event, which must come in as a new Event, and returns true; false where the
// reference path would refuse the event or word something about it (the line goes to it).
// Inline, always: it runs for every event of every line, and a call of it cost the scanner
// as much as the fill (GCC left it out of line once the events loop grew).
__attribute__((always_inline)) inline bool FillScannedEvent(EventType type, const ScannedEvent& v,
                                                            Event* event);
inline bool FillScannedEvent(const ScannedEvent& v, Event* event) {
  if (!v.Has(EventField::kType)) return false;
  std::optional<EventType> type = ParseEventType(v.type);
  return type && FillScannedEvent(*type, v, event);
}
// As above, for an event whose type is known (v.type is not read).
__attribute__((always_inline)) inline bool FillScannedEvent(EventType known, const ScannedEvent& v,
                                                            Event* event) {
  event->type = known;
  if (v.Has(EventField::kHand)) {
    if (v.hand < 1 || v.hand > INT_MAX) return false;
    event->hand = static_cast<int>(v.hand);
  }
  if (known != EventType::kShuffle && known != EventType::kBurn) {
    if (!v.Has(EventField::kSeat)) return false;
    if (v.seat_is_name) {
      if (known != EventType::kDeal || !Is(v.seat_name, "dealer")) return false;
      event->seat = kDealer;
    } else {
      if (v.seat < 1 || v.seat > INT_MAX) return false;
      event->seat = static_cast<Seat>(v.seat);
    }
  }
  switch (known) {
    case EventType::kShuffle:
      if (!v.Has(EventField::kShoe) || !v.Has(EventField::kDecks) || v.decks < INT_MIN || v.decks > INT_MAX) {
        return false;
      }
      event->text.assign(v.shoe.data(), v.shoe.size());
      event->decks = static_cast<int>(v.decks);
      return true;
    case EventType::kBet:
    case EventType::kSettle: {
      if (!v.Has(EventField::kWager)) return false;
      if (known == EventType::kBet) {
        if (!v.Has(EventField::kAmount) || v.amount < 0) return false;
        event->amount = v.amount;
      } else {
        if (!v.Has(EventField::kNet)) return false;
        event->amount = v.net;
      }
      std::optional<WagerKind> kind = v.wager_kind ? v.wager_kind : kWagerNames.Find(v.wager);
      event->wager = kind.value_or(WagerKind::kUnknown);
      if (!kind) event->text.assign(v.wager.data(), v.wager.size());
      return true;
    }
    case EventType::kDeal:
    case EventType::kBurn:
      if (!v.Has(EventField::kCard)) return false;
      event->face_down = known == EventType::kDeal && v.face_down;
      event->card = ReadCardCode(v.card);
      if (!event->card) event->text.assign(v.card.data(), v.card.size());
      return true;
    case EventType::kDecision: {
      if (!v.Has(EventField::kAction)) return false;
      std::optional<Action> a = v.action_kind ? v.action_kind : kActionNames.Find(v.action);
      event->action = a.value_or(Action::kUnknown);
      if (!a) event->text.assign(v.action.data(), v.action.size());
      return true;
    }
  }
  return false;
}

// Empties *round for a line to fill, keeping its buffers for the next.
inline void ClearRound(Round* round) {
  round->id.clear();
  round->time.clear();
  round->date = 0;
  round->table.clear();
  round->rules.clear();
  round->limits = {};
  round->currency.clear();
  round->events.clear();  // keeps its capacity for the next round
}

// The readable bytes a line given to ScanRound must be followed by, the first of them a
// stop (ScanStops): a NUL, a line feed or a carriage return. A stop is no token, no
// whitespace to the scanner, no digit, and ends no string of the subset, so it stops every
// loop of the scanner at the line's end without a bound check; a key is compared by loads of
// up to 16 bytes from where it starts, and those past the stop match no key. A line where
// LineReader holds it is followed by its own line feed (or CR LF): it is read in place.
constexpr size_t kScanPadding = 16;

// Whether `c`, the byte after a line, stops the scanner there (kScanPadding).
constexpr bool ScanStops(char c) { return c == '\0' || c == '\n' || c == '\r'; }

// Fills *round from `line` (followed by kScanPadding readable bytes, the first a stop) when
// the line is of the
// scanner's subset of the format, with the very Round the reference path would give, and
// returns true. Returns false on any other line, having written no message: *round is then
// half-filled, to be cleared and parsed again by the reference path. *round must come in
// cleared (RoundParser::Parse clears it). *instant is then the instant of the round's time.
// Called once a line: the scanner's steps are inlined within round_scanner.cc.
bool ScanRound(std::string_view line, Round* round, Instant* instant);

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_ROUND_SCANNER_H_
