#include "history/round_parser.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "games/core/test_rounds.h"
#include "games/games.h"
#include "history/line_reader.h"
#include "history/names.h"
#include "history/round_dump.h"

namespace pitboss {
namespace {

// The Casino War round with a war from the format's own text (hand-history-v1.md).
constexpr std::string_view kFormatExample =
    R"({"round":"T7-000124","time":"2026-11-21T20:14:40Z","table":"T7","rules":"us-sd/casino-war","events":[)"
    R"({"type":"bet","seat":1,"wager":"main","amount":500},)"
    R"({"type":"bet","seat":1,"wager":"tie","amount":100},)"
    R"({"type":"bet","seat":2,"wager":"main","amount":1000},)"
    R"({"type":"deal","seat":1,"card":"QH"},)"
    R"({"type":"deal","seat":2,"card":"4C"},)"
    R"({"type":"deal","seat":"dealer","card":"QS"},)"
    R"({"type":"settle","seat":1,"wager":"tie","net":1000},)"
    R"({"type":"settle","seat":2,"wager":"main","net":-1000},)"
    R"({"type":"decision","seat":1,"action":"war"},)"
    R"({"type":"bet","seat":1,"wager":"raise","amount":500},)"
    R"({"type":"burn","card":"2C"},{"type":"burn","card":"9S"},{"type":"burn","card":"KD"},)"
    R"({"type":"deal","seat":1,"card":"7D"},)"
    R"({"type":"burn","card":"3C"},{"type":"burn","card":"5S"},{"type":"burn","card":"JD"},)"
    R"({"type":"deal","seat":"dealer","card":"6H"},)"
    R"({"type":"settle","seat":1,"wager":"main","net":0},)"
    R"({"type":"settle","seat":1,"wager":"raise","net":500}]})";

// A round line with the given events (the JSON inside the array).
std::string WithEvents(const std::string& events) {
  return R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"us-sd/casino-war","events":[)" +
         events + "]}";
}

// A round line with the given top-level fields after "round" (the JSON inside the object).
std::string WithFields(const std::string& fields) { return R"({"round":"R1",)" + fields + "}"; }

class RoundParserTest : public ::testing::Test {
 protected:
  // The message of the line's problem, or "OK".
  std::string Problem(std::string_view line) {
    ParseOutcome outcome = parser_.Parse(line, &round_);
    return outcome.ok() ? "OK" : outcome.status.message();
  }
  // The line's only event; fails the test if the line is not a round of one event.
  const Event& OnlyEvent(const std::string& event) {
    ParseOutcome outcome = parser_.Parse(WithEvents(event), &round_);
    EXPECT_TRUE(outcome.ok()) << outcome.status.message();
    EXPECT_EQ(round_.events.size(), 1u);
    if (round_.events.empty()) round_.events.emplace_back();
    return round_.events[0];
  }

  RoundParser parser_;
  Round round_;
};

TEST_F(RoundParserTest, FormatExampleParses) {
  ParseOutcome outcome = parser_.Parse(kFormatExample, &round_);
  ASSERT_TRUE(outcome.ok()) << outcome.status.message();
  EXPECT_EQ(outcome.round, "");  // the Round has the ids
  EXPECT_EQ(round_.id, "T7-000124");
  EXPECT_EQ(round_.time, "2026-11-21T20:14:40Z");
  EXPECT_EQ(round_.date, 20261121);
  EXPECT_EQ(round_.table, "T7");
  EXPECT_EQ(round_.rules, "us-sd/casino-war");
  for (const auto& limit : round_.limits) EXPECT_FALSE(limit.has_value());
  ASSERT_EQ(round_.events.size(), 20u);

  const Event& bet = round_.events[1];
  EXPECT_EQ(bet.type, EventType::kBet);
  EXPECT_EQ(bet.seat, 1);
  EXPECT_EQ(bet.wager, WagerKind::kTie);
  EXPECT_EQ(bet.amount, 100);
  EXPECT_EQ(bet.hand, 0);
  EXPECT_EQ(bet.text, "");

  const Event& dealer = round_.events[5];
  EXPECT_EQ(dealer.type, EventType::kDeal);
  EXPECT_EQ(dealer.seat, kDealer);
  EXPECT_EQ(dealer.card, ParseCard("QS"));

  const Event& lost = round_.events[7];
  EXPECT_EQ(lost.type, EventType::kSettle);
  EXPECT_EQ(lost.seat, 2);
  EXPECT_EQ(lost.wager, WagerKind::kMain);
  EXPECT_EQ(lost.amount, -1000);

  const Event& war = round_.events[8];
  EXPECT_EQ(war.type, EventType::kDecision);
  EXPECT_EQ(war.action, Action::kWar);

  EXPECT_EQ(round_.events[9].wager, WagerKind::kRaise);
  const Event& burn = round_.events[12];
  EXPECT_EQ(burn.type, EventType::kBurn);
  EXPECT_EQ(burn.card, ParseCard("KD"));

  std::string types;
  for (const Event& e : round_.events) types += ToString(e.type).substr(0, 2);
  // bet bet bet deal deal deal settle settle decision bet, burn x3, deal, burn x3, deal, settle x2
  EXPECT_EQ(types,
            "bebebedededesesedebe"
            "bububu"
            "de"
            "bububu"
            "de"
            "sese");
  EXPECT_EQ(round_.events[19].amount, 500);
  EXPECT_EQ(round_.events[18].amount, 0);
}

TEST_F(RoundParserTest, Shuffle) {
  const Event& e = OnlyEvent(R"({"type":"shuffle","shoe":"T7-S0042","decks":6})");
  EXPECT_EQ(e.type, EventType::kShuffle);
  EXPECT_EQ(e.text, "T7-S0042");
  EXPECT_EQ(e.decks, 6);
}

// Values of the right type that the rules, not the format, rule out: the checker's to judge.
TEST_F(RoundParserTest, ValuesForTheRulesToJudgeAreNotMalformed) {
  EXPECT_EQ(OnlyEvent(R"({"type":"shuffle","shoe":"S1","decks":0})").decks, 0);
  EXPECT_EQ(OnlyEvent(R"({"type":"shuffle","shoe":"S1","decks":-2})").decks, -2);
  RoundParser parser;
  Round round;
  ParseOutcome out = parser.Parse(
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"","events":[]})", &round);
  ASSERT_TRUE(out.ok()) << out.status.message();
  EXPECT_EQ(round.rules, "");
}

TEST_F(RoundParserTest, Limits) {
  ASSERT_EQ(Problem(WithFields(R"("time":"2026-11-21T20:14:03Z","table":"T7","rules":"x",)"
                               R"("limits":{"main":{"min":500,"max":500000},"tie":{"max":50000},"raise":{},)"
                               R"("side-bet":{"min":"whatever"},"war":null},"events":[])")),
            "OK");
  ASSERT_TRUE(round_.limit(WagerKind::kMain).has_value());
  EXPECT_EQ(round_.limit(WagerKind::kMain)->min, 500);
  EXPECT_EQ(round_.limit(WagerKind::kMain)->max, 500000);
  ASSERT_TRUE(round_.limit(WagerKind::kTie).has_value());
  EXPECT_FALSE(round_.limit(WagerKind::kTie)->min.has_value());
  EXPECT_EQ(round_.limit(WagerKind::kTie)->max, 50000);
  ASSERT_TRUE(round_.limit(WagerKind::kRaise).has_value());
  EXPECT_FALSE(round_.limit(WagerKind::kRaise)->max.has_value());
  EXPECT_FALSE(round_.limit(WagerKind::kWar).has_value());
  EXPECT_FALSE(round_.limit(WagerKind::kTie2).has_value());
}

TEST_F(RoundParserTest, NothingLeaksFromTheRoundBefore) {
  ASSERT_EQ(Problem(WithFields(R"("time":"2026-11-21T20:14:03Z","table":"T7","rules":"x",)"
                               R"("limits":{"main":{"min":500}},"events":[)"
                               R"({"type":"deal","seat":1,"card":"XX","hand":2}])")),
            "OK");
  ASSERT_EQ(Problem(WithEvents(R"({"type":"deal","seat":1,"card":"AS"})")), "OK");
  EXPECT_FALSE(round_.limit(WagerKind::kMain).has_value());
  ASSERT_EQ(round_.events.size(), 1u);
  EXPECT_EQ(round_.events[0].text, "");
  EXPECT_EQ(round_.events[0].hand, 0);
  EXPECT_EQ(round_.events[0].card, ParseCard("AS"));
  // A broken line leaves ids unset in the Round, so no stale round can be checked by mistake.
  ASSERT_NE(Problem("{"), "OK");
  EXPECT_EQ(round_.id, "");
  EXPECT_TRUE(round_.events.empty());
}

TEST_F(RoundParserTest, UnknownFieldsAreIgnored) {
  std::string line = R"({"expect":["settle/payout"],"round":"R1","time":"2026-11-21T20:14:03Z",)"
                     R"("table":"T7","rules":"x","dealer_id":{"a":[1,2.5]},"events":[)"
                     R"({"type":"bet","seat":1,"wager":"main","amount":5,"note":1.5,"player":"p9"}]})";
  ASSERT_EQ(Problem(line), "OK");
  ASSERT_EQ(round_.events.size(), 1u);
  EXPECT_EQ(round_.events[0].amount, 5);
}

TEST_F(RoundParserTest, UnknownWagerAndActionKeepTheirNames) {
  const Event& bet = OnlyEvent(R"({"type":"bet","seat":3,"wager":"bonus","amount":100})");
  EXPECT_EQ(bet.wager, WagerKind::kUnknown);
  EXPECT_EQ(bet.text, "bonus");
  const Event& settle = OnlyEvent(R"({"type":"settle","seat":3,"wager":"Main","net":100})");
  EXPECT_EQ(settle.wager, WagerKind::kUnknown);
  EXPECT_EQ(settle.text, "Main");
  const Event& decision = OnlyEvent(R"({"type":"decision","seat":3,"action":"fold"})");
  EXPECT_EQ(decision.action, Action::kUnknown);
  EXPECT_EQ(decision.text, "fold");
}

TEST_F(RoundParserTest, BadCardIsKeptNotMalformed) {
  const Event& deal = OnlyEvent(R"({"type":"deal","seat":2,"card":"1H"})");
  EXPECT_FALSE(deal.card.has_value());
  EXPECT_EQ(deal.text, "1H");
  const Event& burn = OnlyEvent(R"({"type":"burn","card":""})");
  EXPECT_EQ(burn.type, EventType::kBurn);
  EXPECT_FALSE(burn.card.has_value());
  EXPECT_EQ(burn.text, "");
  const Event& ten = OnlyEvent(R"({"type":"deal","seat":"dealer","card":"10D"})");
  EXPECT_EQ(ten.card, ParseCard("TD"));
  EXPECT_EQ(ten.text, "");
}

// A deal's "face": "down" (the hole card) is kept for `show`, on the fast path and the reference
// path alike; "up", or none, is face up, and a burn has no face.
TEST_F(RoundParserTest, FaceDownDeal) {
  RoundParser reference{RoundParser::Paths::kReferenceOnly};
  for (RoundParser* parser : {&parser_, &reference}) {
    const std::string line = WithEvents(
        R"({"type":"deal","seat":"dealer","card":"5H","face":"down"},{"type":"deal","seat":1,"card":"6H",)"
        R"("face":"up"},{"type":"deal","seat":1,"card":"7H"},{"type":"burn","card":"8H","face":"down"},)"
        R"({"type":"deal","seat":2,"card":"9H","face":"down","face":"up"})");
    ASSERT_TRUE(parser->Parse(line, &round_).ok());
    ASSERT_EQ(round_.events.size(), 5u);
    EXPECT_TRUE(round_.events[0].face_down);
    EXPECT_FALSE(round_.events[1].face_down);
    EXPECT_FALSE(round_.events[2].face_down);
    EXPECT_FALSE(round_.events[3].face_down);
    EXPECT_TRUE(round_.events[4].face_down);  // the first "face" given (the fast path leaves it)
  }
}

TEST_F(RoundParserTest, HandAndNegativeNet) {
  const Event& e = OnlyEvent(R"({"type":"settle","seat":2,"hand":2,"wager":"split","net":-2500})");
  EXPECT_EQ(e.hand, 2);
  EXPECT_EQ(e.wager, WagerKind::kSplit);
  EXPECT_EQ(e.amount, -2500);
  EXPECT_EQ(OnlyEvent(R"({"type":"deal","seat":2,"hand":null,"card":"2C"})").hand, 0);
}

TEST_F(RoundParserTest, MoneyCoversInt64) {
  EXPECT_EQ(OnlyEvent(R"({"type":"bet","seat":1,"wager":"main","amount":9223372036854775807})").amount,
            INT64_MAX);
  EXPECT_EQ(OnlyEvent(R"({"type":"settle","seat":1,"wager":"main","net":-9223372036854775808})").amount,
            INT64_MIN);
  EXPECT_EQ(OnlyEvent(R"({"type":"bet","seat":1,"wager":"main","amount":0})").amount, 0);
}

// JSON readers differ on which of a repeated key's values counts: the line is malformed.
TEST_F(RoundParserTest, ARepeatedKeyIsMalformed) {
  Round round;
  ParseOutcome outcome =
      parser_.Parse(R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"x","events":[)"
                    R"({"type":"bet","seat":1,"seat":4,"wager":"main","amount":5}]})",
                    &round);
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.round, "R1");
  // A key the format does not read may repeat: operators' own fields are ignored.
  EXPECT_EQ(OnlyEvent(R"({"type":"bet","seat":1,"wager":"main","amount":5,"note":1,"note":2})").seat, 1);
}

