#include "spec/parts.h"

namespace pitboss {

namespace {

bool SameDeal(const DealRule& x, const DealRule& y) {
  return x.order == y.order && x.burns_before_seat_card == y.burns_before_seat_card &&
         x.burns_before_dealer_card == y.burns_before_dealer_card;
}

bool SameWager(const WagerRule& x, const WagerRule& y) {
  return x.offered == y.offered && x.required == y.required && x.depends_on == y.depends_on &&
         x.window == y.window && x.equals == y.equals && x.max == y.max &&
         x.settle_before_war_decision == y.settle_before_war_decision;
}

}  // namespace

SpecParts DifferingParts(const RuleSpec& a, const RuleSpec& b) {
  SpecParts parts = 0;
  if (a.decks.min != b.decks.min || a.decks.max != b.decks.max || a.fresh_shuffle.required != b.fresh_shuffle.required) {
    parts |= part::kShoe;
  }
  if (a.rank_value != b.rank_value) parts |= part::kRanks;
  if (!SameDeal(a.initial_deal, b.initial_deal)) parts |= part::kInitialDeal;
  if (!SameDeal(a.war_deal, b.war_deal)) parts |= part::kWarDeal;
  if (a.tie_decision.offered != b.tie_decision.offered) parts |= part::kTieDecision;
  for (int k = 0; k < kWagerKinds; ++k) {
    if (!SameWager(a.wagers[k], b.wagers[k])) parts |= part::kWagers;
  }
  if (a.settle.first_pass != b.settle.first_pass || a.settle.war_pass != b.settle.war_pass) {
    parts |= part::kSettleOrder;
  }
  for (int s = 0; s < kStages; ++s) {
    for (int o = 0; o < kOutcomes; ++o) {
      for (int k = 0; k < kWagerKinds; ++k) {
        const Payout &x = a.payouts[s][o][k], &y = b.payouts[s][o][k];
        if (x.present != y.present || (x.present && x.net != y.net)) {
          parts |= part::Payouts(static_cast<Stage>(s), static_cast<Outcome>(o));
        }
      }
    }
  }
  return parts;
}

}  // namespace pitboss
