// Exact rational numbers for the game math: 128-bit numerator and denominator, always in
// lowest terms with a positive denominator. Overflow is not undefined behaviour and never
// a wrong number: a Fraction that could not be represented becomes "overflowed", stays so
// through every later operation (like a NaN), and the caller checks it once at the end.
// A value type; thread-safe as any int.
#ifndef PITBOSS_MATH_FRACTION_H_
#define PITBOSS_MATH_FRACTION_H_

#include <cstdint>
#include <ostream>
#include <string>

#include "pitboss/money.h"

namespace pitboss {

class Fraction {
 public:
  using Int = __int128;

  Fraction() = default;
  Fraction(int64_t value) : num_(value) {}  // NOLINT(google-explicit-constructor)
  Fraction(Int num, Int den);               // den != 0; reduced here
  static Fraction FromRatio(Ratio r) { return Fraction(r.num, r.den); }
  static Fraction Overflowed();

  bool overflowed() const { return den_ == 0; }
  Int num() const { return num_; }
  Int den() const { return den_; }

  Fraction operator+(const Fraction& o) const;
  Fraction operator-(const Fraction& o) const;
  Fraction operator*(const Fraction& o) const;
  Fraction operator/(const Fraction& o) const;  // o != 0
  Fraction operator-() const;
  Fraction& operator+=(const Fraction& o) { return *this = *this + o; }
  Fraction& operator-=(const Fraction& o) { return *this = *this - o; }
  Fraction& operator*=(const Fraction& o) { return *this = *this * o; }

  // Exact comparisons; an overflowed fraction compares unequal to everything.
  bool operator==(const Fraction& o) const;
  bool operator<(const Fraction& o) const;
  bool operator<=(const Fraction& o) const { return *this < o || *this == o; }
  bool operator>(const Fraction& o) const { return o < *this; }
  bool operator>=(const Fraction& o) const { return o <= *this; }

  bool is_zero() const { return num_ == 0 && den_ == 1; }
  int sign() const { return num_ > 0 ? 1 : num_ < 0 ? -1 : 0; }
  Fraction abs() const { return sign() < 0 ? -*this : *this; }

  // Nearest long double (64-bit mantissa: the relative error is below 1e-18).
  long double ToLongDouble() const;
  double ToDouble() const { return static_cast<double>(ToLongDouble()); }
  // "144/311", "-1/2", "3"; "overflow" when overflowed.
  std::string ToString() const;

 private:
  Int num_ = 0;
  Int den_ = 1;  // 0 marks an overflowed value
};

inline std::ostream& operator<<(std::ostream& out, const Fraction& f) { return out << f.ToString(); }

// 0.023300568... -> "2.3301%", `digits` after the point, rounded to nearest.
std::string FormatPercent(const Fraction& f, int digits = 4);

// The decimal digits of a 128-bit integer.
std::string Int128ToString(Fraction::Int value);

}  // namespace pitboss

#endif  // PITBOSS_MATH_FRACTION_H_
