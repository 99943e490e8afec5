// DialectReader: a log an operator's system writes, read through its dialect as hand-history
// v1 rounds, one at a time, in constant memory (a round's records are held until it closes).
// Each round comes as one v1 JSON line, with the line of the log each of its events was read
// from; a record the dialect cannot read comes as an error (IsDialectError) at its line, and
// the reading goes on. A line pipeline (history/line_pipeline.h) reads it as it reads a
// LineReader.
//
// The work is in two parts. The reader, in the log's order, finds each record, its kind and
// its fields, and groups records into rounds; a DialectConverter turns one round's records,
// so grouped, into its v1 line. Next does both; NextGrouped leaves the second to the caller,
// who can convert rounds on as many threads as it likes, each with a converter of its own:
// the items are the same, in the same order.
#ifndef PITBOSS_DIALECT_DIALECT_READER_H_
#define PITBOSS_DIALECT_DIALECT_READER_H_

#include <re2/stringpiece.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/json.h"
#include "dialect/dialect.h"
#include "dialect/json_tree.h"
#include "history/line_reader.h"
#include "pitboss/round.h"
#include "pitboss/status.h"

namespace pitboss {

// What DialectReader::Next returns for a record it cannot read: this mark, then the message.
// No line of a log starts so (a line never holds "\n").
// The message is preceded by the id and the table of the round the record is in ("" where
// none is known), each followed by kDialectErrorSeparator.
inline constexpr std::string_view kDialectErrorMark = "\n!";
inline constexpr char kDialectErrorSeparator = '\x1f';
inline bool IsDialectError(std::string_view text) { return text.starts_with(kDialectErrorMark); }
// What DialectReader::NextGrouped returns for a round: this mark, then its records as grouped
// (for a DialectConverter; the layout is the reader's own).
inline constexpr std::string_view kDialectRoundMark = "\n#";
inline bool IsDialectRound(std::string_view text) { return text.starts_with(kDialectRoundMark); }
// A DialectReader error's round id, table and message.
struct DialectError {
  std::string_view round, table, message;
};
inline DialectError SplitDialectError(std::string_view text) {
  text.remove_prefix(kDialectErrorMark.size());
  DialectError e;
  const size_t a = text.find(kDialectErrorSeparator);
  const size_t b = a == std::string_view::npos ? a : text.find(kDialectErrorSeparator, a + 1);
  if (b == std::string_view::npos) {
    e.message = text;
    return e;
  }
  e.round = text.substr(0, a);
  e.table = text.substr(a + 1, b - a - 1);
  e.message = text.substr(b + 1);
  return e;
}

// Part of the dialect format (docs/dialects.md): a round of more records than this is cut
// there (the rest are errors), so that a log with no round boundary cannot fill the memory.
constexpr size_t kMaxRoundRecords = 100000;
// A CSV record whose quoted field runs on past this many bytes is not read.
constexpr size_t kMaxCsvRecordBytes = size_t{1} << 20;
// Nor is a JSON value (a round of a json dialect) of more bytes than this.
constexpr size_t kMaxJsonRecordBytes = size_t{16} << 20;

// Turns the records of one round, as a DialectReader grouped them (IsDialectRound), into a
// v1 round line and the errors of the records it cannot read. Keeps what it read last from
// one round to the next (a CSV export repeats its round's fields on every row), so one
// converter serves one thread.
class DialectConverter {
 public:
  explicit DialectConverter(const Dialect& dialect);

  // Converts `grouped`: then round() is its v1 line (followed by kLinePadding readable bytes,
  // the first kLineZeros of them zeros, as a line pipeline's are), event_lines() the line of
  // each event's record, and errors() the records it could not read, in the log's order: each
  // an IsDialectError text at its line.
  void Convert(std::string_view grouped);
  std::string_view round() const { return std::string_view(round_).substr(0, round_size_); }
  const std::vector<int64_t>& event_lines() const { return event_lines_; }
  struct Error {
    int64_t line = 0;
    std::string text;
  };
  const std::vector<Error>& errors() const { return errors_; }

  // As Convert, but where every value of the round is one the v1 parser's fast path takes as
  // written (history/round_scanner.h: plain strings, integers where it wants integers, the
  // values it accepts), fills *round with the very Round that parsing the v1 line would give,
  // writes no line, and returns true: the check of a dialect's log costs no v1 text. Else it
  // returns false and round() is the v1 line, to be parsed as Convert's is. event_lines() and
  // errors() are Convert's either way.
  bool ConvertInto(std::string_view grouped, Round* round);

