#include "pitboss/card.h"

#include <gtest/gtest.h>

#include <set>

namespace pitboss {
namespace {

TEST(CardTest, ParsesEveryCardOfADeckAndPrintsItBack) {
  std::set<int> indices;
  for (char rank : std::string("23456789TJQKA")) {
    for (char suit : std::string("CDHS")) {
      std::string code{rank, suit};
      std::optional<Card> card = ParseCard(code);
      ASSERT_TRUE(card.has_value()) << code;
      EXPECT_EQ(ToString(*card), code);
      EXPECT_GE(card->index(), 0);
      EXPECT_LT(card->index(), kCardsPerDeck);
      indices.insert(card->index());
    }
  }
  EXPECT_EQ(indices.size(), 52u);
}

TEST(CardTest, RanksAndSuitsAreNumberedAsTheHeaderSays) {
  EXPECT_EQ(ParseCard("2C"), (Card{2, 0}));
  EXPECT_EQ(ParseCard("TD"), (Card{10, 1}));
  EXPECT_EQ(ParseCard("QH"), (Card{12, 2}));
  EXPECT_EQ(ParseCard("AS"), (Card{14, 3}));
}

TEST(CardTest, TenWrittenAs10IsTheSameCardAndPrintsAsT) {
  std::optional<Card> ten = ParseCard("10D");
  ASSERT_TRUE(ten.has_value());
  EXPECT_EQ(*ten, *ParseCard("TD"));
  EXPECT_EQ(ToString(*ten), "TD");
}

TEST(CardTest, RejectsAnythingElse) {
  for (const char* bad : {"",   "T",   "H",  "th",  "Th",  "tH",   "1H",  "0H",  "11H", "10", "100H",
                          "1T", "THH", "TX", " TH", "TH ", "AS\n", "10d", "01H", "2",   "XX"}) {
    EXPECT_FALSE(ParseCard(bad).has_value()) << '"' << bad << '"';
  }
  EXPECT_FALSE(ParseCard(std::string_view("T\0", 2)).has_value());
  EXPECT_FALSE(ParseCard(std::string_view("\0H", 2)).has_value());
}

TEST(CardTest, RankChar) {
  EXPECT_EQ(RankChar(2), '2');
  EXPECT_EQ(RankChar(9), '9');
  EXPECT_EQ(RankChar(10), 'T');
  EXPECT_EQ(RankChar(11), 'J');
  EXPECT_EQ(RankChar(12), 'Q');
  EXPECT_EQ(RankChar(13), 'K');
  EXPECT_EQ(RankChar(14), 'A');
}

}  // namespace
}  // namespace pitboss
