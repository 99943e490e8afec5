#include "games/blackjack/blackjack_math.h"

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <vector>

namespace pitboss::blackjack {

namespace {

constexpr int kAce = 1;
constexpr int kTen = 10;
constexpr int kSoft = 1;
constexpr int kHard = 0;

// Cards per value, [value - 1].
using Counts = std::array<int, kValues>;

int Cards(const Counts& c) {
  int n = 0;
  for (int k : c) n += k;
  return n;
}

int HardTotal(const Counts& c) {
  int total = 0;
  for (int v = 1; v <= kValues; ++v) total += v * c[v - 1];
  return total;
}

// The total as the table calls it: one ace counts 11 where that does not bust.
struct Total {
  int total = 0;
  bool soft = false;
};

Total TotalOf(const Counts& c) {
  int hard = HardTotal(c);
  if (c[kAce - 1] > 0 && hard + 10 <= 21) return {hard + 10, true};
  return {hard, false};
}

// Six bits a value: a hand or the cards out of the shoe besides the up card (a 21 or less
// plus a pair card) never holds 64 of one value.
uint64_t Key(const Counts& c) {
  uint64_t key = 0;
  for (int i = 0; i < kValues; ++i) key |= static_cast<uint64_t>(c[i]) << (6 * i);
  return key;
}

Counts FullShoe(int decks) {
  Counts shoe;
  shoe.fill(4 * decks);
  shoe[kTen - 1] = 16 * decks;
  return shoe;
}

Counts With(Counts c, int value, int n = 1) {
  if (value > 0) c[value - 1] += n;
  return c;
}

// The chance that two ten-valued cards are of one rank, given the up card's value: each
// rank has 4 per deck, less the up card's when it is ten-valued (of any rank alike).
double TenPairShare(int decks, int up) {
  double m = 4.0 * decks;
  double total = 16.0 * decks;
  if (up != kTen) return 4 * m * (m - 1) / (total * (total - 1));
  return ((m - 1) * (m - 2) + 3 * m * (m - 1)) / ((total - 1) * (total - 2));
}

// The dealer's draws as a graph: a node per set of cards the dealer can hold and still
// draw to (the up card alone first), each draw leading to another node or to the end of the
// hand. Every order of the same cards is equally likely whatever the shoe, which is why
// the cards held, not the order they came in, make a node; the graph serves every shoe.
struct DealerNode {
  Counts held{};  // drawn after the up card
  int size = 0;
  // By the value drawn: a node's index, or (past the last node) the number of nodes plus
  // the result.
  std::array<int, kValues> next{};
};

std::vector<DealerNode> DealerGraph(int up, bool hits_soft_17) {
  std::vector<DealerNode> nodes(1);
  std::unordered_map<uint64_t, int> index{{Key(Counts{}), 0}};
  // Nodes are appended as they are reached, so each comes after every node it is reached from.
  for (size_t i = 0; i < nodes.size(); ++i) {
    for (int v = 1; v <= kValues; ++v) {
      Counts held = With(nodes[i].held, v);
      int size = nodes[i].size + 1;
      int hard = up + HardTotal(held);
      bool soft = (up == kAce || held[kAce - 1] > 0) && hard + 10 <= 21;
      int total = soft ? hard + 10 : hard;
      int next;
      if (hard > 21) {
        next = -1 - kBust;
      } else if (total > 17 || (total == 17 && !(soft && hits_soft_17))) {
        next = -1 - (size == 1 && total == 21 ? kBlackjack : k17 + total - 17);
      } else {
        auto [it, fresh] = index.try_emplace(Key(held), static_cast<int>(nodes.size()));
        if (fresh) nodes.push_back({held, size, {}});
        next = it->second;
      }
      nodes[i].next[v - 1] = next;
    }
  }
  for (DealerNode& node : nodes) {
    for (int& next : node.next) {
      if (next < 0) next = static_cast<int>(nodes.size()) - 1 - next;
    }
  }
  return nodes;
}

// The hot loop of the whole computation, run for every set of cards a player can hold:
// plain pointers, and one slot of `reach` (scratch space) a node and a result.
DealerOutcomes Distribution(const std::vector<DealerNode>& graph, const Counts& left,
                            std::vector<double>& reach) {
  const size_t nodes = graph.size();
  reach.assign(nodes + kBlackjack + 1, 0);
  double* p = reach.data();
  p[0] = 1;
  const int* counts = left.data();
  int n = Cards(left);
  const DealerNode* node = graph.data();
  for (size_t i = 0; i < nodes; ++i, ++node) {
    int shoe = n - node->size;
    if (p[i] == 0 || shoe <= 0) continue;
    double one = p[i] / shoe;
    const int* held = node->held.data();
    const int* next = node->next.data();
    for (int v = 0; v < kValues; ++v) {
      int ways = counts[v] - held[v];
      if (ways > 0) p[next[v]] += one * ways;
    }
  }
  DealerOutcomes out;
  std::copy(p + nodes, p + nodes + out.size(), out.begin());
  return out;
}

// The play of every hand against one up card, from the shoe less that card, with the
// exact removal of every card the hand holds (and of the other card of a split pair). Plays
// by `strategy` where one is in use, else each composition its own best way. Values count
// the paths where the dealer has no blackjack, and the others only where the dealer's
// blackjack takes more than the original wager (kAllBets): the original wager's loss to it
// is the same whatever the player does, and StartingHand adds it.
class UpCardSolver {
 public:
  UpCardSolver(const HouseRules& rules, int up)
      : rules_(rules),
        up_(up),
        shoe_(With(FullShoe(rules.decks), up, -1)),
        dealer_graph_(DealerGraph(up, rules.dealer_hits_soft_17)),
        blackjack_loss_(rules.dealer_blackjack == HouseRules::DealerBlackjack::kAllBets ? -1 : 0) {
    ListHands();
  }

