#include "dialect/simple_pattern.h"

#include <simdjson.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>
#include <string>

#include "base/same_bytes.h"
#include "base/utf8.h"

namespace pitboss {

namespace {

using Bytes = std::bitset<256>;

Bytes Range(unsigned char lo, unsigned char hi) {
  Bytes b;
  for (unsigned c = lo; c <= hi; ++c) b.set(c);
  return b;
}

Bytes Digits() { return Range('0', '9'); }
Bytes Space() {  // re2's \s: [\t\n\f\r ]
  Bytes b;
  for (unsigned char c : {'\t', '\n', '\f', '\r', ' '}) b.set(c);
  return b;
}
Bytes Word() {
  Bytes b = Digits() | Range('A', 'Z') | Range('a', 'z');
  b.set('_');
  return b;
}

// The escape after a backslash as a set of bytes: \d \D \s \S \w \W, a control character's
// letter, or a punctuation character standing for itself; nullopt for any other (re2 decides).
std::optional<Bytes> Escape(char c) {
  switch (c) {
    case 'd':
      return Digits();
    case 'D':
      return ~Digits();
    case 's':
      return Space();
    case 'S':
      return ~Space();
    case 'w':
      return Word();
    case 'W':
      return ~Word();
    case 't':
      return Range('\t', '\t');
    case 'n':
      return Range('\n', '\n');
    case 'r':
      return Range('\r', '\r');
    case 'f':
      return Range('\f', '\f');
    case 'v':
      return Range('\v', '\v');
    default:
      break;
  }
  const auto u = static_cast<unsigned char>(c);
  if (u < 0x80 && std::ispunct(u)) return Range(u, u);
  return std::nullopt;
}

// A bracketed class from p[*i] (just after '['), ASCII characters, ranges and the escapes
// above; *i is left after its ']'.
std::optional<Bytes> Class(std::string_view p, size_t* i) {
  Bytes b;
  bool negate = false;
  size_t at = *i;
  if (at < p.size() && p[at] == '^') {
    negate = true;
    ++at;
  }
  if (at < p.size() && p[at] == ']') return std::nullopt;  // a ']' first stands for itself: left to re2
  while (true) {
    if (at >= p.size()) return std::nullopt;
    const auto c = static_cast<unsigned char>(p[at]);
    if (c == ']') break;
    if (c >= 0x80 || c == '[') return std::nullopt;
    if (c == '\\') {
      if (at + 1 >= p.size()) return std::nullopt;
      const char e = p[at + 1];
      // Only the classes and punctuation inside brackets; a range of escapes is re2's.
      if (std::isalpha(static_cast<unsigned char>(e)) && e != 'd' && e != 's' && e != 'w' && e != 't')
        return std::nullopt;
      std::optional<Bytes> set = Escape(e);
      if (!set) return std::nullopt;
      at += 2;
      if (at < p.size() && p[at] == '-' && at + 1 < p.size() && p[at + 1] != ']') return std::nullopt;
      b |= *set;
      continue;
    }
    if (at + 2 < p.size() && p[at + 1] == '-' && p[at + 2] != ']') {
      const auto hi = static_cast<unsigned char>(p[at + 2]);
      if (hi >= 0x80 || hi == '\\' || hi == '[' || hi < c) return std::nullopt;
      b |= Range(c, hi);
      at += 3;
      continue;
    }
    b.set(c);
    ++at;
  }
  *i = at + 1;
  return negate ? ~b : b;
}

// The first bytes of `text` (8 at most) as a word loaded from memory that starts with them
// holds them (zeros after them), and the bits of the word they are.
void LeadingWord(std::string_view text, uint64_t* word, uint64_t* mask) {
  std::array<unsigned char, sizeof(uint64_t)> bytes{}, ones{};
  const size_t n = std::min(text.size(), bytes.size());
  std::copy_n(text.begin(), n, bytes.begin());
  std::fill_n(ones.begin(), n, 0xFF);
  std::memcpy(word, bytes.data(), bytes.size());
  std::memcpy(mask, ones.data(), ones.size());
}

bool IsQuantifier(char c) { return c == '*' || c == '+' || c == '?' || c == '{'; }

// Calls visit(i) at each '(', ')' and '|' of pattern p that is neither escaped nor inside a
// bracketed class (where a ']' first, or escaped, is one of the class's characters); stops
// where visit returns false.
template <typename Visit>
void WalkStructure(std::string_view p, Visit visit) {
  for (size_t i = 0; i < p.size(); ++i) {
    if (p[i] == '\\') {
      ++i;
    } else if (p[i] == '[') {
      size_t j = i + 1;
      if (j < p.size() && p[j] == '^') ++j;
      if (j < p.size() && p[j] == ']') ++j;
      while (j < p.size() && p[j] != ']') j += p[j] == '\\' ? 2 : 1;
      i = j;
    } else if ((p[i] == '(' || p[i] == ')' || p[i] == '|') && !visit(i)) {
      return;
    }
  }
}

// A quantifier from p[*i]: +, *, ?, {n}, {n,}, {n,m}; *i is left after it.
bool Quantifier(std::string_view p, size_t* i, uint32_t* min, uint32_t* max) {
  const char c = p[*i];
  if (c != '{') {
    *min = c == '+' ? 1 : 0;
    *max = c == '?' ? 1 : UINT32_MAX;
    ++*i;
    return true;
  }
  const size_t close = p.find('}', *i);
  if (close == std::string_view::npos) return false;
  const std::string_view body = p.substr(*i + 1, close - *i - 1);
  const size_t comma = body.find(',');
  auto number = [](std::string_view s, uint32_t* out) {
    if (s.empty()) return false;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), *out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
  };
  if (comma == std::string_view::npos) {
    if (!number(body, min)) return false;
    *max = *min;
  } else {
    if (!number(body.substr(0, comma), min)) return false;
    const std::string_view upper = body.substr(comma + 1);
    if (upper.empty()) {
      *max = UINT32_MAX;
    } else if (!number(upper, max) || *max < *min) {
      return false;
    }
  }
  *i = close + 1;
  return true;
}

}  // namespace

