#include "dialect/vendor_values.h"

#include <re2/re2.h>

#include <array>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "pitboss/card.h"

namespace pitboss {

namespace {

// The parts of a time, as read.
struct TimeParts {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  std::string fraction;  // the digits after the second's point, "" for none
  std::optional<int> zone;
};

bool Digits(std::string_view text, size_t* i, int n, int* out) {
  if (*i + static_cast<size_t>(n) > text.size()) return false;
  int v = 0;
  for (int k = 0; k < n; ++k) {
    const char c = text[*i + static_cast<size_t>(k)];
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *i += static_cast<size_t>(n);
  *out = v;
  return true;
}

int DaysInMonth(int year, int month) {
  static constexpr std::array<int, 12> kDays = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kDays[static_cast<size_t>(month - 1)];
}

bool ValidParts(const TimeParts& t) {
  return t.month >= 1 && t.month <= 12 && t.day >= 1 && t.day <= DaysInMonth(t.year, t.month) &&
         t.hour <= 23 && t.minute <= 59 && t.second <= 60;
}

// Days since 1970-01-01 of a civil date, and back (Howard Hinnant's algorithms).
int64_t DaysFromCivil(int y, int m, int d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

void CivilFromDays(int64_t z, int* y, int* m, int* d) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const int64_t doe = z - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  *d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  *m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  *y = static_cast<int>(yoe + era * 400 + (*m <= 2));
}

// Moves `t` by `minutes` (the second and its fraction stay).
void Shift(TimeParts* t, int minutes) {
  int64_t total = int64_t{t->hour} * 60 + t->minute + minutes;
  int64_t days = DaysFromCivil(t->year, t->month, t->day);
  const int64_t day_delta = total >= 0 ? total / 1440 : -((-total + 1439) / 1440);  // floor
  days += day_delta;
  total -= day_delta * 1440;
  t->hour = static_cast<int>(total / 60);
  t->minute = static_cast<int>(total % 60);
  CivilFromDays(days, &t->year, &t->month, &t->day);
}

bool ReadZone(std::string_view text, size_t* i, int* minutes) {
  if (*i < text.size() && (text[*i] == 'Z' || text[*i] == 'z')) {
    ++*i;
    *minutes = 0;
    return true;
  }
  if (*i >= text.size() || (text[*i] != '+' && text[*i] != '-')) return false;
  const int sign = text[*i] == '-' ? -1 : 1;
  ++*i;
  int h = 0, m = 0;
  if (!Digits(text, i, 2, &h) || *i >= text.size() || text[*i] != ':') return false;
  ++*i;
  if (!Digits(text, i, 2, &m) || h > 23 || m > 59) return false;
  *minutes = sign * (h * 60 + m);
  return true;
}

void AppendZone(std::string* out, int minutes) {
  if (minutes == 0) {
    out->push_back('Z');
    return;
  }
  char buf[24];
  const int a = minutes < 0 ? -minutes : minutes;
  std::snprintf(buf, sizeof buf, "%c%02d:%02d", minutes < 0 ? '-' : '+', a / 60, a % 60);
  out->append(buf);
}

void AppendNumber(std::string* out, int v, int width) {
  int64_t n = v;
  if (n < 0) {
    out->push_back('-');
    n = -n;
    --width;
  }
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, n);
  const auto digits = static_cast<int>(r.ptr - buf);
  if (digits < width) out->append(static_cast<size_t>(width - digits), '0');
  out->append(buf, static_cast<size_t>(digits));
}

// Reads `text` by `format` into `t`.
bool ParseByFormat(std::string_view format, std::string_view text, TimeParts* t, std::string* why) {
  size_t i = 0;
  for (size_t f = 0; f < format.size(); ++f) {
    const char c = format[f];
    if (c != '%' || f + 1 >= format.size()) {
      if (i >= text.size() || text[i] != c) {
        why->assign(1, '\'')
            .append(text)
            .append("' does not fit the time format '")
            .append(format)
            .append(1, '\'');
        return false;
      }
      ++i;
      continue;
    }
    const char spec = format[++f];
    bool ok = true;
    switch (spec) {
      case 'Y':
        ok = Digits(text, &i, 4, &t->year);
        break;
      case 'm':
        ok = Digits(text, &i, 2, &t->month);
        break;
      case 'd':
        ok = Digits(text, &i, 2, &t->day);
        break;
      case 'H':
        ok = Digits(text, &i, 2, &t->hour);
        break;
      case 'M':
        ok = Digits(text, &i, 2, &t->minute);
        break;
      case 'S':
        ok = Digits(text, &i, 2, &t->second);
        break;
      case 'f': {
        const size_t start = i;
        while (i < text.size() && i - start < 9 && text[i] >= '0' && text[i] <= '9') ++i;
        ok = i > start;
        t->fraction.assign(text.substr(start, i - start));
        break;
      }
      case 'z': {
        int z = 0;
        ok = ReadZone(text, &i, &z);
        t->zone = z;
        break;
      }
      case '%':
        ok = i < text.size() && text[i] == '%';
        if (ok) ++i;
        break;
      case 's':
      case 'Q': {
        // Seconds (%s) or milliseconds (%Q) since 1970-01-01T00:00:00Z.
        const size_t start = i;
        int64_t n = 0;
        while (i < text.size() && i - start < 16 && text[i] >= '0' && text[i] <= '9')
          n = n * 10 + (text[i++] - '0');
        ok = i > start;
        if (!ok) break;
        int64_t seconds = n;
        if (spec == 'Q') {
          seconds = n / 1000;
          const auto ms = static_cast<int>(n % 1000);
          t->fraction = {static_cast<char>('0' + ms / 100), static_cast<char>('0' + ms / 10 % 10),
                         static_cast<char>('0' + ms % 10)};
          while (!t->fraction.empty() && t->fraction.back() == '0') t->fraction.pop_back();
        }
        CivilFromDays(seconds / 86400, &t->year, &t->month, &t->day);
        const int64_t in_day = seconds % 86400;
        t->hour = static_cast<int>(in_day / 3600);
        t->minute = static_cast<int>(in_day / 60 % 60);
        t->second = static_cast<int>(in_day % 60);
        t->zone = 0;
        break;
      }
      default:
        ok = false;
    }
    if (!ok) {
      why->assign(1, '\'')
          .append(text)
          .append("' does not fit the time format '")
          .append(format)
          .append("' at %");
      why->push_back(spec);
      return false;
    }
  }
  if (i != text.size()) {
    *why = "'" + std::string(text) + "' does not fit the time format '" + std::string(format) +
           "': more follows the time";
    return false;
  }
  if (!ValidParts(*t)) {
    *why = "'" + std::string(text) + "' is no date and time of the calendar";
    return false;
  }
  return true;
}

// RFC 3339 as v1 writes it: date 'T' (or 't' or ' ') time, a fraction, and a zone.
bool ParseRfc3339(std::string_view text, TimeParts* t) {
  size_t i = 0;
  if (!Digits(text, &i, 4, &t->year) || i >= text.size() || text[i++] != '-' ||
      !Digits(text, &i, 2, &t->month) || i >= text.size() || text[i++] != '-' ||
      !Digits(text, &i, 2, &t->day) || i >= text.size())
    return false;
  const char sep = text[i++];
  if (sep != 'T' && sep != 't' && sep != ' ') return false;
  if (!Digits(text, &i, 2, &t->hour) || i >= text.size() || text[i++] != ':' ||
      !Digits(text, &i, 2, &t->minute) || i >= text.size() || text[i++] != ':' ||
      !Digits(text, &i, 2, &t->second))
    return false;
  if (i < text.size() && text[i] == '.') {
    const size_t start = ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    if (i == start || i - start > 9) return false;
    t->fraction.assign(text.substr(start, i - start));
  }
  int z = 0;
  if (!ReadZone(text, &i, &z) || i != text.size()) return false;
  t->zone = z;
  return ValidParts(*t);
}

}  // namespace

std::string CheckTimeFormat(std::string_view format) {
  bool date[3] = {false, false, false};
  for (size_t f = 0; f < format.size(); ++f) {
    if (format[f] != '%') continue;
    if (f + 1 >= format.size()) return "a '%' at the end of the time format";
    const char spec = format[++f];
    switch (spec) {
      case 'Y':
        date[0] = true;
        break;
      case 'm':
        date[1] = true;
        break;
      case 'd':
        date[2] = true;
        break;
      case 's':
      case 'Q':
        date[0] = date[1] = date[2] = true;  // a count from the epoch is a date and a time
        break;
      case 'H':
      case 'M':
      case 'S':
      case 'f':
      case 'z':
      case '%':
        break;
      default:
        // Appended, here and below: GCC 12 warns falsely (-Wrestrict) of a literal + a string.
        return std::string(1, '%').append(1, spec).append(
            " is not a field of the time format (it has %Y %m %d %H %M %S %f %z %s %Q %%)");
    }
  }
  if (!date[0] || !date[1] || !date[2]) return "the time format has no date: it needs %Y, %m and %d";
  return "";
}

std::optional<int> ParseZone(std::string_view zone) {
  size_t i = 0;
  int minutes = 0;
  if (!ReadZone(zone, &i, &minutes) || i != zone.size()) return std::nullopt;
  return minutes;
}

bool ReadVendorTime(const TimeFormat& format, std::string_view text, std::string* rfc3339, std::string* why) {
  TimeParts t;
  if (!ParseByFormat(format.format, text, &t, why)) return false;
  const auto two = [](int v) { return v >= 0 && v < 100; };
  if (t.year >= 0 && t.year <= 9999 && two(t.month) && two(t.day) && two(t.hour) && two(t.minute) &&
      two(t.second)) {
    // Every part its digits (a time of each log's rounds): written in one step.
    char date[] = "0000-00-00T00:00:00";
    auto put = [&date](size_t at, int v, int width) {
      for (int k = width - 1; k >= 0; --k, v /= 10)
        date[at + static_cast<size_t>(k)] = static_cast<char>('0' + v % 10);
    };
    put(0, t.year, 4);
    put(5, t.month, 2);
    put(8, t.day, 2);
    put(11, t.hour, 2);
    put(14, t.minute, 2);
    put(17, t.second, 2);
    rfc3339->assign(date, sizeof date - 1);
  } else {
    rfc3339->clear();
    AppendNumber(rfc3339, t.year, 4);
    rfc3339->push_back('-');
    AppendNumber(rfc3339, t.month, 2);
    rfc3339->push_back('-');
    AppendNumber(rfc3339, t.day, 2);
    rfc3339->push_back('T');
    AppendNumber(rfc3339, t.hour, 2);
    rfc3339->push_back(':');
    AppendNumber(rfc3339, t.minute, 2);
    rfc3339->push_back(':');
    AppendNumber(rfc3339, t.second, 2);
  }
  if (!t.fraction.empty()) rfc3339->append(".").append(t.fraction);
  AppendZone(rfc3339, t.zone.value_or(format.zone_minutes));
  return true;
}

bool WriteVendorTime(const TimeFormat& format, std::string_view time, std::string* out, std::string* why) {
  TimeParts t;
  if (!ParseRfc3339(time, &t)) {
    why->assign(1, '\'').append(time).append("' is not an RFC 3339 time");
    return false;
  }
  const bool writes_zone = format.format.find("%z") != std::string::npos;
  if (!writes_zone && *t.zone != format.zone_minutes) Shift(&t, format.zone_minutes - *t.zone);
  const std::string_view f = format.format;
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%' || i + 1 >= f.size()) {
      out->push_back(f[i]);
      continue;
    }
    switch (f[++i]) {
      case 'Y':
        AppendNumber(out, t.year, 4);
        break;
      case 'm':
        AppendNumber(out, t.month, 2);
        break;
      case 'd':
        AppendNumber(out, t.day, 2);
        break;
      case 'H':
        AppendNumber(out, t.hour, 2);
        break;
      case 'M':
        AppendNumber(out, t.minute, 2);
        break;
      case 'S':
        AppendNumber(out, t.second, 2);
        break;
      case 'f':
        out->append(t.fraction.empty() ? "0" : t.fraction);
        break;
      case 'z':
        AppendZone(out, *t.zone);
        break;
      case 's':
      case 'Q': {
        // The instant, whatever zone the time was written in.
        const int64_t seconds = DaysFromCivil(t.year, t.month, t.day) * 86400 + int64_t{t.hour} * 3600 +
                                int64_t{t.minute} * 60 + t.second -
                                int64_t{writes_zone ? *t.zone : format.zone_minutes} * 60;
        int64_t n = seconds;
        if (f[i] == 'Q') {
          std::string ms = t.fraction.substr(0, 3);
          ms.append(3 - ms.size(), '0');
          n = seconds * 1000 + std::stoi(ms);
        }
        out->append(std::to_string(n));
        break;
      }
      default:
        out->push_back('%');
    }
  }
  return true;
}

