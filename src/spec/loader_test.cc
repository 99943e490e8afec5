#include "spec/loader.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "base/sha256.h"
#include "games/war/war_rules.h"
#include "spec/library.h"

namespace pitboss {
namespace {

namespace fs = std::filesystem;

const std::string kRules = std::string(PITBOSS_SOURCE_DIR) + "/rules";

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A copy of a bundled spec with one edit, written to a temporary file.
class SpecEdit {
 public:
  SpecEdit(const std::string& spec, const std::string& from, const std::string& to) {
    text_ = ReadAll(kRules + "/" + spec);
    if (!from.empty()) {
      size_t at = text_.find(from);
      EXPECT_NE(at, std::string::npos) << from;
      if (at != std::string::npos) text_.replace(at, from.size(), to);
    }
    // ctest runs each test in a process of its own, several at once: the pid keeps them apart.
    path_ = (fs::temp_directory_path() /
             ("pitboss-spec-" + std::to_string(::getpid()) + "-" + std::to_string(counter_++) + ".yaml"))
                .string();
    std::ofstream(path_) << text_;
  }
  ~SpecEdit() { fs::remove(path_); }
  const std::string& path() const { return path_; }

  // Loads the copy; returns the errors.
  std::vector<std::string> Errors() const {
    std::vector<std::string> errors;
    LoadSpecDocument(path_, &errors);
    return errors;
  }

 private:
  static inline int counter_ = 0;
  std::string text_;
  std::string path_;
};

std::string Joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& e : v) s += e + "\n";
  return s;
}

TEST(LoaderTest, LoadsTheSouthDakotaSpec) {
  std::vector<std::string> errors;
  auto doc = LoadSpecDocument(kRules + "/us-sd/casino-war.yaml", &errors);
  ASSERT_TRUE(doc.has_value()) << Joined(errors);
  const RuleSpec& spec = doc->spec;
  EXPECT_EQ(spec.id, "us-sd/casino-war");
  EXPECT_EQ(spec.effective, 20120423);
  EXPECT_EQ(spec.decks.min, 6);
  EXPECT_EQ(spec.decks.max, 8);
  EXPECT_EQ(spec.decks.cite.clause, "ARSD 20:18:16:15.17(1)");
  EXPECT_GT(War(spec).rank_value[14], War(spec).rank_value[13]);  // aces high
  EXPECT_GT(War(spec).rank_value[3], War(spec).rank_value[2]);
  EXPECT_TRUE(spec.wager(WagerKind::kMain).required);
  EXPECT_EQ(spec.wager(WagerKind::kTie).depends_on, WagerKind::kMain);
  EXPECT_EQ(spec.wager(WagerKind::kRaise).equals, WagerKind::kMain);
  EXPECT_EQ(spec.wager(WagerKind::kRaise).window, Window::kChoice);
  EXPECT_FALSE(spec.wager(WagerKind::kTie2).offered);
  EXPECT_EQ(War(spec).war_deal.burns_before_seat_card, 3);
  EXPECT_EQ(War(spec).war_deal.burns_before_dealer_card, 3);
  EXPECT_EQ(War(spec).initial_deal.order, SeatOrder::kAscending);
  EXPECT_EQ(War(spec).settle.first_pass, SeatOrder::kAscending);
  EXPECT_EQ(War(spec).settle.war_pass, SeatOrder::kAny);
  const Payout& war_win = War(spec).payout(Stage::kWar, Outcome::kWin, WagerKind::kRaise);
  EXPECT_TRUE(war_win.present);
  EXPECT_EQ(war_win.net, (Ratio{1, 1}));
  EXPECT_EQ(war_win.cite.clause, "ARSD 20:18:16:15.17(4)(d)(i)");
  EXPECT_EQ(War(spec).payout(Stage::kSurrender, Outcome::kTie, WagerKind::kMain).net, (Ratio{-1, 2}));
  EXPECT_EQ(War(spec).payout(Stage::kInitial, Outcome::kTie, WagerKind::kTie).net, (Ratio{10, 1}));
  EXPECT_FALSE(War(spec).payout(Stage::kInitial, Outcome::kTie, WagerKind::kMain).present);
  ASSERT_EQ(spec.ambiguities.size(), 4u);
  EXPECT_EQ(spec.readings.at("sd-war-win-payout"), "three-wagers");
  EXPECT_EQ(spec.sha256.size(), 64u);
}

