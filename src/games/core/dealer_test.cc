#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "games/core/shoe.h"
#include "games/core/test_rounds.h"
#include "games/games.h"
#include "games/war/war_engine.h"
#include "games/war/war_rules.h"
#include "history/round_parser.h"
#include "pitboss/codes.h"
#include "spec/loader.h"

namespace pitboss {
namespace {

const char* const kSpecFiles[] = {"us-sd/casino-war.yaml", "vendor/shuffle-master/casino-war.yaml",
                                  "online/war.yaml"};

const SpecDocument& Doc(const std::string& file) { return BundledSpec(file); }

std::string Generate(const RuleSpec& spec, const DealerOptions& options) {
  std::ostringstream out;
  Status s = GenerateRounds(spec, options, out);
  EXPECT_TRUE(s.ok()) << s.message();
  return out.str();
}

// What a generated log holds, as the checker's own parser reads it.
struct Tally {
  int64_t rounds = 0;
  int64_t shuffles = 0;
  int64_t cards = 0;
  std::array<int64_t, 15> by_rank{};
  std::map<std::string, int64_t> events;  // "bet raise", "decision surrender", "settle tie +"...
  std::string findings;                   // one line each, with the round
};

// Replays every round of `log` through the war engine and the shoe tracker, as `pitboss
// check` does, and tallies it.
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
    RoundResult result = ReplayWar(spec, round);
    owner.out = &result.findings;
    shoes.Play(round, spec.decks.cite.clause, false, "", 0, owner, &result.findings);
    for (const RoundFinding& f : result.findings) {
      t.findings += round.id + ": " + std::string(Info(f.code).id) + ": " + f.message + "\n  " + line + "\n";
    }
    for (const Event& e : round.events) {
      switch (e.type) {
        case EventType::kShuffle:
          ++t.shuffles;
          break;
        case EventType::kDeal:
        case EventType::kBurn:
          ++t.cards;
          ++t.by_rank[e.card->rank];
          break;
        case EventType::kBet:
          ++t.events["bet " + std::string(ToString(e.wager))];
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

TEST(DealerRandomTest, KnownAnswers) {
  // xoshiro256** from splitmix64(1), as the reference implementations give it.
  DealerRandom one(1);
  EXPECT_EQ(one.Next(), 0xb3f2af6d0fc710c5ull);
  EXPECT_EQ(one.Next(), 0x853b559647364ceaull);
  EXPECT_EQ(one.Next(), 0x92f89756082a4514ull);
  EXPECT_EQ(one.Next(), 0x642e1c7bc266a3a7ull);
  DealerRandom answer(42);
  std::vector<uint64_t> got;
  for (int i = 0; i < 10; ++i) got.push_back(answer.Below(52));
  EXPECT_EQ(got, (std::vector<uint64_t>{4, 19, 35, 48, 51, 40, 37, 44, 39, 30}));
}

TEST(DealerRandomTest, BelowIsUniform) {
  DealerRandom rng(7);
  std::array<int, 7> counts{};
  for (int i = 0; i < 70000; ++i) ++counts[rng.Below(7)];
  for (int c : counts) EXPECT_NEAR(c, 10000, 500);  // 5 standard deviations
  EXPECT_EQ(rng.Below(1), 0u);
  EXPECT_LT(rng.Below(UINT64_MAX), UINT64_MAX);
  EXPECT_FALSE(rng.Chance(0));
  EXPECT_TRUE(rng.Chance(1));
}

TEST(DealerTimeTest, ParsesAndFormatsUtc) {
  EXPECT_EQ(ParseUtcTime("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(ParseUtcTime("2024-02-29T23:59:59Z"), 1709251199);
  EXPECT_EQ(FormatUtcTime(1709251199 + 1), "2024-03-01T00:00:00Z");
  EXPECT_EQ(FormatUtcTime(*ParseUtcTime("2026-12-31T23:59:20Z") + 40), "2027-01-01T00:00:00Z");
  EXPECT_FALSE(ParseUtcTime("2026-02-29T00:00:00Z"));
  EXPECT_FALSE(ParseUtcTime("2026-01-05T18:00:00+01:00"));
  EXPECT_FALSE(ParseUtcTime("2026-01-05 18:00:00Z"));
  EXPECT_FALSE(ParseUtcTime("2026-01-05T24:00:00Z"));
}

// The rounds of every bundled spec check clean: no engine finding, no shoe finding.
TEST(DealerTest, BundledSpecsCheckClean) {
  for (const char* file : kSpecFiles) {
    SCOPED_TRACE(file);
    const RuleSpec& spec = Doc(file).spec;
    DealerOptions options;
    options.rounds = 15000;
    options.tables = 3;
    options.seed = 11;
    std::string log = Generate(spec, options);
    Tally t = Replay(spec, log);
    EXPECT_EQ(t.rounds, 15000);
    EXPECT_EQ(t.findings, "");
    // Not vacuous: the rounds take every path the spec has.
    EXPECT_GT(t.events["decision war"], 100);
    EXPECT_GT(t.events["decision surrender"], 10);
    EXPECT_GT(t.events["settle raise +"], 50);
    EXPECT_GT(t.events["settle raise -"], 50);
    EXPECT_GT(t.events["settle tie +"], 10);
    EXPECT_GT(t.events["settle main 0"], 50);  // wars won or tied push the main wager
    if (spec.wager(WagerKind::kTie2).offered) {
      EXPECT_GT(t.events["bet tie2"], 10);
    }
    if (spec.fresh_shuffle.required) {
      EXPECT_EQ(t.shuffles, t.rounds);
    } else {
      EXPECT_GT(t.shuffles, 3);
      EXPECT_LT(t.shuffles, t.rounds / 2);
    }
  }
}

// Every reading of every ambiguity: the rounds dealt under it check clean under it.
TEST(DealerTest, EveryReadingChecksCleanUnderItself) {
  for (const char* file : kSpecFiles) {
    const SpecDocument& doc = Doc(file);
    for (const Ambiguity& a : doc.spec.ambiguities) {
      for (const Reading& r : a.readings) {
        SCOPED_TRACE(std::string(file) + " " + a.id + "=" + r.name);
        auto spec = Instantiate(doc, {{a.id, r.name}});
        ASSERT_TRUE(spec.ok()) << spec.status().message();
        DealerOptions options;
        options.rounds = 4000;
        options.tables = 2;
        options.decks = 6;
        Tally t = Replay(spec.value(), Generate(spec.value(), options));
        EXPECT_EQ(t.findings, "");
      }
    }
  }
}

TEST(DealerTest, FullTablesAndSmallShoesCheckClean) {
  // One deck and seven players: the dealer reshuffles whenever the rest of the shoe might
  // not finish the round.
  const RuleSpec& spec = Doc("vendor/shuffle-master/casino-war.yaml").spec;
  DealerOptions options;
  options.rounds = 5000;
  options.seats_min = options.seats_max = 7;
  options.decks = 1;
  options.tie_bet_rate = 1;
  options.rates["surrender-rate"] = 0;
  Tally t = Replay(spec, Generate(spec, options));
  EXPECT_EQ(t.findings, "");
  EXPECT_EQ(t.events["bet tie"], 7 * 5000);
  EXPECT_EQ(t.events["decision surrender"], 0);
}

TEST(DealerTest, SameSeedSameBytes) {
  const RuleSpec& spec = Doc("us-sd/casino-war.yaml").spec;
  DealerOptions options;
  options.rounds = 2000;
  options.tables = 4;
  options.seed = 2026;
  std::string a = Generate(spec, options);
  EXPECT_EQ(a, Generate(spec, options));
  options.seed = 2027;
  std::string b = Generate(spec, options);
  EXPECT_NE(a, b);
  EXPECT_EQ(std::count(b.begin(), b.end(), '\n'), 2000);
}

TEST(DealerTest, RoundsAreNamedAndTimed) {
  const RuleSpec& spec = Doc("online/war.yaml").spec;
  DealerOptions options;
  options.rounds = 3;
  options.tables = 2;
  options.table_prefix = "ON";
  options.start_time = "2026-03-01T23:59:40Z";
  std::istringstream in(Generate(spec, options));
  RoundParser parser;
  Round round;
  std::vector<std::string> seen;
  for (std::string line; std::getline(in, line);) {
    ASSERT_TRUE(parser.Parse(line, &round).ok()) << line;
    seen.push_back(round.id + " " + round.table + " " + round.time + " " + round.rules);
    ASSERT_TRUE(round.limit(WagerKind::kMain).has_value());
    EXPECT_EQ(round.limit(WagerKind::kMain)->max, 500000);  // the rules' maximum caps the house's
  }
  EXPECT_EQ(seen, (std::vector<std::string>{
                      "ON1-000001 ON1 2026-03-01T23:59:40Z online/war",
                      "ON2-000001 ON2 2026-03-02T00:00:00Z online/war",
                      "ON1-000002 ON1 2026-03-02T00:00:20Z online/war",
                  }));
}

// --bias-rank A=0.9: aces are drawn ~9% less often, and the rounds still check clean.
TEST(DealerTest, BiasUnderDealsARank) {
  const RuleSpec& spec = Doc("us-sd/casino-war.yaml").spec;
  DealerOptions options;
  options.rounds = 32000;  // about 215,000 cards
  options.tables = 2;
  options.seed = 5;
  Tally fair = Replay(spec, Generate(spec, options));
  options.rank_keep[14] = 0.9;
  Tally biased = Replay(spec, Generate(spec, options));
  EXPECT_EQ(biased.findings, "");
  ASSERT_GT(fair.cards, 200000);
  ASSERT_GT(biased.cards, 200000);
  double f = 1.0 / 13;
  double fair_share = static_cast<double>(fair.by_rank[14]) / fair.cards;
  double biased_share = static_cast<double>(biased.by_rank[14]) / biased.cards;
  // One standard deviation of the ace share of 200,000 cards is under 0.8% of it; the
  // bounds are five times that.
  EXPECT_NEAR(fair_share / f, 1.0, 0.04);
  double expected = 0.9 / (1 - 0.1 * f);  // 0.907
  EXPECT_NEAR(biased_share / f, expected, 0.04);
  EXPECT_LT(biased_share / fair_share, 0.95);
  // The other ranks take up the slack evenly.
  double king_share = static_cast<double>(biased.by_rank[13]) / biased.cards;
  EXPECT_NEAR(king_share / f, 1 / (1 - 0.1 * f), 0.04);
}

TEST(DealerTest, ZeroKeepNeverDealsTheRank) {
  const RuleSpec& spec = Doc("online/war.yaml").spec;
  DealerOptions options;
  options.rounds = 2000;
  options.rank_keep[13] = 0;
  Tally t = Replay(spec, Generate(spec, options));
  EXPECT_EQ(t.findings, "");
  EXPECT_EQ(t.by_rank[13], 0);
}

TEST(DealerTest, RejectsWhatCannotBeDealt) {
  const RuleSpec& sd = Doc("us-sd/casino-war.yaml").spec;
  auto code = [&](const RuleSpec& spec, auto&& change) {
    DealerOptions options;
    options.rounds = 1;
    change(options);
    std::ostringstream out;
    return GenerateRounds(spec, options, out).code();
  };
  using C = Status::Code;
  EXPECT_EQ(code(sd, [](DealerOptions&) {}), C::kOk);
  EXPECT_EQ(code(sd, [](DealerOptions& o) { o.decks = 4; }), C::kInvalidArgument);
  EXPECT_EQ(code(sd, [](DealerOptions& o) { o.decks = 9; }), C::kInvalidArgument);
  EXPECT_EQ(code(sd, [](DealerOptions& o) { o.seats_min = 0; }), C::kInvalidArgument);
  EXPECT_EQ(code(sd, [](DealerOptions& o) { o.seats_max = 8; }), C::kInvalidArgument);
  EXPECT_EQ(code(sd, [](DealerOptions& o) { o.tables = 0; }), C::kInvalidArgument);
  EXPECT_EQ(code(sd, [](DealerOptions& o) { o.rank_keep[15] = 0.5; }), C::kInvalidArgument);
  EXPECT_EQ(code(sd, [](DealerOptions& o) { o.rank_keep[14] = 1.5; }), C::kInvalidArgument);
  EXPECT_EQ(code(sd, [](DealerOptions& o) { o.start_time = "2012-04-22T23:59:59Z"; }), C::kInvalidArgument);
  EXPECT_EQ(code(sd, [](DealerOptions& o) { o.start_time = "yesterday"; }), C::kInvalidArgument);
  RuleSpec other = sd;
  other.game = "blackjack";
  EXPECT_EQ(code(other, [](DealerOptions&) {}), C::kInvalidArgument);
  RuleSpec tiny = sd;
  tiny.wagers[static_cast<int>(WagerKind::kMain)].max = 300;  // below the table minimum
  EXPECT_EQ(code(tiny, [](DealerOptions&) {}), C::kInvalidArgument);
}

}  // namespace
}  // namespace pitboss
