// The hot path of `pitboss check`: parsing a round, replaying it, and the whole pipeline on
// the project's own generated logs. Rounds per second are reported as items per second.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "games/games.h"
#include "games/war/war_engine.h"
#include "games/war/war_rules.h"
#include "history/round_parser.h"
#include "pitboss/checker.h"
#include "spec/library.h"

namespace pitboss {
namespace {

const std::string kRules = std::string(PITBOSS_SOURCE_DIR) + "/rules";

// Rounds of a bundled spec, dealt by the project's dealer: one JSON line each.
const std::vector<std::string>& Lines(const std::string& id) {
  static std::map<std::string, std::vector<std::string>> cache;
  auto it = cache.find(id);
  if (it != cache.end()) return it->second;
  auto library = SpecLibrary::Load({kRules});
  std::string why;
  const SpecDocument* doc = library.value().Find(id, 20300101, &why);
  DealerOptions options;
  options.rounds = 20000;
  options.tables = 6;
  options.decks = doc->spec.decks.min == 1 ? 6 : 0;
  std::ostringstream out;
  Status s = GenerateRounds(doc->spec, options, out);
  if (!s.ok()) std::abort();
  std::vector<std::string> lines;
  std::istringstream in(out.str());
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return cache[id] = std::move(lines);
}

void BM_ParseRound(benchmark::State& state) {
  const auto& lines = Lines("us-sd/casino-war");
  RoundParser parser;
  Round round;
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(parser.Parse(lines[i++ % lines.size()], &round));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ParseRound);

void BM_ReplayWar(benchmark::State& state) {
  const auto& lines = Lines("us-sd/casino-war");
  auto library = SpecLibrary::Load({kRules});
  std::string why;
  const RuleSpec& spec = library.value().Find("us-sd/casino-war", 20300101, &why)->spec;
  RoundParser parser;
  std::vector<Round> rounds(1000);
  for (size_t i = 0; i < rounds.size(); ++i) parser.Parse(lines[i], &rounds[i]);
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(ReplayWar(spec, rounds[i++ % rounds.size()]));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ReplayWar);

// The whole check of a log file: read, parse, replay under every reading, report.
void BM_CheckLog(benchmark::State& state, const std::string& id) {
  const auto& lines = Lines(id);
  std::string path = (std::filesystem::temp_directory_path() / "pitboss-bench.jsonl").string();
  {
    std::ofstream out(path);
    for (const auto& l : lines) out << l << "\n";
  }
  for (auto _ : state) {
    CheckOptions options;
    options.rules = {kRules};
    auto checker = Checker::Create(options);
    if (!checker.value()->CheckLog(path).ok()) std::abort();
    benchmark::DoNotOptimize(checker.value()->Finish());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(lines.size()));
  std::filesystem::remove(path);
}
BENCHMARK_CAPTURE(BM_CheckLog, us_sd, std::string("us-sd/casino-war"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CheckLog, shuffle_master, std::string("vendor/shuffle-master/casino-war"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CheckLog, online, std::string("online/war"))->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace pitboss
