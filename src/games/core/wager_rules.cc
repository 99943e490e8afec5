#include "games/core/wager_rules.h"

#include <climits>

namespace pitboss {

void ReportLimits(const RuleSpec& spec, const Round& round, Reporter& r, int event, Seat seat, WagerKind kind,
                  Money amount) {
  const WagerRule& rule = spec.wager(kind);
  const auto& table = round.limit(kind);
  const At at{event, seat, 0, kind};
  if (amount <= 0) {
    r.Add(Code::kWagerLimit, at, table && table->min ? *table->min : 1, amount, rule.cite, Ev(event),
          ToString(kind), " wager of ", amount, ": a wager must be positive");
    return;
  }
  if (table && table->min && amount < *table->min) {
    r.Add(Code::kWagerLimit, at, *table->min, amount, rule.cite, Ev(event), ToString(kind), " wager of ",
          amount, " below the table minimum ", *table->min);
  } else if (rule.max && amount > *rule.max && (!table || !table->max || *table->max >= *rule.max)) {
    r.Add(Code::kWagerLimit, at, *rule.max, amount, rule.max_cite, Ev(event), ToString(kind), " wager of ",
          amount, " above the rules' maximum ", *rule.max);
  } else if (table && table->max && amount > *table->max) {
    r.Add(Code::kWagerLimit, at, *table->max, amount, rule.cite, Ev(event), ToString(kind), " wager of ",
          amount, " above the table maximum ", *table->max);
  }
}

int ReportOrphan(const RuleSpec& spec, Reporter& r, int event, Seat seat, WagerKind kind,
                 WagerKind depends_on, Money amount) {
  return r.Add(Code::kWagerOrphan, At{event, seat, 0, kind}, std::nullopt, amount, spec.wager(kind).cite,
               Ev(event), ToString(kind), " wager placed without a ", ToString(depends_on), " wager");
}

void CheckShuffles(const RuleSpec& spec, const Round& round, const std::vector<int>& shuffles, int first_draw,
                   Reporter& r) {
  bool shuffled_before_draw = false;
  for (int i : shuffles) {
    const Event& e = round.events[i];
    if (i < first_draw) shuffled_before_draw = true;
    if (e.decks < spec.decks.min || e.decks > spec.decks.max) {
      std::string allowed = spec.decks.min == spec.decks.max ? Cat(spec.decks.min)
                                                             : Cat(spec.decks.min, " to ", spec.decks.max);
      r.Add(Code::kShoeDeckCount, At{i, std::nullopt, 0, std::nullopt}, std::nullopt, e.decks,
            spec.decks.cite, Ev(i), "a shoe of ", e.decks, e.decks == 1 ? " deck" : " decks",
            "; the rules allow ", allowed);
    }
  }
  if (spec.fresh_shuffle.required && !shuffled_before_draw && first_draw != INT_MAX) {
    r.Add(Code::kShoeNoShuffle, At{first_draw, std::nullopt, 0, std::nullopt}, std::nullopt, std::nullopt,
          spec.fresh_shuffle.cite, Ev(first_draw),
          "cards drawn without the fresh shuffle the rules require every round");
  }
}

}  // namespace pitboss
