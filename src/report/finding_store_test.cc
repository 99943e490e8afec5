#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "pitboss/report.h"

namespace pitboss {
namespace {

Finding Numbered(int i) {
  Finding f;
  f.code = static_cast<Code>(i % 5);
  f.round = "T1-" + std::to_string(i);
  f.table = "T1";
  f.input = "day.jsonl";
  f.line = i + 1;
  if (i % 2) f.seat = i % 7;
  if (i % 3) f.expected = -i * 100;
  f.actual = i;
  f.wager = WagerKind::kTie;
  f.event = i % 4 ? std::optional<int>(i % 11) : std::nullopt;
  f.reading_dependent = {"a-" + std::to_string(i % 3)};
  f.cleared_by = {{"a-" + std::to_string(i % 3), {"r1", "r2"}}};
  f.message = std::string(static_cast<size_t>(i % 300), 'm');
  f.time = "2026-01-05T18:00:00Z";
  f.rules = i % 2 ? "us-sd/war-blackjack" : "";
  if (i % 5) f.money_moved = (i % 2 ? 1 : -1) * static_cast<Money>(i) * 25;
  for (int c = 0; c < i % 4; ++c) {
    f.consequence_list.push_back({"day.jsonl", i + c + 2, "T1-" + std::to_string(i + c + 1),
                                  c % 2 ? std::nullopt : std::optional<int>(c), c % 3 ? "" : "7H"});
  }
  return f;
}

void ExpectSame(const Finding& a, const Finding& b) {
  EXPECT_EQ(a.code, b.code);
  EXPECT_EQ(a.round, b.round);
  EXPECT_EQ(a.line, b.line);
  EXPECT_EQ(a.seat, b.seat);
  EXPECT_EQ(a.expected, b.expected);
  EXPECT_EQ(a.actual, b.actual);
  EXPECT_EQ(a.wager, b.wager);
  EXPECT_EQ(a.event, b.event);
  EXPECT_EQ(a.reading_dependent, b.reading_dependent);
  EXPECT_EQ(a.cleared_by, b.cleared_by);
  EXPECT_EQ(a.message, b.message);
  EXPECT_EQ(a.time, b.time);
  EXPECT_EQ(a.consequences, b.consequences);
  EXPECT_EQ(a.consequences_note, b.consequences_note);
  EXPECT_EQ(a.rules, b.rules);
  EXPECT_EQ(a.money_moved, b.money_moved);
  EXPECT_EQ(a.consequence_list, b.consequence_list);
  EXPECT_TRUE(a == b);  // and every field besides
}

TEST(FindingStoreTest, SpilledFindingsReadBackInOrderWithTheirPatches) {
  FindingStore store(7);
  std::vector<Finding> want;
  for (int i = 0; i < 1000; ++i) {
    store.push_back(Numbered(i));
    want.push_back(Numbered(i));
  }
  EXPECT_EQ(store.size(), 1000u);
  EXPECT_GT(store.spilled(), 900u);
  store.Patch(3, 12, "twelve later");
  store.Patch(999, 2, "two later");
  want[3].consequences = 12;
  want[3].consequences_note = "twelve later";
  want[999].consequences = 2;
  want[999].consequences_note = "two later";
  size_t i = 0;
  for (const Finding& f : store) ExpectSame(f, want[i++]);
  EXPECT_EQ(i, 1000u);
  // Two passes at once, as std::any_of and a loop may make.
  auto a = store.begin();
  auto b = store.begin();
  ++a;
  EXPECT_EQ(a->round, "T1-1");
  EXPECT_EQ(b->round, "T1-0");
}

// Patch with a list sets the consequences named one by one too, spilled or held; Patch without
// one leaves the list as it was, patched or spilled.
TEST(FindingStoreTest, PatchesTheNamedConsequences) {
  FindingStore store(4);
  std::vector<Finding> want;
  for (int i = 0; i < 22; ++i) {
    store.push_back(Numbered(i));
    want.push_back(Numbered(i));
  }
  ASSERT_EQ(store.spilled(), 20u);  // 20 and 21 held
  const std::vector<Consequence> list = {{"day.jsonl", 40, "T1-39", 2, "AS"},
                                         {"-", 41, "T1-40", std::nullopt, ""}};
  store.Patch(1, 2, "two cards", list);  // spilled
  want[1].consequences = 2;
  want[1].consequences_note = "two cards";
  want[1].consequence_list = list;
  store.Patch(5, 4, "four later", {});  // spilled, its list emptied
  want[5].consequences = 4;
  want[5].consequences_note = "four later";
  want[5].consequence_list.clear();
  store.Patch(3, 9, "nine later");  // spilled: its list as spilled
  want[3].consequences = 9;
  want[3].consequences_note = "nine later";
  store.Patch(1, 3, "three cards");  // after a list: the list stays
  want[1].consequences = 3;
  want[1].consequences_note = "three cards";
  store.Patch(21, 1, "one card", {list[0]});  // held
  want[21].consequences = 1;
  want[21].consequences_note = "one card";
  want[21].consequence_list = {list[0]};
  store.Patch(21, 2, "two cards");  // held: the list stays
  want[21].consequences = 2;
  want[21].consequences_note = "two cards";
  size_t i = 0;
  for (const Finding& f : store) ExpectSame(f, want[i++]);
  EXPECT_EQ(i, 22u);
  // A copy that grows re-spills the patched findings with their lists.
  FindingStore copy = store;
  for (int n = 22; n < 25; ++n) {
    copy.push_back(Numbered(n));
    want.push_back(Numbered(n));
  }
  ASSERT_EQ(copy.spilled(), 25u);
  i = 0;
  for (const Finding& f : copy) ExpectSame(f, want[i++]);
  EXPECT_EQ(i, 25u);
}

TEST(FindingStoreTest, ACopyThatGrowsLeavesTheOriginalAsItWas) {
  FindingStore store(5);
  for (int i = 0; i < 40; ++i) store.push_back(Numbered(i));
  FindingStore copy = store;
  for (int i = 40; i < 60; ++i) copy.push_back(Numbered(i));
  copy.Patch(2, 1, "one later");
  EXPECT_EQ(store.size(), 40u);
  EXPECT_EQ(copy.size(), 60u);
  size_t i = 0;
  for (const Finding& f : store) {
    EXPECT_EQ(f.round, "T1-" + std::to_string(i));
    EXPECT_EQ(f.consequences, 0);
    ++i;
  }
  i = 0;
  for (const Finding& f : copy) {
    EXPECT_EQ(f.round, "T1-" + std::to_string(i));
    EXPECT_EQ(f.consequences, i == 2 ? 1 : 0);
    ++i;
  }
  EXPECT_EQ(i, 60u);
}

}  // namespace
}  // namespace pitboss
