// --format json: the JSON report of ../shared/checker-contract.md.
// Part of the report format: every key below and its order is the contract's;
// never rename one. New keys may be added, none removed or reshaped.
#include <optional>
#include <utility>

#include "base/json.h"
#include "base/utf8.h"
#include "pitboss/codes.h"
#include "pitboss/report.h"
#include "report/writers.h"
#include "spec/library.h"

namespace pitboss {
namespace {

// The "format" member: bumped only if the shape ever changes incompatibly.
constexpr int64_t kReportFormatVersion = 1;

// A file name that is not valid UTF-8 cannot be a JSON string as it is: beside its key, whose
// string has the bad bytes replaced, `key` holds them escaped, losslessly (EscapeBytes).
// Part of the report format: written only then.
void WriteBytesJson(JsonWriter& json, std::string_view key, const std::string& path) {
  if (!IsValidUtf8(path)) json.Key(key).String(EscapeBytes(path));
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
  const CodeInfo& info = Info(finding.code);
  bool currency_written = false;
  if ((finding.expected || finding.actual) && info.unit != Unit::kNone) {
    json.Key("unit").String(ToString(info.unit));
    if (!finding.currency.empty() && info.unit == Unit::kMinorUnits) {
      json.Key("currency").String(finding.currency);
      currency_written = true;
    }
  }
  if (info.money != MoneyEffect::kNone) {
    if (std::optional<Money> by = Overpaid(finding); by && *by != 0) {
      // An underpayment of INT64_MIN has no positive form: left out, as a sum that does not fit.
      if (*by > 0) {
        json.Key("overpaid").Int(*by);
      } else if (std::optional<Money> under = CheckedSub(0, *by)) {
        json.Key("underpaid").Int(*under);
      }
    }
  }
  // Money the fault moved apart from a settlement's own error, player's view; money_to says
  // whose way in words (nothing moved: none). Its currency is written where the amounts did not.
  if (finding.money_moved) {
    json.Key("money_moved").Int(*finding.money_moved);
    if (*finding.money_moved != 0) json.Key("money_to").String(*finding.money_moved > 0 ? "player" : "house");
    if (!finding.currency.empty() && !currency_written) json.Key("currency").String(finding.currency);
  }
  json.Key("clause").String(finding.clause);
  json.Key("reading_dependent").BeginArray();
  for (const std::string& ambiguity : finding.reading_dependent) json.String(ambiguity);
  json.EndArray();
  if (!finding.cleared_by.empty()) {
    json.Key("cleared_by");
    WriteClearedByJson(json, finding.cleared_by);
  }
}

void WriteFindingConsequencesJson(JsonWriter& json, const Finding& finding) {
  if (finding.consequences > 0) {
    json.Key("consequences").Int(finding.consequences);
    json.Key("consequences_note").String(finding.consequences_note);
  }
  if (finding.consequence_list.empty()) return;
  json.Key("consequence_list");
  WriteConsequenceListJson(json, finding.consequence_list);
}

void WriteConsequenceListJson(JsonWriter& json, const std::vector<Consequence>& list) {
  json.BeginArray();
  for (const Consequence& consequence : list) {
    json.BeginObject();
    json.Key("input").String(consequence.input);
    WriteBytesJson(json, "input_bytes", consequence.input);
    json.Key("line").Int(consequence.line);
    json.Key("round");
    WriteStringOrNull(json, consequence.round);
    if (consequence.event) json.Key("event").Int(*consequence.event);
    if (!consequence.card.empty()) json.Key("card").String(consequence.card);
    json.EndObject();
  }
  json.EndArray();
}

void WriteFindingJson(JsonWriter& json, const Finding& finding) {
  const CodeInfo& info = Info(finding.code);
  json.BeginObject();
  json.Key("code").String(info.id);
  json.Key("severity").String(ToString(info.severity));
  json.Key("round");
  WriteStringOrNull(json, finding.round);
  json.Key("table");
  WriteStringOrNull(json, finding.table);
  json.Key("input").String(finding.input);
  WriteBytesJson(json, "input_bytes", finding.input);
  json.Key("line").Int(finding.line);
  if (!finding.time.empty()) json.Key("time").String(finding.time);
  // Two houses under one regulation share a revision name: the rule set tells them apart.
  if (!finding.rules.empty()) json.Key("rules").String(finding.rules);
  if (!finding.revision.empty()) json.Key("revision").String(finding.revision);
  // Counted from 0, as the log's events array: the one convention of every format.
  if (finding.event) json.Key("event").Int(*finding.event);
  WriteFindingDetailsJson(json, finding);
  WriteFindingConsequencesJson(json, finding);
  json.Key("message").String(finding.message);
  if (finding.baseline != BaselineState::kNone) json.Key("baseline").String(ToString(finding.baseline));
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
    json.Key("rounds_settled_differently").Int(reading.rounds_settled_differently);
    json.Key("net_difference").Sum(reading.net_difference);
    json.Key("findings_cleared").Int(reading.findings_cleared);
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
}

void WriteReadingInferredJson(JsonWriter& json, const ReadingInferred& r) {
  auto names = [&json](std::string_view key, const std::vector<std::string>& list) {
    json.Key(key).BeginArray();
    for (const std::string& name : list) json.String(name);
    json.EndArray();
  };
  json.BeginObject();
  json.Key("table").String(r.table);
  json.Key("spec").String(r.spec);
  json.Key("revision").String(r.revision);
  json.Key("ambiguity").String(r.ambiguity);
  json.Key("checked").String(r.checked);
  json.Key("status").String(r.status);
  // The one reading inferred, where one is; `consistent_with` lists them all.
  if (r.status == "inferred" && r.readings.size() == 1) {
    json.Key("reading").String(r.readings.front());
  } else {
    json.Key("reading").Null();
  }
  names("consistent_with", r.readings);
  json.Key("rounds_distinguishing").Int(r.rounds_distinguishing);
  json.Key("rounds_consistent").BeginObject();
  for (const auto& [name, n] : r.rounds_consistent) json.Key(name).Int(n);
  json.EndObject();
  json.Key("rounds_consistent_with_none").Int(r.rounds_consistent_with_none);
  json.Key("runs");
  WriteReadingRunsJson(json, r.runs);
  json.Key("findings_explained").Int(r.findings_explained);
  json.Key("rounds_explained").Int(r.rounds_explained);
  json.Key("explained_money").BeginObject();
  json.Key("underpaid").Int(r.explained_underpaid);
  json.Key("overpaid").Int(r.explained_overpaid);
  if (r.explained_overflow) json.Key("overflow").Bool(true);
  if (!r.currency.empty()) json.Key("currency").String(r.currency);
  json.EndObject();
  json.Key("other_findings").Int(r.other_findings);
  json.EndObject();
}

void WriteClearedByJson(JsonWriter& json, const std::vector<ClearedBy>& cleared_by) {
  json.BeginArray();
  for (const ClearedBy& cleared : cleared_by) {
    json.BeginObject();
    json.Key("ambiguity").String(cleared.ambiguity);
    json.Key("readings").BeginArray();
    for (const std::string& reading : cleared.readings) json.String(reading);
    json.EndArray();
    json.EndObject();
  }
  json.EndArray();
}

void WriteStringOrNull(JsonWriter& json, const std::string& text) {
  if (text.empty()) {
    json.Null();
  } else {
    json.String(text);
  }
}

void WriteReadingRunsJson(JsonWriter& json, const std::vector<ReadingRun>& runs) {
  json.BeginArray();
  for (const ReadingRun& run : runs) {
    json.BeginObject();
    json.Key("readings").BeginArray();
    for (const std::string& name : run.readings) json.String(name);
    json.EndArray();
    json.Key("rounds").Int(run.rounds);
    json.Key("first_round").String(run.first_round);
    json.Key("first_input").String(run.first_input);
    json.Key("first_line").Int(run.first_line);
    json.Key("first_time").String(run.first_time);
    json.Key("last_round").String(run.last_round);
    json.Key("last_time").String(run.last_time);
    json.EndObject();
  }
  json.EndArray();
}

void WriteInputsJson(JsonWriter& json, const std::vector<InputSummary>& inputs) {
  json.BeginArray();
  for (const InputSummary& input : inputs) {
    json.BeginObject();
    json.Key("path").String(input.path);
    WriteBytesJson(json, "path_bytes", input.path);
    json.Key("lines").Int(input.lines);
    json.Key("rounds").Int(input.rounds);
    json.Key("malformed_lines").Int(input.malformed_lines);
    json.Key("blank_lines").Int(input.blank_lines);
    if (input.bytes >= 0) json.Key("bytes").Int(input.bytes);
    if (!input.sha256.empty()) json.Key("sha256").String(input.sha256);
    if (!input.first_round_time.empty()) {
      json.Key("first_round_time").String(input.first_round_time);
      json.Key("last_round_time").String(input.last_round_time);
    }
    if (!input.error.empty()) json.Key("error").String(input.error);
    if (input.context) json.Key("context").Bool(true);
    if (!input.dialect.empty()) {
      json.Key("dialect").String(input.dialect);
      json.Key("dialect_sha256").String(input.dialect_sha256);
      json.Key("record_lines").Int(input.record_lines);
    }
    json.EndObject();
  }
  json.EndArray();
}

namespace {

// The members of a spec's object that every report embedding it writes.
void WriteSpecMembers(JsonWriter& json, const SpecUsed& spec) {
  json.Key("id").String(spec.id);
  json.Key("revision").String(spec.revision);
  json.Key("sha256").String(spec.sha256);
  if (!spec.readings.empty()) {
    json.Key("readings").BeginObject();
    for (const auto& [id, name] : spec.readings) json.Key(id).String(name);
    json.EndObject();
    json.Key("default_readings").Bool(spec.default_readings);
  }
}

// A spec as every report names it: the shared members, and the file it was loaded from where
// known.
void WriteReportSpecJson(JsonWriter& json, const SpecUsed& spec) {
  json.BeginObject();
  WriteSpecMembers(json, spec);
  if (!spec.path.empty()) json.Key("path").String(spec.path);
  // The parts it includes: where each was found in the rules search path, and its bytes' sha256.
  if (!spec.parts.empty()) {
    json.Key("parts").BeginArray();
    for (const SpecUsed::Part& part : spec.parts) {
      json.BeginObject().Key("path").String(part.path).Key("sha256").String(part.sha256).EndObject();
    }
    json.EndArray();
  }
  // check --reading auto: the tables checked under these readings.
  if (!spec.tables.empty()) {
    json.Key("tables").BeginArray();
    for (const std::string& table : spec.tables) json.String(table);
    json.EndArray();
  }
  json.EndObject();
}

void WriteMoneyTotalJson(JsonWriter& json, const MoneyTotal& total) {
  json.BeginObject();
  json.Key("underpaid").Int(total.underpaid);
  json.Key("overpaid").Int(total.overpaid);
  json.Key("findings").Int(total.findings);
  if (total.overflow) json.Key("overflow").Bool(true);
  json.EndObject();
}

}  // namespace

void WriteMoneyMovedJson(JsonWriter& json, const MoneyMovedTotal& moved) {
  json.BeginObject();
  json.Key("to_player").Sum(moved.to_player);
  json.Key("to_house").Sum(moved.to_house);
  json.Key("findings").Int(moved.findings);
  json.Key("currency");
  if (moved.currency.empty()) {
    json.Null();
  } else {
    json.String(moved.currency);
  }
  if (moved.mixed_currencies) json.Key("mixed_currencies").Bool(true);
  json.EndObject();
}

namespace {

void WriteMoneyJson(JsonWriter& json, const MoneyTotals& money) {
  json.BeginObject();
  json.Key("currency");
  if (money.currency.empty()) {
    json.Null();
  } else {
    json.String(money.currency);
  }
  if (money.mixed_currencies) json.Key("mixed_currencies").Bool(true);
  json.Key("underpaid").Int(money.all.underpaid);
  json.Key("overpaid").Int(money.all.overpaid);
  json.Key("findings").Int(money.all.findings);
  if (money.all.overflow) json.Key("overflow").Bool(true);
  for (const auto& [key, totals] :
       {std::pair{"by_table", &money.by_table}, {"by_day", &money.by_day}, {"by_wager", &money.by_wager}}) {
    json.Key(key).BeginObject();
    for (const auto& [name, total] : *totals) {
      json.Key(name);
      WriteMoneyTotalJson(json, total);
    }
    json.EndObject();
  }
  json.EndObject();
}

void WriteShardsJson(JsonWriter& json, const std::vector<ShardProvenance>& shards) {
  json.BeginArray();
  for (const ShardProvenance& shard : shards) {
    json.BeginObject();
    json.Key("path").String(shard.path);
    json.Key("sha256").String(shard.sha256);
    json.Key("version").String(shard.version);
    json.Key("command_line").BeginArray();
    for (const std::string& arg : shard.command_line) json.String(arg);
    json.EndArray();
    json.Key("analysis_time").String(shard.analysis_time);
    json.Key("complete").Bool(shard.complete);
    json.EndObject();
  }
  json.EndArray();
}

}  // namespace

void WriteSpecJson(JsonWriter& json, const SpecUsed& spec) { WriteReportSpecJson(json, spec); }

void WriteProvenanceJson(JsonWriter& json, const Report& report) {
  if (!report.command_line.empty()) {
    json.Key("command_line").BeginArray();
    for (const std::string& arg : report.command_line) json.String(arg);
    json.EndArray();
  }
  if (!report.analysis_time.empty()) json.Key("analysis_time").String(report.analysis_time);
  if (!report.currency.empty()) json.Key("currency").String(report.currency);
  json.Key("complete").Bool(report.complete);
  if (!report.filter.empty()) {
    json.Key("filter").String(report.filter);
    json.Key("findings_filtered_out").Int(report.findings_filtered_out);
  }
}

namespace {

// The report; of readings_inferred, the entries `readings_inferred` only where given (with the
// number of the others).
void WriteJsonReportOf(const Report& report, const std::vector<size_t>* readings_inferred,
                       std::ostream& out) {
  JsonWriter json(out);
  json.BeginObject();
  json.Key("tool").String(report.tool);
  json.Key("version").String(report.version);
  json.Key("format").Int(kReportFormatVersion);
  WriteProvenanceJson(json, report);

  json.Key("inputs");
  WriteInputsJson(json, report.inputs);

  json.Key("skipped").BeginArray();
  for (const SkippedFile& skipped : report.skipped) {
    json.BeginObject();
    json.Key("path").String(skipped.path);
    WriteBytesJson(json, "path_bytes", skipped.path);
    json.Key("reason").String(skipped.reason);
    json.EndObject();
  }
  json.EndArray();

  if (!report.not_checked.empty()) {
    json.Key("not_checked").BeginArray();
    for (const NotCheckedCode& n : report.not_checked) {
      json.BeginObject();
      json.Key("code").String(n.code);
      json.Key("lacks").String(n.lacks);
      json.Key("why").String(n.why);
      json.Key("dialect").String(n.dialect);
      json.Key("withheld").Int(n.withheld);
      json.EndObject();
    }
    json.EndArray();
  }

  if (!report.context_damage.empty()) {
    json.Key("context_damage").BeginArray();
    for (const ContextDamage& d : report.context_damage) {
      json.BeginObject();
      json.Key("input").String(d.input);
      json.Key("line").Int(d.line);
      json.Key("error").String(d.error);
      json.Key("tables").BeginArray();
      for (const ContextDamage::Table& t : d.tables) {
        json.BeginObject();
        json.Key("table").String(t.table);
        json.Key("rounds_not_judged").Int(t.rounds_not_judged);
        json.Key("judged_from");
        if (t.judged_from.empty()) {
          json.Null();
        } else {
          json.String(t.judged_from);
        }
        json.EndObject();
      }
      json.EndArray();
      json.EndObject();
    }
    json.EndArray();
  }

  json.Key("specs").BeginArray();
  for (const SpecUsed& spec : report.specs) WriteReportSpecJson(json, spec);
  json.EndArray();
  // check --as-of / --revision, and the revisions a rule set's rounds were not judged under.
  if (report.as_of != 0) json.Key("as_of").String(DateString(report.as_of));
  if (!report.revisions_in_force.empty()) {
    json.Key("revisions_in_force").BeginArray();
    for (const std::string& name : report.revisions_in_force) json.String(name);
    json.EndArray();
  }
  if (!report.revision_warnings.empty()) {
    json.Key("revision_warnings").BeginArray();
    for (const std::string& w : report.revision_warnings) json.String(w);
    json.EndArray();
  }

  json.Key("summary").BeginObject();
  json.Key("rounds").Int(report.rounds);
  json.Key("rounds_with_violations").Int(report.rounds_with_violations);
  json.Key("violations").Int(static_cast<int64_t>(report.violations.size()));
  json.Key("by_code").BeginObject();
  for (const auto& [id, count] : CodeCounts(report)) json.Key(id).Int(count);
  json.EndObject();
  const MoneyTotals money = TotalMoney(report);
  json.Key("money");
  WriteMoneyJson(json, money);
  // Apart from summary.money (the settlements' own errors), and only where a finding says.
  if (money.moved.findings > 0) {
    json.Key("money_moved");
    WriteMoneyMovedJson(json, money.moved);
  }
  json.EndObject();

  json.Key("violations").BeginArray();
  for (const Finding& finding : report.violations) WriteFindingJson(json, finding);
  json.EndArray();

  json.Key("ambiguities").BeginArray();
  for (const AmbiguityImpact& ambiguity : report.ambiguities) WriteAmbiguityJson(json, ambiguity);
  json.EndArray();
  json.Key("readings_inferred").BeginArray();
  if (readings_inferred == nullptr) {
    for (const ReadingInferred& r : report.readings_inferred) WriteReadingInferredJson(json, r);
  } else {
    for (size_t i : *readings_inferred) WriteReadingInferredJson(json, report.readings_inferred[i]);
  }
  json.EndArray();
  if (readings_inferred != nullptr && readings_inferred->size() < report.readings_inferred.size()) {
    json.Key("readings_inferred_left_out")
        .Int(static_cast<int64_t>(report.readings_inferred.size() - readings_inferred->size()));
  }

  // check --baseline: the baseline, the counts and its findings not found again.
  if (report.baseline) {
    const BaselineSummary& baseline = *report.baseline;
    json.Key("baseline").BeginObject();
    json.Key("path").String(baseline.path);
    json.Key("sha256").String(baseline.sha256);
    json.Key("new").Int(baseline.new_findings);
    json.Key("unchanged").Int(baseline.unchanged);
    json.Key("absent").Int(static_cast<int64_t>(baseline.absent.size()));
    json.Key("absent_violations").BeginArray();
    for (const Finding& finding : baseline.absent) WriteFindingJson(json, finding);
    json.EndArray();
    json.EndObject();
  }

  // A merged report's: written for every merged report, the warnings even when there are none.
  if (!report.shards.empty()) {
    json.Key("shards");
    WriteShardsJson(json, report.shards);
  }
  if (!report.shards.empty() || !report.merge_warnings.empty()) {
    json.Key("merge_warnings").BeginArray();
    for (const std::string& warning : report.merge_warnings) json.String(warning);
    json.EndArray();
  }

  json.EndObject();
  out.put('\n');
}

}  // namespace

void WriteJsonReport(const Report& report, std::ostream& out) { WriteJsonReportOf(report, nullptr, out); }

void WriteJsonReport(const Report& report, const std::vector<size_t>& readings_inferred, std::ostream& out) {
  WriteJsonReportOf(report, &readings_inferred, out);
}

}  // namespace pitboss