bool CardNotation::Read(std::string_view text, std::string* v1) const {
  const int groups = pattern->NumberOfCapturingGroups();
  std::array<re2::StringPiece, 16> found{};
  if (groups + 1 > static_cast<int>(found.size())) return false;
  if (!pattern->Match(re2::StringPiece(text.data(), text.size()), 0, text.size(), re2::RE2::ANCHOR_BOTH,
                      found.data(), groups + 1))
    return false;
  const auto view = [&](int g) {
    const re2::StringPiece& p = found[static_cast<size_t>(g)];
    return std::string_view(p.data(), p.size());
  };
  const std::string_view rank = view(rank_group);
  const std::string_view suit = view(suit_group);
  char r = 0, s = 0;
  for (const auto& [word, code] : ranks) {
    if (word == rank) {
      r = code;
      break;
    }
  }
  for (const auto& [word, code] : suits) {
    if (word == suit) {
      s = code;
      break;
    }
  }
  if (r == 0 || s == 0) return false;
  v1->assign({r, s});
  return true;
}

bool CardNotation::Write(std::string_view v1, std::string* out) const {
  const std::optional<Card> card = ParseCard(v1);
  if (!card) return false;
  const std::string code = ToString(*card);  // "TH": the rank, then the suit
  const std::string* rank = nullptr;
  const std::string* suit = nullptr;
  for (const auto& [word, c] : ranks) {
    if (c == code[0]) {
      rank = &word;
      break;
    }
  }
  for (const auto& [word, c] : suits) {
    if (c == code[1]) {
      suit = &word;
      break;
    }
  }
  if (rank == nullptr || suit == nullptr) return false;
  std::string missing;
  return FillTemplate(
      write,
      [&](std::string_view name) -> std::optional<std::string_view> {
        if (name == "rank") return *rank;
        if (name == "suit") return *suit;
        return std::nullopt;
      },
      out, &missing);
}

