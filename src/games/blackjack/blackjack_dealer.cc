#include "games/blackjack/blackjack_dealer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "base/json.h"
#include "games/blackjack/blackjack_math.h"
#include "games/blackjack/blackjack_rules.h"

namespace pitboss {

namespace {

constexpr int kAce = 14;

// The hands the strategy is computed for. The math's count of split hands grows
// exponentially with them (a spec of sixteen takes minutes), while past four the value of
// splitting moves by less than the method's own approximations (docs/math.md): seats still
// split as often as the spec allows, by the four-hand chart.
constexpr int kStrategyMaxHands = 4;

// The math's ranks and values (blackjack_math.h): ace 1, king 13; tens and courts 10.
int MathRank(int rank) { return rank == kAce ? 1 : rank; }
int MathValue(int rank) { return blackjack::ValueOfRank(MathRank(rank)); }

// The rules the expected return, and so basic strategy, depends on. Surrender is left out:
// the seats never surrender (blackjack_dealer.h).
blackjack::HouseRules HouseRulesOf(const RuleSpec& spec, int decks) {
  const BlackjackRules& b = Blackjack(spec);
  blackjack::HouseRules h;
  h.decks = decks;
  h.dealer_hits_soft_17 = b.dealer_hits_soft_17.value;
  h.blackjack_num = b.pays_blackjack.net.num;
  h.blackjack_den = b.pays_blackjack.net.den;
  using On = blackjack::HouseRules::DoubleOn;
  h.double_on = b.double_on.value == DoubleOn::kNineToEleven  ? On::kNineToEleven
                : b.double_on.value == DoubleOn::kTenToEleven ? On::kTenToEleven
                                                              : On::kAnyTwo;
  h.double_after_split = b.double_after_split.value;
  h.max_hands = std::min(b.split_max_hands.value, kStrategyMaxHands);
  h.resplit_aces = b.resplit_aces.value;
  h.hit_split_aces = !b.split_aces_one_card.value;
  h.split_by_value = b.split_by_points.value;
  h.late_surrender = false;
  h.dealer_blackjack = b.dealer_blackjack_takes.value == DealerBlackjackTakes::kAllWagers
                           ? blackjack::HouseRules::DealerBlackjack::kAllBets
                           : blackjack::HouseRules::DealerBlackjack::kOriginalBetsOnly;
  return h;
}

// One hand of a seat: hand 1, then one more for each split.
struct PlayHand {
  int number = 1;
  std::vector<int> ranks;
  Money wager = 0;  // the primary wager: blackjack (with a ride) for hand 1, split for the others
  Money doubled = 0;
  bool from_split = false;
  bool split_aces = false;
  bool primary_settled = false;
  bool double_settled = false;
};

struct SeatPlay {
  Seat seat = 0;
  Money blackjack = 0;
  Money war = 0;
  Money ride = 0;
  Money insurance = 0;
  int war_rank = 0;
  std::vector<PlayHand> hands;

  // The wager splits and insurance are measured against: the blackjack wager and its ride.
  Money original() const { return blackjack + ride; }
};

// Deals one run of rounds: owns the random stream, the strategy and every table's shoe, and
// writes each round as soon as it is played. One use: construct, Run().
class Dealer {
 public:
  Dealer(const RuleSpec& spec, const DealerOptions& options, std::ostream& out)
      : spec_(spec),
        b_(Blackjack(spec)),
        options_(options),
        out_(out),
        rng_(options.seed),
        insurance_rate_(RateOf(options, kInsuranceRate)) {}

  Status Run();

