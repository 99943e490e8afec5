// Money: integer minor units (cents), never floating point. Every operation that
// could overflow is checked; payouts are exact rationals of a wager.
#ifndef PITBOSS_MONEY_H_
#define PITBOSS_MONEY_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pitboss {

using Money = int64_t;

// An exact multiple of a wager: +1 (even money), -1/2 (surrender), 10 (10 to 1)...
struct Ratio {
  int64_t num = 0;
  int64_t den = 1;  // always > 0, and the fraction is in lowest terms

  friend bool operator==(const Ratio&, const Ratio&) = default;
};

// Parses "1", "+10", "-1/2", "0", "3/2". Returns nullopt on anything else.
std::optional<Ratio> ParseRatio(std::string_view text);
std::string ToString(Ratio r);  // "+1", "-1/2", "0"

// amount * r, rounded in the house's favour (the player's net rounded down, i.e. floor).
// nullopt on overflow.
std::optional<Money> ApplyRatio(Money amount, Ratio r);

// a + b and a - b, nullopt on overflow.
std::optional<Money> CheckedAdd(Money a, Money b);
std::optional<Money> CheckedSub(Money a, Money b);

}  // namespace pitboss

#endif  // PITBOSS_MONEY_H_
