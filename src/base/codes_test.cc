#include "pitboss/codes.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pitboss {
namespace {

// The contract's table (../shared/checker-contract.md), in its order.
const std::vector<std::pair<std::string_view, Severity>>& ContractTable() {
  static const auto* table = new std::vector<std::pair<std::string_view, Severity>>{
      {"input/malformed", Severity::kError},
      {"input/bad-card", Severity::kError},
      {"input/unknown-rules", Severity::kError},
      {"input/duplicate-round", Severity::kError},
      {"shoe/deck-count", Severity::kMajor},
      {"shoe/card-overdrawn", Severity::kMajor},
      {"shoe/no-shuffle", Severity::kMajor},
      {"deal/order", Severity::kMajor},
      {"deal/burn-count", Severity::kMajor},
      {"deal/missing-card", Severity::kMajor},
      {"wager/limit", Severity::kMajor},
      {"wager/orphan", Severity::kMajor},
      {"wager/late", Severity::kMajor},
      {"wager/raise-mismatch", Severity::kCritical},
      {"decision/not-offered", Severity::kMajor},
      {"decision/missing", Severity::kMajor},
      {"settle/payout", Severity::kCritical},
      {"settle/split", Severity::kMinor},
      {"settle/missing", Severity::kCritical},
      {"settle/duplicate", Severity::kCritical},
      {"settle/order", Severity::kMinor},
      // The blackjack codes, after the table above.
      {"deal/dealer-play", Severity::kCritical},
      {"wager/amount", Severity::kCritical},
      // pitboss's own root-cause codes, after the contract's (docs/findings.md).
      {"input/unreadable", Severity::kError},
      {"input/duplicate-input", Severity::kError},
      {"input/time-order", Severity::kError},
      {"input/empty-round", Severity::kError},
      {"shoe/mid-round-shuffle", Severity::kMajor},
      // What the rounds say of the reading the house deals under.
      {"reading/not-checked", Severity::kMajor},
      {"reading/switch", Severity::kMajor},
  };
  return *table;
}

TEST(CodesTest, TheContractsTwentyThreeCodesAndSevenOfPitbosss) {
  EXPECT_EQ(kCodeCount, 30);
  EXPECT_EQ(AllCodes().size(), 30u);
}

TEST(CodesTest, UnitsAndMoneyOfTheCodesThatCarryAmounts) {
  EXPECT_EQ(Info(Code::kSettlePayout).unit, Unit::kMinorUnits);
  EXPECT_EQ(Info(Code::kSettlePayout).money, MoneyEffect::kNet);
  EXPECT_EQ(Info(Code::kSettleMissing).money, MoneyEffect::kUnpaid);
  EXPECT_EQ(Info(Code::kSettleDuplicate).money, MoneyEffect::kExtra);
  EXPECT_EQ(Info(Code::kSettleSplit).money, MoneyEffect::kNone);
  EXPECT_EQ(Info(Code::kDealBurnCount).unit, Unit::kCards);
  EXPECT_EQ(Info(Code::kShoeCardOverdrawn).unit, Unit::kCards);
  EXPECT_EQ(Info(Code::kShoeDeckCount).unit, Unit::kDecks);
  EXPECT_EQ(Info(Code::kDealOrder).unit, Unit::kNone);
  EXPECT_EQ(ToString(Unit::kMinorUnits), "minor_units");
}

TEST(CodesTest, IdsAndSeveritiesFollowTheContractInItsOrder) {
  const auto codes = AllCodes();
  ASSERT_EQ(codes.size(), ContractTable().size());
  for (size_t i = 0; i < codes.size(); ++i) {
    SCOPED_TRACE(ContractTable()[i].first);
    EXPECT_EQ(codes[i].id, ContractTable()[i].first);
    EXPECT_EQ(codes[i].severity, ContractTable()[i].second);
    EXPECT_EQ(static_cast<size_t>(codes[i].code), i);
  }
}

TEST(CodesTest, IdsAreUnique) {
  std::set<std::string_view> ids;
  for (const CodeInfo& info : AllCodes()) {
    EXPECT_TRUE(ids.insert(info.id).second) << "duplicate id " << info.id;
  }
}

TEST(CodesTest, InfoFindsEachCode) {
  for (int i = 0; i < kCodeCount; ++i) {
    const Code code = static_cast<Code>(i);
    EXPECT_EQ(Info(code).code, code);
  }
  EXPECT_EQ(Info(Code::kSettlePayout).id, "settle/payout");
  EXPECT_EQ(Info(Code::kSettlePayout).severity, Severity::kCritical);
  EXPECT_EQ(Info(Code::kSettleSplit).severity, Severity::kMinor);
  EXPECT_EQ(Info(Code::kInputBadCard).severity, Severity::kError);
  EXPECT_EQ(Info(Code::kDealBurnCount).severity, Severity::kMajor);
}

TEST(CodesTest, EveryCodeSaysWhenItIsFound) {
  for (const CodeInfo& info : AllCodes()) {
    EXPECT_FALSE(info.found_when.empty()) << info.id;
  }
  EXPECT_EQ(Info(Code::kSettlePayout).found_when, "a settlement whose `net` differs from what the rules pay");
  EXPECT_EQ(Info(Code::kInputDuplicateRound).found_when, "a round id seen before");
}

TEST(CodesTest, ParseCodeRoundTrips) {
  for (const CodeInfo& info : AllCodes()) {
    const std::optional<Code> parsed = ParseCode(info.id);
    ASSERT_TRUE(parsed.has_value()) << info.id;
    EXPECT_EQ(*parsed, info.code);
  }
}

TEST(CodesTest, ParseCodeRejectsWhatIsNotAnId) {
  EXPECT_FALSE(ParseCode("").has_value());
  EXPECT_FALSE(ParseCode("settle").has_value());
  EXPECT_FALSE(ParseCode("Settle/Payout").has_value());
  EXPECT_FALSE(ParseCode("settle/payout ").has_value());
  EXPECT_FALSE(ParseCode("settle/payouts").has_value());
}

TEST(CodesTest, SeverityNames) {
  EXPECT_EQ(ToString(Severity::kCritical), "critical");
  EXPECT_EQ(ToString(Severity::kMajor), "major");
  EXPECT_EQ(ToString(Severity::kMinor), "minor");
  EXPECT_EQ(ToString(Severity::kError), "error");
}

}  // namespace
}  // namespace pitboss
