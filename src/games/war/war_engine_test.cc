#include "games/war/war_engine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "games/core/test_rounds.h"
#include "games/games.h"
#include "games/war/war_rules.h"
#include "history/round_parser.h"
#include "spec/loader.h"
#include "spec/parts.h"

namespace pitboss {
namespace {

using W = WagerKind;

const SpecDocument& Doc(const std::string& file) { return BundledSpec(file); }
const RuleSpec& Sd() { return Doc("us-sd/casino-war.yaml").spec; }
const RuleSpec& Sm() { return Doc("vendor/shuffle-master/casino-war.yaml").spec; }
const RuleSpec& Online() { return Doc("online/war.yaml").spec; }

std::vector<Code> Codes(const RoundResult& r) {
  std::vector<Code> codes;
  for (const auto& f : r.findings) codes.push_back(f.code);
  return codes;
}

std::string Describe(const RoundResult& r) {
  std::string s;
  for (const auto& f : r.findings) s += std::string(Info(f.code).id) + ": " + f.message + "\n";
  return s;
}

// The format's own example: seat 1 ties and wins the war, seat 2 loses.
RoundBuilder SdWar() {
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(6)
      .Bet(1, W::kMain, 500)
      .Bet(1, W::kTie, 100)
      .Bet(2, W::kMain, 1000)
      .Deal(1, "QH")
      .Deal(2, "4C")
      .Deal(kDealer, "QS")
      .Settle(1, W::kTie, 1000)
      .Settle(2, W::kMain, -1000)
      .Decide(1, Action::kWar)
      .Bet(1, W::kRaise, 500)
      .Burns(3)
      .Deal(1, "7D")
      .Burns(3)
      .Deal(kDealer, "6H");
  return b;
}

TEST(WarEngineTest, TheFormatsExampleRoundIsClean) {
  RoundBuilder b = SdWar();
  b.Settle(1, W::kMain, 0).Settle(1, W::kRaise, 500);
  RoundResult r = ReplayWar(Sd(), b.round());
  EXPECT_TRUE(r.findings.empty()) << Describe(r);
  ASSERT_EQ(r.settlements.size(), 4u);
  int64_t total = 0;
  for (const auto& s : r.settlements) total += s.net;
  EXPECT_EQ(total, 1000 - 1000 + 0 + 500);
}

TEST(WarEngineTest, AWrongPayoutIsOneFindingWithItsClauseAndMoney) {
  RoundBuilder b = SdWar();
  b.Settle(1, W::kMain, 0).Settle(1, W::kRaise, 250);
  RoundResult r = ReplayWar(Sd(), b.round());
  ASSERT_EQ(Codes(r), std::vector<Code>{Code::kSettlePayout}) << Describe(r);
  const RoundFinding& f = r.findings[0];
  EXPECT_EQ(f.seat, 1);
  EXPECT_EQ(f.wager, W::kRaise);
  EXPECT_EQ(f.expected, 500);
  EXPECT_EQ(f.actual, 250);
  EXPECT_EQ(f.clause, "ARSD 20:18:16:15.17(4)(d)(i)");
  EXPECT_NE(f.message.find("war won"), std::string::npos);
}

TEST(WarEngineTest, TheRightTotalSplitWronglyIsASplit) {
  RoundBuilder b = SdWar();
  b.Settle(1, W::kMain, 250).Settle(1, W::kRaise, 250);
  RoundResult r = ReplayWar(Sd(), b.round());
  ASSERT_EQ(Codes(r), std::vector<Code>{Code::kSettleSplit}) << Describe(r);
}

TEST(WarEngineTest, AReadingChangesWhatIsRight) {
  auto half = Instantiate(Doc("us-sd/casino-war.yaml"), {{"sd-war-win-payout", "paytable-half-on-raise"}});
  ASSERT_TRUE(half.ok());
  RoundBuilder b = SdWar();
  b.Settle(1, W::kMain, 0).Settle(1, W::kRaise, 250);
  EXPECT_TRUE(ReplayWar(*half, b.round()).findings.empty());
}

TEST(WarEngineTest, BurnsAreCountedBeforeEachCard) {
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(6)
      .Bet(1, W::kMain, 500)
      .Deal(1, "9H")
      .Deal(kDealer, "9S")
      .Decide(1, Action::kWar)
      .Bet(1, W::kRaise, 500)
      .Burns(2)
      .Deal(1, "KD")
      .Burns(3)
      .Deal(kDealer, "2D")
      .Settle(1, W::kMain, 0)
      .Settle(1, W::kRaise, 500);
  RoundResult r = ReplayWar(Sd(), b.round());
  ASSERT_EQ(Codes(r), std::vector<Code>{Code::kDealBurnCount}) << Describe(r);
  EXPECT_EQ(r.findings[0].expected, 3);
  EXPECT_EQ(r.findings[0].actual, 2);
  EXPECT_EQ(r.findings[0].seat, 1);
}

TEST(WarEngineTest, BurnsAfterTheLastCardAreFound) {
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(6).Bet(1, W::kMain, 500).Deal(1, "9H").Deal(kDealer, "8S").Burn("2C").Settle(1, W::kMain, 500);
  RoundResult r = ReplayWar(Sd(), b.round());
  ASSERT_EQ(Codes(r), std::vector<Code>{Code::kDealBurnCount}) << Describe(r);
  EXPECT_EQ(r.findings[0].actual, 1);
}

TEST(WarEngineTest, DealingOutOfOrderIsOneFinding) {
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(6)
      .Bet(1, W::kMain, 500)
      .Bet(2, W::kMain, 500)
      .Bet(3, W::kMain, 500)
      .Deal(2, "9H")
      .Deal(1, "3H")
      .Deal(kDealer, "8S")
      .Deal(3, "KH")
      .Settle(1, W::kMain, -500)
      .Settle(2, W::kMain, 500)
      .Settle(3, W::kMain, 500);
  RoundResult r = ReplayWar(Sd(), b.round());
  ASSERT_EQ(Codes(r), std::vector<Code>{Code::kDealOrder}) << Describe(r);
  EXPECT_EQ(r.findings[0].seat, 1);
}

TEST(WarEngineTest, AMissingDealerCardDoesNotCascade) {
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(6).Bet(1, W::kMain, 500).Deal(1, "9H").Settle(1, W::kMain, 500);
  RoundResult r = ReplayWar(Sd(), b.round());
  ASSERT_EQ(Codes(r), std::vector<Code>{Code::kDealMissingCard}) << Describe(r);
  EXPECT_EQ(r.findings[0].seat, kDealer);
}

TEST(WarEngineTest, ACardToASeatWithNoWagerIsFound) {
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(6).Bet(1, W::kMain, 500).Deal(1, "9H").Deal(2, "4H").Deal(kDealer, "8S").Settle(1, W::kMain, 500);
  RoundResult r = ReplayWar(Sd(), b.round());
  ASSERT_EQ(Codes(r), std::vector<Code>{Code::kDealMissingCard}) << Describe(r);
  EXPECT_EQ(r.findings[0].seat, 2);
}

TEST(WarEngineTest, AMissingDecisionIsInferredFromTheRaise) {
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(6)
      .Bet(1, W::kMain, 500)
      .Deal(1, "9H")
      .Deal(kDealer, "9S")
      .Bet(1, W::kRaise, 500)
      .Burns(3)
      .Deal(1, "KD")
      .Burns(3)
      .Deal(kDealer, "2D")
      .Settle(1, W::kMain, 0)
      .Settle(1, W::kRaise, 500);
  RoundResult r = ReplayWar(Sd(), b.round());
  ASSERT_EQ(Codes(r), std::vector<Code>{Code::kDecisionMissing}) << Describe(r);
}

TEST(WarEngineTest, ADecisionOnAWinIsNotOffered) {
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(6)
      .Bet(1, W::kMain, 500)
      .Deal(1, "KH")
      .Deal(kDealer, "9S")
      .Decide(1, Action::kSurrender)
      .Settle(1, W::kMain, 500);
  RoundResult r = ReplayWar(Sd(), b.round());
  ASSERT_EQ(Codes(r), std::vector<Code>{Code::kDecisionNotOffered}) << Describe(r);
}

TEST(WarEngineTest, ASecondChoiceNamesTheFirstByItsEventIndex) {
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(6)
      .Bet(1, W::kMain, 500)
      .Deal(1, "5H")
      .Deal(kDealer, "5S")
      .Decide(1, Action::kSurrender)  // event 4
      .Decide(1, Action::kWar)        // event 5
      .Settle(1, W::kMain, -250);
  RoundResult r = ReplayWar(Sd(), b.round());
  ASSERT_EQ(Codes(r), std::vector<Code>{Code::kDecisionNotOffered}) << Describe(r);
  EXPECT_EQ(r.findings[0].event, 5);
  // Events are counted from 0 in every message, as in the log's events array.
  EXPECT_NE(r.findings[0].message.find("already chose surrender at event 4"), std::string::npos)
      << r.findings[0].message;
}

TEST(WarEngineTest, SurrenderOfAnOddWagerRoundsForTheHouse) {
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(6)
      .Bet(1, W::kMain, 501)
      .Deal(1, "5H")
      .Deal(kDealer, "5S")
      .Decide(1, Action::kSurrender)
      .Settle(1, W::kMain, -250);
  RoundResult r = ReplayWar(Sd(), b.round());
  ASSERT_EQ(Codes(r), std::vector<Code>{Code::kSettlePayout}) << Describe(r);
  EXPECT_EQ(r.findings[0].expected, -251);
}

TEST(WarEngineTest, WagerWindowsAndDependencies) {
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(6)
      .Bet(1, W::kMain, 500)
      .Bet(2, W::kTie, 100)
      .Deal(1, "KH")
      .Bet(1, W::kTie, 100)
      .Deal(kDealer, "9S")
      .Bet(1, W::kRaise, 500)
      .Bet(1, W::kTie2, 100)
      .Settle(1, W::kMain, 500);
  RoundResult r = ReplayWar(Sd(), b.round());
  // tie without main; tie after the first card; raise with no war; tie2 the game lacks.
  std::vector<Code> want = {Code::kWagerOrphan, Code::kWagerLate, Code::kWagerLate, Code::kWagerLate};
  std::vector<Code> got = Codes(r);
  std::sort(want.begin(), want.end());
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, want) << Describe(r);
}

TEST(WarEngineTest, ARaiseMustMatchTheMainWager) {
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(6)
      .Bet(1, W::kMain, 500)
      .Deal(1, "9H")
      .Deal(kDealer, "9S")
      .Decide(1, Action::kWar)
      .Bet(1, W::kRaise, 400)
      .Burns(3)
      .Deal(1, "KD")
      .Burns(3)
      .Deal(kDealer, "2D")
      .Settle(1, W::kMain, 0)
      .Settle(1, W::kRaise, 400);
  RoundResult r = ReplayWar(Sd(), b.round());
  ASSERT_EQ(Codes(r), std::vector<Code>{Code::kWagerRaiseMismatch}) << Describe(r);
  EXPECT_EQ(r.findings[0].expected, 500);
  EXPECT_EQ(r.findings[0].actual, 400);
}

TEST(WarEngineTest, LimitsOfTheTableAndOfTheRules) {
  RoundBuilder b("online/war");
  b.Limit(W::kMain, 500, 1000000)
      .Shuffle(6)
      .Bet(1, W::kMain, 600000)
      .Bet(2, W::kMain, 100)
      .Deal(1, "KH")
      .Deal(2, "KS")
      .Deal(kDealer, "9S")
      .Settle(1, W::kMain, 600000)
      .Settle(2, W::kMain, 100);
  RoundResult r = ReplayWar(Online(), b.round());
  ASSERT_EQ(Codes(r), (std::vector<Code>{Code::kWagerLimit, Code::kWagerLimit})) << Describe(r);
  EXPECT_EQ(r.findings[0].expected, 500000);  // the rules' maximum
  EXPECT_EQ(r.findings[0].clause, "Online War game rules, Rules, item 3");
  EXPECT_EQ(r.findings[1].expected, 500);  // the table's minimum
}

TEST(WarEngineTest, MissingAndDuplicateSettlements) {
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(6)
      .Bet(1, W::kMain, 500)
      .Bet(1, W::kTie, 100)
      .Deal(1, "KH")
      .Deal(kDealer, "9S")
      .Settle(1, W::kMain, 500)
      .Settle(1, W::kMain, 500)
      .Settle(2, W::kMain, 500);
  RoundResult r = ReplayWar(Sd(), b.round());
  std::vector<Code> got = Codes(r);
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, (std::vector<Code>{Code::kSettleMissing, Code::kSettleDuplicate, Code::kSettleDuplicate}))
      << Describe(r);
}

