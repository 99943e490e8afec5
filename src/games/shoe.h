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
#include <vector>

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

// Tracks each table's shoe across rounds, and reports a fault of the shoe once, at its cause
// (docs/findings.md, "Root causes"):
// - shoe/no-shuffle: cards drawn on a table with no shoe in play. Found at the table's first
//   such round; the table's later rounds until its first shuffle are its consequences.
// - shoe/card-overdrawn: a card the shoe, as logged since its shuffle, cannot hold any more
//   (a card foreign to the shoe, or a shuffle not logged). Found at the first such card; the
//   shoe's count then restarts from the start of that round, as if a shuffle had been missed
//   there, so that one missing shuffle is one finding; the cards that would have overdrawn
//   the shoe as logged are its consequences. A second card the restarted count cannot hold
//   is a finding of its own.
// - shoe/mid-round-shuffle: a shuffle after a card of the same round was drawn (once a round;
//   not where the rules' own fresh-shuffle check found the round's shuffle out of place).
// A finding that is a root is given an id (RoundFinding::root); consequences(id) counts what
// followed from it.
class ShoeTracker {
 public:
  // Plays the round's shuffles and draws on its table's shoe, appending what it finds to
  // `findings` (not shoe/no-shuffle when `shuffle_reported` says the rules' own fresh-shuffle
  // check found it already). `clause` is cited on those findings; `where` ("input:line")
  // names the round's line, for a shuffle that later findings refer to.
  void Play(const Round& round, const std::string& clause, bool shuffle_reported, std::string_view where,
            std::vector<RoundFinding>* findings);

  // The draws of `table` are unknown from here (a round of it could not be read, or its
  // rounds went back in time): its shoe is not judged until its next shuffle. With a `root`
  // (a finding's id from NewRoot), the table's rounds that draw cards until then are counted
  // as that finding's consequences.
  void Lose(std::string_view table, int64_t root = -1);
  // The same for every table seen so far (a log cut short: what it did not say may have
  // shuffled any of them).
  void LoseAll(int64_t root = -1);

  // A new root id, for a cause found outside the tracker (Lose).
  int64_t NewRoot();
  int64_t consequences(int64_t root) const { return consequences_.at(static_cast<size_t>(root)); }

  size_t tables() const { return tables_.size(); }

 private:
  struct Table {
    Shoe judged;    // the shoe as judged: restarted at an overdraw
    Shoe logged;    // the shoe as logged since its last shuffle
    std::string shoe_id;
    std::string shuffled_at;  // "input:line" of its shuffle
    int64_t overdraw_root = -1;  // the overdraw its `judged` count restarted at
    int64_t unjudged_root = -1;  // the cause its rounds are not judged for (no shoe, time)
  };
  std::unordered_map<std::string, Table> tables_;
  std::vector<int64_t> consequences_;  // by root id
};

}  // namespace pitboss

#endif  // PITBOSS_GAMES_SHOE_H_