 private:
  Status Prepare();
  void PlayRound(DealerTable* table, int table_index, bool shuffle);
  Money Pay(Money amount, Ratio ratio);
  int Deal(DealerTable* table, Seat seat, int hand = 0);
  void Bet(SeatPlay& play, WagerKind kind, Money amount, int hand = 0);
  void Decide(Seat seat, Action action, int hand = 0);
  void Settle(Seat seat, WagerKind kind, Money amount, Ratio net, int hand = 0);
  void PlayWar(int dealer_rank);
  bool Rides(int first, int up) const;
  void PlaySeat(DealerTable* table, SeatPlay& play);
  void PlayHandOf(DealerTable* table, SeatPlay& play, size_t k);
  void SettleBust(SeatPlay& play, PlayHand& hand);
  void SettleHand(SeatPlay& play, PlayHand& hand, bool dealer_blackjack, Points dealer);
  bool Natural(const SeatPlay& play, const PlayHand& hand) const;
  bool MaySplit(const SeatPlay& play, const PlayHand& hand) const;
  bool MayDouble(const PlayHand& hand) const;
  bool DealerMustDraw() const;
  void WriteRound();

  const RuleSpec& spec_;
  const BlackjackRules& b_;
  const DealerOptions& options_;
  std::ostream& out_;
  DealerRandom rng_;
  const double insurance_rate_;

  int decks_ = 0;
  int64_t start_ = 0;
  std::array<double, 15> keep_{};
  BetLimit primary_limit_, war_limit_;
  blackjack::BlackjackMath math_;
  blackjack::WarOptions war_options_;
  blackjack::WarMath war_math_;
  std::vector<DealerTable> tables_;
  std::vector<Seat> seat_numbers_;  // this round's, DrawSeats'

