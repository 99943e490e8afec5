#include "base/printable.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>

#include "base/utf8.h"

namespace pitboss {

void AppendPrintableAscii(unsigned char c, std::string* out) {
  if (c < 0x20 || c == 0x7F) {
    char escaped[5];
    std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
    *out += escaped;
  } else {
    *out += static_cast<char>(c);
  }
}

bool IsHiddenFormatting(uint32_t c) {
  return (c >= 0x80 && c <= 0x9F) ||                   // C1 controls (CSI U+009B, NEL U+0085)
         c == 0x061C || c == 0x200E || c == 0x200F ||  // bidi marks
         (c >= 0x202A && c <= 0x202E) ||               // bidi embeddings and overrides
         (c >= 0x2066 && c <= 0x2069) ||               // bidi isolates
         c == 0x2028 || c == 0x2029;                   // line and paragraph separators
}

std::string Printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  char escaped[8];
  WalkUtf8(
      text,
      [&](unsigned char c) {
        if (c == '\n') {
          out += "\\n";
        } else if (c == '\r') {
          out += "\\r";
        } else if (c == '\t') {
          out += "\\t";
        } else {
          AppendPrintableAscii(c, &out);
        }
      },
      [&](std::string_view bytes, char32_t code_point) {
        if (IsHiddenFormatting(code_point)) {
          std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(code_point));
          out += escaped;
        } else {
          out.append(bytes);
        }
      },
      [&](std::string_view bytes) {
        // Escaped, not replaced: a file name of a byte that is not UTF-8 still names its file.
        for (const char b : bytes) {
          std::snprintf(escaped, sizeof escaped, "\\x%02x", static_cast<unsigned char>(b));
          out += escaped;
        }
      });
  return out;
}

}  // namespace pitboss
