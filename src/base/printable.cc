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

namespace {

// The code point of a well-formed sequence of two or three bytes (the only lengths that hold
// one Printable escapes).
uint32_t CodePoint(std::string_view seq) {
  const auto b = [&](size_t k) { return static_cast<uint32_t>(static_cast<unsigned char>(seq[k])); };
  if (seq.size() == 2) return ((b(0) & 0x1F) << 6) | (b(1) & 0x3F);
  if (seq.size() == 3) return ((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F);
  return 0;
}

}  // namespace

bool IsHiddenFormatting(uint32_t c) {
  return (c >= 0x80 && c <= 0x9F) ||                       // C1 controls (CSI U+009B, NEL U+0085)
         c == 0x061C || c == 0x200E || c == 0x200F ||      // bidi marks
         (c >= 0x202A && c <= 0x202E) ||                   // bidi embeddings and overrides
         (c >= 0x2066 && c <= 0x2069) ||                   // bidi isolates
         c == 0x2028 || c == 0x2029;                       // line and paragraph separators
}

std::string Printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const Utf8Step step = NextUtf8(text.substr(i));
      const std::string_view seq = text.substr(i, step.length);
      if (step.valid && IsHiddenFormatting(CodePoint(seq))) {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(CodePoint(seq)));
        out += escaped;
      } else if (step.valid) {
        out.append(seq);
      } else {
        // Escaped, not replaced: a file name of a byte that is not UTF-8 still names its file.
        for (std::size_t k = 0; k < step.length; ++k) {
          char escaped[5];
          std::snprintf(escaped, sizeof escaped, "\\x%02x", static_cast<unsigned char>(text[i + k]));
          out += escaped;
        }
      }
      i += step.length;
      continue;
    }
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else {
      AppendPrintableAscii(c, &out);
    }
    ++i;
  }
  return out;
}

}  // namespace pitboss
