#include "base/markup.h"

#include <cstdio>

#include "base/printable.h"
#include "base/utf8.h"

namespace pitboss {

std::string EscapeMarkup(std::string_view text, const MarkupEscapes& escapes) {
  std::string out;
  out.reserve(text.size());
  WalkUtf8(
      text,
      [&](unsigned char c) {
        switch (c) {
          case '&':
            out += "&amp;";
            break;
          case '<':
            out += "&lt;";
            break;
          case '>':
            out += "&gt;";
            break;
          case '"':
            out += escapes.quote;
            break;
          case '\'':
            out += escapes.apostrophe;
            break;
          case '\n':
            out += escapes.line_feed;
            break;
          case '\r':
            out += escapes.carriage;
            break;
          case '\t':
            out += escapes.tab;
            break;
          default:
            AppendPrintableAscii(c, &out);
        }
      },
      [&](std::string_view bytes, char32_t code_point) {
        if (!escapes.rejects(code_point)) {
          out.append(bytes);
          return;
        }
        char escaped[16];
        std::snprintf(escaped, sizeof escaped, "\\u%04X", static_cast<unsigned>(code_point));
        out += escaped;
      },
      [&](std::string_view) { out.append(kReplacementChar); });
  return out;
}

}  // namespace pitboss