bool TemplateNames(std::string_view tmpl, std::vector<std::string>* names, std::string* why) {
  for (size_t i = 0; i < tmpl.size(); ++i) {
    const char c = tmpl[i];
    if ((c == '{' || c == '}') && i + 1 < tmpl.size() && tmpl[i + 1] == c) {
      ++i;
      continue;
    }
    if (c == '}') {
      *why = "a '}' with no '{' (write '}}' for a brace)";
      return false;
    }
    if (c != '{') continue;
    const size_t close = tmpl.find('}', i);
    if (close == std::string_view::npos) {
      *why = "a '{' that is not closed";
      return false;
    }
    const std::string_view name = tmpl.substr(i + 1, close - i - 1);
    if (name.empty() || name.find('{') != std::string_view::npos) {
      *why = "'{" + std::string(name) + "}' names nothing";
      return false;
    }
    names->emplace_back(name);
    i = close;
  }
  return true;
}

namespace {

// Splits a record in which no field is quoted (most records) at its delimiters, 16 bytes a
// step where SSE2 is there; false, with `fields` as it was, at the first quote.
bool SplitUnquoted(std::string_view record, char delimiter, std::vector<std::string_view>* fields) {
  const size_t first = fields->size();
  const char* const p = record.data();
  const size_t n = record.size();
  size_t start = 0;
  size_t i = 0;
#if defined(__SSE2__)
  const __m128i delimiters = _mm_set1_epi8(delimiter);
  const __m128i quotes = _mm_set1_epi8('"');
  for (; i + 16 <= n; i += 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, quotes)) != 0) {
      fields->resize(first);
      return false;
    }
    auto mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, delimiters)));
    while (mask != 0) {
      const size_t at = i + static_cast<size_t>(__builtin_ctz(mask));
      fields->emplace_back(p + start, at - start);
      start = at + 1;
      mask &= mask - 1;
    }
  }
