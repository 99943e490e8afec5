// libFuzzer target: any bytes as one log line, through RoundParser and ParseCard.
// Beyond not crashing, it checks the promises callers build on: a parsed round has its
// required fields, every event is in its type's shape, and a card prints back to itself;
// and that the parser's fast path changes nothing: the line parsed by the reference path
// alone, and in place with junk after it, gives the very same outcome and Round.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "history/line_reader.h"
#include "history/round_parser.h"
#include "pitboss/card.h"
#include "pitboss/round.h"

namespace {

void Check(bool condition) {
  if (!condition) std::abort();
}

void CheckCard(std::string_view text) {
  std::optional<pitboss::Card> card = pitboss::ParseCard(text);
  if (!card) return;
  Check(card->rank >= 2 && card->rank <= 14 && card->suit < 4);
  Check(card->index() >= 0 && card->index() < pitboss::kCardsPerDeck);
  Check(pitboss::ParseCard(pitboss::ToString(*card)) == card);
}

void CheckRound(const pitboss::Round& round) {
  // An empty rules id parses: it names no spec, which is the checker's input/unknown-rules.
  Check(!round.id.empty() && !round.table.empty());
  Check(round.date >= 101 && round.date <= 99991231);
  for (const auto& limit : round.limits) {
    if (!limit) continue;
    Check(!limit->min || *limit->min >= 0);
    Check(!limit->max || *limit->max >= 0);
  }
  for (const pitboss::Event& e : round.events) {
    Check(e.hand >= 0);
    switch (e.type) {
      case pitboss::EventType::kShuffle:
        break;  // any deck count parses: one the rules forbid is shoe/deck-count
      case pitboss::EventType::kBet:
        Check(e.amount >= 0);
        [[fallthrough]];
      case pitboss::EventType::kSettle:
        Check(e.seat >= 1);
        // An unknown wager keeps a name that is indeed unknown.
        Check(e.wager != pitboss::WagerKind::kUnknown || !pitboss::ParseWagerKind(e.text));
        break;
      case pitboss::EventType::kDeal:
        Check(e.seat >= 0);
        [[fallthrough]];
      case pitboss::EventType::kBurn:
        // A card is either valid, or invalid and kept as written.
        Check(e.card.has_value() ? e.text.empty() : !pitboss::ParseCard(e.text).has_value());
        break;
      case pitboss::EventType::kDecision:
        Check(e.seat >= 1);
        Check(e.action != pitboss::Action::kUnknown || !pitboss::ParseAction(e.text));
        break;
    }
  }
}

bool SameEvent(const pitboss::Event& a, const pitboss::Event& b) {
  return a.type == b.type && a.seat == b.seat && a.hand == b.hand && a.wager == b.wager &&
         a.action == b.action && a.amount == b.amount && a.card == b.card && a.decks == b.decks &&
         a.face_down == b.face_down && a.text == b.text;
}

bool SameLimit(const std::optional<pitboss::Limit>& a, const std::optional<pitboss::Limit>& b) {
  return a.has_value() == b.has_value() && (!a || (a->min == b->min && a->max == b->max));
}

// Same outcome, and for a good line the same Round to the last field.
void CheckSame(const pitboss::ParseOutcome& a, const pitboss::Round& ra, const pitboss::ParseOutcome& b,
               const pitboss::Round& rb) {
  Check(a.ok() == b.ok() && a.status.code() == b.status.code() && a.status.message() == b.status.message() &&
        a.round == b.round && a.table == b.table);
  if (!a.ok()) return;
  Check(ra.id == rb.id && ra.time == rb.time && ra.date == rb.date && ra.table == rb.table &&
        ra.rules == rb.rules && ra.currency == rb.currency && ra.events.size() == rb.events.size());
  for (size_t i = 0; i < ra.limits.size(); ++i) Check(SameLimit(ra.limits[i], rb.limits[i]));
  for (size_t i = 0; i < ra.events.size(); ++i) Check(SameEvent(ra.events[i], rb.events[i]));
}

// Both paths on `line`, copied and in place: the same outcome and Round. Returns the outcome.
pitboss::ParseOutcome ParseBothWays(std::string_view line, pitboss::Round* round) {
  // One parser of each kind for the whole run, as a log reader uses one: state carried from
  // one input to the next is part of what is tested.
  static auto* parser = new pitboss::RoundParser();
  static auto* reference = new pitboss::RoundParser(pitboss::RoundParser::Paths::kReferenceOnly);
  static auto* reference_round = new pitboss::Round();
  static auto* in_place = new std::vector<char>();

  pitboss::ParseOutcome expected = reference->Parse(line, reference_round);
  pitboss::ParseOutcome outcome = parser->Parse(line, round);
  CheckSame(outcome, *round, expected, *reference_round);
  // In place, as the line reader hands lines over, with what could pass for more JSON where
  // the padding is.
  in_place->assign(line.begin(), line.end());
  for (char c : std::string_view("}]\"1 ,{\"a\":1}")) in_place->push_back(c);
  in_place->resize(line.size() + pitboss::kLinePadding + 16, '9');
  CheckSame(parser->Parse(std::string_view(in_place->data(), line.size()), round, /*padded=*/true), *round,
            expected, *reference_round);
  // In place and followed by CR LF and the next line, as the line reader holds a line: read
  // with no copy, the scanner stopping at the CR.
  in_place->assign(line.begin(), line.end());
  for (char c : std::string_view("\r\n}]\"1 ,{\"a\":1}")) in_place->push_back(c);
  in_place->resize(line.size() + pitboss::kLinePadding + 16, '}');
  CheckSame(parser->Parse(std::string_view(in_place->data(), line.size()), round, /*padded=*/true), *round,
            expected, *reference_round);
  // In place and followed by zeros, as a line pipeline hands lines over: read with no copy.
  in_place->assign(line.begin(), line.end());
  in_place->resize(line.size() + pitboss::kLineZeros, '\0');
  in_place->resize(line.size() + pitboss::kLinePadding + 16, '"');
  CheckSame(parser->Parse(std::string_view(in_place->data(), line.size()), round, /*padded=*/true), *round,
            expected, *reference_round);
  return outcome;
}

// Good lines with a hole: the fuzzer's bytes go into the hole, so that most inputs are
// nearly a round, where the two paths are likeliest to part.
constexpr std::pair<std::string_view, std::string_view> kTemplates[] = {
    {R"({"round":)", R"(,"time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})"},
    {R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","limits":)", R"(,"events":[]})"},
    {R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[)", "]}"},
    {R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[{"type":"bet","seat":1,)",
     "}]}"},
    {R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[{"type":"deal","card":"QH","seat":)",
     "}]}"},
    {R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[{"type":"settle","seat":1,"wager":"main","net":)",
     "}]}"},
    {R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r",)", "}"},
    // Inside a string and inside a key, where the fast path's scanner finds their ends.
    {R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[{"type":"burn","card":")",
     R"("}]})"},
    {R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[{"type":"burn",")",
     R"(":"QH"}]})"},
    {R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})", ""},
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static auto* round = new pitboss::Round();
  static auto* spliced = new std::string();

  std::string_view input(reinterpret_cast<const char*>(data), size);
  pitboss::ParseOutcome outcome = ParseBothWays(input, round);
  if (outcome.ok()) {
    CheckRound(*round);
    Check(outcome.round.empty() && outcome.table.empty());
  } else {
    Check(!outcome.status.message().empty());
    Check(outcome.status.code() == pitboss::Status::Code::kParseError);
  }
  for (size_t n = 0; n <= 4 && n <= size; ++n) CheckCard(input.substr(0, n));

  // The input's first byte picks a template, the rest fills its hole.
  if (size > 0) {
    const auto& [prefix, suffix] = kTemplates[data[0] % std::size(kTemplates)];
    spliced->assign(prefix);
    spliced->append(input.substr(1));
    spliced->append(suffix);
    if (ParseBothWays(*spliced, round).ok()) CheckRound(*round);
  }
  return 0;
}
