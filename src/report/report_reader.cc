// ReadJsonReport: simdjson's DOM over the whole report, read member by member with the JSON
// path of each value kept for messages. MergeReports: sums with overflow checked.

#include "report/report_reader.h"

#include <simdjson.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>

#include "base/utf8.h"

namespace pitboss {

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;

// The report format this reader knows; json_writer.cc's kReportFormatVersion. A report of
// another format may mean the same keys differently, so it is refused rather than guessed at.
constexpr int64_t kReadableFormat = 1;

// How much of an offending value a message quotes.
constexpr size_t kQuoteLimit = 40;

// The value as a message shows it: JSON for scalars, the kind for containers.
std::string Describe(element value) {
  switch (value.type()) {
    case element_type::ARRAY:
      return "an array";
    case element_type::OBJECT:
      return "an object";
    case element_type::UINT64:
      return simdjson::minify(value) + " (too large)";
    default: {
      std::string s = simdjson::minify(value);
      if (s.size() <= kQuoteLimit) return s;
      size_t cut = kQuoteLimit;
      while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
      s.resize(cut);
      return s + "...";
    }
  }
}

// JSON paths as messages show them: summary.rounds, violations[3].line.
std::string Member(const std::string& parent, std::string_view key) {
  return parent.empty() ? std::string(key) : parent + "." + std::string(key);
}
std::string Index(const std::string& parent, size_t i) { return parent + "[" + std::to_string(i) + "]"; }

// One report's read: each step returns false after recording the first problem, so that
// the message names the first thing wrong and nothing after it is read.
class ReportParser {
 public:
  ReportParser(const std::string& file, Report* report) : file_(file), report_(report) {}

  bool Parse(element doc);
  const Status& status() const { return status_; }

 private:
  bool Fail(const std::string& where, const std::string& what) {
    status_ = Status::ParseError(file_ + ": " + (where.empty() ? "" : where + ": ") + what);
    return false;
  }
  bool Wrong(const std::string& where, std::string_view expected, element value) {
    return Fail(where, "expected " + std::string(expected) + ", not " + Describe(value));
  }

  // The member `key` of `obj` (at `where`) into *value; an error when it is missing.
  bool Get(object obj, const std::string& where, std::string_view key, element* value);
  bool Object(element value, const std::string& where, object* out);
  bool Array(element value, const std::string& where, array* out);
  bool String(object obj, const std::string& where, std::string_view key, std::string* out);
  // A string, or null for "" (json_writer.cc writes an empty round or table as null).
  bool StringOrNull(object obj, const std::string& where, std::string_view key, std::string* out);
  bool Bool(object obj, const std::string& where, std::string_view key, bool* out);
  // Only a JSON integer will do: 5.0 is a decimal number, and no figure of the report is one.
  // `in_range` says what is expected of an integer below `min`.
  bool Integer(element value, const std::string& where, int64_t min, std::string_view in_range, int64_t* out);
  // A money sum: an integer, or the string JsonWriter::Sum writes past 64 bits.
  bool Sum(object obj, const std::string& where, std::string_view key, MoneySum* out);
  bool Count(object obj, const std::string& where, std::string_view key, int64_t* out);
  // Keys added to the format after its first reports: read where present, else left as they
  // are (the model's defaults).
  bool OptionalString(object obj, const std::string& where, std::string_view key, std::string* out);
  // A file name written beside its `bytes_key` (a name not UTF-8): the escaped bytes win.
  bool OptionalBytes(object obj, const std::string& where, std::string_view bytes_key, std::string* out);
  bool OptionalBool(object obj, const std::string& where, std::string_view key, bool* out);
  bool OptionalCount(object obj, const std::string& where, std::string_view key, int64_t* out);
  bool OptionalStrings(object obj, const std::string& where, std::string_view key,
                       std::vector<std::string>* out);

  bool ParseInput(element value, const std::string& where, InputSummary* input);
  bool ParseSpec(element value, const std::string& where, SpecUsed* spec);
  bool ParseSkipped(element value, const std::string& where, SkippedFile* skipped);
  bool ParseNotChecked(element value, const std::string& where, NotCheckedCode* n);
  bool ParseContextDamage(element value, const std::string& where, ContextDamage* d);
  bool ParseShard(element value, const std::string& where, ShardProvenance* shard);
  bool ParseFinding(element value, const std::string& where, Finding* finding);
  bool ParseClearedBy(element value, const std::string& where, ClearedBy* cleared);
  bool ParseConsequence(element value, const std::string& where, Consequence* consequence);
  // An event index, where `obj` has one.
  bool OptionalEvent(object obj, const std::string& where, std::optional<int>* out);
  bool ParseAmbiguity(element value, const std::string& where, AmbiguityImpact* ambiguity);
  bool ParseReadingInferred(element value, const std::string& where, ReadingInferred* reading);
  bool CheckSummary(object summary);

