// The settlement book: what was wagered, what the rules owe each wager, and the one place where
// a round's settle events are judged against them, for every game. It decides settle/duplicate,
// settle/missing, settle/payout, settle/split and settle/order (a settlement before what decides
// it, or after what it must precede); an engine says what its game owes (Owe) and, for its own
// orders of settling, names the fault (OrderFault). docs/findings.md has the table.
//
// A wager refused at its bet (out of its window, without what it depends on, after a choice
// the rules do not offer) is still a wager placed: its settlement is not a finding of its own
// but money its refusal moved (it should not have been accepted: what it won was paid wrongly,
// what it lost taken wrongly), added to the refusing finding (RoundFinding::money_moved). A
// wager whose settlement a fault decides (Owed::cause) is judged the same way: a settlement off
// what the rules owe is money that fault moved.
//
// Buffers are kept from round to round: Clear() keeps their capacity, so that a replay
// allocates nothing once they have grown. Not thread-safe; one a replay.
#ifndef PITBOSS_GAMES_CORE_SETTLEMENT_BOOK_H_
#define PITBOSS_GAMES_CORE_SETTLEMENT_BOOK_H_

#include <array>
#include <climits>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "games/core/reporter.h"
#include "pitboss/money.h"
#include "pitboss/round.h"
#include "pitboss/spec.h"

namespace pitboss {

// What the rules owe one wager at its settlement, as an engine decides it.
struct Owed {
  Seat seat = 0;
  int hand = 0;  // the seat's hand, where the game splits hands (1, 2...); 0 else
  WagerKind wager = WagerKind::kUnknown;
  Money net = 0;
  const Cite* cite = nullptr;
  std::string_view why;  // the outcome in words ("war won"); must outlive Judge
  // Or words holding numbers (`numbers`, the engine's own), made only where a finding or a
  // note shows them, so that a clean round words nothing.
  std::string (*words)(const Owed&) = nullptr;
  std::array<int, 2> numbers{};
  // Settled only after this event (the cards or the choice that decide it), and before this one.
  int after = -1;
  bool after_choice = false;  // `after` is a choice ("before the choice that decides it")
  int before = INT_MAX;
  std::string_view before_words;  // what happens at `before` ("the second cards were dealt")
  // A finding whose fault decides this wager (its index among the round's; -1: none): a
  // settlement other than `net` is money that fault moved, not a finding of its own.
  int cause = -1;
  int tag = 0;  // the engine's own (the War engine's: the stage of the outcome)

  // Judge's: the settle event matched to it, and what it settled.
  int settled = -1;
  Money actual = 0;

  // Made where shown: pass [&] { return x.Why(); } as a message's part, not Why() itself.
  std::string Why() const { return words ? words(*this) : std::string(why); }
};

class SettlementBook {
 public:
  // A settlement matched to what the rules owe: its event and the Owed's index.
  struct Match {
    int event;
    size_t owed;
  };

  void Clear() {
    for (const Placement& p : placed_) {
      if (Direct(p.seat, p.hand) && p.wager != WagerKind::kUnknown)
        direct_[p.seat][p.hand][static_cast<int>(p.wager)] = 0;
    }
    placed_.clear();
    if (indexed_) {
      index_.clear();
      indexed_ = false;
    }
    owed_.clear();
    linked_ = 0;
    matches_.clear();
    if (!flagged_.empty()) flagged_.clear();
  }

  // A wager placed at the seat's hand (0: none): `accepted`, or refused by finding `refused_by`
  // (its index; -1 where findings are not wanted). Placed again, it is accepted if any of its
  // bets was; the first refusal is kept. `owed`: what the rules owe it, the index Owe gave, where
  // the engine owed it first and kept the index (-1: Judge looks it up).
  void Place(Seat seat, int hand, WagerKind wager, bool accepted, int refused_by = -1, int owed = -1) {
    if (Placement* p = Find(seat, hand, wager)) {
      p->accepted |= accepted;
      if (p->refused_by < 0) p->refused_by = refused_by;
      if (p->owed < 0 && owed >= 0) Link(*p, owed);
      return;
    }
    placed_.push_back({seat, hand, wager, accepted, accepted ? -1 : refused_by, -1, -1});
    if (indexed_) {
      index_.emplace(Key{seat, hand, wager}, placed_.size() - 1);
    } else if (placed_.size() > kScanned) {
      Index();
    }
    if (owed >= 0) Link(placed_.back(), owed);
    if (Direct(seat, hand) && wager != WagerKind::kUnknown && placed_.size() < UINT16_MAX) {
      direct_[seat][hand][static_cast<int>(wager)] = static_cast<uint16_t>(placed_.size());
    }
  }

  // What the rules owe a wager. Owe the wagers of a seat one after the other, the seats in the
  // order their findings should come (the seat order, or the deal order).
  Owed& Owe(Owed owed) {
    owed_.push_back(owed);
    return owed_.back();
  }
  // The same, filled in place by the caller (no copy on the path every round takes).
  Owed& Owe() { return owed_.emplace_back(); }
  const std::vector<Owed>& owed() const { return owed_; }