 private:
  friend class DialectReader;
  struct Value {
    bool is_int = false;
    int64_t number = 0;
    std::string text;
    // An integer, or a text v1 writes as it is (PlainText), which the round parser's fast path
    // takes as written: worked out once a value is converted (Convert), not at each use.
    bool plain = true;
    bool operator==(const Value&) const = default;
  };

  // The raw value of rule's group or column in the record being converted, or its constant.
  std::string_view RawOf(const FieldRule& rule) const {
    if (rule.value) return *rule.value;
    return rule.index >= 0 ? ValueAt(static_cast<size_t>(rule.index)) : std::string_view();
  }
  // The record's value of group or column `at`: of a CSV record read where the log has it, at
  // its place (csv_places_); else values_'s.
  std::string_view ValueAt(size_t at) const {
    if (csv_places_ != nullptr) {
      if (at >= column_at_.size()) return std::string_view();
      uint16_t place[2];
      std::memcpy(place, csv_places_ + at * sizeof place, sizeof place);
      const size_t begin = std::min<size_t>(place[0], csv_record_.size());
      return csv_record_.substr(begin, place[1]);
    }
    return at < values_.size() ? values_[at] : std::string_view();
  }
  // The v1 value of `rule` in the record being converted, valid until the rule is converted
  // again; nullptr (with `why`) when the record cannot give it; *present false when an
  // optional field is left out.
  const Value* Convert(const FieldRule& rule, bool* present, std::string* why);
  // As Convert, for an event's field: a short text (8 bytes or fewer) is converted once for
  // each of the last texts of its place in a small table of the rule's own (a seat, a wager,
  // an amount: an event's fields take few values, in turn), not at each change.
  const Value* ConvertEventField(const FieldRule& rule, bool* present, std::string* why);
  bool ConvertRaw(const FieldRule& rule, std::string_view raw, Value* out, bool* present, std::string* why);
  // A grouped round's entry of this kind is a line of a text log, whole, whose kind the
  // converter finds (TextKinds).
  static constexpr int32_t kLineOfText = -2;
  // In a grouped round's CSV record, a mark on its count of places: the record holds no quote
  // (the reader gives no places then: the converter splits it, on its own thread, which is not
  // the one reading the log).
  static constexpr uint32_t kUnquotedRecord = uint32_t{1} << 31;
  void Record(const RecordKind& kind, int64_t line, bool same_round);
  void Fail(int64_t line, const RecordKind* kind, const FieldRule* rule, const std::string& why);
  void AddError(int64_t line, std::string_view message);
  // False where the round has another value for the field (an error, said).
  bool SetRoundField(const FieldRule& rule, const Value& value, int64_t line, const RecordKind& kind);
  void ReadRecords(std::string_view grouped);  // Convert and ConvertInto but for the v1 line
  void WriteRound();
  // ConvertInto: the event of `kind` whose values are `values` (event_fields_ order; nullptr
  // where left out) onto direct_; the round's own fields, once its records are read. False
  // where the fast path would not take them as written.
  bool DirectEvent(const RecordKind& kind, const Value* const* values);
  bool DirectRound();
  static void AppendValue(std::string* out, const Value& v);

  const Dialect& d_;
  // A json dialect's record of the round's own fields (the reader gives one first in each
  // round), as a kind: its index in a grouped round is the number of the dialect's kinds.
  RecordKind round_only_;
  // Worked out once from the dialect. Each kind's event fields in v1's order, each with its
  // key as written after the type ( ,"seat": ).
  struct PlannedField {
    const FieldRule* rule;
    std::string key;
    int scanned;  // its EventField (history/round_scanner.h), or kFace
  };
  static constexpr int kFace = -1;
  std::vector<std::vector<PlannedField>> event_fields_;  // by kind
  std::vector<const FieldRule*> key_rule_;               // by kind: the rule that reads the key
  std::vector<std::string> type_;                        // by kind: {"type":"deal"

  // The record being converted: its groups' or columns' values (a column's by its place in
  // the dialect's columns).
  std::vector<std::string_view> values_;
  // kCsv: where each declared column is in the file's records (the grouped round says); the
  // record being converted and the places of its values in it, where the reader gave them
  // (else nullptr, and values_ holds them); the record's fields as split where it did not, and
  // the fields it unescaped; the columns the dialect's round fields read.
  std::vector<int> column_at_;
  std::string_view csv_record_;
  const char* csv_places_ = nullptr;
  std::vector<std::string_view> fields_;
  std::string csv_scratch_;
  std::vector<uint32_t> round_columns_;

