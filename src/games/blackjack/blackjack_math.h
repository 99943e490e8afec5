// The theoretical return of the blackjack wager under basic strategy, and of the War
// Blackjack side wager (ARSD 20:18:15:30.12), computed by combinatorial analysis of the
// shoe's composition, not by simulation. Floating point (double): these figures are set
// against published ones quoted to a few digits, and the method's own approximations
// (docs/math.md, "Blackjack and War Blackjack") are far larger than rounding; the War
// wager's own probabilities are exact fractions.
//
// What is exact: every card's probability given the cards already out of the shoe (the up
// card, the player's cards, the cards the dealer draws), at every step of the player's and
// the dealer's play. What is approximated: split hands are played each as if alone, from the
// shoe less the up card and the pair; their number, when resplitting, counts the pair cards
// the earlier hands drew.
//
// Stateless functions; thread-safe.
#ifndef PITBOSS_GAMES_BLACKJACK_BLACKJACK_MATH_H_
#define PITBOSS_GAMES_BLACKJACK_BLACKJACK_MATH_H_

#include <array>
#include <cstdint>

#include "math/fraction.h"

namespace pitboss::blackjack {

// Card values run 1 (ace) to 10 (ten and the court cards); ranks run 1 (ace), 2, ..., 10,
// 11 (jack), 12 (queen), 13 (king).
inline constexpr int kValues = 10;
inline constexpr int kRanks = 13;
int ValueOfRank(int rank);

// The rules of one blackjack game that its expected return depends on.
struct HouseRules {
  int decks = 6;
  bool dealer_hits_soft_17 = true;
  int64_t blackjack_num = 3, blackjack_den = 2;  // a natural pays num to den
  enum class DoubleOn { kAnyTwo, kNineToEleven, kTenToEleven, kElevenOnly };
  DoubleOn double_on = DoubleOn::kAnyTwo;  // the restricted ones: hard totals only
  bool double_after_split = true;
  int max_hands = 4;  // hands a pair may be split into; 1: no splitting
  bool resplit_aces = false;
  bool hit_split_aces = false;  // false: a split ace gets one card
  bool split_by_value = false;  // false: only pairs of one rank split (K-K, not K-10)
  bool late_surrender = false;
  // What a dealer blackjack takes. kOriginalBetsOnly: the original wager only, as where the
  // dealer peeks, or deals no hole card but returns doubles and splits ("OBO"); both have
  // the same expectation. kAllBets: no hole card, doubles and splits lost too.
  enum class DealerBlackjack { kOriginalBetsOnly, kAllBets };
  DealerBlackjack dealer_blackjack = DealerBlackjack::kOriginalBetsOnly;

  friend bool operator==(const HouseRules&, const HouseRules&) = default;
};

// The dealer's final hand, in the order of DealerOutcomes.
enum DealerResult { k17, k18, k19, k20, k21, kBust, kBlackjack };
using DealerOutcomes = std::array<double, 7>;

// The probabilities of the dealer's final hand showing `up_value`, the hole card and every
// card after it drawn from `rules.decks` decks less the up card and `removed` (cards out
// of the shoe, indexed by value - 1). Not conditioned on the dealer's not having blackjack.
DealerOutcomes DealerFinalProbabilities(const HouseRules& rules, int up_value,
                                        const std::array<int, kValues>& removed);

enum class Play : uint8_t { kStand, kHit, kDouble, kSurrender };  // splits: BasicStrategy::split

// A total-dependent basic strategy: one play per (dealer's up card, soft or hard, total),
// whatever cards make the total. Indexed [up value - 1][soft][total].
struct BasicStrategy {
  // Hit or stand, for a hand of any number of cards.
  std::array<std::array<std::array<bool, 22>, 2>, kValues> hit{};
  // The first play of two cards not split: kDouble or kSurrender where that is the play
  // (hit[] decides where the rules then forbid it, as after a split), else hit[]'s.
  std::array<std::array<std::array<Play, 22>, 2>, kValues> two_card{};
  // [up value - 1][pair value - 1]: split the pair.
  std::array<std::array<bool, kValues>, kValues> split{};
};

// The blackjack wager's figures, all per unit of the initial wager and net of it (-0.005
// is a house edge of 0.5%).
struct BlackjackMath {
  HouseRules rules;
  // Total-dependent basic strategy, the one optimal for the full shoe.
  double basic_strategy_return = 0;
  std::array<double, kValues> return_by_up{};  // given the up card's value
  BasicStrategy strategy;
  bool strategy_converged = false;  // every play is the best given all the others
  // Every hand composition played its own best way ("composition-dependent").
  double optimal_return = 0;

  // Basic strategy, given the player's two cards and the up card (values). A pair of tens
  // splits only if of one rank (unless split_by_value): its return is the mean over ranks.
  double StartingHandReturn(int first, int second, int up) const;
  // Basic strategy, given the player's first card and the up card (ranks), the second card
  // and the hole card still to come.
  double FirstCardReturn(int first_rank, int up_rank) const;

  // [up - 1][first - 1][second - 1], by value; tens as in StartingHandReturn.
  std::array<std::array<std::array<double, kValues>, kValues>, kValues> starting_hand{};
  // Ten and ten given the up card, when the two are a pair to split and when they are not.
  std::array<double, kValues> ten_pair{}, ten_non_pair{};
};

BlackjackMath ComputeBlackjackMath(const HouseRules& rules);

// How the War wager is read where ARSD 20:18:15:30.12 leaves room.
struct WarOptions {
  bool compare_by_value = false;  // true: K, Q, J and 10 tie; false: K > Q > J > 10
  // A winning wager's "winnings" moved onto the blackjack wager: 1 unit, or with the stake
  // 2 units (the rule's text can be read either way).
  bool ride_adds_stake = false;
};

// The War wager: the player's first card against the dealer's up card, aces low; higher
// wins 1 to 1, a tie or lower loses. Per unit of the War wager.
struct WarMath {
  Fraction p_win, p_tie, p_lose;  // exact
  Fraction house_edge_collect;    // every win collected
  // The blackjack return a win adds by riding where that return is positive, and the
  // edge net of it.
  double ride_value = 0;
  double house_edge_best_ride = 0;
  // [first rank - 1][up rank - 1]: a win here rides.
  std::array<std::array<bool, kRanks>, kRanks> ride{};
};

WarMath ComputeWarMath(const BlackjackMath& blackjack, const WarOptions& options = {});

}  // namespace pitboss::blackjack

#endif  // PITBOSS_GAMES_BLACKJACK_BLACKJACK_MATH_H_
