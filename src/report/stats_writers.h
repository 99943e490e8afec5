// Writers of the report of `pitboss stats`: text and JSON here, HTML in html_writer.cc. The
// JSON carries every figure the text shows.
#ifndef PITBOSS_REPORT_STATS_WRITERS_H_
#define PITBOSS_REPORT_STATS_WRITERS_H_

#include <ostream>
#include <string_view>
#include <vector>

#include "pitboss/report.h"
#include "pitboss/status.h"
#include "report/json.h"
#include "stats/conformance.h"

namespace pitboss {

// What `pitboss stats` reports: the statistics, and from the checker that read the logs,
// the inputs, the specs and the lines that could not be read as rounds.
struct StatsDocument {
  Report check;  // violations: only the input/* findings are kept
  int64_t other_violations = 0;  // what `pitboss check` would report besides
  StatsReport stats;

  std::vector<const Finding*> input_findings() const;
};

// Formats: text, json, html. InvalidArgument for any other.
Status WriteStatsReport(const StatsDocument& doc, std::string_view format, std::ostream& out);
std::vector<std::string_view> StatsFormats();

void WriteStatsText(const StatsDocument& doc, std::ostream& out);
void WriteStatsJson(const StatsDocument& doc, std::ostream& out);
// The "groups" array of the JSON report (also embedded in the HTML reports).
void WriteStatsGroupsJson(JsonWriter& json, const StatsReport& stats);
void WriteStatsHtml(const StatsDocument& doc, std::ostream& out);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_STATS_WRITERS_H_
