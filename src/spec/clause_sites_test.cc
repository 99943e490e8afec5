#include "spec/clause_sites.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "spec/loader.h"

namespace pitboss {
namespace {

const std::string kSdSpec = std::string(PITBOSS_SOURCE_DIR) + "/rules/us-sd/casino-war.yaml";

std::vector<ClauseSite> SdSites() {
  std::vector<std::string> errors;
  std::optional<SpecTree> tree = LoadSpecTree(kSdSpec, &errors);
  EXPECT_TRUE(tree.has_value()) << (errors.empty() ? "" : errors.front());
  return tree ? CitedClauses(tree->root, &*tree, kSdSpec) : std::vector<ClauseSite>{};
}

const ClauseSite* Find(const std::vector<ClauseSite>& sites, const std::string& key) {
  auto it = std::find_if(sites.begin(), sites.end(), [&](const ClauseSite& s) { return s.key == key; });
  return it == sites.end() ? nullptr : &*it;
}

// The line of the n-th (from 1) line of the spec that holds `text`.
int LineOf(const std::string& text, int nth = 1) {
  std::ifstream in(kSdSpec);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find(text) != std::string::npos && --nth == 0) return n;
  }
  return 0;
}

TEST(ClauseSitesTest, AParametersCiteAtItsLineWithItsClauseInFull) {
  std::vector<ClauseSite> sites = SdSites();
  const ClauseSite* decks = Find(sites, "shoe.decks");
  ASSERT_NE(decks, nullptr);
  EXPECT_EQ(decks->clause, "ARSD 20:18:16:15.17(1)");
  EXPECT_EQ(decks->cite, "(1)");
  EXPECT_EQ(decks->file, kSdSpec);
  EXPECT_EQ(decks->line, LineOf("cite: \"(1)\""));
  EXPECT_EQ(decks->column, 11);  // `    cite: "(1)"`: the value
  EXPECT_TRUE(decks->quoted);
}

TEST(ClauseSitesTest, AReadingsSetAnAmbiguityAndAnAlsoEncodedEntry) {
  std::vector<ClauseSite> sites = SdSites();
  const ClauseSite* raise = Find(sites,
                                 "ambiguities.sd-war-win-payout.readings.paytable-half-on-raise.set."
                                 "payouts.war.win.raise");
  ASSERT_NE(raise, nullptr);
  EXPECT_EQ(raise->clause, "ARSD 20:18:16:15.17(5)");
  EXPECT_TRUE(raise->quoted);
  const ClauseSite* ambiguity = Find(sites, "ambiguities.sd-war-win-payout");
  ASSERT_NE(ambiguity, nullptr);
  EXPECT_EQ(ambiguity->clause, "ARSD 20:18:16:15.17(5)");
  const ClauseSite* encoded = Find(sites, "decisions.on_tie");
  ASSERT_NE(encoded, nullptr);
  EXPECT_EQ(encoded->clause, "ARSD 20:18:16:15.17(4)(a)(ii)");
  EXPECT_EQ(encoded->line, LineOf("clause: \"(4)(a)(ii)\""));
}

TEST(ClauseSitesTest, ALimitIsKept) {
  std::vector<std::string> errors;
  std::optional<SpecTree> tree = LoadSpecTree(kSdSpec, &errors);
  ASSERT_TRUE(tree.has_value());
  EXPECT_EQ(CitedClauses(tree->root, &*tree, kSdSpec, 3).size(), 3u);
  // Without the tree, every site is the spec's own.
  for (const ClauseSite& s : CitedClauses(tree->root, nullptr, "spec.yaml")) EXPECT_EQ(s.file, "spec.yaml");
}

}  // namespace
}  // namespace pitboss
