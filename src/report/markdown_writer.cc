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

#include "base/printable.h"
#include "pitboss/codes.h"
#include "pitboss/report.h"
#include "report/baseline.h"
#include "report/money_format.h"
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

// "in USD" or "in minor units": what the report's sums are counted in.
std::string InCurrency(const std::string& currency) {
  return currency.empty() || !MinorUnitDigits(currency) ? "in minor units" : "in " + currency;
}

void WriteVerdict(std::ostream& out, const Report& report) {
  out << "## pitboss: ";
  if (report.violations.empty() && !report.not_checked.empty()) {
    out << "no violations found by the checks that could run";
  } else if (report.violations.empty()) {
    out << "no violations";
  } else {
    out << Plural(static_cast<int64_t>(report.violations.size()), "violation", "violations");
  }
  out << " in " << Plural(report.rounds, "round", "rounds") << "\n\n";
  out << Plural(report.rounds, "round", "rounds") << " checked in "
      << Plural(static_cast<int64_t>(report.inputs.size()), "input", "inputs") << "; "
      << Plural(report.rounds_with_violations, "round", "rounds") << " with violations.\n";
  if (report.not_checked.empty()) return;
  out << "\n**" << Cell(NotRunText(report))
      << ":**\n\n| check | lacks | why | dialect | findings withheld |\n"
      << "|---|---|---|---|---:|\n";
  for (const NotCheckedCode& n : report.not_checked) {
    out << "| `" << Cell(n.code) << "` | " << Cell(n.lacks) << " | " << Cell(n.why) << " | "
        << Cell(n.dialect) << " | " << n.withheld << " |\n";
  }
}

// Who made the report, how and when.
void WriteProvenance(std::ostream& out, const Report& report) {
  if (report.version.empty() && report.analysis_time.empty() && report.command_line.empty() &&
      report.currency.empty()) {
    return;
  }
  out << "\n" << Cell(report.tool);
  if (!report.version.empty()) out << ' ' << Cell(report.version);
  if (!report.analysis_time.empty()) out << ", analysis started " << Cell(report.analysis_time);
  if (!report.command_line.empty()) out << "; command line: " << Cell(CommandLineText(report.command_line));
  if (!report.currency.empty()) out << "; currency of rounds that name none: " << Cell(report.currency);
  out << ".\n";
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
  out << "| input | lines | rounds | malformed lines | blank lines | period | bytes | sha256 | note |\n"
         "|---|---:|---:|---:|---:|---|---:|---|---|\n";
  for (const InputSummary& input : report.inputs) {
    std::string note;
    if (input.context) note = "context only: read for its shoes and round ids, nothing reported from it";
    if (!input.dialect.empty()) {
      if (!note.empty()) note += "; ";
      note += "read through dialect " + Cell(input.dialect) + " (sha256 " + Cell(input.dialect_sha256) + ")";
    }
    if (!input.error.empty()) {
      if (!note.empty()) note += "; ";
      note += "**could not be read whole:** " + Cell(input.error);
    }
    out << "| " << InputName(input.path) << " | " << input.lines << " | " << input.rounds << " | "
        << input.malformed_lines << " | " << input.blank_lines << " | "
        << (input.first_round_time.empty()
                ? ""
                : Cell(input.first_round_time) + " to " + Cell(input.last_round_time))
        << " | " << (input.bytes >= 0 ? std::to_string(input.bytes) : "") << " | "
        << (input.sha256.empty() ? "" : Cell(input.sha256)) << " | " << note << " |\n";
  }
  if (report.skipped.empty()) return;
  out << "\nFiles not read:\n\n| file | reason |\n|---|---|\n";
  for (const SkippedFile& skipped : report.skipped) {
    out << "| " << InputName(skipped.path) << " | " << Cell(skipped.reason) << " |\n";
  }
}

void WriteSpecs(std::ostream& out, const Report& report) {
  out << "\n### Rule specs\n\n";
  if (report.specs.empty()) {
    out << "None.\n";
    return;
  }
  out << "| spec | revision | file | sha256 | readings in force |\n|---|---|---|---|---|\n";
  for (const SpecUsed& spec : report.specs) {
    std::string readings;
    if (!spec.readings.empty()) {
      readings = spec.default_readings ? "the defaults:" : "**not all the defaults:**";
      for (const auto& [id, name] : spec.readings) readings += " " + Cell(id) + "=" + Cell(name);
    }
    out << "| " << Cell(spec.id) << " | " << Cell(spec.revision) << " | " << Cell(spec.path) << " | "
        << Cell(spec.sha256) << " | " << readings << " |\n";
  }
}

