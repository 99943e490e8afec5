#include "games/war/war_math.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include "games/war/war_rules.h"
#include "pitboss/card.h"

namespace pitboss {

namespace {

// How a path of the round tree goes on after the first cards.
enum class Choice : uint8_t { kNone, kSurrender, kWar };

struct Leaf {
  Fraction p;
  Outcome first = Outcome::kWin;
  Choice choice = Choice::kNone;
  Outcome war = Outcome::kWin;  // when choice is kWar
};

Outcome Compare(int player_value, int dealer_value) {
  if (player_value > dealer_value) return Outcome::kWin;
  if (player_value < dealer_value) return Outcome::kLose;
  return Outcome::kTie;
}

// The cards still in the shoe, drawn from one at a time with every card equally likely.
class Enumerator {
 public:
  Enumerator(const ShoeComposition& shoe, bool draw_burns)
      : counts_(shoe.counts), total_(shoe.total()), draw_burns_(draw_burns) {}

  // Calls `next(probability)` after `n` unseen cards (nothing drawn without draw_burns).
  void Burn(int n, const Fraction& p, const std::function<void(const Fraction&)>& next) {
    if (n == 0 || !draw_burns_) return next(p);
    Draw(p, [&](int, const Fraction& q) { Burn(n - 1, q, next); });
  }

  // Calls `next(class, probability)` for each class the next card can be.
  void Draw(const Fraction& p, const std::function<void(int, const Fraction&)>& next) {
    if (total_ == 0) {
      exhausted_ = true;
      return;
    }
    for (size_t c = 0; c < counts_.size(); ++c) {
      if (counts_[c] == 0) continue;
      Fraction q = p * Fraction(counts_[c], total_);
      --counts_[c];
      --total_;
      next(static_cast<int>(c), q);
      ++counts_[c];
      ++total_;
    }
  }

  bool exhausted() const { return exhausted_; }

 private:
  std::vector<int> counts_;
  int total_;
  bool draw_burns_;
  bool exhausted_ = false;
};

// A seat's card after its burns, then the dealer's after theirs: `next(seat, dealer, p)`.
void DealPair(Enumerator& shoe, const DealRule& rule, const Fraction& p,
              const std::function<void(int, int, const Fraction&)>& next) {
  shoe.Burn(rule.burns_before_seat_card, p, [&](const Fraction& p1) {
    shoe.Draw(p1, [&](int seat, const Fraction& p2) {
      shoe.Burn(rule.burns_before_dealer_card, p2, [&](const Fraction& p3) {
        shoe.Draw(p3, [&](int dealer, const Fraction& p4) { next(seat, dealer, p4); });
      });
    });
  });
}

// The wager-by-wager settlement of a path, per unit of each wager.
class Settler {
 public:
  struct Settled {
    Fraction net;
    std::string outcome;  // where it was settled: "win", "surrender", "war-tie"...
  };

  explicit Settler(const RuleSpec& spec) : spec_(spec) {}

  // How `kind` is settled on `leaf`; nullopt where the spec leaves it unsettled.
  std::optional<Settled> Settle(WagerKind kind, const Leaf& leaf) const {
    if (spec_.wager(kind).window == Window::kInitial) {
      const Payout& first = War(spec_).payout(Stage::kInitial, leaf.first, kind);
      if (first.present) return Settled{Fraction::FromRatio(first.net), std::string(ToString(leaf.first))};
      if (leaf.choice == Choice::kSurrender) {
        return Present(War(spec_).payout(Stage::kSurrender, Outcome::kTie, kind), "surrender");
      }
    }
    if (leaf.choice != Choice::kWar) return std::nullopt;
    return Present(War(spec_).payout(Stage::kWar, leaf.war, kind), "war-" + std::string(ToString(leaf.war)));
  }

  std::optional<Fraction> Net(WagerKind kind, const Leaf& leaf) const {
    std::optional<Settled> settled = Settle(kind, leaf);
    if (!settled) return std::nullopt;
    return settled->net;
  }

