// --format text: the report for people. Each finding is written compiler style,
// INPUT:LINE: SEVERITY: MESSAGE [CODE], so editors and CI logs can jump to the
// line; a summary of what was checked follows. Log text reaches the report (ids,
// messages quoting a bad line), so every piece of it goes through Printable().
#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/printable.h"
#include "base/words.h"
#include "pitboss/codes.h"
#include "pitboss/report.h"
#include "report/baseline.h"
#include "report/money_format.h"
#include "report/writers.h"
#include "spec/library.h"

namespace pitboss {
namespace {

std::string InputName(const std::string& path) { return path == "-" ? "<stdin>" : Printable(path); }

std::string Plural(int64_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string PadRight(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

std::string PadLeft(std::string text, std::size_t width) {
  if (text.size() < width) text.insert(0, width - text.size(), ' ');
  return text;
}

void WriteAmbiguity(std::ostream& out, const AmbiguityImpact& ambiguity, const std::string& currency) {
  out << "  " << Printable(ambiguity.id) << " (" << Printable(ambiguity.spec);
  if (!ambiguity.revision.empty()) out << " revision " << Printable(ambiguity.revision);
  if (!ambiguity.clause.empty()) out << ", " << Printable(ambiguity.clause);
  out << ")\n";

  constexpr std::string_view kReading = "reading";
  constexpr std::string_view kDefault = "default";
  constexpr std::string_view kInForce = "checked under";
  constexpr std::string_view kRounds = "rounds settled differently";
  constexpr std::string_view kCleared = "findings cleared";
  constexpr std::string_view kNet = "net difference";
  std::size_t name_width = kReading.size();
  std::size_t net_width = kNet.size();
  for (const ReadingImpact& reading : ambiguity.readings) {
    name_width = std::max(name_width, Printable(reading.name).size());
    net_width = std::max(net_width, FormatSignedMoney(reading.net_difference, currency).size());
  }
  out << "    " << PadRight(std::string(kReading), name_width) << "  " << kDefault << "  " << kInForce << "  "
      << kRounds << "  " << kCleared << "  " << PadLeft(std::string(kNet), net_width) << '\n';
  for (const ReadingImpact& reading : ambiguity.readings) {
    out << "    " << PadRight(Printable(reading.name), name_width) << "  "
        << PadRight(reading.is_default ? "yes" : "", kDefault.size()) << "  "
        << PadRight(reading.in_force ? "yes" : "", kInForce.size()) << "  "
        << PadLeft(std::to_string(reading.rounds_settled_differently), kRounds.size()) << "  "
        << PadLeft(std::to_string(reading.findings_cleared), kCleared.size()) << "  "
        << PadLeft(FormatSignedMoney(reading.net_difference, currency), net_width) << '\n';
  }
}

// A line of the money totals: "underpaid USD 5.00, overpaid USD 0.00 (2 findings)".
std::string MoneyLine(const MoneyTotal& total, const std::string& currency) {
  return "underpaid " + FormatTotal(total.underpaid, total.overflow, currency) + ", overpaid " +
         FormatTotal(total.overpaid, total.overflow, currency) + " (" +
         Plural(total.findings, "finding", "findings") + ")";
}

// The money other faults moved, apart from the payouts: "other faults moved USD 2.50 to
// players, USD 0.00 to the house".
void WriteMoneyMoved(std::ostream& out, const Report& report, const MoneyMovedTotal& moved) {
  if (moved.findings == 0) return;
  const std::string currency = ReportCurrency(report, moved);
  out << "money moved by other faults (apart from the payouts, player's view";
  if (moved.mixed_currencies) {
    out << "; in several currencies: minor units of each added up";
  } else if (!currency.empty() && MinorUnitDigits(currency)) {
    out << "; in " << currency;
  } else {
    out << "; in minor units";
  }
  out << "):\n  other faults moved " << MoneyMovedTotalText(moved, currency) << " ("
      << Plural(moved.findings, "finding", "findings") << ")\n";
}

void WriteMoney(std::ostream& out, const MoneyTotals& totals, const std::string& currency) {
  if (totals.all.findings == 0) return;
  out << "money paid wrongly (player's view, from the findings that move money";
  if (totals.mixed_currencies) {
    out << "; in several currencies: minor units of each added up";
  } else if (!currency.empty() && MinorUnitDigits(currency)) {
    out << "; in " << currency;
  } else {
    out << "; in minor units";
  }
  out << "):\n";
  out << "  total: " << MoneyLine(totals.all, currency) << '\n';
  const auto group = [&](std::string_view title, const std::map<std::string, MoneyTotal>& by,
                         std::string_view none) {
    out << "  by " << title << ":\n";
    std::size_t width = none.size();
    for (const auto& [key, total] : by) width = std::max(width, Printable(key).size());
    for (const auto& [key, total] : by) {
      out << "    " << PadRight(key.empty() ? std::string(none) : Printable(key), width) << "  "
          << MoneyLine(total, currency) << '\n';
    }
  };
  group("table", totals.by_table, "(no table)");
  group("day", totals.by_day, "(no time)");
  group("wager", totals.by_wager, "(no wager)");
}

void WriteSummary(std::ostream& out, const Report& report) {
  out << "inputs:";
  if (report.inputs.empty()) out << " none";
  out << '\n';
  for (const InputSummary& input : report.inputs) {
    out << "  " << InputName(input.path) << ": " << Plural(input.lines, "line", "lines") << ", "
        << Plural(input.rounds, "round", "rounds") << ", "
        << Plural(input.malformed_lines, "malformed line", "malformed lines") << ", "
        << Plural(input.blank_lines, "blank line", "blank lines");
    if (!input.first_round_time.empty())
      out << ", " << input.first_round_time << " to " << input.last_round_time;
    out << '\n';
    if (!input.sha256.empty()) {
      out << "    " << Plural(input.bytes, "byte", "bytes") << ", sha256 " << Printable(input.sha256) << '\n';
    }
    if (input.context)
      out << "    context only: read for its shoes and round ids, nothing reported from it\n";
    if (!input.dialect.empty())
      out << "    read through dialect " << Printable(input.dialect) << " (sha256 "
          << Printable(input.dialect_sha256) << "), " << Plural(input.record_lines, "line", "lines")
          << " of records past a round's first\n";
    if (!input.error.empty()) out << "    COULD NOT BE READ WHOLE: " << Printable(input.error) << '\n';
  }

  if (!report.skipped.empty()) {
    out << "skipped (not read):\n";
    for (const SkippedFile& skipped : report.skipped) {
      out << "  " << InputName(skipped.path) << ": " << Printable(skipped.reason) << '\n';
    }
  }

  out << "specs:";
  if (report.specs.empty()) out << " none";
  out << '\n';
  for (const SpecUsed& spec : report.specs) {
    out << "  " << Printable(spec.id) << ", revision " << Printable(spec.revision);
    if (!spec.sha256.empty()) out << ", sha256 " << Printable(spec.sha256);
    out << '\n';
    if (!spec.path.empty()) out << "    file: " << Printable(spec.path) << '\n';
    for (const SpecUsed::Part& part : spec.parts) {
      out << "    part: " << Printable(part.path) << ", sha256 " << Printable(part.sha256) << '\n';
    }
    if (!spec.readings.empty()) {
      out << "    readings: " << (spec.default_readings ? "the defaults" : "NOT ALL THE DEFAULTS") << ':';
      for (const auto& [id, name] : spec.readings) out << ' ' << Printable(id) << '=' << Printable(name);
      out << '\n';
    }
  }
  if (report.as_of != 0) out << "judged as of: " << DateString(report.as_of) << '\n';
  for (const std::string& name : report.revisions_in_force)
    out << "revision in force: " << Printable(name) << '\n';
  for (const std::string& w : report.revision_warnings) out << "revision warning: " << Printable(w) << '\n';

  out << "rounds checked: " << report.rounds << '\n';
  out << "rounds with violations: " << report.rounds_with_violations << '\n';
  const MoneyTotals totals = TotalMoney(report);
  const std::string currency = ReportCurrency(report, totals);

  out << "ambiguities:";
  if (report.ambiguities.empty()) {
    out << " none\n";
  } else {
    out << "\n  (net difference: the players' net under the reading minus under the default, "
        << (currency.empty() || !MinorUnitDigits(currency) ? std::string("in minor units") : "in " + currency)
        << "; " << kNetConvention << ")\n";
  }
  for (const AmbiguityImpact& ambiguity : report.ambiguities) {
    WriteAmbiguity(out, ambiguity, currency);
  }

  if (std::any_of(report.violations.begin(), report.violations.end(), [](const Finding& f) {
        return f.event.has_value() || std::any_of(f.consequence_list.begin(), f.consequence_list.end(),
                                                  [](const Consequence& c) { return c.event.has_value(); });
      })) {
    out << kEventConvention << '\n';
  }
}

// Who made the report, how and when, before anything else.
void WriteHeader(std::ostream& out, const Report& report) {
  out << Printable(report.tool);
  if (!report.version.empty()) out << ' ' << Printable(report.version);
  if (!report.analysis_time.empty()) out << ", analysis started " << Printable(report.analysis_time);
  out << '\n';
  if (!report.command_line.empty())
    out << "command line: " << Printable(CommandLineText(report.command_line)) << '\n';
  if (!report.currency.empty()) {
    out << "currency of rounds that name none: " << Printable(report.currency) << '\n';
  }
}

// The severity as the text report writes it, in colour for a terminal (ANSI SGR).
std::string SeverityText(Severity severity, bool colour) {
  std::string word(ToString(severity));
  if (!colour) return word;
  std::string_view sgr;
  switch (severity) {
    case Severity::kError:
      sgr = "1;35";
      break;  // bold magenta
    case Severity::kCritical:
      sgr = "1;31";
      break;  // bold red
    case Severity::kMajor:
      sgr = "33";
      break;  // yellow
    case Severity::kMinor:
      sgr = "36";
      break;  // cyan
  }
  return "\x1b[" + std::string(sgr) + "m" + word + "\x1b[0m";
}

}  // namespace

void WriteFindingText(std::ostream& out, const Finding& finding, bool colour) {
  const CodeInfo& info = Info(finding.code);
  out << InputName(finding.input);
  if (finding.line > 0) out << ':' << finding.line;
  out << ": " << SeverityText(info.severity, colour) << ": " << Printable(finding.message) << " [" << info.id
      << "]";
  if (finding.baseline == BaselineState::kNew) out << " (new)";
  if (finding.baseline == BaselineState::kUnchanged) out << " (in the baseline)";
  out << '\n';

  std::string where;
  const auto add = [&where](std::string_view name, const std::string& value) {
    if (!where.empty()) where += ", ";
    where.append(name).append(" ").append(value);
  };
  if (!finding.round.empty()) add("round", Printable(finding.round));
  if (!finding.table.empty()) add("table", Printable(finding.table));
  if (!finding.time.empty()) add("time", Printable(finding.time));
  if (finding.event) add("event", std::to_string(*finding.event));
  if (finding.seat) add("seat", SeatName(*finding.seat));
  if (finding.hand) add("hand", std::to_string(*finding.hand));
  if (finding.wager) add("wager", std::string(ToString(*finding.wager)));
  if (finding.expected) add("expected", FormatAmount(*finding.expected, info.unit, finding.currency));
  if (finding.actual) add("actual", FormatAmount(*finding.actual, info.unit, finding.currency));
  const std::string money = MoneyEffectText(finding);
  if (!money.empty()) {
    if (!where.empty()) where += ": ";
    where += money;
  }
  if (!where.empty()) out << "    " << where << '\n';
  if (const std::string moved = MoneyMovedText(finding); !moved.empty()) {
    out << "    money moved: " << Printable(moved) << '\n';
  }
  if (!finding.clause.empty() || !finding.revision.empty() || !finding.rules.empty()) {
    out << "    clause: " << Printable(finding.clause);
    // The rule set beside its revision: two houses under one regulation share a revision name.
    std::string spec;
    if (!finding.rules.empty()) spec = Printable(finding.rules);
    if (!finding.revision.empty()) {
      spec = (spec.empty() ? std::string("spec") : spec) + " revision " + Printable(finding.revision);
    }
    if (!spec.empty()) out << (finding.clause.empty() ? "" : " ") << '(' << spec << ')';
    out << '\n';
  }
  if (!finding.reading_dependent.empty()) {
    out << "    depends on the reading of: ";
    for (std::size_t i = 0; i < finding.reading_dependent.size(); ++i) {
      if (i > 0) out << ", ";
      out << Printable(finding.reading_dependent[i]);
    }
    out << '\n';
  }
  if (!finding.cleared_by.empty())
    out << "    cleared by: " << Printable(ClearedByText(finding.cleared_by)) << '\n';
  if (finding.consequences > 0) out << "    " << Printable(ConsequencesText(finding)) << '\n';
  const std::size_t listed = finding.consequence_list.size();
  for (std::size_t i = 0; i < std::min(listed, kConsequencesNamed); ++i) {
    out << "    then: " << Printable(ConsequenceText(finding.consequence_list[i])) << '\n';
  }
  if (listed > kConsequencesNamed) {
    out << "    and " << listed - kConsequencesNamed
        << " more consequences, not named here: --format json names them all\n";
  }
}

// A report made under readings other than the defaults says so before anything else.
void WriteReadingsBanner(std::ostream& out, const Report& report) {
  for (const SpecUsed& spec : report.specs) {
    if (spec.default_readings) continue;
    out << "NOTE: " << Printable(spec.id) << " revision " << Printable(spec.revision);
    if (!spec.tables.empty()) {
      out << (spec.tables.size() == 1 ? ", table" : ", tables");
      for (const std::string& table : spec.tables) out << ' ' << Printable(table);
      out << " (--reading auto: the readings their rounds deal),";
    }
    out << " was checked under readings other than its defaults:";
    for (const auto& [id, name] : spec.readings) out << ' ' << Printable(id) << '=' << Printable(name);
    out << '\n';
  }
}

namespace {

// The findings' counts by code and table (the groups the list is written in), by table and by
// day, gathered in one pass.
struct Tally {
  std::map<std::pair<Code, std::string>, int64_t> by_group;
  std::map<std::string, int64_t> by_table;
  std::map<std::string, int64_t> by_day;  // the date of the round's time as logged
};

Tally TallyOf(const Report& report) {
  Tally t;
  for (const Finding& f : report.violations) {
    ++t.by_group[{f.code, f.table}];
    ++t.by_table[f.table];
    ++t.by_day[f.time.size() >= 10 ? f.time.substr(0, 10) : std::string()];
  }
  return t;
}

// A list of counts; past `limit` entries, only the `limit` largest, and how many more.
void WriteCounts(std::ostream& out, std::string_view title, const std::map<std::string, int64_t>& counts,
                 std::string_view none, std::size_t limit) {
  if (counts.empty()) return;
  std::vector<std::pair<std::string, int64_t>> rows(counts.begin(), counts.end());
  if (rows.size() > limit) {
    std::stable_sort(rows.begin(), rows.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    rows.resize(limit);
  }
  out << "violations by " << title;
  if (counts.size() > limit) out << " (the " << limit << " with most, of " << counts.size() << ")";
  out << ":\n";
  std::size_t width = none.size();
  for (const auto& [key, n] : rows) width = std::max(width, Printable(key).size());
  for (const auto& [key, n] : rows) {
    out << "  " << PadRight(key.empty() ? std::string(none) : Printable(key), width) << "  " << n << '\n';
  }
}

// The groups of the findings as kCode lists them: by code (most frequent first) then table (by
// name), each group in input order. A finding's place in that list is its group's first place
// plus how many of its group came before it in input order: a pass over the findings with a
// counter a group places each, whatever the report's size.
struct FindingGroups {
  struct Group {
    Code code;
    std::string table;
    int64_t count;
    int64_t first;  // the place of its first finding in the list
  };
  std::vector<Group> groups;
  std::map<std::pair<Code, std::string>, size_t> rank;

  FindingGroups(const Report& report, const Tally& tally) {
    for (const auto& [id, count] : CodeCounts(report)) {
      const Code code = *ParseCode(id);
      for (const auto& [key, n] : tally.by_group) {
        if (key.first != code) continue;
        rank[key] = groups.size();
        groups.push_back({code, key.second, n, 0});
      }
    }
    int64_t total = 0;
    for (Group& g : groups) {
      g.first = total;
      total += g.count;
    }
  }
};

// Places the findings of one pass over them (FindingGroups).
class Placer {
 public:
  explicit Placer(const FindingGroups& groups) : groups_(groups), seen_(groups.groups.size()) {}
  // The place of the next finding of the pass, and its group.
  std::pair<int64_t, size_t> Next(const Finding& f) {
    const size_t r = groups_.rank.at({f.code, f.table});
    return {groups_.groups[r].first + seen_[r]++, r};
  }

 private:
  const FindingGroups& groups_;
  std::vector<int64_t> seen_;
};

// A finding's key in kMoney's order: more money first, then its place in kCode's.
struct MoneyKey {
  MoneyRank money = 0;
  int64_t place = 0;
  bool operator<(const MoneyKey& o) const { return money != o.money ? money > o.money : place < o.place; }
};

// Writes the first `total` findings in kCode's order, under a heading a code and a group.
// The findings are read in passes, each holding at most `held` of them, so that memory stays
// bounded whatever the report's size (the findings may be on file: FindingStore).
void WriteByCode(std::ostream& out, const Report& report, const FindingGroups& fg, int64_t total,
                 int64_t held_max, bool colour) {
  std::optional<Code> code_open;
  std::optional<size_t> group_open;
  std::vector<std::optional<Finding>> held;
  for (int64_t begin = 0; begin < total; begin += held_max) {
    const int64_t end = std::min(total, begin + held_max);
    held.assign(static_cast<size_t>(end - begin), std::nullopt);
    std::vector<size_t> group_at(held.size());
    Placer placer(fg);
    for (const Finding& f : report.violations) {
      const auto [pos, r] = placer.Next(f);
      if (pos < begin || pos >= end) continue;
      held[static_cast<size_t>(pos - begin)] = f;
      group_at[static_cast<size_t>(pos - begin)] = r;
    }
    for (size_t i = 0; i < held.size(); ++i) {
      const FindingGroups::Group& g = fg.groups[group_at[i]];
      if (code_open != g.code) {
        code_open = g.code;
        const CodeInfo& info = Info(g.code);
        int64_t n = 0;
        for (const FindingGroups::Group& h : fg.groups) n += h.code == g.code ? h.count : 0;
        out << "\n== " << info.id << " (" << SeverityText(info.severity, colour)
            << "): " << Plural(n, "finding", "findings") << " ==\n";
      }
      if (group_open != group_at[i]) {
        group_open = group_at[i];
        const int64_t shown = std::min(g.count, total - g.first);
        out << "-- " << Info(g.code).id << " at "
            << (g.table.empty() ? std::string("no table") : "table " + Printable(g.table)) << ": "
            << Plural(g.count, "finding", "findings");
        if (shown < g.count) out << ", " << shown << " shown";
        out << " --\n";
      }
      WriteFindingText(out, *held[i], colour);
    }
  }
}

// Writes the first `total` findings in kMoney's order. Each pass keeps the `held_max` first
// findings after the last one written (a heap whose top is the last of those kept).
void WriteByMoney(std::ostream& out, const Report& report, const FindingGroups& fg, int64_t total,
                  int64_t held_max, bool colour) {
  out << "\n== findings by money, largest first (paid wrongly and moved, sign aside; ties by code): "
      << Plural(static_cast<int64_t>(report.violations.size()), "finding", "findings") << " ==\n";
  std::optional<MoneyKey> last;
  std::vector<std::pair<MoneyKey, Finding>> kept;
  const auto before = [](const auto& a, const auto& b) { return a.first < b.first; };
  for (int64_t written = 0; written < total;) {
    const auto want = static_cast<size_t>(std::min(held_max, total - written));
    kept.clear();
    Placer placer(fg);
    for (const Finding& f : report.violations) {
      const MoneyKey key{FindingMoney(f), placer.Next(f).first};
      if (last && !(*last < key)) continue;
      if (kept.size() == want) {
        if (!(key < kept.front().first)) continue;
        std::pop_heap(kept.begin(), kept.end(), before);
        kept.pop_back();
      }
      kept.emplace_back(key, f);
      std::push_heap(kept.begin(), kept.end(), before);
    }
    if (kept.empty()) break;
    std::sort_heap(kept.begin(), kept.end(), before);
    for (const auto& [key, f] : kept) WriteFindingText(out, f, colour);
    last = kept.back().first;
    written += static_cast<int64_t>(kept.size());
  }
}

// Writes the findings in the order asked, at most `max` of them (-1: all), and counts the rest.
void WriteFindingList(std::ostream& out, const Report& report, const Tally& tally,
                      const TextOptions& options) {
  const FindingGroups fg(report, tally);
  const auto n = static_cast<int64_t>(report.violations.size());
  const int64_t max = options.max_findings;
  const int64_t total = max < 0 ? n : std::min(n, max);
  const int64_t held = std::max<int64_t>(1, options.held);
  if (options.order == FindingOrder::kMoney) {
    WriteByMoney(out, report, fg, total, held, options.colour);
  } else {
    WriteByCode(out, report, fg, total, held, options.colour);
  }
  const int64_t left = n - total;
  if (left > 0) {
    out << '\n'
        << Plural(left, "more finding", "more findings") << " not listed here (--max-findings " << max
        << "); every format but text lists them all (--format json)\n";
  }
}

// The findings that moved the most money, largest first (ties in kCode's order): at most kLargest,
// with the place each has, one pass over the findings holding only those.
constexpr size_t kLargest = 5;
void WriteLargest(std::ostream& out, const Report& report, const Tally& tally) {
  const FindingGroups fg(report, tally);
  Placer placer(fg);
  std::vector<std::pair<MoneyKey, Finding>> kept;
  int64_t moving = 0;
  for (const Finding& f : report.violations) {
    const MoneyKey key{FindingMoney(f), placer.Next(f).first};
    if (key.money == 0) continue;
    ++moving;
    if (kept.size() == kLargest && !(key < kept.back().first)) continue;
    if (kept.size() == kLargest) kept.pop_back();
    kept.emplace_back(key, f);
    std::sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  }
  if (kept.empty()) return;
  out << "largest findings by money (" << kept.size() << " of " << Plural(moving, "finding", "findings")
      << " that move money; --sort money lists them all in this order):\n";
  for (const auto& [key, f] : kept) {
    out << "  " << InputName(f.input);
    if (f.line > 0) out << ':' << f.line;
    out << ": " << Printable(FindingMoneyText(f)) << " [" << Info(f.code).id << "]";
    std::string where;
    if (!f.round.empty()) where = "round " + Printable(f.round);
    if (!f.table.empty()) where += (where.empty() ? "table " : ", table ") + Printable(f.table);
    if (f.seat) where += (where.empty() ? "seat " : ", seat ") + SeatName(*f.seat);
    if (!where.empty()) out << " (" << where << ')';
    out << '\n';
  }
}

}  // namespace

std::string NotRunText(const Report& report) {
  if (report.not_checked.empty()) return "";
  std::string codes;
  int64_t withheld = 0;
  for (const NotCheckedCode& n : report.not_checked) {
    codes += (codes.empty() ? "" : ", ") + n.code;
    withheld += n.withheld;
  }
  return Plural(static_cast<int64_t>(report.not_checked.size()), "check", "checks") +
         " not run, as the format the logs were read through lacks what they need (" + codes + "); " +
         Plural(withheld, "finding", "findings") + " of theirs withheld";
}

std::string VerdictLine(const Report& report) {
  const std::string rounds = Plural(report.rounds, "round", "rounds");
  std::string line;
  const int64_t n = static_cast<int64_t>(report.violations.size());
  if (report.rounds == 0 && n == 0) {
    line = "NOTHING CHECKED: no round was read";
  } else if (!report.complete) {
    line = "INCOMPLETE: " + Plural(n, "violation", "violations") + " in the " + rounds +
           " read, and a log could not be read whole";
  } else if (n == 0 && !report.not_checked.empty()) {
    // Not a pass: some checks could not run on these logs.
    line = "NO VIOLATIONS FOUND by the checks that could run, in " + rounds + "; " +
           Plural(static_cast<int64_t>(report.not_checked.size()), "check", "checks") +
           " not run (the log's format lacks what they need)";
  } else if (n == 0) {
    line = "PASS: no violations in " + rounds;
  } else {
    line = "FAIL: " + Plural(n, "violation", "violations") + " in " + rounds + " (" +
           Plural(report.rounds_with_violations, "round", "rounds") + " with violations)";
  }
  if (n > 0) {
    const MoneyTotals totals = TotalMoney(report);
    if (totals.all.findings > 0) {
      const std::string currency = ReportCurrency(report, totals);
      line += "; underpaid " + FormatTotal(totals.all.underpaid, totals.all.overflow, currency) +
              ", overpaid " + FormatTotal(totals.all.overpaid, totals.all.overflow, currency);
    }
    // Apart from the payouts': what other faults moved.
    if (totals.moved.findings > 0) {
      line +=
          "; other faults moved " + MoneyMovedTotalText(totals.moved, ReportCurrency(report, totals.moved));
    }
  }
  if (!report.filter.empty()) {
    line += " [filtered: " + report.filter + "; " +
            Plural(report.findings_filtered_out, "finding", "findings") + " left out]";
  }
  return Printable(line);
}

std::vector<std::string> ReadingLeadLines(const Report& report) {
  std::vector<std::string> lines;
  for (const ReadingInferred& r : report.readings_inferred) {
    const bool as_checked =
        std::find(r.readings.begin(), r.readings.end(), r.checked) != r.readings.end() && r.runs.size() <= 1;
    std::string where = "table " + r.table + " (" + r.spec + " revision " + r.revision + ")";
    if (r.status == "inferred" && !as_checked) {
      int64_t consistent = 0;
      for (const auto& [name, n] : r.rounds_consistent) {
        if (std::find(r.readings.begin(), r.readings.end(), name) != r.readings.end())
          consistent = std::max(consistent, n);
      }
      std::string line = where + " deals " + r.ambiguity + " as " + ListWords(r.readings) + " (" +
                         FormatCount(consistent) + " of the " +
                         Plural(r.rounds_distinguishing, "round", "rounds") +
                         " that tell its readings apart): ";
      const std::string& currency = r.currency;
      line +=
          "under " + r.checked + " (the reading checked): FAIL, underpaid " +
          FormatTotal(r.explained_underpaid, r.explained_overflow, currency) + ", overpaid " +
          FormatTotal(r.explained_overpaid, r.explained_overflow, currency) + " in " +
          Plural(r.rounds_explained, "round", "rounds") + "; under " + ListWords(r.readings) + ": " +
          (r.other_findings == 0 ? std::string("PASS")
                                 : "FAIL, " + Plural(r.other_findings, "other finding", "other findings"));
      lines.push_back(Printable(line));
    } else if (r.status == "switches") {
      std::string line = where + " changes the reading it deals " + r.ambiguity + " under:";
      for (size_t i = 0; i < r.runs.size(); ++i) {
        const ReadingRun& run = r.runs[i];
        line += (i == 0 ? " " : ", then ") + ListWords(run.readings) + " from round " + run.first_round +
                " (" + Plural(run.rounds, "round", "rounds") + " that tell the readings apart)";
      }
      lines.push_back(Printable(line));
    } else if (r.status == "mixed") {
      std::string line = where + " deals " + r.ambiguity + " under no one reading: of its " +
                         Plural(r.rounds_distinguishing, "round", "rounds") +
                         " that tell the readings apart,";
      for (size_t i = 0; i < r.rounds_consistent.size(); ++i) {
        line += std::string(i == 0 ? " " : ", ") + FormatCount(r.rounds_consistent[i].second) +
                " are consistent with " + r.rounds_consistent[i].first;
      }
      lines.push_back(Printable(line));
    }
  }
  return lines;
}

std::optional<FindingOrder> ParseFindingOrder(std::string_view name) {
  if (name == "code") return FindingOrder::kCode;
  if (name == "money") return FindingOrder::kMoney;
  return std::nullopt;
}

void WriteTextReport(const Report& report, std::ostream& out) { WriteTextReport(report, out, TextOptions{}); }

// Verdict and summary first, then the findings by code and table, then the provenance (inputs,
// specs, readings) in detail.
void WriteTextReport(const Report& report, std::ostream& out, const TextOptions& options) {
  const std::string incomplete = IncompleteText(report);
  const std::string verdict = VerdictLine(report);  // a pass over every finding: once
  out << verdict << '\n';
  for (const std::string& line : ReadingLeadLines(report)) out << line << '\n';
  if (report.baseline) out << Printable(BaselineCountsText(report)) << '\n';
  if (!incomplete.empty()) out << Printable(incomplete) << '\n';
  for (const ContextDamage& damage : report.context_damage)
    out << "NOTICE: " << Printable(ContextDamageText(damage)) << '\n';
  WriteReadingsBanner(out, report);
  WriteHeader(out, report);
  if (!report.not_checked.empty()) {
    // The codes of one reason together: the dialect gives them so.
    out << "checks not run (the log's format lacks what they need; their findings are withheld):\n";
    for (size_t i = 0; i < report.not_checked.size();) {
      const NotCheckedCode& first = report.not_checked[i];
      std::string codes;
      int64_t withheld = 0;
      size_t j = i;
      for (; j < report.not_checked.size() && report.not_checked[j].lacks == first.lacks &&
             report.not_checked[j].why == first.why && report.not_checked[j].dialect == first.dialect;
           ++j) {
        const NotCheckedCode& n = report.not_checked[j];
        codes += (codes.empty() ? "" : ", ") + n.code +
                 (n.withheld > 0 ? " (" + std::to_string(n.withheld) + ")" : "");
        withheld += n.withheld;
      }
      out << "  " << Printable(codes) << ": lacks " << Printable(first.lacks) << " (dialect "
          << Printable(first.dialect) << "): " << Printable(first.why) << "; "
          << Plural(withheld, "finding", "findings") << " withheld\n";
      i = j;
    }
  }
  const Tally tally = TallyOf(report);
  const auto counts = CodeCounts(report);
  if (!counts.empty()) {
    out << "violations by code:\n";
    std::size_t id_width = 0;
    for (const auto& [id, count] : counts) id_width = std::max(id_width, id.size());
    for (const auto& [id, count] : counts) {
      out << "  " << PadRight(id, id_width) << "  "
          << PadRight(SeverityText(Info(*ParseCode(id)).severity, false), 8) << "  " << count << '\n';
    }
    WriteCounts(out, "table", tally.by_table, "(no table)", 20);
    WriteCounts(out, "day", tally.by_day, "(no time)", 31);
  }
  const MoneyTotals totals = TotalMoney(report);
  WriteMoney(out, totals, ReportCurrency(report, totals));
  WriteMoneyMoved(out, report, totals.moved);
  WriteLargest(out, report, tally);
  if (!report.violations.empty()) WriteFindingList(out, report, tally, options);
  if (report.baseline && !report.baseline->absent.empty()) {
    out << "\nIn the baseline, not found now:\n";
    for (const Finding& finding : report.baseline->absent) WriteFindingText(out, finding);
  }
  out << '\n';
  WriteSummary(out, report);
  out << verdict << '\n';
}

}  // namespace pitboss