std::optional<SimplePattern> SimplePattern::Compile(std::string_view p, int groups) {
  SimplePattern out;
  out.groups_ = groups;
  std::vector<Item> items;
  std::vector<int> close_at_end;
  std::vector<int> open_groups;  // the groups open: their numbers, -1 for (?:...)
  std::vector<int> opening, closing;
  int next_group = 1;
  bool repeatable = false;  // the last thing read was an item a quantifier may follow
  size_t i = 0;
  while (i < p.size()) {
    const char c = p[i];
    if (c == '(') {
      repeatable = false;
      if (p.substr(i).starts_with("(?P<")) {
        const size_t end = p.find('>', i);
        if (end == std::string_view::npos) return std::nullopt;
        i = end + 1;
      } else if (p.substr(i).starts_with("(?:")) {
        i += 3;
        open_groups.push_back(-1);
        continue;
      } else if (i + 1 < p.size() && p[i + 1] == '?') {
        return std::nullopt;  // flags, or a form re2 may add
      } else {
        ++i;
      }
      open_groups.push_back(next_group);
      opening.push_back(next_group++);
      continue;
    }
    if (c == ')') {
      if (open_groups.empty()) return std::nullopt;
      if (open_groups.back() >= 0) closing.push_back(open_groups.back());
      open_groups.pop_back();
      ++i;
      if (i < p.size() && IsQuantifier(p[i])) return std::nullopt;  // a repeated group
      repeatable = false;
      continue;
    }
    if (c == '|' || c == '^' || c == '$') return std::nullopt;
    if (IsQuantifier(c)) {
      if (!repeatable) return std::nullopt;
      Item& last = items.back();
      if (!Quantifier(p, &i, &last.min, &last.max)) return std::nullopt;
      if (i < p.size() && IsQuantifier(p[i])) return std::nullopt;  // lazy, or repeated again
      repeatable = false;
      continue;
    }
    Item item;
    const auto u = static_cast<unsigned char>(c);
    if (c == '.') {
      item.bytes = ~Range('\n', '\n');
      ++i;
    } else if (c == '\\') {
      if (i + 1 >= p.size()) return std::nullopt;
      std::optional<Bytes> set = Escape(p[i + 1]);
      if (!set) return std::nullopt;
      item.bytes = *set;
      i += 2;
    } else if (c == '[') {
      ++i;
      std::optional<Bytes> set = Class(p, &i);
      if (!set) return std::nullopt;
      item.bytes = *set;
    } else {
      item.bytes.set(u);
      ++i;
    }
    // A quantifier after a byte of a character of several would repeat the whole character.
    repeatable = u < 0x80;
    const Bytes high = ~Range(0, 0x7F);
    item.whole_characters = (item.bytes & high) == high;
    // A class matching some bytes above ASCII but not all of them is no class of characters.
    if (u < 0x80 && (item.bytes & high).any() && !item.whole_characters) return std::nullopt;
    item.open = std::move(opening);
    item.close = std::move(closing);
    opening.clear();
    closing.clear();
    items.push_back(std::move(item));
  }
  if (!open_groups.empty() || next_group - 1 != groups) return std::nullopt;
  if (!opening.empty()) {
    // A group opened after the last item is empty, at the end.
    Item end;
    end.min = end.max = 0;
    end.open = std::move(opening);
    end.close = std::move(closing);
    items.push_back(std::move(end));
  } else {
    close_at_end = std::move(closing);
  }
  // Deterministic: what a repeated item matches, nothing that may come right after it does.
  for (size_t k = 0; k < items.size(); ++k) {
    const Item& item = items[k];
    if (item.min == item.max) continue;
    Bytes follow;
    for (size_t j = k + 1; j < items.size(); ++j) {
      follow |= items[j].bytes;
      if (items[j].min >= 1) break;
    }
    if ((item.bytes & follow).any()) return std::nullopt;
  }
  for (const Item& item : items) {
    out.first_ |= item.bytes;
    if (item.min >= 1) break;
  }
  if (items.size() > UINT16_MAX || groups > UINT16_MAX) return std::nullopt;
  out.Lower(items, close_at_end);
  if (out.steps_.size() > kMaxSteps) return std::nullopt;
  return out;
}

