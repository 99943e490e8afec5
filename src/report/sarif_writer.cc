// --format sarif: SARIF 2.1.0 (OASIS), the format code-scanning services and
// SARIF viewers read. Part of the report format: what each SARIF object stands
// for is relied on by CI uploads; never change it, only add properties.
//
// One run. Its driver is pitboss, with one rule per violation code of the
// contract's table, in table order (so a result's ruleIndex is its code's
// position there): id the code id, shortDescription the contract's "found
// when", help (text and markdown) the code, its severity and that description,
// defaultConfiguration.level from the severity, and properties
// {severity, clauses: every clause the findings of that code cite}. Each
// finding is one result: ruleId the code, its level, message the finding's in
// plain words with what code-scanning views show of nothing else (ResultText:
// round, table, seat, hand, wager, event, expected and actual with their unit,
// underpaid or overpaid by how much, the money the fault moved otherwise, the
// clause with the rule set and revision, the readings it depends on and those
// that clear it, its consequences, counted and the first ones named),
// partialFingerprints {"pitbossFinding/v1": the finding's identity across runs,
// report/baseline.h}, baselineState (new or unchanged) with check --baseline,
// one location (the log as artifactLocation.uri, the line as
// region.startLine), relatedLocations at the spec lines that decided it (below)
// and properties with the rest of the finding as the JSON
// report names it (time, rules, revision, event counted from 0 as the log's
// events array, money_moved and money_to, consequences, consequences_note and
// consequence_list among them). With a baseline, the baseline's findings not
// found again follow, baselineState "absent", at their old location.
//
// A result's relatedLocations are the `cite`s of the spec it was checked under
// (its rules and revision) that name its clause, each at the spec's or part's
// file, the cite's line and column, its message the parameter ("payouts.war.win
// .raise cites ..."), at most kMaxRelatedLocations of them, in the spec's order.
// The spec files are read again for them, from the paths of the report's
// specs, and only while they still hold the bytes the report's sha256 names: a
// spec changed since, or not at hand (a merged report read elsewhere), gives
// none.
//
// Results are capped at kMaxResultsPerRun (below), what GitHub code scanning
// shows of a run: the results kept are all those of the highest levels that
// fit (error, then warning, then note; absent ones after every current one),
// each level in the report's order, and the invocation's notifications and
// the run's properties ("results_left_out") say how many were left out and
// that the JSON report is whole. The inputs are the
// run's artifacts (with their lines, rounds, period, and where so, context and
// error); the report's summary, money totals (and money_moved, where a finding
// has it), specs, skipped files and ambiguities are the run's properties. The
// one invocation carries the provenance: commandLine and arguments,
// startTimeUtc (the analysis time),
// executionSuccessful (false where the report is incomplete) and a
// toolExecutionNotification per input that could not be read whole and per
// file skipped.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/json.h"
#include "base/sha256.h"
#include "pitboss/codes.h"
#include "pitboss/report.h"
#include "report/baseline.h"
#include "report/money_format.h"
#include "report/sarif.h"
#include "report/writers.h"
#include "spec/clause_sites.h"
#include "spec/loader.h"

