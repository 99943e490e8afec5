#include "games/core/card_keys.h"

#include <set>

#include "pitboss/card.h"

namespace pitboss {

void ParseRanks(SpecReader& r, const YAML::Node& node, RankValues* values, Cite* cite) {
  if (!r.Map(node, "ranks", {"high_to_low", "cite", "quote", "note"}, {"high_to_low"})) return;
  const YAML::Node order = node["high_to_low"];
  if (!order.IsSequence() || order.size() != 13) {
    r.Error(order, "ranks.high_to_low must list the 13 ranks, highest first");
    return;
  }
  std::set<int> seen;
  int value = 13;
  for (const auto& rank : order) {
    const std::string name = rank.IsScalar() ? rank.Scalar() : "";
    auto card = ParseCard(name + "C");
    if (!card) {
      r.Error(rank, "'" + name + "' is not a rank (2-9, T, J, Q, K, A)");
      return;
    }
    if (!seen.insert(card->rank).second) {
      r.Error(rank, "rank '" + name + "' listed twice in ranks.high_to_low");
      return;
    }
    (*values)[card->rank] = static_cast<int8_t>(value--);
  }
  r.CiteOf(node, "ranks", cite);
}

void ParseDealRule(SpecReader& r, const YAML::Node& node, std::string_view what, DealRule* deal) {
  if (!r.Map(node, what,
             {"order", "burns_before_seat_card", "burns_before_dealer_card", "cite", "quote", "note"},
             {"order"})) {
    return;
  }
  const std::string w(what);
  if (auto order = r.Order(node["order"], w + ".order")) deal->order = *order;
  int64_t n = 0;
  if (node["burns_before_seat_card"] &&
      r.Int(node["burns_before_seat_card"], w + ".burns_before_seat_card", 0, 52, &n)) {
    deal->burns_before_seat_card = static_cast<int>(n);
  }
  if (node["burns_before_dealer_card"] &&
      r.Int(node["burns_before_dealer_card"], w + ".burns_before_dealer_card", 0, 52, &n)) {
    deal->burns_before_dealer_card = static_cast<int>(n);
  }
  r.CiteOf(node, w, &deal->cite);
  deal->burn_cite = deal->cite;
}

std::string RanksHighToLow(const RankValues& values) {
  std::string ranks;
  for (int value = 13; value >= 1; --value) {
    for (int rank = 2; rank <= 14; ++rank) {
      if (values[rank] == value) ranks += std::string(ranks.empty() ? "" : " ") + RankChar(rank);
    }
  }
  return ranks;
}

void FlattenDealRule(const DealRule& deal, std::string_view what, FlatSpec* out) {
  FlatSpec& f = *out;
  const std::string p(what);
  f[p + ".order"] = {std::string(ToString(deal.order)), &deal.cite};
  f[p + ".burns_before_seat_card"] = {std::to_string(deal.burns_before_seat_card), &deal.cite};
  f[p + ".burns_before_dealer_card"] = {std::to_string(deal.burns_before_dealer_card), &deal.cite};
}

void ParseOutcomePayouts(SpecReader& r, const RuleSpec& spec, const YAML::Node& outcome,
                         const std::string& what, std::array<Payout, kWagerKinds>* payouts) {
  if (!outcome.IsMap()) {
    r.Error(outcome, what + " must be a map of wager -> payout");
    return;
  }
  for (const auto& kv : outcome) {
    auto kind = r.Wager(kv.first, what);
    if (!kind) continue;
    if (kv.second.IsNull()) continue;  // removed by a reading
    const std::string pw = what + "." + kv.first.Scalar();
    if (!spec.wager(*kind).offered) {
      r.Error(kv.first, pw + ": the game has no wager '" + kv.first.Scalar() + "'");
      continue;
    }
    if (!r.Map(kv.second, pw, {"net", "cite", "quote", "note"}, {"net"})) continue;
    Payout& p = (*payouts)[static_cast<int>(*kind)];
    if (r.Net(kv.second["net"], pw + ".net", &p.net)) p.present = true;
    r.CiteOf(kv.second, pw, &p.cite);
  }
}

bool SameDeal(const DealRule& x, const DealRule& y) {
  return x.order == y.order && x.burns_before_seat_card == y.burns_before_seat_card &&
         x.burns_before_dealer_card == y.burns_before_dealer_card;
}

}  // namespace pitboss
