// The one way an engine reports a finding (the role clang-tidy's ClangTidyCheck::diag() plays
// for its checks): a code, where it is, what was expected and found, the clause, and the
// message joined from its parts only when a finding is made.
#ifndef PITBOSS_GAMES_CORE_REPORTER_H_
#define PITBOSS_GAMES_CORE_REPORTER_H_

#include <optional>

#include "games/core/finding.h"
#include "games/core/message.h"
#include "pitboss/codes.h"
#include "pitboss/money.h"
#include "pitboss/round.h"
#include "pitboss/spec.h"

namespace pitboss {

// Where a finding is: its event (-1: the round as a whole), seat, hand (0: none), wager.
struct At {
  int event = -1;
  std::optional<Seat> seat;
  int hand = 0;
  std::optional<WagerKind> wager;
};

// Appends findings to a round's result. Not thread-safe; one a replay.
class Reporter {
 public:
  explicit Reporter(RoundResult* out) : out_(out) {}

  // False where the caller reads only settlements (RoundResult::findings_wanted): no finding
  // is worded then.
  bool wanted() const { return out_->findings_wanted; }
  // Whether finding more can change nothing the caller reads: a replay read only for what it
  // settles and whether it finds anything (RoundResult::unworded) that has found something.
  // An engine then leaves undone what only finds (docs/findings.md).
  bool moot() const { return !out_->findings_wanted && out_->unworded > 0; }

  // Adds a finding; its index among the round's findings, or -1 where findings are not
  // wanted. Where they are not, only counted, inline: a replay under another reading may find
  // something at nearly every event, and the call cost more than the count.
  template <typename... Parts>
  int Add(Code code, const At& at, std::optional<Money> expected, std::optional<Money> actual,
          const Cite& cite, const Parts&... message) {
    if (!out_->findings_wanted) {
      ++out_->unworded;
      return -1;
    }
    return Word(code, at, expected, actual, cite, message...);
  }

  // Adds `money` to what the fault of finding `index` moved (RoundFinding::money_moved);
  // nothing for index -1. Held at the bounds of Money rather than wrapped.
  void AddMoney(int index, Money money) {
    if (index < 0 || money == 0) return;
    std::optional<Money>& moved = out_->findings[static_cast<size_t>(index)].money_moved;
    moved = (MoneySum(moved.value_or(0)) + money).Saturated();
  }

 private:
  // Add's finding, worded. Out of line and cold: findings are the rare path, so that the
  // checks of a clean round stay small.
  template <typename... Parts>
  [[gnu::cold, gnu::noinline]] int Word(Code code, const At& at, std::optional<Money> expected,
                                        std::optional<Money> actual, const Cite& cite,
                                        const Parts&... message) {
    RoundFinding f{code, at.event, at.seat, at.wager, expected, actual, cite.clause, Cat(message...)};
    if (at.hand > 0) f.hand = at.hand;
    out_->findings.push_back(std::move(f));
    return static_cast<int>(out_->findings.size()) - 1;
  }

  RoundResult* out_;
};

}  // namespace pitboss

#endif  // PITBOSS_GAMES_CORE_REPORTER_H_