  // Sets this up card's rows of `strategy` to total-dependent basic strategy and uses it.
  // Each pass sets every play to the best given the others' in the pass before, a play on
  // a total weighed over the hands that reach it; true when a pass changed nothing.
  bool SolveBasicStrategy(BasicStrategy& strategy) {
    auto& hit = strategy.hit[up_ - 1];
    for (int t = 0; t <= 21; ++t) {
      hit[kHard][t] = t < 17;
      hit[kSoft][t] = t < 18;
    }
    strategy.two_card[up_ - 1] = {};
    strategy.split[up_ - 1] = {};
    constexpr int kMaxPasses = 20;
    for (int pass = 0; pass < kMaxPasses; ++pass) {
      Use(&strategy);
      BasicStrategy next = strategy;
      DecideTwoCardPlays(next);
      DecideHitOrStand(next);
      for (int soft = 0; soft < 2; ++soft) {
        for (int t = 0; t <= 21; ++t) {
          Play& play = next.two_card[up_ - 1][soft][t];
          if (play != Play::kDouble && play != Play::kSurrender) {
            play = next.hit[up_ - 1][soft][t] ? Play::kHit : Play::kStand;
          }
        }
      }
      bool changed = next.hit[up_ - 1] != hit || next.two_card[up_ - 1] != strategy.two_card[up_ - 1] ||
                     next.split[up_ - 1] != strategy.split[up_ - 1];
      strategy = next;
      if (!changed) {
        Use(&strategy);
        return true;
      }
    }
    Use(&strategy);
    return false;
  }

  // nullptr: composition-dependent play.
  void Use(const BasicStrategy* strategy) {
    strategy_ = strategy;
    hit_or_stand_.clear();
  }

  // Given the player's two cards; `splittable` says whether they are a pair to split.
  double StartingHand(int a, int b, bool splittable) {
    Counts hand = With(With(Counts{}, a), b);
    double p_blackjack = PBlackjack(hand);
    if (TotalOf(hand).total == 21) {
      return static_cast<double>(rules_.blackjack_num) / rules_.blackjack_den * (1 - p_blackjack);
    }
    double value = NotSplit(hand);
    if (splittable && rules_.max_hands >= 2) {
      if (!strategy_) {
        value = std::max(value, Split(a));
      } else if (strategy_->split[up_ - 1][a - 1]) {
        value = Split(a);
      }
    }
    if (blackjack_loss_ == 0) value -= p_blackjack;
    return value;
  }

