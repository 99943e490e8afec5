#include "report/html.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <streambuf>
#include <string>
#include <system_error>
#include <unordered_map>
#include <vector>

#include "base/markup.h"
#include "base/printable.h"
#include "base/sha256.h"
#include "base/utf8.h"
#include "report/assets.h"  // generated from src/report/assets/ (cmake/embed_assets.cmake)

namespace pitboss {
namespace {

// The characters the HTML parser reports as errors in the input stream, ASCII
// ones aside: C1 controls and noncharacters.
bool HtmlRejects(char32_t c) {
  return (c >= 0x80 && c <= 0x9F) || (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
}

// `c` as a JSON string escape: \uXXXX, or a surrogate pair beyond the BMP.
std::string JsonEscape(char32_t c) {
  char escaped[16];
  if (c > 0xFFFF) {
    const char32_t offset = c - 0x10000;
    std::snprintf(escaped, sizeof escaped, "\\u%04X\\u%04X", static_cast<unsigned>(0xD800 + (offset >> 10)),
                  static_cast<unsigned>(0xDC00 + (offset & 0x3FF)));
  } else {
    std::snprintf(escaped, sizeof escaped, "\\u%04X", static_cast<unsigned>(c));
  }
  return escaped;
}

// Shortest round-trip form of a finite double, or with `decimals` >= 0 that
// many digits after the point.
std::string ToChars(double value, int decimals) {
  std::array<char, 64> buffer;
  const auto result = decimals < 0 ? std::to_chars(buffer.data(), buffer.data() + buffer.size(), value)
                                   : std::to_chars(buffer.data(), buffer.data() + buffer.size(), value,
                                                   std::chars_format::fixed, decimals);
  if (result.ec != std::errc()) return "NaN";  // cannot happen with 64 chars
  std::string text(buffer.data(), result.ptr);
  // "-0", "-0.0": the sign of a zero carries no meaning on a page.
  if (text.find_first_not_of("-0.") == std::string::npos)
    return decimals > 0 ? text.substr(text[0] == '-') : "0";
  return text;
}

// An SVG coordinate: one decimal at most.
std::string Coord(double value) {
  std::string text = ToChars(value, 1);
  if (text.ends_with(".0")) text.resize(text.size() - 2);
  return text;
}

std::string Base64(std::string_view bytes) {
  static constexpr std::string_view kAlphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    uint32_t group = static_cast<uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
    if (i + 1 < bytes.size()) group |= static_cast<uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
    if (i + 2 < bytes.size()) group |= static_cast<unsigned char>(bytes[i + 2]);
    out += kAlphabet[(group >> 18) & 0x3F];
    out += kAlphabet[(group >> 12) & 0x3F];
    out += i + 1 < bytes.size() ? kAlphabet[(group >> 6) & 0x3F] : '=';
    out += i + 2 < bytes.size() ? kAlphabet[group & 0x3F] : '=';
  }
  return out;
}

// A Content-Security-Policy source for exactly `text`: 'sha256-BASE64'.
std::string HashSource(std::string_view text) {
  const std::string hex = Sha256Hex(text);
  std::string digest;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    digest += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  }
  return "'sha256-" + Base64(digest) + "'";
}

// The stylesheet of `page`, exactly as written between <style> and </style>: print-friendly,
// system fonts only.
std::string Stylesheet(const HtmlPage& page) { return std::string(assets::kReportCss) + page.extra_css; }

// Approximate width in pixels of `text` at the plots' 11px font: enough to
// leave room for labels; a browser's fonts differ a little.
double TextWidth(std::string_view text) {
  std::size_t characters = 0;
  for (const char c : text) characters += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return 6.6 * static_cast<double>(characters);
}

// An axis from `lo` to `hi` in steps of 1, 2 or 5 times a power of ten, about
// `ticks` of them, covering the data.
struct Axis {
  double lo = 0;
  double hi = 1;
  double step = 1;
  int decimals = 0;  // digits of a tick label after the point

