#include "math/fraction.h"

#include <algorithm>
#include <cstdio>

namespace pitboss {

namespace {

using Int = Fraction::Int;
using UInt = unsigned __int128;

UInt Magnitude(Int v) { return v < 0 ? UInt(0) - UInt(v) : UInt(v); }

UInt Gcd(UInt a, UInt b) {
  while (b != 0) {
    UInt t = a % b;
    a = b;
    b = t;
  }
  return a;
}

bool Mul(Int a, Int b, Int* out) { return !__builtin_mul_overflow(a, b, out); }
bool Add(Int a, Int b, Int* out) { return !__builtin_add_overflow(a, b, out); }

}  // namespace

Fraction::Fraction(Int num, Int den) {
  if (den == 0) {
    *this = Overflowed();
    return;
  }
  // The most negative value has no positive counterpart; treat it as out of range.
  constexpr Int kMin = Int(UInt(1) << 127);
  if (num == kMin || den == kMin) {
    *this = Overflowed();
    return;
  }
  if (den < 0) {
    num = -num;
    den = -den;
  }
  UInt g = Gcd(Magnitude(num), UInt(den));
  if (g > 1) {
    num /= Int(g);
    den /= Int(g);
  }
  num_ = num;
  den_ = den;
}

Fraction Fraction::Overflowed() {
  Fraction f;
  f.num_ = 0;
  f.den_ = 0;
  return f;
}

Fraction Fraction::operator+(const Fraction& o) const {
  if (overflowed() || o.overflowed()) return Overflowed();
  Int g = Int(Gcd(UInt(den_), UInt(o.den_)));
  Int left, right, sum, den;
  if (!Mul(num_, o.den_ / g, &left) || !Mul(o.num_, den_ / g, &right) || !Add(left, right, &sum) ||
      !Mul(den_ / g, o.den_, &den)) {
    return Overflowed();
  }
  return Fraction(sum, den);
}

Fraction Fraction::operator-() const {
  if (overflowed()) return Overflowed();
  Fraction f;
  f.num_ = -num_;  // num_ is never the most negative value
  f.den_ = den_;
  return f;
}

Fraction Fraction::operator-(const Fraction& o) const { return *this + (-o); }

Fraction Fraction::operator*(const Fraction& o) const {
  if (overflowed() || o.overflowed()) return Overflowed();
  // Cross-reduce first so that products stay as small as the result allows.
  Int g1 = Int(std::max<UInt>(1, Gcd(Magnitude(num_), UInt(o.den_))));
  Int g2 = Int(std::max<UInt>(1, Gcd(Magnitude(o.num_), UInt(den_))));
  Int num, den;
  if (!Mul(num_ / g1, o.num_ / g2, &num) || !Mul(den_ / g2, o.den_ / g1, &den)) {
    return Overflowed();
  }
  return Fraction(num, den);
}

Fraction Fraction::operator/(const Fraction& o) const {
  if (overflowed() || o.overflowed() || o.num_ == 0) return Overflowed();
  Fraction inverse;
  inverse.num_ = o.num_ < 0 ? -o.den_ : o.den_;
  inverse.den_ = o.num_ < 0 ? -o.num_ : o.num_;
  return *this * inverse;
}

bool Fraction::operator==(const Fraction& o) const {
  return !overflowed() && !o.overflowed() && num_ == o.num_ && den_ == o.den_;
}

bool Fraction::operator<(const Fraction& o) const {
  if (overflowed() || o.overflowed()) return false;
  Fraction d = *this - o;
  if (!d.overflowed()) return d.num_ < 0;
  // Too large to subtract: compare as long doubles, then exactly where they are equal
  // is out of reach; the game math never gets here (it fails on the overflow first).
  return ToLongDouble() < o.ToLongDouble();
}

long double Fraction::ToLongDouble() const {
  if (overflowed()) return 0.0L / 0.0L;
  return static_cast<long double>(num_) / static_cast<long double>(den_);
}

std::string Int128ToString(Int value) {
  if (value == 0) return "0";
  UInt magnitude = Magnitude(value);
  std::string digits;
  while (magnitude != 0) {
    digits.push_back(static_cast<char>('0' + int(magnitude % 10)));
    magnitude /= 10;
  }
  if (value < 0) digits.push_back('-');
  std::reverse(digits.begin(), digits.end());
  return digits;
}

std::string FormatPercent(const Fraction& f, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*Lf%%", digits, f.ToLongDouble() * 100);
  return buf;
}

std::string Fraction::ToString() const {
  if (overflowed()) return "overflow";
  if (den_ == 1) return Int128ToString(num_);
  return Int128ToString(num_) + "/" + Int128ToString(den_);
}

}  // namespace pitboss
