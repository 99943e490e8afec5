// --format html of `pitboss stats`: the report as one self-contained page for an
// auditor: the verdict, the summary (rounds, tests, failures, what the 99% level and
// Holm's correction mean), the lines that are not rounds, every test in one table that
// filters by rule set, table and verdict, and per group (a rule set's tables together,
// then each table) its tests, the ranks drawn against a fair shoe and the return of each
// wager against theory, as tables and plots. The stats JSON (--format json, exactly) is
// embedded in the page, and every figure shown from it carries its path (html.h, "Page
// conventions"); each plot's <figure> names the array it draws in data-plot, and its marks
// carry the array's numbers, so a test can hold the page against the data.
//
// The tests table and the plots of a group are also the check page's statistics section
// (html_writer.cc), whose figure paths start at the groups array itself.
#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "pitboss/report.h"
#include "pitboss/round.h"
#include "report/assets.h"  // generated from src/report/assets/ (cmake/embed_assets.cmake)
#include "report/html.h"
#include "report/stats_writers.h"
#include "stats/conformance.h"

namespace pitboss {
namespace {

// `value` with `decimals` digits after the point, whatever the locale.
std::string Fixed(double value, int decimals) {
  if (!std::isfinite(value)) return FormatNumber(value);
  std::array<char, 64> buffer;
  const auto result =
      std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, std::chars_format::fixed, decimals);
  if (result.ec != std::errc()) return FormatNumber(value);  // beyond 1e60: shortest form
  return std::string(buffer.data(), result.ptr);
}

// A percentage to at most four decimals, without trailing zeros: "99", "0.5".
std::string ShortPercent(double fraction) {
  std::string text = Fixed(fraction * 100, 4);
  if (text.find('.') != std::string::npos) {
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
  }
  return text;
}

std::string Percent(double fraction) { return Fixed(fraction * 100, 4) + "%"; }

// As the text report shows a p-value: four decimals, or two significant digits below 1e-4.
std::string PValue(double p) {
  if (!(p < 1e-4) || p <= 0) return Fixed(p, 4);
  std::array<char, 32> buffer;
  const auto result =
      std::to_chars(buffer.data(), buffer.data() + buffer.size(), p, std::chars_format::scientific, 2);
  return std::string(buffer.data(), result.ptr);
}

// A double as the JSON report has it: its shortest form, or empty for the null that stands
// for a value that is not finite.
std::string JsonNumber(double value) { return std::isfinite(value) ? FormatNumber(value) : ""; }

std::string Plural(int64_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// An element showing the figure at `path`: `shown`, already HTML, and where the figure's
// own text differs, `value` as data-value.
void Figure(std::ostream& out, std::string_view tag, std::string_view css_class, std::string_view path,
            std::string_view shown, std::optional<std::string_view> value = std::nullopt) {
  out << '<' << tag;
  if (!css_class.empty()) out << " class=\"" << css_class << '"';
  out << " data-figure=\"" << HtmlEscape(path) << '"';
  if (value) out << " data-value=\"" << HtmlEscape(*value) << '"';
  out << '>' << shown << "</" << tag << '>';
}

void Verdict(std::ostream& out, std::string_view path, bool pass) {
  Figure(out, "td", pass ? "pass" : "fail", path, pass ? "pass" : "FAIL", pass ? "true" : "false");
}

// "online/war, all tables", as plain text.
std::string GroupName(const StatsGroup& group) {
  return group.spec + (group.table.empty() ? ", all tables" : ", table " + group.table);
}

int64_t CardsDrawn(const StatsGroup& group) {
  int64_t n = 0;
  for (const RankCount& rank : group.ranks) n += rank.observed;
  return n;
}

void WriteHeader(std::ostream& out, const StatsDocument& doc) {
  const StatsReport& stats = doc.stats;
  const int tests = stats.tests();
  const int failed = stats.failed();
  out << "<header>\n<h1>pitboss stats: ";
  if (tests == 0) {
    out << "no test run";
  } else if (failed == 0) {
    out << "all ";
    Figure(out, "span", "", "summary.tests", std::to_string(tests));
    out << (tests == 1 ? " test passes" : " tests pass");
  } else {
    Figure(out, "span", "fail", "summary.failed", std::to_string(failed));
    out << " of ";
    Figure(out, "span", "", "summary.tests", std::to_string(tests));
    out << (tests == 1 ? " test fails" : " tests fail");
  }
  out << " in ";
  Figure(out, "span", "", "summary.rounds", std::to_string(doc.check.rounds));
  out << (doc.check.rounds == 1 ? " round" : " rounds") << "</h1>\n<p class=\"meta\">";
  Figure(out, "span", "", "tool", "pitboss");
  out << ' ';
  Figure(out, "span", "", "command", "stats");
  out << ' ';
  Figure(out, "span", "", "version", HtmlEscape(doc.check.version));
  out << " &middot; " << Plural(static_cast<int64_t>(doc.check.inputs.size()), "input", "inputs")
      << " &middot; " << Plural(static_cast<int64_t>(doc.check.specs.size()), "rule spec", "rule specs")
      << " &middot; " << Plural(static_cast<int64_t>(stats.groups.size()), "group", "groups")
      << "</p>\n<nav><a href=\"#summary\">Summary</a><a href=\"#input-findings\">Input findings</a>"
         "<a href=\"#tests\">Tests</a>";
  if (!stats.groups.empty()) out << "<a href=\"#group-0\">Groups</a>";
  out << "</nav>\n</header>\n";
}

void WriteSummary(std::ostream& out, const StatsDocument& doc) {
  const StatsReport& stats = doc.stats;
  out << "<section id=\"summary\">\n<h2>Summary</h2>\n<div class=\"figures\">\n";
  const auto figure = [&](std::string_view path, int64_t n, std::string_view label, bool bad = false) {
    out << "<div class=\"figure\">";
    Figure(out, "b", bad && n > 0 ? "fail" : "", path, std::to_string(n));
    out << label << "</div>\n";
  };
  figure("summary.rounds", doc.check.rounds, "rounds read");
  figure("summary.rounds_used", stats.rounds_used, "rounds in the statistics");
  figure("summary.tests", stats.tests(), "tests");
  figure("summary.failed", stats.failed(), "failed across the report", true);
  figure("summary.failed_alone", stats.failed_alone(), "failed alone");
  figure("summary.input_findings", static_cast<int64_t>(doc.input_findings().size()),
         "lines not read as rounds", true);
  figure("summary.other_violations", doc.other_violations, "other violations");
  out << "</div>\n<p class=\"note\">Each test is judged at the ";
  Figure(out, "span", "", "summary.level", ShortPercent(stats.level) + "%", JsonNumber(stats.level));
  out << " confidence level of gaming standards (25 CFR 547.14, GLI-11): <b>alone</b>, when its p-value is "
         "at least "
      << ShortPercent(1 - stats.level) << "%, and <b>across the report</b> by ";
  Figure(out, "span", "", "summary.correction",
         stats.correction == "holm" ? "Holm" : HtmlEscape(stats.correction), stats.correction);
  out << "&#39;s step-down correction over all " << Plural(stats.tests(), "test", "tests")
      << ", when its adjusted p-value is at least " << ShortPercent(1 - stats.level)
      << "%: a fair game fails some test alone now and then by chance, but fails the report with "
      << ShortPercent(1 - stats.level)
      << "% chance only, however many tables it has. The verdict across the report, and the lines not read "
         "as rounds, set the exit status; the other violations are those <code>pitboss check</code> reports "
         "in these logs besides.</p>\n<p class=\"note\">Rounds dealt before any shuffle on their table: ";
  Figure(out, "span", "", "summary.rounds_unknown_decks", std::to_string(stats.rounds_unknown_decks));
  out << " (in the card tests; not in the return tests, whose theory needs the shoe&#39;s deck count).</p>\n";
  WriteInputsAndSpecsHtml(out, doc.check);
  out << "</section>\n";
}

void WriteInputFindings(std::ostream& out, const StatsDocument& doc) {
  const std::vector<const Finding*> findings = doc.input_findings();
  out << "<section id=\"input-findings\">\n<h2>Input findings</h2>\n"
         "<p class=\"note\">The lines of the logs that are not rounds, as <code>pitboss check</code> reports "
         "them: no statistic counts them.</p>\n";
  WriteFindingsHtml(out, findings, "input_findings");
  if (findings.empty()) out << "<p class=\"empty\">None: every line is a round.</p>\n";
  out << "</section>\n";
}

// Every test of every group in one table, to filter by group and verdict.
void WriteAllTests(std::ostream& out, const StatsReport& stats) {
  out << "<section id=\"tests\">\n<h2>Tests</h2>\n";
  if (stats.groups.empty()) {
    out << "<p class=\"empty\">None: no round was read.</p>\n</section>\n";
    return;
  }
  out << "<p class=\"note\">Every test of every group. A group&#39;s tests with their notes, and its plots, "
         "follow below.</p>\n"
         "<div class=\"table-wrap\"><table class=\"all-tests\" data-filter=\"tests\">\n<thead><tr>"
         "<th data-filter=\"spec\">rule set</th><th data-filter=\"table\">table</th>"
         "<th data-filter=\"test\">test</th><th class=\"num\">n</th><th class=\"num\">p-value</th>"
         "<th class=\"num\">Holm-adjusted p</th><th data-filter=\"alone\">alone</th>"
         "<th data-filter=\"across\">across the report</th></tr></thead>\n<tbody>\n";
  for (std::size_t g = 0; g < stats.groups.size(); ++g) {
    const StatsGroup& group = stats.groups[g];
    const std::string path = "groups." + std::to_string(g) + ".";
    for (std::size_t i = 0; i < group.tests.size(); ++i) {
      const StatTest& test = group.tests[i];
      const std::string at = path + "tests." + std::to_string(i) + ".";
      out << "<tr"
          << (!test.applicable ? " class=\"not-tested\""
              : !test.pass     ? " class=\"failed\""
                               : "")
          << '>';
      Figure(out, "td", "", path + "spec", HtmlEscape(group.spec));
      const std::string link = "<a href=\"#group-" + std::to_string(g) + "\">";
      if (group.table.empty()) {
        Figure(out, "td", "no-table", path + "table", link + "all tables</a>", "");
      } else {
        Figure(out, "td", "", path + "table", link + HtmlEscape(group.table) + "</a>");
      }
      Figure(out, "td", "", at + "id", "<code>" + HtmlEscape(test.id) + "</code>");
      if (test.applicable) {
        Figure(out, "td", "num", at + "n", std::to_string(test.n));
        Figure(out, "td", "num", at + "p_value", PValue(test.p_value), JsonNumber(test.p_value));
        Figure(out, "td", "num", at + "p_adjusted", PValue(test.p_adjusted), JsonNumber(test.p_adjusted));
        Verdict(out, at + "pass_alone", test.pass_alone);
        Verdict(out, at + "pass", test.pass);
      } else {
        out << "<td></td><td></td><td></td>";
        Figure(out, "td", "", at + "applicable", "not tested", "false");
        Figure(out, "td", "", at + "applicable", "not tested", "false");
      }
      out << "</tr>\n";
    }
  }
  out << "</tbody>\n</table></div>\n</section>\n";
}

// The ranks drawn, a column per rank.
void WriteRanks(std::ostream& out, const StatsGroup& group, const std::string& path) {
  out << "<div class=\"table-wrap\"><table class=\"ranks\">\n<thead><tr><th>rank</th>";
  for (std::size_t i = 0; i < group.ranks.size(); ++i) {
    Figure(out, "th", "", path + "ranks." + std::to_string(i) + ".rank", HtmlEscape(group.ranks[i].rank));
  }
  out << "</tr></thead>\n<tbody>\n<tr><th>drawn</th>";
  for (std::size_t i = 0; i < group.ranks.size(); ++i) {
    Figure(out, "td", "", path + "ranks." + std::to_string(i) + ".observed",
           std::to_string(group.ranks[i].observed));
  }
  out << "</tr>\n";
  // The expected counts and the interval, to a tenth of a card.
  const auto row = [&](std::string_view label, std::string_view key, double RankCount::*member) {
    out << "<tr><th>" << label << "</th>";
    for (std::size_t i = 0; i < group.ranks.size(); ++i) {
      const double value = group.ranks[i].*member;
      Figure(out, "td", "", path + "ranks." + std::to_string(i) + "." + std::string(key), Fixed(value, 1),
             JsonNumber(value));
    }
    out << "</tr>\n";
  };
  row("expected", "expected", &RankCount::expected);
  row("99% low", "low", &RankCount::low);
  row("99% high", "high", &RankCount::high);
  out << "</tbody>\n</table></div>\n";
}

void WriteReturns(std::ostream& out, const StatsGroup& group, const std::string& path) {
  if (group.returns.empty()) return;
  out << "<div class=\"table-wrap\"><table class=\"returns\">\n<thead><tr><th>wager</th>"
         "<th class=\"num\">bets</th><th class=\"num\">wagered (minor units)</th>"
         "<th class=\"num\">players&#39; net</th>"
         "<th class=\"num\">observed return</th><th class=\"num\">theoretical</th>"
         "<th class=\"num\">99% low</th><th class=\"num\">99% high</th><th>theory under</th></tr></thead>\n"
         "<tbody>\n";
  for (std::size_t i = 0; i < group.returns.size(); ++i) {
    const ReturnCheck& check = group.returns[i];
    const std::string at = path + "returns." + std::to_string(i) + ".";
    out << "<tr>";
    Figure(out, "td", "", at + "wager", HtmlEscape(ToString(check.wager)));
    Figure(out, "td", "num", at + "bets", std::to_string(check.bets));
    if (check.overflow) {
      out << "<td class=num>too large to represent</td><td class=num>too large to represent</td>";
    } else {
      Figure(out, "td", "num", at + "wagered", std::to_string(check.wagered));
      Figure(out, "td", "num", at + "net", std::to_string(check.net));
    }
    Figure(out, "td", "num", at + "observed", Percent(check.observed), JsonNumber(check.observed));
    Figure(out, "td", "num", at + "theoretical", Percent(check.theoretical), JsonNumber(check.theoretical));
    Figure(out, "td", "num", at + "low", Percent(check.low), JsonNumber(check.low));
    Figure(out, "td", "num", at + "high", Percent(check.high), JsonNumber(check.high));
    Figure(out, "td", "", at + "policy", HtmlEscape(check.policy));
    out << "</tr>\n";
  }
  out << "</tbody>\n</table></div>\n";
}

void WriteGroup(std::ostream& out, const StatsGroup& group, std::size_t index) {
  const std::string path = "groups." + std::to_string(index) + ".";
  out << "<section class=\"group\" id=\"group-" << std::to_string(index) << "\">\n<h2>";
  Figure(out, "span", "", path + "spec", HtmlEscape(group.spec));
  out << " &middot; ";
  if (group.table.empty()) {
    Figure(out, "span", "", path + "table", "all tables", "");
  } else {
    out << "table ";
    Figure(out, "span", "", path + "table", HtmlEscape(group.table));
  }
  out << "</h2>\n<p class=\"meta\">";
  Figure(out, "span", "", path + "rounds", std::to_string(group.rounds));
  out << (group.rounds == 1 ? " round" : " rounds");
  int64_t with_decks = 0;
  for (const auto& [decks, rounds] : group.decks) {
    out << ", ";
    Figure(out, "span", "", path + "decks." + std::to_string(decks), std::to_string(rounds));
    out << " dealt from " << std::to_string(decks) << (decks == 1 ? " deck" : " decks");
    with_decks += rounds;
  }
  if (with_decks < group.rounds) {
    out << ", " << std::to_string(group.rounds - with_decks) << " before any shuffle on their table";
  }
  out << "</p>\n";
  WriteStatsTestsHtml(out, group, path, true);
  WriteStatsPlotsHtml(out, group, path, index == 0);
  out << "<h3>Ranks drawn</h3>\n";
  WriteRanks(out, group, path);
  out << "<h3>Returns</h3>\n";
  if (group.returns.empty()) {
    out << "<p class=\"empty\">No wager with enough bets for a return test.</p>\n";
  } else {
    WriteReturns(out, group, path);
  }
  out << "</section>\n";
}

}  // namespace

std::string_view StatsHtmlCss() { return assets::kStatsCss; }

void WriteStatsTestsHtml(std::ostream& out, const StatsGroup& group, std::string_view path, bool notes) {
  if (group.tests.empty()) {
    out << "<p class=\"empty\">No tests.</p>\n";
    return;
  }
  out << "<div class=\"table-wrap\"><table class=\"tests\">\n<thead><tr><th>test</th><th>statistic</th>"
         "<th class=\"num\">value</th><th class=\"num\">df</th><th class=\"num\">n</th>"
         "<th class=\"num\">p-value</th><th class=\"num\">Holm-adjusted p</th><th>alone</th>"
         "<th>across the report</th>"
      << (notes ? "<th>note</th>" : "") << "</tr></thead>\n<tbody>\n";
  for (std::size_t i = 0; i < group.tests.size(); ++i) {
    const StatTest& test = group.tests[i];
    const std::string at = std::string(path) + "tests." + std::to_string(i) + ".";
    // The row shows whether the test ran; without a notes column, its note is the tooltip.
    out << "<tr" << (!test.applicable ? " class=\"not-tested\"" : !test.pass ? " class=\"failed\"" : "");
    if (!notes && test.applicable) out << " title=\"" << HtmlEscape(test.note) << '"';
    out << " data-figure=\"" << HtmlEscape(at) << "applicable\" data-value=\""
        << (test.applicable ? "true" : "false") << "\">";
    Figure(out, "td", "", at + "id", "<code>" + HtmlEscape(test.id) + "</code>");
    Figure(out, "td", "", at + "statistic", HtmlEscape(test.statistic));
    if (!test.applicable) {
      out << "<td colspan=\"7\">not tested";
      if (!notes) {
        out << ": ";
        Figure(out, "span", "", at + "note", HtmlEscape(test.note));
      }
      out << "</td>";
    } else {
      Figure(out, "td", "num", at + "value", Fixed(test.value, 3), JsonNumber(test.value));
      Figure(out, "td", "num", at + "df", test.df > 0 ? std::to_string(test.df) : "");
      Figure(out, "td", "num", at + "n", std::to_string(test.n));
      Figure(out, "td", "num", at + "p_value", PValue(test.p_value), JsonNumber(test.p_value));
      Figure(out, "td", "num", at + "p_adjusted", PValue(test.p_adjusted), JsonNumber(test.p_adjusted));
      Verdict(out, at + "pass_alone", test.pass_alone);
      Verdict(out, at + "pass", test.pass);
    }
    if (notes) Figure(out, "td", "note", at + "note", HtmlEscape(test.note));
    out << "</tr>\n";
  }
  out << "</tbody>\n</table></div>\n";
}

void WriteStatsPlotsHtml(std::ostream& out, const StatsGroup& group, std::string_view path, bool explain) {
  const std::string name = GroupName(group);
  const std::string at(path);
  out << "<div class=\"plots\">\n";

  const int64_t cards = CardsDrawn(group);
  BarsAgainstExpected ranks;
  ranks.title = "Ranks drawn against a fair shoe: " + name;
  ranks.x_label = "rank";
  ranks.y_label = "cards drawn";
  ranks.observed_label = "cards drawn";
  ranks.expected_label = "expected";
  ranks.interval_label = "99% interval";
  for (std::size_t i = 0; i < group.ranks.size(); ++i) {
    const RankCount& rank = group.ranks[i];
    BarCategory bar;
    bar.label = rank.rank;
    bar.observed = static_cast<double>(rank.observed);
    bar.expected = rank.expected;
    bar.low = rank.low;
    bar.high = rank.high;
    bar.figure = at + "ranks." + std::to_string(i) + ".observed";
    ranks.categories.push_back(std::move(bar));
  }
  out << "<figure class=\"plot\" data-plot=\"" << HtmlEscape(at) << "ranks\" data-label=\"rank\">\n";
  SvgBarsAgainstExpected(out, ranks);
  out << "<figcaption>";
  if (explain) {
    out << "Bars: the cards of each rank drawn, dealt and burned (" << std::to_string(cards)
        << " in all). Ticks: the count a fair shoe gives on average, 1 in 13. Whiskers: the 99% interval of "
           "each rank&#39;s count by itself, expected &plusmn; 2.576&thinsp;&radic;(n&thinsp;p&thinsp;"
           "(1&minus;p)&thinsp;f), with f the finite-shoe factor of the rank-frequencies test (cards of one "
           "shoe are drawn without replacement).";
  } else {
    out << "The cards of each rank drawn (" << std::to_string(cards)
        << " in all) against a fair shoe&#39;s expected count, with its 99% interval.";
  }
  out << "</figcaption>\n</figure>\n";

  // The same, less the expected counts: over thousands of cards, a rank's deviation is a
  // sliver of its bar.
  BarsAgainstExpected deviations;
  deviations.title = "Ranks drawn less the expected counts: " + name;
  deviations.x_label = "rank";
  deviations.y_label = "drawn \u2212 expected";
  deviations.observed_label = "cards drawn \u2212 expected";
  deviations.interval_label = "99% interval";
  for (const RankCount& rank : group.ranks) {
    BarCategory bar;
    bar.label = rank.rank;
    bar.observed = static_cast<double>(rank.observed) - rank.expected;
    bar.low = rank.low - rank.expected;
    bar.high = rank.high - rank.expected;
    deviations.categories.push_back(std::move(bar));
  }
  // data-minus: the marks show the array's figures less its member "expected".
  out << "<figure class=\"plot\" data-plot=\"" << HtmlEscape(at)
      << "ranks\" data-label=\"rank\" data-minus=\"expected\">\n";
  SvgBarsAgainstExpected(out, deviations);
  out << "<figcaption>The same less the expected counts";
  if (explain) {
    out << ": bars, each rank&#39;s excess or shortfall of cards; whiskers, its 99% interval. Even a fair "
           "shoe leaves some rank outside its whisker in about one group in eight; the chi-square test "
           "judges the 13 ranks together";
  }
  out << ".</figcaption>\n</figure>\n";

  if (!group.returns.empty()) {
    IntervalPlot returns;
    returns.title = "Return per wager against theory: " + name;
    returns.x_label = "return: money paid back per unit wagered";
    returns.observed_label = "observed";
    returns.theoretical_label = "theoretical";
    returns.interval_label = "99% interval";
    for (const ReturnCheck& check : group.returns) {
      returns.rows.push_back(
          {std::string(ToString(check.wager)), check.observed, check.theoretical, check.low, check.high});
    }
    out << "<figure class=\"plot\" data-plot=\"" << HtmlEscape(at) << "returns\" data-label=\"wager\">\n";
    SvgIntervalPlot(out, returns);
    out << "<figcaption>";
    if (explain) {
      out << "Points: each wager&#39;s observed return, the money paid back over the money wagered (the main "
             "wager&#39;s counting its raise). Ticks: the spec&#39;s theoretical return under the tie "
             "choices "
             "the players made ("
          << HtmlEscape(group.returns.front().policy)
          << "). Bars: the 99% interval of the observed return if the game is fair.";
    } else {
      out << "Each wager&#39;s observed return against the theoretical ("
          << HtmlEscape(group.returns.front().policy) << "), with its 99% interval.";
    }
    out << "</figcaption>\n</figure>\n";
  } else {
    out << "<p class=\"empty\">No return plot: no wager has enough bets for a return test.</p>\n";
  }
  out << "</div>\n";
}

void WriteStatsHtml(const StatsDocument& doc, std::ostream& out) {
  const StatsReport& stats = doc.stats;
  const int tests = stats.tests();
  const int failed = stats.failed();
  HtmlPage page;
  page.title = "pitboss stats: " +
               (tests == 0    ? std::string("no test run")
                : failed == 0 ? "all " + Plural(tests, "test passes", "tests pass")
                              : std::to_string(failed) + " of " + Plural(tests, "test fails", "tests fail")) +
               " in " + Plural(doc.check.rounds, "round", "rounds");
  page.extra_css =
      std::string(FindingsHtmlCss()) + std::string(assets::kStatsCss) + std::string(assets::kStatsPageCss);
  page.scripts = {std::string(HtmlTableFilterScript()), std::string(HtmlFindingsScript())};

  WriteHtmlPageBegin(page, out);
  WriteHeader(out, doc);
  out << "<main>\n";
  WriteSummary(out, doc);
  WriteInputFindings(out, doc);
  WriteAllTests(out, stats);
  for (std::size_t g = 0; g < stats.groups.size(); ++g) WriteGroup(out, stats.groups[g], g);
  out << "</main>\n";
  WriteReportJsonHtml(
      out, [&doc](std::ostream& json) { WriteStatsJson(doc, json); }, "input_findings");
  WriteHtmlPageEnd(page, out);
}

}  // namespace pitboss
