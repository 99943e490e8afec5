#include "games/core/deal_rules.h"

namespace pitboss {

std::string_view OrderWords(SeatOrder order) {
  switch (order) {
    case SeatOrder::kAscending:
      return "in ascending seat order";
    case SeatOrder::kDescending:
      return "in descending seat order";
    case SeatOrder::kDealerLast:
      return "to the players before the dealer";
    case SeatOrder::kAny:
      return "in any order";
  }
  return "";
}

void ReportBurnsBefore(Reporter& r, const Cite& cite, int event, Seat target, int expected, int burns) {
  r.Add(Code::kDealBurnCount, At{event, target, 0, std::nullopt}, expected, burns, cite, Ev(event), burns,
        " burn card", burns == 1 ? "" : "s", " before ", Who(target), "'s card; the rules burn ", expected);
}

void ReportTrailingBurns(Reporter& r, const Cite& cite, int event, int burns) {
  if (burns == 0) return;
  r.Add(Code::kDealBurnCount, At{event, std::nullopt, 0, std::nullopt}, 0, burns, cite, Ev(event), burns,
        " burn card", burns == 1 ? "" : "s", " after the last card of the round; the rules burn none there");
}

void ReportCardWithoutWager(Reporter& r, const Cite& cite, int event, Seat seat, WagerKind required) {
  r.Add(Code::kDealMissingCard, At{event, seat, 0, std::nullopt}, std::nullopt, std::nullopt, cite, Ev(event),
        "a card dealt to ", Who(seat), ", which has no ", ToString(required), " wager in action");
}

void ReportNoCard(Reporter& r, const Cite& cite, Seat seat, WagerKind required) {
  r.Add(Code::kDealMissingCard, At{-1, seat, 0, std::nullopt}, std::nullopt, std::nullopt, cite, Who(seat),
        " has a ", ToString(required), " wager in action but was dealt no card");
}

void ReportDealerNoCard(Reporter& r, const Cite& cite) {
  r.Add(Code::kDealMissingCard, At{-1, kDealer, 0, std::nullopt}, std::nullopt, std::nullopt, cite,
        "the dealer was dealt no card");
}

int ReportForeignWager(const RuleSpec& spec, Reporter& r, int event, const Event& bet, WagerKind required) {
  const bool known = bet.wager != WagerKind::kUnknown;
  const std::string_view name = known ? ToString(bet.wager) : std::string_view(bet.text);
  return r.Add(Code::kWagerLate, At{event, bet.seat, 0, known ? std::optional(bet.wager) : std::nullopt},
               std::nullopt, bet.amount, spec.wager(required).cite, Ev(event), ForeignWagerText(spec, name));
}

int ReportAfterFirstCard(const RuleSpec& spec, Reporter& r, int event, const Event& bet) {
  return r.Add(Code::kWagerLate, At{event, bet.seat, 0, bet.wager}, std::nullopt, bet.amount,
               spec.wager(bet.wager).cite, Ev(event), ToString(bet.wager),
               " wager placed after the first card was drawn");
}

}  // namespace pitboss