  const Counts& shoe() const { return shoe_; }

 private:
  // Every hand of two cards or more, 21 or less, the shoe can deal, fewest cards first.
  void ListHands() {
    for (int a = 1; a <= kValues; ++a) {
      for (int b = a; b <= kValues; ++b) Add(With(With(Counts{}, a), b));
    }
    for (size_t i = 0; i < hands_.size(); ++i) {
      for (int v = 1; v <= kValues; ++v) Add(With(hands_[i], v));
    }
  }

  void Add(const Counts& hand) {
    if (HardTotal(hand) > 21) return;
    for (int v = 0; v < kValues; ++v) {
      if (hand[v] > shoe_[v]) return;
    }
    if (index_.emplace(Key(hand), hands_.size()).second) hands_.push_back(hand);
  }

  double Probability(const Counts& left, int n, int value) const {
    return static_cast<double>(left[value - 1]) / n;
  }

  Counts Left(const Counts& removed) const {
    Counts left = shoe_;
    for (int v = 0; v < kValues; ++v) left[v] -= removed[v];
    return left;
  }

  const DealerOutcomes& Dealer(const Counts& removed) {
    auto [it, fresh] = dealer_.try_emplace(Key(removed));
    if (fresh) it->second = Distribution(dealer_graph_, Left(removed), dealer_reach_);
    return it->second;
  }

  // The hole card makes the dealer a natural.
  double PBlackjack(const Counts& removed) const {
    if (up_ != kAce && up_ != kTen) return 0;
    Counts left = Left(removed);
    return static_cast<double>(left[(up_ == kAce ? kTen : kAce) - 1]) / Cards(left);
  }

  double Stand(const Counts& hand, const Counts& removed) {
    const DealerOutcomes& d = Dealer(removed);
    int total = TotalOf(hand).total;
    double value = d[kBust] + d[kBlackjack] * blackjack_loss_;
    for (int r = k17; r <= k21; ++r) {
      int dealer_total = 17 + r;
      if (total > dealer_total) value += d[r];
      if (total < dealer_total) value -= d[r];
    }
    return value;
  }

  double Bust(const Counts& removed) const {
    double p = PBlackjack(removed);
    return -(1 - p) + p * blackjack_loss_;
  }

  double Surrender(const Counts& hand) const {
    double p = PBlackjack(hand);
    return -0.5 * (1 - p) + p * blackjack_loss_;
  }

  bool MayDouble(const Counts& hand) const {
    Total t = TotalOf(hand);
    switch (rules_.double_on) {
      case HouseRules::DoubleOn::kAnyTwo:
        return true;
      case HouseRules::DoubleOn::kNineToEleven:
        return !t.soft && t.total >= 9 && t.total <= 11;
      case HouseRules::DoubleOn::kTenToEleven:
        return !t.soft && t.total >= 10 && t.total <= 11;
      case HouseRules::DoubleOn::kElevenOnly:
        return !t.soft && t.total == 11;
    }
    return false;
  }

  Play TwoCardPlay(const Counts& hand) const {
    Total t = TotalOf(hand);
    return strategy_->two_card[up_ - 1][t.soft][t.total];
  }