  // The round being converted.
  uint64_t round_serial_ = 0;
  // v1 field -> value. Its elements outlive a round, so that their texts' buffers are reused.
  class RoundFields {
   public:
    using Field = std::pair<std::string_view, Value>;  // the name its rule's (FieldRule::field)
    void clear() { size_ = 0; }
    Field& push() {
      if (size_ == items_.size()) items_.emplace_back();
      return items_[size_++];
    }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Field& operator[](size_t i) const { return items_[i]; }
    std::vector<Field>::const_iterator begin() const { return items_.begin(); }
    std::vector<Field>::const_iterator end() const { return items_.begin() + static_cast<ptrdiff_t>(size_); }

   private:
    std::vector<Field> items_;
    size_t size_ = 0;
  };
  RoundFields round_fields_;
  std::vector<int> round_field_ids_;  // ... its number (slot_field_)
  // What a round field is to the v1 line, for DirectRound.
  struct RoundTarget {
    enum : int8_t { kId, kTime, kTable, kRules, kCurrency, kLimit, kOther };
    int8_t what = kOther;
    int8_t wager = 0;  // kLimit: the WagerKind, and which bound
    bool max = false;
  };
  static RoundTarget TargetOf(std::string_view field);
  // Each round field's name as a number: that of the field each rule's slot sets (-1: none),
  // what each is (by number), and where in round_fields_ the round has it (-1: not yet).
  std::vector<int> slot_field_;
  std::vector<RoundTarget> field_targets_;
  std::vector<int> field_at_;
  std::vector<int64_t> round_field_lines_;
  std::string events_;  // the events' JSON, comma separated
  size_t events_count_ = 0;
  std::vector<std::pair<const FieldRule*, const Value*>> round_values_;  // of the record
  // The dialect's round fields were read whole from the last record that gave them, and set.
  bool round_clean_ = false;
  std::string round_;
  size_t round_size_ = 0;
  std::vector<int64_t> event_lines_;
  std::vector<Error> errors_;
  // ConvertInto: the Round being filled (nullptr in Convert), and whether it still can be.
  Round* direct_ = nullptr;
  bool direct_ok_ = false;
  std::vector<const Value*> event_values_;
  std::vector<Value> event_copies_;
  // A line of text's groups, and TextKinds' scratch.
  std::vector<re2::StringPiece> groups_;
  std::vector<int> matched_;
  std::vector<std::pair<int64_t, std::string>> faults_;  // the round's errors: line, why

  // The last text each rule read and its value (FieldRule::slot).
  struct Cached {
    bool valid = false;
    std::string raw;
    Value value;
    bool present = false;
    uint64_t applied = UINT64_MAX;  // the round it is a field of, with this text
  };
  std::vector<Cached> cache_;
  // ConvertEventField's tables: kMemoWays places for each rule's slot.
  struct Memo {
    uint64_t key = 0;  // the text's bytes, zeros after them
    uint8_t size = UINT8_MAX;
    bool present = false;
    Value value;
  };
  static constexpr int kMemoBits = 5;
  static constexpr size_t kMemoWays = size_t{1} << kMemoBits;
  std::vector<Memo> memo_;
  Value uncached_;  // the value of a rule with no slot
  // Card texts and what the notation reads them as (a log of a shoe has few).
  struct CardRead {
    uint64_t key = 0;  // the text's bytes (at most 8), zeros after them
    uint8_t size = UINT8_MAX;
    uint8_t code_size = 0;
    char code[8] = {};  // what the notation reads it as
  };
  static constexpr int kCardsRememberedBits = 9;
  std::array<CardRead, size_t{1} << kCardsRememberedBits> cards_read_{};

