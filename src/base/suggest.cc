#include "base/suggest.h"

#include <algorithm>
#include <cctype>

namespace pitboss {

namespace {

char Fold(char c) {
  if (c == '_') return '-';
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a
// substring), on folded characters.
size_t Distance(std::string_view a, std::string_view b) {
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<size_t>> d(n + 1, std::vector<size_t>(m + 1));
  for (size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (size_t i = 1; i <= n; ++i) {
    for (size_t j = 1; j <= m; ++j) {
      const size_t cost = Fold(a[i - 1]) == Fold(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && Fold(a[i - 1]) == Fold(b[j - 2]) && Fold(a[i - 2]) == Fold(b[j - 1])) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[n][m];
}

}  // namespace

std::string Nearest(std::string_view word, const std::vector<std::string>& candidates) {
  // Names are short; a long argument is no typo of one (and would cost n*m).
  if (word.empty() || word.size() > 200) return "";
  const size_t limit = word.size() <= 4 ? 1 : word.size() <= 8 ? 2 : 3;
  size_t best = limit + 1;
  std::string found;
  bool tie = false;
  for (const std::string& c : candidates) {
    if (c.size() > word.size() + limit || word.size() > c.size() + limit) continue;
    const size_t d = Distance(word, c);
    if (d < best) {
      best = d;
      found = c;
      tie = false;
    } else if (d == best && c != found) {
      tie = true;
    }
  }
  return tie ? "" : found;
}

std::string DidYouMean(std::string_view word, const std::vector<std::string>& candidates) {
  std::string near = Nearest(word, candidates);
  return near.empty() ? "" : "; did you mean '" + near + "'?";
}

}  // namespace pitboss
