// The dealer simulator: plays rounds of a rule spec as a correct dealer would
// and writes them as hand-history JSON Lines (../shared/hand-history-v1.md). A second,
// independent reading of the spec beside its game's engine: everything it knows of a rule
// set comes from the RuleSpec, so its rounds check clean under the spec (and the readings)
// it was given. Used for large clean fixtures, benchmarks and statistical tests.
//
// Determinism is part of the contract: the same spec, options and seed give the same bytes
// on every platform and compiler. The random stream is xoshiro256** seeded by splitmix64,
// bounded integers use Lemire's unbiased method, and probabilities compare the top 53 bits
// of a draw as a double in [0, 1); no standard-library distribution is used.
#ifndef PITBOSS_GAMES_CORE_DEALER_H_
#define PITBOSS_GAMES_CORE_DEALER_H_

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "pitboss/card.h"
#include "pitboss/round.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"

namespace pitboss {

// A small, documented generator whose output is the same everywhere: xoshiro256**
// (Blackman and Vigna, 2018), its state filled from the seed by splitmix64.
class DealerRandom {
 public:
  explicit DealerRandom(uint64_t seed);

  uint64_t Next();
  // Uniform in [0, n), n > 0: Lemire's multiply-and-reject, exactly unbiased.
  uint64_t Below(uint64_t n);
  // True with probability p (p <= 0: never, p >= 1: always).
  bool Chance(double p);

 private:
  uint64_t s_[4];
};

// One table's shoe as a dealer deals it: the cards not yet drawn are cards_[next_..].
// Shared by the games' dealers so that every game shuffles and biases alike.
class DealerShoe {
 public:
  // A fresh shoe of `decks` full decks, in a Fisher-Yates order drawn from `rng`.
  void Shuffle(int decks, DealerRandom* rng);

  bool shuffled() const { return shuffled_; }
  size_t remaining() const { return cards_.size() - next_; }

  // The top card; remaining() > 0. A rank with a keep probability below 1 is drawn with that
  // probability; otherwise the card goes, unseen, to the bottom of the shoe and the next card
  // comes up. After remaining()-1 such returns in a row the top card is drawn whatever its
  // rank, so that a shoe of nothing but such cards still deals.
  Card Draw(const std::array<double, 15>& keep, DealerRandom* rng);

