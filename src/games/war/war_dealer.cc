#include "games/war/war_dealer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

#include "base/json.h"
#include "games/war/war_rules.h"

namespace pitboss {

// ---- The dealer --------------------------------------------------------------------

namespace {

// The descending orders are dealt and settled descending; every other order (ascending,
// dealer-last, any) ascending.
bool Descending(SeatOrder order) { return order == SeatOrder::kDescending; }

// One seat's play in the round being dealt.
struct SeatPlay {
  Seat seat = 0;
  std::array<Money, kWagerKinds> bet{};  // 0: not placed
  std::array<bool, kWagerKinds> settled{};
  Card card;  // the seat's latest card
  Outcome initial = Outcome::kTie;
  Action action = Action::kUnknown;  // the choice on a tie, if one was made
  Outcome war = Outcome::kTie;
};

// Deals one run of rounds: owns the random stream and every table's shoe, and writes each
// round as soon as it is played. One use: construct, Run().
class Dealer {
 public:
  Dealer(const RuleSpec& spec, const DealerOptions& options, std::ostream& out)
      : spec_(spec),
        options_(options),
        out_(out),
        rng_(options.seed),
        surrender_rate_(RateOf(options, kSurrenderRate)) {}

  Status Run();

 private:
  Status Prepare();
  Status PlayRound(DealerTable* table, int table_index);
  Card Draw(DealerTable* table) { return table->shoe.Draw(keep_, &rng_); }
  void Burns(DealerTable* table, int n);
  Card DealTo(DealerTable* table, Seat seat, int burns);
  Status Settle(SeatPlay* play, Stage stage, Outcome outcome);
  Outcome Compare(Card player, Card dealer) const;
  size_t WorstCaseCards(int seats) const;
  void WriteRound();

  const RuleSpec& spec_;
  const DealerOptions& options_;
  std::ostream& out_;
  DealerRandom rng_;
  const double surrender_rate_;

  WagerKind required_ = WagerKind::kMain;
  int decks_ = 0;
  int64_t start_ = 0;
  std::array<double, 15> keep_{};
  std::array<std::optional<BetLimit>, kWagerKinds> limits_{};
  BetLimit required_range_;  // the required wager's amounts, within every limit it must meet
  bool war_offered_ = false;
  bool surrender_offered_ = false;
  std::vector<DealerTable> tables_;
  std::vector<Seat> seat_numbers_;  // this round's, DrawSeats'

