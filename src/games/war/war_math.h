// The exact theoretical return of the wagers of a War-family rule spec, computed from the
// spec alone by enumerating the shoe's composition with exact rational arithmetic (no
// simulation, no floating point until the figures are printed).
//
// One seat is dealt against the dealer. Other seats, and burn cards, are cards the seat
// does not see: every ordering of the shoe being equally likely, the cards a seat gets are
// distributed as if those unseen cards had not been drawn. The enumerator can draw the
// burns anyway (`draw_burns`), which a test uses on small shoes to show exactly that.
// Stateless functions; thread-safe.
#ifndef PITBOSS_GAMES_WAR_MATH_H_
#define PITBOSS_GAMES_WAR_MATH_H_

#include <optional>
#include <string>
#include <vector>

#include "games/war/war_rules.h"
#include "math/fraction.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"

namespace pitboss {

// A shoe as counts of cards per rank class, a class being the ranks that tie each other
// (under the usual ranking, one class per rank), ordered from the lowest class up.
struct ShoeComposition {
  std::vector<int> counts;
  std::vector<std::string> names;  // "2", ..., "A"; "T/J/Q/K" for ranks that tie
  int total() const;
};

// `decks` standard 52-card decks, classed by the spec's ranking.
ShoeComposition StandardShoe(const RuleSpec& spec, int decks);

// What a tied seat does when the rules let it choose. Part of the rtp report format.
enum class TiePolicy : uint8_t {
  kOptimal,  // the choice with the higher expected return of the main wager
  kAlwaysWar,
  kAlwaysSurrender,
  kMixed,     // war with probability war_share (as a log's players chose)
  kNoChoice,  // the rules offer no choice on a tie
};
std::string_view ToString(TiePolicy policy);

struct Policy {
  TiePolicy kind = TiePolicy::kOptimal;
  Fraction war_share = 1;  // kMixed only
};

// The policies that apply under `spec`: optimal, always-war and always-surrender where
// both choices are offered; the one choice there is otherwise; kNoChoice where none.
std::vector<Policy> ApplicablePolicies(const RuleSpec& spec);

// One way a wager can end, with the money it makes per unit of the wager.
struct WagerOutcome {
  std::string name;      // "win", "lose", "surrender", "war-win", "war-tie", "war-lose", "tie"
  Fraction net;          // per unit of the wager (the main wager's includes its raise)
  Fraction probability;  // given that the wager is placed
};

// The figures of one wager (the main wager counting the raise that equals it).
struct WagerMath {
  WagerKind wager = WagerKind::kMain;
  // The probability that a seat can place it: 1 for wagers placed with the first cards,
  // P(going to war) for a wager placed in the war window.
  Fraction available;
  std::vector<WagerOutcome> outcomes;  // merged by name, in order of first appearance
  Fraction expected_net;               // E[net] per unit of the wager's first amount
  Fraction expected_staked;            // E[all money the seat puts up on it] per unit (1 + P(raise))
  Fraction second_moment;              // E[net^2]
  Fraction p_ahead;                    // P(net > 0)

  Fraction return_per_initial() const { return Fraction(1) + expected_net; }
  Fraction house_edge() const { return -expected_net; }
  // Per unit of all money wagered, the raise included ("element of risk").
  Fraction return_per_staked() const { return Fraction(1) + expected_net / expected_staked; }
  Fraction house_edge_per_staked() const { return -(expected_net / expected_staked); }
  Fraction variance() const { return second_moment - expected_net * expected_net; }
  double standard_deviation() const;
};

// The expected net of the main wager (raise included, per unit of the main wager) of one
// choice, given a tie on the first cards.
struct ChoiceMath {
  Action action = Action::kWar;
  Fraction expected_net;
};

struct RoundMath {
  int cards = 0;  // in the shoe
  Policy policy;
  Fraction p_win, p_tie, p_lose;        // the first cards, seat against dealer
  Fraction war_win, war_tie, war_lose;  // the war cards, given a war (0 if none)
  std::vector<ChoiceMath> choices;      // given a tie; empty when there is no choice
  std::optional<Action> best_choice;    // the higher expected net (war on equality)
  std::vector<WagerMath> wagers;        // initial-window wagers, then war-window ones

  const WagerMath* wager(WagerKind kind) const;
};

// Every figure of one round of `spec` dealt from `shoe`, the seat following `policy`.
// InvalidArgument when the spec leaves a wager unsettled on some path, when the shoe is
// too small for a round, or when the exact arithmetic overflows (a shoe far larger than
// any casino's).
StatusOr<RoundMath> ComputeRoundMath(const RuleSpec& spec, const ShoeComposition& shoe, const Policy& policy,
                                     bool draw_burns = false);

// Two seats of one round share the dealer's cards, so their results are correlated: the
// covariance of the nets (per unit) of `kind` at two seats that both play it, under
// `policy` (kMixed: each tied seat goes to war with probability war_share; kOptimal: as
// best_choice says). A war-window wager is taken at two seats that both went to war. In
// long double: it sizes a confidence interval, it is not a published figure. nullopt when
// the spec leaves the wager unsettled somewhere or the shoe cannot deal two seats a round.
std::optional<double> SeatCovariance(const RuleSpec& spec, const ShoeComposition& shoe, const Policy& policy,
                                     WagerKind kind);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_WAR_MATH_H_
