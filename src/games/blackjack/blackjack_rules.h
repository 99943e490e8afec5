// What a blackjack game (blackjack as a licensee posts it, and its variations such as War
// Blackjack, ARSD 20:18:15:30.12) adds to the core of a rule spec: the deal, the dealer's
// drawing, insurance, doubling, splitting, surrender, the payouts, the War side wager, and
// the bounds the regulation sets on what a licensee may post. The keys are documented in
// docs/spec-format.md; this file reads them (BlackjackGame().parse).
#ifndef PITBOSS_GAMES_BLACKJACK_BLACKJACK_RULES_H_
#define PITBOSS_GAMES_BLACKJACK_BLACKJACK_RULES_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "games/core/game.h"
#include "pitboss/card.h"
#include "pitboss/money.h"
#include "pitboss/spec.h"
#include "spec/lint.h"

namespace pitboss {

// One parameter of the rules with where it comes from.
template <class T>
struct Param {
  T value{};
  Cite cite;
};

// Which first two cards a player may double on. Part of the spec format.
enum class DoubleOn : uint8_t { kAnyTwo, kNineToEleven, kTenToEleven };

// What a dealer blackjack takes. Part of the spec format.
enum class DealerBlackjackTakes : uint8_t {
  kOriginalWagerOnly,  // the primary wager of each seat; doubles and splits are returned
  kAllWagers,          // every wager of every hand
};

// A blackjack hand's point count: aces 1 or 11, faces 10.
struct Points {
  int total = 0;
  bool soft = false;  // an ace counted as 11
};
// 2..14 -> 2..10, ace 11. Inline: counted for every card of every hand of every replay.
inline int CardPoints(int rank) { return rank == 14 ? 11 : rank >= 10 ? 10 : rank; }
// The points of cards of these ranks, each ace 11 while the total stays at 21 or under (soft).
inline Points HandPoints(const int* ranks, size_t n) {
  int total = 0, aces = 0;
  for (size_t i = 0; i < n; ++i) {
    total += CardPoints(ranks[i]);
    if (ranks[i] == 14) ++aces;
  }
  while (total > 21 && aces > 0) {
    total -= 10;
    --aces;
  }
  return {total, aces > 0};
}
template <typename Ranks>
Points HandPoints(const Ranks& ranks) {
  return HandPoints(ranks.data(), ranks.size());
}

class BlackjackRules : public GameRules {
 public:
  std::unique_ptr<GameRules> Clone() const override { return std::make_unique<BlackjackRules>(*this); }
  std::string_view game() const override { return "blackjack"; }

  // The deal: each pass gives every seat one card in `order`, then the dealer one.
  Param<SeatOrder> deal_order;
  Param<int> burns_after_shuffle;  // cards burned before the first round of a new shoe
  Param<bool> dealer_hole_card;    // the dealer's second card is dealt face down

  // The dealer's play.
  Param<bool> dealer_hits_soft_17;
  Param<bool> dealer_checks_for_blackjack;        // before the players act
  Param<bool> dealer_draws_without_hand_in_play;  // draws though every hand busted or is a blackjack
  Param<DealerBlackjackTakes> dealer_blackjack_takes;
  // Under kOriginalWagerOnly: the double and split wagers of a hand that had busted before
  // the dealer shows blackjack are returned (false) or lost (true).
  Param<bool> busted_extra_lost_to_dealer_blackjack;

  // Insurance: offered when the dealer's up card is an ace, after the hole card is dealt
  // and before any hand is played; at most `insurance_max` of the primary wager.
  Param<bool> insurance_offered;
  Param<Ratio> insurance_max;

  // Doubling down: one more wager, at most `double_max` of the hand's wager, one card.
  Param<bool> double_offered;
  Param<DoubleOn> double_on;
  Param<bool> double_after_split;
  Param<Ratio> double_max;

  // Splitting pairs.
  Param<bool> split_by_points;  // any two cards of equal points (K and 10), else equal rank
  Param<int> split_max_hands;   // hands a seat may have, the first included
  Param<bool> split_aces_one_card;
  Param<bool> resplit_aces;
  Param<bool> split_21_is_blackjack;

  Param<bool> surrender_offered;

  // Payouts, the player's net per unit wagered.
  Payout pays_blackjack, pays_win, pays_push, pays_lose;
  Payout pays_insurance_win, pays_insurance_lose;

