// RoundParser: a fast path (ScanRound, round_scanner.cc: a hand-written scanner of a strict
// subset of JSON, straight into the Round) for the lines it fully understands; the reference
// path (LineParser, here: simdjson's DOM, one pass over each object's fields, then checks in a
// fixed order so that a line's message does not depend on the order of its keys) for every
// other line, and for all messages.

#include "history/round_parser.h"

#include <re2/re2.h>
#include <simdjson.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <utility>

#include "history/json_syntax.h"
#include "history/line_reader.h"
#include "history/names.h"
#include "history/round_scanner.h"

namespace pitboss {

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

// How much of an offending value a message quotes.
constexpr size_t kQuoteLimit = 40;
// Ids recovered from a broken line longer than this are not ids.
constexpr size_t kRecoveredIdLimit = 256;

// Shortens `s` to at most `limit` bytes without cutting a UTF-8 sequence in two.
std::string Truncate(std::string s, size_t limit) {
  if (s.size() <= limit) return s;
  size_t cut = limit;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  s.resize(cut);
  return s + "...";
}

// The value as a message shows it: JSON for scalars (strings quoted and escaped, so the
// message stays printable), the kind for containers.
std::string Describe(element value) {
  switch (value.type()) {
    case element_type::ARRAY:
      return "an array";
    case element_type::OBJECT:
      return "an object";
    // Beyond int64, so beyond any amount of money: say so, or "must be an integer, not
    // 18446744073709551615" reads as nonsense.
    case element_type::UINT64:
      return simdjson::minify(value) + " (too large)";
    default:
      return Truncate(simdjson::minify(value), kQuoteLimit);
  }
}

bool DigitsAt(std::string_view s, size_t pos, size_t count, int* value) {
  if (pos + count > s.size()) return false;
  int v = 0;
  for (size_t i = pos; i < pos + count; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  *value = v;
  return true;
}

int DaysInMonth(int year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kDays[month - 1];
}

// Events are most of a line, with four keys or so each: one switch and one compare per key.
std::optional<EventField> EventFieldOf(std::string_view key) {
  if (key.empty()) return std::nullopt;
  switch (key[0]) {
    case 't':
      if (Is(key, "type")) return EventField::kType;
      break;
    case 's':
      if (Is(key, "seat")) return EventField::kSeat;
      if (Is(key, "shoe")) return EventField::kShoe;
      break;
    case 'w':
      if (Is(key, "wager")) return EventField::kWager;
      break;
    case 'a':
      if (Is(key, "amount")) return EventField::kAmount;
      if (Is(key, "action")) return EventField::kAction;
      break;
    case 'n':
      if (Is(key, "net")) return EventField::kNet;
      break;
    case 'c':
      if (Is(key, "card")) return EventField::kCard;
      break;
    case 'd':
      if (Is(key, "decks")) return EventField::kDecks;
      break;
    case 'h':
      if (Is(key, "hand")) return EventField::kHand;
      break;
  }
  return std::nullopt;
}

std::optional<RoundField> RoundFieldOf(std::string_view key) {
  if (key.empty()) return std::nullopt;
  switch (key[0]) {
    case 'r':
      if (Is(key, "round")) return RoundField::kRound;
      if (Is(key, "rules")) return RoundField::kRules;
      break;
    case 't':
      if (Is(key, "time")) return RoundField::kTime;
      if (Is(key, "table")) return RoundField::kTable;
      break;
    case 'l':
      if (Is(key, "limits")) return RoundField::kLimits;
      break;
    case 'e':
      if (Is(key, "events")) return RoundField::kEvents;
      break;
    case 'c':
      if (Is(key, "currency")) return RoundField::kCurrency;
      break;
  }
  return std::nullopt;
}

// The fields of one object that FieldOf knows, gathered in one pass over its keys. A field
// given twice ("amount":1000,"amount":5) is ambiguous, as JSON readers differ on which value
// counts: repeated() names it, and the line is malformed.
template <typename Field, int N, std::optional<Field> (*FieldOf)(std::string_view)>
class Fields {
 public:
  explicit Fields(simdjson::dom::object obj) {
    for (simdjson::dom::key_value_pair kv : obj) {
      std::optional<Field> field = FieldOf(kv.key);
      if (!field) continue;
      if (present_[static_cast<int>(*field)] && repeated_.empty()) repeated_ = kv.key;
      values_[static_cast<int>(*field)] = kv.value;
      present_[static_cast<int>(*field)] = true;
    }
  }
  // The first field given twice, "" for none.
  std::string_view repeated() const { return repeated_; }
  // nullptr when the object does not have the field.
  const element* get(Field field) const {
    int i = static_cast<int>(field);
    return present_[i] ? &values_[i] : nullptr;
  }

 private:
  std::array<element, N> values_;
  std::array<bool, N> present_{};
  std::string_view repeated_;
};
using EventFields = Fields<EventField, kEventFields, EventFieldOf>;
using RoundFields = Fields<RoundField, kRoundFields, RoundFieldOf>;

// The string value of `field` if it is one, for naming a round whose line is broken.
std::string StringOr(const element* field) {
  std::string_view s;
  if (field == nullptr || field->get_string().get(s) != simdjson::SUCCESS) return "";
  return Truncate(std::string(s), kRecoveredIdLimit);
}

// Where a line of valid JSON syntax holds a number no reader can represent exactly (an integer
// beyond 64 bits, a number beyond a double such as 1e400): "field 'amount' (column 57): the
// number 9223372036854775808 is out of range ...". "" when no such number is found.
std::string OutOfRangeNumber(std::string_view line) {
  std::string key;  // the last string seen before a ':'
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"') {
      size_t j = i + 1;
      while (j < line.size() && line[j] != '"') j += line[j] == '\\' ? 2 : 1;
      std::string text(line.substr(i + 1, std::min(j, line.size()) - i - 1));
      size_t k = j + 1;
      while (k < line.size() && (line[k] == ' ' || line[k] == '\t')) ++k;
      if (k < line.size() && line[k] == ':') key = text;
      i = j;
      continue;
    }
    if (c != '-' && (c < '0' || c > '9')) continue;
    size_t j = i + 1;
    bool integer = true;
    while (j < line.size() && (std::isdigit(static_cast<unsigned char>(line[j])) || line[j] == '.' ||
                               line[j] == 'e' || line[j] == 'E' || line[j] == '+' || line[j] == '-')) {
      if (!std::isdigit(static_cast<unsigned char>(line[j]))) integer = false;
      ++j;
    }
    const std::string number(line.substr(i, j - i));
    errno = 0;
    bool out_of_range = false;
    if (integer) {
      (void)std::strtoll(number.c_str(), nullptr, 10);
      out_of_range = errno == ERANGE;
    } else {
      const double d = std::strtod(number.c_str(), nullptr);
      out_of_range = errno == ERANGE && (d == HUGE_VAL || d == -HUGE_VAL);
    }
    if (out_of_range) {
      return (key.empty() ? std::string() : "field '" + Truncate(key, 64) + "' ") + "(column " +
             std::to_string(i + 1) + "): the number " + Truncate(number, 40) + " is out of range: " +
             (integer ? "integers (amounts, seats, decks) must lie from -9223372036854775808 to "
                        "9223372036854775807"
                      : "it is beyond what a double can hold");
    }
    i = j - 1;
  }
  return "";
}

