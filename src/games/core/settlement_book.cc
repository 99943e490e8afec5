#include "games/core/settlement_book.h"

namespace pitboss {

SettlementBook::Placement* SettlementBook::Scan(Seat seat, int hand, WagerKind wager) {
  for (Placement& p : placed_) {
    if (p.seat == seat && p.hand == hand && p.wager == wager) return &p;
  }
  return nullptr;
}

SettlementBook::Placement* SettlementBook::Indexed(Seat seat, int hand, WagerKind wager) {
  auto it = index_.find(Key{seat, hand, wager});
  return it == index_.end() ? nullptr : &placed_[it->second];
}

void SettlementBook::Index() {
  for (size_t k = 0; k < placed_.size(); ++k) {
    const Placement& p = placed_[k];
    index_.emplace(Key{p.seat, p.hand, p.wager}, k);
  }
  indexed_ = true;
}

void SettlementBook::Judge(const RuleSpec& spec, const Round& round, const std::vector<int>& settles,
                           int (*hand_of)(const Event&), const Cite& unplaced, Reporter& r) {
  LinkOwed();
  for (int i : settles) {
    if (!SettleAsOwed(round, i, hand_of)) JudgeSettle(spec, round, i, hand_of, unplaced, r);
  }
  JudgeSeats(r);
}

void SettlementBook::Judge(const RuleSpec& spec, const Round& round, int (*hand_of)(const Event&),
                           const Cite& unplaced, Reporter& r) {
  LinkOwed();
  for (int i = 0; i < static_cast<int>(round.events.size()); ++i) {
    if (round.events[i].type == EventType::kSettle && !SettleAsOwed(round, i, hand_of)) {
      JudgeSettle(spec, round, i, hand_of, unplaced, r);
    }
  }
  JudgeSeats(r);
}

void SettlementBook::LinkOwed() {
  // What is owed is owed to a wager placed: each placement learns its own.
  if (linked_ == owed_.size()) return;  // Place linked them all
  for (size_t k = 0; k < owed_.size(); ++k) {
    Placement* p = Find(owed_[k].seat, owed_[k].hand, owed_[k].wager);
    if (p && p->owed < 0) p->owed = static_cast<int>(k);
  }
}

void SettlementBook::JudgeSettle(const RuleSpec& spec, const Round& round, int i,
                                 int (*hand_of)(const Event&), const Cite& unplaced, Reporter& r) {
  const Event& e = round.events[i];
  const int hand = hand_of ? hand_of(e) : 0;
  const bool known = e.wager != WagerKind::kUnknown;
  // Where, and the wager as logged: words only for a finding made.
  auto at = [&] { return At{i, e.seat, hand, known ? std::optional(e.wager) : std::nullopt}; };
  auto name = [&] { return known ? ToString(e.wager) : std::string_view(e.text); };
  Placement* p = known ? Find(e.seat, hand, e.wager) : nullptr;
  if (!p) {
    r.Add(Code::kSettleDuplicate, at(), std::nullopt, e.amount, unplaced, Ev(i), name(), " wager of ",
          Who(e.seat, hand), " settled, but it was never placed");
    return;
  }
  if (!p->accepted) {
    r.AddMoney(p->refused_by, e.amount);  // what it should not have won or lost
    return;
  }
  if (p->first_settle >= 0) {
    r.Add(Code::kSettleDuplicate, at(), std::nullopt, e.amount, spec.wager(e.wager).cite, Ev(i), name(),
          " wager of ", Who(e.seat, hand), " settled again (first at event ", p->first_settle, ")");
    return;
  }
  p->first_settle = i;
  if (p->owed < 0) return;  // not judged: an earlier fault decides it
  Owed& x = owed_[static_cast<size_t>(p->owed)];
  x.settled = i;
  x.actual = e.amount;
  matches_.push_back({i, static_cast<size_t>(p->owed)});
}

void SettlementBook::JudgeSeats(Reporter& r) {
  // The path of every clean round: each wager owed settled once at what it is owed.
  bool clean = true;
  for (const Owed& x : owed_) clean &= x.settled >= 0 && x.cause < 0 && x.actual == x.net;
  if (clean) return;
  // Seat by seat, as the engine owed them.
  for (size_t begin = 0; begin < owed_.size();) {
    size_t end = begin + 1;
    while (end < owed_.size() && owed_[end].seat == owed_[begin].seat) ++end;
    JudgeSeat(begin, end, r);
    begin = end;
  }
}

void SettlementBook::JudgeSeat(size_t begin, size_t end, Reporter& r) {
  bool all_settled = true;
  bool any_wrong = false;
  size_t judged = 0;
  for (size_t k = begin; k < end; ++k) {
    const Owed& x = owed_[k];
    if (x.settled < 0) {
      all_settled = false;
      r.Add(
          Code::kSettleMissing, At{-1, x.seat, x.hand, x.wager}, x.net, std::nullopt, *x.cite,
          ToString(x.wager), " wager of ", Who(x.seat, x.hand), " never settled; the rules pay ", x.net, " (",
          [&x] { return x.Why(); }, ")");
      continue;
    }
    if (x.cause >= 0) {
      r.AddMoney(x.cause, (MoneySum(x.actual) - x.net).Saturated());
      continue;
    }
    ++judged;
    any_wrong |= x.actual != x.net;
  }
  if (!any_wrong) return;  // the path of every clean seat: no sums
  MoneySum want, got;      // wide: a seat's nets near 2^63 must not wrap
  for (size_t k = begin; k < end; ++k) {
    const Owed& x = owed_[k];
    if (x.settled < 0 || x.cause >= 0) continue;
    want += x.net;
    got += x.actual;
  }
  if (all_settled && want == got && judged > 1) {
    const Owed* first = nullptr;
    std::string detail;
    for (size_t k = begin; k < end; ++k) {
      const Owed& x = owed_[k];
      if (x.cause >= 0 || x.actual == x.net) continue;
      if (!first) first = &x;
      detail +=
          Cat(detail.empty() ? "" : ", ", ToString(x.wager), x.hand > 0 ? " of hand " : "",
              x.hand > 0 ? Cat(x.hand) : std::string(), " at ", x.actual, " where the rules pay ", x.net);
    }
    r.Add(
        Code::kSettleSplit, At{first->settled, first->seat, first->hand, first->wager}, first->net,
        first->actual, *first->cite, Ev(first->settled), Who(first->seat), "'s wagers settled ", detail,
        "; their total ", got.ToString(), " is what the rules pay (", [first] { return first->Why(); }, ")");
    return;
  }
  for (size_t k = begin; k < end; ++k) {
    const Owed& x = owed_[k];
    if (x.settled < 0 || x.cause >= 0 || x.actual == x.net) continue;
    r.Add(
        Code::kSettlePayout, At{x.settled, x.seat, x.hand, x.wager}, x.net, x.actual, *x.cite, Ev(x.settled),
        ToString(x.wager), " settled at ", x.actual, ", the rules pay ", x.net, " (",
        [&x] { return x.Why(); }, ")");
  }
}

void SettlementBook::ReportTiming(const Match& m, Reporter& r) {
  const Owed& x = owed_[m.owed];
  if (m.event < x.after) {
    OrderFault(m, *x.cite, r,
               x.after_choice ? "before the choice that decides it" : "before the cards that decide it",
               " (event ", x.after, ")");
  } else if (m.event > x.before) {
    OrderFault(m, *x.cite, r, "after ", x.before_words, " (event ", x.before,
               "); the rules settle it before");
  }
}

}  // namespace pitboss
