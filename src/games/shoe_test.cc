#include "games/shoe.h"

#include <gtest/gtest.h>

#include "games/test_rounds.h"

namespace pitboss {
namespace {

std::vector<RoundFinding> Play(ShoeTracker& shoes, const Round& round) {
  std::vector<RoundFinding> findings;
  shoes.Play(round, "clause", false, &findings);
  return findings;
}

TEST(ShoeTrackerTest, FindsACardDrawnMoreOftenThanTheShoeHoldsIt) {
  ShoeTracker shoes;
  RoundBuilder b("x");
  b.Shuffle(2).Deal(1, "AS").Deal(kDealer, "AS");
  EXPECT_TRUE(Play(shoes, b.round()).empty());
  RoundBuilder next("x");
  next.Deal(1, "KD").Burn("AS").Deal(kDealer, "AS");
  auto findings = Play(shoes, next.round());
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].code, Code::kShoeCardOverdrawn);
  EXPECT_EQ(findings[0].event, 1);
  EXPECT_EQ(findings[0].expected, 2);
  EXPECT_EQ(findings[0].actual, 3);
  EXPECT_EQ(findings[1].event, 2);
  EXPECT_EQ(findings[1].seat, kDealer);
  EXPECT_EQ(findings[1].actual, 4);
}

TEST(ShoeTrackerTest, AShuffleRefillsTheShoe) {
  ShoeTracker shoes;
  RoundBuilder b("x");
  b.Shuffle(1).Deal(1, "AS").Shuffle(1).Deal(1, "AS");
  EXPECT_TRUE(Play(shoes, b.round()).empty());
}

TEST(ShoeTrackerTest, TracksEachTableApart) {
  ShoeTracker shoes;
  RoundBuilder a("x", "T1"), b("x", "T2");
  a.Shuffle(1).Deal(1, "AS");
  b.Shuffle(1).Deal(1, "AS");
  EXPECT_TRUE(Play(shoes, a.round()).empty());
  EXPECT_TRUE(Play(shoes, b.round()).empty());
  EXPECT_EQ(shoes.tables(), 2u);
}

TEST(ShoeTrackerTest, ADrawWithNoShoeInPlayIsFoundOncePerRound) {
  ShoeTracker shoes;
  RoundBuilder b("x");
  b.Deal(1, "AS").Deal(kDealer, "KS");
  auto findings = Play(shoes, b.round());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].code, Code::kShoeNoShuffle);
  EXPECT_EQ(findings[0].event, 0);
  std::vector<RoundFinding> reported;
  shoes.Play(b.round(), "clause", /*shuffle_reported=*/true, &reported);
  EXPECT_TRUE(reported.empty());
}

TEST(ShoeTrackerTest, ALostRoundStopsJudgingTheShoeUntilTheNextShuffle) {
  ShoeTracker shoes;
  shoes.Lose("T1");  // its first round could not be read: it may have shuffled
  RoundBuilder b("x");
  b.Deal(1, "AS").Deal(kDealer, "AS");
  EXPECT_TRUE(Play(shoes, b.round()).empty());
  RoundBuilder c("x");
  c.Shuffle(1).Deal(1, "AS").Deal(kDealer, "AS");
  EXPECT_EQ(Play(shoes, c.round()).size(), 1u);
}

}  // namespace
}  // namespace pitboss
