#include "games/shoe.h"

namespace pitboss {

void ShoeTracker::Play(const Round& round, const std::string& clause, bool shuffle_reported,
                       std::vector<RoundFinding>* findings) {
  Shoe& shoe = shoes_[round.table];
  bool no_shoe_reported = shuffle_reported;
  for (size_t i = 0; i < round.events.size(); ++i) {
    const Event& e = round.events[i];
    if (e.type == EventType::kShuffle) {
      shoe.Shuffle(e.decks);
      continue;
    }
    if (e.type != EventType::kDeal && e.type != EventType::kBurn) continue;
    if (!shoe.in_play()) {
      if (!no_shoe_reported) {
        findings->push_back({Code::kShoeNoShuffle, static_cast<int>(i), std::nullopt, std::nullopt,
                             std::nullopt, std::nullopt, clause,
                             "event " + std::to_string(i + 1) + ": a card drawn on table " + round.table +
                                 " with no shoe in play (no shuffle logged before it)"});
        no_shoe_reported = true;
      }
      continue;
    }
    if (!e.card) continue;  // input/bad-card, found by the checker
    if (!shoe.Draw(*e.card)) {
      RoundFinding f{Code::kShoeCardOverdrawn, static_cast<int>(i), std::nullopt, std::nullopt,
                     std::nullopt, std::nullopt, clause, ""};
      if (e.type == EventType::kDeal) f.seat = e.seat;
      f.expected = shoe.decks();
      f.actual = shoe.drawn(*e.card);
      f.message = "event " + std::to_string(i + 1) + ": " + ToString(*e.card) + " drawn " +
                  std::to_string(shoe.drawn(*e.card)) + " times since the shuffle; a " +
                  "shoe of " + std::to_string(shoe.decks()) + " decks holds " + std::to_string(shoe.decks());
      findings->push_back(std::move(f));
    }
  }
}

void ShoeTracker::Lose(std::string_view table) {
  auto it = shoes_.find(std::string(table));
  Shoe& shoe = it != shoes_.end() ? it->second : shoes_[std::string(table)];
  shoe.Lose();
}

}  // namespace pitboss