  std::string Label(double value) const { return ToChars(value, decimals); }
};

Axis NiceAxis(double lo, double hi, int ticks, bool whole_numbers) {
  if (!(hi > lo)) {
    const double pad = lo == 0 ? 1 : std::abs(lo) * 0.1;
    lo -= lo == 0 ? 0 : pad;
    hi += pad;
  }
  // Divided before subtracting: finite values far apart must not overflow.
  const double raw = hi / ticks - lo / ticks;
  const int exponent = static_cast<int>(std::floor(std::log10(raw)));
  const double magnitude = std::pow(10.0, exponent);
  const double normalized = raw / magnitude;
  const double factor = normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 5 ? 5 : 10;
  Axis axis;
  axis.step = factor * magnitude;
  int decimals = std::max(0, -(factor == 10 ? exponent + 1 : exponent));
  if (whole_numbers && axis.step < 1) {
    axis.step = 1;
    decimals = 0;
  }
  axis.decimals = decimals;
  axis.lo = std::floor(lo / axis.step) * axis.step;
  axis.hi = std::ceil(hi / axis.step) * axis.step;
  if (axis.hi == axis.lo) axis.hi = axis.lo + axis.step;
  return axis;
}

// The ticks of `axis`, computed from their index so that no error accumulates.
std::vector<double> Ticks(const Axis& axis) {
  std::vector<double> ticks;
  const auto count = static_cast<int64_t>(std::llround(axis.hi / axis.step - axis.lo / axis.step));
  for (int64_t i = 0; i <= count; ++i) ticks.push_back(axis.lo + static_cast<double>(i) * axis.step);
  return ticks;
}

struct Extent {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  bool whole_numbers = true;

  void Add(double value) {
    if (!std::isfinite(value)) return;
    lo = std::min(lo, value);
    hi = std::max(hi, value);
    whole_numbers = whole_numbers && value == std::floor(value);
  }
  void Add(const std::optional<double>& value) {
    if (value) Add(*value);
  }
  bool empty() const { return lo > hi; }
};

bool Finite(const std::optional<double>& value) { return value && std::isfinite(*value); }

void SvgOpen(std::ostream& out, double width, double height, std::string_view title) {
  out << "<svg class=\"chart\" role=\"img\" width=\"" << Coord(width) << "\" height=\"" << Coord(height)
      << "\" viewBox=\"0 0 " << Coord(width) << ' ' << Coord(height) << "\"><title>" << HtmlEscape(title)
      << "</title>\n";
}

// Legend glyphs, drawn 16 wide around (x, y), y on the text's middle.
enum class Glyph { kBar, kTickAcross, kWhisker, kInterval, kTheory, kPoint };

void WriteGlyph(std::ostream& out, Glyph glyph, double x, double y) {
  switch (glyph) {
    case Glyph::kBar:
      out << "<rect class=\"bar\" x=\"" << Coord(x) << "\" y=\"" << Coord(y - 5)
          << "\" width=\"16\" height=\"10\"/>";
      break;
    case Glyph::kTickAcross:
      out << "<line class=\"expected\" x1=\"" << Coord(x) << "\" x2=\"" << Coord(x + 16) << "\" y1=\""
          << Coord(y) << "\" y2=\"" << Coord(y) << "\"/>";
      break;
    case Glyph::kWhisker:
      out << "<path class=\"whisker\" d=\"M" << Coord(x + 8) << ' ' << Coord(y - 6) << "V" << Coord(y + 6)
          << "M" << Coord(x + 4) << ' ' << Coord(y - 6) << "H" << Coord(x + 12) << "M" << Coord(x + 4) << ' '
          << Coord(y + 6) << "H" << Coord(x + 12) << "\"/>";
      break;
    case Glyph::kInterval:
      out << "<path class=\"interval\" d=\"M" << Coord(x) << ' ' << Coord(y) << "H" << Coord(x + 16) << "M"
          << Coord(x) << ' ' << Coord(y - 4) << "V" << Coord(y + 4) << "M" << Coord(x + 16) << ' '
          << Coord(y - 4) << "V" << Coord(y + 4) << "\"/>";
      break;
    case Glyph::kTheory:
      out << "<line class=\"theory\" x1=\"" << Coord(x + 8) << "\" x2=\"" << Coord(x + 8) << "\" y1=\""
          << Coord(y - 7) << "\" y2=\"" << Coord(y + 7) << "\"/>";
      break;
    case Glyph::kPoint:
      out << "<circle class=\"point\" cx=\"" << Coord(x + 8) << "\" cy=\"" << Coord(y) << "\" r=\"4\"/>";
      break;
  }
}

struct LegendItem {
  Glyph glyph;
  std::string_view label;
};

// One line of legend items from (x, y).
void WriteLegend(std::ostream& out, const std::vector<LegendItem>& items, double x, double y) {
  out << "<g class=\"legend\">";
  for (const LegendItem& item : items) {
    WriteGlyph(out, item.glyph, x, y);
    out << "<text x=\"" << Coord(x + 21) << "\" y=\"" << Coord(y + 4) << "\">" << HtmlEscape(item.label)
        << "</text>";
    x += 21 + TextWidth(item.label) + 16;
  }
  out << "</g>\n";
}

}  // namespace

