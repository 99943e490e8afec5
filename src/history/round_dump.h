// DumpRound: a parse's outcome and the Round it gave, as one text, for tests to compare two
// ways of reading a round (the round parser's two paths; a dialect's converter and the v1 line
// it writes).
#ifndef PITBOSS_HISTORY_ROUND_DUMP_H_
#define PITBOSS_HISTORY_ROUND_DUMP_H_

#include <optional>
#include <sstream>
#include <string>

#include "history/round_parser.h"
#include "pitboss/card.h"
#include "pitboss/round.h"

namespace pitboss {

inline std::string DumpRound(const ParseOutcome& outcome, const Round& r) {
  std::ostringstream out;
  if (!outcome.ok()) {
    out << "error " << static_cast<int>(outcome.status.code()) << " [" << outcome.status.message()
        << "] round [" << outcome.round << "] table [" << outcome.table << "]";
    return out.str();
  }
  out << "ok [" << outcome.round << "|" << outcome.table << "] id [" << r.id << "] time [" << r.time
      << "] date " << r.date << " table [" << r.table << "] rules [" << r.rules << "] currency ["
      << r.currency << "]";
  for (int k = 0; k < kWagerKinds; ++k) {
    const std::optional<Limit>& limit = r.limits[k];
    if (!limit) continue;
    out << " limit " << k << ":" << (limit->min ? std::to_string(*limit->min) : "-") << ".."
        << (limit->max ? std::to_string(*limit->max) : "-");
  }
  for (const Event& e : r.events) {
    out << "\n  type " << static_cast<int>(e.type) << " seat " << e.seat << " hand " << e.hand << " wager "
        << static_cast<int>(e.wager) << " action " << static_cast<int>(e.action) << " amount " << e.amount
        << " card " << (e.card ? ToString(*e.card) : "-") << " decks " << e.decks
        << (e.face_down ? " face down" : "") << " text [" << e.text << "]";
  }
  return out.str();
}

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_ROUND_DUMP_H_