TEST(LoaderTest, LoadsTheVendorAndOnlineSpecs) {
  std::vector<std::string> errors;
  auto sm = LoadSpecDocument(kRules + "/vendor/shuffle-master/casino-war.yaml", &errors);
  auto online = LoadSpecDocument(kRules + "/online/war.yaml", &errors);
  ASSERT_TRUE(sm && online) << Joined(errors);
  EXPECT_EQ(War(sm->spec).settle.first_pass, SeatOrder::kDescending);
  EXPECT_EQ(War(sm->spec).settle.war_pass, SeatOrder::kDescending);
  EXPECT_EQ(War(sm->spec).payout(Stage::kWar, Outcome::kWin, WagerKind::kRaise).cite.clause,
            "Shuffle Master Casino War rules card, rule 4(c)(ii)(b)");
  ASSERT_EQ(sm->spec.claims.size(), 1u);
  EXPECT_EQ(sm->spec.claims[0].value, "50.3%");
  EXPECT_TRUE(online->spec.fresh_shuffle.required);
  EXPECT_EQ(online->spec.decks.min, 6);
  EXPECT_EQ(online->spec.decks.max, 6);
  EXPECT_EQ(War(online->spec).war_deal.burns_before_seat_card, 0);
  EXPECT_EQ(online->spec.wager(WagerKind::kMain).max, 500000);
  EXPECT_TRUE(online->spec.wager(WagerKind::kTie).settle_before_choice);
  EXPECT_EQ(online->spec.wager(WagerKind::kTie2).depends_on, WagerKind::kRaise);
  EXPECT_EQ(War(online->spec).payout(Stage::kInitial, Outcome::kTie, WagerKind::kTie).net, (Ratio{11, 1}));
  EXPECT_EQ(War(online->spec).payout(Stage::kWar, Outcome::kTie, WagerKind::kTie2).net, (Ratio{11, 1}));
}

TEST(LoaderTest, UnknownKeyIsAnErrorAtItsLineAndColumn) {
  SpecEdit edit("us-sd/casino-war.yaml", "    burns_before_dealer_card: 3\n",
                "    burns_before_dealer_card: 3\n    payot: 1\n");
  auto errors = edit.Errors();
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_TRUE(std::regex_search(errors[0], std::regex(R"(\.yaml:\d+:5: unknown key 'payot' in deal\.war)")))
      << errors[0];
}

TEST(LoaderTest, WrongTypeIsAnError) {
  SpecEdit edit("us-sd/casino-war.yaml", "    min: 6\n", "    min: six\n");
  auto errors = edit.Errors();
  ASSERT_FALSE(errors.empty());
  EXPECT_TRUE(
      std::regex_search(errors[0], std::regex(R"(\.yaml:\d+:10: shoe\.decks\.min must be an integer)")))
      << errors[0];
}

TEST(LoaderTest, MissingCitationIsAnError) {
  SpecEdit edit("us-sd/casino-war.yaml", "    window: war\n    equals: main\n    cite: \"(4)(d)\"\n",
                "    window: war\n    equals: main\n");
  auto errors = edit.Errors();
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(Joined(errors).find("wagers.raise must cite its clause ('cite')"), std::string::npos)
      << Joined(errors);
}

TEST(LoaderTest, MissingRequiredKeyIsAnError) {
  SpecEdit edit("online/war.yaml", "  effective: 1900-01-01\n", "");
  auto errors = edit.Errors();
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(Joined(errors).find("missing key 'effective' in revision"), std::string::npos) << Joined(errors);
}

TEST(LoaderTest, YamlSyntaxErrorCarriesItsPosition) {
  SpecEdit edit("online/war.yaml", "shoe:\n", "shoe: [\n");
  auto errors = edit.Errors();
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_TRUE(std::regex_search(errors[0], std::regex(R"(\.yaml:\d+:\d+: )"))) << errors[0];
}

