#include "dialect/dialect_reader.h"

#include <re2/re2.h>

#include <algorithm>
#include <charconv>
#include <cstring>

#include "base/printable.h"
#include "base/same_bytes.h"
#include "dialect/text_kinds.h"
#include "history/round_parser.h"
#include "history/round_scanner.h"
#include "pitboss/money.h"

namespace pitboss {

namespace {

// A short, printable quotation of a value from the log, for a message.
std::string Quote(std::string_view raw) {
  constexpr size_t kShown = 80;
  std::string shown(raw.substr(0, kShown));
  return "'" + shown + (raw.size() > kShown ? "...'" : "'");
}

bool ParseInteger(std::string_view text, int64_t* out) {
  if (text.empty()) return false;
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  const auto r = std::from_chars(begin, end, *out);
  return r.ec == std::errc() && r.ptr == end;
}

// The order v1 writes an event's fields in.
constexpr std::string_view kEventOrder[] = {"seat", "hand",   "wager", "amount", "card",
                                            "face", "action", "net",   "shoe",   "decks"};

// An event field's EventField, or DialectConverter's kFace ("face", which ScannedEvent reads
// apart from the fields); one of kEventOrder.
int ScannedFieldOf(std::string_view field) {
  static constexpr std::pair<std::string_view, EventField> kFields[] = {
      {"seat", EventField::kSeat},     {"hand", EventField::kHand}, {"wager", EventField::kWager},
      {"amount", EventField::kAmount}, {"card", EventField::kCard}, {"action", EventField::kAction},
      {"net", EventField::kNet},       {"shoe", EventField::kShoe}, {"decks", EventField::kDecks}};
  for (const auto& [name, f] : kFields)
    if (name == field) return static_cast<int>(f);
  return -1;
}

// A text v1 writes as it is, between quotes (AppendValue), and the fast path reads so: plain
// ASCII, nothing to escape.
bool PlainText(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) {
    return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x80 && c != '"' &&
           c != '\\';
  });
}

}  // namespace

// What a round field of the v1 line is, for DirectRound: worked out once for each field name.
DialectConverter::RoundTarget DialectConverter::TargetOf(std::string_view field) {
  RoundTarget t;
  if (field.starts_with("limits.")) {
    // limits.WAGER.min or .max, of a wager the format has (WriteRound leaves out the rest).
    const std::string_view rest = field.substr(7);
    const size_t dot = rest.rfind('.');
    if (dot == std::string_view::npos) return t;
    const std::optional<WagerKind> wager = ParseWagerKind(rest.substr(0, dot));
    const std::string_view bound = rest.substr(dot + 1);
    if (!wager || *wager == WagerKind::kUnknown || (bound != "min" && bound != "max")) return t;
    t.what = RoundTarget::kLimit;
    t.wager = static_cast<int8_t>(*wager);
    t.max = bound == "max";
    return t;
  }
  t.what = field == "round"      ? RoundTarget::kId
           : field == "time"     ? RoundTarget::kTime
           : field == "table"    ? RoundTarget::kTable
           : field == "rules"    ? RoundTarget::kRules
           : field == "currency" ? RoundTarget::kCurrency
                                 : RoundTarget::kOther;  // a field WriteRound does not write
  return t;
}

namespace {

// The bytes of `s` (at most 8) as a little-endian word, zeros after them: two loads, not a copy
// of `s.size()` bytes (the loads overlap where the size is not a power of two, and agree there).
uint64_t ShortKey(std::string_view s) {
  const char* p = s.data();
  const size_t n = s.size();
  if (n >= 4) {
    uint32_t lo = 0, hi = 0;
    std::memcpy(&lo, p, sizeof lo);
    std::memcpy(&hi, p + n - 4, sizeof hi);
    return uint64_t{lo} | (uint64_t{hi} << (8 * (n - 4)));
  }
  if (n == 0) return 0;
  auto byte = [&](size_t i) { return uint64_t{static_cast<unsigned char>(p[i])} << (8 * i); };
  return byte(0) | byte(n / 2) | byte(n - 1);
}

// A hash of `s`: of its first, middle and last 8 bytes (all of them, where it has no more).
uint64_t HashText(std::string_view s) {
  const size_t n = s.size();
  if (n <= sizeof(uint64_t)) return ShortKey(s) ^ n;
  uint64_t a = 0, b = 0, c = 0;
  std::memcpy(&a, s.data(), sizeof a);
  std::memcpy(&b, s.data() + n - sizeof b, sizeof b);
  if (n > 2 * sizeof(uint64_t)) std::memcpy(&c, s.data() + n / 2 - sizeof c / 2, sizeof c);
  return (a * 0x9E3779B97F4A7C15ull) ^ ((b + n) * 0xC2B2AE3D27D4EB4Full) ^ (c * 0x165667B19E3779F9ull);
}

// Of a CSV record and the places of its declared columns' values in it (offset and size, two
// uint16s each, as DialectReader::Append writes them): the text from column `first`'s value's
// start to column `last`'s value's end (`last` not before it in the record).
__attribute__((always_inline)) inline std::string_view PlacedSpan(std::string_view record, const char* places,
                                                                  size_t first, size_t last) {
  uint16_t from[2], to[2];
  std::memcpy(from, places + first * sizeof from, sizeof from);
  std::memcpy(to, places + last * sizeof to, sizeof to);
  const size_t begin = std::min<size_t>(from[0], record.size());
  const size_t end = std::min<size_t>(size_t{to[0]} + to[1], record.size());
  return record.substr(begin, end > begin ? end - begin : 0);
}

}  // namespace

void DialectConverter::AppendValue(std::string* out, const Value& v) {
  if (!v.is_int) {
    // Most values are plain ASCII with nothing to escape: written as they are.
    if (!PlainText(v.text)) {
      AppendJsonString(out, v.text);
      return;
    }
    out->push_back('"');
    out->append(v.text);
    out->push_back('"');
    return;
  }
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v.number);
  out->append(buf, static_cast<size_t>(r.ptr - buf));
}

DialectConverter::DialectConverter(const Dialect& dialect) : d_(dialect) {
  round_only_.name = "round";
  round_only_.role = RecordRole::kRound;
  cache_.resize(static_cast<size_t>(d_.slots));
  memo_.resize(static_cast<size_t>(d_.slots) * kMemoWays);
  // Each round field's name as a number, for each rule that sets one (by its slot).
  slot_field_.assign(static_cast<size_t>(d_.slots), -1);
  std::vector<std::string_view> names;
  auto number = [&](const FieldRule& r) {
    if (r.slot < 0 || static_cast<size_t>(r.slot) >= slot_field_.size()) return;
    auto it = std::find(names.begin(), names.end(), std::string_view(r.field));
    if (it == names.end()) {
      names.push_back(r.field);
      field_targets_.push_back(TargetOf(r.field));
      it = names.end() - 1;
    }
    slot_field_[static_cast<size_t>(r.slot)] = static_cast<int>(it - names.begin());
  };
  for (const FieldRule& r : d_.round_fields) number(r);
  for (const RecordKind& k : d_.records)
    for (const FieldRule& r : k.round_fields) number(r);
  field_at_.assign(names.size(), -1);
  if (d_.shape == DialectShape::kCsv) {
    // The columns the dialect's round fields read (the one a rule takes from, and the one it
    // takes away): a record that has the same texts in them as the record before it in its
    // round has nothing new to say of the round.
    std::vector<bool> is_round_column(d_.columns.size(), false);
    for (const FieldRule& r : d_.round_fields)
      for (const int at : {r.index, r.less_index})
        if (at >= 0 && static_cast<size_t>(at) < is_round_column.size())
          is_round_column[static_cast<size_t>(at)] = true;
    for (uint32_t c = 0; c < is_round_column.size(); ++c)
      if (is_round_column[c]) round_columns_.push_back(c);
  }
  for (const RecordKind& k : d_.records) {
    const FieldRule* key = nullptr;
    for (const std::vector<FieldRule>* rules : {&d_.round_fields, &k.round_fields}) {
      for (const FieldRule& r : *rules)
        if (!d_.key.empty() && r.field == d_.key) key = &r;
    }
    key_rule_.push_back(key);
    std::string type = "{\"type\":";
    AppendJsonString(&type, ToString(k.event));
    type_.push_back(std::move(type));
    std::vector<PlannedField>& plan = event_fields_.emplace_back();
    kind_made_once_.push_back(
        d_.shape != DialectShape::kJson &&
        std::none_of(k.fields.begin(), k.fields.end(), [](const FieldRule& r) { return r.less_index >= 0; }));
    line_made_once_.push_back(d_.shape == DialectShape::kText && kind_made_once_.back() &&
                              k.role == RecordRole::kEvent && k.round_fields.empty() &&
                              d_.round_fields.empty() && d_.key.empty());
    for (std::string_view field : kEventOrder) {
      for (const FieldRule& r : k.fields) {
        if (r.field != field) continue;
        std::string key_text = ",";
        AppendJsonString(&key_text, field);
        key_text.push_back(':');
        plan.push_back({&r, std::move(key_text), ScannedFieldOf(field)});
      }
    }
  }
}

