// What `pitboss stats` asks of War (games/core/game_stats.h): its ranks in the first
// comparison, and each initial or war-window wager's theory at every share of ties that go
// to war, from war_math.h.
#ifndef PITBOSS_GAMES_WAR_WAR_STATS_H_
#define PITBOSS_GAMES_WAR_WAR_STATS_H_

#include "games/core/game_stats.h"

namespace pitboss {

const GameStats& WarStats();

}  // namespace pitboss

#endif  // PITBOSS_GAMES_WAR_WAR_STATS_H_
