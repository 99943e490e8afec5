// Card codes of the hand-history format: rank then suit ("TH", "AS", "10D").

#include "pitboss/card.h"

#include "history/card_code.h"

namespace pitboss {

namespace {

constexpr char kSuitChars[] = {'C', 'D', 'H', 'S'};

}  // namespace

std::optional<Card> ParseCard(std::string_view text) { return ReadCardCode(text); }

char RankChar(int rank) {
  static constexpr char kRankChars[] = "23456789TJQKA";
  if (rank < 2 || rank > 14) return '?';
  return kRankChars[rank - 2];
}

std::string ToString(Card c) {
  char suit = c.suit < 4 ? kSuitChars[c.suit] : '?';
  return std::string{RankChar(c.rank), suit};
}

}  // namespace pitboss
