#include "games/core/shoe.h"

#include <gtest/gtest.h>

#include <map>

#include "games/core/test_rounds.h"

namespace pitboss {
namespace {

// The tracker and an owner that reports what it releases as the findings of the Play (or End)
// that released it, each with its root id.
class Shoes : public ShoeTracker::Owner {
 public:
  std::vector<RoundFinding> Play(const Round& round, bool shuffle_reported = false) {
    std::vector<RoundFinding> findings;
    out_ = &findings;
    tracker.Play(round, "clause", shuffle_reported, "log", 1, *this, &findings);
    out_ = nullptr;
    return findings;
  }
  std::vector<RoundFinding> End() {
    std::vector<RoundFinding> findings;
    out_ = &findings;
    tracker.EndAll(*this);
    out_ = nullptr;
    return findings;
  }
  void Lose(std::string_view table, int64_t root = -1) { tracker.Lose(table, *this, root); }

  int64_t Hold(RoundFinding f) override {
    held_[next_] = std::move(f);
    return next_++;
  }
  void Release(int64_t ticket, std::string message, int64_t root) override {
    RoundFinding f = std::move(held_.at(ticket));
    held_.erase(ticket);
    f.message = std::move(message);
    f.root = root;
    ASSERT_NE(out_, nullptr) << "released outside a Play or End";
    out_->push_back(std::move(f));
  }
  void Drop(int64_t ticket) override { held_.erase(ticket); }

  ShoeTracker tracker;

 private:
  std::map<int64_t, RoundFinding> held_;
  int64_t next_ = 0;
  std::vector<RoundFinding>* out_ = nullptr;
};

TEST(ShoeTrackerTest, ACardForeignToTheShoeIsFoundWhenTheShoeEnds) {
  Shoes shoes;
  RoundBuilder b("x");
  b.Shuffle(2).Deal(1, "AS").Deal(kDealer, "AS");
  EXPECT_TRUE(shoes.Play(b.round()).empty());
  RoundBuilder next("x");
  next.Deal(1, "KD").Burn("AS").Deal(kDealer, "KD");
  EXPECT_TRUE(shoes.Play(next.round()).empty());  // held: what follows tells what it is
  // The shoe ends with no other kind of card overdrawn: a card foreign to it.
  RoundBuilder end("x");
  end.Shuffle(2).Deal(1, "AS");
  auto findings = shoes.Play(end.round());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].code, Code::kShoeCardOverdrawn);
  EXPECT_EQ(findings[0].event, 1);
  EXPECT_EQ(findings[0].expected, 2);
  EXPECT_EQ(findings[0].actual, 3);
  EXPECT_NE(findings[0].message.find("a card foreign to the shoe"), std::string::npos) << findings[0].message;
  EXPECT_LT(findings[0].root, 0);
}

// Four aces of hearts beyond what the shoe holds, in four rounds: four acts at the table, four
// findings, each at its round and card.
TEST(ShoeTrackerTest, FourForeignCardsOfOneKindAreFourFindings) {
  Shoes shoes;
  RoundBuilder first("x");
  first.Shuffle(1).Deal(1, "AH").Deal(kDealer, "KS");
  EXPECT_TRUE(shoes.Play(first.round()).empty());
  for (int k = 0; k < 4; ++k) {
    RoundBuilder r("x");
    const std::string seat_card = std::string("2345").substr(static_cast<size_t>(k), 1) + "C";
    r.Deal(1, seat_card.c_str()).Deal(kDealer, "AH");
    EXPECT_TRUE(shoes.Play(r.round()).empty());
  }
  auto findings = shoes.End();
  ASSERT_EQ(findings.size(), 4u);
  for (size_t k = 0; k < 4; ++k) {
    EXPECT_EQ(findings[k].code, Code::kShoeCardOverdrawn);
    EXPECT_EQ(findings[k].seat, kDealer);
    EXPECT_EQ(findings[k].actual, static_cast<Money>(k + 2));  // the 2nd, 3rd... AH of a one-deck shoe
    EXPECT_NE(findings[k].message.find(std::to_string(k + 1) + " of 4 cards AH"), std::string::npos)
        << findings[k].message;
  }
}

