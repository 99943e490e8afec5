// The rules of dealing that every game dealing face-up cards, one to each seat and one to the
// dealer per pass, shares, judged in one place: the burns before a card and after the round's
// last (deal/burn-count), the order of a pass (deal/order), a card to a seat with nothing in
// action and a seat or dealer in action left without one (deal/missing-card), and a wager the
// game does not have or one placed after the first card (wager/late). An engine says which
// cards make a pass and who is in action; these say whether the deal breaks the rules.
// Blackjack's deal (passes of two cards, a hole card, burns after a shuffle) judges its own.
#ifndef PITBOSS_GAMES_CORE_DEAL_RULES_H_
#define PITBOSS_GAMES_CORE_DEAL_RULES_H_

#include <climits>
#include <string_view>

#include "games/core/reporter.h"
#include "pitboss/round.h"
#include "pitboss/spec.h"

namespace pitboss {

// The place of `seat` in a pass dealt in `order` (a lower key is dealt first); the dealer
// comes last in every order. Inline: a call a card.
inline int OrderKey(SeatOrder order, Seat seat) {
  if (seat == kDealer) return INT_MAX;
  switch (order) {
    case SeatOrder::kAscending:
      return seat;
    case SeatOrder::kDescending:
      return -seat;
    case SeatOrder::kDealerLast:
    case SeatOrder::kAny:
      return 0;
  }
  return 0;
}
// "in ascending seat order", for messages.
std::string_view OrderWords(SeatOrder order);

void ReportBurnsBefore(Reporter& r, const Cite& cite, int event, Seat target, int expected, int burns);
// deal/burn-count where `burns` burn cards came before the card at `event` to `target` and the
// rules burn `expected`.
inline void CheckBurnsBefore(Reporter& r, const Cite& cite, int event, Seat target, int expected, int burns) {
  if (burns != expected) ReportBurnsBefore(r, cite, event, target, expected, burns);
}
// deal/burn-count for `burns` burn cards (the first at `event`) after the round's last card.
void ReportTrailingBurns(Reporter& r, const Cite& cite, int event, int burns);

// deal/order at the first card of a pass (`cards`, in event order: pointers to what has
// `event` and `target`) dealt to a seat the rules deal before one already dealt: one finding a
// pass, as the cards after it follow it. `phase` opens the message ("initial ", "war ", "").
template <typename Cards>
void CheckPassOrder(const Cards& cards, SeatOrder order, const Cite& cite, std::string_view phase,
                    Reporter& r);

// deal/missing-card: a card (at `event`) to `seat`, which has no `required` wager in action.
void ReportCardWithoutWager(Reporter& r, const Cite& cite, int event, Seat seat, WagerKind required);
// deal/missing-card: `seat` has its `required` wager in action but was dealt no card.
void ReportNoCard(Reporter& r, const Cite& cite, Seat seat, WagerKind required);
// deal/missing-card: seats are in action but the dealer was dealt no card.
void ReportDealerNoCard(Reporter& r, const Cite& cite);

// wager/late for the bet at `event`, of a wager the spec does not offer (or no wager at all):
// the finding's index, the one the wager's settlement goes to. `required`'s clause is cited.
int ReportForeignWager(const RuleSpec& spec, Reporter& r, int event, const Event& bet, WagerKind required);
// wager/late for the bet at `event`, of a wager taken before the first card, placed after it.
int ReportAfterFirstCard(const RuleSpec& spec, Reporter& r, int event, const Event& bet);

template <typename Cards>
void CheckPassOrder(const Cards& cards, SeatOrder order, const Cite& cite, std::string_view phase,
                    Reporter& r) {
  if (order == SeatOrder::kAny) return;
  int max_key = INT_MIN;
  Seat max_target = kDealer;
  bool any = false;
  for (const auto* d : cards) {
    const int key = OrderKey(order, d->target);
    if (any && key < max_key) {
      r.Add(Code::kDealOrder, At{d->event, d->target, 0, std::nullopt}, std::nullopt, std::nullopt, cite,
            Ev(d->event), phase, "card dealt to ", Who(d->target), " after ", Who(max_target),
            "'s; the rules deal ", OrderWords(order));
      return;
    }
    if (!any || key > max_key) {
      max_key = key;
      max_target = d->target;
      any = true;
    }
  }
}

}  // namespace pitboss

#endif  // PITBOSS_GAMES_CORE_DEAL_RULES_H_