TEST(WarEngineTest, SettlingOrderFollowsTheSpec) {
  auto round = [](const char* rules) {
    RoundBuilder b(rules);
    b.Shuffle(6).Bet(1, W::kMain, 500).Bet(2, W::kMain, 500).Deal(1, "KH").Deal(2, "3S").Deal(kDealer, "9S");
    return b;
  };
  RoundBuilder asc = round("x");
  asc.Settle(1, W::kMain, 500).Settle(2, W::kMain, -500);
  RoundBuilder desc = round("x");
  desc.Settle(2, W::kMain, -500).Settle(1, W::kMain, 500);
  EXPECT_TRUE(ReplayWar(Sd(), asc.round()).findings.empty());
  EXPECT_EQ(Codes(ReplayWar(Sd(), desc.round())), std::vector<Code>{Code::kSettleOrder});
  EXPECT_TRUE(ReplayWar(Sm(), desc.round()).findings.empty());
  EXPECT_EQ(Codes(ReplayWar(Sm(), asc.round())), std::vector<Code>{Code::kSettleOrder});
}

TEST(WarEngineTest, TheOnlineTieWagerIsSettledBeforeTheWar) {
  RoundBuilder b("online/war");
  b.Shuffle(6)
      .Bet(1, W::kMain, 500)
      .Bet(1, W::kTie, 100)
      .Deal(1, "9H")
      .Deal(kDealer, "9S")
      .Decide(1, Action::kWar)
      .Settle(1, W::kTie, 1100)
      .Bet(1, W::kRaise, 500)
      .Bet(1, W::kTie2, 100)
      .Deal(1, "4D")
      .Deal(kDealer, "4C")
      .Settle(1, W::kMain, 0)
      .Settle(1, W::kRaise, 1000)
      .Settle(1, W::kTie2, 1100);
  RoundResult r = ReplayWar(Online(), b.round());
  ASSERT_EQ(Codes(r), std::vector<Code>{Code::kSettleOrder}) << Describe(r);
  EXPECT_EQ(r.findings[0].wager, W::kTie);
}

