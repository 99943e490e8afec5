// SimplePattern: a text dialect's record pattern matched without re2, where the pattern is
// simple enough that one greedy pass over a line finds the only match re2 could find.
//
// Why it exists: a text log is one record a line, and re2 matched each line twice (the set of
// every kind's pattern, then the kind's own pattern for its groups): most of what a line cost.
// The patterns dialects are written with are mostly literals and runs of one class ("BET
// P(?P<seat>\d+) (?P<wager>\S+)"), and such a pattern needs no automaton.
//
// When it applies: a pattern made only of literal characters, the classes \d \D \s \S \w \W,
// '.', and bracketed classes of ASCII characters and ranges, each optionally repeated (+, *, ?,
// {n}, {n,}, {n,m}; greedy), and groups ((?P<name>...), (...), (?:...)) that are not
// themselves repeated; no alternation, anchors, flags or other escapes. And it must be
// deterministic: no repeated item may match a byte that what can come right after it could
// also match ("\d+\d" is not; "\d+ " is), so that a greedy pass never has to back up. Then a
// match is unique, and the pass finds it with the group boundaries re2 would give. A repeated
// class that matches characters other than ASCII ones (\S, [^ ], '.') counts characters, as
// re2 does, not bytes. The line must be UTF-8, as re2 reads it (ValidLine says): a line that is
// not is left to re2.
//
// What holds it to re2: simple_pattern_test.cc matches patterns of every supported form, and
// lines made at random from their alphabets, both ways, and requires the same answer and groups.
#ifndef PITBOSS_DIALECT_SIMPLE_PATTERN_H_
#define PITBOSS_DIALECT_SIMPLE_PATTERN_H_

#include <re2/stringpiece.h>

#include <array>
#include <bitset>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pitboss {

class SimplePattern {
 public:
  // The pattern compiled, or nullopt where it is not of the simple form (re2 matches it).
  // `groups`: re2's NumberOfCapturingGroups for the pattern.
  static std::optional<SimplePattern> Compile(std::string_view pattern, int groups);

  // As Compile, for a pattern that may also hold one group of alternatives ("CARD
  // (?P<seat>BANK|\d+) ..."), each a simple sequence, no two of which can start with the same
  // byte: the pattern as one simple pattern for each alternative, in order. A line matches
  // the pattern where it matches one of them, and then only that one (where it starts, the
  // alternatives part ways on its first byte), with its groups. nullopt where it is not so.
  static std::optional<std::vector<SimplePattern>> CompileAlternatives(std::string_view pattern, int groups);

  // The literal text every line the pattern matches starts with ("" where none can be told):
  // for a pattern that is not simple, a cheap test of a line before re2's.
  static std::string LiteralPrefix(std::string_view pattern);

  // The bytes a line the pattern matches can start with (where there are none, it matches
  // only the empty line).
  const std::bitset<256>& first_bytes() const { return first_; }

  // Whether `line` is one Match may be given: valid UTF-8.
  static bool ValidLine(std::string_view line);

  // False where `line` cannot match for its first bytes, which every match starts with: a
  // test cheaper than Match, to pass over most kinds a line is not of.
  bool MayMatch(std::string_view line) const {
    if (line.size() < sizeof head_word_) return true;
    uint64_t start;
    std::memcpy(&start, line.data(), sizeof start);
    return ((start ^ head_word_) & head_mask_) == 0;
  }

  // Whether `line` (ValidLine) as a whole matches (re2's ANCHOR_BOTH), and where it does, its
  // groups: (*groups)[0] the whole line, (*groups)[i] group i, as re2::RE2::Match would fill
  // them (the vector is resized to hold them).
  bool Match(std::string_view line, std::vector<re2::StringPiece>* groups) const;

 private:
  struct Item {
    std::bitset<256> bytes;         // what one repetition matches: one byte of these
    uint32_t min = 1, max = 1;      // repetitions: bytes, or characters where whole_characters
    bool whole_characters = false;  // matches every byte of a character other than ASCII
    // Group boundaries before this item: groups opened (in order) and closed here.
    std::vector<int> open, close;
  };
  // What Match does, in order: the items lowered to steps, a run of single bytes one literal.
  // A group's bounds are where steps begin (or the line ends), noted as Match goes and made
  // groups only once the line matches: a line that does not costs no group.
  enum class Op : uint8_t {
    kLiteral,  // the bytes literals_[index, index + max)
    kSpan,     // as many bytes of spans_[index] as there are, at least min: a repeated item
               // with no upper bound whose count of bytes says enough of its count of
               // characters (none above ASCII, or at least one wanted)
    kRun,      // any other item: sets_[index], repeated min to max times
  };
  struct Step {
    Op op;
    bool whole_characters;
    uint32_t index;
    uint32_t min, max;
    // kLiteral: its first 8 bytes (fewer, zeros after them) and which bits of a word they are.
    uint64_t word = 0, mask = 0;
  };
  // Match keeps where each step begins on its stack: a pattern of more steps is re2's.
  static constexpr size_t kMaxSteps = 64;
  void Lower(const std::vector<Item>& items, const std::vector<int>& close_at_end);

  std::vector<Step> steps_;
  std::string literals_;
  std::vector<std::bitset<256>> sets_;
  std::vector<std::array<uint8_t, 256>> spans_;  // 1 for each byte of the set
  // Of each group (from 1): the steps it begins and ends before (steps_.size(): the end).
  std::vector<std::pair<uint16_t, uint16_t>> group_steps_;
  int groups_ = 0;
  uint64_t head_word_ = 0, head_mask_ = 0;  // the literal bytes every match starts with (8 at most)
  std::bitset<256> first_;
};

}  // namespace pitboss

#endif  // PITBOSS_DIALECT_SIMPLE_PATTERN_H_
