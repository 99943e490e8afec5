#include "stats/conformance.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <tuple>

#include "games/games.h"
#include "math/distributions.h"
#include "pitboss/card.h"

namespace pitboss {

namespace {

constexpr double kAlpha = 1 - kConfidenceLevel;
constexpr int kRanks = 13;  // ranks 2..14 at index rank - 2
// Below these samples the normal approximations of the tests do not hold: such a test is
// reported "not enough data", neither passed nor failed.
constexpr int64_t kMinRunsOfEachKind = 10;
constexpr int64_t kMinSerialRounds = 30;
constexpr int64_t kMinExpectedOutcomes = 10;

struct WagerSums {
  int64_t bets = 0;
  MoneySum wagered;
  MoneySum net;
  long double squares = 0;  // sum over bets of amount^2
  long double cross = 0;    // sum over rounds of sum over seat pairs i != j of a_i * a_j
};

struct TableData {
  std::string spec;
  std::string table;
  int64_t rounds = 0;
  int decks = 0;  // of the shoe in play, from the last shuffle seen
  std::map<int, int64_t> rounds_by_decks;
  std::array<int64_t, kRanks> ranks{};
  // The finite-shoe correction of the rank test: each shoe's cards are drawn without
  // replacement, so a shoe of N cards dealt down to n varies (N - n)/(N - 1) times as much as
  // n independent draws would. Sums over shoes of n and of n (N - n)/(N - 1).
  int64_t shoe_cards = 0;  // of the shoe in play: N (0 when none seen); 64 bits, as decks is any int logged
  int64_t shoe_drawn = 0;
  long double drawn = 0, drawn_weighted = 0;                  // closed shoes
  std::map<int, std::array<int64_t, kRanks * kRanks>> pairs;  // by deck count
  std::vector<uint8_t> first_wins;                         // per round: the first seat won on the first cards
  std::vector<double> first_outcome;                       // +1, 0, -1
  std::map<int, std::array<WagerSums, kWagerKinds>> sums;  // by deck count
  int64_t taken = 0, declined = 0;                         // the game's choice (GameStats::take)
};

// Adds the shoe in play to the sums of the finite-shoe correction.
void CloseShoe(TableData& t) {
  if (t.shoe_drawn == 0) return;
  long double n = static_cast<long double>(t.shoe_drawn);
  long double f = 1;
  if (t.shoe_cards > 1 && t.shoe_drawn <= t.shoe_cards) {
    f = static_cast<long double>(t.shoe_cards - t.shoe_drawn) / (t.shoe_cards - 1);
  }
  t.drawn += n;
  t.drawn_weighted += n * f;
  t.shoe_drawn = 0;
}

// A seat's money on one wager in one round: wide, as two bets near 2^63 must not wrap.
struct SeatMoney {
  MoneySum amount;
  MoneySum net;
  bool placed = false;
};

std::string Fixed4(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", x);
  return buf;
}

std::string PercentText(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f%%", x * 100);
  return buf;
}

StatTest ChiSquareTest(std::string id, const std::vector<int64_t>& observed,
                       const std::vector<double>& probabilities, std::string what) {
  StatTest t;
  t.id = std::move(id);
  t.statistic = "chi-square";
  int64_t n = 0;
  for (int64_t c : observed) n += c;
  t.n = n;
  ChiSquareResult r = ChiSquareGoodnessOfFit(observed, probabilities);
  t.value = r.statistic;
  t.df = r.df;
  t.p_value = r.p_value;
  t.note = std::move(what);
  if (r.pooled_cells > 0) {
    t.note += "; " + std::to_string(r.pooled_cells) + " cells with fewer than 5 expected pooled";
  }
  if (std::isnan(r.p_value) || r.df == 0) {
    t.applicable = false;
    t.p_value = 1;
    t.note += n == 0 ? "; no data" : "; not enough data for the test";
  }
  return t;
}

StatTest NotApplicable(std::string id, std::string statistic, std::string why) {
  StatTest t;
  t.id = std::move(id);
  t.statistic = std::move(statistic);
  t.applicable = false;
  t.note = std::move(why);
  return t;
}

// The rounds of several tables, merged into one group's data (sequences stay per table).
struct GroupData {
  std::string spec, table;
  std::vector<const TableData*> tables;
};

}  // namespace

int StatsReport::tests() const {
  int n = tests_left_out;
  for (const StatsGroup& g : groups) {
    for (const StatTest& t : g.tests) n += t.applicable;
  }
  return n;
}

int StatsReport::failed() const {
  int n = failed_left_out;
  for (const StatsGroup& g : groups) {
    for (const StatTest& t : g.tests) n += t.applicable && !t.pass;
  }
  return n;
}

int StatsReport::failed_alone() const {
  int n = failed_alone_left_out;
  for (const StatsGroup& g : groups) {
    for (const StatTest& t : g.tests) n += t.applicable && !t.pass_alone;
  }
  return n;
}

struct StatsCollector::Impl {
  std::map<std::string, RuleSpec> specs;  // by id: the first revision seen (for the theory)
  std::map<std::tuple<std::string, int, WagerKind>, WagerTheory> theory;