// One line's parse: the error path builds messages, the good path only fills the Round.
class LineParser {
 public:
  LineParser(Round* round, ParseOutcome* outcome) : round_(round), outcome_(outcome) {}

  // Fills the Round from a parsed document; false (with the outcome set, ids included)
  // on a problem.
  bool ParseDocument(element doc);

 private:
  bool Fail(std::string message) {
    outcome_->status = Status::ParseError(std::move(message));
    return false;
  }
  // "event 3: " inside the events (numbered from 0, as the events array counts them), ""
  // outside them.
  std::string Where() const {
    return event_number_ > 0 ? "event " + std::to_string(event_number_ - 1) + ": " : std::string();
  }
  bool Missing(std::string_view field) {
    return Fail(Where() + "missing field '" + std::string(field) + "'");
  }
  bool Wrong(std::string_view field, std::string_view expected, element value) {
    return Fail(Where() + "field '" + std::string(field) + "' must be " + std::string(expected) + ", not " +
                Describe(value));
  }

  bool ParseRound(const RoundFields& f);
  bool RequiredString(const element* value, std::string_view field, std::string* out,
                      bool may_be_empty = false);
  bool Integer(element value, std::string_view field, std::string_view expected, int64_t min, int64_t max,
               int64_t* out);
  bool ParseLimits(element value);
  bool ParseEvents(element value);
  bool ParseEvent(element value, Event* event);

  Round* round_;
  ParseOutcome* outcome_;
  int event_number_ = 0;
};

