// Replays logs under two revisions of a rule spec and says what changes: the rounds whose
// correct settlement differs, the money that moves per wager kind, and the findings that
// appear or disappear. Not thread-safe (it runs threads of its own within AddLog with jobs
// above 1); streams its input like the checker.
#ifndef PITBOSS_CHECK_IMPACT_H_
#define PITBOSS_CHECK_IMPACT_H_

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "pitboss/report.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"

namespace pitboss {

// One round whose correct settlement differs between the revisions.
struct ImpactRound {
  std::string input;
  int64_t line = 0;
  std::string round;
  std::string table;
  // The player's net over the round, under the old and the new revision. Every sum of money
  // here is wide (MoneySum): a figure past 64 bits is reported as such, never wrapped.
  MoneySum old_net;
  MoneySum new_net;
};

struct WagerImpact {
  int64_t rounds = 0;  // rounds in which this wager kind settles differently
  MoneySum old_net;    // over those rounds
  MoneySum new_net;
};

struct ImpactReport {
  std::string version;
  SpecUsed from;
  SpecUsed to;
  std::vector<InputSummary> inputs;
  int64_t rounds = 0;              // rounds read: rounds_replayed + rounds_other_rules
  int64_t rounds_replayed = 0;     // under the rule set of the two revisions
  int64_t rounds_other_rules = 0;  // naming another rule set: not replayed
  // Lines not read as a round (input/malformed; duplicate ids are not judged here): not in
  // `rounds`, as a line of garbage is no round.
  int64_t rounds_unreadable = 0;
  int64_t rounds_changed = 0;
  MoneySum net_moved;  // player's view: new minus old, summed
  // Every sum of money is in minor units of the currency the replayed rounds name: the ISO 4217
  // codes they name, sorted (more than one: sums across currencies), and how many name none.
  std::vector<std::string> currencies;
  int64_t rounds_without_currency = 0;
  std::array<WagerImpact, kWagerKinds> by_wager{};
  std::vector<ImpactRound> changed;
  std::vector<Finding> findings_appearing;     // under the new revision only
  std::vector<Finding> findings_disappearing;  // under the old revision only

  bool any_change() const {
    return rounds_changed > 0 || !findings_appearing.empty() || !findings_disappearing.empty();
  }
};

class ImpactAnalysis {
 public:
  // `jobs`: threads that replay rounds (1: the caller's alone); the report is the same
  // whatever the number.
  ImpactAnalysis(RuleSpec from, RuleSpec to, int jobs = 1);
  ~ImpactAnalysis();
  // Replays every round of one log ("-": standard input).
  // `progress`, where given, is called every 1,024 rounds with the rounds and bytes (as stored)
  // of the log read so far.
  Status AddLog(const std::string& path,
                const std::function<void(int64_t rounds, int64_t bytes)>& progress = {});
  const ImpactReport& report() const { return report_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  ImpactReport report_;
};

}  // namespace pitboss

#endif  // PITBOSS_CHECK_IMPACT_H_
