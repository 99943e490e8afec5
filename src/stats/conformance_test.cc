#include "stats/conformance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "games/core/test_rounds.h"
#include "games/games.h"
#include "history/round_parser.h"

namespace pitboss {
namespace {

const StatTest& Find(const StatsGroup& g, const std::string& id) {
  for (const StatTest& t : g.tests) {
    if (t.id == id) return t;
  }
  ADD_FAILURE() << "no test " << id;
  static StatTest none;
  return none;
}

TEST(JudgeTests, HolmStepDown) {
  StatsReport report;
  report.groups.resize(1);
  for (double p : {0.3, 0.001, 0.04, 0.02}) {
    StatTest t;
    t.p_value = p;
    report.groups[0].tests.push_back(t);
  }
  StatTest skipped;
  skipped.applicable = false;
  skipped.p_value = 0;
  report.groups[0].tests.push_back(skipped);
  JudgeTests(&report);
  const auto& t = report.groups[0].tests;
  // Sorted 0.001, 0.02, 0.04, 0.3: times 4, 3, 2, 1, never decreasing.
  EXPECT_DOUBLE_EQ(t[1].p_adjusted, 0.004);
  EXPECT_DOUBLE_EQ(t[3].p_adjusted, 0.06);
  EXPECT_DOUBLE_EQ(t[2].p_adjusted, 0.08);
  EXPECT_DOUBLE_EQ(t[0].p_adjusted, 0.3);
  EXPECT_FALSE(t[1].pass);
  EXPECT_FALSE(t[1].pass_alone);
  EXPECT_TRUE(t[3].pass);
  EXPECT_TRUE(t[3].pass_alone);
  EXPECT_TRUE(t[4].pass);  // not applicable: neither passed nor failed, and not counted
  EXPECT_EQ(report.tests(), 4);
  EXPECT_EQ(report.failed(), 1);
  EXPECT_EQ(report.failed_alone(), 1);
}

// Rounds of the online game from the project's dealer, fed to the collector as the checker
// would feed them; the groups of `tables_kept` tables at most (StatsCollector::Finish).
StatsReport Collect(const DealerOptions& options, size_t tables_kept = SIZE_MAX) {
  const RuleSpec& spec = BundledSpec("online/war.yaml").spec;
  std::ostringstream log;
  EXPECT_TRUE(GenerateRounds(spec, options, log).ok());
  StatsCollector collector;
  RoundParser parser;
  std::istringstream lines(log.str());
  Round round;
  for (std::string line; std::getline(lines, line);) {
    EXPECT_TRUE(parser.Parse(line, &round).ok());
    collector.Add(round, spec);
  }
  auto report = collector.Finish(tables_kept);
  EXPECT_TRUE(report.ok());
  return *report;
}

TEST(StatsCollector, FairDealerPasses) {
  DealerOptions options;
  options.rounds = 6000;
  options.seed = 5;
  StatsReport report = Collect(options);
  ASSERT_EQ(report.groups.size(), 1u);  // one table: the rule set's group only
  const StatsGroup& g = report.groups[0];
  EXPECT_EQ(g.rounds, 6000);
  EXPECT_EQ(g.decks.at(6), 6000);
  for (const char* id :
       {"rank-frequencies", "rank-pairs", "runs", "serial-correlation", "return:main", "return:tie"}) {
    const StatTest& t = Find(g, id);
    EXPECT_TRUE(t.applicable) << id << ": " << t.note;
    EXPECT_TRUE(t.pass) << id << " p=" << t.p_value;
  }
  EXPECT_EQ(Find(g, "rank-frequencies").df, 12);
  int64_t cards = 0;
  for (const RankCount& r : g.ranks) cards += r.observed;
  EXPECT_EQ(Find(g, "rank-frequencies").n, cards);
  EXPECT_NEAR(g.ranks[12].expected, cards / 13.0, 1e-9);
  // A fresh shoe every round: no finite-shoe correction worth the name.
  ASSERT_EQ(g.returns.size(), 3u);
  EXPECT_LT(g.returns[0].low, g.returns[0].theoretical);
  EXPECT_GT(g.returns[0].high, g.returns[0].theoretical);
}

TEST(StatsCollector, UnderDealtAcesFailTheRankTest) {
  DealerOptions options;
  options.rounds = 15000;
  options.seed = 5;
  options.rank_keep[14] = 0.9;
  StatsReport report = Collect(options);
  const StatTest& ranks = Find(report.groups[0], "rank-frequencies");
  EXPECT_FALSE(ranks.pass);
  EXPECT_LT(ranks.p_value, 1e-4);
  EXPECT_LT(report.groups[0].ranks[12].observed, report.groups[0].ranks[12].expected);
}

TEST(StatsCollector, SeveralTablesGetGroupsOfTheirOwn) {
  DealerOptions options;
  options.rounds = 900;
  options.tables = 3;
  StatsReport report = Collect(options);
  ASSERT_EQ(report.groups.size(), 4u);
  EXPECT_EQ(report.groups[0].table, "");
  EXPECT_EQ(report.groups[0].rounds, 900);
  EXPECT_EQ(report.groups[1].table, "T1");
  EXPECT_EQ(report.groups[1].rounds, 300);
}

// Past the tables kept, the groups of those nearest failing are kept, in their order, and the
// others' tests judged with them: the report's counts, and every test kept, are as they are
// with every group.
TEST(StatsCollector, TablesLeftOutAreJudgedAndCounted) {
  DealerOptions options;
  options.rounds = 4000;
  options.tables = 8;
  options.seed = 7;
  options.rank_keep[14] = 0.8;  // aces under-dealt: tests near failing, at some tables more
  const StatsReport all = Collect(options);
  const StatsReport some = Collect(options, 3);
  ASSERT_EQ(all.groups.size(), 9u);
  ASSERT_EQ(some.groups.size(), 4u);
  EXPECT_EQ(some.tables_left_out, 5);
  EXPECT_EQ(some.tests(), all.tests());
  EXPECT_EQ(some.failed(), all.failed());
  EXPECT_EQ(some.failed_alone(), all.failed_alone());
  // The tables kept: those with the most tests failing alone, then the least p-value.
  auto rank = [](const StatsGroup& g) {
    int alone = 0;
    double least = 1;
    for (const StatTest& t : g.tests) {
      if (!t.applicable) continue;
      alone += !t.pass_alone;
      least = std::min(least, t.p_value);
    }
    return std::tuple(alone, -least);
  };
  std::vector<const StatsGroup*> tables;
  for (const StatsGroup& g : all.groups) {
    if (!g.table.empty()) tables.push_back(&g);
  }
  std::stable_sort(tables.begin(), tables.end(),
                   [&](const StatsGroup* a, const StatsGroup* b) { return rank(*a) > rank(*b); });
  std::vector<std::string> want;
  for (size_t i = 0; i < 3; ++i) want.push_back(tables[i]->table);
  std::sort(want.begin(), want.end());
  std::vector<std::string> got;
  EXPECT_EQ(some.groups[0].table, "");
  for (size_t i = 1; i < some.groups.size(); ++i) got.push_back(some.groups[i].table);
  EXPECT_EQ(got, want);
  for (const StatsGroup& kept : some.groups) {
    const auto same = std::find_if(all.groups.begin(), all.groups.end(),
                                   [&](const StatsGroup& g) { return g.table == kept.table; });
    ASSERT_NE(same, all.groups.end());
    ASSERT_EQ(kept.tests.size(), same->tests.size());
    for (size_t t = 0; t < kept.tests.size(); ++t) {
      EXPECT_DOUBLE_EQ(kept.tests[t].p_adjusted, same->tests[t].p_adjusted) << kept.table;
      EXPECT_EQ(kept.tests[t].pass, same->tests[t].pass);
    }
  }
}

TEST(StatsCollector, SmallSamplesAreNotJudged) {
  const RuleSpec& spec = BundledSpec("us-sd/casino-war.yaml").spec;
  StatsCollector collector;
  for (int i = 0; i < 5; ++i) {
    Round round = RoundBuilder("us-sd/casino-war")
                      .Id("R" + std::to_string(i))
                      .Shuffle(6)
                      .Bet(1, WagerKind::kMain, 100)
                      .Bet(1, WagerKind::kTie, 100)
                      .Deal(1, "AS")
                      .Deal(kDealer, "2H")
                      .Settle(1, WagerKind::kMain, 100)
                      .Settle(1, WagerKind::kTie, -100)
                      .round();
    collector.Add(round, spec);
  }
  auto report = collector.Finish();
  ASSERT_TRUE(report.ok());
  const StatsGroup& g = report->groups[0];
  EXPECT_EQ(g.ranks[12].observed, 5);  // aces
  EXPECT_EQ(g.ranks[0].observed, 5);   // deuces
  for (const StatTest& t : g.tests) EXPECT_FALSE(t.applicable) << t.id;
  EXPECT_EQ(report->tests(), 0);
  EXPECT_NE(Find(g, "rank-pairs").note.find("do not reshuffle every round"), std::string::npos);
}

// Money sums never wrap: two bets of 2^63-1 on one seat, many rounds over, are summed wide,
// and totals that do not fit in 64 bits are said not to, never wrapped.
TEST(StatsCollector, MoneySumsBeyondSixtyFourBitsAreSaidToBe) {
  const RuleSpec& spec = BundledSpec("us-sd/casino-war.yaml").spec;
  StatsCollector collector;
  const Money huge = std::numeric_limits<Money>::max();
  for (int i = 0; i < 40; ++i) {
    Round round = RoundBuilder("us-sd/casino-war")
                      .Id("H" + std::to_string(i))
                      .Shuffle(6)
                      .Bet(1, WagerKind::kMain, huge)
                      .Bet(1, WagerKind::kMain, huge)
                      .Deal(1, i % 2 ? "AS" : "2S")
                      .Deal(kDealer, i % 2 ? "2H" : "AH")
                      .Settle(1, WagerKind::kMain, i % 2 ? huge : -huge)
                      .round();
    collector.Add(round, spec);
  }
  auto report = collector.Finish();
  ASSERT_TRUE(report.ok());
  const StatsGroup& g = report->groups[0];
  ASSERT_FALSE(g.returns.empty());
  EXPECT_TRUE(g.returns[0].overflow);
  EXPECT_EQ(g.returns[0].wagered, 0);
  EXPECT_EQ(g.returns[0].bets, 40);
}

}  // namespace
}  // namespace pitboss
