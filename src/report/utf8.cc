#include "report/utf8.h"

#include <cstdint>

namespace pitboss {

Utf8Step NextUtf8(std::string_view text) {
  const auto byte = [&](std::size_t i) {
    return static_cast<uint8_t>(text[i]);
  };
  const uint8_t lead = byte(0);
  if (lead < 0x80) return {1, true};

  // The well-formed sequences of Unicode table 3-7: the lead byte sets the
  // length and the range of the second byte; every later byte is 80..BF.
  std::size_t length = 0;
  uint8_t second_lo = 0x80, second_hi = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) second_lo = 0xA0;  // no overlong forms
    if (lead == 0xED) second_hi = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) second_lo = 0x90;  // no overlong forms
    if (lead == 0xF4) second_hi = 0x8F;  // nothing above U+10FFFF
  } else {
    return {1, false};  // a continuation byte, C0, C1 or F5..FF
  }

  std::size_t i = 1;
  for (; i < length && i < text.size(); ++i) {
    const uint8_t lo = i == 1 ? second_lo : 0x80;
    const uint8_t hi = i == 1 ? second_hi : 0xBF;
    if (byte(i) < lo || byte(i) > hi) break;
  }
  return {i, i == length};
}

}  // namespace pitboss
