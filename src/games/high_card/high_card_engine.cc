#include "games/high_card/high_card_engine.h"

#include <algorithm>
#include <array>
#include <climits>
#include <optional>
#include <string_view>
#include <vector>

#include "games/core/deal_rules.h"
#include "games/core/message.h"
#include "games/core/reporter.h"
#include "games/core/settlement_book.h"
#include "games/core/wager_rules.h"
#include "games/high_card/high_card_rules.h"

namespace pitboss {

namespace {

constexpr int kNone = -1;

// One wager of one seat: its bets together.
struct Bet {
  Money amount = 0;
  int event = kNone;    // the first bet event; kNone: never placed
  bool valid = false;   // in action: placed before the cards, with what it depends on
  int refused_by = -1;  // the finding that first refused one of its bets (SettlementBook::Place)
};

struct SeatPlay {
  Seat seat = 0;
  std::array<Bet, kWagerKinds> bets{};
  bool in_action = false;  // its required wager is in action
  int card = kNone;        // the event of its one card
};

// A card dealt, and the burns logged right before it.
struct Draw {
  int event;
  Seat target;
  int burns_before;
};

// What a replay works in, kept from round to round on its thread so that a replay allocates
// nothing once the buffers have grown to the size of the rounds seen.
struct Scratch {
  bool busy = false;            // in use by a replay on this thread
  std::vector<SeatPlay> seats;  // in seat order
  std::vector<int> shuffles, bets, decisions;
  std::vector<Draw> draws;
  std::vector<const Draw*> pass;  // the cards judged as the deal (CheckPassOrder)
  SettlementBook book;

  void Clear() {
    seats.clear();
    shuffles.clear();
    bets.clear();
    decisions.clear();
    draws.clear();
    book.Clear();
  }
};

std::string_view OutcomeWords(HighCardOutcome outcome) {
  switch (outcome) {
    case HighCardOutcome::kWin:
      return "player's card higher";
    case HighCardOutcome::kTie:
      return "cards tied";
    case HighCardOutcome::kLose:
      return "dealer's card higher";
  }
  return "";
}

// One replay. What is shared with every game is the core's: the shoe (CheckShuffles), the
// wagers' limits and dependencies (CheckLimits, ReportOrphan), and every settlement
// (SettlementBook). What is high card's own is here: the bets before the cards, one card to
// each seat in action and to the dealer in the spec's order, and what each card owes.
class HighCardReplay {
 public:
  HighCardReplay(const RuleSpec& spec, const Round& round, Scratch& scratch, RoundResult* out)
      : spec_(spec), rules_(HighCard(spec)), round_(round), out_(out), report_(out), s_(scratch) {
    scratch.Clear();
  }

  void Run() {
    // Read in every round, whatever happens in it.
    out_->touched |= part::kShoe | part::kWagers | part::kHighCardRanks | part::kHighCardDeal;
    Scan();
    CheckShuffles(spec_, round_, s_.shuffles, first_draw_, report_);
    PlaceBets();
    CheckDeal();
    RefuseDecisions();
    Owe();
    Judge();
  }

 private:
  template <typename... Parts>
  int Add(Code code, int event, std::optional<Seat> seat, std::optional<WagerKind> wager,
          std::optional<Money> expected, std::optional<Money> actual, const Cite& cite,
          const Parts&... message) {
    return report_.Add(code, At{event, seat, 0, wager}, expected, actual, cite, message...);
  }

  // The seat's play, added in its place when new (while scanning only: it moves the others).
  SeatPlay& Play(Seat seat) {
    auto at = std::lower_bound(s_.seats.begin(), s_.seats.end(), seat,
                               [](const SeatPlay& p, Seat s) { return p.seat < s; });
    if (at == s_.seats.end() || at->seat != seat) at = s_.seats.insert(at, SeatPlay{seat});
    return *at;
  }
  SeatPlay* Find(Seat seat) {
    auto at = std::lower_bound(s_.seats.begin(), s_.seats.end(), seat,
                               [](const SeatPlay& p, Seat s) { return p.seat < s; });
    return at == s_.seats.end() || at->seat != seat ? nullptr : &*at;
  }

  const Payout& Pay(HighCardOutcome outcome, WagerKind kind) {
    out_->touched |= part::HighCardPayouts(outcome);
    return rules_.payout(outcome, kind);
  }

  void Scan();
  void PlaceBets();
  void CheckDeal();
  void RefuseDecisions();
  void Owe();
  void Judge();