// A shuffle missing from the log: the new shoe's cards overdraw the old one's again and again.
// One finding, at the first; every later overdraw of the old shoe is named under it.
TEST(ShoeTrackerTest, AMissingShuffleIsOneFindingWithItsConsequencesNamed) {
  Shoes shoes;
  RoundBuilder first("x");
  first.Shuffle(1);
  for (const char* card : {"AS", "KS", "QS", "JS"}) first.Deal(1, card);
  EXPECT_TRUE(shoes.Play(first.round()).empty());
  // A new deck went in without a shuffle event: the same four cards come again, twice.
  RoundBuilder second("x");
  second.Id("x2");
  for (const char* card : {"AS", "KS"}) second.Deal(1, card);
  auto root = shoes.Play(second.round());  // AS held, then KS tells: a shuffle not logged
  ASSERT_EQ(root.size(), 1u);
  EXPECT_EQ(root[0].event, 0);
  EXPECT_NE(root[0].message.find("a shuffle not logged"), std::string::npos) << root[0].message;
  ASSERT_GE(root[0].root, 0);
  RoundBuilder third("x");
  third.Id("x3");
  for (const char* card : {"QS", "JS"}) third.Deal(1, card);
  EXPECT_TRUE(shoes.Play(third.round()).empty());
  EXPECT_EQ(shoes.tracker.consequences(root[0].root), 3);
  std::vector<Consequence> named = shoes.tracker.named(root[0].root);
  ASSERT_EQ(named.size(), 3u);
  EXPECT_EQ(named[0].round, "x2");
  EXPECT_EQ(named[0].event, 1);
  EXPECT_EQ(named[0].card, "KS");
  EXPECT_EQ(named[2].round, "x3");
  EXPECT_EQ(named[2].card, "JS");
  EXPECT_EQ(named[2].input, "log");
  // A card the restarted count cannot hold either is a fault of its own: held, and at the
  // shoe's end a card foreign to it.
  RoundBuilder fourth("x");
  fourth.Deal(1, "AS");
  EXPECT_TRUE(shoes.Play(fourth.round()).empty());
  // A shuffle ends it all.
  RoundBuilder fifth("x");
  fifth.Shuffle(1).Deal(1, "AS");
  auto again = shoes.Play(fifth.round());
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].event, 0);
  EXPECT_NE(again[0].message.find("a card foreign to the shoe"), std::string::npos);
  EXPECT_TRUE(shoes.End().empty());
}

TEST(ShoeTrackerTest, ATableWithNoShoeIsOneFindingAtItsFirstRound) {
  Shoes shoes;
  RoundBuilder b("x");
  b.Deal(1, "AS").Deal(kDealer, "KS");
  auto findings = shoes.Play(b.round());
  ASSERT_EQ(findings.size(), 1u);
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(shoes.Play(b.round()).empty());
  EXPECT_EQ(shoes.tracker.consequences(findings[0].root), 5);
  RoundBuilder c("x");
  c.Shuffle(1).Deal(1, "AS");
  EXPECT_TRUE(shoes.Play(c.round()).empty());
  EXPECT_EQ(shoes.tracker.consequences(findings[0].root), 5);
}

TEST(ShoeTrackerTest, ALossWithACauseCountsTheRoundsNotJudged) {
  Shoes shoes;
  RoundBuilder a("x");
  a.Shuffle(1).Deal(1, "AS");
  EXPECT_TRUE(shoes.Play(a.round()).empty());
  int64_t cause = shoes.tracker.NewRoot();
  shoes.Lose("T1", cause);
  RoundBuilder b("x");
  b.Deal(1, "AS").Deal(kDealer, "AS");
  EXPECT_TRUE(shoes.Play(b.round()).empty());
  EXPECT_TRUE(shoes.Play(b.round()).empty());
  EXPECT_EQ(shoes.tracker.consequences(cause), 2);
}

