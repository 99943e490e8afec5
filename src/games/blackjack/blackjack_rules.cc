#include "games/blackjack/blackjack_rules.h"

#include <set>
#include <string>

#include "spec/loader.h"

namespace pitboss {

namespace {

constexpr std::string_view kCiteKeys[] = {"cite", "quote", "note"};

// Reads the blackjack keys of a spec. Every parameter is a map of `value` and its citation.
class BlackjackSpecParser {
 public:
  BlackjackSpecParser(SpecReader& r, RuleSpec* spec, BlackjackRules* bj) : r_(r), spec_(spec), bj_(bj) {}

  void Parse(const YAML::Node& root);

 private:
  // A map of `value` (and `extra` keys) with its citation; nullptr-equivalent (false) when absent or wrong.
  bool Value(const YAML::Node& parent, std::string_view key, std::string_view what, Cite* cite,
             YAML::Node* value, std::vector<std::string_view> extra = {}) {
    const YAML::Node node = parent[std::string(key)];
    std::string w = std::string(what) + "." + std::string(key);
    if (!node) {
      r_.Error(parent, "missing key '" + std::string(key) + "' in " + std::string(what));
      return false;
    }
    std::vector<std::string_view> allowed = {"value", "cite", "quote", "note"};
    allowed.insert(allowed.end(), extra.begin(), extra.end());
    if (!r_.Map(node, w, allowed, {"value"})) return false;
    r_.CiteOf(node, w, cite);
    *value = node["value"];
    return true;
  }

  void BoolParam(const YAML::Node& parent, std::string_view key, std::string_view what, Param<bool>* p) {
    YAML::Node v;
    if (Value(parent, key, what, &p->cite, &v))
      r_.Bool(v, std::string(what) + "." + std::string(key) + ".value", &p->value);
  }
  void IntParam(const YAML::Node& parent, std::string_view key, std::string_view what, int64_t lo, int64_t hi,
                Param<int>* p) {
    YAML::Node v;
    int64_t n = 0;
    if (Value(parent, key, what, &p->cite, &v) &&
        r_.Int(v, std::string(what) + "." + std::string(key) + ".value", lo, hi, &n)) {
      p->value = static_cast<int>(n);
    }
  }
  void RatioParam(const YAML::Node& parent, std::string_view key, std::string_view what, Param<Ratio>* p) {
    YAML::Node v;
    if (Value(parent, key, what, &p->cite, &v))
      r_.Net(v, std::string(what) + "." + std::string(key) + ".value", &p->value);
  }
  // A value of one of `names`; its index.
  int Choice(const YAML::Node& parent, std::string_view key, std::string_view what, Cite* cite,
             std::initializer_list<std::string_view> names) {
    YAML::Node v;
    std::string s;
    std::string w = std::string(what) + "." + std::string(key) + ".value";
    if (!Value(parent, key, what, cite, &v) || !r_.String(v, w, &s)) return -1;
    int i = 0;
    std::string list;
    for (auto n : names) {
      if (n == s) return i;
      list += (list.empty() ? "" : ", ") + std::string(n);
      ++i;
    }
    r_.Error(v, "unknown " + w + " '" + s + "' (expected: " + list + ")");
    return -1;
  }
  void Pays(const YAML::Node& parent, std::string_view key, std::string_view what, Payout* p) {
    const YAML::Node node = parent[std::string(key)];
    std::string w = std::string(what) + "." + std::string(key);
    if (!node) {
      r_.Error(parent, "missing key '" + std::string(key) + "' in " + std::string(what));
      return;
    }
    if (!r_.Map(node, w, {"net", "cite", "quote", "note"}, {"net"})) return;
    if (r_.Net(node["net"], w + ".net", &p->net)) p->present = true;
    r_.CiteOf(node, w, &p->cite);
  }
  void Section(const YAML::Node& root, std::string_view key, std::vector<std::string_view> keys) {
    const YAML::Node node = root[std::string(key)];
    if (node) r_.Map(node, key, keys, keys);
  }

  void ParseRegulation(const YAML::Node& node);
  void ParseWar(const YAML::Node& node);

