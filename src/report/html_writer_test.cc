#include <gtest/gtest.h>
#include <simdjson.h>

#include <algorithm>
#include <cstddef>
#include <limits>
#include <locale>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "base/json.h"
#include "report/html.h"
#include "report/stats_writers.h"
#include "report/test_html.h"
#include "report/test_reports.h"
#include "report/writers.h"
#include "stats/conformance.h"

namespace pitboss {
namespace {

using namespace test_html;  // NOLINT(google-build-using-namespace): test helpers

using test_reports::ContractFinding;
using test_reports::ContractReport;
using test_reports::Count;
using test_reports::EvidenceReport;
using test_reports::Write;

std::string Html(const Report& report) { return Write(report, "html"); }

// The page without its embedded JSON.
std::string WithoutJson(const std::string& html) {
  const std::string json = EmbeddedJson(html);
  std::string rest = html;
  rest.erase(rest.find(json), json.size());
  return rest;
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
  // In every field: tool and version, the input, the spec's three, the per-table row's attribute
  // and cell, the ambiguity's id, spec, revision and clause and its two readings, and the money
  // per table's row name and the three figures' paths. The findings' are in the data only, which
  // the page's script shows as text.
  EXPECT_EQ(Count(html, escaped), 2 + 1 + 3 + 2 + 6 + 4);
  EXPECT_NE(html.find("<tr data-table=\"" + escaped + "\"><td>" + escaped + "</td>"), std::string::npos);
  EXPECT_EQ(Count(EmbeddedJson(html), "<"), 0);
  EXPECT_EQ(Canonical(Expanded(EmbeddedJson(html))), Canonical(Write(HostileReport(), "json")));
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
  EXPECT_EQ(Count(rest, shown), 1);  // the inputs table; the findings' in the data
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
    EXPECT_EQ(Canonical(Expanded(EmbeddedJson(Html(report)))), Canonical(json.str()));
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
  EXPECT_NE(html.find(" data-value=\"-3000\">-3,000 minor units</td>"), std::string::npos);
  EXPECT_EQ(Figures(html, "ambiguities.0.readings.1.findings_cleared"), std::vector<std::string>{"0"});
  EXPECT_EQ(Figures(html, "complete"), std::vector<std::string>{"true"});
  EXPECT_EQ(Figures(html, "summary.money.underpaid"), std::vector<std::string>{"500"});
  EXPECT_EQ(Figures(html, "summary.money.currency"), std::vector<std::string>{""});  // JSON null
  EXPECT_EQ(Figures(html, "version"), std::vector<std::string>{"0.1.0"});
}

TEST(HtmlReportTest, ProvenanceAndIncompleteBanner) {
  const std::string html = Html(EvidenceReport());
  EXPECT_NE(html.find("<p class=\"banner incomplete\">INCOMPLETE: 1 input could not be read whole: "
                      "logs/day2.jsonl.gz (truncated gzip stream at byte 2048)</p>"),
            std::string::npos)
      << html;
  EXPECT_EQ(Figures(html, "complete"), std::vector<std::string>{"false"});
  EXPECT_EQ(Figures(html, "analysis_time"), std::vector<std::string>{"2026-11-25T08:30:00Z"});
  EXPECT_EQ(Figures(html, "currency"), std::vector<std::string>{"USD"});
  EXPECT_EQ(Figures(html, "command_line.0"), std::vector<std::string>{"pitboss"});
  EXPECT_EQ(Figures(html, "command_line.5"), std::vector<std::string>{"my logs/x.jsonl"});
  EXPECT_EQ(Figures(html, "inputs.0.bytes"), std::vector<std::string>{"52311"});
  EXPECT_EQ(Figures(html, "inputs.1.error"), std::vector<std::string>{"truncated gzip stream at byte 2048"});
  EXPECT_EQ(Figures(html, "inputs.2.context"), std::vector<std::string>{"true"});
  EXPECT_EQ(Count(html, "data-figure=\"inputs.0.error\""), 0);
  EXPECT_EQ(Figures(html, "skipped.0.path"), std::vector<std::string>{"logs/notes.txt"});
  EXPECT_EQ(Figures(html, "skipped.0.reason"),
            std::vector<std::string>{"not a log (.jsonl, .jsonl.gz, .jsonl.zst)"});
  EXPECT_EQ(Figures(html, "specs.0.path"), std::vector<std::string>{"rules/us-sd/casino-war.yaml"});
  EXPECT_EQ(Figures(html, "specs.0.sha256"),
            std::vector<std::string>{"3f2a9c0d5e7b1a4c6d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e"});
  Report complete = EvidenceReport();
  complete.complete = true;
  EXPECT_EQ(Count(Html(complete), "INCOMPLETE"), 0);
}

TEST(HtmlReportTest, MoneyTotalsInWordsWithTheirFigures) {
  const std::string html = Html(EvidenceReport());
  EXPECT_EQ(Figures(html, "summary.money.currency"), std::vector<std::string>{"USD"});
  EXPECT_EQ(Figures(html, "summary.money.underpaid"), std::vector<std::string>{"250"});
  EXPECT_EQ(Figures(html, "summary.money.overpaid"), std::vector<std::string>{"300"});
  EXPECT_EQ(Figures(html, "summary.money.findings"), std::vector<std::string>{"2"});
  EXPECT_NE(html.find("data-figure=\"summary.money.underpaid\" data-value=\"250\">USD 2.50</td>"),
            std::string::npos);
  EXPECT_EQ(Figures(html, "summary.money.by_table.T9.overpaid"), std::vector<std::string>{"300"});
  EXPECT_EQ(Figures(html, "summary.money.by_day.2026-11-21.underpaid"), std::vector<std::string>{"250"});
  EXPECT_EQ(Figures(html, "summary.money.by_wager.main.findings"), std::vector<std::string>{"1"});
  EXPECT_EQ(Count(html, "summary.money.overflow"), 0);
  Report huge = EvidenceReport();
  huge.violations[2].actual = std::numeric_limits<Money>::min();
  const std::string overflow = Html(huge);
  EXPECT_EQ(Figures(overflow, "summary.money.overflow"), std::vector<std::string>{"true"});
  EXPECT_NE(
      overflow.find("data-figure=\"summary.money.underpaid\" data-value=\"250\">too large to represent</td>"),
      std::string::npos);
}

// The money moved is a section of its own beside the money paid wrongly, each figure carrying its
// path; the findings' rule set, money moved and named consequences are in the page's data, which
// the view shows (in a browser: tests/browser/html_report_test.py).
TEST(HtmlReportTest, MoneyMovedAndNamedConsequences) {
  Report report = EvidenceReport();
  report.violations.push_back(test_reports::MoneyMovedFinding());
  report.violations.push_back(test_reports::DealerDrawFinding());
  report.violations.push_back(test_reports::ListedConsequencesFinding());
  const std::string html = Html(report);
  EXPECT_EQ(Figures(html, "summary.money_moved.to_player"), std::vector<std::string>{"75000"});
  EXPECT_EQ(Figures(html, "summary.money_moved.to_house"), std::vector<std::string>{"1000"});
  EXPECT_EQ(Figures(html, "summary.money_moved.findings"), std::vector<std::string>{"2"});
  EXPECT_EQ(Figures(html, "summary.money_moved.currency"), std::vector<std::string>{"USD"});
  EXPECT_NE(html.find("data-figure=\"summary.money_moved.to_player\" data-value=\"75000\">USD 750.00</td>"),
            std::string::npos)
      << html;
  std::ostringstream json;
  WriteJsonReport(report, json);
  EXPECT_EQ(Canonical(Expanded(EmbeddedJson(html))), Canonical(json.str()));
  const std::string data = EmbeddedJson(html);
  EXPECT_NE(data.find("\"rules\":[\"us-sd/war-blackjack\",\"us-sd/war-blackjack-second-house\""),
            std::string::npos)
      << data;
  EXPECT_NE(data.find("[{\"input\":\"logs/day2.jsonl.gz\",\"line\":9,\"round\":\"T9-000009\",\"event\":5,"
                      "\"card\":\"7H\"},{\"input\":\"-\",\"line\":12,\"round\":\"T9-000012\"}]"),
            std::string::npos)
      << data;
  EXPECT_NE(data.find("\"money_to\":[\"player\",\"house\"]"), std::string::npos) << data;
  // None where no finding moved money.
  EXPECT_EQ(Count(Html(EvidenceReport()), "summary.money_moved"), 0);
}

TEST(HtmlReportTest, FindingEvidenceAndAmbiguities) {
  const std::string html = Html(EvidenceReport());
  // The view shows money of the currencies the findings name in words: it is told their digits.
  EXPECT_NE(html.find("<div class=\"findings-view\" data-json=\"pitboss-report\" data-noun=\"findings\" "
                      "data-currency-digits=\"{&quot;USD&quot;:2}\">"),
            std::string::npos)
      << html;
  // Each finding's evidence is in the data, as the JSON report has it.
  std::ostringstream json;
  WriteJsonReport(EvidenceReport(), json);
  EXPECT_EQ(Canonical(Expanded(EmbeddedJson(html))), Canonical(json.str()));
  const std::string data = EmbeddedJson(html);
  EXPECT_NE(
      data.find("\"cleared_by\":[[{\"ambiguity\":\"sd-war-win-payout\",\"readings\":[\"paytable-half-on-"
                "raise\"]}]]"),
      std::string::npos)
      << data;
  EXPECT_EQ(Count(html, "events are counted from 0, as in the log&#39;s events array"), 1);
  EXPECT_EQ(Figures(html, "ambiguities.0.readings.1.findings_cleared"), std::vector<std::string>{"1"});
  EXPECT_NE(html.find("data-figure=\"ambiguities.0.readings.1.net_difference\" data-value=\"-824452000\">"
                      "-USD 8,244,520.00</td>"),
            std::string::npos);
  EXPECT_NE(html.find("player&#39;s view: + the players gain under this reading, - they lose"),
            std::string::npos);
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
  // clang-format off
  EXPECT_EQ(Attributes(html, "data-key"),
            (std::vector<std::string>{"code", "severity", "round", "table", "input", "line", "time",
                                      "rules", "revision", "event", "seat", "hand", "wager", "expected",
                                      "actual", "unit", "currency", "overpaid", "underpaid", "money_moved",
                                      "money_to", "clause", "reading_dependent", "cleared_by", "consequences",
                                      "consequences_note", "consequence_list", "message"}));
  // clang-format on
  // The columns an auditor reads first are shown; the others wait for the page's column chooser.
  for (const std::string key :
       {"code", "severity", "round", "table", "seat", "wager", "expected", "actual", "overpaid", "underpaid",
        "money_moved", "clause", "reading_dependent", "message"}) {
    EXPECT_EQ(Count(html, "<th data-key=\"" + key + "\">"), 1) << key;
  }
  for (const std::string key :
       {"input", "line", "time", "rules", "revision", "event", "hand", "unit", "currency", "money_to",
        "cleared_by", "consequences", "consequences_note", "consequence_list"}) {
    EXPECT_EQ(Count(html, "<th data-key=\"" + key + "\" hidden>"), 1) << key;
  }
  EXPECT_NE(html.find("shows the others (input, line, time, rules, revision, event, hand, unit, currency, "
                      "money_to, cleared_by, consequences, consequences_note and consequence_list)"),
            std::string::npos);
  // The rows come from the data, by the page's script; the page says so where scripts do not run.
  EXPECT_NE(html.find("<tbody data-rows=\"violations\"></tbody>"), std::string::npos) << html;
  EXPECT_EQ(Count(html, "<tr><td>settle/payout"), 0);
  EXPECT_NE(html.find("<noscript><p class=\"note\">The table of findings needs JavaScript"),
            std::string::npos);
  EXPECT_EQ(Count(html, "<script>"), 1);
  // Compact: the contract's finding and an unreadable line, each shared value once.
  const std::string data = EmbeddedJson(html);
  EXPECT_NE(
      data.find("\"violations\":{\"compact\":1,\"rows\":[[0,0,0,null,0,0,17,0,0,\"not JSON: expected ',' "
                "or '}'\"],[1,1,1,\"T7-000124\",1,0,88,0,0,500,250,0,250,1,1,\"raise settled at 250"),
      std::string::npos)
      << data;
  EXPECT_NE(data.find("\"values\":{\"code\":[\"input/malformed\",\"settle/payout\",\"deal/burn-count\"],"
                      "\"severity\":[\"error\",\"critical\",\"major\"],\"table\":[null,\"T7\"]"),
            std::string::npos)
      << data;
  Report dealer;
  Finding finding = ContractFinding();
  finding.seat = kDealer;
  dealer.violations = {finding};
  EXPECT_NE(EmbeddedJson(Html(dealer)).find("\"seat\":[\"dealer\"]"), std::string::npos);
}

// Many inputs, specs or money rows are folded into <details>, so that the findings stay near the
// top; never an input not read whole, nor a spec checked under other readings.
TEST(HtmlReportTest, ManyInputsSpecsAndMoneyRowsAreFolded) {
  const std::string few = Html(EvidenceReport());
  EXPECT_EQ(Count(few, "<details"), 0);
  Report report = EvidenceReport();
  report.inputs[1].error.clear();
  report.complete = true;
  while (report.inputs.size() < 6) report.inputs.push_back({"logs/more.jsonl", 10, 10});
  report.specs.push_back(report.specs[0]);
  report.specs.push_back(report.specs[0]);
  for (int day = 10; day < 23; ++day) {
    Finding finding = report.violations[0];
    finding.time = "2026-11-" + std::to_string(day) + "T20:00:00Z";
    report.violations.push_back(finding);
  }
  std::string html = Html(report);
  EXPECT_NE(
      html.find("<details class=\"inputs\"><summary>6 inputs</summary>\n<div class=\"table-wrap\"><table "
                "class=\"inputs\">"),
      std::string::npos)
      << html;
  EXPECT_NE(html.find("<details class=\"specs\"><summary>3 rule specs</summary>"), std::string::npos);
  EXPECT_NE(html.find("</tbody>\n</table></div>\n<details class=\"money\"><summary>by table, day and wager "
                      "(17 rows)</summary>\n"),
            std::string::npos)
      << html;
  // Folded, every figure is still on the page.
  EXPECT_EQ(Figures(html, "inputs.5.path"), std::vector<std::string>{"logs/more.jsonl"});
  EXPECT_EQ(Figures(html, "specs.2.revision"), std::vector<std::string>{"2012-04-23"});
  EXPECT_EQ(Figures(html, "summary.money.by_day.2026-11-10.findings"), std::vector<std::string>{"1"});
  // What must be seen stays open.
  report.inputs[3].error = "truncated gzip stream at byte 9";
  report.specs[1].default_readings = false;
  html = Html(report);
  EXPECT_NE(html.find("<details class=\"inputs\" open><summary>6 inputs, 1 not read whole</summary>"),
            std::string::npos);
  EXPECT_NE(
      html.find("<details class=\"specs\" open><summary>3 rule specs, 1 checked under readings other than "
                "the defaults</summary>"),
      std::string::npos);
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
  // No findings, no view of them.
  EXPECT_EQ(Count(html, "class=\"findings-view\""), 0);
  EXPECT_EQ(Count(html, "data-rows="), 0);
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
  std::ostringstream out;
  out.imbue(GroupingLocale());
  WriteHtmlReport(ContractReport(), out);
  EXPECT_EQ(out.str(), html);
}

// A large report stays a small file: its findings are there once, in well under half the bytes of
// their JSON.
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
  EXPECT_LT(html.size(), json.str().size() * 4 / 10) << html.size() << " bytes for " << json.str().size();
  EXPECT_EQ(Canonical(Expanded(EmbeddedJson(html))), Canonical(json.str()));
}

// Findings spilled to file are read twice (the view's currencies, then the data): all of them, in
// order, each time.
TEST(HtmlReportTest, SpilledFindingsAreAllInTheData) {
  Report report = EvidenceReport();
  FindingStore spilled(8);
  for (int i = 0; i < 100; ++i) {
    Finding finding = EvidenceReport().violations[static_cast<std::size_t>(i % 3)];
    finding.line = 1000 + i;
    spilled.push_back(finding);
  }
  report.violations = std::move(spilled);
  ASSERT_GT(report.violations.spilled(), 0u);
  std::ostringstream json;
  WriteJsonReport(report, json);
  const std::string html = Html(report);
  EXPECT_EQ(Canonical(Expanded(EmbeddedJson(html))), Canonical(json.str()));
  EXPECT_NE(html.find("data-currency-digits=\"{&quot;USD&quot;:2}\""), std::string::npos);
}

// Statistics of one rule set: every table together, and table T7 alone.
StatsReport Statistics() {
  StatsReport stats;
  stats.rounds_used = 1198;
  for (const std::string table : {"", "T7"}) {
    StatsGroup group;
    group.spec = "us-sd/casino-war";
    group.table = table;
    group.rounds = 1198;
    group.decks = {{6, 1198}};
    for (const char rank : std::string("23456789TJQKA")) {
      group.ranks.push_back({std::string(1, rank), 500, 506.25, 440.5, 572});
    }
    StatTest ranks;
    ranks.id = "rank-frequencies";
    ranks.statistic = "chi-square";
    ranks.value = 40.25;
    ranks.df = 12;
    ranks.n = 6581;
    ranks.p_value = 0.006;
    ranks.note = "ranks of the cards drawn";
    StatTest pairs;
    pairs.id = "rank-pairs";
    pairs.statistic = "chi-square";
    pairs.applicable = false;
    pairs.note = "the rules do not reshuffle every round";
    group.tests = {ranks, pairs};
    ReturnCheck main;
    main.bets = 1198;
    main.wagered = 119800;
    main.net = -3400;
    main.observed = 0.9716;
    main.theoretical = 0.9712;
    main.low = 0.91;
    main.high = 1.03;
    main.policy = "war on 50 of 60 tie choices";
    group.returns = {main};
    stats.groups.push_back(group);
  }
  JudgeTests(&stats);
  return stats;
}

std::string HtmlWithStatistics(const Report& report, const StatusOr<StatsReport>& stats) {
  std::ostringstream out;
  WriteHtmlReport(report, stats, out);
  return out.str();
}

TEST(HtmlReportTest, StatisticsPerRuleSet) {
  const StatsReport stats = Statistics();
  const std::string html = HtmlWithStatistics(ContractReport(), stats);
  EXPECT_NE(html.find("<a href=\"#statistics\">Statistics</a>"), std::string::npos);
  EXPECT_NE(html.find("<section id=\"statistics\" data-json=\"pitboss-stats\">"), std::string::npos);
  // Two JSON blocks: the check report, its findings compact, and the statistics' groups array.
  EXPECT_EQ(Count(html, "<script"), 3);
  std::ostringstream json;
  WriteJsonReport(ContractReport(), json);
  EXPECT_EQ(Canonical(Expanded(EmbeddedJson(html))), Canonical(json.str()));
  std::ostringstream groups;
  JsonWriter writer(groups);
  WriteStatsGroupsJson(writer, stats);
  EXPECT_EQ(EmbeddedJson(html, "pitboss-stats"), groups.str());
  // The rule set's group (every table together) only, its figures as paths into the array.
  EXPECT_EQ(Count(html, "data-figure=\"1."), 0);
  EXPECT_EQ(Figures(html, "0.spec"), std::vector<std::string>{"us-sd/casino-war"});
  EXPECT_EQ(Figures(html, "0.rounds"), std::vector<std::string>{"1198"});
  EXPECT_EQ(Figures(html, "0.tests.0.p_value"), std::vector<std::string>{"0.006"});
  EXPECT_EQ(Figures(html, "0.tests.0.p_adjusted"), std::vector<std::string>{"0.012"});
  EXPECT_EQ(Figures(html, "0.tests.0.pass_alone"), std::vector<std::string>{"false"});
  EXPECT_EQ(Figures(html, "0.tests.0.pass"), std::vector<std::string>{"true"});
  EXPECT_EQ(Figures(html, "0.ranks.12.observed"), std::vector<std::string>{"500"});
  // Compact: the note of a test that ran is its row's tooltip; a test not run gives its reason.
  EXPECT_NE(html.find("<tr title=\"ranks of the cards drawn\" data-figure=\"0.tests.0.applicable\" "
                      "data-value=\"true\">"),
            std::string::npos);
  EXPECT_NE(html.find("<td colspan=\"7\">not tested: <span data-figure=\"0.tests.1.note\">the rules do not "
                      "reshuffle every round</span></td></tr>"),
            std::string::npos);
  EXPECT_EQ(Count(html, "<th>note</th>"), 0);
  // Two plots of ranks and one of returns, carrying the figures.
  EXPECT_EQ(Attributes(html, "data-plot"), (std::vector<std::string>{"0.ranks", "0.ranks", "0.returns"}));
  EXPECT_EQ(Count(html, "<svg class=\"chart\" role=\"img\""), 1 + 3);  // with the violations by code
  EXPECT_EQ(Count(html, "data-category=\"A\" data-observed=\"500\""), 1);
  EXPECT_EQ(Count(html, "data-category=\"A\" data-expected=\"506.25\""), 1);
  EXPECT_EQ(Count(html, "data-category=\"A\" data-low=\"440.5\" data-high=\"572\""), 1);
  EXPECT_EQ(Count(html, "data-row=\"main\" data-theoretical=\"0.9712\""), 1);
  EXPECT_EQ(Count(html, "data-row=\"main\" data-low=\"0.91\" data-high=\"1.03\""), 1);
  EXPECT_NE(html.find("over all 2 tests of every rule set and table: 0 failed across the report, 2 alone."),
            std::string::npos);
  EXPECT_TRUE(html.ends_with("</body>\n</html>\n"));
}

// The format table's page, and `pitboss merge`'s, has no statistics.
TEST(HtmlReportTest, NoStatisticsWithoutThem) {
  const std::string html = Html(ContractReport());
  EXPECT_EQ(Count(html, "statistics"), 0);
  EXPECT_EQ(Count(html, "pitboss-stats"), 0);
  EXPECT_EQ(Count(html, "data-plot"), 0);
}

TEST(HtmlReportTest, StatisticsNotComputed) {
  const std::string html =
      HtmlWithStatistics(ContractReport(), Status::InvalidArgument("us-sd/x: <b>no theory</b>"));
  EXPECT_NE(html.find("<p class=\"empty\">Not computed: us-sd/x: &lt;b&gt;no theory&lt;/b&gt;</p>"),
            std::string::npos);
  EXPECT_EQ(Count(html, "<script"), 2);
  EXPECT_EQ(Count(html, "id=\"pitboss-stats\""), 0);
  EXPECT_EQ(Count(html, "data-plot"), 0);
  const std::string none = HtmlWithStatistics(Report{}, StatsReport{});
  EXPECT_NE(none.find("<p class=\"empty\">No rounds to test.</p>"), std::string::npos);
  EXPECT_EQ(EmbeddedJson(none, "pitboss-stats"), "[]");
}

TEST(HtmlReportTest, StatisticsHostileNamesStayText) {
  StatsReport stats = Statistics();
  for (StatsGroup& group : stats.groups) {
    group.spec = kHostile;
    group.tests[1].note = kHostile;
    group.returns[0].policy = kHostile;
  }
  const std::string html = HtmlWithStatistics(HostileReport(), stats);
  const std::string escaped = HtmlEscape(kHostile);
  EXPECT_EQ(Count(html, "<script"), 3);
  EXPECT_EQ(Count(html, "</script>"), 3);
  EXPECT_EQ(Count(html, "<img"), 0);
  EXPECT_EQ(Count(html, "<!--"), 0);
  for (const char c : html) {
    if (static_cast<unsigned char>(c) < 0x20) {
      EXPECT_EQ(c, '\n');
    }
  }
  EXPECT_EQ(Count(EmbeddedJson(html, "pitboss-stats"), "<"), 0);
  EXPECT_EQ(Figures(html, "0.spec"), std::vector<std::string>{escaped});
  EXPECT_EQ(Figures(html, "0.tests.1.note"), std::vector<std::string>{escaped});
  // The plots' titles and the returns caption.
  EXPECT_EQ(Count(html, "<title>Ranks drawn against a fair shoe: " + escaped + ", all tables</title>"), 1);
  EXPECT_EQ(Count(html, "players made (" + escaped + ")"), 1);
}

// Past kHtmlTablesListed tables, the parts with a row a table list those that most need reading
// and say how many they leave out; the page's JSON holds the readings_inferred entries listed,
// and counts the others. A report of a table more than listed, each table with a finding and an
// entry, the last dealing its ambiguity under a reading other than the one checked.
TEST(HtmlReportTest, PastTheTablesListedEachPartSaysWhatItLeavesOut) {
  Report report;
  report.tool = "pitboss";
  const int tables = static_cast<int>(kHtmlTablesListed) + 50;
  std::vector<Finding> findings;
  for (int t = 0; t < tables; ++t) {
    ReadingInferred r;
    r.table = "T" + std::to_string(1000 + t);
    r.spec = "us-sd/casino-war";
    r.revision = "2012-04-23";
    r.ambiguity = "sd-war-win-payout";
    r.checked = "three-wagers";
    r.status = "not-distinguished";
    r.rounds_consistent = {{"three-wagers", 0}, {"paytable-half-on-raise", 0}};
    if (t == tables - 1) {
      r.status = "inferred";
      r.readings = {"paytable-half-on-raise"};
      r.rounds_distinguishing = 12;
    }
    report.readings_inferred.push_back(r);
    Finding f = ContractFinding();
    f.table = r.table;
    f.round = r.table + "-1";
    // The first 10 tables have two findings: they come first where tables are left out.
    findings.push_back(f);
    if (t < 10) findings.push_back(f);
  }
  report.violations = findings;
  report.rounds = tables;
  report.rounds_with_violations = tables;
  const std::string html = Html(report);

  const std::string listed = std::to_string(kHtmlTablesListed);
  EXPECT_NE(html.find("The " + listed +
                      " tables with the most violations are listed, of 250 tables with "
                      "violations; the other 50 tables and their 50 violations are left out of this table."),
            std::string::npos);
  EXPECT_EQ(Count(html, "<tr data-table=\""), static_cast<int>(kHtmlTablesListed));
  EXPECT_NE(html.find("<tr data-table=\"T1000\">"), std::string::npos);  // two findings: listed
  EXPECT_NE(html.find("The " + listed +
                      " tables with the most findings that move money are listed, of 250; "
                      "the other 50 tables and their 50 findings are in the totals above"),
            std::string::npos);
  EXPECT_NE(html.find("The " + listed + " tables that most need reading are listed, of 250:"),
            std::string::npos);
  EXPECT_NE(html.find("The other 50 tables&#39; 50 entries (50 not-distinguished) are left out of this page"),
            std::string::npos);
  // The table dealing another reading is listed, at its place in the page's JSON.
  const std::string json = Expanded(EmbeddedJson(html));
  simdjson::dom::parser parser;
  simdjson::dom::element data = parser.parse(json);
  simdjson::dom::array entries = data["readings_inferred"].get_array();
  ASSERT_EQ(entries.size(), kHtmlTablesListed);
  EXPECT_EQ(int64_t(data["readings_inferred_left_out"]), 50);
  const std::string last = "T" + std::to_string(1000 + tables - 1);
  EXPECT_EQ(std::string_view(entries.at(kHtmlTablesListed - 1)["table"]), last);
  EXPECT_EQ(Figures(html, "readings_inferred." + std::to_string(kHtmlTablesListed - 1) + ".table"),
            std::vector<std::string>{last});
  // The JSON report itself has every entry.
  std::ostringstream whole;
  WriteJsonReport(report, whole);
  EXPECT_EQ(whole.str().find("readings_inferred_left_out"), std::string::npos);
  EXPECT_EQ(Count(whole.str(), "\"ambiguity\":\"sd-war-win-payout\",\"checked\""), tables);
}

}  // namespace
}  // namespace pitboss
