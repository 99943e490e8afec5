#include "spec/source_text.h"

#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>

namespace pitboss {

namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool IsAsciiLetter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool IsAsciiLower(char c) { return c >= 'a' && c <= 'z'; }

constexpr std::string_view kNoBreakSpace = "\xC2\xA0";

}  // namespace

void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    *out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    *out += static_cast<char>(0xC0 | (cp >> 6));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *out += static_cast<char>(0xE0 | (cp >> 12));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    *out += static_cast<char>(0xF0 | (cp >> 18));
    *out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

namespace {

struct NamedEntity {
  std::string_view name;
  uint32_t code_point;
};
// The entities rule texts copied from web pages carry.
constexpr NamedEntity kEntities[] = {
    {"nbsp", 0xA0},    {"amp", '&'},      {"lt", '<'},       {"gt", '>'},       {"quot", '"'},
    {"apos", '\''},    {"lsquo", 0x2018}, {"rsquo", 0x2019}, {"sbquo", 0x201A}, {"ldquo", 0x201C},
    {"rdquo", 0x201D}, {"bdquo", 0x201E}, {"ndash", 0x2013}, {"mdash", 0x2014}, {"hellip", 0x2026},
    {"middot", 0xB7},  {"bull", 0x2022},  {"sect", 0xA7},    {"para", 0xB6},    {"copy", 0xA9},
    {"reg", 0xAE},     {"trade", 0x2122}, {"deg", 0xB0},     {"frac12", 0xBD},  {"frac14", 0xBC},
    {"frac34", 0xBE},
};

}  // namespace

size_t DecodeEntity(std::string_view s, std::string* out) {
  size_t semi = s.find(';');
  if (s.size() < 3 || s[0] != '&' || semi == std::string_view::npos || semi > 10) return 0;
  std::string_view body = s.substr(1, semi - 1);
  uint32_t cp = 0;
  if (body.size() >= 2 && body[0] == '#') {
    int base = 10;
    std::string_view digits = body.substr(1);
    if (digits[0] == 'x' || digits[0] == 'X') {
      base = 16;
      digits.remove_prefix(1);
    }
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), cp, base);
    if (digits.empty() || ec != std::errc() || ptr != digits.data() + digits.size() || cp == 0 ||
        cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      return 0;
    }
  } else {
    auto it = std::find_if(std::begin(kEntities), std::end(kEntities),
                           [&](const NamedEntity& e) { return e.name == body; });
    if (it == std::end(kEntities)) return 0;
    cp = it->code_point;
  }
  AppendUtf8(cp, out);
  return semi + 1;
}

namespace {

// The folding of FoldText, recording for each output byte the raw offset it came from.
void Fold(std::string_view raw, std::string* out, std::vector<size_t>* offsets) {
  bool pending = false;        // a run of whitespace not yet written
  bool run_has_break = false;  // ... that holds a line break
  size_t run_start = 0;
  std::string unit;
  for (size_t i = 0; i < raw.size();) {
    unit.clear();
    size_t len = 0;
    bool space = false;
    if (raw[i] == '&' && (len = DecodeEntity(raw.substr(i), &unit)) > 0) {
      space = unit == kNoBreakSpace;
    } else if (raw.substr(i, kNoBreakSpace.size()) == kNoBreakSpace) {
      len = kNoBreakSpace.size();
      space = true;
    } else {
      len = 1;
      space = IsSpace(raw[i]);
      unit = raw[i];
    }
    if (space) {
      if (!pending) run_start = i;
      pending = true;
      run_has_break = run_has_break || raw[i] == '\n';
      i += len;
      continue;
    }
    if (pending) {
      size_t n = out->size();
      bool join = run_has_break && n >= 2 && (*out)[n - 1] == '-' && IsAsciiLetter((*out)[n - 2]) &&
                  IsAsciiLower(unit[0]);
      if (n > 0 && !join) {
        *out += ' ';
        if (offsets) offsets->push_back(run_start);
      }
      pending = false;
      run_has_break = false;
    }
    *out += unit;
    if (offsets) offsets->insert(offsets->end(), unit.size(), i);
    i += len;
  }
}

}  // namespace

