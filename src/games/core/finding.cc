#include "games/core/finding.h"

#include "base/suggest.h"

namespace pitboss {

std::string ForeignWagerText(const RuleSpec& spec, std::string_view name) {
  std::vector<std::string> kinds;
  std::string list;
  for (int k = 0; k < kWagerKinds; ++k) {
    if (!spec.wagers[k].offered) continue;
    kinds.emplace_back(ToString(static_cast<WagerKind>(k)));
    list += (list.size() ? ", " : "") + kinds.back();
  }
  return "a bet on '" + std::string(name) + "', a wager this game does not have (its wagers: " + list + ")" +
         DidYouMean(name, kinds);
}

Finding ToFinding(RoundFinding rf, const std::string& input, int64_t line, const Round& round,
                  const std::string& rules, const std::string& revision) {
  Finding f;
  f.time = round.time;
  f.rules = rules;
  f.revision = revision;
  if (rf.event >= 0) f.event = rf.event;
  f.code = rf.code;
  f.round = round.id;
  f.table = round.table;
  f.input = input;
  f.line = line;
  f.seat = rf.seat;
  f.hand = rf.hand;
  f.wager = rf.wager;
  f.expected = rf.expected;
  f.actual = rf.actual;
  f.clause = std::move(rf.clause);
  f.message = std::move(rf.message);
  f.consequences = rf.consequences;
  f.consequences_note = std::move(rf.consequences_note);
  f.money_moved = rf.money_moved;
  return f;
}

}  // namespace pitboss
