// The round parser's fast path: a hand-written scanner that reads a log line straight into a
// Round, in one pass over its bytes.
//
// Why it exists: parse cost. Logs run to millions of lines, nearly all of them clean and
// written by machines in one shape, and parsing was most of what such a line cost: callgrind
// measured 26.8k instructions a line before this scanner, 12.0k with it. (RoundParser::Parse
// on the first 20,000 lines of fixtures/generated/us-sd-casino-war-large.jsonl.gz: 11.9k
// before the scanner was moved into this file, 11.2k after; see EventMember. ScanRound on the
// first 20,000 rounds of a 200,000-round Casino War log: 11.1k, then 7.7k once the events loop
// kept its cursor in a register and matched names in the line; see Events and Cursor::Name;
// 6.2k once an event laid out as the format's writers lay it out was read in that layout;
// see WrittenEvent.)
//
// When it applies: only to a line made of what the log format (../shared/hand-history-v1.md)
// writes: valid UTF-8; one object whose keys are those the reference path reads (and an
// event's "face"), each given once; strings without an escape or a control character;
// no whitespace but spaces and tabs; integers within int64, with no leading zero, fraction or exponent, and
// not "-0"; no null, true or false; and values the reference path accepts. On any other line ScanRound
// returns false and writes no message: RoundParser::Parse (round_parser.cc) clears the round and gives the
// line to the reference path, simdjson's DOM, which parses it from scratch and words every message. The
// scanner decides nothing of its own: it answers "this Round" (the reference path's) or "not mine".
//
// What holds it to the general path: the DifferentialTest tests in
// src/history/round_parser_test.cc parse each line both ways (the reference alone through
// RoundParser::Paths::kReferenceOnly; the fast path on a copy, in place with junk after the
// line, and in place with zeros after it) and require the same outcome, message and Round:
// every fixture line (FixtureLines), every line the dealer simulator writes for each bundled
// spec, all of which the scanner must take itself (FastPathTakesEveryGeneratedLine), the
// edges of the subset (FastPathTakesTheEdgesOfItsSubset), lines it must give way on or take
// alike (NastyLines), every prefix and random damage of good lines (DamagedLines), and a
// line of over 1 MiB (OverLongLine). The libFuzzer target round_parser_fuzz
// (fuzz/round_parser_fuzz.cc, run by scripts/fuzz.sh) does the same on any bytes, and on good
// lines with a hole its bytes fill.

#include "history/round_scanner.h"

#include <simdjson.h>

#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "history/names.h"
#include "history/round_parser.h"

