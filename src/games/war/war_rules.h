// What a War-family game (Casino War and its variations) adds to the core of a rule spec:
// the rank order, the deal of the first and the war cards, the choice on a tie, the payout
// table by stage and outcome, and the settling order. The keys are documented in
// docs/spec-format.md; this file reads them (WarGame().parse) and says what a reading of
// them can change.
#ifndef PITBOSS_GAMES_WAR_WAR_RULES_H_
#define PITBOSS_GAMES_WAR_WAR_RULES_H_

#include <array>
#include <cstdint>
#include <memory>

#include "games/core/game.h"
#include "pitboss/spec.h"

namespace pitboss {

// A player's card against the dealer's.
enum class Outcome : uint8_t { kWin, kTie, kLose };
constexpr int kOutcomes = 3;

// The points at which wagers are settled.
enum class Stage : uint8_t {
  kInitial,    // on the first cards (the first pass)
  kSurrender,  // on a surrender decision (outcome is always kTie)
  kWar,        // on the war cards
};
constexpr int kStages = 3;

std::string_view ToString(Outcome outcome);  // Part of the spec format: "win", "tie", "lose"
std::string_view ToString(Stage stage);      // Part of the spec format: "initial", "surrender", "war"

// A set of wager kinds, one bit per WagerKind.
using WagerSet = uint32_t;
constexpr WagerSet Bit(WagerKind kind) { return WagerSet{1} << static_cast<int>(kind); }

// A Settlement's payout index (games/core/finding.h) for a War payout.
constexpr int PayoutIndex(Stage s, Outcome o) {
  return static_cast<int>(s) * kOutcomes + static_cast<int>(o);
}

class WarRules : public GameRules {
 public:
  std::unique_ptr<GameRules> Clone() const override { return std::make_unique<WarRules>(*this); }
  std::string_view game() const override { return "war"; }

  // rank_value[r] for card rank r (2..14): higher beats lower, equal ties.
  std::array<int8_t, 15> rank_value{};
  Cite rank_cite;

  DealRule initial_deal;
  DealRule war_deal;

  struct {
    std::array<bool, kActions> offered{};
    Cite cite;
  } tie_decision;

  // payouts[stage][outcome][wager]
  std::array<std::array<std::array<Payout, kWagerKinds>, kOutcomes>, kStages> payouts{};

  struct {
    SeatOrder first_pass = SeatOrder::kAny;
    Cite first_cite;
    SeatOrder war_pass = SeatOrder::kAny;
    Cite war_cite;
  } settle;

  // What a replay asks of the spec's wagers (its core `wagers` key) at every bet and seat, read
  // from them once, when the War keys are parsed after them (ParseWar).
  struct WagerSets {
    WagerKind required = WagerKind::kMain;  // a seat plays only with this wager
    WagerSet initial = 0;                   // offered, placed before the first card
    WagerSet war = 0;                       // offered, placed on going to war
    WagerSet dependent = 0;                 // offered, placed only with another wager
  } wager_sets;

  const Payout& payout(Stage s, Outcome o, WagerKind k) const {
    return payouts[static_cast<int>(s)][static_cast<int>(o)][static_cast<int>(k)];
  }
};

// The War rules of a spec of game `war` (the loader sets them).
inline const WarRules& War(const RuleSpec& spec) {
  return static_cast<const WarRules&>(*spec.game_rules.get());
}
inline WarRules& War(RuleSpec& spec) { return static_cast<WarRules&>(*spec.game_rules.get()); }

// The game table's entry for `game: war`.
const Game& WarGame();

// The War game's parts of a spec (spec/parts.h).
namespace part {
constexpr SpecParts kRanks = 1u << 1;
constexpr SpecParts kInitialDeal = 1u << 2;
constexpr SpecParts kWarDeal = 1u << 3;
constexpr SpecParts kTieDecision = 1u << 4;
constexpr SpecParts kSettleOrder = 1u << 6;
// payouts[stage][outcome]: bit 7 + stage * 3 + outcome
constexpr SpecParts Payouts(Stage stage, Outcome outcome) { return 1u << (7 + PayoutIndex(stage, outcome)); }
}  // namespace part

}  // namespace pitboss

#endif  // PITBOSS_GAMES_WAR_WAR_RULES_H_