#endif
  for (; i < n; ++i) {
    if (p[i] == '"') {
      fields->resize(first);
      return false;
    }
    if (p[i] == delimiter) {
      fields->emplace_back(p + start, i - start);
      start = i + 1;
    }
  }
  fields->emplace_back(p + start, n - start);
  return true;
}

}  // namespace

namespace {

// Writes where each field of a record is (offset and size), one after another.
struct FieldPlaces {
  uint16_t* places;
  size_t count = 0;
  size_t start = 0;
  // The next field, which ends at `end`.
  void Put(size_t end) {
    places[2 * count] = static_cast<uint16_t>(start);
    places[2 * count + 1] = static_cast<uint16_t>(end - start);
    ++count;
    start = end + 1;
  }
};

}  // namespace

ptrdiff_t SplitCsvPlaces(std::string_view record, char delimiter, uint16_t* places, size_t most) {
  const char* const p = record.data();
  const size_t n = record.size();
  if (n > kMaxPlacedCsvBytes) return -1;
  // A field is written even where it is one too many (places has room for kCsvPlacesSlack
  // more): the count is looked at once for many.
  FieldPlaces fields{places};
  size_t i = 0;
#if defined(__SSE2__)
  static_assert(kCsvPlacesSlack >= 16);
  const __m128i delimiters = _mm_set1_epi8(delimiter);
  const __m128i quotes = _mm_set1_epi8('"');
  // The fields ending at the delimiters of each 16 bytes (a bit for each in a mask), the count
  // looked at after each 16.
  for (; i + 16 <= n; i += 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, quotes)) != 0) return -1;
    for (auto mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, delimiters))); mask != 0;
         mask &= mask - 1)
      fields.Put(i + static_cast<size_t>(__builtin_ctz(mask)));
    if (fields.count > most) return -1;
  }
  if (i < n && n >= 16) {
    // The last bytes, in the 16 that end the record: those before them shifted out.
    const auto shift = static_cast<unsigned>(16 - (n - i));
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + n - 16));
    if ((static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, quotes))) >> shift) != 0) return -1;
    for (unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, delimiters))) >> shift;
         mask != 0; mask &= mask - 1)
      fields.Put(i + static_cast<size_t>(__builtin_ctz(mask)));
    if (fields.count > most) return -1;
    i = n;
  }