void WriteMoney(std::ostream& out, const Report& report) {
  const MoneyTotals totals = TotalMoney(report);
  if (totals.all.findings == 0) return;
  const std::string currency = ReportCurrency(report, totals);
  out << "\n### Money paid wrongly\n\nWhat the findings that move money say the players were underpaid and "
         "overpaid, "
      << (totals.mixed_currencies ? "in several currencies: minor units of each added up"
                                  : InCurrency(currency))
      << ".\n\n| | underpaid | overpaid | findings |\n|---|---:|---:|---:|\n";
  const auto row = [&](const std::string& name, const MoneyTotal& total) {
    out << "| " << name << " | " << FormatTotal(total.underpaid, total.overflow, currency) << " | "
        << FormatTotal(total.overpaid, total.overflow, currency) << " | " << total.findings << " |\n";
  };
  row("**all**", totals.all);
  for (const auto& [key, total] : totals.by_table)
    row("table " + (key.empty() ? "(none)" : Cell(key)), total);
  for (const auto& [key, total] : totals.by_day) row("day " + (key.empty() ? "(no time)" : Cell(key)), total);
  for (const auto& [key, total] : totals.by_wager)
    row("wager " + (key.empty() ? "(none)" : Cell(key)), total);
}

// The money other faults moved, apart from the payouts of the section above.
void WriteMoneyMoved(std::ostream& out, const Report& report) {
  const MoneyMovedTotal moved = TotalMoney(report).moved;
  if (moved.findings == 0) return;
  const std::string currency = ReportCurrency(report, moved);
  out << "\n### Money moved by other faults\n\nApart from the payouts, "
      << (moved.mixed_currencies ? "in several currencies: minor units of each added up"
                                 : InCurrency(currency))
      << ": other faults moved " << MoneyMovedTotalText(moved, currency) << " ("
      << Plural(moved.findings, "finding", "findings") << ").\n";
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
    if (!finding.cleared_by.empty()) message += "; cleared by: " + Cell(ClearedByText(finding.cleared_by));
    message += ")";
  } else if (!finding.cleared_by.empty()) {
    message += " (cleared by: " + Cell(ClearedByText(finding.cleared_by)) + ")";
  }
  if (const std::string moved = MoneyMovedText(finding); !moved.empty())
    message += "; money moved: " + Cell(moved);
  if (finding.consequences > 0) message += "; " + Cell(ConsequencesText(finding));
  const std::size_t listed = finding.consequence_list.size();
  for (std::size_t i = 0; i < std::min(listed, kConsequencesNamed); ++i) {
    message += "; then: " + Cell(ConsequenceText(finding.consequence_list[i]));
  }
  if (listed > kConsequencesNamed) {
    message +=
        "; and " + std::to_string(listed - kConsequencesNamed) + " more consequences, in the JSON report";
  }
  // The rule set beside its revision: two houses under one regulation share a revision name.
  std::string spec = Cell(finding.rules);
  if (!finding.revision.empty()) spec += (spec.empty() ? "" : " ") + ("revision " + Cell(finding.revision));
  std::string clause = Cell(finding.clause);
  if (!spec.empty()) clause += (clause.empty() ? "" : " ") + ("(" + spec + ")");
  const Unit unit = Info(finding.code).unit;
  const auto amount = [&](Money m) { return FormatAmount(m, unit, finding.currency); };
  out << "| " << location << " | " << CodeSpan(Info(finding.code).id) << " | " << Cell(finding.round) << " | "
      << Cell(finding.time) << " | " << optional(finding.event, [](int e) { return std::to_string(e); })
      << " | " << optional(finding.seat, SeatName)
      << (finding.hand ? ", hand " + std::to_string(*finding.hand) : "") << " | "
      << optional(finding.wager, [](WagerKind w) { return std::string(ToString(w)); }) << " | "
      << optional(finding.expected, amount) << " | " << optional(finding.actual, amount) << " | "
      << MoneyEffectText(finding) << " | " << clause << " | " << message << " |\n";
}

