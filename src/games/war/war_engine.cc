#include "games/war/war_engine.h"

#include <algorithm>
#include <bit>
#include <boost/iterator/indirect_iterator.hpp>
#include <charconv>
#include <climits>
#include <concepts>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>

#include "games/core/deal_rules.h"
#include "games/core/message.h"
#include "games/core/reporter.h"
#include "games/core/settlement_book.h"
#include "games/core/wager_rules.h"
#include "games/war/war_rules.h"
#include "spec/parts.h"

namespace pitboss {

namespace {

constexpr int kNone = -1;

// Calls f(kind) for each kind of the set, in kind order (the order the checks go in).
template <typename F>
void ForEachKind(WagerSet set, F&& f) {
  for (; set != 0; set &= set - 1) f(static_cast<WagerKind>(std::countr_zero(set)));
}

// One wager of one seat: the bets that placed it and whether it is in action. Written only
// once placed (SeatPlay::placed).
struct Bet {
  ::pitboss::Money amount = 0;
  int event = 0;          // the first bet event, once placed
  bool valid = false;     // in action: placed in its window, with what it depends on
  bool unjudged = false;  // its settlement is not judged: an earlier fault decides it
  int refused_by = -1;    // the finding that first refused one of its bets (SettlementBook::Place)
  int owed = -1;          // what the rules owe it in the book (SettlementBook::Owe), -1: nothing
};

enum class Path { kUnknown, kFirstPass, kSurrender, kWar };

// The cards dealt to a seat or to the dealer: the events of the first two (the initial card and
// the war card; any more is a fault) and how many in all.
struct Hand {
  int count = 0;
  std::array<int, 2> first{kNone, kNone};

  // Notes a deal event; returns which card of the hand it is (0: initial, 1: war, 2+: extra).
  int Deal(int event) {
    if (count < 2) first[count] = event;
    return count++;
  }
  int card(size_t i) const { return i < first.size() ? first[i] : kNone; }  // kNone: not dealt
};

struct SeatPlay {
  Seat seat = 0;
  std::array<Bet, kWagerKinds> bets;
  WagerSet placed = 0;  // the wagers of its bet events, offered or not
  bool in_action = false;
  Hand cards;
  int decision = kNone;  // the accepted decision event
  Action action = Action::kUnknown;
  Path path = Path::kUnknown;
  std::optional<Outcome> initial;
  std::optional<Outcome> war;

  int card(size_t i) const { return cards.card(i); }
  bool Placed(WagerKind kind) const { return (placed & Bit(kind)) != 0; }

  // As a fresh SeatPlay of `s`. Only a placed wager's bet is ever written, so only those are
  // cleared: a table has few wagers, and clearing every kind's showed in profiles.
  void Reset(Seat s) {
    seat = s;
    ForEachKind(placed, [&](WagerKind kind) { bets[static_cast<int>(kind)] = {}; });
    placed = 0;
    in_action = false;
    cards = {};
    decision = kNone;
    action = Action::kUnknown;
    path = Path::kUnknown;
    initial.reset();
    war.reset();
  }
};

// The seats of one round in seat order, in storage that outlives the round: a seat's
// buffers are reused by the next round's seats. A SeatPlay keeps its address for the whole
// replay, so the scan can note it beside each card it deals. Seats are added while the events
// are scanned, then put in seat order (Order) before the plays are walked.
class SeatTable {
 public:
  void Clear() {
    for (SeatPlay* play : order_) {
      if (play->seat >= 0 && play->seat < kDirect) direct_[play->seat] = nullptr;
    }
    order_.clear();
    if (!others_.empty()) others_.clear();
    sorted_ = true;
  }
  // The plays in seat order, once Order() is called after the last seat was added.
  auto begin() const { return boost::make_indirect_iterator(order_.begin()); }
  auto end() const { return boost::make_indirect_iterator(order_.end()); }

  SeatPlay* Find(Seat seat) const {
    if (seat >= 0 && seat < kDirect) return direct_[seat];
    auto it = others_.find(seat);
    return it == others_.end() ? nullptr : it->second;
  }
  // The seat's play, added when new.
  SeatPlay& Get(Seat seat) {
    SeatPlay* play = Find(seat);
    return play ? *play : Insert(seat);
  }
  // Puts the seats in seat order. Seats mostly come in ascending order: then nothing is done.
  void Order() {
    if (sorted_) return;
    std::sort(order_.begin(), order_.end(),
              [](const SeatPlay* a, const SeatPlay* b) { return a->seat < b->seat; });
    sorted_ = true;
  }

 private:
  // Seats below this are looked up by number (a table has seven or so); others by a hash, so
  // that a round of thousands of seats costs no more a seat than one of seven.
  static constexpr Seat kDirect = 32;