// Every malformed case: the whole message, since it is what an auditor reads.
struct MalformedCase {
  std::string line;
  std::string message;
};

TEST_F(RoundParserTest, MalformedLinesSayWhatIsWrong) {
  const std::string t = R"("time":"2026-11-21T20:14:03Z",)";
  const std::string trr = t + R"("table":"T7","rules":"x",)";
  const std::vector<MalformedCase> cases = {
      {"[1,2]", "not a JSON object, but an array"},
      {"42", "not a JSON object, but 42"},
      {R"({"time":"2026-11-21T20:14:03Z","table":"T7","rules":"x","events":[]})", "missing field 'round'"},
      {R"({"round":7,"time":"2026-11-21T20:14:03Z","table":"T7","rules":"x","events":[]})",
       "field 'round' must be a string, not 7"},
      {R"({"round":"","time":"2026-11-21T20:14:03Z","table":"T7","rules":"x","events":[]})",
       "field 'round' must not be empty"},
      {WithFields(R"("table":"T7","rules":"x","events":[])"), "missing field 'time'"},
      {WithFields(t + R"("rules":"x","events":[])"), "missing field 'table'"},
      {WithFields(t + R"("table":["T7"],"rules":"x","events":[])"),
       "field 'table' must be a string, not an array"},
      {WithFields(t + R"("table":"T7","events":[])"), "missing field 'rules'"},
      {WithFields(t + R"("table":"T7","rules":null,"events":[])"),
       "field 'rules' must be a string, not null"},
      {WithFields(t + R"("table":"T7","rules":"x")"), "missing field 'events'"},
      {WithFields(trr + R"("events":{})"), "field 'events' must be an array, not an object"},
      {WithFields(R"("time":"2026-11-21 20:14:03Z","table":"T7","rules":"x","events":[])"),
       "field 'time' must be an RFC 3339 time such as 2026-11-21T20:14:03Z, not "
       "\"2026-11-21 20:14:03Z\""},
      {WithFields(R"("time":1763756043,"table":"T7","rules":"x","events":[])"),
       "field 'time' must be a string, not 1763756043"},
      {WithFields(trr + R"("limits":[],"events":[])"), "field 'limits' must be an object, not an array"},
      {WithFields(trr + R"("limits":{"main":500},"events":[])"),
       "field 'limits.main' must be an object such as {\"min\":500,\"max\":50000}, not 500"},
      {WithFields(trr + R"("limits":{"tie":{"min":1.5}},"events":[])"),
       "field 'limits.tie.min' must be a non-negative integer (minor units), not 1.5"},
      {WithFields(trr + R"("limits":{"tie":{"max":-100}},"events":[])"),
       "field 'limits.tie.max' must be a non-negative integer (minor units), not -100"},
      {WithFields(trr + R"("limits":{"main":{"max":"500"}},"events":[])"),
       "field 'limits.main.max' must be a non-negative integer (minor units), not \"500\""},
      {WithFields(trr + R"("currency":"usd","events":[])"),
       "field 'currency' must be an ISO 4217 code of three capital letters such as \"USD\", not \"usd\""},
      {WithFields(trr + R"("table":"T8","events":[])"),
       "field 'table' given twice: which value counts is not defined"},
      {WithEvents(R"({"type":"bet","seat":1,"wager":"main","amount":1000,"amount":5})"),
       "event 0: field 'amount' given twice: which value counts is not defined"},
      // Numbers valid in JSON that no reader represents exactly: named, with where they are.
      {WithEvents(R"({"type":"bet","seat":1,"wager":"main","amount":9223372036854775808})"),
       "event 0: field 'amount' must be a non-negative integer (minor units), not 9223372036854775808 (too "
       "large)"},
      {WithEvents(R"({"type":"settle","seat":1,"wager":"main","net":-9223372036854775809})"),
       "field 'net' (column 142): the number -9223372036854775809 is out of range: integers (amounts, seats, "
       "decks) must lie from -9223372036854775808 to 9223372036854775807"},
      {WithEvents(R"({"type":"bet","seat":1,"wager":"main","amount":1e400})"),
       "field 'amount' (column 142): the number 1e400 is out of range: it is beyond what a double can hold"},
      // Events, numbered from 0 as the events array counts them.
      {WithEvents(R"({"type":"burn","card":"2C"},"burn")"), "event 1: must be an object, not \"burn\""},
      {WithEvents(R"({"card":"2C"})"), "event 0: missing field 'type'"},
      {WithEvents(R"({"type":3})"), "event 0: field 'type' must be a string, not 3"},
      {WithEvents(R"({"type":"burn","card":"2C"},{"type":"discard","card":"2C"})"),
       "event 1: unknown type \"discard\" (shuffle, bet, deal, burn, decision or settle)"},
      {WithEvents(R"({"type":"Bet","seat":1,"wager":"main","amount":5})"),
       "event 0: unknown type \"Bet\" (shuffle, bet, deal, burn, decision or settle)"},
      // shuffle
      {WithEvents(R"({"type":"shuffle","decks":6})"), "event 0: missing field 'shoe'"},
      {WithEvents(R"({"type":"shuffle","shoe":42,"decks":6})"),
       "event 0: field 'shoe' must be a string, not 42"},
      {WithEvents(R"({"type":"shuffle","shoe":"S1"})"), "event 0: missing field 'decks'"},
      {WithEvents(R"({"type":"shuffle","shoe":"S1","decks":6.0})"),
       "event 0: field 'decks' must be an integer, not 6.0"},
      // bet
      {WithEvents(R"({"type":"bet","wager":"main","amount":5})"), "event 0: missing field 'seat'"},
      {WithEvents(R"({"type":"bet","seat":0,"wager":"main","amount":5})"),
       "event 0: field 'seat' must be a positive integer, not 0"},
      {WithEvents(R"({"type":"bet","seat":-1,"wager":"main","amount":5})"),
       "event 0: field 'seat' must be a positive integer, not -1"},
      {WithEvents(R"({"type":"bet","seat":"1","wager":"main","amount":5})"),
       "event 0: field 'seat' must be a positive integer, not \"1\""},
      {WithEvents(R"({"type":"bet","seat":1.0,"wager":"main","amount":5})"),
       "event 0: field 'seat' must be a positive integer, not 1.0"},
      {WithEvents(R"({"type":"bet","seat":2147483648,"wager":"main","amount":5})"),
       "event 0: field 'seat' must be a positive integer, not 2147483648"},
      {WithEvents(R"({"type":"bet","seat":"dealer","wager":"main","amount":5})"),
       "event 0: field 'seat' must be a positive integer, not \"dealer\""},
      {WithEvents(R"({"type":"bet","seat":1,"amount":5})"), "event 0: missing field 'wager'"},
      {WithEvents(R"({"type":"bet","seat":1,"wager":1,"amount":5})"),
       "event 0: field 'wager' must be a string, not 1"},
      {WithEvents(R"({"type":"bet","seat":1,"wager":"main"})"), "event 0: missing field 'amount'"},
      {WithEvents(R"({"type":"bet","seat":1,"wager":"main","amount":5.0})"),
       "event 0: field 'amount' must be a non-negative integer (minor units), not 5.0"},
      {WithEvents(R"({"type":"bet","seat":1,"wager":"main","amount":5.5})"),
       "event 0: field 'amount' must be a non-negative integer (minor units), not 5.5"},
      {WithEvents(R"({"type":"bet","seat":1,"wager":"main","amount":5e2})"),
       "event 0: field 'amount' must be a non-negative integer (minor units), not 500.0"},
      {WithEvents(R"({"type":"bet","seat":1,"wager":"main","amount":"500"})"),
       "event 0: field 'amount' must be a non-negative integer (minor units), not \"500\""},
      {WithEvents(R"({"type":"bet","seat":1,"wager":"main","amount":-500})"),
       "event 0: field 'amount' must be a non-negative integer (minor units), not -500"},
      {WithEvents(R"({"type":"bet","seat":1,"wager":"main","amount":9223372036854775808})"),
       "event 0: field 'amount' must be a non-negative integer (minor units), not "
       "9223372036854775808 (too large)"},
      // deal
      {WithEvents(R"({"type":"deal","card":"2C"})"), "event 0: missing field 'seat'"},
      {WithEvents(R"({"type":"deal","seat":"Dealer","card":"2C"})"),
       "event 0: field 'seat' must be a positive integer or \"dealer\", not \"Dealer\""},
      {WithEvents(R"({"type":"deal","seat":0,"card":"2C"})"),
       "event 0: field 'seat' must be a positive integer or \"dealer\", not 0"},
      {WithEvents(R"({"type":"deal","seat":1})"), "event 0: missing field 'card'"},
      {WithEvents(R"({"type":"deal","seat":1,"card":12})"),
       "event 0: field 'card' must be a string such as \"TH\", not 12"},
      {WithEvents(R"({"type":"deal","seat":1,"card":{"rank":"T","suit":"H"}})"),
       "event 0: field 'card' must be a string such as \"TH\", not an object"},
      {WithEvents(R"({"type":"deal","seat":1,"hand":0,"card":"2C"})"),
       "event 0: field 'hand' must be a positive integer, not 0"},
      {WithEvents(R"({"type":"deal","seat":1,"hand":"1","card":"2C"})"),
       "event 0: field 'hand' must be a positive integer, not \"1\""},
      // burn
      {WithEvents(R"({"type":"burn"})"), "event 0: missing field 'card'"},
      {WithEvents(R"({"type":"burn","card":null})"),
       "event 0: field 'card' must be a string such as \"TH\", not null"},
      // decision
      {WithEvents(R"({"type":"decision","seat":1})"), "event 0: missing field 'action'"},
      {WithEvents(R"({"type":"decision","seat":1,"action":true})"),
       "event 0: field 'action' must be a string, not true"},
      {WithEvents(R"({"type":"decision","seat":"dealer","action":"hit"})"),
       "event 0: field 'seat' must be a positive integer, not \"dealer\""},
      // settle
      {WithEvents(R"({"type":"settle","seat":1,"wager":"main"})"), "event 0: missing field 'net'"},
      {WithEvents(R"({"type":"settle","seat":1,"wager":"main","amount":500})"),
       "event 0: missing field 'net'"},
      {WithEvents(R"({"type":"settle","seat":1,"wager":"main","net":-2.5})"),
       "event 0: field 'net' must be an integer (minor units), not -2.5"},
  };
  for (const MalformedCase& c : cases) {
    EXPECT_EQ(Problem(c.line), c.message) << c.line;
  }
}