namespace pitboss {

namespace {

// Eight bytes at a time, as a little-endian load from the line reads them (byte i of the
// word is the i-th byte of the line from where it was loaded). The flags these functions
// return are exact up to the first one set; what lies past it, a borrow may have changed.
constexpr uint64_t kOnes = 0x0101010101010101;
constexpr uint64_t kHighBits = 0x8080808080808080;

// The high bit of each byte of `w` below `n` (n <= 128).
constexpr uint64_t BytesBelow(uint64_t w, uint8_t n) { return (w - kOnes * n) & ~w & kHighBits; }
// The high bit of each byte of `w` that is `c`.
constexpr uint64_t BytesEqual(uint64_t w, char c) {
  return BytesBelow(w ^ (kOnes * static_cast<unsigned char>(c)), 1);
}
// The high bit of each byte that ends a string of the fast path's subset of JSON: its
// closing quote, or what the subset leaves out (a backslash, a control character).
constexpr uint64_t StringStops(uint64_t w) {
  return BytesEqual(w, '"') | BytesEqual(w, '\\') | BytesBelow(w, 0x20);
}

// How many of the bytes of `w` are decimal digits before the first that is not (0 to 8).
constexpr size_t LeadingDigits(uint64_t w) {
  // A digit is 0x30-0x39: its high nibble 3, and adding 6 leaves that nibble 3 too.
  const uint64_t nibbles = (w & 0xF0F0F0F0F0F0F0F0) | (((w + kOnes * 6) & 0xF0F0F0F0F0F0F0F0) >> 4);
  const uint64_t others = nibbles ^ (kOnes * 0x33);  // nonzero in each byte not a digit
  return others == 0 ? 8 : static_cast<size_t>(std::countr_zero(others)) / 8;
}
// The value of eight digits (the first in the lowest byte), by multiplying pairs, then
// pairs of pairs (as simdjson's parse_eight_digits_unrolled).
constexpr uint64_t EightDigits(uint64_t w) {
  w -= kOnes * '0';
  w = (w * 10) + (w >> 8);
  return (((w & 0x000000FF000000FF) * (100 + (1000000ULL << 32))) +
          (((w >> 16) & 0x000000FF000000FF) * (1 + (10000ULL << 32)))) >>
         32;
}
static_assert(LeadingDigits(0x3938373635343332) == 8 && LeadingDigits(0x2c33323130) == 4 &&
              LeadingDigits(0xff30) == 1 && LeadingDigits(0x3a) == 0 && LeadingDigits(0x2f) == 0);
static_assert(EightDigits(0x3837363534333231) == 12345678 && EightDigits(0x3530303030303030) == 5);
static_assert(std::countr_zero(StringStops(0x2261)) == 15 && std::countr_zero(StringStops(0x1f20)) == 15 &&
              std::countr_zero(StringStops(0x5c61616161616161)) == 63 &&
              StringStops(0xffc3a97f7e5d5b41) == 0);

// A key the fast path knows, as it stands in a line after its opening quote: its name and
// the closing quote, e.g. Cursor::Key<"type">().
// The bytes of `text` from `at` as one word W, as a little-endian load reads them.
template <typename W, size_t M>
constexpr W LittleEndianWord(const char (&text)[M], size_t at) {
  W w = 0;
  for (size_t i = 0; i < sizeof(W); ++i)
    w |= static_cast<W>(static_cast<unsigned char>(text[at + i])) << (8 * i);
  return w;
}

template <size_t N>
struct KeyName {
  static_assert(N >= 4 && N <= 16, "a key of 3 to 15 bytes");
  constexpr KeyName(const char (&name)[N]) {  // NOLINT: implicit, so that "type" is one
    for (size_t i = 0; i + 1 < N; ++i) text[i] = name[i];
    text[N - 1] = '"';
  }
  // The bytes from `at` as one word, as a little-endian load from the line reads them.
  template <typename W>
  constexpr W Word(size_t at) const {
    return LittleEndianWord<W>(text, at);
  }
  char text[N] = {};
};
static_assert(std::endian::native == std::endian::little, "KeyName::Word is a little-endian load");

// Bytes the fast path expects verbatim where a line is written as the format's writers write
// it, such as the separator and key before a value, e.g. Cursor::Literal<",\"seat\":">().
template <size_t N>
struct LiteralText {
  static_assert(N >= 5 && N <= 17, "a literal of 4 to 16 bytes");
  constexpr LiteralText(const char (&bytes)[N]) {  // NOLINT: implicit, so that ",\"seat\":" is one
    for (size_t i = 0; i + 1 < N; ++i) text[i] = bytes[i];
  }
  // As KeyName::Word.
  template <typename W>
  constexpr W Word(size_t at) const {
    return LittleEndianWord<W>(text, at);
  }
  constexpr bool HasStop() const {
    for (char c : text) {
      if (ScanStops(c)) return true;
    }
    return false;
  }
  char text[N - 1] = {};
};

// The names of a NameTable (names.h) as they stand in a line after a string's opening quote:
// each name and its closing quote, as the one or two little-endian words a load from the
// line reads, with the masks that keep only its bytes (a name of up to 15 bytes).
template <const auto& kTable>
struct QuotedNames {
  static constexpr size_t kCount = kTable.names().size();
  struct Entry {
    uint64_t lo = 0, lo_mask = 0;  // bytes 0-7
    uint64_t hi = 0, hi_mask = 0;  // bytes 8-15, none where the name and its quote fit in 8
    size_t size = 0;               // with the quote
  };
  static constexpr std::array<Entry, kCount> Make() {
    std::array<Entry, kCount> entries{};
    for (size_t i = 0; i < kCount; ++i) {
      const std::string_view name = kTable.names()[i];
      Entry& e = entries[i];
      e.size = name.size() + 1;
      for (size_t b = 0; b < e.size; ++b) {
        const uint64_t byte = b < name.size() ? static_cast<unsigned char>(name[b]) : '"';
        uint64_t& word = b < 8 ? e.lo : e.hi;
        uint64_t& mask = b < 8 ? e.lo_mask : e.hi_mask;
        word |= byte << (8 * (b % 8));
        mask |= uint64_t{0xFF} << (8 * (b % 8));
      }
    }
    return entries;
  }
  static constexpr std::array<Entry, kCount> kEntries = Make();
  static_assert([] {
    for (const Entry& e : kEntries) {
      if (e.size > 16) return false;
    }
    return true;
  }());
};

template <typename W>
W Load(const char* p) {
  W w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

// The cursor's steps are a few instructions each, called from dozens of places in the fast
// path: left to itself the compiler makes calls of them, which cost as much as the steps.
#define PITBOSS_CURSOR_STEP __attribute__((always_inline)) inline

// A cursor over one line for the fast path: reads the strict subset of JSON that the fast
// path takes, and answers false at the first byte outside it. The cursor never passes the
// line's end: it advances only over bytes that match, and the stop there (ScanStops)
// matches nothing.
class Cursor {
 public:
  // `line` is followed by kScanPadding readable bytes, the first a stop (ScanStops).
  explicit Cursor(std::string_view line) : p_(line.data()), end_(line.data() + line.size()) {}

  // Passes over the JSON whitespace of the subset: space and tab. CR and LF are whitespace
  // to JSON too, but they are what may stop a line (ScanStops): a line with one inside goes
  // to the reference path.
  PITBOSS_CURSOR_STEP void SkipSpace() {
    while (*p_ == ' ' || *p_ == '\t') ++p_;
  }
  // The next token is `c`: consumes it.
  PITBOSS_CURSOR_STEP bool Expect(char c) {
    if (*p_ != c) {  // most lines have no whitespace: look for it second
      SkipSpace();
      if (*p_ != c) return false;
    }
    ++p_;
    return true;
  }
  // Whether a string read so far may hold a byte above ASCII (or the bytes loaded with its
  // last ones, which may lie past it). Every other byte the cursor passes over it compares
  // with ASCII (a key, a name, a digit, whitespace, a token): where this is false, a line
  // read to its end is ASCII, and so valid UTF-8, without validating it.
  bool MaybeNotAscii() const { return (string_bytes_ & kHighBits) != 0; }

  // Expect, for a token that may not be there: a miss consumes only whitespace.
  PITBOSS_CURSOR_STEP bool Accept(char c) { return Expect(c); }
  // Whether the next token starts with `c`, without consuming it.
  PITBOSS_CURSOR_STEP bool Peek(char c) {
    SkipSpace();
    return *p_ == c;
  }
  // Only whitespace is left (a NUL in the line is not its end).
  PITBOSS_CURSOR_STEP bool AtEnd() {
    SkipSpace();
    return p_ == end_;
  }

  // The byte under the cursor (the stop after the line at its end): inside a key, the first
  // byte of its name.
  PITBOSS_CURSOR_STEP char Current() const { return *p_; }
  // Where the cursor is, and what is left of the line from there.
  const char* position() const { return p_; }
  std::string_view Rest() const { return std::string_view(p_, static_cast<size_t>(end_ - p_)); }
  // Passes over `n` bytes of the line, which the caller has read already.
  void Skip(size_t n) { p_ += n; }
  // With the cursor just after a key's opening quote: whether the key is `name`, and if so
  // consumes it and the ':' after it. A key with an escape never matches, nor does one that
  // `name` is a prefix of (the closing quote is compared too), nor one not followed by ':';
  // a miss consumes nothing, so that the next name is tried where this one was.
  // Two loads and compares with constants, not a loop: keys are most of a line.
  template <KeyName name>
  PITBOSS_CURSOR_STEP bool Key() {
    constexpr size_t kSize = sizeof(name.text);
    using Word = std::conditional_t<(kSize >= 8), uint64_t, uint32_t>;
    constexpr Word kHead = name.template Word<Word>(0);
    constexpr Word kTail = name.template Word<Word>(kSize - sizeof(Word));
    if (Load<Word>(p_) != kHead || Load<Word>(p_ + kSize - sizeof(Word)) != kTail) return false;
    const char* const key = p_;
    p_ += kSize;
    if (Expect(':')) return true;
    p_ = key;  // "action"hand":... is no "action", and no "hand" either
    return false;
  }

  // Whether the bytes from the cursor are `text`, and if so consumes them; a miss consumes
  // nothing. As Key, two loads and compares: no whitespace is passed over, and none of the
  // texts holds a stop, so a match never runs past the line.
  template <LiteralText text>
  PITBOSS_CURSOR_STEP bool Literal() {
    constexpr size_t kSize = sizeof(text.text);
    static_assert(!text.HasStop());
    using Word = std::conditional_t<(kSize >= 8), uint64_t, uint32_t>;
    constexpr Word kHead = text.template Word<Word>(0);
    constexpr Word kTail = text.template Word<Word>(kSize - sizeof(Word));
    if (Load<Word>(p_) != kHead || Load<Word>(p_ + kSize - sizeof(Word)) != kTail) return false;
    p_ += kSize;
    return true;
  }

  // With the cursor just after a string's opening quote: the index in `kTable` (names.h) of
  // the name the string is, consuming it and its closing quote; -1, consuming nothing, where
  // it is none of them (an escape is none: the quote is compared too). Each name is one or two
  // masked compares of the words from the cursor, with no call and no length found first: a
  // lookup in the table after reading the string cost as much as the rest of the event.
  template <const auto& kTable>
  PITBOSS_CURSOR_STEP int Name() {
    using Names = QuotedNames<kTable>;
    const uint64_t lo = Load<uint64_t>(p_);
    const uint64_t hi = Load<uint64_t>(p_ + 8);  // within the padding, at worst
    int found = -1;
    [&]<size_t... I>(std::index_sequence<I...>) {
      (void)((((lo & Names::kEntries[I].lo_mask) == Names::kEntries[I].lo &&
               (hi & Names::kEntries[I].hi_mask) == Names::kEntries[I].hi &&
               (found = static_cast<int>(I), true)) ||
              ...));
    }
    (std::make_index_sequence<Names::kCount>());
    if (found >= 0) p_ += Names::kEntries[static_cast<size_t>(found)].size;
    return found;
  }

  // A string with no escape and no control character, as it stands in the line, which is
  // then also its value (once the line's UTF-8 is checked: see MaybeNotAscii).
  PITBOSS_CURSOR_STEP bool String(std::string_view* out) { return Expect('"') && StringRest(out); }
  // A string's text and closing quote, the cursor just after its opening quote (as String).
  PITBOSS_CURSOR_STEP bool StringAfterQuote(std::string_view* out) { return StringRest(out); }

  // A JSON integer within int64, the numbers simdjson's DOM stores as INT64: an optional
  // '-', then "0" or digits without a leading zero. A fraction or an exponent is not one
  // (what follows the digits must be the next token, which they are not); "-0", which a
  // reader may take for the double -0.0, is left to the reference path.
  PITBOSS_CURSOR_STEP bool Int64(int64_t* out) {
    SkipSpace();
    return Int64Here(out);
  }
  // Int64, the integer starting at the cursor (no whitespace before it).
  PITBOSS_CURSOR_STEP bool Int64Here(int64_t* out) {
    const bool negative = *p_ == '-';
    if (negative) ++p_;
    const char* start = p_;
    // One digit alone, as a seat nearly always is: its value is the digit. (Each call of this
    // inlined step has its own branch here, taken at a seat's and not at an amount's.)
    const auto first = static_cast<uint64_t>(static_cast<unsigned char>(p_[0]) - '0');
    if (first <= 9 && static_cast<unsigned char>(p_[1] - '0') > 9) {
      if (first == 0 && negative) return false;  // "-0"
      ++p_;
      *out = negative ? -static_cast<int64_t>(first) : static_cast<int64_t>(first);
      return true;
    }
    // The digits of the next 8 bytes at once: a loop over them mispredicted at its exit on
    // nearly every number, as amounts and seats differ in length.
    const uint64_t word = Load<uint64_t>(p_);
    const size_t digits = LeadingDigits(word);
    uint64_t v;
    if (digits < 8) {
      if (digits == 0) return false;
      // The digits moved to the word's high bytes, '0's before them: 8 digits of one value.
      v = EightDigits((word << (8 * (8 - digits))) | (kOnes * '0' >> (8 * digits)));
      p_ += digits;
    } else {
      v = 0;
      while (static_cast<unsigned char>(*p_ - '0') <= 9) {
        v = v * 10 + static_cast<uint64_t>(*p_ - '0');
        ++p_;
        // 19 digits always fit in a uint64 (< 1.9e19), so the range check below is exact.
        if (p_ - start > 19) return false;
      }
    }
    if (*start == '0' && (p_ - start > 1 || negative)) return false;
    constexpr uint64_t kMax = static_cast<uint64_t>(INT64_MAX);
    if (v > kMax + (negative ? 1 : 0)) return false;
    // Unsigned negation, then the modular conversion C++20 defines: 2^63 becomes INT64_MIN.
    *out = static_cast<int64_t>(negative ? 0 - v : v);
    return true;
  }

  // An object: `member()` reads each member, the cursor just after its key's opening quote
  // (see Key). False when the object is not of the subset or `member` returns false.
  template <typename Member>
  bool Object(Member member) {
    if (!Expect('{')) return false;
    if (Accept('}')) return true;
    do {
      if (!Expect('"') || !member()) return false;
    } while (Accept(','));
    return Expect('}');
  }

 private:
  // A string's text and closing quote, the cursor just after its opening quote.
  PITBOSS_CURSOR_STEP bool StringRest(std::string_view* out) {
    const char* start = p_;
    // Eight bytes a step: a string of the subset ends at the first byte that ends strings,
    // and 8 bytes without one are all in the line (the stop after it is one).
    uint64_t word, stops;
    while ((stops = StringStops(word = Load<uint64_t>(p_))) == 0) {
      string_bytes_ |= word;
      p_ += 8;
    }
    string_bytes_ |= word;
    p_ += std::countr_zero(stops) / 8;
    if (*p_ != '"') return false;  // an escape, a control character, or the stop at the end
    *out = std::string_view(start, static_cast<size_t>(p_ - start));
    ++p_;
    return true;
  }

  const char* p_;
  const char* end_;
  uint64_t string_bytes_ = 0;  // every word StringRest loaded, or'd (MaybeNotAscii)
};

// The fast path: one pass of a Cursor over a line, straight into the Round. It takes only
// lines the reference path (LineParser, round_parser.cc) takes, with the same result, and
// returns false on anything else, leaving *round half-filled for the reference path to redo.
// It reads a strict subset of JSON: strings without escapes, integers within int64, no null,
// true or false; every key must be one the reference path reads (or an event's "face"),
// given once, with a value of the type the reference path wants. The checks on the values
// are the reference path's, answering only yes or no.
class FastLineParser {
 public:
  explicit FastLineParser(Round* round) : round_(round) {}

  bool ParseLine(std::string_view line, Instant* instant);

 private:
  // Each reads one member, the cursor on its key (Cursor::Object), by the key's whole name
  // (Cursor::Key), as LineParser's fields are (RoundFieldOf, EventFieldOf, limits' wager
  // names and min/max). A key that is not the reference path's, or is given twice, is false.
  bool RoundMember();
  bool LimitsMember(uint32_t* kinds);
  // The events array, each event read (ReadEvent) then filled in (FillScannedEvent). Its
  // cursor and the event being read are locals of Events, not members: the compiler keeps a
  // local's position in a register through the loop, where it reloaded and stored a member's
  // around every store through a pointer (a string_view's, a Round's).
  bool Events();
  // Inlined into the events' loop: it runs for every key of every event, and GCC made a call
  // of it once the scanner was a translation unit of its own (13.0k instructions a line on
  // the Casino War log above, against 11.9k before the move and 11.2k with this).
  // `type` is the event's type, once its "type" is read.
  static __attribute__((always_inline)) inline bool EventMember(Cursor& c, ScannedEvent& v, EventType& type);
  // One event in the layout the format's writers give it (WriteRoundJson, games/core/dealer.cc):
  // no whitespace, "type" first, then "seat" and "hand", then the type's own keys in the
  // writer's order, e.g. {"type":"bet","seat":1,"wager":"main","amount":500}. Reads the event
  // whole into `v` and `type`, as EventMember would key by key, and returns true; false on any
  // other layout, having consumed what it matched, for Events to read the event again by
  // EventMember from its start. Why: nearly every event of a log is so written, and expecting
  // each key where the writer puts it, with the separators before it in the same compare, cost
  // half what trying the keys one by one did. Inlined into the events' loop, as EventMember.
  static __attribute__((always_inline)) inline bool WrittenEvent(Cursor& c, ScannedEvent& v, EventType& type);
  // The field's first time in its object: marks it given.
  bool First(RoundField field) { return !std::exchange(present_[static_cast<int>(field)], true); }
  static bool First(ScannedEvent& v, EventField field) {
    const uint32_t bit = 1u << static_cast<int>(field);
    return !(std::exchange(v.present, v.present | bit) & bit);
  }
  bool String(std::string* out, bool may_be_empty) {
    std::string_view s;
    if (!cursor_.String(&s) || (s.empty() && !may_be_empty)) return false;
    out->assign(s.data(), s.size());
    return true;
  }
  bool ReadEvent();

  Round* round_;
  Cursor cursor_{std::string_view()};
  std::array<bool, kRoundFields> present_{};
  std::string_view time_;  // checked once the line is read
};

bool FastLineParser::ParseLine(std::string_view line, Instant* instant) {
  cursor_ = Cursor(line);
  if (!cursor_.Object([this] { return RoundMember(); }) || !cursor_.AtEnd()) return false;
  // Valid UTF-8 throughout, as the reference path's parser requires: then a string's bytes
  // are its text. Validated only where a string may hold a byte above ASCII: a line of ASCII
  // alone, as nearly every line is, is valid, and validating each cost as much as its header.
  if (cursor_.MaybeNotAscii() && !simdjson::validate_utf8(line.data(), line.size())) return false;
  for (RoundField required :
       {RoundField::kRound, RoundField::kTime, RoundField::kTable, RoundField::kRules, RoundField::kEvents}) {
    if (!present_[static_cast<int>(required)]) return false;
  }
  if (!ParseRfc3339(time_, &round_->date, instant)) return false;
  round_->time.assign(time_.data(), time_.size());
  return true;
}

bool FastLineParser::RoundMember() {
  std::string_view s;
  switch (cursor_.Current()) {
    case 'r':
      if (cursor_.Key<"round">()) return First(RoundField::kRound) && String(&round_->id, false);
      // An empty rule-set id is the checker's input/unknown-rules, as in the reference path.
      return cursor_.Key<"rules">() && First(RoundField::kRules) && String(&round_->rules, true);
    case 't':
      if (cursor_.Key<"time">()) return First(RoundField::kTime) && cursor_.String(&time_);
      return cursor_.Key<"table">() && First(RoundField::kTable) && String(&round_->table, false);
    case 'l': {
      if (!cursor_.Key<"limits">() || !First(RoundField::kLimits)) return false;
      // The rounds of a log give their table's limits again and again, byte for byte: an object
      // the same as the last one read on this thread is what it read (the object's bytes alone
      // decide what LimitsMember makes of them), and is not read again.
      struct LastLimits {
        std::string text;  // the object as the line gave it, from its '{' (or the space before) to its '}'
        std::array<std::optional<Limit>, kWagerKinds> limits;
      };
      thread_local LastLimits last;
      if (!last.text.empty() && cursor_.Rest().starts_with(last.text)) {
        cursor_.Skip(last.text.size());
        round_->limits = last.limits;
        return true;
      }
      const char* start = cursor_.position();
      uint32_t kinds = 0;  // bit i: WagerKind i has its limits
      if (!cursor_.Object([this, &kinds] { return LimitsMember(&kinds); })) return false;
      last.text.assign(start, static_cast<size_t>(cursor_.position() - start));
      last.limits = round_->limits;  // only the limits set: the round came in cleared
      return true;
    }
    case 'c':
      if (!cursor_.Key<"currency">() || !First(RoundField::kCurrency) || !cursor_.String(&s) ||
          !IsCurrencyCode(s)) {
        return false;
      }
      round_->currency.assign(s.data(), s.size());
      return true;
    case 'e':
      return cursor_.Key<"events">() && First(RoundField::kEvents) && Events();
  }
  return false;
}

bool FastLineParser::LimitsMember(uint32_t* kinds) {
  // A wager's name, as a key: the reference path passes over a wager the format does not
  // have, value unread, so the fast path leaves such a line to it.
  const int kind = cursor_.Name<kWagerNames>();
  if (kind < 0 || !cursor_.Expect(':') || (*kinds & (1u << kind))) return false;
  *kinds |= 1u << kind;
  Limit limit;
  const bool ok = cursor_.Object([this, &limit] {
    std::optional<Money>* slot = cursor_.Key<"min">()   ? &limit.min
                                 : cursor_.Key<"max">() ? &limit.max
                                                        : nullptr;
    int64_t v;
    if (slot == nullptr || slot->has_value() || !cursor_.Int64(&v) || v < 0) return false;
    *slot = v;
    return true;
  });
  if (!ok) return false;
  round_->limits[kind] = limit;
  return true;
}

bool FastLineParser::Events() {
  // The loops written out rather than through Cursor::Object: GCC made a call of each
  // event's object, and the cursor went through memory again.
  Cursor c = cursor_;
  std::vector<Event>& events = round_->events;
  ScannedEvent v;
  EventType type = EventType::kBurn;  // read by Cursor::Name, not kept as text in v
  if (!c.Expect('[')) return false;
  if (!c.Accept(']')) {
    do {
      v.present = 0;
      v.face = false;
      v.face_down = false;
      const Cursor event_start = c;
      if (!WrittenEvent(c, v, type)) {
        c = event_start;
        v.present = 0;
        v.face = false;
        v.face_down = false;
        if (!c.Expect('{')) return false;
        if (!c.Accept('}')) {
          do {
            if (!c.Expect('"') || !EventMember(c, v, type)) return false;
          } while (c.Accept(','));
          if (!c.Expect('}')) return false;
        }
      }
      if (!v.Has(EventField::kType) || !FillScannedEvent(type, v, &events.emplace_back())) return false;
    } while (c.Accept(','));
    if (!c.Expect(']')) return false;
  }
  cursor_ = c;
  return true;
}

bool FastLineParser::WrittenEvent(Cursor& c, ScannedEvent& v, EventType& type) {
  constexpr auto kBit = [](EventField field) { return 1u << static_cast<int>(field); };
  if (!c.Literal<"{\"type\":\"">()) return false;
  const int t = c.Name<kEventTypeNames>();
  if (t < 0) return false;
  type = static_cast<EventType>(t);
  v.present = kBit(EventField::kType);
  if (type != EventType::kShuffle && type != EventType::kBurn) {
    if (!c.Literal<",\"seat\":">()) return false;
    v.present |= kBit(EventField::kSeat);
    // The values too start right after their keys: Int64Here, and Current for a string.
    v.seat_is_name = c.Current() == '"';
    if (!(v.seat_is_name ? c.String(&v.seat_name) : c.Int64Here(&v.seat))) return false;
    if (c.Literal<",\"hand\":">()) {
      v.present |= kBit(EventField::kHand);
      if (!c.Int64Here(&v.hand)) return false;
    }
  }
  switch (type) {
    case EventType::kShuffle:
      if (!c.Literal<",\"shoe\":\"">() || !c.StringAfterQuote(&v.shoe) || !c.Literal<",\"decks\":">() ||
          !c.Int64Here(&v.decks)) {
        return false;
      }
      v.present |= kBit(EventField::kShoe) | kBit(EventField::kDecks);
      break;
    case EventType::kBet:
    case EventType::kSettle: {
      // A wager the format does not have is left to EventMember, which keeps its text.
      if (!c.Literal<",\"wager\":\"">()) return false;
      const int k = c.Name<kWagerNames>();
      if (k < 0) return false;
      v.wager_kind = static_cast<WagerKind>(k);
      if (type == EventType::kBet) {
        if (!c.Literal<",\"amount\":">() || !c.Int64Here(&v.amount)) return false;
        v.present |= kBit(EventField::kWager) | kBit(EventField::kAmount);
      } else {
        if (!c.Literal<",\"net\":">() || !c.Int64Here(&v.net)) return false;
        v.present |= kBit(EventField::kWager) | kBit(EventField::kNet);
      }
      break;
    }
    case EventType::kDeal:
    case EventType::kBurn:
      if (!c.Literal<",\"card\":\"">() || !c.StringAfterQuote(&v.card)) return false;
      v.present |= kBit(EventField::kCard);
      if (type == EventType::kDeal && c.Literal<",\"face\":\"">()) {
        std::string_view face;
        if (!c.StringAfterQuote(&face)) return false;
        v.face = true;
        v.face_down = Is(face, "down");
      }
      break;
    case EventType::kDecision: {
      if (!c.Literal<",\"action\":\"">()) return false;
      const int a = c.Name<kActionNames>();
      if (a < 0) return false;
      v.action_kind = static_cast<Action>(a);
      v.present |= kBit(EventField::kAction);
      break;
    }
  }
  return c.Expect('}');
}

bool FastLineParser::EventMember(Cursor& c, ScannedEvent& v, EventType& type) {
  // The keys tried in the order events usually give them: a chain of compares follows the
  // order of an event's keys, which a jump table on the key's first byte mispredicted.
  if (c.Key<"type">()) {
    // A type the format does not have, the reference path refuses.
    if (!First(v, EventField::kType) || !c.Expect('"')) return false;
    const int t = c.Name<kEventTypeNames>();
    type = static_cast<EventType>(t);
    return t >= 0;
  }
  if (c.Key<"seat">()) {
    if (!First(v, EventField::kSeat)) return false;
    v.seat_is_name = c.Peek('"');
    return v.seat_is_name ? c.String(&v.seat_name) : c.Int64(&v.seat);
  }
  if (c.Key<"wager">()) {
    if (!First(v, EventField::kWager) || !c.Expect('"')) return false;
    // A name the format does not have is read as text, as the reference path does.
    const int k = c.Name<kWagerNames>();
    if (k >= 0) {
      v.wager_kind = static_cast<WagerKind>(k);
      return true;
    }
    v.wager_kind.reset();
    return c.StringAfterQuote(&v.wager);
  }
  if (c.Key<"amount">()) return First(v, EventField::kAmount) && c.Int64(&v.amount);
  if (c.Key<"card">()) return First(v, EventField::kCard) && c.String(&v.card);
  if (c.Key<"net">()) return First(v, EventField::kNet) && c.Int64(&v.net);
  if (c.Key<"action">()) {
    if (!First(v, EventField::kAction) || !c.Expect('"')) return false;
    const int a = c.Name<kActionNames>();
    if (a >= 0) {
      v.action_kind = static_cast<Action>(a);
      return true;
    }
    v.action_kind.reset();
    return c.StringAfterQuote(&v.action);
  }
  if (c.Key<"hand">()) return First(v, EventField::kHand) && c.Int64(&v.hand);
  if (c.Key<"shoe">()) return First(v, EventField::kShoe) && c.String(&v.shoe);
  if (c.Key<"decks">()) return First(v, EventField::kDecks) && c.Int64(&v.decks);
  if (c.Key<"face">()) {
    // "face" (up or down): a deal's, read by the reference path on a deal only.
    std::string_view face;
    if (std::exchange(v.face, true) || !c.String(&face)) return false;
    v.face_down = Is(face, "down");
    return true;
  }
  return false;  // a key the fast path does not know
}

}  // namespace

bool ScanRound(std::string_view line, Round* round, Instant* instant) {
  return FastLineParser(round).ParseLine(line, instant);
}

}  // namespace pitboss
