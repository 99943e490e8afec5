#include "spec/diff.h"

#include <gtest/gtest.h>

#include "games/core/test_rounds.h"
#include "games/war/war_rules.h"
#include "spec/loader.h"

namespace pitboss {
namespace {

TEST(DiffTest, ASpecDoesNotDifferFromItself) {
  const RuleSpec& sd = BundledSpec("us-sd/casino-war.yaml").spec;
  EXPECT_TRUE(DiffSpecs(sd, sd).empty());
}

TEST(DiffTest, APayoutChangeIsOneChangeInMeaning) {
  RuleSpec changed = BundledSpec("online/war.yaml").spec;
  War(changed).payouts[0][1][static_cast<int>(WagerKind::kTie)].net = {10, 1};
  auto changes = DiffSpecs(BundledSpec("online/war.yaml").spec, changed);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].path, "payouts.initial.tie.tie");
  EXPECT_EQ(changes[0].old_value, "+11");
  EXPECT_EQ(changes[0].new_value, "+10");
  EXPECT_TRUE(changes[0].meaning);
  EXPECT_EQ(changes[0].new_clause, "Online War game rules, Initial Tie Wager, item 7");
}

TEST(DiffTest, WordingAndRevisionNameAreNotMeaning) {
  RuleSpec changed = BundledSpec("us-sd/casino-war.yaml").spec;
  changed.decks.cite.quote = "Casino War shall be played with six to eight decks.";
  changed.revision = "2030-01-01";
  auto changes = DiffSpecs(BundledSpec("us-sd/casino-war.yaml").spec, changed);
  ASSERT_EQ(changes.size(), 3u);  // decks.min and decks.max quoted anew, the revision's name
  for (const SpecChange& c : changes) EXPECT_FALSE(c.meaning) << c.path;
}

// Issue 12: the date the rules take effect decides which rounds they judge; it was wording,
// printed as 19000101 -> 20270101.
TEST(DiffTest, TheEffectiveDateIsAChangeOfMeaningShownAsDates) {
  RuleSpec changed = BundledSpec("online/war.yaml").spec;
  changed.effective = 20270101;
  auto changes = DiffSpecs(BundledSpec("online/war.yaml").spec, changed);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].path, "revision.effective");
  EXPECT_EQ(changes[0].old_value, "1900-01-01");
  EXPECT_EQ(changes[0].new_value, "2027-01-01");
  EXPECT_TRUE(changes[0].meaning);
}

TEST(DiffTest, WarnsOfTwoRuleSetsAndOfOneRevisionNameWithTwoMeanings) {
  const RuleSpec& sd = BundledSpec("us-sd/casino-war.yaml").spec;
  const RuleSpec& online = BundledSpec("online/war.yaml").spec;
  EXPECT_EQ(DiffWarnings(sd, online, DiffSpecs(sd, online)),
            std::vector<std::string>{"comparing us-sd/casino-war with online/war: different rule sets"});
  EXPECT_TRUE(DiffWarnings(sd, sd, DiffSpecs(sd, sd)).empty());

  RuleSpec edited = sd;  // the same revision name, another payout
  War(edited).payouts[0][1][static_cast<int>(WagerKind::kTie)].net = {11, 1};
  EXPECT_EQ(
      DiffWarnings(sd, edited, DiffSpecs(sd, edited)),
      std::vector<std::string>{"both are revision 2012-04-23, but they differ in meaning: rounds already "
                               "judged under it would be judged anew"});
  RuleSpec requoted = sd;  // the same revision name, wording only: nothing judged differs
  requoted.decks.cite.quote = "Casino War shall be played with six to eight decks.";
  EXPECT_TRUE(DiffWarnings(sd, requoted, DiffSpecs(sd, requoted)).empty());
  RuleSpec renamed = edited;  // a new revision name: no warning
  renamed.revision = "2030-01-01";
  EXPECT_TRUE(DiffWarnings(sd, renamed, DiffSpecs(sd, renamed)).empty());
}

TEST(DiffTest, WagersBurnsDecksAndAmbiguities) {
  const RuleSpec& sd = BundledSpec("us-sd/casino-war.yaml").spec;
  RuleSpec changed = sd;
  changed.wagers[static_cast<int>(WagerKind::kTie)] = WagerRule{};  // the tie wager removed...
  for (auto& stage : War(changed).payouts)
    for (auto& outcome : stage) outcome[static_cast<int>(WagerKind::kTie)] = Payout{};
  War(changed).war_deal.burns_before_seat_card = 2;
  changed.decks.max = 6;
  std::vector<Ambiguity>& ambiguities = changed.ambiguities.Mutable();
  ambiguities.erase(ambiguities.begin());  // ...and an ambiguity resolved
  std::map<std::string, SpecChange::Kind> got;
  for (const SpecChange& c : DiffSpecs(sd, changed)) {
    if (c.meaning) got[c.path] = c.kind;
  }
  EXPECT_EQ(got.at("wagers.tie"), SpecChange::Kind::kRemoved);
  EXPECT_EQ(got.at("payouts.initial.tie.tie"), SpecChange::Kind::kRemoved);
  EXPECT_EQ(got.at("deal.war.burns_before_seat_card"), SpecChange::Kind::kChanged);
  EXPECT_EQ(got.at("shoe.decks.max"), SpecChange::Kind::kChanged);
  EXPECT_EQ(got.at("ambiguities.sd-tie-choice"), SpecChange::Kind::kRemoved);
  EXPECT_EQ(DiffSpecs(changed, sd).size(), DiffSpecs(sd, changed).size());
}

}  // namespace
}  // namespace pitboss
