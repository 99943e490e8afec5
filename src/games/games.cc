#include "games/games.h"

#include "games/blackjack/blackjack_rules.h"
#include "games/war/war_rules.h"

namespace pitboss {

// The table. A game's entry is defined in its own folder.
const std::vector<const Game*>& Games() {
  static const std::vector<const Game*> games = {
      &WarGame(),
      &BlackjackGame(),
  };
  return games;
}

const Game* FindGame(std::string_view name) {
  for (const Game* g : Games()) {
    if (g->name == name) return g;
  }
  return nullptr;
}

std::string GameNames() {
  std::string names;
  for (const Game* g : Games()) names += (names.empty() ? "" : ", ") + std::string(g->name);
  return names;
}

}  // namespace pitboss
