#include "history/splitter.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pitboss {
namespace {

constexpr char kShuffle[] = R"({"type":"shuffle","shoe":"s","decks":6})";
constexpr char kDeal[] = R"({"type":"deal","seat":1,"card":"2C"})";

std::string Round(const std::string& id, const std::string& time, const std::string& table,
                  const std::vector<std::string>& events) {
  std::string line = R"({"round":")" + id + R"(","time":")" + time + R"(","table":")" + table +
                     R"(","rules":"us-sd/casino-war","events":[)";
  for (size_t i = 0; i < events.size(); ++i) line += (i ? "," : "") + events[i];
  return line + "]}";
}

// Splits `lines` (all of input 0) and returns, per shard, its lines in order.
struct Split {
  explicit Split(SplitBy by, const std::vector<std::string>& lines) : splitter(by) {
    auto emit = [this](size_t shard, std::string_view text) {
      if (shard >= out.size()) out.resize(shard + 1);
      out[shard].emplace_back(text);
    };
    for (size_t i = 0; i < lines.size(); ++i) splitter.Add(lines[i], {0, static_cast<int64_t>(i + 1)}, emit);
    splitter.Finish(emit);
  }
  // The lines of the shard named `name`; fails the test when there is none.
  std::vector<std::string> Shard(const std::string& name) const {
    for (size_t i = 0; i < splitter.shards().size(); ++i) {
      if (splitter.shards()[i].name == name) return out[i];
    }
    ADD_FAILURE() << "no shard " << name;
    return {};
  }
  std::vector<std::string> Names() const {
    std::vector<std::string> names;
    for (const ShardInfo& s : splitter.shards()) names.push_back(s.name);
    return names;
  }
  Splitter splitter;
  std::vector<std::vector<std::string>> out;
};

