// TextKinds: which record kind a line of a text dialect's log is (the first whose pattern
// matches it), and its groups. Built once with the dialect (Dialect::text_kinds), used by the
// reader and by each converter, on any thread.
//
// Tried in order, where each kind before the one that matches has a pattern SimplePattern
// answers for (most lines); the kinds a line can be of are those its first byte allows, and of
// those a simple pattern is passed over without matching where the line does not start with its
// leading literal (SimplePattern::MayMatch: one word compared). A kind
// whose pattern is not simple is passed over where the line does not start with the pattern's
// literal prefix, and else asked of re2 (its automaton first, without groups); a line that is
// not UTF-8 goes to re2's set of every kind's pattern.
#ifndef PITBOSS_DIALECT_TEXT_KINDS_H_
#define PITBOSS_DIALECT_TEXT_KINDS_H_

#include <re2/stringpiece.h>

#include <array>
#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dialect/simple_pattern.h"

namespace pitboss {

struct Dialect;

class TextKinds {
 public:
  // For `dialect`'s kinds (their patterns compiled, and Dialect::kinds built).
  explicit TextKinds(const Dialect& dialect);

  // The index in Dialect::records of the kind of `line` (not empty), with its groups in
  // *groups (re2's: [0] the whole line); -1 where no kind's pattern matches it. `scratch` is
  // the caller's, reused.
  int Match(const Dialect& dialect, std::string_view line, std::vector<re2::StringPiece>* groups,
            std::vector<int>* scratch) const;

  // Whether a line starting with `byte` may be of a kind that begins or ends a round.
  bool MayBound(unsigned char byte) const { return bounds_[byte]; }

  // The kinds' names, for a line of none: "start, bet, card".
  const std::string& names() const { return names_; }

 private:
  std::vector<std::optional<std::vector<SimplePattern>>> simple_;  // one for each alternative
  std::vector<std::string> prefix_;
  std::array<std::vector<uint16_t>, 256> by_first_byte_;  // the kinds a line may be of
  std::bitset<256> bounds_;
  std::string names_;
};

}  // namespace pitboss

#endif  // PITBOSS_DIALECT_TEXT_KINDS_H_