bool LineParser::RequiredString(const element* value, std::string_view field, std::string* out,
                                bool may_be_empty) {
  if (value == nullptr) return Missing(field);
  std::string_view s;
  if (value->get_string().get(s) != simdjson::SUCCESS) {
    return Wrong(field, "a string", *value);
  }
  if (s.empty() && !may_be_empty)
    return Fail(Where() + "field '" + std::string(field) + "' must not be empty");
  out->assign(s.data(), s.size());
  return true;
}

bool LineParser::Integer(element value, std::string_view field, std::string_view expected, int64_t min,
                         int64_t max, int64_t* out) {
  // Only a JSON integer will do: 5.0 is a decimal number, and money is never one.
  int64_t v;
  if (value.type() != element_type::INT64 || value.get_int64().get(v) != simdjson::SUCCESS || v < min ||
      v > max) {
    return Wrong(field, expected, value);
  }
  *out = v;
  return true;
}

bool LineParser::ParseDocument(element doc) {
  simdjson::dom::object obj;
  if (doc.get_object().get(obj) != simdjson::SUCCESS) {
    return Fail("not a JSON object, but " + Describe(doc));
  }
  const RoundFields f(obj);
  if (!f.repeated().empty()) {
    Fail("field '" + std::string(f.repeated()) + "' given twice: which value counts is not defined");
  } else if (ParseRound(f)) {
    return true;
  }
  outcome_->round = StringOr(f.get(RoundField::kRound));
  outcome_->table = StringOr(f.get(RoundField::kTable));
  return false;
}

bool LineParser::ParseRound(const RoundFields& f) {
  if (!RequiredString(f.get(RoundField::kRound), "round", &round_->id) ||
      !RequiredString(f.get(RoundField::kTime), "time", &round_->time) ||
      !RequiredString(f.get(RoundField::kTable), "table", &round_->table) ||
      // An empty rule-set id is a string of the right type naming no loaded spec: the
      // checker's input/unknown-rules, not a malformed line.
      !RequiredString(f.get(RoundField::kRules), "rules", &round_->rules, /*may_be_empty=*/true)) {
    return false;
  }
  Instant instant;
  if (!ParseRfc3339(round_->time, &round_->date, &instant)) {
    return Wrong("time", "an RFC 3339 time such as 2026-11-21T20:14:03Z", *f.get(RoundField::kTime));
  }
  outcome_->instant = instant;
  const element* limits = f.get(RoundField::kLimits);
  if (limits != nullptr && !limits->is_null() && !ParseLimits(*limits)) return false;
  round_->currency.clear();
  if (const element* currency = f.get(RoundField::kCurrency); currency != nullptr && !currency->is_null()) {
    std::string_view code;
    if (currency->get_string().get(code) != simdjson::SUCCESS || !IsCurrencyCode(code)) {
      return Wrong("currency", "an ISO 4217 code of three capital letters such as \"USD\"", *currency);
    }
    round_->currency.assign(code);
  }
  const element* events = f.get(RoundField::kEvents);
  if (events == nullptr) return Missing("events");
  return ParseEvents(*events);
}

bool LineParser::ParseLimits(element value) {
  simdjson::dom::object obj;
  if (value.get_object().get(obj) != simdjson::SUCCESS) {
    return Wrong("limits", "an object", value);
  }
  for (simdjson::dom::key_value_pair entry : obj) {
    std::optional<WagerKind> kind = ParseWagerKind(entry.key);
    // A wager the format does not have cannot be placed, so its limits cannot matter.
    if (!kind || entry.value.is_null()) continue;
    simdjson::dom::object bounds;
    if (entry.value.get_object().get(bounds) != simdjson::SUCCESS) {
      return Wrong("limits." + std::string(entry.key), "an object such as {\"min\":500,\"max\":50000}",
                   entry.value);
    }
    Limit limit;
    for (simdjson::dom::key_value_pair bound : bounds) {
      std::optional<Money>* slot = Is(bound.key, "min")   ? &limit.min
                                   : Is(bound.key, "max") ? &limit.max
                                                          : nullptr;
      if (slot == nullptr || bound.value.is_null()) continue;
      int64_t v;
      if (bound.value.type() != element_type::INT64 || bound.value.get_int64().get(v) != simdjson::SUCCESS ||
          v < 0) {
        return Wrong("limits." + std::string(entry.key) + "." + std::string(bound.key),
                     "a non-negative integer (minor units)", bound.value);
      }
      *slot = v;
    }
    round_->limits[static_cast<int>(*kind)] = limit;
  }
  return true;
}

