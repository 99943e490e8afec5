// A dialect: how the records of a log an operator's own system writes become rounds and
// events of the hand-history format (../shared/hand-history-v1.md), and back. Declared in a
// YAML file under dialects/ (docs/dialects.md), loaded and checked here with every error at
// file:line:column, then read by DialectReader (vendor log -> v1 rounds) and written by
// DialectWriter (v1 rounds -> vendor log).
#ifndef PITBOSS_DIALECT_DIALECT_H_
#define PITBOSS_DIALECT_DIALECT_H_

#include <re2/re2.h>
#include <re2/set.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dialect/vendor_values.h"
#include "pitboss/round.h"
#include "pitboss/status.h"

namespace pitboss {

class TextKinds;

// The input shape a dialect reads.
enum class DialectShape : uint8_t {
  kText,  // one record a line, each record kind a re2 pattern with named groups
  kCsv,   // RFC 4180 delimited values (a comma, or a tab for TSV), columns by header name
  kJson,  // JSON objects, each a round (one a line, or the elements of a top-level array)
};

// A path into a JSON value (docs/dialects.md): segments separated by '/', each a member name,
// an array index, * (every element of an array, every member of an object), .. (the value
// that holds this one) or # (the member name or index this value has in the one holding it).
// A leading '/' starts from the round's object; else from the value a record kind's `each`
// reaches (or the round's object, for a round field).
struct JsonPath {
  bool absolute = false;
  std::vector<std::string> segments;
  std::string text;  // as written
};
// Reads `text` as a JsonPath; false with `why`.
bool ParseJsonPath(std::string_view text, JsonPath* path, std::string* why);

// What a value of the vendor's log is turned into for its v1 field.
enum class ValueAs : uint8_t {
  kString,      // as written
  kInt,         // an integer as written ("3")
  kMinorUnits,  // money already in minor units ("1250")
  kMoney,       // money as a decimal in the currency's units ("12.50" -> 1250, exactly)
  kTime,        // a time in the dialect's `time` format -> RFC 3339
  kCard,        // a card in the dialect's `cards` notation -> the v1 code
  kSeat,        // an integer seat, or "dealer"
};
std::string_view ToString(ValueAs as);

// How one v1 field of a round or an event is filled.
struct FieldRule {
  std::string field;  // the v1 field: "round", "time", "limits.main.min", "seat", "card"...
  // Where its value is read: a pattern's named group or a column ("" for a constant), and
  // its index (the group's number; the column's, counted from 0).
  std::string from;
  int index = -1;
  std::optional<std::string> value;  // a constant, instead of `from`
  // Vendor words -> v1 words, in the order written (the first of several vendor words for one
  // v1 word is the one written back). A word the map does not have is kept as written when
  // keep_other, else the record is malformed.
  std::vector<std::pair<std::string, std::string>> map;
  bool has_map = false;
  bool keep_other = false;
  ValueAs as = ValueAs::kString;
  // An empty value leaves the field out of the v1 round (its v1 default then holds).
  bool optional = false;
  // kJson: `from` as a path.
  JsonPath path;
  // An amount to take from the value (`less:`, money only): a gross payout logged, its net
  // wanted. Read as `from` is: a group, a column or a path; its index as `index`'s.
  std::string less;
  int less_index = -1;
  JsonPath less_path;
  int line = 0;  // where it is declared (1-based), for messages
  int column = 0;
  // The rule's number among all the dialect's rules (0, 1...): a reader keeps the last value
  // each rule read there, and reuses it when the same text comes again (a CSV export repeats
  // its round's fields on every row).
  int slot = -1;
};

// The part a record kind plays.
enum class RecordRole : uint8_t {
  kEvent,   // one v1 event
  kBegin,   // opens a round (and may carry its fields)
  kEnd,     // closes the round open (and may carry its fields)
  kRound,   // carries fields of the round open (a limit, a currency), between its events
  kIgnore,  // read and passed over (a comment, a banner, a subtotal)
};

struct RecordKind {
  std::string name;
  RecordRole role = RecordRole::kEvent;
  EventType event = EventType::kBurn;  // kEvent
  // kText: the pattern a whole line must match, and the template written back ("{group}").
  std::shared_ptr<const re2::RE2> pattern;
  std::string write;
  // kCsv: column index -> the value that column must hold for a record of this kind.
  std::vector<std::pair<int, std::string>> when;
  std::vector<FieldRule> round_fields;  // round fields this kind carries
  std::vector<FieldRule> fields;        // event fields
  // kJson: the values a record of this kind is each of (every bet of every player...), and
  // the value a path from each must have for it to be a record of this kind.
  JsonPath each;
  std::vector<std::pair<JsonPath, std::string>> json_when;
  int line = 0;
};

// Checks a dialect's format cannot feed, as its file declares them (not_checked:): the v1
// data the format lacks, and the codes of the checks that need it. A check read through the
// dialect withholds those codes' findings and reports them as not checked.
struct NotChecked {
  std::vector<std::string> codes;
  std::string lacks;
  std::string why;
};

struct Dialect {
  std::string id;
  std::string title;
  std::string path;    // the file it was loaded from
  std::string sha256;  // of that file's bytes
  // Whose format it is and where it is described.
  std::string source_owner;
  std::string source_url;
  std::string source_note;