  // Out of line: most lookups find a seat already seen.
  [[gnu::noinline]] SeatPlay& Insert(Seat seat) {
    if (order_.size() == pool_.size()) pool_.push_back(std::make_unique<SeatPlay>());
    SeatPlay* play = pool_[order_.size()].get();
    play->Reset(seat);
    if (!order_.empty() && order_.back()->seat > seat) sorted_ = false;
    order_.push_back(play);
    if (seat >= 0 && seat < kDirect) {
      direct_[seat] = play;
    } else {
      others_.emplace(seat, play);
    }
    return *play;
  }

  std::vector<std::unique_ptr<SeatPlay>> pool_;  // [0, order_.size()) in use this round
  std::vector<SeatPlay*> order_;                 // the seats in use, in seat order once sorted_
  bool sorted_ = true;
  std::array<SeatPlay*, kDirect> direct_{};
  std::unordered_map<Seat, SeatPlay*> others_;  // the seats not direct_
};

// A bet event and the play of its seat.
struct BetEvent {
  int event;
  SeatPlay* play;
};

struct Draw {
  int event;
  Seat target;
  SeatPlay* play;  // the target's, nullptr for the dealer
  int burns_before;
  int card_index;  // 0: the target's initial card, 1: its war card, 2+: extra
};

// What a replay works in, kept from round to round on its thread so that a replay allocates
// nothing once the buffers have grown to the size of the rounds seen.
struct WarScratch {
  bool busy = false;  // in use by a replay on this thread
  SeatTable seats;
  std::vector<int> shuffle_events, decision_events, settle_events;
  std::vector<int> settles_by_seat;              // the settle events in seat order, where asked (SettledAt)
  std::vector<BetEvent> initial_bets, war_bets;  // the bets of each window
  std::vector<Draw> draws;
  std::vector<const Draw*> picked;  // the draws of one phase, for their order
  SettlementBook book;
  // The settlements matched to what the rules owe, in event order: of the first pass, of
  // the surrenders and wars after it, and of the wars alone.
  std::vector<SettlementBook::Match> first_pass, later, war_pass;

  void Clear() {
    seats.Clear();
    for (auto* v : {&shuffle_events, &decision_events, &settle_events, &settles_by_seat}) v->clear();
    initial_bets.clear();
    war_bets.clear();
    draws.clear();
    picked.clear();
    book.Clear();
    first_pass.clear();
    later.clear();
    war_pass.clear();
  }
};

std::string_view OutcomeWords(Stage stage, Outcome outcome) {
  if (stage == Stage::kSurrender) return "surrender";
  if (stage == Stage::kInitial) {
    switch (outcome) {
      case Outcome::kWin:
        return "player's card higher";
      case Outcome::kTie:
        return "cards tied";
      case Outcome::kLose:
        return "dealer's card higher";
    }
  }
  switch (outcome) {
    case Outcome::kWin:
      return "war won";
    case Outcome::kTie:
      return "war tied";
    case Outcome::kLose:
      return "war lost";
  }
  return "";
}

class WarReplay {
 public:
  WarReplay(const RuleSpec& spec, const Round& round, WarScratch& scratch, RoundResult* out)
      : spec_(spec),
        round_(round),
        out_(out),
        report_(out),
        seats_(scratch.seats),
        wagers_(War(spec).wager_sets),
        draws_(scratch.draws),
        decision_events_(scratch.decision_events),
        settle_events_(scratch.settle_events),
        scratch_(scratch) {
    scratch.Clear();
  }

  void Run() {
    // Read in every round, whatever happens in it.
    out_->touched |= part::kShoe | part::kRanks | part::kInitialDeal | part::kWagers | part::kSettleOrder;
    Scan();
    CheckShuffles();
    CheckInitialBets();
    CheckInitialDeal();
    DecideOutcomes();
    CheckDecisions();
    CheckWarBets();
    CheckWarDeal();
    CheckTrailingBurns();
    Expect();
    if (report_.moot()) return;  // what is left only finds (Reporter::moot)
    MatchSettlements();
    CheckSettleOrder();
  }

 private:
  // A finding (Reporter::Add); its index, or -1 where findings are not wanted.
  template <typename... Parts>
  int Add(Code code, int event, std::optional<Seat> seat, std::optional<WagerKind> wager,
          std::optional<::pitboss::Money> expected, std::optional<::pitboss::Money> actual, const Cite& cite,
          const Parts&... message) {
    return report_.Add(code, At{event, seat, 0, wager}, expected, actual, cite, message...);
  }
  // Notes that finding `index` refused a bet of `bet` (the first refusal is kept).
  static void Refused(Bet& bet, int index) {
    if (bet.refused_by < 0) bet.refused_by = index;
  }

