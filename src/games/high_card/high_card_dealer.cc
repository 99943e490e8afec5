#include "games/high_card/high_card_dealer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "games/high_card/high_card_rules.h"

namespace pitboss {

namespace {

// One seat's play in the round being dealt.
struct SeatPlay {
  Seat seat = 0;
  std::array<Money, kWagerKinds> bet{};  // 0: not placed
  Card card;
};

// Deals one run of rounds: owns the random stream and every table's shoe, and writes each
// round as soon as it is played. One use: construct, Run().
class Dealer {
 public:
  Dealer(const RuleSpec& spec, const DealerOptions& options, std::ostream& out)
      : spec_(spec), options_(options), out_(out), rng_(options.seed) {}

  Status Run();

 private:
  Status Prepare();
  Status PlayRound(DealerTable* table, int table_index);
  Card DealTo(DealerTable* table, Seat seat, int burns);
  // The cards a round of `players` draws, burns included.
  size_t CardsFor(int players) const;

  const RuleSpec& spec_;
  const DealerOptions& options_;
  std::ostream& out_;
  DealerRandom rng_;

  int decks_ = 0;
  int64_t start_ = 0;
  std::array<double, 15> keep_{};
  std::array<std::optional<BetLimit>, kWagerKinds> limits_{};
  std::vector<DealerTable> tables_;
  std::vector<Seat> seat_numbers_;  // this round's, DrawSeats'

  Round round_;
  std::vector<SeatPlay> seats_;  // ascending by seat
};

Status Dealer::Prepare() {
  if (spec_.game != "high-card") {
    return Status::InvalidArgument("rule set " + spec_.id + " is a '" + spec_.game +
                                   "' game; this dealer deals high card only");
  }
  auto setup = CheckDealerOptions(spec_, options_);
  if (!setup.ok()) return setup.status();
  start_ = setup->start;
  decks_ = setup->decks;
  keep_ = setup->keep;

  // Table limits: the house's, capped by the rules' own maxima.
  for (int k = 0; k < kWagerKinds; ++k) {
    const WagerRule& rule = spec_.wagers[k];
    if (!rule.offered) continue;
    const BetLimit limit = HouseLimit(rule, rule.required);
    if (Status s = CheckBetLimit(spec_, static_cast<WagerKind>(k), limit); !s.ok()) return s;
    limits_[k] = limit;
  }
  if (CardsFor(options_.seats_max) > static_cast<size_t>(decks_) * kCardsPerDeck) {
    return Status::InvalidArgument("a round of " + std::to_string(options_.seats_max) +
                                   " players needs more than the " + std::to_string(decks_ * kCardsPerDeck) +
                                   " cards of a " + std::to_string(decks_) + "-deck shoe");
  }

  tables_ = MakeDealerTables(options_);
  round_.rules = spec_.id;
  for (int k = 0; k < kWagerKinds; ++k) {
    if (limits_[k]) round_.limits[k] = Limit{limits_[k]->min, limits_[k]->max};
  }
  return Status::Ok();
}

size_t Dealer::CardsFor(int players) const {
  const DealRule& deal = HighCard(spec_).deal;
  return static_cast<size_t>(players) * (1 + deal.burns_before_seat_card) + 1 + deal.burns_before_dealer_card;
}

Status Dealer::Run() {
  Status s = Prepare();
  if (!s.ok()) return s;
  for (int64_t r = 0; r < options_.rounds; ++r) {
    const int t = static_cast<int>(r % options_.tables);
    s = PlayRound(&tables_[t], t);
    if (!s.ok()) return s;
    WriteRoundJson(round_, out_);
    if (!out_) return Status::IoError("cannot write the generated rounds");
  }
  out_.flush();
  if (!out_) return Status::IoError("cannot write the generated rounds");
  return Status::Ok();
}

Card Dealer::DealTo(DealerTable* table, Seat seat, int burns) {
  for (int i = 0; i < burns; ++i) {
    Event e;
    e.type = EventType::kBurn;
    e.card = table->shoe.Draw(keep_, &rng_);
    round_.events.push_back(e);
  }
  Event e;
  e.type = EventType::kDeal;
  e.seat = seat;
  e.card = table->shoe.Draw(keep_, &rng_);
  round_.events.push_back(e);
  return *e.card;
}

Status Dealer::PlayRound(DealerTable* table, int table_index) {
  const DealerOptions& o = options_;
  const HighCardRules& rules = HighCard(spec_);
  StartDealerRound(*table, table_index, start_, o, &round_);

  DrawSeats(o, &rng_, &seat_numbers_);
  const int players = static_cast<int>(seat_numbers_.size());
  seats_.assign(players, SeatPlay{});
  for (int i = 0; i < players; ++i) seats_[i].seat = seat_numbers_[i];

  // The cut card, or a shuffle every round where the rules want one.
  if (ShuffleDue(*table, spec_, o, decks_, CardsFor(players))) ShuffleShoe(*table, decks_, &rng_, &round_);

  // The wagers, all before the first card: the required one, then each other by chance
  // where what it depends on is placed.
  auto bet = [&](SeatPlay& play, WagerKind kind) {
    play.bet[static_cast<int>(kind)] =
        DrawBet(*limits_[static_cast<int>(kind)], spec_.wager(kind).required, &rng_);
    Event e;
    e.type = EventType::kBet;
    e.seat = play.seat;
    e.wager = kind;
    e.amount = play.bet[static_cast<int>(kind)];
    round_.events.push_back(e);
  };
  for (SeatPlay& play : seats_) {
    bet(play, rules.required);
    for (int k = 0; k < kWagerKinds; ++k) {
      const WagerRule& rule = spec_.wagers[k];
      if (!rule.offered || static_cast<WagerKind>(k) == rules.required) continue;
      if (rule.depends_on && play.bet[static_cast<int>(*rule.depends_on)] == 0) continue;
      if (rng_.Chance(o.tie_bet_rate)) bet(play, static_cast<WagerKind>(k));
    }
  }

  // One card to each seat in the spec's order (descending, or else ascending), the dealer's last.
  auto deal = [&](SeatPlay& play) {
    play.card = DealTo(table, play.seat, rules.deal.burns_before_seat_card);
  };
  if (rules.deal.order == SeatOrder::kDescending) {
    std::for_each(seats_.rbegin(), seats_.rend(), deal);
  } else {
    std::for_each(seats_.begin(), seats_.end(), deal);
  }
  const int dealer = rules.rank_value[DealTo(table, kDealer, rules.deal.burns_before_dealer_card).rank];

  // Every wager settles on the cards, seat by seat.
  for (const SeatPlay& play : seats_) {
    const int rank = rules.rank_value[play.card.rank];
    const HighCardOutcome outcome = rank > dealer    ? HighCardOutcome::kWin
                                    : rank == dealer ? HighCardOutcome::kTie
                                                     : HighCardOutcome::kLose;
    for (int k = 0; k < kWagerKinds; ++k) {
      if (play.bet[k] == 0) continue;
      const auto kind = static_cast<WagerKind>(k);
      auto net = ApplyRatio(play.bet[k], rules.payout(outcome, kind).net);
      if (!net) return Status::OutOfRange("a payout overflows 64-bit minor units");
      Event e;
      e.type = EventType::kSettle;
      e.seat = play.seat;
      e.wager = kind;
      e.amount = *net;
      round_.events.push_back(e);
    }
  }
  return Status::Ok();
}

}  // namespace

Status GenerateHighCardRounds(const RuleSpec& spec, const DealerOptions& options, std::ostream& out) {
  return Dealer(spec, options, out).Run();
}

}  // namespace pitboss