void SimplePattern::Lower(const std::vector<Item>& items, const std::vector<int>& close_at_end) {
  group_steps_.assign(static_cast<size_t>(groups_), {0, 0});
  // A group opened or closed before an item is bounded where the item's step begins: such an
  // item begins a step of its own.
  auto mark = [&](const std::vector<int>& groups, bool end) {
    for (const int g : groups) {
      std::pair<uint16_t, uint16_t>& bounds = group_steps_[static_cast<size_t>(g - 1)];
      (end ? bounds.second : bounds.first) = static_cast<uint16_t>(steps_.size());
    }
  };
  bool joinable = false;  // the last step is a literal the next byte may join
  for (const Item& item : items) {
    const bool marked = !item.open.empty() || !item.close.empty();
    mark(item.open, false);
    mark(item.close, true);
    if (item.min == 1 && item.max == 1 && item.bytes.count() == 1) {
      unsigned char byte = 0;
      while (!item.bytes[byte]) ++byte;
      if (marked || !joinable)
        steps_.push_back({Op::kLiteral, false, static_cast<uint32_t>(literals_.size()), 0, 0});
      literals_.push_back(static_cast<char>(byte));
      ++steps_.back().max;
      joinable = true;
      continue;
    }
    joinable = false;
    // With no upper bound, a run of a set that holds every byte of a character above ASCII
    // ends where its count of bytes does; its count of characters matters only for a least
    // count above one.
    if (item.max == UINT32_MAX && (!item.whole_characters || item.min <= 1)) {
      std::array<uint8_t, 256>& in = spans_.emplace_back();
      for (size_t b = 0; b < in.size(); ++b) in[b] = item.bytes[b] ? 1 : 0;
      steps_.push_back({Op::kSpan, false, static_cast<uint32_t>(spans_.size() - 1), item.min, item.max});
      continue;
    }
    steps_.push_back(
        {Op::kRun, item.whole_characters, static_cast<uint32_t>(sets_.size()), item.min, item.max});
    sets_.push_back(item.bytes);
  }
  mark(close_at_end, true);
  // A literal's first bytes as a word loaded from the line holds them, whatever the byte order.
  for (Step& step : steps_) {
    if (step.op == Op::kLiteral)
      LeadingWord(std::string_view(literals_).substr(step.index, step.max), &step.word, &step.mask);
  }
  std::string head;
  for (size_t s = 0; s < steps_.size() && steps_[s].op == Op::kLiteral; ++s)
    head.append(literals_, steps_[s].index, steps_[s].max);
  LeadingWord(head, &head_word_, &head_mask_);
}