 private:
  static std::optional<Settled> Present(const Payout& payout, std::string outcome) {
    if (!payout.present) return std::nullopt;
    return Settled{Fraction::FromRatio(payout.net), std::move(outcome)};
  }
  const RuleSpec& spec_;
};

// The order outcomes are listed in. Part of the rtp report format.
int OutcomeRank(const std::string& name) {
  static const char* const kOrder[] = {"win", "tie", "lose", "surrender", "war-win", "war-tie", "war-lose"};
  for (int i = 0; i < 7; ++i) {
    if (name == kOrder[i]) return i;
  }
  return 7;
}

// The raise and any other war wager that must equal an initial one ride with it.
std::vector<WagerKind> RidersOf(const RuleSpec& spec, WagerKind kind) {
  std::vector<WagerKind> riders;
  for (int k = 0; k < kWagerKinds; ++k) {
    const WagerRule& rule = spec.wagers[k];
    if (rule.offered && rule.window == Window::kChoice && rule.equals == kind) {
      riders.push_back(static_cast<WagerKind>(k));
    }
  }
  return riders;
}

Status Overflow() { return Status::InvalidArgument("the exact arithmetic overflows for a shoe this large"); }

}  // namespace

int ShoeComposition::total() const {
  int sum = 0;
  for (int c : counts) sum += c;
  return sum;
}

ShoeComposition StandardShoe(const RuleSpec& spec, int decks) {
  std::map<int, std::string> names;  // value -> ranks, lowest value first
  std::map<int, int> counts;
  for (int rank = 2; rank <= 14; ++rank) {
    int value = War(spec).rank_value[rank];
    std::string& name = names[value];
    if (!name.empty()) name += "/";
    name += RankChar(rank);
    counts[value] += 4 * decks;
  }
  ShoeComposition shoe;
  for (const auto& [value, count] : counts) {
    shoe.counts.push_back(count);
    shoe.names.push_back(names[value]);
  }
  return shoe;
}

std::string_view ToString(TiePolicy policy) {
  switch (policy) {
    case TiePolicy::kOptimal:
      return "optimal";
    case TiePolicy::kAlwaysWar:
      return "always-war";
    case TiePolicy::kAlwaysSurrender:
      return "always-surrender";
    case TiePolicy::kMixed:
      return "as-played";
    case TiePolicy::kNoChoice:
      return "no-choice";
  }
  return "";
}

std::vector<Policy> ApplicablePolicies(const RuleSpec& spec) {
  bool war = War(spec).tie_decision.offered[static_cast<int>(Action::kWar)];
  bool surrender = War(spec).tie_decision.offered[static_cast<int>(Action::kSurrender)];
  bool decided = War(spec).payout(Stage::kInitial, Outcome::kTie, WagerKind::kMain).present;
  if (decided || (!war && !surrender)) return {{TiePolicy::kNoChoice, 0}};
  if (war && surrender) {
    return {{TiePolicy::kOptimal, 0}, {TiePolicy::kAlwaysWar, 1}, {TiePolicy::kAlwaysSurrender, 0}};
  }
  if (war) return {{TiePolicy::kAlwaysWar, 1}};
  return {{TiePolicy::kAlwaysSurrender, 0}};
}

double WagerMath::standard_deviation() const {
  return static_cast<double>(std::sqrt(variance().ToLongDouble()));
}

const WagerMath* RoundMath::wager(WagerKind kind) const {
  for (const WagerMath& w : wagers) {
    if (w.wager == kind) return &w;
  }
  return nullptr;
}

StatusOr<RoundMath> ComputeRoundMath(const RuleSpec& spec, const ShoeComposition& shoe, const Policy& policy,
                                     bool draw_burns) {
  const Settler settler(spec);
  const std::vector<WagerKind> main_riders = RidersOf(spec, WagerKind::kMain);
  const bool war_offered = War(spec).tie_decision.offered[static_cast<int>(Action::kWar)];
  const bool surrender_offered = War(spec).tie_decision.offered[static_cast<int>(Action::kSurrender)];
  const bool tie_decided = War(spec).payout(Stage::kInitial, Outcome::kTie, WagerKind::kMain).present;
  const bool has_choice = !tie_decided && war_offered && surrender_offered;

  // The class values, lowest first, as StandardShoe orders them.
  std::vector<int> value(shoe.counts.size());
  for (size_t c = 0; c < value.size(); ++c) value[c] = static_cast<int>(c);

  RoundMath math;
  math.cards = shoe.total();
  math.policy = policy;

  // The main wager's net on a leaf, its raise included.
  auto main_net = [&](const Leaf& leaf) -> std::optional<Fraction> {
    std::optional<Fraction> net = settler.Net(WagerKind::kMain, leaf);
    if (!net) return std::nullopt;
    if (leaf.choice == Choice::kWar) {
      for (WagerKind rider : main_riders) {
        std::optional<Fraction> more = settler.Net(rider, leaf);
        if (!more) return std::nullopt;
        *net += *more;
      }
    }
    return net;
  };

  std::vector<Leaf> leaves;
  Fraction surrender_given_tie = 0, war_given_tie = 0;  // sum of p(tie state) * E[net | choice]
  bool unsettled = false;
  Enumerator deck(shoe, draw_burns);
  DealPair(deck, War(spec).initial_deal, Fraction(1), [&](int seat, int dealer, const Fraction& p) {
    Outcome first = Compare(value[seat], value[dealer]);
    if (first != Outcome::kTie || tie_decided) {
      leaves.push_back({p, first, Choice::kNone, Outcome::kWin});
      return;
    }
    // The war from this very shoe, and what each choice is worth here.
    Fraction war_p[kOutcomes] = {0, 0, 0};
    if (war_offered) {
      DealPair(deck, War(spec).war_deal, Fraction(1), [&](int s, int d, const Fraction& q) {
        war_p[static_cast<int>(Compare(value[s], value[d]))] += q;
      });
    }
    Fraction war_value = 0;
    for (int o = 0; o < kOutcomes; ++o) {
      if (!war_offered) break;
      std::optional<Fraction> net = main_net({1, Outcome::kTie, Choice::kWar, static_cast<Outcome>(o)});
      if (!net) {
        unsettled = true;
        return;
      }
      war_value += war_p[o] * *net;
    }
    Fraction surrender_value = 0;
    if (surrender_offered) {
      std::optional<Fraction> net = main_net({1, Outcome::kTie, Choice::kSurrender, Outcome::kTie});
      if (!net) {
        unsettled = true;
        return;
      }
      surrender_value = *net;
    }
    war_given_tie += p * war_value;
    surrender_given_tie += p * surrender_value;

    Fraction to_war;  // the share of this tie that goes to war
    if (!surrender_offered) {
      to_war = 1;
    } else if (!war_offered) {
      to_war = 0;
    } else {
      switch (policy.kind) {
        case TiePolicy::kOptimal:
          to_war = war_value >= surrender_value ? 1 : 0;
          break;
        case TiePolicy::kAlwaysWar:
          to_war = 1;
          break;
        case TiePolicy::kAlwaysSurrender:
        case TiePolicy::kNoChoice:
          to_war = 0;
          break;
        case TiePolicy::kMixed:
          to_war = policy.war_share;
          break;
      }
    }
    if (!(to_war == Fraction(1))) {
      leaves.push_back({p * (Fraction(1) - to_war), first, Choice::kSurrender, Outcome::kTie});
    }
    if (!to_war.is_zero()) {
      for (int o = 0; o < kOutcomes; ++o) {
        if (war_p[o].is_zero()) continue;
        leaves.push_back({p * to_war * war_p[o], first, Choice::kWar, static_cast<Outcome>(o)});
      }
    }
  });
  if (deck.exhausted()) {
    return Status::InvalidArgument("a shoe of " + std::to_string(math.cards) +
                                   " cards cannot deal a whole round");
  }
  if (unsettled) {
    return Status::InvalidArgument(spec.id + ": the main wager is left unsettled on a tie");
  }

  // Probabilities of the first cards and of the war, from the leaves.
  Fraction p_war = 0;
  for (const Leaf& leaf : leaves) {
    Fraction& first = leaf.first == Outcome::kWin   ? math.p_win
                      : leaf.first == Outcome::kTie ? math.p_tie
                                                    : math.p_lose;
    first += leaf.p;
    if (leaf.choice == Choice::kWar) {
      p_war += leaf.p;
      Fraction& war = leaf.war == Outcome::kWin   ? math.war_win
                      : leaf.war == Outcome::kTie ? math.war_tie
                                                  : math.war_lose;
      war += leaf.p;
    }
  }
  if (!p_war.is_zero()) {
    math.war_win = math.war_win / p_war;
    math.war_tie = math.war_tie / p_war;
    math.war_lose = math.war_lose / p_war;
  }
  if (has_choice && !math.p_tie.is_zero()) {
    math.choices.push_back({Action::kWar, war_given_tie / math.p_tie});
    math.choices.push_back({Action::kSurrender, surrender_given_tie / math.p_tie});
    math.best_choice =
        math.choices[0].expected_net >= math.choices[1].expected_net ? Action::kWar : Action::kSurrender;
  }

  // Each wager a seat can put up: initial-window ones, then war-window side wagers.
  for (Window window : {Window::kInitial, Window::kChoice}) {
    for (int k = 0; k < kWagerKinds; ++k) {
      const WagerRule& rule = spec.wagers[k];
      if (!rule.offered || rule.window != window || rule.equals) continue;
      auto kind = static_cast<WagerKind>(k);
      WagerMath wager;
      wager.wager = kind;
      wager.available = window == Window::kInitial ? Fraction(1) : p_war;
      if (wager.available.is_zero()) continue;
      std::vector<WagerKind> riders = RidersOf(spec, kind);
      for (const Leaf& leaf : leaves) {
        if (window == Window::kChoice && leaf.choice != Choice::kWar) continue;
        std::optional<Settler::Settled> settled = settler.Settle(kind, leaf);
        std::optional<Fraction> net = kind == WagerKind::kMain ? main_net(leaf) : settler.Net(kind, leaf);
        if (!net || !settled) {
          return Status::InvalidArgument(spec.id + ": wager '" + std::string(ToString(kind)) +
                                         "' is left unsettled on some path of the round");
        }
        Fraction p = leaf.p / wager.available;
        Fraction staked = 1;
        if (leaf.choice == Choice::kWar) staked += Fraction(static_cast<int64_t>(riders.size()));
        const std::string& name = settled->outcome;
        auto same = std::find_if(wager.outcomes.begin(), wager.outcomes.end(),
                                 [&](const WagerOutcome& o) { return o.name == name; });
        if (same == wager.outcomes.end()) {
          wager.outcomes.push_back({name, *net, p});
        } else {
          same->probability += p;
        }
        wager.expected_net += p * *net;
        wager.expected_staked += p * staked;
        wager.second_moment += p * *net * *net;
        if (net->sign() > 0) wager.p_ahead += p;
      }
      std::stable_sort(wager.outcomes.begin(), wager.outcomes.end(),
                       [](const WagerOutcome& a, const WagerOutcome& b) {
                         return OutcomeRank(a.name) < OutcomeRank(b.name);
                       });
      math.wagers.push_back(std::move(wager));
    }
  }

  // One overflow anywhere shows in the sums.
  for (const WagerMath& w : math.wagers) {
    if (w.expected_net.overflowed() || w.second_moment.overflowed() || w.expected_staked.overflowed() ||
        w.p_ahead.overflowed()) {
      // The shoe's own chances were held (p_tie below): what overflowed is the wager's money.
      if (!math.p_tie.overflowed() && !math.war_tie.overflowed()) {
        return Status::InvalidArgument(
            "the exact arithmetic overflows for the " + std::string(ToString(w.wager)) +
            " wager: its payouts (their size, and squared for the variance) are past "
            "what exact fractions of 64-bit integers hold");
      }
      return Overflow();
    }
  }
  if (math.p_tie.overflowed() || math.war_tie.overflowed()) return Overflow();
  return math;
}

std::optional<double> SeatCovariance(const RuleSpec& spec, const ShoeComposition& shoe, const Policy& policy,
                                     WagerKind kind) {
  const Settler settler(spec);
  const std::vector<WagerKind> riders = RidersOf(spec, kind);
  const bool war_window = spec.wager(kind).window == Window::kChoice;
  const bool war_offered = War(spec).tie_decision.offered[static_cast<int>(Action::kWar)];
  const bool surrender_offered = War(spec).tie_decision.offered[static_cast<int>(Action::kSurrender)];
  const bool tie_decided = War(spec).payout(Stage::kInitial, Outcome::kTie, WagerKind::kMain).present;

  long double to_war = 1;
  if (!surrender_offered) {
    to_war = 1;
  } else if (!war_offered) {
    to_war = 0;
  } else if (policy.kind == TiePolicy::kMixed) {
    to_war = policy.war_share.ToLongDouble();
  } else if (policy.kind == TiePolicy::kAlwaysSurrender || policy.kind == TiePolicy::kNoChoice) {
    to_war = 0;
  } else if (policy.kind == TiePolicy::kOptimal) {
    auto single = ComputeRoundMath(spec, shoe, policy);
    if (!single.ok()) return std::nullopt;
    to_war = single->best_choice == Action::kSurrender ? 0 : 1;
  }

  std::vector<int> counts = shoe.counts;
  int total = shoe.total();
  if (total < 8) return std::nullopt;
  // Draws one card of each class with its probability, the shoe restored after.
  auto draw = [&](long double p, const auto& next) {
    for (size_t c = 0; c < counts.size(); ++c) {
      if (counts[c] == 0) continue;
      long double q = p * counts[c] / total;
      --counts[c];
      --total;
      next(static_cast<int>(c), q);
      ++counts[c];
      ++total;
    }
  };
  // The seat's net of `kind` (riders included) on a leaf; nullopt where unsettled.
  auto net_of = [&](const Leaf& leaf) -> std::optional<long double> {
    std::optional<Fraction> net = settler.Net(kind, leaf);
    if (!net) return std::nullopt;
    long double value = net->ToLongDouble();
    if (leaf.choice == Choice::kWar) {
      for (WagerKind rider : riders) {
        std::optional<Fraction> more = settler.Net(rider, leaf);
        if (!more) return std::nullopt;
        value += more->ToLongDouble();
      }
    }
    return value;
  };

  long double sum = 0, mass = 0, mean_sum = 0;  // E[n1 n2], P(both placed), E[n1] over it
  bool unsettled = false;
  draw(1.0L, [&](int c1, long double p1) {
    draw(p1, [&](int c2, long double p2) {
      draw(p2, [&](int d, long double p3) {
        Outcome o1 = Compare(c1, d), o2 = Compare(c2, d);
        // Each seat's choice: none, surrender or war, with its probability.
        struct Branch {
          Choice choice;
          long double p;
        };
        auto branches = [&](Outcome o) {
          std::vector<Branch> out;
          if (o != Outcome::kTie || tie_decided) return std::vector<Branch>{{Choice::kNone, 1}};
          if (to_war < 1) out.push_back({Choice::kSurrender, 1 - to_war});
          if (to_war > 0) out.push_back({Choice::kWar, to_war});
          return out;
        };
        for (const Branch& b1 : branches(o1)) {
          for (const Branch& b2 : branches(o2)) {
            long double p = p3 * b1.p * b2.p;
            bool war1 = b1.choice == Choice::kWar, war2 = b2.choice == Choice::kWar;
            if (war_window && !(war1 && war2)) continue;
            auto settle = [&](Outcome w1, Outcome w2, long double q) {
              std::optional<long double> n1 = net_of({1, o1, b1.choice, w1});
              std::optional<long double> n2 = net_of({1, o2, b2.choice, w2});
              if (!n1 || !n2) {
                unsettled = true;
                return;
              }
              sum += q * *n1 * *n2;
              mean_sum += q * *n1;
              mass += q;
            };
            if (!war1 && !war2) {
              settle(Outcome::kWin, Outcome::kWin, p);
              continue;
            }
            // War cards: each warring seat's, then the dealer's one card against them all.
            auto after_seat2 = [&](int w1, int w2, long double q) {
              draw(q, [&](int dw, long double r) {
                settle(war1 ? Compare(w1, dw) : Outcome::kWin, war2 ? Compare(w2, dw) : Outcome::kWin, r);
              });
            };
            auto seat2 = [&](int w1, long double q) {
              if (war2) {
                draw(q, [&](int w2, long double r) { after_seat2(w1, w2, r); });
              } else {
                after_seat2(w1, 0, q);
              }
            };
            if (war1) {
              draw(p, [&](int w1, long double q) { seat2(w1, q); });
            } else {
              seat2(0, p);
            }
          }
        }
      });
    });
  });
  if (unsettled || mass <= 0) return std::nullopt;
  long double mean = mean_sum / mass;
  return static_cast<double>(sum / mass - mean * mean);
}

}  // namespace pitboss
