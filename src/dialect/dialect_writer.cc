#include "dialect/dialect_writer.h"

#include <re2/re2.h>
#include <simdjson.h>

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include "history/names.h"
#include "pitboss/money.h"

namespace pitboss {

namespace {

// A v1 value: a string, or an integer.
struct V1 {
  bool is_int = false;
  int64_t number = 0;
  std::string text;
  std::string Shown() const { return is_int ? std::to_string(number) : "'" + text + "'"; }
};

using Fields = std::vector<std::pair<std::string, V1>>;  // v1 field -> value, as the round has them

const V1* Get(const Fields& fields, std::string_view name) {
  for (const auto& [field, v] : fields)
    if (field == name) return &v;
  return nullptr;
}

}  // namespace

struct DialectWriter::Impl {
  explicit Impl(const Dialect& dialect) : d(dialect) {}

  // The text a record holds for `rule`, from the v1 value; false (with `why`) when none can be.
  bool Reverse(const FieldRule& rule, const V1* v, std::string* out, std::string* why) const;
  // Whether record kind `k` can write the event: its constants hold, and every field the event
  // has is one it writes.
  bool Fits(const RecordKind& k, EventType type, const Fields& event) const;
  // One record of kind `k` appended to `out` (with "\n").
  bool Record(const RecordKind& k, const Fields& round, const Fields* event, std::string* out,
              std::string* why);

