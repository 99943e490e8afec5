#include "games/core/dealer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

#include "base/json.h"
#include "history/round_parser.h"

namespace pitboss {

// ---- The random stream -------------------------------------------------------------

namespace {

uint64_t SplitMix64(uint64_t* x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

// The full 128-bit product of two 64-bit values, in 32-bit halves so that no compiler
// extension is needed.
void Multiply128(uint64_t a, uint64_t b, uint64_t* hi, uint64_t* lo) {
  uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32;
  uint64_t b_lo = b & 0xffffffffu, b_hi = b >> 32;
  uint64_t ll = a_lo * b_lo, lh = a_lo * b_hi, hl = a_hi * b_lo, hh = a_hi * b_hi;
  uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
  *lo = (mid << 32) | (ll & 0xffffffffu);
  *hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

}  // namespace

DealerRandom::DealerRandom(uint64_t seed) {
  for (uint64_t& s : s_) s = SplitMix64(&seed);
}

uint64_t DealerRandom::Next() {
  uint64_t result = Rotl(s_[1] * 5, 7) * 9;
  uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = Rotl(s_[3], 45);
  return result;
}

// D. Lemire, "Fast Random Integer Generation in an Interval", ACM TOMACS 29(1), 2019:
// the high word of x * n is uniform in [0, n) once the low words below 2^64 mod n are
// rejected.
uint64_t DealerRandom::Below(uint64_t n) {
  uint64_t hi, lo;
  Multiply128(Next(), n, &hi, &lo);
  if (lo < n) {
    uint64_t threshold = (0 - n) % n;  // 2^64 mod n
    while (lo < threshold) Multiply128(Next(), n, &hi, &lo);
  }
  return hi;
}

bool DealerRandom::Chance(double p) {
  if (p <= 0) return false;
  if (p >= 1) return true;
  return static_cast<double>(Next() >> 11) * 0x1.0p-53 < p;
}

// ---- The shoe ----------------------------------------------------------------------

void DealerShoe::Shuffle(int decks, DealerRandom* rng) {
  cards_.clear();
  for (int d = 0; d < decks; ++d) {
    for (int rank = 2; rank <= 14; ++rank) {
      for (int suit = 0; suit < 4; ++suit) {
        cards_.push_back(Card{static_cast<uint8_t>(rank), static_cast<uint8_t>(suit)});
      }
    }
  }
  // Fisher–Yates: position i takes a uniform pick of the cards at 0..i.
  for (size_t i = cards_.size(); i > 1; --i) {
    size_t j = rng->Below(i);
    std::swap(cards_[i - 1], cards_[j]);
  }
  next_ = 0;
  shuffled_ = true;
}

Card DealerShoe::Draw(const std::array<double, 15>& keep, DealerRandom* rng) {
  for (size_t returned = 0;; ++returned) {
    Card c = cards_[next_];
    double p = keep[c.rank];
    if (p >= 1 || returned + 1 >= remaining() || rng->Chance(p)) {
      ++next_;
      return c;
    }
    std::rotate(cards_.begin() + static_cast<std::ptrdiff_t>(next_),
                cards_.begin() + static_cast<std::ptrdiff_t>(next_) + 1, cards_.end());
  }
}

// ---- Time --------------------------------------------------------------------------

namespace {

// The proleptic Gregorian date of a day counted from 1970-01-01 (H. Hinnant's civil_from_days;
// the other way is the log parser's, ParseRfc3339Instant).
void CivilFromDays(int64_t z, int64_t* y, int* m, int* d) {
  z += 719468;
  int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  int64_t doe = z - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int64_t mp = (5 * doy + 2) / 153;
  *d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  *m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  *y = yoe + era * 400 + (*m <= 2);
}

}  // namespace

std::optional<int64_t> ParseUtcTime(std::string_view t) {
  // yyyy-mm-ddThh:mm:ssZ only (the dealer writes whole seconds in UTC); the log's own parser
  // reads it.
  if (t.size() != 20 || t[10] != 'T' || t[19] != 'Z') return std::nullopt;
  std::optional<Instant> instant = ParseRfc3339Instant(t);
  if (!instant) return std::nullopt;
  return instant->seconds;
}

std::string FormatUtcTime(int64_t seconds) {
  int64_t days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400;
  int64_t rest = seconds - days * 86400;
  int64_t y;
  int m, d;
  CivilFromDays(days, &y, &m, &d);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%04lld-%02d-%02dT%02d:%02d:%02dZ", static_cast<long long>(y), m, d,
                static_cast<int>(rest / 3600), static_cast<int>(rest / 60 % 60), static_cast<int>(rest % 60));
  return buf;
}

namespace {

// What the simulated tables post before the spec's own maxima cap them.
constexpr Money kPrimaryMin = 500;
constexpr Money kPrimaryMax = 500000;
constexpr Money kSideMin = 100;
constexpr Money kSideMax = 50000;
// Bets are the table minimum times one of these, capped at the maximum: mostly small.
constexpr int kPrimarySteps[] = {1, 1, 1, 2, 2, 3, 4, 5, 10, 20, 50, 100};
constexpr int kSideSteps[] = {1, 1, 2, 5, 10, 25, 50};

}  // namespace

BetLimit HouseLimit(const WagerRule& rule, bool primary) {
  BetLimit limit{primary ? kPrimaryMin : kSideMin, primary ? kPrimaryMax : kSideMax};
  if (rule.max) limit.max = std::min(limit.max, *rule.max);
  return limit;
}

Status CheckBetLimit(const RuleSpec& spec, WagerKind kind, const BetLimit& limit) {
  if (limit.Fits()) return Status::Ok();
  return Status::InvalidArgument(spec.id + ": the rules' maximum " + std::to_string(limit.max) + " on " +
                                 std::string(ToString(kind)) + " is below the table minimum " +
                                 std::to_string(limit.min));
}

Money DrawBet(const BetLimit& limit, bool primary, DealerRandom* rng) {
  const int step = primary ? kPrimarySteps[rng->Below(std::size(kPrimarySteps))]
                           : kSideSteps[rng->Below(std::size(kSideSteps))];
  Money amount = std::min(limit.min * step, limit.max) / BetLimit::kUnit * BetLimit::kUnit;
  return std::max(amount, limit.min);
}

std::vector<DealerTable> MakeDealerTables(const DealerOptions& options) {
  std::vector<DealerTable> tables(static_cast<size_t>(options.tables));
  for (int t = 0; t < options.tables; ++t) tables[t].name = options.table_prefix + std::to_string(t + 1);
  return tables;
}

void StartDealerRound(DealerTable& table, int index, int64_t start, const DealerOptions& o, Round* round) {
  const int64_t number = table.rounds++;  // of this table, from 0
  char id[32];
  std::snprintf(id, sizeof id, "-%06lld", static_cast<long long>(number + 1));
  round->id = table.name + id;
  round->table = table.name;
  round->time = FormatUtcTime(start + number * o.round_seconds + index * o.round_seconds / o.tables);
  round->events.clear();
}

void DrawSeats(const DealerOptions& o, DealerRandom* rng, std::vector<Seat>* seats) {
  const int players = o.seats_min + static_cast<int>(rng->Below(o.seats_max - o.seats_min + 1));
  seats->resize(static_cast<size_t>(o.table_seats));
  for (int i = 0; i < o.table_seats; ++i) (*seats)[i] = i + 1;
  for (int i = 0; i < players; ++i) std::swap((*seats)[i], (*seats)[i + rng->Below(o.table_seats - i)]);
  seats->resize(static_cast<size_t>(players));
  std::sort(seats->begin(), seats->end());
}

bool ShuffleDue(const DealerTable& table, const RuleSpec& spec, const DealerOptions& o, int decks,
                size_t needed) {
  const auto cut = static_cast<size_t>(std::ceil(o.cut_remaining * decks * kCardsPerDeck));
  return !table.shoe.shuffled() || spec.fresh_shuffle.required || table.shoe.remaining() < cut ||
         table.shoe.remaining() < needed;
}

void ShuffleShoe(DealerTable& table, int decks, DealerRandom* rng, Round* round) {
  table.shoe.Shuffle(decks, rng);
  Event e;
  e.type = EventType::kShuffle;
  e.decks = decks;
  e.text = table.name + "-shoe-" + std::to_string(++table.shoes);
  round->events.push_back(e);
}

double RateOf(const DealerOptions& options, const DealerRate& rate) {
  auto it = options.rates.find(rate.name);
  return it == options.rates.end() ? rate.value : it->second;
}

StatusOr<DealerSetup> CheckDealerOptions(const RuleSpec& spec, const DealerOptions& o) {
  DealerSetup setup;
  if (o.rounds < 0) return Status::InvalidArgument("the number of rounds must not be negative");
  if (o.tables < 1) return Status::InvalidArgument("there must be at least one table");
  if (o.table_prefix.empty()) return Status::InvalidArgument("the table prefix must not be empty");
  if (o.table_seats < 1) return Status::InvalidArgument("a table must have at least one seat");
  if (o.seats_min < 1 || o.seats_min > o.seats_max || o.seats_max > o.table_seats) {
    return Status::InvalidArgument("players per round must be a range within 1-" +
                                   std::to_string(o.table_seats) + ", not " + std::to_string(o.seats_min) +
                                   "-" + std::to_string(o.seats_max));
  }
  if (!(o.tie_bet_rate >= 0 && o.tie_bet_rate <= 1))
    return Status::InvalidArgument("a rate must be within 0 and 1");
  for (const auto& [name, rate] : o.rates) {
    if (!(rate >= 0 && rate <= 1)) return Status::InvalidArgument("--" + name + " must be within 0 and 1");
  }
  if (!(o.cut_remaining >= 0 && o.cut_remaining < 1)) {
    return Status::InvalidArgument("the cut card must leave a share of the shoe within 0 and 1");
  }
  if (o.round_seconds < 1) return Status::InvalidArgument("rounds must be at least one second apart");
  setup.keep.fill(1.0);
  for (const auto& [rank, keep] : o.rank_keep) {
    if (rank < 2 || rank > 14) return Status::InvalidArgument("no rank " + std::to_string(rank) + " (2..14)");
    if (!(keep >= 0 && keep <= 1)) {
      return Status::InvalidArgument(std::string("the keep probability of rank ") + RankChar(rank) +
                                     " must be within 0 and 1");
    }
    setup.keep[rank] = keep;
  }

  auto start = ParseUtcTime(o.start_time);
  if (!start) {
    return Status::InvalidArgument("start time '" + o.start_time +
                                   "' is not of the form 2026-01-05T18:00:00Z");
  }
  setup.start = *start;
  int32_t date = std::stoi(o.start_time.substr(0, 4)) * 10000 + std::stoi(o.start_time.substr(5, 2)) * 100 +
                 std::stoi(o.start_time.substr(8, 2));
  if (date < spec.effective) {
    return Status::InvalidArgument("start time " + o.start_time + " is before " + spec.id + " revision " +
                                   spec.revision + " came into force");
  }

  setup.decks = o.decks == 0 ? spec.decks.min : o.decks;
  if (setup.decks < spec.decks.min || setup.decks > spec.decks.max) {
    return Status::InvalidArgument(spec.id + " is dealt from " + std::to_string(spec.decks.min) + " to " +
                                   std::to_string(spec.decks.max) + " decks, not " +
                                   std::to_string(setup.decks));
  }
  return setup;
}

// One line of the hand-history format; the event at `face_down_event` (the dealer's hole
// card) is marked "face":"down".
void WriteRoundJson(const Round& round, std::ostream& out, int face_down_event) {
  JsonWriter json(out);
  json.BeginObject();
  json.Key("round").String(round.id);
  json.Key("time").String(round.time);
  json.Key("table").String(round.table);
  json.Key("rules").String(round.rules);
  json.Key("limits").BeginObject();
  for (int k = 0; k < kWagerKinds; ++k) {
    const auto& limit = round.limits[k];
    if (!limit) continue;
    json.Key(ToString(static_cast<WagerKind>(k))).BeginObject();
    if (limit->min) json.Key("min").Int(*limit->min);
    if (limit->max) json.Key("max").Int(*limit->max);
    json.EndObject();
  }
  json.EndObject();
  json.Key("events").BeginArray();
  for (size_t i = 0; i < round.events.size(); ++i) {
    const Event& e = round.events[i];
    json.BeginObject().Key("type").String(ToString(e.type));
    if (e.type != EventType::kShuffle && e.type != EventType::kBurn) {
      json.Key("seat");
      if (e.seat == kDealer) {
        json.String("dealer");
      } else {
        json.Int(e.seat);
      }
      if (e.hand > 0) json.Key("hand").Int(e.hand);
    }
    switch (e.type) {
      case EventType::kShuffle:
        json.Key("shoe").String(e.text).Key("decks").Int(e.decks);
        break;
      case EventType::kBet:
        json.Key("wager").String(ToString(e.wager)).Key("amount").Int(e.amount);
        break;
      case EventType::kDeal:
        json.Key("card").String(ToString(*e.card));
        if (static_cast<int>(i) == face_down_event) json.Key("face").String("down");
        break;
      case EventType::kBurn:
        json.Key("card").String(ToString(*e.card));
        break;
      case EventType::kDecision:
        json.Key("action").String(ToString(e.action));
        break;
      case EventType::kSettle:
        json.Key("wager").String(ToString(e.wager)).Key("net").Int(e.amount);
        break;
    }
    json.EndObject();
  }
  json.EndArray().EndObject();
  out << '\n';
}

}  // namespace pitboss
