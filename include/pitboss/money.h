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

// amount * r where r's denominator is not 1 (ApplyRatio's 128-bit division).
std::optional<Money> ApplyFraction(Money amount, Ratio r);

// amount * r, rounded in the house's favour (the player's net rounded down, i.e. floor).
// nullopt on overflow. Inline, as the other checked operations: each settlement of each
// replay makes several, and a call cost as much as the operation.
inline std::optional<Money> ApplyRatio(Money amount, Ratio r) {
  if (r.den != 1) return ApplyFraction(amount, r);
  Money out;  // the common case, without 128-bit division
  if (__builtin_mul_overflow(amount, r.num, &out)) return std::nullopt;
  return out;
}

// a + b and a - b, nullopt on overflow.
inline std::optional<Money> CheckedAdd(Money a, Money b) {
  Money out;
  if (__builtin_add_overflow(a, b, &out)) return std::nullopt;
  return out;
}
// a + b, or the Money nearest to it where it does not fit: what MoneySum(a) + b then
// Saturated() gives, without the 128-bit sum (a stake's bets are added at nearly every bet of
// a replay).
inline Money SaturatedAdd(Money a, Money b) {
  Money sum;
  if (__builtin_add_overflow(a, b, &sum)) return b > 0 ? INT64_MAX : INT64_MIN;
  return sum;
}
inline std::optional<Money> CheckedSub(Money a, Money b) {
  Money out;
  if (__builtin_sub_overflow(a, b, &out)) return std::nullopt;
  return out;
}

// A sum of money that never wraps: the one wide accumulator of every money total (statistics,
// ambiguity net differences, impact). Amounts are added in 128 bits, exactly; value() says
// whether the sum is a Money. Past 128 bits (only sums of sums read from reports can get there)
// it is "lost": known to be too large, and stays so. Thread-compatible, like an integer.
class MoneySum {
 public:
  using Wide = __int128;

  constexpr MoneySum() = default;
  constexpr MoneySum(Money m) : wide_(m) {}  // NOLINT: an amount is a sum of one
  static MoneySum Lost();

  MoneySum& operator+=(const MoneySum& o);
  MoneySum& operator-=(const MoneySum& o);
  friend MoneySum operator+(MoneySum a, const MoneySum& b) { return a += b; }
  friend MoneySum operator-(MoneySum a, const MoneySum& b) { return a -= b; }

  // The sum as a Money; nullopt when it does not fit in 64 bits (or is lost).
  std::optional<Money> value() const;
  bool fits() const { return value().has_value(); }
  // The sum, or the Money nearest to it where it does not fit: for a stake, which past 2^63 is
  // above every limit a rule or table sets, and is reported there rather than wrapped.
  Money Saturated() const;
  bool lost() const { return lost_; }
  // The exact sum (meaningless when lost).
  Wide wide() const { return wide_; }
  int sign() const { return lost_ ? 0 : (wide_ > 0) - (wide_ < 0); }

  // Exact decimal ("-11529215046068469760"); "too large" when lost. Part of the report
  // format (docs/report.md): a figure that does not fit in 64 bits is written so.
  std::string ToString() const;
  // Reads ToString()'s forms back; nullopt on anything else (or a decimal beyond 128 bits).
  static std::optional<MoneySum> Parse(std::string_view text);

  friend bool operator==(const MoneySum& a, const MoneySum& b) {
    return a.lost_ == b.lost_ && (a.lost_ || a.wide_ == b.wide_);
  }

 private:
  Wide wide_ = 0;
  bool lost_ = false;
};

// The ISO 4217 minor-unit exponent of `currency` (2 for USD: cents; 0 for JPY; 3 for BHD),
// from a table of the currencies casinos commonly report in; nullopt for a code not in it.
std::optional<int> MinorUnitDigits(std::string_view currency);

// A decimal amount in a currency's units, as an operator's log writes it ("12.50", "-3",
// "0.5"), in minor units of a currency of `digits` decimals (MinorUnitDigits): exactly, never
// through floating point. nullopt, with `why` saying what is wrong, for anything else: more
// decimals than the currency has ("12.505" in USD), a thousands separator ("1,250.00"), a
// decimal comma, a '+', an exponent, white space, no digits, or an amount past 64 bits.
std::optional<Money> ParseDecimalMoney(std::string_view text, int digits, std::string* why);

// `minor` minor units as a decimal in the currency's units, as ParseDecimalMoney reads it back:
// 1250 with 2 digits is "12.50", -5 is "-0.05", 7 with 0 digits is "7".
std::string FormatDecimalMoney(Money minor, int digits);

}  // namespace pitboss

#endif  // PITBOSS_MONEY_H_