TEST(LoaderTest, AWagerLeftUnsettledOnSomePathIsAnError) {
  SpecEdit edit("us-sd/casino-war.yaml",
                "      raise:\n        net: \"-1\"\n        cite: \"(4)(d)(iii)\"\n"
                "        quote: \"Dealer bets the player, the house wins the three wagers available\"\n",
                "");
  auto errors = edit.Errors();
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(Joined(errors).find("payouts.war.lose does not settle wager 'raise'"), std::string::npos)
      << Joined(errors);
}

TEST(LoaderTest, AnAmbiguityNeedsExactlyOneDefault) {
  SpecEdit edit("us-sd/casino-war.yaml", "      - name: as-written\n        reason: The dealer",
                "      - name: as-written\n        default: true\n        reason: The dealer");
  auto errors = edit.Errors();
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(Joined(errors).find("must have exactly one default reading (it has 2)"), std::string::npos)
      << Joined(errors);
}

TEST(LoaderTest, AReadingThatMakesNoValidSpecIsAnError) {
  SpecEdit edit("us-sd/casino-war.yaml", "          payouts.war.tie.raise:\n",
                "          payouts.war.tie.rise:\n");
  auto errors = edit.Errors();
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(Joined(errors).find("reading 'paytable-1-to-1'"), std::string::npos) << Joined(errors);
}

// lint reads a spec's source texts: none may lie out of the rules tree, read or not.
TEST(LoaderTest, ASourceTextOutOfTheRulesTreeIsAnErrorAtItsLine) {
  for (const std::string name : {"/proc/self/environ", "../../../etc/passwd"}) {
    SpecEdit edit("us-sd/casino-war.yaml", "- sources/us-sd/casino-war.admin-r.txt", "- " + name);
    std::vector<std::string> errors = edit.Errors();
    ASSERT_EQ(errors.size(), 1u) << Joined(errors);
    EXPECT_EQ(
        errors[0].rfind(edit.path() + ":12:7: source.texts: '" + name + "' is outside the rules tree (", 0),
        0u)
        << errors[0];
  }
}

// FindSourceText on a small tree: rules/sources/a.txt, a link to it beside it, a link to a
// file out of rules/, and a link to the folder above rules/.
TEST(LoaderTest, FindSourceTextConfinesANameToItsFolder) {
  const fs::path tree = fs::temp_directory_path() / ("pitboss-tree-" + std::to_string(::getpid()));
  fs::remove_all(tree);
  struct Cleanup {
    fs::path path;
    ~Cleanup() { fs::remove_all(path); }
  } cleanup{tree};
  fs::create_directories(tree / "rules" / "sources");
  std::ofstream(tree / "rules" / "sources" / "a.txt") << "a";
  std::ofstream(tree / "secret.txt") << "secret";
  fs::create_symlink("a.txt", tree / "rules" / "sources" / "in.txt");
  fs::create_symlink(tree / "secret.txt", tree / "rules" / "sources" / "out.txt");
  fs::create_directory_symlink(tree, tree / "rules" / "up");
  const std::string root = (tree / "rules").string() + "/";
  const std::string a = fs::canonical(tree / "rules" / "sources" / "a.txt").string();

  // Through a link, out and back in: what counts is where the file is.
  for (const std::string name :
       {"sources/a.txt", "sources/in.txt", "./sources/../sources/a.txt", "up/rules/sources/a.txt"}) {
    auto file = FindSourceText(root, name);
    ASSERT_TRUE(file.ok()) << name << ": " << file.status().message();
    EXPECT_EQ(file->resolved, a) << name;
  }
  auto a_file = FindSourceText(root, "sources/a.txt");
  EXPECT_EQ(a_file->path, root + "sources/a.txt");
  // A file that is not there is not out of the tree: whether it can be read is the caller's.
  EXPECT_TRUE(FindSourceText(root, "sources/missing.txt").ok());

  const std::pair<std::string, std::string> outside[] = {
      {"/proc/self/environ", "an absolute path"},
      {(tree / "secret.txt").string(), "an absolute path"},
      {"../secret.txt", "it climbs out of " + root},
      {"sources/../../secret.txt", "it climbs out of " + root},
      {"sources/out.txt", "a symbolic link leads out of " + root},
      {"up/secret.txt", "a symbolic link leads out of " + root},
  };
  for (const auto& [name, why] : outside) {
    auto file = FindSourceText(root, name);
    ASSERT_FALSE(file.ok()) << name;
    EXPECT_EQ(file.status().code(), Status::Code::kInvalidArgument) << name;
    EXPECT_EQ(file.status().message(), "'" + name + "' is outside the rules tree (" + why +
                                           "); a source text must be a file under it");
  }
}

