#include "spec/yaml_reader.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pitboss {
namespace {

std::string Joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& e : v) s += e + "\n";
  return s;
}

// The classic "billion laughs": `levels` levels of ten aliases of the level below.
std::string Laughs(int levels) {
  std::string s = "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int i = 1; i <= levels; ++i) {
    s += "l" + std::to_string(i) + ": &l" + std::to_string(i) + " [";
    for (int j = 0; j < 10; ++j) s += std::string(j ? ", " : "") + "*l" + std::to_string(i - 1);
    s += "]\n";
  }
  return s;
}

TEST(YamlReaderTest, ReadsAPlainTree) {
  std::vector<std::string> errors;
  auto root = ReadYaml("x.yaml", "a: 1\nb: [2, 3]\nc: {d: e}\n", &errors);
  ASSERT_TRUE(root) << Joined(errors);
  EXPECT_EQ((*root)["b"][1].Scalar(), "3");
  EXPECT_EQ((*root)["c"]["d"].Scalar(), "e");
}

TEST(YamlReaderTest, AliasesWithinTheLimitsAreRead) {
  std::vector<std::string> errors;
  auto root = ReadYaml("x.yaml", "cite: &c \"(4)\"\na: {cite: *c}\nb: &m {x: 1}\nc: *m\n", &errors);
  ASSERT_TRUE(root) << Joined(errors);
  EXPECT_EQ((*root)["a"]["cite"].Scalar(), "(4)");
  EXPECT_EQ((*root)["c"]["x"].Scalar(), "1");
}

TEST(YamlReaderTest, DuplicateKeyNamesBothLines) {
  std::vector<std::string> errors;
  EXPECT_FALSE(ReadYaml("rules/x.yaml", "format: 1\nshoe: 6\nid: a\nshoe:\n  decks: 8\n", &errors));
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_EQ(errors[0], "rules/x.yaml:4:1: key 'shoe' given twice (first at line 2)");
}

TEST(YamlReaderTest, DuplicateKeysAreFoundAtEveryDepthAndThroughAliases) {
  std::vector<std::string> errors;
  EXPECT_FALSE(ReadYaml("x.yaml", "k: &k shoe\na:\n  b: {c: 1, 'c': 2}\n  shoe: 1\n  *k : 2\n", &errors));
  ASSERT_EQ(errors.size(), 2u) << Joined(errors);
  EXPECT_EQ(errors[0], "x.yaml:3:13: key 'c' given twice (first at line 3)");
  EXPECT_EQ(errors[1], "x.yaml:5:3: key 'shoe' given twice (first at line 4)");
}

TEST(YamlReaderTest, TheSameKeyInTwoMapsIsNoDuplicate) {
  std::vector<std::string> errors;
  EXPECT_TRUE(ReadYaml("x.yaml", "a: {min: 1}\nb: {min: 1}\nc: [{min: 1}, {min: 2}]\n", &errors))
      << Joined(errors);
}

TEST(YamlReaderTest, RecursiveAliasIsAnError) {
  for (const char* text : {"a: &a [*a]\n", "&a [*a]\n", "a: &a {b: *a}\n", "a: &a\n  - x\n  - [y, *a]\n"}) {
    std::vector<std::string> errors;
    EXPECT_FALSE(ReadYaml("x.yaml", text, &errors)) << text;
    ASSERT_EQ(errors.size(), 1u) << text;
    EXPECT_NE(errors[0].find("a recursive alias"), std::string::npos) << errors[0];
    EXPECT_EQ(errors[0].rfind("x.yaml:", 0), 0u) << errors[0];
  }
}

TEST(YamlReaderTest, BillionLaughsIsAnErrorWithoutExpandingIt) {
  std::vector<std::string> errors;
  EXPECT_FALSE(ReadYaml("laughs.yaml", Laughs(9), &errors));
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_NE(errors[0].find("more than 100000 nodes"), std::string::npos) << errors[0];
  // At the alias that crosses the limit: 10^5 nodes are reached within level 4.
  EXPECT_EQ(errors[0].rfind("laughs.yaml:5:", 0), 0u) << errors[0];
}

TEST(YamlReaderTest, NodeLimitCountsKeysAndExpandedAliases) {
  std::vector<std::string> errors;
  // l1 is 1 + 10 * 11 = 111 nodes: with the map, its keys and l0, 1 + 2 + 11 + 111 = 125.
  EXPECT_TRUE(ReadYaml("x.yaml", Laughs(1), &errors, {64, 125})) << Joined(errors);
  EXPECT_FALSE(ReadYaml("x.yaml", Laughs(1), &errors, {64, 124}));
  // l2 alone is 1111 nodes.
  EXPECT_FALSE(ReadYaml("x.yaml", Laughs(2), &errors, {64, 1000}));
}

TEST(YamlReaderTest, DeepNestingIsAnErrorSayingSo) {
  std::vector<std::string> errors;
  std::string deep = "a: " + std::string(5000, '[') + std::string(5000, ']') + "\n";
  EXPECT_FALSE(ReadYaml("deep.yaml", deep, &errors));
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_EQ(errors[0], "deep.yaml:1:67: YAML nested deeper than 64 levels");

  errors.clear();
  std::string block;
  for (int i = 0; i < 70; ++i) block += std::string(2 * i, ' ') + "k:\n";
  EXPECT_FALSE(ReadYaml("deep.yaml", block, &errors));
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_NE(errors[0].find("nested deeper than 64 levels"), std::string::npos) << errors[0];
}

TEST(YamlReaderTest, DepthCountsAliasesExpanded) {
  std::vector<std::string> errors;
  std::string nest = "a: &a " + std::string(40, '[') + std::string(40, ']') + "\nb: " + std::string(30, '[') +
                     "*a" + std::string(30, ']') + "\n";
  EXPECT_FALSE(ReadYaml("x.yaml", nest, &errors));
  ASSERT_EQ(errors.size(), 1u) << Joined(errors);
  EXPECT_NE(errors[0].find("nested deeper than 64 levels (through alias *a"), std::string::npos) << errors[0];
}

TEST(YamlReaderTest, SyntaxErrorsKeepTheirPosition) {
  std::vector<std::string> errors;
  EXPECT_FALSE(ReadYaml("x.yaml", "a: [1, 2\nb: 3\n", &errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].rfind("x.yaml:", 0), 0u) << errors[0];
  errors.clear();
  EXPECT_FALSE(ReadYaml("x.yaml", "a: *nosuch\n", &errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].rfind("x.yaml:1:", 0), 0u) << errors[0];
}

TEST(YamlReaderTest, EmptyTextIsANullTree) {
  std::vector<std::string> errors;
  auto root = ReadYaml("x.yaml", "", &errors);
  ASSERT_TRUE(root) << Joined(errors);
  EXPECT_TRUE(root->IsNull());
}

}  // namespace
}  // namespace pitboss
