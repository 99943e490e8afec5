#include "base/utf8.h"

#include <cstdint>

namespace pitboss {

Utf8Step NextUtf8(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<uint8_t>(text[i]); };
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

bool IsValidUtf8(std::string_view text) {
  while (!text.empty()) {
    const Utf8Step step = NextUtf8(text);
    if (!step.valid) return false;
    text.remove_prefix(step.length);
  }
  return true;
}

std::string EscapeBytes(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    const Utf8Step step = NextUtf8(text);
    for (std::size_t i = 0; i < step.length; ++i) {
      const auto c = static_cast<uint8_t>(text[i]);
      if (step.valid && c != '\\') {
        out += static_cast<char>(c);
      } else if (c == '\\') {
        out += "\\\\";
      } else {
        out += "\\x";
        out += kHex[c >> 4];
        out += kHex[c & 0xF];
      }
    }
    text.remove_prefix(step.length);
  }
  return out;
}

std::optional<std::string> UnescapeBytes(std::string_view escaped) {
  const auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  std::string out;
  for (std::size_t i = 0; i < escaped.size(); ++i) {
    if (escaped[i] != '\\') {
      out += escaped[i];
      continue;
    }
    if (i + 1 < escaped.size() && escaped[i + 1] == '\\') {
      out += '\\';
      ++i;
      continue;
    }
    if (i + 3 < escaped.size() && escaped[i + 1] == 'x' && hex(escaped[i + 2]) >= 0 &&
        hex(escaped[i + 3]) >= 0) {
      out += static_cast<char>(hex(escaped[i + 2]) * 16 + hex(escaped[i + 3]));
      i += 3;
      continue;
    }
    return std::nullopt;
  }
  return out;
}

char32_t DecodeUtf8(std::string_view sequence) {
  const auto byte = [&](std::size_t i) {
    return static_cast<char32_t>(static_cast<unsigned char>(sequence[i]));
  };
  switch (sequence.size()) {
    case 2:
      return ((byte(0) & 0x1F) << 6) | (byte(1) & 0x3F);
    case 3:
      return ((byte(0) & 0x0F) << 12) | ((byte(1) & 0x3F) << 6) | (byte(2) & 0x3F);
    default:
      return ((byte(0) & 0x07) << 18) | ((byte(1) & 0x3F) << 12) | ((byte(2) & 0x3F) << 6) | (byte(3) & 0x3F);
  }
}

}  // namespace pitboss