TEST(WarEngineTest, DeckCountsAndTheFreshShuffle) {
  RoundBuilder sd("us-sd/casino-war");
  sd.Shuffle(4).Bet(1, W::kMain, 500).Deal(1, "KH").Deal(kDealer, "9S").Settle(1, W::kMain, 500);
  EXPECT_EQ(Codes(ReplayWar(Sd(), sd.round())), std::vector<Code>{Code::kShoeDeckCount});
  RoundBuilder online("online/war");
  online.Bet(1, W::kMain, 500).Deal(1, "KH").Deal(kDealer, "9S").Settle(1, W::kMain, 500);
  EXPECT_EQ(Codes(ReplayWar(Online(), online.round())), std::vector<Code>{Code::kShoeNoShuffle});
  EXPECT_TRUE(ReplayWar(Sd(), online.round()).findings.empty());  // SD keeps its shoe
}

TEST(WarEngineTest, ASharedDealerWarCardForSeveralSeats) {
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(8)
      .Bet(1, W::kMain, 500)
      .Bet(3, W::kMain, 200)
      .Deal(1, "7H")
      .Deal(3, "7S")
      .Deal(kDealer, "7D")
      .Decide(1, Action::kWar)
      .Decide(3, Action::kSurrender)
      .Settle(3, W::kMain, -100)
      .Bet(1, W::kRaise, 500)
      .Burns(3)
      .Deal(1, "QD")
      .Burns(3)
      .Deal(kDealer, "QC")
      .Settle(1, W::kMain, 0)
      .Settle(1, W::kRaise, 1000);
  RoundResult r = ReplayWar(Sd(), b.round());
  EXPECT_TRUE(r.findings.empty()) << Describe(r);
}

