#include "report/money_format.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "report/test_reports.h"

namespace pitboss {
namespace {

constexpr Money kMin = std::numeric_limits<Money>::min();
constexpr Money kMax = std::numeric_limits<Money>::max();

TEST(MoneyFormatTest, MinorUnitExponents) {
  EXPECT_EQ(MinorUnitDigits("USD"), 2);
  EXPECT_EQ(MinorUnitDigits("EUR"), 2);
  EXPECT_EQ(MinorUnitDigits("JPY"), 0);
  EXPECT_EQ(MinorUnitDigits("KRW"), 0);
  for (const char* three : {"BHD", "KWD", "JOD", "OMR", "TND"}) EXPECT_EQ(MinorUnitDigits(three), 3) << three;
  EXPECT_EQ(MinorUnitDigits("usd"), std::nullopt);
  EXPECT_EQ(MinorUnitDigits(""), std::nullopt);
  EXPECT_EQ(MinorUnitDigits("XYZ"), std::nullopt);
}

TEST(MoneyFormatTest, TwoDecimalCurrencies) {
  EXPECT_EQ(FormatMoney(500, "USD"), "USD 5.00");
  EXPECT_EQ(FormatMoney(250, "USD"), "USD 2.50");
  EXPECT_EQ(FormatMoney(5, "EUR"), "EUR 0.05");
  EXPECT_EQ(FormatMoney(0, "GBP"), "GBP 0.00");
  EXPECT_EQ(FormatMoney(-500, "USD"), "-USD 5.00");
  EXPECT_EQ(FormatMoney(-1, "CAD"), "-CAD 0.01");
  EXPECT_EQ(FormatMoney(123456789, "USD"), "USD 1,234,567.89");
}

TEST(MoneyFormatTest, NoAndThreeDecimalCurrencies) {
  EXPECT_EQ(FormatMoney(500, "JPY"), "JPY 500");
  EXPECT_EQ(FormatMoney(-1500000, "KRW"), "-KRW 1,500,000");
  EXPECT_EQ(FormatMoney(1500, "BHD"), "BHD 1.500");
  EXPECT_EQ(FormatMoney(7, "KWD"), "KWD 0.007");
}

TEST(MoneyFormatTest, UnknownOrNoCurrencyIsMinorUnits) {
  EXPECT_EQ(FormatMoney(500, ""), "500 minor units");
  EXPECT_EQ(FormatMoney(1, ""), "1 minor unit");
  EXPECT_EQ(FormatMoney(-824452000, ""), "-824,452,000 minor units");
  EXPECT_EQ(FormatMoney(500, "XYZ"), "500 minor units (XYZ)");
  // Not a code: nothing of it is written (it may be any text of a log).
  EXPECT_EQ(FormatMoney(500, "usd"), "500 minor units");
  EXPECT_EQ(FormatMoney(500, "<b>"), "500 minor units");
}

TEST(MoneyFormatTest, ExtremesDoNotOverflow) {
  EXPECT_EQ(FormatMoney(kMin, ""), "-9,223,372,036,854,775,808 minor units");
  EXPECT_EQ(FormatMoney(kMax, ""), "9,223,372,036,854,775,807 minor units");
  EXPECT_EQ(FormatMoney(kMin, "USD"), "-USD 92,233,720,368,547,758.08");
  EXPECT_EQ(FormatMoney(kMax, "BHD"), "BHD 9,223,372,036,854,775.807");
  EXPECT_EQ(FormatSignedMoney(kMin, "JPY"), "-JPY 9,223,372,036,854,775,808");
}

TEST(MoneyFormatTest, SignedMoney) {
  EXPECT_EQ(FormatSignedMoney(3000, "USD"), "+USD 30.00");
  EXPECT_EQ(FormatSignedMoney(-3000, "USD"), "-USD 30.00");
  EXPECT_EQ(FormatSignedMoney(0, ""), "0 minor units");
}

TEST(MoneyFormatTest, WideSumsPastSixtyFourBits) {
  const MoneySum wide = *MoneySum::Parse("-11529215046068469760");
  EXPECT_EQ(FormatSignedMoney(wide, "USD"), "-USD 115,292,150,460,684,697.60");
  EXPECT_EQ(FormatSignedMoney(MoneySum(0) - wide, ""), "+11,529,215,046,068,469,760 minor units");
  EXPECT_EQ(FormatSignedMoney(MoneySum(3000), "USD"), "+USD 30.00");
  EXPECT_EQ(FormatMoney(MoneySum::Lost(), "USD"), "too large to represent");
}

TEST(MoneyFormatTest, AmountsWithTheirUnit) {
  EXPECT_EQ(FormatAmount(3, Unit::kCards, ""), "3 cards");
  EXPECT_EQ(FormatAmount(1, Unit::kCards, "USD"), "1 card");
  EXPECT_EQ(FormatAmount(6, Unit::kDecks, ""), "6 decks");
  EXPECT_EQ(FormatAmount(1, Unit::kDecks, ""), "1 deck");
  EXPECT_EQ(FormatAmount(500, Unit::kMinorUnits, "USD"), "USD 5.00");
  EXPECT_EQ(FormatAmount(500, Unit::kMinorUnits, ""), "500 minor units");
  EXPECT_EQ(FormatAmount(7, Unit::kNone, "USD"), "7");
}

TEST(MoneyFormatTest, WhatAFindingSaysWasPaidWrongly) {
  Finding f = test_reports::ContractFinding();  // settle/payout: expected 500, actual 250
  EXPECT_EQ(MoneyEffectText(f), "underpaid by 250 minor units");
  f.currency = "USD";
  EXPECT_EQ(MoneyEffectText(f), "underpaid by USD 2.50");
  f.actual = 800;
  EXPECT_EQ(MoneyEffectText(f), "overpaid by USD 3.00");
  f.actual = 500;
  EXPECT_EQ(MoneyEffectText(f), "");  // paid right
  f.expected = kMax;
  f.actual = -2;
  EXPECT_EQ(MoneyEffectText(f), "paid wrongly by an amount too large to represent");
  f.expected = 1;
  f.actual = kMin + 1;  // actual - expected = INT64_MIN: underpaid by 2^63
  EXPECT_EQ(MoneyEffectText(f), "underpaid by USD 92,233,720,368,547,758.08");
  f.actual.reset();
  EXPECT_EQ(MoneyEffectText(f), "");  // no amount logged: nothing to say

  Finding missing = test_reports::ContractFinding();
  missing.code = Code::kSettleMissing;
  missing.actual.reset();
  EXPECT_EQ(MoneyEffectText(missing), "underpaid by 500 minor units");
  Finding burn = test_reports::BurnCount();  // moves no money
  burn.expected = 3;
  burn.actual = 2;
  EXPECT_EQ(MoneyEffectText(burn), "");
}

TEST(MoneyFormatTest, WhatAFaultMovedAndWhoseWay) {
  Finding f = test_reports::MoneyMovedFinding();
  EXPECT_EQ(MoneyMovedText(f), "USD 750.00 to the player");
  f.money_moved = -250;
  EXPECT_EQ(MoneyMovedText(f), "USD 2.50 to the house");
  f.money_moved = 0;
  EXPECT_EQ(MoneyMovedText(f), "USD 0.00");
  f.money_moved = kMin;
  f.currency.clear();
  EXPECT_EQ(MoneyMovedText(f), "9,223,372,036,854,775,808 minor units to the house");
  f.money_moved.reset();
  EXPECT_EQ(MoneyMovedText(f), "");

  MoneyMovedTotal total;
  total.Add(kMin);
  total.Add(kMin);
  total.Add(75000);
  EXPECT_EQ(total.findings, 3);
  EXPECT_EQ(MoneyMovedTotalText(total, "USD"),
            "USD 750.00 to players, USD 184,467,440,737,095,516.16 to the house");
  EXPECT_EQ(MoneyMovedTotalText(MoneyMovedTotal{}, ""),
            "0 minor units to players, 0 minor units to the house");
}

TEST(MoneyFormatTest, AConsequenceNamed) {
  EXPECT_EQ(ConsequenceText({"logs/day2.jsonl.gz", 9, "T9-000009", 5, "7H"}),
            "round T9-000009, event 5, card 7H (logs/day2.jsonl.gz:9)");
  EXPECT_EQ(ConsequenceText({"-", 12, "T9-000012", std::nullopt, ""}), "round T9-000012 (standard input:12)");
  EXPECT_EQ(ConsequenceText({"a.jsonl", 3, "", 0, ""}), "event 0 (a.jsonl:3)");
  EXPECT_EQ(ConsequenceText({"a.jsonl", 0, "", std::nullopt, ""}), "(a.jsonl)");
}

TEST(MoneyFormatTest, TotalsAndTheReportsCurrency) {
  EXPECT_EQ(FormatTotal(1250, false, "EUR"), "EUR 12.50");
  EXPECT_EQ(FormatTotal(1250, true, "EUR"), "too large to represent");
  Report report;
  report.currency = "USD";
  MoneyTotals totals;
  EXPECT_EQ(ReportCurrency(report, totals), "USD");
  totals.currency = "EUR";
  EXPECT_EQ(ReportCurrency(report, totals), "EUR");
  totals.currency.clear();
  totals.mixed_currencies = true;
  EXPECT_EQ(ReportCurrency(report, totals), "");
  // The money moved is in its own findings' currency.
  totals.moved.currency = "JPY";
  EXPECT_EQ(ReportCurrency(report, totals.moved), "JPY");
  totals.moved.currency.clear();
  EXPECT_EQ(ReportCurrency(report, totals.moved), "USD");
  totals.moved.mixed_currencies = true;
  EXPECT_EQ(ReportCurrency(report, totals.moved), "");
}

}  // namespace
}  // namespace pitboss
