#include "games/high_card/high_card_rules.h"

#include <set>
#include <string>
#include <utility>

#include "games/core/card_keys.h"
#include "games/high_card/high_card_dealer.h"
#include "games/high_card/high_card_engine.h"
#include "pitboss/card.h"

namespace pitboss {

namespace {

constexpr std::string_view kOutcomeNames[kHighCardOutcomes] = {"win", "tie", "lose"};

// Reads the high card keys of a spec: ranks, deal, payouts.
class HighCardSpecParser {
 public:
  HighCardSpecParser(SpecReader& r, const RuleSpec& spec, HighCardRules* rules)
      : r_(r), spec_(spec), rules_(rules) {}

  void Parse(const YAML::Node& root) {
    CheckWagers(root["wagers"]);
    if (root["ranks"]) ParseRanks(r_, root["ranks"], &rules_->rank_value, &rules_->rank_cite);
    if (root["deal"]) ParseDealRule(r_, root["deal"], "deal", &rules_->deal);
    if (root["payouts"]) ParsePayouts(root["payouts"]);
    if (r_.ok()) CheckComplete(root["payouts"]);
  }

 private:
  void CheckWagers(const YAML::Node& wagers);
  void ParsePayouts(const YAML::Node& node);
  void CheckComplete(const YAML::Node& payouts);

  SpecReader& r_;
  const RuleSpec& spec_;
  HighCardRules* rules_;
};

// The game has no choice and no second card: a wager is placed before the cards or not at
// all, and none is tied to another's amount.
void HighCardSpecParser::CheckWagers(const YAML::Node& wagers) {
  bool required = false;
  for (int k = 0; k < kWagerKinds; ++k) {
    const WagerRule& rule = spec_.wagers[k];
    if (!rule.offered) continue;
    const std::string name(ToString(static_cast<WagerKind>(k)));
    if (rule.window != Window::kInitial) {
      r_.Error(wagers[name],
               "wagers." + name + ": a high card wager is placed before the first card (window: initial)");
    }
    if (rule.equals) r_.Error(wagers[name], "wagers." + name + ": no high card wager must equal another");
    if (rule.required && !required) {  // a seat plays with the first
      rules_->required = static_cast<WagerKind>(k);
      required = true;
    }
  }
}

void HighCardSpecParser::ParsePayouts(const YAML::Node& node) {
  if (!r_.Map(node, "payouts", {"win", "tie", "lose"})) return;
  for (int o = 0; o < kHighCardOutcomes; ++o) {
    const YAML::Node outcome = node[std::string(kOutcomeNames[o])];
    if (!outcome || outcome.IsNull()) continue;
    ParseOutcomePayouts(r_, spec_, outcome, "payouts." + std::string(kOutcomeNames[o]), &rules_->payouts[o]);
  }
}

// The cards decide every wager: each one offered is paid on every outcome.
void HighCardSpecParser::CheckComplete(const YAML::Node& payouts) {
  for (int k = 0; k < kWagerKinds; ++k) {
    if (!spec_.wagers[k].offered) continue;
    for (int o = 0; o < kHighCardOutcomes; ++o) {
      if (rules_->payouts[o][k].present) continue;
      r_.Error(payouts, "payouts." + std::string(kOutcomeNames[o]) + " does not settle wager '" +
                            std::string(ToString(static_cast<WagerKind>(k))) + "'");
    }
  }
}

void ParseHighCard(SpecReader& reader, const YAML::Node& root, RuleSpec* spec) {
  auto rules = std::make_unique<HighCardRules>();
  HighCardSpecParser(reader, *spec, rules.get()).Parse(root);  // the loader has read the wagers first
  spec->game_rules = GameRulesHolder(std::move(rules));
}

void FlattenHighCard(const RuleSpec& spec, FlatSpec* out) {
  FlatSpec& f = *out;
  const HighCardRules& rules = HighCard(spec);
  f["ranks.high_to_low"] = {RanksHighToLow(rules.rank_value), &rules.rank_cite};
  FlattenDealRule(rules.deal, "deal", out);
  for (int o = 0; o < kHighCardOutcomes; ++o) {
    for (int k = 0; k < kWagerKinds; ++k) {
      const Payout& p = rules.payouts[o][k];
      if (!p.present) continue;
      f["payouts." + std::string(kOutcomeNames[o]) + "." + std::string(ToString(static_cast<WagerKind>(k)))] =
          {ToString(p.net), &p.cite};
    }
  }
}

SpecParts HighCardDifferingParts(const RuleSpec& sa, const RuleSpec& sb) {
  const HighCardRules &a = HighCard(sa), &b = HighCard(sb);
  SpecParts parts = 0;
  if (a.rank_value != b.rank_value) parts |= part::kHighCardRanks;
  if (!SameDeal(a.deal, b.deal)) parts |= part::kHighCardDeal;
  for (int o = 0; o < kHighCardOutcomes; ++o) {
    for (int k = 0; k < kWagerKinds; ++k) {
      const Payout &x = a.payouts[o][k], &y = b.payouts[o][k];
      if (x.present != y.present || (x.present && x.net != y.net)) {
        parts |= part::HighCardPayouts(static_cast<HighCardOutcome>(o));
      }
    }
  }
  return parts;
}

ReadingEffect HighCardEffect(const RuleSpec& base, const RuleSpec& variant) {
  const HighCardRules &a = HighCard(base), &b = HighCard(variant);
  if (a.rank_value != b.rank_value || !SameDeal(a.deal, b.deal)) return ReadingEffect::kGeneral;
  bool values = false;
  for (int o = 0; o < kHighCardOutcomes; ++o) {
    for (int k = 0; k < kWagerKinds; ++k) {
      const Payout &x = a.payouts[o][k], &y = b.payouts[o][k];
      if (x.present != y.present) return ReadingEffect::kGeneral;
      values |= x.present && x.net != y.net;
    }
  }
  return values ? ReadingEffect::kPayoutValues : ReadingEffect::kNone;
}

void RepriceHighCard(const RoundResult& base, const RuleSpec& spec, RoundResult* out) {
  const HighCardRules& rules = HighCard(spec);
  RepriceSettlements(base, out, [&](const Settlement& s) -> const Payout& {
    return rules.payouts[s.payout][static_cast<int>(s.wager)];
  });
}

}  // namespace

std::string_view ToString(HighCardOutcome outcome) { return kOutcomeNames[static_cast<int>(outcome)]; }

const Game& HighCardGame() {
  static const Game game{
      {
          "high-card",
          {"ranks", "deal", "payouts"},
          {"ranks", "deal", "payouts"},
          &ParseHighCard,
          &FlattenHighCard,
          &HighCardDifferingParts,
          "",  // no choice opens a window of its own
          {},  // nor does a claim name a policy
      },
      &ReplayHighCardInto,
      nullptr,  // no math yet: `pitboss rtp` says so
      &HighCardEffect,
      &RepriceHighCard,
      &GenerateHighCardRounds,
  };
  return game;
}

}  // namespace pitboss
