#include "math/distributions.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace pitboss {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Reference values below come from methods that share nothing with the code under test
// (no series, no continued fraction): closed forms and direct numerical integration.

// For even df = 2k: Q(k, y) = e^-y sum_{i<k} y^i / i!, y = x/2. In logs, factoring out the
// largest term when y > k, so that values near 1e-300 do not underflow on the way.
double LogEvenDfSurvival(double x, int df) {
  const int k = df / 2;
  const double y = x / 2;
  // log(y^(k-1) / (k-1)!) without lgamma.
  double log_last = (k - 1) * std::log(y);
  for (int j = 2; j < k; ++j) log_last -= std::log(static_cast<double>(j));
  // sum_{i<k} y^i/i! = y^(k-1)/(k-1)! (1 + (k-1)/y + (k-1)(k-2)/y^2 + ...), summed from the
  // small end so that the rounding stays small.
  double ratio_sum = 1;
  double term = 1;
  for (int i = k - 1; i >= 1; --i) {
    term *= i / y;
    ratio_sum += term;
  }
  return -y + log_last + std::log(ratio_sum);
}

// The chi-square density integrated over [x, x + width] by composite Simpson's rule.
double SimpsonSurvival(double x, double df) {
  const double log_norm = (df / 2) * std::log(2.0) + std::lgamma(df / 2);
  const auto density = [df, log_norm](double t) {
    return std::exp((df / 2 - 1) * std::log(t) - t / 2 - log_norm);
  };
  // Past 40 standard deviations (and at least 400) the tail is below 1e-30 of the mass.
  const double width = std::max(400.0, 40 * std::sqrt(2 * df));
  const int intervals = 400000;  // even
  const double h = width / intervals;
  double sum = density(x) + density(x + width);
  for (int i = 1; i < intervals; ++i) sum += (i % 2 ? 4 : 2) * density(x + i * h);
  return sum * h / 3;
}

void ExpectRelativelyNear(double actual, double expected, double tolerance) {
  EXPECT_NEAR(actual, expected, std::fabs(expected) * tolerance) << "relative tolerance " << tolerance;
}

TEST(ChiSquareSurvival, MatchesTables) {
  // Critical values as printed in standard tables, to 7 significant digits: p agrees to
  // what those digits carry.
  struct Row {
    double df, x, p;
  };
  const Row rows[] = {
      {1, 6.634897, 0.01},   {2, 9.210340, 0.01},   {3, 11.34487, 0.01},  {5, 11.07050, 0.05},
      {10, 18.30704, 0.05},  {12, 26.21697, 0.01},  {20, 37.56623, 0.01}, {30, 43.77297, 0.05},
      {100, 135.8067, 0.01}, {100, 124.3421, 0.05},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(testing::Message() << "df " << row.df << " x " << row.x);
    ExpectRelativelyNear(ChiSquareSurvival(row.x, row.df), row.p, 1e-5);
  }
}

TEST(ChiSquareSurvival, MatchesClosedFormForOneDegreeOfFreedom) {
  // Q(1/2, x/2) = erfc(sqrt(x/2)); covers both sides of the series / fraction switch at x = 3.
  for (double x : {1e-8, 0.01, 0.5, 2.0, 2.999, 3.001, 6.634897, 20.0, 100.0, 700.0, 1370.0}) {
    SCOPED_TRACE(x);
    ExpectRelativelyNear(ChiSquareSurvival(x, 1), std::erfc(std::sqrt(x / 2)), 1e-12);
  }
}

TEST(ChiSquareSurvival, MatchesClosedFormForEvenDegreesOfFreedom) {
  for (int df : {2, 4, 12, 50, 168, 200}) {
    for (double ratio : {0.2, 0.5, 0.9, 0.99, 1.0, 1.01, 1.05, 1.2, 1.5, 2.0, 4.0}) {
      const double x = ratio * df;
      SCOPED_TRACE(testing::Message() << "df " << df << " x " << x);
      ExpectRelativelyNear(ChiSquareSurvival(x, df), std::exp(LogEvenDfSurvival(x, df)), 1e-12);
    }
  }
  // Exactly at the switch between the expansions, x/2 = df/2 + 1.
  ExpectRelativelyNear(ChiSquareSurvival(52, 50), std::exp(LogEvenDfSurvival(52, 50)), 1e-12);
  ExpectRelativelyNear(ChiSquareSurvival(std::nextafter(52.0, 0.0), 50),
                       std::exp(LogEvenDfSurvival(std::nextafter(52.0, 0.0), 50)), 1e-12);
}