namespace pitboss {
namespace {

// GitHub code scanning's upload limits, from GitHub Docs, "SARIF support for code scanning",
// section "Upload limits" (docs.github.com/en/code-security/code-scanning/
// integrating-with-code-scanning/sarif-support-for-code-scanning): a SARIF file of at most
// 10 MB gzip-compressed; at most 20 runs per file; at most 25,000 results per run, of which
// only the top 5,000 are included, prioritized by severity; at most 25,000 rules per run; 100
// tool extensions per run; 1,000 locations per result (100 shown); 10,000 thread flow
// locations per result (1,000 shown); 20 tags per rule (10 shown). pitboss writes one run,
// 28 rules, one location and at most 10 related locations per result and no extensions, thread flows or tags,
// and caps its results at the 5,000 shown, so that what is uploaded is what is seen, and says so.
// tests/sarif_limits.py checks a large report against each of these figures.
constexpr int64_t kMaxResultsPerRun = 5000;
// Spec lines shown beside a result: a clause a handful of parameters cite, never a list to scroll.
constexpr size_t kMaxRelatedLocations = 10;

// The cites of each spec of the report, by (id, revision), read from the spec files that still
// hold the bytes the report names.
using SpecSites = std::map<std::pair<std::string, std::string>, std::vector<ClauseSite>>;

SpecSites ReadSpecSites(const Report& report) {
  SpecSites sites;
  for (const SpecUsed& spec : report.specs) {
    const auto key = std::pair(spec.id, spec.revision);
    if (spec.path.empty() || sites.count(key)) continue;
    std::vector<std::string> errors;
    std::optional<SpecTree> tree = LoadSpecTree(spec.path, &errors);
    if (!tree || Sha256Hex(tree->bytes) != spec.sha256) continue;
    sites[key] = CitedClauses(tree->root, &*tree, spec.path);
  }
  return sites;
}

// SARIF has three levels of a result that fails a rule.
std::string_view Level(Severity severity) {
  switch (severity) {
    case Severity::kCritical:
    case Severity::kError:
      return "error";
    case Severity::kMajor:
      return "warning";
    case Severity::kMinor:
      return "note";
  }
  return "error";
}

bool Unreserved(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
         c == '_' || c == '~';
}

// Every byte but the unreserved characters of RFC 3986 and the path's slashes
// percent-encoded, so that any file name makes a valid URI reference (a ':'
// in a relative path's first segment would otherwise read as a scheme).
std::string PercentEncodePath(std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(path.size());
  for (const char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    if (Unreserved(c) || c == '/') {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    }
  }
  return out;
}

void WriteRules(JsonWriter& json, const Report& report) {
  std::map<Code, std::set<std::string>> clauses;
  for (const Finding& finding : report.violations) {
    if (!finding.clause.empty()) clauses[finding.code].insert(finding.clause);
  }
  json.Key("rules").BeginArray();
  for (const CodeInfo& info : AllCodes()) {
    json.BeginObject();
    json.Key("id").String(info.id);
    json.Key("shortDescription").BeginObject().Key("text").String(info.found_when).EndObject();
    // What code-scanning views show as the rule's help.
    const std::string severity(ToString(info.severity));
    json.Key("help").BeginObject();
    json.Key("text").String(
        std::string(info.id) + " (severity " + severity + "): found when " + std::string(info.found_when) +
        ". Each finding names the clause of the rule text it breaks, its round, input line, "
        "and the seat, wager and money where they apply.");
    json.Key("markdown")
        .String("**`" + std::string(info.id) + "`** (severity **" + severity + "**): found when " +
                std::string(info.found_when) +
                ".\n\nEach finding names the clause of the rule text it breaks, its round, input "
                "line, and the seat, wager and money where they apply.");
    json.EndObject();
    json.Key("defaultConfiguration").BeginObject().Key("level").String(Level(info.severity)).EndObject();
    json.Key("properties").BeginObject();
    json.Key("severity").String(ToString(info.severity));
    json.Key("clauses").BeginArray();
    for (const std::string& clause : clauses[info.code]) json.String(clause);
    json.EndArray();
    json.EndObject();
    json.EndObject();
  }
  json.EndArray();
}

// The index of each input in the run's artifacts.
std::map<std::string, int64_t> WriteArtifacts(JsonWriter& json, const Report& report) {
  std::map<std::string, int64_t> index;
  json.Key("artifacts").BeginArray();
  for (const InputSummary& input : report.inputs) {
    if (!index.emplace(input.path, static_cast<int64_t>(index.size())).second) continue;
    json.BeginObject();
    json.Key("location").BeginObject().Key("uri").String(SarifArtifactUri(input.path)).EndObject();
    if (input.bytes >= 0) json.Key("length").Int(input.bytes);
    if (!input.sha256.empty())
      json.Key("hashes").BeginObject().Key("sha-256").String(input.sha256).EndObject();
    json.Key("properties").BeginObject();
    json.Key("lines").Int(input.lines);
    json.Key("rounds").Int(input.rounds);
    json.Key("malformed_lines").Int(input.malformed_lines);
    json.Key("blank_lines").Int(input.blank_lines);
    if (!input.first_round_time.empty()) {
      json.Key("first_round_time").String(input.first_round_time);
      json.Key("last_round_time").String(input.last_round_time);
    }
    if (input.context) json.Key("context").Bool(true);
    if (!input.error.empty()) json.Key("error").String(input.error);
    json.EndObject();
    json.EndObject();
  }
  json.EndArray();
  return index;
}

// The finding in plain words: its message, then where, the money, the clause and what it
// depends on, since code-scanning views show a result's message and not its properties.
std::string ResultText(const Finding& finding) {
  const CodeInfo& info = Info(finding.code);
  // SARIF requires message text; a finding always has one, but never write "".
  std::string text = finding.message.empty() ? std::string(info.found_when) : finding.message;
  if (finding.consequences > 0) text += " (" + ConsequencesText(finding) + ")";
  std::string where;
  const auto add = [&where](std::string_view name, const std::string& value) {
    where.append(where.empty() ? "" : ", ").append(name).append(" ").append(value);
  };
  if (!finding.round.empty()) add("round", finding.round);
  if (!finding.table.empty()) add("table", finding.table);
  if (finding.seat) add("seat", SeatName(*finding.seat));
  if (finding.hand) add("hand", std::to_string(*finding.hand));
  if (finding.wager) add("wager", std::string(ToString(*finding.wager)));
  if (finding.event) add("event", std::to_string(*finding.event) + " (counted from 0)");
  if (!where.empty()) text += ". In " + where;
  std::string money;
  if (finding.expected) money = "expected " + FormatAmount(*finding.expected, info.unit, finding.currency);
  if (finding.actual) {
    money += (money.empty() ? "" : ", ") +
             ("actual " + FormatAmount(*finding.actual, info.unit, finding.currency));
  }
  if (const std::string effect = MoneyEffectText(finding); !effect.empty()) {
    money += (money.empty() ? "" : ": ") + effect;
  }
  if (!money.empty()) {
    money[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(money[0])));
    text += ". " + money;
  }
  if (const std::string moved = MoneyMovedText(finding); !moved.empty()) text += ". Money moved: " + moved;
  if (!finding.clause.empty()) {
    text += ". Clause " + finding.clause;
    // The rule set beside its revision: two houses under one regulation share a revision name.
    std::string spec = finding.rules;
    if (!finding.revision.empty()) spec += (spec.empty() ? "spec" : "") + (" revision " + finding.revision);
    if (!spec.empty()) text += " (" + spec + ")";
  }
  if (!finding.reading_dependent.empty()) {
    text += ". Depends on the reading of ";
    for (std::size_t i = 0; i < finding.reading_dependent.size(); ++i) {
      text += (i == 0 ? "" : ", ") + finding.reading_dependent[i];
    }
    if (!finding.cleared_by.empty()) text += "; not a violation under " + ClearedByText(finding.cleared_by);
  }
  const std::size_t listed = finding.consequence_list.size();
  for (std::size_t i = 0; i < std::min(listed, kConsequencesNamed); ++i) {
    text += (i == 0 ? ". Then: " : "; ") + ConsequenceText(finding.consequence_list[i]);
  }
  if (listed > kConsequencesNamed) {
    text += "; and " + std::to_string(listed - kConsequencesNamed) + " more, every one in the properties";
  }
  text += ".";
  return text;
}

// The spec lines that cite `finding`'s clause, under the spec it was checked under.
void WriteRelatedLocations(JsonWriter& json, const Finding& finding, const SpecSites& sites) {
  if (finding.clause.empty()) return;
  const auto it = sites.find({finding.rules, finding.revision});
  if (it == sites.end()) return;
  size_t written = 0;
  for (const ClauseSite& site : it->second) {
    if (site.clause != finding.clause || written == kMaxRelatedLocations) continue;
    if (written == 0) json.Key("relatedLocations").BeginArray();
    json.BeginObject();
    json.Key("id").Int(static_cast<int64_t>(written));
    json.Key("physicalLocation").BeginObject();
    json.Key("artifactLocation").BeginObject().Key("uri").String(SarifArtifactUri(site.file)).EndObject();
    json.Key("region").BeginObject().Key("startLine").Int(site.line).Key("startColumn").Int(site.column);
    json.EndObject().EndObject();
    json.Key("message").BeginObject();
    json.Key("text").String((site.key.empty() ? std::string("the spec") : site.key) + " cites " +
                            site.clause + " (" + finding.rules + " revision " + finding.revision + ")");
    json.EndObject();
    json.EndObject();
    ++written;
  }
  if (written > 0) json.EndArray();
}

void WriteResult(JsonWriter& json, const Finding& finding, const std::string& fingerprint,
                 const std::map<std::string, int64_t>& artifacts, const SpecSites& sites) {
  const CodeInfo& info = Info(finding.code);
  json.BeginObject();
  json.Key("ruleId").String(info.id);
  json.Key("ruleIndex").Int(static_cast<int64_t>(finding.code));
  json.Key("level").String(Level(info.severity));
  json.Key("message").BeginObject().Key("text").String(ResultText(finding));
  json.EndObject();
  json.Key("partialFingerprints").BeginObject().Key(kFingerprintKey).String(fingerprint).EndObject();
  if (finding.baseline != BaselineState::kNone) json.Key("baselineState").String(ToString(finding.baseline));
  if (!finding.input.empty()) {
    json.Key("locations").BeginArray().BeginObject();
    json.Key("physicalLocation").BeginObject();
    json.Key("artifactLocation").BeginObject();
    json.Key("uri").String(SarifArtifactUri(finding.input));
    if (const auto it = artifacts.find(finding.input); it != artifacts.end())
      json.Key("index").Int(it->second);
    json.EndObject();
    if (finding.line > 0) json.Key("region").BeginObject().Key("startLine").Int(finding.line).EndObject();
    json.EndObject();
    json.EndObject().EndArray();
  }
  WriteRelatedLocations(json, finding, sites);
  json.Key("properties").BeginObject();
  json.Key("severity").String(ToString(info.severity));
  if (!finding.round.empty()) json.Key("round").String(finding.round);
  if (!finding.table.empty()) json.Key("table").String(finding.table);
  if (!finding.time.empty()) json.Key("time").String(finding.time);
  if (!finding.rules.empty()) json.Key("rules").String(finding.rules);
  if (!finding.revision.empty()) json.Key("revision").String(finding.revision);
  if (finding.event) json.Key("event").Int(*finding.event);
  WriteFindingDetailsJson(json, finding);
  WriteFindingConsequencesJson(json, finding);
  json.EndObject();
  json.EndObject();
}

// Which results fit under kMaxResultsPerRun: every result of a rank below `rank`, and the
// first `quota` of rank `rank`. A rank is the SARIF level's (error 0, warning 1, note 2), and
// 3 more for a baseline's finding no longer found.
struct ResultCap {
  int rank = 6;
  int64_t quota = 0;
  int64_t total = 0;
  int64_t left_out = 0;
};

int Rank(const Finding& finding) {
  const std::string_view level = Level(Info(finding.code).severity);
  const int rank = level == "error" ? 0 : level == "warning" ? 1 : 2;
  return finding.baseline == BaselineState::kAbsent ? rank + 3 : rank;
}

ResultCap PlanResults(const Report& report) {
  std::array<int64_t, 6> by_rank{};
  for (const Finding& finding : report.violations) ++by_rank[Rank(finding)];
  if (report.baseline) {
    for (const Finding& finding : report.baseline->absent) ++by_rank[Rank(finding)];
  }
  ResultCap cap;
  int64_t room = kMaxResultsPerRun;
  for (int rank = 0; rank < 6; ++rank) {
    cap.total += by_rank[rank];
    if (cap.rank < 6) continue;
    if (by_rank[rank] > room) {
      cap.rank = rank;
      cap.quota = room;
    } else {
      room -= by_rank[rank];
    }
  }
  cap.left_out = std::max<int64_t>(0, cap.total - kMaxResultsPerRun);
  return cap;
}

// Whether the next result of `finding`'s rank is kept; counts the results of the cut rank.
bool Keep(const Finding& finding, const ResultCap& cap, int64_t* taken_at_cut) {
  const int rank = Rank(finding);
  if (rank < cap.rank) return true;
  if (rank > cap.rank) return false;
  return (*taken_at_cut)++ < cap.quota;
}

void WriteMoneyTotal(JsonWriter& json, const MoneyTotal& total) {
  json.Key("underpaid").Int(total.underpaid);
  json.Key("overpaid").Int(total.overpaid);
  json.Key("findings").Int(total.findings);
  if (total.overflow) json.Key("overflow").Bool(true);
}

// The JSON report's summary.money, in minor units.
void WriteMoney(JsonWriter& json, const MoneyTotals& totals) {
  json.Key("money").BeginObject();
  json.Key("currency");
  if (totals.currency.empty()) {
    json.Null();
  } else {
    json.String(totals.currency);
  }
  if (totals.mixed_currencies) json.Key("mixed_currencies").Bool(true);
  WriteMoneyTotal(json, totals.all);
  for (const auto& [key, by] : {std::pair{"by_table", &totals.by_table},
                                {"by_day", &totals.by_day},
                                {"by_wager", &totals.by_wager}}) {
    json.Key(key).BeginObject();
    for (const auto& [name, total] : *by) {
      json.Key(name).BeginObject();
      WriteMoneyTotal(json, total);
      json.EndObject();
    }
    json.EndObject();
  }
  json.EndObject();
}

// The run's one invocation: how pitboss was run, when, and whether it read everything.
void WriteInvocation(JsonWriter& json, const Report& report, const ResultCap& cap,
                     const std::map<std::string, int64_t>& artifacts) {
  json.Key("invocations").BeginArray().BeginObject();
  if (!report.command_line.empty()) {
    json.Key("commandLine").String(CommandLineText(report.command_line));
    json.Key("arguments").BeginArray();
    for (std::size_t i = 1; i < report.command_line.size(); ++i) json.String(report.command_line[i]);
    json.EndArray();
  }
  if (!report.analysis_time.empty()) json.Key("startTimeUtc").String(report.analysis_time);
  // A report is written only when the check ran; it did not succeed where it could not read
  // all of its input.
  json.Key("executionSuccessful").Bool(report.complete);
  const auto notification = [&](std::string_view level, const std::string& text, const std::string* path) {
    json.BeginObject();
    json.Key("level").String(level);
    json.Key("message").BeginObject().Key("text").String(text).EndObject();
    if (path != nullptr) {
      json.Key("locations").BeginArray().BeginObject().Key("physicalLocation").BeginObject();
      json.Key("artifactLocation").BeginObject().Key("uri").String(SarifArtifactUri(*path));
      if (const auto it = artifacts.find(*path); it != artifacts.end()) json.Key("index").Int(it->second);
      json.EndObject().EndObject().EndObject().EndArray();
    }
    json.EndObject();
  };
  bool unread = false;
  for (const InputSummary& input : report.inputs) unread = unread || (!input.error.empty() && !input.context);
  if (unread || !report.complete || !report.skipped.empty() || cap.left_out > 0 ||
      !report.not_checked.empty() || !report.context_damage.empty()) {
    json.Key("toolExecutionNotifications").BeginArray();
    if (cap.left_out > 0) {
      notification("warning",
                   std::to_string(cap.left_out) + " of " + std::to_string(cap.total) +
                       " results left out: GitHub code scanning shows at most " +
                       std::to_string(kMaxResultsPerRun) +
                       " results of a run, so this run keeps that many, the highest levels first (error, "
                       "warning, note), each in the report's order. The JSON report (--format json) lists "
                       "every finding.",
                   nullptr);
    }
    for (const InputSummary& input : report.inputs) {
      if (!input.error.empty() && !input.context)
        notification("error", "could not be read whole: " + input.error, &input.path);
    }
    // A damaged context is no failure of the run: a warning, at the context log.
    for (const ContextDamage& damage : report.context_damage)
      notification("warning", ContextDamageText(damage), &damage.input);
    if (!report.complete && !unread) notification("error", IncompleteText(report), nullptr);
    for (const SkippedFile& skipped : report.skipped) {
      notification("note", "not read: " + skipped.reason, &skipped.path);
    }
    // A check that did not run is no pass: said as a warning of the run, with why.
    for (const NotCheckedCode& n : report.not_checked) {
      notification("warning",
                   "check " + n.code + " not run: the format the logs were read through (dialect " +
                       n.dialect + ") lacks " + n.lacks + ": " + n.why + "; " + std::to_string(n.withheld) +
                       " findings of it withheld",
                   nullptr);
    }
    json.EndArray();
  }
  json.EndObject().EndArray();
}

// The figures of the JSON report's summary, specs and ambiguities, keyed as
// there, and its provenance.
void WriteRunProperties(JsonWriter& json, const Report& report, const ResultCap& cap) {
  json.Key("properties").BeginObject();
  WriteProvenanceJson(json, report);
  json.Key("results_left_out").Int(cap.left_out);
  json.Key("fingerprint")
      .String(std::string(kFingerprintKey) +
              " in partialFingerprints: the finding's code, the file name of its input, its "
              "round, event, seat, hand and wager, hashed, and its count among findings alike "
              "(docs/report.md)");
  if (report.baseline) {
    json.Key("baseline").BeginObject();
    json.Key("path").String(report.baseline->path);
    json.Key("sha256").String(report.baseline->sha256);
    json.Key("new").Int(report.baseline->new_findings);
    json.Key("unchanged").Int(report.baseline->unchanged);
    json.Key("absent").Int(static_cast<int64_t>(report.baseline->absent.size()));
    json.EndObject();
  }
  json.Key("skipped").BeginArray();
  for (const SkippedFile& skipped : report.skipped) {
    json.BeginObject().Key("path").String(skipped.path).Key("reason").String(skipped.reason).EndObject();
  }
  json.EndArray();
  json.Key("rounds").Int(report.rounds);
  json.Key("rounds_with_violations").Int(report.rounds_with_violations);
  json.Key("violations").Int(static_cast<int64_t>(report.violations.size()));
  const MoneyTotals money = TotalMoney(report);
  WriteMoney(json, money);
  if (money.moved.findings > 0) {
    json.Key("money_moved");
    WriteMoneyMovedJson(json, money.moved);
  }
  json.Key("event_convention").String(kEventConvention);
  json.Key("net_difference_convention").String(kNetConvention);
  json.Key("specs").BeginArray();
  for (const SpecUsed& spec : report.specs) WriteSpecJson(json, spec);
  json.EndArray();
  json.Key("ambiguities").BeginArray();
  for (const AmbiguityImpact& ambiguity : report.ambiguities) WriteAmbiguityJson(json, ambiguity);
  json.EndArray();
  json.Key("readings_inferred").BeginArray();
  for (const ReadingInferred& reading : report.readings_inferred) WriteReadingInferredJson(json, reading);
  json.EndArray();
  json.EndObject();
}

}  // namespace

