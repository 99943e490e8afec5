#include "pitboss/money.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <numeric>
#include <utility>

namespace pitboss {

namespace {

// ISO 4217 minor-unit exponents of the currencies casinos commonly report in. A code not here
// is written in minor units, which is never wrong, only less readable.
constexpr std::array<std::pair<std::string_view, int>, 44> kMinorUnits = {{
    {"AED", 2}, {"AUD", 2}, {"BHD", 3}, {"BRL", 2}, {"CAD", 2}, {"CHF", 2}, {"CLP", 0}, {"CNY", 2},
    {"CZK", 2}, {"DKK", 2}, {"EUR", 2}, {"GBP", 2}, {"HKD", 2}, {"HUF", 2}, {"IDR", 2}, {"ILS", 2},
    {"INR", 2}, {"IQD", 3}, {"ISK", 0}, {"JOD", 3}, {"JPY", 0}, {"KHR", 2}, {"KRW", 0}, {"KWD", 3},
    {"LYD", 3}, {"MOP", 2}, {"MXN", 2}, {"MYR", 2}, {"NOK", 2}, {"NZD", 2}, {"OMR", 3}, {"PHP", 2},
    {"PLN", 2}, {"SEK", 2}, {"SGD", 2}, {"THB", 2}, {"TND", 3}, {"TRY", 2}, {"TWD", 2}, {"UGX", 0},
    {"USD", 2}, {"VND", 0}, {"XAF", 0}, {"ZAR", 2},
}};

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

std::optional<Money> ApplyFraction(Money amount, Ratio r) {
  __int128 product = static_cast<__int128>(amount) * r.num;
  __int128 result = FloorDiv(product, r.den);
  if (result > INT64_MAX || result < INT64_MIN) return std::nullopt;
  return static_cast<Money>(result);
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

std::optional<int> MinorUnitDigits(std::string_view currency) {
  for (const auto& [code, digits] : kMinorUnits) {
    if (code == currency) return digits;
  }
  return std::nullopt;
}

std::optional<Money> ParseDecimalMoney(std::string_view text, int digits, std::string* why) {
  auto fail = [why](std::string reason) -> std::optional<Money> {
    if (why != nullptr) *why = std::move(reason);
    return std::nullopt;
  };
  if (digits < 0 || digits > 18) return fail("a currency of " + std::to_string(digits) + " decimals");
  std::string_view rest = text;
  const bool negative = !rest.empty() && rest.front() == '-';
  if (negative) rest.remove_prefix(1);
  const size_t point = rest.find('.');
  const std::string_view whole = rest.substr(0, point);
  const std::string_view fraction =
      point == std::string_view::npos ? std::string_view() : rest.substr(point + 1);
  auto all_digits = [](std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (whole.empty() || !all_digits(whole) || !all_digits(fraction) ||
      (point != std::string_view::npos && fraction.empty())) {
    return fail("'" + std::string(text) +
                "' is not a decimal amount (digits, an optional '-' and '.' and decimals; no "
                "thousands separator, '+', exponent or space)");
  }
  if (fraction.size() > static_cast<size_t>(digits)) {
    return fail("'" + std::string(text) + "' has " + std::to_string(fraction.size()) +
                " decimals; the currency has " + std::to_string(digits));
  }
  // Minor units, digit by digit: whole, then the decimals padded to the currency's.
  unsigned __int128 units = 0;
  const unsigned __int128 limit = static_cast<unsigned __int128>(INT64_MAX) + (negative ? 1 : 0);
  auto push = [&](char c) {
    units = units * 10 + static_cast<unsigned>(c - '0');
    return units <= limit;
  };
  bool fits = true;
  for (char c : whole) fits = fits && push(c);
  for (int i = 0; i < digits; ++i)
    fits = fits && push(static_cast<size_t>(i) < fraction.size() ? fraction[i] : '0');
  if (!fits) return fail("'" + std::string(text) + "' is past what 64-bit minor units hold");
  if (negative)
    return units == static_cast<unsigned __int128>(INT64_MAX) + 1 ? INT64_MIN : -static_cast<Money>(units);
  return static_cast<Money>(units);
}

}  // namespace pitboss

namespace pitboss {

std::string FormatDecimalMoney(Money minor, int digits) {
  // The magnitude as unsigned: INT64_MIN has none as a Money.
  const bool negative = minor < 0;
  const uint64_t magnitude =
      negative ? uint64_t{0} - static_cast<uint64_t>(minor) : static_cast<uint64_t>(minor);
  std::string text = std::to_string(magnitude);
  if (digits > 0) {
    if (text.size() <= static_cast<size_t>(digits))
      text.insert(0, static_cast<size_t>(digits) + 1 - text.size(), '0');
    text.insert(text.size() - static_cast<size_t>(digits), 1, '.');
  }
  if (negative) text.insert(0, 1, '-');
  return text;
}

}  // namespace pitboss