  SeatPlay& Play(Seat seat) { return seats_.Get(seat); }
  SeatPlay* Find(Seat seat) { return seats_.Find(seat); }

  // The spec's payouts and choices, read through these so that the parts consulted are known.
  const Payout& Pay(Stage stage, Outcome outcome, WagerKind kind) {
    out_->touched |= part::Payouts(stage, outcome);
    return War(spec_).payout(stage, outcome, kind);
  }
  bool Offered(Action action) {
    out_->touched |= part::kTieDecision;
    return War(spec_).tie_decision.offered[static_cast<int>(action)];
  }

  WagerKind Required() const { return wagers_.required; }

  // Whether a settle event of the seat's `kind` wager has net `net`. The settle events are
  // put in seat order the first time (a round of many seats that tied with no choice logged
  // asks once a seat).
  bool SettledAt(Seat seat, WagerKind kind, ::pitboss::Money net) {
    std::vector<int>& by_seat = scratch_.settles_by_seat;
    if (!settles_by_seat_) {
      by_seat = settle_events_;
      std::stable_sort(by_seat.begin(), by_seat.end(),
                       [&](int a, int b) { return round_.events[a].seat < round_.events[b].seat; });
      settles_by_seat_ = true;
    }
    auto it = std::lower_bound(by_seat.begin(), by_seat.end(), seat,
                               [&](int i, Seat s) { return round_.events[i].seat < s; });
    for (; it != by_seat.end() && round_.events[*it].seat == seat; ++it) {
      const Event& e = round_.events[*it];
      if (e.wager == kind && e.amount == net) return true;
    }
    return false;
  }

  void Scan();
  void CheckShuffles();
  bool CheckBetEvent(int i, SeatPlay& play);
  void PlaceBets(const std::vector<BetEvent>& bets);
  void CheckInitialBets();
  void CheckLimits(SeatPlay& play, WagerKind kind);
  void CheckDependency(SeatPlay& play, WagerKind kind);
  void CheckInitialDeal();
  void CheckBurns(const Draw& d, int expected, const Cite& cite);
  void DecideOutcomes();
  void CheckDecisions();
  void CheckWarBets();
  void CheckWarDeal();
  void CheckTrailingBurns();
  void Expect();
  void MatchSettlements();
  void CheckSettleOrder();

  const RuleSpec& spec_;
  const Round& round_;
  RoundResult* out_;
  Reporter report_;