  // The War side wager (ARSD 20:18:15:30.12), where the game has one.
  bool war_offered = false;
  std::array<int8_t, 15> war_rank_value{};  // by rank; aces low where the rules say so
  Cite war_rank_cite;
  Param<bool> war_by_points;          // compare by blackjack points (a king ties a ten)
  Param<bool> war_cards_start_hands;  // the war cards are the first cards of the hands
  Param<bool> ride_adds_stake;        // a ride adds the War stake as well as the winnings
  Payout pays_war_win, pays_war_tie, pays_war_lose;

  // What the regulation allows a licensee to post: lint rejects a house below it.
  struct Bound {
    bool present = false;
    Ratio at_least;
    int max_decks = 0;  // 0: any deck count; else only for games of at most this many decks
    Cite cite;
  };
  Bound min_win, min_blackjack, min_blackjack_few_decks;

  // The War comparison value of a card: higher wins.
  int WarValue(int rank) const { return WarValue(rank, war_by_points.value); }
  // The same, compared by points (true) or by the order of ranks (false) whatever war_by_points.
  int WarValue(int rank, bool by_points) const {
    return by_points ? (rank == 14 ? 1 : CardPoints(rank)) : war_rank_value[rank];
  }
};

// The blackjack rules of a spec of game `blackjack` (the loader sets them).
inline const BlackjackRules& Blackjack(const RuleSpec& spec) {
  return static_cast<const BlackjackRules&>(*spec.game_rules.get());
}
inline BlackjackRules& Blackjack(RuleSpec& spec) {
  return static_cast<BlackjackRules&>(*spec.game_rules.get());
}

// The blackjack game's parts of a spec (spec/parts.h): what a round consulted, so that a
// reading it did not consult need not replay it.
namespace part {
constexpr SpecParts kBjEveryRound = 1u << 8;        // the deal, the dealer's drawing, the payouts
constexpr SpecParts kBjWarWager = 1u << 9;          // the War comparison and payouts
constexpr SpecParts kBjRide = 1u << 10;             // what a ride adds
constexpr SpecParts kBjSplit = 1u << 11;            // splitting
constexpr SpecParts kBjDouble = 1u << 12;           // doubling
constexpr SpecParts kBjInsurance = 1u << 13;        // insurance
constexpr SpecParts kBjDealerBlackjack = 1u << 14;  // what a dealer blackjack takes of extra wagers
constexpr SpecParts kBjSurrender = 1u << 15;
// Parameters a round consults only where their value decides something in it, each a part of
// its own so that a reading changing it alone replays only those rounds (the engine marks
// them where the other value would decide otherwise).
constexpr SpecParts kBjWarByPoints = 1u << 16;  // war_wager.by_points: a comparison it decides
constexpr SpecParts kBjSplitPairs = 1u << 17;   // split.pairs: a split of cards one rule pairs
constexpr SpecParts kBjSplitMax = 1u << 18;     // split.max_hands: a split of a seat that split
constexpr SpecParts kBjBustedExtra = 1u << 19;  // dealer.busted_extra_lost: a busted hand's extra
}  // namespace part

// The game table's entry for `game: blackjack`.
const Game& BlackjackGame();  // blackjack_game.cc

// The game's spec-format and reading hooks (its Game entry).
void ParseBlackjack(SpecReader& reader, const YAML::Node& root, RuleSpec* spec);
void FlattenBlackjack(const RuleSpec& spec, FlatSpec* out);
SpecParts BlackjackDifferingParts(const RuleSpec& a, const RuleSpec& b);
ReadingEffect BlackjackEffect(const RuleSpec& base, const RuleSpec& variant);
// Blackjack's settlements are replayed, never re-priced: a copy of `base`'s.
void NoReprice(const RoundResult& base, const RuleSpec& spec, RoundResult* out);

// Where a house's payouts are below what the regulation allows: one message each, with the
// payout's line in the spec.
struct RegulationBreach {
  int line = 0;
  std::string message;
};
std::vector<RegulationBreach> RegulationBreaches(const RuleSpec& spec);

// Lint's check of every blackjack spec that loads: one lint/below-regulation error per
// breach, at the payout's line.
void LintRegulation(LintReport* report);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_BLACKJACK_BLACKJACK_RULES_H_