  // ConvertInto: the Events last made straight into a Round, each by its kind and the text its
  // values are read from (a text log's line; a CSV record's text from the value of the kind's
  // first column to that of its last, where no quote is in it): an event of the same kind and
  // text is the same Event, copied, not converted again (a round's bets and cards repeat).
  struct EventMade {
    int32_t kind = -1;
    std::string text;
    Event event;
  };
  // 4096: the distinct events of a Casino War log (seats and their cards, bets and results)
  // are some hundreds; at 1024 a quarter of its events took the place of another (measured).
  static constexpr int kEventsMadeBits = 12;
  std::vector<EventMade> events_made_;
  // The place in events_made_ of an event of kind `kind` read from `text` (EventText). A text
  // log's line is of one kind whatever its round (TextKinds), so its place is by its text alone:
  // a line the reader leaves to the converter is looked up before its kind is found.
  size_t MadeAt(size_t kind, std::string_view text) const;
  // The record at `line` is the event `made`, made before: copied into the Round, at its line.
  void TakeMade(const EventMade& made, int64_t line);
  std::vector<bool> kind_made_once_;  // by kind: its events may be so remembered (no "less")
  // kText, by kind: its line says nothing of the round (no round field, none of the dialect's
  // either, and no key), so that a line whose event was made before is that event, with no need
  // to find its kind (ReadRecords).
  std::vector<bool> line_made_once_;
  // kCsv: by kind, the declared columns of its values first and last in the file's records
  // (-1: none), for the layout of column_at_ they were worked out for; and whether the record
  // being converted holds no quote (the reader says: kUnquotedRecord).
  std::vector<std::pair<int, int>> kind_columns_;
  std::vector<int> kind_columns_layout_;
  // kCsv, for that layout: the round columns side by side in the file, in runs (first, last
  // declared column), and each run's text in the record converted before; whether every
  // declared column is the file's of its place; the places of the values of a record split
  // here, in the declared order, and in the file's where that is another.
  std::vector<std::pair<uint32_t, uint32_t>> round_runs_;
  std::vector<std::string_view> prior_runs_;
  bool layout_in_order_ = true;
  std::vector<uint16_t> own_places_, file_places_;
  bool csv_unquoted_ = false;
  // kCsv, for that layout, where every round column is among the first columns of a record or
  // among its last, with a column or more between (edges_: a table-game export's layout): the
  // declared columns that end the first and begin the last (-1: none such); by kind, whether
  // its event is read from the columns between alone (the same text there, the same event),
  // with nothing else to read (its round fields are the dialect's and its key is a round
  // column). Of an unquoted record so laid out, the text of its first columns and of its last
  // (its edges) and between them (csv_middle_). A record whose edges are the record's before
  // it, of a kind so read, and whose middle is an event made before (events_made_) is that
  // event, with no need to split it (ReadRecords).
  bool edges_ = false;
  int edge_first_ = -1, edge_last_ = -1;
  std::vector<bool> kind_in_middle_;
  std::string_view prior_head_, prior_tail_, csv_middle_;
  // prior_head_, prior_tail_ and csv_middle_ are kept (KeepEdges) of the record being
  // converted, which, for the next, is the record before it in the round.
  bool prior_edges_ = false;
  // The key rule whose cached text is the last record's key, set in the round (nullptr: none).
  const FieldRule* key_held_ = nullptr;
  // Of an unquoted record, where the round's edges are prior_head_ and prior_tail_: whether it
  // has the same, and if so the text between them (*middle).
  bool SameEdges(std::string_view record, std::string_view* middle) const;
  // Works out edges_, edge_first_, edge_last_ and kind_in_middle_ for the layout column_at_.
  void FindEdges();
  // Of a record split here (csv_places_), its edges and middle, kept for the next (prior_head_,
  // prior_tail_, csv_middle_).
  void KeepEdges(std::string_view record);
  // The text the event of kind `k` (an index in Dialect::records) being converted is read from;
  // false where it is not told by one text.
  bool EventText(size_t k, std::string_view* text) const;
};

// A round converted for the check (a DialectConverter's ConvertInto), on the thread that checks
// it or on the one reading ahead: the Round, where it converts straight into one, else its v1
// line; the line of each event's record; the records it could not read. Its buffers are reused
// from one round to the next.
struct ConvertedRound {
  bool direct = false;
  Round round;
  // Not direct: the v1 line, followed by kLinePadding bytes, the first kLineZeros of them zeros.
  std::string line;
  std::vector<int64_t> event_lines;
  std::vector<DialectConverter::Error> errors;

  // Converts `grouped` with `converter`; false (and nothing converted) where it is not a grouped
  // round (IsDialectRound).
  bool Convert(DialectConverter& converter, std::string_view grouped);
  // Lets go of buffers grown past what a usual round needs (a round of hundreds of events, a
  // long v1 line), so that the many of these kept for reuse (ReadAhead's) hold a few KiB each,
  // whatever rounds went through them.
  void Trim();
  // The v1 line, without its padding.
  std::string_view v1_line() const {
    return std::string_view(line).substr(0, line.size() < kLinePadding ? 0 : line.size() - kLinePadding);
  }
};

class DialectReader {
 public:
  // Reads `lines` (the vendor log) through `dialect`; both must outlive it.
  DialectReader(const Dialect& dialect, LineReader& lines);

  // Sets *text to the next round (a v1 JSON line) or error (IsDialectError) and returns true;
  // false at the end of the log or on an error reading it (status()). The view stays valid
  // until the next call.
  bool Next(std::string_view* text);
  // As Next, but a round comes grouped (IsDialectRound), for a DialectConverter. Use one of
  // Next and NextGrouped throughout.
  bool NextGrouped(std::string_view* text);
  // The line of the log the item last returned starts at: a round's first record, or the
  // record that could not be read.
  int64_t line_number() const { return line_; }
  // For a round Next returned: the line of each event's record, in the order of the round's
  // events.
  const std::vector<int64_t>& event_lines() const { return event_lines_; }