std::string HtmlEscape(std::string_view text) {
  static constexpr MarkupEscapes kHtml{"&quot;", "&#39;", "\\n", "\\r", "\\t", &HtmlRejects};
  return EscapeMarkup(text, kHtml);
}

std::string FormatNumber(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  return ToChars(value, -1);
}

void WriteHtmlPageBegin(const HtmlPage& page, std::ostream& out) {
  const std::string stylesheet = Stylesheet(page);
  std::string scripts;
  for (const std::string& script : page.scripts) {
    scripts += ' ';
    scripts += HashSource(script);
  }
  // default-src 'none': nothing is fetched, not even from the page's own
  // folder. The JSON data block is not a script the browser runs, so it needs
  // no hash.
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src "
      << HashSource(stylesheet) << "; script-src" << (scripts.empty() ? " 'none'" : scripts)
      << "; img-src data:; base-uri 'none'; form-action 'none'\">\n"
      << "<title>" << HtmlEscape(page.title) << "</title>\n"
      << "<style>" << stylesheet << "</style>\n</head>\n<body>\n";
}

void WriteHtmlPageEnd(const HtmlPage& page, std::ostream& out) {
  for (const std::string& script : page.scripts) out << "<script>" << script << "</script>\n";
  out << "</body>\n</html>\n";
}

namespace {

// Writes `json` escaped for a <script> block (see WriteHtmlJson); each code point is escaped
// on its own, so that `json` may come in pieces cut anywhere but inside a UTF-8 sequence.
void EscapeHtmlJson(std::ostream& out, std::string_view json) {
  std::size_t done = 0;  // json[0, done) is written
  const auto replace = [&](std::size_t at, std::size_t length, std::string_view with) {
    out << json.substr(done, at - done) << with;
    done = at + length;
  };
  for (std::size_t i = 0; i < json.size();) {
    const auto c = static_cast<unsigned char>(json[i]);
    if (c == '<') {
      replace(i, 1, "\\u003c");
    } else if (c >= 0x80) {
      const Utf8Step step = NextUtf8(json.substr(i));
      if (step.valid) {
        const char32_t code_point = DecodeUtf8(json.substr(i, step.length));
        if (code_point == 0x2028 || code_point == 0x2029 || HtmlRejects(code_point)) {
          replace(i, step.length, JsonEscape(code_point));
        }
      }
      i += step.length;
      continue;
    }
    ++i;
  }
  out << json.substr(done);
}

// A stream buffer that escapes what is written to it onto `out`, a chunk at a time: chunks
// are cut after an ASCII byte, never inside a UTF-8 sequence (nor an invalid one).
class HtmlJsonBuffer : public std::streambuf {
 public:
  explicit HtmlJsonBuffer(std::ostream& out) : out_(out) {}
  // Escapes what is left.
  void Finish() {
    EscapeHtmlJson(out_, pending_);
    pending_.clear();
  }

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    pending_.append(s, static_cast<std::size_t>(n));
    if (pending_.size() >= kChunk) Drain();
    return n;
  }
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      pending_.push_back(traits_type::to_char_type(c));
      if (pending_.size() >= kChunk) Drain();
    }
    return traits_type::not_eof(c);
  }

 private:
  static constexpr std::size_t kChunk = std::size_t{1} << 16;
  void Drain() {
    std::size_t cut = pending_.size();
    while (cut > 0 && static_cast<unsigned char>(pending_[cut - 1]) >= 0x80) --cut;
    if (cut == 0) return;  // no ASCII byte yet: wait for one
    EscapeHtmlJson(out_, std::string_view(pending_).substr(0, cut));
    pending_.erase(0, cut);
  }
  std::ostream& out_;
  std::string pending_;
};

