#include "games/shoe.h"

#include <gtest/gtest.h>

#include "games/test_rounds.h"

namespace pitboss {
namespace {

std::vector<RoundFinding> Play(ShoeTracker& shoes, const Round& round) {
  std::vector<RoundFinding> findings;
  shoes.Play(round, "clause", false, "log:1", &findings);
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
  // One finding at the first card the shoe cannot hold; the next, which overdraws the shoe
  // as logged but not its count restarted at this round, is counted under it.
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].code, Code::kShoeCardOverdrawn);
  EXPECT_EQ(findings[0].event, 1);
  EXPECT_EQ(findings[0].expected, 2);
  EXPECT_EQ(findings[0].actual, 3);
  ASSERT_GE(findings[0].root, 0);
  EXPECT_EQ(shoes.consequences(findings[0].root), 1);
}

// A shuffle missing from the log: the new shoe's cards overdraw the old one's again and again.
// One finding, at the first; every later overdraw of the old shoe is counted under it.
TEST(ShoeTrackerTest, AMissingShuffleIsOneFindingWithItsConsequencesCounted) {
  ShoeTracker shoes;
  RoundBuilder first("x");
  first.Shuffle(1);
  for (const char* card : {"AS", "KS", "QS", "JS"}) first.Deal(1, card);
  EXPECT_TRUE(Play(shoes, first.round()).empty());
  // A new deck went in without a shuffle event: the same four cards come again, twice.
  RoundBuilder second("x");
  for (const char* card : {"AS", "KS"}) second.Deal(1, card);
  auto root = Play(shoes, second.round());
  ASSERT_EQ(root.size(), 1u);
  EXPECT_EQ(root[0].event, 0);
  EXPECT_NE(root[0].message.find("a shuffle not logged"), std::string::npos) << root[0].message;
  RoundBuilder third("x");
  for (const char* card : {"QS", "JS"}) third.Deal(1, card);
  EXPECT_TRUE(Play(shoes, third.round()).empty());
  EXPECT_EQ(shoes.consequences(root[0].root), 3);
  // A card the restarted count cannot hold either is a fault of its own.
  RoundBuilder fourth("x");
  fourth.Deal(1, "AS");
  auto again = Play(shoes, fourth.round());
  ASSERT_EQ(again.size(), 1u);
  EXPECT_NE(again[0].root, root[0].root);
  // A shuffle ends it all.
  RoundBuilder fifth("x");
  fifth.Shuffle(1).Deal(1, "AS");
  EXPECT_TRUE(Play(shoes, fifth.round()).empty());
}

TEST(ShoeTrackerTest, ATableWithNoShoeIsOneFindingAtItsFirstRound) {
  ShoeTracker shoes;
  RoundBuilder b("x");
  b.Deal(1, "AS").Deal(kDealer, "KS");
  auto findings = Play(shoes, b.round());
  ASSERT_EQ(findings.size(), 1u);
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(Play(shoes, b.round()).empty());
  EXPECT_EQ(shoes.consequences(findings[0].root), 5);
  RoundBuilder c("x");
  c.Shuffle(1).Deal(1, "AS");
  EXPECT_TRUE(Play(shoes, c.round()).empty());
  EXPECT_EQ(shoes.consequences(findings[0].root), 5);
}

TEST(ShoeTrackerTest, ALossWithACauseCountsTheRoundsNotJudged) {
  ShoeTracker shoes;
  RoundBuilder a("x");
  a.Shuffle(1).Deal(1, "AS");
  EXPECT_TRUE(Play(shoes, a.round()).empty());
  int64_t cause = shoes.NewRoot();
  shoes.Lose("T1", cause);
  RoundBuilder b("x");
  b.Deal(1, "AS").Deal(kDealer, "AS");
  EXPECT_TRUE(Play(shoes, b.round()).empty());
  EXPECT_TRUE(Play(shoes, b.round()).empty());
  EXPECT_EQ(shoes.consequences(cause), 2);
}

TEST(ShoeTrackerTest, AShuffleRefillsTheShoe) {
  ShoeTracker shoes;
  RoundBuilder a("x");
  a.Shuffle(1).Deal(1, "AS");
  EXPECT_TRUE(Play(shoes, a.round()).empty());
  RoundBuilder b("x");
  b.Shuffle(1).Deal(1, "AS");
  EXPECT_TRUE(Play(shoes, b.round()).empty());
}

// A shuffle between a seat's card and the dealer's, in one round: one finding.
TEST(ShoeTrackerTest, AShuffleInTheMiddleOfARoundIsAFinding) {
  ShoeTracker shoes;
  RoundBuilder b("x");
  b.Shuffle(1).Deal(1, "AS").Shuffle(1).Deal(kDealer, "AS").Shuffle(1);
  auto findings = Play(shoes, b.round());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].code, Code::kShoeMidRoundShuffle);
  EXPECT_EQ(findings[0].event, 2);
  // Not where the rules' own fresh-shuffle check found it already.
  std::vector<RoundFinding> reported;
  shoes.Play(b.round(), "clause", /*shuffle_reported=*/true, "log:1", &reported);
  EXPECT_TRUE(reported.empty());
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
  shoes.Play(b.round(), "clause", /*shuffle_reported=*/true, "log:1", &reported);
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
