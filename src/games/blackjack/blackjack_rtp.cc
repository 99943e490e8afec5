#include "games/blackjack/blackjack_rtp.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "games/blackjack/blackjack_rules.h"
#include "games/core/rtp.h"

namespace pitboss {

namespace {

using blackjack::HouseRules;

constexpr int kMaxSplitHands = 4;

// The key locates the rule: an instance under a reading is parsed from a copy of the YAML
// tree, whose lines are not the file's.
Status Unrepresentable(std::string_view key, const Cite& /*cite*/, std::string_view what) {
  return Status::InvalidArgument(std::string(key) + " " + std::string(what));
}

std::string Percent(double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4f%%", value * 100);
  return buf;
}

// One BlackjackMath per distinct house: the readings of most ambiguities change only the War
// wager's reading, and each blackjack computation costs about a second.
class MathCache {
 public:
  const blackjack::BlackjackMath& Get(const HouseRules& rules) {
    for (const auto& [r, math] : computed_) {
      if (r == rules) return *math;
    }
    computed_.emplace_back(
        rules, std::make_unique<blackjack::BlackjackMath>(blackjack::ComputeBlackjackMath(rules)));
    return *computed_.back().second;
  }

 private:
  std::vector<std::pair<HouseRules, std::unique_ptr<blackjack::BlackjackMath>>> computed_;
};

StatusOr<std::vector<BlackjackDeckRtp>> ComputeDecks(const RuleSpec& spec, MathCache& cache) {
  std::vector<BlackjackDeckRtp> decks;
  for (int d = spec.decks.min; d <= spec.decks.max; ++d) {
    auto model = BlackjackModelOf(spec, d);
    if (!model.ok()) return model.status();
    BlackjackDeckRtp deck;
    deck.decks = d;
    deck.blackjack = cache.Get(model->house);
    deck.war_offered = model->war_offered;
    if (deck.war_offered) deck.war = blackjack::ComputeWarMath(deck.blackjack, model->war);
    decks.push_back(std::move(deck));
  }
  return decks;
}

// The figures a claim of `metric` about `wager` can mean, on one deck count's math.
std::vector<BlackjackClaimBasis> CandidateFigures(const std::string& metric, const std::string& wager,
                                                  const BlackjackDeckRtp& deck) {
  struct Figure {
    std::string policy, basis;
    double house_edge;
  };
  std::vector<Figure> edges;
  if (wager == "war" && deck.war_offered) {
    if (metric == "win-probability") {
      return {{deck.decks, "no-choice", "the War wager wins", deck.war.p_win.ToDouble(), false}};
    }
    edges = {{"collect", "every win collected", deck.war.house_edge_collect.ToDouble()},
             {"optimal", "the best ride", deck.war.house_edge_best_ride}};
  } else if (wager == "blackjack") {
    edges = {{"optimal", "basic strategy", -deck.blackjack.basic_strategy_return},
             {"optimal", "composition-dependent strategy", -deck.blackjack.optimal_return}};
  }
  std::vector<BlackjackClaimBasis> bases;
  for (const Figure& f : edges) {
    if (metric == "house-edge") bases.push_back({deck.decks, f.policy, f.basis, f.house_edge, false});
    if (metric == "rtp") bases.push_back({deck.decks, f.policy, f.basis, 1 - f.house_edge, false});
  }
  return bases;
}

BlackjackClaimCheck CheckClaim(const Claim& claim, const ClaimedFigure& figure,
                               const std::vector<BlackjackDeckRtp>& decks) {
  BlackjackClaimCheck check;
  check.claim = claim;
  check.claimed = figure.value;
  check.tolerance = figure.tolerance;
  const double claimed = figure.value.ToDouble();
  const double tolerance = figure.tolerance.ToDouble();
  for (const BlackjackDeckRtp& deck : decks) {
    for (BlackjackClaimBasis& b : CandidateFigures(claim.metric, claim.wager, deck)) {
      b.matches = std::abs(b.value - claimed) <= tolerance;
      check.bases.push_back(std::move(b));
    }
  }
  if (check.bases.empty()) {
    check.message =
        "cannot be checked: the spec has no figure '" + claim.metric + "' of wager '" + claim.wager + "'";
    return check;
  }
  auto stated_policy = [&](const BlackjackClaimBasis& b) {
    return claim.policy.empty() || b.policy == claim.policy || b.policy == "no-choice";
  };
  auto where = [](const BlackjackClaimBasis& b) {
    return b.basis + ", " + std::to_string(b.decks) + (b.decks == 1 ? " deck" : " decks");
  };
  const std::string claimed_text =
      "claimed " + claim.value + " (within " + FormatPercent(figure.tolerance, 4) + ")";
  std::string holding, elsewhere;
  for (const BlackjackClaimBasis& b : check.bases) {
    if (!b.matches) continue;
    std::string& list = stated_policy(b) ? holding : elsewhere;
    list += (list.empty() ? "" : "; ") + where(b) + " " + Percent(b.value);
  }
  check.holds = !holding.empty();
  if (check.holds) {
    check.message = "holds: " + holding + ", " + claimed_text;
    return check;
  }
  const BlackjackClaimBasis* nearest = nullptr;
  for (const BlackjackClaimBasis& b : check.bases) {
    if (!stated_policy(b)) continue;
    if (!nearest || std::abs(b.value - claimed) < std::abs(nearest->value - claimed)) nearest = &b;
  }
  check.message = "does not hold on any basis" +
                  std::string(claim.policy.empty() ? "" : " under policy " + claim.policy) + ": " +
                  claimed_text;
  if (nearest)
    check.message += ", the nearest figure is " + Percent(nearest->value) + " (" + where(*nearest) + ")";
  if (!elsewhere.empty()) check.message += "; it would hold under another policy: " + elsewhere;
  return check;
}

// Far below the four decimals of a percentage the report prints, far above the rounding of
// two computations of the same house.
bool Near(double a, double b) { return std::abs(a - b) < 1e-12; }

bool SameFigures(const std::vector<BlackjackReadingFigures>& a,
                 const std::vector<BlackjackReadingFigures>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].decks != b[i].decks || !Near(a[i].blackjack_edge, b[i].blackjack_edge) ||
        a[i].war_offered != b[i].war_offered || !(a[i].war_edge_collect == b[i].war_edge_collect) ||
        !Near(a[i].war_edge_best_ride, b[i].war_edge_best_ride)) {
      return false;
    }
  }
  return true;
}

}  // namespace

