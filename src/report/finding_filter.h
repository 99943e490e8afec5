// FindingFilter: narrows a report to the findings an auditor asks for (check --code, --table,
// --min-severity, --since, --until). It is applied to the report before any format is
// written, so that every format, its counts and its money totals agree, and the report names
// the filter and how many findings it left out.
#ifndef PITBOSS_REPORT_FINDING_FILTER_H_
#define PITBOSS_REPORT_FINDING_FILTER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pitboss/codes.h"
#include "pitboss/report.h"
#include "pitboss/status.h"

namespace pitboss {

// The one order of severities, most serious first: error (the input cannot be judged as
// logged, so what it hides is unknown), critical, major, minor (docs/findings.md).
int SeverityRank(Severity severity);  // 0 for error ... 3 for minor
std::optional<Severity> ParseSeverity(std::string_view name);

struct FindingFilterOptions {
  std::vector<std::string> codes;   // code ids ("settle/payout") or families ("settle", "settle/*")
  std::vector<std::string> tables;  // table ids, exactly
  std::string min_severity;         // "" for all
  std::string since, until;         // RFC 3339 times or yyyy-mm-dd dates, both bounds included
};

class FindingFilter {
 public:
  // InvalidArgument naming the option and what it takes (with a did-you-mean for a code or a
  // severity) when an option cannot be read.
  static StatusOr<FindingFilter> Make(const FindingFilterOptions& options);

  bool empty() const { return description_.empty(); }
  // The filter in words, as the report names it: "code settle/*; severity major or worse".
  const std::string& description() const { return description_; }
  // A finding with no time (a line not read as a round, a file not read) passes --since and
  // --until: it cannot be placed in time, and what it hides may be in the period.
  bool Matches(const Finding& finding) const;

  // True when a round of `table` at `time` (RFC 3339, as logged) is within --table, --since and
  // --until (code and severity do not apply to a round): the rounds `pitboss stats` counts.
  bool MatchesRound(const std::string& table, const std::string& time) const;

  // Keeps the findings that match, counts those left out, recounts the rounds with
  // violations, and names the filter in the report. Nothing changes for an empty filter.
  void Apply(Report* report) const;

 private:
  std::vector<Code> codes_;  // empty: every code
  std::vector<std::string> tables_;
  std::optional<Severity> min_severity_;
  struct Bound {
    std::optional<int32_t> date;  // yyyymmdd: the round's date as logged
    std::optional<int64_t> seconds;
    int32_t nanos = 0;
  };
  std::optional<Bound> since_, until_;
  bool WithinTime(const std::string& time) const;
  std::string description_;
};

}  // namespace pitboss

#endif  // PITBOSS_REPORT_FINDING_FILTER_H_
