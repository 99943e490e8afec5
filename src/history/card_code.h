// A card code of the hand-history format read inline: ParseCard (pitboss/card.h) is this,
// out of line. The log reader's fast path reads a card in nearly every other event, and the
// call of ParseCard cost it as much as the lookups.
#ifndef PITBOSS_HISTORY_CARD_CODE_H_
#define PITBOSS_HISTORY_CARD_CODE_H_

#include <cstdint>
#include <optional>
#include <string_view>

#include "pitboss/card.h"

namespace pitboss {

// Byte -> rank (2..14) or suit (0..3), -1 for anything else: a log holds millions of
// cards, and a table lookup is the cheapest way to read one.
struct CardCodeTables {
  int8_t rank[256];
  int8_t suit[256];
};

constexpr CardCodeTables MakeCardCodeTables() {
  CardCodeTables t{};
  for (int i = 0; i < 256; ++i) t.rank[i] = t.suit[i] = -1;
  for (int r = 2; r <= 14; ++r)
    t.rank[static_cast<unsigned char>("23456789TJQKA"[r - 2])] = static_cast<int8_t>(r);
  for (int s = 0; s < 4; ++s) t.suit[static_cast<unsigned char>("CDHS"[s])] = static_cast<int8_t>(s);
  return t;
}
inline constexpr CardCodeTables kCardCodeTables = MakeCardCodeTables();

// ParseCard, inline.
inline std::optional<Card> ReadCardCode(std::string_view text) {
  int rank = -1;
  if (text.size() == 2) {
    rank = kCardCodeTables.rank[static_cast<unsigned char>(text[0])];
  } else if (text.size() == 3 && text[0] == '1' && text[1] == '0') {
    rank = 10;  // the format accepts "10" for the ten besides the canonical "T"
  }
  if (rank < 0) return std::nullopt;
  const int suit = kCardCodeTables.suit[static_cast<unsigned char>(text.back())];
  if (suit < 0) return std::nullopt;
  return Card{static_cast<uint8_t>(rank), static_cast<uint8_t>(suit)};
}

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_CARD_CODE_H_
