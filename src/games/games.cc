#include "games/games.h"

#include "games/blackjack/blackjack_rules.h"
#include "games/war/war_rules.h"

namespace pitboss {

namespace {

// The table. A game's entry is defined in its own folder.
const Game* const kGames[] = {
    &WarGame(),
    &BlackjackGame(),
};

}  // namespace

const Game* FindGame(std::string_view name) {
  for (const Game* g : kGames) {
    if (g->name == name) return g;
  }
  return nullptr;
}

std::string GameNames() {
  std::string names;
  for (const Game* g : kGames) names += (names.empty() ? "" : ", ") + std::string(g->name);
  return names;
}

}  // namespace pitboss