 private:
  std::vector<Card> cards_;
  size_t next_ = 0;
  bool shuffled_ = false;
};

struct DealerOptions {
  int64_t rounds = 1000;  // in all, dealt round-robin over the tables
  int tables = 1;         // named <table_prefix>1, <table_prefix>2...
  std::string table_prefix = "T";
  int table_seats = 7;  // seats 1..table_seats
  int seats_min = 1;    // players each round: uniform in [seats_min, seats_max],
  int seats_max = 7;    // at seats drawn at random
  uint64_t seed = 1;
  int decks = 0;  // 0: the spec's minimum
  // Each optional wager the spec offers (the tie wager, a war-window wager without
  // `equals`) is placed with this probability, where what it depends on is placed.
  double tie_bet_rate = 0.25;
  // The probabilities of the players' choices a game's dealer draws (Game::dealer_rates), by
  // their option's name ("surrender-rate"); a rate not set is the game's default.
  std::map<std::string, double, std::less<>> rates;
  // Reshuffle before a round when fewer than this share of the shoe remains (the cut
  // card), or when the rest could not finish the round should every seat go to war.
  double cut_remaining = 0.25;
  // The bias of --bias-rank, for statistical tests. Rank (2..14) -> the probability K that
  // a card of that rank, coming to the top of the shoe, is drawn (dealt or burned);
  // otherwise it goes unseen to the bottom of the shoe and the next card comes up, tested
  // the same way. Ranks not named are always drawn. No card is added or lost, so the shoe
  // tracker finds nothing. The cards sent down are not reached before the cut card (nor
  // before a fresh shuffle), so a rank whose share of the shoe is f makes up
  // K*f / (1 - (1-K)*f) of the cards drawn: K = 0.9 draws aces at 0.907 times their fair
  // rate (7.69% -> 6.98% of the cards), and every other rank at 1.008 times.
  std::map<int, double> rank_keep;
  std::string start_time = "2026-01-05T18:00:00Z";  // RFC 3339, UTC ("Z")
  int round_seconds = 40;                           // between two rounds of one table
};

// One table of a dealer's run: its name, its shoe, and the rounds and shoes dealt so far.
struct DealerTable {
  std::string name;
  DealerShoe shoe;
  int64_t rounds = 0;
  int64_t shoes = 0;
};
// The tables of a run: <table_prefix>1, <table_prefix>2...
std::vector<DealerTable> MakeDealerTables(const DealerOptions& options);
// Opens the next round of `table`, the `index`th of the run, in *round: its id
// (<table>-000001...), table and time (a table's rounds `round_seconds` apart from `start`,
// the tables staggered within them), and no events.
void StartDealerRound(DealerTable& table, int index, int64_t start, const DealerOptions& options,
                      Round* round);
// The seats that play a round, in ascending order: a number drawn within [seats_min,
// seats_max], then that many distinct seats of the table's.
void DrawSeats(const DealerOptions& options, DealerRandom* rng, std::vector<Seat>* seats);
// Whether `table`'s shoe is shuffled before a round: never shuffled yet, the rules' fresh
// shuffle every round, the cut card reached, or fewer than `needed` cards left.
bool ShuffleDue(const DealerTable& table, const RuleSpec& spec, const DealerOptions& options, int decks,
                size_t needed);
// A fresh shoe of `decks` decks for `table`, and its shuffle event in *round.
void ShuffleShoe(DealerTable& table, int decks, DealerRandom* rng, Round* round);

// The limits a simulated table posts for one wager, in minor units; bets are whole multiples
// of kUnit. The same at every game's table.
struct BetLimit {
  static constexpr Money kUnit = 100;
  Money min = 0;
  Money max = 0;
  bool Fits() const { return max / kUnit * kUnit >= min; }  // some bet of whole units does
};
// The house's limit for a primary wager (the one a seat plays with) or a side wager, capped by
// `rule`'s own maximum.
BetLimit HouseLimit(const WagerRule& rule, bool primary);
// Ok where `limit` Fits; else InvalidArgument naming the spec and the wager.
Status CheckBetLimit(const RuleSpec& spec, WagerKind kind, const BetLimit& limit);
// A bet within `limit`: its minimum times a step drawn (mostly small; a primary wager's reach
// further), capped at its maximum, in whole units. One draw of `rng`.
Money DrawBet(const BetLimit& limit, bool primary, DealerRandom* rng);

// A probability of a players' choice that a game's dealer draws, set by `pitboss generate
// --<name> P`. Part of the command line: never rename.
struct DealerRate {
  std::string_view name;  // "surrender-rate"
  std::string_view help;  // "probability that a tied player surrenders"
  double value;           // the default
};

// `rate`'s value in `options`: as set, or its default.
double RateOf(const DealerOptions& options, const DealerRate& rate);

// What every dealer takes from its options, checked once for all games: the first round's
// start (seconds since 1970), the deck count, and each rank's keep probability (--bias-rank).
struct DealerSetup {
  int64_t start = 0;
  int decks = 0;
  std::array<double, 15> keep{};
};
// InvalidArgument, naming the option, for options no dealer can deal under `spec`.
StatusOr<DealerSetup> CheckDealerOptions(const RuleSpec& spec, const DealerOptions& options);

// Writes `round` as one line of the hand-history format (../shared/hand-history-v1.md), in
// the order every dealer writes: type, seat, hand, then the event's own fields. The event at
// index `face_down_event` (a dealer's hole card) is marked "face":"down"; -1 for none.
void WriteRoundJson(const Round& round, std::ostream& out, int face_down_event = -1);

// "2026-01-05T18:00:00Z" as seconds since 1970-01-01, and back. Proleptic Gregorian, UTC
// only; nullopt for any other form.
std::optional<int64_t> ParseUtcTime(std::string_view text);
std::string FormatUtcTime(int64_t seconds);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_CORE_DEALER_H_