  Round round_;
  int hole_event_ = -1;  // the dealer's hole card, written face down
  bool short_ = false;   // the shoe ran out during the round
  bool overflow_ = false;
  std::vector<SeatPlay> seats_;  // in the deal order
  std::vector<int> dealer_;      // the dealer's hand: up card, hole card, draws
};

Status Dealer::Prepare() {
  const DealerOptions& o = options_;
  if (b_.dealer_checks_for_blackjack.value) {
    return Status::InvalidArgument(spec_.id +
                                   ": the dealer checks for blackjack before the players act, which the "
                                   "dealer simulator does not deal");
  }
  auto setup = CheckDealerOptions(spec_, o);
  if (!setup.ok()) return setup.status();
  start_ = setup->start;
  decks_ = setup->decks;
  keep_ = setup->keep;

  primary_limit_ = HouseLimit(spec_.wager(WagerKind::kBlackjack), true);
  if (Status s = CheckBetLimit(spec_, WagerKind::kBlackjack, primary_limit_); !s.ok()) return s;
  if (b_.war_offered) {
    war_limit_ = HouseLimit(spec_.wager(WagerKind::kWar), false);
    if (Status s = CheckBetLimit(spec_, WagerKind::kWar, war_limit_); !s.ok()) return s;
  }

  math_ = blackjack::ComputeBlackjackMath(HouseRulesOf(spec_, decks_));
  if (b_.war_offered) {
    war_options_.compare_by_value = b_.war_by_points.value;
    war_options_.ride_adds_stake = b_.ride_adds_stake.value;
    war_math_ = blackjack::ComputeWarMath(math_, war_options_);
  }

  tables_ = MakeDealerTables(o);
  round_.rules = spec_.id;
  round_.limits[static_cast<int>(WagerKind::kBlackjack)] = Limit{primary_limit_.min, primary_limit_.max};
  if (b_.war_offered)
    round_.limits[static_cast<int>(WagerKind::kWar)] = Limit{war_limit_.min, war_limit_.max};
  return Status::Ok();
}

Status Dealer::Run() {
  Status s = Prepare();
  if (!s.ok()) return s;
  for (int64_t r = 0; r < options_.rounds; ++r) {
    int t = static_cast<int>(r % options_.tables);
    // No worst case of a round short of the whole shoe bounds its cards (seven seats split to
    // four hands of small cards each), so a round that runs out is dealt again, from the same
    // state, after a fresh shuffle.
    DealerTable saved = tables_[t];
    DealerRandom saved_rng = rng_;
    short_ = false;
    PlayRound(&tables_[t], t, false);
    if (short_) {
      tables_[t] = std::move(saved);
      rng_ = saved_rng;
      short_ = false;
      PlayRound(&tables_[t], t, true);
      if (short_) {
        return Status::InvalidArgument("a round ran past the " + std::to_string(decks_ * kCardsPerDeck) +
                                       " cards of a fresh " + std::to_string(decks_) +
                                       "-deck shoe; deal from more decks or to fewer seats");
      }
    }
    if (overflow_) return Status::OutOfRange("a wager or payout overflows 64-bit minor units");
    WriteRound();
    if (!out_) return Status::IoError("cannot write the generated rounds");
  }
  out_.flush();
  if (!out_) return Status::IoError("cannot write the generated rounds");
  return Status::Ok();
}

Money Dealer::Pay(Money amount, Ratio ratio) {
  auto net = ApplyRatio(amount, ratio);
  if (!net) overflow_ = true;
  return net.value_or(0);
}

int Dealer::Deal(DealerTable* table, Seat seat, int hand) {
  Event e;
  e.type = EventType::kDeal;
  e.seat = seat;
  e.hand = hand;
  if (table->shoe.remaining() == 0) {
    short_ = true;  // the round is dealt again (Run); this card is never written
    e.card = Card{2, 0};
  } else {
    e.card = table->shoe.Draw(keep_, &rng_);
  }
  round_.events.push_back(e);
  return e.card->rank;
}

void Dealer::Bet(SeatPlay& play, WagerKind kind, Money amount, int hand) {
  Event e;
  e.type = EventType::kBet;
  e.seat = play.seat;
  e.hand = hand;
  e.wager = kind;
  e.amount = amount;
  round_.events.push_back(e);
}

void Dealer::Decide(Seat seat, Action action, int hand) {
  Event e;
  e.type = EventType::kDecision;
  e.seat = seat;
  e.hand = hand;
  e.action = action;
  round_.events.push_back(e);
}

void Dealer::Settle(Seat seat, WagerKind kind, Money amount, Ratio net, int hand) {
  Event e;
  e.type = EventType::kSettle;
  e.seat = seat;
  e.hand = hand;
  e.wager = kind;
  e.amount = Pay(amount, net);
  round_.events.push_back(e);
}

void Dealer::PlayRound(DealerTable* table, int table_index, bool shuffle) {
  const DealerOptions& o = options_;
  StartDealerRound(*table, table_index, start_, o, &round_);
  hole_event_ = -1;
  dealer_.clear();

  // Who plays. The descending order is dealt descending; every other order (ascending,
  // dealer-last, any) ascending.
  DrawSeats(o, &rng_, &seat_numbers_);
  if (b_.deal_order.value == SeatOrder::kDescending) std::reverse(seat_numbers_.begin(), seat_numbers_.end());
  seats_.assign(seat_numbers_.size(), SeatPlay{});
  for (size_t i = 0; i < seat_numbers_.size(); ++i) seats_[i].seat = seat_numbers_[i];

  if (shuffle || ShuffleDue(*table, spec_, o, decks_, 0)) {
    ShuffleShoe(*table, decks_, &rng_, &round_);
    for (int i = 0; i < b_.burns_after_shuffle.value; ++i) {
      Event burn;
      burn.type = EventType::kBurn;
      burn.card = table->shoe.Draw(keep_, &rng_);
      round_.events.push_back(burn);
    }
  }

  for (SeatPlay& play : seats_) {
    play.blackjack = DrawBet(primary_limit_, true, &rng_);
    Bet(play, WagerKind::kBlackjack, play.blackjack);
    if (b_.war_offered && rng_.Chance(o.tie_bet_rate)) {
      play.war = DrawBet(war_limit_, false, &rng_);
      Bet(play, WagerKind::kWar, play.war);
    }
  }

  // The passes: a pass of war cards apart where they do not start the hands, then two
  // passes for the hands, the War wager settled before the hands' second cards.
  bool war_pass = b_.war_offered && !b_.war_cards_start_hands.value;
  if (war_pass) {
    for (SeatPlay& play : seats_) play.war_rank = Deal(table, play.seat);
    PlayWar(Deal(table, kDealer));
  }
  for (SeatPlay& play : seats_) {
    play.hands.assign(1, PlayHand{});
    play.hands[0].ranks.push_back(Deal(table, play.seat));
    if (!war_pass) play.war_rank = play.hands[0].ranks[0];
  }
  dealer_.push_back(Deal(table, kDealer));
  if (b_.war_offered && !war_pass) PlayWar(dealer_[0]);
  for (SeatPlay& play : seats_) {
    play.hands[0].ranks.push_back(Deal(table, play.seat));
    play.hands[0].wager = play.original();
  }
  if (b_.dealer_hole_card.value) hole_event_ = static_cast<int>(round_.events.size());
  dealer_.push_back(Deal(table, kDealer));

  if (b_.insurance_offered.value && dealer_[0] == kAce) {
    for (SeatPlay& play : seats_) {
      Money most = Pay(play.original(), b_.insurance_max.value);
      if (most <= 0 || !rng_.Chance(insurance_rate_)) continue;
      Decide(play.seat, Action::kInsurance);
      play.insurance = most;
      Bet(play, WagerKind::kInsurance, most);
    }
  }

  for (SeatPlay& play : seats_) PlaySeat(table, play);

  bool dealer_blackjack = HandPoints(dealer_).total == 21;  // two cards yet
  bool in_play = false;
  for (const SeatPlay& play : seats_) {
    for (const PlayHand& hand : play.hands) {
      if (HandPoints(hand.ranks).total <= 21 && !Natural(play, hand)) in_play = true;
    }
  }
  if (!dealer_blackjack && (in_play || b_.dealer_draws_without_hand_in_play.value)) {
    while (DealerMustDraw()) dealer_.push_back(Deal(table, kDealer));
  }

  for (SeatPlay& play : seats_) {
    if (play.insurance == 0) continue;
    Settle(play.seat, WagerKind::kInsurance, play.insurance,
           dealer_blackjack ? b_.pays_insurance_win.net : b_.pays_insurance_lose.net);
  }
  Points dealer = HandPoints(dealer_);
  for (SeatPlay& play : seats_) {
    for (PlayHand& hand : play.hands) SettleHand(play, hand, dealer_blackjack, dealer);
  }
}

// The War wager against the dealer's war card, settled at once; a win is ridden or collected.
void Dealer::PlayWar(int dealer_rank) {
  for (SeatPlay& play : seats_) {
    if (play.war == 0) continue;
    int mine = b_.WarValue(play.war_rank), theirs = b_.WarValue(dealer_rank);
    const Payout& p = mine > theirs ? b_.pays_war_win : mine == theirs ? b_.pays_war_tie : b_.pays_war_lose;
    Settle(play.seat, WagerKind::kWar, play.war, p.net);
    if (mine <= theirs) continue;
    if (!Rides(play.war_rank, dealer_rank)) {
      Decide(play.seat, Action::kCollect);
      continue;
    }
    Decide(play.seat, Action::kRide);
    play.ride = Pay(play.war, b_.pays_war_win.net) + (b_.ride_adds_stake.value ? play.war : 0);
    Bet(play, WagerKind::kBlackjack, play.ride);
  }
}

// Whether riding a War win on these cards gains: the ride table's choice, where the war
// card starts the hand.
bool Dealer::Rides(int first, int up) const {
  // War cards apart from the hands tell nothing of them: the ride is worth the whole hand's
  // return, below zero in any game a house deals.
  if (!b_.war_cards_start_hands.value) return math_.basic_strategy_return > 0;
  int f = MathRank(first), u = MathRank(up);
  // The table answers only for a win in its own order (aces low, by rank or by value); a
  // spec that ranks the cards otherwise wins elsewhere, where the same return decides.
  bool table_win = war_options_.compare_by_value ? MathValue(first) > MathValue(up) : f > u;
  return table_win ? war_math_.ride[f - 1][u - 1] : math_.FirstCardReturn(f, u) > 0;
}

bool Dealer::Natural(const SeatPlay& play, const PlayHand& hand) const {
  if (hand.ranks.size() != 2 || HandPoints(hand.ranks).total != 21) return false;
  return !hand.from_split && play.hands.size() == 1 ? true : b_.split_21_is_blackjack.value;
}

bool Dealer::MaySplit(const SeatPlay& play, const PlayHand& hand) const {
  if (hand.ranks.size() != 2 || static_cast<int>(play.hands.size()) >= b_.split_max_hands.value) return false;
  bool pair = b_.split_by_points.value ? CardPoints(hand.ranks[0]) == CardPoints(hand.ranks[1])
                                       : hand.ranks[0] == hand.ranks[1];
  return pair && !(hand.split_aces && !b_.resplit_aces.value);
}

bool Dealer::MayDouble(const PlayHand& hand) const {
  if (!b_.double_offered.value || hand.ranks.size() != 2) return false;
  if (hand.from_split && !b_.double_after_split.value) return false;
  if (hand.split_aces && b_.split_aces_one_card.value) return false;
  Points p = HandPoints(hand.ranks);
  int lo = b_.double_on.value == DoubleOn::kNineToEleven  ? 9
           : b_.double_on.value == DoubleOn::kTenToEleven ? 10
                                                          : 0;
  return !lo || (!p.soft && p.total >= lo && p.total <= 11);
}

bool Dealer::DealerMustDraw() const {
  Points p = HandPoints(dealer_);
  return p.total < 17 || (p.total == 17 && p.soft && b_.dealer_hits_soft_17.value);
}

// A seat's hands in order, each finished before the next gets its second card.
void Dealer::PlaySeat(DealerTable* table, SeatPlay& play) {
  for (size_t k = 0; k < play.hands.size(); ++k) {
    if (play.hands[k].ranks.size() < 2) {
      play.hands[k].ranks.push_back(Deal(table, play.seat, play.hands[k].number));
    }
    PlayHandOf(table, play, k);
    if (HandPoints(play.hands[k].ranks).total > 21) SettleBust(play, play.hands[k]);
  }
}

// Basic strategy: split a pair where the table says so, double where it says so and the
// rules allow it, else hit or stand by the total.
void Dealer::PlayHandOf(DealerTable* table, SeatPlay& play, size_t k) {
  const blackjack::BasicStrategy& strategy = math_.strategy;
  int up = MathValue(dealer_[0]) - 1;
  for (;;) {
    PlayHand& hand = play.hands[k];  // a split adds a hand: taken again each time
    Points p = HandPoints(hand.ranks);
    if (p.total >= 21) return;
    if (hand.ranks.size() == 2) {
      if (MaySplit(play, hand) && strategy.split[up][MathValue(hand.ranks[0]) - 1]) {
        Decide(play.seat, Action::kSplit, hand.number);
        PlayHand added;
        added.number = static_cast<int>(play.hands.size()) + 1;
        added.from_split = true;
        added.split_aces = hand.ranks[0] == kAce;
        added.ranks.push_back(hand.ranks[1]);
        added.wager = play.original();
        hand.ranks.pop_back();
        hand.from_split = true;
        hand.split_aces = added.split_aces;
        int number = hand.number;
        play.hands.push_back(added);
        Bet(play, WagerKind::kSplit, added.wager, added.number);
        play.hands[k].ranks.push_back(Deal(table, play.seat, number));
        continue;
      }
      if (hand.split_aces && b_.split_aces_one_card.value) return;
      Money amount = Pay(hand.wager, b_.double_max.value);
      if (MayDouble(hand) && amount > 0 &&
          strategy.two_card[up][p.soft][p.total] == blackjack::Play::kDouble) {
        Decide(play.seat, Action::kDouble, hand.number);
        hand.doubled = amount;
        Bet(play, WagerKind::kDouble, amount, hand.number);
        int number = hand.number;
        play.hands[k].ranks.push_back(Deal(table, play.seat, number));
        return;
      }
    }
    if (strategy.hit[up][p.soft][p.total]) {
      Decide(play.seat, Action::kHit, hand.number);
      int number = hand.number;
      play.hands[k].ranks.push_back(Deal(table, play.seat, number));
    } else {
      Decide(play.seat, Action::kStand, hand.number);
      return;
    }
  }
}

// A busted hand's wagers settled at once where the dealer's hand cannot change them: the
// original wager always; the rest only where a dealer blackjack would not return them.
void Dealer::SettleBust(SeatPlay& play, PlayHand& hand) {
  int up = MathValue(dealer_[0]);
  bool blackjack_possible = up == 1 || up == 10;
  bool extras_lost = b_.dealer_blackjack_takes.value == DealerBlackjackTakes::kAllWagers ||
                     b_.busted_extra_lost_to_dealer_blackjack.value;
  WagerKind primary = hand.number == 1 ? WagerKind::kBlackjack : WagerKind::kSplit;
  if (hand.number == 1 || !blackjack_possible || extras_lost) {
    Settle(play.seat, primary, hand.wager, b_.pays_lose.net, hand.number);
    hand.primary_settled = true;
  }
  if (hand.doubled > 0 && (!blackjack_possible || extras_lost)) {
    Settle(play.seat, WagerKind::kDouble, hand.doubled, b_.pays_lose.net, hand.number);
    hand.double_settled = true;
  }
}

void Dealer::SettleHand(SeatPlay& play, PlayHand& hand, bool dealer_blackjack, Points dealer) {
  constexpr Ratio kReturned{0, 1};
  Ratio primary, extra;  // the primary wager's net and the double's, per unit
  Points mine = HandPoints(hand.ranks);
  if (dealer_blackjack) {
    if (Natural(play, hand)) {
      primary = extra = b_.pays_push.net;
    } else if (b_.dealer_blackjack_takes.value == DealerBlackjackTakes::kAllWagers) {
      primary = extra = b_.pays_lose.net;
    } else {
      bool extra_lost = mine.total > 21 && b_.busted_extra_lost_to_dealer_blackjack.value;
      primary = hand.number == 1 || extra_lost ? b_.pays_lose.net : kReturned;
      extra = extra_lost ? b_.pays_lose.net : kReturned;
    }
  } else if (Natural(play, hand)) {
    primary = extra = b_.pays_blackjack.net;
  } else if (mine.total > 21) {
    primary = extra = b_.pays_lose.net;
  } else if (dealer.total > 21 || mine.total > dealer.total) {
    primary = extra = b_.pays_win.net;
  } else {
    primary = extra = mine.total == dealer.total ? b_.pays_push.net : b_.pays_lose.net;
  }
  if (!hand.primary_settled) {
    Settle(play.seat, hand.number == 1 ? WagerKind::kBlackjack : WagerKind::kSplit, hand.wager, primary,
           hand.number);
    hand.primary_settled = true;
  }
  if (hand.doubled > 0 && !hand.double_settled) {
    Settle(play.seat, WagerKind::kDouble, hand.doubled, extra, hand.number);
    hand.double_settled = true;
  }
}

void Dealer::WriteRound() { WriteRoundJson(round_, out_, hole_event_); }

}  // namespace

Status GenerateBlackjackRounds(const RuleSpec& spec, const DealerOptions& options, std::ostream& out) {
  // Before the dealer is made: it holds the spec's blackjack rules, which another game's spec
  // does not have.
  if (spec.game != "blackjack") {
    return Status::InvalidArgument("rule set " + spec.id + " is a '" + spec.game +
                                   "' game; this dealer plays the blackjack family only");
  }
  return Dealer(spec, options, out).Run();
}

}  // namespace pitboss
