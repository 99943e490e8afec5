// The checker: replays logged rounds against the rule specs they name and collects the
// violations into a Report. Streams its input: memory does not grow with the number of
// rounds, except for the round ids seen (to find duplicate rounds: a few bytes a run of a
// table's rounds numbered in turn, 24-odd bytes a round otherwise; check/round_ids.h), and
// the findings.
// Not thread-safe; one Checker per run. With CheckOptions::jobs above 1 it runs threads of
// its own within CheckLog; the callbacks of CheckOptions are still called on the caller's.
#ifndef PITBOSS_CHECKER_H_
#define PITBOSS_CHECKER_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "pitboss/report.h"
#include "pitboss/round.h"
#include "pitboss/spec.h"
#include "pitboss/status.h"

namespace pitboss {

struct Dialect;  // src/dialect/dialect.h

struct CheckProgress {
  std::string input;
  int64_t lines = 0;
  int64_t rounds = 0;
  int64_t violations = 0;
  int64_t bytes = 0;  // of the input read so far, as stored (compressed, where it is)
};

struct CheckOptions {
  // Spec files or folders; empty: the project's own rules/.
  std::vector<std::string> rules;
  // Judge every round under the revision of its rule set in force on this date (yyyymmdd),
  // not on the round's own: a revision taking effect later checked as if in force. 0: the
  // round's date.
  int32_t as_of = 0;
  // Revision names: the rounds of a rule set that has a revision of one of these names are
  // judged under it, whatever their date. Each must name a revision of some loaded spec.
  std::vector<std::string> revisions;
  // Ambiguity id -> the reading to check under; the ambiguities not named keep their default.
  std::map<std::string, std::string> readings;
  // Table -> (ambiguity id -> reading): the rounds of that table are checked under these,
  // over `readings` (check --reading auto: each table under the readings its rounds say it
  // deals). Every reading must name an ambiguity and reading of some loaded spec.
  std::map<std::string, std::map<std::string, std::string>> table_readings;
  // Called every 1,024 rounds while a log is read (for a progress line, which keeps its own pace).
  std::function<void(const CheckProgress&)> progress;
  // The ISO 4217 code of the money of rounds that name no `currency` ("" for none).
  std::string currency;
  // Called with each round that is read and checked (not a duplicate, its rule spec found),
  // after its findings, with the spec it was checked under (for `pitboss stats`).
  std::function<void(const Round&, const RuleSpec&)> on_round;
  // The same, with the input and the line the round was read at (for `pitboss show`).
  std::function<void(const Round&, const RuleSpec&, const std::string& input, int64_t line)> on_round_at;
  // Called with each round checked that tells some ambiguity's readings apart, after
  // on_round_at: each such ambiguity's id and the readings the round is consistent with (none:
  // a fault whatever the reading), in the spec's order (for `pitboss show`).
  std::function<void(const Round&, const std::string& input, int64_t line,
                     const std::vector<std::pair<std::string, std::vector<std::string>>>& told)>
      on_round_readings;
  // False: the findings a reading a table deals explains stay findings of their own, rather than
  // being counted under one reading/not-checked or reading/switch finding (readings_inferred
  // is made either way): `pitboss show`, which shows a round's own findings.
  bool count_explained = true;
  // The logs are an operator's own format, read through this dialect (check --dialect), not
  // hand-history v1: a finding cites the line of the record it is at. Not owned.
  const Dialect* dialect = nullptr;
  // Threads that parse and replay rounds (besides one that reads the log and the caller's,
  // which takes their results in input order): 1 reads and checks on the caller's thread
  // alone. The report is the same whatever the number.
  int jobs = 1;
  // The memory the round ids seen may take (their table of hashed ids) before they spill to
  // a temporary file in $TMPDIR (check/round_ids.h): duplicate rounds are found exactly
  // whatever it is.
  size_t round_id_memory = size_t{16} << 20;
};

class Checker {
 public:
  // Loads the specs; fails (exit status 2) on an unreadable or invalid spec, or a
  // --reading that names no ambiguity or reading of them.
  static StatusOr<std::unique_ptr<Checker>> Create(CheckOptions options);
  ~Checker();

  enum class LogRole {
    kChecked,  // its rounds are checked and reported
    // Read for its tables' shoes and its round ids only (check --context: the day before
    // the logs checked), so that the logs checked start where it left off; nothing in it is
    // reported, and its rounds are not counted.
    kContext,
  };

  // Checks every round of one log ("-" for standard input). Lines that are not rounds are
  // findings. A log that cannot be read, or not to its end, is a finding too
  // (input/unreadable) and makes the report incomplete; the rounds read before the damage
  // stay checked, and the Status says what went wrong. A file read before in this check
  // (by identity) is input/duplicate-input and is not read again.
  Status CheckLog(const std::string& path, LogRole role = LogRole::kChecked);

  // The report of everything checked. Call it once, at the end: the report moves out.
  Report Finish();

 private:
  struct Impl;
  explicit Checker(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The rules folder --rules defaults to, found when the program runs (src/spec/rules_path.cc):
// the first folder of $PITBOSS_RULES (a list separated by ':', spec/rules_path.h); else share/pitboss/rules
// beside the binary's folder (an installed pitboss: PREFIX/bin/pitboss and PREFIX/share/pitboss/rules); else
// rules/ in the folder above the binary's (a build folder inside the source tree); else "rules" in the
// working folder.
std::string DefaultRulesPath();

}  // namespace pitboss

#endif  // PITBOSS_CHECKER_H_
