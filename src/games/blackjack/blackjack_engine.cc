#include "games/blackjack/blackjack_engine.h"

#include <algorithm>
#include <array>
#include <boost/container/small_vector.hpp>
#include <climits>
#include <limits>
#include <memory>
#include <string>
#include <unordered_map>

#include "games/blackjack/blackjack_rules.h"
#include "games/core/deal_rules.h"
#include "games/core/reporter.h"
#include "games/core/settlement_book.h"
#include "games/core/wager_rules.h"
#include "spec/parts.h"

namespace pitboss {

namespace {

constexpr int kNone = -1;

// "soft " before a soft total in words, else nothing: a message's part, the total after it.
const char* Soft(const Points& p) { return p.soft && p.total <= 21 ? "soft " : ""; }

// A hand's cards by rank, in order, and their points counted as they come (as HandPoints
// counts them): a hand's points are asked for at nearly every event of it. Held in place up
// to 8 cards (a round allocates nothing for its hands).
class Cards {
 public:
  [[gnu::always_inline]] void push_back(int rank) {
    ranks_.emplace_back(rank);  // inlined where there is room, where push_back makes a call
    total_ += CardPoints(rank);
    aces_ += rank == 14 ? 1 : 0;
  }
  void pop_back() {
    total_ -= CardPoints(ranks_.back());
    aces_ -= ranks_.back() == 14 ? 1 : 0;
    ranks_.pop_back();
  }
  size_t size() const { return ranks_.size(); }
  int operator[](size_t i) const { return ranks_[i]; }
  Points points() const {
    int total = total_, aces = aces_;
    while (total > 21 && aces > 0) {
      total -= 10;
      --aces;
    }
    return {total, aces > 0};
  }

 private:
  boost::container::small_vector<int, 8> ranks_;
  int total_ = 0;  // every ace 11
  int aces_ = 0;
};

// One hand of a seat.
struct Hand {
  int number = 1;
  // Its cards, in order, and the deal event of each, held in place up to 8 cards.
  Cards ranks;
  boost::container::small_vector<int, 8> events;
  Money wager = 0;  // its primary wager: the blackjack wager (with a ride) or a split wager
  int wager_event = kNone;
  Money doubled = 0;
  int double_event = kNone;
  bool from_split = false;
  bool split_aces = false;  // formed by splitting aces
  bool one_card = false;    // a split ace where the rules give it one card only
  bool stood = false;
  bool double_pending = false;  // a double decision waiting for its bet and card
  bool hit_pending = false;
  bool missing_decision_reported = false;
  bool left = false;     // another hand of the seat got its second card while this one was open
  bool judged = true;    // false: its settlement cannot be judged (an earlier fault decides)
  bool unknown = false;  // a card of it is not a card (input/bad-card): nothing of it is judged
  // Its double decision was refused. Where the double's bet follows, the double was made all
  // the same: the bet and the card after it (which ends the hand) are that refusal's.
  bool double_refused = false;
  int double_refused_by = kNone;  // that refusal's finding (-1 where findings are not wanted)
  bool double_bet_seen = false;   // the bet of that refused double came
  int cause = kNone;         // a finding whose fault decides its settlements (a card it should not have got)
  Money double_owed_on = 0;  // the double the rules allow, where the one placed is above it
  Money wager_owed_on = 0;   // the split wager the rules take, where the one placed is another
  int wager_fault = kNone;   // its wager/amount finding
  int double_fault = kNone;  // the wager/amount finding of a double above what the rules allow

  Points points() const { return ranks.points(); }
  bool busted() const { return points().total > 21; }
  bool done() const {
    Points p = points();
    return stood || p.total >= 21 || ((doubled > 0 || double_bet_seen) && ranks.size() >= 3) ||
           (one_card && ranks.size() >= 2);
  }
};

// A seat's state but its hands: what a seat of an earlier round is reset to, cheaply.
struct SeatFields {
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
  Money Stake() const { return SaturatedAdd(blackjack, ride); }
  int insurance_decision = kNone;
  int insurance_event = kNone;
  Money insurance = 0;
  bool insurance_refused = false;    // its insurance decision was refused: the bet after it too
  bool insurance_bet_seen = false;   // the bet of that refused insurance came
  Money ride_owed_on = 0;            // the ride the rules add, where the one placed is another
  int ride_fault = kNone;            // its wager/amount finding
  int insurance_refused_by = kNone;  // that refusal's finding
  Money insurance_owed_on = 0;       // the insurance the rules allow, where the one placed is above it
  int insurance_fault = kNone;       // its wager/amount finding
  bool war_unknown = false;          // its war card is not a card: the War wager is not judged
  int war_refused_by = kNone;        // the wager/orphan finding of its War wager
  int initial_cards = 0;             // cards of the initial passes received
  bool left = false;                 // play moved on to another seat
};

struct SeatState : SeatFields {
  boost::container::small_vector<Hand, 4> hands;  // hands[i].number == i + 1; a split of up to 4 in place

  // As new, for seat `at`; its hands' room kept.
  void Reset(Seat at) {
    static constexpr SeatFields kFresh{};  // copied, not built anew each seat
    static_cast<SeatFields&>(*this) = kFresh;
    seat = at;
    hands.clear();
  }
  Hand* hand(int number) {
    return number >= 1 && number <= static_cast<int>(hands.size()) ? &hands[number - 1] : nullptr;
  }
  bool split() const { return hands.size() > 1; }
};

// What a replay's containers keep from one round to the next on a thread (as SettlementBook
// does), so that a round allocates nothing once the first few are read: the seats' states,
// the vectors' buffers.
struct BlackjackScratch {
  // The first seats_used are the round's, in the order found; each in place (by pointer, not a
  // deque's two-level index), kept from round to round.
  std::vector<std::unique_ptr<SeatState>> seats;
  size_t seats_used = 0;
  std::unordered_map<Seat, SeatState*> numbered;  // the round's seats not found by number (State)
  std::vector<std::unordered_map<Seat, SeatState*>::node_type> spare;  // numbered's nodes, kept
  std::vector<SeatState*> by_number;                                   // the round's seats by number (Scan)
  std::vector<Seat> order;
  std::vector<int> handled, dealer, dealer_events, shuffles, ranks;
  std::vector<int> settles;  // the settle events, in order (Scan)

  void Clear() {
    seats_used = 0;
    while (!numbered.empty()) spare.push_back(numbered.extract(numbered.begin()));
    for (std::vector<int>* v : {&handled, &dealer, &dealer_events, &settles}) v->clear();
    order.clear();
  }
};

class BlackjackReplay {
 public:
  BlackjackReplay(const RuleSpec& spec, const Round& round, SettlementBook& book, BlackjackScratch& scratch,
                  RoundResult* out, std::vector<std::string>* notes = nullptr)
      : spec_(spec),
        b_(Blackjack(spec)),
        round_(round),
        out_(out),
        report_(out),
        book_(book),
        notes_(notes),
        scratch_(scratch),
        order_(scratch.order),
        handled_(scratch.handled),
        dealer_(scratch.dealer),
        dealer_events_(scratch.dealer_events) {
    book_.Clear();
    scratch_.Clear();
    if (notes_) notes_->assign(round_.events.size(), std::string());
  }

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
  // A finding (Reporter::Add), its message joined from its parts only where findings are
  // wanted (a clean round's replay under another reading only counts them); its index, or -1.
  template <typename... Parts>
  int Add(Code code, const At& at, std::optional<Money> expected, std::optional<Money> actual,
          const Cite& cite, const Parts&... message) {
    return report_.Add(code, at, expected, actual, cite, message...);
  }
  // What the rules expect at `event`, in words, for `pitboss show` (Game::expected): kept only
  // where asked for, joined with "; " where an event gets more than one.
  template <typename MakeText>
  void Note(int event, MakeText make) {
    if (!notes_ || event < 0 || event >= static_cast<int>(notes_->size())) return;
    std::string& note = (*notes_)[static_cast<size_t>(event)];
    note += (note.empty() ? "" : "; ") + std::string(make());
  }
  // The decisions the rules offer hand `h` of seat `s` now.
  std::string Offered(const SeatState& s, const Hand& h) const;
  // The hand a wager of this game is settled on: the War and insurance wagers have none.
  static int HandOf(WagerKind kind, int hand) {
    return kind == WagerKind::kWar || kind == WagerKind::kInsurance ? 0 : (hand > 0 ? hand : 1);
  }
  static int SettledHand(const Event& e) { return HandOf(e.wager, e.hand); }

