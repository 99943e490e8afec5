// --format junit: JUnit XML, the test report CI systems display.
// Part of the report format: CI pipelines read what each element stands for;
// never change the mapping below, only add to it.
//
//   <testsuites>  the whole check: tests and failures summed over the suites
//   <testsuite>   one per input file, named by its path ("<stdin>" for -), in
//                 the report's order; an input with no findings still has one,
//                 holding a passing testcase named "no violations", so that CI
//                 shows the file was checked. Its properties are the input's
//                 lines and rounds, then where known its bytes, sha256, period
//                 (first_round_time, last_round_time), context ("true": read for
//                 shoe state only) and error (why it could not be read whole).
//                 The first testsuite's properties carry the report's too
//                 (report_properties below): tool version, command line, analysis
//                 time, currency, complete, each spec, skipped file, money total,
//                 money moved by other faults and ambiguity reading. Where the
//                 report is incomplete, every testsuite's <system-err> says so.
//                 Findings of no input go under "pitboss".
//   <testcase>    one per violation code found in that input: classname the
//                 input, name the code id; most frequent code first, ties by id
//   <failure>     one per testcase: type the code id, message "N findings
//   or <error>    (SEVERITY)", and as text every finding of that code in that
//                 input, one a line: "line L, round R, table T, time, rules,
//                 revision, event E, seat S, ..., expected X, actual Y, underpaid
//                 by Z, money moved M to the player: MESSAGE [CLAUSE]", then what
//                 depends on a reading, what clears it and its consequences
//                 (counted, and the first ones named: "then: round R, event E,
//                 card C (INPUT:LINE); ..."). Amounts are in words with their unit
//                 ("USD 5.00", "3 cards"); events counted from 0. A code of
//                 input/* (a line or a log that could not be read as rounds)
//                 is an <error>, as JUnit marks a test that could not run,
//                 every other code a <failure>, a rule the logged play broke;
//                 `errors` and `failures` count them apart.
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
#include "report/money_format.h"
#include "report/writers.h"
#include "report/xml.h"

