#include "check/impact.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "games/core/test_rounds.h"
#include "games/games.h"
#include "games/war/war_rules.h"
#include "history/round_parser.h"
#include "report/change_writers.h"

namespace pitboss {
namespace {

namespace fs = std::filesystem;

// Online rounds dealt by the project's dealer; the tie wager paid 10 to 1 instead of 11.
TEST(ImpactTest, ATiePayoutChangeMovesExactlyTheTieWagersOfTiedRounds) {
  const RuleSpec& online = BundledSpec("online/war.yaml").spec;
  RuleSpec ten = online;
  War(ten)
      .payouts[static_cast<int>(Stage::kInitial)][static_cast<int>(Outcome::kTie)]
              [static_cast<int>(WagerKind::kTie)]
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

// Issue 12: twenty tie wagers of 5e17 paid 11 to 1, replayed against 10 to 1. The change
// moves -5e17 a round, -1e19 in all, and the tie wagers' old nets sum to 1.1e20: past 64 bits,
// exact, never wrapped.
TEST(ImpactTest, SumsPastSixtyFourBitsAreExactNotWrapped) {
  const RuleSpec& online = BundledSpec("online/war.yaml").spec;
  RuleSpec ten = online;
  War(ten)
      .payouts[static_cast<int>(Stage::kInitial)][static_cast<int>(Outcome::kTie)]
              [static_cast<int>(WagerKind::kTie)]
      .net = {10, 1};
  std::string log;
  for (int i = 1; i <= 20; ++i) {
    log += R"({"round":"W)" + std::to_string(i) +
           R"(","time":"2026-01-05T18:06:40Z","table":"T1","rules":"online/war","events":[)"
           R"({"type":"shuffle","shoe":"S)" +
           std::to_string(i) +
           R"(","decks":6},)"
           R"({"type":"bet","seat":6,"wager":"main","amount":5000},)"
           R"({"type":"bet","seat":6,"wager":"tie","amount":500000000000000000},)"
           R"({"type":"deal","seat":6,"card":"KD"},{"type":"deal","seat":"dealer","card":"KC"},)"
           R"({"type":"settle","seat":6,"wager":"tie","net":5500000000000000000},)"
           R"({"type":"decision","seat":6,"action":"surrender"},)"
           R"({"type":"settle","seat":6,"wager":"main","net":-2500}]})"
           "\n";
  }
  std::string path =
      (fs::temp_directory_path() / ("pitboss-impact-wide-" + std::to_string(::getpid()) + ".jsonl")).string();
  std::ofstream(path) << log;
  ImpactAnalysis analysis(online, ten);
  ASSERT_TRUE(analysis.AddLog(path).ok());
  fs::remove(path);
  const ImpactReport& r = analysis.report();
  EXPECT_EQ(r.rounds_changed, 20);
  EXPECT_EQ(r.net_moved.ToString(), "-10000000000000000000");
  const WagerImpact& tie = r.by_wager[static_cast<int>(WagerKind::kTie)];
  EXPECT_EQ(tie.rounds, 20);
  EXPECT_EQ(tie.old_net.ToString(), "110000000000000000000");
  EXPECT_EQ(tie.new_net.ToString(), "100000000000000000000");
  EXPECT_EQ(r.by_wager[static_cast<int>(WagerKind::kMain)].rounds, 0);

  // The JSON says so with the figure's exact decimal, as a string; the text alike.
  std::ostringstream json, text;
  ASSERT_TRUE(WriteImpactReport(r, "json", json).ok());
  EXPECT_NE(json.str().find(R"("net_difference":"-10000000000000000000")"), std::string::npos) << json.str();
  EXPECT_NE(json.str().find(R"("old_net":"110000000000000000000")"), std::string::npos);
  ASSERT_TRUE(WriteImpactReport(r, "text", text).ok());
  EXPECT_NE(text.str().find("net difference -10000000000000000000"), std::string::npos) << text.str();
}

// The text report escapes what comes from the logs: a path with a newline and an escape
// sequence stays on its line and reaches no terminal as a control sequence.
TEST(ImpactTest, TextEscapesPathsAndIdsFromTheLogs) {
  ImpactReport r;
  InputSummary input;
  input.path = "logs/day\n1\x1b[31m.jsonl";
  input.lines = 1;
  input.rounds = 1;
  r.inputs.push_back(input);
  ImpactRound changed;
  changed.input = input.path;
  changed.line = 1;
  changed.round = "R\x1b]0;x\x07";
  changed.table = "T\r1";
  r.changed.push_back(changed);
  std::ostringstream text;
  ASSERT_TRUE(WriteImpactReport(r, "text", text).ok());
  const std::string out = text.str();
  EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
  EXPECT_EQ(out.find('\r'), std::string::npos) << out;
  EXPECT_NE(out.find("input: logs/day\\n1\\x1b[31m.jsonl: 1 lines"), std::string::npos) << out;
  EXPECT_NE(out.find("round R\\x1b]0;x\\x07, table T\\r1: "), std::string::npos) << out;
}

// Repriced under a payout whose net is past 64 bits, a settlement is left out, as a replay
// under that payout leaves it (the wager is too large to settle): it used to keep its old net,
// and the round counted as settled the same.
TEST(ImpactTest, RepricingPast64BitsLeavesTheSettlementOut) {
  const RuleSpec& online = BundledSpec("online/war.yaml").spec;
  RuleSpec ten = online;
  const int tie = PayoutIndex(Stage::kInitial, Outcome::kTie);
  War(ten)
      .payouts[static_cast<int>(Stage::kInitial)][static_cast<int>(Outcome::kTie)]
              [static_cast<int>(WagerKind::kTie)]
      .net = {10, 1};
  RoundResult base;
  base.settlements.push_back({1, WagerKind::kTie, 0, 1000000000000000000, tie});  // 1e18 at 10 to 1: 1e19
  base.settlements.push_back({2, WagerKind::kTie, 0, 100, tie});
  RoundResult out;
  WarGame().reprice(base, ten, &out);
  ASSERT_EQ(out.settlements.size(), 1u);
  EXPECT_EQ(out.settlements[0].seat, 2);
  EXPECT_EQ(out.settlements[0].net, 1000);
}

}  // namespace
}  // namespace pitboss
