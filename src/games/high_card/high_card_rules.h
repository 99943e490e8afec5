// What a high card game adds to the core of a rule spec: the rank order, the one card each
// seat and the dealer are dealt, and the payout of each wager by outcome. Its keys:
//
//   ranks:    high_to_low: the 13 ranks, highest first; cite, quote
//   deal:     order (ascending, descending, dealer-last, any: the dealer is dealt last in
//             each), burns_before_seat_card, burns_before_dealer_card (0 where absent); cite
//   payouts:  win | tie | lose: wager: {net, cite, quote}
//
// Every wager of the game is placed before the first card (window: initial) and settled on
// the cards: each wager offered must be paid on all three outcomes. This file reads the keys
// (HighCardGame().parse) and says what a reading of them can change.
#ifndef PITBOSS_GAMES_HIGH_CARD_HIGH_CARD_RULES_H_
#define PITBOSS_GAMES_HIGH_CARD_HIGH_CARD_RULES_H_

#include <array>
#include <cstdint>
#include <memory>
#include <string_view>

#include "games/core/game.h"
#include "pitboss/spec.h"
#include "spec/parts.h"

namespace pitboss {

// A seat's card against the dealer's.
enum class HighCardOutcome : uint8_t { kWin, kTie, kLose };
constexpr int kHighCardOutcomes = 3;

// Part of the spec format: "win", "tie", "lose".
std::string_view ToString(HighCardOutcome outcome);

class HighCardRules : public GameRules {
 public:
  std::unique_ptr<GameRules> Clone() const override { return std::make_unique<HighCardRules>(*this); }
  std::string_view game() const override { return "high-card"; }

  // rank_value[r] for card rank r (2..14): higher beats lower, equal ties.
  std::array<int8_t, 15> rank_value{};
  Cite rank_cite;

  DealRule deal;

  // payouts[outcome][wager]
  std::array<std::array<Payout, kWagerKinds>, kHighCardOutcomes> payouts{};

  // The wager a seat plays with (the spec's required one), read once from the core's wagers.
  WagerKind required = WagerKind::kMain;

  const Payout& payout(HighCardOutcome o, WagerKind k) const {
    return payouts[static_cast<int>(o)][static_cast<int>(k)];
  }
};

// The high card rules of a spec of game `high-card` (the loader sets them).
inline const HighCardRules& HighCard(const RuleSpec& spec) {
  return static_cast<const HighCardRules&>(*spec.game_rules.get());
}

// The game table's entry for `game: high-card`.
const Game& HighCardGame();

// The high card game's parts of a spec (spec/parts.h).
namespace part {
constexpr SpecParts kHighCardRanks = 1u << 1;
constexpr SpecParts kHighCardDeal = 1u << 2;
// payouts[outcome]: bit 3 + outcome
constexpr SpecParts HighCardPayouts(HighCardOutcome o) { return 1u << (3 + static_cast<int>(o)); }
}  // namespace part

}  // namespace pitboss

#endif  // PITBOSS_GAMES_HIGH_CARD_HIGH_CARD_RULES_H_
