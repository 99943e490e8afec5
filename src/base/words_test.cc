#include "base/words.h"

#include <gtest/gtest.h>

namespace pitboss {
namespace {

TEST(ListWordsTest, JoinsTheLastTwoWithItsWord) {
  EXPECT_EQ(ListWords({}), "");
  EXPECT_EQ(ListWords({"half"}), "half");
  EXPECT_EQ(ListWords({"half", "whole"}), "half or whole");
  EXPECT_EQ(ListWords({"a", "b", "c"}, " and "), "a, b and c");
}

}  // namespace
}  // namespace pitboss