#endif
  for (; i < n; ++i) {
    if (p[i] == '"') return -1;
    if (p[i] == delimiter) {
      fields.Put(i);
      if (fields.count > most) return -1;
    }
  }
  if (fields.count == most) return -1;
  fields.Put(n);
  return static_cast<ptrdiff_t>(fields.count);
}

namespace {

// The bits set in a 16-bit mask (no popcnt instruction is assumed of the machine).
unsigned CountBits16(unsigned x) {
  x = x - ((x >> 1) & 0x5555u);
  x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
  x = (x + (x >> 4)) & 0x0F0Fu;
  return (x + (x >> 8)) & 0x1Fu;
}

}  // namespace

ptrdiff_t CountCsvFields(std::string_view record, char delimiter, uint16_t* places, size_t first) {
  const char* const p = record.data();
  const size_t n = record.size();
  if (n > kMaxPlacedCsvBytes) return -1;
  size_t delimiters = 0;  // counted apart from those placed, a block at a time
  FieldPlaces fields{places};
  // The fields ending at the delimiters of `mask` (a bit for each of 16 bytes from `base`), while
  // more are wanted.
  auto place = [&](unsigned mask, size_t base) {
    for (; mask != 0 && fields.count < first; mask &= mask - 1)
      fields.Put(base + static_cast<size_t>(__builtin_ctz(mask)));
  };
  size_t i = 0;
#if defined(__SSE2__)
  const __m128i delimiters_16 = _mm_set1_epi8(delimiter);
  const __m128i quotes = _mm_set1_epi8('"');
  const __m128i ones = _mm_set1_epi8(1);
  __m128i sums = _mm_setzero_si128();  // delimiters, in two 64-bit halves
  for (; i + 16 <= n; i += 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, quotes)) != 0) return -1;
    const __m128i at = _mm_cmpeq_epi8(bytes, delimiters_16);
    if (fields.count < first) place(static_cast<unsigned>(_mm_movemask_epi8(at)), i);
    sums = _mm_add_epi64(sums, _mm_sad_epu8(_mm_and_si128(at, ones), _mm_setzero_si128()));
  }
  delimiters += static_cast<size_t>(_mm_cvtsi128_si64(sums)) +
                static_cast<size_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
  if (i < n && n >= 16) {
    // The last bytes, in the 16 that end the record: those before them shifted out.
    const auto shift = static_cast<unsigned>(16 - (n - i));
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + n - 16));
    if ((static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, quotes))) >> shift) != 0) return -1;
    const unsigned mask =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, delimiters_16))) >> shift;
    place(mask, i);
    delimiters += CountBits16(mask);
    i = n;
  }
