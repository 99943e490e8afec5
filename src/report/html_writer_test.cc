#include <gtest/gtest.h>
#include <simdjson.h>

#include <algorithm>
#include <cstddef>
#include <locale>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "report/html.h"
#include "report/test_reports.h"
#include "report/writers.h"

namespace pitboss {
namespace {

using test_reports::ContractFinding;
using test_reports::ContractReport;
using test_reports::Count;
using test_reports::Write;

std::string Html(const Report& report) { return Write(report, "html"); }

// The page's embedded JSON report, as it stands in the page.
std::string EmbeddedJson(const std::string& html) {
  const std::string open = "<script type=\"application/json\" id=\"pitboss-report\">";
  const std::size_t from = html.find(open);
  if (from == std::string::npos) {
    ADD_FAILURE() << "no embedded report";
    return "";
  }
  const std::size_t begin = from + open.size();
  return html.substr(begin, html.find("</script>", begin) - begin);
}

// The page without its embedded JSON.
std::string WithoutJson(const std::string& html) {
  const std::string json = EmbeddedJson(html);
  std::string rest = html;
  rest.erase(rest.find(json), json.size());
  return rest;
}

std::string Canonical(const std::string& json) {
  simdjson::dom::parser parser;
  simdjson::dom::element element;
  const auto error = parser.parse(json).get(element);
  EXPECT_EQ(error, simdjson::SUCCESS) << json;
  return error ? "" : simdjson::minify(element);
}

// Every value of attribute `name` in `html`, in order.
std::vector<std::string> Attributes(const std::string& html, const std::string& name) {
  std::vector<std::string> values;
  const std::regex pattern(" " + name + "=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), pattern); it != std::sregex_iterator();
       ++it) {
    values.push_back((*it)[1]);
  }
  return values;
}

// The text of the elements with data-figure="`path`" (their data-value where they have one).
std::vector<std::string> Figures(const std::string& html, const std::string& path) {
  std::vector<std::string> values;
  const std::regex pattern("data-figure=\"" +
                           std::regex_replace(path, std::regex(R"([.^$|()\[\]{}*+?\\/])"), R"(\$&)") +
                           "\"(?: data-value=\"([^\"]*)\")?[^>]*>([^<]*)<");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), pattern); it != std::sregex_iterator();
       ++it) {
    values.push_back((*it)[1].matched ? (*it)[1].str() : (*it)[2].str());
  }
  return values;
}

// A string no field of a report should be able to turn into markup.
const std::string kHostile =
    "</script><script>alert(1)</script><img src=x onerror=alert(2)><a href=\"https://evil.example/\">x</a>"
    "\"' onmouseover='alert(3)' & \x1b[31m\x07\n\r\t\xC2\x85\xE2\x80\xA8<!--";

Report HostileReport() {
  Report report;
  report.tool = kHostile;
  report.version = kHostile;
  report.inputs = {{kHostile, 3, 2}};
  report.specs = {{kHostile, kHostile, kHostile}};
  report.rounds = 2;
  report.rounds_with_violations = 1;
  Finding finding = ContractFinding();
  finding.round = kHostile;
  finding.table = kHostile;
  finding.input = kHostile;
  finding.clause = kHostile;
  finding.reading_dependent = {kHostile, kHostile};
  finding.message = kHostile;
  report.violations = {finding};
  AmbiguityImpact ambiguity;
  ambiguity.id = kHostile;
  ambiguity.spec = kHostile;
  ambiguity.revision = kHostile;
  ambiguity.clause = kHostile;
  ambiguity.readings = {{kHostile, true, 0, 0}, {kHostile, false, 1, -7}};
  report.ambiguities = {ambiguity};
  return report;
}

TEST(HtmlReportTest, IsRegistered) {
  const auto formats = ReportFormats();
  EXPECT_NE(std::find(formats.begin(), formats.end(), "html"), formats.end());
  const std::string html = Html(ContractReport());
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>\n")) << html.substr(0, 200);
  EXPECT_TRUE(html.ends_with("</html>\n"));
}