bool LineParser::ParseEvents(element value) {
  simdjson::dom::array events;
  if (value.get_array().get(events) != simdjson::SUCCESS) {
    return Wrong("events", "an array", value);
  }
  for (element e : events) {
    ++event_number_;
    round_->events.emplace_back();
    if (!ParseEvent(e, &round_->events.back())) return false;
  }
  event_number_ = 0;
  return true;
}

bool LineParser::ParseEvent(element value, Event* event) {
  simdjson::dom::object obj;
  if (value.get_object().get(obj) != simdjson::SUCCESS) {
    return Fail(Where() + "must be an object, not " + Describe(value));
  }
  const EventFields f(obj);
  if (!f.repeated().empty()) {
    return Fail(Where() + "field '" + std::string(f.repeated()) +
                "' given twice: which value counts is not defined");
  }

  const element* type = f.get(EventField::kType);
  if (type == nullptr) return Missing("type");
  std::string_view type_name;
  if (type->get_string().get(type_name) != simdjson::SUCCESS) {
    return Wrong("type", "a string", *type);
  }
  std::optional<EventType> event_type = ParseEventType(type_name);
  if (!event_type) {
    return Fail(Where() + "unknown type " + Describe(*type) +
                " (shuffle, bet, deal, burn, decision or settle)");
  }
  event->type = *event_type;

  if (const element* hand = f.get(EventField::kHand); hand != nullptr && !hand->is_null()) {
    int64_t n;
    if (!Integer(*hand, "hand", "a positive integer", 1, INT_MAX, &n)) return false;
    event->hand = static_cast<int>(n);
  }

  // The seat: every type but shuffle and burn has one, and only a deal may be the dealer's.
  if (event->type != EventType::kShuffle && event->type != EventType::kBurn) {
    const element* seat = f.get(EventField::kSeat);
    if (seat == nullptr) return Missing("seat");
    bool dealer_allowed = event->type == EventType::kDeal;
    std::string_view s;
    if (dealer_allowed && seat->get_string().get(s) == simdjson::SUCCESS && Is(s, "dealer")) {
      event->seat = kDealer;
    } else {
      int64_t n;
      if (!Integer(*seat, "seat", dealer_allowed ? "a positive integer or \"dealer\"" : "a positive integer",
                   1, INT_MAX, &n)) {
        return false;
      }
      event->seat = static_cast<Seat>(n);
    }
  }

  switch (event->type) {
    case EventType::kShuffle: {
      const element* shoe = f.get(EventField::kShoe);
      if (shoe == nullptr) return Missing("shoe");
      std::string_view id;
      if (shoe->get_string().get(id) != simdjson::SUCCESS) return Wrong("shoe", "a string", *shoe);
      event->text.assign(id.data(), id.size());
      const element* decks = f.get(EventField::kDecks);
      if (decks == nullptr) return Missing("decks");
      int64_t n;
      // Any whole number is a deck count; one the rules do not allow (0 among them) is the
      // checker's shoe/deck-count, not a malformed line.
      if (!Integer(*decks, "decks", "an integer", INT_MIN, INT_MAX, &n)) return false;
      event->decks = static_cast<int>(n);
      return true;
    }
    case EventType::kBet:
    case EventType::kSettle: {
      const element* wager = f.get(EventField::kWager);
      if (wager == nullptr) return Missing("wager");
      std::string_view name;
      if (wager->get_string().get(name) != simdjson::SUCCESS) {
        return Wrong("wager", "a string", *wager);
      }
      std::optional<WagerKind> kind = ParseWagerKind(name);
      event->wager = kind.value_or(WagerKind::kUnknown);
      if (!kind) event->text.assign(name.data(), name.size());
      if (event->type == EventType::kBet) {
        const element* amount = f.get(EventField::kAmount);
        if (amount == nullptr) return Missing("amount");
        return Integer(*amount, "amount", "a non-negative integer (minor units)", 0, INT64_MAX,
                       &event->amount);
      }
      const element* net = f.get(EventField::kNet);
      if (net == nullptr) return Missing("net");
      return Integer(*net, "net", "an integer (minor units)", INT64_MIN, INT64_MAX, &event->amount);
    }
    case EventType::kDeal:
    case EventType::kBurn: {
      const element* card = f.get(EventField::kCard);
      if (card == nullptr) return Missing("card");
      std::string_view code;
      if (card->get_string().get(code) != simdjson::SUCCESS) {
        return Wrong("card", "a string such as \"TH\"", *card);
      }
      // Not a card code is not malformed: the checker reports it as input/bad-card.
      event->card = ParseCard(code);
      // "face": "down" marks a deal's card dealt face down (the hole card); "up" where absent.
      // Only `show` reads it: no check depends on it.
      if (event->type == EventType::kDeal) {
        for (simdjson::dom::key_value_pair kv : obj) {
          std::string_view face;
          if (Is(kv.key, "face") && kv.value.get_string().get(face) == simdjson::SUCCESS) {
            event->face_down = Is(face, "down");
            break;
          }
        }
      }
      if (!event->card) event->text.assign(code.data(), code.size());
      return true;
    }
    case EventType::kDecision: {
      const element* action = f.get(EventField::kAction);
      if (action == nullptr) return Missing("action");
      std::string_view name;
      if (action->get_string().get(name) != simdjson::SUCCESS) {
        return Wrong("action", "a string", *action);
      }
      std::optional<Action> a = ParseAction(name);
      event->action = a.value_or(Action::kUnknown);
      if (!a) event->text.assign(name.data(), name.size());
      return true;
    }
  }
  return true;
}

}  // namespace

