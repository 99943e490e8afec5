// Pieces of the HTML pages pitboss writes (check's --format html, and any later
// page): escaping, the page skeleton, embedded JSON data, the table filter
// script and two inline-SVG plots.
//
// Every page is one self-contained file: no fonts, scripts, styles or images
// from anywhere else, so it works offline and can be attached to an email. The
// skeleton's Content-Security-Policy enforces that in the browser: nothing is
// fetched, and only the page's own inline scripts (pinned by their SHA-256) run.
// The stylesheet and the scripts are CSS and JavaScript files, src/report/assets/,
// embedded byte for byte at build time (cmake/embed_assets.cmake says which is what).
//
// Output is deterministic: the same input gives the same bytes. Numbers are
// written with std::to_chars, which ignores the locale.
//
// Page conventions, which tests read back mechanically:
//   - data-figure="PATH": the element shows the figure at PATH of the page's
//     embedded JSON, PATH being keys and array indices joined by '.'
//     ("summary.violations", "inputs.0.lines"). The figure is the element's
//     data-value attribute where it has one (a figure shown as "+12" or "yes"),
//     otherwise its text.
//   - data-rows="PATH" on a <tbody>: its row i shows element i of the array
//     at PATH, and cell j of a row the member named by the data-key attribute
//     of header cell j: the cell's data-value where it has one (an amount
//     shown in words, "USD 5.00", with its figure 500), otherwise its text
//     (empty where the member is null or absent; an array's elements joined by
//     ", "; an object {"ambiguity":A,"readings":[R1,R2]} as "A=R1, A=R2"; a
//     finding's consequence_list as "round R, event E, card C (INPUT:LINE)" for
//     each consequence, joined by "; ").
//   - A findings view (HtmlFindingsScript) renders its rows from the page's
//     JSON: each row it shows carries data-index="I", and shows element I of
//     the array at its tbody's data-rows path, cell by cell as above.
//   - Log text is shown as HtmlEscape leaves it: control characters as the
//     escapes of --format text (\n, \x1b, \u0085).
//
// Compact arrays: a page's JSON may hold an array of objects (the findings of a
// report, tens of thousands of them, most members repeating) in this form:
//   {"compact":1,"rows":[[K,V1,V2,...],...],"keys":[[KEY1,KEY2,...],...],
//    "values":{"KEY2":[VALUE0,VALUE1,...],...}}
// Row i is element i of the array: an object whose members are named, in
// order, by the list keys[K]; member j's value is Vj, or, where its name has a
// list in "values", the element Vj of that list. Every value is the JSON the
// array held, byte for byte. A data-figure or data-rows path goes through a
// compact array as through the array it stands for.
#ifndef PITBOSS_REPORT_HTML_H_
#define PITBOSS_REPORT_HTML_H_

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace pitboss {

// `text` made safe as HTML text and as an attribute value in single or double
// quotes: & < > " ' as character references; newline, carriage return and tab
// as \n, \r and \t, every other control character as \xNN (ASCII, DEL
// included) or \uXXXX (C1 controls), and the noncharacters HTML rejects
// (U+FDD0..U+FDEF, U+xFFFE, U+xFFFF) as \uXXXX; each ill-formed UTF-8 sequence
// becomes U+FFFD. Everything else, UTF-8 included, passes through.
std::string HtmlEscape(std::string_view text);

// `value` in the shortest form that reads back to the same double in C++,
// Python and JavaScript ("13", "0.25", "1e-07"); NaN as "NaN", infinities as
// "Infinity" and "-Infinity", negative zero as "0".
std::string FormatNumber(double value);

// One page. Scripts are written at the end of <body>, in this order, after
// the markup they work on; the head's Content-Security-Policy allows exactly
// these and the stylesheet, by hash.
struct HtmlPage {
  std::string title;                 // plain text
  std::string extra_css;             // appended to the page's stylesheet
  std::vector<std::string> scripts;  // JavaScript sources, without <script> tags
};

// Writes the doctype, the <head> (charset, viewport, policy, title, the one
// stylesheet) and opens <body>.
void WriteHtmlPageBegin(const HtmlPage& page, std::ostream& out);

// Writes the page's scripts and closes <body> and <html>, ending with a newline.
void WriteHtmlPageEnd(const HtmlPage& page, std::ostream& out);

// Writes `json` (a valid JSON text) as <script type="application/json"
// id="ID">. Every '<' becomes \u003c, so the data cannot end the script
// element or open a comment; U+2028, U+2029 and the characters HtmlEscape
// escapes beyond ASCII become \u escapes too. It parses to the same value:
// JSON has those characters only inside strings.
void WriteHtmlJson(std::ostream& out, std::string_view id, std::string_view json);
// The same, for JSON that `write` writes, escaped as it comes: the JSON is never held whole
// (a report of a million findings).
void WriteHtmlJson(std::ostream& out, std::string_view id, const std::function<void(std::ostream&)>& write);

// The table filter, for short tables whose rows are in the page (a findings
// view renders its own: HtmlFindingsScript): for each <table data-filter="NOUN">,
// one select box per header cell <th data-filter="NAME"> (named NAME), listing
// the distinct texts of that column's cells with their counts; a row of the
// table's first <tbody> is shown when it matches every select. A line saying
// how many rows match (its data-matched attribute holds the number) goes with
// the selects, before the table or before its closest ".table-wrap" container.
// A table without rows gets no selects. Strict mode; writes nothing to the
// console. Add it to HtmlPage::scripts.
std::string_view HtmlTableFilterScript();

// The array written in the compact form (above) by the WriteHtmlJson overload
// below: the value of the top-level member `member`, an array of objects, the
// values of its members named in `shared` written once each, in "values".
struct CompactArray {
  std::string_view member;
  std::vector<std::string_view> shared;
};

// WriteHtmlJson of what `write` writes, escaped the same, but for the array of
// `compact`, which goes into the page in the compact form: a report's findings
// in well under half of their bytes. Everything else passes through unchanged,
// so members that the JSON gains reach the page by themselves. Rows are written
// as they come; only the shared values are held.
void WriteHtmlJson(std::ostream& out, std::string_view id, const std::function<void(std::ostream&)>& write,
                   const CompactArray& compact);

// The findings view: for each <div class="findings-view" data-json="ID">, the
// findings at the data-rows path of its tbody in the page's JSON block ID (an
// array, or a compact one), shown in the view's <table class="findings">, whose
// header cells name their member by data-key, a page of rows at a time (100,
// 500 or 1000 to choose). Above the table: a search (a round id shows that
// round's findings; other text, the findings whose cells hold it, case aside),
// a select box per facet (code, severity, table, input, day of the time, and
// reading: the readings that would clear a finding, else the ambiguities it
// depends on, else none), each option counting the findings it would show
// given the other choices, and a line saying how many match (its data-matched
// attribute holds the number). A click on a header cell sorts by that column,
// again for the reverse order. Money in minor units is shown in words where
// the view's data-currency-digits (a JSON object, currency code to ISO 4217
// digits) knows the currency; the cell's data-value keeps the figure. Integers
// beyond 2^53 are read exactly. Once the first page is made, the view gets
// data-ready and, in data-ready-ms, the milliseconds since the page's
// navigation began; in data-shown-ms, the same once the browser has painted
// it. Strict mode; writes nothing to the console. Add it to HtmlPage::scripts.
std::string_view HtmlFindingsScript();

// The stylesheet's classes for the plots: svg.chart, .bar, .expected,
// .whisker, .interval, .theory, .point, .grid, .axis, .legend.

// (a) Categories (card ranks 2..A, violation codes) with an observed value
// each, drawn as a bar from zero, and where given an expected value, drawn as
// a tick across the bar, and an interval [low, high], drawn as a whisker.
struct BarCategory {
  std::string label;
  double observed = 0;
  std::optional<double> expected;
  std::optional<double> low;   // the whisker is drawn when both low and high
  std::optional<double> high;  // are given
  std::string figure;          // the bar's data-figure path, if any
};
struct BarsAgainstExpected {
  std::string title;  // the <title>, the plot's accessible name
  std::string x_label;
  std::string y_label;
  std::string observed_label = "observed";  // the legend's names
  std::string expected_label = "expected";
  std::string interval_label = "interval";
  std::vector<BarCategory> categories;
};

// Writes the plot as an <svg role="img">. Each bar carries data-category and
// data-observed (and data-figure and data-value where `figure` is set); each
// tick data-category and data-expected; each whisker data-category, data-low
// and data-high: FormatNumber of the values given. A value that is not finite
// is carried but not drawn. The legend names only the marks drawn.
void SvgBarsAgainstExpected(std::ostream& out, const BarsAgainstExpected& plot);

// (b) Rows (the wagers of a game) on one horizontal axis, each with an
// observed point and where given a theoretical value and an interval.
struct IntervalRow {
  std::string label;
  double observed = 0;
  std::optional<double> theoretical;
  std::optional<double> low;   // the interval is drawn when both low and high
  std::optional<double> high;  // are given
};
struct IntervalPlot {
  std::string title;
  std::string x_label;
  std::string observed_label = "observed";
  std::string theoretical_label = "theoretical";
  std::string interval_label = "interval";
  std::vector<IntervalRow> rows;
};

// Writes the plot as an <svg role="img">. Each point carries data-row and
// data-observed, each theoretical tick data-row and data-theoretical, each
// interval data-row, data-low and data-high. Values that are not finite are
// carried but not drawn.
void SvgIntervalPlot(std::ostream& out, const IntervalPlot& plot);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_HTML_H_