  DialectShape shape = DialectShape::kText;
  // kCsv
  char delimiter = ',';
  bool header = true;                // the first record names the columns
  std::vector<std::string> columns;  // in order, as written back (and read, without a header)

  // The money every `as: money` amount is written in, and its decimals.
  std::string currency;
  int currency_digits = 2;
  TimeFormat time;
  std::optional<CardNotation> cards;  // nullopt: cards are written as v1 writes them

  std::vector<FieldRule> round_fields;  // round fields every record carries
  std::vector<RecordKind> records;      // tried in order: the first that matches is the record's
  // How records group into rounds: a new round at each record of kind `begin`, and at each
  // change of `key` (a v1 round field every record of a round carries, usually "round");
  // a record of kind `end` closes the round.
  std::string key;
  int begin = -1;  // index in records, -1 for none
  int end = -1;

  const RecordKind* Kind(std::string_view name) const;
  int slots = 0;  // rules in all (FieldRule::slot)
  // kJson: the values a record carries (a rule's index, and its less_index); whether a
  // round's events come in the order of the kinds (each kind's records in the order of the
  // document) rather than in the order of the document.
  int json_values = 0;
  bool json_order_kinds = false;
  std::vector<NotChecked> not_checked;
  // A text dialect: every kind's pattern in one set, so that a line is matched once to find
  // its kind (the first in order whose pattern matches), then once more for its groups.
  std::shared_ptr<const re2::RE2::Set> kinds;
  // A text dialect: which kind a line is, mostly without re2 (text_kinds.h).
  std::shared_ptr<const TextKinds> text_kinds;
};

// Loads and checks the dialect in `path`: unknown keys, a pattern re2 rejects, a group or a
// column no field uses, a group used twice, a v1 field an event or round needs and no rule
// fills, a word mapped two ways, a card notation that does not read back every card it writes.
// Each problem is appended to `errors` as "file:line:column: message"; nullptr when there is any.
std::unique_ptr<Dialect> LoadDialect(const std::string& path, std::vector<std::string>* errors);

// The dialect `name` names: a file (a path that exists, or ends in .yaml), else the id of a
// dialect of the dialects tree (`id:` of a file in it, e.g. "tgms/casino-war-csv").
StatusOr<std::unique_ptr<Dialect>> FindDialect(const std::string& name);

// Every dialect file of the tree (sorted).
std::vector<std::string> DialectFiles(const std::string& root);

// The dialects tree: $PITBOSS_DIALECTS; else share/pitboss/dialects beside the binary's folder;
// else dialects/ in the folder above the binary's; else "dialects".
std::string DefaultDialectsPath();

}  // namespace pitboss

#endif  // PITBOSS_DIALECT_DIALECT_H_