StatusOr<BlackjackModel> BlackjackModelOf(const RuleSpec& spec, int decks) {
  const BlackjackRules& b = Blackjack(spec);
  BlackjackModel model;
  HouseRules& h = model.house;
  h.decks = decks;
  h.dealer_hits_soft_17 = b.dealer_hits_soft_17.value;

  // The payouts the math has: a natural at any odds, every other hand at even money.
  auto pays = [](const Payout& p, Ratio net) { return p.present && p.net == net; };
  if (!pays(b.pays_win, {1, 1})) {
    return Unrepresentable("payouts.win", b.pays_win.cite,
                           "pays " + ToString(b.pays_win.net) + ": the math pays a winning hand 1 to 1");
  }
  if (!pays(b.pays_push, {0, 1})) {
    return Unrepresentable("payouts.push", b.pays_push.cite,
                           "pays " + ToString(b.pays_push.net) + ": the math returns a push's wager");
  }
  if (!pays(b.pays_lose, {-1, 1})) {
    return Unrepresentable("payouts.lose", b.pays_lose.cite,
                           "pays " + ToString(b.pays_lose.net) + ": the math takes a losing hand's wager");
  }
  if (!b.pays_blackjack.present || b.pays_blackjack.net.num <= 0) {
    return Unrepresentable("payouts.blackjack", b.pays_blackjack.cite, "must pay a natural a positive net");
  }
  h.blackjack_num = b.pays_blackjack.net.num;
  h.blackjack_den = b.pays_blackjack.net.den;
  // The figures leave insurance untaken, the best play only while it pays no more than 2 to 1.
  if (b.insurance_offered.value && b.pays_insurance_win.present &&
      b.pays_insurance_win.net.num > 2 * b.pays_insurance_win.net.den) {
    return Unrepresentable("payouts.insurance_win", b.pays_insurance_win.cite,
                           "pays " + ToString(b.pays_insurance_win.net) +
                               ": the math leaves insurance untaken, which is right at 2 to 1 or less only");
  }

  if (!b.double_offered.value) {
    return Unrepresentable("double.offered", b.double_offered.cite,
                           "is false: the math always lets a hand double");
  }
  if (!(b.double_max.value == Ratio{1, 1})) {
    return Unrepresentable("double.max", b.double_max.cite,
                           "is " + ToString(b.double_max.value) + ": the math doubles the wager in full");
  }
  switch (b.double_on.value) {
    case DoubleOn::kAnyTwo:
      h.double_on = HouseRules::DoubleOn::kAnyTwo;
      break;
    case DoubleOn::kNineToEleven:
      h.double_on = HouseRules::DoubleOn::kNineToEleven;
      break;
    case DoubleOn::kTenToEleven:
      h.double_on = HouseRules::DoubleOn::kTenToEleven;
      break;
  }
  h.double_after_split = b.double_after_split.value;

  // The count of split hands enumerates every sequence of their second cards, which grows
  // exponentially with the hands allowed: minutes for one rule set at 16 hands.
  if (b.split_max_hands.value > kMaxSplitHands) {
    return Unrepresentable("split.max_hands", b.split_max_hands.cite,
                           "is " + std::to_string(b.split_max_hands.value) +
                               ": the math counts split hands by every sequence of their second cards, "
                               "within reach to " +
                               std::to_string(kMaxSplitHands) + " hands only");
  }
  h.max_hands = b.split_max_hands.value;
  h.split_by_value = b.split_by_points.value;
  h.hit_split_aces = !b.split_aces_one_card.value;
  h.resplit_aces = b.resplit_aces.value;
  if (b.split_21_is_blackjack.value) {
    return Unrepresentable("split.split_21_is_blackjack", b.split_21_is_blackjack.cite,
                           "is true: the math counts 21 on a split hand as 21, not a natural");
  }

  // A dealer who checks for blackjack takes only the original wager; one who does not
  // takes what the rules say it takes.
  const bool peeks = b.dealer_hole_card.value && b.dealer_checks_for_blackjack.value;
  if (b.surrender_offered.value && !peeks) {
    return Unrepresentable("surrender.offered", b.surrender_offered.cite,
                           "is true with no check for the dealer's blackjack: the math's surrender is "
                           "late, after that check");
  }
  h.late_surrender = b.surrender_offered.value;
  if (peeks || b.dealer_blackjack_takes.value == DealerBlackjackTakes::kOriginalWagerOnly) {
    h.dealer_blackjack = HouseRules::DealerBlackjack::kOriginalBetsOnly;
    if (!peeks && b.busted_extra_lost_to_dealer_blackjack.value) {
      return Unrepresentable("dealer.busted_extra_lost", b.busted_extra_lost_to_dealer_blackjack.cite,
                             "is true: the math's dealer blackjack takes the original wager only, or every "
                             "wager; the extra wagers of busted hands alone are not represented");
    }
  } else {
    h.dealer_blackjack = HouseRules::DealerBlackjack::kAllBets;
  }

  model.war_offered = b.war_offered;
  if (!b.war_offered) return model;
  if (!pays(b.pays_war_win, {1, 1}) || !pays(b.pays_war_tie, {-1, 1}) || !pays(b.pays_war_lose, {-1, 1})) {
    return Unrepresentable("war_wager.payouts", b.pays_war_win.cite,
                           "are not win +1, tie -1, lose -1, the only ones the math has");
  }
  if (!b.war_by_points.value) {
    // The math's order: aces low, then 2 to 10, J, Q, K.
    bool aces_low_king_high = b.war_rank_value[14] == 1;
    for (int rank = 2; rank <= 13; ++rank) aces_low_king_high &= b.war_rank_value[rank] == rank;
    if (!aces_low_king_high) {
      return Unrepresentable("war_wager.ranks", b.war_rank_cite,
                             "is not K, Q, J, T, 9, ..., 2, A: the only rank order the math compares by");
    }
  }
  if (!b.war_cards_start_hands.value) {
    return Unrepresentable("war_wager.cards_start_hands", b.war_cards_start_hands.cite,
                           "is false: the math values a ride on the blackjack hand the war card starts; a "
                           "hand dealt fresh from the shoe less the war cards is not represented");
  }
  model.war.compare_by_value = b.war_by_points.value;
  model.war.ride_adds_stake = b.ride_adds_stake.value;
  return model;
}