  // A wager whose settlement does not fit in 64-bit minor units: one finding at its bet, and
  // its settlement is not judged (as in the War engine), rather than judged against a wrong sum.
  void TooLarge(int event, Seat seat, WagerKind kind, Money amount, const Cite& cite,
                std::optional<int> hand) {
    const At at{event, seat, hand.value_or(0), kind};
    if (event == kNone) {
      Add(Code::kWagerLimit, at, std::nullopt, amount, cite, ToString(kind), " wager of ", amount,
          " is too large to settle in 64-bit minor units");
    } else {
      Add(Code::kWagerLimit, at, std::nullopt, amount, cite, Ev(event), ToString(kind), " wager of ", amount,
          " is too large to settle in 64-bit minor units");
    }
  }

  [[gnu::always_inline]] SeatState& State(Seat seat) {
    // Seats numbered as tables number them are found at once; any other number through a map.
    const bool few = seat >= 0 && seat < static_cast<Seat>(kFewSeats);
    if (few && by_seat_[static_cast<size_t>(seat)] != nullptr) return *by_seat_[static_cast<size_t>(seat)];
    SeatState& state = Find(seat, few);
    if (few) by_seat_[static_cast<size_t>(seat)] = &state;
    return state;
  }
  [[gnu::noinline]] SeatState& Find(Seat seat, bool few) {
    if (!few) {
      if (auto it = scratch_.numbered.find(seat); it != scratch_.numbered.end()) return *it->second;
    }
    // The state of an earlier round's seat, made new.
    if (scratch_.seats_used == scratch_.seats.size()) scratch_.seats.push_back(std::make_unique<SeatState>());
    SeatState& state = *scratch_.seats[scratch_.seats_used++];
    state.Reset(seat);
    if (!few && scratch_.spare.empty()) {
      scratch_.numbered.emplace(seat, &state);
    } else if (!few) {  // a node of an earlier round's seat
      auto node = std::move(scratch_.spare.back());
      scratch_.spare.pop_back();
      node.key() = seat;
      node.mapped() = &state;
      scratch_.numbered.insert(std::move(node));
    }
    return state;
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
    Points p = HandPoints(ranks);
    return p.total < 17 || (p.total == 17 && p.soft && b_.dealer_hits_soft_17.value);
  }
  bool DealerBlackjack() const {
    if (dealer_.size() < 2) return false;
    const int two[2] = {dealer_[0], dealer_[1]};
    return HandPoints(two, 2).total == 21;
  }
  bool Natural(const SeatState& s, const Hand& h) const {
    if (h.ranks.size() != 2 || h.points().total != 21) return false;
    return !h.from_split && !s.split() ? true : b_.split_21_is_blackjack.value;
  }
  void Expected();
  // What the hands are settled against: the dealer's cards, up to those the rules stop the
  // dealer at where the dealer drew beyond them.
  struct DealerHand {
    bool known = false;  // false: a later card is not a card, and the dealer's total not known
    bool blackjack = false;
    Points points;
  };
  void ExpectHand(SeatState& s, Hand& h, const DealerHand& dealer);
  void MatchSettlements();
  void MatchSettleEvents();  // each settle event to what is owed, and its findings

  const RuleSpec& spec_;
  const BlackjackRules& b_;
  const Round& round_;
  RoundResult* out_;
  Reporter report_;
  SettlementBook& book_;
  std::vector<std::string>* notes_;  // Note's, or nullptr
  BlackjackScratch& scratch_;

