// What an engine or the shoe tracker finds in one round, before the checker adds where
// the round came from (input, line, round id) and which readings it depends on.
#ifndef PITBOSS_GAMES_CORE_FINDING_H_
#define PITBOSS_GAMES_CORE_FINDING_H_

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "pitboss/codes.h"
#include "pitboss/money.h"
#include "pitboss/report.h"
#include "pitboss/round.h"
#include "pitboss/spec.h"

namespace pitboss {

struct RoundFinding {
  Code code;
  int event = -1;  // index of the event it is found at; -1 for the round as a whole
  std::optional<Seat> seat;
  std::optional<WagerKind> wager;
  std::optional<Money> expected;
  std::optional<Money> actual;
  std::string clause;
  std::string message;
  std::optional<int> hand;  // where the game splits a seat's hands
  // A root cause whose consequences are counted, not listed (ShoeTracker): its id; -1 else.
  int64_t root = -1;
  // Findings of the same round that follow from this one, counted here rather than listed
  // (Finding::consequences), and what they are.
  int64_t consequences = 0;
  std::string consequences_note;
  // Money the fault moved, as Finding::money_moved says; added to by the settlement book
  // (games/core/) as the settlements it decides are matched.
  std::optional<Money> money_moved;

  // Identity across readings: the same fault found under two readings has the same key.
  auto Key() const { return std::make_tuple(code, event, seat, wager, hand); }
};

// The correct settlement of one wager, as the rules decide it.
struct Settlement {
  Seat seat;
  WagerKind wager;
  Money net;
  // What decided it, so that another payout of the same outcome can re-price it: the amount
  // wagered, and the game's own index of the payout applied.
  Money amount;
  int payout = 0;
  int hand = 0;  // the seat's hand (split hands); 0 where the game has one hand a seat
};

// "a bet on 'Main', a wager this game does not have (its wagers: main, tie, raise); did you
// mean 'main'?": the words of a wager/late on a name `spec` has no wager of.
std::string ForeignWagerText(const RuleSpec& spec, std::string_view name);

// The finding as the report writes it, with where the round came from and the id and revision
// of the spec it was checked under ("" where none).
Finding ToFinding(RoundFinding f, const std::string& input, int64_t line, const Round& round,
                  const std::string& rules, const std::string& revision);

struct RoundResult {
  std::vector<RoundFinding> findings;
  std::vector<Settlement> settlements;  // every wager whose correct net the rules decide
  uint32_t touched = 0;                 // the SpecParts (spec/parts.h) the replay consulted
  // Set by the caller, not the engine: false where only settlements and touched are read (a
  // replay under another reading of a clean round, for what it would settle), so that the
  // engine may leave findings empty rather than word findings no one reads.
  bool findings_wanted = true;
  // The findings made while findings_wanted is false, not worded: whether the replay found
  // anything at all (a reading a round is consistent with finds nothing). The caller zeroes it.
  int unworded = 0;
};

}  // namespace pitboss

#endif  // PITBOSS_GAMES_CORE_FINDING_H_
