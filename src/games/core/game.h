// A game as the game table (games/games.h) holds it: its spec format and the hooks through
// which the checker, the commands and lint reach its engine, math, dealer and checks. Each
// game defines its entry in its own folder; nothing here names one.
#ifndef PITBOSS_GAMES_CORE_GAME_H_
#define PITBOSS_GAMES_CORE_GAME_H_

#include <ostream>
#include <string>
#include <vector>

#include "games/core/dealer.h"
#include "games/core/finding.h"
#include "games/core/game_stats.h"
#include "pitboss/round.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"
#include "spec/game_format.h"
#include "spec/lint.h"

namespace pitboss {

struct GameRtp;  // games/core/rtp.h

// Replays one round of a spec of the game into *out (cleared first, its buffers reused):
// its findings and settlements.
using Engine = void (*)(const RuleSpec& spec, const Round& round, RoundResult* out);

// What a reading changes in what an engine does, against the instance it varies.
enum class ReadingEffect {
  kNone,          // nothing the engine reads: it cannot change a finding or a settlement
  kOrder,         // only orders of settling: findings may change, settlements cannot
  kPayoutValues,  // only the amounts of payouts: settlements are re-priced, not replayed
  kGeneral,       // anything else: replayed in full
};

// What a game's `reprice` hook does, given where a settlement's payout lies in the rules
// (`payout_of(settlement)`: a Payout of the spec priced by): each settlement of `base` at that
// payout's net, into *out (its buffers reused). A net past 64 bits is no settlement, as in a
// replay under the spec (which finds the wager too large to settle): left out, so that the
// round does not settle the same.
template <typename PayoutOf>
void RepriceSettlements(const RoundResult& base, RoundResult* out, PayoutOf payout_of) {
  out->findings.clear();
  out->touched = 0;
  out->settlements.clear();
  for (const Settlement& s : base.settlements) {
    if (auto net = ApplyRatio(s.amount, payout_of(s).net)) {
      out->settlements.push_back(s);
      out->settlements.back().net = *net;
    }
  }
}

// A game's entry in the game table: its spec format (spec/game_format.h) and its typed,
// nullable hooks. The core and the checker test a hook for null and never name a game.
struct Game : GameFormat {
  Engine engine;
  // `pitboss rtp` and lint's check of the claims; nullptr for a game with no math yet.
  const GameRtp* rtp;
  // What `variant` changes against `base`, beside the core (shoe, wagers).
  ReadingEffect (*effect)(const RuleSpec& base, const RuleSpec& variant);
  // The settlements of `base` priced by `spec`'s payouts (for ReadingEffect::kPayoutValues),
  // into *out (its buffers reused: no allocation a round); out's findings are left empty.
  void (*reprice)(const RoundResult& base, const RuleSpec& spec, RoundResult* out);
  // Deals rounds of the spec as a correct dealer would (`pitboss generate`).
  Status (*generate)(const RuleSpec& spec, const DealerOptions& options, std::ostream& out);
  // What the rules expect at each event of `round`, in words, for `pitboss show` ("the rules
  // burn 3 before it", "offered on a tie: war, surrender"), one string an event into *notes;
  // "" where they say nothing more than the event shows. nullptr for a game that does not say.
  void (*expected)(const RuleSpec& spec, const Round& round, std::vector<std::string>* notes) = nullptr;
  // `pitboss lint`'s checks of the game's own: errors added to the specs of `report` that are
  // of this game (a house's payouts below its regulation's...). nullptr for a game with none.
  void (*lint)(LintReport* report) = nullptr;
  // `pitboss stats`: what the tests ask of the game; nullptr for a game they do not cover.
  const GameStats* stats = nullptr;
  // The probabilities of the players' choices the game's dealer draws, each a `pitboss
  // generate` option (two games may share one: it is offered once).
  std::vector<DealerRate> dealer_rates = {};
};

}  // namespace pitboss

#endif  // PITBOSS_GAMES_CORE_GAME_H_
