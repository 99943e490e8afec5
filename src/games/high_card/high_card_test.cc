#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>

#include "games/games.h"
#include "games/high_card/high_card_rules.h"
#include "pitboss/checker.h"
#include "pitboss/codes.h"
#include "spec/lint.h"
#include "spec/loader.h"

namespace pitboss {
namespace {

namespace fs = std::filesystem;

const std::string kTestdata = std::string(PITBOSS_SOURCE_DIR) + "/src/games/high_card/testdata";
const std::string kSpecFile = kTestdata + "/high-card.yaml";

// (line, round, code): where a finding is, as a fixture's `expect` fields name it.
using Found = std::tuple<int64_t, std::string, std::string>;

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A file of the test's own in the temporary folder, removed when it goes.
class TempFile {
 public:
  TempFile(const std::string& name, const std::string& text)
      : path_((fs::temp_directory_path() / ("pitboss-high-card-" + std::to_string(::getpid()) + "-" + name))
                  .string()) {
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~TempFile() { fs::remove(path_); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// `pitboss check --rules testdata/ log`, as a report.
Report Check(const std::string& log) {
  CheckOptions options;
  options.rules = {kTestdata};
  auto checker = Checker::Create(options);
  EXPECT_TRUE(checker.ok()) << checker.status().message();
  if (!checker.ok()) return Report{};
  Status s = checker.value()->CheckLog(log);
  EXPECT_TRUE(s.ok()) << s.message();
  return checker.value()->Finish();
}

std::multiset<Found> Findings(const Report& report) {
  std::multiset<Found> found;
  for (size_t i = 0; i < report.violations.size(); ++i) {
    const Finding& f = report.violations[i];
    found.insert({f.line, f.round, std::string(Info(f.code).id)});
  }
  return found;
}

// What a fixture's lines expect (fixtures/README.md, "The `expect` convention").
std::multiset<Found> Expected(const std::string& log) {
  static const std::regex kExpect(R"re("expect":\[([^\]]*)\])re");
  static const std::regex kRound(R"re("round":"([^"]+)")re");
  static const std::regex kCode(R"re("([a-z]+/[a-z-]+)")re");
  std::multiset<Found> expected;
  std::istringstream in(ReadText(log));
  int64_t line = 0;
  for (std::string text; std::getline(in, text);) {
    ++line;
    std::smatch expect, round;
    if (!std::regex_search(text, expect, kExpect)) continue;
    std::regex_search(text, round, kRound);
    const std::string codes = expect[1];
    for (std::sregex_iterator it(codes.begin(), codes.end(), kCode), end; it != end; ++it) {
      expected.insert({line, round[1], (*it)[1]});
    }
  }
  return expected;
}

SpecDocument LoadSpec(const std::string& path, std::vector<std::string>* errors) {
  std::optional<SpecDocument> doc = LoadSpecDocument(path, errors);
  return doc ? std::move(*doc) : SpecDocument{};
}

TEST(HighCardTest, TheSpecLoadsAsAHighCardGameAndLintsClean) {
  std::vector<std::string> errors;
  SpecDocument doc = LoadSpec(kSpecFile, &errors);
  ASSERT_TRUE(errors.empty()) << errors.front();
  EXPECT_EQ(doc.spec.id, "test/high-card");
  ASSERT_NE(doc.spec.game_rules.get(), nullptr);
  EXPECT_EQ(doc.spec.game_rules.get()->game(), "high-card");
  const HighCardRules& rules = HighCard(doc.spec);
  EXPECT_GT(rules.rank_value[14], rules.rank_value[13]);  // aces high
  EXPECT_GT(rules.rank_value[3], rules.rank_value[2]);
  EXPECT_EQ(rules.deal.order, SeatOrder::kAscending);
  EXPECT_EQ(ToString(rules.payout(HighCardOutcome::kWin, WagerKind::kMain).net), "+1");
  EXPECT_EQ(ToString(rules.payout(HighCardOutcome::kTie, WagerKind::kMain).net), "-1");
  EXPECT_EQ(ToString(rules.payout(HighCardOutcome::kLose, WagerKind::kMain).net), "-1");

  auto report = LintSpecs({kTestdata});
  ASSERT_TRUE(report.ok()) << report.status().message();
  ASSERT_EQ(report->specs.size(), 1u);
  const SpecLint& lint = report->specs[0];
  for (const LintError& e : lint.errors) ADD_FAILURE() << e.ToString();
  EXPECT_EQ(lint.quotes, lint.quotes_found);
  EXPECT_TRUE(lint.coverage.checked);
  EXPECT_EQ(lint.coverage.uncovered, 0);
}

TEST(HighCardTest, IsTheGameTablesEntryForHighCard) {
  EXPECT_EQ(FindGame("high-card"), &HighCardGame());
  const auto& games = Games();
  EXPECT_EQ(std::count(games.begin(), games.end(), &HighCardGame()), 1);
  EXPECT_NE(GameNames().find("high-card"), std::string::npos);
}

TEST(HighCardTest, ASpecThatLeavesAWagerUnpaidOrPlacesOneAfterTheCardsIsRefused) {
  const std::string spec = ReadText(kSpecFile);
  auto errors_of = [](const std::string& text) {
    TempFile file("spec.yaml", text);
    std::vector<std::string> errors;
    LoadSpecDocument(file.path(), &errors);
    std::string joined;
    for (const std::string& e : errors) joined += e + "\n";
    return joined;
  };
  auto changed = [&](const std::string& from, const std::string& to) {
    std::string text = spec;
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? text : text.replace(at, from.size(), to);
  };
  // payouts.lose, the spec's last key, emptied.
  const std::string unpaid = spec.substr(0, spec.find("  lose:\n")) + "  lose:\n";
  EXPECT_NE(errors_of(unpaid).find("payouts.lose does not settle wager 'main'"), std::string::npos)
      << errors_of(unpaid);
  EXPECT_NE(errors_of(changed("window: initial", "window: decision")).find("(window: initial)"),
            std::string::npos);
  EXPECT_NE(errors_of(changed("order: ascending", "order: clockwise")).find("deal.order"), std::string::npos);
}

TEST(HighCardTest, TheCleanFixtureHasNoFinding) {
  Report report = Check(kTestdata + "/clean.jsonl");
  for (const Found& f : Findings(report)) {
    ADD_FAILURE() << "line " << std::get<0>(f) << " (" << std::get<1>(f) << "): " << std::get<2>(f);
  }
  EXPECT_EQ(report.rounds, 7);
}

TEST(HighCardTest, TheViolationsFixtureFindsWhatEachLineExpectsAndNothingElse) {
  const std::string log = kTestdata + "/violations.jsonl";
  const std::multiset<Found> expected = Expected(log);
  ASSERT_FALSE(expected.empty());
  Report report = Check(log);
  const std::multiset<Found> found = Findings(report);
  std::multiset<Found> missing, unexpected;
  std::set_difference(expected.begin(), expected.end(), found.begin(), found.end(),
                      std::inserter(missing, missing.end()));
  std::set_difference(found.begin(), found.end(), expected.begin(), expected.end(),
                      std::inserter(unexpected, unexpected.end()));
  for (const Found& f : missing) {
    ADD_FAILURE() << "expected, not found: line " << std::get<0>(f) << " (" << std::get<1>(f)
                  << "): " << std::get<2>(f);
  }
  for (const Found& f : unexpected) {
    ADD_FAILURE() << "found, not expected: line " << std::get<0>(f) << " (" << std::get<1>(f)
                  << "): " << std::get<2>(f);
  }
  // The fixture holds the faults the game is kept to: each is there.
  std::set<std::string> codes;
  for (const Found& f : expected) codes.insert(std::get<2>(f));
  for (const char* code : {"settle/payout", "settle/missing", "wager/limit"})
    EXPECT_EQ(codes.count(code), 1u) << code;
}

TEST(HighCardTest, RoundsTheDealerDealsCheckClean) {
  std::vector<std::string> errors;
  SpecDocument doc = LoadSpec(kSpecFile, &errors);
  ASSERT_TRUE(errors.empty()) << errors.front();
  for (int decks : {1, 8}) {
    DealerOptions options;
    options.rounds = 2000;
    options.tables = 3;
    options.decks = decks;
    options.seed = 20260105 + decks;
    std::ostringstream out;
    Status s = GenerateRounds(doc.spec, options, out);  // through the game table
    ASSERT_TRUE(s.ok()) << s.message();
    TempFile log("generated.jsonl", out.str());
    Report report = Check(log.path());
    EXPECT_EQ(report.rounds, 2000) << decks << " decks";
    EXPECT_EQ(report.violations.size(), 0u) << decks << " decks";
    for (size_t i = 0; i < report.violations.size() && i < 5; ++i) {
      ADD_FAILURE() << report.violations[i].round << ": " << Info(report.violations[i].code).id << ": "
                    << report.violations[i].message;
    }
  }
}

}  // namespace
}  // namespace pitboss