  StatusOr<const WagerTheory*> Theory(const RuleSpec& spec, int decks, WagerKind kind);
  std::map<std::pair<std::string, std::string>, TableData> tables;
  int64_t rounds = 0;
  int64_t unknown_decks = 0;

  StatusOr<StatsGroup> Analyse(const GroupData& group);
};

StatsCollector::StatsCollector() : impl_(std::make_unique<Impl>()) {}
StatsCollector::~StatsCollector() = default;

void StatsCollector::Add(const Round& round, const RuleSpec& spec) {
  const Game* game = FindGame(spec.game);
  if (game == nullptr || game->stats == nullptr) return;
  const GameStats& stats = *game->stats;
  impl_->specs.try_emplace(spec.id, spec);
  TableData& t = impl_->tables[{spec.id, round.table}];
  if (t.rounds == 0) {
    t.spec = spec.id;
    t.table = round.table;
  }
  ++t.rounds;
  ++impl_->rounds;

  bool shuffled = false;
  std::optional<Card> first_card, dealer_card;
  std::map<Seat, std::array<SeatMoney, kWagerKinds>> money;
  for (const Event& e : round.events) {
    switch (e.type) {
      case EventType::kShuffle:
        CloseShoe(t);
        t.decks = e.decks;
        t.shoe_cards = 52 * static_cast<int64_t>(e.decks);
        shuffled = true;
        break;
      case EventType::kDeal:
      case EventType::kBurn:
        if (!e.card) break;
        ++t.ranks[e.card->rank - 2];
        ++t.shoe_drawn;
        if (e.type == EventType::kDeal && e.hand <= 1) {
          if (e.seat == kDealer) {
            if (!dealer_card) dealer_card = e.card;
          } else if (!first_card) {
            first_card = e.card;
          }
        }
        break;
      case EventType::kBet:
        if (e.wager != WagerKind::kUnknown) {
          SeatMoney& m = money[e.seat][static_cast<int>(e.wager)];
          m.amount += e.amount;
          m.placed = true;
        }
        break;
      case EventType::kSettle:
        if (e.wager != WagerKind::kUnknown) money[e.seat][static_cast<int>(e.wager)].net += e.amount;
        break;
      case EventType::kDecision:
        if (stats.take != Action::kUnknown && e.action == stats.take) ++t.taken;
        if (stats.decline != Action::kUnknown && e.action == stats.decline) ++t.declined;
        break;
    }
  }

  std::optional<int> mine = first_card ? stats.first_card_value(spec, first_card->rank) : std::nullopt;
  std::optional<int> theirs = dealer_card ? stats.first_card_value(spec, dealer_card->rank) : std::nullopt;
  if (mine && theirs) {
    int a = *mine, b = *theirs;
    t.first_wins.push_back(a > b ? 1 : 0);
    t.first_outcome.push_back(a > b ? 1.0 : a < b ? -1.0 : 0.0);
  }
  if (t.decks <= 0) {
    ++impl_->unknown_decks;
    return;
  }
  ++t.rounds_by_decks[t.decks];
  if (spec.fresh_shuffle.required && shuffled && first_card && dealer_card) {
    auto& pairs = t.pairs[t.decks];
    ++pairs[(first_card->rank - 2) * kRanks + (dealer_card->rank - 2)];
  }
  auto& sums = t.sums[t.decks];
  for (int k = 0; k < kWagerKinds; ++k) {
    const auto kind = static_cast<WagerKind>(k);
    if (!stats.return_tested(spec, kind)) continue;
    WagerSums& s = sums[static_cast<int>(kind)];
    long double total = 0, squares = 0;
    for (const auto& [seat, wagers] : money) {
      const SeatMoney& m = wagers[static_cast<int>(kind)];
      if (!m.placed) continue;
      MoneySum net = m.net;
      if (kind == WagerKind::kMain) {
        for (int k = 0; k < kWagerKinds; ++k) {
          if (spec.wagers[k].equals == WagerKind::kMain) net += wagers[k].net;
        }
      }
      ++s.bets;
      s.wagered += m.amount;
      s.net += net;
      const auto amount = static_cast<long double>(m.amount.wide());
      total += amount;
      squares += amount * amount;
    }
    s.squares += squares;
    s.cross += total * total - squares;
  }
}

StatusOr<const WagerTheory*> StatsCollector::Impl::Theory(const RuleSpec& spec, int decks, WagerKind kind) {
  auto key = std::tuple(spec.id, decks, kind);
  auto it = theory.find(key);
  if (it != theory.end()) return &it->second;
  auto t = FindGame(spec.game)->stats->theory(spec, decks, kind);
  if (!t.ok()) return t.status();
  return &theory.emplace(key, *t).first->second;
}

StatusOr<StatsGroup> StatsCollector::Impl::Analyse(const GroupData& group) {
  const RuleSpec& spec = specs.at(group.spec);
  StatsGroup out;
  out.spec = group.spec;
  out.table = group.table;

  std::array<int64_t, kRanks> ranks{};
  std::map<int, std::array<int64_t, kRanks * kRanks>> pairs;
  std::map<int, std::array<WagerSums, kWagerKinds>> sums;
  int64_t taken = 0, declined = 0;
  std::vector<RunsResult> runs;
  std::vector<SerialResult> serial;
  long double drawn = 0, drawn_weighted = 0;
  for (const TableData* t : group.tables) {
    TableData open = *t;  // the shoe still in play counts as dealt so far
    CloseShoe(open);
    drawn += open.drawn;
    drawn_weighted += open.drawn_weighted;
    out.rounds += t->rounds;
    for (auto [d, n] : t->rounds_by_decks) out.decks[d] += n;
    for (int r = 0; r < kRanks; ++r) ranks[r] += t->ranks[r];
    for (const auto& [d, counts] : t->pairs) {
      auto& into = pairs[d];
      for (size_t i = 0; i < counts.size(); ++i) into[i] += counts[i];
    }
    for (const auto& [d, by_kind] : t->sums) {
      auto& into = sums[d];
      for (int k = 0; k < kWagerKinds; ++k) {
        into[k].bets += by_kind[k].bets;
        into[k].wagered += by_kind[k].wagered;
        into[k].net += by_kind[k].net;
        into[k].squares += by_kind[k].squares;
        into[k].cross += by_kind[k].cross;
      }
    }
    taken += t->taken;
    declined += t->declined;
    runs.push_back(RunsTest(t->first_wins));
    serial.push_back(SerialCorrelationTest(t->first_outcome));
  }

  const double z99 = NormalQuantile(1 - kAlpha / 2);
  // Ranks drawn: every rank is 4 cards of each deck, whatever the deck count.
  {
    std::vector<int64_t> observed(ranks.begin(), ranks.end());
    std::vector<double> p(kRanks, 1.0 / kRanks);
    int64_t n = 0;
    for (int64_t c : observed) n += c;
    // Cards of one shoe are drawn without replacement: the variance of a rank's count, and
    // Pearson's statistic, are those of independent draws times the mean finite-shoe factor
    // (1 for shoes reshuffled every round to within a few percent, about 0.3 for shoes
    // dealt to a cut card at 75%).
    double factor = drawn > 0 ? static_cast<double>(drawn_weighted / drawn) : 1;
    const double spread = z99 * std::sqrt(static_cast<double>(n) * (1.0 / kRanks) * (1 - 1.0 / kRanks) *
                                          (factor > 0 && factor < 1 ? factor : 1));
    for (int r = 0; r < kRanks; ++r) {
      const double expected = static_cast<double>(n) / kRanks;
      out.ranks.push_back({std::string(1, RankChar(r + 2)), observed[r], expected,
                           std::max(0.0, expected - spread), expected + spread});
    }
    StatTest t = ChiSquareTest("rank-frequencies", observed, p,
                               "ranks of the cards drawn (dealt and burned) against the shoe's "
                               "composition, 4 of each rank a deck");
    // The finite-shoe factor is divided back out of the statistic.
    if (t.applicable && factor > 0 && factor < 1) {
      t.value /= factor;
      t.p_value = ChiSquareSurvival(t.value, t.df);
      t.note += "; finite-shoe correction: Pearson's statistic divided by " + Fixed4(factor) +
                ", the mean (N - n)/(N - 1) of the shoes dealt";
    }
    out.tests.push_back(t);
  }

  // First-card pairs, where every round is dealt from a fresh shuffle.
  if (!spec.fresh_shuffle.required) {
    out.tests.push_back(NotApplicable("rank-pairs", "chi-square",
                                      "the rules do not reshuffle every round: consecutive rounds "
                                      "share a shoe, so pairs are not independent samples"));
  } else {
    std::vector<int64_t> observed(kRanks * kRanks, 0);
    std::vector<double> expected(kRanks * kRanks, 0);
    for (const auto& [d, counts] : pairs) {
      int64_t n = 0;
      for (size_t i = 0; i < counts.size(); ++i) {
        observed[i] += counts[i];
        n += counts[i];
      }
      double per_rank = 4.0 * d, cards = 52.0 * d;
      for (int i = 0; i < kRanks; ++i) {
        for (int j = 0; j < kRanks; ++j) {
          expected[i * kRanks + j] += n * (per_rank / cards) * ((per_rank - (i == j ? 1 : 0)) / (cards - 1));
        }
      }
    }
    double n = 0;
    for (double e : expected) n += e;
    if (n > 0) {
      for (double& e : expected) e /= n;
    } else {
      std::fill(expected.begin(), expected.end(), 1.0 / expected.size());
    }
    out.tests.push_back(ChiSquareTest("rank-pairs", observed, expected,
                                      "(first seat, dealer) ranks of the first cards of each "
                                      "round against their exact probabilities"));
  }

  // Runs and serial correlation of consecutive rounds, table by table.
  {
    RunsResult r = runs.size() == 1 ? runs[0] : CombineRuns(runs);
    StatTest t;
    t.id = "runs";
    t.statistic = "z";
    t.value = r.z;
    t.n = r.n1 + r.n2;
    t.p_value = r.p_value;
    t.note = std::to_string(r.runs) + " runs of \"the first seat wins on the first cards\" in " +
             std::to_string(t.n) + " rounds, " +
             std::to_string(static_cast<int64_t>(std::llround(r.expected))) + " expected";
    // The normal approximation of the runs count wants ten of each kind at least.
    if (r.variance <= 0 || r.n1 < kMinRunsOfEachKind || r.n2 < kMinRunsOfEachKind) {
      t.applicable = false;
      t.note += "; not enough data for the test (" + std::to_string(kMinRunsOfEachKind) +
                " wins and non-wins at least)";
    }
    out.tests.push_back(t);
  }
  {
    SerialResult s = serial.size() == 1 ? serial[0] : CombineSerial(serial);
    StatTest t;
    t.id = "serial-correlation";
    t.statistic = "z";
    t.value = s.z;
    t.n = s.n;
    t.p_value = s.p_value;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.5f", s.r);
    t.note = std::string("lag-1 correlation r = ") + buf +
             " of the first seat's first-card outcome (+1 win, 0 tie, -1 lose), round after round";
    if (s.n < kMinSerialRounds || std::isnan(s.r)) {
      t.applicable = false;
      t.note += "; not enough data for the test (" + std::to_string(kMinSerialRounds) + " rounds at least)";
    }
    out.tests.push_back(t);
  }

  // The return of each wager, under the choices the players made: q of the seats offered
  // the game's choice take it (War: of the ties, war). With no choice logged, the optimal one.
  const GameStats& stats = *FindGame(spec.game)->stats;
  long double q = 1;
  std::string policy_text = "settled on the first cards alone";
  if (stats.take != Action::kUnknown) {
    const std::string offered_on(stats.offered_on);
    policy_text = "no " + offered_on + " choice logged: the optimal choice";
    if (taken + declined > 0) {
      q = static_cast<long double>(taken) / (taken + declined);
      policy_text = std::string(ToString(stats.take)) + " on " + std::to_string(taken) + " of " +
                    std::to_string(taken + declined) + " " + offered_on + " choices";
    }
  }
  for (int k = 0; k < kWagerKinds; ++k) {
    const auto kind = static_cast<WagerKind>(k);
    if (!stats.return_tested(spec, kind)) continue;
    ReturnCheck check;
    check.wager = kind;
    check.policy = policy_text;
    long double wagered = 0, net = 0, mean = 0, variance = 0;
    long double expected_ahead = 0, expected_behind = 0;
    MoneySum wagered_total, net_total;
    for (const auto& [d, by_kind] : sums) {
      const WagerSums& s = by_kind[static_cast<int>(kind)];
      if (s.bets == 0) continue;
      auto theory_or = Theory(spec, d, kind);
      if (!theory_or.ok()) return theory_or.status();
      const WagerTheory& w = **theory_or;
      if (!w.available) continue;
      long double share = q;
      if (taken + declined == 0) {  // optimal: whichever pure choice returns more
        share = w.choice_free || w.mean[1] >= w.mean[0] ? 1 : 0;
      }
      check.bets += s.bets;
      wagered += static_cast<long double>(s.wagered.wide());
      net += static_cast<long double>(s.net.wide());
      mean += w.Mean(share) * static_cast<long double>(s.wagered.wide());
      variance += w.Variance(share) * s.squares + w.Covariance(share) * s.cross;
      expected_ahead += s.bets * w.Ahead(share);
      expected_behind += s.bets * (1 - w.Ahead(share));
      wagered_total += s.wagered;
      net_total += s.net;
    }
    // A total that does not fit in 64 bits is said to, never wrapped.
    const std::optional<Money> wagered_fits = wagered_total.value(), net_fits = net_total.value();
    check.wagered = wagered_fits.value_or(0);
    check.net = net_fits.value_or(0);
    check.overflow = !wagered_fits || !net_fits;
    std::string id = "return:" + std::string(ToString(kind));
    if (check.bets == 0 || wagered <= 0) {
      out.tests.push_back(NotApplicable(id, "z", "no " + std::string(ToString(kind)) + " wager logged"));
      continue;
    }
    // The normal interval wants enough wins and losses to be expected: a tie wager wins
    // one bet in 13, so a handful of bets says nothing about its return.
    if (std::min(expected_ahead, expected_behind) < kMinExpectedOutcomes) {
      out.tests.push_back(NotApplicable(id, "z",
                                        std::to_string(check.bets) + " bets: not enough for the test (" +
                                            std::to_string(kMinExpectedOutcomes) + " wins and " +
                                            std::to_string(kMinExpectedOutcomes) +
                                            " losses expected at least)"));
      continue;
    }
    check.observed = static_cast<double>(1 + net / wagered);
    check.theoretical = static_cast<double>(1 + mean / wagered);
    double se = static_cast<double>(std::sqrt(std::max(variance, 0.0L)) / wagered);
    check.low = check.theoretical - z99 * se;
    check.high = check.theoretical + z99 * se;
    StatTest t;
    t.id = id;
    t.statistic = "z";
    t.n = check.bets;
    t.value = se > 0 ? (check.observed - check.theoretical) / se : 0;
    t.p_value = se > 0 ? NormalTwoSidedP(t.value) : (check.observed == check.theoretical ? 1 : 0);
    t.note = "observed return " + PercentText(check.observed) + " over " + std::to_string(check.bets) +
             " bets, theoretical " + PercentText(check.theoretical) + ", 99% interval [" +
             PercentText(check.low) + ", " + PercentText(check.high) + "] (" + policy_text + ")";
    out.tests.push_back(t);
    out.returns.push_back(check);
  }
  return out;
}

namespace {

// JudgeTests, with the p-values of the applicable tests of the groups left out (Finish) among
// them: what the correction makes of those is counted in the report.
void JudgeTestsWith(StatsReport* report, const std::vector<double>& left_out) {
  struct Test {
    double p_value;
    StatTest* test;  // nullptr: of a group left out
  };
  std::vector<Test> tests;
  for (StatsGroup& g : report->groups) {
    for (StatTest& t : g.tests) {
      if (t.applicable) tests.push_back({t.p_value, &t});
    }
  }
  for (double p : left_out) tests.push_back({p, nullptr});
  std::stable_sort(tests.begin(), tests.end(),
                   [](const Test& a, const Test& b) { return a.p_value < b.p_value; });
  report->tests_left_out = static_cast<int>(left_out.size());
  report->failed_left_out = report->failed_alone_left_out = 0;
  double running = 0;
  const size_t m = tests.size();
  for (size_t i = 0; i < m; ++i) {
    running = std::max(running, std::min(1.0, static_cast<double>(m - i) * tests[i].p_value));
    if (tests[i].test != nullptr) {
      tests[i].test->p_adjusted = running;
    } else {
      report->failed_left_out += running < kAlpha;
      report->failed_alone_left_out += tests[i].p_value < kAlpha;
    }
  }
  for (StatsGroup& g : report->groups) {
    for (StatTest& t : g.tests) {
      if (!t.applicable) {
        t.p_adjusted = 1;
        t.pass = t.pass_alone = true;
        continue;
      }
      t.pass_alone = t.p_value >= kAlpha;
      t.pass = t.p_adjusted >= kAlpha;
    }
  }
}

}  // namespace

void JudgeTests(StatsReport* report) { JudgeTestsWith(report, {}); }

StatusOr<StatsReport> StatsCollector::Finish(size_t tables_kept) {
  StatsReport report;
  report.rounds_used = impl_->rounds;
  report.rounds_unknown_decks = impl_->unknown_decks;
  // A group in the report's order, and (a table's) how near its tests come to failing.
  struct Kept {
    size_t order;
    std::tuple<int, double> rank;  // failed alone, and the least p-value negated: more is nearer
    StatsGroup group;
  };
  std::vector<Kept> kept;
  size_t tables = 0;  // of the tables' groups in `kept`
  // The tables' groups kept (indexes into `kept`): a heap with the farthest from failing on top.
  auto farther = [&kept](size_t a, size_t b) { return kept[a].rank > kept[b].rank; };
  std::vector<size_t> heap;
  std::vector<double> left_out;  // the p-values of the applicable tests of the groups left out
  auto rank_of = [](const StatsGroup& g) {
    int alone = 0;
    double least = 1;
    for (const StatTest& t : g.tests) {
      if (!t.applicable) continue;
      alone += t.p_value < kAlpha;
      least = std::min(least, t.p_value);
    }
    return std::tuple(alone, -least);
  };
  auto leave_out = [&](const StatsGroup& g) {
    ++report.tables_left_out;
    for (const StatTest& t : g.tests) {
      if (t.applicable) left_out.push_back(t.p_value);
    }
  };
  // Per rule set, every table together; then each table where there are several.
  std::map<std::string, std::vector<const TableData*>> by_spec;
  for (const auto& [key, table] : impl_->tables) by_spec[key.first].push_back(&table);
  size_t order = 0;
  for (const auto& [spec, spec_tables] : by_spec) {
    std::vector<GroupData> groups = {{spec, "", spec_tables}};
    if (spec_tables.size() > 1) {
      for (const TableData* t : spec_tables) groups.push_back({spec, t->table, {t}});
    }
    for (const GroupData& g : groups) {
      auto analysed = impl_->Analyse(g);
      if (!analysed.ok()) return analysed.status();
      if (g.table.empty()) {
        kept.push_back({order++, {}, std::move(*analysed)});
        continue;
      }
      Kept candidate{order++, rank_of(*analysed), std::move(*analysed)};
      if (tables < tables_kept) {
        ++tables;
        kept.push_back(std::move(candidate));
        continue;
      }
      // Full: the farthest from failing of the kept and the candidate is left out.
      if (heap.empty()) {
        for (size_t k = 0; k < kept.size(); ++k) {
          if (!kept[k].group.table.empty()) heap.push_back(k);
        }
        std::make_heap(heap.begin(), heap.end(), farther);
      }
      if (heap.empty() || candidate.rank <= kept[heap.front()].rank) {
        leave_out(candidate.group);
        continue;
      }
      std::pop_heap(heap.begin(), heap.end(), farther);
      leave_out(kept[heap.back()].group);
      kept[heap.back()] = std::move(candidate);
      std::push_heap(heap.begin(), heap.end(), farther);
    }
  }
  std::sort(kept.begin(), kept.end(), [](const Kept& a, const Kept& b) { return a.order < b.order; });
  for (Kept& k : kept) report.groups.push_back(std::move(k.group));
  JudgeTestsWith(&report, left_out);
  return report;
}

}  // namespace pitboss
