// Reading an HTML page of pitboss back in tests: its JSON blocks, its attributes and the
// figures it shows (report/html.h's page conventions).
#ifndef PITBOSS_REPORT_TEST_HTML_H_
#define PITBOSS_REPORT_TEST_HTML_H_

#include <gtest/gtest.h>
#include <simdjson.h>

#include <cstddef>
#include <cstdint>
#include <locale>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "base/json.h"

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

namespace internal {

// Writes `element` to `json`, each compact array (report/html.h) as the array it stands for.
inline void WriteExpanded(JsonWriter& json, simdjson::dom::element element) {
  switch (element.type()) {
    case simdjson::dom::element_type::OBJECT: {
      const simdjson::dom::object object = element.get_object().value_unsafe();
      simdjson::dom::element compact, rows, keys, values;
      if (!object["compact"].get(compact) && compact.is_int64() && int64_t(compact) == 1 &&
          !object["rows"].get(rows) && !object["keys"].get(keys) && !object["values"].get(values)) {
        json.BeginArray();
        for (const simdjson::dom::element row : rows.get_array()) {
          const simdjson::dom::array cells = row.get_array();
          const simdjson::dom::array names = keys.at(uint64_t(cells.at(0)));
          EXPECT_EQ(cells.size(), names.size() + 1) << simdjson::minify(row);
          json.BeginObject();
          std::size_t j = 1;
          for (const simdjson::dom::element name : names) {
            const std::string_view key = name.get_string();
            json.Key(key);
            simdjson::dom::element shared;
            const simdjson::dom::element cell = cells.at(j++);
            if (!values.get_object()[key].get(shared)) {
              WriteExpanded(json, shared.get_array().at(uint64_t(cell)));
            } else {
              WriteExpanded(json, cell);
            }
          }
          json.EndObject();
        }
        json.EndArray();
        return;
      }
      json.BeginObject();
      for (const auto field : object) {
        json.Key(field.key);
        WriteExpanded(json, field.value);
      }
      json.EndObject();
      return;
    }
    case simdjson::dom::element_type::ARRAY:
      json.BeginArray();
      for (const simdjson::dom::element value : element.get_array()) WriteExpanded(json, value);
      json.EndArray();
      return;
    case simdjson::dom::element_type::STRING:
      json.String(element.get_string().value_unsafe());
      return;
    case simdjson::dom::element_type::INT64:
      json.Int(int64_t(element));
      return;
    case simdjson::dom::element_type::BOOL:
      json.Bool(bool(element));
      return;
    case simdjson::dom::element_type::NULL_VALUE:
      json.Null();
      return;
    default:  // a double, or an integer beyond int64: pitboss's reports have none in findings
      json.Double(double(element));
      return;
  }
}

}  // namespace internal

// A page's JSON with each compact array written out as the array it stands for (compare it
// with Canonical).
inline std::string Expanded(const std::string& json) {
  simdjson::dom::parser parser;
  simdjson::dom::element element;
  const auto error = parser.parse(json).get(element);
  EXPECT_EQ(error, simdjson::SUCCESS) << json;
  if (error) return "";
  std::ostringstream out;
  JsonWriter writer(out);
  internal::WriteExpanded(writer, element);
  return out.str();
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
