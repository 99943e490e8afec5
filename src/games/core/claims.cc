#include "games/core/claims.h"

namespace pitboss {

std::optional<ClaimedFigure> ParseClaimedFigure(std::string_view text) {
  bool percent = !text.empty() && text.back() == '%';
  if (percent) text.remove_suffix(1);
  if (text.empty()) return std::nullopt;
  Fraction::Int digits = 0, scale = 1;
  bool seen_point = false, seen_digit = false;
  for (char ch : text) {
    if (ch == '.' && !seen_point) {
      seen_point = true;
    } else if (ch >= '0' && ch <= '9') {
      if (digits > Fraction::Int(1) << 100) return std::nullopt;
      digits = digits * 10 + (ch - '0');
      if (seen_point) scale *= 10;
      seen_digit = true;
    } else {
      return std::nullopt;
    }
  }
  if (!seen_digit) return std::nullopt;
  if (percent) scale *= 100;
  return ClaimedFigure{Fraction(digits, scale), Fraction(1, 2 * scale)};
}

}  // namespace pitboss
