// The report model: what a check found, in the shape of the JSON report of
// ../shared/checker-contract.md. Writers for each --format live in src/report/.
#ifndef PITBOSS_REPORT_H_
#define PITBOSS_REPORT_H_

#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "pitboss/codes.h"
#include "pitboss/money.h"
#include "pitboss/round.h"
#include "pitboss/status.h"

namespace pitboss {

// One violation. Part of the report format: field names mirror the JSON keys.
struct Finding {
  Code code = Code::kInputMalformed;
  std::string round;   // "" when the line could not be read as a round
  std::string table;   // "" when unknown
  std::string input;   // the log's path, "-" for standard input
  int64_t line = 0;    // 1-based line of the input
  std::optional<Seat> seat;       // kDealer (0) is written "dealer"
  std::optional<int> hand;        // a seat's hand, where the game splits hands (1, 2...)
  std::optional<WagerKind> wager;
  std::optional<Money> expected;
  std::optional<Money> actual;
  std::string clause;  // e.g. "ARSD 20:18:16:15.17(4)(d)(i)"
  std::vector<std::string> reading_dependent;  // ambiguity ids
  std::string message;
};

struct InputSummary {
  std::string path;
  int64_t lines = 0;   // physical lines read, blank ones included
  int64_t rounds = 0;  // non-blank lines, i.e. rounds logged (readable or not)
  // The file as stored (compressed, where it is): its size in bytes and SHA-256, what
  // `sha256sum` says of it. -1 and "" where unknown (a report read back from an older tool).
  int64_t bytes = -1;
  std::string sha256;
  // The period its rounds cover: the earliest and latest `time` of the rounds read, as
  // logged; "" when no round was read.
  std::string first_round_time;
  std::string last_round_time;
};

struct SpecUsed {
  std::string id;
  std::string revision;
  std::string sha256;
  // The reading of each of its ambiguities the rounds were checked under (id -> name), and
  // whether all of them are the defaults. Empty for a report that does not say.
  std::map<std::string, std::string> readings;
  bool default_readings = true;
};

struct ReadingImpact {
  std::string name;
  bool is_default = false;
  int64_t rounds_settled_differently = 0;
  Money net_difference = 0;  // player's view: sum over rounds of (net under this reading - net under default)
  bool in_force = false;  // the reading the rounds were checked under
};

struct AmbiguityImpact {
  std::string id;
  std::string spec;
  std::string revision;  // of the spec: a check over two revisions lists each one's
  std::string clause;
  std::vector<ReadingImpact> readings;
};

struct Report {
  std::string tool = "pitboss";
  std::string version;
  std::vector<InputSummary> inputs;
  std::vector<SpecUsed> specs;
  int64_t rounds = 0;
  int64_t rounds_with_violations = 0;
  std::vector<Finding> violations;
  std::vector<AmbiguityImpact> ambiguities;

  // Counts per code id, derived from `violations`.
  std::map<std::string, int64_t> ByCode() const;
};

// Seat as the report writes it: "dealer" or the number.
std::string SeatName(Seat seat);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_H_