// A house's spec that includes the regulation's part: both files' keys in one spec.
TEST(LoaderTest, AnIncludedPartIsMergedIn) {
  std::vector<std::string> errors;
  auto doc = LoadSpecDocument(kRules + "/us-sd/war-blackjack.yaml", &errors);
  ASSERT_TRUE(doc.has_value()) << Joined(errors);
  ASSERT_EQ(doc->parts.size(), 1u);
  EXPECT_EQ(doc->parts[0], kRules + "/us-sd/parts/war-blackjack-regulation.yaml");
  const RuleSpec& spec = doc->spec;
  EXPECT_EQ(spec.citation, "ARSD");                     // from the part
  EXPECT_TRUE(spec.wager(WagerKind::kWar).offered);     // the part's wagers
  EXPECT_TRUE(spec.wager(WagerKind::kDouble).offered);  // and the house's
  // The part's texts first, then the house's posted rules.
  ASSERT_GE(spec.texts.size(), 2u);
  EXPECT_EQ(spec.texts.front(), "sources/us-sd/war-blackjack.txt");
  EXPECT_EQ(spec.texts.back(), "sources/us-sd/houses/reference-war-blackjack.txt");
  // The part's ambiguities, then the house's own.
  ASSERT_FALSE(spec.ambiguities.empty());
  EXPECT_EQ(spec.ambiguities.back().id, "sd-split-three-times");
  // The digest covers the part: the same house with another regulation is another spec.
  EXPECT_EQ(spec.sha256, Sha256Hex(ReadAll(kRules + "/us-sd/war-blackjack.yaml") +
                                   ReadAll(kRules + "/us-sd/parts/war-blackjack-regulation.yaml")));
}

// A part's errors are at its own lines; a key set twice, a part out of the rules tree, a part
// that includes another are errors.
TEST(LoaderTest, APartsErrorsNameThePart) {
  const fs::path tree = fs::temp_directory_path() / ("pitboss-parts-" + std::to_string(::getpid()));
  fs::remove_all(tree);
  struct Cleanup {
    fs::path path;
    ~Cleanup() { fs::remove_all(path); }
  } cleanup{tree};
  fs::create_directories(tree / "us-sd" / "parts");
  fs::create_directories(tree / "sources");
  fs::copy(kRules + "/sources", tree / "sources",
           fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  const std::string house = ReadAll(kRules + "/us-sd/war-blackjack.yaml");
  const std::string part = ReadAll(kRules + "/us-sd/parts/war-blackjack-regulation.yaml");
  auto load = [&](const std::string& house_text, const std::string& part_text) {
    std::ofstream(tree / "us-sd" / "war-blackjack.yaml") << house_text;
    std::ofstream(tree / "us-sd" / "parts" / "war-blackjack-regulation.yaml") << part_text;
    std::vector<std::string> errors;
    LoadSpecDocument((tree / "us-sd" / "war-blackjack.yaml").string(), &errors);
    return errors;
  };
  ASSERT_TRUE(load(house, part).empty()) << Joined(load(house, part));
  const std::string part_path = (tree / "us-sd" / "parts" / "war-blackjack-regulation.yaml").string();
  const std::string house_path = (tree / "us-sd" / "war-blackjack.yaml").string();

  // An unknown key in the part: at the part's line.
  std::string bad = part;
  bad.replace(bad.find("regulation:\n"), 12, "regulaton:\n");
  auto errors = load(house, bad);
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors[0].rfind(part_path + ":", 0), 0u) << Joined(errors);
  EXPECT_NE(errors[0].find("unknown key 'regulaton'"), std::string::npos) << errors[0];

  // The house may not change what the part sets.
  std::string twice = house;
  twice.replace(
      twice.find("\nshoe:\n"), 7,
      "\nregulation:\n  win:\n    at_least: \"+1/2\"\n    cite: \"20:18:15:06\"\n    note: x\nshoe:\n");
  errors = load(twice, part);
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors[0].find("regulation.win is set both in this part and in " + house_path), std::string::npos)
      << Joined(errors);

  // A part out of the rules tree, and a part that includes another.
  std::string out = house;
  out.replace(out.find("us-sd/parts/war-blackjack-regulation.yaml"), 41, "../../etc/passwd");
  errors = load(out, part);
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_NE(errors[0].find("include: '../../etc/passwd' is outside the rules tree"), std::string::npos)
      << errors[0];
  errors = load(house, part + "include:\n  - us-sd/war-blackjack.yaml\n");
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_NE(errors[0].find("a part includes no other part"), std::string::npos) << errors[0];

  // A key given twice in the part, and a recursive alias in it: the part's errors, at its lines.
  errors = load(house, part + "part: again\n");
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_EQ(errors[0].rfind(part_path + ":", 0), 0u) << errors[0];
  EXPECT_NE(errors[0].find("key 'part' given twice (first at line"), std::string::npos) << errors[0];
  errors = load(house, part + "loop: &loop [*loop]\n");
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_EQ(errors[0].rfind(part_path + ":", 0), 0u) << errors[0];
  EXPECT_NE(errors[0].find("a recursive alias"), std::string::npos) << errors[0];
}