  SpecReader& r_;
  RuleSpec* spec_;
  BlackjackRules* bj_;
};

void BlackjackSpecParser::Parse(const YAML::Node& root) {
  BlackjackRules& b = *bj_;
  Section(root, "deal", {"order", "burns_after_shuffle", "hole_card"});
  if (const YAML::Node deal = root["deal"]) {
    YAML::Node v;
    if (Value(deal, "order", "deal", &b.deal_order.cite, &v)) {
      if (auto o = r_.Order(v, "deal.order.value")) b.deal_order.value = *o;
    }
    IntParam(deal, "burns_after_shuffle", "deal", 0, 52, &b.burns_after_shuffle);
    BoolParam(deal, "hole_card", "deal", &b.dealer_hole_card);
  }
  Section(root, "dealer",
          {"hits_soft_17", "checks_for_blackjack", "draws_without_hand_in_play", "blackjack_takes",
           "busted_extra_lost"});
  if (const YAML::Node dealer = root["dealer"]) {
    BoolParam(dealer, "hits_soft_17", "dealer", &b.dealer_hits_soft_17);
    BoolParam(dealer, "checks_for_blackjack", "dealer", &b.dealer_checks_for_blackjack);
    BoolParam(dealer, "draws_without_hand_in_play", "dealer", &b.dealer_draws_without_hand_in_play);
    int takes = Choice(dealer, "blackjack_takes", "dealer", &b.dealer_blackjack_takes.cite,
                       {"original-wager-only", "all-wagers"});
    if (takes >= 0) b.dealer_blackjack_takes.value = static_cast<DealerBlackjackTakes>(takes);
    BoolParam(dealer, "busted_extra_lost", "dealer", &b.busted_extra_lost_to_dealer_blackjack);
  }
  Section(root, "insurance", {"offered", "max"});
  if (const YAML::Node ins = root["insurance"]) {
    BoolParam(ins, "offered", "insurance", &b.insurance_offered);
    RatioParam(ins, "max", "insurance", &b.insurance_max);
  }
  Section(root, "double", {"offered", "on", "after_split", "max"});
  if (const YAML::Node d = root["double"]) {
    BoolParam(d, "offered", "double", &b.double_offered);
    int on = Choice(d, "on", "double", &b.double_on.cite, {"any-two", "9-to-11", "10-to-11"});
    if (on >= 0) b.double_on.value = static_cast<DoubleOn>(on);
    BoolParam(d, "after_split", "double", &b.double_after_split);
    RatioParam(d, "max", "double", &b.double_max);
  }
  Section(root, "split", {"pairs", "max_hands", "aces_one_card", "resplit_aces", "split_21_is_blackjack"});
  if (const YAML::Node s = root["split"]) {
    int pairs = Choice(s, "pairs", "split", &b.split_by_points.cite, {"same-rank", "same-value"});
    if (pairs >= 0) b.split_by_points.value = pairs == 1;
    IntParam(s, "max_hands", "split", 1, 64, &b.split_max_hands);
    BoolParam(s, "aces_one_card", "split", &b.split_aces_one_card);
    BoolParam(s, "resplit_aces", "split", &b.resplit_aces);
    BoolParam(s, "split_21_is_blackjack", "split", &b.split_21_is_blackjack);
  }
  Section(root, "surrender", {"offered"});
  if (const YAML::Node s = root["surrender"]) BoolParam(s, "offered", "surrender", &b.surrender_offered);
  Section(root, "payouts", {"blackjack", "win", "push", "lose", "insurance_win", "insurance_lose"});
  if (const YAML::Node p = root["payouts"]) {
    Pays(p, "blackjack", "payouts", &b.pays_blackjack);
    Pays(p, "win", "payouts", &b.pays_win);
    Pays(p, "push", "payouts", &b.pays_push);
    Pays(p, "lose", "payouts", &b.pays_lose);
    Pays(p, "insurance_win", "payouts", &b.pays_insurance_win);
    Pays(p, "insurance_lose", "payouts", &b.pays_insurance_lose);
  }
  if (const YAML::Node reg = root["regulation"]) ParseRegulation(reg);
  if (const YAML::Node war = root["war_wager"]) {
    ParseWar(war);
  }
  // The wagers the rules speak of must be the spec's, and the other way round.
  bool war_wager = spec_->wager(WagerKind::kWar).offered;
  if (war_wager != b.war_offered) {
    r_.Error(root["wagers"], war_wager ? "wagers.war needs the war_wager section that says how it is played"
                                       : "war_wager describes a War wager that wagers does not offer");
  }
  auto offered = [&](WagerKind k) { return spec_->wager(k).offered; };
  if (!offered(WagerKind::kBlackjack) || !spec_->wager(WagerKind::kBlackjack).required) {
    r_.Error(root["wagers"],
             "wagers.blackjack must be offered and required: it is the wager a seat plays with");
  }
  if (b.double_offered.value != offered(WagerKind::kDouble)) {
    r_.Error(root["wagers"], "wagers.double and double.offered must agree");
  }
  if (b.insurance_offered.value != offered(WagerKind::kInsurance)) {
    r_.Error(root["wagers"], "wagers.insurance and insurance.offered must agree");
  }
  if ((b.split_max_hands.value > 1) != offered(WagerKind::kSplit)) {
    r_.Error(root["wagers"], "wagers.split and split.max_hands must agree (one hand: no split wager)");
  }
  for (WagerKind k : {WagerKind::kMain, WagerKind::kTie, WagerKind::kRaise, WagerKind::kTie2}) {
    if (offered(k))
      r_.Error(root["wagers"], "wagers." + std::string(ToString(k)) + " is not a blackjack wager");
  }
}

void BlackjackSpecParser::ParseRegulation(const YAML::Node& node) {
  BlackjackRules& b = *bj_;
  if (!r_.Map(node, "regulation", {"win", "blackjack", "blackjack_single_deck"})) return;
  auto bound = [&](std::string_view key, BlackjackRules::Bound* out) {
    const YAML::Node n = node[std::string(key)];
    if (!n) return;
    std::string w = "regulation." + std::string(key);
    if (!r_.Map(n, w, {"at_least", "max_decks", "cite", "quote", "note"}, {"at_least"})) return;
    if (r_.Net(n["at_least"], w + ".at_least", &out->at_least)) out->present = true;
    int64_t decks = 0;
    if (n["max_decks"] && r_.Int(n["max_decks"], w + ".max_decks", 1, 64, &decks))
      out->max_decks = static_cast<int>(decks);
    r_.CiteOf(n, w, &out->cite);
  };
  bound("win", &b.min_win);
  bound("blackjack", &b.min_blackjack);
  bound("blackjack_single_deck", &b.min_blackjack_few_decks);
}

void BlackjackSpecParser::ParseWar(const YAML::Node& node) {
  BlackjackRules& b = *bj_;
  if (!r_.Map(node, "war_wager", {"ranks", "by_points", "cards_start_hands", "ride_adds_stake", "payouts"},
              {"ranks", "by_points", "cards_start_hands", "ride_adds_stake", "payouts"})) {
    return;
  }
  b.war_offered = true;
  const YAML::Node ranks = node["ranks"];
  if (ranks && r_.Map(ranks, "war_wager.ranks", {"high_to_low", "cite", "quote", "note"}, {"high_to_low"})) {
    const YAML::Node order = ranks["high_to_low"];
    if (!order.IsSequence() || order.size() != 13) {
      r_.Error(order, "war_wager.ranks.high_to_low must list the 13 ranks, highest first");
    } else {
      std::set<int> seen;
      int value = 13;
      for (const auto& r : order) {
        auto card = r.IsScalar() ? ParseCard(r.Scalar() + "C") : std::nullopt;
        if (!card || !seen.insert(card->rank).second) {
          r_.Error(r, "'" + (r.IsScalar() ? r.Scalar() : std::string("?")) +
                          "' is not a rank, or is listed twice");
          break;
        }
        b.war_rank_value[card->rank] = static_cast<int8_t>(value--);
      }
    }
    r_.CiteOf(ranks, "war_wager.ranks", &b.war_rank_cite);
  }
  BoolParam(node, "by_points", "war_wager", &b.war_by_points);
  BoolParam(node, "cards_start_hands", "war_wager", &b.war_cards_start_hands);
  BoolParam(node, "ride_adds_stake", "war_wager", &b.ride_adds_stake);
  const YAML::Node pays = node["payouts"];
  if (pays && r_.Map(pays, "war_wager.payouts", {"win", "tie", "lose"}, {"win", "tie", "lose"})) {
    Pays(pays, "win", "war_wager.payouts", &b.pays_war_win);
    Pays(pays, "tie", "war_wager.payouts", &b.pays_war_tie);
    Pays(pays, "lose", "war_wager.payouts", &b.pays_war_lose);
  }
}

}  // namespace

void ParseBlackjack(SpecReader& reader, const YAML::Node& root, RuleSpec* spec) {
  auto bj = std::make_unique<BlackjackRules>();
  BlackjackSpecParser(reader, spec, bj.get()).Parse(root);
  spec->game_rules = GameRulesHolder(std::move(bj));
}

std::string Yes(bool b) { return b ? "true" : "false"; }

void FlattenBlackjack(const RuleSpec& spec, FlatSpec* out) {
  const BlackjackRules& b = Blackjack(spec);
  FlatSpec& f = *out;
  f["deal.order"] = {std::string(ToString(b.deal_order.value)), &b.deal_order.cite};
  f["deal.burns_after_shuffle"] = {std::to_string(b.burns_after_shuffle.value), &b.burns_after_shuffle.cite};
  f["deal.hole_card"] = {Yes(b.dealer_hole_card.value), &b.dealer_hole_card.cite};
  f["dealer.hits_soft_17"] = {Yes(b.dealer_hits_soft_17.value), &b.dealer_hits_soft_17.cite};
  f["dealer.checks_for_blackjack"] = {Yes(b.dealer_checks_for_blackjack.value),
                                      &b.dealer_checks_for_blackjack.cite};
  f["dealer.draws_without_hand_in_play"] = {Yes(b.dealer_draws_without_hand_in_play.value),
                                            &b.dealer_draws_without_hand_in_play.cite};
  f["dealer.blackjack_takes"] = {b.dealer_blackjack_takes.value == DealerBlackjackTakes::kAllWagers
                                     ? "all-wagers"
                                     : "original-wager-only",
                                 &b.dealer_blackjack_takes.cite};
  f["dealer.busted_extra_lost"] = {Yes(b.busted_extra_lost_to_dealer_blackjack.value),
                                   &b.busted_extra_lost_to_dealer_blackjack.cite};
  f["insurance.offered"] = {Yes(b.insurance_offered.value), &b.insurance_offered.cite};
  f["insurance.max"] = {ToString(b.insurance_max.value), &b.insurance_max.cite};
  f["double.offered"] = {Yes(b.double_offered.value), &b.double_offered.cite};
  constexpr std::string_view kOn[] = {"any-two", "9-to-11", "10-to-11"};
  f["double.on"] = {std::string(kOn[static_cast<int>(b.double_on.value)]), &b.double_on.cite};
  f["double.after_split"] = {Yes(b.double_after_split.value), &b.double_after_split.cite};
  f["double.max"] = {ToString(b.double_max.value), &b.double_max.cite};
  f["split.pairs"] = {b.split_by_points.value ? "same-value" : "same-rank", &b.split_by_points.cite};
  f["split.max_hands"] = {std::to_string(b.split_max_hands.value), &b.split_max_hands.cite};
  f["split.aces_one_card"] = {Yes(b.split_aces_one_card.value), &b.split_aces_one_card.cite};
  f["split.resplit_aces"] = {Yes(b.resplit_aces.value), &b.resplit_aces.cite};
  f["split.split_21_is_blackjack"] = {Yes(b.split_21_is_blackjack.value), &b.split_21_is_blackjack.cite};
  f["surrender.offered"] = {Yes(b.surrender_offered.value), &b.surrender_offered.cite};
  for (auto [key, p] : {std::pair{"blackjack", &b.pays_blackjack},
                        {"win", &b.pays_win},
                        {"push", &b.pays_push},
                        {"lose", &b.pays_lose},
                        {"insurance_win", &b.pays_insurance_win},
                        {"insurance_lose", &b.pays_insurance_lose}}) {
    f[std::string("payouts.") + key] = {ToString(p->net), &p->cite};
  }
  for (auto [key, bound] : {std::pair{"win", &b.min_win},
                            {"blackjack", &b.min_blackjack},
                            {"blackjack_single_deck", &b.min_blackjack_few_decks}}) {
    if (!bound->present) continue;
    f[std::string("regulation.") + key] = {
        "at least " + ToString(bound->at_least) +
            (bound->max_decks ? " (games of " + std::to_string(bound->max_decks) + " decks at most)" : ""),
        &bound->cite};
  }
  if (b.war_offered) {
    std::string ranks;
    for (int value = 13; value >= 1; --value) {
      for (int r = 2; r <= 14; ++r) {
        if (b.war_rank_value[r] == value) ranks += std::string(ranks.empty() ? "" : " ") + RankChar(r);
      }
    }
    f["war_wager.ranks.high_to_low"] = {ranks, &b.war_rank_cite};
    f["war_wager.by_points"] = {Yes(b.war_by_points.value), &b.war_by_points.cite};
    f["war_wager.cards_start_hands"] = {Yes(b.war_cards_start_hands.value), &b.war_cards_start_hands.cite};
    f["war_wager.ride_adds_stake"] = {Yes(b.ride_adds_stake.value), &b.ride_adds_stake.cite};
    f["war_wager.payouts.win"] = {ToString(b.pays_war_win.net), &b.pays_war_win.cite};
    f["war_wager.payouts.tie"] = {ToString(b.pays_war_tie.net), &b.pays_war_tie.cite};
    f["war_wager.payouts.lose"] = {ToString(b.pays_war_lose.net), &b.pays_war_lose.cite};
  }
}

// The part each flattened key belongs to; 0 for what no replay reads (the regulation's
// bounds, which lint checks).
SpecParts PartOf(const std::string& key) {
  auto starts = [&](std::string_view prefix) { return key.rfind(prefix, 0) == 0; };
  if (starts("war_wager.ride_adds_stake")) return part::kBjRide;
  if (starts("war_wager.by_points")) return part::kBjWarByPoints;
  if (starts("split.pairs")) return part::kBjSplitPairs;
  if (starts("split.max_hands")) return part::kBjSplitMax;
  if (starts("dealer.busted_extra_lost")) return part::kBjBustedExtra;
  if (starts("war_wager.cards_start_hands")) return part::kBjEveryRound;
  if (starts("war_wager.")) return part::kBjWarWager;
  if (starts("dealer.blackjack_takes")) return part::kBjDealerBlackjack;
  if (starts("split.")) return part::kBjSplit;
  if (starts("double.")) return part::kBjDouble;
  if (starts("insurance.")) return part::kBjInsurance;
  if (starts("surrender.")) return part::kBjSurrender;
  if (starts("regulation.")) return 0;
  return part::kBjEveryRound;  // deal, dealer, payouts, and anything added later
}

SpecParts BlackjackDifferingParts(const RuleSpec& a, const RuleSpec& b) {
  FlatSpec fa, fb;
  FlattenBlackjack(a, &fa);
  FlattenBlackjack(b, &fb);
  SpecParts parts = 0;
  for (const auto& [key, entry] : fa) {
    auto it = fb.find(key);
    if (it == fb.end() || it->second.value != entry.value) parts |= PartOf(key);
  }
  for (const auto& [key, entry] : fb) {
    if (!fa.count(key)) parts |= PartOf(key);
  }
  return parts;
}

ReadingEffect BlackjackEffect(const RuleSpec& base, const RuleSpec& variant) {
  return BlackjackDifferingParts(base, variant) == 0 ? ReadingEffect::kNone : ReadingEffect::kGeneral;
}

void NoReprice(const RoundResult& base, const RuleSpec&, RoundResult* out) {
  out->findings.clear();
  out->touched = base.touched;
  out->settlements.assign(base.settlements.begin(), base.settlements.end());
}

std::vector<RegulationBreach> RegulationBreaches(const RuleSpec& spec) {
  std::vector<RegulationBreach> out;
  if (spec.game != "blackjack") return out;
  const BlackjackRules& b = Blackjack(spec);
  auto below = [](Ratio x, Ratio y) {  // x < y
    return static_cast<__int128>(x.num) * y.den < static_cast<__int128>(y.num) * x.den;
  };
  auto check = [&](const Payout& pays, const BlackjackRules::Bound& bound, const std::string& what) {
    if (!bound.present || !pays.present || !below(pays.net, bound.at_least)) return;
    out.push_back({pays.cite.line,
                   "payouts." + what + " pays " + ToString(pays.net) + ", below the " +
                       ToString(bound.at_least) + " that " + bound.cite.clause + " requires" +
                       (bound.max_decks ? " for this game"
                                        : " for a game of " + std::to_string(spec.decks.max) + " decks")});
  };
  check(b.pays_win, b.min_win, "win");
  // Blackjack: the general bound, unless a bound for games of few decks applies.
  const BlackjackRules::Bound& bj =
      b.min_blackjack_few_decks.present && spec.decks.max <= b.min_blackjack_few_decks.max_decks
          ? b.min_blackjack_few_decks
          : b.min_blackjack;
  check(b.pays_blackjack, bj, "blackjack");
  if (b.war_offered) check(b.pays_war_win, b.min_win, "war win");
  return out;
}

void LintRegulation(LintReport* report) {
  for (SpecLint& lint : report->specs) {
    std::vector<std::string> errors;
    std::optional<SpecDocument> doc = LoadSpecDocument(lint.path, &errors, lint.search_path);
    if (!doc) continue;  // a spec that does not load is an error already
    for (const RegulationBreach& b : RegulationBreaches(doc->spec)) {
      lint.errors.push_back({lint.path, b.line, 0, LintCode::kBelowRegulation, b.message, ""});
    }
  }
}

}  // namespace pitboss