  const Dialect& d;
  simdjson::dom::parser parser;
};

bool DialectWriter::Impl::Reverse(const FieldRule& rule, const V1* v, std::string* out,
                                  std::string* why) const {
  out->clear();
  if (rule.value) {
    // A constant: the round must say the same.
    const std::string want = *rule.value;
    const std::string have = v == nullptr ? std::string() : v->is_int ? std::to_string(v->number) : v->text;
    const bool absent_up = v == nullptr && rule.field == "face" && want == "up";  // v1's default
    if (have != want && !absent_up) {
      *why = "the dialect writes only " + rule.field + " '" + want + "', and this says " +
             (v == nullptr ? std::string("none") : v->Shown());
      return false;
    }
    return true;
  }
  if (v == nullptr) {
    if (rule.optional) return true;
    *why = "it has no " + rule.field + ", which the dialect writes in every record of this kind";
    return false;
  }
  std::string word;
  switch (rule.as) {
    case ValueAs::kString:
      if (v->is_int) {
        *why = rule.field + " is " + v->Shown() + ", not a string";
        return false;
      }
      word = v->text;
      break;
    case ValueAs::kInt:
    case ValueAs::kMinorUnits:
    case ValueAs::kMoney:
      if (!v->is_int) {
        *why = rule.field + " is " + v->Shown() + ", not a whole number";
        return false;
      }
      word = rule.as == ValueAs::kMoney ? FormatDecimalMoney(v->number, d.currency_digits)
                                        : std::to_string(v->number);
      break;
    case ValueAs::kTime:
      if (v->is_int || !WriteVendorTime(d.time, v->text, &word, why)) {
        if (v->is_int) *why = "time is " + v->Shown() + ", not RFC 3339";
        return false;
      }
      break;
    case ValueAs::kCard:
      if (v->is_int) {
        *why = "card is " + v->Shown() + ", not a card";
        return false;
      }
      // A code that is not a card is written as it is: read back, it is the same bad card.
      if (!d.cards || !d.cards->Write(v->text, &word)) word = v->text;
      break;
    case ValueAs::kSeat:
      word = v->is_int ? std::to_string(v->number) : v->text;
      break;
  }
  if (rule.has_map) {
    const auto it =
        std::find_if(rule.map.begin(), rule.map.end(), [&](const auto& p) { return p.second == word; });
    if (it != rule.map.end()) {
      word = it->first;
    } else if (!rule.keep_other) {
      *why = rule.field + " '" + word + "' has no word in the dialect's map (and other: malformed)";
      return false;
    }
  }
  if (word.empty() && !rule.optional) {
    *why = rule.field + " is empty, which the dialect reads as no value";
    return false;
  }
  *out = std::move(word);
  return true;
}

bool DialectWriter::Impl::Fits(const RecordKind& k, EventType type, const Fields& event) const {
  if (k.role != RecordRole::kEvent || k.event != type) return false;
  for (const auto& entry : event) {
    const std::string& field = entry.first;
    const V1& v = entry.second;
    if (field == "type") continue;
    const bool written =
        std::any_of(k.fields.begin(), k.fields.end(), [&](const FieldRule& r) { return r.field == field; });
    if (!written && !(field == "face" && v.text == "up")) return false;
  }
  for (const FieldRule& r : k.fields) {
    if (!r.value) {
      if (!r.optional && Get(event, r.field) == nullptr) return false;
      continue;
    }
    std::string unused, why;
    if (!Reverse(r, Get(event, r.field), &unused, &why)) return false;
  }
  return true;
}

bool DialectWriter::Impl::Record(const RecordKind& k, const Fields& round, const Fields* event,
                                 std::string* out, std::string* why) {
  // The text of each group or column, by its name.
  std::map<std::string, std::string, std::less<>> values;
  std::string word;
  auto put = [&](const std::vector<FieldRule>& rules, const Fields& from) {
    for (const FieldRule& r : rules) {
      if (!Reverse(r, Get(from, r.field), &word, why)) {
        *why = "record kind '" + k.name + "': " + *why;
        return false;
      }
      if (!r.from.empty()) values[r.from] = word;
    }
    return true;
  };
  if (!put(d.round_fields, round) || !put(k.round_fields, round)) return false;
  if (event != nullptr && !put(k.fields, *event)) return false;
  if (d.shape == DialectShape::kCsv) {
    for (const auto& [column, value] : k.when) values[d.columns[static_cast<size_t>(column)]] = value;
    for (size_t c = 0; c < d.columns.size(); ++c) {
      if (c > 0) out->push_back(d.delimiter);
      const auto it = values.find(d.columns[c]);
      if (it != values.end()) AppendCsvField(out, it->second, d.delimiter);
    }
    out->push_back('\n');
    return true;
  }
  std::string missing;
  const size_t start = out->size();
  const bool filled = FillTemplate(
      k.write,
      [&](std::string_view name) -> std::optional<std::string_view> {
        const auto it = values.find(name);
        if (it == values.end()) return std::string_view();
        return std::string_view(it->second);
      },
      out, &missing);
  if (!filled) {
    *why = "record kind '" + k.name + "': its write: template is not closed";
    return false;
  }
  if (out->find('\n', start) != std::string::npos) {
    *why = "record kind '" + k.name + "': a value holds a line break, which a text record cannot";
    return false;
  }
  out->push_back('\n');
  return true;
}

DialectWriter::DialectWriter(const Dialect& dialect) : impl_(std::make_unique<Impl>(dialect)) {}
DialectWriter::~DialectWriter() = default;

StatusOr<std::unique_ptr<DialectWriter>> DialectWriter::Make(const Dialect& dialect) {
  if (dialect.shape == DialectShape::kJson) {
    // Its records are values in the nesting of the vendor's objects, which the dialect reads
    // but does not describe whole.
    return Status::InvalidArgument(
        "dialect " + dialect.id +
        " is read-only: pitboss reads a json dialect's logs, but does not write them");
  }
  if (!dialect.not_checked.empty()) {
    // A format that lacks what v1 logs carry cannot hold them.
    return Status::InvalidArgument("dialect " + dialect.id + " cannot be written: its format lacks " +
                                   dialect.not_checked.front().lacks + " (not_checked:)");
  }
  if (dialect.shape == DialectShape::kText) {
    for (const RecordKind& k : dialect.records) {
      if (k.role != RecordRole::kIgnore && k.write.empty())
        return Status::InvalidArgument("dialect " + dialect.id + " cannot be written: record kind '" +
                                       k.name + "' has no write: template (" + dialect.path + ":" +
                                       std::to_string(k.line) + ")");
    }
  }
  return std::unique_ptr<DialectWriter>(new DialectWriter(dialect));
}

std::string DialectWriter::Header() const {
  const Dialect& d = impl_->d;
  if (d.shape != DialectShape::kCsv || !d.header) return "";
  std::string out;
  for (size_t c = 0; c < d.columns.size(); ++c) {
    if (c > 0) out.push_back(d.delimiter);
    AppendCsvField(&out, d.columns[c], d.delimiter);
  }
  out.push_back('\n');
  return out;
}

Status DialectWriter::WriteRound(std::string_view v1_line, std::string* out, int64_t* ignored) {
  const Dialect& d = impl_->d;
  simdjson::dom::object root;
  if (impl_->parser.parse(v1_line.data(), v1_line.size()).get_object().get(root) != simdjson::SUCCESS)
    return Status::ParseError("not a JSON object");
  auto value_of = [](simdjson::dom::element e, V1* v) {
    if (e.is_int64()) {
      v->is_int = true;
      v->number = e.get_int64().value();
      return true;
    }
    std::string_view s;
    if (e.get_string().get(s) != simdjson::SUCCESS) return false;
    v->text.assign(s);
    return true;
  };
  Fields round;
  simdjson::dom::array events;
  bool has_events = false;
  for (auto [key, value] : root) {
    if (key == "events") {
      if (value.get_array().get(events) != simdjson::SUCCESS)
        return Status::ParseError("events is not a list");
      has_events = true;
      continue;
    }
    if (key == "limits") {
      simdjson::dom::object limits;
      if (value.get_object().get(limits) != simdjson::SUCCESS)
        return Status::ParseError("limits is not an object");
      for (auto [wager, bounds] : limits) {
        simdjson::dom::object b;
        if (bounds.get_object().get(b) != simdjson::SUCCESS)
          return Status::ParseError("limits." + std::string(wager) + " is not an object");
        for (auto [bound, amount] : b) {
          V1 v;
          if (!value_of(amount, &v))
            return Status::ParseError("a limit that is neither a number nor a string");
          round.emplace_back("limits." + std::string(wager) + "." + std::string(bound), std::move(v));
        }
      }
      continue;
    }
    if (key != "round" && key != "time" && key != "table" && key != "rules" && key != "currency") {
      ++*ignored;
      continue;
    }
    V1 v;
    if (!value_of(value, &v))
      return Status::ParseError(std::string(key) + " is neither a number nor a string");
    round.emplace_back(std::string(key), std::move(v));
  }
  if (!has_events) return Status::ParseError("the round has no events");
  if (events.size() == 0 && d.begin < 0)
    return Status::InvalidArgument(
        "the round has no events, and dialect " + d.id +
        " writes a round as the records of its events: it would not be written at all");
  if (const V1* currency = Get(round, "currency");
      currency != nullptr && !d.currency.empty() && currency->text != d.currency)
    return Status::InvalidArgument("the round's money is in " + currency->text + ", dialect " + d.id +
                                   " writes amounts in " + d.currency);
  // Every round field is written by some rule: by every record, or by the kinds of the round.
  for (const auto& entry : round) {
    const std::string& field = entry.first;
    const V1& v = entry.second;
    if (field == "currency" && v.text == d.currency) continue;  // money: says it
    auto writes = [&](const std::vector<FieldRule>& rules) {
      return std::any_of(rules.begin(), rules.end(), [&](const FieldRule& r) { return r.field == field; });
    };
    bool written = writes(d.round_fields);
    for (const RecordKind& k : d.records)
      written = written || (k.role != RecordRole::kIgnore && writes(k.round_fields));
    if (!written)
      return Status::InvalidArgument("dialect " + d.id + " has no place for the round's " + field + " (" +
                                     v.Shown() + ")");
  }
  std::string records;
  std::string why;
  if (d.begin >= 0 && !impl_->Record(d.records[static_cast<size_t>(d.begin)], round, nullptr, &records, &why))
    return Status::InvalidArgument(why);
  // The records that carry fields of the round (a limit): each where the round has its fields.
  for (const RecordKind& k : d.records) {
    if (k.role != RecordRole::kRound) continue;
    size_t have = 0;
    size_t need = 0;
    for (const FieldRule& r : k.round_fields) {
      if (r.value) continue;
      ++need;
      have += Get(round, r.field) != nullptr;
    }
    if (have == 0 && need > 0) continue;
    if (!impl_->Record(k, round, nullptr, &records, &why)) return Status::InvalidArgument(why);
  }
  Fields event;
  size_t index = 0;
  for (simdjson::dom::element e : events) {
    event.clear();
    simdjson::dom::object obj;
    if (e.get_object().get(obj) != simdjson::SUCCESS)
      return Status::ParseError("event " + std::to_string(index) + " is not an object");
    std::optional<EventType> type;
    for (auto [key, value] : obj) {
      V1 v;
      if (!value_of(value, &v))
        return Status::ParseError("event " + std::to_string(index) + ": " + std::string(key) +
                                  " is neither a number nor a string");
      if (key == "type") type = ParseEventType(v.text);
      event.emplace_back(std::string(key), std::move(v));
    }
    if (!type) return Status::ParseError("event " + std::to_string(index) + " has no v1 type");
    const RecordKind* kind = nullptr;
    for (const RecordKind& k : d.records) {
      if (impl_->Fits(k, *type, event)) {
        kind = &k;
        break;
      }
    }
    if (kind == nullptr) {
      std::string fields;
      for (const auto& [field, v] : event) fields += (fields.empty() ? "" : ", ") + field + " " + v.Shown();
      return Status::InvalidArgument("event " + std::to_string(index) + " (" + fields + "): dialect " + d.id +
                                     " has no record kind that writes it whole");
    }
    if (!impl_->Record(*kind, round, &event, &records, &why))
      return Status::InvalidArgument("event " + std::to_string(index) + ": " + why);
    ++index;
  }
  if (d.end >= 0 && !impl_->Record(d.records[static_cast<size_t>(d.end)], round, nullptr, &records, &why))
    return Status::InvalidArgument(why);
  out->append(records);
  return Status::Ok();
}

DialectOstream::DialectOstream(DialectWriter& writer, std::ostream& out) : std::ostream(&buf_) {
  buf_.writer = &writer;
  buf_.out = &out;
  out << writer.Header();
}

bool DialectOstream::Buffer::Flush() {
  if (!status.ok()) return false;
  records.clear();
  status = writer->WriteRound(line, &records, &ignored);
  line.clear();
  if (!status.ok()) return false;
  *out << records;
  return static_cast<bool>(*out);
}

DialectOstream::Buffer::int_type DialectOstream::Buffer::overflow(int_type c) {
  if (c == traits_type::eof()) return c;
  if (c == '\n') return Flush() ? c : traits_type::eof();
  line.push_back(static_cast<char>(c));
  return c;
}

std::streamsize DialectOstream::Buffer::xsputn(const char* s, std::streamsize n) {
  for (std::streamsize i = 0; i < n; ++i) {
    if (s[i] == '\n') {
      if (!Flush()) return i;
    } else {
      line.push_back(s[i]);
    }
  }
  return n;
}

}  // namespace pitboss
