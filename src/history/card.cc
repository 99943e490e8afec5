// Card codes of the hand-history format: rank then suit ("TH", "AS", "10D").

#include "pitboss/card.h"

namespace pitboss {

namespace {

constexpr char kSuitChars[] = {'C', 'D', 'H', 'S'};

// Byte -> rank (2..14) or suit (0..3), -1 for anything else: a log holds millions of
// cards, and a table lookup is the cheapest way to read one.
struct CardTables {
  int8_t rank[256];
  int8_t suit[256];
};

constexpr CardTables MakeCardTables() {
  CardTables t{};
  for (int i = 0; i < 256; ++i) t.rank[i] = t.suit[i] = -1;
  for (int r = 2; r <= 14; ++r) t.rank[static_cast<unsigned char>("23456789TJQKA"[r - 2])] = r;
  for (int s = 0; s < 4; ++s) t.suit[static_cast<unsigned char>(kSuitChars[s])] = s;
  return t;
}
constexpr CardTables kTables = MakeCardTables();

}  // namespace

std::optional<Card> ParseCard(std::string_view text) {
  int rank = -1;
  if (text.size() == 2) {
    rank = kTables.rank[static_cast<unsigned char>(text[0])];
  } else if (text.size() == 3 && text[0] == '1' && text[1] == '0') {
    rank = 10;  // the format accepts "10" for the ten besides the canonical "T"
  }
  if (rank < 0) return std::nullopt;
  int suit = kTables.suit[static_cast<unsigned char>(text.back())];
  if (suit < 0) return std::nullopt;
  return Card{static_cast<uint8_t>(rank), static_cast<uint8_t>(suit)};
}

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
