#include "pitboss/report.h"

#include <gtest/gtest.h>

namespace pitboss {
namespace {

TEST(ReportTest, ByCodeCountsEachCodeById) {
  Report report;
  EXPECT_TRUE(report.ByCode().empty());
  for (Code code : {Code::kSettlePayout, Code::kInputMalformed,
                    Code::kSettlePayout, Code::kDealBurnCount}) {
    Finding finding;
    finding.code = code;
    report.violations.push_back(finding);
  }
  const std::map<std::string, int64_t> expected = {
      {"deal/burn-count", 1}, {"input/malformed", 1}, {"settle/payout", 2}};
  EXPECT_EQ(report.ByCode(), expected);
}

TEST(ReportTest, SeatName) {
  EXPECT_EQ(SeatName(kDealer), "dealer");
  EXPECT_EQ(SeatName(1), "1");
  EXPECT_EQ(SeatName(12), "12");
}

}  // namespace
}  // namespace pitboss