TEST(WarEngineTest, TheWagerSetsAreReadFromTheSpecsWagers) {
  const WarRules::WagerSets& sets = War(Online()).wager_sets;
  EXPECT_EQ(sets.required, W::kMain);
  EXPECT_EQ(sets.initial, Bit(W::kMain) | Bit(W::kTie));
  EXPECT_EQ(sets.war, Bit(W::kRaise) | Bit(W::kTie2));
  EXPECT_EQ(sets.dependent, Bit(W::kTie) | Bit(W::kRaise) | Bit(W::kTie2));
  // A reading is a spec of its own, with sets of its own.
  auto as_written = Instantiate(Doc("us-sd/casino-war.yaml"), {{"sd-tie-choice", "as-written"}});
  ASSERT_TRUE(as_written.ok());
  EXPECT_EQ(War(*as_written).wager_sets.war, Bit(W::kRaise));
}

TEST(WarEngineTest, SeatsFarFromTheTableAreKeptInSeatOrder) {
  // Seats above the ones looked up by number: found, and settled in seat order.
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(6)
      .Bet(40, W::kMain, 500)
      .Bet(2, W::kMain, 500)
      .Bet(33, W::kMain, 500)
      .Deal(2, "9H")
      .Deal(33, "3H")
      .Deal(40, "KH")
      .Deal(kDealer, "8S")
      .Settle(2, W::kMain, 500)
      .Settle(33, W::kMain, -500)
      .Settle(40, W::kMain, 400);
  RoundResult r = ReplayWar(Sd(), b.round());
  ASSERT_EQ(Codes(r), std::vector<Code>{Code::kSettlePayout}) << Describe(r);
  EXPECT_EQ(r.findings[0].seat, 40);
  std::vector<Seat> seats;
  for (const Settlement& s : r.settlements) seats.push_back(s.seat);
  EXPECT_EQ(seats, (std::vector<Seat>{2, 33, 40}));
}

