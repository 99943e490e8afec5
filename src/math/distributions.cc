#include "math/distributions.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <numeric>

namespace pitboss {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kEpsilon = 1e-16;
// Both expansions converge in O(sqrt(a)) steps near x = a; this bounds a bad argument.
constexpr int kMaxIterations = 100000;
// Pearson's rule of thumb: below this many expected the chi-square approximation is poor.
constexpr double kMinExpected = 5;

// sum_{n>=0} x^n / (a (a+1) ... (a+n)): P(a, x) = x^a e^-x / Gamma(a) times this.
// Converges fast for x < a + 1.
double LowerGammaSeries(double a, double x) {
  double term = 1 / a;
  double sum = term;
  double ap = a;
  for (int i = 0; i < kMaxIterations; ++i) {
    ap += 1;
    term *= x / ap;
    sum += term;
    if (std::fabs(term) < std::fabs(sum) * kEpsilon) break;
  }
  return sum;
}

// The continued fraction 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- ...))) by modified Lentz:
// Q(a, x) = x^a e^-x / Gamma(a) times this. Converges fast for x >= a + 1.
double UpperGammaFraction(double a, double x) {
  constexpr double kTiny = 1e-300;  // stands in for a zero denominator
  double b = x + 1 - a;
  double c = 1 / kTiny;
  double d = 1 / b;
  double h = d;
  for (int i = 1; i < kMaxIterations; ++i) {
    const double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = b + an / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) < kEpsilon) break;
  }
  return h;
}

double TwoSidedPFromZ(double z, double variance) { return variance > 0 ? NormalTwoSidedP(z) : 1; }

// The lower half of NormalQuantile, p in (0, 0.5], where p carries full relative precision.
double LowerNormalQuantile(double p) {
  // Acklam's coefficients, relative error 1.15e-9 before refinement.
  static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                                 1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                 6.680131188771972e+01, -1.328068155288572e+01};
  static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                 -2.549671010319147e+00, 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                 3.754408661907416e+00};
  constexpr double kLowTail = 0.02425;

  double x;
  if (p < kLowTail) {
    const double q = std::sqrt(-2 * std::log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else {
    const double q = p - 0.5;
    const double r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  }
  // One Halley step on CDF(x) - p takes the approximation to full precision. x <= 0 here,
  // so erfc's argument is non-negative and the CDF carries full relative precision.
  const double error = 0.5 * std::erfc(-x / std::sqrt(2.0)) - p;
  const double density = std::exp(-0.5 * x * x) / std::sqrt(2 * std::numbers::pi);
  if (density > 0) {  // 0 only for p near the smallest subnormal; keep Acklam's value then
    const double u = error / density;
    x -= u / (1 + 0.5 * x * u);
  }
  return x;
}

}  // namespace

double ChiSquareSurvival(double x, double df) {
  if (std::isnan(x) || std::isnan(df) || !(df > 0)) return kNaN;
  if (x <= 0) return 1;
  if (std::isinf(x)) return 0;
  const double a = 0.5 * df;
  const double y = 0.5 * x;
  // log(y^a e^-y / Gamma(a)), kept as a log so that a tiny Q does not underflow before
  // its continued fraction factor scales it.
  const double log_prefactor = a * std::log(y) - y - std::lgamma(a);
  if (y < a + 1) {
    // Here Q >= 0.08 for df >= 1 (the least is at df = 1, x = 3), so 1 - P loses nothing.
    return std::max(0.0, 1 - std::exp(log_prefactor) * LowerGammaSeries(a, y));
  }
  return std::exp(log_prefactor + std::log(UpperGammaFraction(a, y)));
}

double NormalTwoSidedP(double z) { return std::erfc(std::fabs(z) / std::sqrt(2.0)); }

double NormalQuantile(double p) {
  if (std::isnan(p)) return kNaN;
  if (p <= 0) return -kInf;
  if (p >= 1) return kInf;
  // 1 - p is exact for p in [0.5, 1], and the lower tail keeps the precision a p near 1
  // has lost, so the upper half mirrors the lower.
  return p > 0.5 ? -LowerNormalQuantile(1 - p) : LowerNormalQuantile(p);
}