// The layout of a grouped round (NextGrouped): kDialectRoundMark; of a CSV log, the place of each
// declared column in the file's records (a count, uint32, then each place, int32); then an
// entry for each record or error, in the log's order: its line (int64), its kind (int32; -1 for
// an error, kLineOfText for a line of text whose kind the converter finds) and a count (uint32).
// Then for an error its message; for a line of text its bytes; for a CSV record its bytes as the
// log has them, then a count (uint32) and each declared column's value's offset in them and size
// (two uint32s; a count of 0 where the reader unescaped a field: the converter splits it again);
// for any other record each value's place and size (two uint32s) and the values' bytes
// one after the other.
namespace {

template <typename T>
void Put(std::string* out, T v) {
  char bytes[sizeof v];
  std::memcpy(bytes, &v, sizeof v);
  out->append(bytes, sizeof v);
}

template <typename T>
T Take(std::string_view* in) {
  T v{};
  if (in->size() < sizeof v) {
    in->remove_prefix(in->size());
    return v;
  }
  std::memcpy(&v, in->data(), sizeof v);
  in->remove_prefix(sizeof v);
  return v;
}

}  // namespace

namespace {

// What a record the dialect cannot read is: the dialect, the record's kind and the field's
// rule, where known, and why.
std::string Describe(const Dialect& d, const RecordKind* kind, const FieldRule* rule,
                     const std::string& why) {
  std::string text = "dialect " + d.id;
  if (kind != nullptr) text += ", record kind '" + kind->name + "'";
  if (rule != nullptr) {
    text += rule->value ? ", v1 field " + rule->field
                        : std::string(d.shape == DialectShape::kCsv    ? ", column '"
                                      : d.shape == DialectShape::kJson ? ", path '"
                                                                       : ", group '") +
                              rule->from + "' (v1 field " + rule->field + ")";
    text += " (" + d.path + ":" + std::to_string(rule->line) + ")";
  }
  text += ": " + why;
  return text;
}

// Why a line of a text log is no record: it matches no kind's pattern.
std::string NoKind(const Dialect& d, std::string_view line) {
  return "the line matches no record kind (" + d.text_kinds->names() + "): " + Printable(Quote(line));
}

}  // namespace

void DialectConverter::Convert(std::string_view grouped) {
  direct_ = nullptr;
  ReadRecords(grouped);
  WriteRound();
}

bool DialectConverter::ConvertInto(std::string_view grouped, Round* round) {
  // Made once it is used (a reader's own converter never is): a few hundred KiB.
  if (events_made_.empty()) events_made_.resize(size_t{1} << kEventsMadeBits);
  ClearRound(round);
  direct_ = round;
  direct_ok_ = true;
  ReadRecords(grouped);
  if (direct_ok_ && DirectRound()) {
    direct_ = nullptr;
    round_.clear();
    round_size_ = 0;
    return true;
  }
  // A value the fast path would not take as written: the round is read again, as the v1 line
  // the parser words it from (a round at fault, and rare).
  ClearRound(round);
  Convert(grouped);
  return false;
}

void DialectConverter::ReadRecords(std::string_view grouped) {
  ++round_serial_;
  csv_places_ = nullptr;
  for (const int id : round_field_ids_)
    if (id >= 0) field_at_[static_cast<size_t>(id)] = -1;
  round_fields_.clear();
  round_field_ids_.clear();
  round_field_lines_.clear();
  events_.clear();
  events_count_ = 0;
  event_lines_.clear();
  errors_.clear();
  faults_.clear();
  grouped.remove_prefix(std::min(grouped.size(), kDialectRoundMark.size()));
  const bool csv = d_.shape == DialectShape::kCsv;
  if (csv) {
    column_at_.resize(Take<uint32_t>(&grouped));
    for (int& at : column_at_) at = Take<int32_t>(&grouped);
    if (column_at_ != kind_columns_layout_) {
      // Each kind's columns first and last in the file (EventText), for this layout.
      kind_columns_layout_ = column_at_;
      kind_columns_.assign(d_.records.size(), {-1, -1});
      for (size_t k = 0; k < d_.records.size(); ++k) {
        int first = -1, last = -1;
        for (const PlannedField& f : event_fields_[k]) {
          const int at = f.rule->index;
          if (f.rule->value || at < 0 || static_cast<size_t>(at) >= column_at_.size()) continue;
          const int place = column_at_[static_cast<size_t>(at)];
          if (first < 0 || place < column_at_[static_cast<size_t>(first)]) first = at;
          if (last < 0 || place >= column_at_[static_cast<size_t>(last)]) last = at;
        }
        kind_columns_[k] = {first, last};
      }
      // The round columns side by side in the file, in runs: (first, last) declared column.
      round_runs_.clear();
      for (const uint32_t c : round_columns_) {
        if (c >= column_at_.size()) continue;
        if (!round_runs_.empty() && column_at_[c] == column_at_[round_runs_.back().second] + 1) {
          round_runs_.back().second = c;
        } else {
          round_runs_.emplace_back(c, c);
        }
      }
      prior_runs_.resize(round_runs_.size());
      layout_in_order_ = true;
      for (size_t c = 0; c < column_at_.size(); ++c)
        layout_in_order_ = layout_in_order_ && column_at_[c] == static_cast<int>(c);
      own_places_.resize(2 * (column_at_.size() + kCsvPlacesSlack));
      if (!layout_in_order_) file_places_.resize(own_places_.size());
      FindEdges();
    }
  }
  bool prior_placed = false;  // the record before in the round had its values placed
  prior_edges_ = false;
  key_held_ = nullptr;
  while (!grouped.empty()) {
    const auto line = Take<int64_t>(&grouped);
    const auto kind = Take<int32_t>(&grouped);
    const auto count = Take<uint32_t>(&grouped);
    if (csv && kind >= 0) {
      const std::string_view record = grouped.substr(0, count);
      grouped.remove_prefix(std::min<size_t>(count, grouped.size()));
      // Where the reader found each declared column's value in it (offset and size), or none
      // where it unescaped a field: the record is then split again here.
      const auto told = Take<uint32_t>(&grouped);
      const uint32_t places = told & ~kUnquotedRecord;
      const size_t table = std::min<size_t>(size_t{places} * 2 * sizeof(uint16_t), grouped.size());
      const std::string_view entries = grouped.substr(0, table);
      grouped.remove_prefix(table);
      if (static_cast<size_t>(kind) >= d_.records.size()) continue;
      // An event made before, in a record whose round columns say what the record's before did
      // (and all of it read and set then, its key too): Record would find the event made, and
      // do nothing else; so it is done here, where the record need not be split to know it.
      std::string_view middle;
      if (direct_ != nullptr && prior_edges_ && places == 0 && (told & kUnquotedRecord) != 0 &&
          static_cast<size_t>(kind) < kind_in_middle_.size() && kind_in_middle_[static_cast<size_t>(kind)] &&
          round_clean_ && key_held_ == key_rule_[static_cast<size_t>(kind)] &&
          events_count_ < kMaxRoundRecords && SameEdges(record, &middle)) {
        const EventMade& made = events_made_[MadeAt(static_cast<size_t>(kind), middle)];
        if (made.kind == kind && SameText(made.text, middle)) {
          TakeMade(made, line);
          prior_placed = true;
          continue;
        }
      }
      bool in_record = places == column_at_.size() && table == size_t{places} * 2 * sizeof(uint16_t);
      csv_places_ = in_record ? entries.data() : nullptr;
      if (!in_record && places == 0 && (told & kUnquotedRecord) != 0 && !column_at_.empty()) {
        // A record that quotes nothing, which the reader left to be split here: where each
        // declared column's value is (in the declared order, as the reader's are).
        uint16_t* split = layout_in_order_ ? own_places_.data() : file_places_.data();
        if (SplitCsvPlaces(record, d_.delimiter, split, column_at_.size()) ==
            static_cast<ptrdiff_t>(column_at_.size())) {
          if (!layout_in_order_) {
            for (size_t c = 0; c < column_at_.size(); ++c) {
              const auto at = static_cast<size_t>(column_at_[c]);
              own_places_[2 * c] = split[2 * at];
              own_places_[2 * c + 1] = split[2 * at + 1];
            }
          }
          csv_places_ = reinterpret_cast<const char*>(own_places_.data());
          in_record = true;
        }
      }
      if (in_record) {
        // Its values are read where they are, as the rules ask for them (ValueAt).
        csv_record_ = record;
        csv_unquoted_ = (told & kUnquotedRecord) != 0;
        KeepEdges(record);
      } else {
        prior_edges_ = false;
        // Its values are views of the grouped round, or of the scratch buffer where a field
        // was unescaped.
        csv_places_ = nullptr;
        std::string why;
        fields_.clear();
        if (!SplitCsv(record, d_.delimiter, &fields_, &csv_scratch_, &why) ||
            fields_.size() != column_at_.size()) {
          AddError(line, Describe(d_, nullptr, nullptr, "the record is not CSV: " + why));
          continue;
        }
        values_.resize(column_at_.size());
        for (size_t c = 0; c < column_at_.size(); ++c)
          values_[c] = fields_[static_cast<size_t>(column_at_[c])];
      }
      // Whether its round columns have the texts of the record before it in the round, where
      // both records' values are placed (the first record of a round never): the columns of
      // each run compared as one text (the texts between them are delimiters; a quote there
      // too only makes them differ). Else the round's fields are read again, which gives the
      // same round (Record: this only spares the work).
      bool same = false;
      if (in_record) {
        same = prior_placed;
        for (size_t r = 0; r < round_runs_.size(); ++r) {
          const std::string_view text =
              PlacedSpan(record, csv_places_, round_runs_[r].first, round_runs_[r].second);
          same = same && SameText(text, prior_runs_[r]);
          prior_runs_[r] = text;
        }
      }
      prior_placed = in_record;
      Record(d_.records[static_cast<size_t>(kind)], line, same);
      // Whether the key's cached text, set in the round, is this record's (the next record's
      // too where its edges are this one's).
      key_held_ = nullptr;
      if (const FieldRule* key = key_rule_[static_cast<size_t>(kind)];
          prior_edges_ && key != nullptr && key->slot >= 0) {
        const Cached& c = cache_[static_cast<size_t>(key->slot)];
        if (c.valid && c.applied == round_serial_ && SameText(c.raw, RawOf(*key))) key_held_ = key;
      }
      continue;
    }
    csv_places_ = nullptr;
    if (kind == kLineOfText) {
      // A line of a text log the reader left to the converter: its kind found here.
      const std::string_view text = grouped.substr(0, count);
      grouped.remove_prefix(std::min<size_t>(count, grouped.size()));
      // The line of an event made before, of a kind whose line says nothing else: Record would
      // find the event made, and do nothing else; so it is done here, with no kind to find.
      if (direct_ != nullptr && events_count_ < kMaxRoundRecords) {
        const EventMade& made = events_made_[MadeAt(0, text)];
        if (made.kind >= 0 && line_made_once_[static_cast<size_t>(made.kind)] && SameText(made.text, text)) {
          TakeMade(made, line);
          round_clean_ = true;  // as Record leaves it, of a record with no round field
          continue;
        }
      }
      const int k = d_.text_kinds->Match(d_, text, &groups_, &matched_);
      if (k < 0) {
        AddError(line, Describe(d_, nullptr, nullptr, NoKind(d_, text)));
        continue;
      }
      const RecordKind& of = d_.records[static_cast<size_t>(k)];
      if (of.role == RecordRole::kIgnore) continue;
      values_.clear();
      for (const re2::StringPiece& g : groups_) values_.emplace_back(g.data(), g.size());
      Record(of, line, false);
      continue;
    }
    if (kind < 0) {
      AddError(line, grouped.substr(0, count));
      grouped.remove_prefix(std::min<size_t>(count, grouped.size()));
      continue;
    }
    const size_t table = std::min<size_t>(size_t{count} * 2 * sizeof(uint32_t), grouped.size());
    const std::string_view entries = grouped.substr(0, table);
    grouped.remove_prefix(table);
    values_.assign(count, std::string_view());
    for (size_t i = 0; i + 2 * sizeof(uint32_t) <= entries.size(); i += 2 * sizeof(uint32_t)) {
      uint32_t at = 0, n = 0;
      std::memcpy(&at, entries.data() + i, sizeof at);
      std::memcpy(&n, entries.data() + i + sizeof at, sizeof n);
      if (at < values_.size()) values_[at] = grouped.substr(0, n);
      grouped.remove_prefix(std::min<size_t>(n, grouped.size()));
    }
    if (static_cast<size_t>(kind) < d_.records.size()) {
      Record(d_.records[static_cast<size_t>(kind)], line, false);
    } else if (static_cast<size_t>(kind) == d_.records.size()) {
      Record(round_only_, line, false);
    }
  }
  csv_places_ = nullptr;  // the reader's key values (Process) are values_'s
}

