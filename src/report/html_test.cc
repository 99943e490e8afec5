#include "report/html.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <locale>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "report/test_html.h"
#include "report/test_reports.h"

namespace pitboss {
namespace {

using namespace test_html;  // NOLINT(google-build-using-namespace): test helpers

using test_reports::Count;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// A numpunct that groups thousands and writes a decimal comma, as some users' locales do.
struct CommaNumpunct : std::numpunct<char> {
  char do_decimal_point() const override { return ','; }
  char do_thousands_sep() const override { return '.'; }
  std::string do_grouping() const override { return "\3"; }
};

template <typename Write>
std::string Written(Write write, bool comma_locale = false) {
  std::ostringstream out;
  if (comma_locale) out.imbue(std::locale(std::locale::classic(), new CommaNumpunct));
  write(out);
  return out.str();
}

TEST(HtmlEscapeTest, MarkupAndQuotes) {
  EXPECT_EQ(HtmlEscape("</script><script>alert(1)</script>"),
            "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  EXPECT_EQ(HtmlEscape("<img src=x onerror=\"alert('x')\">"),
            "&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;");
  EXPECT_EQ(HtmlEscape("a & b &amp;"), "a &amp; b &amp;amp;");
  EXPECT_EQ(HtmlEscape(""), "");
}

TEST(HtmlEscapeTest, ControlCharactersAsTheTextEscapes) {
  EXPECT_EQ(HtmlEscape("a\nb\rc\td"), "a\\nb\\rc\\td");
  EXPECT_EQ(HtmlEscape(std::string("\x1b[31m\x07\x7f\0z", 9)), "\\x1b[31m\\x07\\x7f\\x00z");
  // C1 controls and noncharacters, which the HTML parser flags.
  EXPECT_EQ(HtmlEscape("\xC2\x85\xC2\x9F"), "\\u0085\\u009F");
  EXPECT_EQ(HtmlEscape("\xEF\xBF\xBE\xEF\xBF\xBF\xEF\xB7\x90"), "\\uFFFE\\uFFFF\\uFDD0");
  EXPECT_EQ(HtmlEscape("\xF0\x9F\xBF\xBF"), "\\u1FFFF");
}

TEST(HtmlEscapeTest, Utf8PassesIllFormedBecomesReplacement) {
  EXPECT_EQ(HtmlEscape("café € 🂡 \xE2\x80\xA8"), "café € 🂡 \xE2\x80\xA8");
  EXPECT_EQ(HtmlEscape("a\xFF"
                       "b\xC3"),
            "a\xEF\xBF\xBD"
            "b\xEF\xBF\xBD");
}

TEST(FormatNumberTest, ShortestRoundTripLocaleFree) {
  EXPECT_EQ(FormatNumber(13), "13");
  EXPECT_EQ(FormatNumber(0.25), "0.25");
  EXPECT_EQ(FormatNumber(0.1), "0.1");
  EXPECT_EQ(FormatNumber(-2.5), "-2.5");
  EXPECT_EQ(FormatNumber(-0.0), "0");
  EXPECT_EQ(FormatNumber(1234567), "1234567");
  EXPECT_EQ(FormatNumber(kNaN), "NaN");
  EXPECT_EQ(FormatNumber(kInfinity), "Infinity");
  EXPECT_EQ(FormatNumber(-kInfinity), "-Infinity");
  for (const double value : {1.0 / 3, 4.0 / 52, 1e-7, 6.02e23, 0.9473684210526315}) {
    EXPECT_EQ(std::strtod(FormatNumber(value).c_str(), nullptr), value) << FormatNumber(value);
  }
}

TEST(HtmlPageTest, SkeletonIsSelfContained) {
  HtmlPage page;
  page.title = "a </title><script>x</script> page";
  page.extra_css = ".x{color:red}";
  page.scripts = {std::string(HtmlTableFilterScript()), "'use strict';"};
  const std::string html = Written([&](std::ostream& out) {
    WriteHtmlPageBegin(page, out);
    out << "<p>body</p>\n";
    WriteHtmlPageEnd(page, out);
  });
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"))
      << html;
  EXPECT_NE(html.find("<title>a &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; page</title>"),
            std::string::npos);
  EXPECT_EQ(Count(html, "<style>"), 1);
  EXPECT_NE(html.find(".x{color:red}</style>"), std::string::npos);
  EXPECT_NE(html.find("@media print"), std::string::npos);
  EXPECT_TRUE(html.ends_with("</script>\n</body>\n</html>\n")) << html;
  EXPECT_EQ(Count(html, "<script>"), 2);
  // Nothing fetched from anywhere: the policy lets in the stylesheet and the two scripts, by hash.
  EXPECT_NE(html.find("content=\"default-src 'none'; style-src 'sha256-"), std::string::npos) << html;
  EXPECT_EQ(Count(html, "'sha256-"), 3);
  EXPECT_EQ(Count(html, "http://"), 0);
  EXPECT_EQ(Count(html, "https://"), 0);
  EXPECT_EQ(Count(html, "@import"), 0);
  EXPECT_EQ(Count(html, "url("), 0);
}

TEST(HtmlPageTest, PolicyHashFollowsTheScript) {
  const auto head = [](std::string script) {
    HtmlPage page;
    page.scripts = {std::move(script)};
    return Written([&](std::ostream& out) { WriteHtmlPageBegin(page, out); });
  };
  EXPECT_NE(head("let a = 1;"), head("let a = 2;"));
  EXPECT_EQ(head("let a = 1;"), head("let a = 1;"));
  // No script: none may run.
  EXPECT_NE(head("").find("script-src 'sha256-"), std::string::npos);
  EXPECT_NE(Written([](std::ostream& out) { WriteHtmlPageBegin(HtmlPage{}, out); }).find("script-src 'none'"),
            std::string::npos);
}

TEST(HtmlFilterScriptTest, StrictAndSilent) {
  const std::string_view script = HtmlTableFilterScript();
  EXPECT_NE(script.find("'use strict';"), std::string_view::npos);
  EXPECT_EQ(script.find("console"), std::string_view::npos);
  EXPECT_EQ(script.find("</"), std::string_view::npos);         // could end the <script> element
  EXPECT_EQ(script.find("innerHTML"), std::string_view::npos);  // cell text is data, never markup
}

// The text of the data block with id `id` in `html`.
std::string DataBlock(const std::string& html, const std::string& id) {
  const std::string open = "<script type=\"application/json\" id=\"" + id + "\">";
  const std::size_t from = html.find(open);
  if (from == std::string::npos) return "";
  const std::size_t begin = from + open.size();
  return html.substr(begin, html.find("</script>", begin) - begin);
}

TEST(HtmlJsonTest, DataCannotEndTheScriptAndParsesTheSame) {
  const std::string json =
      "{\"a\":\"</script><script>alert(1)</"
      "script>\",\"b\":\"<!--<script>\",\"c\":[\"\xE2\x80\xA8\xE2\x80\xA9\"],"
      "\"</SCRIPT "
      "\":1,\"d\":\"https://x.example/\",\"e\":\"\xC2\x85\xEF\xBF\xBE\xF0\x9F\xBF\xBE\xC3\xA9\"}\n";
  const std::string html = Written([&](std::ostream& out) { WriteHtmlJson(out, "d\"a<t>a", json); });
  EXPECT_TRUE(html.starts_with("<script type=\"application/json\" id=\"d&quot;a&lt;t&gt;a\">")) << html;
  EXPECT_TRUE(html.ends_with("</script>\n"));
  EXPECT_EQ(Count(html, "<"), 2);  // the element's own tags only
  EXPECT_EQ(Count(html, "\xE2\x80\xA8"), 0);
  EXPECT_EQ(Count(html, "\xE2\x80\xA9"), 0);
  EXPECT_NE(html.find("\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"), std::string::npos) << html;
  EXPECT_NE(html.find("\\u003c!--\\u003cscript>"), std::string::npos) << html;
  EXPECT_NE(html.find("\\u2028\\u2029"), std::string::npos) << html;
  // C1 controls and noncharacters too, as HtmlEscape does; other UTF-8 passes.
  EXPECT_NE(html.find("\\u0085\\uFFFE\\uD83F\\uDFFE\xC3\xA9"), std::string::npos) << html;
  const std::string data = DataBlock(html, "d&quot;a&lt;t&gt;a");
  EXPECT_EQ(Canonical(data), Canonical(json));
}

// WriteHtmlJson's compacting overload on the JSON text `json`, the data block's text back.
std::string CompactBlock(const std::string& json, std::string_view member,
                         std::vector<std::string_view> shared) {
  const std::string html = Written([&](std::ostream& out) {
    WriteHtmlJson(
        out, "d", [&json](std::ostream& data) { data << json; }, CompactArray{member, shared});
  });
  EXPECT_TRUE(html.starts_with("<script type=\"application/json\" id=\"d\">")) << html;
  EXPECT_TRUE(html.ends_with("</script>\n")) << html;
  return DataBlock(html, "d");
}

TEST(HtmlJsonTest, CompactArrayStandsForTheArray) {
  // Members that differ from object to object, values that repeat, nested values, and text that
  // looks like the member, in keys and strings, at other depths.
  const std::string json =
      "{\"a\":\"\\\"v\\\":[\",\"v\\\"\":[1],\"x\":{\"v\":[{\"k\":1}]},"
      "\"v\":[{\"k\":\"one\",\"n\":1,\"s\":[\"a\",{\"b\":\"}],\"}],\"t\":\"\\\"}\"},"
      "{\"k\":\"two\",\"n\":-2.5,\"s\":[\"a\",{\"b\":\"}],\"}]},"
      "{\"n\":null,\"k\":\"one\",\"s\":[],\"t\":true},{}],\"z\":\"v\"}\n";
  const std::string data = CompactBlock(json, "v", {"k", "s"});
  EXPECT_EQ(Canonical(Expanded(data)), Canonical(json));
  // The other members pass through as they are, the nested "v" and the key "v\"" too.
  EXPECT_TRUE(data.starts_with("{\"a\":\"\\\"v\\\":[\",\"v\\\"\":[1],\"x\":{\"v\":[{\"k\":1}]},\"v\":{"))
      << data;
  EXPECT_TRUE(data.ends_with("},\"z\":\"v\"}\n")) << data;
  // A row per object, its keys' list first; a shared value written once.
  EXPECT_NE(
      data.find("\"v\":{\"compact\":1,\"rows\":[[0,0,1,0,\"\\\"}\"],[1,1,-2.5,0],[2,null,0,1,true],[3]],"
                "\"keys\":[[\"k\",\"n\",\"s\",\"t\"],[\"k\",\"n\",\"s\"],[\"n\",\"k\",\"s\",\"t\"],[]],"
                "\"values\":{\"k\":[\"one\",\"two\"],\"s\":[[\"a\",{\"b\":\"}],\"}],[]]}}"),
      std::string::npos)
      << data;
}

TEST(HtmlJsonTest, CompactArrayKeepsTheEscaping) {
  // Markup, U+2028 and noncharacters in keys and values of the array, across many chunks.
  std::string json = "{\"v\":[";
  for (int i = 0; i < 5000; ++i) {
    if (i > 0) json += ',';
    json += "{\"</script>\":\"<!--â¨ÂÃ© " + std::to_string(i) +
            "\",\"s\":\"</script><script>alert(1)</script>\"}";
  }
  json += "],\"w\":\"</script>\"}";
  const std::string data = CompactBlock(json, "v", {"s"});
  EXPECT_EQ(Count(data, "<"), 0);
  EXPECT_EQ(Count(data, "â¨"), 0);
  EXPECT_EQ(Count(data, "Â"), 0);
  EXPECT_EQ(Count(data, "\\u003c/script>\\u003cscript>alert(1)"), 1);  // shared: once
  EXPECT_EQ(Canonical(Expanded(data)), Canonical(json));
}

TEST(HtmlJsonTest, CompactMemberThatIsNoArrayPassesThrough) {
  for (const std::string json :
       {"{\"v\":null}", "{\"v\":{\"a\":[1]}}", "{\"v\":[]}", "{\"w\":[{\"a\":1}]}"}) {
    const std::string data = CompactBlock(json, "v", {"a"});
    EXPECT_EQ(Canonical(Expanded(data)), Canonical(json)) << data;
  }
  EXPECT_EQ(CompactBlock("{\"v\":null}", "v", {}), "{\"v\":null}");
  EXPECT_EQ(CompactBlock("{\"v\":[]}", "v", {}),
            "{\"v\":{\"compact\":1,\"rows\":[],\"keys\":[],\"values\":{}}}");
}

TEST(HtmlFindingsScriptTest, StrictSilentAndText) {
  const std::string_view script = HtmlFindingsScript();
  EXPECT_NE(script.find("'use strict';"), std::string_view::npos);
  EXPECT_EQ(script.find("console"), std::string_view::npos);
  EXPECT_EQ(script.find("</"), std::string_view::npos);  // could end the <script> element
  EXPECT_EQ(script.find("<!--"), std::string_view::npos);
  EXPECT_EQ(script.find("innerHTML"), std::string_view::npos);  // cell text is data, never markup
  EXPECT_EQ(script.find("insertAdjacentHTML"), std::string_view::npos);
  EXPECT_EQ(script.find("eval("), std::string_view::npos);
  EXPECT_EQ(script.find("fetch("), std::string_view::npos);
}

BarsAgainstExpected RankPlot() {
  BarsAgainstExpected plot;
  plot.title = "Ranks dealt";
  plot.x_label = "rank";
  plot.y_label = "share of cards";
  const char* ranks[] = {"2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"};
  for (int i = 0; i < 13; ++i) {
    BarCategory category;
    category.label = ranks[i];
    category.observed = (70.0 + i) / 1000;
    category.expected = 1.0 / 13;
    category.low = category.observed - 0.0125;
    category.high = category.observed + 0.0125;
    plot.categories.push_back(category);
  }
  return plot;
}

TEST(SvgBarsTest, DataAttributesCarryTheExactValues) {
  const BarsAgainstExpected plot = RankPlot();
  const std::string svg = Written([&](std::ostream& out) { SvgBarsAgainstExpected(out, plot); });
  EXPECT_TRUE(svg.starts_with("<svg class=\"chart\" role=\"img\" ")) << svg;
  EXPECT_NE(svg.find("><title>Ranks dealt</title>"), std::string::npos);
  EXPECT_TRUE(svg.ends_with("</svg>\n"));
  std::vector<std::string> labels, observed, expected, low, high;
  for (const BarCategory& category : plot.categories) {
    labels.push_back(category.label);
    observed.push_back(FormatNumber(category.observed));
    expected.push_back(FormatNumber(*category.expected));
    low.push_back(FormatNumber(*category.low));
    high.push_back(FormatNumber(*category.high));
  }
  EXPECT_EQ(Attributes(svg, "data-observed"), observed);
  EXPECT_EQ(Attributes(svg, "data-expected"), expected);
  EXPECT_EQ(Attributes(svg, "data-low"), low);
  EXPECT_EQ(Attributes(svg, "data-high"), high);
  std::vector<std::string> categories;  // each category names its bar, whisker and tick
  for (const std::string& label : labels) categories.insert(categories.end(), 3, label);
  EXPECT_EQ(Attributes(svg, "data-category"), categories);
  EXPECT_EQ(observed[0], "0.07");
  EXPECT_EQ(expected[0], "0.07692307692307693");
  // Axis names and a legend of the three marks.
  for (const char* text : {">rank</text>", ">share of cards</text>", ">observed</text>", ">expected</text>",
                           ">interval</text>"}) {
    EXPECT_NE(svg.find(text), std::string::npos) << text;
  }
  EXPECT_EQ(Count(svg, "http"), 0);  // not even the SVG namespace: HTML does not need it
}

TEST(SvgBarsTest, OptionalMarksAndFigures) {
  BarsAgainstExpected plot;
  plot.title = "Violations by code";
  plot.observed_label = "violations";
  BarCategory payout;
  payout.label = "settle/payout";
  payout.observed = 2;
  payout.figure = "summary.by_code.settle/payout";
  BarCategory odd;
  odd.label = "not a number";
  odd.observed = kNaN;
  odd.expected = kInfinity;
  plot.categories = {payout, odd};
  const std::string svg = Written([&](std::ostream& out) { SvgBarsAgainstExpected(out, plot); });
  // The bar that is not finite is not drawn; its label still is.
  EXPECT_EQ(Attributes(svg, "data-observed"), std::vector<std::string>{"2"});
  EXPECT_EQ(Attributes(svg, "data-figure"), std::vector<std::string>{"summary.by_code.settle/payout"});
  EXPECT_EQ(Attributes(svg, "data-value"), std::vector<std::string>{"2"});
  EXPECT_EQ(Count(svg, "data-expected"), 0);
  EXPECT_EQ(Count(svg, "class=\"whisker\""), 0);
  EXPECT_EQ(Count(svg, "class=\"expected\""), 0);  // not even in the legend
  EXPECT_NE(svg.find(">not a number</text>"), std::string::npos);
  EXPECT_NE(svg.find(">violations</text>"), std::string::npos);
  // Whole counts: whole ticks.
  EXPECT_EQ(Count(svg, ">0.5</text>"), 0);
}

TEST(SvgBarsTest, EmptyAndHostile) {
  BarsAgainstExpected plot;
  plot.title = "</svg><script>alert(1)</script>";
  plot.x_label = "\"x\" & 'y'";
  EXPECT_NE(Written([&](std::ostream& out) { SvgBarsAgainstExpected(out, plot); }).find("</svg>"),
            std::string::npos);
  BarCategory category;
  category.label = "<img src=x onerror=alert(1)>\x1b";
  category.observed = 1;
  plot.categories = {category};
  const std::string svg = Written([&](std::ostream& out) { SvgBarsAgainstExpected(out, plot); });
  EXPECT_EQ(Count(svg, "<script"), 0);
  EXPECT_EQ(Count(svg, "<img"), 0);
  EXPECT_EQ(Count(svg, "</svg>"), 1);
  EXPECT_NE(svg.find("data-category=\"&lt;img src=x onerror=alert(1)&gt;\\x1b\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("&quot;x&quot; &amp; &#39;y&#39;"), std::string::npos);
}

IntervalPlot WagerPlot() {
  IntervalPlot plot;
  plot.title = "Return per wager";
  plot.x_label = "return to player";
  plot.rows = {{"main", 0.9712, 0.9711873840445269, 0.9601, 0.9823},
               {"tie", 0.81, 0.8134, 0.52, 1.1},
               {"raise", -0.3, std::nullopt, std::nullopt, std::nullopt}};
  return plot;
}

TEST(SvgIntervalPlotTest, DataAttributesCarryTheExactValues) {
  const IntervalPlot plot = WagerPlot();
  const std::string svg = Written([&](std::ostream& out) { SvgIntervalPlot(out, plot); });
  EXPECT_TRUE(svg.starts_with("<svg class=\"chart\" role=\"img\" ")) << svg;
  EXPECT_NE(svg.find("><title>Return per wager</title>"), std::string::npos);
  EXPECT_EQ(Attributes(svg, "data-observed"), (std::vector<std::string>{"0.9712", "0.81", "-0.3"}));
  EXPECT_EQ(Attributes(svg, "data-theoretical"), (std::vector<std::string>{"0.9711873840445269", "0.8134"}));
  EXPECT_EQ(Attributes(svg, "data-low"), (std::vector<std::string>{"0.9601", "0.52"}));
  EXPECT_EQ(Attributes(svg, "data-high"), (std::vector<std::string>{"0.9823", "1.1"}));
  EXPECT_EQ(Attributes(svg, "data-row"),
            (std::vector<std::string>{"main", "main", "main", "tie", "tie", "tie", "raise"}));
  for (const char* text : {">return to player</text>", ">observed</text>", ">theoretical</text>",
                           ">interval</text>", ">main</text>", ">raise</text>"}) {
    EXPECT_NE(svg.find(text), std::string::npos) << text;
  }
}

TEST(SvgIntervalPlotTest, NotFiniteIsNotDrawnEmptyRenders) {
  IntervalPlot plot;
  plot.title = "nothing";
  EXPECT_NE(Written([&](std::ostream& out) { SvgIntervalPlot(out, plot); }).find("</svg>"),
            std::string::npos);
  plot.rows = {{"a", kNaN, kInfinity, -kInfinity, 1}, {"b", 2, 2, 2, 2}};
  const std::string svg = Written([&](std::ostream& out) { SvgIntervalPlot(out, plot); });
  EXPECT_EQ(Attributes(svg, "data-observed"), std::vector<std::string>{"2"});
  EXPECT_EQ(Attributes(svg, "data-theoretical"), std::vector<std::string>{"2"});
  EXPECT_EQ(Attributes(svg, "data-low"), std::vector<std::string>{"2"});
  EXPECT_EQ(Count(svg, "NaN"), 0);
}

TEST(SvgPlotsTest, ExtremeValuesStillMakeAPlot) {
  BarsAgainstExpected bars;
  bars.title = "extremes";
  BarCategory huge;
  huge.label = "huge";
  huge.observed = std::numeric_limits<double>::max();
  BarCategory tiny = huge;
  tiny.label = "tiny";
  tiny.observed = -std::numeric_limits<double>::max();
  bars.categories = {huge, tiny};
  const std::string svg = Written([&](std::ostream& out) { SvgBarsAgainstExpected(out, bars); });
  EXPECT_EQ(Attributes(svg, "data-observed"),
            (std::vector<std::string>{"1.7976931348623157e+308", "-1.7976931348623157e+308"}));
  IntervalPlot intervals;
  intervals.rows = {{"a", 1e-300, 2e-300, 0, 3e-300}};
  EXPECT_NE(Written([&](std::ostream& out) { SvgIntervalPlot(out, intervals); }).find("</svg>"),
            std::string::npos);
}

TEST(SvgPlotsTest, DeterministicWhateverTheStreamsLocale) {
  const BarsAgainstExpected bars = RankPlot();
  const IntervalPlot intervals = WagerPlot();
  const auto both = [&](std::ostream& out) {
    SvgBarsAgainstExpected(out, bars);
    SvgIntervalPlot(out, intervals);
  };
  const std::string plain = Written(both);
  EXPECT_EQ(Written(both), plain);
  EXPECT_EQ(Written(both, /*comma_locale=*/true), plain);
  // Coordinates are plain numbers: a decimal point, no grouping.
  EXPECT_EQ(Count(plain, ","), 0);
}

}  // namespace
}  // namespace pitboss