// The rows of a compact array (html.h), written to `out` as its objects come, member by member;
// the lists of keys and of shared values at the end. Keys and values are raw JSON text.
class CompactRows {
 public:
  CompactRows(std::string& out, const std::vector<std::string_view>& shared) : out_(out) {
    for (const std::string_view key : shared) shared_.push_back({'"' + std::string(key) + '"', {}, {}});
  }

  void Begin() { out_ += "{\"compact\":1,\"rows\":["; }

  void Member(std::string_view key, std::string_view value) {
    if (!shape_.empty()) shape_ += ',';
    shape_ += key;
    row_ += ',';
    for (Shared& shared : shared_) {
      if (shared.key != key) continue;
      const auto [at, added] = shared.index.try_emplace(std::string(value), shared.values.size());
      if (added) shared.values.push_back(&at->first);
      row_ += std::to_string(at->second);
      return;
    }
    row_ += value;
  }

  void EndObject() {
    const auto [at, added] = shapes_.try_emplace(shape_, shapes_.size());
    if (added) shape_order_.push_back(&at->first);
    if (rows_ > 0) out_ += ',';
    out_ += '[';
    out_ += std::to_string(at->second);
    out_ += row_;
    out_ += ']';
    ++rows_;
    shape_.clear();
    row_.clear();
  }

  void End() {
    out_ += "],\"keys\":[";
    for (std::size_t i = 0; i < shape_order_.size(); ++i) {
      if (i > 0) out_ += ',';
      out_ += '[' + *shape_order_[i] + ']';
    }
    out_ += "],\"values\":{";
    bool first = true;
    for (const Shared& shared : shared_) {
      if (shared.values.empty()) continue;
      if (!first) out_ += ',';
      first = false;
      out_ += shared.key + ":[";
      for (std::size_t i = 0; i < shared.values.size(); ++i) {
        if (i > 0) out_ += ',';
        out_ += *shared.values[i];
      }
      out_ += ']';
    }
    out_ += "}}";
  }

 private:
  struct Shared {
    std::string key;  // as JSON: in quotes
    std::unordered_map<std::string, std::size_t> index;
    std::vector<const std::string*> values;  // in order of first use; the map's keys
  };
  std::string& out_;
  std::vector<Shared> shared_;
  std::unordered_map<std::string, std::size_t> shapes_;  // a row's keys, joined by commas
  std::vector<const std::string*> shape_order_;
  std::string shape_;  // the current object's keys so far
  std::string row_;    // its values so far, each after a comma
  std::size_t rows_ = 0;
};