  // Lines of the log read so far, and those of nothing but white space among them.
  int64_t lines() const { return lines_.line_number(); }
  int64_t blank_lines() const { return blank_lines_; }
  const Status& status() const { return status_.ok() ? lines_.status() : status_; }
  void DigestPending() { lines_.DigestPending(); }
  int64_t bytes() const { return lines_.bytes(); }

 private:
  struct Item {
    int64_t line = 0;
    std::string text;  // a grouped round, or an error
  };

  bool ReadRecord(std::string_view* record, int64_t* line);  // false at the end
  bool ReadJsonValue(std::string_view* record, int64_t* line);
  void Process(std::string_view record, int64_t line);
  void ProcessJson(std::string_view record, int64_t line);
  bool ReadHeader(std::string_view record, int64_t line);
  void FindFirstFields();  // first_fields_, for column_at_
  // An error at `line`: in the round open, where there is one (the converter says it in
  // turn, naming the round); else an item of its own.
  void Fail(int64_t line, const RecordKind* kind, const FieldRule* rule, const std::string& why);
  void OpenRound(int64_t line);
  void CloseRound();
  // Adds an entry to the round open: a record of kind `kind` (its values_ in the converter's
  // order), or with kind -1 an error message.
  void Append(int64_t line, int32_t kind, std::string_view message);
  Item TakeItem();  // a spare item (its buffers reused), empty

  const Dialect& d_;
  LineReader& lines_;
  Status status_;
  int64_t blank_lines_ = 0;
  bool header_done_ = false;
  bool at_end_ = false;

  // The record being read: its text's groups or CSV fields.
  std::vector<re2::StringPiece> groups_;
  std::vector<std::string_view> fields_;
  std::string scratch_;         // CSV fields with "" in them, unescaped
  std::vector<int> column_at_;  // declared column -> its place in the file's records
  // Of a record that quotes no field (placed_ true; else fields_ holds its fields): its count of
  // fields, and where each of the first first_fields_ is in it (offset and size), those that
  // tell its kind and its round.
  std::vector<uint16_t> places_;
  ptrdiff_t fields_counted_ = -1;
  size_t first_fields_ = 0;
  bool placed_ = false;
  bool presplit_ = false;       // ReadRecord counted the fields of the record it gave
  std::string layout_;          // column_at_ as a grouped round gives it (OpenRound)
  std::vector<int> layout_of_;  // ... the column_at_ it was made of
  std::string record_;          // a CSV record over several lines
  std::vector<int> matched_;    // the kinds a line matches (Dialect::kinds)
  // kCsv: where every kind is told by the value of one column, that column (else -1).
  int when_column_ = -1;

  // kJson: the value being read, over lines (record_ holds what there is of it) or one of
  // several on a line.
  std::string_view json_line_;  // the line being read
  size_t json_at_ = 0;          // where in it
  int64_t json_line_number_ = 0;
  int64_t json_first_line_ = 0;  // of the value being read
  bool json_in_array_ = false;   // inside the top-level array
  bool json_read_any_ = false;   // a value (or the top-level array) has begun
  bool json_started_ = false;
  bool json_in_string_ = false;
  bool json_escape_ = false;
  bool json_skipping_ = false;  // the rest of a value too large to read
  int json_depth_ = 0;
  std::string json_text_;  // the value, padded for simdjson
  JsonTree json_;
  std::vector<int32_t> json_found_;
  std::vector<std::pair<int32_t, int32_t>> json_records_;  // (value's node, kind) of a round

  // Reads each record's key (and, in Next, converts the rounds).
  DialectConverter converter_;

  // The round open: its key, and its records so far (an Item of kDialectRoundMark).
  bool open_ = false;
  std::string round_key_;
  std::string key_raw_;  // the text of the key of the round's last record
  Item round_;
  size_t round_records_ = 0;

  // Next: the round converted last, its errors not all returned yet (from error_at_), or the
  // round itself not yet returned.
  bool converted_ = false;
  size_t error_at_ = 0;
  int64_t round_line_ = 0;

  std::deque<Item> ready_;
  std::vector<Item> spare_;
  Item current_;
  int64_t line_ = 0;
  std::vector<int64_t> event_lines_;
};

}  // namespace pitboss

#endif  // PITBOSS_DIALECT_DIALECT_READER_H_
