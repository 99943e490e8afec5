#include "games/blackjack/blackjack_dealer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "games/blackjack/blackjack_engine.h"
#include "games/blackjack/blackjack_rules.h"
#include "games/core/shoe.h"
#include "games/core/test_rounds.h"
#include "games/games.h"
#include "history/round_parser.h"
#include "pitboss/codes.h"
#include "spec/loader.h"

namespace pitboss {
namespace {

constexpr char kSpecFile[] = "us-sd/war-blackjack.yaml";

std::string Generate(const RuleSpec& spec, const DealerOptions& options) {
  std::ostringstream out;
  Status s = GenerateRounds(spec, options, out);  // through the game table
  EXPECT_TRUE(s.ok()) << s.message();
  return out.str();
}

// What a generated log holds, as the checker's own parser reads it.
struct Tally {
  int64_t rounds = 0;
  int64_t shuffles = 0;
  int64_t dealer_draws = 0;               // the dealer's cards past the first two
  std::map<std::string, int64_t> events;  // "decision split", "settle double 0", "bet insurance"...
  std::string findings;                   // one line each, with the round
};

// Replays every round of `log` through the blackjack engine and the shoe tracker, as
// `pitboss check` does, and tallies it.
Tally Replay(const RuleSpec& spec, const std::string& log) {
  Tally t;
  RoundParser parser;
  ShoeTracker shoes;
  TestShoeOwner owner;
  Round round;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);) {
    ++t.rounds;
    ParseOutcome parsed = parser.Parse(line, &round);
    if (!parsed.ok()) {
      t.findings += parsed.status.message() + "\n  " + line + "\n";
      continue;
    }
    RoundResult result = ReplayBlackjack(spec, round);
    owner.out = &result.findings;
    shoes.Play(round, spec.decks.cite.clause, false, "", 0, owner, &result.findings);
    for (const RoundFinding& f : result.findings) {
      t.findings += round.id + ": " + std::string(Info(f.code).id) + ": " + f.message + "\n  " + line + "\n";
    }
    int dealer_cards = 0;
    bool dealt = false;
    for (const Event& e : round.events) {
      dealt = dealt || e.type == EventType::kDeal;
      switch (e.type) {
        case EventType::kShuffle:
          ++t.shuffles;
          break;
        case EventType::kDeal:
          if (e.seat == kDealer && ++dealer_cards > 2) ++t.dealer_draws;
          break;
        case EventType::kBurn:
          break;
        case EventType::kBet:
          ++t.events[dealt && e.wager == WagerKind::kBlackjack ? "bet ride"
                                                               : "bet " + std::string(ToString(e.wager))];
          break;
        case EventType::kDecision:
          ++t.events["decision " + std::string(ToString(e.action))];
          break;
        case EventType::kSettle:
          ++t.events["settle " + std::string(ToString(e.wager)) +
                     (e.amount > 0   ? " +"
                      : e.amount < 0 ? " -"
                                     : " 0")];
          break;
      }
    }
  }
  std::vector<RoundFinding> last;  // the cards foreign to a shoe, told at its end
  owner.out = &last;
  shoes.EndAll(owner);
  for (const RoundFinding& f : last)
    t.findings += "at a shoe's end: " + std::string(Info(f.code).id) + ": " + f.message + "\n";
  return t;
}

// The reference house's rounds check clean and take every path of its rules.
TEST(BlackjackDealerTest, WarBlackjackChecksClean) {
  const RuleSpec& spec = BundledSpec(kSpecFile).spec;
  DealerOptions options;
  options.rounds = 12000;
  options.tables = 3;
  options.seed = 11;
  options.tie_bet_rate = 0.5;
  options.rates["insurance-rate"] = 0.3;
  Tally t = Replay(spec, Generate(spec, options));
  EXPECT_EQ(t.rounds, 12000);
  EXPECT_EQ(t.findings, "");
  EXPECT_GT(t.shuffles, 50);
  EXPECT_LT(t.shuffles, t.rounds / 4);
  EXPECT_GT(t.dealer_draws, 5000);
  for (const char* path : {"decision hit",       "decision stand",
                           "decision double",    "decision split",
                           "decision ride",      "decision collect",
                           "decision insurance", "bet split",
                           "bet double",         "bet war",
                           "settle war +",       "settle war -",
                           "settle blackjack +", "settle blackjack -",
                           "settle blackjack 0", "settle double +",
                           "settle double -",    "settle split +",
                           "settle split -",     "settle insurance +",
                           "settle insurance -"}) {
    EXPECT_GT(t.events[path], 20) << path;
  }
  // A ride is a blackjack bet after the first card, one per ride decision.
  EXPECT_EQ(t.events["bet ride"], t.events["decision ride"]);
}

