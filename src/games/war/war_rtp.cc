#include "games/war/war_rtp.h"

#include <algorithm>
#include <set>

#include "games/core/rtp.h"
#include "games/war/war_rules.h"

namespace pitboss {

namespace {

StatusOr<std::vector<DeckMath>> ComputeDecks(const RuleSpec& spec) {
  std::vector<DeckMath> decks;
  for (int d = spec.decks.min; d <= spec.decks.max; ++d) {
    DeckMath deck;
    deck.decks = d;
    ShoeComposition shoe = StandardShoe(spec, d);
    for (const Policy& policy : ApplicablePolicies(spec)) {
      auto math = ComputeRoundMath(spec, shoe, policy);
      if (!math.ok()) return math.status();
      deck.policies.push_back(std::move(*math));
    }
    decks.push_back(std::move(deck));
  }
  return decks;
}

// The figures a claim of `metric` about `wager` can mean, on one round's math.
std::vector<std::pair<std::string, Fraction>> CandidateFigures(const std::string& metric,
                                                               const RoundMath& math, WagerKind wager) {
  const WagerMath* w = math.wager(wager);
  if (w == nullptr) return {};
  if (metric == "rtp") {
    return {{"per initial wager", w->return_per_initial()},
            {"per total wagered (the raise included)", w->return_per_staked()}};
  }
  if (metric == "house-edge") {
    return {{"per initial wager", w->house_edge()},
            {"per total wagered (the raise included)", w->house_edge_per_staked()}};
  }
  if (metric == "win-probability") {
    std::vector<std::pair<std::string, Fraction>> figures = {{"the player ends the round ahead", w->p_ahead}};
    if (wager == WagerKind::kMain) figures.push_back({"the player wins on the first cards", math.p_win});
    return figures;
  }
  return {};
}

ClaimCheck CheckClaim(const Claim& claim, const ClaimedFigure& figure, const std::vector<DeckMath>& decks) {
  ClaimCheck check;
  check.claim = claim;
  check.claimed = figure.value;
  check.tolerance = figure.tolerance;
  std::optional<WagerKind> wager = ParseWagerKind(claim.wager.empty() ? "main" : claim.wager);
  for (const DeckMath& deck : decks) {
    for (const RoundMath& math : deck.policies) {
      if (!wager) continue;
      for (auto& [basis, value] : CandidateFigures(claim.metric, math, *wager)) {
        ClaimBasis b;
        b.decks = deck.decks;
        b.policy = math.policy.kind;
        b.basis = basis;
        b.value = value;
        b.matches = (value - figure.value).abs() <= figure.tolerance;
        check.bases.push_back(std::move(b));
      }
    }
  }
  auto stated_policy = [&](const ClaimBasis& b) {
    return claim.policy.empty() || ToString(b.policy) == claim.policy || b.policy == TiePolicy::kNoChoice;
  };
  if (check.bases.empty()) {
    check.message =
        "cannot be checked: the spec has no figure '" + claim.metric + "' of wager '" + claim.wager + "'";
    return check;
  }
  // Group the matching bases by (basis, policy) to say which deck counts they hold for.
  auto decks_text = [](int d) { return std::to_string(d) + (d == 1 ? " deck" : " decks"); };
  std::vector<std::string> holding, elsewhere, misses;
  std::set<std::pair<std::string, TiePolicy>> seen;
  for (const ClaimBasis& b : check.bases) {
    if (!b.matches || !seen.insert({b.basis, b.policy}).second) continue;
    std::string yes, no;
    for (const ClaimBasis& c : check.bases) {
      if (c.basis != b.basis || c.policy != b.policy) continue;
      std::string& list = c.matches ? yes : no;
      list += (list.empty() ? "" : ", ") + decks_text(c.decks) + " " + FormatPercent(c.value);
    }
    std::string line = b.basis + ", " + std::string(ToString(b.policy)) + ": " + yes;
    if (stated_policy(b)) {
      holding.push_back(line);
      if (!no.empty()) misses.push_back(no);
    } else {
      elsewhere.push_back(line);
    }
  }
  check.holds = !holding.empty();
  auto join = [](const std::vector<std::string>& lines) {
    std::string out;
    for (const std::string& l : lines) out += (out.empty() ? "" : "; ") + l;
    return out;
  };
  if (check.holds) {
    check.message = "holds: " + join(holding);
    if (!misses.empty()) check.message += "; not with " + join(misses);
    return check;
  }
  const ClaimBasis* nearest = &check.bases[0];
  for (const ClaimBasis& b : check.bases) {
    if ((b.value - figure.value).abs() < (nearest->value - figure.value).abs()) nearest = &b;
  }
  check.message = "does not hold on any basis" +
                  std::string(claim.policy.empty() ? "" : " under policy " + claim.policy) +
                  ": the nearest figure is " + FormatPercent(nearest->value) + " (" + nearest->basis + ", " +
                  std::string(ToString(nearest->policy)) + ", " + std::to_string(nearest->decks) + " decks)";
  if (!elsewhere.empty()) check.message += "; it would hold under another policy: " + join(elsewhere);
  return check;
}

// Every figure of one instance, for the readings table.
StatusOr<std::vector<ReadingFigure>> ReadingFigures(const RuleSpec& spec) {
  auto decks = ComputeDecks(spec);
  if (!decks.ok()) return decks.status();
  std::vector<ReadingFigure> figures;
  for (const DeckMath& deck : *decks) {
    for (const RoundMath& math : deck.policies) {
      for (const WagerMath& w : math.wagers) {
        figures.push_back({deck.decks, math.policy.kind, w.wager, w.house_edge(), w.house_edge_per_staked()});
      }
    }
  }
  return figures;
}

bool SameFigures(const std::vector<ReadingFigure>& a, const std::vector<ReadingFigure>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].decks != b[i].decks || a[i].policy != b[i].policy || a[i].wager != b[i].wager ||
        !(a[i].house_edge == b[i].house_edge) ||
        !(a[i].house_edge_per_staked == b[i].house_edge_per_staked)) {
      return false;
    }
  }
  return true;
}

}  // namespace