TEST(WarEngineTest, AmountsInMessagesAreWrittenInFull) {
  RoundBuilder b("us-sd/casino-war");
  b.Shuffle(6).Bet(1, W::kMain, INT64_MIN).Deal(1, "KH").Deal(kDealer, "9S");
  RoundResult r = ReplayWar(Sd(), b.round());
  // Found at fault, the wager is still in action, and never settled.
  ASSERT_EQ(Codes(r), (std::vector<Code>{Code::kSettleMissing, Code::kWagerLimit})) << Describe(r);
  const std::string min = std::to_string(INT64_MIN);
  EXPECT_EQ(r.findings[0].message,
            "main wager of seat 1 never settled; the rules pay " + min + " (player's card higher)");
  EXPECT_EQ(r.findings[1].message, "event 1: main wager of " + min + ": a wager must be positive");
}

// A replay read only for what it settles and whether it finds anything (findings_wanted false,
// as the checker replays a clean round under another reading) leaves undone what only finds
// once it has found something: it must settle as the full replay does, touch the same parts,
// and find something exactly where the full replay does. Held for each bundled War spec on
// rounds dealt under each of its readings and on every round of the violation fixtures that
// names it, each replayed under every reading.
TEST(WarEngineTest, AReplayForItsSettlementsAloneSettlesAsTheFullReplay) {
  int rounds = 0, found = 0;
  for (const char* file :
       {"us-sd/casino-war.yaml", "vendor/shuffle-master/casino-war.yaml", "online/war.yaml"}) {
    const SpecDocument& doc = Doc(file);
    const auto specs = SpecsUnderEachReading(doc);
    std::vector<std::string> lines = ViolationFixtureLines("\"rules\":\"" + doc.spec.id + "\"");
    for (const auto& [dealt_by, dealt] : specs) {
      DealerOptions options;
      options.rounds = 60;
      options.tables = 1;
      options.seed = 5;
      std::ostringstream log;
      ASSERT_TRUE(GenerateRounds(dealt, options, log).ok()) << file << " " << dealt_by;
      std::istringstream in(log.str());
      for (std::string line; std::getline(in, line);) lines.push_back(line);
    }
    RoundParser parser;
    std::vector<Round> parsed;
    for (const std::string& line : lines) {
      Round round;
      if (parser.Parse(line, &round).ok() && !round.events.empty()) parsed.push_back(std::move(round));
    }
    rounds += static_cast<int>(parsed.size());
    found += ExpectSettlementsAloneAsFull(specs, parsed, ReplayWarInto);
  }
  EXPECT_GT(rounds, 500);
  EXPECT_GT(found, 100);  // rounds dealt under one reading, replayed under another, find something
}

}  // namespace
}  // namespace pitboss
