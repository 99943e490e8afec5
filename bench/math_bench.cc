// The game math and the statistics: the exact figures of one round (what `pitboss rtp`
// computes per deck count, policy and reading), the two-seat covariance (per wager and deck
// count in `pitboss stats`), and the statistics collector fed the dealer's rounds (rounds
// per second as items per second).
#include <benchmark/benchmark.h>

#include <sstream>

#include "games/games.h"
#include "games/war/war_math.h"
#include "games/war/war_rules.h"
#include "history/round_parser.h"
#include "spec/library.h"
#include "stats/conformance.h"

namespace pitboss {
namespace {

const RuleSpec& Spec(const std::string& id) {
  static std::map<std::string, RuleSpec> cache;
  auto it = cache.find(id);
  if (it != cache.end()) return it->second;
  auto library = SpecLibrary::Load({std::string(PITBOSS_SOURCE_DIR) + "/rules"});
  std::string why;
  const SpecDocument* doc = library.value().Find(id, 20300101, &why);
  if (doc == nullptr) std::abort();
  return cache[id] = doc->spec;
}

void BM_RoundMath(benchmark::State& state) {
  const RuleSpec& spec = Spec("us-sd/casino-war");
  ShoeComposition shoe = StandardShoe(spec, static_cast<int>(state.range(0)));
  for (auto _ : state) {
    benchmark::DoNotOptimize(ComputeRoundMath(spec, shoe, {TiePolicy::kOptimal, 1}));
  }
}
BENCHMARK(BM_RoundMath)->Arg(6)->Arg(8)->Unit(benchmark::kMicrosecond);

void BM_SeatCovariance(benchmark::State& state) {
  const RuleSpec& spec = Spec("us-sd/casino-war");
  ShoeComposition shoe = StandardShoe(spec, 6);
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        SeatCovariance(spec, shoe, {TiePolicy::kMixed, Fraction(4, 5)}, WagerKind::kMain));
  }
}
BENCHMARK(BM_SeatCovariance)->Unit(benchmark::kMillisecond);

void BM_StatsCollect(benchmark::State& state) {
  const RuleSpec& spec = Spec("online/war");
  DealerOptions options;
  options.rounds = 20000;
  options.tables = 4;
  std::ostringstream log;
  if (!GenerateRounds(spec, options, log).ok()) std::abort();
  std::vector<Round> rounds;
  RoundParser parser;
  std::istringstream in(log.str());
  for (std::string line; std::getline(in, line);) {
    Round round;
    if (!parser.Parse(line, &round).ok()) std::abort();
    rounds.push_back(std::move(round));
  }
  for (auto _ : state) {
    StatsCollector collector;
    for (const Round& round : rounds) collector.Add(round, spec);
    benchmark::DoNotOptimize(collector.Finish());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(rounds.size()));
}
BENCHMARK(BM_StatsCollect)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace pitboss
