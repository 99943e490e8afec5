#include "games/war/war_rules.h"

#include <set>
#include <string>

#include "games/core/card_keys.h"
#include "games/war/war_dealer.h"
#include "games/war/war_engine.h"
#include "games/war/war_rtp.h"
#include "games/war/war_stats.h"

namespace pitboss {

namespace {

constexpr std::string_view kStageNames[kStages] = {"initial", "surrender", "war"};
constexpr std::string_view kOutcomeNames[kOutcomes] = {"win", "tie", "lose"};

// Reads the War keys of a spec: ranks, deal, decisions, payouts, settle.
class WarSpecParser {
 public:
  WarSpecParser(SpecReader& r, RuleSpec* spec, WarRules* war) : r_(r), spec_(spec), war_(war) {}

  void Parse(const YAML::Node& root) {
    if (root["ranks"]) ParseRanks(r_, root["ranks"], &war_->rank_value, &war_->rank_cite);
    if (const YAML::Node deal = root["deal"];
        deal && r_.Map(deal, "deal", {"initial", "war"}, {"initial", "war"})) {
      ParseDealRule(r_, deal["initial"], "deal.initial", &war_->initial_deal);
      ParseDealRule(r_, deal["war"], "deal.war", &war_->war_deal);
    }
    if (root["decisions"]) ParseDecisions(root["decisions"]);
    if (root["payouts"]) ParsePayouts(root["payouts"]);
    if (root["settle"]) ParseSettle(root["settle"]);
    if (r_.ok()) CheckComplete(root);
  }

 private:
  void ParseDecisions(const YAML::Node& node);
  void ParsePayouts(const YAML::Node& node);
  void ParseSettle(const YAML::Node& node);
  void CheckComplete(const YAML::Node& root);