  // Judges the round's settle events (`settles`: their indexes, in event order), the hand of
  // each given by `hand_of` (0: the wager has none): a wager never placed, or settled twice, is
  // settle/duplicate (citing `unplaced` for the first); `hand_of` nullptr: the game has no hands.
  // Each wager owed is matched to its first
  // settlement; one never settled is settle/missing; one settled at another net is
  // settle/payout, or settle/split where every wager owed to the seat is settled and their
  // total is right. Timing is CheckTiming's, for the engine to call in its order.
  void Judge(const RuleSpec& spec, const Round& round, const std::vector<int>& settles,
             int (*hand_of)(const Event&), const Cite& unplaced, Reporter& r);
  // The same, finding the settle events itself (no list kept: nothing allocated a round).
  void Judge(const RuleSpec& spec, const Round& round, int (*hand_of)(const Event&), const Cite& unplaced,
             Reporter& r);

  // The settlements matched to what is owed, in event order.
  const std::vector<Match>& matches() const { return matches_; }

  // settle/order where match `m` is settled before its `after` or after its `before`.
  void CheckTiming(const Match& m, Reporter& r) {
    const Owed& x = owed_[m.owed];
    if (m.event < x.after || m.event > x.before) ReportTiming(m, r);
  }

  // settle/order at match `m` ("main wager of seat 1 settled " + why), once a seat a round.
  template <typename... Parts>
  void OrderFault(const Match& m, const Cite& cite, Reporter& r, const Parts&... why) {
    const Owed& x = owed_[m.owed];
    if (!flagged_.insert(x.seat).second) return;
    r.Add(Code::kSettleOrder, At{m.event, x.seat, x.hand, x.wager}, std::nullopt, std::nullopt, cite,
          Ev(m.event), ToString(x.wager), " wager of ", Who(x.seat, x.hand), " settled ", why...);
  }

 private:
  struct Placement {
    Seat seat;
    int hand;
    WagerKind wager;
    bool accepted;
    int refused_by;
    int first_settle;
    int owed;  // the index of what is owed it, -1: nothing (Judge links them)
  };
  // Seats below this, at no hand or the first, are looked up by number (War's, a blackjack
  // seat's War and insurance wagers and those of its first hand); others by a scan while a
  // round has few placements (a table's seven seats or so), by a hash past that (a round of
  // thousands of seats is no quadratic).
  static constexpr Seat kDirect = 32;
  static constexpr size_t kScanned = 32;
  struct Key {
    Seat seat;
    int hand;
    WagerKind wager;
    friend bool operator==(const Key&, const Key&) = default;
  };
  struct KeyHash {
    size_t operator()(const Key& k) const {
      const uint64_t x = (uint64_t{static_cast<uint32_t>(k.seat)} << 32) ^
                         (uint64_t{static_cast<uint32_t>(k.hand)} << 8) ^ static_cast<uint64_t>(k.wager);
      return std::hash<uint64_t>()(x * 0x9e3779b97f4a7c15ULL);
    }
  };
  static bool Direct(Seat seat, int hand) { return (hand == 0 || hand == 1) && seat >= 0 && seat < kDirect; }
  Placement* Find(Seat seat, int hand, WagerKind wager) {
    if (Direct(seat, hand) && wager != WagerKind::kUnknown && placed_.size() < UINT16_MAX) {
      const uint16_t at = direct_[seat][hand][static_cast<int>(wager)];
      return at == 0 ? nullptr : &placed_[at - 1];
    }
    return indexed_ ? Indexed(seat, hand, wager) : Scan(seat, hand, wager);
  }
  Placement* Scan(Seat seat, int hand, WagerKind wager);
  Placement* Indexed(Seat seat, int hand, WagerKind wager);
  void Index();                                    // index_ made of every placement so far
  void ReportTiming(const Match& m, Reporter& r);  // Find's path for seats not Direct
  void LinkOwed();
  void Link(Placement& p, int owed) {
    p.owed = owed;
    ++linked_;
  }
  // The path of a settlement that is no finding: the first of a wager placed, accepted and
  // owed. False, having changed nothing, for any other (JudgeSettle's).
  bool SettleAsOwed(const Round& round, int i, int (*hand_of)(const Event&)) {
    const Event& e = round.events[i];
    if (e.wager == WagerKind::kUnknown) return false;
    Placement* p = Find(e.seat, hand_of ? hand_of(e) : 0, e.wager);
    if (p == nullptr || !p->accepted || p->first_settle >= 0 || p->owed < 0) return false;
    p->first_settle = i;
    Owed& x = owed_[static_cast<size_t>(p->owed)];
    x.settled = i;
    x.actual = e.amount;
    matches_.push_back({i, static_cast<size_t>(p->owed)});
    return true;
  }
  void JudgeSettle(const RuleSpec& spec, const Round& round, int i, int (*hand_of)(const Event&),
                   const Cite& unplaced, Reporter& r);
  void JudgeSeats(Reporter& r);
  void JudgeSeat(size_t begin, size_t end, Reporter& r);

  std::vector<Placement> placed_;
  // placed_ index + 1 by seat, hand (0 or 1) and wager; 0: none.
  std::array<std::array<std::array<uint16_t, kWagerKinds>, 2>, kDirect> direct_{};
  std::unordered_map<Key, size_t, KeyHash> index_;  // placed_ index, once indexed_
  bool indexed_ = false;
  std::vector<Owed> owed_;
  size_t linked_ = 0;  // the Owed linked to their placement by Place
  std::vector<Match> matches_;
  std::unordered_set<Seat> flagged_;  // seats with a settle/order finding
};

}  // namespace pitboss

#endif  // PITBOSS_GAMES_CORE_SETTLEMENT_BOOK_H_
