#include "dialect/text_kinds.h"

#include <re2/re2.h>
#include <re2/set.h>

#include <algorithm>

#include "dialect/dialect.h"

namespace pitboss {

TextKinds::TextKinds(const Dialect& d) {
  for (size_t k = 0; k < d.records.size(); ++k) {
    const RecordKind& kind = d.records[k];
    names_ += (names_.empty() ? "" : ", ") + kind.name;
    const re2::RE2& pattern = *kind.pattern;
    simple_.push_back(
        SimplePattern::CompileAlternatives(pattern.pattern(), pattern.NumberOfCapturingGroups()));
    prefix_.push_back(SimplePattern::LiteralPrefix(pattern.pattern()));
    // The kinds a line's first byte leaves, in order: a simple pattern's first bytes, else its
    // prefix's first, else any.
    std::bitset<256> first;
    if (simple_.back()) {
      for (const SimplePattern& variant : *simple_.back()) first |= variant.first_bytes();
    }
    const bool bounds = kind.role == RecordRole::kBegin || kind.role == RecordRole::kEnd;
    for (int b = 0; b < 256; ++b) {
      const bool may = simple_.back()           ? first[static_cast<size_t>(b)]
                       : prefix_.back().empty() ? true
                                                : static_cast<unsigned char>(prefix_.back()[0]) == b;
      if (!may) continue;
      by_first_byte_[static_cast<size_t>(b)].push_back(static_cast<uint16_t>(k));
      if (bounds) bounds_.set(static_cast<size_t>(b));
    }
  }
}

int TextKinds::Match(const Dialect& d, std::string_view line, std::vector<re2::StringPiece>* groups,
                     std::vector<int>* scratch) const {
  if (line.empty()) return -1;
  const re2::StringPiece text(line.data(), line.size());
  if (SimplePattern::ValidLine(line)) {
    for (const uint16_t k : by_first_byte_[static_cast<unsigned char>(line[0])]) {
      if (simple_[k]) {
        for (const SimplePattern& variant : *simple_[k]) {
          if (variant.MayMatch(line) && variant.Match(line, groups)) return k;
        }
        continue;
      }
      if (!line.starts_with(prefix_[k])) continue;
      const re2::RE2& pattern = *d.records[k].pattern;
      if (!pattern.Match(text, 0, line.size(), re2::RE2::ANCHOR_BOTH, nullptr, 0)) continue;
      const int n = pattern.NumberOfCapturingGroups() + 1;
      groups->resize(static_cast<size_t>(n));
      if (pattern.Match(text, 0, line.size(), re2::RE2::ANCHOR_BOTH, groups->data(), n)) return k;
    }
    return -1;
  }
  // re2: the kinds whose patterns match, in one pass; the first of them is the line's.
  scratch->clear();
  if (!d.kinds->Match(text, scratch)) return -1;
  const int k = *std::min_element(scratch->begin(), scratch->end());
  const re2::RE2& pattern = *d.records[static_cast<size_t>(k)].pattern;
  const int n = pattern.NumberOfCapturingGroups() + 1;
  groups->resize(static_cast<size_t>(n));
  return pattern.Match(text, 0, line.size(), re2::RE2::ANCHOR_BOTH, groups->data(), n) ? k : -1;
}

}  // namespace pitboss