std::string SarifArtifactUri(const std::string& path) {
  if (path == "-") return "stdin";
  if (!path.empty() && path.front() == '/') return "file://" + PercentEncodePath(path);
  return PercentEncodePath(path);
}

void WriteSarifReport(const Report& report, std::ostream& out) {
  JsonWriter json(out);
  json.BeginObject();
  json.Key("$schema").String(kSarifSchema);
  json.Key("version").String(kSarifVersion);
  json.Key("runs").BeginArray().BeginObject();

  json.Key("tool").BeginObject().Key("driver").BeginObject();
  json.Key("name").String(report.tool);
  if (!report.version.empty()) json.Key("version").String(report.version);
  WriteRules(json, report);
  json.EndObject().EndObject();

  const std::map<std::string, int64_t> artifacts = WriteArtifacts(json, report);
  const ResultCap cap = PlanResults(report);
  WriteInvocation(json, report, cap, artifacts);
  json.Key("results").BeginArray();
  int64_t taken_at_cut = 0;
  Fingerprinter prints;
  const SpecSites sites = ReadSpecSites(report);
  for (const Finding& finding : report.violations) {
    // Every finding's fingerprint is counted, kept or not, so that a kept one's is its own.
    const std::string print = prints.Next(finding);
    if (Keep(finding, cap, &taken_at_cut)) WriteResult(json, finding, print, artifacts, sites);
  }
  if (report.baseline) {
    std::size_t i = 0;
    for (const Finding& finding : report.baseline->absent) {
      const std::string& print = report.baseline->absent_fingerprints[i++];
      if (Keep(finding, cap, &taken_at_cut)) WriteResult(json, finding, print, artifacts, sites);
    }
  }
  json.EndArray();
  WriteRunProperties(json, report, cap);

  json.EndObject().EndArray();
  json.EndObject();
  out.put('\n');
}

}  // namespace pitboss