TEST(ChiSquareSurvival, MatchesSimpsonIntegrationForOddDegreesOfFreedom) {
  struct Case {
    double df, x;
  };
  const Case cases[] = {{3, 11.34487}, {7, 2.0},     {7, 30.0},   {51, 40.0},
                        {51, 80.0},    {167, 214.5}, {199, 260.0}};
  for (const Case& c : cases) {
    SCOPED_TRACE(testing::Message() << "df " << c.df << " x " << c.x);
    ExpectRelativelyNear(ChiSquareSurvival(c.x, c.df), SimpsonSurvival(c.x, c.df), 1e-9);
  }
  // df 168 as well, both ways, so the two references vouch for each other.
  ExpectRelativelyNear(SimpsonSurvival(214.5, 168), std::exp(LogEvenDfSurvival(214.5, 168)), 1e-9);
  ExpectRelativelyNear(ChiSquareSurvival(214.5, 168), SimpsonSurvival(214.5, 168), 1e-9);
}

TEST(ChiSquareSurvival, KeepsTinyTailsDownTo1e300) {
  // exp(-690) ~ 2.9e-300, computed directly.
  ExpectRelativelyNear(ChiSquareSurvival(1380, 2), std::exp(-690.0), 1e-10);
  const double df200 = ChiSquareSurvival(2030, 200);
  EXPECT_GT(df200, 1e-300);
  EXPECT_LT(df200, 1e-299);
  ExpectRelativelyNear(df200, std::exp(LogEvenDfSurvival(2030, 200)), 1e-10);
  const double df1 = ChiSquareSurvival(1370, 1);
  EXPECT_GT(df1, 1e-300);
  ExpectRelativelyNear(df1, std::erfc(std::sqrt(685.0)), 1e-10);
  // Beyond double range it is 0, never garbage.
  EXPECT_EQ(ChiSquareSurvival(1e6, 10), 0);
  EXPECT_EQ(ChiSquareSurvival(kInf, 10), 0);
}

TEST(ChiSquareSurvival, EdgeCases) {
  EXPECT_EQ(ChiSquareSurvival(0, 5), 1);
  EXPECT_EQ(ChiSquareSurvival(-3, 5), 1);
  EXPECT_TRUE(std::isnan(ChiSquareSurvival(1, 0)));
  EXPECT_TRUE(std::isnan(ChiSquareSurvival(std::nan(""), 3)));
  // Large df, x far below the mean: Q is 1 to within double precision, not above it.
  const double q = ChiSquareSurvival(50, 200);
  EXPECT_LE(q, 1);
  EXPECT_GT(q, 1 - 1e-12);
}

TEST(NormalTwoSidedP, MatchesKnownQuantiles) {
  EXPECT_NEAR(NormalTwoSidedP(2.5758293035489004), 0.01, 1e-15);
  EXPECT_NEAR(NormalTwoSidedP(-2.5758293035489004), 0.01, 1e-15);
  EXPECT_NEAR(NormalTwoSidedP(1.959963984540054), 0.05, 1e-15);
  EXPECT_EQ(NormalTwoSidedP(0), 1);
  // The chi-square with 1 df is the square of a standard normal.
  for (double z : {0.3, 1.0, 3.0, 8.0})
    ExpectRelativelyNear(NormalTwoSidedP(z), ChiSquareSurvival(z * z, 1), 1e-12);
}

TEST(NormalQuantile, MatchesKnownValues) {
  EXPECT_NEAR(NormalQuantile(0.995), 2.5758293035489004, 1e-14);
  EXPECT_NEAR(NormalQuantile(0.005), -2.5758293035489004, 1e-14);
  EXPECT_NEAR(NormalQuantile(0.975), 1.959963984540054, 1e-14);
  EXPECT_NEAR(NormalQuantile(1e-10), -6.3613409024040562, 1e-13);
  EXPECT_EQ(NormalQuantile(0.5), 0);
  EXPECT_EQ(NormalQuantile(0), -kInf);
  EXPECT_EQ(NormalQuantile(1), kInf);
  EXPECT_TRUE(std::isnan(NormalQuantile(std::nan(""))));
}