  // `extra`: the other card of a split pair, out of the shoe but not in the hand (0: none).
  double HitOrStand(const Counts& hand, int extra) {
    uint64_t key = Key(hand) | static_cast<uint64_t>(extra) << 60;
    auto it = hit_or_stand_.find(key);
    if (it != hit_or_stand_.end()) return it->second;
    double value;
    Total t = TotalOf(hand);
    if (!t.soft && t.total <= 11) {
      // Hitting cannot bust, and on every dealer hand a higher total does at least as well:
      // the hit's stand alone already matches standing now, the dealer's chances after the
      // card averaging to those before it.
      value = Hit(hand, extra);
    } else if (strategy_) {
      value = strategy_->hit[up_ - 1][t.soft][t.total] ? Hit(hand, extra) : Stand(hand, With(hand, extra));
    } else {
      value = std::max(Hit(hand, extra), Stand(hand, With(hand, extra)));
    }
    hit_or_stand_.emplace(key, value);
    return value;
  }

  double Hit(const Counts& hand, int extra) {
    Counts removed = With(hand, extra);
    Counts left = Left(removed);
    int n = Cards(left);
    double value = 0;
    for (int v = 1; v <= kValues; ++v) {
      if (left[v - 1] == 0) continue;
      Counts next = With(hand, v);
      double after = HardTotal(next) > 21 ? Bust(With(removed, v)) : HitOrStand(next, extra);
      value += Probability(left, n, v) * after;
    }
    return value;
  }

  double Double(const Counts& hand, int extra) {
    Counts removed = With(hand, extra);
    Counts left = Left(removed);
    int n = Cards(left);
    double value = 0;
    for (int v = 1; v <= kValues; ++v) {
      if (left[v - 1] == 0) continue;
      Counts next = With(hand, v);
      Counts out = With(removed, v);
      value += Probability(left, n, v) * (HardTotal(next) > 21 ? Bust(out) : Stand(next, out));
    }
    return 2 * value;
  }

  // Two cards dealt, not split.
  double NotSplit(const Counts& hand) {
    double play = HitOrStand(hand, 0);
    bool may_double = MayDouble(hand);
    if (!strategy_) {
      if (may_double) play = std::max(play, Double(hand, 0));
      if (rules_.late_surrender) play = std::max(play, Surrender(hand));
      return play;
    }
    Play first = TwoCardPlay(hand);
    if (first == Play::kDouble && may_double) return Double(hand, 0);
    if (first == Play::kSurrender && rules_.late_surrender) return Surrender(hand);
    return play;
  }

  // One hand of a split pair once its second card is dealt, played without splitting again.
  double SplitHand(int pair, int second) {
    Counts hand = With(With(Counts{}, pair), second);
    if (pair == kAce && !rules_.hit_split_aces) return Stand(hand, With(hand, pair));
    double play = HitOrStand(hand, pair);
    if (!rules_.double_after_split || !MayDouble(hand)) return play;
    double doubled = Double(hand, pair);
    if (!strategy_) return std::max(play, doubled);
    return TwoCardPlay(hand) == Play::kDouble ? doubled : play;
  }

  // Expected numbers of the final split hands whose second card did not pair, and did
  // but could not be split again. The chance a second card pairs counts the cards the
  // earlier hands' second cards took.
  struct SplitHands {
    double non_pair = 0, pair = 0;
  };

  void DealSecondCards(int hands, int pending, int pairs, int others, double weight, double pair_left, int n,
                       int max_hands, SplitHands& out) const {
    if (pending == 0) return;
    double p = std::max(0.0, pair_left - pairs) / (n - pairs - others);
    if (p > 0) {
      if (hands < max_hands) {
        DealSecondCards(hands + 1, pending + 1, pairs + 1, others, weight * p, pair_left, n, max_hands, out);
      } else {
        out.pair += weight * p;
        DealSecondCards(hands, pending - 1, pairs + 1, others, weight * p, pair_left, n, max_hands, out);
      }
    }
    out.non_pair += weight * (1 - p);
    DealSecondCards(hands, pending - 1, pairs, others + 1, weight * (1 - p), pair_left, n, max_hands, out);
  }