void DialectConverter::AddError(int64_t line, std::string_view message) {
  Error& e = errors_.emplace_back();
  e.line = line;
  e.text.assign(kDialectErrorMark);
  // The round it is in, where it says its id and table: the finding names them.
  for (std::string_view field : {"round", "table"}) {
    for (const auto& [name, v] : round_fields_) {
      if (name == field && !v.is_int) e.text += v.text;
    }
    e.text.push_back(kDialectErrorSeparator);
  }
  e.text += message;
}

void DialectConverter::Fail(int64_t line, const RecordKind* kind, const FieldRule* rule,
                            const std::string& why) {
  // One value read by two records of a line (a JSON bet read as the bet and, for its stake,
  // as its settlement) is one fault: it is said once.
  std::pair<int64_t, std::string> fault(line, why);
  if (std::find(faults_.begin(), faults_.end(), fault) != faults_.end()) return;
  faults_.push_back(std::move(fault));
  AddError(line, Describe(d_, kind, rule, why));
}

const DialectConverter::Value* DialectConverter::Convert(const FieldRule& rule, bool* present,
                                                         std::string* why) {
  *present = true;
  const std::string_view raw = RawOf(rule);
  if (rule.less_index >= 0) {
    // An amount less another (a gross payout less the stake): not cached, as it is two texts.
    Value* out = &uncached_;
    out->is_int = false;
    out->text.clear();
    if (!ConvertRaw(rule, raw, out, present, why)) return nullptr;
    if (!*present) return out;
    const auto at = static_cast<size_t>(rule.less_index);
    const std::string_view less = ValueAt(at);
    if (less.empty()) {
      *why = "the amount to take from it (less: " + rule.less + ") is empty";
      return nullptr;
    }
    FieldRule plain = rule;
    plain.optional = false;
    Value taken;
    bool there = false;
    if (!ConvertRaw(plain, less, &taken, &there, why)) return nullptr;
    if (__builtin_sub_overflow(out->number, taken.number, &out->number)) {
      *why = "the amount less " + rule.less + " overflows";
      return nullptr;
    }
    out->plain = out->is_int || PlainText(out->text);
    return out;
  }
  Cached* cached = rule.slot >= 0 && static_cast<size_t>(rule.slot) < cache_.size()
                       ? &cache_[static_cast<size_t>(rule.slot)]
                       : nullptr;
  if (cached != nullptr && cached->valid && SameText(cached->raw, raw)) {
    *present = cached->present;
    return &cached->value;
  }
  Value* out = cached != nullptr ? &cached->value : &uncached_;
  out->is_int = false;
  out->text.clear();
  const bool ok = ConvertRaw(rule, raw, out, present, why);
  out->plain = out->is_int || PlainText(out->text);
  if (cached != nullptr) {
    cached->valid = ok;
    cached->applied = UINT64_MAX;  // a new text: not the round's until it is set there
    if (ok) {
      cached->raw.assign(raw);
      cached->present = *present;
    }
  }
  return ok ? out : nullptr;
}

const DialectConverter::Value* DialectConverter::ConvertEventField(const FieldRule& rule, bool* present,
                                                                   std::string* why) {
  const std::string_view raw = RawOf(rule);
  if (rule.less_index >= 0 || rule.slot < 0 || raw.size() > sizeof(uint64_t))
    return Convert(rule, present, why);
  const uint64_t key = ShortKey(raw);
  Memo& m = memo_[static_cast<size_t>(rule.slot) * kMemoWays +
                  (((key + raw.size()) * 0x9E3779B97F4A7C15ull) >> (64 - kMemoBits))];
  if (m.size == raw.size() && m.key == key) {
    *present = m.present;
    return &m.value;
  }
  m.value.is_int = false;
  m.value.text.clear();
  *present = true;
  if (!ConvertRaw(rule, raw, &m.value, present, why)) {
    m.size = UINT8_MAX;
    return nullptr;
  }
  m.value.plain = m.value.is_int || PlainText(m.value.text);
  m.key = key;
  m.size = static_cast<uint8_t>(raw.size());
  m.present = *present;
  return &m.value;
}

bool DialectConverter::ConvertRaw(const FieldRule& rule, std::string_view raw, Value* out, bool* present,
                                  std::string* why) {
  if (raw.empty() && rule.optional) {
    *present = false;
    return true;
  }
  if (rule.has_map) {
    const auto it =
        std::find_if(rule.map.begin(), rule.map.end(), [&](const auto& p) { return p.first == raw; });
    if (it != rule.map.end()) {
      raw = it->second;
    } else if (!rule.keep_other) {
      std::string words;
      for (size_t i = 0; i < rule.map.size() && i < 12; ++i)
        words += (i ? ", " : "") + Quote(rule.map[i].first);
      *why = Quote(raw) + " is not a word the dialect maps for " + rule.field + " (" + words +
             (rule.map.size() > 12 ? ", ..." : "") + ")";
      return false;
    }
  }
  switch (rule.as) {
    case ValueAs::kString:
      out->text.assign(raw);
      return true;
    case ValueAs::kInt:
    case ValueAs::kMinorUnits:
      if (!ParseInteger(raw, &out->number)) {
        *why = Quote(raw) + " is not a whole number" +
               (rule.as == ValueAs::kMinorUnits ? std::string(" of minor units") : std::string());
        return false;
      }
      out->is_int = true;
      return true;
    case ValueAs::kMoney: {
      const std::optional<Money> m = ParseDecimalMoney(raw, d_.currency_digits, why);
      if (!m) {
        *why = Quote(raw) + " is not an amount in " + d_.currency + ": " + *why;
        return false;
      }
      out->is_int = true;
      out->number = *m;
      return true;
    }
    case ValueAs::kTime:
      return ReadVendorTime(d_.time, raw, &out->text, why);
    case ValueAs::kCard:
      // A card the notation does not read goes on as written: the check reports it as a card
      // that is not one (input/bad-card), as it would in a v1 log.
      {
        // A shoe has few distinct cards: each short text is read by the notation's pattern
        // once, and remembered in a table of its own (one place for each text, which a later
        // text of the same place takes).
        CardRead* memo = nullptr;
        uint64_t key = 0;
        if (raw.size() <= sizeof key) {
          key = ShortKey(raw);
          memo = &cards_read_[((key + raw.size()) * 0x9E3779B97F4A7C15ull) >> (64 - kCardsRememberedBits)];
          if (memo->size == raw.size() && memo->key == key) {
            out->text.assign(memo->code, memo->code_size);
            return true;
          }
        }
        if (!d_.cards || !d_.cards->Read(raw, &out->text)) out->text.assign(raw);
        if (memo != nullptr && out->text.size() <= sizeof memo->code) {
          memo->key = key;
          memo->size = static_cast<uint8_t>(raw.size());
          memo->code_size = static_cast<uint8_t>(out->text.size());
          std::memcpy(memo->code, out->text.data(), out->text.size());
        }
      }
      return true;
    case ValueAs::kSeat:
      if (raw == "dealer") {
        out->text = "dealer";
        return true;
      }
      if (!ParseInteger(raw, &out->number)) {
        *why = Quote(raw) + " is not a seat (a number, or a word the dialect maps to dealer)";
        return false;
      }
      out->is_int = true;
      return true;
  }
  return false;
}

