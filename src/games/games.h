// The game table: every game pitboss checks, one row each, each row defined in the game's own
// folder (games/war/, games/blackjack/). A new game is a folder, a spec and a row here; what
// dispatches on a spec's game (generating rounds, `pitboss rtp`, lint's claims) is below.
#ifndef PITBOSS_GAMES_GAMES_H_
#define PITBOSS_GAMES_GAMES_H_

#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/game.h"
#include "games/core/rtp.h"
#include "spec/loader.h"

namespace pitboss {

// Every game, in the table's order.
const std::vector<const Game*>& Games();

// nullptr for a game pitboss does not have.
const Game* FindGame(std::string_view name);

// Plays `options.rounds` rounds of `spec` and writes them to `out`, one JSON line each, by the
// spec's game's dealer. InvalidArgument for options that cannot be dealt (a deck count the
// spec does not allow, a start time before the spec is in force...) or a game with no dealer;
// IoError when `out` fails.
Status GenerateRounds(const RuleSpec& spec, const DealerOptions& options, std::ostream& out);

// `pitboss rtp` of `doc`, by its game; InvalidArgument for a game with no math yet.
StatusOr<std::unique_ptr<GameRtpReport>> ComputeGameRtp(const SpecDocument& doc,
                                                        const std::map<std::string, std::string>& readings);

// Lint's last step: the claims of every spec that loads, checked; one
// lint/claim-does-not-hold error per claim that holds on no basis.
void LintClaims(LintReport* report);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_GAMES_H_