  double Split(int pair) {
    Counts left = Left(With(Counts{}, pair, 2));
    int n = Cards(left);
    double pair_left = left[pair - 1];
    if (pair == kTen && !rules_.split_by_value) {
      // Of the pair's rank: 4 a deck less the pair, less the up card when it is of that rank.
      double m = 4.0 * rules_.decks;
      pair_left = m - 2 - (up_ == kTen ? (m - 2) / (16.0 * rules_.decks - 2) : 0);
    }
    double p_pair = pair_left / n;
    double paired = 0, not_paired = 0;
    for (int v = 1; v <= kValues; ++v) {
      if (left[v - 1] == 0) continue;
      double p = Probability(left, n, v);
      double value = SplitHand(pair, v);
      if (v == pair) {
        paired = value;
        not_paired += (p - p_pair) * value;
      } else {
        not_paired += p * value;
      }
    }
    bool resplit = rules_.max_hands > 2 && (pair != kAce || rules_.resplit_aces);
    SplitHands hands;
    DealSecondCards(2, 2, 0, 0, 1.0, pair_left, n, resplit ? rules_.max_hands : 2, hands);
    return hands.non_pair * (not_paired / (1 - p_pair)) + hands.pair * paired;
  }

  double DealProbability(int a, int b) const {
    int n = Cards(shoe_);
    double p =
        static_cast<double>(shoe_[a - 1]) * (shoe_[b - 1] - (a == b)) / (static_cast<double>(n) * (n - 1));
    return a == b ? p : 2 * p;
  }

  // Each two-card total's first play, weighed over the two-card hands of that total as
  // dealt; then each pair's split against that play.
  void DecideTwoCardPlays(BasicStrategy& next) {
    enum { kHitOrStand, kDoubled, kSurrendered };
    std::array<std::array<std::array<double, 3>, 22>, 2> sums{};
    std::array<std::array<bool, 22>, 2> may_double{};
    for (int a = 1; a <= kValues; ++a) {
      for (int b = a; b <= kValues; ++b) {
        Counts hand = With(With(Counts{}, a), b);
        Total t = TotalOf(hand);
        if (t.total == 21 || shoe_[a - 1] < 1 + (a == b) || shoe_[b - 1] < 1) continue;
        double w = DealProbability(a, b);
        auto& sum = sums[t.soft][t.total];
        sum[kHitOrStand] += w * HitOrStand(hand, 0);
        may_double[t.soft][t.total] = MayDouble(hand);
        if (may_double[t.soft][t.total]) sum[kDoubled] += w * Double(hand, 0);
        if (rules_.late_surrender) sum[kSurrendered] += w * Surrender(hand);
      }
    }
    for (int soft = 0; soft < 2; ++soft) {
      for (int t = 0; t <= 21; ++t) {
        const auto& sum = sums[soft][t];
        Play play = Play::kHit;  // or stand: hit[] decides
        double best = sum[kHitOrStand];
        if (may_double[soft][t] && sum[kDoubled] > best) {
          play = Play::kDouble;
          best = sum[kDoubled];
        }
        if (rules_.late_surrender && sum[kSurrendered] > best) play = Play::kSurrender;
        next.two_card[up_ - 1][soft][t] = play;
      }
    }
    for (int pair = 1; pair <= kValues; ++pair) {
      bool possible = rules_.max_hands >= 2 && shoe_[pair - 1] >= 2;
      Counts hand = With(Counts{}, pair, 2);
      next.split[up_ - 1][pair - 1] = possible && Split(pair) > NotSplit(hand);
    }
  }