void DialectConverter::Record(const RecordKind& kind, int64_t line, bool same_round) {
  const Value* v = nullptr;
  bool present = false;
  std::string why;
  std::vector<std::pair<const FieldRule*, const Value*>>& round_values = round_values_;
  round_values.clear();
  bool bad = false;
  const FieldRule* key_rule = nullptr;
  if (!d_.key.empty()) {
    // The reader grouped the record by its key: the round's, already set unless it is its
    // first record (or a record that says it in other words).
    key_rule = key_rule_[static_cast<size_t>(&kind - d_.records.data())];
    const Cached* same =
        key_rule != nullptr && key_rule->slot >= 0 ? &cache_[static_cast<size_t>(key_rule->slot)] : nullptr;
    if (key_rule == nullptr) {
      Fail(line, &kind, nullptr, "the record does not say which round it is of (v1 field " + d_.key + ")");
      return;
    }
    if (same == nullptr || !same->valid || same->applied != round_serial_ ||
        !SameText(same->raw, RawOf(*key_rule))) {
      v = Convert(*key_rule, &present, &why);
      if (v == nullptr || !present) {
        Fail(line, &kind, key_rule, present ? why : "empty: the record does not say which round it is of");
        return;
      }
      round_values.emplace_back(key_rule, v);
    }
  }
  auto read_round = [&](const std::vector<FieldRule>& rules) {
    for (const FieldRule& r : rules) {
      if (&r == key_rule) continue;
      // A field the round already has from this same text (a CSV export repeats its round's
      // fields on every row) has nothing more to say.
      if (r.slot >= 0) {
        const Cached& c = cache_[static_cast<size_t>(r.slot)];
        if (c.valid && c.applied == round_serial_ && SameText(c.raw, RawOf(r))) continue;
      }
      v = Convert(r, &present, &why);
      if (v == nullptr) {
        Fail(line, &kind, &r, why);
        bad = true;
        continue;
      }
      if (present) round_values.emplace_back(&r, v);
    }
  };
  // A json dialect's round fields come in the round's record of its own, once. A CSV record
  // whose round fields are the texts of the record before it in its round (ReadRecords), all of them
  // read and set then, has nothing more to say of them.
  const bool read_dialects = d_.shape != DialectShape::kJson || &kind == &round_only_;
  const bool skip = same_round && round_clean_;
  if (read_dialects && !skip) {
    round_clean_ = false;
    read_round(d_.round_fields);
  }
  read_round(kind.round_fields);
  // A record that cannot be read whole gives the round nothing but the key it was grouped by.
  if (bad) {
    if (key_rule != nullptr && round_fields_.empty() && !round_values.empty() &&
        round_values.front().first == key_rule)
      SetRoundField(*key_rule, *round_values.front().second, line, kind);
    return;
  }
  bool set = true;
  for (const auto& [rule, value] : round_values) set = SetRoundField(*rule, *value, line, kind) && set;
  if (read_dialects && !skip) round_clean_ = set;
  if (kind.role != RecordRole::kEvent) return;
  if (events_count_ >= kMaxRoundRecords) {
    Fail(line, &kind, nullptr,
         "the round has more than " + std::to_string(kMaxRoundRecords) + " events: this record is not read");
    return;
  }
  const auto kind_index = static_cast<size_t>(&kind - d_.records.data());
  const std::vector<PlannedField>& plan = event_fields_[kind_index];
  if (direct_ != nullptr) {
    // An event of the kind and text of one made before: the same Event.
    std::string_view text;
    EventMade* made = nullptr;
    if (EventText(kind_index, &text)) {
      made = &events_made_[MadeAt(kind_index, text)];
      if (made->kind == static_cast<int32_t>(kind_index) && SameText(made->text, text)) {
        TakeMade(*made, line);
        return;
      }
    }
    // Straight into the Round, once its values are all read (a value not read leaves the
    // event out, as below).
    event_values_.assign(plan.size(), nullptr);
    for (size_t i = 0; i < plan.size(); ++i) {
      v = ConvertEventField(*plan[i].rule, &present, &why);
      if (v == nullptr) {
        Fail(line, &kind, plan[i].rule, why);
        return;
      }
      if (!present) continue;
      if (v == &uncached_) {
        // An amount less another, not cached: kept apart from the next such value.
        event_copies_.resize(plan.size());
        event_copies_[i] = *v;
        v = &event_copies_[i];
      }
      event_values_[i] = v;
    }
    if (direct_ok_ && !DirectEvent(kind, event_values_.data())) {
      direct_ok_ = false;
    } else if (direct_ok_ && made != nullptr) {
      made->kind = static_cast<int32_t>(kind_index);
      made->text.assign(text);
      made->event = direct_->events.back();
    }
    ++events_count_;
    event_lines_.push_back(line);
    return;
  }
  // The event, its fields in v1's order.
  std::string& text = events_;
  const size_t mark = text.size();
  if (events_count_ > 0) text.push_back(',');
  text += type_[static_cast<size_t>(&kind - d_.records.data())];
  for (const PlannedField& f : plan) {
    v = ConvertEventField(*f.rule, &present, &why);
    if (v == nullptr) {
      Fail(line, &kind, f.rule, why);
      bad = true;
      break;
    }
    if (!present) continue;
    text += f.key;
    AppendValue(&text, *v);
  }
  text.push_back('}');
  if (bad) {
    text.resize(mark);  // the event is not part of the round
    return;
  }
  ++events_count_;
  event_lines_.push_back(line);
}

void DialectConverter::TakeMade(const EventMade& made, int64_t line) {
  if (direct_ok_) direct_->events.push_back(made.event);
  ++events_count_;
  event_lines_.push_back(line);
}

size_t DialectConverter::MadeAt(size_t kind, std::string_view text) const {
  if (d_.shape == DialectShape::kText) kind = 0;
  return ((HashText(text) + kind) * 0x9E3779B97F4A7C15ull) >> (64 - kEventsMadeBits);
}

void DialectConverter::FindEdges() {
  // Events remembered of another layout are read from other columns: none is kept.
  for (EventMade& made : events_made_) made.kind = -1;
  edges_ = false;
  edge_first_ = edge_last_ = -1;
  kind_in_middle_.assign(d_.records.size(), false);
  prior_edges_ = false;
  // The declared column at each of the file's (the reader's header maps one to one).
  const size_t columns = column_at_.size();
  std::vector<int> declared(columns, -1);
  for (size_t c = 0; c < columns; ++c) {
    const int at = column_at_[c];
    if (at < 0 || static_cast<size_t>(at) >= columns || declared[static_cast<size_t>(at)] >= 0) return;
    declared[static_cast<size_t>(at)] = static_cast<int>(c);
  }
  std::vector<bool> round_at(columns, false);  // by the file's column
  for (const uint32_t c : round_columns_)
    if (c < columns) round_at[static_cast<size_t>(column_at_[c])] = true;
  size_t head = 0, tail = columns;  // [head, tail): the columns between the edges
  while (head < columns && round_at[head]) ++head;
  while (tail > head && round_at[tail - 1]) --tail;
  if (head == tail || std::find(round_at.begin() + static_cast<ptrdiff_t>(head),
                                round_at.begin() + static_cast<ptrdiff_t>(tail),
                                true) != round_at.begin() + static_cast<ptrdiff_t>(tail))
    return;
  edges_ = true;
  edge_first_ = head > 0 ? declared[head - 1] : -1;
  edge_last_ = tail < columns ? declared[tail] : -1;
  auto between = [&](int at) {
    if (at < 0 || static_cast<size_t>(at) >= columns) return false;
    const auto place = static_cast<size_t>(column_at_[static_cast<size_t>(at)]);
    return place >= head && place < tail;
  };
  auto on_edge = [&](int at) {
    return at >= 0 && static_cast<size_t>(at) < columns &&
           round_at[static_cast<size_t>(column_at_[static_cast<size_t>(at)])];
  };
  for (size_t k = 0; k < d_.records.size(); ++k) {
    const RecordKind& kind = d_.records[k];
    const FieldRule* key = key_rule_[k];
    bool in_middle = kind_made_once_[k] && kind.role == RecordRole::kEvent && kind.round_fields.empty() &&
                     key != nullptr && key->slot >= 0 && !key->value && key->less_index < 0 &&
                     on_edge(key->index);
    for (const PlannedField& f : event_fields_[k])
      in_middle = in_middle && (f.rule->value || (between(f.rule->index) && f.rule->less_index < 0));
    kind_in_middle_[k] = in_middle;
  }
}

