// Statistical conformance of logged games (`pitboss stats`): do the cards dealt look like
// fair shuffles of the shoe the rules prescribe, and does the money returned agree with the
// theoretical return of the spec? Fed one checked round at a time (by the Checker, which
// also reports the lines that are not rounds), it keeps counts per rule set and table, not
// rounds: memory grows with the number of tables, plus one byte per round for the runs
// tests. Not thread-safe.
//
// The tests, each at the 99% confidence level of gaming standards (25 CFR 547.14, GLI-11,
// Ontario's RNG standard):
//   rank-frequencies    chi-square of the ranks of every card drawn (dealt or burned)
//                       against the shoe's composition;
//   rank-pairs          chi-square of the (first seat, dealer) rank pairs of the first
//                       cards against their exact probabilities; only where the rules
//                       reshuffle every round, so that each round is a fresh sample;
//   runs                Wald-Wolfowitz runs of "the first seat wins on the first cards",
//                       round after round at each table;
//   serial-correlation  lag-1 autocorrelation of the first seat's first-card outcome
//                       (+1 win, 0 tie, -1 lose), round after round at each table;
//   return:<wager>      the observed return of each wager (money paid over money wagered)
//                       against the theoretical return with its 99% interval, from the
//                       theoretical variance and the covariance of seats that share the
//                       dealer's cards, under the tie choices as the log's players made them.
// A report runs many tests; a fair game fails some at 1% each by chance alone. So each test
// is judged alone at 99% (pass_alone) and across all the tests of the report by Holm's
// step-down procedure at 99% family-wise (pass, which sets the exit status).
#ifndef PITBOSS_STATS_CONFORMANCE_H_
#define PITBOSS_STATS_CONFORMANCE_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pitboss/money.h"
#include "pitboss/round.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"

namespace pitboss {

constexpr double kConfidenceLevel = 0.99;

struct StatTest {
  std::string id;         // "rank-frequencies", "runs", "return:main"... Part of the report format.
  std::string statistic;  // "chi-square" or "z"
  double value = 0;       // the statistic
  int df = 0;             // chi-square degrees of freedom (0 for z)
  int64_t n = 0;          // the sample: cards, pairs, rounds, bets
  double p_value = 1;
  double p_adjusted = 1;   // Holm-adjusted over the report's tests
  bool applicable = true;  // false: not enough data, or not where the rules allow it
  bool pass_alone = true;  // p_value >= 1%
  bool pass = true;        // p_adjusted >= 1%
  std::string note;        // what was tested, or why it was not
};

struct RankCount {
  std::string rank;  // "2".."A", or the spec's class name for ranks that tie
  int64_t observed = 0;
  double expected = 0;
  // 99% interval of the observed count if the game is fair: expected +/- z sqrt(n p (1 - p) f),
  // f the finite-shoe factor of the rank-frequencies test; low no less than 0.
  double low = 0, high = 0;
};

struct ReturnCheck {
  WagerKind wager = WagerKind::kMain;
  int64_t bets = 0;
  Money wagered = 0;  // the initial amounts (the raise counts in the net, not here)
  Money net = 0;      // player's view, every settlement of the wager (and its raise)
  // wagered or net does not fit in 64 bits: both are then 0 and not to be read (the
  // observed return, computed wide, stands).
  bool overflow = false;
  double observed = 0;       // 1 + net / wagered
  double theoretical = 0;    // the spec's return under the choices made
  double low = 0, high = 0;  // 99% interval of the observed return, if the game is fair
  std::string policy;        // "war on 812 of 1000 ties"
};

struct StatsGroup {
  std::string spec;   // rule set id
  std::string table;  // "" for every table of the rule set
  int64_t rounds = 0;
  std::map<int, int64_t> decks;  // deck count -> rounds
  std::vector<RankCount> ranks;
  std::vector<ReturnCheck> returns;
  std::vector<StatTest> tests;
};

struct StatsReport {
  double level = kConfidenceLevel;
  std::string correction = "holm";
  int64_t rounds_used = 0;
  int64_t rounds_unknown_decks = 0;  // no shuffle seen on the table yet: not in return tests
  std::vector<StatsGroup> groups;    // per rule set, then per table where it has several
  // The tables whose groups Finish(tables_kept) left out, and their applicable tests: judged
  // with the others (Holm's correction is over every test), counted in tests(), failed() and
  // failed_alone(), and not listed.
  int64_t tables_left_out = 0;
  int tests_left_out = 0;
  int failed_left_out = 0;
  int failed_alone_left_out = 0;

  int tests() const;
  int failed() const;        // pass == false among applicable tests
  int failed_alone() const;  // pass_alone == false among applicable tests
};

// Sets p_adjusted, pass_alone and pass of every applicable test of `report` (Holm's
// step-down procedure over all of them, at 1 - kConfidenceLevel).
void JudgeTests(StatsReport* report);

class StatsCollector {
 public:
  StatsCollector();
  ~StatsCollector();
  StatsCollector(const StatsCollector&) = delete;
  StatsCollector& operator=(const StatsCollector&) = delete;

  // One round, under the spec (and readings) it was checked against.
  void Add(const Round& round, const RuleSpec& spec);

  // The tests on everything added. InvalidArgument when the theory cannot be computed. Past
  // `tables_kept` tables, the groups of the tables whose tests fail or come nearest failing
  // (most failing alone, then the least p-value) are kept, the others' tests only counted and
  // judged (StatsReport::tables_left_out): a report of 100,000 tables holds a few hundred
  // groups, not 100,000.
  StatusOr<StatsReport> Finish(size_t tables_kept = SIZE_MAX);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pitboss

#endif  // PITBOSS_STATS_CONFORMANCE_H_
