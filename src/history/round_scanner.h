// ScanRound: the round parser's fast path (round_scanner.cc says why it exists and when it
// applies), and what it shares with the reference path in round_parser.cc: the fields of a
// round line both read. Internal to RoundParser; everything else uses round_parser.h.
#ifndef PITBOSS_HISTORY_ROUND_SCANNER_H_
#define PITBOSS_HISTORY_ROUND_SCANNER_H_

#include <cstddef>
#include <cstring>
#include <string_view>

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

// The zero bytes a line given to ScanRound must be followed by: a NUL is no token and ends
// no string of the subset, so it stops every loop of the scanner at the line's end without a
// bound check, and a key is compared by loads of up to 16 bytes from where it starts.
constexpr size_t kScanPadding = 16;

// Fills *round from `line` (followed by kScanPadding zero bytes) when the line is of the
// scanner's subset of the format, with the very Round the reference path would give, and
// returns true. Returns false on any other line, having written no message: *round is then
// half-filled, to be cleared and parsed again by the reference path. *round must come in
// cleared (RoundParser::Parse clears it). Called once a line: the scanner's steps are inlined
// within round_scanner.cc.
bool ScanRound(std::string_view line, Round* round);

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_ROUND_SCANNER_H_