void DialectConverter::KeepEdges(std::string_view record) {
  prior_edges_ = edges_ && csv_unquoted_;
  if (!prior_edges_) return;
  const size_t n = record.size();
  size_t head = 0, tail = n;
  if (edge_first_ >= 0) {
    const std::string_view v = ValueAt(static_cast<size_t>(edge_first_));
    head = static_cast<size_t>(v.data() - record.data()) + v.size();
  }
  if (edge_last_ >= 0)
    tail = static_cast<size_t>(ValueAt(static_cast<size_t>(edge_last_)).data() - record.data());
  prior_head_ = record.substr(0, head);
  prior_tail_ = record.substr(std::min(tail, n));
  // Between them, past the delimiters that end the one and begin the other.
  const size_t begin = head + (edge_first_ >= 0 ? 1 : 0);
  const size_t end = tail - (edge_last_ >= 0 ? 1 : 0);
  csv_middle_ = begin <= end && end <= n ? record.substr(begin, end - begin) : std::string_view();
  prior_edges_ = begin <= end && end <= n;
}

bool DialectConverter::SameEdges(std::string_view record, std::string_view* middle) const {
  const size_t n = record.size(), head = prior_head_.size(), tail = prior_tail_.size();
  const size_t begin = head + (edge_first_ >= 0 ? 1 : 0);
  const size_t after = tail + (edge_last_ >= 0 ? 1 : 0);
  if (n < begin + after) return false;
  if (edge_first_ >= 0 &&
      (record[head] != d_.delimiter || !SameBytes(record.data(), prior_head_.data(), head)))
    return false;
  if (edge_last_ >= 0 && (record[n - tail - 1] != d_.delimiter ||
                          !SameBytes(record.data() + n - tail, prior_tail_.data(), tail)))
    return false;
  *middle = record.substr(begin, n - after - begin);
  return true;
}

bool DialectConverter::EventText(size_t k, std::string_view* text) const {
  if (!kind_made_once_[k]) return false;
  if (d_.shape == DialectShape::kText) {
    // The line (group 0): its kind's pattern reads every value from it.
    if (values_.empty()) return false;
    *text = values_[0];
    return true;
  }
  // A CSV record's text from the value of the kind's first column to its last's: without a
  // quote in the record, the text splits into the same values wherever it is. Of a kind read
  // from the columns between a record's edges, all of them (as ReadRecords looks it up).
  if (csv_places_ == nullptr || !csv_unquoted_ || k >= kind_columns_.size()) return false;
  if (prior_edges_ && kind_in_middle_[k]) {
    *text = csv_middle_;
    return true;
  }
  const auto [first, last] = kind_columns_[k];
  if (first < 0) {
    *text = std::string_view();  // every value the kind's own
    return true;
  }
  *text = PlacedSpan(csv_record_, csv_places_, static_cast<size_t>(first), static_cast<size_t>(last));
  return true;
}

bool DialectConverter::SetRoundField(const FieldRule& rule, const Value& value, int64_t line,
                                     const RecordKind& kind) {
  // The field's place in round_fields_, by its number (every round field's rule has one).
  const int id = rule.slot >= 0 && static_cast<size_t>(rule.slot) < slot_field_.size()
                     ? slot_field_[static_cast<size_t>(rule.slot)]
                     : -1;
  int at = -1;
  if (id >= 0) {
    at = field_at_[static_cast<size_t>(id)];
  } else {
    for (size_t i = 0; at < 0 && i < round_fields_.size(); ++i)
      if (round_fields_[i].first == rule.field) at = static_cast<int>(i);
  }
  if (at >= 0) {
    const auto i = static_cast<size_t>(at);
    if (round_fields_[i].second == value) {
      if (rule.slot >= 0) cache_[static_cast<size_t>(rule.slot)].applied = round_serial_;
      return true;
    }
    const Value& was = round_fields_[i].second;
    Fail(line, &kind, &rule,
         "says " + Quote(value.is_int ? std::to_string(value.number) : value.text) +
             ", where the round's record at line " + std::to_string(round_field_lines_[i]) + " says " +
             Quote(was.is_int ? std::to_string(was.number) : was.text) + ": the round keeps the first");
    return false;
  }
  if (rule.slot >= 0) cache_[static_cast<size_t>(rule.slot)].applied = round_serial_;
  if (id >= 0) field_at_[static_cast<size_t>(id)] = static_cast<int>(round_fields_.size());
  auto& [name, was] = round_fields_.push();
  name = rule.field;
  was = value;
  round_field_ids_.push_back(id);
  round_field_lines_.push_back(line);
  return true;
}

bool DialectConverter::DirectEvent(const RecordKind& kind, const Value* const* values) {
  const std::vector<PlannedField>& plan = event_fields_[static_cast<size_t>(&kind - d_.records.data())];
  ScannedEvent e;
  e.present = 1u << static_cast<int>(EventField::kType);
  for (size_t i = 0; i < plan.size(); ++i) {
    const Value* v = values[i];
    if (v == nullptr) continue;
    const int at = plan[i].scanned;
    // What the v1 line would say as a string must be one the fast path reads as written.
    if (!v->plain) return false;
    if (at == kFace) {
      if (v->is_int || e.face) return false;  // the fast path reads "face" as a string
      e.face = true;
      e.face_down = v->text == "down";
      continue;
    }
    const auto field = static_cast<EventField>(at);
    e.present |= 1u << at;
    switch (field) {
      case EventField::kSeat:
        e.seat_is_name = !v->is_int;
        if (v->is_int) {
          e.seat = v->number;
        } else {
          e.seat_name = v->text;
        }
        continue;
      case EventField::kHand:
      case EventField::kAmount:
      case EventField::kNet:
      case EventField::kDecks: {
        if (!v->is_int) return false;
        int64_t* slot = field == EventField::kHand     ? &e.hand
                        : field == EventField::kAmount ? &e.amount
                        : field == EventField::kNet    ? &e.net
                                                       : &e.decks;
        *slot = v->number;
        continue;
      }
      case EventField::kWager:
      case EventField::kCard:
      case EventField::kAction:
      case EventField::kShoe: {
        if (v->is_int) return false;
        std::string_view* slot = field == EventField::kWager    ? &e.wager
                                 : field == EventField::kCard   ? &e.card
                                 : field == EventField::kAction ? &e.action
                                                                : &e.shoe;
        *slot = v->text;
        continue;
      }
      case EventField::kType:
        return false;
    }
  }
  if (FillScannedEvent(kind.event, e, &direct_->events.emplace_back())) return true;
  direct_->events.pop_back();
  return false;
}

bool DialectConverter::DirectRound() {
  Round& round = *direct_;
  bool has[4] = {};  // round, time, table, rules: each a string the line must have
  for (size_t i = 0; i < round_fields_.size(); ++i) {
    const auto& [field, v] = round_fields_[i];
    const int id = round_field_ids_[i];
    const RoundTarget t = id >= 0 ? field_targets_[static_cast<size_t>(id)] : TargetOf(field);
    if (t.what == RoundTarget::kOther) continue;
    if (t.what == RoundTarget::kLimit) {
      // A whole number, not below zero.
      if (!v.is_int || v.number < 0) return false;
      std::optional<Limit>& limit = round.limits[static_cast<size_t>(t.wager)];
      if (!limit) limit.emplace();
      (t.max ? limit->max : limit->min) = v.number;
      continue;
    }
    if (v.is_int || !v.plain) return false;
    switch (t.what) {
      case RoundTarget::kId:
        if (v.text.empty()) return false;
        round.id = v.text;
        break;
      case RoundTarget::kTime: {
        const std::optional<int32_t> date = ParseRfc3339Date(v.text);
        if (!date) return false;
        round.time = v.text;
        round.date = *date;
        break;
      }
      case RoundTarget::kTable:
        if (v.text.empty()) return false;
        round.table = v.text;
        break;
      case RoundTarget::kRules:
        round.rules = v.text;
        break;
      default:
        if (!IsCurrencyCode(v.text)) return false;
        round.currency = v.text;
        continue;
    }
    has[t.what] = true;
  }
  if (!has[0] || !has[1] || !has[2] || !has[3]) return false;
  // The currency the dialect declares its amounts in is the round's, where it names none.
  if (round.currency.empty() && !d_.currency.empty()) {
    if (!IsCurrencyCode(d_.currency)) return false;
    round.currency = d_.currency;
  }
  return true;
}