struct RoundParser::Impl {
  explicit Impl(Paths paths)
      : fast(paths == Paths::kFastThenReference),
        round_re(R"re("round"\s*:\s*"((?:[^"\\]|\\.)*)")re", Latin1()),
        table_re(R"re("table"\s*:\s*"((?:[^"\\]|\\.)*)")re", Latin1()) {}

  // Latin-1, so that any byte of a broken line is a character and nothing fails to match
  // for want of valid UTF-8; what is captured is checked for UTF-8 afterwards.
  static RE2::Options Latin1() {
    RE2::Options options;
    options.set_encoding(RE2::Options::EncodingLatin1);
    options.set_log_errors(false);
    return options;
  }

  // The id `re` captures in `line`, raw (escapes left as written); "" if none, or if what
  // it captures is too long or not UTF-8 to be one.
  static std::string Recover(const RE2& re, std::string_view line) {
    std::string id;
    if (!RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), re, &id)) return "";
    if (id.size() > kRecoveredIdLimit || !simdjson::validate_utf8(id.data(), id.size())) {
      return "";
    }
    return id;
  }

  bool fast;                       // try the fast path first
  int64_t fast_lines = 0;          // lines it took
  simdjson::dom::parser parser;    // the reference path's
  std::unique_ptr<char[]> buffer;  // the line, followed by SIMDJSON_PADDING bytes
  size_t capacity = 0;
  RE2 round_re;
  RE2 table_re;
};

RoundParser::RoundParser(Paths paths) : impl_(std::make_unique<Impl>(paths)) {}
RoundParser::~RoundParser() = default;

int64_t RoundParser::fast_lines() const { return impl_->fast_lines; }

static_assert(kLinePadding >= simdjson::SIMDJSON_PADDING, "a padded line must be parseable in place");
static_assert(simdjson::SIMDJSON_PADDING >= kScanPadding, "the copy of a line is padded for the scanner");
static_assert(kLinePadding >= kScanPadding && kLineZeros >= 1 && kLineZeros <= kLinePadding,
              "a line a pipeline or a LineReader hands over is followed by what the scanner needs");

ParseOutcome RoundParser::Parse(std::string_view line, Round* round, bool padded) {
  ParseOutcome outcome;
  ClearRound(round);

  Impl& impl = *impl_;
  // The fast path reads the line where it lies when a stop follows it (ScanStops): a line
  // pipeline's is followed by zeros, a LineReader's by its line feed. Else it reads a copy
  // followed by zeros: the stop after the line ends every loop of its cursor, with no bound
  // check in them (a copy of a line costs less than those checks). The reference path reads
  // the line in place when it is padded (SIMDJSON_PADDING readable bytes follow it), else a
  // copy.
  const auto copy = [&impl, line] {
    if (impl.capacity < line.size() + simdjson::SIMDJSON_PADDING) {
      impl.capacity = line.size() + simdjson::SIMDJSON_PADDING + line.size() / 2;
      impl.buffer = std::make_unique<char[]>(impl.capacity);
    }
    std::memcpy(impl.buffer.get(), line.data(), line.size());
    std::memset(impl.buffer.get() + line.size(), 0, simdjson::SIMDJSON_PADDING);
    return impl.buffer.get();
  };
  const char* text = padded ? line.data() : copy();
  if (impl.fast) {
    Instant instant;
    const char* scanned = padded && ScanStops(line.data()[line.size()]) ? text : copy();
    if (ScanRound(std::string_view(scanned, line.size()), round, &instant)) {
      ++impl.fast_lines;
      outcome.instant = instant;
      return outcome;
    }
    ClearRound(round);  // the reference path starts from scratch
    text = scanned;
  }

  element doc;
  simdjson::error_code error = impl.parser.parse(text, line.size(), false).get(doc);
  if (error != simdjson::SUCCESS) {
    std::string why = error == simdjson::NUMBER_ERROR || error == simdjson::NUMBER_OUT_OF_RANGE
                          ? OutOfRangeNumber(line)
                          : std::string();
    // Where the line stops being JSON, where a scan can tell; else the parser's word for it.
    const std::string at = JsonSyntaxError(line, &outcome.ends_early);
    if (why.empty()) {
      why = at.empty() ? std::string("not JSON: ") + simdjson::error_message(error) : "not JSON at " + at;
    }
    outcome.status = Status::ParseError(why);
    outcome.round = Impl::Recover(impl.round_re, line);
    outcome.table = Impl::Recover(impl.table_re, line);
    return outcome;
  }
  LineParser(round, &outcome).ParseDocument(doc);
  return outcome;
}

namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
int64_t DaysSinceEpoch(int64_t y, int m, int d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

}  // namespace

// yyyy-mm-ddThh:mm:ss[.f+](Z|+hh:mm|-hh:mm): the date as written, and the instant (either
// may be null).
bool ParseRfc3339(std::string_view t, int32_t* date, Instant* instant) {
  int year, month, day, hour, minute, second;
  if (t.size() < 20 || !DigitsAt(t, 0, 4, &year) || t[4] != '-' || !DigitsAt(t, 5, 2, &month) ||
      t[7] != '-' || !DigitsAt(t, 8, 2, &day) || (t[10] != 'T' && t[10] != 't') ||
      !DigitsAt(t, 11, 2, &hour) || t[13] != ':' || !DigitsAt(t, 14, 2, &minute) || t[16] != ':' ||
      !DigitsAt(t, 17, 2, &second)) {
    return false;
  }
  // Second 60 is a leap second, which RFC 3339 allows.
  if (month < 1 || month > 12 || day < 1 || day > DaysInMonth(year, month) || hour > 23 || minute > 59 ||
      second > 60) {
    return false;
  }
  size_t pos = 19;
  int32_t nanos = 0;
  if (t[pos] == '.') {
    size_t digits = pos + 1;
    int32_t scale = 100000000;
    while (digits < t.size() && t[digits] >= '0' && t[digits] <= '9') {
      nanos += (t[digits] - '0') * scale;
      scale /= 10;
      ++digits;
    }
    if (digits == pos + 1) return false;
    pos = digits;
  }
  std::string_view zone = t.substr(pos);
  int64_t offset = 0;  // seconds east of UTC
  if (zone != "Z" && zone != "z") {
    int offset_hour, offset_minute;
    if (zone.size() != 6 || (zone[0] != '+' && zone[0] != '-') || !DigitsAt(zone, 1, 2, &offset_hour) ||
        zone[3] != ':' || !DigitsAt(zone, 4, 2, &offset_minute) || offset_hour > 23 || offset_minute > 59) {
      return false;
    }
    offset = (zone[0] == '+' ? 1 : -1) * (offset_hour * 3600 + offset_minute * 60);
  }
  if (date) *date = year * 10000 + month * 100 + day;
  if (instant) {
    instant->seconds = DaysSinceEpoch(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offset;
    instant->nanos = nanos;
  }
  return true;
}

std::optional<int32_t> ParseRfc3339Date(std::string_view t) {
  int32_t date;
  if (!ParseRfc3339(t, &date, nullptr)) return std::nullopt;
  return date;
}

std::optional<Instant> ParseRfc3339Instant(std::string_view t) {
  Instant instant;
  if (!ParseRfc3339(t, nullptr, &instant)) return std::nullopt;
  return instant;
}

bool IsCurrencyCode(std::string_view code) {
  return code.size() == 3 &&
         std::all_of(code.begin(), code.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

}  // namespace pitboss