std::optional<std::vector<SimplePattern>> SimplePattern::CompileAlternatives(std::string_view p, int groups) {
  // Where the alternatives are: the '|'s, and the group they are directly in.
  std::vector<size_t> bars;
  std::vector<size_t> opened;  // where each open group begins
  size_t group_begin = 0, group_end = 0;
  bool in_group = false;
  bool simple = true;
  WalkStructure(p, [&](size_t i) {
    if (p[i] == '(') {
      opened.push_back(i);
    } else if (p[i] == ')') {
      if (opened.empty()) return simple = false;
      if (in_group && opened.back() == group_begin && group_end == 0) group_end = i;
      opened.pop_back();
    } else {
      // One group of alternatives, with no group inside it.
      if (opened.empty() || (in_group && opened.back() != group_begin) || group_end != 0)
        return simple = false;
      in_group = true;
      group_begin = opened.back();
      bars.push_back(i);
    }
    return true;
  });
  if (!simple) return std::nullopt;
  std::vector<SimplePattern> out;
  if (bars.empty()) {
    std::optional<SimplePattern> one = Compile(p, groups);
    if (!one) return std::nullopt;
    out.push_back(std::move(*one));
    return out;
  }
  if (group_end == 0) return std::nullopt;
  // The group's body starts after "(", "(?:" or "(?P<name>".
  size_t body = group_begin + 1;
  if (p.substr(group_begin).starts_with("(?P<")) {
    body = p.find('>', group_begin) + 1;
  } else if (p.substr(group_begin).starts_with("(?:")) {
    body = group_begin + 3;
  }
  if (p.substr(body, group_end - body).find('(') != std::string_view::npos) return std::nullopt;
  std::vector<std::string_view> alternatives;
  size_t from = body;
  for (const size_t bar : bars) {
    alternatives.push_back(p.substr(from, bar - from));
    from = bar + 1;
  }
  alternatives.push_back(p.substr(from, group_end - from));
  std::bitset<256> seen;
  for (const std::string_view alternative : alternatives) {
    // Each alone: a simple sequence that takes at least one byte, its first bytes no other's.
    std::optional<SimplePattern> alone = Compile(alternative, 0);
    std::vector<re2::StringPiece> ignored;
    if (!alone || alone->Match("", &ignored) || (alone->first_ & seen).any()) return std::nullopt;
    seen |= alone->first_;
    std::string whole(p.substr(0, body));
    whole.append(alternative);
    whole.append(p.substr(group_end));
    std::optional<SimplePattern> variant = Compile(whole, groups);
    if (!variant) return std::nullopt;
    out.push_back(std::move(*variant));
  }
  return out;
}

std::string SimplePattern::LiteralPrefix(std::string_view p) {
  // An alternation outside any group makes the pattern's start anyone's.
  int depth = 0;
  bool alternation = false;
  WalkStructure(p, [&](size_t i) {
    depth += p[i] == '(' ? 1 : p[i] == ')' ? -1 : 0;
    alternation = p[i] == '|' && depth == 0;
    return !alternation;
  });
  if (alternation) return "";
  std::string prefix;
  for (size_t i = 0; i < p.size(); ++i) {
    const auto c = static_cast<unsigned char>(p[i]);
    char literal;
    if (c == '\\' && i + 1 < p.size() && static_cast<unsigned char>(p[i + 1]) < 0x80 &&
        std::ispunct(static_cast<unsigned char>(p[i + 1]))) {
      literal = p[++i];
    } else if (c >= 0x80 || std::strchr("\\.^$|?*+()[]{}", static_cast<int>(c)) != nullptr) {
      break;
    } else {
      literal = static_cast<char>(c);
    }
    // A literal a quantifier follows may not be there.
    if (i + 1 < p.size() && IsQuantifier(p[i + 1])) break;
    prefix.push_back(literal);
  }
  return prefix;
}