void DialectConverter::WriteRound() {
  std::string& text = round_;
  text.clear();
  text.reserve(192 + events_.size() + kLinePadding);
  text.push_back('{');
  bool first = true;
  auto key = [&](std::string_view name) {
    if (!first) text.push_back(',');
    first = false;
    AppendJsonString(&text, name);
    text.push_back(':');
  };
  bool currency = false;
  for (std::string_view name : {"round", "time", "table", "rules", "currency"}) {
    for (const auto& [field, v] : round_fields_) {
      if (field == name) {
        key(name);
        AppendValue(&text, v);
        currency = currency || name == "currency";
      }
    }
    // The currency the dialect declares its amounts in is the round's, where it names none.
    if (name == "currency" && !currency && !d_.currency.empty()) {
      key(name);
      AppendJsonString(&text, d_.currency);
    }
  }
  bool limits = false;
  for (int k = 0; k < kWagerKinds; ++k) {
    const std::string_view wager = ToString(static_cast<WagerKind>(k));
    bool open = false;
    // min, then max, whichever record gave each: the round's text is the same however its
    // records came.
    for (std::string_view bound : {"min", "max"}) {
      for (const auto& [field, v] : round_fields_) {
        if (!field.starts_with("limits.") || field.size() != 8 + wager.size() + bound.size() ||
            std::string_view(field).substr(7, wager.size()) != wager || field[7 + wager.size()] != '.' ||
            std::string_view(field).substr(8 + wager.size()) != bound)
          continue;
        if (!limits) {
          key("limits");
          text.push_back('{');
          limits = true;
        } else if (!open) {
          text.push_back(',');
        }
        if (!open) {
          AppendJsonString(&text, wager);
          text += ":{";
          open = true;
        } else {
          text.push_back(',');
        }
        AppendJsonString(&text, bound);
        text.push_back(':');
        AppendValue(&text, v);
      }
    }
    if (open) text.push_back('}');
  }
  if (limits) text.push_back('}');
  key("events");
  text.push_back('[');
  text += events_;
  text += "]}";
  round_size_ = text.size();
  // Read as a line pipeline's line is: followed by zeros, then padding.
  text.append(kLineZeros, '\0');
  text.append(kLinePadding - kLineZeros, ' ');
}

bool ConvertedRound::Convert(DialectConverter& converter, std::string_view grouped) {
  if (!IsDialectRound(grouped)) return false;
  direct = converter.ConvertInto(grouped, &round);
  event_lines = converter.event_lines();
  errors = converter.errors();
  line.clear();
  if (!direct) {
    // The converter's line with the padding it already has after it (WriteRound).
    const std::string_view v1 = converter.round();
    line.assign(v1.data(), v1.size() + kLinePadding);
  }
  return true;
}

void ConvertedRound::Trim() {
  constexpr size_t kUsualEvents = 256;
  constexpr size_t kUsualLine = size_t{64} << 10;
  if (round.events.capacity() > kUsualEvents) std::vector<Event>().swap(round.events);
  if (event_lines.capacity() > kUsualEvents) std::vector<int64_t>().swap(event_lines);
  if (errors.capacity() > kUsualEvents) std::vector<DialectConverter::Error>().swap(errors);
  if (line.capacity() > kUsualLine) std::string().swap(line);
}

DialectReader::DialectReader(const Dialect& dialect, LineReader& lines)
    : d_(dialect), lines_(lines), converter_(dialect) {
  header_done_ = d_.shape != DialectShape::kCsv || !d_.header;
  column_at_.resize(d_.columns.size());
  for (size_t i = 0; i < column_at_.size(); ++i) column_at_[i] = static_cast<int>(i);
  places_.resize(2 * (d_.columns.size() + kCsvPlacesSlack));
  if (!d_.records.empty() && std::all_of(d_.records.begin(), d_.records.end(), [&](const RecordKind& k) {
        return k.when.size() == 1 && k.when[0].first == d_.records[0].when[0].first;
      }))
    when_column_ = d_.records[0].when[0].first;
  FindFirstFields();
}

bool DialectReader::ReadRecord(std::string_view* record, int64_t* line) {
  presplit_ = false;
  if (d_.shape == DialectShape::kJson) return ReadJsonValue(record, line);
  std::string_view text;
  while (lines_.Next(&text)) {
    if (IsBlankLine(text) && record_.empty()) {
      ++blank_lines_;
      continue;
    }
    if (d_.shape != DialectShape::kCsv || IsOverLongLine(text)) {
      *record = text;
      *line = lines_.line_number();
      return true;
    }
    // A CSV record goes on over the next lines while a quoted field is open. Most records
    // quote nothing: their fields counted here (Process takes the count), which tells that
    // none is open.
    if (record_.empty() && header_done_ && !places_.empty()) {
      fields_counted_ = CountCsvFields(text, d_.delimiter, places_.data(), first_fields_);
      presplit_ = fields_counted_ >= 0;
    }
    if (presplit_ || (record_.empty() && !CsvRecordOpen(text))) {
      *record = text;
      *line = lines_.line_number();
      return true;
    }
    if (record_.empty()) *line = lines_.line_number();
    if (!record_.empty()) record_.push_back('\n');
    record_.append(text);
    if (!CsvRecordOpen(record_)) {
      fields_.clear();
      *record = record_;
      return true;
    }
    if (record_.size() > kMaxCsvRecordBytes) {
      Fail(*line, nullptr, nullptr,
           "a quoted field runs on past " + std::to_string(kMaxCsvRecordBytes) +
               " bytes: a quote that is never closed? The lines up to here are not read");
      record_.clear();
      *record = std::string_view();
      return true;
    }
  }
  if (!record_.empty()) {
    // The log ends inside a quoted field.
    Fail(*line, nullptr, nullptr, "the log ends inside a quoted field opened here");
    record_.clear();
  }
  return false;
}

bool DialectReader::ReadHeader(std::string_view record, int64_t line) {
  std::vector<std::string_view> views;
  std::string scratch, why;
  if (!SplitCsv(record, d_.delimiter, &views, &scratch, &why)) {
    status_ = Status::ParseError(lines_.path() + ":" + std::to_string(line) + ": the header of dialect " +
                                 d_.id + " cannot be read: " + why);
    return false;
  }
  const std::vector<std::string> names(views.begin(), views.end());
  std::vector<std::string> unknown;
  for (const std::string& n : names) {
    if (std::find(d_.columns.begin(), d_.columns.end(), n) == d_.columns.end()) unknown.push_back(n);
  }
  std::vector<std::string> missing;
  for (size_t i = 0; i < d_.columns.size(); ++i) {
    const auto it = std::find(names.begin(), names.end(), d_.columns[i]);
    if (it == names.end()) {
      missing.push_back(d_.columns[i]);
    } else {
      column_at_[i] = static_cast<int>(it - names.begin());
    }
  }
  if (!unknown.empty() || !missing.empty()) {
    std::string what;
    auto list = [](const std::vector<std::string>& v) {
      std::string s;
      for (const std::string& x : v) s += (s.empty() ? "" : ", ") + Printable(x);
      return s;
    };
    if (!missing.empty()) what += "it lacks the columns " + list(missing);
    if (!unknown.empty())
      what += std::string(what.empty() ? "" : "; ") +
              "it has columns the dialect does not declare: " + list(unknown) +
              " (declare them in csv.columns, and under csv.ignore if no field reads them)";
    status_ = Status::ParseError(lines_.path() + ":" + std::to_string(line) +
                                 ": the header is not the one dialect " + d_.id + " reads: " + what +
                                 "; the log is not read");
    return false;
  }
  FindFirstFields();
  return true;
}

void DialectReader::FindFirstFields() {
  // The columns the reader reads: those that tell each kind, and its key's.
  size_t first = 0;
  auto read = [&](int declared) {
    if (declared >= 0 && static_cast<size_t>(declared) < column_at_.size())
      first = std::max(first, static_cast<size_t>(column_at_[static_cast<size_t>(declared)]) + 1);
  };
  for (size_t k = 0; k < d_.records.size(); ++k) {
    for (const auto& w : d_.records[k].when) read(w.first);
    if (const FieldRule* key = converter_.key_rule_[k]) {
      read(key->index);
      read(key->less_index);
    }
  }
  first_fields_ = first;
}

DialectReader::Item DialectReader::TakeItem() {
  if (spare_.empty()) return Item();
  Item item = std::move(spare_.back());
  spare_.pop_back();
  item.text.clear();
  return item;
}

void DialectReader::Fail(int64_t line, const RecordKind* kind, const FieldRule* rule,
                         const std::string& why) {
  const std::string message = Describe(d_, kind, rule, why);
  if (open_) {
    Append(line, -1, message);
    return;
  }
  Item item = TakeItem();
  item.line = line;
  item.text.assign(kDialectErrorMark);
  item.text.push_back(kDialectErrorSeparator);
  item.text.push_back(kDialectErrorSeparator);
  item.text += message;
  ready_.push_back(std::move(item));
}

void DialectReader::OpenRound(int64_t line) {
  open_ = true;
  round_key_.clear();
  round_ = TakeItem();
  round_.line = line;
  round_.text.assign(kDialectRoundMark);
  if (d_.shape == DialectShape::kCsv) {
    // Where the declared columns are in the file's records (the header says), for the converter.
    // The same bytes for every round: made once for the layout.
    if (layout_of_ != column_at_ || layout_.empty()) {
      layout_of_ = column_at_;
      layout_.clear();
      Put(&layout_, static_cast<uint32_t>(column_at_.size()));
      for (const int at : column_at_) Put(&layout_, static_cast<int32_t>(at));
    }
    round_.text.append(layout_);
  }
  round_records_ = 0;
}

void DialectReader::CloseRound() {
  if (!open_) return;
  open_ = false;
  ready_.push_back(std::move(round_));
}