// Every reading of every ambiguity: the rounds dealt under it check clean under it.
TEST(BlackjackDealerTest, EveryReadingChecksCleanUnderItself) {
  const SpecDocument& doc = BundledSpec(kSpecFile);
  for (const Ambiguity& a : doc.spec.ambiguities) {
    for (const Reading& r : a.readings) {
      if (r.is_default) continue;  // the bundled spec's own rounds, above
      SCOPED_TRACE(a.id + "=" + r.name);
      auto spec = Instantiate(doc, {{a.id, r.name}});
      ASSERT_TRUE(spec.ok()) << spec.status().message();
      DealerOptions options;
      options.rounds = 3000;
      options.tables = 2;
      options.seed = 3;
      options.tie_bet_rate = 0.5;
      options.rates["insurance-rate"] = 0.3;
      Tally t = Replay(spec.value(), Generate(spec.value(), options));
      EXPECT_EQ(t.findings, "");
      EXPECT_GT(t.events["settle war +"], 100);
    }
  }
}

TEST(BlackjackDealerTest, SameSeedSameBytes) {
  const RuleSpec& spec = BundledSpec(kSpecFile).spec;
  DealerOptions options;
  options.rounds = 1500;
  options.tables = 4;
  options.seed = 2026;
  std::string a = Generate(spec, options);
  EXPECT_EQ(a, Generate(spec, options));
  options.seed = 2027;
  std::string b = Generate(spec, options);
  EXPECT_NE(a, b);
  EXPECT_EQ(std::count(b.begin(), b.end(), '\n'), 1500);
}

// One deck and seven players: rounds that would run past the end of the shoe are dealt after
// a fresh shuffle, and everything still checks clean.
TEST(BlackjackDealerTest, FullTablesAndOneDeckCheckClean) {
  RuleSpec spec = BundledSpec(kSpecFile).spec;
  spec.decks.min = 1;
  DealerOptions options;
  options.rounds = 4000;
  options.decks = 1;
  options.seats_min = options.seats_max = 7;
  options.cut_remaining = 0;  // only running out reshuffles
  Tally t = Replay(spec, Generate(spec, options));
  EXPECT_EQ(t.findings, "");
  EXPECT_EQ(t.events["bet blackjack"], 7 * 4000);
  EXPECT_GT(t.shuffles, 4000 / 3);  // about 30 cards a round from 52
}

TEST(BlackjackDealerTest, RejectsWhatCannotBeDealt) {
  const RuleSpec& sd = BundledSpec(kSpecFile).spec;
  auto code = [](const RuleSpec& spec, auto&& change) {
    DealerOptions options;
    options.rounds = 1;
    change(options);
    std::ostringstream out;
    return GenerateBlackjackRounds(spec, options, out).code();
  };
  using C = Status::Code;
  EXPECT_EQ(code(sd, [](DealerOptions&) {}), C::kOk);
  EXPECT_EQ(code(sd, [](DealerOptions& o) { o.decks = 8; }), C::kInvalidArgument);
  EXPECT_EQ(code(sd, [](DealerOptions& o) { o.rates["insurance-rate"] = 2; }), C::kInvalidArgument);
  EXPECT_EQ(code(sd, [](DealerOptions& o) { o.start_time = "2015-05-12T23:59:59Z"; }), C::kInvalidArgument);
  EXPECT_EQ(code(BundledSpec("us-sd/casino-war.yaml").spec, [](DealerOptions&) {}), C::kInvalidArgument);
  RuleSpec peek = sd;
  Blackjack(peek).dealer_checks_for_blackjack.value = true;
  EXPECT_EQ(code(peek, [](DealerOptions&) {}), C::kInvalidArgument);
}

// A natural paid 3 to 2 on a wager of 8e18 is past 64-bit minor units: one wager/limit
// finding at the bet, and the settlement is not judged against a wrong sum (it used to be
// expected at nothing, silently).
TEST(BlackjackEngineTest, SettlementPast64BitsIsOneFinding) {
  const RuleSpec& spec = BundledSpec(kSpecFile).spec;
  const std::string line =
      R"({"round":"B1-0001","time":"2026-03-07T20:00:10Z","table":"B1","rules":"us-sd/war-blackjack",)"
      R"("events":[{"type":"shuffle","shoe":"B1-A","decks":6},)"
      R"({"type":"bet","seat":2,"wager":"blackjack","amount":8000000000000000000},)"
      R"({"type":"deal","seat":2,"card":"TC"},{"type":"deal","seat":"dealer","card":"6D"},)"
      R"({"type":"deal","seat":2,"card":"AC"},{"type":"deal","seat":"dealer","card":"5H"},)"
      R"({"type":"settle","seat":2,"wager":"blackjack","net":0,"hand":1}]})";
  RoundParser parser;
  Round round;
  ASSERT_TRUE(parser.Parse(line, &round).ok());
  RoundResult result = ReplayBlackjack(spec, round);
  int too_large = 0;
  for (const RoundFinding& f : result.findings) {
    EXPECT_NE(f.code, Code::kSettlePayout) << f.message;
    if (f.code == Code::kWagerLimit &&
        f.message.find("too large to settle in 64-bit minor units") != std::string::npos) {
      ++too_large;
      EXPECT_EQ(f.event, 1);
      EXPECT_EQ(f.actual, 8000000000000000000);
    }
  }
  EXPECT_EQ(too_large, 1);
}

}  // namespace
}  // namespace pitboss
