#include "dialect/dialect.h"

#include <re2/re2.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <system_error>

#include "base/read_file.h"
#include "base/sha256.h"
#include "base/suggest.h"
#include "dialect/text_kinds.h"
#include "history/names.h"
#include "pitboss/codes.h"
#include "pitboss/money.h"
#include "spec/spec_reader.h"
#include "spec/yaml_reader.h"

namespace pitboss {

namespace {

namespace fs = std::filesystem;

// Part of the dialect format (docs/dialects.md): the version this build reads.
constexpr int kDialectFormat = 1;
// A dialect file is a few KiB; past this it is refused before it is parsed.
constexpr uintmax_t kMaxDialectBytes = uintmax_t{1} << 20;

// The v1 fields an event of each type has, and those it must have.
struct EventFields {
  EventType type;
  std::vector<std::string_view> allowed;
  std::vector<std::string_view> required;
};
const std::vector<EventFields>& AllEventFields() {
  static const std::vector<EventFields> kFields = {
      {EventType::kShuffle, {"shoe", "decks"}, {"shoe", "decks"}},
      {EventType::kBet, {"seat", "hand", "wager", "amount"}, {"seat", "wager", "amount"}},
      {EventType::kDeal, {"seat", "hand", "card", "face"}, {"seat", "card"}},
      {EventType::kBurn, {"card"}, {"card"}},
      {EventType::kDecision, {"seat", "hand", "action"}, {"seat", "action"}},
      {EventType::kSettle, {"seat", "hand", "wager", "net"}, {"seat", "wager", "net"}},
  };
  return kFields;
}
const EventFields& FieldsOf(EventType type) {
  for (const EventFields& f : AllEventFields())
    if (f.type == type) return f;
  return AllEventFields().front();
}

bool IsMoneyField(std::string_view field) {
  return field == "amount" || field == "net" || field.ends_with(".min") || field.ends_with(".max");
}

// The value kinds a v1 field may be read as, the first its default (none for money: the
// dialect must say whether it writes decimals or minor units).
std::vector<ValueAs> KindsFor(std::string_view field) {
  if (IsMoneyField(field)) return {ValueAs::kMoney, ValueAs::kMinorUnits};
  if (field == "time") return {ValueAs::kTime, ValueAs::kString};
  if (field == "seat") return {ValueAs::kSeat};
  if (field == "hand" || field == "decks") return {ValueAs::kInt};
  if (field == "card") return {ValueAs::kCard, ValueAs::kString};
  return {ValueAs::kString};
}

std::optional<ValueAs> ParseAs(std::string_view name) {
  for (ValueAs as : {ValueAs::kString, ValueAs::kInt, ValueAs::kMinorUnits, ValueAs::kMoney, ValueAs::kTime,
                     ValueAs::kCard, ValueAs::kSeat}) {
    if (ToString(as) == name) return as;
  }
  return std::nullopt;
}

// Whether `word` is a v1 value `field` can take, for the fields with a vocabulary.
std::string CheckV1Word(std::string_view field, std::string_view word) {
  if (field == "wager" && !ParseWagerKind(word)) return "'" + std::string(word) + "' is not a v1 wager kind";
  if (field == "action" && !ParseAction(word)) return "'" + std::string(word) + "' is not a v1 action";
  if (field == "face" && word != "up" && word != "down")
    return "a face is 'up' or 'down', not '" + std::string(word) + "'";
  if (field == "seat" && word != "dealer" &&
      (word.empty() || word.find_first_not_of("0123456789") != std::string_view::npos))
    return "a seat is a number or 'dealer', not '" + std::string(word) + "'";
  return "";
}

}  // namespace

bool ParseJsonPath(std::string_view text, JsonPath* path, std::string* why) {
  path->text.assign(text);
  path->segments.clear();
  path->absolute = text.starts_with('/');
  if (path->absolute) text.remove_prefix(1);
  if (text.empty()) {
    if (path->absolute) return true;  // the round's object itself
    *why = "an empty path";
    return false;
  }
  while (true) {
    const size_t slash = text.find('/');
    const std::string_view segment = text.substr(0, slash);
    if (segment.empty()) {
      *why = "an empty segment (two '/' in a row, or one at the end)";
      return false;
    }
    if (segment == "#" && slash != std::string_view::npos) {
      *why = "# (the name a value has in the one holding it) ends a path";
      return false;
    }
    path->segments.emplace_back(segment);
    if (slash == std::string_view::npos) break;
    text.remove_prefix(slash + 1);
  }
  return true;
}

namespace {

class Loader {
 public:
  Loader(std::string path, std::vector<std::string>* errors)
      : reader_(path, errors), path_(std::move(path)) {}

  std::unique_ptr<Dialect> Load(const YAML::Node& root, const std::string& bytes);

 private:
  void Error(const YAML::Node& node, const std::string& message) { reader_.Error(node, message); }
  bool Str(const YAML::Node& node, std::string_view what, std::string* out) {
    return node && reader_.String(node, what, out);
  }
  void ReadSource(const YAML::Node& node);
  void ReadShape(const YAML::Node& root);
  void ReadCards(const YAML::Node& node);
  // The rules of a `round:` or `fields:` map; `event` for an event's fields.
  std::vector<FieldRule> ReadFields(const YAML::Node& node, std::string_view what, bool round,
                                    std::optional<EventType> event);
  std::optional<FieldRule> ReadField(const YAML::Node& key, const YAML::Node& node, const std::string& field,
                                     std::string_view what);
  void ReadRecord(const YAML::Node& node);
  void ReadRounds(const YAML::Node& node);
  // Where a rule's `from` is: the pattern's group or the column; false (with an error) when
  // it is neither.
  void Resolve(const YAML::Node& where, FieldRule* rule, const RecordKind* kind);
  void CheckKinds(const YAML::Node& root);
  void ReadNotChecked(const YAML::Node& node);