  // Hit or stand on each total, weighed over the hands that reach it under the plays of
  // the pass before (or, for a total no hand reaches, over the hands that would by hitting).
  void DecideHitOrStand(BasicStrategy& next) {
    std::vector<double> reach(hands_.size(), 0), drawn(hands_.size(), 0);
    for (size_t i = 0; i < hands_.size() && Cards(hands_[i]) == 2; ++i) {
      const Counts& hand = hands_[i];
      Total t = TotalOf(hand);
      if (t.total == 21) continue;
      int a = 0, b = 0;
      for (int v = 1; v <= kValues; ++v) {
        if (hand[v - 1] >= 1 && a == 0) a = v;
        if (hand[v - 1] >= 1) b = v;
      }
      drawn[i] = DealProbability(a, b);
      Play first = TwoCardPlay(hand);
      if ((first == Play::kDouble && MayDouble(hand)) ||
          (first == Play::kSurrender && rules_.late_surrender)) {
        continue;
      }
      double kept = 1;
      if (a == b && rules_.max_hands >= 2 && strategy_->split[up_ - 1][a - 1]) {
        kept = a == kTen && !rules_.split_by_value ? 1 - TenPairShare(rules_.decks, up_) : 0;
      }
      reach[i] = drawn[i] * kept;
    }
    for (size_t i = 0; i < hands_.size(); ++i) {
      const Counts& hand = hands_[i];
      Counts left = Left(hand);
      int n = Cards(left);
      Total t = TotalOf(hand);
      bool hits = strategy_->hit[up_ - 1][t.soft][t.total];
      for (int v = 1; v <= kValues; ++v) {
        if (left[v - 1] == 0) continue;
        auto child = index_.find(Key(With(hand, v)));
        if (child == index_.end()) continue;  // busted
        double p = Probability(left, n, v);
        if (hits) reach[child->second] += reach[i] * p;
        drawn[child->second] += drawn[i] * p;
      }
    }
    std::array<std::array<double, 22>, 2> gain{}, gain_drawn{}, weight{};
    for (size_t i = 0; i < hands_.size(); ++i) {
      const Counts& hand = hands_[i];
      Total t = TotalOf(hand);
      if (!t.soft && t.total <= 11) continue;  // hits, as HitOrStand says why
      double hit_gain = Hit(hand, 0) - Stand(hand, hand);
      gain[t.soft][t.total] += reach[i] * hit_gain;
      gain_drawn[t.soft][t.total] += drawn[i] * hit_gain;
      weight[t.soft][t.total] += reach[i];
    }
    for (int soft = 0; soft < 2; ++soft) {
      for (int t = 0; t <= 21; ++t) {
        double g = weight[soft][t] > 0 ? gain[soft][t] : gain_drawn[soft][t];
        next.hit[up_ - 1][soft][t] = g > 0 || (soft == kHard && t <= 11);
      }
    }
  }