void WriteFindings(std::ostream& out, const Report& report) {
  if (report.violations.empty()) return;
  const std::size_t total = report.violations.size();
  const std::size_t shown = std::min(total, kMaxFindings);
  out << "\n### " << (shown == total ? "Findings" : "First " + std::to_string(shown) + " findings") << "\n\n";
  if (std::any_of(report.violations.begin(), report.violations.end(),
                  [](const Finding& f) { return f.event.has_value(); })) {
    out << "The event column: " << kEventConvention << ".\n\n";
  }
  out << "| location | code | round | time | event | seat | wager | expected | actual | paid wrongly | "
         "clause | "
         "message |\n"
         "|---|---|---|---|---:|---|---|---:|---:|---|---|---|\n";
  std::size_t written = 0;
  for (auto it = report.violations.begin(); written < shown; ++it, ++written) WriteFinding(out, *it);
  if (shown < total) {
    out << "\nand " << (total - shown)
        << " more; the whole list is in the report's other formats (`--format text`, `json`, `sarif`).\n";
  }
}

void WriteAmbiguities(std::ostream& out, const Report& report) {
  if (report.ambiguities.empty()) return;
  const std::string currency = ReportCurrency(report, TotalMoney(report));
  out << "\n### Ambiguities\n\n"
         "Rounds whose correct settlement depends on how an unclear clause is read. Net difference: "
         "the players' net under that reading minus under the default, "
      << InCurrency(currency) << " (" << kNetConvention
      << "). Findings cleared: the findings of this report that are not violations under that reading.\n\n"
         "| ambiguity | reading | default | checked under | rounds settled differently | findings cleared | "
         "net "
         "difference |\n"
         "|---|---|---|---|---:|---:|---:|\n";
  for (const AmbiguityImpact& ambiguity : report.ambiguities) {
    std::string name = Cell(ambiguity.id) + " (" + Cell(ambiguity.spec);
    if (!ambiguity.revision.empty()) name += " revision " + Cell(ambiguity.revision);
    if (!ambiguity.clause.empty()) name += ", " + Cell(ambiguity.clause);
    name += ")";
    for (const ReadingImpact& reading : ambiguity.readings) {
      // The ambiguity is named on its first reading's row only.
      out << "| " << (&reading == &ambiguity.readings.front() ? name : "") << " | " << Cell(reading.name)
          << " | " << (reading.is_default ? "yes" : "") << " | " << (reading.in_force ? "yes" : "") << " | "
          << reading.rounds_settled_differently << " | " << reading.findings_cleared << " | "
          << FormatSignedMoney(reading.net_difference, currency) << " |\n";
    }
  }
}

}  // namespace

void WriteMarkdownReport(const Report& report, std::ostream& out) {
  WriteVerdict(out, report);
  for (const std::string& line : ReadingLeadLines(report)) out << "\n> **" << Cell(line) << "**\n";
  if (const std::string incomplete = IncompleteText(report); !incomplete.empty()) {
    out << "\n> **" << Cell(incomplete) << "**\n";
  }
  for (const ContextDamage& damage : report.context_damage)
    out << "\n> **Notice:** " << Cell(ContextDamageText(damage)) << "\n";
  for (const SpecUsed& spec : report.specs) {
    if (spec.default_readings) continue;
    out << "\n> **" << Cell(spec.id) << " revision " << Cell(spec.revision);
    for (size_t t = 0; t < spec.tables.size(); ++t)
      out << (t == 0 ? ", tables " : ", ") << Cell(spec.tables[t]);
    out << " was checked under readings other than its defaults:**";
    for (const auto& [id, name] : spec.readings) out << " `" << id << '=' << name << '`';
    out << '\n';
  }
  WriteProvenance(out, report);
  // check --baseline: what is new since it, for a pull-request comment.
  if (const std::string baseline = BaselineCountsText(report); !baseline.empty()) {
    out << "\n**" << Cell(baseline) << "**\n";
  }
  WriteCounts(out, report);
  WriteInputs(out, report);
  WriteSpecs(out, report);
  WriteMoney(out, report);
  WriteMoneyMoved(out, report);
  WriteFindings(out, report);
  WriteAmbiguities(out, report);
}

}  // namespace pitboss
