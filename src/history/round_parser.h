// RoundParser: one line of a hand-history log (../shared/hand-history-v1.md) into a Round,
// or the reason it is not one.
#ifndef PITBOSS_HISTORY_ROUND_PARSER_H_
#define PITBOSS_HISTORY_ROUND_PARSER_H_

#include <compare>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "pitboss/round.h"
#include "pitboss/status.h"

namespace pitboss {

// The instant an RFC 3339 time names, its offset applied: seconds since 1970-01-01T00:00:00Z
// and nanoseconds (a fraction's first nine digits). See ParseRfc3339Instant.
struct Instant {
  int64_t seconds = 0;
  int32_t nanos = 0;
  friend auto operator<=>(const Instant&, const Instant&) = default;
};

// What became of one line.
struct ParseOutcome {
  // Ok, or a ParseError whose message is that of the line's input/malformed finding:
  // what is wrong, without the path, line number or code, e.g.
  //   event 3: field 'seat' must be a positive integer or "dealer", not "7"
  // Events are numbered from 0 in messages, as the events array counts them.
  Status status;
  // When status is not ok: the round and table ids as far as they can be made out of the
  // line, even one that is not JSON; "" when they cannot. Empty when status is ok (the
  // Round has them).
  std::string round;
  std::string table;
  // The line is not JSON only in that it ends before its value does: every byte of it is JSON
  // so far (JsonSyntaxError's ends_early), as in a line cut off. False for any other line.
  bool ends_early = false;
  // When status is ok: the instant of the round's time (ParseRfc3339Instant), read with its
  // date, so that the checker does not read the time again.
  std::optional<Instant> instant;

  bool ok() const { return status.ok(); }
};

// Parses log lines into Rounds. Holds its JSON parser and one padded copy buffer, reused
// line after line, so parsing allocates nothing in the steady state. Not thread-safe: use
// one per thread.
//
// Two paths, one result: a fast one (round_scanner.cc: a scanner of a strict subset of JSON,
// one pass over the line's bytes straight into the Round) takes the lines it fully
// understands, and gives up on anything else (an error, a key it does not know, a key given
// twice, an escape in a string, a null, true or false, a number that is not an int64 integer,
// "-0"...), which the reference path (simdjson's DOM) then parses from scratch. Whatever the
// line, the outcome and the Round are the reference path's.
//
// What the format leaves open, decided here:
// - round, table and rules must be non-empty strings; unknown top-level and event fields
//   are ignored; a null optional field (limits, min, max, hand) counts as absent;
// - a wager or action name the format does not have is not malformed: it becomes
//   kUnknown with the name in Event::text, for the checker to report;
// - a card that is a string but not a card code is not malformed either: Event::card is
//   nullopt with the string in Event::text (the checker reports input/bad-card);
// - only a deal may name the "dealer" seat; bets, decisions and settlements are a
//   player's; seats go up to INT32_MAX;
// - limits of a wager name the format does not have are ignored;
// - a known key given twice makes the line malformed (readers differ on which value counts);
//   an unknown key given twice is ignored, as any unknown key is.
class RoundParser {
 public:
  // Which paths a line goes through. kReferenceOnly skips the fast path: it is there for
  // tests and the fuzzer, to check that the fast path changes nothing.
  enum class Paths { kFastThenReference, kReferenceOnly };

  explicit RoundParser(Paths paths = Paths::kFastThenReference);
  ~RoundParser();
  RoundParser(const RoundParser&) = delete;
  RoundParser& operator=(const RoundParser&) = delete;

  // Fills *round from `line` (one line, without its newline). When the outcome is not ok,
  // *round holds whatever was read before the problem and must not be checked.
  // `padded`: the caller guarantees kLinePadding (line_reader.h) readable bytes after the
  // line's end, whatever they hold, so that the reference path alone (kReferenceOnly) parses
  // it in place. The fast path reads a copy followed by zeros, which end its scanner's loops
  // with no bound check (cheaper than the checks); a line it gives up goes on in that copy.
  ParseOutcome Parse(std::string_view line, Round* round, bool padded = false);

  // How many lines the fast path took (the rest went to the reference path): for tests and
  // benchmarks to see that it is taken at all.
  int64_t fast_lines() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The calendar date of an RFC 3339 time as written (its own offset, not UTC), as yyyymmdd:
// "2026-11-21T20:14:03Z" and "2026-11-21T23:30:00.25-05:00" are both 20261121. Fractions
// of a second and lower-case 't'/'z' are accepted, as RFC 3339 allows. nullopt when `time`
// is not an RFC 3339 date-time or names a date or time that does not exist.
std::optional<int32_t> ParseRfc3339Date(std::string_view time);

std::optional<Instant> ParseRfc3339Instant(std::string_view time);
// Both at once, in one pass over `time`: false where ParseRfc3339Date is nullopt.
bool ParseRfc3339(std::string_view time, int32_t* date, Instant* instant);

// True for the form of an ISO 4217 code: three capital letters ("USD"). Whether the code is
// assigned is not checked: a new currency must not make a log unreadable.
bool IsCurrencyCode(std::string_view code);

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_ROUND_PARSER_H_