#endif
  for (; i < n; ++i) {
    if (p[i] == '"') return -1;
    if (p[i] == delimiter) {
      if (fields.count < first) fields.Put(i);
      ++delimiters;
    }
  }
  if (fields.count < first) fields.Put(n);
  return static_cast<ptrdiff_t>(delimiters + 1);
}

bool SplitCsv(std::string_view record, char delimiter, std::vector<std::string_view>* fields,
              std::string* scratch, std::string* why) {
  // A field unescaped into scratch, which may grow as it is written, is given its view at
  // the end: (the field's place, its offset in scratch, its size).
  struct Unescaped {
    size_t field, begin, size;
  };
  const size_t n = record.size();
  if (SplitUnquoted(record, delimiter, fields)) return true;
  thread_local std::vector<Unescaped> unescaped;
  unescaped.clear();
  scratch->clear();
  const size_t first = fields->size();
  size_t i = 0;
  auto fail = [&](std::string_view what) {
    why->assign("field ");
    why->append(std::to_string(fields->size() - first + 1));
    why->append(": ");
    why->append(what);
    return false;
  };
  while (true) {
    if (i < n && record[i] == '"') {
      ++i;
      size_t q = record.find('"', i);
      if (q == std::string_view::npos) return fail("a quoted field that is not closed");
      if (q + 1 < n && record[q + 1] == '"') {
        // An escaped quote: the field is unescaped into scratch.
        const size_t begin = scratch->size();
        while (true) {
          scratch->append(record.substr(i, q - i));
          if (q + 1 < n && record[q + 1] == '"') {
            scratch->push_back('"');
            i = q + 2;
            q = record.find('"', i);
            if (q == std::string_view::npos) return fail("a quoted field that is not closed");
            continue;
          }
          break;
        }
        unescaped.push_back({fields->size(), begin, scratch->size() - begin});
        fields->emplace_back();
      } else {
        fields->push_back(record.substr(i, q - i));
      }
      i = q + 1;
      if (i < n && record[i] != delimiter) return fail("text after its closing quote");
    } else {
      // One pass to the delimiter (fields are short: a call to memchr each costs more).
      size_t end = i;
      while (end < n && record[end] != delimiter) {
        if (record[end] == '"') return fail("a quote inside a field that is not quoted");
        ++end;
      }
      fields->push_back(record.substr(i, end - i));
      i = end;
    }
    if (i >= n) break;
    ++i;  // the delimiter
  }
  for (const Unescaped& u : unescaped)
    (*fields)[u.field] = std::string_view(*scratch).substr(u.begin, u.size);
  return true;
}

bool CsvRecordOpen(std::string_view record) {
  bool open = false;
  const char* at = record.data();
  const char* const end = at + record.size();
  while (const void* q = std::memchr(at, '"', static_cast<size_t>(end - at))) {
    open = !open;
    at = static_cast<const char*>(q) + 1;
  }
  return open;
}

void AppendCsvField(std::string* out, std::string_view value, char delimiter) {
  const bool quote = value.find_first_of(std::string{'"', '\n', '\r', delimiter}) != std::string_view::npos ||
                     (!value.empty() && (value.front() == ' ' || value.back() == ' ' ||
                                         value.front() == '\t' || value.back() == '\t'));
  if (!quote) {
    out->append(value);
    return;
  }
  out->push_back('"');
  for (char c : value) {
    if (c == '"') out->push_back('"');
    out->push_back(c);
  }
  out->push_back('"');
}

}  // namespace pitboss