TEST(NormalQuantile, InvertsTheCdfAcrossTheRange) {
  // Each tail checked in the form that keeps its precision: Phi(x) = erfc(-x/sqrt2)/2 for the
  // lower, 1 - Phi(x) = erfc(x/sqrt2)/2 for the upper.
  // Far out the tail moves by a relative |x| dx when x moves by dx, so even the double nearest
  // the true quantile only matches p to about x^2 epsilon; allow two of those.
  const auto tolerance = [](double x) { return 1e-13 + 2 * x * x * std::numeric_limits<double>::epsilon(); };
  for (double p : {1e-300, 1e-100, 1e-20, 1e-5, 0.0001, 0.02, 0.02425, 0.03, 0.2, 0.4999}) {
    SCOPED_TRACE(p);
    const double x = NormalQuantile(p);
    ExpectRelativelyNear(0.5 * std::erfc(-x / std::sqrt(2.0)), p, tolerance(x));
    // 1 - q is exact for q in [0.5, 1], so it is the upper tail the argument really asks for.
    const double q = 1 - p;
    if (q < 1) ExpectRelativelyNear(0.5 * std::erfc(NormalQuantile(q) / std::sqrt(2.0)), 1 - q, tolerance(x));
  }
}

TEST(ChiSquareGoodnessOfFit, PerfectFitWithoutPooling) {
  const ChiSquareResult result = ChiSquareGoodnessOfFit({10, 20, 30, 40}, {0.1, 0.2, 0.3, 0.4});
  EXPECT_NEAR(result.statistic, 0, 1e-12);
  EXPECT_EQ(result.df, 3);
  EXPECT_EQ(result.cells, 4);
  EXPECT_EQ(result.pooled_cells, 0);
  EXPECT_NEAR(result.p_value, 1, 1e-12);
}

TEST(ChiSquareGoodnessOfFit, FlagsALoadedDie) {
  // 600 rolls, expected 100 a face: (150-100)^2/100 + 5 (90-100)^2/100 = 25 + 5 = 30 on 5 df.
  const double sixth = 1.0 / 6;
  const ChiSquareResult result =
      ChiSquareGoodnessOfFit({150, 90, 90, 90, 90, 90}, {sixth, sixth, sixth, sixth, sixth, sixth});
  EXPECT_NEAR(result.statistic, 30, 1e-9);
  EXPECT_EQ(result.df, 5);
  EXPECT_NEAR(result.p_value, SimpsonSurvival(30, 5), 1e-12);
  EXPECT_LT(result.p_value, 1e-4);
}

TEST(ChiSquareGoodnessOfFit, PoolsSmallCellsIntoOne) {
  // n = 100, expected 50, 44, 3, 2, 1: the last three pool to expect 6 >= 5, observed 7.
  // statistic = (48-50)^2/50 + (45-44)^2/44 + (7-6)^2/6 on 3 cells, 2 df.
  const ChiSquareResult result = ChiSquareGoodnessOfFit({48, 45, 2, 3, 2}, {0.5, 0.44, 0.03, 0.02, 0.01});
  const double statistic = 4.0 / 50 + 1.0 / 44 + 1.0 / 6;
  EXPECT_NEAR(result.statistic, statistic, 1e-12);
  EXPECT_EQ(result.cells, 3);
  EXPECT_EQ(result.pooled_cells, 3);
  EXPECT_EQ(result.df, 2);
  EXPECT_NEAR(result.p_value, std::exp(-statistic / 2), 1e-12);  // Q(1, x/2) = e^(-x/2)
}

TEST(ChiSquareGoodnessOfFit, PoolsAStillSmallPoolIntoTheSmallestLargeCell) {
  // n = 100, expected 60, 37, 2, 1: the pool expects 3 < 5, so it joins the 37 to make 40,
  // observed 40 + 3 + 2 = 45. statistic = (55-60)^2/60 + (45-40)^2/40 on 2 cells, 1 df.
  const ChiSquareResult result = ChiSquareGoodnessOfFit({55, 40, 3, 2}, {0.6, 0.37, 0.02, 0.01});
  const double statistic = 25.0 / 60 + 25.0 / 40;
  EXPECT_NEAR(result.statistic, statistic, 1e-12);
  EXPECT_EQ(result.cells, 2);
  EXPECT_EQ(result.pooled_cells, 3);
  EXPECT_EQ(result.df, 1);
  EXPECT_NEAR(result.p_value, std::erfc(std::sqrt(statistic / 2)), 1e-12);
}

