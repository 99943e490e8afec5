#include "pitboss/money.h"

#include <gtest/gtest.h>

namespace pitboss {
namespace {

TEST(RatioTest, ParsesTheSpecFormsAndReducesThem) {
  EXPECT_EQ(ParseRatio("+1"), (Ratio{1, 1}));
  EXPECT_EQ(ParseRatio("-1/2"), (Ratio{-1, 2}));
  EXPECT_EQ(ParseRatio("10"), (Ratio{10, 1}));
  EXPECT_EQ(ParseRatio("0"), (Ratio{0, 1}));
  EXPECT_EQ(ParseRatio("2/4"), (Ratio{1, 2}));
  EXPECT_EQ(ParseRatio("-6/3"), (Ratio{-2, 1}));
}

TEST(RatioTest, RejectsWhatIsNotARatio) {
  for (const char* bad : {"", "+", "1/0", "1/-2", "--1", "1.5", "one", "1/", "/2", "+-1", "1 "}) {
    EXPECT_FALSE(ParseRatio(bad).has_value()) << bad;
  }
}

TEST(RatioTest, PrintsWithItsSign) {
  EXPECT_EQ(ToString(Ratio{1, 1}), "+1");
  EXPECT_EQ(ToString(Ratio{-1, 2}), "-1/2");
  EXPECT_EQ(ToString(Ratio{0, 1}), "0");
}

TEST(ApplyRatioTest, RoundsInTheHousesFavour) {
  EXPECT_EQ(ApplyRatio(501, {-1, 2}), -251);  // half of an odd surrender
  EXPECT_EQ(ApplyRatio(501, {1, 2}), 250);    // half of an odd win
  EXPECT_EQ(ApplyRatio(500, {-1, 2}), -250);
  EXPECT_EQ(ApplyRatio(100, {10, 1}), 1000);
  EXPECT_EQ(ApplyRatio(7, {0, 1}), 0);
}

TEST(ApplyRatioTest, DetectsOverflow) {
  EXPECT_FALSE(ApplyRatio(INT64_MAX, {11, 1}).has_value());
  EXPECT_FALSE(ApplyRatio(INT64_MIN, {-1, 1}).has_value());
  EXPECT_EQ(ApplyRatio(INT64_MAX, {1, 2}), INT64_MAX / 2);
  EXPECT_EQ(ApplyRatio(INT64_MAX / 11, {11, 1}), INT64_MAX / 11 * 11);
}

TEST(CheckedArithmeticTest, DetectsOverflow) {
  EXPECT_EQ(CheckedAdd(1, 2), 3);
  EXPECT_FALSE(CheckedAdd(INT64_MAX, 1).has_value());
  EXPECT_FALSE(CheckedSub(INT64_MIN, 1).has_value());
  EXPECT_EQ(CheckedSub(5, 7), -2);
}

}  // namespace
}  // namespace pitboss
