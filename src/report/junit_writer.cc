// --format junit: JUnit XML, the test report CI systems display.
// Part of the report format: CI pipelines read what each element stands for;
// never change the mapping below, only add to it.
//
//   <testsuites>  the whole check: tests and failures summed over the suites
//   <testsuite>   one per input file, named by its path ("<stdin>" for -), in
//                 the report's order; an input with no findings still has one,
//                 holding a passing testcase named "no violations", so that CI
//                 shows the file was checked. Its properties are the input's
//                 lines and rounds. Findings of no input go under "pitboss".
//   <testcase>    one per violation code found in that input: classname the
//                 input, name the code id; most frequent code first, ties by id
//   <failure>     one per testcase: type the code id, message "N findings
//                 (SEVERITY)", and as text every finding of that code in that
//                 input, one a line: "line L: round R, table T, seat S, ...:
//                 MESSAGE [CLAUSE]".
//
// Why one failure per code rather than one per finding: JUnit's schema allows
// at most one <failure> in a testcase and the common consumers read only the
// first, so further failures would be dropped in silence; and a testcase per
// finding would bury the per-code view CI shows under thousands of rows. The
// counts therefore follow JUnit's meaning: `failures` counts failing
// testcases, i.e. (input, code) pairs; the number of findings is in each
// failure's message.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pitboss/codes.h"
#include "pitboss/report.h"
#include "report/writers.h"
#include "report/xml.h"

namespace pitboss {
namespace {

// The suite of findings that name no input (none do today).
constexpr std::string_view kNoInputSuite = "pitboss";
constexpr std::string_view kCleanTestcase = "no violations";

struct CodeGroup {
  Code code;
  std::vector<const Finding*> findings;  // in report order
};

struct Suite {
  std::string path;                     // as in the report: "-" for standard input, "" for none
  const InputSummary* input = nullptr;  // null for an input only findings name
  std::vector<CodeGroup> groups;        // most frequent first, ties by id
};

std::string SuiteName(const std::string& path) {
  if (path.empty()) return std::string(kNoInputSuite);
  if (path == "-") return "<stdin>";
  return path;
}

// The report's inputs in order, then any input named only by findings, in the
// order they first appear; each with its findings grouped by code.
std::vector<Suite> Suites(const Report& report) {
  std::vector<Suite> suites;
  std::map<std::string, std::size_t> index;  // path -> position in `suites`
  for (const InputSummary& input : report.inputs) {
    if (index.emplace(input.path, suites.size()).second) {
      suites.push_back({input.path, &input, {}});
    }
  }
  std::vector<std::map<Code, std::vector<const Finding*>>> by_code;
  by_code.resize(suites.size());
  for (const Finding& finding : report.violations) {
    const auto [it, added] = index.emplace(finding.input, suites.size());
    if (added) {
      suites.push_back({finding.input, nullptr, {}});
      by_code.emplace_back();
    }
    by_code[it->second][finding.code].push_back(&finding);
  }
  for (std::size_t i = 0; i < suites.size(); ++i) {
    for (auto& [code, findings] : by_code[i]) {
      suites[i].groups.push_back({code, std::move(findings)});
    }
    std::stable_sort(suites[i].groups.begin(), suites[i].groups.end(),
                     [](const CodeGroup& a, const CodeGroup& b) {
                       if (a.findings.size() != b.findings.size()) {
                         return a.findings.size() > b.findings.size();
                       }
                       return Info(a.code).id < Info(b.code).id;
                     });
  }
  return suites;
}

int64_t TestCount(const Suite& suite) {
  return suite.groups.empty() ? 1 : static_cast<int64_t>(suite.groups.size());
}

// One finding as one line of a failure's text.
std::string FindingLine(const Finding& finding) {
  std::string line = "line " + std::to_string(finding.line);
  const auto add = [&line](std::string_view name, const std::string& value) {
    line.append(", ").append(name).append(" ").append(value);
  };
  if (!finding.round.empty()) add("round", finding.round);
  if (!finding.table.empty()) add("table", finding.table);
  if (finding.seat) add("seat", SeatName(*finding.seat));
  if (finding.hand) add("hand", std::to_string(*finding.hand));
  if (finding.wager) add("wager", std::string(ToString(*finding.wager)));
  if (finding.expected) add("expected", std::to_string(*finding.expected));
  if (finding.actual) add("actual", std::to_string(*finding.actual));
  line.append(": ").append(finding.message);
  if (!finding.clause.empty()) line.append(" [").append(finding.clause).append("]");
  if (!finding.reading_dependent.empty()) {
    line += " (depends on the reading of: ";
    for (std::size_t i = 0; i < finding.reading_dependent.size(); ++i) {
      if (i > 0) line += ", ";
      line += finding.reading_dependent[i];
    }
    line += ")";
  }
  return line;
}

void WriteTestcase(std::ostream& out, const std::string& classname, const CodeGroup& group) {
  const CodeInfo& info = Info(group.code);
  const std::size_t n = group.findings.size();
  out << "    <testcase classname=\"" << XmlAttribute(classname) << "\" name=\"" << XmlAttribute(info.id)
      << "\">\n";
  out << "      <failure type=\"" << XmlAttribute(info.id) << "\" message=\"" << n
      << (n == 1 ? " finding" : " findings") << " (" << ToString(info.severity) << ")\">";
  for (const Finding* finding : group.findings) out << XmlText(FindingLine(*finding)) << '\n';
  out << "</failure>\n";
  out << "    </testcase>\n";
}

void WriteSuite(std::ostream& out, const Suite& suite) {
  const std::string name = SuiteName(suite.path);
  out << "  <testsuite name=\"" << XmlAttribute(name) << "\" tests=\"" << TestCount(suite) << "\" failures=\""
      << suite.groups.size() << "\" errors=\"0\" skipped=\"0\">\n";
  if (suite.input != nullptr) {
    out << "    <properties>\n"
        << "      <property name=\"lines\" value=\"" << suite.input->lines << "\"/>\n"
        << "      <property name=\"rounds\" value=\"" << suite.input->rounds << "\"/>\n"
        << "    </properties>\n";
  }
  if (suite.groups.empty()) {
    out << "    <testcase classname=\"" << XmlAttribute(name) << "\" name=\"" << kCleanTestcase << "\"/>\n";
  }
  for (const CodeGroup& group : suite.groups) WriteTestcase(out, name, group);
  out << "  </testsuite>\n";
}

}  // namespace

void WriteJunitReport(const Report& report, std::ostream& out) {
  const std::vector<Suite> suites = Suites(report);
  int64_t tests = 0;
  int64_t failures = 0;
  for (const Suite& suite : suites) {
    tests += TestCount(suite);
    failures += static_cast<int64_t>(suite.groups.size());
  }
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites name=\"" << XmlAttribute(report.tool) << "\" tests=\"" << tests << "\" failures=\""
      << failures << "\" errors=\"0\">\n";
  for (const Suite& suite : suites) WriteSuite(out, suite);
  out << "</testsuites>\n";
}

}  // namespace pitboss