void DialectReader::Append(int64_t line, int32_t kind, std::string_view message) {
  std::string& out = round_.text;
  if (kind < 0 || d_.shape == DialectShape::kCsv) {
    // An error's message, a line of text (kLineOfText) or a CSV record, as it is. A record
    // that quotes nothing is split by the converter, on its own thread (kUnquotedRecord); of
    // another, the reader has split it (fields_), and says where each declared column's value
    // is in it, unless a field was unescaped (into scratch_): the converter then splits it
    // again. All of it written in one step.
    const auto size = static_cast<uint32_t>(message.size());
    // (Places are uint16s: a record longer than they tell is split again.)
    const auto places = static_cast<uint32_t>(
        kind >= 0 && !placed_ && scratch_.empty() && message.size() <= kMaxPlacedCsvBytes ? column_at_.size()
                                                                                          : 0);
    const size_t at = out.size();
    out.resize(at + sizeof line + sizeof kind + sizeof size + size +
               (kind < 0 ? 0 : sizeof places + sizeof(uint16_t) * 2 * size_t{places}));
    char* p = out.data() + at;
    auto put = [&p](const void* bytes, size_t n) {
      if (n > 0) std::memcpy(p, bytes, n);
      p += n;
    };
    put(&line, sizeof line);
    put(&kind, sizeof kind);
    put(&size, sizeof size);
    put(message.data(), size);
    if (kind < 0) return;
    const uint32_t told = places | (placed_ ? DialectConverter::kUnquotedRecord : 0);
    put(&told, sizeof told);
    for (uint32_t c = 0; c < places; ++c) {
      const std::string_view f = fields_[static_cast<size_t>(column_at_[c])];
      const uint16_t place[2] = {static_cast<uint16_t>(f.data() - message.data()),
                                 static_cast<uint16_t>(f.size())};
      put(place, sizeof place);
    }
    return;
  }
  Put(&out, line);
  Put(&out, kind);
  // The record's values (index in the converter's values_, and text), all of them, in one step.
  const std::vector<std::string_view>& values = converter_.values_;
  size_t bytes = 0;
  for (const std::string_view v : values) bytes += v.size();
  const size_t at = out.size();
  out.resize(at + sizeof(uint32_t) * (1 + 2 * values.size()) + bytes);
  char* p = out.data() + at;
  const auto count = static_cast<uint32_t>(values.size());
  std::memcpy(p, &count, sizeof count);
  p += sizeof count;
  for (uint32_t i = 0; i < count; ++i) {
    const auto n = static_cast<uint32_t>(values[i].size());
    std::memcpy(p, &i, sizeof i);
    std::memcpy(p + sizeof i, &n, sizeof n);
    p += 2 * sizeof n;
  }
  for (const std::string_view v : values) {
    if (!v.empty()) std::memcpy(p, v.data(), v.size());
    p += v.size();
  }
}

void DialectReader::Process(std::string_view record, int64_t line) {
  if (d_.shape == DialectShape::kJson && !IsOverLongLine(record)) {
    ProcessJson(record, line);
    return;
  }
  if (IsOverLongLine(record)) {
    Fail(line, nullptr, nullptr,
         "a line of " + std::string(record.substr(1)) + " bytes, over the limit of " +
             std::to_string(LineReaderOptions().max_line_length) +
             " bytes: not a record of any log, and not read");
    return;
  }
  if (record.empty()) return;  // what is left of a record already reported
  const RecordKind* kind = nullptr;
  // Of a CSV record, the value of the file's column `i`.
  auto field = [&](size_t i) {
    return placed_ ? record.substr(places_[2 * i], places_[2 * i + 1]) : fields_[i];
  };
  if (d_.shape == DialectShape::kText) {
    // A line inside a round open that no kind beginning or ending a round can be (by its
    // first byte) is left whole to the converter, which finds its kind on its own thread (or
    // knows the line, of an event it made before).
    if (open_ && d_.key.empty() && !d_.text_kinds->MayBound(static_cast<unsigned char>(record[0]))) {
      if (round_records_ >= kMaxRoundRecords) {
        Fail(line, nullptr, nullptr,
             "the round has more than " + std::to_string(kMaxRoundRecords) +
                 " records: this record is not read");
        return;
      }
      ++round_records_;
      Append(line, DialectConverter::kLineOfText, record);
      return;
    }
    const int k = d_.text_kinds->Match(d_, record, &groups_, &matched_);
    if (k < 0) {
      Fail(line, nullptr, nullptr, NoKind(d_, record));
      return;
    }
    kind = &d_.records[static_cast<size_t>(k)];
  } else {
    fields_.clear();
    scratch_.clear();  // and so it stays unless a field is unescaped (Append)
    const size_t expected = d_.columns.size();
    // Most records quote no field: their fields counted, and the first placed (those the reader
    // reads: first_fields_); any other as views, unescaped where it must be.
    if (!presplit_ && header_done_ && expected > 0)
      fields_counted_ = CountCsvFields(record, d_.delimiter, places_.data(), first_fields_);
    placed_ = (presplit_ || (header_done_ && expected > 0)) && fields_counted_ >= 0;
    presplit_ = false;
    if (placed_ && static_cast<size_t>(fields_counted_) != expected) {
      Fail(line, nullptr, nullptr,
           "the record has " + std::to_string(fields_counted_) + " fields, the dialect's header " +
               std::to_string(expected));
      return;
    }
    if (!placed_) {
      std::string why;
      if (!SplitCsv(record, d_.delimiter, &fields_, &scratch_, &why)) {
        Fail(line, nullptr, nullptr, "the record is not CSV: " + why);
        return;
      }
      if (!header_done_) {
        header_done_ = true;
        if (!ReadHeader(record, line)) at_end_ = true;
        return;
      }
      if (fields_.size() != expected) {
        Fail(line, nullptr, nullptr,
             "the record has " + std::to_string(fields_.size()) + " fields, the dialect's header " +
                 std::to_string(expected));
        return;
      }
    }
    if (when_column_ >= 0) {
      const std::string_view value =
          field(static_cast<size_t>(column_at_[static_cast<size_t>(when_column_)]));
      for (const RecordKind& k : d_.records) {
        if (SameText(k.when[0].second, value)) {
          kind = &k;
          break;
        }
      }
    } else {
      for (const RecordKind& k : d_.records) {
        const bool match = std::all_of(k.when.begin(), k.when.end(), [&](const auto& w) {
          return field(static_cast<size_t>(column_at_[static_cast<size_t>(w.first)])) == w.second;
        });
        if (match) {
          kind = &k;
          break;
        }
      }
    }
    if (kind == nullptr) {
      std::string told;
      for (const RecordKind& k : d_.records) {
        for (const auto& [col, value] : k.when) {
          const std::string& name = d_.columns[static_cast<size_t>(col)];
          if (told.find("'" + name + "'") != std::string::npos) continue;
          told += (told.empty() ? "" : ", ") +
                  ("column '" + name + "' is " +
                   Quote(field(static_cast<size_t>(column_at_[static_cast<size_t>(col)]))));
        }
      }
      Fail(line, nullptr, nullptr, "no record kind has this record's values (" + Printable(told) + ")");
      return;
    }
  }
  if (kind->role == RecordRole::kIgnore) return;
  // The record's values, in the order the converter reads them (a rule's index).
  std::vector<std::string_view>& values = converter_.values_;
  if (d_.shape == DialectShape::kCsv) {
    // Only the key's: the reader reads no other value of a CSV record (Append passes the
    // record on whole, and where each value is in it), and the converter no other of values.
    if (values.size() != column_at_.size()) values.assign(column_at_.size(), std::string_view());
    if (const FieldRule* key =
            d_.key.empty() ? nullptr : converter_.key_rule_[static_cast<size_t>(kind - d_.records.data())]) {
      for (const int at : {key->index, key->less_index})
        if (at >= 0 && static_cast<size_t>(at) < values.size())
          values[static_cast<size_t>(at)] = field(static_cast<size_t>(column_at_[static_cast<size_t>(at)]));
    }
  } else {
    values.clear();
    for (const re2::StringPiece& g : groups_) values.emplace_back(g.data(), g.size());
  }

  // The key: it says which round the record is of (a new one, where it changes).
  if (!d_.key.empty()) {
    const FieldRule* key_rule = converter_.key_rule_[static_cast<size_t>(kind - d_.records.data())];
    if (key_rule == nullptr) {
      Fail(line, kind, nullptr, "the record does not say which round it is of (v1 field " + d_.key + ")");
      return;
    }
    const std::string_view raw = converter_.RawOf(*key_rule);
    if (!open_ || kind->role == RecordRole::kBegin || !SameText(raw, key_raw_)) {
      bool present = false;
      std::string why;
      const DialectConverter::Value* v = converter_.Convert(*key_rule, &present, &why);
      if (v == nullptr || !present) {
        Fail(line, kind, key_rule,
             v != nullptr ? "empty: the record does not say which round it is of" : why);
        return;
      }
      std::string key = v->is_int ? std::to_string(v->number) : v->text;
      if (open_ && !SameText(key, round_key_) && kind->role != RecordRole::kBegin) CloseRound();
      if (kind->role == RecordRole::kBegin) CloseRound();
      if (!open_) {
        OpenRound(line);
        round_key_ = std::move(key);
      }
      key_raw_.assign(raw);
    }
  } else if (kind->role == RecordRole::kBegin) {
    CloseRound();
    OpenRound(line);
  }
  if (!open_) {
    Fail(line, kind, nullptr,
         "a record outside a round: no record of kind '" +
             (d_.begin >= 0 ? d_.records[static_cast<size_t>(d_.begin)].name : std::string("?")) +
             "' opened one");
    return;
  }
  if (round_records_ >= kMaxRoundRecords) {
    Fail(line, kind, nullptr,
         "the round has more than " + std::to_string(kMaxRoundRecords) + " records: this record is not read");
    return;
  }
  ++round_records_;
  Append(line, static_cast<int32_t>(kind - d_.records.data()), record);
  if (kind->role == RecordRole::kEnd) CloseRound();
}

