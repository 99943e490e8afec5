// UTF-8 decoding for the writers: which bytes of a string may be passed through
// and which must be replaced, so that no report carries invalid UTF-8.
#ifndef PITBOSS_BASE_UTF8_H_
#define PITBOSS_BASE_UTF8_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pitboss {

// One step through a byte string: a well-formed sequence (valid) or an
// ill-formed one that stands for a single U+FFFD (the "maximal subpart"
// practice of Unicode chapter 3, so one bad byte never swallows the good ones
// after it).
struct Utf8Step {
  std::size_t length;  // >= 1
  bool valid;
};

// `text` must not be empty.
Utf8Step NextUtf8(std::string_view text);

// Part of the report format (docs/report.md, `path_bytes`): `text` with each byte of an
// ill-formed UTF-8 sequence written \xNN (two lowercase hex digits) and each backslash \\,
// the rest as is; valid UTF-8 whatever the bytes, and read back exactly by
// UnescapeBytes. A file name that is not UTF-8 keeps, so, the bytes that name its file.
std::string EscapeBytes(std::string_view text);
// EscapeBytes' text back to its bytes; nullopt where it is not such a text.
std::optional<std::string> UnescapeBytes(std::string_view escaped);
bool IsValidUtf8(std::string_view text);

// The code point of a well-formed UTF-8 sequence of 2 to 4 bytes (NextUtf8's valid step).
char32_t DecodeUtf8(std::string_view sequence);

// Walks `text` once, in order: each ASCII byte to ascii(byte), each well-formed multi-byte
// sequence to sequence(bytes, code_point), each ill-formed one (a maximal subpart: one
// U+FFFD's worth) to invalid(bytes). The loop every escaping of text shares (Printable,
// HtmlEscape, the XML writer's), each saying only what it does with each kind of step.
template <typename Ascii, typename Sequence, typename Invalid>
void WalkUtf8(std::string_view text, Ascii&& ascii, Sequence&& sequence, Invalid&& invalid) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      ascii(c);
      ++i;
      continue;
    }
    const Utf8Step step = NextUtf8(text.substr(i));
    const std::string_view bytes = text.substr(i, step.length);
    if (step.valid) {
      sequence(bytes, DecodeUtf8(bytes));
    } else {
      invalid(bytes);
    }
    i += step.length;
  }
}

// U+FFFD REPLACEMENT CHARACTER, encoded.
inline constexpr std::string_view kReplacementChar = "\xEF\xBF\xBD";

}  // namespace pitboss

#endif  // PITBOSS_BASE_UTF8_H_