TEST(HtmlReportTest, HostileStringsStayText) {
  const std::string html = Html(HostileReport());
  const std::string escaped = HtmlEscape(kHostile);
  // The page's own elements only: one data block, one script, no image, no link out.
  EXPECT_EQ(Count(html, "<script"), 2);
  EXPECT_EQ(Count(html, "</script>"), 2);
  EXPECT_EQ(Count(html, "<img"), 0);
  EXPECT_EQ(Count(html, "<a href=\"h"), 0);
  EXPECT_EQ(Count(html, "<!--"), 0);
  EXPECT_EQ(Count(WithoutJson(html), "onmouseover='"), 0);  // JSON data need not escape quotes
  EXPECT_EQ(std::regex_search(html, std::regex(R"((src|href|action)=["']?https?:)")), false);
  // No raw control character: the page's own newlines only.
  for (const char c : html) {
    if (static_cast<unsigned char>(c) < 0x20) {
      EXPECT_EQ(c, '\n');
    }
  }
  EXPECT_EQ(Count(html, "\xC2\x85"), 0);
  EXPECT_EQ(Count(EmbeddedJson(html), "\xE2\x80\xA8"), 0);
  // In every field: tool and version, the input, the spec's three, the finding's round, table,
  // input, clause, message and two reading_dependent, the per-table row's attribute and cell, the
  // ambiguity's id, spec, revision and clause and its two readings.
  EXPECT_EQ(Count(html, escaped), 2 + 1 + 3 + 7 + 2 + 6);
  EXPECT_NE(html.find("<tr data-table=\"" + escaped + "\"><td>" + escaped + "</td>"), std::string::npos);
  EXPECT_NE(html.find("<td>" + escaped + ", " + escaped + "<td>"), std::string::npos);
}

TEST(HtmlReportTest, NoUrlReferences) {
  for (const Report& report : {ContractReport(), Report{}}) {
    const std::string html = Html(report);
    EXPECT_EQ(Count(html, "http://"), 0);
    EXPECT_EQ(Count(html, "https://"), 0);
    EXPECT_EQ(Count(html, "url("), 0);
    EXPECT_EQ(Count(html, " src="), 0);
    // Links within the page only.
    for (const std::string& href : Attributes(html, "href")) EXPECT_TRUE(href.starts_with("#")) << href;
  }
}

// A log path holding a URL and markup reaches the page as text and as escaped JSON data, and as
// nothing else.
TEST(HtmlReportTest, UrlInAnInputPathIsTextAndEscapedData) {
  const std::string path =
      "https://evil.example/x.js</script><script src=https://evil.example/y.js></script>";
  Report report = ContractReport();
  report.inputs[0].path = path;
  for (Finding& finding : report.violations) finding.input = path;
  const std::string html = Html(report);
  const std::string json = EmbeddedJson(html);
  EXPECT_NE(json.find("\"https://evil.example/x.js\\u003c/script>\\u003cscript src=https://evil.example/y.js>"
                      "\\u003c/script>\""),
            std::string::npos)
      << json;
  EXPECT_EQ(Count(json, "<"), 0);
  std::string rest = WithoutJson(html);
  const std::string shown = HtmlEscape(path);
  EXPECT_EQ(Count(rest, shown), 1 + 4);  // the inputs table, each finding's input
  for (std::size_t at = rest.find(shown); at != std::string::npos; at = rest.find(shown)) {
    rest.erase(at, shown.size());
  }
  EXPECT_EQ(Count(rest, "://"), 0);
  EXPECT_EQ(Count(html, "<script"), 2);
}

TEST(HtmlReportTest, EmbeddedJsonIsTheJsonReport) {
  for (const Report& report : {ContractReport(), HostileReport(), Report{}}) {
    std::ostringstream json;
    WriteJsonReport(report, json);
    EXPECT_EQ(Canonical(EmbeddedJson(Html(report))), Canonical(json.str()));
  }
}

TEST(HtmlReportTest, FiguresCarryTheirJsonPaths) {
  const std::string html = Html(ContractReport());
  EXPECT_EQ(Figures(html, "summary.rounds"), (std::vector<std::string>{"1198", "1198"}));
  EXPECT_EQ(Figures(html, "summary.rounds_with_violations"), std::vector<std::string>{"3"});
  EXPECT_EQ(Figures(html, "summary.violations"), (std::vector<std::string>{"4", "4"}));
  // The table and the chart's bar.
  EXPECT_EQ(Figures(html, "summary.by_code.settle/payout"), (std::vector<std::string>{"2", "2"}));
  EXPECT_EQ(Figures(html, "summary.by_code.input/malformed"), (std::vector<std::string>{"1", "1"}));
  EXPECT_EQ(Figures(html, "inputs.0.path"), std::vector<std::string>{"logs/day1.jsonl"});
  EXPECT_EQ(Figures(html, "inputs.0.lines"), std::vector<std::string>{"1200"});
  EXPECT_EQ(Figures(html, "inputs.0.rounds"), std::vector<std::string>{"1198"});
  EXPECT_EQ(Figures(html, "specs.0.sha256"),
            std::vector<std::string>{"3f2a9c0d5e7b1a4c6d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e"});
  EXPECT_EQ(Figures(html, "specs.0.revision"), std::vector<std::string>{"2012-04-23"});
  EXPECT_EQ(Figures(html, "ambiguities.0.id"), std::vector<std::string>{"sd-war-win-payout"});
  EXPECT_EQ(Figures(html, "ambiguities.0.revision"), std::vector<std::string>{"2012-04-23"});
  EXPECT_EQ(Figures(html, "ambiguities.0.readings.1.name"), std::vector<std::string>{"raise-only"});
  EXPECT_EQ(Figures(html, "ambiguities.0.readings.0.default"), std::vector<std::string>{"true"});
  EXPECT_EQ(Figures(html, "ambiguities.0.readings.1.default"), std::vector<std::string>{"false"});
  EXPECT_EQ(Figures(html, "ambiguities.0.readings.1.rounds_settled_differently"),
            std::vector<std::string>{"12"});
  EXPECT_EQ(Figures(html, "ambiguities.0.readings.1.net_difference"), std::vector<std::string>{"-3000"});
  EXPECT_NE(html.find(">-3000</td>"), std::string::npos);
  EXPECT_EQ(Figures(html, "version"), std::vector<std::string>{"0.1.0"});
}

TEST(HtmlReportTest, StandardInputIsNamedAndItsFigureKept) {
  Report report = ContractReport();
  report.inputs[0].path = "-";
  const std::string html = Html(report);
  EXPECT_EQ(Figures(html, "inputs.0.path"), std::vector<std::string>{"-"});
  EXPECT_NE(html.find("data-value=\"-\">standard input</td>"), std::string::npos);
}

TEST(HtmlReportTest, FindingsTableHasEveryMemberOfAFinding) {
  const std::string html = Html(ContractReport());
  EXPECT_EQ(Attributes(html, "data-key"),
            (std::vector<std::string>{"code", "severity", "round", "table", "input", "line", "seat", "wager",
                                      "expected", "actual", "clause", "reading_dependent", "message"}));
  EXPECT_EQ(Attributes(html, "data-rows"), std::vector<std::string>{"violations"});
  // Filters by code, severity and table.
  EXPECT_NE(html.find("<table class=\"findings\" data-filter=\"findings\" data-paged=\"1000\">"),
            std::string::npos);
  EXPECT_EQ(Count(html, "<th data-key=\"code\" data-filter=\"code\">"), 1);
  EXPECT_EQ(Count(html, "<th data-key=\"severity\" data-filter=\"severity\">"), 1);
  EXPECT_EQ(Count(html, "<th data-key=\"table\" data-filter=\"table\">"), 1);
  // The contract's finding, money in minor units as the JSON has it; and an unreadable line.
  EXPECT_NE(html.find("<tr><td>settle/payout<td class=\"s-critical\">critical<td>T7-000124<td>T7"
                      "<td>logs/day1.jsonl<td>88<td>1<td>raise<td>500<td>250<td>ARSD 20:18:16:15.17(4)(d)(i)"
                      "<td>sd-war-win-payout<td>raise settled at 250, the rules pay 500 (war won: the three "
                      "wagers)</tr>\n"),
            std::string::npos)
      << html;
  EXPECT_NE(
      html.find("<tr><td>input/malformed<td class=\"s-error\">error<td><td><td>logs/day1.jsonl<td>17"
                "<td><td><td><td><td>hand-history-v1<td><td>not JSON: expected &#39;,&#39; or &#39;}&#39;"
                "</tr>\n"),
      std::string::npos)
      << html;
  Report dealer;
  Finding finding = ContractFinding();
  finding.seat = kDealer;
  dealer.violations = {finding};
  EXPECT_NE(Html(dealer).find("<td>88<td>dealer<td>raise"), std::string::npos);
}

TEST(HtmlReportTest, PerTableCounts) {
  Report report = ContractReport();
  Finding other = ContractFinding();
  other.table = "T9";
  report.violations.push_back(other);
  const std::string html = Html(report);
  EXPECT_EQ(Attributes(html, "data-table"), (std::vector<std::string>{"T7", "T9", ""}));
  // T7: two payouts (critical) and a burn count (major); the unreadable line names no table.
  EXPECT_NE(
      html.find("<tr data-table=\"T7\"><td>T7</td><td class=\"num\">3</td><td class=\"num\">2</td>"
                "<td class=\"num\">1</td><td class=\"num zero\">0</td><td class=\"num zero\">0</td><td>"
                "<span class=\"chip\" data-code=\"settle/payout\"><code>settle/payout</code> <b>2</b></span>"
                "<span class=\"chip\" data-code=\"deal/burn-count\"><code>deal/burn-count</code> <b>1</b>"
                "</span></td></tr>"),
      std::string::npos)
      << html;
  EXPECT_NE(html.find("<tr data-table=\"\"><td class=\"no-table\">(no table)</td><td class=\"num\">1</td>"),
            std::string::npos);
}

TEST(HtmlReportTest, ChartOfViolationsByCode) {
  const std::string html = Html(ContractReport());
  EXPECT_EQ(Count(html, "<svg class=\"chart\" role=\"img\""), 1);
  EXPECT_EQ(Attributes(html, "data-category"),
            (std::vector<std::string>{"settle/payout", "deal/burn-count", "input/malformed"}));
  EXPECT_EQ(Attributes(html, "data-observed"), (std::vector<std::string>{"2", "1", "1"}));
}

TEST(HtmlReportTest, ZeroFindingsRenders) {
  Report report;
  report.version = "0.1.0";
  report.inputs = {{"logs/clean.jsonl", 10, 10}};
  report.rounds = 10;
  const std::string html = Html(report);
  EXPECT_NE(html.find("<title>pitboss check: no violations in 10 rounds</title>"), std::string::npos);
  EXPECT_NE(html.find("<tbody data-rows=\"violations\">\n</tbody>"), std::string::npos);
  EXPECT_NE(html.find("<p class=\"empty\">No violations.</p>"), std::string::npos);
  EXPECT_EQ(Count(html, "<svg"), 0);
  EXPECT_EQ(Figures(html, "summary.violations"), std::vector<std::string>{"0"});
  EXPECT_TRUE(html.ends_with("</body>\n</html>\n"));
  EXPECT_NE(Html(Report{}).find("</html>"), std::string::npos);
}

TEST(HtmlReportTest, Deterministic) {
  const std::string html = Html(ContractReport());
  EXPECT_EQ(Html(ContractReport()), html);
  // A stream whose locale groups thousands writes the same page.
  struct Grouping : std::numpunct<char> {
    char do_thousands_sep() const override { return ','; }
    std::string do_grouping() const override { return "\3"; }
  };
  std::ostringstream out;
  out.imbue(std::locale(std::locale::classic(), new Grouping));
  WriteHtmlReport(ContractReport(), out);
  EXPECT_EQ(out.str(), html);
}

// A large report stays a reasonable file: each finding's row costs about as much as its JSON.
TEST(HtmlReportTest, LargeReportStaysLight) {
  Report report = ContractReport();
  for (int i = 0; i < 50000; ++i) {
    Finding finding = ContractFinding();
    finding.round = "T7-" + std::to_string(100000 + i);
    finding.line = 1000 + i;
    report.violations.push_back(finding);
  }
  std::ostringstream json;
  WriteJsonReport(report, json);
  const std::string html = Html(report);
  EXPECT_LT(html.size(), json.str().size() * 21 / 10) << html.size() << " bytes for " << json.str().size();
}

}  // namespace
}  // namespace pitboss
