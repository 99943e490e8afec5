#include "games/blackjack/blackjack_engine.h"

#include <algorithm>
#include <climits>
#include <limits>
#include <map>
#include <string>

#include "games/blackjack/blackjack_rules.h"
#include "spec/parts.h"

namespace pitboss {

namespace {

constexpr int kNone = -1;

// Events are numbered from 0, as the round's events array counts them (docs/report.md).
std::string Ev(int event) { return "event " + std::to_string(event) + ": "; }
std::string SeatWords(Seat seat) { return seat == kDealer ? "the dealer" : "seat " + std::to_string(seat); }
std::string HandWords(Seat seat, int hand) { return "seat " + std::to_string(seat) + " hand " + std::to_string(hand); }

Points Count(const std::vector<int>& ranks) {
  int total = 0, aces = 0;
  for (int r : ranks) {
    total += CardPoints(r);
    if (r == 14) ++aces;
  }
  while (total > 21 && aces > 0) {
    total -= 10;
    --aces;
  }
  return {total, aces > 0};
}

std::string PointsWords(const Points& p) {
  return (p.soft && p.total <= 21 ? "soft " : "") + std::to_string(p.total);
}

// One hand of a seat.
struct Hand {
  int number = 1;
  std::vector<int> ranks;   // its cards, in order
  std::vector<int> events;  // the deal event of each
  Money wager = 0;          // its primary wager: the blackjack wager (with a ride) or a split wager
  int wager_event = kNone;
  Money doubled = 0;
  int double_event = kNone;
  bool from_split = false;
  bool split_aces = false;   // formed by splitting aces
  bool one_card = false;     // a split ace where the rules give it one card only
  bool stood = false;
  bool double_pending = false;  // a double decision waiting for its bet and card
  bool hit_pending = false;
  bool missing_decision_reported = false;
  bool left = false;  // another hand of the seat got its second card while this one was open
  bool judged = true;  // false: its settlement cannot be judged (an earlier fault decides)

  Points points() const { return Count(ranks); }
  bool busted() const { return points().total > 21; }
  bool done() const {
    Points p = points();
    return stood || p.total >= 21 || (doubled > 0 && ranks.size() >= 3) ||
           (one_card && ranks.size() >= 2);
  }
};

struct SeatState {
  Seat seat = 0;
  bool in_play = false;  // a valid blackjack wager
  int blackjack_event = kNone;
  Money blackjack = 0;
  int war_event = kNone;
  Money war = 0;
  bool war_valid = false;
  int war_card = kNone;  // deal event of the seat's war card
  int war_rank = 0;
  std::optional<bool> war_won;
  int war_decision = kNone;
  Action war_action = Action::kUnknown;
  int ride_event = kNone;
  Money ride = 0;
  // The hand's primary stake: the blackjack wager and a ride, held at the Money bound rather
  // than wrapped where their sum does not fit (past every limit, where it is reported).
  Money Stake() const { return (MoneySum(blackjack) + ride).Saturated(); }
  int insurance_decision = kNone;
  int insurance_event = kNone;
  Money insurance = 0;
  std::vector<Hand> hands;  // hands[i].number == i + 1
  int initial_cards = 0;    // cards of the initial passes received
  bool left = false;        // play moved on to another seat

  Hand* hand(int number) {
    return number >= 1 && number <= static_cast<int>(hands.size()) ? &hands[number - 1] : nullptr;
  }
  bool split() const { return hands.size() > 1; }
};

// What the rules expect one wager to be settled at.
struct Expect {
  Seat seat;
  int hand;  // 0 for the seat's War and insurance wagers
  WagerKind wager;
  Money net;
  const Cite* cite;
  std::string why;
  int before = INT_MAX;  // it must be settled before this event
  int settled = kNone;
};

class BlackjackReplay {
 public:
  BlackjackReplay(const RuleSpec& spec, const Round& round, RoundResult* out)
      : spec_(spec), b_(Blackjack(spec)), round_(round), out_(out) {}

  void Run() {
    // Read in every round: the deal, the dealer's drawing, the payouts; the rest as used.
    out_->touched = part::kShoe | part::kWagers | part::kBjEveryRound;
    Scan();
    CheckBurns();
    if (first_draw_ == INT_MAX) return;  // no card: nothing was played
    CheckInitialDeal();
    Replay();
    CheckHandsFinished();
    CheckDealerPlay();
    Expected();
    MatchSettlements();
  }

 private:
  void Add(Code code, int event, std::optional<Seat> seat, std::optional<WagerKind> wager,
           std::optional<Money> expected, std::optional<Money> actual, const Cite& cite, std::string message,
           std::optional<int> hand = std::nullopt) {
    if (!out_->findings_wanted) return;
    out_->findings.push_back({code, event, seat, wager, expected, actual, cite.clause, std::move(message), hand});
  }

  // A wager whose settlement does not fit in 64-bit minor units: one finding at its bet, and
  // its settlement is not judged (as in the War engine), rather than judged against a wrong sum.
  void TooLarge(int event, Seat seat, WagerKind kind, Money amount, const Cite& cite, std::optional<int> hand) {
    Add(Code::kWagerLimit, event, seat, kind, std::nullopt, amount, cite,
        (event == kNone ? std::string() : Ev(event)) + std::string(ToString(kind)) + " wager of " + std::to_string(amount) +
            " is too large to settle in 64-bit minor units",
        hand);
  }

  SeatState& State(Seat seat) {
    auto [it, added] = seats_.try_emplace(seat);
    if (added) it->second.seat = seat;
    return it->second;
  }

  void Scan();
  void CheckInitialBet(int i);
  void CheckBurns();
  void CheckInitialDeal();
  void Replay();
  void OnDeal(int i);
  void OnDecision(int i);
  void CheckPlayOrder(int i, SeatState& s, int hand);
  void OnBet(int i);
  void CheckHandsFinished();
  void CheckDealerPlay();
  bool DealerMustDraw(const std::vector<int>& ranks) const {
    Points p = Count(ranks);
    return p.total < 17 || (p.total == 17 && p.soft && b_.dealer_hits_soft_17.value);
  }
  bool DealerBlackjack() const { return dealer_.size() >= 2 && Count({dealer_[0], dealer_[1]}).total == 21; }
  bool Natural(const SeatState& s, const Hand& h) const {
    if (h.ranks.size() != 2 || h.points().total != 21) return false;
    return !h.from_split && !s.split() ? true : b_.split_21_is_blackjack.value;
  }
  void Expected();
  void ExpectHand(SeatState& s, Hand& h);
  void MatchSettlements();