// A house's spec in a folder of its own: its part is found in the search path, in the first
// root that has it, and the spec names the file read and its sha256 (issue 23, item 1).
TEST(LoaderTest, APartIsFoundInTheSearchPath) {
  const fs::path tmp = fs::temp_directory_path() / ("pitboss-search-path-" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  struct Cleanup {
    fs::path path;
    ~Cleanup() { fs::remove_all(path); }
  } cleanup{tmp};
  const std::string name = "us-sd/parts/war-blackjack-regulation.yaml";
  fs::create_directories(tmp / "house" / "acme");
  fs::create_directories(tmp / "copy" / "us-sd" / "parts");
  fs::create_directories(tmp / "empty");
  std::string house = ReadAll(kRules + "/us-sd/war-blackjack-second-house.yaml");
  house.replace(house.find("id: us-sd/war-blackjack-second-house"), 36, "id: acme/war-blackjack");
  const std::string spec = (tmp / "house" / "acme" / "war-blackjack.yaml").string();
  std::ofstream(spec) << house;
  const std::string part = ReadAll(kRules + "/" + name);
  std::ofstream(tmp / "copy" / name) << part << "# a copy\n";

  std::vector<std::string> errors;
  EXPECT_FALSE(LoadSpecDocument(spec, &errors, {(tmp / "empty").string()}).has_value());
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_NE(errors[0].find(spec + ":11:5: include: cannot read " + (tmp / "house" / name).string()),
            std::string::npos)
      << errors[0];
  EXPECT_NE(errors[0].find("(nor " + (tmp / "empty" / name).string() + ")"), std::string::npos) << errors[0];

  errors.clear();
  auto doc = LoadSpecDocument(spec, &errors, {(tmp / "empty").string(), kRules, (tmp / "copy").string()});
  ASSERT_TRUE(doc.has_value()) << Joined(errors);
  ASSERT_EQ(doc->spec.parts.size(), 1u);
  EXPECT_EQ(doc->spec.parts[0].path, kRules + "/" + name);
  EXPECT_EQ(doc->spec.parts[0].sha256, Sha256Hex(part));
  EXPECT_EQ(doc->spec.sha256, Sha256Hex(house + part));
  EXPECT_TRUE(doc->spec.wager(WagerKind::kWar).offered);  // the part's wagers

  doc = LoadSpecDocument(spec, &errors, {(tmp / "copy").string(), kRules});
  ASSERT_TRUE(doc.has_value()) << Joined(errors);
  EXPECT_EQ(doc->spec.parts[0].path, (tmp / "copy" / name).string());
  EXPECT_EQ(doc->spec.parts[0].sha256, Sha256Hex(part + "# a copy\n"));
  // The readings' specs carry the parts too: a report names them whatever the reading.
  ASSERT_FALSE(doc->reading_specs.empty());
  EXPECT_EQ(doc->reading_specs[0].spec.parts.size(), 1u);

  // A name that leads out of a tree is refused at the first root, not looked for further.
  house.replace(house.find(name), name.size(), "../" + name);
  std::ofstream(spec) << house;
  errors.clear();
  EXPECT_FALSE(LoadSpecDocument(spec, &errors, {kRules}).has_value());
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_NE(errors[0].find("is outside the rules tree"), std::string::npos) << errors[0];
}

// Issue 12: pitboss took the first `shoe:` and other YAML readers the last; and a recursive
// alias under the second went unseen by check.
TEST(LoaderTest, AKeyGivenTwiceIsAnErrorNamingBothLines) {
  SpecEdit edit("us-sd/casino-war.yaml", "\nwagers:\n", "\nshoe: &loop [*loop]\nwagers:\n");
  auto errors = edit.Errors();
  ASSERT_EQ(errors.size(), 2u) << Joined(errors);
  EXPECT_TRUE(std::regex_search(
      errors[0], std::regex(R"(\.yaml:(\d+):1: key 'shoe' given twice \(first at line \d+\))")))
      << errors[0];
  EXPECT_NE(errors[1].find("alias *loop is inside the node it names"), std::string::npos) << errors[1];
}

TEST(LoaderTest, ABillionLaughsSpecIsAnErrorAtOnce) {
  std::string laughs = "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int i = 1; i <= 9; ++i) {
    laughs += "l" + std::to_string(i) + ": &l" + std::to_string(i) + " [";
    for (int j = 0; j < 10; ++j) laughs += std::string(j ? ", " : "") + "*l" + std::to_string(i - 1);
    laughs += "]\n";
  }
  SpecEdit edit(
      "us-sd/casino-war.yaml", "\nshoe:\n", "\nlaughs:\n  " + [&] {
        std::string s;
        for (char c : laughs) s += c == '\n' ? std::string("\n  ") : std::string(1, c);
        return s;
      }() + "\nshoe:\n");
  auto errors = edit.Errors();
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_NE(errors[0].find("more than 100000 nodes once alias *l"), std::string::npos) << errors[0];
}

