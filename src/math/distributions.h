// The distributions and classic randomness tests behind the statistical checks: does a
// table's outcome frequency fit the rules' probabilities, do its draws run or correlate
// the way independent draws would. Pure functions in double precision; the special
// functions are Boost.Math's (incomplete gamma, normal distribution); thread-safe. A p-value is the
// probability, under the hypothesis of a fair game, of a result at least as extreme; where a test has nothing
// to judge it says p = 1
// ("no evidence"), so a caller comparing p with a threshold never flags an empty table.
#ifndef PITBOSS_MATH_DISTRIBUTIONS_H_
#define PITBOSS_MATH_DISTRIBUTIONS_H_

#include <cstdint>
#include <vector>

namespace pitboss {

// P(X >= x) for X chi-square with `df` degrees of freedom: the regularized upper incomplete
// gamma Q(df/2, x/2), Boost.Math's gamma_q (near double precision); values that underflow
// are 0. x <= 0 gives 1; df <= 0 or a NaN argument gives NaN.
double ChiSquareSurvival(double x, double df);

// 2 P(Z >= |z|) for Z standard normal (Boost.Math's normal distribution). NaN gives NaN.
double NormalTwoSidedP(double z);

// The inverse of the standard normal CDF (Boost.Math's normal quantile). p <= 0 gives -inf,
// p >= 1 gives +inf.
double NormalQuantile(double p);

// Pearson's chi-square goodness of fit; see ChiSquareGoodnessOfFit.
struct ChiSquareResult {
  double statistic = 0;
  int df = 0;  // 0 means "not enough data to judge", and then p_value is 1
  double p_value = 1;
  int cells = 0;         // cells the statistic sums over, after pooling
  int pooled_cells = 0;  // original cells merged into another (0 when none was)
};

// Tests `observed` counts against `probabilities` (same length, summing to 1). Cells of
// probability 0 are ignored when their count is 0; a count in one means the hypothesis is
// impossible, reported as statistic +inf and p 0 whatever df the other cells give.
// Cells expecting fewer than 5 (n p_i < 5) break the chi-square approximation, so they are
// pooled: all of them merge into one cell, and if that still expects fewer than 5 it merges
// into the smallest of the other cells. df = cells - 1; fewer than 2 cells left gives df 0,
// p 1, which the caller must read as "not enough data", not as a pass.
// Malformed input (lengths differ, a negative count, a probability negative or not finite,
// probabilities not summing to 1 within 1e-9) is a bug of the caller: p_value NaN, df 0.
ChiSquareResult ChiSquareGoodnessOfFit(const std::vector<int64_t>& observed,
                                       const std::vector<double>& probabilities);

// Wald-Wolfowitz runs test on a two-valued sequence: too few runs means clumping, too many
// means alternation. n1 counts the 1s, n2 the 0s. Under the hypothesis of a random order
// runs has mean `expected` = 2 n1 n2 / n + 1 and variance 2 n1 n2 (2 n1 n2 - n) / (n^2 (n-1));
// z = (runs - expected) / sqrt(variance), no continuity correction; p is two-sided.
struct RunsResult {
  int64_t n1 = 0;
  int64_t n2 = 0;
  int64_t runs = 0;
  double expected = 0;
  double variance = 0;
  double z = 0;
  double p_value = 1;
};

// Any non-zero value counts as a 1. When the order cannot vary (n1 or n2 is 0, or n = 2) the
// variance is 0 and the result is z 0, p 1.
RunsResult RunsTest(const std::vector<uint8_t>& sequence);

// Pools runs tests of independent sequences (one per table, say) into one: runs, expected,
// variance, n1 and n2 add up, and z and p are recomputed from the sums. Sequences are
// never joined end to end, which would count a spurious run at each seam.
RunsResult CombineRuns(const std::vector<RunsResult>& parts);

// Lag-1 serial correlation test: is each value related to the next?
// r = sum_i (x_i - m)(x_{i+1} - m) / sum_i (x_i - m)^2. Under the hypothesis that the
// sequence is in random order (every permutation of its values equally likely) r has
// exactly mean -1/n and variance (n^2 - n + 1 - b n (n+1)) / (n^2 (n-1)), b = S4 / S2^2 with
// Sk = sum_i (x_i - m)^k: the permutation moments of the non-circular serial correlation
// (the approach of Wald & Wolfowitz 1943, in the form of Dufour & Roy 1985), derived and
// checked by enumeration in distributions_test.cc. For normal data b ~ 3/n and this becomes
// Moran's (1948) (n-2)^2 / (n^2 (n-1)); for two-valued data such as card colours the exact
// form matters at small n. z = (r + 1/n) / sqrt(variance), normal approximation; p two-sided.
struct SerialResult {
  int64_t n = 0;
  double r = 0;
  double z = 0;
  double p_value = 1;
};

// n < 3 gives r 0, z 0, p 1. A constant sequence has no defined r: r NaN, z 0, p 1.
SerialResult SerialCorrelationTest(const std::vector<double>& x);

// Pools serial correlation tests of independent sequences by weighted Stouffer: z =
// sum_i sqrt(n_i) z_i / sqrt(sum_i n_i), which is standard normal under the hypothesis
// because the z_i are, and weights each sequence as its information grows. r is the
// n-weighted mean of the r_i and n their total. Parts with n < 3 or an undefined r carry no
// evidence and are skipped; none left gives n 0, r 0, z 0, p 1.
SerialResult CombineSerial(const std::vector<SerialResult>& parts);

}  // namespace pitboss

#endif  // PITBOSS_MATH_DISTRIBUTIONS_H_