  const RuleSpec& spec_;
  const HighCardRules& rules_;
  const Round& round_;
  RoundResult* out_;
  Reporter report_;
  Scratch& s_;
  int first_draw_ = INT_MAX;  // the round's first card or burn
  int dealer_card_ = kNone;
  int trailing_burns_ = 0;
  int trailing_burn_event_ = kNone;
};

// One pass over the events that gathers what the checks need. Settle events are the book's
// to find.
void HighCardReplay::Scan() {
  int burns = 0;
  int first_burn = kNone;
  for (int i = 0; i < static_cast<int>(round_.events.size()); ++i) {
    const Event& e = round_.events[i];
    switch (e.type) {
      case EventType::kShuffle:
        s_.shuffles.push_back(i);
        break;
      case EventType::kBurn:
        first_draw_ = std::min(first_draw_, i);
        if (burns++ == 0) first_burn = i;
        break;
      case EventType::kDeal:
        first_draw_ = std::min(first_draw_, i);
        if (e.seat != kDealer) Play(e.seat);
        s_.draws.push_back({i, e.seat, burns});
        burns = 0;
        break;
      case EventType::kBet:
        Play(e.seat);
        s_.bets.push_back(i);
        break;
      case EventType::kDecision:
        s_.decisions.push_back(i);
        break;
      case EventType::kSettle:
        break;
    }
  }
  trailing_burns_ = burns;
  trailing_burn_event_ = burns ? first_burn : kNone;
}

// Every wager is placed before the first card is drawn (HighCardRules: window initial).
void HighCardReplay::PlaceBets() {
  const WagerKind required = rules_.required;
  for (int i : s_.bets) {
    const Event& e = round_.events[i];
    SeatPlay& play = *Find(e.seat);
    const bool known = e.wager != WagerKind::kUnknown;
    if (!known || !spec_.wager(e.wager).offered) {
      const int refused = ReportForeignWager(spec_, report_, i, e, required);
      if (!known) continue;
      Bet& bet = play.bets[static_cast<int>(e.wager)];
      if (bet.event == kNone) bet.event = i;
      if (bet.refused_by < 0) bet.refused_by = refused;
      continue;
    }
    Bet& bet = play.bets[static_cast<int>(e.wager)];
    if (bet.event == kNone) bet.event = i;
    if (i > first_draw_) {
      const int refused = ReportAfterFirstCard(spec_, report_, i, e);
      if (bet.refused_by < 0) bet.refused_by = refused;
      continue;
    }
    bet.valid = true;
    bet.amount = CheckedAdd(bet.amount, e.amount).value_or(INT64_MAX);
  }
  for (SeatPlay& play : s_.seats) {
    for (int k = 0; k < kWagerKinds; ++k) {
      Bet& bet = play.bets[k];
      const WagerRule& rule = spec_.wagers[k];
      if (!bet.valid || !rule.depends_on || play.bets[static_cast<int>(*rule.depends_on)].valid) continue;
      bet.valid = false;
      const int refused = ReportOrphan(spec_, report_, bet.event, play.seat, static_cast<WagerKind>(k),
                                       *rule.depends_on, bet.amount);
      if (bet.refused_by < 0) bet.refused_by = refused;
    }
    for (int k = 0; k < kWagerKinds; ++k) {
      const Bet& bet = play.bets[k];
      if (bet.valid)
        CheckLimits(spec_, round_, report_, bet.event, play.seat, static_cast<WagerKind>(k), bet.amount);
    }
    play.in_action = play.bets[static_cast<int>(required)].valid;
  }
}

// One card to each seat in action and one to the dealer, in the spec's order, each after the
// burns the spec gives it.
void HighCardReplay::CheckDeal() {
  const DealRule& rule = rules_.deal;
  const WagerKind required = rules_.required;
  const bool any_in_action =
      std::any_of(s_.seats.begin(), s_.seats.end(), [](const SeatPlay& p) { return p.in_action; });
  std::vector<const Draw*>& pass = s_.pass;
  pass.clear();
  for (const Draw& d : s_.draws) {
    SeatPlay* play = d.target == kDealer ? nullptr : Find(d.target);
    const bool expected = play ? play->in_action : any_in_action;
    if (!expected) {
      // A seat whose wager was refused (found there): its card follows that wager.
      if (play && play->bets[static_cast<int>(required)].event != kNone) continue;
      ReportCardWithoutWager(report_, rule.cite, d.event, d.target, required);
      continue;
    }
    int& card = play ? play->card : dealer_card_;
    if (card != kNone) {
      Add(Code::kDealMissingCard, d.event, d.target, std::nullopt, std::nullopt, std::nullopt, rule.cite,
          Ev(d.event), "a second card dealt to ", Who(d.target), "; the rules deal one card each");
      continue;
    }
    card = d.event;
    CheckBurnsBefore(report_, rule.cite, d.event, d.target,
                     d.target == kDealer ? rule.burns_before_dealer_card : rule.burns_before_seat_card,
                     d.burns_before);
    pass.push_back(&d);
  }
  CheckPassOrder(pass, rule.order, rule.cite, "", report_);
  ReportTrailingBurns(report_, rule.cite, trailing_burn_event_, trailing_burns_);
  for (const SeatPlay& play : s_.seats) {
    if (play.in_action && play.card == kNone) ReportNoCard(report_, rule.cite, play.seat, required);
  }
  if (any_in_action && dealer_card_ == kNone) ReportDealerNoCard(report_, rule.cite);
}

// The cards alone decide a round of high card.
void HighCardReplay::RefuseDecisions() {
  for (int i : s_.decisions) {
    const Event& e = round_.events[i];
    const std::string_view name =
        e.action == Action::kUnknown ? std::string_view(e.text) : ToString(e.action);
    Add(Code::kDecisionNotOffered, i, e.seat, std::nullopt, std::nullopt, std::nullopt, rules_.deal.cite,
        Ev(i), name, " chosen, but high card offers no choice: the cards decide every wager");
  }
}

// What the rules owe each wager in action, seat by seat. A wager whose cards are missing or
// unreadable is owed nothing here: that fault is found already, and decides it.
void HighCardReplay::Owe() {
  if (dealer_card_ == kNone || !round_.events[dealer_card_].card) return;
  const int dealer_rank = rules_.rank_value[round_.events[dealer_card_].card->rank];
  for (const SeatPlay& play : s_.seats) {
    if (!play.in_action || play.card == kNone || !round_.events[play.card].card) continue;
    const int rank = rules_.rank_value[round_.events[play.card].card->rank];
    const HighCardOutcome outcome = rank > dealer_rank    ? HighCardOutcome::kWin
                                    : rank == dealer_rank ? HighCardOutcome::kTie
                                                          : HighCardOutcome::kLose;
    for (int k = 0; k < kWagerKinds; ++k) {
      const Bet& bet = play.bets[k];
      if (!bet.valid) continue;
      const auto kind = static_cast<WagerKind>(k);
      const Payout& p = Pay(outcome, kind);
      const std::optional<Money> net = ApplyRatio(bet.amount, p.net);
      if (!net) {
        Add(Code::kWagerLimit, bet.event, play.seat, kind, std::nullopt, bet.amount, spec_.wagers[k].cite,
            Ev(bet.event), ToString(kind), " wager of ", bet.amount,
            " is too large to settle in 64-bit minor units");
        continue;
      }
      Owed& owed = s_.book.Owe();
      owed.seat = play.seat;
      owed.wager = kind;
      owed.net = *net;
      owed.cite = &p.cite;
      owed.why = OutcomeWords(outcome);
      owed.after = std::max(play.card, dealer_card_);  // settled only once both cards are out
      out_->settlements.push_back({play.seat, kind, *net, bet.amount, static_cast<int>(outcome)});
    }
  }
}

void HighCardReplay::Judge() {
  SettlementBook& book = s_.book;
  for (const SeatPlay& play : s_.seats) {
    for (int k = 0; k < kWagerKinds; ++k) {
      const Bet& bet = play.bets[k];
      if (bet.event != kNone) book.Place(play.seat, 0, static_cast<WagerKind>(k), bet.valid, bet.refused_by);
    }
  }
  book.Judge(spec_, round_, nullptr, spec_.wager(rules_.required).cite, report_);
  for (const SettlementBook::Match& m : book.matches()) book.CheckTiming(m, report_);
}

}  // namespace

void ReplayHighCardInto(const RuleSpec& spec, const Round& round, RoundResult* out) {
  out->findings.clear();
  out->settlements.clear();
  out->touched = 0;
  thread_local Scratch scratch;
  if (scratch.busy) {  // a replay inside another on this thread: storage of its own
    Scratch own;
    HighCardReplay(spec, round, own, out).Run();
    return;
  }
  scratch.busy = true;
  struct Release {
    Scratch& s;
    ~Release() { s.busy = false; }
  } release{scratch};
  HighCardReplay(spec, round, scratch, out).Run();
}

}  // namespace pitboss