  const std::string& file_;
  Report* report_;
  Status status_;
};

bool ReportParser::Get(object obj, const std::string& where, std::string_view key, element* value) {
  if (obj.at_key(key).get(*value) != simdjson::SUCCESS) {
    return Fail(where, "missing key '" + std::string(key) + "'");
  }
  return true;
}

bool ReportParser::Object(element value, const std::string& where, object* out) {
  if (value.get_object().get(*out) != simdjson::SUCCESS) return Wrong(where, "an object", value);
  return true;
}

bool ReportParser::Array(element value, const std::string& where, array* out) {
  if (value.get_array().get(*out) != simdjson::SUCCESS) return Wrong(where, "an array", value);
  return true;
}

bool ReportParser::String(object obj, const std::string& where, std::string_view key, std::string* out) {
  element value;
  if (!Get(obj, where, key, &value)) return false;
  std::string_view s;
  if (value.get_string().get(s) != simdjson::SUCCESS) return Wrong(Member(where, key), "a string", value);
  out->assign(s.data(), s.size());
  return true;
}

bool ReportParser::StringOrNull(object obj, const std::string& where, std::string_view key,
                                std::string* out) {
  element value;
  if (!Get(obj, where, key, &value)) return false;
  if (value.is_null()) {
    out->clear();
    return true;
  }
  std::string_view s;
  if (value.get_string().get(s) != simdjson::SUCCESS) {
    return Wrong(Member(where, key), "a string or null", value);
  }
  out->assign(s.data(), s.size());
  return true;
}

bool ReportParser::Bool(object obj, const std::string& where, std::string_view key, bool* out) {
  element value;
  if (!Get(obj, where, key, &value)) return false;
  if (value.get_bool().get(*out) != simdjson::SUCCESS)
    return Wrong(Member(where, key), "true or false", value);
  return true;
}

bool ReportParser::Integer(element value, const std::string& where, int64_t min, std::string_view in_range,
                           int64_t* out) {
  int64_t v;
  if (value.type() != element_type::INT64 || value.get_int64().get(v) != simdjson::SUCCESS) {
    return Wrong(where, "an integer", value);
  }
  if (v < min) return Wrong(where, in_range, value);
  *out = v;
  return true;
}

bool ReportParser::Sum(object obj, const std::string& where, std::string_view key, MoneySum* out) {
  element value;
  if (!Get(obj, where, key, &value)) return false;
  std::string_view text;
  if (value.get_string().get(text) == simdjson::SUCCESS) {
    const std::optional<MoneySum> sum = MoneySum::Parse(text);
    if (!sum) {
      return Wrong(Member(where, key), "an integer, or a string of one past 64 bits (or \"too large\")",
                   value);
    }
    *out = *sum;
    return true;
  }
  int64_t n;
  if (!Integer(value, Member(where, key), INT64_MIN, "an integer", &n)) return false;
  *out = n;
  return true;
}

bool ReportParser::OptionalBytes(object obj, const std::string& where, std::string_view bytes_key,
                                 std::string* out) {
  element value;
  if (obj.at_key(bytes_key).get(value) != simdjson::SUCCESS) return true;
  std::string_view text;
  std::optional<std::string> bytes;
  if (value.get_string().get(text) != simdjson::SUCCESS || !(bytes = UnescapeBytes(text))) {
    return Wrong(Member(where, bytes_key), "a file name's bytes, escaped \\xNN", value);
  }
  *out = std::move(*bytes);
  return true;
}

bool ReportParser::Count(object obj, const std::string& where, std::string_view key, int64_t* out) {
  element value;
  return Get(obj, where, key, &value) &&
         Integer(value, Member(where, key), 0, "a count (an integer, 0 or more)", out);
}

bool ReportParser::OptionalString(object obj, const std::string& where, std::string_view key,
                                  std::string* out) {
  element member;
  return obj.at_key(key).get(member) != simdjson::SUCCESS || String(obj, where, key, out);
}

bool ReportParser::OptionalBool(object obj, const std::string& where, std::string_view key, bool* out) {
  element member;
  return obj.at_key(key).get(member) != simdjson::SUCCESS || Bool(obj, where, key, out);
}

bool ReportParser::OptionalCount(object obj, const std::string& where, std::string_view key, int64_t* out) {
  element member;
  return obj.at_key(key).get(member) != simdjson::SUCCESS || Count(obj, where, key, out);
}

bool ReportParser::OptionalStrings(object obj, const std::string& where, std::string_view key,
                                   std::vector<std::string>* out) {
  element member;
  if (obj.at_key(key).get(member) != simdjson::SUCCESS) return true;
  const std::string at = Member(where, key);
  array items;
  if (!Array(member, at, &items)) return false;
  out->clear();
  for (size_t i = 0; element item : items) {
    std::string_view s;
    if (item.get_string().get(s) != simdjson::SUCCESS) return Wrong(Index(at, i), "a string", item);
    out->emplace_back(s);
    ++i;
  }
  return true;
}

bool ReportParser::Parse(element doc) {
  object top;
  if (doc.get_object().get(top) != simdjson::SUCCESS) {
    return Fail("", "not a pitboss JSON report: expected an object, not " + Describe(doc));
  }
  // Which report it is comes first: a report of another tool or format is said to be so,
  // not described by the first of its keys this reader misses.
  std::string tool;
  if (!String(top, "", "tool", &tool)) return false;
  if (tool != "pitboss") return Fail("tool", "not a pitboss report (tool \"" + tool + "\")");
  element format;
  if (!Get(top, "", "format", &format)) return false;
  int64_t version;
  if (!Integer(format, "format", INT64_MIN, "an integer", &version)) return false;
  if (version != kReadableFormat) {
    return Fail("format", "report format " + std::to_string(version) + ", but this pitboss reads format " +
                              std::to_string(kReadableFormat) + " only");
  }
  // A key given twice would be read as its first: which of the two is the report is not for
  // this reader to choose.
  {
    std::set<std::string_view> keys;
    for (simdjson::dom::key_value_pair entry : top) {
      if (!keys.insert(entry.key).second) {
        return Fail(std::string(entry.key), "given twice in the report: which one holds its " +
                                                std::string(entry.key) + " cannot be told");
      }
    }
  }
  report_->tool = tool;
  if (!String(top, "", "version", &report_->version)) return false;
  if (!OptionalStrings(top, "", "command_line", &report_->command_line) ||
      !OptionalString(top, "", "analysis_time", &report_->analysis_time) ||
      !OptionalString(top, "", "currency", &report_->currency) ||
      !OptionalBool(top, "", "complete", &report_->complete) ||
      !OptionalString(top, "", "filter", &report_->filter) ||
      !OptionalCount(top, "", "findings_filtered_out", &report_->findings_filtered_out)) {
    return false;
  }

  element value;
  array list;
  if (!Get(top, "", "inputs", &value) || !Array(value, "inputs", &list)) return false;
  for (size_t i = 0; element item : list) {
    report_->inputs.emplace_back();
    if (!ParseInput(item, Index("inputs", i++), &report_->inputs.back())) return false;
  }
  if (top.at_key("skipped").get(value) == simdjson::SUCCESS) {
    if (!Array(value, "skipped", &list)) return false;
    for (size_t i = 0; element item : list) {
      report_->skipped.emplace_back();
      if (!ParseSkipped(item, Index("skipped", i++), &report_->skipped.back())) return false;
    }
  }
  if (top.at_key("not_checked").get(value) == simdjson::SUCCESS) {
    if (!Array(value, "not_checked", &list)) return false;
    for (size_t i = 0; element item : list) {
      report_->not_checked.emplace_back();
      if (!ParseNotChecked(item, Index("not_checked", i++), &report_->not_checked.back())) return false;
    }
  }
  if (top.at_key("context_damage").get(value) == simdjson::SUCCESS) {
    if (!Array(value, "context_damage", &list)) return false;
    for (size_t i = 0; element item : list) {
      report_->context_damage.emplace_back();
      if (!ParseContextDamage(item, Index("context_damage", i++), &report_->context_damage.back()))
        return false;
    }
  }
  if (!Get(top, "", "specs", &value) || !Array(value, "specs", &list)) return false;
  for (size_t i = 0; element item : list) {
    report_->specs.emplace_back();
    if (!ParseSpec(item, Index("specs", i++), &report_->specs.back())) return false;
  }
  object summary;
  if (!Get(top, "", "summary", &value) || !Object(value, "summary", &summary)) return false;
  if (!Count(summary, "summary", "rounds", &report_->rounds) ||
      !Count(summary, "summary", "rounds_with_violations", &report_->rounds_with_violations)) {
    return false;
  }
  if (!Get(top, "", "violations", &value) || !Array(value, "violations", &list)) return false;
  for (size_t i = 0; element item : list) {
    report_->violations.emplace_back();
    if (!ParseFinding(item, Index("violations", i++), &report_->violations.back())) return false;
  }
  if (!Get(top, "", "ambiguities", &value) || !Array(value, "ambiguities", &list)) return false;
  for (size_t i = 0; element item : list) {
    report_->ambiguities.emplace_back();
    if (!ParseAmbiguity(item, Index("ambiguities", i++), &report_->ambiguities.back())) return false;
  }
  // Added after the first reports were written: optional.
  if (top.at_key("readings_inferred").get(value) == simdjson::SUCCESS) {
    if (!Array(value, "readings_inferred", &list)) return false;
    for (size_t i = 0; element item : list) {
      report_->readings_inferred.emplace_back();
      if (!ParseReadingInferred(item, Index("readings_inferred", i++), &report_->readings_inferred.back()))
        return false;
    }
  }
  if (top.at_key("shards").get(value) == simdjson::SUCCESS) {
    if (!Array(value, "shards", &list)) return false;
    for (size_t i = 0; element item : list) {
      report_->shards.emplace_back();
      if (!ParseShard(item, Index("shards", i++), &report_->shards.back())) return false;
    }
  }
  if (!OptionalStrings(top, "", "merge_warnings", &report_->merge_warnings)) return false;
  // summary.money and summary.money_moved are derived from the violations (TotalMoney), and
  // not read.
  return CheckSummary(summary);
}

bool ReportParser::ParseInput(element value, const std::string& where, InputSummary* input) {
  object obj;
  if (!Object(value, where, &obj) || !String(obj, where, "path", &input->path) ||
      !OptionalBytes(obj, where, "path_bytes", &input->path) || !Count(obj, where, "lines", &input->lines) ||
      !Count(obj, where, "rounds", &input->rounds)) {
    return false;
  }
  // Absent from older reports, whose `rounds` counted the malformed lines too: the identity
  // lines = rounds + malformed_lines + blank_lines holds for them with malformed_lines 0.
  input->blank_lines = input->lines - input->rounds;
  if (!OptionalCount(obj, where, "malformed_lines", &input->malformed_lines) ||
      !OptionalCount(obj, where, "blank_lines", &input->blank_lines) ||
      !OptionalCount(obj, where, "record_lines", &input->record_lines) ||
      !OptionalString(obj, where, "dialect", &input->dialect) ||
      !OptionalString(obj, where, "dialect_sha256", &input->dialect_sha256)) {
    return false;
  }
  // Written by tools that record them; absent from older reports.
  element member;
  if (obj.at_key("bytes").get(member) == simdjson::SUCCESS && !Count(obj, where, "bytes", &input->bytes))
    return false;
  for (auto [key, out] : {std::pair{"sha256", &input->sha256},
                          {"first_round_time", &input->first_round_time},
                          {"last_round_time", &input->last_round_time}}) {
    if (obj.at_key(key).get(member) == simdjson::SUCCESS && !String(obj, where, key, out)) return false;
  }
  return OptionalString(obj, where, "error", &input->error) &&
         OptionalBool(obj, where, "context", &input->context);
}

bool ReportParser::ParseSkipped(element value, const std::string& where, SkippedFile* skipped) {
  object obj;
  return Object(value, where, &obj) && String(obj, where, "path", &skipped->path) &&
         OptionalBytes(obj, where, "path_bytes", &skipped->path) &&
         String(obj, where, "reason", &skipped->reason);
}

bool ReportParser::ParseNotChecked(element value, const std::string& where, NotCheckedCode* n) {
  object obj;
  return Object(value, where, &obj) && String(obj, where, "code", &n->code) &&
         String(obj, where, "lacks", &n->lacks) && String(obj, where, "why", &n->why) &&
         String(obj, where, "dialect", &n->dialect) && Count(obj, where, "withheld", &n->withheld);
}

bool ReportParser::ParseContextDamage(element value, const std::string& where, ContextDamage* d) {
  object obj;
  element tables;
  array list;
  if (!Object(value, where, &obj) || !String(obj, where, "input", &d->input) ||
      !Count(obj, where, "line", &d->line) || !String(obj, where, "error", &d->error) ||
      !Get(obj, where, "tables", &tables) || !Array(tables, Member(where, "tables"), &list)) {
    return false;
  }
  for (size_t i = 0; element item : list) {
    const std::string at = Index(Member(where, "tables"), i++);
    ContextDamage::Table& t = d->tables.emplace_back();
    object table;
    if (!Object(item, at, &table) || !String(table, at, "table", &t.table) ||
        !Count(table, at, "rounds_not_judged", &t.rounds_not_judged) ||
        !StringOrNull(table, at, "judged_from", &t.judged_from)) {
      return false;
    }
  }
  return true;
}

bool ReportParser::ParseShard(element value, const std::string& where, ShardProvenance* shard) {
  object obj;
  return Object(value, where, &obj) && String(obj, where, "path", &shard->path) &&
         String(obj, where, "sha256", &shard->sha256) && String(obj, where, "version", &shard->version) &&
         OptionalStrings(obj, where, "command_line", &shard->command_line) &&
         OptionalString(obj, where, "analysis_time", &shard->analysis_time) &&
         OptionalBool(obj, where, "complete", &shard->complete);
}

bool ReportParser::ParseSpec(element value, const std::string& where, SpecUsed* spec) {
  object obj;
  if (!Object(value, where, &obj) || !String(obj, where, "id", &spec->id) ||
      !String(obj, where, "revision", &spec->revision) || !String(obj, where, "sha256", &spec->sha256)) {
    return false;
  }
  // The readings in force: written by tools that record them.
  element member;
  if (obj.at_key("readings").get(member) == simdjson::SUCCESS) {
    object readings;
    const std::string at = Member(where, "readings");
    if (!Object(member, at, &readings)) return false;
    for (auto field : readings) {
      std::string_view name;
      if (field.value.get_string().get(name) != simdjson::SUCCESS) {
        return Wrong(Member(at, std::string(field.key)), "a reading's name", field.value);
      }
      spec->readings[std::string(field.key)] = std::string(name);
    }
    if (!Bool(obj, where, "default_readings", &spec->default_readings)) return false;
    if (!OptionalStrings(obj, where, "tables", &spec->tables)) return false;
  }
  // The parts it includes: written by tools that record them.
  if (obj.at_key("parts").get(member) == simdjson::SUCCESS) {
    const std::string at = Member(where, "parts");
    array items;
    if (!Array(member, at, &items)) return false;
    for (size_t i = 0; element item : items) {
      object part;
      SpecUsed::Part p;
      if (!Object(item, Index(at, i), &part) || !String(part, Index(at, i), "path", &p.path) ||
          !String(part, Index(at, i), "sha256", &p.sha256)) {
        return false;
      }
      spec->parts.push_back(std::move(p));
      ++i;
    }
  }
  return OptionalString(obj, where, "path", &spec->path);
}

bool ReportParser::ParseFinding(element value, const std::string& where, Finding* finding) {
  object obj;
  if (!Object(value, where, &obj)) return false;
  std::string code;
  if (!String(obj, where, "code", &code)) return false;
  std::optional<Code> parsed = ParseCode(code);
  // A code this build does not know comes from a newer pitboss: its severity and meaning
  // are unknown here, so the merge cannot stand for it.
  if (!parsed) return Fail(Member(where, "code"), "unknown violation code '" + code + "'");
  finding->code = *parsed;
  if (!StringOrNull(obj, where, "round", &finding->round) ||
      !StringOrNull(obj, where, "table", &finding->table) || !String(obj, where, "input", &finding->input) ||
      !OptionalBytes(obj, where, "input_bytes", &finding->input) ||
      !Count(obj, where, "line", &finding->line)) {
    return false;
  }
  // seat, wager, expected and actual are written only where they apply, and so are the
  // evidence keys. unit, underpaid and overpaid follow from the code and the amounts, and
  // are not read.
  if (!OptionalString(obj, where, "time", &finding->time) ||
      !OptionalString(obj, where, "rules", &finding->rules) ||
      !OptionalString(obj, where, "revision", &finding->revision) ||
      !OptionalString(obj, where, "currency", &finding->currency) ||
      !OptionalCount(obj, where, "consequences", &finding->consequences) ||
      !OptionalString(obj, where, "consequences_note", &finding->consequences_note)) {
    return false;
  }
  if (!OptionalEvent(obj, where, &finding->event)) return false;
  element member;
  if (obj.at_key("seat").get(member) == simdjson::SUCCESS) {
    std::string_view name;
    int64_t seat;
    if (member.get_string().get(name) == simdjson::SUCCESS && name == SeatName(kDealer)) {
      finding->seat = kDealer;
    } else if (member.type() == element_type::INT64 && member.get_int64().get(seat) == simdjson::SUCCESS &&
               seat >= 1 && seat <= INT_MAX) {
      finding->seat = static_cast<Seat>(seat);
    } else {
      return Wrong(Member(where, "seat"), "a seat number (1 or more) or \"dealer\"", member);
    }
  }
  if (obj.at_key("hand").get(member) == simdjson::SUCCESS) {
    int64_t hand;
    if (member.type() != element_type::INT64 || member.get_int64().get(hand) != simdjson::SUCCESS ||
        hand < 1 || hand > INT_MAX) {
      return Wrong(Member(where, "hand"), "a hand number (1 or more)", member);
    }
    finding->hand = static_cast<int>(hand);
  }
  if (obj.at_key("wager").get(member) == simdjson::SUCCESS) {
    std::string_view name;
    if (member.get_string().get(name) != simdjson::SUCCESS)
      return Wrong(Member(where, "wager"), "a string", member);
    finding->wager = ParseWagerKind(name);
    if (!finding->wager) return Fail(Member(where, "wager"), "unknown wager '" + std::string(name) + "'");
  }
  int64_t amount;
  if (obj.at_key("expected").get(member) == simdjson::SUCCESS) {
    if (!Integer(member, Member(where, "expected"), INT64_MIN, "an integer", &amount)) return false;
    finding->expected = amount;
  }
  if (obj.at_key("actual").get(member) == simdjson::SUCCESS) {
    if (!Integer(member, Member(where, "actual"), INT64_MIN, "an integer", &amount)) return false;
    finding->actual = amount;
  }
  // money_to follows from its sign, and is not read.
  if (obj.at_key("money_moved").get(member) == simdjson::SUCCESS) {
    if (!Integer(member, Member(where, "money_moved"), INT64_MIN, "an integer", &amount)) return false;
    finding->money_moved = amount;
  }
  if (!String(obj, where, "clause", &finding->clause)) return false;
  array ids;
  const std::string ids_where = Member(where, "reading_dependent");
  if (!Get(obj, where, "reading_dependent", &member) || !Array(member, ids_where, &ids)) return false;
  for (size_t i = 0; element id : ids) {
    std::string_view s;
    if (id.get_string().get(s) != simdjson::SUCCESS) return Wrong(Index(ids_where, i), "a string", id);
    finding->reading_dependent.emplace_back(s);
    ++i;
  }
  if (obj.at_key("cleared_by").get(member) == simdjson::SUCCESS) {
    const std::string at = Member(where, "cleared_by");
    array list;
    if (!Array(member, at, &list)) return false;
    for (size_t i = 0; element item : list) {
      if (!ParseClearedBy(item, Index(at, i++), &finding->cleared_by.emplace_back())) return false;
    }
  }
  if (obj.at_key("consequence_list").get(member) == simdjson::SUCCESS) {
    const std::string at = Member(where, "consequence_list");
    array list;
    if (!Array(member, at, &list)) return false;
    for (size_t i = 0; element item : list) {
      if (!ParseConsequence(item, Index(at, i++), &finding->consequence_list.emplace_back())) return false;
    }
  }
  return String(obj, where, "message", &finding->message);
}

bool ReportParser::OptionalEvent(object obj, const std::string& where, std::optional<int>* out) {
  element member;
  if (obj.at_key("event").get(member) != simdjson::SUCCESS) return true;
  constexpr std::string_view kEventIndex = "an event index (an integer, 0 or more)";
  int64_t event;
  if (!Integer(member, Member(where, "event"), 0, kEventIndex, &event)) return false;
  if (event > INT_MAX) return Wrong(Member(where, "event"), kEventIndex, member);
  *out = static_cast<int>(event);
  return true;
}

bool ReportParser::ParseConsequence(element value, const std::string& where, Consequence* consequence) {
  object obj;
  return Object(value, where, &obj) && String(obj, where, "input", &consequence->input) &&
         OptionalBytes(obj, where, "input_bytes", &consequence->input) &&
         Count(obj, where, "line", &consequence->line) &&
         StringOrNull(obj, where, "round", &consequence->round) &&
         OptionalEvent(obj, where, &consequence->event) &&
         OptionalString(obj, where, "card", &consequence->card);
}

bool ReportParser::ParseClearedBy(element value, const std::string& where, ClearedBy* cleared) {
  object obj;
  element member;
  return Object(value, where, &obj) && String(obj, where, "ambiguity", &cleared->ambiguity) &&
         Get(obj, where, "readings", &member) && OptionalStrings(obj, where, "readings", &cleared->readings);
}

bool ReportParser::ParseAmbiguity(element value, const std::string& where, AmbiguityImpact* ambiguity) {
  object obj;
  if (!Object(value, where, &obj) || !String(obj, where, "id", &ambiguity->id) ||
      !String(obj, where, "spec", &ambiguity->spec) || !String(obj, where, "clause", &ambiguity->clause)) {
    return false;
  }
  element member;
  // Added after the first reports were written: optional.
  if (obj["revision"].get(member) == simdjson::SUCCESS &&
      !String(obj, where, "revision", &ambiguity->revision)) {
    return false;
  }
  array readings;
  const std::string readings_where = Member(where, "readings");
  if (!Get(obj, where, "readings", &member) || !Array(member, readings_where, &readings)) return false;
  for (size_t i = 0; element item : readings) {
    const std::string at = Index(readings_where, i++);
    ReadingImpact& reading = ambiguity->readings.emplace_back();
    object r;
    if (!Object(item, at, &r) || !String(r, at, "name", &reading.name) ||
        !Bool(r, at, "default", &reading.is_default) ||
        !Count(r, at, "rounds_settled_differently", &reading.rounds_settled_differently) ||
        !Sum(r, at, "net_difference", &reading.net_difference)) {
      return false;
    }
    if (!OptionalBool(r, at, "in_force", &reading.in_force) ||
        !OptionalCount(r, at, "findings_cleared", &reading.findings_cleared)) {
      return false;
    }
  }
  return true;
}

bool ReportParser::ParseReadingInferred(element value, const std::string& where, ReadingInferred* r) {
  object obj;
  if (!Object(value, where, &obj) || !String(obj, where, "table", &r->table) ||
      !String(obj, where, "spec", &r->spec) || !String(obj, where, "revision", &r->revision) ||
      !String(obj, where, "ambiguity", &r->ambiguity) || !String(obj, where, "checked", &r->checked) ||
      !String(obj, where, "status", &r->status) ||
      !OptionalStrings(obj, where, "consistent_with", &r->readings) ||
      !Count(obj, where, "rounds_distinguishing", &r->rounds_distinguishing) ||
      !Count(obj, where, "rounds_consistent_with_none", &r->rounds_consistent_with_none) ||
      !Count(obj, where, "findings_explained", &r->findings_explained) ||
      !Count(obj, where, "rounds_explained", &r->rounds_explained) ||
      !Count(obj, where, "other_findings", &r->other_findings)) {
    return false;
  }
  element member;
  object counts;
  const std::string counts_where = Member(where, "rounds_consistent");
  if (!Get(obj, where, "rounds_consistent", &member) || !Object(member, counts_where, &counts)) return false;
  for (auto field : counts) {
    int64_t n = 0;
    const std::string name(field.key);
    if (!Count(counts, counts_where, name, &n)) return false;
    r->rounds_consistent.emplace_back(name, n);
  }
  object money;
  const std::string money_where = Member(where, "explained_money");
  if (!Get(obj, where, "explained_money", &member) || !Object(member, money_where, &money) ||
      !Count(money, money_where, "underpaid", &r->explained_underpaid) ||
      !Count(money, money_where, "overpaid", &r->explained_overpaid) ||
      !OptionalBool(money, money_where, "overflow", &r->explained_overflow) ||
      !OptionalString(money, money_where, "currency", &r->currency)) {
    return false;
  }
  array runs;
  const std::string runs_where = Member(where, "runs");
  if (!Get(obj, where, "runs", &member) || !Array(member, runs_where, &runs)) return false;
  for (size_t i = 0; element item : runs) {
    const std::string at = Index(runs_where, i++);
    ReadingRun& run = r->runs.emplace_back();
    object o;
    if (!Object(item, at, &o) || !OptionalStrings(o, at, "readings", &run.readings) ||
        !Count(o, at, "rounds", &run.rounds) || !String(o, at, "first_round", &run.first_round) ||
        !String(o, at, "first_input", &run.first_input) || !Count(o, at, "first_line", &run.first_line) ||
        !String(o, at, "first_time", &run.first_time) || !String(o, at, "last_round", &run.last_round) ||
        !String(o, at, "last_time", &run.last_time)) {
      return false;
    }
  }
  return true;
}

// The summary's violation counts are derived from the list; a report whose counts disagree
// with it has been edited or cut, and merging it would carry the disagreement on.
bool ReportParser::CheckSummary(object summary) {
  int64_t listed;
  if (!Count(summary, "summary", "violations", &listed)) return false;
  if (listed != static_cast<int64_t>(report_->violations.size())) {
    return Fail("summary.violations", std::to_string(listed) + ", but the report lists " +
                                          std::to_string(report_->violations.size()) + " violations");
  }
  element value;
  object by_code;
  if (!Get(summary, "summary", "by_code", &value) || !Object(value, "summary.by_code", &by_code))
    return false;
  std::map<std::string, int64_t> counts;
  for (simdjson::dom::key_value_pair kv : by_code) {
    const std::string key(kv.key);
    if (!Integer(kv.value, Member("summary.by_code", key), 0, "a count (an integer, 0 or more)",
                 &counts[key])) {
      return false;
    }
  }
  if (counts != report_->ByCode()) {
    return Fail("summary.by_code", "does not match the codes of the violations listed");
  }
  return true;
}

// Adds `b` to `*a`; false on overflow, leaving `*a` as it was.
bool AddTo(int64_t* a, int64_t b) {
  std::optional<Money> sum = CheckedAdd(*a, b);
  if (!sum) return false;
  *a = *sum;
  return true;
}

std::string ReportNumber(size_t i) { return "report " + std::to_string(i + 1); }

std::string ShowReadings(const std::map<std::string, std::string>& readings) {
  std::string out;
  for (const auto& [id, name] : readings) out += (out.empty() ? "" : " ") + id + "=" + name;
  return out;
}

// The differences between shards that make their sum answer no one question: refused, or with
// MergeOptions::allow_mixed told as warnings. Messages name the shards "report N", the Nth
// given (the Nth of the merged report's "shards").
class MixedShards {
 public:
  MixedShards(const std::vector<ShardReport>& shards, const MergeOptions& options,
              std::vector<std::string>* warnings)
      : shards_(shards), options_(options), warnings_(warnings) {}