// 2^31 decks is out of range, not "not an integer"; so is a number beyond 64 bits.
TEST(LoaderTest, AnIntegerOutOfRangeSaysSo) {
  SpecEdit big("us-sd/casino-war.yaml", "    min: 6\n", "    min: 2147483648\n");
  auto errors = big.Errors();
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_TRUE(std::regex_search(
      errors[0],
      std::regex(
          R"(:\d+:10: shoe\.decks\.min must be an integer from 1 to 64, not 2147483648 \(out of range\)$)")))
      << errors[0];
  SpecEdit huge("us-sd/casino-war.yaml", "    min: 6\n", "    min: 99999999999999999999\n");
  errors = huge.Errors();
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_NE(errors[0].find("must be an integer from 1 to 64, not 99999999999999999999 (out of range)"),
            std::string::npos)
      << errors[0];
  SpecEdit burns("us-sd/casino-war.yaml", "    burns_before_dealer_card: 3\n",
                 "    burns_before_dealer_card: -1\n");
  errors = burns.Errors();
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_NE(errors[0].find("burns_before_dealer_card must be an integer from 0 to 52, not -1 (out of range)"),
            std::string::npos)
      << errors[0];
}

// Found by fuzz/spec_loader_fuzz: the tree of an empty file has no position; it was shown as
// line 0, column 0.
TEST(LoaderTest, AnEmptyFileIsNoSpecAtNoLine) {
  const std::string path =
      (fs::temp_directory_path() / ("pitboss-empty-" + std::to_string(::getpid()) + ".yaml")).string();
  std::ofstream(path).close();
  std::vector<std::string> errors;
  EXPECT_FALSE(LoadSpecDocument(path, &errors));
  fs::remove(path);
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_EQ(errors[0], path + ": the spec must be a map");
}