TEST(ChiSquareGoodnessOfFit, ALoneSmallCellJoinsTheSmallestOtherCell) {
  // Expected 50, 30, 18, 2: the 2 joins the 18 (not the 30) to make 20, observed 16 + 4.
  const ChiSquareResult result = ChiSquareGoodnessOfFit({50, 30, 16, 4}, {0.5, 0.3, 0.18, 0.02});
  EXPECT_NEAR(result.statistic, 0, 1e-12);
  EXPECT_EQ(result.cells, 3);
  EXPECT_EQ(result.pooled_cells, 2);
  EXPECT_EQ(result.df, 2);
}

TEST(ChiSquareGoodnessOfFit, TooFewCountsIsNotEnoughData) {
  // Expected 1.5 each: everything pools into one cell, so there is nothing to compare.
  const ChiSquareResult result = ChiSquareGoodnessOfFit({3, 0}, {0.5, 0.5});
  EXPECT_EQ(result.cells, 1);
  EXPECT_EQ(result.df, 0);
  EXPECT_EQ(result.p_value, 1);
  const ChiSquareResult empty = ChiSquareGoodnessOfFit({0, 0, 0}, {0.2, 0.3, 0.5});
  EXPECT_EQ(empty.df, 0);
  EXPECT_EQ(empty.p_value, 1);
}

TEST(ChiSquareGoodnessOfFit, ACountInAZeroProbabilityCellIsImpossible) {
  const ChiSquareResult result = ChiSquareGoodnessOfFit({10, 10, 1}, {0.5, 0.5, 0});
  EXPECT_EQ(result.statistic, kInf);
  EXPECT_EQ(result.p_value, 0);
  // Even when the other cells alone could not be judged.
  EXPECT_EQ(ChiSquareGoodnessOfFit({1, 1}, {1, 0}).p_value, 0);
}

TEST(ChiSquareGoodnessOfFit, AnEmptyZeroProbabilityCellIsIgnored) {
  const ChiSquareResult with = ChiSquareGoodnessOfFit({12, 0, 8}, {0.5, 0, 0.5});
  const ChiSquareResult without = ChiSquareGoodnessOfFit({12, 8}, {0.5, 0.5});
  EXPECT_EQ(with.cells, 2);
  EXPECT_EQ(with.df, 1);
  EXPECT_NEAR(with.statistic, 0.8, 1e-12);  // 2 (12-10)^2/10
  EXPECT_EQ(with.statistic, without.statistic);
  EXPECT_EQ(with.p_value, without.p_value);
}

TEST(ChiSquareGoodnessOfFit, MalformedInputGivesNaN) {
  EXPECT_TRUE(std::isnan(ChiSquareGoodnessOfFit({1, 2}, {1.0}).p_value));
  EXPECT_TRUE(std::isnan(ChiSquareGoodnessOfFit({1, -2}, {0.5, 0.5}).p_value));
  EXPECT_TRUE(std::isnan(ChiSquareGoodnessOfFit({10, 10}, {0.5, 0.6}).p_value));
  EXPECT_TRUE(std::isnan(ChiSquareGoodnessOfFit({10, 10}, {1.5, -0.5}).p_value));
  EXPECT_EQ(ChiSquareGoodnessOfFit({10, 10}, {0.5, 0.6}).df, 0);
}

TEST(RunsTest, HandWorkedSequence) {
  // 1 1 1 0 0 1 0 0 0 0: n1 = 4 ones, n2 = 6 zeros, n = 10, runs 111|00|1|0000 = 4.
  // expected = 2*4*6/10 + 1 = 5.8; variance = 48 (48 - 10) / (100 * 9) = 1824/900;
  // z = (4 - 5.8) / sqrt(1824/900) = -1.8 / 1.42361 = -1.26439...; p = erfc(1.26439/sqrt 2) = 0.2061...
  const RunsResult result = RunsTest({1, 1, 1, 0, 0, 1, 0, 0, 0, 0});
  EXPECT_EQ(result.n1, 4);
  EXPECT_EQ(result.n2, 6);
  EXPECT_EQ(result.runs, 4);
  EXPECT_NEAR(result.expected, 5.8, 1e-12);
  EXPECT_NEAR(result.variance, 1824.0 / 900, 1e-12);
  EXPECT_NEAR(result.z, -1.8 / std::sqrt(1824.0 / 900), 1e-12);
  EXPECT_NEAR(result.z, -1.26439, 1e-5);
  EXPECT_NEAR(result.p_value, 0.2061, 1e-4);
}