bool DialectReader::ReadJsonValue(std::string_view* record, int64_t* line) {
  while (true) {
    if (json_at_ >= json_line_.size()) {
      std::string_view text;
      if (!lines_.Next(&text)) {
        json_line_ = {};
        json_at_ = 0;
        if (json_started_ && !json_skipping_)
          Fail(json_first_line_, nullptr, nullptr, "the log ends inside a JSON value that starts here");
        json_started_ = json_skipping_ = false;
        record_.clear();
        return false;
      }
      if (IsOverLongLine(text)) {
        // A line past the reader's limit: one error, and whatever value it was in is lost.
        json_started_ = json_skipping_ = false;
        json_depth_ = 0;
        json_line_ = {};
        json_at_ = 0;
        record_.clear();
        *record = text;
        *line = lines_.line_number();
        return true;
      }
      if (!json_started_ && IsBlankLine(text)) {
        ++blank_lines_;
        continue;
      }
      json_line_ = text;
      json_at_ = 0;
      json_line_number_ = lines_.line_number();
      if (json_started_ && !json_skipping_) record_.push_back('\n');  // a value over several lines
    }
    size_t i = json_at_;
    const size_t n = json_line_.size();
    if (!json_started_) {
      // Between values: white space, and the brackets and commas of a top-level array.
      while (i < n) {
        const char c = json_line_[i];
        if (c == ' ' || c == '\t' || c == '\r' || (json_in_array_ && c == ',')) {
          ++i;
        } else if (c == '[' && !json_in_array_ && !json_read_any_) {
          // A '[' before any value opens the log's one top-level array (after one, it is a
          // value: a line of JSON Lines that is an array, refused as no round).
          json_in_array_ = true;
          json_read_any_ = true;
          ++i;
        } else if (c == ']' && json_in_array_) {
          json_in_array_ = false;
          ++i;
        } else {
          break;
        }
      }
      json_at_ = i;
      if (i >= n) continue;
      json_started_ = true;
      json_read_any_ = true;
      json_depth_ = 0;
      json_in_string_ = json_escape_ = false;
      json_first_line_ = json_line_number_;
      record_.clear();
    }
    const size_t begin = i;
    bool done = false;
    for (; i < n; ++i) {
      const char c = json_line_[i];
      if (json_in_string_) {
        if (json_escape_) {
          json_escape_ = false;
        } else if (c == '\\') {
          json_escape_ = true;
        } else if (c == '"') {
          json_in_string_ = false;
        }
        continue;
      }
      if (c == '"') {
        json_in_string_ = true;
      } else if (c == '{' || c == '[') {
        ++json_depth_;
      } else if (c == '}' || c == ']') {
        if (--json_depth_ <= 0) {
          ++i;
          done = true;
          break;
        }
      } else if (json_depth_ == 0 && json_in_array_ && c == ',' && i > begin) {
        // The end of an element of the top-level array that is no object or array (refused
        // when it is read); outside an array, such a value runs to the end of its line.
        done = true;
        break;
      }
    }
    if (!done && json_depth_ == 0 && !json_in_string_) done = true;  // a scalar ends with its line
    const std::string_view part = json_line_.substr(begin, i - begin);
    json_at_ = i;
    if (json_skipping_) {
      if (done) json_started_ = json_skipping_ = false;
      continue;
    }
    if (done && record_.size() + part.size() > kMaxJsonRecordBytes) {
      json_started_ = false;
      record_.clear();
      Fail(json_first_line_, nullptr, nullptr,
           "a JSON value of more than " + std::to_string(kMaxJsonRecordBytes) +
               " bytes: not a round, and not read");
      continue;
    }
    if (done) {
      json_started_ = false;
      *line = json_first_line_;
      if (record_.empty()) {
        *record = part;
      } else {
        record_.append(part);
        *record = record_;
      }
      return true;
    }
    record_.append(part);
    if (record_.size() > kMaxJsonRecordBytes) {
      Fail(json_first_line_, nullptr, nullptr,
           "a JSON value runs on past " + std::to_string(kMaxJsonRecordBytes) +
               " bytes: a bracket or a quote never closed? It is not read");
      record_.clear();
      json_skipping_ = true;
    }
  }
}

void DialectReader::ProcessJson(std::string_view record, int64_t line) {
  CloseRound();
  json_text_.assign(record);
  json_text_.append(simdjson::SIMDJSON_PADDING, '\0');
  std::string why;
  if (!json_.Parse(std::string_view(json_text_.data(), record.size()), &why)) {
    Fail(line, nullptr, nullptr, "the record is not JSON: " + why);
    return;
  }
  if (json_.node(JsonTree::kRoot).type != JsonTree::Type::kObject) {
    Fail(line, nullptr, nullptr,
         "a JSON value that is not an object: each round of a json dialect is one object");
    return;
  }
  OpenRound(line);
  std::vector<std::string_view>& values = converter_.values_;
  const auto count = static_cast<size_t>(d_.json_values);
  // The values of a rule's paths from `from` into values; false (an error of the round) where
  // a path reaches no value the field can take.
  auto fill = [&](const FieldRule& r, int32_t from, const RecordKind* kind) {
    if (r.index >= 0 && !json_.Value(r.path, from, &values[static_cast<size_t>(r.index)], &why)) {
      Fail(line, kind, &r, why);
      return false;
    }
    if (r.less_index >= 0 &&
        !json_.Value(r.less_path, from, &values[static_cast<size_t>(r.less_index)], &why)) {
      Fail(line, kind, &r, why);
      return false;
    }
    return true;
  };
  values.assign(count, {});
  for (const FieldRule& r : d_.round_fields) fill(r, JsonTree::kRoot, nullptr);
  Append(line, static_cast<int32_t>(d_.records.size()), {});
  ++round_records_;
  // The records: each value a kind's `each` reaches whose `when` paths have their values (a
  // value may be a record of several kinds: a bet and its settlement in one object), in the
  // order of the document (a value's node number; kind by kind for one value), or, for
  // json.order kinds, kind by kind.
  json_records_.clear();
  std::string_view v;
  for (size_t k = 0; k < d_.records.size(); ++k) {
    const RecordKind& kind = d_.records[k];
    json_.Find(kind.each, JsonTree::kRoot, &json_found_);
    for (const int32_t at : json_found_) {
      const bool is = std::all_of(kind.json_when.begin(), kind.json_when.end(), [&](const auto& w) {
        return json_.Value(w.first, at, &v, &why) && v == w.second;
      });
      if (is) json_records_.emplace_back(at, static_cast<int32_t>(k));
    }
  }
  if (!d_.json_order_kinds) {
    std::stable_sort(json_records_.begin(), json_records_.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
  }
  for (const auto& [at, k] : json_records_) {
    const RecordKind& kind = d_.records[static_cast<size_t>(k)];
    values.assign(count, {});
    bool ok = true;
    for (const FieldRule& r : kind.fields) ok = fill(r, at, &kind) && ok;
    if (!ok) continue;
    if (round_records_ >= kMaxRoundRecords) {
      Fail(line, &kind, nullptr,
           "the round has more than " + std::to_string(kMaxRoundRecords) + " records: the rest are not read");
      CloseRound();
      return;
    }
    ++round_records_;
    Append(line, k, {});
  }
  CloseRound();
}

bool DialectReader::NextGrouped(std::string_view* text) {
  while (ready_.empty()) {
    if (at_end_) return false;
    std::string_view record;
    int64_t line = 0;
    if (!ReadRecord(&record, &line)) {
      at_end_ = true;
      if (lines_.status().ok()) CloseRound();  // a round cut by a read error is not checked
      break;
    }
    Process(record, line);
    if (!record_.empty() && record.data() == record_.data()) record_.clear();
  }
  if (ready_.empty()) return false;
  // The item returned last goes back to be reused (its buffers with it).
  spare_.push_back(std::move(current_));
  current_ = std::move(ready_.front());
  ready_.pop_front();
  line_ = current_.line;
  *text = current_.text;
  return true;
}

bool DialectReader::Next(std::string_view* text) {
  while (true) {
    if (converted_) {
      const std::vector<DialectConverter::Error>& errors = converter_.errors();
      event_lines_.clear();
      if (error_at_ < errors.size()) {
        line_ = errors[error_at_].line;
        *text = errors[error_at_++].text;
        return true;
      }
      converted_ = false;
      line_ = round_line_;
      *text = converter_.round();
      event_lines_ = converter_.event_lines();
      return true;
    }
    std::string_view item;
    if (!NextGrouped(&item)) return false;
    event_lines_.clear();
    if (!IsDialectRound(item)) {
      *text = item;
      return true;
    }
    round_line_ = line_;
    converter_.Convert(item);
    converted_ = true;
    error_at_ = 0;
  }
}

}  // namespace pitboss
