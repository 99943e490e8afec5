#include "report/xml.h"

#include <cstddef>
#include <cstdio>

#include "base/printable.h"
#include "base/utf8.h"

namespace pitboss {
namespace {

// The two noncharacters of the BMP that XML 1.0's Char production excludes;
// surrogates cannot occur in well-formed UTF-8.
constexpr std::string_view kUFFFE = "\xEF\xBF\xBE";
constexpr std::string_view kUFFFF = "\xEF\xBF\xBF";

std::string Escape(std::string_view text, bool attribute) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const Utf8Step step = NextUtf8(text.substr(i));
      const std::string_view sequence = text.substr(i, step.length);
      if (!step.valid) {
        out.append(kReplacementChar);
      } else if (sequence == kUFFFE) {
        out += "\\uFFFE";
      } else if (sequence == kUFFFF) {
        out += "\\uFFFF";
      } else {
        out.append(sequence);
      }
      i += step.length;
      continue;
    }
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
        out += attribute ? "&quot;" : "\"";
        break;
      case '\'':
        out += attribute ? "&apos;" : "'";
        break;
      case '\r':
        out += "&#13;";
        break;
      case '\n':
        out += attribute ? "&#10;" : "\n";
        break;
      case '\t':
        out += attribute ? "&#9;" : "\t";
        break;
      default:
        AppendPrintableAscii(c, &out);
    }
    ++i;
  }
  return out;
}

}  // namespace

std::string XmlText(std::string_view text) { return Escape(text, false); }

std::string XmlAttribute(std::string_view text) { return Escape(text, true); }

}  // namespace pitboss
