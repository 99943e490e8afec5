#include "games/finding.h"

namespace pitboss {

Finding ToFinding(RoundFinding rf, const std::string& input, int64_t line, const Round& round,
                  const std::string& revision) {
  Finding f;
  f.time = round.time;
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
  return f;
}

}  // namespace pitboss
