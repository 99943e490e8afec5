#include "games/core/shoe.h"

#include <algorithm>

namespace pitboss {

int64_t ShoeTracker::NewRoot() {
  consequences_.push_back(0);
  return static_cast<int64_t>(consequences_.size()) - 1;
}

std::string ShoeTracker::ShoeName(const Table& t) const {
  return t.shoe_id.empty() ? "the shoe" : "shoe " + t.shoe_id;
}

void ShoeTracker::Play(const Round& round, const std::string& clause, bool shuffle_reported,
                       std::string_view input, int64_t line, Owner& owner,
                       std::vector<RoundFinding>* findings) {
  auto [entry, fresh] = tables_.try_emplace(round.table);
  Table& t = entry->second;
  if (fresh && unseen_root_ >= 0) {
    t.judged.Lose();
    t.logged.Lose();
    t.unjudged_root = unseen_root_;
  }
  bool no_shoe_reported = shuffle_reported;
  bool counted = false;  // as a consequence of the table's unjudged root, once a round
  int round_start = 0;   // the first event after the round's last shuffle so far
  bool drew = false;     // a card of this round was drawn
  int last_draw = -1;
  auto where = [&](int event, const Card& card) {
    return Consequence{std::string(input), line, round.id, event, ToString(card)};
  };
  const int n = static_cast<int>(round.events.size());
  for (int i = 0; i < n; ++i) {
    const Event& e = round.events[i];
    if (e.type == EventType::kShuffle) {
      if (drew && !no_shoe_reported) {
        findings->push_back(
            {Code::kShoeMidRoundShuffle, i, std::nullopt, std::nullopt, std::nullopt, std::nullopt, clause,
             "event " + std::to_string(i) + ": a shuffle after event " + std::to_string(last_draw) +
                 " drew a card of this round: the shoe changed in the middle of the deal"});
        no_shoe_reported = true;  // one finding a round
      }
      EndShoe(t, owner);
      t.judged.Shuffle(e.decks);
      t.logged.Shuffle(e.decks);
      t.shoe_id = e.text;
      t.shuffled_at.assign(input == "-" ? std::string_view("<stdin>") : input);  // its capacity kept
      t.shuffled_at.push_back(':');
      t.shuffled_at += std::to_string(line);
      t.overdraw_root = -1;
      t.unjudged_root = -1;
      round_start = i + 1;
      continue;
    }
    if (e.type != EventType::kDeal && e.type != EventType::kBurn) continue;
    drew = true;
    last_draw = i;
    if (t.unjudged_root >= 0) {
      if (!counted) ++consequences_[t.unjudged_root];
      counted = true;
      continue;
    }
    if (!t.judged.in_play()) {
      if (!no_shoe_reported) {
        RoundFinding f{
            Code::kShoeNoShuffle,
            i,
            std::nullopt,
            std::nullopt,
            std::nullopt,
            std::nullopt,
            clause,
            "event " + std::to_string(i) + ": a card drawn on table " + round.table +
                " with no shoe in play (no shuffle logged before it on this table); the table's later "
                "rounds until its first shuffle are counted under this finding"};
        f.root = NewRoot();
        t.unjudged_root = f.root;
        t.judged.Lose();
        t.logged.Lose();
        findings->push_back(std::move(f));
        no_shoe_reported = true;
        counted = true;
      }
      continue;
    }
    if (!e.card) continue;  // input/bad-card, found by the checker
    const Card card = *e.card;
    const bool logged_ok = t.logged.Draw(card);
    const bool fits = t.held.empty() || t.candidate.Draw(card);
    if (t.judged.Draw(card)) {
      if (!logged_ok && t.overdraw_root >= 0) {  // a later card of the shoe a shuffle not logged replaced
        ++consequences_[t.overdraw_root];
        named_[t.overdraw_root].push_back(where(i, card));
      }
      continue;
    }
    // An overdraw: held until what overdraws the shoe next tells what it is.
    if (t.held.empty()) {
      // The count a shuffle not logged at the start of this round would give.
      t.candidate.Shuffle(t.judged.decks());
      for (int j = round_start; j <= i; ++j) {
        const Event& d = round.events[j];
        if ((d.type == EventType::kDeal || d.type == EventType::kBurn) && d.card) t.candidate.Draw(*d.card);
      }
    }
    RoundFinding f{Code::kShoeCardOverdrawn,
                   i,
                   std::nullopt,
                   std::nullopt,
                   t.judged.decks(),
                   t.judged.drawn(card),
                   clause,
                   ""};
    if (e.type == EventType::kDeal) f.seat = e.seat;
    t.held.push_back({owner.Hold(std::move(f)), card, fits, where(i, card)});
    // A shuffle not logged at the first held card's round explains the cards that fit the
    // count restarted there; cards of one kind so far are foreign, unless another kind follows.
    if (!fits || card == t.held.front().card) continue;
    // Cards of two kinds overdraw the shoe: a shuffle not logged, at the first one's round.
    const Held& first = t.held.front();
    const int decks = t.judged.decks();
    const std::string shoe = ShoeName(t);
    const int64_t root = NewRoot();
    owner.Release(
        first.ticket,
        "event " + std::to_string(*first.at.event) + ": " + first.at.card + " overdrew " + shoe +
            (t.overdraw_root >= 0
                 ? " since its count restarted"
                 : (t.shuffled_at.empty() ? std::string() : " (shuffled at " + t.shuffled_at + ")")) +
            ", which as a shoe of " + std::to_string(decks) + (decks == 1 ? " deck" : " decks") + " holds " +
            std::to_string(decks) + " of each card, and cards of other kinds overdrew it after: a shuffle " +
            "not logged. The count restarts at this round; the later cards that overdraw " + shoe +
            " as logged are named under this finding",
        root);
    // The cards that fit the restarted count are its consequences, named; one that does not
    // (no shuffle there explains it) is a card foreign to the shoe.
    std::vector<Held> foreign;
    for (size_t k = 1; k < t.held.size(); ++k) {
      if (!t.held[k].fits) {
        foreign.push_back(std::move(t.held[k]));
        continue;
      }
      owner.Drop(t.held[k].ticket);
      ++consequences_[root];
      named_[root].push_back(std::move(t.held[k].at));
    }
    t.held = std::move(foreign);
    EndShoe(t, owner);
    t.judged = t.candidate;
    t.overdraw_root = root;
  }
}

void ShoeTracker::EndShoe(Table& t, Owner& owner) {
  if (t.held.empty()) return;
  const int decks = t.judged.decks();
  const std::string shoe = ShoeName(t);
  const size_t n = t.held.size();
  for (size_t k = 0; k < n; ++k) {
    const Held& h = t.held[k];
    std::string message =
        "event " + std::to_string(*h.at.event) + ": " + h.at.card + " drawn from " + shoe +
        (t.overdraw_root >= 0
             ? " since its count restarted"
             : (t.shuffled_at.empty() ? std::string() : " (shuffled at " + t.shuffled_at + ")")) +
        ", which as a shoe of " + std::to_string(decks) + (decks == 1 ? " deck" : " decks") + " holds " +
        std::to_string(decks) + " of it: a card foreign to the shoe";
    message +=
        n == 1
            ? " (no other card overdrew the shoe before it ended, as a shuffle not logged would have made "
              "them)"
            : " (" + std::to_string(k + 1) + " of " + std::to_string(n) + " cards " + h.at.card +
                  " that overdrew it, and no card of another kind did, as a shuffle not logged would have)";
    owner.Release(h.ticket, std::move(message), -1);
  }
  t.held.clear();
}

void ShoeTracker::Lose(std::string_view table, Owner& owner, int64_t root) {
  auto it = tables_.find(std::string(table));
  Table& t = it != tables_.end() ? it->second : tables_[std::string(table)];
  EndShoe(t, owner);
  t.judged.Lose();
  t.logged.Lose();
  t.overdraw_root = -1;
  t.unjudged_root = root;
}

// The tables in the order of their names, so that what they report comes in an order that
// does not depend on the hash table's.
std::vector<std::pair<const std::string, ShoeTracker::Table>*> ShoeTracker::Sorted() {
  std::vector<std::pair<const std::string, Table>*> sorted;
  for (auto& entry : tables_) sorted.push_back(&entry);
  std::sort(sorted.begin(), sorted.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
  return sorted;
}

void ShoeTracker::LoseAll(Owner& owner, int64_t root) {
  for (auto* entry : Sorted()) {
    Table& t = entry->second;
    EndShoe(t, owner);
    t.judged.Lose();
    t.logged.Lose();
    t.overdraw_root = -1;
    t.unjudged_root = root;
  }
}

void ShoeTracker::LoseUnseen(int64_t root) {
  if (unseen_root_ < 0) unseen_root_ = root;
}

void ShoeTracker::EndAll(Owner& owner) {
  for (auto* entry : Sorted()) EndShoe(entry->second, owner);
}

}  // namespace pitboss
