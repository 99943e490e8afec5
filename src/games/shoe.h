// Tracks the shoe in play on each table across rounds: which cards have been drawn since
// its shuffle, so that a card the shoe cannot hold any more is found. Rule-independent:
// what the rules say about decks and shuffles is the engines' business.
// Not thread-safe; one tracker per checking thread and input order.
#ifndef PITBOSS_GAMES_SHOE_H_
#define PITBOSS_GAMES_SHOE_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "games/finding.h"
#include "pitboss/round.h"

namespace pitboss {

class Shoe {
 public:
  // A shoe of no deck at all is a fault of the log (shoe/deck-count): its draws are not judged.
  void Shuffle(int decks) {
    decks_ = decks;
    known_ = decks > 0;
    in_play_ = true;
    drawn_.fill(0);
    cards_drawn_ = 0;
  }
  // Forget what is known of this shoe (a round of it could not be read, and may have
  // shuffled it): draws are no longer judged until the next shuffle.
  void Lose() {
    known_ = false;
    in_play_ = true;
  }

  bool in_play() const { return in_play_; }
  bool known() const { return known_; }
  int decks() const { return decks_; }
  int64_t cards_drawn() const { return cards_drawn_; }

  // Draws `card`; false when the shoe, as known, holds no more of it.
  bool Draw(Card card) {
    ++cards_drawn_;
    uint16_t& n = drawn_[card.index()];
    ++n;
    return !known_ || n <= decks_;
  }
  int drawn(Card card) const { return drawn_[card.index()]; }

 private:
  int decks_ = 0;
  bool known_ = false;
  bool in_play_ = false;
  int64_t cards_drawn_ = 0;
  std::array<uint16_t, kCardsPerDeck> drawn_{};
};

class ShoeTracker {
 public:
  // Plays the round's shuffles and draws on its table's shoe. Finds shoe/no-shuffle (a draw
  // with no shoe in play; once per round, and not when `shuffle_reported` says the rules'
  // own fresh-shuffle check found it already) and shoe/card-overdrawn (each draw past what
  // the shoe holds). `clause` is cited on those findings.
  void Play(const Round& round, const std::string& clause, bool shuffle_reported,
            std::vector<RoundFinding>* findings);

  // A round of `table` could not be read: its draws are unknown, so stop judging the
  // table's shoe until its next shuffle.
  void Lose(std::string_view table);

  size_t tables() const { return shoes_.size(); }

 private:
  std::unordered_map<std::string, Shoe> shoes_;
};

}  // namespace pitboss

#endif  // PITBOSS_GAMES_SHOE_H_
