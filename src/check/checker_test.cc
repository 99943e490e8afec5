#include "pitboss/checker.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "games/core/dealer.h"
#include "games/core/test_rounds.h"
#include "games/games.h"
#include "games/war/war_engine.h"
#include "games/war/war_rules.h"
#include "history/round_parser.h"

namespace pitboss {
namespace {

namespace fs = std::filesystem;

const std::string kRules = std::string(PITBOSS_SOURCE_DIR) + "/rules";

class CheckerTest : public ::testing::Test {
 protected:
  void TearDown() override { fs::remove(path_); }

  Report Check(const std::string& log, std::map<std::string, std::string> readings = {}) {
    path_ =
        (fs::temp_directory_path() / ("pitboss-checker-" + std::to_string(::getpid()) + ".jsonl")).string();
    std::ofstream(path_) << log;
    CheckOptions options;
    options.rules = {kRules};
    options.readings = std::move(readings);
    auto checker = Checker::Create(options);
    EXPECT_TRUE(checker.ok()) << checker.status().message();
    EXPECT_TRUE(checker.value()->CheckLog(path_).ok());
    return checker.value()->Finish();
  }

  std::string path_;
};

const char kWarWon[] =
    R"({"round":"%s","time":"2026-11-21T20:14:40Z","table":"T7","rules":"us-sd/casino-war","events":[)"
    R"({"type":"shuffle","shoe":"S1","decks":6},)"
    R"({"type":"bet","seat":1,"wager":"main","amount":500},{"type":"deal","seat":1,"card":"QH"},)"
    R"({"type":"deal","seat":"dealer","card":"QS"},{"type":"decision","seat":1,"action":"war"},)"
    R"({"type":"bet","seat":1,"wager":"raise","amount":500},)"
    R"({"type":"burn","card":"2C"},{"type":"burn","card":"9S"},{"type":"burn","card":"KD"},{"type":"deal","seat":1,"card":"7D"},)"
    R"({"type":"burn","card":"3C"},{"type":"burn","card":"5S"},{"type":"burn","card":"JD"},{"type":"deal","seat":"dealer","card":"6H"},)"
    R"({"type":"settle","seat":1,"wager":"main","net":0},{"type":"settle","seat":1,"wager":"raise","net":%d}]})";

std::string WarWon(const std::string& id, int raise_net) {
  char buf[2048];
  std::snprintf(buf, sizeof buf, kWarWon, id.c_str(), raise_net);
  return std::string(buf) + "\n";
}

TEST_F(CheckerTest, ACleanLogHasNoFindingsAndCountsItsLines) {
  Report r = Check(WarWon("A1", 500) + "\n" + WarWon("A2", 500));
  EXPECT_TRUE(r.violations.empty());
  ASSERT_EQ(r.inputs.size(), 1u);
  EXPECT_EQ(r.inputs[0].lines, 3);
  EXPECT_EQ(r.inputs[0].rounds, 2);
  EXPECT_EQ(r.rounds, 2);
  ASSERT_EQ(r.specs.size(), 1u);
  EXPECT_EQ(r.specs[0].id, "us-sd/casino-war");
}

TEST_F(CheckerTest, InputProblemsAreFindingsAndTheRestIsStillChecked) {
  std::string bad_card = WarWon("B2", 500);
  bad_card.replace(bad_card.find("\"7D\""), 4, "\"1X\"");
  std::string unknown = WarWon("B3", 500);
  unknown.replace(unknown.find("us-sd/casino-war"), 16, "us-nv/casino-war");
  std::string early = WarWon("B4", 500);
  early.replace(early.find("2026-11-21"), 10, "2011-06-01");
  early.replace(early.find("\"T7\""), 4, "\"T8\"");  // another table: T7's time does not go back
  Report r = Check(WarWon("B1", 500) + "{\"round\":\"B9\",\"table\":\"T7\", broken\n" + bad_card + unknown +
                   early + WarWon("B1", 500) + WarWon("B5", 250));
  ASSERT_EQ(r.violations.size(), 6u);
  EXPECT_EQ(r.violations[0].code, Code::kInputMalformed);
  EXPECT_EQ(r.violations[0].line, 2);
  EXPECT_EQ(r.violations[0].round, "B9");
  EXPECT_EQ(r.violations[1].code, Code::kInputBadCard);
  EXPECT_EQ(r.violations[1].line, 3);
  EXPECT_EQ(r.violations[2].code, Code::kInputUnknownRules);
  EXPECT_EQ(r.violations[3].code, Code::kInputUnknownRules);
  EXPECT_NE(r.violations[3].message.find("no rule in force on 2011-06-01 for us-sd/casino-war"),
            std::string::npos)
      << r.violations[3].message;
  EXPECT_EQ(r.violations[4].code, Code::kInputDuplicateRound);
  EXPECT_EQ(r.violations[4].line, 6);
  EXPECT_EQ(r.violations[5].code, Code::kSettlePayout);  // still checked after all that
  EXPECT_EQ(r.violations[5].line, 7);
  // The malformed line is no round, with violations or without (issue 21, item 7): of the six
  // rounds read, five have one.
  EXPECT_EQ(r.rounds, 6);
  EXPECT_EQ(r.rounds_with_violations, 5);
}

TEST_F(CheckerTest, AFindingSaysWhichReadingItDependsOn) {
  Report r = Check(WarWon("C1", 250));
  ASSERT_EQ(r.violations.size(), 1u);
  EXPECT_EQ(r.violations[0].code, Code::kSettlePayout);
  EXPECT_EQ(r.violations[0].reading_dependent, std::vector<std::string>{"sd-war-win-payout"});
  Report under = Check(WarWon("C1", 250), {{"sd-war-win-payout", "paytable-half-on-raise"}});
  EXPECT_TRUE(under.violations.empty());
  // ... where the default-reading settlement is now the fault.
  Report right = Check(WarWon("C1", 500), {{"sd-war-win-payout", "paytable-half-on-raise"}});
  ASSERT_EQ(right.violations.size(), 1u);
  EXPECT_EQ(right.violations[0].expected, 250);
}

TEST_F(CheckerTest, TheAmbiguityTableCountsTheMoneyEachReadingMoves) {
  Report r = Check(WarWon("D1", 500) + WarWon("D2", 500));
  const AmbiguityImpact* win = nullptr;
  for (const auto& a : r.ambiguities) {
    if (a.id == "sd-war-win-payout") win = &a;
  }
  ASSERT_NE(win, nullptr);
  ASSERT_EQ(win->readings.size(), 3u);
  EXPECT_TRUE(win->readings[0].is_default);
  EXPECT_EQ(win->readings[0].rounds_settled_differently, 0);
  EXPECT_EQ(win->readings[1].name, "paytable-half-on-raise");
  EXPECT_EQ(win->readings[1].rounds_settled_differently, 2);
  EXPECT_EQ(win->readings[1].net_difference, -500);
  EXPECT_EQ(win->readings[2].rounds_settled_differently, 2);  // same total, split differently
  EXPECT_EQ(win->readings[2].net_difference, 0);
}

// Issue 12: five surrenders of a 2^62 wager. Read as written, a tie loses the whole wager
// rather than half of it: -2^61 a round, -5 * 2^61 in all, which no int64 holds.
TEST_F(CheckerTest, ANetDifferencePastSixtyFourBitsIsExactNotWrapped) {
  std::string log;
  for (int i = 1; i <= 5; ++i) {
    log += R"({"round":"S)" + std::to_string(i) +
           R"(","time":"2026-11-21T20:14:40Z","table":"T7","rules":"us-sd/casino-war","events":[)"
           R"({"type":"shuffle","shoe":"S1","decks":6},)"
           R"({"type":"bet","seat":1,"wager":"main","amount":4611686018427387904},)"
           R"({"type":"deal","seat":1,"card":"QH"},{"type":"deal","seat":"dealer","card":"QS"},)"
           R"({"type":"decision","seat":1,"action":"surrender"},)"
           R"({"type":"settle","seat":1,"wager":"main","net":-2305843009213693952}]})"
           "\n";
  }
  Report r = Check(log);
  const ReadingImpact* as_written = nullptr;
  for (const auto& a : r.ambiguities) {
    for (const auto& reading : a.readings) {
      if (a.id == "sd-tie-choice" && reading.name == "as-written") as_written = &reading;
    }
  }
  ASSERT_NE(as_written, nullptr);
  EXPECT_EQ(as_written->rounds_settled_differently, 5);
  EXPECT_FALSE(as_written->net_difference.fits());
  EXPECT_EQ(as_written->net_difference.ToString(), "-11529215046068469760");
}

// Issue 12: two blackjack wagers of a seat whose sum is past 2^63. The stake is held at the
// bound, never wrapped (UBSan would say so), and is above every limit.
TEST_F(CheckerTest, AStakePastSixtyFourBitsIsAboveTheLimitNotWrapped) {
  const std::string round =
      R"({"round":"BJ1","time":"2026-01-05T18:00:00Z","table":"T1","rules":"us-sd/war-blackjack",)"
      R"("limits":{"blackjack":{"min":500,"max":500000}},"events":[)"
      R"({"type":"shuffle","shoe":"S1","decks":6},)"
      R"({"type":"bet","seat":6,"wager":"blackjack","amount":9223372036854775807},)"
      R"({"type":"bet","seat":6,"wager":"blackjack","amount":9223372036854775807},)"
      R"({"type":"deal","seat":6,"card":"7C"},{"type":"deal","seat":"dealer","card":"9C"},)"
      R"({"type":"deal","seat":6,"card":"3H"},{"type":"deal","seat":"dealer","card":"2D","face":"down"},)"
      R"({"type":"decision","seat":6,"hand":1,"action":"stand"},{"type":"deal","seat":"dealer","card":"QD"},)"
      R"({"type":"settle","seat":6,"hand":1,"wager":"blackjack","net":-1}]})"
      "\n";
  Report r = Check(round);
  int64_t above = 0;
  for (const Finding& f : r.violations) {
    if (f.code != Code::kWagerLimit) continue;
    ++above;
    EXPECT_EQ(f.actual, std::numeric_limits<int64_t>::max()) << f.message;
    EXPECT_EQ(f.expected, 500000) << f.message;
  }
  EXPECT_EQ(above, 1);  // the wager's two bets together, at the bound: one finding at its first bet
}

TEST_F(CheckerTest, ShoeFindingsDependOnNoReading) {
  // Six 7D burned in one round, then a seventh dealt from the same six-deck shoe.
  std::string burns =
      R"({"round":"E0","time":"2026-11-21T20:00:00Z","table":"T7","rules":"us-sd/casino-war","events":[)"
      R"({"type":"shuffle","shoe":"S1","decks":6},{"type":"burn","card":"7D"},{"type":"burn","card":"7D"},)"
      R"({"type":"burn","card":"7D"},{"type":"burn","card":"7D"},{"type":"burn","card":"7D"},{"type":"burn","card":"7D"}]})"
      "\n";
  std::string war = WarWon("E1", 250);
  war.replace(war.find(R"({"type":"shuffle","shoe":"S1","decks":6},)"), 41, "");
  Report r = Check(burns + war);
  ASSERT_EQ(r.violations.size(), 3u);
  EXPECT_EQ(r.violations[0].code, Code::kDealBurnCount);  // six burns after the last card of E0
  EXPECT_EQ(r.violations[1].code, Code::kSettlePayout);
  EXPECT_EQ(r.violations[1].reading_dependent, std::vector<std::string>{"sd-war-win-payout"});
  // The seventh 7D, held until the shoe ends (the end of the check) with no other kind
  // overdrawn: a card foreign to the shoe, at its own round.
  EXPECT_EQ(r.violations[2].code, Code::kShoeCardOverdrawn);
  EXPECT_EQ(r.violations[2].round, "E1");
  EXPECT_TRUE(r.violations[2].reading_dependent.empty());
  EXPECT_EQ(r.rounds_with_violations, 2);
}

// The ambiguity table counts what a full replay under each reading would: the checker's
// shortcuts (re-pricing, skipping rounds that never consult what a reading changes) must
// not change a figure. Checked against brute force on dealt rounds of each bundled spec.
TEST_F(CheckerTest, TheAmbiguityTableEqualsAFullReplayUnderEveryReading) {
  for (const char* file :
       {"us-sd/casino-war.yaml", "vendor/shuffle-master/casino-war.yaml", "us-sd/war-blackjack.yaml"}) {
    const SpecDocument& doc = BundledSpec(file);
    const Engine engine = FindGame(doc.spec.game)->engine;
    DealerOptions options;
    options.rounds = 1500;
    options.tables = 2;
    options.decks = 6;
    std::ostringstream log;
    ASSERT_TRUE(GenerateRounds(doc.spec, options, log).ok());
    Report report = Check(log.str());
    ASSERT_TRUE(report.violations.empty());

    RoundParser parser;
    std::istringstream lines(log.str());
    std::vector<Round> rounds;
    for (std::string line; std::getline(lines, line);) {
      rounds.emplace_back();
      ASSERT_TRUE(parser.Parse(line, &rounds.back()).ok());
    }
    for (const Ambiguity& a : doc.spec.ambiguities) {
      const AmbiguityImpact* row = nullptr;
      for (const auto& r : report.ambiguities) {
        if (r.id == a.id) row = &r;
      }
      ASSERT_NE(row, nullptr) << a.id;
      for (size_t i = 0; i < a.readings.size(); ++i) {
        auto spec = Instantiate(doc, {{a.id, a.readings[i].name}});
        ASSERT_TRUE(spec.ok());
        int64_t differing = 0;
        Money moved = 0;
        for (const Round& round : rounds) {
          RoundResult by_default, other;
          engine(doc.spec, round, &by_default);
          engine(*spec, round, &other);
          Money d = 0, o = 0;
          bool same = by_default.settlements.size() == other.settlements.size();
          for (size_t k = 0; k < by_default.settlements.size(); ++k) {
            d += by_default.settlements[k].net;
            if (same && (by_default.settlements[k].net != other.settlements[k].net ||
                         by_default.settlements[k].wager != other.settlements[k].wager)) {
              same = false;
            }
          }
          for (const Settlement& x : other.settlements) o += x.net;
          if (!same) {
            ++differing;
            moved += o - d;
          }
        }
        EXPECT_EQ(row->readings[i].rounds_settled_differently, differing)
            << a.id << "=" << a.readings[i].name;
        EXPECT_EQ(row->readings[i].net_difference, moved) << a.id << "=" << a.readings[i].name;
      }
    }
  }
}

// Evidence on every finding: the round's time, the spec's revision, the event's index in the
// events array (from 0), the money's currency, and which reading clears it.
TEST_F(CheckerTest, AFindingCarriesItsTimeRevisionEventCurrencyAndTheReadingsThatClearIt) {
  std::string round = WarWon("F1", 250);
  round.replace(round.find("\"rules\""), 0, "\"currency\":\"USD\",");
  Report r = Check(round);
  ASSERT_EQ(r.violations.size(), 1u);
  const Finding& f = r.violations[0];
  EXPECT_EQ(f.time, "2026-11-21T20:14:40Z");
  EXPECT_EQ(f.revision, "2012-04-23");
  EXPECT_EQ(f.event, 15);  // {"type":"settle",...,"wager":"raise"} is events[15]
  EXPECT_NE(f.message.find("event 15:"), std::string::npos) << f.message;
  EXPECT_EQ(f.currency, "USD");
  ASSERT_EQ(f.cleared_by.size(), 1u);
  EXPECT_EQ(f.cleared_by[0].ambiguity, "sd-war-win-payout");
  EXPECT_EQ(f.cleared_by[0].readings, std::vector<std::string>{"paytable-half-on-raise"});
  EXPECT_EQ(Overpaid(f), -250);  // underpaid by 250
  const AmbiguityImpact* win = nullptr;
  for (const auto& a : r.ambiguities) {
    if (a.id == "sd-war-win-payout") win = &a;
  }
  ASSERT_NE(win, nullptr);
  EXPECT_EQ(win->readings[1].findings_cleared, 1);
  EXPECT_EQ(win->readings[0].findings_cleared, 0);
}

TEST_F(CheckerTest, ATableWhoseTimeRunsBackwardsIsOneFindingAndItsShoeIsNotJudged) {
  std::string later = WarWon("G1", 500);
  std::string earlier = WarWon("G2", 500);
  earlier.replace(earlier.find("2026-11-21T20:14:40Z"), 20, "2026-11-21T19:00:00Z");
  // Without its shuffle, the earlier round's cards would be judged against G1's shoe.
  earlier.replace(earlier.find(R"({"type":"shuffle","shoe":"S1","decks":6},)"), 41, "");
  std::string next = WarWon("G3", 500);
  next.replace(next.find("2026-11-21T20:14:40Z"), 20, "2026-11-21T19:01:00Z");
  next.replace(next.find(R"({"type":"shuffle","shoe":"S1","decks":6},)"), 41, "");
  Report r = Check(later + earlier + next);
  ASSERT_EQ(r.violations.size(), 1u);
  EXPECT_EQ(r.violations[0].code, Code::kInputTimeOrder);
  EXPECT_EQ(r.violations[0].line, 2);
  EXPECT_EQ(r.violations[0].consequences, 2);  // G2 and G3 drew from a shoe not judged
}

TEST_F(CheckerTest, LinesRepeatingEarlierLinesAreOneFinding) {
  std::string day = WarWon("H1", 500) + WarWon("H2", 500) + WarWon("H3", 500);
  Report r = Check(day + WarWon("H1", 500) + WarWon("H2", 500) + WarWon("H3", 500) + WarWon("H1", 500));
  ASSERT_EQ(r.violations.size(), 2u);
  EXPECT_EQ(r.violations[0].code, Code::kInputDuplicateRound);
  EXPECT_EQ(r.violations[0].line, 4);
  EXPECT_EQ(r.violations[0].consequences, 2);
  EXPECT_NE(r.violations[0].message.find(":1; this line is not checked"), std::string::npos)
      << r.violations[0].message;
  EXPECT_EQ(r.violations[1].line, 7);  // H1 again: it does not continue the run (H3 was line 3)
}

TEST_F(CheckerTest, ARoundWithNoEventsIsAFinding) {
  Report r = Check(
      R"({"round":"E1","time":"2026-11-21T20:14:40Z","table":"T7","rules":"us-sd/casino-war","events":[]})"
      "\n");
  ASSERT_EQ(r.violations.size(), 1u);
  EXPECT_EQ(r.violations[0].code, Code::kInputEmptyRound);
}

class CheckerFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("pitboss-checker-files-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Write(const std::string& name, const std::string& text) {
    std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  std::unique_ptr<Checker> Make() {
    CheckOptions options;
    options.rules = {kRules};
    auto checker = Checker::Create(options);
    EXPECT_TRUE(checker.ok()) << checker.status().message();
    return std::move(checker.value());
  }
  fs::path dir_;
};

TEST_F(CheckerFilesTest, TheSameFileTwiceIsReadOnce) {
  std::string log = Write("day.jsonl", WarWon("I1", 500) + WarWon("I2", 250));
  fs::create_symlink(log, dir_ / "link.jsonl");
  auto checker = Make();
  EXPECT_TRUE(checker->CheckLog(log).ok());
  EXPECT_TRUE(checker->CheckLog((dir_ / "link.jsonl").string()).ok());
  Report r = checker->Finish();
  ASSERT_EQ(r.violations.size(), 2u);
  EXPECT_EQ(r.violations[0].code, Code::kSettlePayout);
  EXPECT_EQ(r.violations[1].code, Code::kInputDuplicateInput);
  EXPECT_EQ(r.rounds, 2);
  EXPECT_TRUE(r.complete);
}

TEST_F(CheckerFilesTest, ATruncatedLogIsAFindingAndTheRestIsChecked) {
  // A gzip stream cut short: the rounds before the cut are checked, the next log too.
  std::string text;
  for (int i = 0; i < 200; ++i) text += WarWon("J" + std::to_string(i), 500);
  std::string plain = Write("whole.jsonl", text);
  ASSERT_EQ(std::system(("gzip -k " + plain).c_str()), 0);
  std::string gz = plain + ".gz";
  fs::resize_file(gz, fs::file_size(gz) / 2);
  std::string other = Write("other.jsonl", WarWon("K1", 250));
  auto checker = Make();
  EXPECT_FALSE(checker->CheckLog(gz).ok());
  EXPECT_TRUE(checker->CheckLog(other).ok());
  Report r = checker->Finish();
  EXPECT_FALSE(r.complete);
  ASSERT_EQ(r.inputs.size(), 2u);
  EXPECT_FALSE(r.inputs[0].error.empty());
  EXPECT_GT(r.inputs[0].rounds, 0);
  EXPECT_LT(r.inputs[0].rounds, 200);
  ASSERT_GE(r.violations.size(), 2u);
  EXPECT_EQ(r.violations[r.violations.size() - 2].code, Code::kInputUnreadable);
  EXPECT_EQ(r.violations.back().code, Code::kSettlePayout);  // the other log, still checked
  EXPECT_EQ(r.violations.back().round, "K1");
}

// A line over the length limit (64 MiB) is one finding at its line; the rounds after it are
// checked.
TEST_F(CheckerFilesTest, ALineOverTheLimitIsAFindingAndTheRestIsChecked) {
  std::string huge(size_t{65} << 20, 'x');
  std::string log = Write("long.jsonl", WarWon("M1", 500) + huge + "\n" + WarWon("M2", 250));
  huge.clear();
  huge.shrink_to_fit();
  auto checker = Make();
  EXPECT_TRUE(checker->CheckLog(log).ok());
  Report r = checker->Finish();
  EXPECT_TRUE(r.complete);
  ASSERT_EQ(r.violations.size(), 2u);
  EXPECT_EQ(r.violations[0].code, Code::kInputMalformed);
  EXPECT_EQ(r.violations[0].line, 2);
  EXPECT_NE(r.violations[0].message.find("over the limit"), std::string::npos) << r.violations[0].message;
  EXPECT_EQ(r.violations[1].code, Code::kSettlePayout);
  EXPECT_EQ(r.violations[1].line, 3);
  EXPECT_EQ(r.rounds, 2);  // the line over the limit is a malformed line, not a round
  ASSERT_EQ(r.inputs.size(), 1u);
  EXPECT_EQ(r.inputs[0].lines, 3);
  EXPECT_EQ(r.inputs[0].malformed_lines, 1);
  EXPECT_EQ(r.inputs[0].blank_lines, 0);
}

// A day checked alone starts mid-shoe; with the day before as context it is judged as one
// check of both days judges it, and nothing of the context is reported.
TEST_F(CheckerFilesTest, AContextLogGivesTheShoeAndTheRoundIdsAndNothingElse) {
  std::string first = WarWon("L1", 250);  // a wrong payout in the context: not reported
  std::string second = WarWon("L2", 500);
  second.replace(second.find(R"({"type":"shuffle","shoe":"S1","decks":6},)"), 41, "");
  second.replace(second.find("2026-11-21T20:14:40Z"), 20, "2026-11-22T00:00:01Z");
  std::string again = WarWon("L1", 500);
  again.replace(again.find("2026-11-21T20:14:40Z"), 20, "2026-11-22T00:01:00Z");
  std::string yesterday = Write("d1.jsonl", first), today = Write("d2.jsonl", second + again);
  {
    auto alone = Make();
    alone->CheckLog(today);
    Report r = alone->Finish();
    ASSERT_EQ(r.violations.size(), 1u);
    EXPECT_EQ(r.violations[0].code, Code::kShoeNoShuffle);
  }
  auto checker = Make();
  EXPECT_TRUE(checker->CheckLog(yesterday, Checker::LogRole::kContext).ok());
  EXPECT_TRUE(checker->CheckLog(today).ok());
  Report r = checker->Finish();
  EXPECT_EQ(r.rounds, 2);
  ASSERT_EQ(r.inputs.size(), 2u);
  EXPECT_TRUE(r.inputs[0].context);
  EXPECT_EQ(r.inputs[0].rounds, 1);
  ASSERT_EQ(r.violations.size(), 1u);  // L1 again: seen in the context
  EXPECT_EQ(r.violations[0].code, Code::kInputDuplicateRound);
  EXPECT_EQ(r.violations[0].line, 2);
}

// A context that could not be read whole (a line of it not a round, or its last line cut
// off) may have shuffled any table's shoe: the shoes it leaves unknown are not judged until
// their next shuffle, its damage is the report's context_damage, and the report stays
// complete.
TEST_F(CheckerFilesTest, ADamagedContextLeavesItsShoesUnjudgedUntilTheirNextShuffle) {
  auto today_round = [](const std::string& id, const std::string& table, bool shuffle, int raise_net) {
    std::string round = WarWon(id, raise_net);
    round.replace(round.find("2026-11-21T20:14:40Z"), 20, "2026-11-22T00:00:01Z");
    round.replace(round.find(R"("table":"T7")"), 12, R"("table":")" + table + R"(")");
    if (!shuffle) round.replace(round.find(R"({"type":"shuffle","shoe":"S1","decks":6},)"), 41, "");
    return round;
  };
  // T7 draws mid-shoe, then shuffles and pays wrong; T8, never seen in the context, draws mid-shoe.
  const std::string today =
      Write("d2.jsonl", today_round("P1", "T7", false, 500) + today_round("P2", "T8", false, 500) +
                            today_round("P3", "T7", true, 250));
  const std::string cut = WarWon("O1", 500);
  for (const std::string& damage : {std::string("{\"round\": not json\n"), cut.substr(0, cut.size() / 2)}) {
    const std::string yesterday = Write("d1.jsonl", WarWon("O1", 500) + damage);
    auto checker = Make();
    checker->CheckLog(yesterday, Checker::LogRole::kContext);
    EXPECT_TRUE(checker->CheckLog(today).ok());
    Report r = checker->Finish();
    EXPECT_TRUE(r.complete);
    ASSERT_EQ(r.violations.size(), 1u);  // no shoe/no-shuffle
    EXPECT_EQ(r.violations[0].code, Code::kSettlePayout);
    EXPECT_EQ(r.violations[0].round, "P3");
    ASSERT_EQ(r.context_damage.size(), 1u);
    const ContextDamage& d = r.context_damage[0];
    EXPECT_EQ(d.input, yesterday);
    EXPECT_EQ(d.line, 2);
    EXPECT_FALSE(d.error.empty());
    ASSERT_EQ(d.tables.size(), 2u);
    EXPECT_EQ(d.tables[0].table, "T7");
    EXPECT_EQ(d.tables[0].rounds_not_judged, 1);
    EXPECT_EQ(d.tables[0].judged_from, today + ":3");
    EXPECT_EQ(d.tables[1].table, "T8");
    EXPECT_EQ(d.tables[1].rounds_not_judged, 1);
    EXPECT_EQ(d.tables[1].judged_from, "");
  }
  {  // a whole context: T8, not in it, has no shoe in play
    const std::string yesterday = Write("d1.jsonl", WarWon("O1", 500));
    auto checker = Make();
    EXPECT_TRUE(checker->CheckLog(yesterday, Checker::LogRole::kContext).ok());
    EXPECT_TRUE(checker->CheckLog(today).ok());
    Report r = checker->Finish();
    EXPECT_TRUE(r.context_damage.empty());
    ASSERT_EQ(r.violations.size(), 2u);
    EXPECT_EQ(r.violations[0].code, Code::kShoeNoShuffle);
    EXPECT_EQ(r.violations[0].round, "P2");
  }
}

// A revision judged as if in force (issue 23, item 3): the revisions log of fixtures/revisions
// spans 2026-12-31 and 2027-01-01, when revision 2027-01-01 takes effect.
TEST(CheckerRevisionTest, AsOfAndRevisionChooseTheRevisionWhateverTheDate) {
  const std::string revisions = std::string(PITBOSS_SOURCE_DIR) + "/fixtures/revisions";
  auto check = [&](int32_t as_of, std::vector<std::string> named) {
    CheckOptions options;
    options.rules = {revisions + "/rules"};
    options.as_of = as_of;
    options.revisions = std::move(named);
    auto checker = Checker::Create(options);
    EXPECT_TRUE(checker.ok()) << checker.status().message();
    EXPECT_TRUE(checker.value()->CheckLog(revisions + "/online-war-new-year.jsonl").ok());
    return checker.value()->Finish();
  };
  auto names = [](const Report& r) {
    std::vector<std::string> out;
    for (const SpecUsed& s : r.specs) out.push_back(s.revision);
    return out;
  };
  const Report by_date = check(0, {});
  EXPECT_EQ(names(by_date), (std::vector<std::string>{"published", "2027-01-01"}));
  EXPECT_TRUE(by_date.revision_warnings.empty());

  const Report as_of = check(20270101, {});
  EXPECT_EQ(names(as_of), std::vector<std::string>{"2027-01-01"});
  EXPECT_EQ(as_of.as_of, 20270101);
  EXPECT_TRUE(as_of.revision_warnings.empty());
  // The rounds of 2026 paid their tie wagers 11 to 1: under the new revision, findings too.
  EXPECT_GT(as_of.violations.size(), by_date.violations.size());

  const Report old = check(0, {"published"});
  EXPECT_EQ(names(old), std::vector<std::string>{"published"});
  ASSERT_EQ(old.revision_warnings.size(), 1u);
  EXPECT_NE(
      old.revision_warnings[0].find("rule set online/war: its rounds were judged under revision published"),
      std::string::npos)
      << old.revision_warnings[0];

  CheckOptions unknown;
  unknown.rules = {revisions + "/rules"};
  unknown.revisions = {"2027-01-02"};
  auto refused = Checker::Create(unknown);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(
      refused.status().message().find("--revision 2027-01-02: no loaded spec is a revision of that name"),
      std::string::npos)
      << refused.status().message();
}

TEST(CheckerCreateTest, RejectsAnUnknownReading) {
  CheckOptions options;
  options.rules = {kRules};
  options.readings = {{"sd-war-win-payout", "double"}};
  EXPECT_EQ(Checker::Create(options).status().code(), Status::Code::kInvalidArgument);
  options.readings = {{"nosuch", "x"}};
  EXPECT_EQ(Checker::Create(options).status().code(), Status::Code::kInvalidArgument);
}

}  // namespace
}  // namespace pitboss