// Passes JSON through to `out` but for the array at the top-level member `compact.member`,
// which it writes as a compact array. It reads the JSON a byte at a time, as JsonWriter writes
// it (no whitespace), tracking strings and nesting only: it never holds more than one element.
class CompactingBuffer : public std::streambuf {
 public:
  CompactingBuffer(std::ostream& out, const CompactArray& compact)
      : out_(out), member_(compact.member), rows_(buffer_, compact.shared) {}
  // Writes what is left.
  void Finish() {
    out_ << buffer_;
    buffer_.clear();
  }

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    for (std::streamsize i = 0; i < n; ++i) Feed(s[i]);
    if (buffer_.size() >= kChunk) Finish();
    return n;
  }
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof())) Feed(traits_type::to_char_type(c));
    if (buffer_.size() >= kChunk) Finish();
    return traits_type::not_eof(c);
  }

 private:
  static constexpr std::size_t kChunk = std::size_t{1} << 16;
  enum class State {
    kPass,      // outside the array
    kAfterKey,  // after the member's key and colon: an array follows, or another value
    kArray,     // in the array, between its elements
    kKey,       // in an element, before a key or between members
    kValue,     // in an element, in a member's value
  };

  // Tracks the strings of the JSON: returns true while `c` is inside one (its quotes included).
  bool InString(char c) {
    if (in_string_) {
      if (escaped_) {
        escaped_ = false;
      } else if (c == '\\') {
        escaped_ = true;
      } else if (c == '"') {
        in_string_ = false;
      }
      return true;
    }
    if (c == '"') {
      in_string_ = true;
      return true;
    }
    return false;
  }

  void Feed(char c) {
    switch (state_) {
      case State::kPass: {
        buffer_ += c;
        const bool was_in_string = in_string_;
        if (InString(c)) {
          if (!was_in_string) {
            text_.clear();
          } else if (in_string_ && depth_ == 1 && text_.size() <= member_.size()) {
            text_ += c;
          }
          if (!in_string_) after_member_key_ = depth_ == 1 && text_ == member_;
          return;
        }
        if (c == ':' && after_member_key_) state_ = State::kAfterKey;
        after_member_key_ = false;
        if (c == '{' || c == '[') ++depth_;
        if (c == '}' || c == ']') --depth_;
        return;
      }
      case State::kAfterKey:
        if (c == '[') {
          rows_.Begin();
          state_ = State::kArray;
        } else {  // not an array: passed through as it is
          state_ = State::kPass;
          Feed(c);
        }
        return;
      case State::kArray:
        if (c == '{') {
          state_ = State::kKey;
        } else if (c == ']') {
          rows_.End();
          state_ = State::kPass;
        }
        return;  // the commas between elements
      case State::kKey:
        if (InString(c)) {
          key_ += c;
          if (!in_string_) state_ = State::kValue;  // the colon comes next
        } else if (c == '}') {
          rows_.EndObject();
          state_ = State::kArray;
        }
        return;
      case State::kValue:
        if (!InString(c)) {
          if (value_.empty() && c == ':') return;
          if (value_depth_ == 0 && (c == ',' || c == '}')) {
            rows_.Member(key_, value_);
            key_.clear();
            value_.clear();
            if (c == '}') {
              rows_.EndObject();
              state_ = State::kArray;
            } else {
              state_ = State::kKey;
            }
            return;
          }
          if (c == '{' || c == '[') ++value_depth_;
          if (c == '}' || c == ']') --value_depth_;
        }
        value_ += c;
        return;
    }
  }

  std::ostream& out_;
  const std::string_view member_;
  std::string buffer_;  // written, not yet passed on
  CompactRows rows_;
  State state_ = State::kPass;
  bool in_string_ = false;
  bool escaped_ = false;
  int depth_ = 0;                  // of objects and arrays, outside the compacted array
  std::string text_;               // the string being read at depth 1, as far as it may be the member
  bool after_member_key_ = false;  // the member's key was just read
  std::string key_;                // the element's current member: its key, in quotes
  std::string value_;              // and its value so far
  int value_depth_ = 0;
};

}  // namespace

void WriteHtmlJson(std::ostream& out, std::string_view id, std::string_view json) {
  out << "<script type=\"application/json\" id=\"" << HtmlEscape(id) << "\">";
  EscapeHtmlJson(out, json);
  out << "</script>\n";
}

void WriteHtmlJson(std::ostream& out, std::string_view id, const std::function<void(std::ostream&)>& write) {
  out << "<script type=\"application/json\" id=\"" << HtmlEscape(id) << "\">";
  HtmlJsonBuffer buffer(out);
  std::ostream json(&buffer);
  write(json);
  buffer.Finish();
  out << "</script>\n";
}

void WriteHtmlJson(std::ostream& out, std::string_view id, const std::function<void(std::ostream&)>& write,
                   const CompactArray& compact) {
  out << "<script type=\"application/json\" id=\"" << HtmlEscape(id) << "\">";
  HtmlJsonBuffer escaping(out);
  std::ostream escaped(&escaping);
  CompactingBuffer compacting(escaped, compact);
  std::ostream json(&compacting);
  write(json);
  compacting.Finish();
  escaping.Finish();
  out << "</script>\n";
}

