// The engine of the War family (Casino War and the games dealt like it): replays one
// logged round against a RuleSpec, action by action, and says what breaks the rules and
// what every wager should have been paid. Everything it knows of a rule set comes from
// the spec. Pure and thread-safe: the same spec and round always give the same result.
#ifndef PITBOSS_GAMES_WAR_ENGINE_H_
#define PITBOSS_GAMES_WAR_ENGINE_H_

#include "games/core/finding.h"
#include "games/war/war_rules.h"
#include "pitboss/round.h"
#include "pitboss/spec.h"

namespace pitboss {

// Finds every rule-dependent violation of `round` under `spec`: shoe/deck-count,
// shoe/no-shuffle (fresh shuffle required), deal/*, wager/*, decision/*, settle/*.
// Shoe continuity across rounds is the ShoeTracker's; card codes the parser's.
RoundResult ReplayWar(const RuleSpec& spec, const Round& round);
// The same into *out, whose buffers are reused (the checker's Engine): with the replay's own
// working storage kept per thread, a replay allocates nothing in the steady state.
void ReplayWarInto(const RuleSpec& spec, const Round& round, RoundResult* out);
// What the rules expect at one event, in words (Game::expected_at): the burns before a card,
// the choices offered on a tie, the decks a shoe may hold.
std::string WarExpectedAt(const RuleSpec& spec, const Round& round, size_t event);
// The same for every event (Game::expected).
void WarExpected(const RuleSpec& spec, const Round& round, std::vector<std::string>* notes);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_WAR_ENGINE_H_
