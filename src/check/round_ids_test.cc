#include "check/round_ids.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

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

// The ids a hash was asked for, by a set under CountingHash.
std::vector<std::string> hashed_ids;
RoundIdSet::Hash128 CountingHash(const RoundIdSet::Key& key, std::string_view id) {
  hashed_ids.emplace_back(id);
  return RoundIdSet::SipHash128(key, id);
}

// An id kept in a run is never hashed; one that leaves a run for the table is hashed as it was
// written (its number at its width), and found there under its first place.
TEST(RoundIdSetTest, IdsInRunsAreNotHashedAndARunOfOneIsHashedAsWritten) {
  hashed_ids.clear();
  RoundIdSet set({1, 2}, &CountingHash);
  int64_t line = 0;
  for (uint64_t n = 1; n <= 100; ++n) {
    for (int t = 1; t <= 3; ++t)
      EXPECT_FALSE(set.Insert(Id("T" + std::to_string(t) + "-", n, 6), {0, ++line}));
  }
  EXPECT_TRUE(set.Insert("T2-000050", {0, ++line}));
  EXPECT_TRUE(hashed_ids.empty());

  // A-0005 opens a run of one, which A-0003 (a lower number) ends: A-0005 goes to the table.
  EXPECT_FALSE(set.Insert("A-0005", {0, 1000}));
  EXPECT_FALSE(set.Insert("A-0003", {0, 1001}));
  EXPECT_EQ(hashed_ids, std::vector<std::string>{"A-0005"});
  EXPECT_EQ(set.hashed(), 1u);
  const auto first = set.Insert("A-0005", {0, 1002});
  ASSERT_TRUE(first);
  EXPECT_EQ(first->line, 1000);
  EXPECT_FALSE(set.Insert("A-005", {0, 1003}));  // another width: another id
  EXPECT_TRUE(set.Insert("A-0003", {0, 1004}));
}

// A table whose rounds are logged at uneven intervals (a dialect's log, whose rounds take
// different numbers of lines) ends a run every two ids, or at each id: each run of two kept,
// each run of one hashed, and every id found at the line it was seen at.
TEST(RoundIdSetTest, UnevenlyLoggedIdsAreFoundWhereFirstSeen) {
  RoundIdSet set;
  int64_t line = 0;
  std::vector<int64_t> line_of(2001);
  // The first thousand in order, lines 17 and 18 apart in turn (runs of two); the next
  // thousand from the last down (runs of one).
  for (uint64_t i = 1; i <= 2000; ++i) {
    const uint64_t n = i <= 1000 ? i : 3001 - i;
    line += i % 2 == 0 ? 17 : 18;
    line_of[n] = line;
    EXPECT_FALSE(set.Insert(Id("T1-", n, 6), {0, line}));
  }
  EXPECT_EQ(set.runs(), 500u);
  EXPECT_GE(set.hashed(), 999u);
  for (uint64_t n = 1; n <= 2000; n += 37) {
    const auto at = set.Insert(Id("T1-", n, 6), {0, ++line});
    ASSERT_TRUE(at) << n;
    EXPECT_EQ(at->line, line_of[n]) << n;
  }
}

// Runs of their own are kept for kMaxRuns runs at most; the ids of the runs done past it are
// hashed, and are found as exactly.
TEST(RoundIdSetTest, RunsPastTheMostKeptAreHashed) {
  RoundIdSet set;
  const uint64_t per_run = RoundIdSet::kMinRun + 1;
  const uint64_t runs = RoundIdSet::kMaxRuns + 100;
  int64_t line = 0;
  uint64_t n = 0;
  for (uint64_t r = 0; r < runs; ++r) {
    line += 1000;  // a new run: lines no longer in step
    for (uint64_t i = 0; i < per_run; ++i) EXPECT_FALSE(set.Insert(Id("T1-", ++n, 9), {0, line += 10}));
  }
  EXPECT_EQ(set.runs(), RoundIdSet::kMaxRuns);
  EXPECT_GE(set.hashed(), (runs - RoundIdSet::kMaxRuns - 1) * per_run);
  // One in a run kept, and one in a run past the most: each at the line it was seen at.
  for (const uint64_t r : {uint64_t{10}, runs - 50}) {
    const uint64_t id = r * per_run + 3;
    const auto at = set.Insert(Id("T1-", id, 9), {0, 1});
    ASSERT_TRUE(at) << id;
    EXPECT_EQ(at->line, static_cast<int64_t>((r + 1) * 1000 + (r * per_run + 3) * 10)) << id;
  }
}

// Against a set of the ids themselves, on ids of every shape in a shuffled order, with
// repeats: the same answers, and the same first places.
// Under the default budget, and under one so small that the hashed ids go to disk every
// 700 or so (and UUIDs, some ending in digits, fill the prefixes kept as runs).
class RoundIdSetBudgetTest : public ::testing::TestWithParam<size_t> {};

TEST_P(RoundIdSetBudgetTest, SaysWhatASetOfTheIdsSays) {
  std::mt19937_64 rng(42);
  RoundIdSet set(GetParam());
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
        if (rng() % 2 == 0) {
          id = "round-" + std::to_string(rng() % 3000) + "-x";  // no number at the end
        } else {
          // A UUID from a few thousand: its last group is all digits one time in a few.
          char uuid[40];
          const uint64_t n = rng() % 6000;
          std::snprintf(uuid, sizeof uuid, "%08llx-1b4e-4c1a-9f2e-%012llx",
                        static_cast<unsigned long long>(n * 7919),
                        static_cast<unsigned long long>(n % 4 == 0 ? n * 1000003 : n * 0xabcdef));
          id = uuid;
        }
        break;
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
  if (GetParam() < 65536) {
    EXPECT_GT(set.spilled(), 10000u);
    EXPECT_LE(set.disk_runs(), 8u);
    EXPECT_EQ(set.spill_error(), "");
  }
}

