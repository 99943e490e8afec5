// The games pitboss checks, one entry each: the keys a game adds to the spec format, how it
// reads them, its engine, what a reading of its rules can change, its dealer. One table
// (games.cc), one folder per game (games/war/, games/blackjack/): a new game is a folder, a
// row and a spec, never edits to another game.
#ifndef PITBOSS_GAMES_GAMES_H_
#define PITBOSS_GAMES_GAMES_H_

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "games/dealer.h"
#include "games/finding.h"
#include "pitboss/round.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"
#include "spec/diff.h"
#include "spec/lint.h"
#include "spec/parts.h"
#include "spec/spec_reader.h"

namespace pitboss {

struct GameRtp;  // games/rtp.h

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

struct Game {
  std::string_view name;  // Part of the spec format: the value of `game:`.
  std::vector<std::string_view> keys;           // top-level spec keys the game adds
  std::vector<std::string_view> required_keys;  // of those, the ones a spec must have
  // Reads the game's keys of `root` into spec->game_rules; errors through `reader`.
  void (*parse)(SpecReader& reader, const YAML::Node& root, RuleSpec* spec);
  Engine engine;
  // `pitboss rtp` and lint's check of the claims; nullptr for a game with no math yet.
  const GameRtp* rtp;
  // The game's rules as spec keys and values, for `pitboss diff`.
  void (*flatten)(const RuleSpec& spec, FlatSpec* out);
  // The game's parts (spec/parts.h) in which two instances differ.
  SpecParts (*differing_parts)(const RuleSpec& a, const RuleSpec& b);
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
};

// Every game, in the table's order.
const std::vector<const Game*>& Games();

// nullptr for a game pitboss does not have.
const Game* FindGame(std::string_view name);
// "war, blackjack": the names, for messages.
std::string GameNames();

}  // namespace pitboss

#endif  // PITBOSS_GAMES_GAMES_H_
