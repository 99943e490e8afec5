// --format json: the JSON report of ../shared/checker-contract.md.
// Part of the report format: every key below and its order is the contract's;
// never rename one. New keys may be added, none removed or reshaped.
#include "pitboss/codes.h"
#include "pitboss/report.h"
#include "report/json.h"
#include "report/writers.h"

namespace pitboss {
namespace {

// The "format" member: bumped only if the shape ever changes incompatibly.
constexpr int64_t kReportFormatVersion = 1;

// "round" and "table" are null for a line that could not be read as a round.
void StringOrNull(JsonWriter& json, const std::string& value) {
  if (value.empty()) {
    json.Null();
  } else {
    json.String(value);
  }
}

}  // namespace

void WriteFindingDetailsJson(JsonWriter& json, const Finding& finding) {
  if (finding.seat) {
    json.Key("seat");
    if (*finding.seat == kDealer) {
      json.String(SeatName(kDealer));
    } else {
      json.Int(*finding.seat);
    }
  }
  if (finding.hand) json.Key("hand").Int(*finding.hand);
  if (finding.wager) json.Key("wager").String(ToString(*finding.wager));
  if (finding.expected) json.Key("expected").Int(*finding.expected);
  if (finding.actual) json.Key("actual").Int(*finding.actual);
  json.Key("clause").String(finding.clause);
  json.Key("reading_dependent").BeginArray();
  for (const std::string& ambiguity : finding.reading_dependent) json.String(ambiguity);
  json.EndArray();
}

void WriteFindingJson(JsonWriter& json, const Finding& finding) {
  const CodeInfo& info = Info(finding.code);
  json.BeginObject();
  json.Key("code").String(info.id);
  json.Key("severity").String(ToString(info.severity));
  json.Key("round");
  StringOrNull(json, finding.round);
  json.Key("table");
  StringOrNull(json, finding.table);
  json.Key("input").String(finding.input);
  json.Key("line").Int(finding.line);
  WriteFindingDetailsJson(json, finding);
  json.Key("message").String(finding.message);
  json.EndObject();
}

void WriteAmbiguityJson(JsonWriter& json, const AmbiguityImpact& ambiguity) {
  json.BeginObject();
  json.Key("id").String(ambiguity.id);
  json.Key("spec").String(ambiguity.spec);
  json.Key("revision").String(ambiguity.revision);
  json.Key("clause").String(ambiguity.clause);
  json.Key("readings").BeginArray();
  for (const ReadingImpact& reading : ambiguity.readings) {
    json.BeginObject();
    json.Key("name").String(reading.name);
    json.Key("default").Bool(reading.is_default);
    if (reading.in_force) json.Key("in_force").Bool(true);
    json.Key("rounds_settled_differently")
        .Int(reading.rounds_settled_differently);
    json.Key("net_difference").Int(reading.net_difference);
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
}

void WriteInputsJson(JsonWriter& json, const std::vector<InputSummary>& inputs) {
  json.BeginArray();
  for (const InputSummary& input : inputs) {
    json.BeginObject();
    json.Key("path").String(input.path);
    json.Key("lines").Int(input.lines);
    json.Key("rounds").Int(input.rounds);
    if (input.bytes >= 0) json.Key("bytes").Int(input.bytes);
    if (!input.sha256.empty()) json.Key("sha256").String(input.sha256);
    if (!input.first_round_time.empty()) {
      json.Key("first_round_time").String(input.first_round_time);
      json.Key("last_round_time").String(input.last_round_time);
    }
    json.EndObject();
  }
  json.EndArray();
}

void WriteSpecJson(JsonWriter& json, const SpecUsed& spec) {
  json.BeginObject();
  json.Key("id").String(spec.id);
  json.Key("revision").String(spec.revision);
  json.Key("sha256").String(spec.sha256);
  if (!spec.readings.empty()) {
    json.Key("readings").BeginObject();
    for (const auto& [id, name] : spec.readings) json.Key(id).String(name);
    json.EndObject();
    json.Key("default_readings").Bool(spec.default_readings);
  }
  json.EndObject();
}

void WriteJsonReport(const Report& report, std::ostream& out) {
  JsonWriter json(out);
  json.BeginObject();
  json.Key("tool").String(report.tool);
  json.Key("version").String(report.version);
  json.Key("format").Int(kReportFormatVersion);

  json.Key("inputs");
  WriteInputsJson(json, report.inputs);

  json.Key("specs").BeginArray();
  for (const SpecUsed& spec : report.specs) WriteSpecJson(json, spec);
  json.EndArray();

  json.Key("summary").BeginObject();
  json.Key("rounds").Int(report.rounds);
  json.Key("rounds_with_violations").Int(report.rounds_with_violations);
  json.Key("violations").Int(static_cast<int64_t>(report.violations.size()));
  json.Key("by_code").BeginObject();
  for (const auto& [id, count] : CodeCounts(report)) json.Key(id).Int(count);
  json.EndObject();
  json.EndObject();

  json.Key("violations").BeginArray();
  for (const Finding& finding : report.violations) WriteFindingJson(json, finding);
  json.EndArray();

  json.Key("ambiguities").BeginArray();
  for (const AmbiguityImpact& ambiguity : report.ambiguities) WriteAmbiguityJson(json, ambiguity);
  json.EndArray();

  json.EndObject();
  out.put('\n');
}

}  // namespace pitboss