  // `what`, a difference between shards a and b: false, with the refusal in status(), unless
  // mixed shards are allowed.
  bool Differ(const std::string& what, size_t a, size_t b) {
    if (options_.allow_mixed) {
      warnings_->push_back(what);
      return true;
    }
    status_ = Status::InvalidArgument(what + " (" + ReportNumber(a) + ": " + shards_[a].path + "; " +
                                      ReportNumber(b) + ": " + shards_[b].path +
                                      "); --allow-mixed merges them, with a warning");
    return false;
  }
  const Status& status() const { return status_; }

 private:
  const std::vector<ShardReport>& shards_;
  const MergeOptions& options_;
  std::vector<std::string>* warnings_;
  Status status_;
};

}  // namespace

StatusOr<Report> ReadJsonReport(std::string_view text, const std::string& path) {
  simdjson::dom::parser parser;
  const simdjson::padded_string padded(text);
  element doc;
  if (simdjson::error_code error = parser.parse(padded).get(doc); error != simdjson::SUCCESS) {
    return Status::ParseError(path + ": not JSON: " + simdjson::error_message(error));
  }
  Report report;
  ReportParser reader(path, &report);
  if (!reader.Parse(doc)) return reader.status();
  return report;
}

StatusOr<Report> MergeReports(const std::vector<ShardReport>& shards, const MergeOptions& options) {
  Report merged;
  merged.version = PITBOSS_VERSION;
  std::vector<std::string>& warnings = merged.merge_warnings;
  MixedShards mixed(shards, options, &warnings);
  // Input path -> the shard that first listed it.
  std::map<std::string, size_t> input_shard;
  // (id, revision, sha256, readings) of each spec listed: a spec is listed once per file and
  // readings it was checked with, which only --allow-mixed lets differ.
  std::set<std::tuple<std::string, std::string, std::string, std::map<std::string, std::string>>> specs_seen;
  // (id, revision) -> the first sha256 seen and its shard.
  std::map<std::pair<std::string, std::string>, std::pair<std::string, size_t>> spec_files;
  // (spec, revision, id, n) -> index in merged.ambiguities of the nth entry of that key. A
  // check that used two revisions of a spec lists each revision's ambiguities; reports of
  // before the "revision" key name none, and there the nth entry of a report is matched with
  // the nth of the others, so that such a report merged alone is left as it is.
  std::map<std::tuple<std::string, std::string, std::string, int>, size_t> ambiguity_index;
  bool told_revisions = false;
  // (id, revision) -> the readings the first shard that checked it used, and that shard.
  std::map<std::pair<std::string, std::string>, std::pair<std::map<std::string, std::string>, size_t>>
      spec_readings;

  for (size_t s = 0; s < shards.size(); ++s) {
    const Report& shard = shards[s].report;
    const Report& first_shard = shards.front().report;
    // Another version may decide a code differently, or count a figure otherwise.
    if (shard.version != first_shard.version &&
        !mixed.Differ(ReportNumber(s) + " was written by pitboss " + shard.version + " but " +
                          ReportNumber(0) + " by pitboss " + first_shard.version +
                          ": the versions may find and count differently",
                      0, s)) {
      return mixed.status();
    }
    if (shard.currency != first_shard.currency) {
      auto show = [](const std::string& c) { return c.empty() ? std::string("none") : "--currency " + c; };
      warnings.push_back(ReportNumber(s) + " was checked with " + show(shard.currency) + " but " +
                         ReportNumber(0) + " with " + show(first_shard.currency) +
                         ": the merged report names no currency; each finding names its own");
      merged.currency.clear();
    } else if (s == 0) {
      merged.currency = shard.currency;
    }
    merged.shards.push_back({shards[s].path, shards[s].sha256, shard.version, shard.command_line,
                             shard.analysis_time, shard.complete});
    merged.complete = merged.complete && shard.complete;
    // A merged report given as a shard: what its merge warned of still holds of this one.
    for (const std::string& warning : shard.merge_warnings)
      warnings.push_back(ReportNumber(s) + ": " + warning);
    merged.skipped.insert(merged.skipped.end(), shard.skipped.begin(), shard.skipped.end());
    // A shard's damaged context left some of its rounds unjudged, which one check of every log
    // would have judged (or found the log damaged, and been incomplete).
    for (const ContextDamage& damage : shard.context_damage) {
      merged.context_damage.push_back(damage);
      warnings.push_back(ReportNumber(s) + " was checked after context log " + damage.input +
                         ", which could not be read whole: the rounds it left unjudged are not judged here");
    }
    // A check not run in one shard is not run in the merged report; its findings withheld add up.
    for (const NotCheckedCode& n : shard.not_checked) {
      auto it =
          std::find_if(merged.not_checked.begin(), merged.not_checked.end(),
                       [&](const NotCheckedCode& m) { return m.code == n.code && m.dialect == n.dialect; });
      if (it == merged.not_checked.end()) {
        merged.not_checked.push_back(n);
      } else {
        it->withheld += n.withheld;
      }
    }
    for (const InputSummary& input : shard.inputs) {
      // A context log is its shard's provenance (read for the shoes and round ids of the logs
      // before it), not one of the logs the merged report checks: usually another shard's.
      if (input.context) continue;
      merged.inputs.push_back(input);
      // "-" is whatever each shard's standard input was: two of them are not the same log.
      if (input.path == "-") continue;
      auto [it, first] = input_shard.emplace(input.path, s);
      if (!first && it->second != s) {
        warnings.push_back("input " + input.path + " is in " + ReportNumber(it->second) + " and in " +
                           ReportNumber(s) + ": its rounds are counted twice");
      }
    }
    for (const SpecUsed& spec : shard.specs) {
      // Shards checked under different readings of one spec answer different questions:
      // their sum would be neither's.
      auto [reading, first_reading] =
          spec_readings.emplace(std::pair(spec.id, spec.revision), std::pair(spec.readings, s));
      if (!first_reading && !spec.readings.empty() && !reading->second.first.empty() &&
          reading->second.first != spec.readings &&
          !mixed.Differ("spec " + spec.id + " revision " + spec.revision + " was checked under " +
                            ShowReadings(reading->second.first) + " in " +
                            ReportNumber(reading->second.second) + " but under " +
                            ShowReadings(spec.readings) + " in " + ReportNumber(s) +
                            ": the shards cannot be added up",
                        reading->second.second, s)) {
        return mixed.status();
      }
      auto [file, first_file] =
          spec_files.emplace(std::pair(spec.id, spec.revision), std::pair(spec.sha256, s));
      if (!specs_seen.emplace(spec.id, spec.revision, spec.sha256, spec.readings).second) continue;
      merged.specs.push_back(spec);
      // Told once per file: the first shard that names another sha256 than the first's.
      const bool new_file =
          std::none_of(merged.specs.begin(), merged.specs.end() - 1, [&](const SpecUsed& seen) {
            return seen.id == spec.id && seen.revision == spec.revision && seen.sha256 == spec.sha256;
          });
      if (!first_file && new_file &&
          !mixed.Differ("spec " + spec.id + " revision " + spec.revision + " has sha256 " +
                            file->second.first + " in " + ReportNumber(file->second.second) + " but " +
                            spec.sha256 + " in " + ReportNumber(s) +
                            ": the shards were checked against different spec files",
                        file->second.second, s)) {
        return mixed.status();
      }
    }
    if (!AddTo(&merged.rounds, shard.rounds)) {
      return Status::OutOfRange("summary.rounds: the sum over the reports overflows");
    }
    if (!AddTo(&merged.rounds_with_violations, shard.rounds_with_violations)) {
      return Status::OutOfRange("summary.rounds_with_violations: the sum over the reports overflows");
    }
    for (const Finding& f : shard.violations) merged.violations.push_back(f);

    std::map<std::tuple<std::string, std::string, std::string>, int> seen_in_shard;
    for (const AmbiguityImpact& ambiguity : shard.ambiguities) {
      const int n = seen_in_shard[{ambiguity.spec, ambiguity.revision, ambiguity.id}]++;
      if (n > 0 && shards.size() > 1 && !told_revisions) {
        told_revisions = true;
        warnings.push_back("ambiguity " + ambiguity.id + " of " + ambiguity.spec + " is listed " +
                           "more than once in " + ReportNumber(s) + ", once per revision checked; " +
                           "as the report does not name their revisions, they are matched across " +
                           "the reports in the order listed");
      }
      auto [it, first] = ambiguity_index.emplace(
          std::tuple(ambiguity.spec, ambiguity.revision, ambiguity.id, n), merged.ambiguities.size());
      if (first) {
        merged.ambiguities.push_back(ambiguity);
        continue;
      }
      AmbiguityImpact& into = merged.ambiguities[it->second];
      for (const ReadingImpact& reading : ambiguity.readings) {
        ReadingImpact* match = nullptr;
        for (ReadingImpact& r : into.readings) {
          if (r.name == reading.name) match = &r;
        }
        // A reading only some shards know comes from a different spec file, which merge
        // refuses or warns of above; its figures are still the shards' own.
        if (match == nullptr) {
          into.readings.push_back(reading);
          continue;
        }
        // Under --allow-mixed readings, each reading in force in any shard.
        match->in_force = match->in_force || reading.in_force;
        const std::string where =
            "ambiguity " + ambiguity.id + " of " + ambiguity.spec + ", reading " + reading.name;
        if (!AddTo(&match->rounds_settled_differently, reading.rounds_settled_differently)) {
          return Status::OutOfRange(where + ": rounds_settled_differently overflows summed over the reports");
        }
        // Summed wide: a sum past 64 bits is written as such, never refused or wrapped.
        match->net_difference += reading.net_difference;
      }
    }
  }
  // What each table's rounds say of its readings: one entry a (table, spec, revision,
  // ambiguity), the shards' figures summed. Shards whose tables deal an ambiguity under
  // different readings are refused: merged, the table changes reading, which no shard found.
  std::map<std::tuple<std::string, std::string, std::string, std::string>, std::pair<size_t, size_t>>
      inferred;
  for (size_t s = 0; s < shards.size(); ++s) {
    for (const ReadingInferred& r : shards[s].report.readings_inferred) {
      auto [it, first] = inferred.emplace(std::tuple(r.table, r.spec, r.revision, r.ambiguity),
                                          std::pair(merged.readings_inferred.size(), s));
      if (first) {
        merged.readings_inferred.push_back(r);
        continue;
      }
      ReadingInferred& into = merged.readings_inferred[it->second.first];
      const bool both_inferred = into.status == "inferred" && r.status == "inferred";
      if (both_inferred && into.readings != r.readings) {
        const std::string what = "table " + r.table + " deals " + r.ambiguity + " of " + r.spec + " as " +
                                 (into.readings.empty() ? std::string("?") : into.readings.front()) + " in " +
                                 ReportNumber(it->second.second) + " and as " +
                                 (r.readings.empty() ? std::string("?") : r.readings.front()) + " in " +
                                 ReportNumber(s);
        if (!options.allow_mixed) {
          return Status::InvalidArgument(what +
                                         ": merged, the table changes reading, which neither report "
                                         "found (check the logs together, or --allow-mixed)");
        }
        warnings.push_back(what + "; merged as a change of reading (no reading/switch finding is made)");
        into.status = "switches";
        into.readings = r.readings;
      } else if (into.status == "not-distinguished" ||
                 (into.status == "too-few-rounds" && !both_inferred && r.status != "not-distinguished")) {
        into.status = r.status;
        into.readings = r.readings;
      } else if (r.status != "not-distinguished" && r.status != "too-few-rounds" && r.status != into.status) {
        into.status = "mixed";
        into.readings.clear();
      }
      into.rounds_distinguishing += r.rounds_distinguishing;
      into.rounds_consistent_with_none += r.rounds_consistent_with_none;
      for (const auto& entry : r.rounds_consistent) {
        const std::string& name = entry.first;
        auto match = std::find_if(into.rounds_consistent.begin(), into.rounds_consistent.end(),
                                  [&](const auto& c) { return c.first == name; });
        if (match == into.rounds_consistent.end()) {
          into.rounds_consistent.push_back(entry);
        } else {
          match->second += entry.second;
        }
      }
      into.runs.insert(into.runs.end(), r.runs.begin(), r.runs.end());
      into.findings_explained += r.findings_explained;
      into.rounds_explained += r.rounds_explained;
      into.other_findings += r.other_findings;
      MoneyTotal money;
      money.underpaid = into.explained_underpaid;
      money.overpaid = into.explained_overpaid;
      money.overflow = into.explained_overflow || r.explained_overflow;
      money.Add(-r.explained_underpaid);
      money.Add(r.explained_overpaid);
      into.explained_underpaid = money.underpaid;
      into.explained_overpaid = money.overpaid;
      into.explained_overflow = money.overflow;
    }
  }
  // In the order a check lists them: by table, then spec and revision, each spec's ambiguities
  // in its own order.
  std::stable_sort(merged.readings_inferred.begin(), merged.readings_inferred.end(),
                   [](const ReadingInferred& a, const ReadingInferred& b) {
                     return std::tie(a.table, a.spec, a.revision) < std::tie(b.table, b.spec, b.revision);
                   });
  CountFindingsCleared(&merged);
  return merged;
}

}  // namespace pitboss
