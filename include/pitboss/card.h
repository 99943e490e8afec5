// Cards as the hand-history format writes them: rank then suit ("TH", "AS", "10D").
#ifndef PITBOSS_CARD_H_
#define PITBOSS_CARD_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pitboss {

// Ranks are numbered 2..14 with the ace as 14; what beats what is the rule spec's
// business (RuleSpec::rank_value), not the card's.
struct Card {
  uint8_t rank = 0;  // 2..14 (11 J, 12 Q, 13 K, 14 A)
  uint8_t suit = 0;  // 0 C, 1 D, 2 H, 3 S

  // 0..51, unique per (rank, suit): the index of the card in one deck.
  int index() const { return (rank - 2) * 4 + suit; }
  friend bool operator==(const Card&, const Card&) = default;
};

constexpr int kCardsPerDeck = 52;

// Accepts ranks 2-9, T or 10, J, Q, K, A and suits C, D, H, S (upper case only, as the
// format spells them). nullopt for anything else.
std::optional<Card> ParseCard(std::string_view text);
std::string ToString(Card c);  // canonical: "TH", never "10H"
char RankChar(int rank);       // '2'..'9', 'T', 'J', 'Q', 'K', 'A'

}  // namespace pitboss

#endif  // PITBOSS_CARD_H_
