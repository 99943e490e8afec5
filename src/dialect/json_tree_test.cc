#include "dialect/json_tree.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pitboss {
namespace {

JsonPath Path(std::string_view text) {
  JsonPath p;
  std::string why;
  EXPECT_TRUE(ParseJsonPath(text, &p, &why)) << text << ": " << why;
  return p;
}

class JsonTreeTest : public ::testing::Test {
 protected:
  bool Parse(std::string json) {
    text_ = std::move(json);
    const size_t n = text_.size();
    text_.append(simdjson::SIMDJSON_PADDING, '\0');
    return tree_.Parse(std::string_view(text_.data(), n), &why_);
  }
  std::string Value(std::string_view path, int32_t from = JsonTree::kRoot) {
    std::string_view v;
    if (!tree_.Value(Path(path), from, &v, &why_)) return "!" + why_;
    return std::string(v);
  }
  std::string text_, why_;
  JsonTree tree_;
};

TEST_F(JsonTreeTest, PathsReachValuesTheirHoldersAndNames) {
  ASSERT_TRUE(Parse(R"({"id":"g1","amount":12.50,"big":123456789012345678901234567890,
      "seats":{"3":{"seatId":3,"hands":{"1":{"cards":{"0":{"card":"S_K"},"1":{"card":"C_10"}}}}}},
      "bets":[{"n":1},{"n":2}],"none":null,"yes":true,"esc":"a\"b\u00e9"})"))
      << why_;
  EXPECT_EQ(Value("id"), "g1");
  EXPECT_EQ(Value("amount"), "12.50");  // as written: never through a double
  EXPECT_EQ(Value("big"), "123456789012345678901234567890");
  EXPECT_EQ(Value("bets/1/n"), "2");
  EXPECT_EQ(Value("missing"), "");
  EXPECT_EQ(Value("none"), "");
  EXPECT_EQ(Value("yes"), "true");
  EXPECT_EQ(Value("esc"), "a\"b\xc3\xa9");
  EXPECT_EQ(Value("seats"), "!'seats' reaches an object, not a value");
  EXPECT_EQ(Value("bets/*/n"), "!'bets/*/n' reaches 2 values, where a field takes one");

  std::vector<int32_t> cards;
  tree_.Find(Path("seats/*/hands/*/cards/*"), JsonTree::kRoot, &cards);
  ASSERT_EQ(cards.size(), 2u);
  EXPECT_EQ(Value("card", cards[1]), "C_10");
  EXPECT_EQ(Value("../../../../seatId", cards[0]), "3");
  EXPECT_EQ(Value("../../#", cards[0]), "1");  // the hand's key
  EXPECT_EQ(Value("#", cards[1]), "1");        // the card's key
  EXPECT_EQ(Value("/id", cards[0]), "g1");     // from the round's object
  std::vector<int32_t> bets;
  tree_.Find(Path("bets/*"), JsonTree::kRoot, &bets);
  ASSERT_EQ(bets.size(), 2u);
  EXPECT_EQ(Value("#", bets[1]), "1");  // an array element's index
}

TEST_F(JsonTreeTest, RefusesWhatIsNotOneValue) {
  EXPECT_FALSE(Parse(R"({"a":1,})"));
  EXPECT_FALSE(Parse("12"));
  std::string deep;
  for (int i = 0; i < 200; ++i) deep += "[";
  for (int i = 0; i < 200; ++i) deep += "]";
  EXPECT_FALSE(Parse(deep));
  EXPECT_NE(why_.find("nested more than"), std::string::npos) << why_;
}

TEST(JsonPathTest, ReadsSegmentsAndRefusesEmptyOnes) {
  JsonPath p;
  std::string why;
  ASSERT_TRUE(ParseJsonPath("gameplay/.BlackjackGameplay/seats/*", &p, &why));
  EXPECT_EQ(p.segments, (std::vector<std::string>{"gameplay", ".BlackjackGameplay", "seats", "*"}));
  EXPECT_FALSE(p.absolute);
  ASSERT_TRUE(ParseJsonPath("/id", &p, &why));
  EXPECT_TRUE(p.absolute);
  EXPECT_FALSE(ParseJsonPath("a//b", &p, &why));
  EXPECT_FALSE(ParseJsonPath("a/", &p, &why));
  EXPECT_FALSE(ParseJsonPath("", &p, &why));
  EXPECT_FALSE(ParseJsonPath("#/a", &p, &why));
}

}  // namespace
}  // namespace pitboss
