#include "spec/html_source.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "base/utf8.h"
#include "spec/source_text.h"

namespace pitboss {

namespace {

// Elements whose start or end tag ends a paragraph (HTML's block-level elements, and a table's
// rows); every other tag is removed and leaves nothing in its place.
constexpr std::array<std::string_view, 35> kBlockElements = {
    "address", "article",  "aside",      "blockquote", "body",   "caption", "dd", "div",    "dl",
    "dt",      "fieldset", "figcaption", "figure",     "footer", "form",    "h1", "h2",     "h3",
    "h4",      "h5",       "h6",         "header",     "hr",     "html",    "li", "main",   "nav",
    "ol",      "p",        "pre",        "section",    "table",  "tr",      "ul", "center",
};
// Elements whose content is not text of the page.
constexpr std::array<std::string_view, 5> kSkippedElements = {"script", "style", "title", "noscript",
                                                              "template"};
// A table's cells: a space between them.
constexpr std::array<std::string_view, 2> kCellElements = {"td", "th"};

// Windows-1252's code points for bytes 0x80 to 0x9F (0: none, read as U+FFFD); the bytes above
// are Latin-1's.
constexpr std::array<uint16_t, 32> kWindows1252 = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178,
};

bool IsAsciiAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsAsciiAlnum(char c) { return IsAsciiAlpha(c) || (c >= '0' && c <= '9'); }
char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

template <size_t N>
bool In(const std::array<std::string_view, N>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The offset just past the tag that opens at `at` ('<'), quoted attribute values skipped; the
// end of `html` when it is not closed.
size_t TagEnd(std::string_view html, size_t at) {
  char quote = 0;
  for (size_t i = at + 1; i < html.size(); ++i) {
    const char c = html[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '>') {
      return i + 1;
    }
  }
  return html.size();
}

// Where the end tag `</name` (any case) next starts at or after `from`; npos if none.
size_t FindEndTag(std::string_view html, size_t from, std::string_view name) {
  for (size_t i = html.find("</", from); i != std::string_view::npos; i = html.find("</", i + 2)) {
    if (i + 2 + name.size() > html.size()) return std::string_view::npos;
    bool same = true;
    for (size_t k = 0; k < name.size() && same; ++k) same = Lower(html[i + 2 + k]) == name[k];
    const size_t after = i + 2 + name.size();
    if (same && (after == html.size() || !IsAsciiAlnum(html[after]))) return i;
  }
  return std::string_view::npos;
}

// Builds the text paragraph by paragraph, line by line.
class Paragraphs {
 public:
  void Append(std::string_view bytes) { line_ += bytes; }
  void Space() { line_ += ' '; }
  void EndLine() {
    std::string folded = FoldLine(line_);
    line_.clear();
    if (folded.empty()) return;
    if (!paragraph_.empty()) paragraph_ += '\n';
    paragraph_ += folded;
  }
  void EndParagraph() {
    EndLine();
    if (paragraph_.empty()) return;
    if (!text_.empty()) text_ += "\n\n";
    text_ += paragraph_;
    paragraph_.clear();
  }
  std::string Finish() {
    EndParagraph();
    if (!text_.empty()) text_ += '\n';
    return std::move(text_);
  }

 private:
  // Every run of whitespace (a no-break space among it) one space; the ends trimmed.
  static std::string FoldLine(std::string_view line) {
    constexpr std::string_view kNoBreakSpace = "\xC2\xA0";
    std::string out;
    bool pending = false;
    for (size_t i = 0; i < line.size();) {
      const char c = line[i];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        pending = true;
        ++i;
        continue;
      }
      if (line.substr(i, kNoBreakSpace.size()) == kNoBreakSpace) {
        pending = true;
        i += kNoBreakSpace.size();
        continue;
      }
      if (pending && !out.empty()) out += ' ';
      pending = false;
      out += c;
      ++i;
    }
    return out;
  }

  std::string line_;
  std::string paragraph_;
  std::string text_;
};

// Appends the page's character data from `at` up to the next '<' or '&' as UTF-8; returns
// where it stopped.
size_t AppendCharacters(std::string_view html, size_t at, Paragraphs* out) {
  std::string run;
  size_t i = at;
  while (i < html.size() && html[i] != '<' && html[i] != '&') {
    const auto byte = static_cast<unsigned char>(html[i]);
    if (byte < 0x80) {
      run += html[i++];
      continue;
    }
    const Utf8Step step = NextUtf8(html.substr(i));
    if (step.valid) {
      run += html.substr(i, step.length);
      i += step.length;
      continue;
    }
    // A byte of a page in Windows-1252 (the charset of the pages regulators save from a word
    // processor).
    const uint32_t cp = byte < 0xA0 ? kWindows1252[byte - 0x80] : byte;
    AppendUtf8(cp == 0 ? 0xFFFD : cp, &run);
    ++i;
  }
  out->Append(run);
  return i;
}

}  // namespace

std::string HtmlToSourceText(std::string_view html) {
  Paragraphs out;
  size_t i = 0;
  while (i < html.size()) {
    const char c = html[i];
    if (c == '&') {
      std::string decoded;
      const size_t length = DecodeEntity(html.substr(i), &decoded);
      out.Append(length > 0 ? std::string_view(decoded) : std::string_view("&"));
      i += length > 0 ? length : 1;
      continue;
    }
    if (c != '<') {
      i = AppendCharacters(html, i, &out);
      continue;
    }
    if (html.substr(i, 4) == "<!--") {
      const size_t end = html.find("-->", i + 4);
      i = end == std::string_view::npos ? html.size() : end + 3;
      continue;
    }
    // A tag: '<', '/' for an end tag, then a name that starts with a letter. A '<' that opens
    // no tag is text; a declaration or processing instruction ("<!DOCTYPE", "<?xml") is removed.
    const bool end_tag = i + 1 < html.size() && html[i + 1] == '/';
    size_t name_at = i + (end_tag ? 2 : 1);
    if (name_at < html.size() && (html[name_at] == '!' || html[name_at] == '?')) {
      i = TagEnd(html, i);
      continue;
    }
    if (name_at >= html.size() || !IsAsciiAlpha(html[name_at])) {
      out.Append("<");
      ++i;
      continue;
    }
    std::string name;
    for (size_t k = name_at; k < html.size() && IsAsciiAlnum(html[k]); ++k) name += Lower(html[k]);
    i = TagEnd(html, i);
    if (!end_tag && In(kSkippedElements, name)) {
      const size_t end = FindEndTag(html, i, name);
      i = end == std::string_view::npos ? html.size() : TagEnd(html, end);
    } else if (name == "br") {
      out.EndLine();
    } else if (In(kBlockElements, name)) {
      out.EndParagraph();
    } else if (In(kCellElements, name)) {
      out.Space();
    }
  }
  return out.Finish();
}

}  // namespace pitboss
