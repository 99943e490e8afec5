#include "games/round_ids.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>

namespace pitboss {
namespace {

using SeenAt = RoundIdSet::SeenAt;

std::string Id(const std::string& prefix, uint64_t n, int width) {
  std::string digits = std::to_string(n);
  return prefix + std::string(static_cast<size_t>(width) - std::min<size_t>(digits.size(), width), '0') +
         digits;
}

TEST(RoundIdSetTest, TablesRoundRobinAreRunsAndSayWhereFirstSeen) {
  RoundIdSet set;
  int64_t line = 0;
  for (uint64_t n = 1; n <= 1000; ++n) {
    for (int t = 1; t <= 4; ++t)
      EXPECT_FALSE(set.Insert(Id("T" + std::to_string(t) + "-", n, 6), {0, ++line}));
  }
  EXPECT_EQ(set.hashed(), 0u);
  auto at = set.Insert("T3-000500", {1, 7});
  ASSERT_TRUE(at);
  EXPECT_EQ(at->input, 0u);
  EXPECT_EQ(at->line, (500 - 1) * 4 + 3);
  EXPECT_FALSE(set.Insert("T3-00500", {1, 8}));  // another width: another id
  EXPECT_FALSE(set.Insert("T3-001001", {1, 9}));
  EXPECT_TRUE(set.Insert("T3-00500", {1, 10}));
}

// Against a set of the ids themselves, on ids of every shape in a shuffled order, with
// repeats: the same answers, and the same first places.
TEST(RoundIdSetTest, SaysWhatASetOfTheIdsSays) {
  std::mt19937_64 rng(42);
  RoundIdSet set;
  std::map<std::string, SeenAt> exact;
  int64_t line = 0;
  for (int i = 0; i < 200000; ++i) {
    std::string id;
    switch (rng() % 5) {
      case 0:
        id = Id("A-", static_cast<uint64_t>(i / 3), 6);
        break;  // in turn, repeated
      case 1:
        id = Id("B-", rng() % 5000, 4);
        break;  // at random
      case 2:
        id = Id("C", static_cast<uint64_t>(i) * 2 + rng() % 3, 8);
        break;
      case 3:
        id = "round-" + std::to_string(rng() % 3000) + "-x";
        break;  // no number at the end
      default:
        id = Id("D-", rng() % 100, static_cast<int>(1 + rng() % 3));
        break;
    }
    SeenAt at{static_cast<uint32_t>(rng() % 3), ++line};
    auto [it, fresh] = exact.try_emplace(id, at);
    auto got = set.Insert(id, at);
    ASSERT_EQ(got.has_value(), !fresh) << id << " at " << i;
    if (got) {
      EXPECT_EQ(got->input, it->second.input) << id;
      EXPECT_EQ(got->line, it->second.line) << id;
    }
  }
}

}  // namespace
}  // namespace pitboss