TEST_F(RoundParserTest, NotJson) {
  for (std::string_view line : {std::string_view(""), std::string_view("{"), std::string_view("round=R1"),
                                std::string_view("{\"a\":1} x"), std::string_view("{\"a\":1}{\"a\":1}"),
                                std::string_view("{\"a\":\"\xff\"}"), std::string_view("{\"a\":1,}")}) {
    std::string problem = Problem(line);
    EXPECT_EQ(problem.rfind("not JSON at column ", 0), 0u) << line << " -> " << problem;
  }
}

TEST_F(RoundParserTest, QuotedValuesAreShortened) {
  std::string line =
      WithEvents(R"({"type":"bet","seat":1,"wager":"main","amount":")" + std::string(1000, 'x') + R"("})");
  std::string problem = Problem(line);
  EXPECT_LT(problem.size(), 150u) << problem;
  EXPECT_EQ(problem.substr(problem.size() - 3), "...");
}

TEST_F(RoundParserTest, IdsOfABrokenLineAreRecovered) {
  // Not JSON: recovered from the raw text.
  ParseOutcome cut = parser_.Parse(
      R"({"round":"T7-000125","time":"2026-11-21T20:14:03Z","table":"T7","rules":"x","events":[{"ty)",
      &round_);
  ASSERT_FALSE(cut.ok());
  EXPECT_EQ(cut.round, "T7-000125");
  EXPECT_EQ(cut.table, "T7");

  ParseOutcome spaced = parser_.Parse(R"({ "table" : "T 9", "round" :  "R\"2" ,, })", &round_);
  ASSERT_FALSE(spaced.ok());
  EXPECT_EQ(spaced.round, R"(R\"2)");  // raw, as written
  EXPECT_EQ(spaced.table, "T 9");

  // JSON, but wrong: taken from the document.
  ParseOutcome wrong =
      parser_.Parse(R"({"table":"T7","round":"T7-000126","time":"noon","rules":"x","events":[]})", &round_);
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.round, "T7-000126");
  EXPECT_EQ(wrong.table, "T7");

  ParseOutcome late = parser_.Parse(WithEvents(R"({"type":"burn"})"), &round_);
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.round, "R1");
  EXPECT_EQ(late.table, "T7");

  // Nothing to recover.
  ParseOutcome none = parser_.Parse("garbage", &round_);
  EXPECT_EQ(none.round, "");
  EXPECT_EQ(none.table, "");
  ParseOutcome typed = parser_.Parse(R"({"round":12,"table":["T7"]})", &round_);
  EXPECT_EQ(typed.round, "");
  EXPECT_EQ(typed.table, "");
  // An id that is not UTF-8 is no id for a report.
  ParseOutcome binary = parser_.Parse("{\"round\":\"R\xff\",", &round_);
  EXPECT_EQ(binary.round, "");
}