std::string_view HtmlTableFilterScript() { return assets::kTableFilterJs; }

std::string_view HtmlFindingsScript() { return assets::kFindingsJs; }

void SvgBarsAgainstExpected(std::ostream& out, const BarsAgainstExpected& plot) {
  const std::vector<BarCategory>& categories = plot.categories;
  Extent extent;
  extent.Add(0.0);  // bars start at zero
  bool any_expected = false;
  bool any_whisker = false;
  double label_width = 0;
  for (const BarCategory& category : categories) {
    extent.Add(category.observed);
    extent.Add(category.expected);
    extent.Add(category.low);
    extent.Add(category.high);
    any_expected = any_expected || Finite(category.expected);
    any_whisker = any_whisker || (Finite(category.low) && Finite(category.high));
    label_width = std::max(label_width, TextWidth(category.label));
  }
  const Axis axis = NiceAxis(extent.lo, extent.hi, 5, extent.whole_numbers);
  const std::vector<double> ticks = Ticks(axis);
  double tick_width = 0;
  for (const double tick : ticks) tick_width = std::max(tick_width, TextWidth(axis.Label(tick)));

  const auto n = static_cast<double>(categories.size());
  const double band = std::max(22.0, categories.empty() ? 480.0 : 480.0 / n);
  const double plot_width = std::max(1.0, n) * band;
  const double plot_height = 220;
  const bool rotate = label_width > band - 4;
  // Rotated labels run at 40 degrees: sin(40°) of their width goes down.
  const double label_height = rotate ? label_width * 0.643 + 14 : 16;
  // A rotated label runs left of its bar by cos(40°) of its width.
  const double left = std::max(16 + 8 + tick_width + 6, rotate ? label_width * 0.766 - band / 2 + 8 : 0.0);
  const double top = 36;
  const double width = left + plot_width + 16;
  const double height = top + plot_height + 6 + label_height + 22;
  const auto y = [&](double value) { return top + plot_height * (axis.hi - value) / (axis.hi - axis.lo); };
  const double bottom = top + plot_height;

  SvgOpen(out, width, height, plot.title);
  std::vector<LegendItem> legend = {{Glyph::kBar, plot.observed_label}};
  if (any_expected) legend.push_back({Glyph::kTickAcross, plot.expected_label});
  if (any_whisker) legend.push_back({Glyph::kWhisker, plot.interval_label});
  WriteLegend(out, legend, left, 14);

  out << "<g class=\"y-axis\">";
  for (const double tick : ticks) {
    out << "<line class=\"grid\" x1=\"" << Coord(left) << "\" x2=\"" << Coord(left + plot_width) << "\" y1=\""
        << Coord(y(tick)) << "\" y2=\"" << Coord(y(tick)) << "\"/><text x=\"" << Coord(left - 6) << "\" y=\""
        << Coord(y(tick) + 4) << "\" text-anchor=\"end\">" << axis.Label(tick) << "</text>";
  }
  out << "</g>\n";

  for (std::size_t i = 0; i < categories.size(); ++i) {
    const BarCategory& category = categories[i];
    const double x = left + static_cast<double>(i) * band;
    const double center = x + band / 2;
    const std::string name = HtmlEscape(category.label);
    if (std::isfinite(category.observed)) {
      const double from = y(std::max(category.observed, 0.0));
      const double to = y(std::min(category.observed, 0.0));
      out << "<rect class=\"bar\" x=\"" << Coord(x + band * 0.15) << "\" y=\"" << Coord(from) << "\" width=\""
          << Coord(band * 0.7) << "\" height=\"" << Coord(to - from) << "\" data-category=\"" << name
          << "\" data-observed=\"" << FormatNumber(category.observed) << "\"";
      if (!category.figure.empty()) {
        out << " data-figure=\"" << HtmlEscape(category.figure) << "\" data-value=\""
            << FormatNumber(category.observed) << "\"";
      }
      out << "><title>" << name << ": " << FormatNumber(category.observed) << "</title></rect>\n";
    }
    if (Finite(category.low) && Finite(category.high)) {
      const double cap = band * 0.15;
      out << "<path class=\"whisker\" d=\"M" << Coord(center) << ' ' << Coord(y(*category.high)) << "V"
          << Coord(y(*category.low)) << "M" << Coord(center - cap) << ' ' << Coord(y(*category.high)) << "H"
          << Coord(center + cap) << "M" << Coord(center - cap) << ' ' << Coord(y(*category.low)) << "H"
          << Coord(center + cap) << "\" data-category=\"" << name << "\" data-low=\""
          << FormatNumber(*category.low) << "\" data-high=\"" << FormatNumber(*category.high) << "\"><title>"
          << name << ": " << HtmlEscape(plot.interval_label) << " " << FormatNumber(*category.low) << " to "
          << FormatNumber(*category.high) << "</title></path>\n";
    }
    if (Finite(category.expected)) {
      const double at = y(*category.expected);
      out << "<line class=\"expected\" x1=\"" << Coord(x + band * 0.08) << "\" x2=\""
          << Coord(x + band * 0.92) << "\" y1=\"" << Coord(at) << "\" y2=\"" << Coord(at)
          << "\" data-category=\"" << name << "\" data-expected=\"" << FormatNumber(*category.expected)
          << "\"><title>" << name << ": " << HtmlEscape(plot.expected_label) << " "
          << FormatNumber(*category.expected) << "</title></line>\n";
    }
    if (rotate) {
      out << "<text x=\"" << Coord(center + 4) << "\" y=\"" << Coord(bottom + 12)
          << "\" text-anchor=\"end\" transform=\"rotate(-40 " << Coord(center + 4) << ' '
          << Coord(bottom + 12) << ")\">" << name << "</text>\n";
    } else {
      out << "<text x=\"" << Coord(center) << "\" y=\"" << Coord(bottom + 15) << "\" text-anchor=\"middle\">"
          << name << "</text>\n";
    }
  }

  out << "<path class=\"axis\" d=\"M" << Coord(left) << ' ' << Coord(top) << "V" << Coord(bottom) << "M"
      << Coord(left) << ' ' << Coord(y(0)) << "H" << Coord(left + plot_width) << "\"/>\n";
  out << "<text class=\"axis-label\" x=\"" << Coord(left + plot_width / 2) << "\" y=\"" << Coord(height - 6)
      << "\" text-anchor=\"middle\">" << HtmlEscape(plot.x_label) << "</text>\n";
  // The y axis's name, upright, beside its tick labels.
  const double name_x = left - 6 - tick_width - 10;
  out << "<text class=\"axis-label\" x=\"" << Coord(name_x) << "\" y=\"" << Coord(top + plot_height / 2)
      << "\" text-anchor=\"middle\" transform=\"rotate(-90 " << Coord(name_x) << ' '
      << Coord(top + plot_height / 2) << ")\">" << HtmlEscape(plot.y_label) << "</text>\n";
  out << "</svg>\n";
}

