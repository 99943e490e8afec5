// What `pitboss stats` asks of a game (Game::stats): which cards its first comparison ranks,
// which wagers' returns the cards alone decide, and each such wager's theory. The tests
// themselves (ranks, pairs, runs, returns) are the game's neither: they live in stats/.
#ifndef PITBOSS_GAMES_CORE_GAME_STATS_H_
#define PITBOSS_GAMES_CORE_GAME_STATS_H_

#include <optional>
#include <string_view>

#include "pitboss/round.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"

namespace pitboss {

// The theory of one wager of a rule set at one deck count, as a function of q, the share of
// seats offered the game's choice that take it (War: tied seats that go to war). A seat's
// expected net, its square and its chance of ending ahead are linear in q (each seat goes
// one way or the other); the product of two seats' nets is quadratic (each seat chooses on
// its own). So the figures at q = 0 and 1, and the seat covariance at q = 0, 1/2 and 1, give
// them at every q, exactly: the theory is computed once per rule set, deck count and wager,
// however many tables and choices.
struct WagerTheory {
  bool available = false;    // some policy lets a seat place the wager
  bool choice_free = false;  // no choice moves its figures (placed after the choice, or none offered)
  long double mean[2] = {0, 0}, second[2] = {0, 0}, ahead[2] = {0, 0};  // at q = 0, 1
  double cov[3] = {0, 0, 0};                                            // at q = 0, 1/2, 1

  long double Mean(long double q) const { return choice_free ? mean[1] : (1 - q) * mean[0] + q * mean[1]; }
  long double Ahead(long double q) const {
    return choice_free ? ahead[1] : (1 - q) * ahead[0] + q * ahead[1];
  }
  long double Variance(long double q) const {
    long double second_q = choice_free ? second[1] : (1 - q) * second[0] + q * second[1];
    long double m = Mean(q);
    return second_q - m * m;
  }
  long double Covariance(long double q) const {
    if (choice_free) return cov[2];
    // Lagrange through (0, cov0), (1/2, cov½), (1, cov1).
    return cov[0] * (1 - q) * (1 - 2 * q) + cov[1] * 4 * q * (1 - q) + cov[2] * q * (2 * q - 1);
  }
};

struct GameStats {
  // A card's value in the comparison of the first cards (the first seat's against the
  // dealer's), for the runs and serial tests; nullopt where the spec compares none.
  std::optional<int> (*first_card_value)(const RuleSpec& spec, int rank);
  // Whether the return of `kind` is tested: a wager settled on the cards alone, whatever
  // the players choose (one whose return depends on how a hand is played is not).
  bool (*return_tested)(const RuleSpec& spec, WagerKind kind);
  // The theory of `kind` (return_tested) at `decks`.
  StatusOr<WagerTheory> (*theory)(const RuleSpec& spec, int decks, WagerKind kind);
  // The choice whose share q moves the theory, as logged (Action::kUnknown: none does), the
  // action that declines it, and when it is offered, in the report's words: "war on 812 of
  // 1000 tie choices".
  Action take = Action::kUnknown;
  Action decline = Action::kUnknown;
  std::string_view offered_on;
};

}  // namespace pitboss

#endif  // PITBOSS_GAMES_CORE_GAME_STATS_H_
