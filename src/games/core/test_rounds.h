// Building rounds in tests, one event a call.
#ifndef PITBOSS_GAMES_CORE_TEST_ROUNDS_H_
#define PITBOSS_GAMES_CORE_TEST_ROUNDS_H_

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "games/core/finding.h"
#include "games/core/shoe.h"
#include "pitboss/round.h"
#include "spec/loader.h"

namespace pitboss {

// A bundled spec (path under rules/), loaded once per test binary.
inline const SpecDocument& BundledSpec(const std::string& file) {
  static std::map<std::string, SpecDocument> docs;
  auto it = docs.find(file);
  if (it == docs.end()) {
    std::vector<std::string> errors;
    // Appended, not built with +: GCC 12 warns falsely (-Warray-bounds) of the latter here.
    std::string path = PITBOSS_SOURCE_DIR;
    path.append("/rules/").append(file);
    auto doc = LoadSpecDocument(path, &errors);
    EXPECT_TRUE(doc.has_value()) << file;
    it = docs.emplace(file, std::move(*doc)).first;
  }
  return it->second;
}

// The spec under each reading of `doc`: the defaults first ("default"), then each other
// reading alone ("AMBIGUITY=READING").
inline std::vector<std::pair<std::string, RuleSpec>> SpecsUnderEachReading(const SpecDocument& doc) {
  std::vector<std::pair<std::string, RuleSpec>> specs{{"default", doc.spec}};
  for (const Ambiguity& a : doc.spec.ambiguities) {
    for (const Reading& r : a.readings) {
      if (r.is_default) continue;
      auto spec = Instantiate(doc, {{a.id, r.name}});
      EXPECT_TRUE(spec.ok()) << a.id << "=" << r.name;
      if (spec.ok()) specs.emplace_back(a.id + "=" + r.name, std::move(spec.value()));
    }
  }
  return specs;
}

// Every line of the violation fixtures (fixtures/violations) that holds `text`.
inline std::vector<std::string> ViolationFixtureLines(std::string_view text) {
  std::vector<std::string> lines;
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(PITBOSS_SOURCE_DIR) /
                                                               "fixtures" / "violations")) {
    std::ifstream in(entry.path());
    for (std::string line; std::getline(in, line);) {
      if (line.find(text) != std::string::npos) lines.push_back(line);
    }
  }
  return lines;
}

// Replays each round under each spec twice, in full and read only for what it settles
// (findings_wanted false, as the checker replays a clean round under another reading), and
// holds the second to the first: the same settlements and parts touched, no finding kept, and
// something found exactly where the full replay finds something. `replay_into` is an engine's
// ReplayInto. Returns how many of the second replays found something.
template <typename ReplayInto>
int ExpectSettlementsAloneAsFull(const std::vector<std::pair<std::string, RuleSpec>>& specs,
                                 const std::vector<Round>& rounds, ReplayInto replay_into) {
  auto settled_of = [](const RoundResult& r) {
    std::vector<std::tuple<int, int, Money, int>> out;  // seat, wager, net, hand
    for (const Settlement& s : r.settlements)
      out.emplace_back(s.seat, static_cast<int>(s.wager), s.net, s.hand);
    return out;
  };
  int found = 0;
  for (const Round& round : rounds) {
    for (const auto& [name, spec] : specs) {
      RoundResult full;
      replay_into(spec, round, &full);
      RoundResult settled;
      settled.findings_wanted = false;
      replay_into(spec, round, &settled);
      EXPECT_EQ(settled_of(settled), settled_of(full)) << round.id << " under " << name;
      EXPECT_EQ(settled.touched, full.touched) << round.id << " under " << name;
      EXPECT_TRUE(settled.findings.empty()) << round.id << " under " << name;
      EXPECT_EQ(settled.unworded > 0, !full.findings.empty()) << round.id << " under " << name;
      found += settled.unworded > 0 ? 1 : 0;
    }
  }
  return found;
}

class RoundBuilder {
 public:
  explicit RoundBuilder(std::string rules, std::string table = "T1") {
    round_.id = "R1";
    round_.time = "2026-11-21T20:14:03Z";
    round_.date = 20261121;
    round_.table = std::move(table);
    round_.rules = std::move(rules);
  }
  RoundBuilder& Id(std::string id) {
    round_.id = std::move(id);
    return *this;
  }
  RoundBuilder& Date(int32_t date) {
    round_.date = date;
    return *this;
  }
  RoundBuilder& Limit(WagerKind kind, std::optional<Money> min, std::optional<Money> max) {
    round_.limits[static_cast<int>(kind)] = pitboss::Limit{min, max};
    return *this;
  }
  RoundBuilder& Shuffle(int decks) {
    Event e;
    e.type = EventType::kShuffle;
    e.decks = decks;
    e.text = "S1";
    return Add(e);
  }
  RoundBuilder& Bet(Seat seat, WagerKind kind, Money amount) {
    Event e;
    e.type = EventType::kBet;
    e.seat = seat;
    e.wager = kind;
    e.amount = amount;
    return Add(e);
  }
  RoundBuilder& Deal(Seat seat, const char* card) {
    Event e;
    e.type = EventType::kDeal;
    e.seat = seat;
    e.card = ParseCard(card);
    e.text = card;
    return Add(e);
  }
  RoundBuilder& Burn(const char* card) {
    Event e;
    e.type = EventType::kBurn;
    e.card = ParseCard(card);
    e.text = card;
    return Add(e);
  }
  RoundBuilder& Burns(int n) {
    static const char* kCards[] = {"2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"};
    for (int i = 0; i < n; ++i) Burn(kCards[i % 8]);
    return *this;
  }
  RoundBuilder& Decide(Seat seat, Action action) {
    Event e;
    e.type = EventType::kDecision;
    e.seat = seat;
    e.action = action;
    return Add(e);
  }
  RoundBuilder& Settle(Seat seat, WagerKind kind, Money net) {
    Event e;
    e.type = EventType::kSettle;
    e.seat = seat;
    e.wager = kind;
    e.amount = net;
    return Add(e);
  }
  const Round& round() const { return round_; }

 private:
  RoundBuilder& Add(Event e) {
    round_.events.push_back(std::move(e));
    return *this;
  }
  Round round_;
};

// A shoe tracker's owner for tests: a finding it is told to report goes to `out`, the
// findings of the Play (or EndAll) that reports it.
class TestShoeOwner : public ShoeTracker::Owner {
 public:
  std::vector<RoundFinding>* out = nullptr;
  int64_t Hold(RoundFinding f) override {
    held_.emplace(next_, std::move(f));
    return next_++;
  }
  void Release(int64_t ticket, std::string message, int64_t root) override {
    auto it = held_.find(ticket);
    RoundFinding f = std::move(it->second);
    held_.erase(it);
    f.message = std::move(message);
    f.root = root;
    if (out) out->push_back(std::move(f));
  }
  void Drop(int64_t ticket) override { held_.erase(ticket); }

 private:
  std::map<int64_t, RoundFinding> held_;
  int64_t next_ = 0;
};

}  // namespace pitboss

#endif  // PITBOSS_GAMES_CORE_TEST_ROUNDS_H_
