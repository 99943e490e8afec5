// --format text: the report for people. Each finding is written compiler style,
// INPUT:LINE: SEVERITY: MESSAGE [CODE], so editors and CI logs can jump to the
// line; a summary of what was checked follows. Log text reaches the report (ids,
// messages quoting a bad line), so every piece of it goes through Printable().
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "pitboss/codes.h"
#include "pitboss/report.h"
#include "report/printable.h"
#include "report/writers.h"

namespace pitboss {
namespace {

std::string InputName(const std::string& path) {
  return path == "-" ? "<stdin>" : Printable(path);
}

std::string Plural(int64_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string Signed(int64_t n) {
  return n > 0 ? "+" + std::to_string(n) : std::to_string(n);
}

std::string PadRight(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

std::string PadLeft(std::string text, std::size_t width) {
  if (text.size() < width) text.insert(0, width - text.size(), ' ');
  return text;
}


void WriteAmbiguity(std::ostream& out, const AmbiguityImpact& ambiguity) {
  out << "  " << Printable(ambiguity.id) << " (" << Printable(ambiguity.spec);
  if (!ambiguity.clause.empty()) out << ", " << Printable(ambiguity.clause);
  out << ")\n";

  constexpr std::string_view kReading = "reading";
  constexpr std::string_view kDefault = "default";
  constexpr std::string_view kInForce = "checked under";
  constexpr std::string_view kRounds = "rounds settled differently";
  constexpr std::string_view kNet = "net difference";
  std::size_t name_width = kReading.size();
  for (const ReadingImpact& reading : ambiguity.readings) {
    name_width = std::max(name_width, Printable(reading.name).size());
  }
  out << "    " << PadRight(std::string(kReading), name_width) << "  "
      << kDefault << "  " << kInForce << "  " << kRounds << "  " << kNet << '\n';
  for (const ReadingImpact& reading : ambiguity.readings) {
    out << "    " << PadRight(Printable(reading.name), name_width) << "  "
        << PadRight(reading.is_default ? "yes" : "", kDefault.size()) << "  "
        << PadRight(reading.in_force ? "yes" : "", kInForce.size()) << "  "
        << PadLeft(std::to_string(reading.rounds_settled_differently),
                   kRounds.size())
        << "  " << PadLeft(Signed(reading.net_difference), kNet.size()) << '\n';
  }
}

void WriteSummary(std::ostream& out, const Report& report) {
  out << "inputs:";
  if (report.inputs.empty()) out << " none";
  out << '\n';
  for (const InputSummary& input : report.inputs) {
    out << "  " << InputName(input.path) << ": "
        << Plural(input.lines, "line", "lines") << ", "
        << Plural(input.rounds, "round", "rounds");
    if (!input.first_round_time.empty()) out << ", " << input.first_round_time << " to " << input.last_round_time;
    out << '\n';
    if (!input.sha256.empty()) {
      out << "    " << Plural(input.bytes, "byte", "bytes") << ", sha256 " << input.sha256 << '\n';
    }
  }

  out << "specs:";
  if (report.specs.empty()) out << " none";
  out << '\n';
  for (const SpecUsed& spec : report.specs) {
    out << "  " << Printable(spec.id) << ", revision "
        << Printable(spec.revision);
    if (!spec.sha256.empty()) out << ", sha256 " << Printable(spec.sha256);
    out << '\n';
    if (!spec.readings.empty()) {
      out << "    readings: " << (spec.default_readings ? "the defaults" : "NOT ALL THE DEFAULTS") << ':';
      for (const auto& [id, name] : spec.readings) out << ' ' << Printable(id) << '=' << Printable(name);
      out << '\n';
    }
  }

  out << "rounds checked: " << report.rounds << '\n';
  out << "rounds with violations: " << report.rounds_with_violations << '\n';

  const auto counts = CodeCounts(report);
  out << "violations by code:";
  if (counts.empty()) out << " none";
  out << '\n';
  std::size_t id_width = 0;
  for (const auto& [id, count] : counts)
    id_width = std::max(id_width, id.size());
  for (const auto& [id, count] : counts) {
    out << "  " << PadRight(id, id_width) << "  " << count << '\n';
  }

  out << "ambiguities:";
  if (report.ambiguities.empty()) out << " none";
  out << '\n';
  for (const AmbiguityImpact& ambiguity : report.ambiguities) {
    WriteAmbiguity(out, ambiguity);
  }
}

}  // namespace

void WriteFindingText(std::ostream& out, const Finding& finding) {
  const CodeInfo& info = Info(finding.code);
  out << InputName(finding.input);
  if (finding.line > 0) out << ':' << finding.line;
  out << ": " << ToString(info.severity) << ": " << Printable(finding.message)
      << " [" << info.id << "]\n";

  std::string where;
  const auto add = [&where](std::string_view name, const std::string& value) {
    if (!where.empty()) where += ", ";
    where.append(name).append(" ").append(value);
  };
  if (!finding.round.empty()) add("round", Printable(finding.round));
  if (!finding.table.empty()) add("table", Printable(finding.table));
  if (finding.seat) add("seat", SeatName(*finding.seat));
  if (finding.hand) add("hand", std::to_string(*finding.hand));
  if (finding.wager) add("wager", std::string(ToString(*finding.wager)));
  if (finding.expected) add("expected", std::to_string(*finding.expected));
  if (finding.actual) add("actual", std::to_string(*finding.actual));
  if (!where.empty()) out << "    " << where << '\n';
  if (!finding.clause.empty()) {
    out << "    clause: " << Printable(finding.clause) << '\n';
  }
  if (!finding.reading_dependent.empty()) {
    out << "    depends on the reading of: ";
    for (std::size_t i = 0; i < finding.reading_dependent.size(); ++i) {
      if (i > 0) out << ", ";
      out << Printable(finding.reading_dependent[i]);
    }
    out << '\n';
  }
}

// A report made under readings other than the defaults says so before anything else.
void WriteReadingsBanner(std::ostream& out, const Report& report) {
  for (const SpecUsed& spec : report.specs) {
    if (spec.default_readings) continue;
    out << "NOTE: " << Printable(spec.id) << " revision " << Printable(spec.revision)
        << " was checked under readings other than its defaults:";
    for (const auto& [id, name] : spec.readings) out << ' ' << Printable(id) << '=' << Printable(name);
    out << '\n';
  }
}

void WriteTextReport(const Report& report, std::ostream& out) {
  WriteReadingsBanner(out, report);
  for (const Finding& finding : report.violations) WriteFindingText(out, finding);
  if (!report.violations.empty()) out << '\n';
  WriteSummary(out, report);

  const std::string rounds = Plural(report.rounds, "round", "rounds");
  if (report.violations.empty()) {
    out << "no violations in " << rounds << '\n';
  } else {
    out << Plural(static_cast<int64_t>(report.violations.size()), "violation",
                  "violations")
        << " in " << rounds << '\n';
  }
}

}  // namespace pitboss
