// Reading an HTML page of pitboss back in tests: its JSON blocks, its attributes and the
// figures it shows (report/html.h's page conventions).
#ifndef PITBOSS_REPORT_TEST_HTML_H_
#define PITBOSS_REPORT_TEST_HTML_H_

#include <gtest/gtest.h>
#include <simdjson.h>

#include <cstddef>
#include <locale>
#include <regex>
#include <string>
#include <vector>

namespace pitboss::test_html {

// The text of the JSON block with id `id` in `html`, as it stands in the page; "" and a
// test failure when there is none.
inline std::string EmbeddedJson(const std::string& html, const std::string& id = "pitboss-report") {
  const std::string open = "<script type=\"application/json\" id=\"" + id + "\">";
  const std::size_t from = html.find(open);
  if (from == std::string::npos) {
    ADD_FAILURE() << "no embedded " << id;
    return "";
  }
  const std::size_t begin = from + open.size();
  return html.substr(begin, html.find("</script>", begin) - begin);
}

// `json` parsed and written back in simdjson's canonical form.
inline std::string Canonical(const std::string& json) {
  simdjson::dom::parser parser;
  simdjson::dom::element element;
  const auto error = parser.parse(json).get(element);
  EXPECT_EQ(error, simdjson::SUCCESS) << json;
  return error ? "" : std::string(simdjson::minify(element));
}

// Every value of attribute `name` in `html` (after a space), in order.
inline std::vector<std::string> Attributes(const std::string& html, const std::string& name) {
  std::vector<std::string> values;
  const std::regex pattern(" " + name + "=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), pattern); it != std::sregex_iterator();
       ++it) {
    values.push_back((*it)[1]);
  }
  return values;
}

// The shown values of the elements with data-figure="`path`": their data-value where they
// have one, else their text up to the first tag.
inline std::vector<std::string> Figures(const std::string& html, const std::string& path) {
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

// A locale that groups thousands ("1,234"), as some users' are: a page written to a stream
// imbued with it must not change.
inline std::locale GroupingLocale() {
  struct Grouping : std::numpunct<char> {
    char do_thousands_sep() const override { return ','; }
    std::string do_grouping() const override { return "\3"; }
  };
  return std::locale(std::locale::classic(), new Grouping);
}

}  // namespace pitboss::test_html

#endif  // PITBOSS_REPORT_TEST_HTML_H_
