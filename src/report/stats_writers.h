// Writers of the report of `pitboss stats`: text and JSON here, HTML in stats_html_writer.cc.
// The JSON carries every figure the text and the page show.
#ifndef PITBOSS_REPORT_STATS_WRITERS_H_
#define PITBOSS_REPORT_STATS_WRITERS_H_

#include <cstddef>
#include <functional>
#include <ostream>
#include <string_view>
#include <vector>

#include "base/json.h"
#include "pitboss/report.h"
#include "pitboss/status.h"
#include "stats/conformance.h"

namespace pitboss {

// What `pitboss stats` reports: the statistics, and from the checker that read the logs,
// the inputs, the specs and the lines that could not be read as rounds.
struct StatsDocument {
  Report check;                  // violations: only the input/* findings are kept
  int64_t other_violations = 0;  // what `pitboss check` would report besides
  StatsReport stats;

  std::vector<const Finding*> input_findings() const;
};

// Formats: text, json, html. InvalidArgument for any other.
Status WriteStatsReport(const StatsDocument& doc, std::string_view format, std::ostream& out);
std::vector<std::string_view> StatsFormats();

void WriteStatsText(const StatsDocument& doc, std::ostream& out);
void WriteStatsJson(const StatsDocument& doc, std::ostream& out);
// The "groups" array of the JSON report (also embedded in the HTML reports); the second, of
// the groups given only (the check page's, past its limit of tables).
void WriteStatsGroupsJson(JsonWriter& json, const StatsReport& stats);
void WriteStatsGroupsJson(JsonWriter& json, const std::vector<const StatsGroup*>& groups);
// One self-contained page (report/html.h) with the JSON report embedded: the summary, the
// input findings, every test in a table that filters by rule set, table and verdict, and
// per group its tests, ranks and returns with their plots.
void WriteStatsHtml(const StatsDocument& doc, std::ostream& out);

// The tables the check page lists in each part that has a row or a group a table, past which
// it lists those that most need reading and says how many it leaves out (html_writer.cc): its
// statistics hold as many tables' groups, StatsCollector::Finish(kHtmlTablesListed). Part of
// the report format (docs/report.md).
inline constexpr size_t kHtmlTablesListed = 200;

// The check page (--format html, html_writer.cc) with a Statistics section: per rule set,
// the tests and plots of the stats page on the rounds checked, or why there are none. The
// statistics are embedded beside the JSON report as a second JSON block, the "groups" array
// of WriteStatsGroupsJson. WriteHtmlReport(report, out), the format table's, has no section.
void WriteHtmlReport(const Report& report, const StatusOr<StatsReport>& stats, std::ostream& out);

// Pieces the two pages share. A figure path (report/html.h, "Page conventions") starts with
// `path`: "groups.3." on the stats page, "3." in the check page's statistics.
//
// From the check page (html_writer.cc): the findings view (html.h's HtmlFindingsScript, which
// the page adds to its scripts) over the findings at `rows_path` of the JSON block that
// WriteReportJsonHtml writes, nothing where there are none, and its styles; the tables of the
// inputs (folded away where there are many) and specs, at "inputs" and "specs" as in both
// JSON reports.
std::string_view FindingsHtmlCss();
void WriteFindingsHtml(std::ostream& out, const FindingStore& findings, std::string_view rows_path);
void WriteFindingsHtml(std::ostream& out, const std::vector<const Finding*>& findings,
                       std::string_view rows_path);
void WriteInputsAndSpecsHtml(std::ostream& out, const Report& report);
// The page's JSON block, id "pitboss-report", which the findings view reads: what `write`
// writes, its array of findings at the top-level member `findings_member` compact (html.h).
void WriteReportJsonHtml(std::ostream& out, const std::function<void(std::ostream&)>& write,
                         std::string_view findings_member);
// From the stats page (stats_html_writer.cc): a group's tests as a table (with `notes`, a
// column of them; without, a compact table with each note as its row's tooltip), its plots
// of ranks against expectation and of returns against theory (captions that `explain` them
// in full, for a page's first group), and their styles.
std::string_view StatsHtmlCss();
void WriteStatsTestsHtml(std::ostream& out, const StatsGroup& group, std::string_view path, bool notes);
void WriteStatsPlotsHtml(std::ostream& out, const StatsGroup& group, std::string_view path, bool explain);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_STATS_WRITERS_H_