// A context log cut off may have dealt from a table it has no round of: such a table starts
// with its shoe unknown, its draws counted under the cause until its first shuffle, not found
// drawn with no shoe in play.
TEST(ShoeTrackerTest, TablesNotSeenStartUnknownAfterLoseUnseen) {
  Shoes shoes;
  const int64_t cause = shoes.tracker.NewRoot();
  EXPECT_EQ(shoes.tracker.unjudged_root("T2"), -1);
  shoes.tracker.LoseUnseen(cause);
  EXPECT_EQ(shoes.tracker.unjudged_root("T2"), cause);
  RoundBuilder mid("x", "T2");
  mid.Deal(1, "AS").Deal(kDealer, "AS");
  EXPECT_TRUE(shoes.Play(mid.round()).empty());  // no shoe/no-shuffle
  EXPECT_EQ(shoes.tracker.consequences(cause), 1);
  RoundBuilder shuffled("x", "T2");
  shuffled.Shuffle(1).Deal(1, "AS").Deal(kDealer, "AS");  // judged again: two aces of one deck
  EXPECT_TRUE(shoes.Play(shuffled.round()).empty());      // held until the shoe ends
  EXPECT_EQ(shoes.tracker.unjudged_root("T2"), -1);
  EXPECT_EQ(shoes.End().size(), 1u);
  EXPECT_EQ(shoes.tracker.consequences(cause), 1);
}

TEST(ShoeTrackerTest, AShuffleRefillsTheShoe) {
  Shoes shoes;
  RoundBuilder a("x");
  a.Shuffle(1).Deal(1, "AS");
  EXPECT_TRUE(shoes.Play(a.round()).empty());
  RoundBuilder b("x");
  b.Shuffle(1).Deal(1, "AS");
  EXPECT_TRUE(shoes.Play(b.round()).empty());
  EXPECT_TRUE(shoes.End().empty());
}

// A shuffle between a seat's card and the dealer's, in one round: one finding.
TEST(ShoeTrackerTest, AShuffleInTheMiddleOfARoundIsAFinding) {
  Shoes shoes;
  RoundBuilder b("x");
  b.Shuffle(1).Deal(1, "AS").Shuffle(1).Deal(kDealer, "AS").Shuffle(1);
  auto findings = shoes.Play(b.round());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].code, Code::kShoeMidRoundShuffle);
  EXPECT_EQ(findings[0].event, 2);
  // Not where the rules' own fresh-shuffle check found it already.
  EXPECT_TRUE(shoes.Play(b.round(), /*shuffle_reported=*/true).empty());
}

TEST(ShoeTrackerTest, TracksEachTableApart) {
  Shoes shoes;
  RoundBuilder a("x", "T1"), b("x", "T2");
  a.Shuffle(1).Deal(1, "AS");
  b.Shuffle(1).Deal(1, "AS");
  EXPECT_TRUE(shoes.Play(a.round()).empty());
  EXPECT_TRUE(shoes.Play(b.round()).empty());
  EXPECT_EQ(shoes.tracker.tables(), 2u);
}

TEST(ShoeTrackerTest, ADrawWithNoShoeInPlayIsFoundOncePerRound) {
  Shoes shoes;
  RoundBuilder b("x");
  b.Deal(1, "AS").Deal(kDealer, "KS");
  auto findings = shoes.Play(b.round());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].code, Code::kShoeNoShuffle);
  EXPECT_EQ(findings[0].event, 0);
  EXPECT_TRUE(shoes.Play(b.round(), /*shuffle_reported=*/true).empty());
}

TEST(ShoeTrackerTest, ALostRoundStopsJudgingTheShoeUntilTheNextShuffle) {
  Shoes shoes;
  shoes.Lose("T1");  // its first round could not be read: it may have shuffled
  RoundBuilder b("x");
  b.Deal(1, "AS").Deal(kDealer, "AS");
  EXPECT_TRUE(shoes.Play(b.round()).empty());
  RoundBuilder c("x");
  c.Shuffle(1).Deal(1, "AS").Deal(kDealer, "AS");
  EXPECT_TRUE(shoes.Play(c.round()).empty());
  EXPECT_EQ(shoes.End().size(), 1u);  // the second AS of a one-deck shoe, at the shoe's end
}

}  // namespace
}  // namespace pitboss