TEST(RunsTest, AlternationIsTooManyRuns) {
  std::vector<uint8_t> sequence(100);
  for (size_t i = 0; i < sequence.size(); ++i) sequence[i] = static_cast<uint8_t>(i % 2);
  const RunsResult result = RunsTest(sequence);
  EXPECT_EQ(result.runs, 100);
  EXPECT_NEAR(result.expected, 51, 1e-12);
  EXPECT_GT(result.z, 9);
  EXPECT_LT(result.p_value, 1e-20);
}

TEST(RunsTest, NonZeroValuesCountAsOnes) {
  const RunsResult result = RunsTest({7, 1, 0, 255});
  EXPECT_EQ(result.n1, 3);
  EXPECT_EQ(result.runs, 3);
}

TEST(RunsTest, AnOrderThatCannotVaryIsNoEvidence) {
  for (const std::vector<uint8_t>& sequence : std::vector<std::vector<uint8_t>>{{}, {1, 1, 1, 1}, {0, 1}}) {
    const RunsResult result = RunsTest(sequence);
    EXPECT_EQ(result.variance, 0);
    EXPECT_EQ(result.z, 0);
    EXPECT_EQ(result.p_value, 1);
  }
}

TEST(CombineRuns, SumsIndependentSequences) {
  // First as in HandWorkedSequence: runs 4, expected 5.8, variance 1824/900.
  // Second 0 1 0 1 1 0: n1 = n2 = 3, runs 0|1|0|11|0 = 5, expected 2*9/6 + 1 = 4,
  // variance 18 (18 - 6) / (36 * 5) = 1.2. Together: runs 9, expected 9.8.
  // The third cannot vary (runs 1, expected 1, variance 0) and changes nothing.
  const RunsResult a = RunsTest({1, 1, 1, 0, 0, 1, 0, 0, 0, 0});
  const RunsResult b = RunsTest({0, 1, 0, 1, 1, 0});
  EXPECT_NEAR(b.variance, 1.2, 1e-12);
  const RunsResult combined = CombineRuns({a, b, RunsTest({1, 1, 1})});
  EXPECT_EQ(combined.n1, 10);
  EXPECT_EQ(combined.n2, 9);
  EXPECT_EQ(combined.runs, 10);
  EXPECT_NEAR(combined.expected, 10.8, 1e-12);
  const double variance = 1824.0 / 900 + 1.2;
  EXPECT_NEAR(combined.variance, variance, 1e-12);
  EXPECT_NEAR(combined.z, -0.8 / std::sqrt(variance), 1e-12);
  EXPECT_NEAR(combined.p_value, std::erfc(0.8 / std::sqrt(variance) / std::sqrt(2.0)), 1e-12);

  const RunsResult alone = CombineRuns({a});
  EXPECT_EQ(alone.z, a.z);
  EXPECT_EQ(alone.p_value, a.p_value);
  EXPECT_EQ(CombineRuns({}).p_value, 1);
}

TEST(SerialCorrelationTest, AlternationIsStronglyNegative) {
  // Deviations +-1/2: numerator 99 (-1/4), denominator 100/4, r = -0.99. For two-valued data
  // b = 1/n, variance (n-2)/(n(n-1)) = 98/9900, z = -0.98 / sqrt(98/9900) = -9.85.
  std::vector<double> x(100);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<double>(i % 2);
  const SerialResult result = SerialCorrelationTest(x);
  EXPECT_EQ(result.n, 100);
  EXPECT_NEAR(result.r, -0.99, 1e-12);
  EXPECT_NEAR(result.z, -0.98 / std::sqrt(98.0 / 9900), 1e-9);
  EXPECT_LT(result.p_value, 1e-20);
}

TEST(SerialCorrelationTest, TrendIsStronglyPositive) {
  std::vector<double> x(50);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<double>(i);
  const SerialResult result = SerialCorrelationTest(x);
  EXPECT_GT(result.r, 0.9);
  EXPECT_LT(result.p_value, 1e-8);
}

