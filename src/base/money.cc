#include "pitboss/money.h"

#include <charconv>
#include <numeric>

namespace pitboss {

namespace {

bool ParseInt(std::string_view text, int64_t* out) {
  if (text.empty()) return false;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

// Floor division for a positive divisor, exact in 128 bits.
__int128 FloorDiv(__int128 a, int64_t b) {
  __int128 q = a / b;
  if ((a % b != 0) && (a < 0)) --q;
  return q;
}

}  // namespace

std::optional<Ratio> ParseRatio(std::string_view text) {
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  if (text.empty() || text[0] == '+' || text[0] == '-') return std::nullopt;
  Ratio r;
  size_t slash = text.find('/');
  if (!ParseInt(text.substr(0, slash), &r.num)) return std::nullopt;
  if (slash != std::string_view::npos) {
    std::string_view den = text.substr(slash + 1);
    if (den.empty() || den[0] == '+' || den[0] == '-') return std::nullopt;
    if (!ParseInt(den, &r.den) || r.den <= 0) return std::nullopt;
  }
  if (negative) r.num = -r.num;
  int64_t g = std::gcd(r.num, r.den);
  if (g > 1) {
    r.num /= g;
    r.den /= g;
  }
  return r;
}

std::string ToString(Ratio r) {
  std::string s = r.num > 0 ? "+" : "";
  s += std::to_string(r.num);
  if (r.den != 1) s += "/" + std::to_string(r.den);
  return s;
}

std::optional<Money> ApplyRatio(Money amount, Ratio r) {
  if (r.den == 1) {  // the common case, without 128-bit division
    Money out;
    if (__builtin_mul_overflow(amount, r.num, &out)) return std::nullopt;
    return out;
  }
  __int128 product = static_cast<__int128>(amount) * r.num;
  __int128 result = FloorDiv(product, r.den);
  if (result > INT64_MAX || result < INT64_MIN) return std::nullopt;
  return static_cast<Money>(result);
}

std::optional<Money> CheckedAdd(Money a, Money b) {
  Money out;
  if (__builtin_add_overflow(a, b, &out)) return std::nullopt;
  return out;
}

std::optional<Money> CheckedSub(Money a, Money b) {
  Money out;
  if (__builtin_sub_overflow(a, b, &out)) return std::nullopt;
  return out;
}

MoneySum MoneySum::Lost() {
  MoneySum s;
  s.lost_ = true;
  return s;
}

MoneySum& MoneySum::operator+=(const MoneySum& o) {
  lost_ = lost_ || o.lost_ || __builtin_add_overflow(wide_, o.wide_, &wide_);
  return *this;
}

MoneySum& MoneySum::operator-=(const MoneySum& o) {
  lost_ = lost_ || o.lost_ || __builtin_sub_overflow(wide_, o.wide_, &wide_);
  return *this;
}

std::optional<Money> MoneySum::value() const {
  if (lost_ || wide_ > INT64_MAX || wide_ < INT64_MIN) return std::nullopt;
  return static_cast<Money>(wide_);
}

Money MoneySum::Saturated() const {
  if (const std::optional<Money> fits = value()) return *fits;
  return lost_ || wide_ > 0 ? INT64_MAX : INT64_MIN;
}

std::string MoneySum::ToString() const {
  if (lost_) return "too large";
  // |wide_| as unsigned, which holds the magnitude of the most negative value too.
  unsigned __int128 n =
      wide_ < 0 ? 0 - static_cast<unsigned __int128>(wide_) : static_cast<unsigned __int128>(wide_);
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(n % 10)));
    n /= 10;
  } while (n != 0);
  return wide_ < 0 ? "-" + digits : digits;
}

std::optional<MoneySum> MoneySum::Parse(std::string_view text) {
  if (text == "too large") return Lost();
  const bool negative = !text.empty() && text[0] == '-';
  if (negative) text.remove_prefix(1);
  if (text.empty() || text.size() > 40) return std::nullopt;
  Wide n = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    // Accumulated negative, so that the most negative 128-bit value reads back too.
    if (__builtin_mul_overflow(n, 10, &n) || __builtin_sub_overflow(n, c - '0', &n)) return std::nullopt;
  }
  if (!negative && __builtin_sub_overflow(Wide{0}, n, &n)) return std::nullopt;
  MoneySum s;
  s.wide_ = n;
  return s;
}

}  // namespace pitboss
