#include <gtest/gtest.h>

#include "pitboss/round.h"

namespace pitboss {
namespace {

// The format's names, in the enums' order: a change to either side shows here.
TEST(NamesTest, WagerKindsAreTheFormatsNames) {
  const char* names[] = {"main", "tie", "raise", "tie2", "blackjack", "war", "double", "split", "insurance"};
  ASSERT_EQ(std::size(names), static_cast<size_t>(kWagerKinds));
  for (int i = 0; i < kWagerKinds; ++i) {
    WagerKind kind = static_cast<WagerKind>(i);
    EXPECT_EQ(ToString(kind), names[i]);
    EXPECT_EQ(ParseWagerKind(names[i]), kind);
  }
}

TEST(NamesTest, ActionsAreTheFormatsNames) {
  const char* names[] = {"war",   "surrender", "collect", "ride",     "hit",
                         "stand", "double",    "split",   "insurance"};
  ASSERT_EQ(std::size(names), static_cast<size_t>(kActions));
  for (int i = 0; i < kActions; ++i) {
    Action action = static_cast<Action>(i);
    EXPECT_EQ(ToString(action), names[i]);
    EXPECT_EQ(ParseAction(names[i]), action);
  }
}

TEST(NamesTest, EventTypesAreTheFormatsNames) {
  EXPECT_EQ(ToString(EventType::kShuffle), "shuffle");
  EXPECT_EQ(ToString(EventType::kBet), "bet");
  EXPECT_EQ(ToString(EventType::kDeal), "deal");
  EXPECT_EQ(ToString(EventType::kBurn), "burn");
  EXPECT_EQ(ToString(EventType::kDecision), "decision");
  EXPECT_EQ(ToString(EventType::kSettle), "settle");
}

TEST(NamesTest, UnknownNamesAreNotFound) {
  for (const char* name : {"", "Main", "MAIN", "main ", "mai", "mainx", "tie3", "unknown"}) {
    EXPECT_FALSE(ParseWagerKind(name).has_value()) << name;
  }
  for (const char* name : {"", "War", "hit ", "fold", "unknown", "stan"}) {
    EXPECT_FALSE(ParseAction(name).has_value()) << name;
  }
  EXPECT_EQ(ToString(WagerKind::kUnknown), "unknown");
  EXPECT_EQ(ToString(Action::kUnknown), "unknown");
}

}  // namespace
}  // namespace pitboss
