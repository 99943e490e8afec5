// UTF-8 decoding for the writers: which bytes of a string may be passed through
// and which must be replaced, so that no report carries invalid UTF-8.
#ifndef PITBOSS_REPORT_UTF8_H_
#define PITBOSS_REPORT_UTF8_H_

#include <cstddef>
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

// U+FFFD REPLACEMENT CHARACTER, encoded.
inline constexpr std::string_view kReplacementChar = "\xEF\xBF\xBD";

}  // namespace pitboss

#endif  // PITBOSS_REPORT_UTF8_H_