TEST(LoaderTest, ANetBeyond64BitsIsOutOfRange) {
  SpecEdit edit("us-sd/casino-war.yaml", "net: \"+10\"", "net: \"+100000000000000000000\"");
  auto errors = edit.Errors();
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors[0].find("is out of range: +100000000000000000000 (its numbers must fit in 64 bits)"),
            std::string::npos)
      << Joined(errors);
}

TEST(LoaderTest, InstantiateAppliesAReading) {
  std::vector<std::string> errors;
  auto doc = LoadSpecDocument(kRules + "/us-sd/casino-war.yaml", &errors);
  ASSERT_TRUE(doc.has_value());
  auto spec = Instantiate(*doc, {{"sd-war-win-payout", "paytable-half-on-raise"}});
  ASSERT_TRUE(spec.ok()) << spec.status().message();
  const Payout& p = War(*spec).payout(Stage::kWar, Outcome::kWin, WagerKind::kRaise);
  EXPECT_EQ(p.net, (Ratio{1, 2}));
  EXPECT_EQ(p.cite.clause, "ARSD 20:18:16:15.17(5)");
  EXPECT_EQ(spec->readings.at("sd-war-win-payout"), "paytable-half-on-raise");
  EXPECT_EQ(spec->readings.at("sd-tie-choice"), "choice-on-tie");
  // The document's own spec is untouched.
  EXPECT_EQ(War(doc->spec).payout(Stage::kWar, Outcome::kWin, WagerKind::kRaise).net, (Ratio{1, 1}));

  auto literal = Instantiate(*doc, {{"sd-tie-choice", "as-written"}});
  ASSERT_TRUE(literal.ok());
  EXPECT_FALSE(War(*literal).tie_decision.offered[static_cast<int>(Action::kWar)]);
  EXPECT_EQ(War(*literal).payout(Stage::kInitial, Outcome::kTie, WagerKind::kMain).net, (Ratio{-1, 1}));
}

// A reading's spec shares the document's ambiguities and clauses not observable (a spec of
// many ambiguities is not copied once a reading), unless its set names the list.
TEST(LoaderTest, AReadingSharesTheListsItDoesNotSet) {
  SpecEdit edit(
      "us-sd/casino-war.yaml",
      "        reason: The dealer \"bets\" the player; the clause still settles the war lost the same way.\n",
      "        reason: The dealer \"bets\" the player; the clause still settles the war lost the same way.\n"
      "        set:\n          unobservable: []\n");
  std::vector<std::string> errors;
  auto doc = LoadSpecDocument(edit.path(), &errors);
  ASSERT_TRUE(doc.has_value()) << Joined(errors);
  auto half = Instantiate(*doc, {{"sd-war-win-payout", "paytable-half-on-raise"}});
  ASSERT_TRUE(half.ok()) << half.status().message();
  EXPECT_EQ(&half->ambiguities.front(), &doc->spec.ambiguities.front());
  EXPECT_EQ(&half->unobservable.front(), &doc->spec.unobservable.front());
  // A reading that sets a list has its own; the others are shared still.
  auto bets = Instantiate(*doc, {{"sd-dealer-bets-erratum", "as-written"}});
  ASSERT_TRUE(bets.ok()) << bets.status().message();
  EXPECT_TRUE(bets->unobservable.empty());
  EXPECT_EQ(doc->spec.unobservable.size(), 2u);
  EXPECT_EQ(&bets->ambiguities.front(), &doc->spec.ambiguities.front());
  // Two readings at once: both sets applied, and both named in its readings.
  auto both = Instantiate(
      *doc, {{"sd-war-win-payout", "paytable-half-on-raise"}, {"sd-dealer-bets-erratum", "as-written"}});
  ASSERT_TRUE(both.ok()) << both.status().message();
  EXPECT_EQ(War(*both).payout(Stage::kWar, Outcome::kWin, WagerKind::kRaise).net, (Ratio{1, 2}));
  EXPECT_TRUE(both->unobservable.empty());
  EXPECT_EQ(both->readings.at("sd-war-win-payout"), "paytable-half-on-raise");
  EXPECT_EQ(both->readings.at("sd-dealer-bets-erratum"), "as-written");
  EXPECT_EQ(both->readings.at("sd-tie-choice"), "choice-on-tie");
  EXPECT_EQ(both->readings.Map().size(), 4u);
  // The defaults named are the document's spec.
  auto defaults = Instantiate(*doc, {{"sd-tie-choice", "choice-on-tie"}});
  ASSERT_TRUE(defaults.ok());
  EXPECT_TRUE(defaults->readings == doc->spec.readings);
}

