#include "report/xml.h"

#include "base/markup.h"

namespace pitboss {
namespace {

// The two noncharacters of the BMP that XML 1.0's Char production excludes; surrogates
// cannot occur in well-formed UTF-8.
bool XmlRejects(char32_t c) { return c == 0xFFFE || c == 0xFFFF; }

constexpr MarkupEscapes kText{"\"", "'", "\n", "&#13;", "\t", &XmlRejects};
constexpr MarkupEscapes kAttribute{"&quot;", "&apos;", "&#10;", "&#13;", "&#9;", &XmlRejects};

}  // namespace

std::string XmlText(std::string_view text) { return EscapeMarkup(text, kText); }

std::string XmlAttribute(std::string_view text) { return EscapeMarkup(text, kAttribute); }

}  // namespace pitboss
