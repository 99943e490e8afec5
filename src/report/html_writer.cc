// --format html: the report as one self-contained page, to read in a browser,
// print, or attach to an email: the verdict, the summary (inputs, rule specs,
// counts per code with a bar chart), every finding in a table that filters by
// code, table and severity, the counts per gaming table, the ambiguities'
// impact and, from `pitboss check`, the statistics of the rounds checked (tests
// and plots per rule set, stats_html_writer.cc). The report's JSON (--format
// json, exactly) is embedded in the page; every figure the page shows from it
// carries its path (html.h, "Page conventions"), so a test can hold the page
// against the data. The statistics are a second JSON block, the "groups" array
// of `pitboss stats`; the figures of the section that shows them resolve against
// it: the section's data-json attribute names that block's id. Past
// kTablesListed tables, the parts with a row or a group a table list those that
// most need reading and say how many they leave out, and the JSON blocks hold
// what the page lists: readings_inferred (with readings_inferred_left_out) and
// the groups of the tables listed.
//
// Log text reaches the page (ids, paths, messages quoting a bad line), so every
// piece of it goes through HtmlEscape(). A finding is one row of plain cells
// (no closing </td>, which HTML does not need): a report of 50,000 findings
// stays about twice the size of its JSON.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "base/json.h"
#include "base/words.h"
#include "pitboss/codes.h"
#include "pitboss/report.h"
#include "report/assets.h"  // generated from src/report/assets/ (cmake/embed_assets.cmake)
#include "report/html.h"
#include "report/money_format.h"
#include "report/stats_writers.h"
#include "report/writers.h"

