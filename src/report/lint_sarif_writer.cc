#include "report/lint_sarif_writer.h"

#include <map>

#include "base/json.h"
#include "report/money_format.h"
#include "report/sarif.h"

namespace pitboss {

namespace {

std::string_view Level(LintCode code) { return code == LintCode::kExtractionMarker ? "warning" : "error"; }

void WriteRules(JsonWriter& json) {
  json.Key("rules").BeginArray();
  for (const LintCodeInfo& info : LintCodes()) {
    json.BeginObject();
    json.Key("id").String(info.id);
    json.Key("shortDescription").BeginObject().Key("text").String(info.summary).EndObject();
    json.Key("help").BeginObject();
    json.Key("text").String(std::string(info.id) + ": " + std::string(info.summary) +
                            ". The rules of each check: docs/spec-format.md, \"Lint\".");
    json.EndObject();
    json.Key("defaultConfiguration").BeginObject().Key("level").String(Level(info.code)).EndObject();
    json.EndObject();
  }
  json.EndArray();
}

// The files linted, each once, by path; their index in the run's artifacts.
std::map<std::string, int64_t> WriteArtifacts(JsonWriter& json, const LintReport& report) {
  std::map<std::string, int64_t> index;
  json.Key("artifacts").BeginArray();
  auto add = [&](const std::string& path, const std::string& kind, const std::string& id,
                 const std::string& sha256) {
    if (!index.emplace(path, static_cast<int64_t>(index.size())).second) return;
    json.BeginObject();
    json.Key("location").BeginObject().Key("uri").String(SarifArtifactUri(path)).EndObject();
    json.Key("roles").BeginArray().String("analysisTarget").EndArray();
    json.Key("properties").BeginObject().Key("kind").String(kind);
    if (!id.empty()) json.Key("id").String(id);
    if (!sha256.empty()) json.Key("sha256").String(sha256);
    json.EndObject();
    json.EndObject();
  };
  for (const SpecLint& spec : report.specs) add(spec.path, "spec", spec.id, spec.sha256);
  for (const DialectLint& dialect : report.dialects) add(dialect.path, "dialect", dialect.id, dialect.sha256);
  json.EndArray();
  return index;
}

void WriteResult(JsonWriter& json, const LintError& e, const std::map<std::string, int64_t>& artifacts) {
  json.BeginObject();
  json.Key("ruleId").String(ToString(e.code));
  json.Key("ruleIndex").Int(static_cast<int64_t>(e.code));
  json.Key("level").String(e.warning ? "warning" : "error");
  std::string text = e.message.empty() ? std::string(ToString(e.code)) : e.message;
  if (!e.hint.empty()) text += " (" + e.hint + ")";
  json.Key("message").BeginObject().Key("text").String(text).EndObject();
  json.Key("locations").BeginArray().BeginObject().Key("physicalLocation").BeginObject();
  json.Key("artifactLocation").BeginObject().Key("uri").String(SarifArtifactUri(e.file));
  if (const auto it = artifacts.find(e.file); it != artifacts.end()) json.Key("index").Int(it->second);
  json.EndObject();
  if (e.line > 0) {
    json.Key("region").BeginObject().Key("startLine").Int(e.line);
    if (e.column > 0) json.Key("startColumn").Int(e.column);
    json.EndObject();
  }
  json.EndObject().EndObject().EndArray();
  json.EndObject();
}

}  // namespace

void WriteLintSarif(const LintReport& report, const std::vector<std::string>& command_line,
                    std::ostream& out) {
  JsonWriter json(out);
  json.BeginObject();
  json.Key("$schema").String(kSarifSchema);
  json.Key("version").String(kSarifVersion);
  json.Key("runs").BeginArray().BeginObject();
  json.Key("tool").BeginObject().Key("driver").BeginObject();
  json.Key("name").String("pitboss");
  json.Key("version").String(PITBOSS_VERSION);
  WriteRules(json);
  json.EndObject().EndObject();
  const std::map<std::string, int64_t> artifacts = WriteArtifacts(json, report);
  json.Key("invocations").BeginArray().BeginObject();
  if (!command_line.empty()) {
    json.Key("commandLine").String(CommandLineText(command_line));
    json.Key("arguments").BeginArray();
    for (size_t i = 1; i < command_line.size(); ++i) json.String(command_line[i]);
    json.EndArray();
  }
  json.Key("executionSuccessful").Bool(true);
  json.EndObject().EndArray();
  json.Key("results").BeginArray();
  for (const SpecLint& spec : report.specs) {
    for (const LintError& e : spec.errors) WriteResult(json, e, artifacts);
    for (const LintError& e : spec.warnings) WriteResult(json, e, artifacts);
  }
  for (const DialectLint& dialect : report.dialects) {
    for (const LintError& e : dialect.errors) WriteResult(json, e, artifacts);
  }
  for (const LintError& e : report.lock_errors) WriteResult(json, e, artifacts);
  json.EndArray();
  json.Key("properties").BeginObject();
  WriteLintCounts(json, report);
  json.EndObject();
  json.EndObject().EndArray();
  json.EndObject();
  out << "\n";
}

void WriteLintCounts(JsonWriter& json, const LintReport& report) {
  json.Key("specs").Int(static_cast<int64_t>(report.specs.size()));
  json.Key("specs_with_errors").Int(report.specs_with_errors());
  json.Key("dialects").Int(static_cast<int64_t>(report.dialects.size()));
  json.Key("errors").Int(report.errors());
  json.Key("warnings").Int(report.warnings());
}

}  // namespace pitboss
