// The values of an operator's log as its system writes them, read into the hand-history
// format's and written back: times in a declared format and zone, cards in a declared
// notation, CSV fields (RFC 4180). Used by dialects (dialect/dialect.h).
#ifndef PITBOSS_DIALECT_VENDOR_VALUES_H_
#define PITBOSS_DIALECT_VENDOR_VALUES_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace re2 {
class RE2;
}

namespace pitboss {

// A time as a log writes it: `format` of %Y %m %d %H %M %S (two digits each, four for the
// year), %f (a second's fraction: one to nine digits), %z (a zone: "Z" or +HH:MM / -HH:MM) and
// %% (a percent sign), any other character standing for itself. Where the format has no %z,
// the time is in `zone_minutes` east of UTC (0: UTC, written "Z").
struct TimeFormat {
  std::string format = "%Y-%m-%dT%H:%M:%S%z";
  int zone_minutes = 0;
};

// "" when `format` is one TimeFormat reads; else what is wrong with it.
std::string CheckTimeFormat(std::string_view format);
// "Z", "+01:00", "-05:30" -> minutes east of UTC; nullopt for anything else.
std::optional<int> ParseZone(std::string_view zone);

// Reads `text` in `format` into an RFC 3339 time, as the v1 format writes it
// ("2026-11-21T20:14:03Z", "2026-11-21T21:14:03+01:00": the zone as the log gives it, so that
// the date written is the operator's). False, with `why`, when it does not fit the format or
// is no date.
bool ReadVendorTime(const TimeFormat& format, std::string_view text, std::string* rfc3339, std::string* why);
// Writes RFC 3339 `time` in `format`: in its own zone where the format writes one, else moved
// to the format's zone. False, with `why`, when `time` is not RFC 3339.
bool WriteVendorTime(const TimeFormat& format, std::string_view time, std::string* out, std::string* why);

// A card notation: a re2 pattern with the named groups `rank` and `suit` a card must match
// whole, the words of each group for the v1 ranks (2-9, T, J, Q, K, A) and suits (C, D, H, S),
// and the template a card is written back with ("{rank}{suit}", "{rank} of {suit}").
struct CardNotation {
  std::shared_ptr<const re2::RE2> pattern;
  int rank_group = 0;  // the groups' numbers in the pattern
  int suit_group = 0;
  std::vector<std::pair<std::string, char>> ranks;  // vendor word -> v1 rank; the first written back
  std::vector<std::pair<std::string, char>> suits;
  std::string write;

  // The v1 code of a card written in this notation; false when it is not one.
  bool Read(std::string_view text, std::string* v1) const;
  // `v1` (a v1 card code, "TH" or "10H") in this notation; false when it is not a card.
  bool Write(std::string_view v1, std::string* out) const;
};

// Fills `{name}` of `tmpl` with values(name): false (and `missing` the name) when a name has
// no value. "{{" and "}}" stand for braces.
template <typename Values>
bool FillTemplate(std::string_view tmpl, Values&& values, std::string* out, std::string* missing);
// The names of `tmpl`'s placeholders, in order; "" and `why` when it is not a template.
bool TemplateNames(std::string_view tmpl, std::vector<std::string>* names, std::string* why);

// One CSV record (RFC 4180: fields separated by `delimiter`, a field in double quotes may hold
// the delimiter, line breaks and "" for a quote). Fields are appended to `fields`, unquoted:
// views into `record`, or into `scratch` for a field with "" in it (both must outlive them).
// False, with `why` (and the 1-based field where it is), when a quote is out of place.
bool SplitCsv(std::string_view record, char delimiter, std::vector<std::string_view>* fields,
              std::string* scratch, std::string* why);
// As SplitCsv, for a record in which no field is quoted (most records), at most `most` fields:
// where each field is in `record`, its offset and size (two uint16s each: a record's places
// take little room where they are kept with it) in places[0, 2 * count), and the count
// returned. `places` has room for 2 * (most + kCsvPlacesSlack) uint16s (the fields are counted
// a few at a time). -1 (places written or not) where the record holds a quote, has more than
// `most` fields, or is longer than kMaxPlacedCsvBytes: SplitCsv says what it is.
constexpr size_t kMaxPlacedCsvBytes = UINT16_MAX;
constexpr size_t kCsvPlacesSlack = 16;
ptrdiff_t SplitCsvPlaces(std::string_view record, char delimiter, uint16_t* places, size_t most);
// Of a record that quotes no field, as SplitCsvPlaces, where only the first `first` fields'
// places are wanted (all of them, where it has no more) in places[0, 2 * first): the count of
// its fields, found without placing the others. -1 where the record holds a quote or is longer
// than kMaxPlacedCsvBytes.
ptrdiff_t CountCsvFields(std::string_view record, char delimiter, uint16_t* places, size_t first);
// True while `record` (the lines read so far) ends inside a quoted field: the record goes on
// on the next line.
bool CsvRecordOpen(std::string_view record);
// Appends `value` as one CSV field: quoted where it holds the delimiter, a quote, a line
// break, or white space at either end.
void AppendCsvField(std::string* out, std::string_view value, char delimiter);

// --- implementation of the template ---

template <typename Values>
bool FillTemplate(std::string_view tmpl, Values&& values, std::string* out, std::string* missing) {
  size_t i = 0;
  while (i < tmpl.size()) {
    const char c = tmpl[i];
    if ((c == '{' || c == '}') && i + 1 < tmpl.size() && tmpl[i + 1] == c) {
      out->push_back(c);
      i += 2;
      continue;
    }
    if (c == '{') {
      const size_t close = tmpl.find('}', i);
      if (close == std::string_view::npos) return false;
      const std::string_view name = tmpl.substr(i + 1, close - i - 1);
      const std::optional<std::string_view> v = values(name);
      if (!v) {
        missing->assign(name);
        return false;
      }
      out->append(*v);
      i = close + 1;
      continue;
    }
    out->push_back(c);
    ++i;
  }
  return true;
}

}  // namespace pitboss

#endif  // PITBOSS_DIALECT_VENDOR_VALUES_H_