TEST_F(RoundParserTest, ReusedAcrossLinesOfAnyLength) {
  std::string events;
  for (int i = 0; i < 5000; ++i) events += R"({"type":"burn","card":"2C"},)";
  events += R"({"type":"burn","card":"AS"})";
  ASSERT_EQ(Problem(WithEvents(events)), "OK");
  EXPECT_EQ(round_.events.size(), 5001u);
  ASSERT_EQ(Problem(kFormatExample), "OK");
  EXPECT_EQ(round_.events.size(), 20u);
  ASSERT_NE(Problem("{\"round\""), "OK");
  ASSERT_EQ(Problem(kFormatExample), "OK");
  EXPECT_EQ(round_.id, "T7-000124");
}

// Every prefix of a good line, and random damage to it, must give an outcome, not a crash.
TEST_F(RoundParserTest, SurvivesDamagedLines) {
  std::string line(kFormatExample);
  for (size_t n = 0; n < line.size(); ++n) {
    ParseOutcome outcome = parser_.Parse(std::string_view(line).substr(0, n), &round_);
    EXPECT_FALSE(outcome.ok()) << n;
    EXPECT_FALSE(outcome.status.message().empty());
  }
  std::mt19937 rng(7);
  for (int i = 0; i < 2000; ++i) {
    std::string damaged = line;
    for (int k = 0; k < 3; ++k) damaged[rng() % damaged.size()] = static_cast<char>(rng());
    ParseOutcome outcome = parser_.Parse(damaged, &round_);
    if (!outcome.ok()) {
      EXPECT_FALSE(outcome.status.message().empty());
    }
  }
}

#ifdef PITBOSS_SOURCE_DIR
// The fuzzer's seed lines are rounds of their own: keep them meaning what their names say.
TEST_F(RoundParserTest, FuzzSeeds) {
  const std::string dir = std::string(PITBOSS_SOURCE_DIR) + "/fuzz/corpus/round_parser/";
  const std::vector<std::pair<std::string, bool>> seeds = {
      {"war_with_war.jsonl", true},
      {"shuffle_limits.jsonl", true},
      {"split_hands.jsonl", true},
      {"bad_card_unknown_names.jsonl", true},
      {"truncated.jsonl", false},
      {"malformed_seat.jsonl", false},
      {"zero_decks.jsonl", true},
      {"fast_war_currency.jsonl", true},
      {"fast_blackjack_hands.jsonl", true},
      {"fast_spaces_unknown_wager.jsonl", true},
      {"fast_int64_edges_whitespace.jsonl", true},
      {"key_without_colon.jsonl", false},
  };
  for (const auto& [name, good] : seeds) {
    std::ifstream in(dir + name, std::ios::binary);
    ASSERT_TRUE(in) << dir + name;
    std::stringstream text;
    text << in.rdbuf();
    std::string line = text.str();
    if (!line.empty() && line.back() == '\n') line.pop_back();
    EXPECT_EQ(Problem(line) == "OK", good) << name << ": " << Problem(line);
  }
}
#endif

// Everything a parse gives: the outcome, and for a good line every field of the Round.

// Runs lines through the fast path (copied, and in place with junk where the padding is)
// and through the reference path alone: every outcome and Round must be the reference's.
class DifferentialTest : public ::testing::Test {
 protected:
  // How many times ExpectSame runs a line through the fast path.
  static constexpr int64_t kFastRuns = 6;

  void ExpectSame(std::string_view line, const std::string& where) {
    const std::string expected = DumpRound(reference_.Parse(line, &round_), round_);
    EXPECT_EQ(DumpRound(fast_.Parse(line, &round_), round_), expected) << where;
    // In place, the line followed by `after` and more bytes (kLinePadding readable in all).
    auto in_place = [&](std::string_view after, char fill, const char* how) {
      std::string held(line);
      held.append(after);
      held.append(kLinePadding, fill);
      EXPECT_EQ(
          DumpRound(fast_.Parse(std::string_view(held).substr(0, line.size()), &round_, /*padded=*/true),
                    round_),
          expected)
          << where << " (parsed in place, " << how << ")";
    };
    // As LineReader hands lines over: what follows the line must not matter. Followed by a
    // byte that is no stop, the line is copied; followed by its line feed (or CR LF), it is
    // read where it lies, and the next line's bytes after the stop must not matter.
    in_place("}]\"", '1', "junk after it");
    for (const char* end : {"\n", "\r\n", "\r"})
      in_place(std::string(end) + "}]\"\t1,\"events\":[]}", '}', "a line feed after it");
    // As a line pipeline hands lines over, followed by zeros: read where it lies, with no copy
    // (the cursor stops at the first zero).
    in_place(std::string(kLineZeros, '\0'), '"', "zeros after it");
  }

  RoundParser fast_;
  RoundParser reference_{RoundParser::Paths::kReferenceOnly};
  Round round_;
};

#ifdef PITBOSS_SOURCE_DIR
// Every line of every fixture log.
TEST_F(DifferentialTest, FixtureLines) {
  namespace fs = std::filesystem;
  std::vector<std::string> logs;
  for (const auto& entry : fs::recursive_directory_iterator(std::string(PITBOSS_SOURCE_DIR) + "/fixtures")) {
    if (entry.is_regular_file() && entry.path().extension() == ".jsonl")
      logs.push_back(entry.path().string());
  }
  std::sort(logs.begin(), logs.end());
  ASSERT_GE(logs.size(), 20u);
  int64_t lines = 0;
  for (const std::string& path : logs) {
    std::ifstream in(path, std::ios::binary);
    ASSERT_TRUE(in) << path;
    std::string line;
    for (int n = 1; std::getline(in, line); ++n, ++lines) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      ExpectSame(line, path + ":" + std::to_string(n));
    }
  }
  ASSERT_GE(lines, 500);
  // The fast path takes most of them (each line goes through it kFastRuns times); the lines
  // broken on purpose it must leave to the reference path.
  EXPECT_GT(2 * fast_.fast_lines(), kFastRuns * lines);
  EXPECT_LT(fast_.fast_lines(), kFastRuns * lines);
}
#endif

