#include <gtest/gtest.h>
#include <simdjson.h>

#include <algorithm>
#include <cstddef>
#include <locale>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "report/html.h"
#include "report/stats_writers.h"
#include "report/test_html.h"
#include "report/test_reports.h"
#include "stats/conformance.h"

namespace pitboss {
namespace {

using namespace test_html;  // NOLINT(google-build-using-namespace): test helpers

using test_reports::Count;
using test_reports::UnreadableLine;

// A string no name in a report should be able to turn into markup.
const std::string kHostile =
    "</script><script>alert(1)</script><img src=x onerror=alert(2)><a href=\"https://evil.example/\">x</a>"
    "\"' onmouseover='alert(3)' & \x1b[31m\x07\n\r\t\xC2\x85\xE2\x80\xA8<!--";

StatTest Tested(std::string id, std::string statistic, double value, int df, int64_t n, double p,
                double adjusted, std::string note) {
  StatTest test;
  test.id = std::move(id);
  test.statistic = std::move(statistic);
  test.value = value;
  test.df = df;
  test.n = n;
  test.p_value = p;
  test.p_adjusted = adjusted;
  test.pass_alone = p >= 0.01;
  test.pass = adjusted >= 0.01;
  test.note = std::move(note);
  return test;
}

StatTest NotTested(std::string id, std::string note) {
  StatTest test;
  test.id = std::move(id);
  test.statistic = "chi-square";
  test.applicable = false;
  test.note = std::move(note);
  return test;
}

StatsGroup Group(std::string spec, std::string table) {
  StatsGroup group;
  group.spec = std::move(spec);
  group.table = std::move(table);
  group.rounds = 1000;
  group.decks = {{6, 990}};
  const std::string ranks = "23456789TJQKA";
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    group.ranks.push_back({std::string(1, ranks[i]), 400 + static_cast<int64_t>(i), 406.5, 360.25, 452.75});
  }
  group.tests = {
      Tested("rank-frequencies", "chi-square", 5.631534322424494, 12, 5285, 0.9335060587936725, 1, "ranks"),
      NotTested("rank-pairs", "the rules do not reshuffle every round"),
      Tested("return:main", "z", -3.25, 0, 4000, 1.2e-5, 4.8e-5, "observed return 91%"),
  };
  ReturnCheck main;
  main.wager = WagerKind::kMain;
  main.bets = 4000;
  main.wagered = 400000;
  main.net = -36000;
  main.observed = 0.91;
  main.theoretical = 0.9740166856166088;
  main.low = 0.9612;
  main.high = 0.98683;
  main.policy = "war on 3 of 4 tie choices";
  group.returns = {main};
  return group;
}

StatsDocument Document() {
  StatsDocument doc;
  doc.check.version = "0.1.0";
  doc.check.inputs = {{"logs/day1.jsonl", 1001, 1000}};
  doc.check.specs = {{"online/war", "published", "efbe1016"}};
  doc.check.rounds = 1000;
  doc.check.violations = {UnreadableLine()};
  doc.other_violations = 7;
  doc.stats.rounds_used = 1000;
  doc.stats.rounds_unknown_decks = 10;
  doc.stats.groups = {Group("online/war", ""), Group("online/war", "ON1")};
  return doc;
}

std::string Html(const StatsDocument& doc) {
  std::ostringstream out;
  const Status status = WriteStatsReport(doc, "html", out);
  EXPECT_TRUE(status.ok()) << status.message();
  return out.str();
}

std::string Json(const StatsDocument& doc) {
  std::ostringstream out;
  WriteStatsJson(doc, out);
  return out.str();
}

// The part of `html` from the first `from` to the next `to` after it.
std::string Between(const std::string& html, const std::string& from, const std::string& to) {
  const std::size_t begin = html.find(from);
  if (begin == std::string::npos) return "";
  return html.substr(begin, html.find(to, begin) - begin);
}

TEST(StatsHtmlTest, IsRegistered) {
  const auto formats = StatsFormats();
  EXPECT_NE(std::find(formats.begin(), formats.end(), "html"), formats.end());
  const std::string html = Html(Document());
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>\n")) << html.substr(0, 200);
  EXPECT_TRUE(html.ends_with("</body>\n</html>\n"));
  EXPECT_NE(html.find("<title>pitboss stats: 2 of 4 tests fail in 1000 rounds</title>"), std::string::npos);
  std::ostringstream out;
  const Status status = WriteStatsReport(Document(), "sarif", out);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("formats: text, json, html"), std::string::npos) << status.message();
}

