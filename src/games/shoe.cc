#include "games/shoe.h"

namespace pitboss {

int64_t ShoeTracker::NewRoot() {
  consequences_.push_back(0);
  return static_cast<int64_t>(consequences_.size()) - 1;
}

void ShoeTracker::Play(const Round& round, const std::string& clause, bool shuffle_reported,
                       std::string_view where, std::vector<RoundFinding>* findings) {
  Table& t = tables_[round.table];
  bool no_shoe_reported = shuffle_reported;
  bool counted = false;  // as a consequence of the table's unjudged root, once a round
  int round_start = 0;   // the first event after the round's last shuffle so far
  bool drew = false;     // a card of this round was drawn
  int last_draw = -1;
  for (int i = 0; i < static_cast<int>(round.events.size()); ++i) {
    const Event& e = round.events[i];
    if (e.type == EventType::kShuffle) {
      if (drew && !no_shoe_reported) {
        findings->push_back({Code::kShoeMidRoundShuffle, i, std::nullopt, std::nullopt, std::nullopt, std::nullopt,
                             clause,
                             "event " + std::to_string(i) + ": a shuffle after event " + std::to_string(last_draw) +
                                 " drew a card of this round: the shoe changed in the middle of the deal"});
        no_shoe_reported = true;  // one finding a round
      }
      t.judged.Shuffle(e.decks);
      t.logged.Shuffle(e.decks);
      t.shoe_id = e.text;
      t.shuffled_at.assign(where.data(), where.size());  // keeps its capacity: no allocation a round
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
        RoundFinding f{Code::kShoeNoShuffle, i, std::nullopt, std::nullopt, std::nullopt, std::nullopt, clause,
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
    const bool logged_ok = t.logged.Draw(*e.card);
    if (t.judged.Draw(*e.card)) {
      if (!logged_ok && t.overdraw_root >= 0) ++consequences_[t.overdraw_root];
      continue;
    }
    const int decks = t.judged.decks();
    RoundFinding f{Code::kShoeCardOverdrawn, i, std::nullopt, std::nullopt, decks, t.judged.drawn(*e.card),
                   clause, ""};
    if (e.type == EventType::kDeal) f.seat = e.seat;
    const std::string shoe = t.shoe_id.empty() ? "the shoe" : "shoe " + t.shoe_id;
    f.message = "event " + std::to_string(i) + ": " + ToString(*e.card) + " drawn " +
                std::to_string(t.judged.drawn(*e.card)) + " times from " + shoe +
                (t.overdraw_root >= 0 ? " since its count restarted"
                                      : (t.shuffled_at.empty() ? std::string() : " (shuffled at " + t.shuffled_at + ")")) +
                ", which as a shoe of " + std::to_string(decks) + (decks == 1 ? " deck" : " decks") + " holds " +
                std::to_string(decks) + ": a card foreign to the shoe, or a shuffle not logged. The count restarts " +
                "at this round, and later cards that overdraw " + shoe + " as logged are counted under this finding";
    f.root = NewRoot();
    t.overdraw_root = f.root;
    findings->push_back(std::move(f));
    // As if the shoe had been shuffled at the start of this round (after its own shuffle).
    t.judged.Shuffle(decks);
    for (int j = round_start; j <= i; ++j) {
      const Event& d = round.events[j];
      if ((d.type == EventType::kDeal || d.type == EventType::kBurn) && d.card) t.judged.Draw(*d.card);
    }
  }
}

void ShoeTracker::Lose(std::string_view table, int64_t root) {
  auto it = tables_.find(std::string(table));
  Table& t = it != tables_.end() ? it->second : tables_[std::string(table)];
  t.judged.Lose();
  t.logged.Lose();
  t.overdraw_root = -1;
  t.unjudged_root = root;
}

void ShoeTracker::LoseAll(int64_t root) {
  for (auto& [table, t] : tables_) {
    t.judged.Lose();
    t.logged.Lose();
    t.overdraw_root = -1;
    t.unjudged_root = root;
  }
}

}  // namespace pitboss