TEST(Splitter, ByTableKeepsEachTablesLinesInOrder) {
  const std::string a1 = Round("A1", "2026-03-01T20:00:00Z", "A", {kShuffle, kDeal});
  const std::string b1 = Round("B1", "2026-03-01T20:00:10Z", "B", {kShuffle, kDeal});
  const std::string a2 = Round("A2", "2026-03-02T20:00:20Z", "A", {kDeal});
  Split split(SplitBy::kTable, {a1, b1, "", "  \r", a2});
  EXPECT_EQ(split.Names(), (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(split.Shard("A"), (std::vector<std::string>{a1, a2}));
  EXPECT_EQ(split.Shard("B"), (std::vector<std::string>{b1}));
  EXPECT_EQ(split.splitter.shards()[0].key, "A");
  EXPECT_EQ(split.splitter.shards()[0].lines, 2);
  EXPECT_EQ(split.splitter.blank_lines(), 2);
  EXPECT_TRUE(split.splitter.duplicates().empty());
}

TEST(Splitter, FileNamesAreSafeAndDistinct) {
  EXPECT_EQ(SanitizeFileStem("T7"), "T7");
  EXPECT_EQ(SanitizeFileStem("../etc/passwd"), "_._etc_passwd");
  EXPECT_EQ(SanitizeFileStem(".hidden"), "_hidden");
  EXPECT_EQ(SanitizeFileStem(""), "_");
  EXPECT_EQ(SanitizeFileStem("caf\xc3\xa9 1"), "caf___1");
  EXPECT_EQ(SanitizeFileStem(std::string(300, 'x')).size(), 100u);
  std::vector<std::string> lines;
  for (std::string table : {"a/b", "a_b", "A_B", "unreadable", "split-manifest"}) {
    lines.push_back(Round(table + "-1", "2026-03-01T20:00:00Z", table, {kShuffle}));
  }
  Split split(SplitBy::kTable, lines);
  EXPECT_EQ(split.Names(),
            (std::vector<std::string>{"a_b", "a_b-2", "A_B-3", "unreadable-2", "split-manifest-2"}));
  EXPECT_EQ(split.splitter.shards()[1].key, "a_b");
}

TEST(Splitter, ByDayMovesATableOnlyAtAShuffle) {
  const std::string d1 = Round("A1", "2026-03-01T23:50:00Z", "A", {kShuffle, kDeal});
  const std::string d2_same_shoe = Round("A2", "2026-03-02T00:10:00Z", "A", {kDeal});
  const std::string b_d2 = Round("B1", "2026-03-02T00:20:00Z", "B", {kShuffle, kDeal});
  const std::string d2_shuffle = Round("A3", "2026-03-02T00:30:00Z", "A", {kShuffle, kDeal});
  const std::string d3_shuffle_late = Round("A4", "2026-03-03T00:30:00Z", "A", {kDeal, kShuffle, kDeal});
  const std::string d4_shuffle = Round("A5", "2026-03-04T00:30:00Z", "A", {kShuffle, kDeal});
  Split split(SplitBy::kDay, {d1, d2_same_shoe, b_d2, d2_shuffle, d3_shuffle_late, d4_shuffle});
  EXPECT_EQ(split.Names(), (std::vector<std::string>{"2026-03-01", "2026-03-02", "2026-03-04"}));
  EXPECT_EQ(split.Shard("2026-03-01"), (std::vector<std::string>{d1, d2_same_shoe}));
  // A round that draws before it shuffles owes its first cards to the shoe before it.
  EXPECT_EQ(split.Shard("2026-03-02"), (std::vector<std::string>{b_d2, d2_shuffle, d3_shuffle_late}));
  EXPECT_EQ(split.Shard("2026-03-04"), (std::vector<std::string>{d4_shuffle}));
  ASSERT_EQ(split.splitter.cuts().size(), 4u);
  EXPECT_EQ(split.splitter.cuts()[2].table, "A");
  EXPECT_EQ(split.splitter.cuts()[2].origin.line, 4);
}

TEST(Splitter, ByDayARoundDatedBeforeTheOneBeforeItStartsNoDay) {
  // Dated the 2nd as written, but at 23:00Z on the 1st: before the round logged before it.
  const std::string first = Round("A1", "2026-03-01T23:30:00-05:00", "A", {kShuffle, kDeal});
  const std::string back = Round("A2", "2026-03-02T01:00:00+02:00", "A", {kShuffle, kDeal});
  const std::string next = Round("A3", "2026-03-02T09:00:00Z", "A", {kShuffle, kDeal});
  Split split(SplitBy::kDay, {first, back, next});
  EXPECT_EQ(split.Shard("2026-03-01"), (std::vector<std::string>{first, back}));
  EXPECT_EQ(split.Shard("2026-03-02"), (std::vector<std::string>{next}));
}

TEST(Splitter, LinesThatAreNotRoundsStayWithTheirTableOrGoApart) {
  const std::string not_json = "this is not a round";
  const std::string held = R"({"round":"B0","table":"B","events":[]})";  // no time, no rules
  const std::string orphan = R"({"round":"C0","table":"C"})";
  const std::string a1 = Round("A1", "2026-03-01T20:00:00Z", "A", {kShuffle, kDeal});
  const std::string a_bad = R"({"round":"A2","table":"A","time":7})";
  const std::string b1 = Round("B1", "2026-03-01T20:00:10Z", "B", {kShuffle, kDeal});
  for (SplitBy by : {SplitBy::kTable, SplitBy::kDay}) {
    Split split(by, {not_json, held, orphan, a1, a_bad, b1});
    const auto& u = split.splitter.unreadable();
    if (by == SplitBy::kTable) {
      EXPECT_EQ(split.Shard("A"), (std::vector<std::string>{a1, a_bad}));
      EXPECT_EQ(split.Shard("B"), (std::vector<std::string>{held, b1}));
      EXPECT_EQ(split.Shard("C"), (std::vector<std::string>{orphan}));
      EXPECT_EQ(split.Shard("unreadable"), (std::vector<std::string>{not_json}));
      ASSERT_EQ(u.size(), 1u);
    } else {
      // The held line goes just before its table's first round; C has none.
      EXPECT_EQ(split.Shard("2026-03-01"), (std::vector<std::string>{a1, a_bad, held, b1}));
      EXPECT_EQ(split.Shard("unreadable"), (std::vector<std::string>{not_json, orphan}));
      ASSERT_EQ(u.size(), 2u);
      EXPECT_EQ(u[1].origin.line, 3);
      EXPECT_EQ(u[1].to.line, 2);
      EXPECT_NE(u[1].why.find("table C"), std::string::npos);
    }
    EXPECT_EQ(u[0].origin.line, 1);
    EXPECT_EQ(u[0].to.line, 1);
    EXPECT_FALSE(u[0].why.empty());
    EXPECT_TRUE(split.splitter.shards()[split.splitter.shards().size() - 1].unreadable ||
                split.splitter.shards()[0].unreadable);
  }
}

TEST(Splitter, RoundIdsInTwoShardsAreListed) {
  const std::string a1 = Round("X1", "2026-03-01T20:00:00Z", "A", {kShuffle, kDeal});
  const std::string a_again = Round("X1", "2026-03-01T20:00:00Z", "A", {kShuffle, kDeal});
  const std::string b_same_id = Round("X1", "2026-03-01T20:01:00Z", "B", {kShuffle, kDeal});
  Split split(SplitBy::kTable, {a1, a_again, b_same_id});
  // The one in A's own shard is the shard's check's to find.
  ASSERT_EQ(split.splitter.duplicates().size(), 1u);
  const CrossShardDuplicate& d = split.splitter.duplicates()[0];
  EXPECT_EQ(d.round, "X1");
  EXPECT_EQ(d.table, "B");
  EXPECT_EQ(d.first_origin.line, 1);
  EXPECT_EQ(d.first.shard, 0u);
  EXPECT_EQ(d.first.line, 1);
  EXPECT_EQ(d.again_origin.line, 3);
  EXPECT_EQ(d.again.shard, 1u);
  EXPECT_EQ(d.again.line, 1);
}

TEST(Splitter, ByDayARepeatedRoundMovesNoTable) {
  const std::string a1 = Round("A1", "2026-03-01T20:00:00Z", "A", {kShuffle, kDeal});
  const std::string a2 = Round("A2", "2026-03-01T20:01:00Z", "A", {kDeal});
  // A copy of A1 with a later date and a shuffle: the checker does not replay it.
  const std::string copy = Round("A1", "2026-03-02T20:00:00Z", "A", {kShuffle, kDeal});
  const std::string a3 = Round("A3", "2026-03-01T20:02:00Z", "A", {kDeal});
  Split split(SplitBy::kDay, {a1, a2, copy, a3});
  EXPECT_EQ(split.Names(), (std::vector<std::string>{"2026-03-01"}));
  EXPECT_EQ(split.Shard("2026-03-01"), (std::vector<std::string>{a1, a2, copy, a3}));
  EXPECT_TRUE(split.splitter.duplicates().empty());
}

TEST(Splitter, FormatDate) { EXPECT_EQ(FormatDate(20260301), "2026-03-01"); }

}  // namespace
}  // namespace pitboss