  SpecReader reader_;
  std::string path_;
  std::unique_ptr<Dialect> d_ = std::make_unique<Dialect>();
  std::vector<YAML::Node> record_nodes_;
  std::set<std::string> columns_used_;
  std::set<std::string> columns_ignored_;
};

void Loader::ReadSource(const YAML::Node& node) {
  if (!reader_.Map(node, "source", {"owner", "url", "note"}, {"owner"})) return;
  Str(node["owner"], "source.owner", &d_->source_owner);
  if (node["url"]) Str(node["url"], "source.url", &d_->source_url);
  if (node["note"]) Str(node["note"], "source.note", &d_->source_note);
}

void Loader::ReadShape(const YAML::Node& root) {
  std::string shape;
  if (!Str(root["shape"], "shape", &shape)) return;
  if (shape == "text") {
    d_->shape = DialectShape::kText;
    if (root["csv"]) Error(root["csv"], "csv: is for a dialect of shape csv or tsv, not text");
    return;
  }
  if (shape == "json") {
    d_->shape = DialectShape::kJson;
    if (root["csv"]) Error(root["csv"], "csv: is for a dialect of shape csv or tsv, not json");
    if (const YAML::Node json = root["json"]) {
      if (!reader_.Map(json, "json", {"order"}, {})) return;
      std::string order;
      if (json["order"] && Str(json["order"], "json.order", &order)) {
        if (order == "kinds") {
          d_->json_order_kinds = true;
        } else if (order != "document") {
          Error(json["order"],
                "json.order is document (the events in the order the log has them) or kinds "
                "(each kind's in turn, in the order records: lists them), not '" +
                    order + "'");
        }
      }
    }
    return;
  }
  if (root["json"]) Error(root["json"], "json: is for a dialect of shape json");
  if (shape != "csv" && shape != "tsv") {
    Error(root["shape"], "shape must be text, csv, tsv or json, not '" + shape + "'");
    return;
  }
  d_->shape = DialectShape::kCsv;
  d_->delimiter = shape == "tsv" ? '\t' : ',';
  const YAML::Node csv = root["csv"];
  if (!csv) {
    Error(root["shape"], "a dialect of shape " + shape + " needs csv: (its header and columns)");
    return;
  }
  if (!reader_.Map(csv, "csv", {"header", "columns", "ignore"}, {"header", "columns"})) return;
  reader_.Bool(csv["header"], "csv.header", &d_->header);
  const YAML::Node columns = csv["columns"];
  if (!columns.IsSequence() || columns.size() == 0) {
    Error(columns, "csv.columns must be a list of the column names, in order");
    return;
  }
  std::set<std::string> seen;
  for (const YAML::Node& c : columns) {
    std::string name;
    if (!reader_.String(c, "a column", &name)) continue;
    if (name.empty()) Error(c, "a column needs a name");
    if (!seen.insert(name).second) Error(c, "column '" + name + "' is listed twice");
    d_->columns.push_back(name);
  }
  if (const YAML::Node ignore = csv["ignore"]) {
    if (!ignore.IsSequence()) {
      Error(ignore, "csv.ignore must be a list of columns no field reads");
    } else {
      for (const YAML::Node& c : ignore) {
        std::string name;
        if (!reader_.String(c, "an ignored column", &name)) continue;
        if (!seen.count(name)) Error(c, "csv.ignore names '" + name + "', which is not in csv.columns");
        columns_ignored_.insert(name);
      }
    }
  }
}

void Loader::ReadCards(const YAML::Node& node) {
  if (!reader_.Map(node, "cards", {"pattern", "ranks", "suits", "write"},
                   {"pattern", "ranks", "suits", "write"}))
    return;
  CardNotation cards;
  std::string pattern;
  if (!Str(node["pattern"], "cards.pattern", &pattern)) return;
  auto re = std::make_shared<re2::RE2>(pattern, re2::RE2::Quiet);
  if (!re->ok()) {
    Error(node["pattern"], "re2 rejects cards.pattern: " + re->error());
    return;
  }
  const auto& groups = re->NamedCapturingGroups();
  for (const auto& [name, index] : groups) {
    if (name != "rank" && name != "suit")
      Error(node["pattern"], "cards.pattern has a group '" + name + "': a card's groups are rank and suit");
  }
  if (!groups.count("rank") || !groups.count("suit")) {
    Error(node["pattern"], "cards.pattern needs the named groups rank and suit: (?P<rank>...)(?P<suit>...)");
    return;
  }
  cards.rank_group = groups.at("rank");
  cards.suit_group = groups.at("suit");
  cards.pattern = re;
  auto words = [&](const YAML::Node& map, std::string_view what, std::string_view codes,
                   std::vector<std::pair<std::string, char>>* out) {
    if (!map.IsMap()) {
      Error(map,
            std::string(what) + " must map each word of the log to a v1 code (" + std::string(codes) + ")");
      return;
    }
    for (const auto& kv : map) {
      std::string word, code;
      if (!reader_.String(kv.first, what, &word) || !reader_.String(kv.second, what, &code)) continue;
      if (code.size() != 1 || codes.find(code[0]) == std::string_view::npos) {
        Error(kv.second,
              std::string(what) + ": '" + code + "' is not a v1 code (" + std::string(codes) + ")");
        continue;
      }
      out->emplace_back(word, code[0]);
    }
    for (char c : codes) {
      if (std::none_of(out->begin(), out->end(), [c](const auto& p) { return p.second == c; }))
        Error(map, std::string(what) + " has no word for " + std::string(1, c));
    }
  };
  words(node["ranks"], "cards.ranks", "23456789TJQKA", &cards.ranks);
  words(node["suits"], "cards.suits", "CDHS", &cards.suits);
  Str(node["write"], "cards.write", &cards.write);
  std::vector<std::string> names;
  std::string why;
  if (!TemplateNames(cards.write, &names, &why)) {
    Error(node["write"], "cards.write: " + why);
  } else {
    for (const std::string& n : names) {
      if (n != "rank" && n != "suit")
        Error(node["write"], "cards.write names {" + n + "}: a card has {rank} and {suit}");
    }
  }
  if (!reader_.ok()) return;
  // Every word of the log must read as the card it stands for, and every card be written in
  // a way that reads back as itself: a notation that reads one text as two cards, or a card
  // as another, fails here.
  for (const auto& rank : cards.ranks) {
    for (const auto& suit : cards.suits) {
      const std::string& rw = rank.first;
      const std::string& sw = suit.first;
      const std::string card{rank.second, suit.second};
      std::string text;
      std::string missing;
      FillTemplate(
          cards.write,
          [&](std::string_view n) -> std::optional<std::string_view> {
            return n == "rank" ? std::string_view(rw) : std::string_view(sw);
          },
          &text, &missing);
      std::string back;
      const bool read = cards.Read(text, &back);
      if (read && back == card) continue;
      Error(node,
            "the card " + card + ", written '" + text + "' (rank word '" + rw + "', suit word '" + sw +
                "'), " +
                (read ? "reads back as " + back + ": the notation maps a card two ways"
                      : "is not read back as a card: cards.pattern does not match it, or its words are not "
                        "the ones the pattern's groups take"));
      return;
    }
  }
  d_->cards = std::move(cards);
}

std::optional<FieldRule> Loader::ReadField(const YAML::Node& key, const YAML::Node& node,
                                           const std::string& field, std::string_view what) {
  FieldRule rule;
  rule.field = field;
  rule.line = key.Mark().line + 1;
  rule.column = key.Mark().column + 1;
  const std::string where = std::string(what) + "." + field;
  if (!reader_.Map(node, where, {"from", "value", "map", "other", "as", "optional", "less"}))
    return std::nullopt;
  const bool has_from = static_cast<bool>(node["from"]);
  const bool has_value = static_cast<bool>(node["value"]);
  if (has_from == has_value) {
    Error(node, where + " needs one of from: (a group or column) and value: (a constant)");
    return std::nullopt;
  }
  if (has_from) Str(node["from"], where + ".from", &rule.from);
  if (has_value) {
    std::string v;
    if (Str(node["value"], where + ".value", &v)) rule.value = v;
  }
  const std::vector<ValueAs> kinds = KindsFor(field);
  if (const YAML::Node as = node["as"]) {
    std::string name;
    if (Str(as, where + ".as", &name)) {
      const std::optional<ValueAs> a = ParseAs(name);
      if (!a || std::find(kinds.begin(), kinds.end(), *a) == kinds.end()) {
        std::string list;
        for (ValueAs k : kinds) list += (list.empty() ? "" : ", ") + std::string(ToString(k));
        Error(as, where + ".as: v1's " + field + " is read as " + list + ", not '" + name + "'");
      } else {
        rule.as = *a;
      }
    }
  } else if (IsMoneyField(field) && !has_value) {
    Error(node,
          where + " needs as: money (a decimal in the currency's units: 12.50) or as: minor-units (1250)");
  } else {
    rule.as = kinds.front();
  }
  if (has_value && rule.value) {
    // A constant is written as v1 writes the field.
    if (IsMoneyField(field)) rule.as = ValueAs::kMinorUnits;
    if (field == "time") rule.as = ValueAs::kString;
    if (field == "card") rule.as = ValueAs::kString;
  }
  if (const YAML::Node map = node["map"]) {
    rule.has_map = true;
    if (!map.IsMap()) {
      Error(map, where + ".map must map words of the log to v1 words");
    } else {
      for (const auto& kv : map) {
        std::string from, to;
        if (!reader_.String(kv.first, where + ".map", &from) ||
            !reader_.String(kv.second, where + ".map", &to))
          continue;
        if (std::string why = CheckV1Word(field, to); !why.empty()) Error(kv.second, where + ".map: " + why);
        rule.map.emplace_back(from, to);
      }
    }
    if (!node["other"]) {
      Error(map, where +
                     " maps words: say with other: what a word the map does not have is (keep: the word as "
                     "written; malformed: the record cannot be read)");
    }
  }
  if (const YAML::Node other = node["other"]) {
    std::string o;
    if (Str(other, where + ".other", &o)) {
      if (o == "keep") {
        rule.keep_other = true;
      } else if (o != "malformed") {
        Error(other, where + ".other must be keep or malformed, not '" + o + "'");
      }
    }
    if (!rule.has_map) Error(other, where + ".other is for a field with a map:");
  }
  if (const YAML::Node optional = node["optional"])
    reader_.Bool(optional, where + ".optional", &rule.optional);
  if (rule.value && rule.has_map) Error(node, where + ": a constant (value:) has no map");
  if (const YAML::Node less = node["less"]) {
    Str(less, where + ".less", &rule.less);
    if (rule.as != ValueAs::kMoney && rule.as != ValueAs::kMinorUnits)
      Error(less, where + ".less takes an amount from an amount: it is for as: money or as: minor-units");
    else if (rule.value)
      Error(less, where + ".less is for a value read from the log, not a constant");
    else if (rule.has_map)
      Error(less, where + ".less is for an amount, which has no map");
  }
  if (rule.value && field == "seat" && !rule.has_map) {
    if (std::string why = CheckV1Word(field, *rule.value); !why.empty())
      Error(node["value"], where + ": " + why);
  }
  return rule;
}

std::vector<FieldRule> Loader::ReadFields(const YAML::Node& node, std::string_view what, bool round,
                                          std::optional<EventType> event) {
  std::vector<FieldRule> out;
  if (!node.IsMap()) {
    Error(node, std::string(what) + " must be a map of v1 fields to their rules");
    return out;
  }
  static const std::vector<std::string_view> kRound = {"round", "time",     "table",
                                                       "rules", "currency", "limits"};
  std::vector<std::string_view> allowed = round ? kRound : FieldsOf(*event).allowed;
  for (const auto& kv : node) {
    const std::string field = kv.first.Scalar();
    if (std::find(allowed.begin(), allowed.end(), field) == allowed.end()) {
      std::string list;
      for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      Error(kv.first, "'" + field + "' is not a v1 field of " +
                          (round ? std::string("a round") : "a " + std::string(ToString(*event)) + " event") +
                          " (it has: " + list + ")" + DidYouMean(field, {allowed.begin(), allowed.end()}));
      continue;
    }
    if (field == "limits") {
      if (!kv.second.IsMap()) {
        Error(kv.second, std::string(what) + ".limits must map wager kinds to their min and max");
        continue;
      }
      for (const auto& wager : kv.second) {
        const std::string w = wager.first.Scalar();
        if (!ParseWagerKind(w)) {
          Error(wager.first, "'" + w + "' is not a v1 wager kind");
          continue;
        }
        if (!reader_.Map(wager.second, std::string(what) + ".limits." + w, {"min", "max"})) continue;
        for (const auto& bound : wager.second) {
          if (auto r = ReadField(bound.first, bound.second, "limits." + w + "." + bound.first.Scalar(), what))
            out.push_back(std::move(*r));
        }
      }
      continue;
    }
    if (auto r = ReadField(kv.first, kv.second, field, what)) out.push_back(std::move(*r));
  }
  return out;
}

void Loader::Resolve(const YAML::Node& where, FieldRule* rule, const RecordKind* kind) {
  if (rule->from.empty()) return;
  if (d_->shape == DialectShape::kJson) {
    std::string why;
    if (!ParseJsonPath(rule->from, &rule->path, &why))
      Error(where, "field " + rule->field + " is read from '" + rule->from + "': " + why);
    if (!rule->less.empty() && !ParseJsonPath(rule->less, &rule->less_path, &why))
      Error(where, "field " + rule->field + " takes less: '" + rule->less + "': " + why);
    return;
  }
  if (!rule->less.empty()) {
    // The amount taken away is read as `from` is, from a column or a group of its own.
    FieldRule less;
    less.field = rule->field + ".less";
    less.from = rule->less;
    Resolve(where, &less, kind);
    rule->less_index = less.index;
  }
  if (d_->shape == DialectShape::kCsv) {
    const auto it = std::find(d_->columns.begin(), d_->columns.end(), rule->from);
    if (it == d_->columns.end()) {
      Error(where, "field " + rule->field + " is read from column '" + rule->from +
                       "', which csv.columns does not list" + DidYouMean(rule->from, d_->columns));
      return;
    }
    rule->index = static_cast<int>(it - d_->columns.begin());
    columns_used_.insert(rule->from);
    return;
  }
  if (kind == nullptr || !kind->pattern) return;
  const auto& groups = kind->pattern->NamedCapturingGroups();
  const auto it = groups.find(rule->from);
  if (it == groups.end()) {
    std::vector<std::string> names;
    for (const auto& g : groups) names.push_back(g.first);
    Error(where, "field " + rule->field + " is read from group '" + rule->from +
                     "', which the pattern of record kind '" + kind->name + "' does not have" +
                     DidYouMean(rule->from, names));
    return;
  }
  rule->index = it->second;
}

void Loader::ReadRecord(const YAML::Node& node) {
  RecordKind kind;
  kind.line = node.Mark().line + 1;
  const bool text = d_->shape == DialectShape::kText;
  if (!reader_.Map(node, "a record kind",
                   {"kind", "event", "role", "match", "write", "when", "round", "fields", "each"}, {"kind"}))
    return;
  const bool json = d_->shape == DialectShape::kJson;
  Str(node["kind"], "records[].kind", &kind.name);
  if (d_->Kind(kind.name) != nullptr)
    Error(node["kind"], "record kind '" + kind.name + "' is declared twice");
  if (static_cast<bool>(node["event"]) == static_cast<bool>(node["role"])) {
    Error(node, "record kind '" + kind.name +
                    "' needs one of event: (the v1 event it is) and role: (begin, end, round or ignore)");
    return;
  }
  if (node["event"]) {
    std::string e;
    if (Str(node["event"], "event", &e)) {
      const std::optional<EventType> t = ParseEventType(e);
      if (!t) {
        Error(node["event"],
              "'" + e + "' is not a v1 event type (shuffle, bet, deal, burn, decision, settle)");
        return;
      }
      kind.event = *t;
    }
  } else {
    std::string r;
    if (Str(node["role"], "role", &r)) {
      if (r == "begin") {
        kind.role = RecordRole::kBegin;
      } else if (r == "end") {
        kind.role = RecordRole::kEnd;
      } else if (r == "ignore") {
        kind.role = RecordRole::kIgnore;
      } else if (r == "round") {
        kind.role = RecordRole::kRound;
      } else {
        Error(node["role"], "role must be begin, end, round or ignore, not '" + r + "'");
      }
    }
  }
  if (json) {
    // Each record of a JSON round is a value its path reaches; the round's object is the round.
    for (const char* other : {"match", "write", "round"}) {
      if (node[other])
        Error(node[other], std::string(other) +
                               ": is not for a json dialect: a record kind is the values its each: "
                               "reaches, and the round's fields are under the top-level round:");
    }
    if (kind.role != RecordRole::kEvent) {
      Error(node,
            "record kind '" + kind.name +
                "' of a json dialect needs event: (each JSON object is a round: there is no begin, end or "
                "round record)");
    }
    std::string each, why;
    if (!node["each"]) {
      Error(node, "record kind '" + kind.name +
                      "' of a json dialect needs each: (the path to the values each of which is one record)");
    } else if (Str(node["each"], "each", &each) && !ParseJsonPath(each, &kind.each, &why)) {
      Error(node["each"], "each: '" + each + "': " + why);
    }
    if (const YAML::Node when = node["when"]) {
      if (!when.IsMap()) {
        Error(when, "when: must map paths (from each value) to the value that tells this record kind");
      } else {
        for (const auto& kv : when) {
          JsonPath path;
          std::string value;
          if (!reader_.String(kv.second, "when." + kv.first.Scalar(), &value)) continue;
          if (!ParseJsonPath(kv.first.Scalar(), &path, &why)) {
            Error(kv.first, "when: '" + kv.first.Scalar() + "': " + why);
            continue;
          }
          kind.json_when.emplace_back(std::move(path), value);
        }
      }
    }
  } else if (node["each"]) {
    Error(node["each"], "each: is for json dialects");
  }
  if (json) {
  } else if (text) {
    if (!node["match"]) {
      Error(node, "record kind '" + kind.name +
                      "' of a text dialect needs match: (a re2 pattern a whole line matches)");
      return;
    }
    if (node["when"])
      Error(node["when"], "when: is for csv dialects; a text record kind is told by its match:");
    std::string pattern;
    if (!Str(node["match"], "match", &pattern)) return;
    auto re = std::make_shared<re2::RE2>(pattern, re2::RE2::Quiet);
    if (!re->ok()) {
      Error(node["match"], "re2 rejects the pattern of record kind '" + kind.name + "': " + re->error());
      return;
    }
    if (re->NumberOfCapturingGroups() > static_cast<int>(re->NamedCapturingGroups().size()))
      Error(node["match"],
            "the pattern of record kind '" + kind.name +
                "' has a group without a name: name every group (?P<name>...), or make it (?:...)");
    kind.pattern = re;
    if (node["write"]) Str(node["write"], "write", &kind.write);
  } else {
    if (node["match"])
      Error(node["match"], "match: is for text dialects; a csv record kind is told by when:");
    if (node["write"])
      Error(node["write"], "write: is for text dialects; a csv record is written in its columns");
    if (const YAML::Node when = node["when"]) {
      if (!when.IsMap()) {
        Error(when, "when: must map columns to the value that tells this record kind");
      } else {
        for (const auto& kv : when) {
          const std::string column = kv.first.Scalar();
          std::string value;
          if (!reader_.String(kv.second, "when." + column, &value)) continue;
          const auto it = std::find(d_->columns.begin(), d_->columns.end(), column);
          if (it == d_->columns.end()) {
            Error(kv.first, "when: names column '" + column + "', which csv.columns does not list" +
                                DidYouMean(column, d_->columns));
            continue;
          }
          columns_used_.insert(column);
          kind.when.emplace_back(static_cast<int>(it - d_->columns.begin()), value);
        }
      }
    }
  }
  if (node["round"])
    kind.round_fields = ReadFields(node["round"], "records." + kind.name + ".round", true, std::nullopt);
  if (kind.role == RecordRole::kEvent) {
    if (!node["fields"]) {
      Error(node, "record kind '" + kind.name + "' needs fields: (how its v1 event's fields are filled)");
    } else {
      kind.fields = ReadFields(node["fields"], "records." + kind.name + ".fields", false, kind.event);
    }
  } else if (node["fields"]) {
    Error(node["fields"],
          "a record kind of role begin, end, round or ignore is no event: its fields go under round:");
  }
  for (FieldRule& r : kind.round_fields) Resolve(node["round"], &r, &kind);
  for (FieldRule& r : kind.fields) Resolve(node["fields"], &r, &kind);
  record_nodes_.push_back(node);
  d_->records.push_back(std::move(kind));
}

void Loader::ReadRounds(const YAML::Node& node) {
  if (!reader_.Map(node, "rounds", {"key", "begin", "end"})) return;
  if (node["key"]) Str(node["key"], "rounds.key", &d_->key);
  auto find = [&](const char* which, RecordRole role, int* out) {
    std::string name;
    if (!node[which] || !Str(node[which], std::string("rounds.") + which, &name)) return;
    for (size_t i = 0; i < d_->records.size(); ++i) {
      if (d_->records[i].name != name) continue;
      if (d_->records[i].role != role)
        Error(node[which], "rounds." + std::string(which) + " names record kind '" + name +
                               "', whose role is not " + which);
      *out = static_cast<int>(i);
      return;
    }
    Error(node[which], "rounds." + std::string(which) + " names no record kind: '" + name + "'");
  };
  find("begin", RecordRole::kBegin, &d_->begin);
  find("end", RecordRole::kEnd, &d_->end);
  if (d_->key.empty() && d_->begin < 0)
    Error(node,
          "rounds: needs key: (a round field every record carries) or begin: (the record kind that opens a "
          "round)");
  if (!d_->key.empty()) {
    static const std::vector<std::string> kKeys = {"round", "table", "time"};
    if (std::find(kKeys.begin(), kKeys.end(), d_->key) == kKeys.end())
      Error(node["key"], "rounds.key must be a round field: round, table or time");
    else if (std::none_of(d_->round_fields.begin(), d_->round_fields.end(),
                          [&](const FieldRule& r) { return r.field == d_->key; }))
      Error(node["key"],
            "rounds.key is " + d_->key + ", which the round: every record carries does not fill");
  }
}

void Loader::ReadNotChecked(const YAML::Node& node) {
  if (!node.IsSequence()) {
    Error(node,
          "not_checked: must list what the format lacks, each with the codes of the checks that need it");
    return;
  }
  for (const YAML::Node& entry : node) {
    if (!reader_.Map(entry, "not_checked[]", {"codes", "lacks", "why"}, {"codes", "lacks", "why"})) continue;
    NotChecked n;
    Str(entry["lacks"], "not_checked[].lacks", &n.lacks);
    Str(entry["why"], "not_checked[].why", &n.why);
    const YAML::Node codes = entry["codes"];
    if (!codes.IsSequence() || codes.size() == 0) {
      Error(codes, "not_checked[].codes must list violation codes (shoe/no-shuffle, ...)");
      continue;
    }
    for (const YAML::Node& c : codes) {
      std::string code;
      if (!reader_.String(c, "a code", &code)) continue;
      if (!ParseCode(code)) {
        Error(c, "'" + code + "' is not a violation code of the checker contract");
        continue;
      }
      for (const NotChecked& earlier : d_->not_checked) {
        if (std::find(earlier.codes.begin(), earlier.codes.end(), code) != earlier.codes.end())
          Error(c, "'" + code + "' is listed twice in not_checked:");
      }
      n.codes.push_back(code);
    }
    d_->not_checked.push_back(std::move(n));
  }
}

void Loader::CheckKinds(const YAML::Node& root) {
  // Every v1 field a round needs is filled: by every record, or by the record that opens it.
  for (std::string_view field : {"round", "time", "table", "rules"}) {
    auto fills = [&](const std::vector<FieldRule>& rules) {
      return std::any_of(rules.begin(), rules.end(), [&](const FieldRule& r) { return r.field == field; });
    };
    if (fills(d_->round_fields)) continue;
    if (d_->begin >= 0 && fills(d_->records[static_cast<size_t>(d_->begin)].round_fields)) continue;
    Error(root, "no rule fills v1's " + std::string(field) +
                    " of a round: give it under round: (every record carries it) or under the round: of the "
                    "record kind "
                    "rounds.begin names");
  }
  bool money = false;
  bool time = false;
  bool cards = false;
  auto note = [&](const FieldRule& r) {
    money |= r.as == ValueAs::kMoney;
    time |= r.as == ValueAs::kTime;
    cards |= r.as == ValueAs::kCard;
  };
  for (const FieldRule& r : d_->round_fields) note(r);
  for (size_t k = 0; k < d_->records.size(); ++k) {
    const RecordKind& kind = d_->records[k];
    const YAML::Node node = record_nodes_[k];
    for (const FieldRule& r : kind.round_fields) note(r);
    for (const FieldRule& r : kind.fields) note(r);
    if (kind.role == RecordRole::kEvent) {
      for (std::string_view need : FieldsOf(kind.event).required) {
        if (std::none_of(kind.fields.begin(), kind.fields.end(),
                         [&](const FieldRule& r) { return r.field == need; }))
          Error(node, "record kind '" + kind.name + "' is a " + std::string(ToString(kind.event)) +
                          " event, and no rule fills its v1 field " + std::string(need));
      }
    }
    // A group or column is read into one field: the same value written back to two fields
    // could not tell which it came from.
    std::map<std::string, std::string> used;  // from -> field
    auto use = [&](const FieldRule& r, const YAML::Node& where) {
      if (!r.less.empty()) used.emplace(r.less, r.field + " (less)");
      if (r.from.empty()) return;
      auto [it, fresh] = used.emplace(r.from, r.field);
      if (!fresh)
        Error(where, "record kind '" + kind.name +
                         "': " + (d_->shape == DialectShape::kCsv ? "column '" : "group '") + r.from +
                         "' is mapped twice (to " + it->second + " and " + r.field + ")");
    };
    for (const FieldRule& r : d_->round_fields) use(r, node);
    for (const FieldRule& r : kind.round_fields) use(r, node["round"] ? node["round"] : node);
    for (const FieldRule& r : kind.fields) use(r, node["fields"] ? node["fields"] : node);
    if (d_->shape == DialectShape::kText && kind.pattern) {
      // Every group of the pattern is read into a field: a group none reads is a value the
      // check would drop in silence.
      for (const auto& [name, index] : kind.pattern->NamedCapturingGroups()) {
        if (!used.count(name))
          Error(node["match"],
                "record kind '" + kind.name + "': group '" + name + "' of the pattern is read by no field");
      }
      if (!kind.write.empty()) {
        std::vector<std::string> names;
        std::string why;
        if (!TemplateNames(kind.write, &names, &why)) {
          Error(node["write"], "record kind '" + kind.name + "': write: " + why);
        } else {
          for (const std::string& n : names) {
            if (!kind.pattern->NamedCapturingGroups().count(n))
              Error(node["write"],
                    "record kind '" + kind.name + "': write names {" + n + "}, not a group of its pattern");
          }
          for (const auto& [name, index] : kind.pattern->NamedCapturingGroups()) {
            if (std::find(names.begin(), names.end(), name) == names.end())
              Error(node["write"], "record kind '" + kind.name + "': write leaves out {" + name +
                                       "}: its value could not be written back");
          }
        }
      }
    }
    if (d_->shape == DialectShape::kCsv && kind.when.empty() && k + 1 < d_->records.size())
      Error(node,
            "record kind '" + kind.name + "' has no when: and comes before other kinds, which it hides");
  }
  if (d_->shape == DialectShape::kCsv) {
    for (const std::string& c : d_->columns) {
      if (!columns_used_.count(c) && !columns_ignored_.count(c))
        Error(root["csv"], "column '" + c +
                               "' is read by no field and told by no when: (list it under csv.ignore if it "
                               "is not needed)");
    }
  }
  if (money && d_->currency.empty())
    Error(root, "amounts are read as money (decimals): say in which currency with money: {currency: USD}");
  // Cards with no notation declared are read as v1 writes them (TH, 10H).
  (void)cards;
  (void)time;
}

std::unique_ptr<Dialect> Loader::Load(const YAML::Node& root, const std::string& bytes) {
  if (!reader_.Map(root, "a dialect",
                   {"dialect", "id", "title", "source", "shape", "csv", "json", "money", "time", "cards",
                    "round", "rounds", "records", "not_checked"},
                   {"dialect", "id", "source", "shape", "records"}))
    return nullptr;
  int64_t version = 0;
  if (reader_.Int(root["dialect"], "dialect", 1, 1000, &version) && version != kDialectFormat)
    Error(root["dialect"], "this pitboss reads dialect format " + std::to_string(kDialectFormat) + ", not " +
                               std::to_string(version));
  d_->path = path_;
  d_->sha256 = Sha256Hex(bytes);
  if (Str(root["id"], "id", &d_->id)) {
    if (d_->id.empty() || d_->id.find("..") != std::string::npos || d_->id.front() == '/' ||
        d_->id.find_first_of(" \t\\") != std::string::npos)
      Error(root["id"], "id '" + d_->id + "' must be words joined by '/', '-' or '.' (vendor/name)");
  }
  if (root["title"]) Str(root["title"], "title", &d_->title);
  if (root["source"]) ReadSource(root["source"]);
  ReadShape(root);
  if (const YAML::Node money = root["money"]) {
    if (reader_.Map(money, "money", {"currency"}, {"currency"}) &&
        Str(money["currency"], "money.currency", &d_->currency)) {
      const std::optional<int> digits = MinorUnitDigits(d_->currency);
      if (!digits)
        Error(money["currency"],
              "'" + d_->currency + "' is not an ISO 4217 currency this pitboss knows the decimals of");
      else
        d_->currency_digits = *digits;
    }
  }
  if (const YAML::Node time = root["time"]) {
    if (reader_.Map(time, "time", {"format", "zone"}, {"format"}) &&
        Str(time["format"], "time.format", &d_->time.format)) {
      if (std::string why = CheckTimeFormat(d_->time.format); !why.empty()) Error(time["format"], why);
      // A count from the epoch (%s, %Q) is in UTC, as a time with its offset (%z) is in that.
      const bool has_zone = d_->time.format.find("%z") != std::string::npos ||
                            d_->time.format.find("%s") != std::string::npos ||
                            d_->time.format.find("%Q") != std::string::npos;
      std::string zone;
      if (time["zone"] && Str(time["zone"], "time.zone", &zone)) {
        if (has_zone)
          Error(time["zone"],
                "time.format says the zone (%z, or a count from the epoch: %s %Q): time.zone has "
                "nothing to say");
        const std::optional<int> z = ParseZone(zone);
        if (!z)
          Error(time["zone"],
                "time.zone is Z or an offset (+01:00, -05:00), not '" + zone +
                    "' (a zone with summer time is ambiguous an hour a year: log the offset with %z)");
        else
          d_->time.zone_minutes = *z;
      } else if (!has_zone) {
        Error(time, "time.format writes no zone (%z): say with zone: which one the times are in (Z for UTC)");
      }
    }
  }
  if (const YAML::Node cards = root["cards"]) ReadCards(cards);
  if (const YAML::Node round = root["round"])
    d_->round_fields = ReadFields(round, "round", true, std::nullopt);
  const YAML::Node records = root["records"];
  if (!records.IsSequence() || records.size() == 0) {
    Error(records, "records: must list the record kinds, in the order they are tried");
    return nullptr;
  }
  for (const YAML::Node& r : records) ReadRecord(r);
  for (FieldRule& r : d_->round_fields) {
    if (d_->shape == DialectShape::kCsv || d_->shape == DialectShape::kJson) {
      Resolve(root["round"], &r, nullptr);
    } else if (!r.from.empty()) {
      // A text dialect's every record kind must have the group.
      for (const RecordKind& kind : d_->records) {
        if (kind.pattern && !kind.pattern->NamedCapturingGroups().count(r.from))
          Error(root["round"], "round." + r.field + " is read from group '" + r.from +
                                   "', which the pattern of record kind '" + kind.name +
                                   "' does not have (round: at the top is carried by every record)");
      }
    }
  }
  if (d_->shape == DialectShape::kJson) {
    if (root["rounds"])
      Error(root["rounds"], "rounds: is not for a json dialect: each JSON object of the log is one round");
  } else if (const YAML::Node rounds = root["rounds"]) {
    ReadRounds(rounds);
  } else {
    Error(root, "a dialect needs rounds: (how its records group into rounds)");
  }
  if (const YAML::Node not_checked = root["not_checked"]) ReadNotChecked(not_checked);
  CheckKinds(root);
  if (!reader_.ok()) return nullptr;
  for (FieldRule& r : d_->round_fields) r.slot = d_->slots++;
  for (RecordKind& k : d_->records) {
    for (FieldRule& r : k.round_fields) r.slot = d_->slots++;
    for (FieldRule& r : k.fields) r.slot = d_->slots++;
  }
  if (d_->shape == DialectShape::kJson) {
    // A JSON record carries the value of each rule's path at its slot, and each less: after.
    d_->json_values = d_->slots;
    auto place = [&](FieldRule& r) {
      if (r.from.empty()) return;
      r.index = r.slot;
      if (!r.less.empty()) r.less_index = d_->json_values++;
    };
    for (FieldRule& r : d_->round_fields) place(r);
    for (RecordKind& k : d_->records) {
      for (FieldRule& r : k.fields) place(r);
    }
  }
  if (d_->shape == DialectShape::kText) {
    auto set = std::make_shared<re2::RE2::Set>(re2::RE2::Options(), re2::RE2::ANCHOR_BOTH);
    for (const RecordKind& k : d_->records) {
      std::string error;
      if (set->Add(k.pattern->pattern(), &error) < 0) {
        Error(root["records"], "record kind '" + k.name + "': " + error);
        return nullptr;
      }
    }
    if (!set->Compile()) {
      Error(root["records"], "re2 cannot compile the record kinds' patterns together (too large?)");
      return nullptr;
    }
    d_->kinds = std::move(set);
    d_->text_kinds = std::make_shared<const TextKinds>(*d_);
  }
  return std::move(d_);
}

}  // namespace

std::string_view ToString(ValueAs as) {
  switch (as) {
    case ValueAs::kString:
      return "string";
    case ValueAs::kInt:
      return "int";
    case ValueAs::kMinorUnits:
      return "minor-units";
    case ValueAs::kMoney:
      return "money";
    case ValueAs::kTime:
      return "time";
    case ValueAs::kCard:
      return "card";
    case ValueAs::kSeat:
      return "seat";
  }
  return "string";
}

const RecordKind* Dialect::Kind(std::string_view name) const {
  for (const RecordKind& k : records)
    if (k.name == name) return &k;
  return nullptr;
}

std::unique_ptr<Dialect> LoadDialect(const std::string& path, std::vector<std::string>* errors) {
  // A file, and no more than a dialect can be: a FIFO or a link round a loop is said so,
  // never waited on.
  StatusOr<std::string> read = ReadRegularFile(path, kMaxDialectBytes);
  if (!read.ok()) {
    const std::string why = read.status().message();  // a copy: status() is a temporary
    errors->push_back(why.find("over the limit") != std::string::npos
                          ? path + ": a dialect is at most " + std::to_string(kMaxDialectBytes) + " bytes (" +
                                why.substr(path.size() + 2) + ")"
                          : why);
    return nullptr;
  }
  const std::string bytes = std::move(read).value();
  std::optional<YAML::Node> root = ReadYaml(path, bytes, errors);
  if (!root) return nullptr;
  Loader loader(path, errors);
  return loader.Load(*root, bytes);
}

std::vector<std::string> DialectFiles(const std::string& root) {
  std::vector<std::string> out;
  std::error_code ec;
  if (fs::is_regular_file(root, ec)) return {root};
  fs::recursive_directory_iterator it(root, fs::directory_options::none, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    // A .yaml that is no file (a link in a loop or to nothing, a FIFO) is listed all the same:
    // LoadDialect then says what it is, where passing it over would say nothing.
    std::error_code kind;
    if (p.extension() == ".yaml" && !it->is_directory(kind)) out.push_back(p.string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string DefaultDialectsPath() {
  if (const char* env = std::getenv("PITBOSS_DIALECTS"); env != nullptr && *env != '\0') return env;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path bin = exe.parent_path();
    for (const fs::path& candidate :
         {bin.parent_path() / "share" / "pitboss" / "dialects", bin.parent_path() / "dialects"}) {
      if (fs::is_directory(candidate, ec)) return candidate.string();
    }
  }
  return "dialects";
}

StatusOr<std::unique_ptr<Dialect>> FindDialect(const std::string& name) {
  std::error_code ec;
  std::string path;
  if (name.ends_with(".yaml") || name.ends_with(".yml") || fs::is_regular_file(name, ec)) {
    path = name;
  } else {
    const std::string root = DefaultDialectsPath();
    std::vector<std::string> ids;
    for (const std::string& file : DialectFiles(root)) {
      std::ifstream in(file);
      std::string line;
      while (std::getline(in, line)) {
        if (line.rfind("id:", 0) != 0) continue;
        std::string id = line.substr(3);
        id.erase(0, id.find_first_not_of(" \t\"'"));
        id.erase(id.find_last_not_of(" \t\"'\r") + 1);
        ids.push_back(id);
        if (id == name) path = file;
        break;
      }
      if (!path.empty()) break;
    }
    if (path.empty()) {
      std::string list;
      for (const std::string& id : ids) list += (list.empty() ? "" : ", ") + id;
      return Status::NotFound("no dialect '" + name + "' in " + root +
                              (list.empty() ? "" : " (it has: " + list + ")") + DidYouMean(name, ids) +
                              "; a dialect file's path works too");
    }
  }
  std::vector<std::string> errors;
  std::unique_ptr<Dialect> d = LoadDialect(path, &errors);
  if (!d) {
    std::string all;
    for (const std::string& e : errors) all += (all.empty() ? "" : "\n") + e;
    return Status::InvalidArgument("dialect " + path + " is not valid (pitboss lint " + path + "):\n" + all);
  }
  if (d->id != name && path != name)
    return Status::InvalidArgument("dialect file " + path + " says its id is '" + d->id + "', not '" + name +
                                   "'");
  return d;
}

}  // namespace pitboss
