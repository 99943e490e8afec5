#include "games/war/war_rules.h"
#include "games/impact.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "games/dealer.h"
#include "games/test_rounds.h"
#include "history/round_parser.h"

namespace pitboss {
namespace {

namespace fs = std::filesystem;

// Online rounds dealt by the project's dealer; the tie wager paid 10 to 1 instead of 11.
TEST(ImpactTest, ATiePayoutChangeMovesExactlyTheTieWagersOfTiedRounds) {
  const RuleSpec& online = BundledSpec("online/war.yaml").spec;
  RuleSpec ten = online;
  War(ten).payouts[static_cast<int>(Stage::kInitial)][static_cast<int>(Outcome::kTie)][static_cast<int>(WagerKind::kTie)]
      .net = {10, 1};
  DealerOptions options;
  options.rounds = 3000;
  options.tables = 3;
  options.tie_bet_rate = 0.5;
  std::ostringstream log;
  ASSERT_TRUE(GenerateRounds(online, options, log).ok());
  std::string path =
      (fs::temp_directory_path() / ("pitboss-impact-test-" + std::to_string(::getpid()) + ".jsonl")).string();
  std::ofstream(path) << log.str();

  // What the change should move, read off the log itself: every tie wager of a seat whose
  // initial cards tied (settled at +11 of it), one unit each.
  int64_t tied_rounds = 0;
  int64_t tie_wins = 0;
  Money tie_wagers = 0;
  std::istringstream lines(log.str());
  RoundParser parser;
  for (std::string line; std::getline(lines, line);) {
    Round round;
    ASSERT_TRUE(parser.Parse(line, &round).ok());
    std::map<Seat, Money> tie_bet;
    bool tied = false;
    for (const Event& e : round.events) {
      if (e.type == EventType::kBet && e.wager == WagerKind::kTie) tie_bet[e.seat] = e.amount;
      if (e.type == EventType::kSettle && e.wager == WagerKind::kTie && e.amount == 11 * tie_bet[e.seat]) {
        tie_wagers += tie_bet[e.seat];
        ++tie_wins;
        tied = true;
      }
    }
    tied_rounds += tied;
  }
  ASSERT_GT(tied_rounds, 10);

  ImpactAnalysis analysis(online, ten);
  ASSERT_TRUE(analysis.AddLog(path).ok());
  fs::remove(path);
  const ImpactReport& r = analysis.report();
  EXPECT_EQ(r.rounds_replayed, 3000);
  EXPECT_EQ(r.rounds_changed, tied_rounds);
  EXPECT_EQ(r.net_moved, -tie_wagers);
  const WagerImpact& tie = r.by_wager[static_cast<int>(WagerKind::kTie)];
  EXPECT_EQ(tie.rounds, tied_rounds);
  EXPECT_EQ(tie.new_net - tie.old_net, -tie_wagers);
  EXPECT_EQ(r.by_wager[static_cast<int>(WagerKind::kMain)].rounds, 0);
  // The log was settled at 11 to 1: each of those settlements is a finding under the new one.
  EXPECT_EQ(static_cast<int64_t>(r.findings_appearing.size()), tie_wins);
  for (const Finding& f : r.findings_appearing) EXPECT_EQ(f.code, Code::kSettlePayout);
  EXPECT_TRUE(r.findings_disappearing.empty());
}

}  // namespace
}  // namespace pitboss