bool BlackjackRtpReport::all_claims_hold() const {
  return std::all_of(claims.begin(), claims.end(), [](const BlackjackClaimCheck& c) { return c.holds; });
}

std::vector<BlackjackClaimCheck> CheckBlackjackClaims(const RuleSpec& spec,
                                                      const std::vector<BlackjackDeckRtp>& decks) {
  std::vector<BlackjackClaimCheck> checks;
  for (const Claim& claim : spec.claims) {
    std::optional<ClaimedFigure> figure = ParseClaimedFigure(claim.value);
    if (!figure) {
      BlackjackClaimCheck check;
      check.claim = claim;
      check.message = "cannot be checked: '" + claim.value + "' is not a decimal figure";
      checks.push_back(std::move(check));
      continue;
    }
    checks.push_back(CheckClaim(claim, *figure, decks));
  }
  return checks;
}

StatusOr<std::vector<BlackjackClaimCheck>> CheckBlackjackClaims(const RuleSpec& spec) {
  if (spec.claims.empty()) return std::vector<BlackjackClaimCheck>{};
  MathCache cache;
  auto decks = ComputeDecks(spec, cache);
  if (!decks.ok()) return decks.status();
  return CheckBlackjackClaims(spec, *decks);
}

StatusOr<BlackjackRtpReport> ComputeBlackjackRtp(const SpecDocument& doc,
                                                 const std::map<std::string, std::string>& readings) {
  auto spec = Instantiate(doc, readings);
  if (!spec.ok()) return spec.status();
  BlackjackRtpReport report;
  report.Identify(doc, *spec);

  MathCache cache;
  auto decks = ComputeDecks(*spec, cache);
  if (!decks.ok()) return decks.status();
  report.decks = std::move(*decks);
  report.claims = CheckBlackjackClaims(*spec, report.decks);

  // Each ambiguity read every way, the others as asked.
  for (const Ambiguity& ambiguity : spec->ambiguities) {
    BlackjackAmbiguityRtp table;
    table.id = ambiguity.id;
    table.clause = ambiguity.cite.clause;
    for (const Reading& reading : ambiguity.readings) {
      std::map<std::string, std::string> with = readings;
      with[ambiguity.id] = reading.name;
      auto instance = Instantiate(doc, with);
      if (!instance.ok()) return instance.status();
      BlackjackReadingRtp row{reading.name, reading.is_default, "", {}};
      for (int d = instance->decks.min; d <= instance->decks.max; ++d) {
        auto model = BlackjackModelOf(*instance, d);
        if (!model.ok()) {
          row.not_computed = model.status().message();
          row.figures.clear();
          break;
        }
        const blackjack::BlackjackMath& math = cache.Get(model->house);
        BlackjackReadingFigures f;
        f.decks = d;
        f.blackjack_edge = -math.basic_strategy_return;
        f.war_offered = model->war_offered;
        if (f.war_offered) {
          blackjack::WarMath war = blackjack::ComputeWarMath(math, model->war);
          f.war_edge_collect = war.house_edge_collect;
          f.war_edge_best_ride = war.house_edge_best_ride;
        }
        row.figures.push_back(f);
      }
      table.all_computed &= row.not_computed.empty();
      table.readings.push_back(std::move(row));
    }
    const BlackjackReadingRtp* baseline = nullptr;
    for (const BlackjackReadingRtp& r : table.readings) {
      if (r.is_default && r.not_computed.empty()) baseline = &r;
    }
    for (const BlackjackReadingRtp& r : table.readings) {
      if (baseline && r.not_computed.empty() && !SameFigures(baseline->figures, r.figures)) {
        table.changes_figures = true;
      }
    }
    report.ambiguities.push_back(std::move(table));
  }
  return report;
}

const GameRtp& BlackjackRtp() {
  return MakeGameRtp<BlackjackRtpReport, BlackjackClaimCheck, &ComputeBlackjackRtp, &CheckBlackjackClaims,
                     &WriteBlackjackRtpReport>();
}

}  // namespace pitboss
