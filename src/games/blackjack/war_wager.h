// The War Blackjack side wager as statistics need it: the exact moments of one seat's net
// per unit wagered, from a full shoe, and the covariance of two seats that share the
// dealer's card. The wager is settled on the first cards alone (ARSD 20:18:15:30.12(3)),
// so these do not depend on how the players play their hands.
#ifndef PITBOSS_GAMES_BLACKJACK_WAR_WAGER_H_
#define PITBOSS_GAMES_BLACKJACK_WAR_WAGER_H_

#include "games/core/game_stats.h"
#include "math/fraction.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"

namespace pitboss {

struct WarWagerMoments {
  Fraction mean;    // E[net]
  Fraction second;  // E[net^2]
  Fraction ahead;   // P(net > 0)
  Fraction cross;   // E[net1 * net2] of two seats against one dealer card
  Fraction Covariance() const { return cross - mean * mean; }
};

// Of a spec of game `blackjack` with a War wager, for a shoe of `decks` decks.
// InvalidArgument when the spec has no War wager.
StatusOr<WarWagerMoments> ComputeWarWagerMoments(const RuleSpec& spec, int decks);

// What `pitboss stats` asks of a blackjack spec: the War wager's first comparison and its
// theory; a blackjack hand's return depends on how it is played, so it is not tested.
const GameStats& BlackjackStats();

}  // namespace pitboss

#endif  // PITBOSS_GAMES_BLACKJACK_WAR_WAGER_H_