TEST(LoaderTest, AReadingCanRemoveAPayout) {
  std::vector<std::string> errors;
  auto doc = LoadSpecDocument(kRules + "/vendor/shuffle-master/casino-war.yaml", &errors);
  ASSERT_TRUE(doc.has_value());
  auto spec = Instantiate(*doc, {{"sm-tie-wager-in-war", "settled-on-war-cards"}});
  ASSERT_TRUE(spec.ok()) << spec.status().message();
  EXPECT_FALSE(War(*spec).payout(Stage::kInitial, Outcome::kTie, WagerKind::kTie).present);
  EXPECT_EQ(War(*spec).payout(Stage::kWar, Outcome::kTie, WagerKind::kTie).net, (Ratio{10, 1}));
}

TEST(LoaderTest, InstantiateRejectsUnknownNames) {
  std::vector<std::string> errors;
  auto doc = LoadSpecDocument(kRules + "/us-sd/casino-war.yaml", &errors);
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Instantiate(*doc, {{"nosuch", "x"}}).status().code(), Status::Code::kInvalidArgument);
  auto bad = Instantiate(*doc, {{"sd-war-win-payout", "double"}});
  EXPECT_EQ(bad.status().code(), Status::Code::kInvalidArgument);
  EXPECT_NE(bad.status().message().find("readings: three-wagers, paytable-half-on-raise"), std::string::npos);
}

TEST(LibraryTest, FindsTheRevisionInForceOnADate) {
  auto library = SpecLibrary::Load({kRules});
  ASSERT_TRUE(library.ok()) << library.status().message();
  EXPECT_EQ(library->documents().size(), 5u);
  std::string why;
  EXPECT_NE(library->Find("us-sd/casino-war", 20120423, &why), nullptr);
  EXPECT_EQ(library->Find("us-sd/casino-war", 20110601, &why), nullptr);
  EXPECT_NE(why.find("no rule in force on 2011-06-01 for us-sd/casino-war"), std::string::npos) << why;
  EXPECT_EQ(library->Find("us-nv/casino-war", 20200101, &why), nullptr);
  EXPECT_NE(why.find("no rule spec 'us-nv/casino-war' is loaded"), std::string::npos) << why;
}

TEST(LibraryTest, AMissingPathIsAnError) {
  auto library = SpecLibrary::Load({"/nonexistent/rules"});
  ASSERT_FALSE(library.ok());
  EXPECT_NE(library.status().message().find("/nonexistent/rules: no such file or folder"), std::string::npos);
}

// Read on several threads, the documents and the errors come in the order of the files.
TEST(LibraryTest, ThreadsChangeNothing) {
  const std::vector<std::string> good = {kRules};
  auto one = SpecLibrary::Load(good, 1);
  auto four = SpecLibrary::Load(good, 4);
  ASSERT_TRUE(one.ok() && four.ok());
  ASSERT_EQ(one->documents().size(), four->documents().size());
  for (size_t i = 0; i < one->documents().size(); ++i) {
    EXPECT_EQ(one->documents()[i]->path, four->documents()[i]->path);
    EXPECT_EQ(one->documents()[i]->spec.sha256, four->documents()[i]->spec.sha256);
  }
  const std::string lint = std::string(PITBOSS_SOURCE_DIR) + "/fixtures/lint";
  auto bad_one = SpecLibrary::Load({lint, "/nonexistent/rules"}, 1);
  auto bad_four = SpecLibrary::Load({lint, "/nonexistent/rules"}, 4);
  ASSERT_FALSE(bad_one.ok());
  ASSERT_FALSE(bad_four.ok());
  EXPECT_EQ(bad_one.status().message(), bad_four.status().message());
  EXPECT_NE(bad_one.status().message().find("yaml-syntax.yaml"), std::string::npos)
      << bad_one.status().message();
}

}  // namespace
}  // namespace pitboss
