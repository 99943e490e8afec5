// "Did you mean": the closest of a list of names to one that is not among them, for the
// messages a user reads after a typo (a command, a rule-set id, an ambiguity or a reading).
#ifndef PITBOSS_BASE_SUGGEST_H_
#define PITBOSS_BASE_SUGGEST_H_

#include <string>
#include <string_view>
#include <vector>

namespace pitboss {

// The candidate nearest to `word` by edit distance (insertions, deletions, substitutions and
// swaps of two neighbours, case and '-'/'_' counted as alike), when near enough to be a typo
// of it: at most 1 edit for a word of up to 4 characters, 2 up to 8, 3 beyond. "" otherwise,
// and on a tie between two candidates.
std::string Nearest(std::string_view word, const std::vector<std::string>& candidates);

// "; did you mean 'check'?" for Nearest's answer, "" when there is none.
std::string DidYouMean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace pitboss

#endif  // PITBOSS_BASE_SUGGEST_H_
