// --format csv: one row per finding, for a spreadsheet. RFC 4180: a header row, CRLF line
// ends, a field holding a comma, a double quote, CR or LF quoted, its quotes doubled.
// Part of the report format: the columns and their order are relied on by spreadsheets and
// scripts; never rename or reorder one, only add new ones at the end.
//
// The columns are the finding's keys of the JSON report (docs/report.md): first the
// contract's, in its order (code ... message), then those pitboss added, then `baseline`
// (new, unchanged or absent; empty without check --baseline) and `fingerprint` (the finding's
// identity across runs, report/baseline.h). An empty field is a key the JSON leaves out.
// Numbers are written as the JSON writes them (money in minor units); reading_dependent and
// cleared_by are lists in one field, and so is consequence_list (ROUND:EVENT:CARD of each
// consequence, joined by ';'). After the fingerprint come the columns added since: rules,
// money_moved and consequence_list. With a baseline, the baseline's findings not found again
// follow the others, their baseline `absent`.
//
// Log text reaches the cells (round ids, tables, paths), and a spreadsheet runs a cell that
// starts with = + - @ as a formula: such a text field gets a leading ' (OWASP's advice for
// CSV injection); numeric columns are written as numbers.
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "pitboss/codes.h"
#include "pitboss/report.h"
#include "report/baseline.h"
#include "report/money_format.h"
#include "report/writers.h"

namespace pitboss {
namespace {

// Part of the report format: never rename or reorder. A table, its columns aligned by hand.
// clang-format off
constexpr std::array<std::string_view, 29> kColumns = {
    "code",     "severity",    "round",    "table",       "input",            "line",
    "seat",     "wager",       "expected", "actual",      "clause",           "reading_dependent",
    "message",  "time",        "revision", "event",       "hand",             "unit",
    "currency", "underpaid",   "overpaid", "cleared_by",  "consequences",     "consequences_note",
    "baseline", "fingerprint", "rules",    "money_moved", "consequence_list",
};
// clang-format on

// One field, quoted where RFC 4180 requires it.
std::string Field(std::string_view value) {
  if (value.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(value);
  std::string quoted = "\"";
  for (const char c : value) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

// A field of log or rule text: guarded against running as a spreadsheet formula.
std::string TextField(std::string_view value) {
  if (!value.empty() && std::string_view("=+-@\t\r").find(value.front()) != std::string_view::npos) {
    return Field("'" + std::string(value));
  }
  return Field(value);
}

template <typename T>
std::string Number(const std::optional<T>& value) {
  return value ? std::to_string(*value) : "";
}

void WriteRow(std::ostream& out, const Finding& finding, const std::string& fingerprint) {
  const CodeInfo& info = Info(finding.code);
  std::string reading_dependent;
  for (const std::string& ambiguity : finding.reading_dependent) {
    reading_dependent += (reading_dependent.empty() ? "" : ", ") + ambiguity;
  }
  const bool has_unit = (finding.expected || finding.actual) && info.unit != Unit::kNone;
  std::string underpaid, overpaid;
  if (info.money != MoneyEffect::kNone) {
    if (const std::optional<Money> by = Overpaid(finding); by && *by != 0) {
      if (*by > 0) {
        overpaid = std::to_string(*by);
      } else if (const std::optional<Money> under = CheckedSub(0, *by)) {
        underpaid = std::to_string(*under);
      }
    }
  }
  // One cell for the list: ROUND:EVENT:CARD, consequence after consequence, joined by ';'.
  std::string consequences;
  for (const Consequence& c : finding.consequence_list) {
    consequences.append(consequences.empty() ? "" : ";")
        .append(c.round)
        .append(":")
        .append(c.event ? std::to_string(*c.event) : "")
        .append(":")
        .append(c.card);
  }
  // Money moved is in the finding's currency too.
  const bool has_currency = (has_unit && info.unit == Unit::kMinorUnits) || finding.money_moved;
  const std::array<std::string, kColumns.size()> row = {
      Field(info.id),
      Field(ToString(info.severity)),
      TextField(finding.round),
      TextField(finding.table),
      TextField(finding.input),
      std::to_string(finding.line),
      finding.seat ? SeatName(*finding.seat) : "",
      finding.wager ? Field(ToString(*finding.wager)) : "",
      Number(finding.expected),
      Number(finding.actual),
      TextField(finding.clause),
      TextField(reading_dependent),
      TextField(finding.message),
      TextField(finding.time),
      TextField(finding.revision),
      Number(finding.event),
      Number(finding.hand),
      has_unit ? Field(ToString(info.unit)) : "",
      has_currency ? TextField(finding.currency) : "",
      underpaid,
      overpaid,
      TextField(ClearedByText(finding.cleared_by)),
      finding.consequences > 0 ? std::to_string(finding.consequences) : "",
      finding.consequences > 0 ? TextField(finding.consequences_note) : "",
      Field(ToString(finding.baseline)),
      Field(fingerprint),
      TextField(finding.rules),
      Number(finding.money_moved),
      TextField(consequences),
  };
  for (size_t i = 0; i < row.size(); ++i) out << (i == 0 ? "" : ",") << row[i];
  out << "\r\n";
}

}  // namespace

void WriteCsvReport(const Report& report, std::ostream& out) {
  for (size_t i = 0; i < kColumns.size(); ++i) out << (i == 0 ? "" : ",") << kColumns[i];
  out << "\r\n";
  Fingerprinter prints;
  for (const Finding& finding : report.violations) WriteRow(out, finding, prints.Next(finding));
  if (report.baseline) {
    size_t i = 0;
    for (const Finding& finding : report.baseline->absent) {
      WriteRow(out, finding, report.baseline->absent_fingerprints[i++]);
    }
  }
}

}  // namespace pitboss