INSTANTIATE_TEST_SUITE_P(Budgets, RoundIdSetBudgetTest,
                         ::testing::Values(RoundIdSet::kDefaultMemory, size_t{0}));

// Numbered ids of one prefix at random, from a few inputs, many seeds over: runs grow, end and
// start between one another, and every repeat is found (a run that ended around a number an
// open run then started at once hid the ids of the first from every later lookup).
TEST(RoundIdSetTest, RunsStartingInsideARunJustDoneAreNotLost) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    std::mt19937_64 rng(seed);
    RoundIdSet set;
    std::map<std::string, SeenAt> exact;
    for (int i = 0; i < 3000; ++i) {
      const std::string id = Id("D-", rng() % 200, 3);
      const SeenAt at{static_cast<uint32_t>(rng() % 2), i + 1};
      auto [it, fresh] = exact.try_emplace(id, at);
      auto got = set.Insert(id, at);
      ASSERT_EQ(got.has_value(), !fresh) << id << " at " << i << ", seed " << seed;
      if (got) {
        ASSERT_EQ(got->line, it->second.line) << id << " at " << i << ", seed " << seed;
      }
    }
  }
}

// Hashes whose first words are few (three values), so that a run on disk has long stretches of
// one first word, across its blocks: every id is still found, at its place.
RoundIdSet::Hash128 FewFirstWords(const RoundIdSet::Key& key, std::string_view id) {
  RoundIdSet::Hash128 h = RoundIdSet::SipHash128(key, id);
  h.a %= 3;
  return h;
}

TEST(RoundIdSetTest, IdsOnDiskAreFoundAcrossBlocksOfOneFirstWord) {
  RoundIdSet set({5, 6}, &FewFirstWords, 0);
  for (int i = 0; i < 3000; ++i) EXPECT_FALSE(set.Insert("id-" + std::to_string(i) + "x", {0, i + 1}));
  EXPECT_GT(set.spilled(), 2000u);
  for (int i = 0; i < 3000; ++i) {
    auto at = set.Insert("id-" + std::to_string(i) + "x", {1, 1});
    ASSERT_TRUE(at) << i;
    EXPECT_EQ(at->input, 0u);
    EXPECT_EQ(at->line, i + 1);
  }
  EXPECT_FALSE(set.Insert("id-3000x", {1, 2}));
}

// The 16 bytes of a hash, as SipHash's reference (and `openssl mac SIPHASH`) writes them.
std::string Hex(RoundIdSet::Hash128 h) {
  std::string out;
  for (uint64_t word : {h.a, h.b}) {
    for (int i = 0; i < 8; ++i) {
      char buf[3];
      std::snprintf(buf, sizeof buf, "%02x", static_cast<unsigned>((word >> (8 * i)) & 0xff));
      out += buf;
    }
  }
  return out;
}

TEST(RoundIdSetTest, SipHashGivesTheReferenceValues) {
  const RoundIdSet::Key key = {0x0706050403020100ull, 0x0f0e0d0c0b0a0908ull};  // bytes 00..0f
  EXPECT_EQ(Hex(RoundIdSet::SipHash128(key, "")), "a3817f04ba25a8e66df67214c7550293");
  EXPECT_EQ(Hex(RoundIdSet::SipHash128(key, std::string(1, '\0'))), "da87c1d86b99af44347659119b22fc45");
  std::string fifteen;
  for (char c = 0; c < 15; ++c) fifteen += c;
  EXPECT_EQ(Hex(RoundIdSet::SipHash128(key, fifteen)), "5493e99933b0a8117e08ec0f97cfc3d9");
}

// An unkeyed hash lets a log choose two ids that collide, so that the second is "seen before;
// not checked". A test hash collides "R-a" and "R-b" under one key only, as ids chosen against
// a known key would: under that key the set takes them for one id; under the key a set draws
// for itself, they are two ids.
RoundIdSet::Hash128 CollidesUnderKeyOne(const RoundIdSet::Key& key, std::string_view id) {
  if (key == RoundIdSet::Key{1, 1} && (id == "R-a" || id == "R-b")) return {42, 42};
  return RoundIdSet::SipHash128(key, id);
}

TEST(RoundIdSetTest, IdsCollidingUnderAKnownKeyAreTwoIdsUnderTheSetsOwn) {
  RoundIdSet known({1, 1}, &CollidesUnderKeyOne);
  EXPECT_FALSE(known.Insert("R-a", {0, 1}));
  EXPECT_TRUE(known.Insert("R-b", {0, 2}));  // the false duplicate a chosen collision makes

  RoundIdSet own;  // a key drawn at random
  EXPECT_FALSE(own.Insert("R-a", {0, 1}));
  EXPECT_FALSE(own.Insert("R-b", {0, 2}));
  EXPECT_TRUE(own.Insert("R-b", {0, 3}));
  EXPECT_EQ(own.hashed(), 2u);

  // Two sets draw two keys: the hash of one id differs between them.
  RoundIdSet::Key k1 = {1, 1}, k2 = {1, 2};
  EXPECT_NE(Hex(RoundIdSet::SipHash128(k1, "T7-000124")), Hex(RoundIdSet::SipHash128(k2, "T7-000124")));
}

}  // namespace
}  // namespace pitboss