std::string FoldText(std::string_view text) {
  std::string out;
  Fold(text, &out, nullptr);
  return out;
}

FoldedText::FoldedText(std::string raw) : raw_(std::move(raw)) {
  Fold(raw_, &text_, &raw_offset_);
  line_starts_.push_back(0);
  for (size_t i = 0; i < raw_.size(); ++i) {
    if (raw_[i] == '\n') line_starts_.push_back(i + 1);
  }
}

size_t FoldedText::RawOffset(size_t folded_offset) const {
  if (raw_offset_.empty()) return 0;
  return raw_offset_[std::min(folded_offset, raw_offset_.size() - 1)];
}

int FoldedText::LineOf(size_t raw_offset) const {
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), raw_offset);
  return static_cast<int>(it - line_starts_.begin());
}

int FoldedText::ColumnOf(size_t raw_offset) const {
  return static_cast<int>(raw_offset - line_starts_[LineOf(raw_offset) - 1]) + 1;
}

std::vector<size_t> FindAll(const std::string& text, const std::string& quote) {
  std::vector<size_t> at;
  if (quote.empty()) return at;
  for (size_t p = text.find(quote); p != std::string::npos; p = text.find(quote, p + 1)) at.push_back(p);
  return at;
}

std::string ClosestPassage(const std::string& text, const std::string& quote) {
  // The longest prefix and the longest suffix of the quote the text holds (binary search:
  // a text that holds a prefix holds every shorter one).
  auto longest = [&](bool prefix, size_t* at) {
    size_t lo = 0, hi = quote.size();
    *at = std::string::npos;
    while (lo < hi) {
      size_t mid = (lo + hi + 1) / 2;
      size_t p = text.find(prefix ? quote.substr(0, mid) : quote.substr(quote.size() - mid));
      if (p != std::string::npos) {
        lo = mid;
        *at = p;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  };
  size_t prefix_at = 0, suffix_at = 0;
  size_t prefix = longest(true, &prefix_at);
  size_t suffix = longest(false, &suffix_at);
  size_t enough = std::max<size_t>(8, quote.size() / 4);
  if (std::max(prefix, suffix) < enough) return "";
  // The passage is what the quote was matched against, never more: from its matched prefix
  // to its matched suffix when they stand about the quote's length apart, else the end that
  // matched alone, finished to the end of its word by a few bytes at most (a text without
  // spaces, a NUL-separated file, must never be printed whole).
  constexpr size_t kSlack = 64;     // bytes the two ends may stand further apart than the quote
  constexpr size_t kWordTail = 24;  // bytes a word is finished by, at most
  auto in_word = [&](size_t i) { return static_cast<unsigned char>(text[i]) > ' '; };
  // Not inside a UTF-8 sequence.
  auto boundary = [&](size_t i) {
    return i >= text.size() || (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
  };
  size_t begin, end;
  if (prefix >= enough && suffix >= enough && suffix_at + suffix > prefix_at &&
      suffix_at + suffix - prefix_at <= quote.size() + kSlack) {
    begin = prefix_at;
    end = suffix_at + suffix;
  } else if (prefix >= suffix) {
    begin = prefix_at;
    end = prefix_at + prefix;
    for (size_t n = 0; n < kWordTail && end < text.size() && in_word(end); ++n) ++end;
    while (!boundary(end)) --end;
  } else {
    begin = suffix_at;
    end = suffix_at + suffix;
    for (size_t n = 0; n < kWordTail && begin > 0 && in_word(begin - 1); ++n) --begin;
    while (!boundary(begin)) ++begin;
  }
  return text.substr(begin, end - begin);
}

namespace {

constexpr std::array<std::string_view, 4> kNumberingNames = {"parenthesized", "rules-card", "sections",
                                                             "code-sections"};

enum class Style { kNumber, kLetter, kRoman };

struct Candidate {
  Style style;
  int value;
};

// The value of a lower-case roman numeral up to 399, 0 if `s` is not one in canonical form.
int RomanValue(std::string_view s) {
  static constexpr std::array<std::pair<int, std::string_view>, 9> kParts = {{
      {100, "c"},
      {90, "xc"},
      {50, "l"},
      {40, "xl"},
      {10, "x"},
      {9, "ix"},
      {5, "v"},
      {4, "iv"},
      {1, "i"},
  }};
  int value = 0;
  std::string_view rest = s;
  for (const auto& [v, part] : kParts) {
    int repeats = 0;
    while (rest.substr(0, part.size()) == part && repeats < 3) {
      value += v;
      rest.remove_prefix(part.size());
      ++repeats;
    }
  }
  return rest.empty() && !s.empty() ? value : 0;
}

// What a marker's label can be: "4" a number, "c" a letter, "ii" a roman numeral, "i" a
// letter or a roman numeral.
std::vector<Candidate> Candidates(std::string_view label) {
  std::vector<Candidate> out;
  if (label.empty()) return out;
  if (std::isdigit(static_cast<unsigned char>(label[0]))) {
    int v = 0;
    std::from_chars(label.data(), label.data() + label.size(), v);
    out.push_back({Style::kNumber, v});
    return out;
  }
  if (label.size() == 1) out.push_back({Style::kLetter, label[0] - 'a' + 1});
  if (int v = RomanValue(label)) out.push_back({Style::kRoman, v});
  return out;
}

struct Marker {
  std::string label;
  size_t begin;  // raw offset of the marker
  size_t words;  // raw offset where its words start
  int line;
};

// Nests markers into clauses: a marker continues the innermost open level it is the next
// value of (closing the levels inside it), else opens a level under the innermost one.
std::vector<Clause> Nest(const std::vector<Marker>& markers, Numbering numbering, size_t text_end,
                         std::string_view raw) {
  struct Level {
    Style style;
    int last;
    std::string label;
  };
  std::vector<Level> stack;
  std::vector<Clause> clauses;
  std::vector<size_t> words;
  for (const Marker& m : markers) {
    std::vector<Candidate> candidates = Candidates(m.label);
    if (candidates.empty()) continue;
    bool placed = false;
    for (size_t d = stack.size(); d-- > 0 && !placed;) {
      for (const Candidate& c : candidates) {
        if (c.style == stack[d].style && c.value == stack[d].last + 1) {
          stack.resize(d + 1);
          stack[d].last = c.value;
          stack[d].label = m.label;
          placed = true;
          break;
        }
      }
    }
    if (!placed) {
      // A new level opens at its first value: "i" after "c" is a roman one, not a letter.
      auto first =
          std::find_if(candidates.begin(), candidates.end(), [](const Candidate& c) { return c.value == 1; });
      const Candidate& c = first != candidates.end() ? *first : candidates.front();
      stack.push_back({c.style, c.value, m.label});
    }
    Clause clause;
    if (numbering == Numbering::kRulesCard) {
      clause.id = "rule " + stack[0].label;
      for (size_t d = 1; d < stack.size(); ++d) clause.id += "(" + stack[d].label + ")";
    } else {
      for (const Level& level : stack) clause.id += "(" + level.label + ")";
    }
    clause.depth = static_cast<int>(stack.size()) - 1;
    clause.begin = m.begin;
    clause.line = m.line;
    clauses.push_back(std::move(clause));
    words.push_back(m.words);
  }
  for (size_t k = 0; k < clauses.size(); ++k) {
    Clause& c = clauses[k];
    c.end = text_end;
    for (size_t j = k + 1; j < clauses.size(); ++j) {
      if (clauses[j].depth <= c.depth) {
        c.end = clauses[j].begin;
        break;
      }
    }
    c.own_end = k + 1 < clauses.size() && clauses[k + 1].depth > c.depth ? clauses[k + 1].begin : c.end;
    std::string_view own = raw.substr(words[k], c.own_end > words[k] ? c.own_end - words[k] : 0);
    c.has_words = std::any_of(own.begin(), own.end(),
                              [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)); });
  }
  return clauses;
}

struct Line {
  std::string_view text;  // without its line break
  size_t offset;
  int number;
};

std::vector<Line> Lines(std::string_view raw) {
  std::vector<Line> lines;
  size_t start = 0;
  for (int n = 1; start <= raw.size(); ++n) {
    size_t nl = raw.find('\n', start);
    size_t end = nl == std::string_view::npos ? raw.size() : nl;
    lines.push_back({raw.substr(start, end - start), start, n});
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  return lines;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

re2::StringPiece Piece(std::string_view s) { return re2::StringPiece(s.data(), s.size()); }

std::vector<Clause> ParenthesizedClauses(std::string_view raw) {
  static const RE2 kMarker(R"(\(([0-9]{1,3}|[a-z]{1,6})\)[ \t]*)");
  std::vector<Marker> markers;
  for (const Line& line : Lines(raw)) {
    size_t indent = 0;
    while (indent < line.text.size() && (line.text[indent] == ' ' || line.text[indent] == '\t')) ++indent;
    re2::StringPiece rest = Piece(line.text.substr(indent));
    std::string label;
    for (;;) {
      const char* at = rest.data();
      if (!RE2::Consume(&rest, kMarker, &label)) break;
      size_t begin = line.offset + static_cast<size_t>(at - line.text.data());
      size_t words = line.offset + static_cast<size_t>(rest.data() - line.text.data());
      markers.push_back({label, begin, words, line.number});
    }
  }
  return Nest(markers, Numbering::kParenthesized, raw.size(), raw);
}

std::vector<Clause> RulesCardClauses(std::string_view raw) {
  static const RE2 kMarker(R"(^[ \t]*(([0-9]{1,3}|[a-z]|[ivxlc]{2,6})\.[ \t]+)\S)");
  std::vector<Marker> markers;
  for (const Line& line : Lines(raw)) {
    re2::StringPiece whole, label;
    if (!RE2::PartialMatch(Piece(line.text), kMarker, &whole, &label)) continue;
    size_t begin = line.offset + static_cast<size_t>(label.data() - line.text.data());
    size_t words = line.offset + static_cast<size_t>(whole.data() + whole.size() - line.text.data());
    markers.push_back({std::string(label.data(), label.size()), begin, words, line.number});
  }
  return Nest(markers, Numbering::kRulesCard, raw.size(), raw);
}

std::vector<Clause> CodeSectionClauses(std::string_view raw) {
  static const RE2 kSection(R"(^(?:Section )?([0-9]+(?::[0-9]+)+(?:\.[0-9]+)?)\.?[ \t])");
  static const RE2 kItem(R"(^([0-9]{1,3})\.[ \t]+\S)");
  std::vector<Clause> out;
  for (const Line& line : Lines(raw)) {
    std::string id;
    if (!RE2::PartialMatch(Piece(line.text), kSection, &id)) continue;
    Clause section{id, 0, line.offset, raw.size(), raw.size(), true, line.number};
    std::vector<Clause> subs = ParenthesizedClauses(raw.substr(line.offset));
    for (Clause& c : subs) {
      c.id = id + c.id;
      c.depth += 1;
      c.begin += line.offset;
      c.end += line.offset;
      c.own_end += line.offset;
      c.line += line.number - 1;
    }
    if (!subs.empty()) section.own_end = subs.front().begin;
    out.push_back(section);
    out.insert(out.end(), subs.begin(), subs.end());
    return out;
  }
  // No section number: a licensee's posted rules.
  std::vector<size_t> starts;
  std::vector<std::pair<std::string, const Line*>> items;
  std::vector<Line> lines = Lines(raw);
  for (const Line& line : lines) {
    std::string n;
    if (RE2::PartialMatch(Piece(line.text), kItem, &n)) {
      Clause c{"posted rules, item " + n, 0, line.offset, raw.size(), raw.size(), true, line.number};
      if (!out.empty()) out.back().end = out.back().own_end = line.offset;
      out.push_back(c);
    }
  }
  return out;
}

bool IsWordsAlone(std::string_view s) {
  static const RE2 kWords(R"([A-Z][A-Za-z]*(?: [A-Za-z]+)*)");
  return RE2::FullMatch(Piece(s), kWords);
}

bool IsNotice(std::string_view s) {
  static const RE2 kCapitals(R"([A-Z]+(?: [A-Z]+)+)");
  return RE2::FullMatch(Piece(s), kCapitals);
}

// Headed sections of items, each item opened by a line that is a lone "-". A heading is a
// line of words alone (no punctuation) right before a "-" line, that is not itself the first
// line of an item. Where the text lost its dashes, a label line ("Shuffle algorithm:") after a
// finished sentence and a line in capitals (a notice) open an item too.
std::vector<Clause> SectionClauses(std::string_view raw) {
  std::vector<Line> lines;
  for (const Line& l : Lines(raw)) {
    std::string_view t = Trim(l.text);
    if (t.empty()) continue;
    lines.push_back({t, static_cast<size_t>(t.data() - raw.data()), l.number});
  }
  auto dash = [&](size_t k) { return k < lines.size() && lines[k].text == "-"; };
  std::vector<Clause> clauses;
  std::string section;
  int item = 0;
  bool open = false;        // an item is open
  bool after_dash = false;  // the next line opens an item
  auto close = [&](size_t offset) {
    if (open) clauses.back().end = clauses.back().own_end = offset;
    open = false;
  };
  auto start = [&](const Line& l) {
    close(l.offset);
    if (section.empty()) return;
    Clause c;
    c.id = section + ", item " + std::to_string(++item);
    c.begin = l.offset;
    c.end = c.own_end = raw.size();
    c.has_words = true;
    c.line = l.number;
    clauses.push_back(std::move(c));
    open = true;
  };
  for (size_t k = 0; k < lines.size(); ++k) {
    const Line& l = lines[k];
    if (dash(k)) {
      close(l.offset);
      after_dash = true;
      continue;
    }
    if (!after_dash && dash(k + 1) && IsWordsAlone(l.text)) {
      close(l.offset);
      section = std::string(l.text);
      item = 0;
      continue;
    }
    if (after_dash) {
      start(l);
      after_dash = false;
      continue;
    }
    if (!open) continue;
    std::string_view prev = lines[k - 1].text;
    bool label = l.text.back() == ':' && std::string_view(".!?").find(prev.back()) != std::string_view::npos;
    if (label || IsNotice(l.text)) start(l);
  }
  return clauses;
}

}  // namespace

std::optional<Numbering> ParseNumbering(std::string_view name) {
  for (size_t i = 0; i < kNumberingNames.size(); ++i) {
    if (kNumberingNames[i] == name) return static_cast<Numbering>(i);
  }
  return std::nullopt;
}

std::string_view ToString(Numbering numbering) { return kNumberingNames[static_cast<size_t>(numbering)]; }

std::span<const std::string_view> NumberingNames() { return kNumberingNames; }

std::vector<Clause> ExtractClauses(std::string_view raw, Numbering numbering) {
  switch (numbering) {
    case Numbering::kParenthesized:
      return ParenthesizedClauses(raw);
    case Numbering::kRulesCard:
      return RulesCardClauses(raw);
    case Numbering::kSections:
      return SectionClauses(raw);
    case Numbering::kCodeSections:
      return CodeSectionClauses(raw);
  }
  return {};
}

std::string NormalizeCite(std::string_view cite, Numbering numbering) {
  std::string s = FoldText(cite);
  if (numbering == Numbering::kRulesCard && s.rfind("Rule ", 0) == 0) s[0] = 'r';
  return s;
}

bool LooksLikeClause(std::string_view cite, Numbering numbering) {
  static const RE2 kParenthesized(R"((?:\([0-9a-z]+\))+)");
  static const RE2 kRulesCard(R"(rule [0-9]+(?:\([a-z]+\))*)");
  static const RE2 kSections(R"(.+, item [0-9]+)");
  static const RE2 kCode(R"([0-9]+(?::[0-9]+)+(?:\.[0-9]+)?(?:\([0-9a-z]+\))*|posted rules, item [0-9]+)");
  std::string s = NormalizeCite(cite, numbering);
  switch (numbering) {
    case Numbering::kParenthesized:
      return RE2::FullMatch(s, kParenthesized);
    case Numbering::kRulesCard:
      return RE2::FullMatch(s, kRulesCard);
    case Numbering::kSections:
      return RE2::FullMatch(s, kSections);
    case Numbering::kCodeSections:
      return RE2::FullMatch(s, kCode);
  }
  return false;
}

std::vector<PayoutPhrase> ExtractPayoutPhrases(const std::string& folded) {
  // Odds: "10 to 1", "3-to-2", "2 for 1" (the stake included: net 1), "11:1". Only a
  // number:number standing alone counts: "20:18:16:15.17" is a citation, not odds.
  static const RE2 kTo(R"((?i)\b((\d{1,6})(?:\s+to\s+|-to-)(\d{1,6}))\b)");
  static const RE2 kFor(R"((?i)\b((\d{1,6})\s+for\s+(\d{1,6}))\b)");
  static const RE2 kColon(R"(\b(\d+(?::\d+)+(?:\.\d+)?)\b)");
  static const RE2 kEvenMoney(R"((?i)\b(even money)\b)");
  static const RE2 kHalf(R"((?i)\b((?:lose|loses|forfeit|forfeits|surrender|surrenders)\s+half)\b)");
  static const RE2 kPush(R"((?i)\b(push(?:es|ed)?)\b)");

  std::vector<PayoutPhrase> out;
  auto add = [&](re2::StringPiece phrase, int64_t num, int64_t den) {
    if (den <= 0) return;
    auto net = ParseRatio(std::to_string(num) + "/" + std::to_string(den));
    if (!net) return;
    out.push_back({std::string(phrase.data(), phrase.size()), *net,
                   static_cast<size_t>(phrase.data() - folded.data())});
  };
  auto to_int = [](re2::StringPiece s) {
    int64_t v = 0;
    std::from_chars(s.data(), s.data() + s.size(), v);
    return v;
  };
  auto preceded_by = [&](re2::StringPiece phrase, std::string_view word) {
    size_t at = static_cast<size_t>(phrase.data() - folded.data());
    if (at < word.size()) return false;
    std::string before = folded.substr(at - word.size(), word.size());
    std::transform(before.begin(), before.end(), before.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    return before == word;
  };

  re2::StringPiece input, match, a, b;
  input = Piece(folded);
  while (RE2::FindAndConsume(&input, kTo, &match, &a, &b)) {
    if (preceded_by(match, "from ")) continue;  // a range: "from 1 to 8 decks"
    add(match, to_int(a), to_int(b));
  }
  input = Piece(folded);
  while (RE2::FindAndConsume(&input, kFor, &match, &a, &b)) add(match, to_int(a) - to_int(b), to_int(b));
  input = Piece(folded);
  while (RE2::FindAndConsume(&input, kColon, &match)) {
    std::string_view s(match.data(), match.size());
    size_t colon = s.find(':');
    if (s.find(':', colon + 1) != std::string_view::npos || s.find('.') != std::string_view::npos) continue;
    add(match, to_int(Piece(s.substr(0, colon))), to_int(Piece(s.substr(colon + 1))));
  }
  input = Piece(folded);
  while (RE2::FindAndConsume(&input, kEvenMoney, &match)) add(match, 1, 1);
  input = Piece(folded);
  while (RE2::FindAndConsume(&input, kHalf, &match)) add(match, -1, 2);
  input = Piece(folded);
  while (RE2::FindAndConsume(&input, kPush, &match)) add(match, 0, 1);
  std::sort(out.begin(), out.end(),
            [](const PayoutPhrase& x, const PayoutPhrase& y) { return x.offset < y.offset; });
  return out;
}

}  // namespace pitboss
