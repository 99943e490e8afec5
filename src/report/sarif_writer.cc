// --format sarif: SARIF 2.1.0 (OASIS), the format code-scanning services and
// SARIF viewers read. Part of the report format: what each SARIF object stands
// for is relied on by CI uploads; never change it, only add properties.
//
// One run. Its driver is pitboss, with one rule per violation code of the
// contract's table, in table order (so a result's ruleIndex is its code's
// position there): id the code id, shortDescription the contract's "found
// when", defaultConfiguration.level from the severity, and properties
// {severity, clauses: every clause the findings of that code cite}. Each
// finding is one result: ruleId the code, its level, message the finding's,
// one location (the log as artifactLocation.uri, the line as
// region.startLine) and properties with the rest of the finding as the JSON
// report names it. The inputs are the run's artifacts (with their lines and
// rounds); the report's summary, specs and ambiguities are the run's
// properties.
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "pitboss/codes.h"
#include "pitboss/report.h"
#include "report/json.h"
#include "report/writers.h"

namespace pitboss {
namespace {

constexpr std::string_view kSarifSchema = "https://json.schemastore.org/sarif-2.1.0.json";
constexpr std::string_view kSarifVersion = "2.1.0";

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

// Part of the report format: a relative log path stays a relative URI
// reference (relative to where pitboss ran), an absolute one becomes a file://
// URI, and standard input is "stdin".
std::string ArtifactUri(const std::string& path) {
  if (path == "-") return "stdin";
  if (!path.empty() && path.front() == '/') return "file://" + PercentEncodePath(path);
  return PercentEncodePath(path);
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
    json.Key("location").BeginObject().Key("uri").String(ArtifactUri(input.path)).EndObject();
    if (input.bytes >= 0) json.Key("length").Int(input.bytes);
    if (!input.sha256.empty()) json.Key("hashes").BeginObject().Key("sha-256").String(input.sha256).EndObject();
    json.Key("properties").BeginObject();
    json.Key("lines").Int(input.lines);
    json.Key("rounds").Int(input.rounds);
    json.EndObject();
    json.EndObject();
  }
  json.EndArray();
  return index;
}

void WriteResult(JsonWriter& json, const Finding& finding, const std::map<std::string, int64_t>& artifacts) {
  const CodeInfo& info = Info(finding.code);
  json.BeginObject();
  json.Key("ruleId").String(info.id);
  json.Key("ruleIndex").Int(static_cast<int64_t>(finding.code));
  json.Key("level").String(Level(info.severity));
  // SARIF requires message text; a finding always has one, but never write "".
  json.Key("message").BeginObject().Key("text").String(finding.message.empty() ? info.found_when
                                                                               : finding.message);
  json.EndObject();
  if (!finding.input.empty()) {
    json.Key("locations").BeginArray().BeginObject();
    json.Key("physicalLocation").BeginObject();
    json.Key("artifactLocation").BeginObject();
    json.Key("uri").String(ArtifactUri(finding.input));
    if (const auto it = artifacts.find(finding.input); it != artifacts.end())
      json.Key("index").Int(it->second);
    json.EndObject();
    if (finding.line > 0) json.Key("region").BeginObject().Key("startLine").Int(finding.line).EndObject();
    json.EndObject();
    json.EndObject().EndArray();
  }
  json.Key("properties").BeginObject();
  json.Key("severity").String(ToString(info.severity));
  if (!finding.round.empty()) json.Key("round").String(finding.round);
  if (!finding.table.empty()) json.Key("table").String(finding.table);
  WriteFindingDetailsJson(json, finding);
  json.EndObject();
  json.EndObject();
}

// The figures of the JSON report's summary, specs and ambiguities, keyed as
// there.
void WriteRunProperties(JsonWriter& json, const Report& report) {
  json.Key("properties").BeginObject();
  json.Key("rounds").Int(report.rounds);
  json.Key("rounds_with_violations").Int(report.rounds_with_violations);
  json.Key("violations").Int(static_cast<int64_t>(report.violations.size()));
  json.Key("specs").BeginArray();
  for (const SpecUsed& spec : report.specs) WriteSpecJson(json, spec);
  json.EndArray();
  json.Key("ambiguities").BeginArray();
  for (const AmbiguityImpact& ambiguity : report.ambiguities) WriteAmbiguityJson(json, ambiguity);
  json.EndArray();
  json.EndObject();
}

}  // namespace

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

  // A report is written only when the check ran; a failed one writes none.
  json.Key("invocations").BeginArray().BeginObject().Key("executionSuccessful").Bool(true);
  json.EndObject().EndArray();

  const std::map<std::string, int64_t> artifacts = WriteArtifacts(json, report);
  json.Key("results").BeginArray();
  for (const Finding& finding : report.violations) WriteResult(json, finding, artifacts);
  json.EndArray();
  WriteRunProperties(json, report);

  json.EndObject().EndArray();
  json.EndObject();
  out.put('\n');
}

}  // namespace pitboss