namespace {

template <typename Word>
Word Load(const unsigned char* p) {
  Word w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

}  // namespace

bool SimplePattern::ValidLine(std::string_view line) {
  // Most lines are ASCII: eight bytes at a time, to the first that is not.
  const auto* p = reinterpret_cast<const unsigned char*>(line.data());
  const size_t n = line.size();
  size_t i = 0;
  for (; i + 8 <= n; i += 8)
    if ((Load<uint64_t>(p + i) & 0x8080808080808080ull) != 0) break;
  for (; i < n && p[i] < 0x80; ++i) {
  }
  if (i == n) return true;
  // A long rest to simdjson; a short one (a card's suit in a line of a shoe) a sequence at a
  // time (NextUtf8, the well-formed sequences of the Unicode standard, as simdjson checks them).
  if (n - i > 64) return simdjson::validate_utf8(line.data() + i, n - i);
  while (i < n) {
    if (p[i] < 0x80) {
      ++i;
      continue;
    }
    const Utf8Step step = NextUtf8(line.substr(i));
    if (!step.valid) return false;
    i += step.length;
  }
  return true;
}

bool SimplePattern::Match(std::string_view line, std::vector<re2::StringPiece>* groups) const {
  const auto* data = reinterpret_cast<const unsigned char*>(line.data());
  const size_t size = line.size();
  const size_t steps = steps_.size();
  size_t begins[kMaxSteps + 1];  // where each step begins, and the line ends
  size_t at = 0;
  for (size_t s = 0; s < steps; ++s) {
    begins[s] = at;
    const Step& step = steps_[s];
    switch (step.op) {
      case Op::kLiteral: {
        // Most literals are a word or less, and most lines have a word left to compare them with.
        const size_t n = step.max;
        if (size - at < n) return false;
        if (size - at >= sizeof(uint64_t)) {
          if (((Load<uint64_t>(data + at) ^ step.word) & step.mask) != 0) return false;
          if (n > sizeof(uint64_t) &&
              !SameBytes(line.data() + at + sizeof(uint64_t),
                         literals_.data() + step.index + sizeof(uint64_t), n - sizeof(uint64_t)))
            return false;
        } else if (!SameBytes(line.data() + at, literals_.data() + step.index, n)) {
          return false;
        }
        at += n;
        break;
      }
      case Op::kSpan: {
        const uint8_t* in = spans_[step.index].data();
        const size_t from = at;
        while (at < size && in[data[at]] != 0) ++at;
        if (at - from < step.min) return false;
        break;
      }
      case Op::kRun: {
        const std::bitset<256>& bytes = sets_[step.index];
        uint32_t n = 0;
        if (step.whole_characters) {
          // A character of several bytes is one repetition: its lead byte and the continuation
          // bytes (10xxxxxx) after it, all of which the set holds.
          while (n < step.max && at < size && bytes[data[at]]) {
            ++at;
            while (at < size && (data[at] & 0xC0) == 0x80) ++at;
            ++n;
          }
        } else {
          while (n < step.max && at < size && bytes[data[at]]) {
            ++at;
            ++n;
          }
        }
        if (n < step.min) return false;
        break;
      }
    }
  }
  if (at != size) return false;
  begins[steps] = size;
  // Every group takes part in a match.
  groups->resize(static_cast<size_t>(groups_) + 1);
  re2::StringPiece* group = groups->data();
  group[0] = re2::StringPiece(line.data(), size);
  for (size_t g = 0; g < group_steps_.size(); ++g) {
    const auto [from, to] = group_steps_[g];
    group[g + 1] = re2::StringPiece(line.data() + begins[from], begins[to] - begins[from]);
  }
  return true;
}

}  // namespace pitboss
