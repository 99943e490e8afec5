// --format md: a summary in GitHub-flavoured Markdown, fit for a pull-request
// comment: the verdict as a heading, then tables of the counts per code, the
// inputs, the rule specs, the first findings and the ambiguities' impact. Long
// reports are cut at kMaxFindings findings, with a line saying how many more;
// the full list is in the other formats.
//
// Log text reaches the report (ids, messages quoting a bad line), so every
// piece of it goes through Cell(): one line, and no Markdown or HTML of its own.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "pitboss/codes.h"
#include "pitboss/report.h"
#include "report/printable.h"
#include "report/writers.h"

namespace pitboss {
namespace {

constexpr std::size_t kMaxFindings = 50;

// `text` as literal text in a table cell: control characters escaped as in
// --format text, and a backslash before each character that would otherwise
// end the cell (|), start markup (` * _ ~ [ ] $), an HTML tag or entity (< >
// &), a mention (@) or an issue reference (#). CommonMark reads a backslash
// before any ASCII punctuation as that character, literally.
std::string Cell(std::string_view text) {
  static constexpr std::string_view kSpecial = "\\`*_~[]$<>&|@#";
  std::string out;
  for (const char c : Printable(text)) {
    if (kSpecial.find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

std::string CodeSpan(std::string_view id) { return "`" + std::string(id) + "`"; }

std::string InputName(const std::string& path) { return path == "-" ? "standard input" : Cell(path); }

std::string Plural(int64_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string Signed(int64_t n) { return n > 0 ? "+" + std::to_string(n) : std::to_string(n); }

void WriteVerdict(std::ostream& out, const Report& report) {
  out << "## pitboss: ";
  if (report.violations.empty()) {
    out << "no violations";
  } else {
    out << Plural(static_cast<int64_t>(report.violations.size()), "violation", "violations");
  }
  out << " in " << Plural(report.rounds, "round", "rounds") << "\n\n";
  out << Plural(report.rounds, "round", "rounds") << " checked in "
      << Plural(static_cast<int64_t>(report.inputs.size()), "input", "inputs") << "; "
      << Plural(report.rounds_with_violations, "round", "rounds") << " with violations.\n";
}

void WriteCounts(std::ostream& out, const Report& report) {
  const auto counts = CodeCounts(report);
  if (counts.empty()) return;
  out << "\n| code | severity | violations |\n|---|---|---:|\n";
  for (const auto& [id, count] : counts) {
    const auto code = ParseCode(id);
    out << "| " << CodeSpan(id) << " | " << (code ? ToString(Info(*code).severity) : "") << " | " << count
        << " |\n";
  }
}

void WriteInputs(std::ostream& out, const Report& report) {
  out << "\n### Inputs\n\n";
  if (report.inputs.empty()) {
    out << "None.\n";
    return;
  }
  out << "| input | lines | rounds | period | bytes | sha256 |\n|---|---:|---:|---|---:|---|\n";
  for (const InputSummary& input : report.inputs) {
    out << "| " << InputName(input.path) << " | " << input.lines << " | " << input.rounds << " | "
        << (input.first_round_time.empty() ? "" : input.first_round_time + " to " + input.last_round_time) << " | "
        << (input.bytes >= 0 ? std::to_string(input.bytes) : "") << " | "
        << (input.sha256.empty() ? "" : "`" + input.sha256 + "`") << " |\n";
  }
}

void WriteSpecs(std::ostream& out, const Report& report) {
  out << "\n### Rule specs\n\n";
  if (report.specs.empty()) {
    out << "None.\n";
    return;
  }
  out << "| spec | revision | sha256 |\n|---|---|---|\n";
  for (const SpecUsed& spec : report.specs) {
    out << "| " << Cell(spec.id) << " | " << Cell(spec.revision) << " | " << Cell(spec.sha256.substr(0, 12))
        << " |\n";
  }
}

void WriteFinding(std::ostream& out, const Finding& finding) {
  const auto optional = [](const auto& value, auto&& show) -> std::string {
    return value ? show(*value) : std::string();
  };
  std::string location = InputName(finding.input);
  if (finding.line > 0) location += ":" + std::to_string(finding.line);
  std::string message = Cell(finding.message);
  if (!finding.reading_dependent.empty()) {
    message += " (depends on the reading of ";
    for (std::size_t i = 0; i < finding.reading_dependent.size(); ++i) {
      if (i > 0) message += ", ";
      message += Cell(finding.reading_dependent[i]);
    }
    message += ")";
  }
  out << "| " << location << " | " << CodeSpan(Info(finding.code).id) << " | " << Cell(finding.round) << " | "
      << optional(finding.seat, SeatName) << (finding.hand ? ", hand " + std::to_string(*finding.hand) : "") << " | "
      << optional(finding.wager, [](WagerKind w) { return std::string(ToString(w)); }) << " | "
      << optional(finding.expected, [](Money m) { return std::to_string(m); }) << " | "
      << optional(finding.actual, [](Money m) { return std::to_string(m); }) << " | " << Cell(finding.clause)
      << " | " << message << " |\n";
}

void WriteFindings(std::ostream& out, const Report& report) {
  if (report.violations.empty()) return;
  const std::size_t total = report.violations.size();
  const std::size_t shown = std::min(total, kMaxFindings);
  out << "\n### " << (shown == total ? "Findings" : "First " + std::to_string(shown) + " findings") << "\n\n";
  out << "| location | code | round | seat | wager | expected | actual | clause | message |\n"
         "|---|---|---|---|---|---:|---:|---|---|\n";
  for (std::size_t i = 0; i < shown; ++i) WriteFinding(out, report.violations[i]);
  if (shown < total) {
    out << "\nand " << (total - shown)
        << " more; the whole list is in the report's other formats (`--format text`, `json`, `sarif`).\n";
  }
}

void WriteAmbiguities(std::ostream& out, const Report& report) {
  if (report.ambiguities.empty()) return;
  out << "\n### Ambiguities\n\n"
         "Rounds whose correct settlement depends on how an unclear clause is read. Net difference: "
         "the players' net under that reading minus under the default, in minor units.\n\n"
         "| ambiguity | reading | default | rounds settled differently | net difference |\n"
         "|---|---|---|---:|---:|\n";
  for (const AmbiguityImpact& ambiguity : report.ambiguities) {
    std::string name = Cell(ambiguity.id) + " (" + Cell(ambiguity.spec);
    if (!ambiguity.clause.empty()) name += ", " + Cell(ambiguity.clause);
    name += ")";
    for (const ReadingImpact& reading : ambiguity.readings) {
      // The ambiguity is named on its first reading's row only.
      out << "| " << (&reading == &ambiguity.readings.front() ? name : "") << " | " << Cell(reading.name)
          << " | " << (reading.is_default ? "yes" : "") << " | " << reading.rounds_settled_differently
          << " | " << Signed(reading.net_difference) << " |\n";
    }
  }
}

}  // namespace

void WriteMarkdownReport(const Report& report, std::ostream& out) {
  WriteVerdict(out, report);
  for (const SpecUsed& spec : report.specs) {
    if (spec.default_readings) continue;
    out << "\n> **" << Cell(spec.id) << " revision " << Cell(spec.revision)
        << " was checked under readings other than its defaults:**";
    for (const auto& [id, name] : spec.readings) out << " `" << id << '=' << name << '`';
    out << '\n';
  }
  WriteCounts(out, report);
  WriteInputs(out, report);
  WriteSpecs(out, report);
  WriteFindings(out, report);
  WriteAmbiguities(out, report);
}

}  // namespace pitboss
