#include "report/change_writers.h"

#include <algorithm>

#include "base/json.h"
#include "base/printable.h"
#include "report/writers.h"

namespace pitboss {

namespace {

// The parts a spec includes, a line each: the file read and its sha256.
void WritePartsText(const SpecUsed& spec, std::ostream& out) {
  for (const SpecUsed::Part& part : spec.parts)
    out << "  part: " << part.path << ", sha256 " << part.sha256 << "\n";
}

Status UnknownFormat(std::string_view format) {
  return Status::InvalidArgument("report format '" + std::string(format) +
                                 "' is not supported here; use one of: text, json");
}

// The unit of an impact report's money, in words: "minor units of USD (cents, pence...: the
// currency's smallest unit)". Part of the text report.
std::string ImpactUnitText(const ImpactReport& r) {
  std::string codes;
  for (size_t i = 0; i < r.currencies.size(); ++i) {
    codes += (i == 0 ? "" : i + 1 == r.currencies.size() ? " and " : ", ") + r.currencies[i];
  }
  std::string text = "money in minor units";
  if (r.currencies.empty()) return text + " (the currency's smallest unit); the logs name no currency";
  text += " of " + codes + " (the currency's smallest unit, as the logs write it)";
  if (r.currencies.size() > 1) text += "; the rounds name several currencies: each sum adds them together";
  if (r.rounds_without_currency > 0) {
    text += "; " + std::to_string(r.rounds_without_currency) + " replayed rounds name no currency";
  }
  return text;
}

// Exact past 64 bits too: a sum that does not fit is written as such, never wrapped.
std::string Signed(const MoneySum& m) { return (m.sign() > 0 ? "+" : "") + m.ToString(); }

}  // namespace

int64_t DiffReport::meaning_changes() const {
  return std::count_if(changes.begin(), changes.end(), [](const SpecChange& c) { return c.meaning; });
}

Status WriteDiffReport(const DiffReport& r, std::string_view format, std::ostream& out) {
  if (format == "json") {
    JsonWriter json(out);
    json.BeginObject().Key("tool").String("pitboss").Key("version").String(r.version).Key("format").Int(1);
    json.Key("old");
    WriteSpecJson(json, r.old_spec);
    json.Key("old_path").String(r.old_path);
    json.Key("new");
    WriteSpecJson(json, r.new_spec);
    json.Key("new_path").String(r.new_path);
    json.Key("warnings").BeginArray();
    for (const std::string& w : r.warnings) json.String(w);
    json.EndArray();
    json.Key("summary")
        .BeginObject()
        .Key("changes_in_meaning")
        .Int(r.meaning_changes())
        .Key("changes_in_wording")
        .Int(static_cast<int64_t>(r.changes.size()) - r.meaning_changes())
        .Key("clauses_whose_text_changed")
        .Int(static_cast<int64_t>(r.text_changes.size()))
        .EndObject();
    json.Key("changes").BeginArray();
    for (const SpecChange& c : r.changes) {
      json.BeginObject()
          .Key("path")
          .String(c.path)
          .Key("kind")
          .String(ToString(c.kind))
          .Key("meaning")
          .Bool(c.meaning);
      c.kind == SpecChange::Kind::kAdded ? json.Key("old").Null() : json.Key("old").String(c.old_value);
      c.kind == SpecChange::Kind::kRemoved ? json.Key("new").Null() : json.Key("new").String(c.new_value);
      json.Key("old_clause").String(c.old_clause).Key("new_clause").String(c.new_clause).EndObject();
    }
    json.EndArray();
    json.Key("text_changes").BeginArray();
    for (const ClauseTextChange& c : r.text_changes) {
      json.BeginObject().Key("clause").String(c.clause).Key("kind").String(ToString(c.kind));
      for (const auto& [key, keys] : {std::pair{"old_keys", &c.old_keys}, {"new_keys", &c.new_keys}}) {
        json.Key(key).BeginArray();
        for (const std::string& k : *keys) json.String(k);
        json.EndArray();
      }
      json.EndObject();
    }
    json.EndArray().EndObject();
    out << "\n";
    return Status::Ok();
  }
  if (format != "text") return UnknownFormat(format);
  out << "old: " << r.old_path << " (" << r.old_spec.id << ", revision " << r.old_spec.revision << ")\n";
  WritePartsText(r.old_spec, out);
  out << "new: " << r.new_path << " (" << r.new_spec.id << ", revision " << r.new_spec.revision << ")\n";
  WritePartsText(r.new_spec, out);
  for (const std::string& w : r.warnings) out << "warning: " << w << "\n";
  for (bool meaning : {true, false}) {
    bool first = true;
    for (const SpecChange& c : r.changes) {
      if (c.meaning != meaning) continue;
      if (first)
        out << (meaning ? "\nchanges in meaning:\n" : "\nchanges in wording, citation or revision only:\n");
      first = false;
      out << "  " << c.path << ": ";
      switch (c.kind) {
        case SpecChange::Kind::kChanged:
          out << (c.old_value == c.new_value ? c.old_value + " (quoted or cited differently)"
                                             : c.old_value + " -> " + c.new_value);
          break;
        case SpecChange::Kind::kAdded:
          out << "added: " << c.new_value;
          break;
        case SpecChange::Kind::kRemoved:
          out << (c.path.rfind("ambiguities.", 0) == 0 ? "resolved (removed): " : "removed: ") << c.old_value;
          break;
      }
      std::string clause = c.new_clause.empty() ? c.old_clause : c.new_clause;
      if (!clause.empty()) out << "  [" << clause << "]";
      out << "\n";
    }
  }
  if (!r.text_changes.empty()) out << "\nclauses of the source texts whose words changed:\n";
  for (const ClauseTextChange& c : r.text_changes) {
    out << "  " << (c.clause.empty() ? std::string("(the text as a whole: no source.numbering)") : c.clause)
        << ": " << ToString(c.kind);
    const std::vector<std::string>& keys = c.kind == SpecChange::Kind::kRemoved ? c.old_keys : c.new_keys;
    std::string list;
    for (const std::string& k : keys) list += (list.empty() ? "" : ", ") + k;
    out << "; quoted by " << (list.empty() ? std::string("no key of the spec") : list);
    if (c.kind == SpecChange::Kind::kChanged && c.old_keys != c.new_keys) {
      std::string old_list;
      for (const std::string& k : c.old_keys) old_list += (old_list.empty() ? "" : ", ") + k;
      out << " (in the old spec: " << (old_list.empty() ? std::string("none") : old_list) << ")";
    }
    out << "\n";
  }
  int64_t meaning = r.meaning_changes();
  out << "\n"
      << (meaning == 0 ? "no change in meaning"
                       : std::to_string(meaning) + " change" + (meaning == 1 ? "" : "s") + " in meaning")
      << ", " << r.changes.size() - meaning << " in wording, citation or revision only";
  if (!r.text_changes.empty()) {
    out << "; " << r.text_changes.size() << " clause" << (r.text_changes.size() == 1 ? "" : "s")
        << " of the source texts changed, added or removed";
  }
  out << "\n";
  return Status::Ok();
}

Status WriteImpactReport(const ImpactReport& r, std::string_view format, std::ostream& out) {
  if (format == "json") {
    JsonWriter json(out);
    json.BeginObject().Key("tool").String("pitboss").Key("version").String(r.version).Key("format").Int(1);
    json.Key("from");
    WriteSpecJson(json, r.from);
    json.Key("to");
    WriteSpecJson(json, r.to);
    json.Key("inputs").BeginArray();
    for (const InputSummary& i : r.inputs) {
      json.BeginObject()
          .Key("path")
          .String(i.path)
          .Key("lines")
          .Int(i.lines)
          .Key("rounds")
          .Int(i.rounds)
          .Key("malformed_lines")
          .Int(i.malformed_lines)
          .Key("blank_lines")
          .Int(i.blank_lines)
          .EndObject();
    }
    json.EndArray();
    json.Key("summary")
        .BeginObject()
        .Key("rounds")
        .Int(r.rounds)
        .Key("rounds_replayed")
        .Int(r.rounds_replayed)
        .Key("rounds_other_rules")
        .Int(r.rounds_other_rules)
        .Key("rounds_unreadable")
        .Int(r.rounds_unreadable)
        .Key("rounds_settled_differently")
        .Int(r.rounds_changed)
        .Key("net_difference")
        .Sum(r.net_moved)
        .Key("findings_appearing")
        .Int(static_cast<int64_t>(r.findings_appearing.size()))
        .Key("findings_disappearing")
        .Int(static_cast<int64_t>(r.findings_disappearing.size()))
        .EndObject();
    // What every sum of money is in (kept out of `summary`, which a CI gate records whole).
    json.Key("money").BeginObject().Key("unit").String("minor").Key("currency");
    r.currencies.size() == 1 ? json.String(r.currencies.front()) : json.Null();
    json.Key("currencies").BeginArray();
    for (const std::string& c : r.currencies) json.String(c);
    json.EndArray();
    json.Key("rounds_without_currency").Int(r.rounds_without_currency).EndObject();
    json.Key("by_wager").BeginObject();
    for (int k = 0; k < kWagerKinds; ++k) {
      const WagerImpact& w = r.by_wager[k];
      if (w.rounds == 0) continue;
      json.Key(ToString(static_cast<WagerKind>(k)))
          .BeginObject()
          .Key("rounds")
          .Int(w.rounds)
          .Key("old_net")
          .Sum(w.old_net)
          .Key("new_net")
          .Sum(w.new_net)
          .Key("net_difference")
          .Sum(w.new_net - w.old_net)
          .EndObject();
    }
    json.EndObject();
    json.Key("rounds").BeginArray();
    for (const ImpactRound& c : r.changed) {
      json.BeginObject()
          .Key("round")
          .String(c.round)
          .Key("table")
          .String(c.table)
          .Key("input")
          .String(c.input)
          .Key("line")
          .Int(c.line)
          .Key("old_net")
          .Sum(c.old_net)
          .Key("new_net")
          .Sum(c.new_net)
          .Key("net_difference")
          .Sum(c.new_net - c.old_net)
          .EndObject();
    }
    json.EndArray();
    json.Key("findings_appearing").BeginArray();
    for (const Finding& f : r.findings_appearing) WriteFindingJson(json, f);
    json.EndArray().Key("findings_disappearing").BeginArray();
    for (const Finding& f : r.findings_disappearing) WriteFindingJson(json, f);
    json.EndArray().EndObject();
    out << "\n";
    return Status::Ok();
  }
  if (format != "text") return UnknownFormat(format);
  // Paths, ids and messages come from the logs: escaped, so that no control sequence reaches
  // a terminal and each entry stays on its line.
  out << "from: " << r.from.id << ", revision " << r.from.revision << "\n";
  WritePartsText(r.from, out);
  out << "to:   " << r.to.id << ", revision " << r.to.revision << "\n";
  WritePartsText(r.to, out);
  for (const InputSummary& i : r.inputs) {
    out << "input: " << Printable(i.path) << ": " << i.lines << " lines: " << i.rounds << " rounds, "
        << i.malformed_lines << " malformed, " << i.blank_lines << " blank\n";
  }
  out << ImpactUnitText(r) << "\n";
  out << "\n" << r.rounds_replayed << " rounds replayed under both";
  if (r.rounds_other_rules) out << ", " << r.rounds_other_rules << " of other rule sets skipped";
  if (r.rounds_unreadable) out << ", " << r.rounds_unreadable << " unreadable";
  out << "\n"
      << r.rounds_changed << " rounds settled differently; net difference " << Signed(r.net_moved)
      << " (player's view, new minus old)\n";
  bool any_wager = false;
  for (int k = 0; k < kWagerKinds; ++k) {
    const WagerImpact& w = r.by_wager[k];
    if (w.rounds == 0) continue;
    if (!any_wager) out << "\nby wager:\n";
    any_wager = true;
    out << "  " << ToString(static_cast<WagerKind>(k)) << ": " << w.rounds << " rounds, "
        << w.old_net.ToString() << " -> " << w.new_net.ToString() << " (" << Signed(w.new_net - w.old_net)
        << ")\n";
  }
  if (!r.changed.empty()) out << "\nrounds settled differently:\n";
  for (const ImpactRound& c : r.changed) {
    out << "  " << Printable(c.input) << ":" << c.line << ": round " << Printable(c.round) << ", table "
        << Printable(c.table) << ": " << c.old_net.ToString() << " -> " << c.new_net.ToString() << " ("
        << Signed(c.new_net - c.old_net) << ")\n";
  }
  for (auto [title, list] :
       {std::pair{"findings appearing under the new revision", &r.findings_appearing},
        std::pair{"findings disappearing under the new revision", &r.findings_disappearing}}) {
    if (list->empty()) continue;
    out << "\n" << title << ":\n";
    for (const Finding& f : *list) {
      out << "  " << Printable(f.input) << ":" << f.line << ": " << Printable(f.message) << " ["
          << Info(f.code).id << "]\n";
    }
  }
  return Status::Ok();
}

}  // namespace pitboss
