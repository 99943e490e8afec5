// The blackjack game's row in the game table: its spec format and every hook, each defined
// in this folder.
#include "games/blackjack/blackjack_dealer.h"
#include "games/blackjack/blackjack_engine.h"
#include "games/blackjack/blackjack_rtp.h"
#include "games/blackjack/blackjack_rules.h"
#include "games/blackjack/war_wager.h"

namespace pitboss {

const Game& BlackjackGame() {
  static const Game game{
      {
          "blackjack",
          {"regulation", "deal", "dealer", "insurance", "double", "split", "surrender", "payouts",
           "war_wager"},
          {"deal", "dealer", "insurance", "double", "split", "surrender", "payouts"},
          &ParseBlackjack,
          &FlattenBlackjack,
          &BlackjackDifferingParts,
          "",
          {"optimal", "no-choice"},
      },
      &ReplayBlackjackInto,
      &BlackjackRtp(),
      &BlackjackEffect,
      &NoReprice,
      &GenerateBlackjackRounds,
      &BlackjackExpected,
      &LintRegulation,
      &BlackjackStats(),
      {kInsuranceRate},
  };
  return game;
}

}  // namespace pitboss
