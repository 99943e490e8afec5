#include "spec/parts.h"

#include "spec/game_format.h"

namespace pitboss {

namespace {

bool SameWager(const WagerRule& x, const WagerRule& y) {
  return x.offered == y.offered && x.required == y.required && x.depends_on == y.depends_on &&
         x.window == y.window && x.equals == y.equals && x.max == y.max &&
         x.settle_before_choice == y.settle_before_choice;
}

}  // namespace

SpecParts DifferingParts(const RuleSpec& a, const RuleSpec& b) {
  SpecParts parts = 0;
  if (a.decks.min != b.decks.min || a.decks.max != b.decks.max ||
      a.fresh_shuffle.required != b.fresh_shuffle.required) {
    parts |= part::kShoe;
  }
  for (int k = 0; k < kWagerKinds; ++k) {
    if (!SameWager(a.wagers[k], b.wagers[k])) parts |= part::kWagers;
  }
  if (a.game != b.game) return part::kAll;
  if (const GameFormat* game = FindGameFormat(a.game)) parts |= game->differing_parts(a, b);
  return parts;
}

}  // namespace pitboss