namespace pitboss {
namespace {

// The suite of findings that name no input (none do today).
constexpr std::string_view kNoInputSuite = "pitboss";
constexpr std::string_view kCleanTestcase = "no violations";

struct CodeGroup {
  Code code;
  std::vector<std::size_t> findings;  // indices in report.violations, in report order
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
  std::vector<std::map<Code, std::vector<std::size_t>>> by_code;
  by_code.resize(suites.size());
  std::size_t at = 0;
  for (const Finding& finding : report.violations) {
    const auto [it, added] = index.emplace(finding.input, suites.size());
    if (added) {
      suites.push_back({finding.input, nullptr, {}});
      by_code.emplace_back();
    }
    by_code[it->second][finding.code].push_back(at++);
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

// input/*: the input could not be read as rounds, so the rules could not be applied to it.
bool IsInputError(Code code) { return Info(code).id.starts_with("input/"); }

int64_t ErrorCount(const Suite& suite) {
  return std::count_if(suite.groups.begin(), suite.groups.end(),
                       [](const CodeGroup& group) { return IsInputError(group.code); });
}

// One finding as one line of a failure's text.
std::string FindingLine(const Finding& finding) {
  const CodeInfo& info = Info(finding.code);
  std::string line = "line " + std::to_string(finding.line);
  const auto add = [&line](std::string_view name, const std::string& value) {
    line.append(", ").append(name).append(" ").append(value);
  };
  if (!finding.round.empty()) add("round", finding.round);
  if (!finding.table.empty()) add("table", finding.table);
  if (!finding.time.empty()) add("time", finding.time);
  if (!finding.rules.empty()) add("rules", finding.rules);
  if (!finding.revision.empty()) add("revision", finding.revision);
  if (finding.event) add("event", std::to_string(*finding.event));
  if (finding.seat) add("seat", SeatName(*finding.seat));
  if (finding.hand) add("hand", std::to_string(*finding.hand));
  if (finding.wager) add("wager", std::string(ToString(*finding.wager)));
  if (finding.expected) add("expected", FormatAmount(*finding.expected, info.unit, finding.currency));
  if (finding.actual) add("actual", FormatAmount(*finding.actual, info.unit, finding.currency));
  if (const std::string money = MoneyEffectText(finding); !money.empty()) line.append(", ").append(money);
  if (const std::string moved = MoneyMovedText(finding); !moved.empty()) add("money moved", moved);
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
  if (!finding.cleared_by.empty()) line += " (cleared by: " + ClearedByText(finding.cleared_by) + ")";
  if (finding.consequences > 0) line += " (" + ConsequencesText(finding) + ")";
  const std::size_t listed = finding.consequence_list.size();
  for (std::size_t i = 0; i < std::min(listed, kConsequencesNamed); ++i) {
    line += (i == 0 ? " (then: " : "; ") + ConsequenceText(finding.consequence_list[i]);
  }
  if (listed > kConsequencesNamed) {
    line += "; and " + std::to_string(listed - kConsequencesNamed) + " more, every one in the JSON report";
  }
  if (listed > 0) line += ")";
  return line;
}

using Properties = std::vector<std::pair<std::string, std::string>>;

// The report's own properties, written in the first testsuite.
Properties ReportProperties(const Report& report) {
  Properties props;
  const auto add = [&props](std::string name, std::string value) {
    props.emplace_back(std::move(name), std::move(value));
  };
  if (!report.version.empty()) add("version", report.version);
  if (!report.command_line.empty()) add("command_line", CommandLineText(report.command_line));
  if (!report.analysis_time.empty()) add("analysis_time", report.analysis_time);
  if (!report.currency.empty()) add("currency", report.currency);
  add("complete", report.complete ? "true" : "false");
  for (const ContextDamage& damage : report.context_damage) add("context_damage", ContextDamageText(damage));
  for (const SkippedFile& skipped : report.skipped) add("skipped", skipped.path + ": " + skipped.reason);
  for (const SpecUsed& spec : report.specs) {
    std::string value = spec.id + " revision " + spec.revision;
    if (!spec.sha256.empty()) value += " sha256 " + spec.sha256;
    if (!spec.path.empty()) value += " file " + spec.path;
    for (const SpecUsed::Part& part : spec.parts) value += "; part " + part.path + " sha256 " + part.sha256;
    if (!spec.readings.empty()) {
      value += spec.default_readings ? "; readings (the defaults):" : "; readings (NOT ALL THE DEFAULTS):";
      for (const auto& [id, name] : spec.readings) value += " " + id + "=" + name;
    }
    add("spec", value);
  }
  const MoneyTotals totals = TotalMoney(report);
  const std::string currency = ReportCurrency(report, totals);
  if (totals.all.findings > 0) {
    const auto money = [&](const MoneyTotal& total) {
      return "underpaid " + FormatTotal(total.underpaid, total.overflow, currency) + ", overpaid " +
             FormatTotal(total.overpaid, total.overflow, currency) + " (" + std::to_string(total.findings) +
             (total.findings == 1 ? " finding)" : " findings)");
    };
    add("money", money(totals.all) + (totals.mixed_currencies ? "; minor units of several currencies" : ""));
    for (const auto& [key, total] : totals.by_table) add("money.table." + key, money(total));
    for (const auto& [key, total] : totals.by_day) add("money.day." + key, money(total));
    for (const auto& [key, total] : totals.by_wager) add("money.wager." + key, money(total));
  }
  if (totals.moved.findings > 0) {
    add("money_moved", "other faults moved " +
                           MoneyMovedTotalText(totals.moved, ReportCurrency(report, totals.moved)) + " (" +
                           std::to_string(totals.moved.findings) +
                           (totals.moved.findings == 1 ? " finding)" : " findings)") +
                           (totals.moved.mixed_currencies ? "; minor units of several currencies" : ""));
  }
  if (!report.ambiguities.empty()) add("net_difference", std::string(kNetConvention));
  for (const AmbiguityImpact& ambiguity : report.ambiguities) {
    for (const ReadingImpact& reading : ambiguity.readings) {
      add("ambiguity", ambiguity.id + "=" + reading.name + (reading.is_default ? " (default)" : "") +
                           (reading.in_force ? " (checked under)" : "") + ": " +
                           std::to_string(reading.rounds_settled_differently) +
                           (reading.rounds_settled_differently == 1 ? " round" : " rounds") +
                           " settled differently, " + std::to_string(reading.findings_cleared) +
                           (reading.findings_cleared == 1 ? " finding" : " findings") +
                           " cleared, net difference " + FormatSignedMoney(reading.net_difference, currency));
    }
  }
  // What the rounds say of the readings the house deals under, where it is news.
  for (const std::string& line : ReadingLeadLines(report)) add("reading_dealt", line);
  if (std::any_of(report.violations.begin(), report.violations.end(),
                  [](const Finding& f) { return f.event.has_value(); })) {
    add("events", std::string(kEventConvention));
  }
  return props;
}

void WriteTestcase(std::ostream& out, const std::string& classname, const CodeGroup& group,
                   const FindingStore& findings) {
  const CodeInfo& info = Info(group.code);
  const std::size_t n = group.findings.size();
  out << "    <testcase classname=\"" << XmlAttribute(classname) << "\" name=\"" << XmlAttribute(info.id)
      << "\">\n";
  const std::string_view element = IsInputError(group.code) ? "error" : "failure";
  out << "      <" << element << " type=\"" << XmlAttribute(info.id) << "\" message=\"" << n
      << (n == 1 ? " finding" : " findings") << " (" << ToString(info.severity) << ")\">";
  // One pass over the findings (which may be read back from a file) for the group's.
  auto it = findings.begin();
  std::size_t i = 0;
  for (const std::size_t index : group.findings) {
    for (; i < index; ++i) ++it;
    out << XmlText(FindingLine(*it)) << '\n';
  }
  out << "</" << element << ">\n";
  out << "    </testcase>\n";
}

// The checks not run on `suite`'s input: those of the dialect it was read through.
std::vector<const NotCheckedCode*> NotRun(const Report& report, const Suite& suite) {
  std::vector<const NotCheckedCode*> out;
  if (suite.input == nullptr || suite.input->dialect.empty()) return out;
  for (const NotCheckedCode& n : report.not_checked) {
    if (n.dialect == suite.input->dialect) out.push_back(&n);
  }
  return out;
}

void WriteSuite(std::ostream& out, const FindingStore& findings, const Suite& suite,
                const Properties& report_properties, const std::string& incomplete,
                const std::vector<const NotCheckedCode*>& not_run) {
  const std::string name = SuiteName(suite.path);
  const int64_t errors = ErrorCount(suite);
  out << "  <testsuite name=\"" << XmlAttribute(name) << "\" tests=\""
      << TestCount(suite) + static_cast<int64_t>(not_run.size()) << "\" failures=\""
      << static_cast<int64_t>(suite.groups.size()) - errors << "\" errors=\"" << errors << "\" skipped=\""
      << not_run.size() << "\">\n";
  Properties props;
  if (const InputSummary* input = suite.input; input != nullptr) {
    props.emplace_back("lines", std::to_string(input->lines));
    props.emplace_back("rounds", std::to_string(input->rounds));
    props.emplace_back("malformed_lines", std::to_string(input->malformed_lines));
    props.emplace_back("blank_lines", std::to_string(input->blank_lines));
    if (input->bytes >= 0) props.emplace_back("bytes", std::to_string(input->bytes));
    if (!input->sha256.empty()) props.emplace_back("sha256", input->sha256);
    if (!input->first_round_time.empty()) {
      props.emplace_back("first_round_time", input->first_round_time);
      props.emplace_back("last_round_time", input->last_round_time);
    }
    if (input->context) props.emplace_back("context", "true");
    if (!input->error.empty()) props.emplace_back("error", input->error);
  }
  props.insert(props.end(), report_properties.begin(), report_properties.end());
  if (!props.empty()) {
    out << "    <properties>\n";
    for (const auto& [key, value] : props) {
      out << "      <property name=\"" << XmlAttribute(key) << "\" value=\"" << XmlAttribute(value)
          << "\"/>\n";
    }
    out << "    </properties>\n";
  }
  if (suite.groups.empty()) {
    out << "    <testcase classname=\"" << XmlAttribute(name) << "\" name=\"" << kCleanTestcase << "\"/>\n";
  }
  for (const CodeGroup& group : suite.groups) WriteTestcase(out, name, group, findings);
  // A check the input's format cannot feed: skipped, never passed.
  for (const NotCheckedCode* n : not_run) {
    out << "    <testcase classname=\"" << XmlAttribute(name) << "\" name=\"" << XmlAttribute(n->code)
        << "\">\n      <skipped message=\""
        << XmlAttribute("not run: the format (dialect " + n->dialect + ") lacks " + n->lacks + ": " + n->why +
                        "; " + std::to_string(n->withheld) + " findings of it withheld")
        << "\"/>\n    </testcase>\n";
  }
  if (!incomplete.empty()) out << "    <system-err>" << XmlText(incomplete) << "</system-err>\n";
  out << "  </testsuite>\n";
}

}  // namespace

void WriteJunitReport(const Report& report, std::ostream& out) {
  const std::vector<Suite> suites = Suites(report);
  int64_t tests = 0;
  int64_t failures = 0;
  int64_t errors = 0;
  for (const Suite& suite : suites) {
    tests += TestCount(suite) + static_cast<int64_t>(NotRun(report, suite).size());
    errors += ErrorCount(suite);
    failures += static_cast<int64_t>(suite.groups.size()) - ErrorCount(suite);
  }
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites name=\"" << XmlAttribute(report.tool) << "\" tests=\"" << tests << "\" failures=\""
      << failures << "\" errors=\"" << errors << "\">\n";
  const Properties report_properties = ReportProperties(report);
  const std::string incomplete = IncompleteText(report);
  for (std::size_t i = 0; i < suites.size(); ++i) {
    WriteSuite(out, report.violations, suites[i], i == 0 ? report_properties : Properties{}, incomplete,
               NotRun(report, suites[i]));
  }
  out << "</testsuites>\n";
}

}  // namespace pitboss