// The logs the dealer simulator writes, for every bundled spec: the fast path takes every
// line of them, with the reference path's result. Such logs are what a casino's system
// writes, so a line of them left to the reference path is a cost on every line.
TEST_F(DifferentialTest, FastPathTakesEveryGeneratedLine) {
  namespace fs = std::filesystem;
  const fs::path rules = fs::path(PITBOSS_SOURCE_DIR) / "rules";
  std::vector<std::string> specs;
  for (const auto& entry : fs::recursive_directory_iterator(rules)) {
    const std::string relative = fs::relative(entry.path(), rules).generic_string();
    // Clause parts and source texts are not specs of their own.
    if (entry.is_regular_file() && entry.path().extension() == ".yaml" &&
        relative.find("parts/") == std::string::npos && relative.rfind("sources/", 0) != 0) {
      specs.push_back(relative);
    }
  }
  std::sort(specs.begin(), specs.end());
  ASSERT_GE(specs.size(), 5u);
  for (const std::string& file : specs) {
    SCOPED_TRACE(file);
    DealerOptions options;
    options.rounds = 2000;
    options.tables = 2;
    options.seed = 5;
    options.tie_bet_rate = 0.5;
    options.rates["insurance-rate"] = 0.5;
    std::ostringstream log;
    ASSERT_TRUE(GenerateRounds(BundledSpec(file).spec, options, log).ok());
    std::istringstream in(log.str());
    const int64_t before = fast_.fast_lines();
    int64_t lines = 0;
    for (std::string line; std::getline(in, line); ++lines)
      ExpectSame(line, file + ":" + std::to_string(lines + 1));
    EXPECT_EQ(lines, 2000);
    EXPECT_EQ(fast_.fast_lines() - before, kFastRuns * lines);
  }
}

TEST_F(DifferentialTest, FastPathTakesAWellFormedRound) {
  ExpectSame(kFormatExample, "format example");
  EXPECT_EQ(fast_.fast_lines(), kFastRuns);
  EXPECT_EQ(reference_.fast_lines(), 0);
}

// A line far longer than any round: the fast path reads it as it reads any other, with the
// reference path's result.
TEST_F(DifferentialTest, OverLongLine) {
  std::string events;
  while (events.size() < (size_t{1} << 20)) events += R"({"type":"burn","card":"2C"},)";
  events += R"({"type":"burn","card":"AS"})";
  ExpectSame(WithEvents(events), "long line");
  EXPECT_EQ(fast_.fast_lines(), kFastRuns);
  ExpectSame(kFormatExample, "format example");
  EXPECT_EQ(fast_.fast_lines(), 2 * kFastRuns);
}