namespace pitboss {
namespace {

// Part of the report format: scripts and tests find the data by these ids.
constexpr std::string_view kJsonId = "pitboss-report";
constexpr std::string_view kStatsJsonId = "pitboss-stats";

// The JSON report's members of a finding, in its order; each is a column.
// Part of the report format (data-key): never rename.
// Four a row, so that a column's position (assets/findings.css styles the columns by it) is
// 4 * row + place.
// clang-format off
constexpr std::array<std::string_view, 28> kFindingKeys = {
    "code",         "severity",          "round",             "table",
    "input",        "line",              "time",              "rules",
    "revision",     "event",             "seat",              "hand",
    "wager",        "expected",          "actual",            "unit",
    "currency",     "overpaid",          "underpaid",         "money_moved",
    "money_to",     "clause",            "reading_dependent", "cleared_by",
    "consequences", "consequences_note", "consequence_list",  "message"};
// clang-format on

// The columns shown until the reader chooses others (the page's column chooser): what an auditor
// reads first of a finding, which fit in a window 1400 px wide (docs/report.md, tested in
// tests/browser). The others are in the page all the same, their header cells `hidden`.
constexpr std::array<std::string_view, 14> kFindingKeysShown = {"code",
                                                                "severity",
                                                                "round",
                                                                "table",
                                                                "seat",
                                                                "wager",
                                                                "expected",
                                                                "actual",
                                                                "overpaid",
                                                                "underpaid",
                                                                "money_moved",
                                                                "clause",
                                                                "reading_dependent",
                                                                "message"};

// The members of a finding whose values repeat from finding to finding: written once each in the
// page's JSON (html.h, "Compact arrays"), and referred to by their index.
constexpr std::array<std::string_view, 15> kSharedFindingKeys = {
    "code",       "severity", "table",
    "input",      "rules",    "revision",
    "seat",       "wager",    "unit",
    "currency",   "clause",   "reading_dependent",
    "cleared_by", "money_to", "consequences_note"};

constexpr std::array<Severity, 4> kSeverities = {Severity::kCritical, Severity::kMajor, Severity::kMinor,
                                                 Severity::kError};

// Inputs listed in the open; more are folded into a <details>.
constexpr std::size_t kInputsShown = 5;
// Rule specs listed in the open; more are folded away.
constexpr std::size_t kSpecsShown = 2;
// Rows of the money totals by table, day and wager listed in the open; more are folded away.
constexpr std::size_t kMoneyRowsShown = 12;
// The tables each part of the page that has a row or a group a table lists (the violations
// per table, the money totals by table, the reading each table deals under, the statistics
// of each table). Past it, a part lists the tables that most need reading and says how many
// it leaves out, which the JSON report (--format json) has: the page stays the size of its
// findings, where 100,000 tables of one round each made one of hundreds of MB.
constexpr std::size_t kTablesListed = kHtmlTablesListed;

// The `n` indexes of `ranked` that come first by `before`, in their own order: what a part
// lists of its tables past kTablesListed.
template <typename Before>
std::vector<std::size_t> FirstInOrder(std::size_t ranked, std::size_t n, Before before) {
  std::vector<std::size_t> order(ranked);
  for (std::size_t i = 0; i < ranked; ++i) order[i] = i;
  if (n < ranked) {
    std::nth_element(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n), order.end(),
                     [&](std::size_t a, std::size_t b) { return before(a, b) || (!before(b, a) && a < b); });
    order.resize(n);
    std::sort(order.begin(), order.end());
  }
  return order;
}

// "1,234": a count in a note of what a part leaves out.
std::string Thousands(int64_t n) {
  std::string digits = std::to_string(n);
  for (int at = static_cast<int>(digits.size()) - 3; at > (digits[0] == '-' ? 1 : 0); at -= 3)
    digits.insert(static_cast<std::size_t>(at), ",");
  return digits;
}

// "1,234 findings".
std::string Counted(int64_t n, std::string_view one, std::string_view many) {
  return Thousands(n) + " " + std::string(n == 1 ? one : many);
}

std::string Plural(int64_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string SeverityClass(Severity severity) { return "s-" + std::string(ToString(severity)); }

// An element showing the figure at `path`: `shown`, already HTML, and where it
// differs from the figure's own text, `value` as data-value.
void Figure(std::ostream& out, std::string_view tag, std::string_view css_class, std::string_view path,
            std::string_view shown, std::string_view value = {}) {
  out << '<' << tag;
  if (!css_class.empty()) out << " class=\"" << css_class << '"';
  out << " data-figure=\"" << HtmlEscape(path) << '"';
  if (!value.empty()) out << " data-value=\"" << HtmlEscape(value) << '"';
  out << '>' << shown << "</" << tag << '>';
}

void FigureCell(std::ostream& out, std::string_view path, int64_t n) {
  Figure(out, "td", "num", path, std::to_string(n));
}

void WriteHeader(std::ostream& out, const Report& report, bool statistics) {
  const auto violations = static_cast<int64_t>(report.violations.size());
  out << "<header>\n<h1>pitboss check: ";
  if (violations == 0 && !report.not_checked.empty()) {
    out << "no violations found by the checks that could run";
  } else if (violations == 0) {
    out << "no violations";
  } else {
    Figure(out, "span", "", "summary.violations", std::to_string(violations));
    out << (violations == 1 ? " violation" : " violations");
  }
  out << " in ";
  Figure(out, "span", "", "summary.rounds", std::to_string(report.rounds));
  out << (report.rounds == 1 ? " round" : " rounds") << "</h1>\n<p class=\"meta\">";
  Figure(out, "span", "", "tool", HtmlEscape(report.tool));
  out << ' ';
  Figure(out, "span", "", "version", HtmlEscape(report.version));
  out << " &middot; " << Plural(static_cast<int64_t>(report.inputs.size()), "input", "inputs") << " &middot; "
      << Plural(static_cast<int64_t>(report.specs.size()), "rule spec", "rule specs") << " &middot; ";
  Figure(out, "span", report.complete ? "" : "banner", "complete",
         report.complete ? "complete" : "INCOMPLETE", report.complete ? "true" : "false");
  if (!report.analysis_time.empty()) {
    out << " &middot; analysis started ";
    Figure(out, "span", "nowrap", "analysis_time", HtmlEscape(report.analysis_time));
  }
  if (!report.currency.empty()) {
    out << " &middot; currency of rounds that name none: ";
    Figure(out, "span", "", "currency", HtmlEscape(report.currency));
  }
  if (!report.command_line.empty()) {
    out << "<br>command line: <code class=\"cmd\">";
    for (std::size_t i = 0; i < report.command_line.size(); ++i) {
      Figure(out, "span", "", "command_line." + std::to_string(i), HtmlEscape(report.command_line[i]));
    }
    out << "</code>";
  }
  out << "</p>\n<nav><a href=\"#summary\">Summary</a><a href=\"#findings\">Findings</a>"
         "<a href=\"#per-table\">Per table</a><a href=\"#ambiguities\">Ambiguities</a>"
      << (statistics ? "<a href=\"#statistics\">Statistics</a>" : "") << "</nav>\n";
  if (const std::string incomplete = IncompleteText(report); !incomplete.empty()) {
    out << "<p class=\"banner incomplete\">" << HtmlEscape(incomplete) << "</p>\n";
  }
  for (const ContextDamage& damage : report.context_damage)
    out << "<p class=\"banner context-damage\">" << HtmlEscape(ContextDamageText(damage)) << "</p>\n";
  // A report made under readings other than the defaults says so before anything else.
  for (const SpecUsed& spec : report.specs) {
    if (spec.default_readings) continue;
    out << "<p class=\"banner\">" << HtmlEscape(spec.id) << " revision " << HtmlEscape(spec.revision);
    for (size_t t = 0; t < spec.tables.size(); ++t)
      out << (t == 0 ? ", tables " : ", ") << HtmlEscape(spec.tables[t]);
    out << " was checked under readings other than its defaults:";
    for (const auto& [id, name] : spec.readings) out << ' ' << HtmlEscape(id) << '=' << HtmlEscape(name);
    out << "</p>\n";
  }
  out << "</header>\n";
}

void WriteCodeCounts(std::ostream& out, const Report& report) {
  const auto counts = CodeCounts(report);
  out << "<h3>Violations by code</h3>\n";
  if (counts.empty()) {
    out << "<p class=\"empty\">None.</p>\n";
    return;
  }
  out << "<div class=\"by-code-wrap\">\n<table "
         "class=\"by-code\">\n<thead><tr><th>code</th><th>severity</th><th class=\"num\">violations</th>"
         "</tr></thead>\n<tbody>\n";
  BarsAgainstExpected chart;
  chart.title = "Violations by code";
  chart.x_label = "code";
  chart.y_label = "violations";
  chart.observed_label = "violations";
  for (const auto& [id, count] : counts) {
    const std::string path = "summary.by_code." + id;
    const auto code = ParseCode(id);
    out << "<tr><td><code>" << HtmlEscape(id) << "</code></td>";
    if (code) {
      const Severity severity = Info(*code).severity;
      out << "<td class=\"" << SeverityClass(severity) << "\">" << ToString(severity) << "</td>";
    } else {
      out << "<td></td>";
    }
    FigureCell(out, path, count);
    out << "</tr>\n";
    BarCategory bar;
    bar.label = id;
    bar.observed = static_cast<double>(count);
    bar.figure = path;
    chart.categories.push_back(std::move(bar));
  }
  out << "</tbody>\n</table>\n";
  SvgBarsAgainstExpected(out, chart);
  out << "</div>\n";
}

void WriteInputs(std::ostream& out, const Report& report) {
  out << "<h3>Inputs</h3>\n";
  if (report.inputs.empty()) {
    out << "<p class=\"empty\">None.</p>\n";
    return;
  }
  // Many inputs (a month of daily logs) are folded away, so that the findings stay near the top;
  // never so that an input that could not be read whole goes unseen.
  const std::size_t unread =
      static_cast<std::size_t>(std::count_if(report.inputs.begin(), report.inputs.end(),
                                             [](const InputSummary& input) { return !input.error.empty(); }));
  const bool folded = report.inputs.size() > kInputsShown;
  if (folded) {
    out << "<details class=\"inputs\"" << (unread > 0 ? " open" : "") << "><summary>"
        << Plural(static_cast<int64_t>(report.inputs.size()), "input", "inputs");
    if (unread > 0) out << ", " << std::to_string(unread) << " not read whole";
    out << "</summary>\n";
  }
  out << "<div class=\"table-wrap\"><table class=\"inputs\">\n<thead><tr><th>input</th><th "
         "class=\"num\">lines</th>"
         "<th class=\"num\">rounds</th><th class=\"num\">malformed lines</th><th class=\"num\">blank "
         "lines</th>"
         "<th>first round</th><th>last round</th><th class=\"num\">bytes</th>"
         "<th>sha256</th><th>as read</th></tr></thead>\n<tbody>\n";
  for (std::size_t i = 0; i < report.inputs.size(); ++i) {
    const InputSummary& input = report.inputs[i];
    const std::string path = "inputs." + std::to_string(i) + ".";
    out << "<tr>";
    if (input.path == "-") {
      Figure(out, "td", "", path + "path", "standard input", "-");
    } else {
      Figure(out, "td", "", path + "path", HtmlEscape(input.path));
    }
    FigureCell(out, path + "lines", input.lines);
    FigureCell(out, path + "rounds", input.rounds);
    FigureCell(out, path + "malformed_lines", input.malformed_lines);
    FigureCell(out, path + "blank_lines", input.blank_lines);
    // Provenance: shown where the report has it (a report read back from an older tool may not).
    for (auto [key, value] : {std::pair{"first_round_time", &input.first_round_time},
                              {"last_round_time", &input.last_round_time}}) {
      if (value->empty()) {
        out << "<td></td>";
      } else {
        Figure(out, "td", "", path + key, HtmlEscape(*value));
      }
    }
    if (input.bytes >= 0) {
      FigureCell(out, path + "bytes", input.bytes);
    } else {
      out << "<td></td>";
    }
    if (input.sha256.empty()) {
      out << "<td></td>";
    } else {
      Figure(out, "td", "hash", path + "sha256", HtmlEscape(input.sha256));
    }
    out << "<td>";
    if (input.context) {
      Figure(out, "span", "", path + "context", "context only: read for its shoes and round ids", "true");
      if (!input.error.empty() || !input.dialect.empty()) out << "<br>";
    }
    if (!input.dialect.empty()) {
      out << "read through dialect ";
      Figure(out, "span", "", path + "dialect", HtmlEscape(input.dialect));
      out << " (sha256 ";
      Figure(out, "span", "hash", path + "dialect_sha256", HtmlEscape(input.dialect_sha256));
      out << ")";
      if (!input.error.empty()) out << "<br>";
    }
    if (!input.error.empty()) {
      out << "<b>could not be read whole:</b> ";
      Figure(out, "span", "", path + "error", HtmlEscape(input.error));
    }
    out << "</td></tr>\n";
  }
  out << "</tbody>\n</table></div>\n";
  if (folded) out << "</details>\n";
  if (report.skipped.empty()) return;
  out << "<h3>Files not read</h3>\n<div class=\"table-wrap\"><table class=\"skipped\">\n<thead><tr>"
         "<th>file</th><th>reason</th></tr></thead>\n<tbody>\n";
  for (std::size_t i = 0; i < report.skipped.size(); ++i) {
    const std::string path = "skipped." + std::to_string(i) + ".";
    out << "<tr>";
    Figure(out, "td", "", path + "path", HtmlEscape(report.skipped[i].path));
    Figure(out, "td", "", path + "reason", HtmlEscape(report.skipped[i].reason));
    out << "</tr>\n";
  }
  out << "</tbody>\n</table></div>\n";
}

void WriteSpecs(std::ostream& out, const Report& report) {
  out << "<h3>Rule specs</h3>\n";
  if (report.specs.empty()) {
    out << "<p class=\"empty\">None.</p>\n";
    return;
  }
  // Several specs, each with its readings, are folded away too; never one checked under readings
  // other than its defaults (the header's banner names it as well).
  const std::size_t other_readings = static_cast<std::size_t>(std::count_if(
      report.specs.begin(), report.specs.end(), [](const SpecUsed& spec) { return !spec.default_readings; }));
  const bool folded = report.specs.size() > kSpecsShown;
  if (folded) {
    out << "<details class=\"specs\"" << (other_readings > 0 ? " open" : "") << "><summary>"
        << Plural(static_cast<int64_t>(report.specs.size()), "rule spec", "rule specs");
    if (other_readings > 0) {
      out << ", " << std::to_string(other_readings) << " checked under readings other than the defaults";
    }
    out << "</summary>\n";
  }
  out << "<div class=\"table-wrap\"><table class=\"specs\">\n<thead><tr><th>spec</th><th>revision</th>"
         "<th>file</th><th>sha256</th><th>readings checked under</th></tr></thead>\n<tbody>\n";
  for (std::size_t i = 0; i < report.specs.size(); ++i) {
    const SpecUsed& spec = report.specs[i];
    const std::string path = "specs." + std::to_string(i) + ".";
    out << "<tr>";
    Figure(out, "td", "", path + "id", HtmlEscape(spec.id));
    Figure(out, "td", "", path + "revision", HtmlEscape(spec.revision));
    // The parts it includes under its own file and digest: where each was found, and its sha256.
    out << "<td>";
    if (!spec.path.empty()) Figure(out, "span", "", path + "path", HtmlEscape(spec.path));
    for (std::size_t p = 0; p < spec.parts.size(); ++p) {
      out << "<br>part ";
      Figure(out, "span", "", path + "parts." + std::to_string(p) + ".path", HtmlEscape(spec.parts[p].path));
    }
    out << "</td><td class=\"mono\">";
    Figure(out, "span", "", path + "sha256", HtmlEscape(spec.sha256));
    for (std::size_t p = 0; p < spec.parts.size(); ++p) {
      out << "<br>";
      Figure(out, "span", "", path + "parts." + std::to_string(p) + ".sha256",
             HtmlEscape(spec.parts[p].sha256));
    }
    out << "</td>";
    out << "<td>";
    if (!spec.readings.empty()) {
      Figure(out, "span", spec.default_readings ? "" : "banner", path + "default_readings",
             spec.default_readings ? "the defaults" : "NOT ALL THE DEFAULTS",
             spec.default_readings ? "true" : "false");
      for (const auto& [id, name] : spec.readings) {
        out << "<br>" << HtmlEscape(id) << " = ";
        Figure(out, "span", "", path + "readings." + id, HtmlEscape(name));
      }
    }
    // check --reading auto: the tables checked under these readings.
    for (size_t t = 0; t < spec.tables.size(); ++t) {
      out << (t == 0 ? "<br>tables: " : ", ");
      Figure(out, "span", "", path + "tables." + std::to_string(t), HtmlEscape(spec.tables[t]));
    }
    out << "</td></tr>\n";
  }
  out << "</tbody>\n</table></div>\n";
  if (folded) out << "</details>\n";
}

// One row of the money totals: underpaid and overpaid in words, each with its figure in minor
// units; "too large to represent" where the sum overflowed.
void MoneyRow(std::ostream& out, std::string_view label, const std::string& path, const MoneyTotal& total,
              const std::string& currency) {
  out << "<tr><td>" << label << "</td>";
  Figure(out, "td", "num", path + "underpaid", FormatTotal(total.underpaid, total.overflow, currency),
         std::to_string(total.underpaid));
  Figure(out, "td", "num", path + "overpaid", FormatTotal(total.overpaid, total.overflow, currency),
         std::to_string(total.overpaid));
  FigureCell(out, path + "findings", total.findings);
  out << "<td>";
  if (total.overflow) Figure(out, "span", "", path + "overflow", "a sum too large to represent", "true");
  out << "</td></tr>\n";
}

// The money other faults moved, apart from the payouts above (summary.money_moved): written
// only where a finding says, as the JSON is.
void WriteMoneyMoved(std::ostream& out, const Report& report, const MoneyMovedTotal& moved) {
  if (moved.findings == 0) return;
  const std::string currency = ReportCurrency(report, moved);
  out << "<h3>Money moved by other faults</h3>\n<p class=\"note\">Apart from the payouts above: what faults "
         "other than a settlement&#39;s own error moved (a wager accepted against the rules that then won "
         "or lost, a dealer&#39;s draw against the drawing rules, a double above its limit), player&#39;s "
         "view; figures in minor units of the currency: ";
  if (moved.currency.empty()) {
    out << "<span data-figure=\"summary.money_moved.currency\" data-value=\"\">none named by every "
           "finding</span>";
  } else {
    Figure(out, "span", "", "summary.money_moved.currency", HtmlEscape(moved.currency));
  }
  if (moved.mixed_currencies) {
    out << " (";
    Figure(out, "span", "", "summary.money_moved.mixed_currencies",
           "findings in several currencies, added up as minor units", "true");
    out << ")";
  }
  out << ".</p>\n<div class=\"table-wrap\"><table class=\"money-moved\">\n<thead><tr><th></th><th "
         "class=\"num\">to players</th><th class=\"num\">to the house</th><th class=\"num\">findings</th>"
         "</tr></thead>\n<tbody>\n<tr><td><b>all</b></td>";
  Figure(out, "td", "num", "summary.money_moved.to_player",
         HtmlEscape(FormatMoney(moved.to_player, currency)), moved.to_player.ToString());
  Figure(out, "td", "num", "summary.money_moved.to_house", HtmlEscape(FormatMoney(moved.to_house, currency)),
         moved.to_house.ToString());
  FigureCell(out, "summary.money_moved.findings", moved.findings);
  out << "</tr>\n</tbody>\n</table></div>\n";
}

void WriteMoney(std::ostream& out, const Report& report) {
  const MoneyTotals totals = TotalMoney(report);
  const std::string currency = ReportCurrency(report, totals);
  out << "<h3>Money paid wrongly</h3>\n<p class=\"note\">What the findings that move money say the players "
         "were underpaid and overpaid (player&#39;s view); figures in minor units of the currency: ";
  if (totals.currency.empty()) {
    // The JSON's null: an empty data-value.
    out << "<span data-figure=\"summary.money.currency\" data-value=\"\">none named by every finding</span>";
  } else {
    Figure(out, "span", "", "summary.money.currency", HtmlEscape(totals.currency));
  }
  if (totals.mixed_currencies) {
    out << " (";
    Figure(out, "span", "", "summary.money.mixed_currencies",
           "findings in several currencies, added up as minor units", "true");
    out << ")";
  }
  out << ".</p>\n";
  constexpr std::string_view kOpen =
      "<div class=\"table-wrap\"><table class=\"money\">\n<thead><tr><th></th><th "
      "class=\"num\">underpaid</th>"
      "<th class=\"num\">overpaid</th><th class=\"num\">findings</th><th></th></tr></thead>\n<tbody>\n";
  out << kOpen;
  MoneyRow(out, "<b>all</b>", "summary.money.", totals.all, currency);
  // Past kTablesListed tables, those with the most findings that move money (and the findings
  // of no table).
  std::vector<const std::pair<const std::string, MoneyTotal>*> tables;
  for (const auto& entry : totals.by_table) {
    if (!entry.first.empty()) tables.push_back(&entry);
  }
  const std::vector<std::size_t> listed = FirstInOrder(
      tables.size(), kTablesListed,
      [&](std::size_t a, std::size_t b) { return tables[a]->second.findings > tables[b]->second.findings; });
  std::map<std::string, MoneyTotal> listed_tables;
  for (std::size_t i : listed) listed_tables.insert(*tables[i]);
  if (auto none = totals.by_table.find(""); none != totals.by_table.end()) listed_tables.insert(*none);
  const std::map<std::string, MoneyTotal>& by_table = listed_tables;
  // A long breakdown (a month of days, many tables) is folded away below the totals.
  const std::size_t breakdown = by_table.size() + totals.by_day.size() + totals.by_wager.size();
  const bool folded = breakdown > kMoneyRowsShown;
  if (folded) {
    out << "</tbody>\n</table></div>\n<details class=\"money\"><summary>by table, day and wager ("
        << Plural(static_cast<int64_t>(breakdown), "row", "rows") << ")</summary>\n";
    if (listed.size() < tables.size()) {
      int64_t left_out = 0;
      for (const auto* entry : tables) left_out += entry->second.findings;
      for (std::size_t i : listed) left_out -= tables[i]->second.findings;
      out << "<p class=\"note left-out\">The " << Thousands(static_cast<int64_t>(listed.size()))
          << " tables with the most findings that move money are listed, of "
          << Thousands(static_cast<int64_t>(tables.size())) << "; the other "
          << Thousands(static_cast<int64_t>(tables.size() - listed.size())) << " tables and their "
          << Counted(left_out, "finding", "findings")
          << " are in the totals above and in the JSON report&#39;s summary.money.by_table.</p>\n";
    }
    out << kOpen;
  }
  for (const auto& [title, key, by, none] :
       {std::tuple{"table", "by_table", &by_table, "(no table)"},
        std::tuple{"day", "by_day", &totals.by_day, "(no time)"},
        std::tuple{"wager", "by_wager", &totals.by_wager, "(no wager)"}}) {
    for (const auto& [name, total] : *by) {
      MoneyRow(out, std::string(title) + " " + (name.empty() ? std::string(none) : HtmlEscape(name)),
               std::string("summary.money.") + key + "." + name + ".", total, currency);
    }
  }
  out << "</tbody>\n</table></div>\n";
  if (folded) out << "</details>\n";
  WriteMoneyMoved(out, report, totals.moved);
}

void WriteSummary(std::ostream& out, const Report& report) {
  out << "<section id=\"summary\">\n<h2>Summary</h2>\n";
  // What the rounds say of the readings the house deals under, first (#readings-inferred).
  for (const std::string& line : ReadingLeadLines(report))
    out << "<p class=\"banner\">" << HtmlEscape(line) << "</p>\n";
  out << "<div class=\"figures\">\n";
  const auto figure = [&](std::string_view path, int64_t n, std::string_view label) {
    out << "<div class=\"figure\">";
    Figure(out, "b", "", path, std::to_string(n));
    out << label << "</div>\n";
  };
  figure("summary.rounds", report.rounds, "rounds checked");
  figure("summary.rounds_with_violations", report.rounds_with_violations, "rounds with violations");
  figure("summary.violations", static_cast<int64_t>(report.violations.size()), "violations");
  out << "</div>\n";
  WriteCodeCounts(out, report);
  WriteMoney(out, report);
  WriteInputsAndSpecsHtml(out, report);
  out << "</section>\n";
}

// The columns of the findings table not shown at first, in words: "input, line, ... and message".
std::string HiddenColumnsText() {
  std::vector<std::string> hidden;
  for (const std::string_view key : kFindingKeys) {
    if (std::find(kFindingKeysShown.begin(), kFindingKeysShown.end(), key) == kFindingKeysShown.end())
      hidden.emplace_back(key);
  }
  return ListWords(hidden, " and ");
}

void WriteFindings(std::ostream& out, const Report& report) {
  out << "<section id=\"findings\">\n<h2>Findings</h2>\n"
         "<p class=\"note\">Every violation, in the order found. Expected and actual are shown with their "
         "unit, money in its currency where the finding names one (the JSON report has them in minor units); "
         "overpaid and underpaid are what the player was paid wrongly. reading_dependent names the "
         "ambiguities "
         "under another reading of which the finding would not be a violation, cleared_by those readings. "
         "rules names the rule set the round was checked under, beside its revision. money_moved is "
         "what the fault moved apart from a settlement&#39;s own error (money_to: to the player or to "
         "the house). The event column: "
      << HtmlEscape(kEventConvention)
      << ". Consequences are the later effects of the same cause, counted under the finding; "
         "consequence_list names them one by one where they are. The table shows a page of findings at a "
         "time, in any order (a click on a column&#39;s head sorts by it): the search above it finds any "
         "finding by its round id or by text (in every column, shown or not), where "
         "the browser&#39;s own Find sees the page shown only. It shows the columns an auditor reads "
         "first; <i>columns</i>, above it, shows the others ("
      << HiddenColumnsText() << ") or hides any.</p>\n";
  WriteFindingsHtml(out, report.violations, "violations");
  if (report.violations.empty()) out << "<p class=\"empty\">No violations.</p>\n";
  out << "</section>\n";
}

// Counts per gaming table. Report counts rounds per input, not per table, so
// only violations are counted here.
void WritePerTable(std::ostream& out, const Report& report) {
  struct TableCounts {
    int64_t violations = 0;
    std::array<int64_t, kSeverities.size()> by_severity{};
    std::map<std::string, int64_t> by_code;
  };
  std::map<std::string, TableCounts> tables;  // by table id; "" for lines that named none
  for (const Finding& finding : report.violations) {
    const CodeInfo& info = Info(finding.code);
    TableCounts& counts = tables[finding.table];
    ++counts.violations;
    ++counts.by_severity[static_cast<std::size_t>(info.severity)];
    ++counts.by_code[std::string(info.id)];
  }
  out << "<section id=\"per-table\">\n<h2>Per table</h2>\n";
  if (tables.empty()) {
    out << "<p class=\"empty\">No violations.</p>\n</section>\n";
    return;
  }
  // Past kTablesListed tables, those with the most violations (the lines that named none aside).
  std::vector<const std::pair<const std::string, TableCounts>*> named;
  for (const auto& entry : tables) {
    if (!entry.first.empty()) named.push_back(&entry);
  }
  const std::vector<std::size_t> listed =
      FirstInOrder(named.size(), kTablesListed, [&](std::size_t a, std::size_t b) {
        return named[a]->second.violations > named[b]->second.violations;
      });
  out << "<p class=\"note\">Violations per gaming table, by severity and by code (most frequent first). "
         "Rounds are counted per input, not per table.</p>\n";
  if (listed.size() < named.size()) {
    int64_t left_out = 0;
    for (const auto* entry : named) left_out += entry->second.violations;
    for (std::size_t i : listed) left_out -= named[i]->second.violations;
    out << "<p class=\"note left-out\">The " << Thousands(static_cast<int64_t>(listed.size()))
        << " tables with the most violations are listed, of " << Thousands(static_cast<int64_t>(named.size()))
        << " tables with violations; the other "
        << Thousands(static_cast<int64_t>(named.size() - listed.size())) << " tables and their "
        << Counted(left_out, "violation", "violations")
        << " are left out of this table. The findings filter by table, and the JSON report (<code>--format "
           "json</code>) counts every table.</p>\n";
  }
  out << "<div class=\"table-wrap\"><table class=\"per-table\">\n<thead><tr><th>table</th>"
         "<th class=\"num\">violations</th>";
  for (const Severity severity : kSeverities) out << "<th class=\"num\">" << ToString(severity) << "</th>";
  out << "<th>by code</th></tr></thead>\n<tbody>\n";
  // The lines that named no table come last.
  std::vector<const std::pair<const std::string, TableCounts>*> order;
  for (std::size_t i : listed) order.push_back(named[i]);
  if (tables.contains("")) order.push_back(&*tables.find(""));
  for (const auto* entry : order) {
    const auto& [table, counts] = *entry;
    out << "<tr data-table=\"" << HtmlEscape(table) << "\">";
    if (table.empty()) {
      out << "<td class=\"no-table\">(no table)</td>";
    } else {
      out << "<td>" << HtmlEscape(table) << "</td>";
    }
    out << "<td class=\"num\">" << std::to_string(counts.violations) << "</td>";
    for (const int64_t n : counts.by_severity) {
      out << "<td class=\"num" << (n == 0 ? " zero" : "") << "\">" << std::to_string(n) << "</td>";
    }
    std::vector<std::pair<std::string, int64_t>> codes(counts.by_code.begin(), counts.by_code.end());
    std::stable_sort(codes.begin(), codes.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    out << "<td>";
    for (const auto& [id, n] : codes) {
      out << "<span class=\"chip\" data-code=\"" << HtmlEscape(id) << "\"><code>" << HtmlEscape(id)
          << "</code> <b>" << std::to_string(n) << "</b></span>";
    }
    out << "</td></tr>\n";
  }
  out << "</tbody>\n</table></div>\n</section>\n";
}

void WriteAmbiguities(std::ostream& out, const Report& report) {
  out << "<section id=\"ambiguities\">\n<h2>Ambiguities</h2>\n";
  if (report.ambiguities.empty()) {
    out << "<p class=\"empty\">None.</p>\n</section>\n";
    return;
  }
  const std::string currency = ReportCurrency(report, TotalMoney(report));
  out << "<p class=\"note\">Rounds whose correct settlement depends on how an unclear clause is read. Net "
         "difference: the players&#39; net under that reading minus under the default ("
      << HtmlEscape(kNetConvention)
      << "), in the report&#39;s currency where known (the JSON report has it in minor units). Findings "
         "cleared: the findings of this report that are not violations under that reading.</p>\n"
         "<div class=\"table-wrap\"><table "
         "class=\"ambiguities\">\n<thead><tr><th>ambiguity</th><th>spec</th><th>revision</th>"
         "<th>clause</th><th>reading</th><th>default</th><th>checked under</th>"
         "<th class=\"num\">rounds settled differently</th><th class=\"num\">findings cleared</th>"
         "<th class=\"num\">net difference</th></tr></thead>\n<tbody>\n";
  for (std::size_t a = 0; a < report.ambiguities.size(); ++a) {
    const AmbiguityImpact& ambiguity = report.ambiguities[a];
    const std::string path = "ambiguities." + std::to_string(a) + ".";
    const std::size_t rows = std::max<std::size_t>(1, ambiguity.readings.size());
    const std::string span = rows > 1 ? " rowspan=\"" + std::to_string(rows) + "\"" : "";
    // The ambiguity's cells span its readings' rows.
    const auto spanning = [&](std::string_view key, const std::string& text,
                              std::string_view css_class = {}) {
      out << "<td" << span;
      if (!css_class.empty()) out << " class=\"" << css_class << '"';
      out << " data-figure=\"" << path << key << "\">" << HtmlEscape(text) << "</td>";
    };
    out << "<tr>";
    spanning("id", ambiguity.id);
    spanning("spec", ambiguity.spec);
    spanning("revision", ambiguity.revision, "nowrap");
    spanning("clause", ambiguity.clause);
    if (ambiguity.readings.empty()) out << "<td></td><td></td><td></td><td></td><td></td><td></td></tr>\n";
    for (std::size_t r = 0; r < ambiguity.readings.size(); ++r) {
      const ReadingImpact& reading = ambiguity.readings[r];
      const std::string reading_path = path + "readings." + std::to_string(r) + ".";
      if (r > 0) out << "<tr>";
      Figure(out, "td", "", reading_path + "name", HtmlEscape(reading.name));
      Figure(out, "td", "", reading_path + "default", reading.is_default ? "yes" : "",
             reading.is_default ? "true" : "false");
      if (reading.in_force) {
        Figure(out, "td", "", reading_path + "in_force", "yes", "true");
      } else {
        out << "<td></td>";
      }
      FigureCell(out, reading_path + "rounds_settled_differently", reading.rounds_settled_differently);
      FigureCell(out, reading_path + "findings_cleared", reading.findings_cleared);
      Figure(out, "td", reading.net_difference == 0 ? "num zero" : "num", reading_path + "net_difference",
             HtmlEscape(FormatSignedMoney(reading.net_difference, currency)),
             reading.net_difference.ToString());
      out << "</tr>\n";
    }
  }
  out << "</tbody>\n</table></div>\n</section>\n";
}

// The entries of report.readings_inferred the page lists and embeds (indexes, in order): every
// one, or past kTablesListed tables those of the tables that most need reading: one dealing an
// ambiguity under a reading other than the one checked, switching or mixed first, then those
// with the most findings, then those with the most rounds that tell the readings apart.
std::vector<std::size_t> ReadingsListed(const Report& report) {
  const std::vector<ReadingInferred>& entries = report.readings_inferred;
  struct Table {
    bool dealt_otherwise = false;
    int64_t findings = 0;
    int64_t telling = 0;
  };
  std::map<std::string_view, std::size_t> index;  // a table's place in `tables`
  std::vector<Table> tables;
  std::vector<std::size_t> table_of(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const ReadingInferred& r = entries[i];
    const auto [it, fresh] = index.emplace(r.table, tables.size());
    if (fresh) tables.emplace_back();
    table_of[i] = it->second;
    Table& t = tables[it->second];
    t.dealt_otherwise |=
        r.status == "switches" || r.status == "mixed" || r.findings_explained > 0 ||
        (r.status == "inferred" && r.readings.size() == 1 && r.readings.front() != r.checked);
    // other_findings is the table's, on each of its entries.
    t.findings = std::max(t.findings, r.findings_explained + r.other_findings);
    t.telling += r.rounds_distinguishing;
  }
  const std::vector<std::size_t> listed =
      FirstInOrder(tables.size(), kTablesListed, [&](std::size_t a, std::size_t b) {
        return std::tuple(tables[a].dealt_otherwise, tables[a].findings, tables[a].telling) >
               std::tuple(tables[b].dealt_otherwise, tables[b].findings, tables[b].telling);
      });
  std::vector<bool> kept(tables.size(), false);
  for (std::size_t t : listed) kept[t] = true;
  std::vector<std::size_t> shown;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (kept[table_of[i]]) shown.push_back(i);
  }
  return shown;
}

// Which reading each table deals each ambiguity under (report.readings_inferred), a row an
// entry of `listed` (ReadingsListed), each at its place in the page's JSON; the report's first
// lines (ReadingLeadLines) say what of it an auditor reads first.
void WriteReadingsInferred(std::ostream& out, const Report& report, const std::vector<std::size_t>& listed) {
  out << "<section id=\"readings-inferred\">\n<h2>Which reading each table deals under</h2>\n";
  if (report.readings_inferred.empty()) {
    out << "<p class=\"empty\">None.</p>\n</section>\n";
    return;
  }
  if (listed.size() < report.readings_inferred.size()) {
    std::set<std::string_view> all, shown;
    for (const ReadingInferred& r : report.readings_inferred) all.insert(r.table);
    for (std::size_t i : listed) shown.insert(report.readings_inferred[i].table);
    std::map<std::string_view, int64_t> by_status;  // of the entries left out
    for (const ReadingInferred& r : report.readings_inferred) {
      if (!shown.contains(r.table)) ++by_status[r.status];
    }
    std::string statuses;
    for (const auto& [status, n] : by_status)
      statuses += (statuses.empty() ? "" : ", ") + Thousands(n) + " " + HtmlEscape(status);
    out << "<p class=\"note left-out\">The " << Thousands(static_cast<int64_t>(shown.size()))
        << " tables that most need reading are listed, of " << Thousands(static_cast<int64_t>(all.size()))
        << ": those dealing an ambiguity under another reading than the one checked, switching or mixed "
           "first, then those with the most findings, then those with the most rounds that tell the "
           "readings apart. The other "
        << Thousands(static_cast<int64_t>(all.size() - shown.size())) << " tables&#39; "
        << Thousands(static_cast<int64_t>(report.readings_inferred.size() - listed.size())) << " entries ("
        << statuses
        << ") are left out of this page and of its data (readings_inferred_left_out); the JSON report "
           "(<code>--format json</code>) has every one.</p>\n";
  }
  out << "<p class=\"note\">For each table and ambiguity, the rounds that tell its readings apart (some "
         "reading finds in them what another does not) and the readings each is consistent with (none "
         "of its findings is that reading&#39;s own). Explained: the findings under the reading checked "
         "that the reading the table deals explains, counted under one reading/not-checked or "
         "reading/switch finding.</p>\n<div class=\"table-wrap\"><table class=\"readings-inferred\">\n"
         "<thead><tr><th>table</th><th>spec</th><th>revision</th><th>ambiguity</th><th>checked</th>"
         "<th>status</th><th>reading</th><th>consistent with</th><th class=\"num\">rounds telling</th>"
         "<th>rounds consistent</th><th class=\"num\">with none</th><th>stretches</th>"
         "<th class=\"num\">findings explained</th><th class=\"num\">rounds explained</th>"
         "<th>explained money</th><th class=\"num\">other findings</th></tr></thead>\n<tbody>\n";
  for (std::size_t k = 0; k < listed.size(); ++k) {
    const ReadingInferred& r = report.readings_inferred[listed[k]];
    const std::string path = "readings_inferred." + std::to_string(k) + ".";
    out << "<tr>";
    Figure(out, "td", "", path + "table", HtmlEscape(r.table));
    Figure(out, "td", "", path + "spec", HtmlEscape(r.spec));
    Figure(out, "td", "nowrap", path + "revision", HtmlEscape(r.revision));
    Figure(out, "td", "", path + "ambiguity", HtmlEscape(r.ambiguity));
    Figure(out, "td", "", path + "checked", HtmlEscape(r.checked));
    Figure(out, "td", "", path + "status", HtmlEscape(r.status));
    const bool one = r.status == "inferred" && r.readings.size() == 1;
    Figure(out, "td", "", path + "reading", one ? HtmlEscape(r.readings.front()) : "");
    out << "<td>";
    for (std::size_t k = 0; k < r.readings.size(); ++k) {
      if (k > 0) out << ", ";
      Figure(out, "span", "", path + "consistent_with." + std::to_string(k), HtmlEscape(r.readings[k]));
    }
    out << "</td>";
    FigureCell(out, path + "rounds_distinguishing", r.rounds_distinguishing);
    out << "<td>";
    for (std::size_t k = 0; k < r.rounds_consistent.size(); ++k) {
      if (k > 0) out << "<br>";
      out << HtmlEscape(r.rounds_consistent[k].first) << ": ";
      Figure(out, "span", "", path + "rounds_consistent." + r.rounds_consistent[k].first,
             std::to_string(r.rounds_consistent[k].second));
    }
    out << "</td>";
    FigureCell(out, path + "rounds_consistent_with_none", r.rounds_consistent_with_none);
    out << "<td>";
    for (std::size_t k = 0; k < r.runs.size(); ++k) {
      const ReadingRun& run = r.runs[k];
      const std::string at = path + "runs." + std::to_string(k) + ".";
      if (k > 0) out << "<br>";
      for (std::size_t n = 0; n < run.readings.size(); ++n) {
        if (n > 0) out << " or ";
        Figure(out, "span", "", at + "readings." + std::to_string(n), HtmlEscape(run.readings[n]));
      }
      out << ": ";
      Figure(out, "span", "", at + "rounds", std::to_string(run.rounds));
      out << " rounds, round ";
      Figure(out, "span", "", at + "first_round", HtmlEscape(run.first_round));
      out << " (";
      Figure(out, "span", "", at + "first_input", HtmlEscape(run.first_input));
      out << ':';
      Figure(out, "span", "", at + "first_line", std::to_string(run.first_line));
      out << ", ";
      Figure(out, "span", "nowrap", at + "first_time", HtmlEscape(run.first_time));
      out << ") to round ";
      Figure(out, "span", "", at + "last_round", HtmlEscape(run.last_round));
      out << " (";
      Figure(out, "span", "nowrap", at + "last_time", HtmlEscape(run.last_time));
      out << ')';
    }
    out << "</td>";
    FigureCell(out, path + "findings_explained", r.findings_explained);
    FigureCell(out, path + "rounds_explained", r.rounds_explained);
    out << "<td>underpaid ";
    Figure(out, "span", "", path + "explained_money.underpaid",
           HtmlEscape(FormatMoney(r.explained_underpaid, r.currency)), std::to_string(r.explained_underpaid));
    out << ", overpaid ";
    Figure(out, "span", "", path + "explained_money.overpaid",
           HtmlEscape(FormatMoney(r.explained_overpaid, r.currency)), std::to_string(r.explained_overpaid));
    if (r.explained_overflow) {
      out << ' ';
      Figure(out, "span", "", path + "explained_money.overflow", "(too large to represent)", "true");
    }
    if (!r.currency.empty()) {
      out << " (";
      Figure(out, "span", "", path + "explained_money.currency", HtmlEscape(r.currency));
      out << ')';
    }
    out << "</td>";
    FigureCell(out, path + "other_findings", r.other_findings);
    out << "</tr>\n";
  }
  out << "</tbody>\n</table></div>\n</section>\n";
}

// The statistics groups the page embeds, in their order: each rule set's (every table
// together) and each table's, or past kTablesListed tables, those of the tables whose tests
// fail or come nearest: the most failed across the report, then alone, then the least p-value.
std::vector<const StatsGroup*> GroupsListed(const StatsReport& stats) {
  std::vector<const StatsGroup*> tables;
  std::vector<std::tuple<int, int, double>> rank;  // of each of tables
  for (const StatsGroup& g : stats.groups) {
    if (g.table.empty()) continue;
    int failed = 0, alone = 0;
    double least = 1;
    for (const StatTest& t : g.tests) {
      if (!t.applicable) continue;
      failed += !t.pass;
      alone += !t.pass_alone;
      least = std::min(least, t.p_value);
    }
    tables.push_back(&g);
    rank.emplace_back(failed, alone, -least);
  }
  const std::vector<std::size_t> listed = FirstInOrder(
      tables.size(), kTablesListed, [&](std::size_t a, std::size_t b) { return rank[a] > rank[b]; });
  std::set<const StatsGroup*> kept;
  for (std::size_t i : listed) kept.insert(tables[i]);
  std::vector<const StatsGroup*> groups;
  for (const StatsGroup& g : stats.groups) {
    if (g.table.empty() || kept.contains(&g)) groups.push_back(&g);
  }
  return groups;
}

// The statistics of the rounds checked, per rule set: every table together (the
// stats page has each table's too). Its figures are paths into the groups array the page
// embeds, `listed` (GroupsListed).
void WriteStatistics(std::ostream& out, const StatusOr<StatsReport>& stats,
                     const std::vector<const StatsGroup*>& listed) {
  out << "<section id=\"statistics\" data-json=\"" << kStatsJsonId << "\">\n<h2>Statistics</h2>\n";
  if (!stats.ok()) {
    out << "<p class=\"empty\">Not computed: " << HtmlEscape(stats.status().message())
        << "</p>\n</section>\n";
    return;
  }
  if (stats->groups.empty()) {
    out << "<p class=\"empty\">No rounds to test.</p>\n</section>\n";
    return;
  }
  const int tests = stats->tests();
  out << "<p class=\"note\">The tests of <code>pitboss stats</code> on the rounds checked, per rule set, "
         "every table together (<code>pitboss stats --format html</code> shows each table too): do the "
         "cards look like fair shuffles of the shoe, and does the money returned agree with the theory? "
         "Each test is judged at the 99% confidence level alone, and across the report by Holm&#39;s "
         "correction over all "
      << Plural(tests, "test", "tests") << " of every rule set and table: " << std::to_string(stats->failed())
      << " failed across the report, " << std::to_string(stats->failed_alone())
      << " alone. They do not change this report&#39;s verdict or exit status.</p>\n";
  const auto tables = stats->tables_left_out + static_cast<int64_t>(std::count_if(
                                                   stats->groups.begin(), stats->groups.end(),
                                                   [](const StatsGroup& g) { return !g.table.empty(); }));
  const auto tables_listed = static_cast<int64_t>(
      std::count_if(listed.begin(), listed.end(), [](const StatsGroup* g) { return !g->table.empty(); }));
  if (tables_listed < tables) {
    out << "<p class=\"note left-out\">The page&#39;s data holds the statistics of each rule set, every "
           "table "
           "together, and of the "
        << Thousands(tables_listed) << " tables, of " << Thousands(tables)
        << ", whose tests fail or come nearest failing; the other " << Thousands(tables - tables_listed)
        << " tables&#39; are left out of it (their tests count all the same in the correction above): "
           "<code>pitboss stats --format json</code> or <code>--format html</code> has each "
           "table&#39;s.</p>\n";
  }
  bool first = true;
  for (std::size_t g = 0; g < listed.size(); ++g) {
    const StatsGroup& group = *listed[g];
    if (!group.table.empty()) continue;
    const std::string path = std::to_string(g) + ".";
    out << "<h3>";
    Figure(out, "span", "", path + "spec", HtmlEscape(group.spec));
    out << ": ";
    Figure(out, "span", "", path + "rounds", std::to_string(group.rounds));
    out << (group.rounds == 1 ? " round" : " rounds") << "</h3>\n";
    WriteStatsTestsHtml(out, group, path, false);
    WriteStatsPlotsHtml(out, group, path, first);
    first = false;
  }
  out << "</section>\n";
}

// The page, with a statistics section where `stats` is given.
void WritePage(const Report& report, const StatusOr<StatsReport>* stats, std::ostream& out) {
  const auto violations = static_cast<int64_t>(report.violations.size());
  HtmlPage page;
  page.title = "pitboss check: " +
               (violations == 0 ? std::string(report.not_checked.empty()
                                                  ? "no violations"
                                                  : "no violations found by the checks that could run")
                                : Plural(violations, "violation", "violations")) +
               " in " + Plural(report.rounds, "round", "rounds");
  page.extra_css = std::string(assets::kCheckCss) + std::string(assets::kFindingsCss);
  if (stats != nullptr) page.extra_css += StatsHtmlCss();
  page.scripts = {std::string(HtmlFindingsScript())};

  WriteHtmlPageBegin(page, out);
  WriteHeader(out, report, stats != nullptr);
  out << "<main>\n";
  if (!report.not_checked.empty()) {
    // Checks that did not run are said before anything that could read as a pass.
    out << "<section id=\"not-run\">\n<h2>Checks not run</h2>\n<p>" << HtmlEscape(NotRunText(report))
        << ".</p>\n<table>\n<thead><tr><th>check</th><th>lacks</th><th>why</th><th>dialect</th>"
           "<th class=\"num\">findings withheld</th></tr></thead>\n<tbody>\n";
    for (const NotCheckedCode& n : report.not_checked) {
      out << "<tr><td><code>" << HtmlEscape(n.code) << "</code></td><td>" << HtmlEscape(n.lacks)
          << "</td><td>" << HtmlEscape(n.why) << "</td><td>" << HtmlEscape(n.dialect)
          << "</td><td class=\"num\">" << n.withheld << "</td></tr>\n";
    }
    out << "</tbody>\n</table>\n</section>\n";
  }
  WriteSummary(out, report);
  WriteFindings(out, report);
  WritePerTable(out, report);
  WriteAmbiguities(out, report);
  // Past kTablesListed tables, the page lists and embeds some tables' entries only (each part
  // says how many it leaves out): a part never holds a row or group of every table.
  const std::vector<std::size_t> readings = ReadingsListed(report);
  WriteReadingsInferred(out, report, readings);
  const std::vector<const StatsGroup*> groups =
      stats != nullptr && stats->ok() ? GroupsListed(**stats) : std::vector<const StatsGroup*>{};
  if (stats != nullptr) WriteStatistics(out, *stats, groups);
  out << "</main>\n";
  WriteReportJsonHtml(
      out,
      [&](std::ostream& json) {
        if (readings.size() < report.readings_inferred.size()) {
          WriteJsonReport(report, readings, json);
        } else {
          WriteJsonReport(report, json);
        }
      },
      "violations");
  if (stats != nullptr && stats->ok()) {
    WriteHtmlJson(out, kStatsJsonId, [&groups](std::ostream& json) {
      JsonWriter writer(json);
      WriteStatsGroupsJson(writer, groups);
    });
  }
  WriteHtmlPageEnd(page, out);
}

}  // namespace

std::string_view FindingsHtmlCss() { return assets::kFindingsCss; }

namespace {

// The findings view (html.h's HtmlFindingsScript) over any sequence of findings: `each(visit)`
// calls visit on each in order. The rows come from the page's JSON, so only the table's head
// and the ISO 4217 digits of the currencies the findings name are written here.
template <typename Each>
void WriteFindingsView(std::ostream& out, Each each, std::string_view rows_path) {
  std::map<std::string, int> digits;
  bool any = false;
  each([&](const Finding& finding) {
    any = true;
    if (finding.currency.empty() || digits.contains(finding.currency)) return;
    if (const std::optional<int> n = MinorUnitDigits(finding.currency)) digits.emplace(finding.currency, *n);
  });
  if (!any) return;
  std::ostringstream currencies;
  JsonWriter json(currencies);
  json.BeginObject();
  for (const auto& [currency, n] : digits) json.Key(currency).Int(n);
  json.EndObject();
  out << "<div class=\"findings-view\" data-json=\"" << kJsonId << "\" data-noun=\"findings\" "
      << "data-currency-digits=\"" << HtmlEscape(currencies.view()) << "\">\n"
      << "<div class=\"table-wrap\"><table class=\"findings\">\n<thead><tr>";
  for (const std::string_view key : kFindingKeys) {
    // The header names the key; "reading dependent" may wrap.
    std::string label(key);
    std::replace(label.begin(), label.end(), '_', ' ');
    const bool shown =
        std::find(kFindingKeysShown.begin(), kFindingKeysShown.end(), key) != kFindingKeysShown.end();
    out << "<th data-key=\"" << key << (shown ? "\">" : "\" hidden>") << label << "</th>";
  }
  out << "</tr></thead>\n<tbody data-rows=\"" << HtmlEscape(rows_path) << "\"></tbody>\n</table></div>\n"
      << "<noscript><p class=\"note\">The table of findings needs JavaScript, which is off: every "
         "finding is in the JSON embedded at the end of this page (the script element with id "
      << kJsonId
      << ", its findings in the compact form that <code>src/report/html.h</code> describes), and "
         "<code>--format json</code> writes the report alone.</p></noscript>\n</div>\n";
}

}  // namespace

void WriteFindingsHtml(std::ostream& out, const FindingStore& findings, std::string_view rows_path) {
  WriteFindingsView(
      out,
      [&findings](const auto& visit) {
        for (const Finding& f : findings) visit(f);
      },
      rows_path);
}

void WriteFindingsHtml(std::ostream& out, const std::vector<const Finding*>& findings,
                       std::string_view rows_path) {
  WriteFindingsView(
      out,
      [&findings](const auto& visit) {
        for (const Finding* f : findings) visit(*f);
      },
      rows_path);
}

void WriteReportJsonHtml(std::ostream& out, const std::function<void(std::ostream&)>& write,
                         std::string_view findings_member) {
  WriteHtmlJson(out, kJsonId, write,
                CompactArray{findings_member, {kSharedFindingKeys.begin(), kSharedFindingKeys.end()}});
}

void WriteInputsAndSpecsHtml(std::ostream& out, const Report& report) {
  WriteInputs(out, report);
  WriteSpecs(out, report);
}

void WriteHtmlReport(const Report& report, std::ostream& out) { WritePage(report, nullptr, out); }

void WriteHtmlReport(const Report& report, const StatusOr<StatsReport>& stats, std::ostream& out) {
  WritePage(report, &stats, out);
}

}  // namespace pitboss