  const RuleSpec& spec_;
  const BlackjackRules& b_;
  const Round& round_;
  RoundResult* out_;

  std::map<Seat, SeatState> seats_;
  std::vector<Seat> order_;  // seats in play, in the deal order
  int first_draw_ = INT_MAX;
  int initial_end_ = INT_MAX;    // the first event after the initial deal
  int second_pass_ = INT_MAX;    // the first card of the second pass of the hands
  int war_passes_ = 0;           // passes of war cards apart from the hands (0 or 1)
  std::vector<int> initial_deals_;  // the deal events of the initial passes
  std::vector<int> handled_;        // events already judged as a whole (a card to a seat not in play)
  std::vector<int> dealer_;         // the dealer's ranks: up card, hole card, draws
  std::vector<int> dealer_events_;
  int dealer_war_rank = 0;
  bool play_started_ = false;  // a hand's decision was made: insurance is closed
  Seat playing_ = kNone;       // the seat whose hands are being played
  bool dealer_drew_ = false;   // the dealer has drawn after the initial deal
  bool order_reported_ = false;
  bool initial_ok_ = true;
  std::vector<Expect> expect_;
  std::vector<std::pair<Seat, int>> unjudged_;  // hands whose settlements an earlier fault decides
};

// First pass over the events: the first card, the initial bets, the seats in play.
void BlackjackReplay::Scan() {
  const auto& ev = round_.events;
  for (int i = 0; i < static_cast<int>(ev.size()); ++i) {
    const Event& e = ev[i];
    if (e.type == EventType::kShuffle && (e.decks < spec_.decks.min || e.decks > spec_.decks.max)) {
      Add(Code::kShoeDeckCount, i, std::nullopt, std::nullopt, std::nullopt, e.decks, spec_.decks.cite,
          Ev(i) + "a shoe of " + std::to_string(e.decks) + " decks; the rules allow " +
              std::to_string(spec_.decks.min) +
              (spec_.decks.max != spec_.decks.min ? " to " + std::to_string(spec_.decks.max) : ""));
    }
    // Wagers close before the first card is dealt (20:18:15:03); a burn is no card dealt.
    if (e.type == EventType::kDeal && first_draw_ == INT_MAX) first_draw_ = i;
    if (e.type == EventType::kBet && i < first_draw_) CheckInitialBet(i);
  }
  for (auto& [seat, s] : seats_) {
    if (s.war_event != kNone && !s.in_play) {
      Add(Code::kWagerOrphan, s.war_event, seat, WagerKind::kWar, std::nullopt, s.war, spec_.wager(WagerKind::kWar).cite,
          Ev(s.war_event) + "War wager of seat " + std::to_string(seat) + " placed without a blackjack wager");
      s.war_valid = false;
    }
    if (s.in_play) order_.push_back(seat);
  }
  if (b_.deal_order.value == SeatOrder::kDescending) std::reverse(order_.begin(), order_.end());
  war_passes_ = b_.war_offered && !b_.war_cards_start_hands.value ? 1 : 0;
}

void BlackjackReplay::CheckInitialBet(int i) {
  const Event& e = round_.events[i];
  SeatState& s = State(e.seat);
  if (e.wager != WagerKind::kBlackjack && e.wager != WagerKind::kWar) {
    std::string name = e.wager == WagerKind::kUnknown ? e.text : std::string(ToString(e.wager));
    bool later = e.wager == WagerKind::kDouble || e.wager == WagerKind::kSplit || e.wager == WagerKind::kInsurance;
    Add(Code::kWagerLate, i, e.seat, e.wager == WagerKind::kUnknown ? std::nullopt : std::optional(e.wager),
        std::nullopt, e.amount, spec_.wager(WagerKind::kBlackjack).cite,
        Ev(i) + (later ? name + " wager placed before any card, where the rules take it only after its decision"
                       : ForeignWagerText(spec_, name)));
    return;
  }
  if (e.wager == WagerKind::kWar && !spec_.wager(WagerKind::kWar).offered) {
    Add(Code::kWagerLate, i, e.seat, e.wager, std::nullopt, e.amount, spec_.wager(WagerKind::kBlackjack).cite,
        Ev(i) + "a War wager, which this game does not have");
    return;
  }
  const WagerRule& rule = spec_.wager(e.wager);
  bool first = e.wager == WagerKind::kBlackjack ? s.blackjack_event == kNone : s.war_event == kNone;
  if (e.wager == WagerKind::kBlackjack) {
    if (first) s.blackjack_event = i;
    s.blackjack = (MoneySum(s.blackjack) + e.amount).Saturated();  // never wrapped
    s.in_play = true;
  } else {
    if (first) s.war_event = i;
    s.war = (MoneySum(s.war) + e.amount).Saturated();
    s.war_valid = true;
    out_->touched |= part::kBjWarWager;
  }
  Money total = e.wager == WagerKind::kBlackjack ? s.blackjack : s.war;
  const auto& limit = round_.limit(e.wager);
  std::optional<Money> max = rule.max;
  if (limit && limit->max && (!max || *limit->max < *max)) max = limit->max;
  if (limit && limit->min && total < *limit->min) {
    Add(Code::kWagerLimit, i, e.seat, e.wager, *limit->min, total, rule.cite,
        Ev(i) + std::string(ToString(e.wager)) + " wager of " + std::to_string(total) + " below the table minimum of " +
            std::to_string(*limit->min));
  } else if (max && total > *max) {
    Add(Code::kWagerLimit, i, e.seat, e.wager, *max, total, rule.max && *max == *rule.max ? rule.max_cite : rule.cite,
        Ev(i) + std::string(ToString(e.wager)) + " wager of " + std::to_string(total) + " above the maximum of " +
            std::to_string(*max));
  }
}

// Burns: the house's number right after a shuffle, before the first card of the new shoe;
// none anywhere else.
void BlackjackReplay::CheckBurns() {
  const auto& ev = round_.events;
  bool after_shuffle = false;
  int burns = 0;
  auto judge = [&](int at) {
    int want = after_shuffle ? b_.burns_after_shuffle.value : 0;
    if (burns != want) {
      Add(Code::kDealBurnCount, at, std::nullopt, std::nullopt, want, burns, b_.burns_after_shuffle.cite,
          Ev(at) + std::to_string(burns) + (burns == 1 ? " card" : " cards") + " burned before this card; the rules burn " +
              std::to_string(want) + (after_shuffle ? " after a shuffle" : " here"));
    }
    after_shuffle = false;
    burns = 0;
  };
  for (int i = 0; i < static_cast<int>(ev.size()); ++i) {
    switch (ev[i].type) {
      case EventType::kShuffle:
        if (burns > 0) judge(i);
        after_shuffle = true;
        burns = 0;
        break;
      case EventType::kBurn:
        ++burns;
        break;
      case EventType::kDeal:
        judge(i);
        break;
      default:
        break;
    }
  }
  if (burns > 0) {
    after_shuffle = false;  // burns after the round's last card: none are prescribed
    judge(static_cast<int>(ev.size()) - 1);
  }
}

// The initial passes: one card to each seat in play in the deal order, then the dealer's,
// as many times as the rules deal before play (a pass of war cards apart, where the war
// cards do not start the hands; then two passes for the hands).
void BlackjackReplay::CheckInitialDeal() {
  const auto& ev = round_.events;
  int passes = war_passes_ + 2;
  std::vector<Seat> expected;
  for (int p = 0; p < passes; ++p) {
    for (Seat s : order_) expected.push_back(s);
    expected.push_back(kDealer);
  }
  const Cite& cite = b_.deal_order.cite;
  size_t at = 0;
  bool order_reported = false;
  for (int i = first_draw_; i < static_cast<int>(ev.size()) && at < expected.size(); ++i) {
    const Event& e = ev[i];
    if (e.type == EventType::kBurn) {
      continue;  // burns: judged by the shoe's rules below
    }
    if (e.type != EventType::kDeal) continue;
    if (e.hand > 1 || (e.seat != kDealer && !State(e.seat).in_play)) {
      if (e.seat != kDealer && !State(e.seat).in_play) {
        Add(Code::kDealMissingCard, i, e.seat, std::nullopt, std::nullopt, std::nullopt, cite,
            Ev(i) + "a card dealt to seat " + std::to_string(e.seat) + ", which has no blackjack wager");
        handled_.push_back(i);
        continue;
      }
      break;
    }
    if (e.seat != expected[at] && !order_reported) {
      Add(Code::kDealOrder, i, e.seat, std::nullopt, std::nullopt, std::nullopt, cite,
          Ev(i) + "a card to " + SeatWords(e.seat) + " where the rules deal to " + SeatWords(expected[at]) +
              " (each pass: the seats in " + std::string(ToString(b_.deal_order.value)) + " order, then the dealer)");
      order_reported = true;
    }
    initial_deals_.push_back(i);
    int pass = static_cast<int>(at) / static_cast<int>(order_.size() + 1);
    if (pass == war_passes_ + 1 && second_pass_ == INT_MAX) second_pass_ = i;
    ++at;
    initial_end_ = i + 1;
  }
  if (at < expected.size()) {
    // Missing initial cards: found per hand when the hands are judged.
    initial_ok_ = false;
    if (initial_end_ == INT_MAX) initial_end_ = static_cast<int>(ev.size());
  }
  if (second_pass_ == INT_MAX) second_pass_ = initial_end_;
}

void BlackjackReplay::Replay() {
  const auto& ev = round_.events;
  std::vector<bool> initial(ev.size(), false), handled(ev.size(), false);
  for (int i : initial_deals_) initial[i] = true;
  for (int i : handled_) handled[i] = true;
  for (int i = first_draw_; i < static_cast<int>(ev.size()); ++i) {
    const Event& e = ev[i];
    if (handled[i]) continue;
    switch (e.type) {
      case EventType::kDeal:
        if (initial[i]) {
          int pass_cards_before = 0;  // this recipient's cards so far
          if (e.seat == kDealer) {
            pass_cards_before = static_cast<int>(dealer_.size()) + (dealer_war_rank ? 1 : 0);
            if (!e.card) break;
            if (pass_cards_before < war_passes_) {
              dealer_war_rank = e.card->rank;
            } else {
              dealer_.push_back(e.card->rank);
              dealer_events_.push_back(i);
            }
          } else {
            SeatState& s = State(e.seat);
            pass_cards_before = s.initial_cards++;
            if (!e.card) break;
            bool war_card = pass_cards_before == 0;
            if (war_card) {
              s.war_card = i;
              s.war_rank = e.card->rank;
            }
            if (pass_cards_before >= war_passes_) {
              if (s.hands.empty()) s.hands.push_back({});
              s.hands[0].ranks.push_back(e.card->rank);
              s.hands[0].events.push_back(i);
            }
          }
        } else {
          OnDeal(i);
        }
        break;
      case EventType::kDecision:
        OnDecision(i);
        break;
      case EventType::kBet:
        if (i > first_draw_) OnBet(i);
        break;
      default:
        break;
    }
  }
}

void BlackjackReplay::OnDeal(int i) {
  const Event& e = round_.events[i];
  if (!e.card) return;
  if (e.seat == kDealer) {
    dealer_.push_back(e.card->rank);
    dealer_events_.push_back(i);
    dealer_drew_ = true;
    return;
  }
  SeatState& s = State(e.seat);
  int number = e.hand > 0 ? e.hand : 1;
  Hand* h = s.hand(number);
  if (!s.in_play || !h) {
    Add(Code::kDealMissingCard, i, e.seat, std::nullopt, std::nullopt, std::nullopt, b_.deal_order.cite,
        Ev(i) + "a card to " + (s.in_play ? HandWords(e.seat, number) + ", a hand the seat does not have"
                                          : "seat " + std::to_string(e.seat) + ", which has no blackjack wager"),
        number);
    return;
  }
  CheckPlayOrder(i, s, number);
  h->events.push_back(i);
  if (h->ranks.size() < 2) {  // a split hand's second card
    // Each split hand is finished before another of the seat's hands gets its second card:
    // a hand still open now must not act again.
    for (Hand& other : s.hands) {
      if (&other != h && other.ranks.size() >= 2 && !other.done() && !Natural(s, other)) other.left = true;
    }
    h->ranks.push_back(e.card->rank);
    return;
  }
  if (h->double_pending || (h->doubled > 0 && h->ranks.size() == 2)) {
    h->ranks.push_back(e.card->rank);
    h->double_pending = false;
    return;
  }
  if (h->split_aces && b_.split_aces_one_card.value) {
    Add(Code::kDealMissingCard, i, e.seat, std::nullopt, std::nullopt, std::nullopt, b_.split_aces_one_card.cite,
        Ev(i) + "a second card to a split ace of " + HandWords(e.seat, number) + ", which gets only one", number);
    h->judged = false;
    h->ranks.push_back(e.card->rank);
    return;
  }
  if (h->busted() || h->stood || (h->doubled > 0 && h->ranks.size() >= 3) || h->points().total == 21) {
    std::string why = h->busted() ? "had busted" : h->stood ? "had stood" : h->doubled > 0 ? "was doubled and had its card" : "had 21";
    Add(Code::kDealMissingCard, i, e.seat, std::nullopt, std::nullopt, std::nullopt, b_.deal_order.cite,
        Ev(i) + "a card to " + HandWords(e.seat, number) + ", which " + why, number);
    h->judged = false;
    h->ranks.push_back(e.card->rank);
    return;
  }
  if (!h->hit_pending && !h->missing_decision_reported) {
    Add(Code::kDecisionMissing, i, e.seat, std::nullopt, std::nullopt, std::nullopt, b_.deal_order.cite,
        Ev(i) + "a card to " + HandWords(e.seat, number) + " with no hit decision logged before it", number);
    h->missing_decision_reported = true;
  }
  h->hit_pending = false;
  h->ranks.push_back(e.card->rank);
}

// The seats play their hands in the deal order, each finishing before the next, and all of
// them before the dealer draws; a seat's split hands likewise (see OnDeal). What is out of
// order is a seat (or hand) that acts again after play moved on from it, not the moving on
// itself: a hand left unfinished with no decision is decision/missing, one finding. One
// finding a round: what follows a first fault of order is out of order for the same reason.
void BlackjackReplay::CheckPlayOrder(int i, SeatState& s, int hand) {
  if (order_reported_) return;
  auto report = [&](const std::string& why) {
    order_reported_ = true;
    Add(Code::kDealOrder, i, s.seat, std::nullopt, std::nullopt, std::nullopt, b_.deal_order.cite, Ev(i) + why,
        hand);
  };
  if (dealer_drew_) return report("seat " + std::to_string(s.seat) + " plays after the dealer has drawn");
  if (Hand* h = s.hand(hand); h && h->left) {
    return report(HandWords(s.seat, hand) + " plays again after another of the seat's hands got its second card");
  }
  if (playing_ == s.seat) return;
  auto position = [&](Seat seat) { return std::find(order_.begin(), order_.end(), seat) - order_.begin(); };
  if (s.left) return report("seat " + std::to_string(s.seat) + " plays again after seat " + std::to_string(playing_));
  if (playing_ != kNone && position(s.seat) < position(playing_)) {
    return report("seat " + std::to_string(s.seat) + " plays after seat " + std::to_string(playing_) +
                  ", against the deal order");
  }
  if (playing_ != kNone) seats_[playing_].left = true;
  playing_ = s.seat;
}

void BlackjackReplay::OnDecision(int i) {
  const Event& e = round_.events[i];
  SeatState& s = State(e.seat);
  auto not_offered = [&](const Cite& cite, const std::string& why, std::optional<int> hand = std::nullopt) {
    Add(Code::kDecisionNotOffered, i, e.seat, std::nullopt, std::nullopt, std::nullopt, cite,
        Ev(i) + std::string(ToString(e.action)) + " by seat " + std::to_string(e.seat) + ": " + why, hand);
  };
  if (e.action == Action::kCollect || e.action == Action::kRide) {
    out_->touched |= part::kBjWarWager | (e.action == Action::kRide ? part::kBjRide : 0);
    const Cite& cite = b_.ride_adds_stake.cite;
    if (!b_.war_offered || !s.war_valid || s.war_card == kNone) {
      not_offered(cite, "the seat has no War wager in play");
    } else if (s.war_decision != kNone) {
      not_offered(cite, "the seat already chose at event " + std::to_string(s.war_decision + 1));
    } else if (i >= second_pass_) {
      not_offered(cite, "the choice closes when the second card is dealt");
    } else {
      // Whether the War was won is known once the dealer's war card is out.
      s.war_decision = i;
      s.war_action = e.action;
    }
    return;
  }
  if (e.action == Action::kInsurance) {
    out_->touched |= part::kBjInsurance;
    const Cite& cite = b_.insurance_offered.cite;
    if (!b_.insurance_offered.value) return not_offered(cite, "the rules offer no insurance");
    if (dealer_.empty() || dealer_[0] != 14) return not_offered(cite, "insurance is offered only when the dealer shows an ace");
    if (i < initial_end_) return not_offered(cite, "insurance is taken after the hole card is dealt");
    if (play_started_) return not_offered(cite, "insurance is taken before any hand is played");
    if (s.insurance_decision != kNone) return not_offered(cite, "the seat already took insurance");
    s.insurance_decision = i;
    return;
  }
  int number = e.hand > 0 ? e.hand : 1;
  Hand* h = s.hand(number);
  if (!s.in_play || !h) {
    return not_offered(b_.deal_order.cite, "no " + HandWords(e.seat, number) + " is in play", number);
  }
  if (i < initial_end_) return not_offered(b_.deal_order.cite, "hands are played after the initial deal", number);
  play_started_ = true;
  CheckPlayOrder(i, s, number);
  Points p = h->points();
  if (e.action == Action::kDouble) out_->touched |= part::kBjDouble;
  if (e.action == Action::kSplit) out_->touched |= part::kBjSplit;
  if (e.action == Action::kSurrender) out_->touched |= part::kBjSurrender;
  // A split ace's one card, and 21 on a split hand, are the split rules'.
  if (h->from_split) out_->touched |= part::kBjSplit;
  switch (e.action) {
    case Action::kStand:
      if (h->done()) return not_offered(b_.deal_order.cite, HandWords(e.seat, number) + " is already finished", number);
      h->stood = true;
      return;
    case Action::kHit:
      if (h->split_aces && b_.split_aces_one_card.value) {
        h->judged = false;
        return not_offered(b_.split_aces_one_card.cite, "a split ace gets one card only", number);
      }
      if (h->done()) return not_offered(b_.deal_order.cite, HandWords(e.seat, number) + " is already finished", number);
      h->hit_pending = true;
      return;
    case Action::kDouble: {
      const Cite& cite = b_.double_on.cite;
      if (!b_.double_offered.value) return not_offered(b_.double_offered.cite, "the rules offer no double", number);
      if (h->ranks.size() != 2) return not_offered(cite, "a double is offered on the first two cards only", number);
      if (Natural(s, *h)) return not_offered(b_.double_offered.cite, "no double on a blackjack", number);
      if (h->from_split && !b_.double_after_split.value) {
        return not_offered(b_.double_after_split.cite, "no double after a split", number);
      }
      if (h->split_aces && b_.split_aces_one_card.value) {
        return not_offered(b_.split_aces_one_card.cite, "a split ace gets one card only", number);
      }
      int lo = b_.double_on.value == DoubleOn::kNineToEleven ? 9 : b_.double_on.value == DoubleOn::kTenToEleven ? 10 : 0;
      if (lo && (p.soft || p.total < lo || p.total > 11)) {
        return not_offered(cite, "a double is offered only on totals of " + std::to_string(lo) + " to 11", number);
      }
      if (h->doubled > 0 || h->double_pending) return not_offered(cite, "the hand is already doubled", number);
      h->double_pending = true;
      h->double_event = i;
      return;
    }
    case Action::kSplit: {
      const Cite& cite = b_.split_by_points.cite;
      if (h->ranks.size() != 2) return not_offered(cite, "only the first two cards of a hand can be split", number);
      bool pair = b_.split_by_points.value ? CardPoints(h->ranks[0]) == CardPoints(h->ranks[1])
                                           : h->ranks[0] == h->ranks[1];
      if (!pair) {
        return not_offered(cite, std::string(1, RankChar(h->ranks[0])) + " and " + RankChar(h->ranks[1]) + " are not " +
                                     (b_.split_by_points.value ? "of the same value" : "of the same rank"), number);
      }
      if (static_cast<int>(s.hands.size()) >= b_.split_max_hands.value) {
        return not_offered(b_.split_max_hands.cite,
                           "the seat already has " + std::to_string(s.hands.size()) + " hands, the most the rules allow",
                           number);
      }
      if (h->split_aces && !b_.resplit_aces.value) return not_offered(b_.resplit_aces.cite, "split aces are not split again", number);
      Hand added;
      added.number = static_cast<int>(s.hands.size()) + 1;
      added.from_split = true;
      added.split_aces = h->ranks[0] == 14;
      added.ranks.push_back(h->ranks[1]);
      added.events.push_back(h->events.size() > 1 ? h->events[1] : i);
      h->ranks.pop_back();
      if (h->events.size() > 1) h->events.pop_back();
      added.one_card = added.split_aces && b_.split_aces_one_card.value;
      h->from_split = true;
      h->split_aces = added.split_aces;
      h->one_card = added.one_card;
      s.hands.push_back(added);
      return;
    }
    case Action::kSurrender:
      return not_offered(b_.surrender_offered.cite, "the rules offer no surrender", number);
    default:
      return not_offered(b_.deal_order.cite, "not a blackjack decision", number);
  }
}

void BlackjackReplay::OnBet(int i) {
  const Event& e = round_.events[i];
  SeatState& s = State(e.seat);
  int number = e.hand > 0 ? e.hand : 1;
  auto late = [&](const Cite& cite, const std::string& why) {
    Add(Code::kWagerLate, i, e.seat, e.wager == WagerKind::kUnknown ? std::nullopt : std::optional(e.wager),
        std::nullopt, e.amount, cite, Ev(i) + why, number);
  };
  auto amount = [&](const Cite& cite, Money want, const std::string& why) {
    Add(Code::kWagerAmount, i, e.seat, e.wager, want, e.amount, cite, Ev(i) + why,
        e.wager == WagerKind::kInsurance ? std::nullopt : std::optional(number));
  };
  switch (e.wager) {
    case WagerKind::kBlackjack: {  // a ride
      out_->touched |= part::kBjRide;
      if (s.war_action != Action::kRide || s.ride_event != kNone) {
        return late(spec_.wager(WagerKind::kBlackjack).cite,
                    "blackjack wager placed after the first card, other than a ride of the War winnings");
      }
      s.ride_event = i;
      s.ride = e.amount;
      // Winnings past 64 bits: the War wager is found too large to settle (Expected), and what
      // a ride of them should be is not judged.
      std::optional<Money> winnings = ApplyRatio(s.war, b_.pays_war_win.net);
      if (!winnings) return;
      Money want = b_.ride_adds_stake.value ? (MoneySum(*winnings) + s.war).Saturated() : *winnings;
      if (e.amount != want) {
        amount(b_.ride_adds_stake.cite, want,
               "ride of " + std::to_string(e.amount) + "; the rules add " + std::to_string(want) +
                   (b_.ride_adds_stake.value ? " (the War stake and winnings)" : " (the War winnings)"));
      }
      return;
    }
    case WagerKind::kDouble: {
      out_->touched |= part::kBjDouble;
      Hand* h = s.hand(number);
      if (!h || !h->double_pending || h->doubled > 0) {
        return late(spec_.wager(WagerKind::kDouble).cite, "double wager with no double decision before it");
      }
      h->doubled = e.amount;
      Money base = number == 1 ? s.Stake() : h->wager;
      // A ratio past 64 bits allows any amount a log can hold.
      Money max = ApplyRatio(base, b_.double_max.value).value_or(std::numeric_limits<Money>::max());
      if (e.amount > max || e.amount <= 0) {
        amount(b_.double_max.cite, max,
               "double of " + std::to_string(e.amount) + " on a hand wager of " + std::to_string(base) +
                   "; the rules allow at most " + std::to_string(max));
      }
      return;
    }
    case WagerKind::kSplit: {
      out_->touched |= part::kBjSplit;
      Hand* h = s.hand(number);
      if (!h || !h->from_split || h->number == 1 || h->wager_event != kNone) {
        return late(spec_.wager(WagerKind::kSplit).cite, "split wager with no split decision that made the hand");
      }
      h->wager = e.amount;
      h->wager_event = i;
      Money want = s.Stake();
      if (e.amount != want) {
        amount(spec_.wager(WagerKind::kSplit).cite, want,
               "split wager of " + std::to_string(e.amount) + "; the rules take one equal to the original wager of " +
                   std::to_string(want));
      }
      return;
    }
    case WagerKind::kInsurance: {
      out_->touched |= part::kBjInsurance;
      if (s.insurance_decision == kNone || s.insurance_event != kNone) {
        return late(b_.insurance_offered.cite, "insurance wager with no insurance decision before it");
      }
      s.insurance_event = i;
      s.insurance = e.amount;
      Money max = ApplyRatio(s.Stake(), b_.insurance_max.value).value_or(std::numeric_limits<Money>::max());
      if (e.amount > max || e.amount <= 0) {
        amount(b_.insurance_max.cite, max,
               "insurance of " + std::to_string(e.amount) + "; the rules allow at most " + std::to_string(max) +
                   " on a blackjack wager of " + std::to_string(s.Stake()));
      }
      return;
    }
    default: {
      std::string name = e.wager == WagerKind::kUnknown ? e.text : std::string(ToString(e.wager));
      const WagerRule& rule = e.wager == WagerKind::kUnknown ? spec_.wager(WagerKind::kBlackjack) : spec_.wager(e.wager);
      return late(rule.offered ? rule.cite : spec_.wager(WagerKind::kBlackjack).cite,
                  name + " wager placed after the first card was drawn");
    }
  }
}

// Every hand in play got its cards and its decisions.
void BlackjackReplay::CheckHandsFinished() {
  for (Seat seat : order_) {
    SeatState& s = seats_[seat];
    if (s.hands.empty()) s.hands.push_back({});
    for (Hand& h : s.hands) {
      int last = round_.events.empty() ? 0 : static_cast<int>(round_.events.size()) - 1;
      if (h.ranks.size() < 2) {
        Add(Code::kDealMissingCard, h.events.empty() ? last : h.events.back(), seat, std::nullopt, 2,
            static_cast<Money>(h.ranks.size()), b_.deal_order.cite,
            Ev(h.events.empty() ? last : h.events.back()) + HandWords(seat, h.number) + " has " +
                std::to_string(h.ranks.size()) + (h.ranks.size() == 1 ? " card" : " cards") + "; every hand gets two",
            h.number);
        h.judged = false;
        continue;
      }
      if ((h.double_pending || h.doubled > 0) && h.ranks.size() < 3) {
        int at = h.double_event != kNone ? h.double_event : h.events.back();
        Add(Code::kDealMissingCard, at, seat, std::nullopt, std::nullopt, std::nullopt, b_.double_on.cite,
            Ev(at) + HandWords(seat, h.number) + " was doubled and got no card", h.number);
        h.judged = false;
        continue;
      }
      if (h.double_pending && h.doubled == 0) {
        Add(Code::kWagerAmount, h.double_event, seat, WagerKind::kDouble, std::nullopt, 0, b_.double_max.cite,
            Ev(h.double_event) + HandWords(seat, h.number) + " doubled with no double wager placed", h.number);
      }
      if (!h.done() && !Natural(s, h) && !h.missing_decision_reported && h.judged) {
        int at = h.events.back();
        Add(Code::kDecisionMissing, at, seat, std::nullopt, std::nullopt, std::nullopt, b_.deal_order.cite,
            Ev(at) + HandWords(seat, h.number) + " left at " + PointsWords(h.points()) +
                " with no stand, hit or other decision to finish it",
            h.number);
      }
    }
    if (s.war_valid && s.war_card != kNone && s.war_won.value_or(false) == false) {
      // (judged in Expected, once the dealer's war card is known)
    }
  }
}

void BlackjackReplay::CheckDealerPlay() {
  if (dealer_.size() < 2) return;  // a missing dealer card: the deal's finding
  bool in_play = false;
  for (Seat seat : order_) {
    const SeatState& s = seats_[seat];
    for (const Hand& h : s.hands) {
      if (h.ranks.size() >= 2 && !h.busted() && !Natural(s, h)) in_play = true;
    }
  }
  const Cite& cite = b_.dealer_hits_soft_17.cite;
  bool draws = !DealerBlackjack() && (in_play || b_.dealer_draws_without_hand_in_play.value);
  std::vector<int> ranks = {dealer_[0], dealer_[1]};
  for (size_t k = 2; k <= dealer_.size(); ++k) {
    bool must = draws && DealerMustDraw(ranks);
    if (k == dealer_.size()) {
      if (must) {
        int at = dealer_events_.back();
        Add(Code::kDealDealerPlay, at, kDealer, std::nullopt, std::nullopt, std::nullopt, cite,
            Ev(at) + "the dealer stood on " + PointsWords(Count(ranks)) + " where the rules require a draw");
      }
      break;
    }
    if (!must) {
      int at = dealer_events_[k];
      std::string why = !draws ? (DealerBlackjack() ? "the dealer has blackjack" : "no player's hand is left in play")
                               : "the rules require the dealer to stand on " + PointsWords(Count(ranks));
      Add(Code::kDealDealerPlay, at, kDealer, std::nullopt, std::nullopt, std::nullopt,
          !draws && !DealerBlackjack() ? b_.dealer_draws_without_hand_in_play.cite : cite,
          Ev(at) + "the dealer drew a card: " + why);
      break;
    }
    ranks.push_back(dealer_[k]);
  }
}

void BlackjackReplay::Expected() {
  bool dealer_known = dealer_.size() >= 2;
  if (DealerBlackjack()) out_->touched |= part::kBjDealerBlackjack;
  if (!dealer_.empty() && dealer_[0] == 14) out_->touched |= part::kBjInsurance;
  int dealer_war = war_passes_ ? dealer_war_rank : (dealer_.empty() ? 0 : dealer_[0]);
  for (Seat seat : order_) {
    SeatState& s = seats_[seat];
    // The War wager, on the first cards.
    if (s.war_valid && s.war_card != kNone && dealer_war) {
      int mine = b_.WarValue(s.war_rank), theirs = b_.WarValue(dealer_war);
      bool won = mine > theirs;
      s.war_won = won;
      const Payout& p = won ? b_.pays_war_win : mine == theirs ? b_.pays_war_tie : b_.pays_war_lose;
      if (auto net = ApplyRatio(s.war, p.net)) {
        expect_.push_back({seat, 0, WagerKind::kWar, *net, &p.cite,
                           won ? "War won" : mine == theirs ? "War tied" : "War lost", second_pass_});
      } else {
        TooLarge(s.war_event, seat, WagerKind::kWar, s.war, p.cite, std::nullopt);
      }
      if (won && s.war_decision == kNone) {
        Add(Code::kDecisionMissing, s.war_card, seat, std::nullopt, std::nullopt, std::nullopt, b_.ride_adds_stake.cite,
            Ev(s.war_card) + "seat " + std::to_string(seat) + " won the War wager and neither collected nor rode it");
      } else if (!won && s.war_decision != kNone) {
        Add(Code::kDecisionNotOffered, s.war_decision, seat, std::nullopt, std::nullopt, std::nullopt,
            b_.ride_adds_stake.cite,
            Ev(s.war_decision) + std::string(ToString(s.war_action)) + " by seat " + std::to_string(seat) +
                ": offered only on a won War wager");
      }
      if (won && s.war_action == Action::kRide && s.ride_event == kNone) {
        // What the ride should be is unknown where the winnings are past 64 bits (found above).
        std::optional<Money> winnings = ApplyRatio(s.war, b_.pays_war_win.net);
        std::optional<Money> want;
        if (winnings) want = b_.ride_adds_stake.value ? (MoneySum(*winnings) + s.war).Saturated() : *winnings;
        Add(Code::kWagerAmount, s.war_decision, seat, WagerKind::kBlackjack, want, 0, b_.ride_adds_stake.cite,
            Ev(s.war_decision) + "seat " + std::to_string(seat) + " rode the War winnings with no ride wager placed");
      }
    }
    if (!dealer_known) continue;
    bool dealer_bj = DealerBlackjack();
    if (s.insurance_event != kNone) {
      const Payout& p = dealer_bj ? b_.pays_insurance_win : b_.pays_insurance_lose;
      if (auto net = ApplyRatio(s.insurance, p.net)) {
        expect_.push_back({seat, 0, WagerKind::kInsurance, *net, &p.cite,
                           dealer_bj ? "the dealer has blackjack" : "the dealer has no blackjack"});
      } else {
        TooLarge(s.insurance_event, seat, WagerKind::kInsurance, s.insurance, p.cite, std::nullopt);
      }
    }
    if (s.hands.empty()) continue;
    s.hands[0].wager = s.Stake();
    for (Hand& h : s.hands) ExpectHand(s, h);
  }
}

void BlackjackReplay::ExpectHand(SeatState& s, Hand& h) {
  if (!h.judged) {
    unjudged_.push_back({s.seat, h.number});
    return;
  }
  WagerKind primary = h.number == 1 ? WagerKind::kBlackjack : WagerKind::kSplit;
  bool dealer_bj = DealerBlackjack();
  Points mine = h.points();
  std::vector<int> dealer = dealer_;
  Points theirs = Count(dealer);
  auto expect = [&](WagerKind kind, Money amount, const Payout& p, const Cite* cite, std::string why) {
    if (amount <= 0) return;
    if (auto net = ApplyRatio(amount, p.net)) {
      expect_.push_back({s.seat, h.number, kind, *net, cite ? cite : &p.cite, why});
    } else {
      // The first hand's wager is the seat's blackjack bet; a split hand's, its split bet.
      const int bet = kind == WagerKind::kDouble ? h.double_event
                      : h.wager_event != kNone   ? h.wager_event
                                                 : s.blackjack_event;
      TooLarge(bet, s.seat, kind, amount, p.cite, h.number);
    }
  };
  auto returned = [&](WagerKind kind, Money amount, const Cite& cite, std::string why) {
    if (amount > 0) expect_.push_back({s.seat, h.number, kind, 0, &cite, why});
  };
  if (dealer_bj) {
    if (Natural(s, h)) return expect(primary, h.wager, b_.pays_push, nullptr, "blackjack against the dealer's blackjack");
    if (b_.dealer_blackjack_takes.value == DealerBlackjackTakes::kAllWagers) {
      expect(primary, h.wager, b_.pays_lose, &b_.dealer_blackjack_takes.cite, "the dealer has blackjack");
      expect(WagerKind::kDouble, h.doubled, b_.pays_lose, &b_.dealer_blackjack_takes.cite, "the dealer has blackjack");
      return;
    }
    bool extra_lost = h.busted() && b_.busted_extra_lost_to_dealer_blackjack.value;
    const Cite& cite = b_.dealer_blackjack_takes.cite;
    if (h.number == 1) {
      expect(primary, h.wager, b_.pays_lose, &cite, "the dealer has blackjack: the original wager is lost");
    } else if (extra_lost) {
      expect(primary, h.wager, b_.pays_lose, &b_.busted_extra_lost_to_dealer_blackjack.cite,
             "the hand had busted before the dealer's blackjack");
    } else {
      returned(primary, h.wager, b_.busted_extra_lost_to_dealer_blackjack.cite,
               "the dealer has blackjack: a split wager is returned");
    }
    if (extra_lost) {
      expect(WagerKind::kDouble, h.doubled, b_.pays_lose, &b_.busted_extra_lost_to_dealer_blackjack.cite,
             "the hand had busted before the dealer's blackjack");
    } else {
      returned(WagerKind::kDouble, h.doubled, cite, "the dealer has blackjack: a double is returned");
    }
    return;
  }
  if (Natural(s, h)) return expect(primary, h.wager, b_.pays_blackjack, nullptr, "blackjack");
  std::string why;
  const Payout* p;
  if (mine.total > 21) {
    p = &b_.pays_lose, why = "the hand busted with " + std::to_string(mine.total);
  } else if (theirs.total > 21) {
    p = &b_.pays_win, why = "the dealer busted with " + std::to_string(theirs.total);
  } else if (mine.total > theirs.total) {
    p = &b_.pays_win, why = std::to_string(mine.total) + " against the dealer's " + std::to_string(theirs.total);
  } else if (mine.total == theirs.total) {
    p = &b_.pays_push, why = std::to_string(mine.total) + " ties the dealer's " + std::to_string(theirs.total);
  } else {
    p = &b_.pays_lose, why = std::to_string(mine.total) + " against the dealer's " + std::to_string(theirs.total);
  }
  expect(primary, h.wager, *p, nullptr, why);
  expect(WagerKind::kDouble, h.doubled, *p, nullptr, why);
}

void BlackjackReplay::MatchSettlements() {
  const auto& ev = round_.events;
  for (int i = 0; i < static_cast<int>(ev.size()); ++i) {
    const Event& e = ev[i];
    if (e.type != EventType::kSettle) continue;
    int hand = e.wager == WagerKind::kWar || e.wager == WagerKind::kInsurance ? 0 : (e.hand > 0 ? e.hand : 1);
    auto it = std::find_if(expect_.begin(), expect_.end(), [&](const Expect& x) {
      return x.seat == e.seat && x.wager == e.wager && x.hand == hand;
    });
    if (it == expect_.end()) {
      bool unjudged = std::any_of(unjudged_.begin(), unjudged_.end(),
                                  [&](const auto& u) { return u.first == e.seat && u.second == hand; });
      bool placed = false;
      auto s = seats_.find(e.seat);
      if (s != seats_.end()) {
        const SeatState& st = s->second;
        if (e.wager == WagerKind::kWar) placed = st.war_event != kNone;
        if (e.wager == WagerKind::kInsurance) placed = st.insurance_event != kNone;
        if (e.wager == WagerKind::kBlackjack) placed = st.blackjack_event != kNone;
        if (e.wager == WagerKind::kDouble || e.wager == WagerKind::kSplit) placed = st.in_play;
      }
      if (unjudged || (placed && dealer_.size() < 2)) continue;  // an earlier fault decides
      Add(Code::kSettleDuplicate, i, e.seat, e.wager == WagerKind::kUnknown ? std::nullopt : std::optional(e.wager),
          std::nullopt, e.amount, spec_.wager(WagerKind::kBlackjack).cite,
          Ev(i) + "settles a " + (e.wager == WagerKind::kUnknown ? e.text : std::string(ToString(e.wager))) +
              " wager of " + HandWords(e.seat, hand > 0 ? hand : 1) + " that was not placed",
          hand > 0 ? std::optional(hand) : std::nullopt);
      continue;
    }
    if (it->settled != kNone) {
      Add(Code::kSettleDuplicate, i, e.seat, e.wager, it->net, e.amount, *it->cite,
          Ev(i) + std::string(ToString(e.wager)) + " wager of " + HandWords(e.seat, hand > 0 ? hand : 1) +
              " settled again (first at event " + std::to_string(it->settled) + ")",
          hand > 0 ? std::optional(hand) : std::nullopt);
      continue;
    }
    it->settled = i;
    std::optional<int> hand_field = hand > 0 ? std::optional(hand) : std::nullopt;
    out_->settlements.push_back({e.seat, e.wager, it->net, 0, 0, hand});
    if (e.amount != it->net) {
      Add(Code::kSettlePayout, i, e.seat, e.wager, it->net, e.amount, *it->cite,
          Ev(i) + std::string(ToString(e.wager)) + " wager settled at " + std::to_string(e.amount) + ", the rules pay " +
              std::to_string(it->net) + " (" + it->why + ")",
          hand_field);
    } else if (i > it->before) {
      Add(Code::kSettleOrder, i, e.seat, e.wager, std::nullopt, std::nullopt, *it->cite,
          Ev(i) + "War wager settled after the second cards were dealt; the rules settle it before them", hand_field);
    }
  }
  for (const Expect& x : expect_) {
    if (x.settled != kNone) continue;
    out_->settlements.push_back({x.seat, x.wager, x.net, 0, 0, x.hand});
    Add(Code::kSettleMissing, static_cast<int>(ev.size()) - 1, x.seat, x.wager, x.net, std::nullopt, *x.cite,
        std::string(ToString(x.wager)) + " wager of " +
            (x.hand > 0 ? HandWords(x.seat, x.hand) : "seat " + std::to_string(x.seat)) + " never settled (the rules pay " +
            std::to_string(x.net) + ": " + x.why + ")",
        x.hand > 0 ? std::optional(x.hand) : std::nullopt);
  }
}

}  // namespace

void ReplayBlackjackInto(const RuleSpec& spec, const Round& round, RoundResult* out) {
  out->findings.clear();
  out->settlements.clear();
  out->touched = 0;
  BlackjackReplay(spec, round, out).Run();
}

RoundResult ReplayBlackjack(const RuleSpec& spec, const Round& round) {
  RoundResult result;
  ReplayBlackjackInto(spec, round, &result);
  return result;
}

}  // namespace pitboss