// Lines the fast path must leave to the reference path, or take with the very same result.
TEST_F(DifferentialTest, NastyLines) {
  const std::string head =
      R"("round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"us-sd/casino-war")";
  const std::string bet = R"({"type":"bet","seat":1,"wager":"main","amount":500})";
  const std::string tail = R"(","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})";
  const std::vector<std::string> lines = {
      // JSON whitespace the scanner leaves to the reference path: CR and LF inside a line.
      std::string(
          " \t\r\n{\t\"round\"\r:\n\"R1\" ,\t\"time\" :\"2026-11-21T20:14:03Z\"\r,\"table\":\"T7\",") +
          "\"rules\":\"\",\n\"limits\" : { \"main\" :\t{ \"min\" : 5 ,\r\n\"max\"\t:\t7 } , \"tie\":{ } } ," +
          "\"currency\"\t:\t\"USD\" , \"events\" :\n[ {\"type\" : \"bet\" , \"seat\" :\t1 "
          ",\"wager\":\"main\" , " +
          "\"amount\" : 5 , \"hand\" : 1 } ,\t{ \"type\":\"deal\",\"seat\" : \"dealer\" ,\"card\" :\"QH\", " +
          "\"face\" : \"down\" } ] \t\r\n}\r\n \t",
      // Keys given twice, at every level.
      "{" + head + R"(,"round":"R2","events":[]})",
      "{" + head + R"(,"events":[],"events":[]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"seat":2,"wager":"main","amount":500}]})",
      "{" + head + R"(,"limits":{"main":{"min":1,"min":2}},"events":[]})",
      "{" + head + R"(,"limits":{"main":{"min":1},"main":{"max":2}},"events":[]})",
      "{" + head + R"(,"currency":"USD","currency":"EUR","events":[]})",
      // Unknown keys, with values of every shape, some deeply nested, some broken.
      "{" + head + R"(,"dealer":"D1","events":[]})",
      "{" + head + R"(,"x":[[[[[[[[[[{"a":[1,2,{"b":null}]}]]]]]]]]]],"events":[]})",
      "{" + head + R"(,"x":[[[[[[[[[[{"a":[1,2,{"b":nul}]}]]]]]]]]]],"events":[]})",
      "{" + head + R"(,"x":)" + std::string(3000, '[') + std::string(3000, ']') + R"(,"events":[]})",
      "{" + head + R"(,"x":01,"events":[]})",
      "{" + head + R"(,"x":"\q","events":[]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":500,"player":{"id":[7]}}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":500,"x":tru}]})",
      "{" + head + R"(,"limits":{"main":{"min":1,"step":5}},"events":[]})",
      "{" + head + R"(,"limits":{"main":{"min":1},"jackpot":{"min":"x"}},"events":[]})",
      "{" + head + R"(,"limits":{"main":{"min":1},"jackpot":[}},"events":[]})",
      // Nulls, where they count as absent and where they do not.
      "{" + head + R"(,"limits":null,"currency":null,"events":[]})",
      "{" + head + R"(,"limits":{"main":null,"tie":{"min":null,"max":5}},"events":[]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":500,"hand":null}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":null,"wager":"main","amount":500}]})",
      "{" + head + R"(,"events":null})",
      R"({"round":null)" + tail.substr(1),
      // Numbers that are not int64 integers, and the edges of those that are.
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":5.0}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":1e3}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":1E3}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":-0}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":-0}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":-0.0}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":9223372036854775807}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":9223372036854775808}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":18446744073709551615}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":18446744073709551616}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":-9223372036854775808}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":-9223372036854775809}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":0500}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":-}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":+5}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":5x}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":1e400}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":-500}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":2147483647,"wager":"main","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":2147483648,"wager":"main","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":0,"wager":"main","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"hand":0,"wager":"main","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"hand":2147483648,"wager":"main","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"shuffle","shoe":"S","decks":0}]})",
      "{" + head + R"(,"events":[{"type":"shuffle","shoe":"S","decks":-2147483648}]})",
      "{" + head + R"(,"events":[{"type":"shuffle","shoe":"S","decks":-2147483649}]})",
      "{" + head + R"(,"events":[{"type":"shuffle","shoe":"S","decks":6.5}]})",
      "{" + head + R"(,"limits":{"main":{"min":-1}},"events":[]})",
      "{" + head + R"(,"limits":{"main":{"min":1.5}},"events":[]})",
      // Strings with escapes, in ids, names and keys; strings that are not UTF-8.
      R"({"round":"R\u00e9","time":"2026-11-21T20:14:03Z","table":"T\"7","rules":"r","events":[]})",
      R"({"round":"R\\1","time":"2026-11-21T20:14:03Z","table":"T\/7","rules":"r\n","events":[]})",
      R"({"rou\u006ed":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})",
      "{" + head + R"(,"events":[{"type":"b\u0065t","seat":1,"wager":"m\u0061in","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"deal","seat":"d\u0065aler","card":"Q\u0048"}]})",
      "{" + head + R"(,"events":[{"typ\u0065":"burn","card":"QH"}]})",
      "{" + head + R"(,"limits":{"m\u0061in":{"min":5}},"events":[]})",
      "{" + head + R"(,"limits":{"main":{"m\u0069n":5}},"events":[]})",
      R"({"round":"R\ud800)" + tail,
      R"({"round":"R\ud83c\udca1)" + tail,
      R"({"round":"R\x)" + tail,
      R"({"round":"R\u12)" + tail,
      R"({"round":"Ré ♠)" + tail,
      R"({"round":"R)" + std::string("\xff") + tail,
      R"({"round":"R)" + std::string("\xc3") + tail,
      R"({"round":"R)" + std::string("\xed\xa0\x80") + tail,
      R"({"round":"R)" + std::string("\t") + tail,
      R"({"round":"R)" + std::string(1, '\0') + tail,
      R"({"round":"R)" + std::string("\x7f") + tail,
      // What follows or precedes the object.
      "{" + head + R"(,"events":[]} )",
      " \t{" + head + R"(,"events":[]}  )",
      "{" + head + R"(,"events":[]}x)",
      "{" + head + R"(,"events":[]}})",
      "{" + head + R"(,"events":[]}])",
      "{" + head + R"(,"events":[]},)",
      "{" + head + R"(,"events":[]}{)" + head + R"(,"events":[]})",
      "{" + head + R"(,"events":[]} {)" + head + R"(,"events":[]})",
      "{" + head + R"(,"events":[]})" + std::string(1, '\0'),
      "{" + head + R"(,"events":[]} )" + std::string(1, '\0'),
      "{" + head + R"(,"events":[]} null)",
      "{" + head + R"(,"events":[]} "x")",
      "\xef\xbb\xbf{" + head + R"(,"events":[]})",
      "[{" + head + R"(,"events":[]}])",
      "{" + head + R"(,"events":[]})" + "\n",
      "{" + head + R"(,"events":[]})" + "\r",
      // Structure.
      "{" + head + R"(,"events":[],})",
      "{" + head + R"(,"events":[,]})",
      "{" + head + R"(,"events":[)" + bet + "," + R"(]})",
      "{" + head + R"(,"events":[)" + bet + bet + R"(]})",
      "{" + head + R"(,"events":[]]})",
      "{" + head + R"(,"events" [] })",
      "{" + head + R"(,"events"::[] })",
      "{" + head + R"(,,"events":[] })",
      "{" + head + R"(,"events":[)" + bet,
      "{" + head + R"(,"events":[)" + bet + "]",
      "{" + head + R"(,"events":{}})",
      "{" + head + R"(,"events":[[]]})",
      "{" + head + R"(,"events":[1]})",
      "{" + head + R"(,"events":[]})",
      "{" + head + R"(,"events":[ ]})",
      R"( { "round" : "R1" , "time" : "2026-11-21T20:14:03Z" , "table" : "T7" , "rules" : "" , "events" : [ { "type" : "burn" , "card" : "AS" } ] } )",
      "{}",
      "[]",
      "\"R1\"",
      "5",
      "null",
      "",
      " ",
      // Fields missing, of the wrong type, or out of place.
      R"({"time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})",
      R"({"round":"R1","table":"T7","rules":"r","events":[]})",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","rules":"r","events":[]})",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","events":[]})",
      "{" + head + "}",
      R"({"round":")" + tail,
      R"({"round":"R1","time":"","table":"T7","rules":"r","events":[]})",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"","rules":"r","events":[]})",
      R"({"round":"R1","time":"2026-11-31T20:14:03Z","table":"T7","rules":"r","events":[]})",
      R"({"round":1,"time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":["T7"],"rules":"r","events":[]})",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":true,"events":[]})",
      "{" + head + R"(,"currency":"usd","events":[]})",
      "{" + head + R"(,"currency":"EURO","events":[]})",
      "{" + head + R"(,"currency":978,"events":[]})",
      "{" + head +
          R"(,"currency":"EUR","limits":{"main":{"min":500,"max":500000},"tie":{},"tie2":{"max":7}},"events":[]})",
      "{" + head + R"(,"limits":[],"events":[]})",
      "{" + head + R"(,"limits":{"main":5},"events":[]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":"dealer","wager":"main","amount":500}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":"dealer","wager":"main","net":500}]})",
      "{" + head + R"(,"events":[{"type":"decision","seat":"dealer","action":"war"}]})",
      "{" + head + R"(,"events":[{"type":"deal","seat":"Dealer","card":"QH"}]})",
      "{" + head + R"(,"events":[{"type":"deal","seat":"7","card":"QH"}]})",
      "{" + head + R"(,"events":[{"type":"deal","seat":"dealer","card":"QH","face":"down"}]})",
      "{" + head + R"(,"events":[{"type":"deal","seat":"dealer","card":"QH","hand":2}]})",
      "{" + head +
          R"(,"events":[{"type":"deal","seat":1,"face":"down","card":"QH"},{"face":"up","type":"burn","card":"2C"}]})",
      "{" + head + R"(,"events":[{"type":"deal","seat":1,"card":"QH","face":"down","face":"up"}]})",
      "{" + head + R"(,"events":[{"type":"deal","seat":1,"card":"QH","face":5}]})",
      "{" + head + R"(,"events":[{"type":"deal","seat":1,"card":"QH","face":null}]})",
      "{" + head + R"(,"events":[{"type":"deal","seat":1,"card":"QH","face":{"x":[}}]})",
      "{" + head + R"(,"events":[{"type":"deal","seat":1,"card":"QH","face":"down"}]})",
      "{" + head + R"(,"events":[{"type":"deal","seat":1,"card":"QH","face":"down"}]})",
      "{" + head + R"(,"face":"down","events":[]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main"}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"amount":5}]})",
      "{" + head + R"(,"events":[{"type":"bet","wager":"main","amount":5}]})",
      "{" + head + R"(,"events":[{"seat":1,"wager":"main","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":"5"}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":7,"amount":5}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"jackpot","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"","amount":5}]})",
      "{" + head +
          R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":5,"card":"QH","net":3,"shoe":"S"}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":5,"card":7}]})",
      "{" + head + R"(,"events":[{"type":"burn","seat":"nobody","card":"2C"}]})",
      "{" + head + R"(,"events":[{"type":"burn","seat":1.5,"card":"2C"}]})",
      "{" + head +
          R"(,"events":[{"type":"burn","card":"10D"},{"type":"burn","card":"1D"},{"type":"burn","card":""}]})",
      "{" + head + R"(,"events":[{"type":"burn","card":"XX"},{"type":"deal","seat":2,"card":"as"}]})",
      "{" + head + R"(,"events":[{"type":"burn"}]})",
      "{" + head + R"(,"events":[{"type":"burn","card":null}]})",
      "{" + head +
          R"(,"events":[{"type":"decision","seat":1,"action":"war"},{"type":"decision","seat":1,"action":"fold"}]})",
      "{" + head + R"(,"events":[{"type":"decision","seat":1}]})",
      "{" + head + R"(,"events":[{"type":"shuffle","shoe":"S"}]})",
      "{" + head + R"(,"events":[{"type":"shuffle","decks":6}]})",
      "{" + head + R"(,"events":[{"type":"shuffle","shoe":6,"decks":6}]})",
      "{" + head + R"(,"events":[{"type":"shuffle","shoe":"","decks":6,"seat":"x"}]})",
      "{" + head + R"(,"events":[{"type":"fold","seat":1}]})",
      "{" + head + R"(,"events":[{"type":"","seat":1}]})",
      "{" + head + R"(,"events":[{"type":5,"seat":1}]})",
      "{" + head + R"(,"events":[{}]})",
      "{" + head + R"(,"events":[)" + bet + R"(,"bet"]})",
      // What the fast path's own scanner risks. Escapes in keys and values.
      R"({"round":"R\\","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})",
      R"({"round":"R\"1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})",
      R"({"round":"R\u0000","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"\u0000","events":[]})",
      R"({"round\\":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})",
      R"({"round\"":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})",
      R"({"\u0072ound":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main\\","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"bet","se\at":1,"wager":"main","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat\\":1,"wager":"main","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"burn","card":"\u0051H"}]})",
      "{" + head + R"(,"events":[{"type":"burn","card":"Q\u0000"}]})",
      "{" + head + R"(,"limits":{"main\\":{"min":5}},"events":[]})",
      "{" + head + R"(,"limits":{"main":{"min\\":5}},"events":[]})",
      // Integers: leading zeros, signs, fractions, exponents, the edges of int64.
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":0}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":00}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":01}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":-00}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":-01}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":-}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":-a}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":--1}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":- 1}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":1.0}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":1.}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":1e2}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":1E+2}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":0e0}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":-0}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":9223372036854775807}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":9223372036854775808}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":-9223372036854775807}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":-9223372036854775808}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":-9223372036854775809}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":99999999999999999999}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":00000000000000000001}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":1000000000000000000}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":10000000000000000000}]})",
      "{" + head + R"(,"events":[{"type":"shuffle","shoe":"S","decks":-0}]})",
      "{" + head + R"(,"events":[{"type":"shuffle","shoe":"S","decks":6,"hand":-0}]})",
      "{" + head + R"(,"limits":{"main":{"min":0,"max":9223372036854775807}},"events":[]})",
      "{" + head + R"(,"limits":{"main":{"min":-0}},"events":[]})",
      "{" + head + R"(,"limits":{"main":{"min":00}},"events":[]})",
      // Whitespace of every kind in every place; a tab inside a string.
      std::string(
          "\t\r\n {\t\"round\"\r:\n\"R1\" ,\t\"time\" :\"2026-11-21T20:14:03Z\"\r,\"table\":\"T7\",") +
          "\"rules\":\"r\",\n\"limits\" : { \"main\" :\t{ \"min\" : 5 ,\r\n\"max\"\t:\t7 } , \"tie\":{ } } "
          "," +
          "\"currency\"\t:\t\"USD\" , \"events\" :\n[ {\"type\" : \"bet\" , \"seat\" :\t1 "
          ",\"wager\":\"main\" , " +
          "\"amount\" : 5 , \"hand\" : 1 } ,\t{ \"type\":\"deal\",\"seat\" : \"dealer\" ,\"card\" :\"QH\", " +
          "\"face\" : \"down\" } , { } ] \t\r\n}\r\n \t",
      std::string("{\t\"round\"\r:\n\"R1\" ,\t\"time\" :\"2026-11-21T20:14:03Z\"\r,\"table\":\"T7\",") +
          "\"rules\":\"r\",\n\"limits\" : { \"main\" :\t{ \"min\" : 5 ,\r\n\"max\"\t:\t7 } , \"tie\":{ } } "
          "," +
          "\"currency\"\t:\t\"USD\" , \"events\" :\n[ {\"type\" : \"bet\" , \"seat\" :\t1 "
          ",\"wager\":\"main\" , " +
          "\"amount\" : 5 , \"hand\" : 1 } ,\t{ \"type\":\"deal\",\"seat\" : \"dealer\" ,\"card\" :\"QH\", " +
          "\"face\" : \"down\" } ] \t\r\n}\r\n \t",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main)" + "\t" + R"(","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":5)" + "\f" + R"(}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":5)" + "\v" + R"(}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":5)" + "\xc2\xa0" + R"(}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":5)" + std::string(1, '\0') +
          R"(}]})",
      "{" + head + R"(,"events":[]})" + std::string("\0 ", 2),
      // Bytes that are not UTF-8, or are UTF-8 a reader must not take.
      R"({"round":"R)" + std::string("\x80") + tail,
      R"({"round":"R)" + std::string("\xc0\xaf") + tail,
      R"({"round":"R)" + std::string("\xe0\x80\xaf") + tail,
      R"({"round":"R)" + std::string("\xf0\x80\x80\xaf") + tail,
      R"({"round":"R)" + std::string("\xf4\x90\x80\x80") + tail,
      R"({"round":"R)" + std::string("\xc3\xa9") + tail,
      "{" + head + R"(,"events":[{"type":"burn","card":"Q)" + std::string("\xe2\x99\xa0") + R"("}]})",
      "{" + head + R"(,"events":[]})" + std::string("\x80"),
      // Lines that end inside a string, a number, a key, or between tokens.
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[{"type":"bu)",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[{"type":"bet","seat":1,"wager":"main","amount":50)",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[{"type":"bet","seat":1,"wager":"main","amount":-)",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[{"type":"bet","seat":1,"wa)",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[{"type":"bet","seat":1,"wager")",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[{"type":"bet","seat":1,"wager":)",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[])",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]} {)",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]}")",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[],"n)",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[],")",
      R"({")",
      R"({"round)",
      R"({"round")",
      R"({"round":")",
      R"({"round":"R1)",
      // Keys that are prefixes of known keys, or have them as prefixes; empty keys.
      "{" + head + R"(,"events":[{"typ":"burn","card":"QH"}]})",
      "{" + head + R"(,"events":[{"types":"burn","card":"QH"}]})",
      "{" + head + R"(,"events":[{"type":"burn","cards":"QH"}]})",
      "{" + head + R"(,"events":[{"type":"burn","car":"QH"}]})",
      "{" + head + R"(,"events":[{"type":"burn","card":"QH","":"x"}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amount":5,"amounts":6}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"wager":"main","amoun":5}]})",
      "{" + head + R"(,"events":[{"type":"deal","seat":1,"card":"QH","fac":"up"}]})",
      "{" + head + R"(,"events":[{"type":"deal","seat":1,"card":"QH","faces":"up"}]})",
      "{" + head + R"(,"":1,"events":[]})",
      "{" + head + R"(,"event":[],"events":[]})",
      "{" + head + R"(,"eventss":[],"events":[]})",
      "{" + head + R"(,"currenc":"USD","events":[]})",
      "{" + head + R"(,"limit":{},"events":[]})",
      "{" + head + R"(,"limits":{"":{"min":5}},"events":[]})",
      "{" + head + R"(,"limits":{"mai":{"min":5}},"events":[]})",
      "{" + head + R"(,"limits":{"mains":{"min":5}},"events":[]})",
      "{" + head + R"(,"limits":{"main":{"mi":5}},"events":[]})",
      "{" + head + R"(,"limits":{"main":{"mins":5}},"events":[]})",
      "{" + head + R"(,"limits":{"main":{"":5}},"events":[]})",
      R"({"roun":"R1","round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})",
      R"({"rounds":"R1","round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})",
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","tabl":"T7","table":"T7","rules":"r","events":[]})",
      // A known key not followed by ':', then another key's name.
      "{" + head + R"(,"events":[{"type":"decision","seat":1,"action"hand":1,"action":"war"}]})",
      "{" + head + R"(,"events":[{"type":"shuffle","seat"shoe":"S","decks":6}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"amount"amount":5,"wager":"main"}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":1,"amount" "amount":5,"wager":"main"}]})",
      "{" + head + R"(,"limits":{"main":{"min"max":5}},"events":[]})",
      R"({"round"rules":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})",
      R"({"round":"R1","time"table":"2026-11-21T20:14:03Z","table":"T7","rules":"r","events":[]})",
      // Values of the wrong kind for the scanner: true, false, null, objects, arrays.
      "{" + head + R"(,"events":[{"type":"deal","seat":1,"card":"QH","face":true}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":true,"wager":"main","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":[1],"wager":"main","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"bet","seat":{},"wager":"main","amount":5}]})",
      "{" + head + R"(,"events":[{"type":"burn","card":"QH","seat":"dealer"}]})",
      "{" + head + R"(,"events":[{"type":"shuffle","shoe":"S","decks":6,"seat":0}]})",
      "{" + head + R"(,"limits":{"main":{}},"events":[]})",
      "{" + head + R"(,"limits":{},"events":[]})",
      "{" + head + R"(,"limits":{"main":{"min":5,"max":"7"}},"events":[]})",
      "{" + head + R"(,"time":"2026-11-21T20:14:03Z","events":[]})",
      R"({"round":"R1","time":"2026-11-21T20:14:03+01:00","table":"T7","rules":"r","events":[]})",
      R"({"round":"R1","time":"2026-11-21t20:14:03.123456789z","table":"T7","rules":"r","events":[]})",
      R"({"round":"R1","time":"2026-11-21T20:14:03","table":"T7","rules":"r","events":[]})",
  };
  int taken = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    const int64_t before = fast_.fast_lines();
    ExpectSame(lines[i], "nasty line " + std::to_string(i) + ": " + lines[i]);
    taken += fast_.fast_lines() > before;
  }
  // Some of them are good rounds, which the fast path takes; most it must give up.
  EXPECT_GT(taken, 10);
  EXPECT_LT(taken, static_cast<int>(lines.size()) / 2);
}

