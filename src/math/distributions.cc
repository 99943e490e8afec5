#include "math/distributions.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <numeric>

namespace pitboss {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
// Pearson's rule of thumb: below this many expected the chi-square approximation is poor.
constexpr double kMinExpected = 5;

double TwoSidedPFromZ(double z, double variance) { return variance > 0 ? NormalTwoSidedP(z) : 1; }

}  // namespace

// Boost.Math's incomplete gamma and normal distribution: a validated library rather than
// series and continued fractions of our own. Its policies here: errors as NaN/infinity
// returns, never exceptions, so that a statistic of a degenerate sample reads as "no p-value".
namespace {
using Policy = boost::math::policies::policy<
    boost::math::policies::domain_error<boost::math::policies::ignore_error>,
    boost::math::policies::overflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::underflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::evaluation_error<boost::math::policies::ignore_error>,
    boost::math::policies::pole_error<boost::math::policies::ignore_error>>;
}  // namespace

double ChiSquareSurvival(double x, double df) {
  if (std::isnan(x) || std::isnan(df) || !(df > 0)) return kNaN;
  if (x <= 0) return 1;
  if (std::isinf(x)) return 0;
  // Q(df/2, x/2), the regularized upper incomplete gamma: the chi-square survival function.
  return boost::math::gamma_q(0.5 * df, 0.5 * x, Policy());
}

double NormalTwoSidedP(double z) {
  if (std::isnan(z)) return kNaN;
  return 2 * boost::math::cdf(boost::math::complement(
                 boost::math::normal_distribution<double, Policy>(0.0, 1.0), std::fabs(z)));
}

double NormalQuantile(double p) {
  if (std::isnan(p)) return kNaN;
  if (p <= 0) return -kInf;
  if (p >= 1) return kInf;
  return boost::math::quantile(boost::math::normal_distribution<double, Policy>(0.0, 1.0), p);
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
