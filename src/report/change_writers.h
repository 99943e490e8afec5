// Writers of the reports of `pitboss diff` and `pitboss impact`, text and JSON.
#ifndef PITBOSS_REPORT_CHANGE_WRITERS_H_
#define PITBOSS_REPORT_CHANGE_WRITERS_H_

#include <ostream>
#include <string_view>
#include <vector>

#include "check/impact.h"
#include "pitboss/report.h"
#include "pitboss/status.h"
#include "spec/diff.h"

namespace pitboss {

struct DiffReport {
  std::string version;
  SpecUsed old_spec;
  SpecUsed new_spec;
  std::string old_path;
  std::string new_path;
  std::vector<SpecChange> changes;
  std::vector<std::string> warnings;  // DiffWarnings, and DiffSourceTexts'
  // The clauses of the source texts whose words changed (DiffSourceTexts): listed apart, not
  // counted as changes in meaning (a spec key whose quote of them changed is).
  std::vector<ClauseTextChange> text_changes;

  int64_t meaning_changes() const;
};

// `format` is "text" or "json"; InvalidArgument for any other.
Status WriteDiffReport(const DiffReport& report, std::string_view format, std::ostream& out);
Status WriteImpactReport(const ImpactReport& report, std::string_view format, std::ostream& out);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_CHANGE_WRITERS_H_