// Good rounds at the edges of the fast path's subset of JSON, which it must take itself (and
// with the reference path's result): spaces and tabs between tokens (CR and LF, which may
// stop a line, are left to the reference path: NastyLines), the ends of
// int64, zero, UTF-8 in strings, empty limits, every optional field.
TEST_F(DifferentialTest, FastPathTakesTheEdgesOfItsSubset) {
  const std::string head =
      R"("round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"us-sd/casino-war")";
  const std::vector<std::string> lines = {
      std::string(" \t\t {\t\"round\" :\t\"R1\" ,\t\"time\" :\"2026-11-21T20:14:03Z\" ,\"table\":\"T7\",") +
          "\"rules\":\"\",\t\"limits\" : { \"main\" :\t{ \"min\" : 5 ,\t \"max\"\t:\t7 } , \"tie\":{ } } ," +
          "\"currency\"\t:\t\"USD\" , \"events\" :\t[ {\"type\" : \"bet\" , \"seat\" :\t1 "
          ",\"wager\":\"main\" , " +
          "\"amount\" : 5 , \"hand\" : 1 } ,\t{ \"type\":\"deal\",\"seat\" : \"dealer\" ,\"card\" :\"QH\", " +
          "\"face\" : \"down\" } ] \t\t }\t  \t",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":9223372036854775807}]})",
      "{" + head + R"(,"events":[{"type":"settle","seat":1,"wager":"main","net":-9223372036854775808}]})",
      "{" + head +
          R"(,"events":[{"type":"bet","seat":2147483647,"wager":"main","amount":0,"hand":2147483647}]})",
      "{" + head +
          R"(,"events":[{"type":"shuffle","shoe":"","decks":-2147483648},{"type":"shuffle","shoe":"S","decks":0}]})",
      "{" + head + R"(,"limits":{},"events":[]})",
      "{" + head +
          R"(,"limits":{"main":{},"tie":{"max":0},"raise":{"min":9223372036854775807}},"events":[]})",
      R"({"round":"R)" + std::string("\xc3\xa9\x7f") +
          R"(","time":"2026-11-21t20:14:03.5+05:30","table":"T7","rules":"r","events":[]})",
      "{" + head + R"(,"events":[{"type":"burn","card":"Q)" + std::string("\xe2\x99\xa0") +
          R"("},{"type":"burn","card":""}]})",
      "{" + head +
          R"(,"events":[{"type":"bet","seat":1,"wager":"jackpot","amount":5},{"type":"decision","seat":1,"action":"fold"}]})",
      "{" + head +
          R"(,"events":[{"card":"QH","seat":"dealer","type":"deal"},{"seat":"x","type":"burn","card":"2C"}]})",
      R"({"events":[],"currency":"EUR","rules":"r","table":"T7","time":"2026-11-21T20:14:03Z","round":"R1"})",
  };
  for (size_t i = 0; i < lines.size(); ++i) {
    const int64_t before = fast_.fast_lines();
    ExpectSame(lines[i], "line " + std::to_string(i) + ": " + lines[i]);
    EXPECT_EQ(fast_.fast_lines() - before, kFastRuns) << "line " << i << ": " << lines[i];
    EXPECT_TRUE(reference_.Parse(lines[i], &round_).ok()) << "line " << i << ": " << lines[i];
  }
}