  static constexpr size_t kFewSeats = 16;
  std::array<SeatState*, kFewSeats> by_seat_{};  // the states of seats 0 to 15, once found
  std::vector<Seat>& order_;                     // seats in play, in the deal order
  int first_draw_ = INT_MAX;
  int burns_ = 0;              // burns in the round (Scan)
  int initial_end_ = INT_MAX;  // the first event after the initial deal
  int second_pass_ = INT_MAX;  // the first card of the second pass of the hands
  int war_passes_ = 0;         // passes of war cards apart from the hands (0 or 1)
  int initial_stop_ = 0;       // the event after the last card of the initial passes
  std::vector<int>& handled_;  // events already judged as a whole (a card to a seat not in play)
  std::vector<int>& dealer_;   // the dealer's ranks: up card, hole card, draws
  std::vector<int>& dealer_events_;
  int dealer_war_rank = 0;
  bool dealer_war_unknown_ = false;  // the dealer's war card is not a card
  int dealer_initial_cards_ = 0;     // cards of the initial passes the dealer received
  bool play_started_ = false;        // a hand's decision was made: insurance is closed
  Seat playing_ = kNone;             // the seat whose hands are being played
  bool dealer_drew_ = false;         // the dealer has drawn after the initial deal
  bool order_reported_ = false;
  bool initial_ok_ = true;
  bool dealer_unknown_ = false;  // a dealer's card is not a card: nothing that depends on it is judged
  // Where the dealer drew a card the rules forbid: the dealer's cards the rules stop at (0: none
  // such), and its deal/dealer-play finding, to which what each hand was paid beside what it
  // is owed against those cards is added (the restitution an auditor asks for).
  size_t dealer_correct_ = 0;
  int dealer_fault_ = kNone;
};

// First pass over the events: the first card, the initial bets, the seats in play.
void BlackjackReplay::Scan() {
  const auto& ev = round_.events;
  std::vector<int>& shuffles = scratch_.shuffles;
  shuffles.clear();
  const int n = static_cast<int>(ev.size());  // not reread each event: the loop's calls hide it
  for (int i = 0; i < n; ++i) {
    const Event& e = ev[i];
    // Wagers close before the first card is dealt (20:18:15:03); a burn is no card dealt.
    switch (e.type) {
      case EventType::kShuffle:
        shuffles.push_back(i);
        Note(i, [&] {
          return Cat("the rules allow ", spec_.decks.min,
                     spec_.decks.max != spec_.decks.min ? Cat(" to ", spec_.decks.max) : std::string(),
                     " decks; ", b_.burns_after_shuffle.value, " burned after a shuffle");
        });
        break;
      case EventType::kDeal:
        if (first_draw_ == INT_MAX) first_draw_ = i;
        break;
      case EventType::kBurn:
        ++burns_;
        break;
      case EventType::kSettle:
        scratch_.settles.push_back(i);
        break;
      case EventType::kBet:
        if (i < first_draw_) CheckInitialBet(i);
        break;
      default:
        break;
    }
  }
  CheckShuffles(spec_, round_, shuffles, first_draw_, report_);
  // The seats that bet, by number.
  std::vector<SeatState*>& seats = scratch_.by_number;
  seats.clear();
  for (size_t k = 0; k < scratch_.seats_used; ++k) seats.push_back(scratch_.seats[k].get());
  std::sort(seats.begin(), seats.end(),
            [](const SeatState* a, const SeatState* b) { return a->seat < b->seat; });
  for (SeatState* state : seats) {
    SeatState& s = *state;
    const Seat seat = s.seat;
    if (s.war_event != kNone && !s.in_play) {
      s.war_refused_by =
          ReportOrphan(spec_, report_, s.war_event, seat, WagerKind::kWar, WagerKind::kBlackjack, s.war);
      s.war_valid = false;
    }
    // Each wager's bets together, against its limits.
    if (s.in_play)
      CheckLimits(spec_, round_, report_, s.blackjack_event, seat, WagerKind::kBlackjack, s.blackjack);
    if (s.war_valid) CheckLimits(spec_, round_, report_, s.war_event, seat, WagerKind::kWar, s.war);
    if (s.war_event != kNone) book_.Place(seat, 0, WagerKind::kWar, s.war_valid, s.war_refused_by);
    if (s.in_play) {
      book_.Place(seat, 1, WagerKind::kBlackjack, true);
      order_.push_back(seat);
    }
  }
  if (b_.deal_order.value == SeatOrder::kDescending) std::reverse(order_.begin(), order_.end());
  war_passes_ = b_.war_offered && !b_.war_cards_start_hands.value ? 1 : 0;
}

void BlackjackReplay::CheckInitialBet(int i) {
  const Event& e = round_.events[i];
  SeatState& s = State(e.seat);
  if (e.wager != WagerKind::kBlackjack && e.wager != WagerKind::kWar) {
    const bool later =
        e.wager == WagerKind::kDouble || e.wager == WagerKind::kSplit || e.wager == WagerKind::kInsurance;
    const int refused =
        later ? Add(Code::kWagerLate, At{i, e.seat, 0, e.wager}, std::nullopt, e.amount,
                    spec_.wager(WagerKind::kBlackjack).cite, Ev(i), ToString(e.wager),
                    " wager placed before any card, where the rules take it only after its decision")
              : ReportForeignWager(spec_, report_, i, e, WagerKind::kBlackjack);
    if (e.wager != WagerKind::kUnknown) book_.Place(e.seat, HandOf(e.wager, e.hand), e.wager, false, refused);
    return;
  }
  if (e.wager == WagerKind::kWar && !spec_.wager(WagerKind::kWar).offered) {
    book_.Place(
        e.seat, 0, WagerKind::kWar, false,
        Add(Code::kWagerLate, At{i, e.seat, 0, e.wager}, std::nullopt, e.amount,
            spec_.wager(WagerKind::kBlackjack).cite, Ev(i), "a War wager, which this game does not have"));
    return;
  }
  bool first = e.wager == WagerKind::kBlackjack ? s.blackjack_event == kNone : s.war_event == kNone;
  if (e.wager == WagerKind::kBlackjack) {
    if (first) s.blackjack_event = i;
    s.blackjack = SaturatedAdd(s.blackjack, e.amount);  // never wrapped
    s.in_play = true;
  } else {
    if (first) s.war_event = i;
    s.war = SaturatedAdd(s.war, e.amount);
    s.war_valid = true;
    out_->touched |= part::kBjWarWager;
  }
}

// Burns: the house's number right after a shuffle, before the first card of the new shoe;
// none anywhere else.
void BlackjackReplay::CheckBurns() {
  // No burn where the rules burn none, or burn none but after a shuffle and there is none.
  if (burns_ == 0 && (scratch_.shuffles.empty() || b_.burns_after_shuffle.value == 0)) return;
  const auto& ev = round_.events;
  bool after_shuffle = false;
  int burns = 0;
  auto judge = [&](int at) {
    int want = after_shuffle ? b_.burns_after_shuffle.value : 0;
    if (burns != want) {
      Add(Code::kDealBurnCount, At{at}, want, burns, b_.burns_after_shuffle.cite, Ev(at), burns,
          burns == 1 ? " card" : " cards", " burned before this card; the rules burn ", want,
          after_shuffle ? " after a shuffle" : " here");
    }
    after_shuffle = false;
    burns = 0;
  };
  const int n = static_cast<int>(ev.size());
  for (int i = 0; i < n; ++i) {
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
  // The `at`th card of the initial passes is the seat's of the deal order, or the dealer's: the
  // `slot`th of pass `pass`, both counted as the cards come rather than divided out of `at`.
  const size_t pass_cards = order_.size() + 1, cards = static_cast<size_t>(passes) * pass_cards;
  size_t at = 0, slot = 0;
  int pass = 0;
  auto expected = [&] { return slot == order_.size() ? kDealer : order_[slot]; };
  const Cite& cite = b_.deal_order.cite;
  bool order_reported = false;
  const int n = static_cast<int>(ev.size());
  for (int i = first_draw_; i < n && at < cards; ++i) {
    const Event& e = ev[i];
    if (e.type != EventType::kDeal) continue;  // burns: judged by the shoe's rules below
    if (e.seat != kDealer && !State(e.seat).in_play) {
      Add(Code::kDealMissingCard, At{i, e.seat}, std::nullopt, std::nullopt, cite, Ev(i),
          "a card dealt to seat ", e.seat, ", which has no blackjack wager");
      handled_.push_back(i);
      continue;
    }
    if (e.hand > 1) break;
    if (e.seat != expected() && !order_reported) {
      Add(Code::kDealOrder, At{i, e.seat}, std::nullopt, std::nullopt, cite, Ev(i), "a card to ", Who(e.seat),
          " where the rules deal to ", Who(expected()), " (each pass: the seats in ",
          ToString(b_.deal_order.value), " order, then the dealer)");
      order_reported = true;
    }
    initial_stop_ = i + 1;
    Note(i, [&] {
      const Seat want = expected();
      const bool hole = want == kDealer && pass == war_passes_ + 1;
      return Cat("the rules deal pass ", pass + 1, " of ", passes, " to ", Who(want),
                 want == kDealer && pass < war_passes_ ? ": the dealer's war card" : "",
                 hole ? (b_.dealer_hole_card.value ? ": the hole card, face down"
                                                   : ": the dealer's second card, face up")
                      : "");
    });
    if (pass == war_passes_ + 1 && second_pass_ == INT_MAX) second_pass_ = i;
    ++at;
    if (++slot == pass_cards) {
      slot = 0;
      ++pass;
    }
    initial_end_ = i + 1;
  }
  if (at < cards) {
    // Missing initial cards: found per hand when the hands are judged.
    initial_ok_ = false;
    if (initial_end_ == INT_MAX) initial_end_ = static_cast<int>(ev.size());
  }
  if (second_pass_ == INT_MAX) second_pass_ = initial_end_;
}

void BlackjackReplay::Replay() {
  const auto& ev = round_.events;
  // The events handled, in event order; the initial deals, every other deal before
  // initial_stop_ (CheckInitialDeal).
  size_t next_handled = 0;
  const int n = static_cast<int>(ev.size());
  for (int i = first_draw_; i < n; ++i) {
    const Event& e = ev[i];
    if (next_handled < handled_.size() && handled_[next_handled] == i) {
      ++next_handled;
      continue;
    }
    switch (e.type) {
      case EventType::kDeal:
        if (i < initial_stop_) {
          int pass_cards_before = 0;  // this recipient's cards so far
          // A card that is not a card (input/bad-card) keeps its place, as rank 0, and makes
          // what depends on it unjudged: the dealer's play and every settlement for a dealer's
          // card, the hand (and the War wager, for its war card) for a seat's.
          const int rank = e.card ? e.card->rank : 0;
          if (e.seat == kDealer) {
            pass_cards_before = dealer_initial_cards_++;
            if (pass_cards_before < war_passes_) {
              dealer_war_rank = rank;
              dealer_war_unknown_ = !e.card;
            } else {
              dealer_.push_back(rank);
              dealer_events_.push_back(i);
              dealer_unknown_ |= !e.card;
            }
          } else {
            SeatState& s = State(e.seat);
            pass_cards_before = s.initial_cards++;
            bool war_card = pass_cards_before == 0;
            if (war_card) {
              s.war_card = i;
              s.war_rank = rank;
              s.war_unknown = !e.card;
            }
            if (pass_cards_before >= war_passes_) {
              if (s.hands.empty()) s.hands.emplace_back();
              s.hands[0].ranks.push_back(rank);
              s.hands[0].events.emplace_back(i);
              s.hands[0].unknown |= !e.card;
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
  const int rank = e.card ? e.card->rank : 0;  // 0: not a card (input/bad-card), kept in its place
  if (e.seat == kDealer) {
    Note(i, [&] {
      if (dealer_.size() < 2 || dealer_unknown_) return std::string("a card the dealer draws");
      const Points p = HandPoints(dealer_);
      return Cat("the dealer holds ", Soft(p), p.total, ": the rules ",
                 DealerMustDraw(dealer_) ? "have the dealer draw" : "have the dealer stand",
                 b_.dealer_hits_soft_17.value ? " (hitting soft 17)" : " (standing on soft 17)");
    });
    dealer_.push_back(rank);
    dealer_events_.push_back(i);
    dealer_unknown_ |= !e.card;
    dealer_drew_ = true;
    return;
  }
  SeatState& s = State(e.seat);
  int number = e.hand > 0 ? e.hand : 1;
  Hand* h = s.hand(number);
  if (!s.in_play || !h) {
    const At at{i, e.seat, number};
    if (s.in_play) {
      Add(Code::kDealMissingCard, at, std::nullopt, std::nullopt, b_.deal_order.cite, Ev(i), "a card to ",
          Who(e.seat, number), ", a hand the seat does not have");
    } else {
      Add(Code::kDealMissingCard, at, std::nullopt, std::nullopt, b_.deal_order.cite, Ev(i),
          "a card to seat ", e.seat, ", which has no blackjack wager");
    }
    return;
  }
  CheckPlayOrder(i, s, number);
  h->events.emplace_back(i);
  if (!e.card || h->unknown) {  // a hand of a card that is not one: nothing more of it is judged
    h->unknown = true;
    h->ranks.push_back(rank);
    h->double_pending = h->hit_pending = false;
    return;
  }
  if (h->ranks.size() < 2) {  // a split hand's second card
    // Each split hand is finished before another of the seat's hands gets its second card:
    // a hand still open now must not act again.
    for (Hand& other : s.hands) {
      if (&other != h && other.ranks.size() >= 2 && !other.done() && !Natural(s, other)) other.left = true;
    }
    h->ranks.push_back(rank);
    return;
  }
  if (h->double_pending || (h->doubled > 0 && h->ranks.size() == 2)) {
    h->ranks.push_back(rank);
    h->double_pending = false;
    return;
  }
  if (h->split_aces && b_.split_aces_one_card.value) {
    // The card does not join the hand: what it was settled at beside what the rules owe the
    // hand without it is money this fault moved.
    const int fault = Add(Code::kDealMissingCard, At{i, e.seat, number}, std::nullopt, std::nullopt,
                          b_.split_aces_one_card.cite, Ev(i), "a second card to a split ace of ",
                          Who(e.seat, number), ", which gets only one");
    if (h->cause == kNone) h->cause = fault;
    return;
  }
  if (h->busted() || h->stood || (h->doubled > 0 && h->ranks.size() >= 3) || h->points().total == 21) {
    const char* why = h->busted()      ? "had busted"
                      : h->stood       ? "had stood"
                      : h->doubled > 0 ? "was doubled and had its card"
                                       : "had 21";
    // As above: the card does not join the finished hand.
    const int fault = Add(Code::kDealMissingCard, At{i, e.seat, number}, std::nullopt, std::nullopt,
                          b_.deal_order.cite, Ev(i), "a card to ", Who(e.seat, number), ", which ", why);
    if (h->cause == kNone) h->cause = fault;
    return;
  }
  if (!h->hit_pending && !h->missing_decision_reported) {
    Add(Code::kDecisionMissing, At{i, e.seat, number}, std::nullopt, std::nullopt, b_.deal_order.cite, Ev(i),
        "a card to ", Who(e.seat, number), " with no hit decision logged before it");
    h->missing_decision_reported = true;
  }
  h->hit_pending = false;
  h->ranks.push_back(rank);
}

// The seats play their hands in the deal order, each finishing before the next, and all of
// them before the dealer draws; a seat's split hands likewise (see OnDeal). What is out of
// order is a seat (or hand) that acts again after play moved on from it, not the moving on
// itself: a hand left unfinished with no decision is decision/missing, one finding. One
// finding a round: what follows a first fault of order is out of order for the same reason.
std::string BlackjackReplay::Offered(const SeatState& s, const Hand& h) const {
  if (h.done()) return "nothing: the hand is finished";
  std::string offered = "stand";
  if (!(h.split_aces && b_.split_aces_one_card.value)) offered += ", hit";
  const Points p = h.points();
  const int lo = b_.double_on.value == DoubleOn::kNineToEleven  ? 9
                 : b_.double_on.value == DoubleOn::kTenToEleven ? 10
                                                                : 0;
  if (b_.double_offered.value && h.ranks.size() == 2 && !Natural(s, h) &&
      (!h.from_split || b_.double_after_split.value) && !(h.split_aces && b_.split_aces_one_card.value) &&
      !(lo && (p.soft || p.total < lo || p.total > 11)) && h.doubled == 0 && !h.double_pending) {
    offered += ", double";
  }
  const bool pair =
      h.ranks.size() == 2 && (b_.split_by_points.value ? CardPoints(h.ranks[0]) == CardPoints(h.ranks[1])
                                                       : h.ranks[0] == h.ranks[1]);
  if (pair && static_cast<int>(s.hands.size()) < b_.split_max_hands.value &&
      !(h.split_aces && !b_.resplit_aces.value)) {
    offered += ", split";
  }
  return offered;
}

void BlackjackReplay::CheckPlayOrder(int i, SeatState& s, int hand) {
  if (order_reported_ || report_.moot()) return;  // its state is its findings' alone
  auto report = [&](const auto&... why) {
    order_reported_ = true;
    Add(Code::kDealOrder, At{i, s.seat, hand}, std::nullopt, std::nullopt, b_.deal_order.cite, Ev(i), why...);
  };
  if (dealer_drew_) return report(Who(s.seat), " plays after the dealer has drawn");
  if (Hand* h = s.hand(hand); h && h->left) {
    return report(Who(s.seat, hand), " plays again after another of the seat's hands got its second card");
  }
  if (playing_ == s.seat) return;
  if (s.left) return report(Who(s.seat), " plays again after seat ", playing_);
  // Both seats are in play, so in order_: ascending, reversed where the rules deal descending
  // (Scan). Compared by number, not found in it: a round of many seats asks once a seat.
  const bool descending = b_.deal_order.value == SeatOrder::kDescending;
  if (playing_ != kNone && (descending ? s.seat > playing_ : s.seat < playing_)) {
    return report(Who(s.seat), " plays after seat ", playing_, ", against the deal order");
  }
  if (playing_ != kNone) State(playing_).left = true;
  playing_ = s.seat;
}

void BlackjackReplay::OnDecision(int i) {
  const Event& e = round_.events[i];
  SeatState& s = State(e.seat);
  int refusal = kNone;  // the last not_offered's finding
  // The decision refused: `hand` 0 for a seat's choice (the War wager's, insurance), then the
  // reason's parts.
  auto not_offered = [&](const Cite& cite, int hand, const auto&... why) {
    refusal = Add(Code::kDecisionNotOffered, At{i, e.seat, hand}, std::nullopt, std::nullopt, cite, Ev(i),
                  ToString(e.action), " by seat ", e.seat, ": ", why...);
  };
  if (e.action == Action::kCollect || e.action == Action::kRide) {
    out_->touched |= part::kBjWarWager | (e.action == Action::kRide ? part::kBjRide : 0);
    Note(i, [&] {
      return std::string("offered on a won War wager, before the second card is dealt: collect, ride");
    });
    const Cite& cite = b_.ride_adds_stake.cite;
    if (!b_.war_offered || !s.war_valid || s.war_card == kNone) {
      not_offered(cite, 0, "the seat has no War wager in play");
    } else if (s.war_decision != kNone) {
      not_offered(cite, 0, "the seat already chose at event ", s.war_decision);
    } else if (i >= second_pass_) {
      not_offered(cite, 0, "the choice closes when the second card is dealt");
    } else {
      // Whether the War was won is known once the dealer's war card is out.
      s.war_decision = i;
      s.war_action = e.action;
    }
    return;
  }
  if (e.action == Action::kInsurance) {
    out_->touched |= part::kBjInsurance;
    Note(i, [&] {
      return b_.insurance_offered.value
                 ? std::string(
                       "insurance is offered when the dealer shows an ace, once the hole card is dealt and "
                       "before any hand is played")
                 : std::string("the rules offer no insurance");
    });
    const Cite& cite = b_.insurance_offered.cite;
    // A refused insurance is still taken: the bet that follows it is that refusal's, not a
    // finding of its own.
    auto refuse = [&](const char* why) {
      not_offered(cite, 0, why);
      if (!s.insurance_refused && s.insurance_decision == kNone) {
        s.insurance_refused = true;
        s.insurance_refused_by = refusal;
      }
    };
    const bool up_unknown = !dealer_.empty() && dealer_[0] == 0;  // not a card: not judged
    if (!b_.insurance_offered.value) return refuse("the rules offer no insurance");
    if (!up_unknown && (dealer_.empty() || dealer_[0] != 14)) {
      return refuse("insurance is offered only when the dealer shows an ace");
    }
    if (i < initial_end_) return refuse("insurance is taken after the hole card is dealt");
    if (play_started_) return refuse("insurance is taken before any hand is played");
    if (s.insurance_decision != kNone) return refuse("the seat already took insurance");
    s.insurance_decision = i;
    return;
  }
  int number = e.hand > 0 ? e.hand : 1;
  Hand* h = s.hand(number);
  if (!s.in_play || !h) {
    return not_offered(b_.deal_order.cite, number, "no ", Who(e.seat, number), " is in play");
  }
  if (i < initial_end_)
    return not_offered(b_.deal_order.cite, number, "hands are played after the initial deal");
  play_started_ = true;
  CheckPlayOrder(i, s, number);
  Note(i, [&] {
    return h->unknown ? std::string("a hand holding a card that is not a card: not judged")
                      : Cat("offered to ", Who(e.seat, number), " on ", Soft(h->points()), h->points().total,
                            ": ", Offered(s, *h));
  });
  if (h->unknown) {  // a card of the hand is not a card: its decisions are taken as logged
    h->stood |= e.action == Action::kStand;
    h->hit_pending |= e.action == Action::kHit;
    if (e.action == Action::kDouble && h->double_event == kNone) {
      h->double_pending = true;
      h->double_event = i;
    }
    if (e.action == Action::kSplit && h->ranks.size() == 2) {
      // Each of the two hands is unknown only if it holds the card that is not one (rank 0).
      Hand added;
      added.number = static_cast<int>(s.hands.size()) + 1;
      added.from_split = true;
      added.ranks.push_back(h->ranks[1]);
      added.events.emplace_back(h->events.size() > 1 ? h->events[1] : i);
      added.unknown = h->ranks[1] == 0;
      h->ranks.pop_back();
      if (h->events.size() > 1) h->events.pop_back();
      h->from_split = true;
      h->unknown = h->ranks[0] == 0;
      s.hands.push_back(added);
    }
    return;
  }
  Points p = h->points();
  if (e.action == Action::kDouble) out_->touched |= part::kBjDouble;
  if (e.action == Action::kSplit) out_->touched |= part::kBjSplit;
  if (e.action == Action::kSurrender) out_->touched |= part::kBjSurrender;
  // A split ace's one card, and 21 on a split hand, are the split rules'.
  if (h->from_split) out_->touched |= part::kBjSplit;
  switch (e.action) {
    case Action::kStand:
      if (h->done())
        return not_offered(b_.deal_order.cite, number, Who(e.seat, number), " is already finished");
      h->stood = true;
      return;
    case Action::kHit:
      if (h->split_aces && b_.split_aces_one_card.value) {
        h->judged = false;
        return not_offered(b_.split_aces_one_card.cite, number, "a split ace gets one card only");
      }
      if (h->done())
        return not_offered(b_.deal_order.cite, number, Who(e.seat, number), " is already finished");
      h->hit_pending = true;
      return;
    case Action::kDouble: {
      const Cite& cite = b_.double_on.cite;
      // A refused double whose bet follows is made all the same (OnBet).
      auto refuse = [&](const Cite& c, const auto&... why) {
        not_offered(c, number, why...);
        if (!h->double_refused && h->doubled == 0 && !h->double_pending) {
          h->double_refused = true;
          h->double_refused_by = refusal;
        }
      };
      if (!b_.double_offered.value) return refuse(b_.double_offered.cite, "the rules offer no double");
      if (h->ranks.size() != 2) return refuse(cite, "a double is offered on the first two cards only");
      if (Natural(s, *h)) return refuse(b_.double_offered.cite, "no double on a blackjack");
      if (h->from_split && !b_.double_after_split.value) {
        return refuse(b_.double_after_split.cite, "no double after a split");
      }
      if (h->split_aces && b_.split_aces_one_card.value) {
        return refuse(b_.split_aces_one_card.cite, "a split ace gets one card only");
      }
      int lo = b_.double_on.value == DoubleOn::kNineToEleven  ? 9
               : b_.double_on.value == DoubleOn::kTenToEleven ? 10
                                                              : 0;
      if (lo && (p.soft || p.total < lo || p.total > 11)) {
        return refuse(cite, "a double is offered only on totals of ", lo, " to 11");
      }
      if (h->doubled > 0 || h->double_pending) return refuse(cite, "the hand is already doubled");
      h->double_pending = true;
      h->double_event = i;
      return;
    }
    case Action::kSplit: {
      const Cite& cite = b_.split_by_points.cite;
      if (h->ranks.size() != 2)
        return not_offered(cite, number, "only the first two cards of a hand can be split");
      const bool same_points = CardPoints(h->ranks[0]) == CardPoints(h->ranks[1]);
      const bool same_rank = h->ranks[0] == h->ranks[1];
      if (same_points != same_rank) out_->touched |= part::kBjSplitPairs;  // a ten and a king
      const bool pair = b_.split_by_points.value ? same_points : same_rank;
      if (!pair) {
        const char first[] = {RankChar(h->ranks[0]), '\0'};
        const char second[] = {RankChar(h->ranks[1]), '\0'};
        return not_offered(cite, number, first, " and ", second, " are not ",
                           b_.split_by_points.value ? "of the same value" : "of the same rank");
      }
      // A first split is allowed by every max_hands of a game that splits (the loader's rule:
      // one hand is a game without a split wager, a part every round touches).
      if (s.hands.size() > 1) out_->touched |= part::kBjSplitMax;
      if (static_cast<int>(s.hands.size()) >= b_.split_max_hands.value) {
        return not_offered(b_.split_max_hands.cite, number, "the seat already has ",
                           static_cast<int>(s.hands.size()), " hands, the most the rules allow");
      }
      if (h->split_aces && !b_.resplit_aces.value)
        return not_offered(b_.resplit_aces.cite, number, "split aces are not split again");
      Hand added;
      added.number = static_cast<int>(s.hands.size()) + 1;
      added.from_split = true;
      added.split_aces = h->ranks[0] == 14;
      added.ranks.push_back(h->ranks[1]);
      added.events.emplace_back(h->events.size() > 1 ? h->events[1] : i);
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
      return not_offered(b_.surrender_offered.cite, number, "the rules offer no surrender");
    default:
      return not_offered(b_.deal_order.cite, number, "not a blackjack decision");
  }
}

void BlackjackReplay::OnBet(int i) {
  const Event& e = round_.events[i];
  SeatState& s = State(e.seat);
  int number = e.hand > 0 ? e.hand : 1;
  // A wager refused: still placed, its settlement that refusal's money (SettlementBook).
  auto late = [&](const Cite& cite, const auto&... why) {
    const int refused =
        Add(Code::kWagerLate,
            At{i, e.seat, number, e.wager == WagerKind::kUnknown ? std::nullopt : std::optional(e.wager)},
            std::nullopt, e.amount, cite, Ev(i), why...);
    if (e.wager != WagerKind::kUnknown) book_.Place(e.seat, HandOf(e.wager, e.hand), e.wager, false, refused);
  };
  auto amount = [&](const Cite& cite, Money want, const auto&... why) {
    return Add(Code::kWagerAmount, At{i, e.seat, e.wager == WagerKind::kInsurance ? 0 : number, e.wager},
               want, e.amount, cite, Ev(i), why...);
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
      Money want = b_.ride_adds_stake.value ? SaturatedAdd(*winnings, s.war) : *winnings;
      Note(i, [&] { return Cat("the rules add a ride of ", want); });
      if (e.amount != want) {
        // The hand is owed on the ride the rules add; what it was paid beyond is this fault's.
        s.ride_fault =
            amount(b_.ride_adds_stake.cite, want, "ride of ", e.amount, "; the rules add ", want,
                   b_.ride_adds_stake.value ? " (the War stake and winnings)" : " (the War winnings)");
        s.ride_owed_on = want;
      }
      return;
    }
    case WagerKind::kDouble: {
      out_->touched |= part::kBjDouble;
      Hand* h = s.hand(number);
      if (h && h->double_refused && !h->double_bet_seen && h->doubled == 0) {
        h->double_bet_seen = true;  // the bet of a refused double: that refusal's
        h->double_pending = true;   // the card after it is the double's, and ends the hand
        book_.Place(e.seat, number, WagerKind::kDouble, false, h->double_refused_by);
        return;
      }
      if (!h || !h->double_pending || h->doubled > 0) {
        return late(spec_.wager(WagerKind::kDouble).cite, "double wager with no double decision before it");
      }
      book_.Place(e.seat, number, WagerKind::kDouble, true);
      h->doubled = e.amount;
      Money base = number == 1 ? s.Stake() : h->wager;
      // A ratio past 64 bits allows any amount a log can hold.
      Money max = ApplyRatio(base, b_.double_max.value).value_or(std::numeric_limits<Money>::max());
      Note(i, [&] { return Cat("the rules allow a double of at most ", max, " on a hand wager of ", base); });
      if (e.amount > max || e.amount <= 0) {
        const int fault = amount(b_.double_max.cite, max, "double of ", e.amount, " on a hand wager of ",
                                 base, "; the rules allow at most ", max);
        if (e.amount > max) {  // owed on the double allowed: what the amount over moved is this fault's
          h->double_owed_on = max;
          h->double_fault = fault;
        }
      }
      return;
    }
    case WagerKind::kSplit: {
      out_->touched |= part::kBjSplit;
      Hand* h = s.hand(number);
      if (!h || !h->from_split || h->number == 1 || h->wager_event != kNone) {
        return late(spec_.wager(WagerKind::kSplit).cite,
                    "split wager with no split decision that made the hand");
      }
      book_.Place(e.seat, number, WagerKind::kSplit, true);
      h->wager = e.amount;
      h->wager_event = i;
      Money want = s.Stake();
      Note(i, [&] { return Cat("the rules take a split wager equal to the original wager: ", want); });
      if (e.amount != want) {
        h->wager_fault = amount(spec_.wager(WagerKind::kSplit).cite, want, "split wager of ", e.amount,
                                "; the rules take one equal to the original wager of ", want);
        h->wager_owed_on = want;  // owed on the wager the rules take
      }
      return;
    }
    case WagerKind::kInsurance: {
      out_->touched |= part::kBjInsurance;
      if (s.insurance_refused && !s.insurance_bet_seen && s.insurance_decision == kNone) {
        s.insurance_bet_seen = true;  // the bet of a refused insurance: that refusal's
        book_.Place(e.seat, 0, WagerKind::kInsurance, false, s.insurance_refused_by);
        return;
      }
      if (s.insurance_decision == kNone || s.insurance_event != kNone) {
        return late(b_.insurance_offered.cite, "insurance wager with no insurance decision before it");
      }
      book_.Place(e.seat, 0, WagerKind::kInsurance, true);
      s.insurance_event = i;
      s.insurance = e.amount;
      Money max = ApplyRatio(s.Stake(), b_.insurance_max.value).value_or(std::numeric_limits<Money>::max());
      Note(i, [&] { return Cat("the rules allow insurance of at most ", max); });
      if (e.amount > max || e.amount <= 0) {
        const int fault = amount(b_.insurance_max.cite, max, "insurance of ", e.amount,
                                 "; the rules allow at most ", max, " on a blackjack wager of ", s.Stake());
        if (e.amount > max) {  // owed on the insurance allowed
          s.insurance_owed_on = max;
          s.insurance_fault = fault;
        }
      }
      return;
    }
    default: {
      const std::string_view name =
          e.wager == WagerKind::kUnknown ? std::string_view(e.text) : ToString(e.wager);
      const WagerRule& rule =
          e.wager == WagerKind::kUnknown ? spec_.wager(WagerKind::kBlackjack) : spec_.wager(e.wager);
      return late(rule.offered ? rule.cite : spec_.wager(WagerKind::kBlackjack).cite, name,
                  " wager placed after the first card was drawn");
    }
  }
}

// Every hand in play got its cards and its decisions.
void BlackjackReplay::CheckHandsFinished() {
  for (Seat seat : order_) {
    SeatState& s = State(seat);
    if (s.hands.empty()) s.hands.emplace_back();
    for (Hand& h : s.hands) {
      int last = round_.events.empty() ? 0 : static_cast<int>(round_.events.size()) - 1;
      if (h.ranks.size() < 2) {
        const int at = h.events.empty() ? last : h.events.back();
        Add(Code::kDealMissingCard, At{at, seat, h.number}, 2, static_cast<Money>(h.ranks.size()),
            b_.deal_order.cite, Ev(at), Who(seat, h.number), " has ", static_cast<int>(h.ranks.size()),
            h.ranks.size() == 1 ? " card" : " cards", "; every hand gets two");
        h.judged = false;
        continue;
      }
      if (h.unknown) continue;  // a card of it is not a card: nothing of it is judged
      // A refused double that was made ends the hand with the card after it, or without one.
      if (h.double_bet_seen) continue;
      if ((h.double_pending || h.doubled > 0) && h.ranks.size() < 3) {
        int at = h.double_event != kNone ? h.double_event : h.events.back();
        Add(Code::kDealMissingCard, At{at, seat, h.number}, std::nullopt, std::nullopt, b_.double_on.cite,
            Ev(at), Who(seat, h.number), " was doubled and got no card");
        h.judged = false;
        continue;
      }
      if (h.double_pending && h.doubled == 0) {
        Add(Code::kWagerAmount, At{h.double_event, seat, h.number, WagerKind::kDouble}, std::nullopt, 0,
            b_.double_max.cite, Ev(h.double_event), Who(seat, h.number),
            " doubled with no double wager placed");
      }
      if (!h.done() && !Natural(s, h) && !h.missing_decision_reported && h.judged) {
        int at = h.events.back();
        const Points p = h.points();
        Add(Code::kDecisionMissing, At{at, seat, h.number}, std::nullopt, std::nullopt, b_.deal_order.cite,
            Ev(at), Who(seat, h.number), " left at ", Soft(p), p.total,
            " with no stand, hit or other decision to finish it");
      }
    }
    if (s.war_valid && s.war_card != kNone && s.war_won.value_or(false) == false) {
      // (judged in Expected, once the dealer's war card is known)
    }
  }
}

void BlackjackReplay::CheckDealerPlay() {
  if (dealer_.size() < 2) return;  // a missing dealer card: the deal's finding
  if (dealer_unknown_) return;     // a dealer's card is not a card: the play is not judged
  bool in_play = false, unknown = false;
  for (Seat seat : order_) {
    const SeatState& s = State(seat);
    for (const Hand& h : s.hands) {
      unknown |= h.unknown;
      if (!h.unknown && h.ranks.size() >= 2 && !h.busted() && !Natural(s, h)) in_play = true;
    }
  }
  // Whether a hand of a card that is not a card is still in play is not known: the dealer's
  // play is judged only where a known hand decides it.
  if (unknown && !in_play && !b_.dealer_draws_without_hand_in_play.value) return;
  const Cite& cite = b_.dealer_hits_soft_17.cite;
  bool draws = !DealerBlackjack() && (in_play || b_.dealer_draws_without_hand_in_play.value);
  std::vector<int>& ranks = scratch_.ranks;
  ranks.assign({dealer_[0], dealer_[1]});
  for (size_t k = 2; k <= dealer_.size(); ++k) {
    bool must = draws && DealerMustDraw(ranks);
    if (k == dealer_.size()) {
      if (must) {
        int at = dealer_events_.back();
        const Points p = HandPoints(ranks);
        Add(Code::kDealDealerPlay, At{at, kDealer}, std::nullopt, std::nullopt, cite, Ev(at),
            "the dealer stood on ", Soft(p), p.total, " where the rules require a draw");
      }
      break;
    }
    if (!must) {
      int at = dealer_events_[k];
      const Points p = HandPoints(ranks);
      const char* why =
          !draws ? (DealerBlackjack() ? "the dealer has blackjack" : "no player's hand is left in play")
                 : "the rules require the dealer to stand on ";
      // Each hand is owed what it would be against the cards the rules stop at: what it was
      // paid beside that is this fault's (Expected).
      const Cite& by = !draws && !DealerBlackjack() ? b_.dealer_draws_without_hand_in_play.cite : cite;
      dealer_fault_ = draws ? Add(Code::kDealDealerPlay, At{at, kDealer}, std::nullopt, std::nullopt, by,
                                  Ev(at), "the dealer drew a card: ", why, Soft(p), p.total)
                            : Add(Code::kDealDealerPlay, At{at, kDealer}, std::nullopt, std::nullopt, by,
                                  Ev(at), "the dealer drew a card: ", why);
      dealer_correct_ = k;
      break;
    }
    ranks.push_back(dealer_[k]);
  }
}

void BlackjackReplay::Expected() {
  // Rank 0 is a card that is not a card (input/bad-card): what depends on it is not judged.
  bool dealer_known = dealer_.size() >= 2 && dealer_[0] != 0 && dealer_[1] != 0;
  if (!dealer_.empty() && dealer_[0] == 14) out_->touched |= part::kBjInsurance;
  int dealer_war = war_passes_ ? dealer_war_rank : (dealer_.empty() ? 0 : dealer_[0]);
  std::optional<DealerHand> dealer_then;  // once a hand is settled
  for (Seat seat : order_) {
    SeatState& s = State(seat);
    // The War wager, on the first cards.
    if (s.war_valid && s.war_card != kNone && dealer_war && !s.war_unknown) {
      int mine = b_.WarValue(s.war_rank), theirs = b_.WarValue(dealer_war);
      // By points and by rank compare most cards alike: the reading decides only the others.
      const bool by_points = b_.war_by_points.value;
      const int other = b_.WarValue(s.war_rank, !by_points) - b_.WarValue(dealer_war, !by_points);
      if ((mine > theirs) != (other > 0) || (mine == theirs) != (other == 0))
        out_->touched |= part::kBjWarByPoints;
      bool won = mine > theirs;
      s.war_won = won;
      const Payout& p = won ? b_.pays_war_win : mine == theirs ? b_.pays_war_tie : b_.pays_war_lose;
      if (auto net = ApplyRatio(s.war, p.net)) {
        Owed owed;
        owed.seat = seat;
        owed.wager = WagerKind::kWar;
        owed.net = *net;
        owed.cite = &p.cite;
        owed.why = won ? "War won" : mine == theirs ? "War tied" : "War lost";
        owed.before = second_pass_;
        owed.before_words = "the second cards were dealt";
        book_.Owe(std::move(owed));
      } else {
        TooLarge(s.war_event, seat, WagerKind::kWar, s.war, p.cite, std::nullopt);
      }
      if (won && s.war_decision == kNone) {
        Add(Code::kDecisionMissing, At{s.war_card, seat}, std::nullopt, std::nullopt, b_.ride_adds_stake.cite,
            Ev(s.war_card), "seat ", seat, " won the War wager and neither collected nor rode it");
      } else if (!won && s.war_decision != kNone) {
        Add(Code::kDecisionNotOffered, At{s.war_decision, seat}, std::nullopt, std::nullopt,
            b_.ride_adds_stake.cite, Ev(s.war_decision), ToString(s.war_action), " by seat ", seat,
            ": offered only on a won War wager");
      }
      if (won && s.war_action == Action::kRide && s.ride_event == kNone) {
        // What the ride should be is unknown where the winnings are past 64 bits (found above).
        std::optional<Money> winnings = ApplyRatio(s.war, b_.pays_war_win.net);
        std::optional<Money> want;
        if (winnings) want = b_.ride_adds_stake.value ? SaturatedAdd(*winnings, s.war) : *winnings;
        Add(Code::kWagerAmount, At{s.war_decision, seat, 0, WagerKind::kBlackjack}, want, 0,
            b_.ride_adds_stake.cite, Ev(s.war_decision), "seat ", seat,
            " rode the War winnings with no ride wager placed");
      }
    }
    if (!dealer_known) continue;
    bool dealer_bj = DealerBlackjack();
    if (s.insurance_event != kNone) {
      const Payout& p = dealer_bj ? b_.pays_insurance_win : b_.pays_insurance_lose;
      // Above what the rules allow, it is owed on what they allow (the rest is that fault's).
      const Money on = s.insurance_owed_on > 0 ? s.insurance_owed_on : s.insurance;
      if (auto net = ApplyRatio(on, p.net)) {
        Owed owed;
        owed.seat = seat;
        owed.wager = WagerKind::kInsurance;
        owed.net = *net;
        owed.cite = &p.cite;
        owed.why = dealer_bj ? "the dealer has blackjack" : "the dealer has no blackjack";
        owed.cause = s.insurance_owed_on > 0 ? s.insurance_fault : kNone;
        book_.Owe(std::move(owed));
      } else {
        TooLarge(s.insurance_event, seat, WagerKind::kInsurance, s.insurance, p.cite, std::nullopt);
      }
    }
    if (s.hands.empty()) continue;
    s.hands[0].wager = s.Stake();
    if (s.ride_owed_on > 0) {  // owed on the ride the rules add; the rest is that fault's
      s.hands[0].wager_owed_on = SaturatedAdd(s.blackjack, s.ride_owed_on);
      s.hands[0].wager_fault = s.ride_fault;
    }
    if (!dealer_then.has_value()) {
      DealerHand& d = dealer_then.emplace();
      d.blackjack = DealerBlackjack();
      d.known = d.blackjack || std::find(dealer_.begin(), dealer_.end(), 0) == dealer_.end();
      d.points = HandPoints(dealer_.data(), dealer_correct_ > 0 ? dealer_correct_ : dealer_.size());
    }
    for (Hand& h : s.hands) ExpectHand(s, h, *dealer_then);
  }
}

void BlackjackReplay::ExpectHand(SeatState& s, Hand& h, const DealerHand& dealer) {
  if (!h.judged || h.unknown) return;  // an earlier fault decides its settlements
  if (!dealer.known) return;
  WagerKind primary = h.number == 1 ? WagerKind::kBlackjack : WagerKind::kSplit;
  const bool dealer_bj = dealer.blackjack;
  Points mine = h.points();
  const Points theirs = dealer.points;
  // A wager owed on another amount than the one placed (the rules' limit): that fault's money.
  const Money primary_on = h.wager_owed_on > 0 ? h.wager_owed_on : h.wager;
  const Money double_on = h.double_owed_on > 0 ? h.double_owed_on : h.doubled;
  // Whose fault a settlement off what is owed is: a card the hand should not have got, the
  // wager's own amount, the dealer's play.
  auto cause_of = [&](WagerKind kind) {
    if (h.cause != kNone) return h.cause;
    if (kind == WagerKind::kDouble && h.double_owed_on > 0) return h.double_fault;
    if (kind != WagerKind::kDouble && h.wager_owed_on > 0) return h.wager_fault;
    return dealer_correct_ > 0 ? dealer_fault_ : kNone;
  };
  // `why`: a literal; or `words`, for words of the totals, made only where they are shown.
  auto expect = [&](WagerKind kind, Money amount, const Payout& p, const Cite* cite, std::string_view why,
                    std::string (*words)(const Owed&) = nullptr) {
    if (amount <= 0) return;
    if (kind == WagerKind::kDouble) amount = std::min(amount, double_on);
    if (kind != WagerKind::kDouble && amount == h.wager) amount = primary_on;
    if (auto net = ApplyRatio(amount, p.net)) {
      Owed owed;
      owed.seat = s.seat;
      owed.hand = h.number;
      owed.wager = kind;
      owed.net = *net;
      owed.cite = cite ? cite : &p.cite;
      owed.why = why;
      owed.words = words;
      owed.numbers = {mine.total, theirs.total};
      owed.cause = cause_of(kind);
      book_.Owe(std::move(owed));
    } else {
      // The first hand's wager is the seat's blackjack bet; a split hand's, its split bet.
      const int bet = kind == WagerKind::kDouble ? h.double_event
                      : h.wager_event != kNone   ? h.wager_event
                                                 : s.blackjack_event;
      TooLarge(bet, s.seat, kind, amount, p.cite, h.number);
    }
  };
  auto returned = [&](WagerKind kind, Money amount, const Cite& cite, std::string_view why) {
    if (amount <= 0) return;
    Owed owed;
    owed.seat = s.seat;
    owed.hand = h.number;
    owed.wager = kind;
    owed.cite = &cite;
    owed.why = why;
    owed.cause = cause_of(kind);
    book_.Owe(std::move(owed));
  };
  if (dealer_bj) {
    if (Natural(s, h))
      return expect(primary, h.wager, b_.pays_push, nullptr, "blackjack against the dealer's blackjack");
    // Every rule of what a dealer blackjack takes loses the first hand's wager: the rules
    // decide only the extra wagers (a split hand's, a double), and a busted hand's apart.
    if (h.number > 1 || h.doubled > 0) {
      out_->touched |= part::kBjDealerBlackjack | (h.busted() ? part::kBjBustedExtra : 0);
    }
    if (b_.dealer_blackjack_takes.value == DealerBlackjackTakes::kAllWagers) {
      expect(primary, h.wager, b_.pays_lose, &b_.dealer_blackjack_takes.cite, "the dealer has blackjack");
      expect(WagerKind::kDouble, h.doubled, b_.pays_lose, &b_.dealer_blackjack_takes.cite,
             "the dealer has blackjack");
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
  // The words of the totals (Owed::numbers: the hand's, the dealer's).
  const Payout* p;
  std::string (*words)(const Owed&);
  if (mine.total > 21) {
    p = &b_.pays_lose;
    words = [](const Owed& x) { return Cat("the hand busted with ", x.numbers[0]); };
  } else if (theirs.total > 21) {
    p = &b_.pays_win;
    words = [](const Owed& x) { return Cat("the dealer busted with ", x.numbers[1]); };
  } else {
    p = mine.total > theirs.total ? &b_.pays_win : mine.total == theirs.total ? &b_.pays_push : &b_.pays_lose;
    words = [](const Owed& x) {
      return Cat(x.numbers[0],
                 x.numbers[0] == x.numbers[1] ? " ties the dealer's " : " against the dealer's ",
                 x.numbers[1]);
    };
  }
  expect(primary, h.wager, *p, nullptr, "", words);
  expect(WagerKind::kDouble, h.doubled, *p, nullptr, "", words);
}

void BlackjackReplay::MatchSettlements() {
  // What the rules owe is the settlement, whatever the settle events say: matching them finds.
  if (!report_.moot()) MatchSettleEvents();
  for (const Owed& x : book_.owed()) out_->settlements.push_back({x.seat, x.wager, x.net, 0, 0, x.hand});
}

void BlackjackReplay::MatchSettleEvents() {
  book_.Judge(spec_, round_, scratch_.settles, &SettledHand, spec_.wager(WagerKind::kBlackjack).cite,
              report_);
  for (const SettlementBook::Match& m : book_.matches()) {
    book_.CheckTiming(m, report_);
    Note(m.event, [&] {
      const Owed& x = book_.owed()[m.owed];
      return Cat("the rules pay ", x.net, " (", x.Why(), ")");
    });
  }
}

}  // namespace

void ReplayBlackjackInto(const RuleSpec& spec, const Round& round, RoundResult* out) {
  out->findings.clear();
  out->settlements.clear();
  out->touched = 0;
  thread_local SettlementBook book;  // its buffers kept from round to round
  thread_local BlackjackScratch scratch;
  thread_local bool busy = false;
  struct Release {
    bool& b;
    ~Release() { b = false; }
  };
  if (busy) {
    SettlementBook own;  // for a replay inside another on this thread
    BlackjackScratch own_scratch;
    BlackjackReplay(spec, round, own, own_scratch, out).Run();
    return;
  }
  busy = true;
  Release release{busy};
  BlackjackReplay(spec, round, book, scratch, out).Run();
}

void BlackjackExpected(const RuleSpec& spec, const Round& round, std::vector<std::string>* notes) {
  RoundResult result;
  SettlementBook book;
  BlackjackScratch scratch;
  BlackjackReplay(spec, round, book, scratch, &result, notes).Run();
  notes->resize(round.events.size());
}

RoundResult ReplayBlackjack(const RuleSpec& spec, const Round& round) {
  RoundResult result;
  ReplayBlackjackInto(spec, round, &result);
  return result;
}

}  // namespace pitboss