TEST(StatsHtmlTest, EmbeddedJsonIsTheJsonReport) {
  // The same value, its input findings a compact array (report/html.h).
  const StatsDocument doc = Document();
  EXPECT_EQ(Canonical(Expanded(EmbeddedJson(Html(doc)))), Canonical(Json(doc)));
  // The same value where it does.
  StatsDocument hostile = Document();
  hostile.stats.groups[1].table = kHostile;
  hostile.stats.groups[0].spec = kHostile;
  hostile.check.inputs[0].path = kHostile;
  const std::string embedded = EmbeddedJson(Html(hostile));
  EXPECT_EQ(Count(embedded, "<"), 0);
  EXPECT_EQ(Canonical(Expanded(embedded)), Canonical(Json(hostile)));
  EXPECT_EQ(Canonical(Expanded(EmbeddedJson(Html(StatsDocument{})))), Canonical(Json(StatsDocument{})));
}

TEST(StatsHtmlTest, HostileNamesStayText) {
  StatsDocument doc = Document();
  doc.check.version = kHostile;
  doc.check.inputs[0].path = kHostile;
  doc.check.specs[0].id = kHostile;
  for (StatsGroup& group : doc.stats.groups) {
    group.spec = kHostile;
    group.tests[0].note = kHostile;
    group.returns[0].policy = kHostile;
  }
  doc.stats.groups[1].table = kHostile;
  doc.check.violations[0].message = kHostile;
  doc.check.violations[0].table = kHostile;
  const std::string html = Html(doc);
  const std::string escaped = HtmlEscape(kHostile);
  // The page's own elements only: one data block, two scripts, no image, no link out.
  EXPECT_EQ(Count(html, "<script"), 3);
  EXPECT_EQ(Count(html, "</script>"), 3);
  EXPECT_EQ(Count(html, "<img"), 0);
  EXPECT_EQ(Count(html, "<a href=\"h"), 0);
  EXPECT_EQ(Count(html, "<!--"), 0);
  EXPECT_FALSE(std::regex_search(html, std::regex(R"((src|href|action)=["']?https?:)")));
  for (const std::string& href : Attributes(html, "href")) EXPECT_TRUE(href.starts_with("#")) << href;
  for (const char c : html) {
    if (static_cast<unsigned char>(c) < 0x20) {
      EXPECT_EQ(c, '\n');
    }
  }
  EXPECT_EQ(Count(html, "\xC2\x85"), 0);
  // Plain text wherever it is shown, in the plots' titles, labels and captions too.
  EXPECT_EQ(Figures(html, "groups.1.table").back(), escaped);
  EXPECT_EQ(Count(html, "<a href=\"#group-1\">" + escaped + "</a>"), 3);
  EXPECT_NE(
      html.find("<title>Ranks drawn against a fair shoe: " + escaped + ", table " + escaped + "</title>"),
      std::string::npos);
  EXPECT_NE(html.find("(" + escaped + "), with its 99% interval."), std::string::npos);
  EXPECT_EQ(Figures(html, "groups.0.tests.0.note"), std::vector<std::string>{escaped});
  // The input finding's table and message are in the data only, which the script shows as text.
  EXPECT_EQ(Count(EmbeddedJson(html), "<"), 0);
}

TEST(StatsHtmlTest, SummaryFigures) {
  const std::string html = Html(Document());
  EXPECT_EQ(Figures(html, "summary.rounds"), (std::vector<std::string>{"1000", "1000"}));
  EXPECT_EQ(Figures(html, "summary.rounds_used"), std::vector<std::string>{"1000"});
  EXPECT_EQ(Figures(html, "summary.tests"), (std::vector<std::string>{"4", "4"}));
  EXPECT_EQ(Figures(html, "summary.failed"), (std::vector<std::string>{"2", "2"}));
  EXPECT_EQ(Figures(html, "summary.failed_alone"), std::vector<std::string>{"2"});
  EXPECT_EQ(Figures(html, "summary.input_findings"), std::vector<std::string>{"1"});
  EXPECT_EQ(Figures(html, "summary.other_violations"), std::vector<std::string>{"7"});
  EXPECT_EQ(Figures(html, "summary.rounds_unknown_decks"), std::vector<std::string>{"10"});
  EXPECT_EQ(Figures(html, "summary.level"), std::vector<std::string>{"0.99"});
  EXPECT_EQ(Figures(html, "summary.correction"), std::vector<std::string>{"holm"});
  EXPECT_NE(html.find(" data-figure=\"summary.level\" data-value=\"0.99\">99%</span> confidence level"),
            std::string::npos);
  EXPECT_NE(html.find("Holm</span>&#39;s step-down correction over all 4 tests"), std::string::npos);
  EXPECT_EQ(Figures(html, "inputs.0.path"), std::vector<std::string>{"logs/day1.jsonl"});
  EXPECT_EQ(Figures(html, "specs.0.revision"), std::vector<std::string>{"published"});
  EXPECT_EQ(Figures(html, "command"), std::vector<std::string>{"stats"});
}

TEST(StatsHtmlTest, InputFindingsAreAFindingsView) {
  const std::string html = Html(Document());
  const std::string section = Between(html, "<section id=\"input-findings\">", "</section>");
  EXPECT_NE(section.find("<div class=\"findings-view\" data-json=\"pitboss-report\""), std::string::npos)
      << section;
  EXPECT_NE(section.find("<tbody data-rows=\"input_findings\"></tbody>"), std::string::npos) << section;
  EXPECT_NE(EmbeddedJson(html).find("\"input_findings\":{\"compact\":1,\"rows\":[[0,0,0,null,"),
            std::string::npos)
      << EmbeddedJson(html);
  StatsDocument clean = Document();
  clean.check.violations.clear();
  EXPECT_NE(Html(clean).find("<p class=\"empty\">None: every line is a round.</p>"), std::string::npos);
}

TEST(StatsHtmlTest, TestsTablesShowEveryFigure) {
  const std::string html = Html(Document());
  // Shown rounded, with the JSON's value beside.
  EXPECT_EQ(Figures(html, "groups.0.tests.0.value"), std::vector<std::string>{"5.631534322424494"});
  EXPECT_NE(html.find("data-figure=\"groups.0.tests.0.value\" data-value=\"5.631534322424494\">5.632</td>"),
            std::string::npos);
  EXPECT_EQ(Figures(html, "groups.0.tests.0.p_value"),
            (std::vector<std::string>{"0.9335060587936725", "0.9335060587936725"}));
  EXPECT_NE(html.find("data-value=\"1.2e-05\">1.20e-05</td>"), std::string::npos);
  EXPECT_EQ(Figures(html, "groups.0.tests.0.df"), std::vector<std::string>{"12"});
  EXPECT_EQ(Figures(html, "groups.0.tests.2.df"), std::vector<std::string>{""});  // null for z
  EXPECT_EQ(Figures(html, "groups.0.tests.2.pass_alone"), (std::vector<std::string>{"false", "false"}));
  EXPECT_NE(
      html.find("<td class=\"fail\" data-figure=\"groups.0.tests.2.pass\" data-value=\"false\">FAIL</td>"),
      std::string::npos);
  EXPECT_NE(
      html.find("<td class=\"pass\" data-figure=\"groups.0.tests.0.pass\" data-value=\"true\">pass</td>"),
      std::string::npos);
  // A test not run: no figures but its reason, in its group's table and in the table of all.
  EXPECT_EQ(Figures(html, "groups.0.tests.1.applicable"),
            (std::vector<std::string>{"false", "false", "false"}));
  EXPECT_EQ(Figures(html, "groups.0.tests.1.p_value"), std::vector<std::string>{});
  EXPECT_NE(
      html.find("<td colspan=\"7\">not tested</td><td class=\"note\" data-figure=\"groups.0.tests.1.note\">"
                "the rules do not reshuffle every round</td>"),
      std::string::npos);
  // The table of all tests filters by rule set, table, test and verdicts; each row links its group.
  EXPECT_NE(html.find("<table class=\"all-tests\" data-filter=\"tests\">"), std::string::npos);
  for (const std::string filter : {"spec", "table", "test", "alone", "across"}) {
    EXPECT_EQ(Count(html, "<th data-filter=\"" + filter + "\">"), 1) << filter;
  }
  EXPECT_EQ(Count(html, "<a href=\"#group-1\">ON1</a>"), 3);
  EXPECT_EQ(Count(html, "<section class=\"group\" id=\"group-"), 2);
  EXPECT_EQ(Figures(html, "groups.0.table"), (std::vector<std::string>{"", "", "", ""}));
  EXPECT_EQ(Figures(html, "groups.0.decks.6"), std::vector<std::string>{"990"});
  EXPECT_NE(html.find(", 10 before any shuffle on their table"), std::string::npos);
}

TEST(StatsHtmlTest, PlotsCarryTheFigures) {
  const StatsDocument doc = Document();
  const std::string html = Html(doc);
  EXPECT_EQ(Attributes(html, "data-plot"),
            (std::vector<std::string>{"groups.0.ranks", "groups.0.ranks", "groups.0.returns",
                                      "groups.1.ranks", "groups.1.ranks", "groups.1.returns"}));
  EXPECT_EQ(Attributes(html, "data-minus"), (std::vector<std::string>{"expected", "expected"}));
  EXPECT_EQ(Count(html, "<svg class=\"chart\" role=\"img\""), 6);
  const std::string counts =
      Between(html, "<figure class=\"plot\" data-plot=\"groups.0.ranks\" data-label=\"rank\">", "</figure>");
  std::vector<std::string> observed, categories;
  for (const RankCount& rank : doc.stats.groups[0].ranks) {
    observed.push_back(std::to_string(rank.observed));
    categories.push_back(rank.rank);
  }
  EXPECT_EQ(Attributes(counts, "data-observed"), observed);
  EXPECT_EQ(Attributes(counts, "data-expected"), std::vector<std::string>(13, "406.5"));
  EXPECT_EQ(Attributes(counts, "data-low"), std::vector<std::string>(13, "360.25"));
  EXPECT_EQ(Attributes(counts, "data-high"), std::vector<std::string>(13, "452.75"));
  EXPECT_EQ(Attributes(counts, "data-figure").front(), "groups.0.ranks.0.observed");
  // Less the expected counts: no tick, whiskers around zero.
  const std::string deviations = Between(html, "data-minus=\"expected\">", "</figure>");
  EXPECT_EQ(Attributes(deviations, "data-observed").front(), "-6.5");
  EXPECT_EQ(Attributes(deviations, "data-expected"), std::vector<std::string>{});
  EXPECT_EQ(Attributes(deviations, "data-low"), std::vector<std::string>(13, "-46.25"));
  EXPECT_EQ(Attributes(deviations, "data-high"), std::vector<std::string>(13, "46.25"));
  const std::string returns = Between(html, "data-plot=\"groups.0.returns\"", "</figure>");
  EXPECT_EQ(Attributes(returns, "data-row"), (std::vector<std::string>{"main", "main", "main"}));
  EXPECT_EQ(Attributes(returns, "data-observed"), std::vector<std::string>{"0.91"});
  EXPECT_EQ(Attributes(returns, "data-theoretical"), std::vector<std::string>{"0.9740166856166088"});
  EXPECT_EQ(Attributes(returns, "data-low"), std::vector<std::string>{"0.9612"});
  EXPECT_EQ(Attributes(returns, "data-high"), std::vector<std::string>{"0.98683"});
  // The first group's captions explain the plots in full; the others', briefly.
  EXPECT_EQ(Count(html, "finite-shoe factor of the rank-frequencies test"), 1);
  EXPECT_EQ(Count(html, "The cards of each rank drawn (5278 in all)"), 1);
  // And the tables beside them.
  EXPECT_EQ(Figures(html, "groups.1.ranks.12.high"), std::vector<std::string>{"452.75"});
  EXPECT_EQ(Figures(html, "groups.1.returns.0.observed"), std::vector<std::string>{"0.91"});
  EXPECT_NE(html.find("data-value=\"0.91\">91.0000%</td>"), std::string::npos);
}

TEST(StatsHtmlTest, NoGroupsRenders) {
  const StatsDocument doc;
  const std::string html = Html(doc);
  EXPECT_NE(html.find("<title>pitboss stats: no test run in 0 rounds</title>"), std::string::npos);
  EXPECT_NE(html.find("<p class=\"empty\">None: no round was read.</p>"), std::string::npos);
  EXPECT_EQ(Count(html, "<svg"), 0);
  EXPECT_EQ(Count(html, "data-plot="), 0);
  EXPECT_EQ(Figures(html, "summary.tests"), std::vector<std::string>{"0"});
  EXPECT_TRUE(html.ends_with("</body>\n</html>\n"));
  // A group without returns has no plot of them.
  StatsDocument no_returns = Document();
  for (StatsGroup& group : no_returns.stats.groups) group.returns.clear();
  const std::string page = Html(no_returns);
  EXPECT_EQ(Count(page, "data-plot=\"groups.0.returns\""), 0);
  EXPECT_EQ(Count(page, "No return plot: no wager has enough bets for a return test."), 2);
}

TEST(StatsHtmlTest, Deterministic) {
  const std::string html = Html(Document());
  EXPECT_EQ(Html(Document()), html);
  std::ostringstream out;
  out.imbue(GroupingLocale());
  WriteStatsHtml(Document(), out);
  EXPECT_EQ(out.str(), html);
}

}  // namespace
}  // namespace pitboss
