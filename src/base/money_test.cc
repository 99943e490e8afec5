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

TEST(MoneySumTest, SumsPastSixtyFourBitsExactly) {
  MoneySum sum;
  for (int i = 0; i < 5; ++i) sum += -(Money{1} << 61);
  EXPECT_FALSE(sum.fits());
  EXPECT_FALSE(sum.value().has_value());
  EXPECT_EQ(sum.ToString(), "-11529215046068469760");
  sum += Money{1} << 62;
  sum += Money{1} << 62;
  ASSERT_TRUE(sum.fits());  // back within 64 bits: a Money again
  EXPECT_EQ(*sum.value(), -(Money{1} << 61));
  EXPECT_EQ(MoneySum(INT64_MIN).ToString(), "-9223372036854775808");
  EXPECT_EQ(MoneySum(INT64_MIN) - MoneySum(1), *MoneySum::Parse("-9223372036854775809"));
  EXPECT_EQ(MoneySum().sign(), 0);
  EXPECT_EQ(MoneySum(-3).sign(), -1);
}

TEST(MoneySumTest, SaturatedHoldsAStakeAtTheBound) {
  EXPECT_EQ((MoneySum(INT64_MAX) + INT64_MAX).Saturated(), INT64_MAX);
  EXPECT_EQ((MoneySum(INT64_MIN) + INT64_MIN).Saturated(), INT64_MIN);
  EXPECT_EQ((MoneySum(INT64_MAX) + INT64_MIN).Saturated(), -1);
  EXPECT_EQ(MoneySum::Lost().Saturated(), INT64_MAX);
}

TEST(MoneySumTest, ParsesWhatItWrites) {
  for (const char* text :
       {"0", "-1", "9223372036854775808", "-11529215046068469760", "170141183460469231731687303715884105727",
        "-170141183460469231731687303715884105728"}) {
    std::optional<MoneySum> sum = MoneySum::Parse(text);
    ASSERT_TRUE(sum.has_value()) << text;
    EXPECT_EQ(sum->ToString(), text);
  }
  for (const char* bad : {"", "-", "+1", "1.5", "1e3", " 1", "170141183460469231731687303715884105728",
                          "-170141183460469231731687303715884105729", "too big"}) {
    EXPECT_FALSE(MoneySum::Parse(bad).has_value()) << bad;
  }
}

TEST(MoneySumTest, PastOneHundredTwentyEightBitsItIsLostAndStaysSo) {
  MoneySum top = *MoneySum::Parse("170141183460469231731687303715884105727");
  top += 1;
  EXPECT_TRUE(top.lost());
  EXPECT_FALSE(top.fits());
  EXPECT_EQ(top.ToString(), "too large");
  top -= *MoneySum::Parse("170141183460469231731687303715884105727");
  EXPECT_TRUE(top.lost());
  EXPECT_EQ(*MoneySum::Parse("too large"), MoneySum::Lost());
  EXPECT_NE(MoneySum::Lost(), MoneySum(0));
}

TEST(ParseDecimalMoneyTest, ExactInTheCurrencysMinorUnits) {
  std::string why;
  EXPECT_EQ(ParseDecimalMoney("12.50", 2, &why), 1250);
  EXPECT_EQ(ParseDecimalMoney("12.5", 2, &why), 1250);
  EXPECT_EQ(ParseDecimalMoney("12", 2, &why), 1200);
  EXPECT_EQ(ParseDecimalMoney("-0.01", 2, &why), -1);
  EXPECT_EQ(ParseDecimalMoney("0", 2, &why), 0);
  EXPECT_EQ(ParseDecimalMoney("500", 0, &why), 500);
  EXPECT_EQ(ParseDecimalMoney("1.125", 3, &why), 1125);
  // 0.1 + 0.2 is not 0.3 in floating point; here each is exact.
  EXPECT_EQ(ParseDecimalMoney("0.3", 2, &why), 30);
  EXPECT_EQ(ParseDecimalMoney("92233720368547758.07", 2, &why), INT64_MAX);
  EXPECT_EQ(ParseDecimalMoney("-92233720368547758.08", 2, &why), INT64_MIN);
}

TEST(ParseDecimalMoneyTest, AnythingElseIsRefusedWithItsReason) {
  std::string why;
  EXPECT_EQ(ParseDecimalMoney("12.505", 2, &why), std::nullopt);
  EXPECT_NE(why.find("has 3 decimals; the currency has 2"), std::string::npos) << why;
  EXPECT_EQ(ParseDecimalMoney("500.0", 0, &why), std::nullopt);
  for (const char* text : {"1,250.00", "1.250,00", "12,50", "+5", "1e3", " 5", "5 ", "", "-", ".", "5.", ".5",
                           "--5", "0x10", "12.5.0", "١٢"}) {
    why.clear();
    EXPECT_EQ(ParseDecimalMoney(text, 2, &why), std::nullopt) << text;
    EXPECT_FALSE(why.empty()) << text;
  }
  EXPECT_EQ(ParseDecimalMoney("92233720368547758.08", 2, &why), std::nullopt);
  EXPECT_NE(why.find("past what 64-bit minor units hold"), std::string::npos) << why;
  EXPECT_EQ(ParseDecimalMoney("99999999999999999999999999999999999999999", 2, &why), std::nullopt);
}

TEST(MinorUnitDigitsTest, TheTableOfCommonCurrencies) {
  EXPECT_EQ(MinorUnitDigits("USD"), 2);
  EXPECT_EQ(MinorUnitDigits("JPY"), 0);
  EXPECT_EQ(MinorUnitDigits("BHD"), 3);
  EXPECT_EQ(MinorUnitDigits("XYZ"), std::nullopt);
}

}  // namespace
// A sum that does not fit is the Money nearest to it, as MoneySum's Saturated says.
TEST(MoneyTest, SaturatedAddIsMoneySumSaturated) {
  const Money cases[] = {0, 1, -1, 500, INT64_MAX, INT64_MIN, INT64_MAX - 3, INT64_MIN + 3};
  for (Money a : cases) {
    for (Money b : cases) EXPECT_EQ(SaturatedAdd(a, b), (MoneySum(a) + b).Saturated()) << a << " + " << b;
  }
}

}  // namespace pitboss