  SpecReader& r_;
  RuleSpec* spec_;
  WarRules* war_;
};

void WarSpecParser::ParseDecisions(const YAML::Node& node) {
  if (!r_.Map(node, "decisions", {"on_tie"}, {"on_tie"})) return;
  const YAML::Node on_tie = node["on_tie"];
  if (!r_.Map(on_tie, "decisions.on_tie", {"offered", "cite", "quote", "note"}, {"offered"})) return;
  const YAML::Node offered = on_tie["offered"];
  if (!offered.IsSequence()) {
    r_.Error(offered, "decisions.on_tie.offered must be a list of actions");
  } else {
    for (const auto& a : offered) {
      auto action = ParseAction(a.Scalar());
      if (!a.IsScalar() || !action || (*action != Action::kWar && *action != Action::kSurrender)) {
        r_.Error(a, "'" + a.Scalar() + "' is not a choice the war game has (expected: war, surrender)");
        continue;
      }
      war_->tie_decision.offered[static_cast<int>(*action)] = true;
    }
  }
  r_.CiteOf(on_tie, "decisions.on_tie", &war_->tie_decision.cite);
}

void WarSpecParser::ParsePayouts(const YAML::Node& node) {
  if (!r_.Map(node, "payouts", {"initial", "surrender", "war"}, {"initial"})) return;
  for (int s = 0; s < kStages; ++s) {
    const YAML::Node stage = node[std::string(kStageNames[s])];
    if (!stage) continue;
    std::string sw = "payouts." + std::string(kStageNames[s]);
    if (static_cast<Stage>(s) == Stage::kSurrender) {
      if (!r_.Map(stage, sw, {"tie"})) continue;
    } else if (!r_.Map(stage, sw, {"win", "tie", "lose"})) {
      continue;
    }
    for (int o = 0; o < kOutcomes; ++o) {
      const YAML::Node outcome = stage[std::string(kOutcomeNames[o])];
      if (!outcome || outcome.IsNull()) continue;
      ParseOutcomePayouts(r_, *spec_, outcome, sw + "." + std::string(kOutcomeNames[o]),
                          &war_->payouts[s][o]);
    }
  }
}

void WarSpecParser::ParseSettle(const YAML::Node& node) {
  if (!r_.Map(node, "settle", {"first_pass", "war_pass"}, {"first_pass", "war_pass"})) return;
  const YAML::Node first = node["first_pass"];
  if (r_.Map(first, "settle.first_pass", {"order", "cite", "quote", "note"}, {"order"})) {
    if (auto o = r_.Order(first["order"], "settle.first_pass.order")) war_->settle.first_pass = *o;
    r_.CiteOf(first, "settle.first_pass", &war_->settle.first_cite);
  }
  const YAML::Node war = node["war_pass"];
  if (r_.Map(war, "settle.war_pass", {"order", "cite", "quote", "note"}, {"order"})) {
    if (auto o = r_.Order(war["order"], "settle.war_pass.order")) war_->settle.war_pass = *o;
    r_.CiteOf(war, "settle.war_pass", &war_->settle.war_cite);
  }
}

// Every wager in action must be settled on every path a round can take.
void WarSpecParser::CheckComplete(const YAML::Node& root) {
  const RuleSpec& spec = *spec_;
  const WarRules& rules = *war_;
  auto missing = [&](Stage stage, Outcome outcome, WagerKind kind) {
    r_.Error(root["payouts"], "payouts." + std::string(kStageNames[static_cast<int>(stage)]) + "." +
                                  std::string(kOutcomeNames[static_cast<int>(outcome)]) +
                                  " does not settle wager '" + std::string(ToString(kind)) +
                                  "', which is still in action there");
  };
  bool war = rules.tie_decision.offered[static_cast<int>(Action::kWar)];
  bool surrender = rules.tie_decision.offered[static_cast<int>(Action::kSurrender)];
  for (int k = 0; k < kWagerKinds; ++k) {
    const WagerRule& rule = spec.wagers[k];
    if (!rule.offered) continue;
    auto kind = static_cast<WagerKind>(k);
    if (rule.window == Window::kInitial) {
      for (Outcome o : {Outcome::kWin, Outcome::kLose}) {
        if (!rules.payout(Stage::kInitial, o, kind).present) missing(Stage::kInitial, o, kind);
      }
      if (rules.payout(Stage::kInitial, Outcome::kTie, kind).present) continue;
      if (!war && !surrender) missing(Stage::kInitial, Outcome::kTie, kind);
      if (surrender && !rules.payout(Stage::kSurrender, Outcome::kTie, kind).present) {
        missing(Stage::kSurrender, Outcome::kTie, kind);
      }
    }
    if (war) {
      for (Outcome o : {Outcome::kWin, Outcome::kTie, Outcome::kLose}) {
        if (!rules.payout(Stage::kWar, o, kind).present) missing(Stage::kWar, o, kind);
      }
    }
  }
}

WarRules::WagerSets ReadWagerSets(const RuleSpec& spec) {
  WarRules::WagerSets sets;
  bool required = false;
  for (int k = 0; k < kWagerKinds; ++k) {
    const WagerRule& rule = spec.wagers[k];
    if (!rule.offered) continue;
    auto kind = static_cast<WagerKind>(k);
    if (rule.required && !required) {
      sets.required = kind;
      required = true;
    }
    (rule.window == Window::kChoice ? sets.war : sets.initial) |= Bit(kind);
    if (rule.depends_on) sets.dependent |= Bit(kind);
  }
  return sets;
}

void ParseWar(SpecReader& reader, const YAML::Node& root, RuleSpec* spec) {
  auto war = std::make_unique<WarRules>();
  WarSpecParser(reader, spec, war.get()).Parse(root);
  war->wager_sets = ReadWagerSets(*spec);  // the loader has read the wagers before the War keys
  spec->game_rules = GameRulesHolder(std::move(war));
}

void FlattenWar(const RuleSpec& spec, FlatSpec* out) {
  FlatSpec& f = *out;
  const WarRules& war = War(spec);
  f["ranks.high_to_low"] = {RanksHighToLow(war.rank_value), &war.rank_cite};
  FlattenDealRule(war.initial_deal, "deal.initial", out);
  FlattenDealRule(war.war_deal, "deal.war", out);
  std::string offered;
  for (int a = 0; a < kActions; ++a) {
    if (war.tie_decision.offered[a]) {
      offered += (offered.empty() ? "" : ", ") + std::string(ToString(static_cast<Action>(a)));
    }
  }
  f["decisions.on_tie.offered"] = {offered.empty() ? "none" : offered, &war.tie_decision.cite};
  for (int s = 0; s < kStages; ++s) {
    for (int o = 0; o < kOutcomes; ++o) {
      for (int k = 0; k < kWagerKinds; ++k) {
        const Payout& p = war.payouts[s][o][k];
        if (!p.present) continue;
        std::string path = "payouts." + std::string(ToString(static_cast<Stage>(s))) + "." +
                           std::string(ToString(static_cast<Outcome>(o))) + "." +
                           std::string(ToString(static_cast<WagerKind>(k)));
        f[path] = {ToString(p.net), &p.cite};
      }
    }
  }
  f["settle.first_pass.order"] = {std::string(ToString(war.settle.first_pass)), &war.settle.first_cite};
  f["settle.war_pass.order"] = {std::string(ToString(war.settle.war_pass)), &war.settle.war_cite};
}

SpecParts WarDifferingParts(const RuleSpec& sa, const RuleSpec& sb) {
  const WarRules &a = War(sa), &b = War(sb);
  SpecParts parts = 0;
  if (a.rank_value != b.rank_value) parts |= part::kRanks;
  if (!SameDeal(a.initial_deal, b.initial_deal)) parts |= part::kInitialDeal;
  if (!SameDeal(a.war_deal, b.war_deal)) parts |= part::kWarDeal;
  if (a.tie_decision.offered != b.tie_decision.offered) parts |= part::kTieDecision;
  if (a.settle.first_pass != b.settle.first_pass || a.settle.war_pass != b.settle.war_pass) {
    parts |= part::kSettleOrder;
  }
  for (int s = 0; s < kStages; ++s) {
    for (int o = 0; o < kOutcomes; ++o) {
      for (int k = 0; k < kWagerKinds; ++k) {
        const Payout &x = a.payouts[s][o][k], &y = b.payouts[s][o][k];
        if (x.present != y.present || (x.present && x.net != y.net)) {
          parts |= part::Payouts(static_cast<Stage>(s), static_cast<Outcome>(o));
        }
      }
    }
  }
  return parts;
}

ReadingEffect WarEffect(const RuleSpec& base, const RuleSpec& variant) {
  const WarRules &a = War(base), &b = War(variant);
  if (a.rank_value != b.rank_value || !SameDeal(a.initial_deal, b.initial_deal) ||
      !SameDeal(a.war_deal, b.war_deal) || a.tie_decision.offered != b.tie_decision.offered) {
    return ReadingEffect::kGeneral;
  }
  bool values = false;
  for (int s = 0; s < kStages; ++s) {
    for (int o = 0; o < kOutcomes; ++o) {
      for (int k = 0; k < kWagerKinds; ++k) {
        const Payout &x = a.payouts[s][o][k], &y = b.payouts[s][o][k];
        if (x.present != y.present) return ReadingEffect::kGeneral;
        values |= x.present && x.net != y.net;
      }
    }
  }
  bool order = a.settle.first_pass != b.settle.first_pass || a.settle.war_pass != b.settle.war_pass;
  if (values) return ReadingEffect::kPayoutValues;  // (an order change too is judged when findings are)
  return order ? ReadingEffect::kOrder : ReadingEffect::kNone;
}

void RepriceWar(const RoundResult& base, const RuleSpec& spec, RoundResult* out) {
  const WarRules& war = War(spec);
  RepriceSettlements(base, out, [&](const Settlement& s) -> const Payout& {
    return war.payouts[s.payout / kOutcomes][s.payout % kOutcomes][static_cast<int>(s.wager)];
  });
}

}  // namespace

std::string_view ToString(Outcome outcome) { return kOutcomeNames[static_cast<int>(outcome)]; }
std::string_view ToString(Stage stage) { return kStageNames[static_cast<int>(stage)]; }

const Game& WarGame() {
  static const Game game{
      {
          "war",
          {"ranks", "deal", "decisions", "payouts", "settle"},
          {"ranks", "deal", "payouts", "settle"},
          &ParseWar,
          &FlattenWar,
          &WarDifferingParts,
          "war",
          {"optimal", "always-war", "always-surrender", "no-choice"},
      },
      &ReplayWarInto,
      &WarRtp(),
      &WarEffect,
      &RepriceWar,
      &GenerateWarRounds,
      &WarExpected,
      nullptr,
      &WarStats(),
      {kSurrenderRate},
  };
  return game;
}

}  // namespace pitboss
