#include "base/suggest.h"

#include <gtest/gtest.h>

namespace pitboss {
namespace {

const std::vector<std::string> kCommands = {"check", "lint",   "rtp",   "stats", "generate",
                                            "diff",  "impact", "merge", "split"};

TEST(SuggestTest, ATypoFindsItsWord) {
  EXPECT_EQ(Nearest("chek", kCommands), "check");
  EXPECT_EQ(Nearest("cehck", kCommands), "check");  // two neighbours swapped
  EXPECT_EQ(Nearest("Merge", kCommands), "merge");
  EXPECT_EQ(Nearest("us-sd/casino_war", {"us-sd/casino-war", "online/war"}), "us-sd/casino-war");
  EXPECT_EQ(DidYouMean("sd-war-payout", {"sd-war-win-payout", "sd-war-tie-payout"}), "");  // a tie: no guess
  EXPECT_EQ(DidYouMean("sd-war-win-payot", {"sd-war-win-payout", "sd-war-tie-payout"}),
            "; did you mean 'sd-war-win-payout'?");
}

TEST(SuggestTest, NothingNearIsNoGuess) {
  EXPECT_EQ(Nearest("frobnicate", kCommands), "");
  EXPECT_EQ(Nearest("", kCommands), "");
  EXPECT_EQ(Nearest("xyz", kCommands), "");
  EXPECT_EQ(DidYouMean("zzzz", kCommands), "");
}

}  // namespace
}  // namespace pitboss