  const HouseRules& rules_;
  int up_;
  Counts shoe_;  // less the up card
  std::vector<DealerNode> dealer_graph_;
  std::vector<double> dealer_reach_;
  double blackjack_loss_;  // per unit of a hand's wager, on the paths the dealer has blackjack
  const BasicStrategy* strategy_ = nullptr;
  std::vector<Counts> hands_;
  std::unordered_map<uint64_t, size_t> index_;
  std::unordered_map<uint64_t, DealerOutcomes> dealer_;  // by the cards out besides the up card
  std::unordered_map<uint64_t, double> hit_or_stand_;
};

}  // namespace

int ValueOfRank(int rank) { return std::min(rank, kTen); }

DealerOutcomes DealerFinalProbabilities(const HouseRules& rules, int up_value,
                                        const std::array<int, kValues>& removed) {
  Counts left = With(FullShoe(rules.decks), up_value, -1);
  for (int v = 0; v < kValues; ++v) left[v] -= removed[v];
  std::vector<double> reach;
  return Distribution(DealerGraph(up_value, rules.dealer_hits_soft_17), left, reach);
}

double BlackjackMath::StartingHandReturn(int first, int second, int up) const {
  return starting_hand[up - 1][first - 1][second - 1];
}

double BlackjackMath::FirstCardReturn(int first_rank, int up_rank) const {
  int first = ValueOfRank(first_rank);
  int up = ValueOfRank(up_rank);
  Counts left = With(With(FullShoe(rules.decks), up, -1), first, -1);
  int n = Cards(left);
  double value = 0;
  for (int second = 1; second <= kValues; ++second) {
    double p = static_cast<double>(left[second - 1]) / n;
    if (first == kTen && second == kTen) {
      double same_rank =
          rules.split_by_value ? left[kTen - 1] : 4.0 * rules.decks - 1 - (first_rank == up_rank);
      double p_pair = same_rank / n;
      value += p_pair * ten_pair[up - 1] + (p - p_pair) * ten_non_pair[up - 1];
    } else {
      value += p * starting_hand[up - 1][first - 1][second - 1];
    }
  }
  return value;
}

BlackjackMath ComputeBlackjackMath(const HouseRules& rules) {
  BlackjackMath math;
  math.rules = rules;
  math.strategy_converged = true;
  Counts full = FullShoe(rules.decks);
  int cards = Cards(full);
  for (int up = 1; up <= kValues; ++up) {
    UpCardSolver solver(rules, up);
    math.strategy_converged &= solver.SolveBasicStrategy(math.strategy);
    const Counts& shoe = solver.shoe();
    int n = Cards(shoe);
    double ten_share = rules.split_by_value ? 1 : TenPairShare(rules.decks, up);
    // Ordered deals: the player's first card, then (the up card between) the second.
    auto each_deal = [&](const std::function<double(int, int)>& value) {
      double sum = 0;
      for (int a = 1; a <= kValues; ++a) {
        for (int b = 1; b <= kValues; ++b) {
          double p = static_cast<double>(shoe[a - 1]) * (shoe[b - 1] - (a == b)) /
                     (static_cast<double>(n) * (n - 1));
          if (p > 0) sum += p * value(a, b);
        }
      }
      return sum;
    };
    math.ten_pair[up - 1] = solver.StartingHand(kTen, kTen, true);
    math.ten_non_pair[up - 1] = solver.StartingHand(kTen, kTen, false);
    for (int a = 1; a <= kValues; ++a) {
      for (int b = a; b <= kValues; ++b) {
        double value = a == kTen && b == kTen
                           ? ten_share * math.ten_pair[up - 1] + (1 - ten_share) * math.ten_non_pair[up - 1]
                           : solver.StartingHand(a, b, a == b);
        math.starting_hand[up - 1][a - 1][b - 1] = value;
        math.starting_hand[up - 1][b - 1][a - 1] = value;
      }
    }
    math.return_by_up[up - 1] =
        each_deal([&](int a, int b) { return math.starting_hand[up - 1][a - 1][b - 1]; });
    double p_up = static_cast<double>(full[up - 1]) / cards;
    math.basic_strategy_return += p_up * math.return_by_up[up - 1];

    solver.Use(nullptr);
    double ten_best = ten_share * solver.StartingHand(kTen, kTen, true) +
                      (1 - ten_share) * solver.StartingHand(kTen, kTen, false);
    math.optimal_return += p_up * each_deal([&](int a, int b) {
                             return a == kTen && b == kTen ? ten_best : solver.StartingHand(a, b, a == b);
                           });
  }
  return math;
}

WarMath ComputeWarMath(const BlackjackMath& blackjack, const WarOptions& options) {
  WarMath war;
  int per_rank = 4 * blackjack.rules.decks;
  int cards = kRanks * per_rank;
  auto order = [&](int rank) { return options.compare_by_value ? ValueOfRank(rank) : rank; };
  double moved = options.ride_adds_stake ? 2 : 1;
  for (int first = 1; first <= kRanks; ++first) {
    for (int up = 1; up <= kRanks; ++up) {
      Fraction p(static_cast<int64_t>(per_rank) * (per_rank - (first == up)),
                 static_cast<int64_t>(cards) * (cards - 1));
      if (order(first) < order(up)) {
        war.p_lose += p;
      } else if (order(first) == order(up)) {
        war.p_tie += p;
      } else {
        war.p_win += p;
        double ride = blackjack.FirstCardReturn(first, up);
        war.ride[first - 1][up - 1] = ride > 0;
        if (ride > 0) war.ride_value += p.ToDouble() * moved * ride;
      }
    }
  }
  war.house_edge_collect = war.p_tie + war.p_lose - war.p_win;
  war.house_edge_best_ride = war.house_edge_collect.ToDouble() - war.ride_value;
  return war;
}

}  // namespace pitboss::blackjack