  SeatTable& seats_;
  const WarRules::WagerSets& wagers_;
  Hand dealer_;
  std::vector<Draw>& draws_;
  std::vector<int>& decision_events_;
  std::vector<int>& settle_events_;
  WarScratch& scratch_;
  int first_draw_ = INT_MAX;
  int trailing_burns_ = 0;
  int trailing_burn_event_ = kNone;
  int last_initial_ = kNone;  // the last initial card of the round
  int war_start_ = INT_MAX;   // the first draw after the initial cards
  int first_war_decision_ = INT_MAX;
  bool settles_by_seat_ = false;  // scratch_.settles_by_seat is made (SettledAt)
};

// One pass over the events that gathers what the checks need: the draws with the burns
// before each, the events of each type, the seats.
void WarReplay::Scan() {
  int burns = 0;
  int first_burn = kNone;
  for (int i = 0; i < static_cast<int>(round_.events.size()); ++i) {
    const Event& e = round_.events[i];
    switch (e.type) {
      case EventType::kBurn:
        first_draw_ = std::min(first_draw_, i);
        if (burns++ == 0) first_burn = i;
        // The first draw after the initial cards so far (a later initial card starts over).
        if (war_start_ == INT_MAX) war_start_ = i;
        break;
      case EventType::kDeal: {
        first_draw_ = std::min(first_draw_, i);
        SeatPlay* play = e.seat == kDealer ? nullptr : &Play(e.seat);
        const int index = (play ? play->cards : dealer_).Deal(i);
        draws_.push_back({i, e.seat, play, burns, index});
        burns = 0;
        if (index == 0) {
          last_initial_ = i;
          war_start_ = INT_MAX;
        } else if (war_start_ == INT_MAX) {
          war_start_ = i;
        }
        break;
      }
      case EventType::kBet:
        // A wager the game lacks is judged with the initial ones.
        (e.wager != WagerKind::kUnknown && (wagers_.war & Bit(e.wager)) ? scratch_.war_bets
                                                                        : scratch_.initial_bets)
            .push_back({i, &Play(e.seat)});
        break;
      case EventType::kDecision:
        decision_events_.push_back(i);
        break;
      case EventType::kSettle:
        settle_events_.push_back(i);
        break;
      case EventType::kShuffle:
        scratch_.shuffle_events.push_back(i);
        break;
    }
  }
  trailing_burns_ = burns;
  trailing_burn_event_ = burns ? first_burn : kNone;
  seats_.Order();
}

void WarReplay::CheckShuffles() {
  pitboss::CheckShuffles(spec_, round_, scratch_.shuffle_events, first_draw_, report_);
}

// Window and existence of one bet event; true when it counts toward the wager.
inline bool WarReplay::CheckBetEvent(int i, SeatPlay& play) {
  const Event& e = round_.events[i];
  const WagerRule* rule = e.wager == WagerKind::kUnknown ? nullptr : &spec_.wager(e.wager);
  if (!rule || !rule->offered) {
    const int refused = ReportForeignWager(spec_, report_, i, e, Required());
    if (e.wager != WagerKind::kUnknown) {
      play.placed |= Bit(e.wager);
      Refused(play.bets[static_cast<int>(e.wager)], refused);
    }
    return false;
  }
  Bet& bet = play.bets[static_cast<int>(e.wager)];
  if (!play.Placed(e.wager)) bet.event = i;
  play.placed |= Bit(e.wager);
  if (rule->window == Window::kInitial) {
    if (i > first_draw_) {
      Refused(bet, ReportAfterFirstCard(spec_, report_, i, e));
      return false;
    }
    return true;
  }
  // A war wager: after the seat's choice of war, before the first war card.
  if (play.path != Path::kWar) {
    const char* why = play.action == Action::kSurrender                ? " surrendered"
                      : play.initial && *play.initial != Outcome::kTie ? "'s card did not tie the dealer's"
                                                                       : " did not go to war";
    Refused(bet, Add(Code::kWagerLate, i, e.seat, e.wager, std::nullopt, e.amount, rule->cite, Ev(i),
                     ToString(e.wager), " wager placed, but ", Who(play.seat), why));
    return false;
  }
  if ((play.decision != kNone && i < play.decision) || i > war_start_) {
    Refused(bet, Add(Code::kWagerLate, i, e.seat, e.wager, std::nullopt, e.amount, rule->cite, Ev(i),
                     ToString(e.wager), " wager placed ",
                     i > war_start_ ? "after the war cards began" : "before the choice of war"));
    return false;
  }
  return true;
}

inline void WarReplay::CheckLimits(SeatPlay& play, WagerKind kind) {
  const Bet& bet = play.bets[static_cast<int>(kind)];
  pitboss::CheckLimits(spec_, round_, report_, bet.event, play.seat, kind, bet.amount);
}

inline void WarReplay::CheckDependency(SeatPlay& play, WagerKind kind) {
  Bet& bet = play.bets[static_cast<int>(kind)];
  const WagerRule& rule = spec_.wager(kind);
  if (!bet.valid || !rule.depends_on) return;
  if (play.bets[static_cast<int>(*rule.depends_on)].valid) return;
  bet.valid = false;
  Refused(bet, ReportOrphan(spec_, report_, bet.event, play.seat, kind, *rule.depends_on, bet.amount));
}

void WarReplay::PlaceBets(const std::vector<BetEvent>& bets) {
  for (auto [i, at] : bets) {
    const Event& e = round_.events[i];
    SeatPlay& play = *at;
    if (CheckBetEvent(i, play)) {
      Bet& bet = play.bets[static_cast<int>(e.wager)];
      bet.valid = true;
      auto sum = CheckedAdd(bet.amount, e.amount);
      bet.amount = sum ? *sum : INT64_MAX;
    }
  }
}

void WarReplay::CheckInitialBets() {
  PlaceBets(scratch_.initial_bets);
  WagerKind required = Required();
  for (SeatPlay& play : seats_) {
    // Only a wager placed can be in action without what it depends on.
    ForEachKind(wagers_.initial & wagers_.dependent & play.placed,
                [&](WagerKind kind) { CheckDependency(play, kind); });
    ForEachKind(play.placed, [&](WagerKind kind) {
      if (play.bets[static_cast<int>(kind)].valid) CheckLimits(play, kind);
    });
    play.in_action = play.bets[static_cast<int>(required)].valid;
  }
}

inline void WarReplay::CheckBurns(const Draw& d, int expected, const Cite& cite) {
  CheckBurnsBefore(report_, cite, d.event, d.target, expected, d.burns_before);
}

void WarReplay::CheckInitialDeal() {
  const DealRule& rule = War(spec_).initial_deal;
  bool any_in_action =
      std::any_of(seats_.begin(), seats_.end(), [](const SeatPlay& play) { return play.in_action; });
  std::vector<const Draw*>& initial = scratch_.picked;
  initial.clear();
  for (const Draw& d : draws_) {
    if (d.card_index != 0) continue;
    bool expected = d.target == kDealer ? any_in_action : d.play->in_action;
    if (!expected && d.target != kDealer && d.play->Placed(Required())) {
      continue;  // its wager was placed at fault (found there): its cards follow that wager
    }
    if (!expected) {
      ReportCardWithoutWager(report_, rule.cite, d.event, d.target, Required());
      continue;
    }
    initial.push_back(&d);
    CheckBurns(d, d.target == kDealer ? rule.burns_before_dealer_card : rule.burns_before_seat_card,
               rule.cite);
  }
  CheckPassOrder(initial, rule.order, rule.cite, "initial ", report_);
  for (SeatPlay& play : seats_) {
    if (play.in_action && play.cards.count == 0) ReportNoCard(report_, rule.cite, play.seat, Required());
  }
  if (any_in_action && dealer_.count == 0) ReportDealerNoCard(report_, rule.cite);
}

void WarReplay::DecideOutcomes() {
  auto compare = [&](int seat_event, int dealer_event) -> std::optional<Outcome> {
    if (seat_event == kNone || dealer_event == kNone) return std::nullopt;
    const auto& a = round_.events[seat_event].card;
    const auto& b = round_.events[dealer_event].card;
    if (!a || !b) return std::nullopt;  // input/bad-card
    int va = War(spec_).rank_value[a->rank], vb = War(spec_).rank_value[b->rank];
    return va > vb ? Outcome::kWin : va < vb ? Outcome::kLose : Outcome::kTie;
  };
  for (SeatPlay& play : seats_) {
    if (play.in_action) play.initial = compare(play.card(0), dealer_.card(0));
  }
}

void WarReplay::CheckDecisions() {
  const Cite& cite = War(spec_).tie_decision.cite;
  WagerKind required = Required();
  int dealer_initial = dealer_.count == 0 ? INT_MAX : dealer_.card(0);
  for (int i : decision_events_) {
    const Event& e = round_.events[i];
    SeatPlay* play = Find(e.seat);
    const std::string_view name =
        e.action == Action::kUnknown ? std::string_view(e.text) : ToString(e.action);
    // The choice is not taken, for the reason in why.
    auto refuse = [&](const auto&... why) {
      Add(Code::kDecisionNotOffered, i, e.seat, std::nullopt, std::nullopt, std::nullopt, cite, Ev(i), name,
          " chosen, but ", why...);
    };
    if (e.action != Action::kWar && e.action != Action::kSurrender) {
      refuse("'", name, "' is not a choice this game has");
    } else if (!play || !play->in_action) {
      refuse(Who(e.seat), " has no ", ToString(required), " wager in action");
    } else if (i < dealer_initial || i < play->card(0) || play->card(0) == kNone) {
      refuse("it comes before the cards that could offer it");
    } else if (play->initial && *play->initial != Outcome::kTie) {
      refuse(Who(e.seat), "'s card did not tie the dealer's");
    } else if (!Offered(e.action)) {
      refuse("the rules offer no '", name, "' on a tie");
    } else if (play->decision != kNone) {
      refuse(Who(e.seat), " already chose ", ToString(play->action), " at event ", play->decision);
    } else {
      play->decision = i;
      play->action = e.action;
      play->path = e.action == Action::kWar ? Path::kWar : Path::kSurrender;
      // A seat's choice stands once taken: the first war taken is the first for good.
      if (e.action == Action::kWar) first_war_decision_ = std::min(first_war_decision_, i);
    }
  }

  for (SeatPlay& play : seats_) {
    const Seat seat = play.seat;
    if (!play.in_action || !play.initial) continue;
    if (*play.initial != Outcome::kTie || !(Offered(Action::kWar) || Offered(Action::kSurrender)) ||
        Pay(Stage::kInitial, Outcome::kTie, required).present) {
      if (play.path == Path::kUnknown) play.path = Path::kFirstPass;
      continue;
    }
    if (play.decision != kNone) continue;
    // No choice logged: infer it from what followed, so that one missing decision gives
    // one finding and not a cascade.
    bool raised = (play.placed & wagers_.war) != 0;
    const char* shown = "";
    if (raised || play.cards.count > 1) {
      play.path = Path::kWar;
      shown = raised ? "; the war wager shows war" : "; the war card shows war";
    } else if (Offered(Action::kSurrender)) {
      const Payout& p = Pay(Stage::kSurrender, Outcome::kTie, required);
      auto surrender = ApplyRatio(play.bets[static_cast<int>(required)].amount, p.net);
      if (surrender && SettledAt(seat, required, *surrender)) {
        play.path = Path::kSurrender;
        shown = "; the settlement shows a surrender";
      }
    }
    Add(Code::kDecisionMissing, play.card(0), seat, std::nullopt, std::nullopt, std::nullopt, cite, Who(seat),
        " tied the dealer and no choice of war or surrender was logged", shown);
  }
}

void WarReplay::CheckWarBets() {
  PlaceBets(scratch_.war_bets);  // once the decisions are known
  for (SeatPlay& play : seats_) {
    // A seat that neither went to war nor bet a war wager has nothing to judge here.
    if (play.path != Path::kWar && (play.placed & wagers_.war) == 0) continue;
    const Seat seat = play.seat;
    ForEachKind(wagers_.war, [&](WagerKind kind) {
      const WagerRule& rule = spec_.wager(kind);
      Bet& bet = play.bets[static_cast<int>(kind)];
      if (rule.equals && play.path == Path::kWar) {
        // The war wager is what going to war is: it must match its wager exactly.
        ::pitboss::Money want = play.bets[static_cast<int>(*rule.equals)].amount;
        if (!bet.valid) {
          if (!play.Placed(kind)) {
            Add(Code::kWagerRaiseMismatch, play.decision, seat, kind, want, 0, rule.equals_cite, Who(seat),
                " went to war without a ", ToString(kind), " wager; the rules require ", want);
            return;  // nothing placed, nothing to settle (and the bet stays fresh: Reset)
          }
          bet.unjudged = true;
          return;
        }
        if (bet.amount != want) {
          Add(Code::kWagerRaiseMismatch, bet.event, seat, kind, want, bet.amount, rule.equals_cite,
              Ev(bet.event), ToString(kind), " wager of ", bet.amount, " does not equal the ",
              ToString(*rule.equals), " wager of ", want);
        }
      }
      if (wagers_.dependent & play.placed & Bit(kind)) CheckDependency(play, kind);
      if (bet.valid) CheckLimits(play, kind);
    });
  }
}

void WarReplay::CheckWarDeal() {
  const DealRule& rule = War(spec_).war_deal;
  bool any_war = false;
  for (const SeatPlay& play : seats_) any_war |= play.path == Path::kWar;
  if (any_war) out_->touched |= part::kWarDeal;
  std::vector<const Draw*>& war = scratch_.picked;
  war.clear();
  for (const Draw& d : draws_) {
    if (d.card_index == 0) continue;
    out_->touched |= part::kWarDeal;  // a war card is judged against the war deal
    if (d.card_index > 1) {
      Add(Code::kDealMissingCard, d.event, d.target, std::nullopt, std::nullopt, std::nullopt, rule.cite,
          Ev(d.event), "a card too many dealt to ", Who(d.target), " (its ", d.card_index + 1, "th)");
      continue;
    }
    bool expected = d.target == kDealer ? any_war : d.play->path == Path::kWar;
    if (!expected) {
      if (d.target != kDealer && !d.play->in_action) {
        continue;  // found already: the seat should have no card at all
      }
      if (d.target == kDealer) {
        Add(Code::kDealMissingCard, d.event, d.target, std::nullopt, std::nullopt, std::nullopt, rule.cite,
            Ev(d.event), "a second card dealt to the dealer, but no seat went to war");
      } else {
        Add(Code::kDealMissingCard, d.event, d.target, std::nullopt, std::nullopt, std::nullopt, rule.cite,
            Ev(d.event), "a second card dealt to ", Who(d.target), ", but ", Who(d.target),
            " did not go to war");
      }
      continue;
    }
    war.push_back(&d);
    CheckBurns(d, d.target == kDealer ? rule.burns_before_dealer_card : rule.burns_before_seat_card,
               rule.cite);
  }
  // War cards come after every initial card, then in the rules' order.
  bool early = false;
  for (const Draw* d : war) {
    if (d->event < last_initial_) {
      Add(Code::kDealOrder, d->event, d->target, std::nullopt, std::nullopt, std::nullopt, rule.cite,
          Ev(d->event), "war card dealt to ", Who(d->target), " before the initial cards were all dealt");
      early = true;
      break;
    }
  }
  if (!early) CheckPassOrder(war, rule.order, rule.cite, "war ", report_);
  for (SeatPlay& play : seats_) {
    const Seat seat = play.seat;
    if (play.path == Path::kWar && play.cards.count == 1) {
      Add(Code::kDealMissingCard, kNone, seat, std::nullopt, std::nullopt, std::nullopt, rule.cite, Who(seat),
          " went to war but was dealt no war card");
    }
  }
  if (any_war && dealer_.count == 1) {
    Add(Code::kDealMissingCard, kNone, kDealer, std::nullopt, std::nullopt, std::nullopt, rule.cite,
        "seats went to war but the dealer was dealt no war card");
  }
  int dealer_war = dealer_.card(1);
  for (SeatPlay& play : seats_) {
    if (play.path != Path::kWar || dealer_war == kNone) continue;
    int seat_war = play.card(1);
    if (seat_war == kNone) continue;
    const auto& a = round_.events[seat_war].card;
    const auto& b = round_.events[dealer_war].card;
    if (!a || !b) continue;
    int va = War(spec_).rank_value[a->rank], vb = War(spec_).rank_value[b->rank];
    play.war = va > vb ? Outcome::kWin : va < vb ? Outcome::kLose : Outcome::kTie;
  }
}

void WarReplay::CheckTrailingBurns() {
  ReportTrailingBurns(report_, War(spec_).war_deal.cite, trailing_burn_event_, trailing_burns_);
}

void WarReplay::Expect() {
  int dealer_initial = dealer_.card(0);
  int dealer_war = dealer_.card(1);
  for (SeatPlay& play : seats_) {
    const Seat seat = play.seat;
    if (!play.in_action) continue;
    ForEachKind(play.placed, [&](WagerKind kind) {
      const int k = static_cast<int>(kind);
      Bet& bet = play.bets[k];
      if (!bet.valid || bet.unjudged) return;
      std::optional<Stage> stage;
      Outcome outcome = Outcome::kTie;
      int decided_at = kNone;
      if (play.initial && Pay(Stage::kInitial, *play.initial, kind).present) {
        stage = Stage::kInitial;
        outcome = *play.initial;
        decided_at = std::max(play.card(0), dealer_initial);
      } else if (play.initial && play.path == Path::kSurrender) {
        stage = Stage::kSurrender;
        decided_at = play.decision;
      } else if (play.path == Path::kWar && play.war) {
        stage = Stage::kWar;
        outcome = *play.war;
        decided_at = std::max(play.card(1), dealer_war);
      }
      const Payout* pay = stage ? &Pay(*stage, outcome, kind) : nullptr;
      if (!pay || !pay->present) {
        bet.unjudged = true;  // the cards or choices that decide it are missing: found already
        return;
      }
      const Payout& p = *pay;
      auto net = ApplyRatio(bet.amount, p.net);
      if (!net) {
        Add(Code::kWagerLimit, bet.event, seat, kind, std::nullopt, bet.amount, spec_.wagers[k].cite,
            Ev(bet.event), ToString(kind), " wager of ", bet.amount,
            " is too large to settle in 64-bit minor units");
        bet.unjudged = true;
        return;
      }
      bet.owed = static_cast<int>(scratch_.book.owed().size());
      Owed& owed = scratch_.book.Owe();
      owed.seat = seat;
      owed.wager = kind;
      owed.net = *net;
      owed.cite = &p.cite;
      owed.why = OutcomeWords(*stage, outcome);
      owed.after = decided_at;
      owed.after_choice = *stage == Stage::kSurrender;
      owed.tag = static_cast<int>(*stage);
      out_->settlements.push_back({seat, kind, *net, bet.amount, PayoutIndex(*stage, outcome)});
    });
  }
}

void WarReplay::MatchSettlements() {
  SettlementBook& book = scratch_.book;
  for (const SeatPlay& play : seats_) {
    ForEachKind(play.placed, [&](WagerKind kind) {
      const Bet& bet = play.bets[static_cast<int>(kind)];
      book.Place(play.seat, 0, kind, bet.valid, bet.refused_by, bet.owed);
    });
  }
  book.Judge(spec_, round_, settle_events_, nullptr, spec_.wager(Required()).cite, report_);
  for (const SettlementBook::Match& m : book.matches()) {  // in event order
    const auto stage = static_cast<Stage>(book.owed()[m.owed].tag);
    (stage == Stage::kInitial ? scratch_.first_pass : scratch_.later).push_back(m);
    if (stage == Stage::kWar) scratch_.war_pass.push_back(m);
  }
}

void WarReplay::CheckSettleOrder() {
  using Match = SettlementBook::Match;
  SettlementBook& book = scratch_.book;
  const std::vector<Match>& first_pass = scratch_.first_pass;
  const std::vector<Match>& later = scratch_.later;
  const std::vector<Match>& war_pass = scratch_.war_pass;
  auto seat = [&](const Match& m) { return book.owed()[m.owed].seat; };
  // Nothing is settled before the cards (or the choice) that decide it.
  for (const auto* list : {&first_pass, &later}) {
    for (const Match& m : *list) book.CheckTiming(m, report_);
  }
  auto check_pass = [&](const std::vector<Match>& pass, SeatOrder order, const Cite& cite, const char* what) {
    if (order == SeatOrder::kAny) return;
    int max_key = INT_MIN;
    Seat max_seat = 0;
    for (const Match& m : pass) {
      int key = OrderKey(order, seat(m));
      if (key < max_key) {
        book.OrderFault(m, cite, report_, "after ", Who(max_seat), "'s in the ", what, "; the rules settle ",
                        OrderWords(order));
      } else if (key > max_key) {
        max_key = key;
        max_seat = seat(m);
      }
    }
  };
  check_pass(first_pass, War(spec_).settle.first_pass, War(spec_).settle.first_cite, "first pass");
  // The first pass comes before surrenders and wars are settled.
  if (!later.empty()) {
    for (const Match& m : first_pass) {
      if (m.event > later.front().event) {
        book.OrderFault(m, War(spec_).settle.first_cite, report_,
                        "in the first pass after the settling of surrenders and wars began (event ",
                        later.front().event, ")");
      }
    }
  }
  check_pass(war_pass, War(spec_).settle.war_pass, War(spec_).settle.war_cite, "settling of wars");
  if (first_war_decision_ == INT_MAX) return;  // no seat chose war
  for (const Match& m : first_pass) {
    const WagerRule& rule = spec_.wager(book.owed()[m.owed].wager);
    if (rule.settle_before_choice && m.event > first_war_decision_) {
      book.OrderFault(m, rule.settle_cite, report_, "after the war began (the choice of war at event ",
                      first_war_decision_, ")");
    }
  }
}

}  // namespace

void ReplayWarInto(const RuleSpec& spec, const Round& round, RoundResult* out) {
  out->findings.clear();
  out->settlements.clear();
  out->touched = 0;
  thread_local WarScratch scratch;
  if (scratch.busy) {  // a replay inside another on this thread: storage of its own
    WarScratch own;
    WarReplay(spec, round, own, out).Run();
  } else {
    scratch.busy = true;
    struct Release {
      WarScratch& s;
      ~Release() { s.busy = false; }
    } release{scratch};
    WarReplay(spec, round, scratch, out).Run();
  }
  if (!std::is_sorted(out->findings.begin(), out->findings.end(),
                      [](const RoundFinding& a, const RoundFinding& b) { return a.event < b.event; })) {
    std::stable_sort(out->findings.begin(), out->findings.end(),
                     [](const RoundFinding& a, const RoundFinding& b) { return a.event < b.event; });
  }
}

std::string WarExpectedAt(const RuleSpec& spec, const Round& round, size_t event) {
  const Event& e = round.events[event];
  const WarRules& war = War(spec);
  switch (e.type) {
    case EventType::kShuffle:
      return spec.decks.min == spec.decks.max ? "the rules: " + std::to_string(spec.decks.min) + " decks"
                                              : "the rules: " + std::to_string(spec.decks.min) + " to " +
                                                    std::to_string(spec.decks.max) + " decks";
    case EventType::kDeal: {
      // Which of the target's cards this is (the first: initial, the second: war), and the
      // burns logged right before it.
      int index = 0, burns = 0;
      for (size_t i = 0; i < event; ++i) {
        const Event& x = round.events[i];
        if (x.type == EventType::kDeal) {
          burns = 0;
          if (x.seat == e.seat) ++index;
        } else if (x.type == EventType::kBurn) {
          ++burns;
        }
      }
      if (index > 1) return "the rules deal no third card";
      const DealRule& rule = index == 0 ? war.initial_deal : war.war_deal;
      const int want = e.seat == kDealer ? rule.burns_before_dealer_card : rule.burns_before_seat_card;
      return std::string(index == 0 ? "initial" : "war") + " card after " + std::to_string(burns) +
             (burns == 1 ? " burn" : " burns") + "; the rules burn " + std::to_string(want);
    }
    case EventType::kDecision: {
      std::string offered;
      for (int a = 0; a < kActions; ++a) {
        if (war.tie_decision.offered[a])
          offered += (offered.empty() ? "" : ", ") + std::string(ToString(static_cast<Action>(a)));
      }
      return offered.empty() ? "the rules offer no choice on a tie" : "offered on a tie: " + offered;
    }
    default:
      return "";
  }
}

void WarExpected(const RuleSpec& spec, const Round& round, std::vector<std::string>* notes) {
  notes->clear();
  for (size_t i = 0; i < round.events.size(); ++i) notes->push_back(WarExpectedAt(spec, round, i));
}

RoundResult ReplayWar(const RuleSpec& spec, const Round& round) {
  RoundResult result;
  ReplayWarInto(spec, round, &result);
  return result;
}

}  // namespace pitboss
