// What a game adds to the spec format: its keys and how it reads them, how its rules read in
// `pitboss diff`, where two instances of it differ, the choice that opens a window of its own,
// and the policies its claims may name. The spec layer reads a spec through the format of the
// game it names, and knows no game: the formats are the game table's (games/games.h), each
// game's `Game` extending its `GameFormat`, the way LLVM's target registry lets the layers
// below the targets reach them without naming one.
#ifndef PITBOSS_SPEC_GAME_FORMAT_H_
#define PITBOSS_SPEC_GAME_FORMAT_H_

#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>
#include <vector>

#include "pitboss/spec.h"
#include "spec/diff.h"
#include "spec/parts.h"
#include "spec/spec_reader.h"

namespace pitboss {

struct GameFormat {
  std::string_view name;                        // Part of the spec format: the value of `game:`.
  std::vector<std::string_view> keys;           // top-level spec keys the game adds
  std::vector<std::string_view> required_keys;  // of those, the ones a spec must have
  // Reads the game's keys of `root` into spec->game_rules; errors through `reader`.
  void (*parse)(SpecReader& reader, const YAML::Node& root, RuleSpec* spec);
  // The game's rules as spec keys and values, for `pitboss diff`.
  void (*flatten)(const RuleSpec& spec, FlatSpec* out);
  // The game's parts (spec/parts.h) in which two instances differ.
  SpecParts (*differing_parts)(const RuleSpec& a, const RuleSpec& b);
  // The choice a seat makes after the first cards to play on, that opens a wager window of
  // its own (Window::kChoice): its name in the spec format, as in `window: <choice>` and a
  // wager's `settle_before_<choice>_decision`. "" for a game with no such choice.
  std::string_view choice;
  // The tie-choice policies a claim may name (`claims[].policy`); empty: a claim names none.
  std::vector<std::string_view> claim_policies;
};

// The format of the game named `name`; nullptr for a game pitboss does not have. Defined by
// the game table (games/games.cc), the one place that names every game.
const GameFormat* FindGameFormat(std::string_view name);
// "war, blackjack": the names, for messages.
std::string GameNames();

// The name of `window` in the spec format of `spec`'s game ("initial", "decision", or the
// game's choice).
std::string_view WindowName(const RuleSpec& spec, Window window);

}  // namespace pitboss

#endif  // PITBOSS_SPEC_GAME_FORMAT_H_
