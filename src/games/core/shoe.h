// Tracks the shoe in play on each table across rounds: which cards have been drawn since
// its shuffle, so that a card the shoe cannot hold any more is found. Rule-independent:
// what the rules say about decks and shuffles is the engines' business.
// Not thread-safe; one tracker per checking thread and input order.
#ifndef PITBOSS_GAMES_CORE_SHOE_H_
#define PITBOSS_GAMES_CORE_SHOE_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "games/core/finding.h"
#include "pitboss/report.h"
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
// - shoe/card-overdrawn: a card the shoe, as logged since its shuffle, cannot hold any more.
//   Such a card is a card foreign to the shoe, or the first sign of a shuffle that was not
//   logged (a new shoe's cards then overdraw the old one's, card after card). The two are told
//   apart by what overdraws the shoe next (docs/findings.md, "Foreign cards and missed
//   shuffles"): an overdraw is held (Owner::Hold) until a card of another kind overdraws the
//   same shoe, which makes the first held card one finding of a shuffle not logged, with every
//   later overdraw named under it (Consequence), the count restarting at the start of that
//   first card's round; or until the shoe ends (its next logged shuffle, a lost log, the end of
//   the check) with only cards of one kind held, each of which is then a card foreign to the
//   shoe, a finding of its own. A card that the restarted count cannot hold either is no sign
//   of that shuffle: it is a card foreign to the shoe.
// - shoe/mid-round-shuffle: a shuffle after a card of the same round was drawn (once a round;
//   not where the rules' own fresh-shuffle check found the round's shuffle out of place).
// A finding that is a root is given an id (RoundFinding::root); consequences(id) counts what
// followed from it, and named(id) lists those named one by one.
class ShoeTracker {
 public:
  // Keeps the overdraws the tracker cannot yet place, with the rounds they were found in, and
  // reports them when told what they are.
  class Owner {
   public:
    virtual ~Owner() = default;
    // Keeps `f`, found in the round being played; a ticket for it.
    virtual int64_t Hold(RoundFinding f) = 0;
    // Reports the held finding as a finding of its own, worded `message`; `root` is its id as a
    // root cause (-1: none).
    virtual void Release(int64_t ticket, std::string message, int64_t root) = 0;
    // Forgets the held finding: it is named under a root instead.
    virtual void Drop(int64_t ticket) = 0;
  };

  // Plays the round's shuffles and draws on its table's shoe, appending what it finds to
  // `findings` (not shoe/no-shuffle when `shuffle_reported` says the rules' own fresh-shuffle
  // check found it already) and holding its overdraws with `owner`. `clause` is cited on those
  // findings; `input` and `line` say where the round is, for a shuffle that later findings
  // refer to and for a consequence named.
  void Play(const Round& round, const std::string& clause, bool shuffle_reported, std::string_view input,
            int64_t line, Owner& owner, std::vector<RoundFinding>* findings);

  // The draws of `table` are unknown from here (a round of it could not be read, or its
  // rounds went back in time): its shoe is not judged until its next shuffle. With a `root`
  // (a finding's id from NewRoot), the table's rounds that draw cards until then are counted
  // as that finding's consequences. The overdraws held for its shoe are reported.
  void Lose(std::string_view table, Owner& owner, int64_t root = -1);
  // The same for every table seen so far (a log cut short: what it did not say may have
  // shuffled any of them).
  void LoseAll(Owner& owner, int64_t root = -1);
  // Tables not seen so far start with their shoe unknown, their rounds that draw cards until
  // its first shuffle counted under `root` (a context log that could not be read whole may
  // have dealt from any table's shoe). The first such root stays.
  void LoseUnseen(int64_t root);
  // Reports every overdraw still held (the end of the check: every shoe ends there).
  void EndAll(Owner& owner);
  // The root the draws of `table` are not judged for (-1: they are judged, or the table has
  // no shoe in play).
  int64_t unjudged_root(const std::string& table) const {
    auto it = tables_.find(table);
    return it == tables_.end() ? unseen_root_ : it->second.unjudged_root;
  }

  // A new root id, for a cause found outside the tracker (Lose).
  int64_t NewRoot();
  int64_t consequences(int64_t root) const { return consequences_.at(static_cast<size_t>(root)); }
  // The consequences of `root` named one by one (the cards that overdrew a shoe after a
  // shuffle not logged); empty for a root whose consequences are only counted.
  std::vector<Consequence> named(int64_t root) const {
    auto it = named_.find(root);
    return it == named_.end() ? std::vector<Consequence>{} : it->second;
  }

  size_t tables() const { return tables_.size(); }

 private:
  // An overdraw not yet told apart, and where it is.
  struct Held {
    int64_t ticket;
    Card card;
    bool fits;  // the count restarted at the first held card's round holds it
    Consequence at;
  };
  struct Table {
    Shoe judged;     // the shoe as judged: restarted where a shuffle not logged is found
    Shoe logged;     // the shoe as logged since its last shuffle
    Shoe candidate;  // as if shuffled at the start of the first held overdraw's round
    std::vector<Held> held;
    std::string shoe_id;
    std::string shuffled_at;     // "input:line" of its shuffle
    int64_t overdraw_root = -1;  // the shuffle not logged its `judged` count restarted at
    int64_t unjudged_root = -1;  // the cause its rounds are not judged for (no shoe, time)
  };
  // Reports the overdraws held for `t`'s shoe, which ends: each a card foreign to it.
  void EndShoe(Table& t, Owner& owner);
  std::string ShoeName(const Table& t) const;
  std::vector<std::pair<const std::string, Table>*> Sorted();

  std::unordered_map<std::string, Table> tables_;
  int64_t unseen_root_ = -1;                                     // LoseUnseen's
  std::vector<int64_t> consequences_;                            // by root id
  std::unordered_map<int64_t, std::vector<Consequence>> named_;  // by root id
};

}  // namespace pitboss

#endif  // PITBOSS_GAMES_CORE_SHOE_H_
