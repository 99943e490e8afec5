// A finding's identity across runs, and a report compared with an earlier one: the one
// fingerprint that SARIF's partialFingerprints, check --baseline and pitboss compare share.
//
// Part of the report format (docs/report.md, "Baselines"): a fingerprint is
// "HASH:N", HASH the first 32 hex digits of the SHA-256 of the finding's code id, the file
// name of its input (the last component of the path: the same log checked from another folder
// keeps its findings), its round id, event index, seat, hand and wager kind, and N counting
// the findings of the same HASH in the report's order from 1 (two malformed lines of one log
// have no round to tell them apart). Nothing that changes from run to run goes in: no line
// number, message, time of analysis or path to the file. Changing what goes in is a new key
// (kFingerprintKey's version), never an edit of this one.
#ifndef PITBOSS_REPORT_BASELINE_H_
#define PITBOSS_REPORT_BASELINE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pitboss/report.h"

namespace pitboss {

// The key of the fingerprint in SARIF's partialFingerprints. Part of the report format.
inline constexpr std::string_view kFingerprintKey = "pitbossFinding/v1";

// HASH of the fingerprint: the finding's identity without its occurrence count.
std::string FindingHash(const Finding& finding);

// The fingerprints of a report's findings, in the report's order: each call gives the next
// finding's "HASH:N". One per pass over a report; not thread-safe.
class Fingerprinter {
 public:
  std::string Next(const Finding& finding);

 private:
  // How many times each hash was seen: an open-addressed table of the hashes' 128 bits, some
  // 34 bytes a distinct finding (a million findings' fingerprints fit in tens of MiB).
  struct Slot {
    uint64_t high = 0, low = 0;
    int64_t count = 0;  // 0: empty
  };
  std::vector<Slot> slots_;
  size_t used_ = 0;
  int64_t Count(uint64_t high, uint64_t low);
};

// Marks each finding of `report` new or unchanged against the findings of `baseline` (by
// fingerprint), and sets report->baseline: `path` and `sha256` name the baseline, with the
// counts, and the baseline's findings not found in `report`, in its order, marked absent.
void ApplyBaseline(const Report& baseline, const std::string& path, const std::string& sha256,
                   Report* report);

// "baseline old.json: 3 new, 10 unchanged, 2 absent (found in the baseline, not now)"; "" for
// a report with no baseline.
std::string BaselineCountsText(const Report& report);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_BASELINE_H_