// Every name of an event type, a wager and an action, and the strings next to each (a byte
// short, a byte over, another case, an escape, the name and its quote as a prefix of a longer
// string), as the value of its field, the last of a line that ends a few bytes after it: the fast path
// compares names with their closing quote in whole words, up to 16 bytes past where the value
// starts, and must give the reference path's result for each, taking every plain name itself.
TEST_F(DifferentialTest, NamesAndTheStringsNextToThem) {
  const std::string head =
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"us-sd/casino-war","events":[)";
  // An event with every field a type needs, before the field tried (the value ends the line).
  const std::string all =
      R"({"seat":1,"wager":"main","amount":5,"net":1,"card":"2C","action":"war","shoe":"S","decks":6,)";
  struct Field {
    std::string before;  // the event up to the field's value
    std::vector<std::string_view> names;
  };
  auto names = [](const auto& table) {
    return std::vector<std::string_view>(table.names().begin(), table.names().end());
  };
  const std::vector<Field> fields = {
      {all + R"("type":)", names(kEventTypeNames)},
      {R"({"type":"bet","seat":1,"amount":5,"wager":)", names(kWagerNames)},
      {R"({"type":"decision","seat":1,"action":)", names(kActionNames)},
  };
  int lines = 0;
  for (const Field& field : fields) {
    for (std::string_view name : field.names) {
      const std::string n(name);
      std::string upper = n;
      upper[0] = static_cast<char>(upper[0] - 'a' + 'A');
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(n[0]));
      for (const std::string& value :
           {n, n.substr(0, n.size() - 1), n + "x", n + "2", "x" + n, upper,
            std::string(escaped) + n.substr(1), n + "\\\"", n + "\"\"", n + " ", std::string()}) {
        const std::string line = head + field.before + "\"" + value + "\"}]}";
        const int64_t before = fast_.fast_lines();
        ExpectSame(line, line);
        if (value == n) {
          EXPECT_EQ(fast_.fast_lines() - before, kFastRuns) << line;
        }
        ++lines;
      }
    }
  }
  EXPECT_EQ(lines, 11 * static_cast<int>(kEventTypeNames.names().size() + kWagerKinds + kActions));
}

// Numbers of one digit, which the fast path reads without making a word of digits, and what
// may follow one, at each integer field: the reference path's result every time.
TEST_F(DifferentialTest, OneDigitNumbersAndWhatFollowsThem) {
  const std::string head =
      R"({"round":"R1","time":"2026-11-21T20:14:03Z","table":"T7","rules":"us-sd/casino-war","events":[)";
  const std::vector<std::string> events = {
      R"({"type":"bet","wager":"main","amount":5,"seat":)",
      R"({"type":"bet","seat":1,"wager":"main","amount":)",
      R"({"type":"settle","seat":1,"wager":"main","net":)",
      R"({"type":"shuffle","shoe":"S","decks":)",
      R"({"type":"decision","seat":1,"action":"war","hand":)",
  };
  const std::vector<std::string> numbers = {"0",   "-0", "5",   "-5",  "9",   "-9", "05", "-05", "00",   "10",
                                            "-10", "5.", "5.0", "5e1", "5E1", "-",  "5-", "5 ",  "\t5\n"};
  int taken = 0;
  for (const std::string& event : events) {
    for (const std::string& number : numbers) {
      for (const std::string& end :
           {std::string("}]}"), std::string(",\"face\":\"up\"}]}"), std::string("")}) {
        const std::string line = head + event + number + end;
        const int64_t before = fast_.fast_lines();
        ExpectSame(line, line);
        taken += fast_.fast_lines() > before;
      }
    }
  }
  EXPECT_GT(taken, 50);  // the good ones among them, on the fast path
}

// Every prefix of a good line, and random damage to it: the paths never part.
TEST_F(DifferentialTest, DamagedLines) {
  const std::string line(kFormatExample);
  for (size_t n = 0; n <= line.size(); ++n) ExpectSame(line.substr(0, n), "prefix " + std::to_string(n));
  std::mt19937 rng(11);
  const std::string alphabet = std::string("{}[]:,\"\\ 0123456789-.eE+nulltruefalse\x80\xff") + '\0';
  for (int i = 0; i < 3000; ++i) {
    std::string damaged = line;
    for (int k = 0; k < 1 + i % 3; ++k) {
      const size_t at = rng() % damaged.size();
      switch (rng() % 3) {
        case 0:
          damaged[at] = alphabet[rng() % alphabet.size()];
          break;
        case 1:
          damaged.erase(at, 1 + rng() % 3);
          break;
        default:
          damaged.insert(at, 1, alphabet[rng() % alphabet.size()]);
          break;
      }
      if (damaged.empty()) damaged = "{";
    }
    ExpectSame(damaged, "damaged " + std::to_string(i) + ": " + damaged);
  }
}

TEST(ParseRfc3339DateTest, DateAsWritten) {
  EXPECT_EQ(ParseRfc3339Date("2026-11-21T20:14:03Z"), 20261121);
  EXPECT_EQ(ParseRfc3339Date("2026-11-21T23:30:00.25-05:00"), 20261121);
  EXPECT_EQ(ParseRfc3339Date("2026-11-22T00:30:00+01:00"), 20261122);
  EXPECT_EQ(ParseRfc3339Date("2026-11-21t20:14:03.123456789z"), 20261121);
  EXPECT_EQ(ParseRfc3339Date("2028-02-29T12:00:00Z"), 20280229);
  EXPECT_EQ(ParseRfc3339Date("2000-02-29T12:00:00Z"), 20000229);
  EXPECT_EQ(ParseRfc3339Date("2016-12-31T23:59:60Z"), 20161231);  // a leap second
}

TEST(ParseRfc3339DateTest, RejectsWhatIsNotRfc3339) {
  for (const char* bad : {"",
                          "2026-11-21",
                          "2026-11-21T20:14:03",
                          "2026-11-21 20:14:03Z",
                          "2026-11-21T20:14Z",
                          "2026-11-21T20:14:03.Z",
                          "2026-11-21T20:14:03ZZ",
                          "2026-11-21T20:14:03+0100",
                          "2026-11-21T20:14:03+01",
                          "26-11-21T20:14:03Z",
                          "2026-13-01T00:00:00Z",
                          "2026-00-01T00:00:00Z",
                          "2026-11-00T00:00:00Z",
                          "2026-11-31T00:00:00Z",
                          "2026-02-29T00:00:00Z",
                          "1900-02-29T00:00:00Z",
                          "2026-11-21T24:00:00Z",
                          "2026-11-21T20:60:00Z",
                          "2026-11-21T20:14:61Z",
                          "2026-11-21T20:14:03+24:00",
                          "2026-11-21T20:14:03+01:60",
                          "2026-1a-21T20:14:03Z",
                          "２026-11-21T20:14:03Z",
                          "2026-11-21T20:14:03Z "}) {
    EXPECT_FALSE(ParseRfc3339Date(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace pitboss
