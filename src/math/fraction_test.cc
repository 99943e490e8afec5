#include "math/fraction.h"

#include <gtest/gtest.h>

namespace pitboss {
namespace {

TEST(Fraction, KeepsLowestTermsAndAPositiveDenominator) {
  Fraction f(6, -8);
  EXPECT_EQ(f.num(), -3);
  EXPECT_EQ(f.den(), 4);
  EXPECT_EQ(f.ToString(), "-3/4");
  EXPECT_EQ(Fraction(10, 5).ToString(), "2");
  EXPECT_EQ(Fraction(0, 7), Fraction(0));
}

TEST(Fraction, Arithmetic) {
  EXPECT_EQ(Fraction(1, 2) + Fraction(1, 3), Fraction(5, 6));
  EXPECT_EQ(Fraction(1, 2) - Fraction(1, 3), Fraction(1, 6));
  EXPECT_EQ(Fraction(2, 3) * Fraction(9, 4), Fraction(3, 2));
  EXPECT_EQ(Fraction(2, 3) / Fraction(-4, 9), Fraction(-3, 2));
  EXPECT_EQ(-Fraction(1, 2), Fraction(-1, 2));
  EXPECT_EQ(Fraction::FromRatio({-1, 2}), Fraction(-1, 2));
  EXPECT_LT(Fraction(1, 3), Fraction(1, 2));
  EXPECT_GT(Fraction(-1, 3), Fraction(-1, 2));
  EXPECT_EQ(Fraction(-5, 2).abs(), Fraction(5, 2));
  EXPECT_NEAR(Fraction(144, 311).ToDouble(), 0.46302250803858525, 1e-16);
}

TEST(Fraction, OverflowIsStickyNeverWrong) {
  Fraction big(Fraction::Int(1) << 100, 1);
  Fraction product = big * big;
  EXPECT_TRUE(product.overflowed());
  EXPECT_TRUE((product + Fraction(1)).overflowed());
  EXPECT_FALSE(product == product);
  EXPECT_EQ(product.ToString(), "overflow");
  EXPECT_TRUE((Fraction(1) / Fraction(0)).overflowed());
  // Cross-reduction keeps products that fit representable.
  Fraction a(Fraction::Int(1) << 100, 3);
  Fraction b(3, Fraction::Int(1) << 100);
  EXPECT_EQ(a * b, Fraction(1));
}

TEST(Fraction, PrintsAllDigitsOf128Bits) {
  Fraction::Int v = Fraction::Int(1) << 100;
  EXPECT_EQ(Int128ToString(v), "1267650600228229401496703205376");
  EXPECT_EQ(Int128ToString(-v), "-1267650600228229401496703205376");
}

}  // namespace
}  // namespace pitboss
