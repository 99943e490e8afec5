#include "games/engines.h"

#include "games/war_engine.h"

namespace pitboss {

namespace {

struct NamedEngine {
  std::string_view game;  // Part of the spec format: the value of `game:`.
  Engine engine;
};

constexpr NamedEngine kEngines[] = {
    {"war", &ReplayWar},
};

}  // namespace

Engine FindEngine(std::string_view game) {
  for (const auto& e : kEngines) {
    if (e.game == game) return e.engine;
  }
  return nullptr;
}

}  // namespace pitboss