void SvgIntervalPlot(std::ostream& out, const IntervalPlot& plot) {
  const std::vector<IntervalRow>& rows = plot.rows;
  Extent extent;
  bool any_theory = false;
  bool any_interval = false;
  double label_width = 0;
  for (const IntervalRow& row : rows) {
    extent.Add(row.observed);
    extent.Add(row.theoretical);
    extent.Add(row.low);
    extent.Add(row.high);
    any_theory = any_theory || Finite(row.theoretical);
    any_interval = any_interval || (Finite(row.low) && Finite(row.high));
    label_width = std::max(label_width, TextWidth(row.label));
  }
  if (extent.empty()) {
    extent.Add(0.0);
    extent.Add(1.0);
  }
  const Axis axis = NiceAxis(extent.lo, extent.hi, 5, false);
  const std::vector<double> ticks = Ticks(axis);

  constexpr double kRowHeight = 26;
  const double left = std::max(60.0, label_width + 14);
  const double plot_width = 480;
  const double top = 36;
  const double plot_height = std::max(1.0, static_cast<double>(rows.size())) * kRowHeight;
  const double bottom = top + plot_height;
  const double width = left + plot_width + 24;
  const double height = bottom + 18 + 24;
  const auto x = [&](double value) { return left + plot_width * (value - axis.lo) / (axis.hi - axis.lo); };

  SvgOpen(out, width, height, plot.title);
  std::vector<LegendItem> legend = {{Glyph::kPoint, plot.observed_label}};
  if (any_theory) legend.push_back({Glyph::kTheory, plot.theoretical_label});
  if (any_interval) legend.push_back({Glyph::kInterval, plot.interval_label});
  WriteLegend(out, legend, left, 14);

  out << "<g class=\"x-axis\">";
  for (const double tick : ticks) {
    out << "<line class=\"grid\" x1=\"" << Coord(x(tick)) << "\" x2=\"" << Coord(x(tick)) << "\" y1=\""
        << Coord(top) << "\" y2=\"" << Coord(bottom) << "\"/><text x=\"" << Coord(x(tick)) << "\" y=\""
        << Coord(bottom + 14) << "\" text-anchor=\"middle\">" << axis.Label(tick) << "</text>";
  }
  out << "</g>\n";

  for (std::size_t i = 0; i < rows.size(); ++i) {
    const IntervalRow& row = rows[i];
    const double center = top + (static_cast<double>(i) + 0.5) * kRowHeight;
    const std::string name = HtmlEscape(row.label);
    out << "<text x=\"" << Coord(left - 8) << "\" y=\"" << Coord(center + 4) << "\" text-anchor=\"end\">"
        << name << "</text>\n";
    if (Finite(row.low) && Finite(row.high)) {
      const double from = x(*row.low);
      const double to = x(*row.high);
      out << "<path class=\"interval\" d=\"M" << Coord(from) << ' ' << Coord(center) << "H" << Coord(to)
          << "M" << Coord(from) << ' ' << Coord(center - 5) << "V" << Coord(center + 5) << "M" << Coord(to)
          << ' ' << Coord(center - 5) << "V" << Coord(center + 5) << "\" data-row=\"" << name
          << "\" data-low=\"" << FormatNumber(*row.low) << "\" data-high=\"" << FormatNumber(*row.high)
          << "\"><title>" << name << ": " << HtmlEscape(plot.interval_label) << " " << FormatNumber(*row.low)
          << " to " << FormatNumber(*row.high) << "</title></path>\n";
    }
    if (Finite(row.theoretical)) {
      const double at = x(*row.theoretical);
      out << "<line class=\"theory\" x1=\"" << Coord(at) << "\" x2=\"" << Coord(at) << "\" y1=\""
          << Coord(center - 8) << "\" y2=\"" << Coord(center + 8) << "\" data-row=\"" << name
          << "\" data-theoretical=\"" << FormatNumber(*row.theoretical) << "\"><title>" << name << ": "
          << HtmlEscape(plot.theoretical_label) << " " << FormatNumber(*row.theoretical)
          << "</title></line>\n";
    }
    if (std::isfinite(row.observed)) {
      out << "<circle class=\"point\" cx=\"" << Coord(x(row.observed)) << "\" cy=\"" << Coord(center)
          << "\" r=\"4\" data-row=\"" << name << "\" data-observed=\"" << FormatNumber(row.observed)
          << "\"><title>" << name << ": " << HtmlEscape(plot.observed_label) << " "
          << FormatNumber(row.observed) << "</title></circle>\n";
    }
  }

  out << "<path class=\"axis\" d=\"M" << Coord(left) << ' ' << Coord(bottom) << "H"
      << Coord(left + plot_width) << "\"/>\n";
  out << "<text class=\"axis-label\" x=\"" << Coord(left + plot_width / 2) << "\" y=\"" << Coord(height - 6)
      << "\" text-anchor=\"middle\">" << HtmlEscape(plot.x_label) << "</text>\n";
  out << "</svg>\n";
}

}  // namespace pitboss
