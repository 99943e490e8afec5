// The parts a War Blackjack replay marks as touched (RoundResult::touched) are what the checker
// skips a reading's replay of a clean round by: a reading that changes only parts such a round
// did not touch must replay it to no finding and the same settlements. Held here against a
// full replay under every reading, on rounds dealt under the defaults and under the reading
// that deals otherwise, checked under the defaults and the reading dealt by (as --reading
// auto checks them).
#include "games/blackjack/blackjack_engine.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "games/blackjack/blackjack_rules.h"
#include "games/core/test_rounds.h"
#include "games/games.h"
#include "history/round_parser.h"
#include "spec/parts.h"

namespace pitboss {
namespace {

constexpr int kRounds = 400;

using Outcome = std::vector<std::tuple<int, int, Money, int>>;  // seat, wager, net, hand

Outcome Settled(const RoundResult& r) {
  Outcome out;
  for (const Settlement& s : r.settlements)
    out.emplace_back(s.seat, static_cast<int>(s.wager), s.net, s.hand);
  return out;
}

TEST(BlackjackEngineTest, AReadingOfPartsARoundDidNotTouchReplaysItTheSame) {
  const SpecDocument& doc = BundledSpec("us-sd/war-blackjack.yaml");
  const auto specs = SpecsUnderEachReading(doc);  // the defaults first, then each other reading alone
  // How often each reading's replay was found needless, of the clean rounds under the defaults.
  std::map<std::string, int> skipped;
  int clean = 0;
  RoundParser parser;
  // Dealt under the defaults, and under the one reading that deals otherwise (a dealer's
  // strategy is worked out for each spec it deals, most of this test's time).
  for (const auto& [dealt_by, dealt] : specs) {
    if (dealt_by != "default" && dealt_by != "sd-war-card-in-hand=fresh-hands") continue;
    DealerOptions options;
    options.rounds = kRounds;
    options.tables = 2;
    options.seed = 7;
    std::ostringstream log;
    ASSERT_TRUE(GenerateRounds(dealt, options, log).ok()) << dealt_by;
    std::istringstream in(log.str());
    for (std::string line; std::getline(in, line);) {
      Round round;
      ASSERT_TRUE(parser.Parse(line, &round).ok()) << line;
      for (const auto& [checked_by, checked] : specs) {
        if (checked_by != "default" && checked_by != dealt_by) continue;
        const RoundResult base = ReplayBlackjack(checked, round);
        if (!base.findings.empty()) continue;  // replayed under every reading
        if (checked_by == "default") ++clean;
        for (const auto& [name, variant] : specs) {
          if (&variant == &checked || (DifferingParts(checked, variant) & base.touched) != 0) continue;
          const RoundResult other = ReplayBlackjack(variant, round);
          EXPECT_EQ(Settled(other), Settled(base)) << round.id << " dealt " << dealt_by << ", checked "
                                                   << checked_by << ", not replayed under " << name;
          EXPECT_TRUE(other.findings.empty()) << round.id << " dealt " << dealt_by << ", checked "
                                              << checked_by << ", not replayed under " << name;
          if (checked_by == "default") ++skipped[name];
        }
      }
    }
  }
  // The War comparison by points differs from the order of ranks only where both cards count
  // ten and differ in rank: most rounds need no replay under the other reading.
  ASSERT_EQ(clean, kRounds);  // a fair dealer deals clean rounds
  EXPECT_GT(skipped["sd-war-higher=by-points"], clean * 3 / 4);
  EXPECT_GT(skipped["sd-identical-in-value=same-rank"], clean * 9 / 10);
  EXPECT_GT(skipped["sd-split-three-times=three-per-hand"], clean * 9 / 10);
  EXPECT_GT(skipped["sd-original-wager-busted=lost-if-busted"], clean * 9 / 10);
}

// A replay read only for what it settles and whether it finds anything (findings_wanted false,
// as the checker replays a clean round under another reading) leaves undone what only finds
// once it has found something: it must settle as the full replay does, touch the same parts,
// and find something exactly where the full replay does. Held on rounds dealt under the
// defaults and under fresh hands, and on every War Blackjack round of the violation fixtures,
// each replayed under every reading.
TEST(BlackjackEngineTest, AReplayForItsSettlementsAloneSettlesAsTheFullReplay) {
  const auto specs = SpecsUnderEachReading(BundledSpec("us-sd/war-blackjack.yaml"));
  std::vector<std::string> lines = ViolationFixtureLines("war-blackjack");
  for (const auto& [dealt_by, dealt] : specs) {
    if (dealt_by != "default" && dealt_by != "sd-war-card-in-hand=fresh-hands") continue;
    DealerOptions options;
    options.rounds = 150;
    options.tables = 1;
    options.seed = 11;
    std::ostringstream log;
    ASSERT_TRUE(GenerateRounds(dealt, options, log).ok()) << dealt_by;
    std::istringstream in(log.str());
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  RoundParser parser;
  std::vector<Round> rounds;
  for (const std::string& line : lines) {
    Round round;
    if (parser.Parse(line, &round).ok() && !round.events.empty()) rounds.push_back(std::move(round));
  }
  const int found = ExpectSettlementsAloneAsFull(specs, rounds, ReplayBlackjackInto);
  EXPECT_GT(rounds.size(), 330u);
  EXPECT_GT(found, static_cast<int>(
                       rounds.size()));  // fresh hands find something in nearly every round dealt otherwise
}

}  // namespace
}  // namespace pitboss