bool RtpReport::all_claims_hold() const {
  return std::all_of(claims.begin(), claims.end(), [](const ClaimCheck& c) { return c.holds; });
}

StatusOr<BurnCheck> CheckBurnInvariance(const RuleSpec& spec) {
  BurnCheck check;
  check.initial_burns =
      War(spec).initial_deal.burns_before_seat_card + War(spec).initial_deal.burns_before_dealer_card;
  check.war_burns = War(spec).war_deal.burns_before_seat_card + War(spec).war_deal.burns_before_dealer_card;
  if (check.initial_burns + check.war_burns == 0) return check;
  // Three classes of four cards, more copies if the round needs more cards than that.
  int needed = check.initial_burns + check.war_burns + 4;
  int per_class = std::max(4, (needed + 2) / 3 + 1);
  ShoeComposition shoe{{per_class, per_class, per_class}, {"low", "mid", "high"}};
  check.shoe = "3 ranks x " + std::to_string(per_class) + " cards";
  check.checked = true;
  for (const Policy& policy : ApplicablePolicies(spec)) {
    auto plain = ComputeRoundMath(spec, shoe, policy, /*draw_burns=*/false);
    auto burnt = ComputeRoundMath(spec, shoe, policy, /*draw_burns=*/true);
    if (!plain.ok()) return plain.status();
    if (!burnt.ok()) return burnt.status();
    if (!(plain->p_tie == burnt->p_tie) || !(plain->war_tie == burnt->war_tie) ||
        plain->wagers.size() != burnt->wagers.size()) {
      check.invariant = false;
      continue;
    }
    for (size_t i = 0; i < plain->wagers.size(); ++i) {
      const WagerMath& a = plain->wagers[i];
      const WagerMath& b = burnt->wagers[i];
      if (!(a.expected_net == b.expected_net) || !(a.second_moment == b.second_moment) ||
          !(a.p_ahead == b.p_ahead) || !(a.expected_staked == b.expected_staked)) {
        check.invariant = false;
      }
    }
  }
  return check;
}

StatusOr<std::vector<ClaimCheck>> CheckClaims(const RuleSpec& spec) {
  std::vector<ClaimCheck> checks;
  if (spec.claims.empty()) return checks;
  auto decks = ComputeDecks(spec);
  if (!decks.ok()) return decks.status();
  for (const Claim& claim : spec.claims) {
    std::optional<ClaimedFigure> figure = ParseClaimedFigure(claim.value);
    if (!figure) {
      ClaimCheck check;
      check.claim = claim;
      check.message = "cannot be checked: '" + claim.value + "' is not a decimal figure";
      checks.push_back(std::move(check));
      continue;
    }
    checks.push_back(CheckClaim(claim, *figure, *decks));
  }
  return checks;
}

StatusOr<RtpReport> ComputeRtp(const SpecDocument& doc, const std::map<std::string, std::string>& readings) {
  auto spec = Instantiate(doc, readings);
  if (!spec.ok()) return spec.status();
  RtpReport report;
  report.Identify(doc, *spec);

  auto burns = CheckBurnInvariance(*spec);
  if (!burns.ok()) return burns.status();
  report.burns = *burns;
  auto decks = ComputeDecks(*spec);
  if (!decks.ok()) return decks.status();
  report.decks = std::move(*decks);
  auto claims = CheckClaims(*spec);
  if (!claims.ok()) return claims.status();
  report.claims = std::move(*claims);

  // Each ambiguity read every way, the others as asked.
  for (const Ambiguity& ambiguity : spec->ambiguities) {
    AmbiguityMath table;
    table.id = ambiguity.id;
    table.clause = ambiguity.cite.clause;
    const std::vector<ReadingFigure>* baseline = nullptr;
    for (const Reading& reading : ambiguity.readings) {
      std::map<std::string, std::string> with = readings;
      with[ambiguity.id] = reading.name;
      auto instance = Instantiate(doc, with);
      if (!instance.ok()) return instance.status();
      auto figures = ReadingFigures(*instance);
      if (!figures.ok()) {
        return Status::InvalidArgument("reading " + ambiguity.id + "=" + reading.name + ": " +
                                       figures.status().message());
      }
      table.readings.push_back({reading.name, reading.is_default, std::move(*figures)});
    }
    for (const ReadingMath& r : table.readings) {
      if (r.is_default) baseline = &r.figures;
    }
    for (const ReadingMath& r : table.readings) {
      if (baseline && !SameFigures(*baseline, r.figures)) table.changes_return = true;
    }
    report.ambiguities.push_back(std::move(table));
  }
  return report;
}

const GameRtp& WarRtp() {
  return MakeGameRtp<RtpReport, ClaimCheck, &ComputeRtp, &CheckClaims, &WriteRtpReport>();
}

}  // namespace pitboss