ChiSquareResult ChiSquareGoodnessOfFit(const std::vector<int64_t>& observed,
                                       const std::vector<double>& probabilities) {
  ChiSquareResult malformed;
  malformed.statistic = kNaN;
  malformed.p_value = kNaN;
  if (observed.size() != probabilities.size()) return malformed;
  double n = 0;
  double probability_sum = 0;
  for (size_t i = 0; i < observed.size(); ++i) {
    if (observed[i] < 0 || !std::isfinite(probabilities[i]) || probabilities[i] < 0) return malformed;
    n += static_cast<double>(observed[i]);
    probability_sum += probabilities[i];
  }
  if (std::fabs(probability_sum - 1) > 1e-9) return malformed;

  struct Cell {
    double observed;
    double expected;
  };
  std::vector<Cell> large;
  std::vector<Cell> small;
  bool impossible = false;
  for (size_t i = 0; i < observed.size(); ++i) {
    if (probabilities[i] == 0) {
      impossible = impossible || observed[i] > 0;
      continue;
    }
    // Dividing by the sum removes its rounding drift, so the expected counts total n.
    const Cell cell{static_cast<double>(observed[i]), n * probabilities[i] / probability_sum};
    (cell.expected < kMinExpected ? small : large).push_back(cell);
  }

  ChiSquareResult result;
  if (small.size() == 1 && large.empty()) {
    large.push_back(small.front());  // the only cell: nothing to pool it with
  } else if (!small.empty()) {
    // Ascending order fixes the summation order; stable keeps it independent of the sort.
    std::stable_sort(small.begin(), small.end(),
                     [](const Cell& l, const Cell& r) { return l.expected < r.expected; });
    Cell pooled{0, 0};
    for (const Cell& cell : small) {
      pooled.observed += cell.observed;
      pooled.expected += cell.expected;
    }
    result.pooled_cells = static_cast<int>(small.size());
    if (pooled.expected < kMinExpected && !large.empty()) {
      // The first smallest, so that the choice does not depend on the sort.
      auto smallest = std::min_element(large.begin(), large.end(),
                                       [](const Cell& l, const Cell& r) { return l.expected < r.expected; });
      smallest->observed += pooled.observed;
      smallest->expected += pooled.expected;
      ++result.pooled_cells;
    } else {
      large.push_back(pooled);
    }
  }
  result.cells = static_cast<int>(large.size());
  result.df = std::max(0, result.cells - 1);

  if (impossible) {
    result.statistic = kInf;
    result.p_value = 0;
    return result;
  }
  if (result.df == 0) return result;  // statistic 0, p 1: not enough data
  for (const Cell& cell : large) {
    const double diff = cell.observed - cell.expected;
    result.statistic += diff * diff / cell.expected;
  }
  result.p_value = ChiSquareSurvival(result.statistic, result.df);
  return result;
}

RunsResult RunsTest(const std::vector<uint8_t>& sequence) {
  RunsResult result;
  for (size_t i = 0; i < sequence.size(); ++i) {
    const bool one = sequence[i] != 0;
    (one ? result.n1 : result.n2) += 1;
    if (i == 0 || one != (sequence[i - 1] != 0)) ++result.runs;
  }
  if (sequence.empty()) return result;
  // In doubles: 2 n1 n2 (2 n1 n2 - n) overflows int64 for n in the tens of thousands.
  const double n1 = static_cast<double>(result.n1);
  const double n2 = static_cast<double>(result.n2);
  const double n = n1 + n2;
  const double two_n1_n2 = 2 * n1 * n2;
  result.expected = two_n1_n2 / n + 1;
  result.variance = n > 1 ? two_n1_n2 * (two_n1_n2 - n) / (n * n * (n - 1)) : 0;
  if (result.variance > 0)
    result.z = (static_cast<double>(result.runs) - result.expected) / std::sqrt(result.variance);
  result.p_value = TwoSidedPFromZ(result.z, result.variance);
  return result;
}

RunsResult CombineRuns(const std::vector<RunsResult>& parts) {
  RunsResult result;
  for (const RunsResult& part : parts) {
    result.n1 += part.n1;
    result.n2 += part.n2;
    result.runs += part.runs;
    result.expected += part.expected;
    result.variance += part.variance;
  }
  if (result.variance > 0)
    result.z = (static_cast<double>(result.runs) - result.expected) / std::sqrt(result.variance);
  result.p_value = TwoSidedPFromZ(result.z, result.variance);
  return result;
}

SerialResult SerialCorrelationTest(const std::vector<double>& x) {
  SerialResult result;
  result.n = static_cast<int64_t>(x.size());
  if (x.size() < 3) return result;
  const double n = static_cast<double>(x.size());
  const double mean = std::accumulate(x.begin(), x.end(), 0.0) / n;
  double s2 = 0;
  double s4 = 0;
  double lagged = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double y = x[i] - mean;
    s2 += y * y;
    s4 += y * y * y * y;
    if (i + 1 < x.size()) lagged += y * (x[i + 1] - mean);
  }
  if (!(s2 > 0)) {
    result.r = kNaN;
    return result;
  }
  result.r = lagged / s2;
  const double b = s4 / (s2 * s2);
  const double variance = (n * n - n + 1 - b * n * (n + 1)) / (n * n * (n - 1));
  if (variance > 0) result.z = (result.r + 1 / n) / std::sqrt(variance);
  result.p_value = TwoSidedPFromZ(result.z, variance);
  return result;
}

SerialResult CombineSerial(const std::vector<SerialResult>& parts) {
  SerialResult result;
  double weighted_z = 0;
  double weighted_r = 0;
  for (const SerialResult& part : parts) {
    if (part.n < 3 || std::isnan(part.r)) continue;
    const double n = static_cast<double>(part.n);
    result.n += part.n;
    weighted_z += std::sqrt(n) * part.z;
    weighted_r += n * part.r;
  }
  if (result.n == 0) return result;
  const double n = static_cast<double>(result.n);
  result.r = weighted_r / n;
  result.z = weighted_z / std::sqrt(n);
  result.p_value = NormalTwoSidedP(result.z);
  return result;
}

}  // namespace pitboss