  Round round_;
  std::vector<SeatPlay> seats_;  // ascending by seat
};

Status Dealer::Prepare() {
  const DealerOptions& o = options_;
  if (spec_.game != "war") {
    return Status::InvalidArgument("rule set " + spec_.id + " is a '" + spec_.game +
                                   "' game; the dealer simulator plays the War family only");
  }
  auto setup = CheckDealerOptions(spec_, o);
  if (!setup.ok()) return setup.status();
  start_ = setup->start;
  decks_ = setup->decks;
  keep_ = setup->keep;

  bool found = false;
  for (int k = 0; k < kWagerKinds; ++k) {
    if (spec_.wagers[k].offered && spec_.wagers[k].required) {
      required_ = static_cast<WagerKind>(k);
      found = true;
      break;
    }
  }
  if (!found) return Status::InvalidArgument(spec_.id + " has no required wager to play");
  war_offered_ = War(spec_).tie_decision.offered[static_cast<int>(Action::kWar)];
  surrender_offered_ = War(spec_).tie_decision.offered[static_cast<int>(Action::kSurrender)];

  // Table limits: the house's, capped by the rules' own maxima; a wager that must equal
  // another takes that one's limits, within its own maximum.
  for (int k = 0; k < kWagerKinds; ++k) {
    const WagerRule& rule = spec_.wagers[k];
    if (!rule.offered || rule.equals) continue;
    limits_[k] = HouseLimit(rule, static_cast<WagerKind>(k) == required_);
  }
  for (int k = 0; k < kWagerKinds; ++k) {
    const WagerRule& rule = spec_.wagers[k];
    if (!rule.offered || !rule.equals) continue;
    if (!limits_[static_cast<int>(*rule.equals)]) {
      return Status::InvalidArgument(std::string(ToString(static_cast<WagerKind>(k))) +
                                     " must equal a wager that " + spec_.id + " does not offer");
    }
    BetLimit limit = *limits_[static_cast<int>(*rule.equals)];
    if (rule.max) limit.max = std::min(limit.max, *rule.max);
    limits_[k] = limit;
  }
  for (int k = 0; k < kWagerKinds; ++k) {
    if (!limits_[k]) continue;
    if (Status s = CheckBetLimit(spec_, static_cast<WagerKind>(k), *limits_[k]); !s.ok()) return s;
  }
  required_range_ = *limits_[static_cast<int>(required_)];
  for (int k = 0; k < kWagerKinds; ++k) {
    const WagerRule& rule = spec_.wagers[k];
    if (rule.offered && rule.equals == required_) {
      required_range_.min = std::max(required_range_.min, limits_[k]->min);
      required_range_.max = std::min(required_range_.max, limits_[k]->max);
    }
  }
  if (!required_range_.Fits()) {
    return Status::InvalidArgument(spec_.id + ": no " + std::string(ToString(required_)) +
                                   " wager fits the limits of the wagers that must equal it");
  }

  if (WorstCaseCards(o.seats_max) > static_cast<size_t>(decks_) * kCardsPerDeck) {
    return Status::InvalidArgument(
        "a round of " + std::to_string(o.seats_max) + " players could need more than the " +
        std::to_string(decks_ * kCardsPerDeck) + " cards of a " + std::to_string(decks_) + "-deck shoe");
  }

  tables_ = MakeDealerTables(o);
  round_.rules = spec_.id;
  for (int k = 0; k < kWagerKinds; ++k) {
    if (limits_[k]) round_.limits[k] = Limit{limits_[k]->min, limits_[k]->max};
  }
  return Status::Ok();
}

// Every card a round of `seats` players draws should each of them go to war.
size_t Dealer::WorstCaseCards(int seats) const {
  const DealRule& i = War(spec_).initial_deal;
  const DealRule& w = War(spec_).war_deal;
  size_t n = static_cast<size_t>(seats) * (1 + i.burns_before_seat_card) + 1 + i.burns_before_dealer_card;
  if (war_offered_)
    n += static_cast<size_t>(seats) * (1 + w.burns_before_seat_card) + 1 + w.burns_before_dealer_card;
  return n;
}

Status Dealer::Run() {
  Status s = Prepare();
  if (!s.ok()) return s;
  for (int64_t r = 0; r < options_.rounds; ++r) {
    int t = static_cast<int>(r % options_.tables);
    s = PlayRound(&tables_[t], t);
    if (!s.ok()) return s;
    WriteRound();
    if (!out_) return Status::IoError("cannot write the generated rounds");
  }
  out_.flush();
  if (!out_) return Status::IoError("cannot write the generated rounds");
  return Status::Ok();
}

Outcome Dealer::Compare(Card player, Card dealer) const {
  int p = War(spec_).rank_value[player.rank], d = War(spec_).rank_value[dealer.rank];
  return p > d ? Outcome::kWin : p < d ? Outcome::kLose : Outcome::kTie;
}

void Dealer::Burns(DealerTable* table, int n) {
  for (int i = 0; i < n; ++i) {
    Event e;
    e.type = EventType::kBurn;
    e.card = Draw(table);
    round_.events.push_back(e);
  }
}

Card Dealer::DealTo(DealerTable* table, Seat seat, int burns) {
  Burns(table, burns);
  Event e;
  e.type = EventType::kDeal;
  e.seat = seat;
  e.card = Draw(table);
  round_.events.push_back(e);
  return *e.card;
}

// Settles every wager of `play` still in action that the spec pays at (stage, outcome).
Status Dealer::Settle(SeatPlay* play, Stage stage, Outcome outcome) {
  for (int k = 0; k < kWagerKinds; ++k) {
    if (play->bet[k] == 0 || play->settled[k]) continue;
    const Payout& p = War(spec_).payouts[static_cast<int>(stage)][static_cast<int>(outcome)][k];
    if (!p.present) continue;
    auto net = ApplyRatio(play->bet[k], p.net);
    if (!net) return Status::OutOfRange("a payout overflows 64-bit minor units");
    play->settled[k] = true;
    Event e;
    e.type = EventType::kSettle;
    e.seat = play->seat;
    e.wager = static_cast<WagerKind>(k);
    e.amount = *net;
    round_.events.push_back(e);
  }
  return Status::Ok();
}

Status Dealer::PlayRound(DealerTable* table, int table_index) {
  const DealerOptions& o = options_;
  StartDealerRound(*table, table_index, start_, o, &round_);

  DrawSeats(o, &rng_, &seat_numbers_);
  const int players = static_cast<int>(seat_numbers_.size());
  seats_.assign(players, SeatPlay{});
  for (int i = 0; i < players; ++i) seats_[i].seat = seat_numbers_[i];

  // The cut card, or a shuffle every round where the rules want one.
  if (ShuffleDue(*table, spec_, o, decks_, WorstCaseCards(players)))
    ShuffleShoe(*table, decks_, &rng_, &round_);

  auto bet = [&](SeatPlay& play, WagerKind kind, Money amount) {
    play.bet[static_cast<int>(kind)] = amount;
    Event e;
    e.type = EventType::kBet;
    e.seat = play.seat;
    e.wager = kind;
    e.amount = amount;
    round_.events.push_back(e);
  };
  auto placed = [](const SeatPlay& play, std::optional<WagerKind> kind) {
    return !kind || play.bet[static_cast<int>(*kind)] != 0;
  };

  // Initial wagers: the required one, then each optional one by chance.
  for (SeatPlay& play : seats_) {
    bet(play, required_, DrawBet(required_range_, true, &rng_));
    for (int k = 0; k < kWagerKinds; ++k) {
      const WagerRule& rule = spec_.wagers[k];
      auto kind = static_cast<WagerKind>(k);
      if (!rule.offered || kind == required_ || rule.window != Window::kInitial || rule.equals) continue;
      if (!placed(play, rule.depends_on) || !rng_.Chance(o.tie_bet_rate)) continue;
      bet(play, kind, DrawBet(*limits_[k], false, &rng_));
    }
  }

  // The initial cards, each after its burns, the dealer's last.
  auto in_order = [&](SeatOrder order, auto&& fn) {
    if (Descending(order)) {
      for (auto it = seats_.rbegin(); it != seats_.rend(); ++it) fn(*it);
    } else {
      for (SeatPlay& play : seats_) fn(play);
    }
  };
  in_order(War(spec_).initial_deal.order, [&](SeatPlay& play) {
    play.card = DealTo(table, play.seat, War(spec_).initial_deal.burns_before_seat_card);
  });
  Card dealer = DealTo(table, kDealer, War(spec_).initial_deal.burns_before_dealer_card);
  for (SeatPlay& play : seats_) play.initial = Compare(play.card, dealer);

  // The first pass: every wager the initial cards settle.
  Status s;
  in_order(War(spec_).settle.first_pass, [&](SeatPlay& play) {
    if (s.ok()) s = Settle(&play, Stage::kInitial, play.initial);
  });
  if (!s.ok()) return s;

  // The choices on a tie, in the order of the war deal; a surrender settles at once, a
  // war takes its war wagers.
  bool chooses = war_offered_ || surrender_offered_;
  bool any_war = false;
  in_order(War(spec_).war_deal.order, [&](SeatPlay& play) {
    if (!s.ok() || play.initial != Outcome::kTie || !chooses ||
        War(spec_).payout(Stage::kInitial, Outcome::kTie, required_).present) {
      return;
    }
    bool surrender = surrender_offered_ && (!war_offered_ || rng_.Chance(surrender_rate_));
    play.action = surrender ? Action::kSurrender : Action::kWar;
    Event e;
    e.type = EventType::kDecision;
    e.seat = play.seat;
    e.action = play.action;
    round_.events.push_back(e);
    if (surrender) {
      s = Settle(&play, Stage::kSurrender, Outcome::kTie);
      return;
    }
    any_war = true;
    for (int k = 0; k < kWagerKinds; ++k) {  // the wager that going to war is
      const WagerRule& rule = spec_.wagers[k];
      if (rule.offered && rule.window == Window::kChoice && rule.equals && placed(play, rule.depends_on)) {
        bet(play, static_cast<WagerKind>(k), play.bet[static_cast<int>(*rule.equals)]);
      }
    }
    for (int k = 0; k < kWagerKinds; ++k) {  // the optional ones beside them
      const WagerRule& rule = spec_.wagers[k];
      if (!rule.offered || rule.window != Window::kChoice || rule.equals) continue;
      if (!placed(play, rule.depends_on) || !rng_.Chance(o.tie_bet_rate)) continue;
      bet(play, static_cast<WagerKind>(k), DrawBet(*limits_[k], false, &rng_));
    }
  });
  if (!s.ok() || !any_war) return s;

  // The war: each warring seat's card after its burns, then the dealer's one card
  // against all of them.
  in_order(War(spec_).war_deal.order, [&](SeatPlay& play) {
    if (play.action == Action::kWar)
      play.card = DealTo(table, play.seat, War(spec_).war_deal.burns_before_seat_card);
  });
  dealer = DealTo(table, kDealer, War(spec_).war_deal.burns_before_dealer_card);
  for (SeatPlay& play : seats_) {
    if (play.action == Action::kWar) play.war = Compare(play.card, dealer);
  }
  in_order(War(spec_).settle.war_pass, [&](SeatPlay& play) {
    if (s.ok() && play.action == Action::kWar) s = Settle(&play, Stage::kWar, play.war);
  });
  return s;
}

void Dealer::WriteRound() { WriteRoundJson(round_, out_); }

}  // namespace

Status GenerateWarRounds(const RuleSpec& spec, const DealerOptions& options, std::ostream& out) {
  return Dealer(spec, options, out).Run();
}

}  // namespace pitboss