TEST(SerialCorrelationTest, MomentsAreExactOverAllPermutations) {
  // The test's null is "every order of these values equally likely": over all 720 orders r
  // must have mean -1/n and the variance the z is scaled by. (Moran's normal-theory
  // (n-2)^2/(n^2(n-1)) would give 0.0889 here against the true 0.0509.)
  std::vector<double> values = {0, 1, 1, 3, 7, 2};
  std::sort(values.begin(), values.end());
  const double n = static_cast<double>(values.size());
  std::vector<double> rs;
  double implied_variance = 0;
  do {
    const SerialResult result = SerialCorrelationTest(values);
    rs.push_back(result.r);
    if (std::fabs(result.z) > 0.1) implied_variance = std::pow((result.r + 1 / n) / result.z, 2);
  } while (std::next_permutation(values.begin(), values.end()));
  ASSERT_EQ(rs.size(), 360u);  // 720 / 2! for the repeated 1
  double mean = 0;
  for (double r : rs) mean += r;
  mean /= static_cast<double>(rs.size());
  double variance = 0;
  for (double r : rs) variance += (r - mean) * (r - mean);
  variance /= static_cast<double>(rs.size());
  EXPECT_NEAR(mean, -1 / n, 1e-12);
  EXPECT_NEAR(implied_variance, variance, 1e-12);
}

TEST(SerialCorrelationTest, IndependentDrawsPass) {
  // Portable uniforms: the engine's output is fixed by the standard, unlike
  // std::uniform_real_distribution's. For this seed r = 0.00065, z = 0.074, p = 0.94.
  std::mt19937_64 engine(20240601);
  std::vector<double> x(10000);
  for (double& value : x) value = static_cast<double>(engine() >> 11) * 0x1.0p-53;
  const SerialResult result = SerialCorrelationTest(x);
  EXPECT_LT(std::fabs(result.r), 0.05);
  EXPECT_GT(result.p_value, 1e-4);
}

TEST(SerialCorrelationTest, TooShortOrConstantIsNoEvidence) {
  const SerialResult short_result = SerialCorrelationTest({1, 2});
  EXPECT_EQ(short_result.n, 2);
  EXPECT_EQ(short_result.p_value, 1);
  const SerialResult constant = SerialCorrelationTest({4, 4, 4, 4});
  EXPECT_TRUE(std::isnan(constant.r));
  EXPECT_EQ(constant.z, 0);
  EXPECT_EQ(constant.p_value, 1);
}

TEST(CombineSerial, WeightsByTheSquareRootOfLength) {
  // z = (sqrt(100) 1 + sqrt(400) 2) / sqrt(500) = 50 / sqrt(500) = sqrt(5);
  // r = (100 (0.1) + 400 (-0.05)) / 500 = -0.02. The short and the constant part are skipped.
  const SerialResult combined = CombineSerial({{100, 0.1, 1.0, NormalTwoSidedP(1.0)},
                                               {400, -0.05, 2.0, NormalTwoSidedP(2.0)},
                                               {2, 0, 0, 1},
                                               {50, std::nan(""), 0, 1}});
  EXPECT_EQ(combined.n, 500);
  EXPECT_NEAR(combined.r, -0.02, 1e-12);
  EXPECT_NEAR(combined.z, std::sqrt(5.0), 1e-12);
  EXPECT_NEAR(combined.p_value, std::erfc(std::sqrt(5.0) / std::sqrt(2.0)), 1e-12);
}

TEST(CombineSerial, EvidenceAccumulatesAcrossTables) {
  // Two tables each mildly alternating: each alone is weaker than both together.
  std::vector<double> table(30);
  for (size_t i = 0; i < table.size(); ++i)
    table[i] = static_cast<double>(i % 2) + static_cast<double>(i % 3) * 0.5;
  const SerialResult one = SerialCorrelationTest(table);
  const SerialResult both = CombineSerial({one, one});
  EXPECT_NEAR(both.z, std::sqrt(2.0) * one.z, 1e-12);
  EXPECT_LT(both.p_value, one.p_value);
  EXPECT_EQ(both.n, 60);
  EXPECT_EQ(CombineSerial({}).p_value, 1);
  EXPECT_EQ(CombineSerial({}).n, 0);
}

}  // namespace
}  // namespace pitboss
