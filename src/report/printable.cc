#include "report/printable.h"

#include <cstddef>
#include <cstdio>

#include "report/utf8.h"

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

std::string Printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const Utf8Step step = NextUtf8(text.substr(i));
      if (step.valid) {
        out.append(text.substr(i, step.length));
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
