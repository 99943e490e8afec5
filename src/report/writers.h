// Writes a Report in each --format of ../shared/checker-contract.md. The
// formats are registered in one table (writers.cc): a new format is one writer
// and one row.
#ifndef PITBOSS_REPORT_WRITERS_H_
#define PITBOSS_REPORT_WRITERS_H_

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/json.h"
#include "pitboss/report.h"
#include "pitboss/status.h"

namespace pitboss {

// Writes `report` to `out` in `format` ("text", "json"...). InvalidArgument
// naming the format and the available ones when there is no writer for `format`,
// or when it is a database (IsDatabaseFormat) (nothing is written then); IoError when `out` fails.
Status WriteReport(const Report& report, std::string_view format, std::ostream& out);

// The formats WriteReport accepts, in table order; the first, "text", is the
// default.
std::vector<std::string_view> ReportFormats();

// True for a format that appends the report to a database file (sqlite: check --out
// FILE.sqlite, report/findings_db.h) rather than writing it to a stream: WriteReport refuses
// it, and it has no standard output.
bool IsDatabaseFormat(std::string_view format);

// The format an --out file is written in, from its name's extension (".json", ".sarif",
// ".xml" junit, ".md", ".html", ".csv", ".txt" text...: the table in writers.cc); "" for a
// name with none of them.
std::string_view FormatOfPath(std::string_view path);
// The extensions and their formats, for --help: ".txt text, .json json, ...".
std::string FormatExtensionsText();

// The writers behind the table. Each writes the whole report, ending with a
// newline, and leaves error checking of `out` to the caller.
void WriteTextReport(const Report& report, std::ostream& out);
// The orders the text report can list findings in (check --sort).
enum class FindingOrder {
  kCode,   // grouped by code (most frequent first), then table (by name), each group in input order
  kMoney,  // by the money each moved (FindingMoney), largest first; ties in kCode's order
};
// --sort's names: "code", "money"; nullopt for any other.
std::optional<FindingOrder> ParseFindingOrder(std::string_view name);
// How the text report lists findings.
struct TextOptions {
  int64_t max_findings = -1;  // list at most this many (the rest are counted); -1: all
  bool colour = false;        // severities in colour (ANSI), for a terminal
  FindingOrder order = FindingOrder::kCode;
  // The findings held in memory at once while they are listed, read in passes (the report's
  // findings may be on file: FindingStore); the list is the same whatever it is. Tests lower it.
  int64_t held = 32768;
};
void WriteTextReport(const Report& report, std::ostream& out, const TextOptions& options);
// The report's verdict in one line, as the text report opens and ends with it (and a check
// writing its report to a file says it on standard error): "PASS: no violations in 120
// rounds", "FAIL: 3 violations in 120 rounds (2 rounds with violations); underpaid ...",
// "INCOMPLETE: ...", "NOTHING CHECKED: ...".
std::string VerdictLine(const Report& report);
// The checks not run on the report's logs (Report::not_checked) in one sentence, for a format's
// headline: "" where every check ran.
std::string NotRunText(const Report& report);
// What the report's readings_inferred say an auditor must read first, a line a table and
// ambiguity, right after the verdict: a table dealing an ambiguity under a reading other
// than the one checked, with the verdict and money under both; one that changes reading; one
// dealing no one reading. Empty where every table deals as checked.
std::vector<std::string> ReadingLeadLines(const Report& report);
void WriteReadingInferredJson(JsonWriter& json, const ReadingInferred& reading);
void WriteJsonReport(const Report& report, std::ostream& out);
// The same with only the entries `readings_inferred` (indexes, in order) of readings_inferred,
// and readings_inferred_left_out the number of the others where there are any: the HTML page's
// embedded report past its limit of tables (html_writer.cc).
void WriteJsonReport(const Report& report, const std::vector<size_t>& readings_inferred, std::ostream& out);

// Pieces of the JSON report, in the contract's shape, for the formats that embed them.
void WriteFindingJson(JsonWriter& json, const Finding& finding);
// The keys seat, hand, wager, expected, actual, unit, currency, underpaid or overpaid, and
// money_moved and money_to (where they apply), clause, reading_dependent and cleared_by (where
// not empty), inside an object already open.
void WriteFindingDetailsJson(JsonWriter& json, const Finding& finding);
// The keys consequences and consequences_note (where there are consequences) and
// consequence_list (where they are named one by one), inside an object already open.
void WriteFindingConsequencesJson(JsonWriter& json, const Finding& finding);
// summary.money_moved: {"to_player","to_house","findings","currency"[,"mixed_currencies"]}.
void WriteMoneyMovedJson(JsonWriter& json, const MoneyMovedTotal& moved);
// A spec's {"id","revision","sha256"[,"readings","default_readings"]}; the check report adds
// its "path".
void WriteSpecJson(JsonWriter& json, const SpecUsed& spec);
// The report's provenance keys, in the JSON report's order: command_line and analysis_time
// (where known), currency (where given) and complete, inside an object already open.
void WriteProvenanceJson(JsonWriter& json, const Report& report);
// The report's "inputs" array: {"path","lines","rounds",...} per input (docs/report.md).
void WriteInputsJson(JsonWriter& json, const std::vector<InputSummary>& inputs);
// A text of the JSON report that is null where it is empty (a finding's round and table on a
// line that could not be read as a round; a history's day, table and dates).
void WriteStringOrNull(JsonWriter& json, const std::string& text);
// A finding's consequence_list in the JSON report (and in the findings database): each later
// effect counted under it, at its input, line and round.
void WriteConsequenceListJson(JsonWriter& json, const std::vector<Consequence>& list);
// readings_inferred[].runs of the JSON report: the stretches of rounds and the readings each
// is consistent with.
void WriteReadingRunsJson(JsonWriter& json, const std::vector<ReadingRun>& runs);
// A finding's cleared_by in the JSON report: each ambiguity and the readings that clear it.
void WriteClearedByJson(JsonWriter& json, const std::vector<ClearedBy>& cleared_by);
// One finding as the text report writes it (INPUT:LINE: SEVERITY: MESSAGE [CODE], then its
// details), for the reports that list findings among other things.
void WriteFindingText(std::ostream& out, const Finding& finding, bool colour = false);
void WriteAmbiguityJson(JsonWriter& json, const AmbiguityImpact& ambiguity);
void WriteJunitReport(const Report& report, std::ostream& out);
void WriteSarifReport(const Report& report, std::ostream& out);
void WriteMarkdownReport(const Report& report, std::ostream& out);
// RFC 4180 CSV, one row per finding (csv_writer.cc).
void WriteCsvReport(const Report& report, std::ostream& out);
// A self-contained page (report/html.h) with the JSON report embedded.
void WriteHtmlReport(const Report& report, std::ostream& out);

// The violation count per code id, as every writer lists it: most frequent
// first, ties by id.
std::vector<std::pair<std::string, int64_t>> CodeCounts(const Report& report);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_WRITERS_H_
