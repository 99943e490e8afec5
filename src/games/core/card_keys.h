// The spec keys of every game that ranks single cards and deals them one to a seat a pass:
// `ranks.high_to_low` and a deal rule (`order`, `burns_before_seat_card`,
// `burns_before_dealer_card`), read, flattened for `pitboss diff` and compared in one place.
#ifndef PITBOSS_GAMES_CORE_CARD_KEYS_H_
#define PITBOSS_GAMES_CORE_CARD_KEYS_H_

#include <yaml-cpp/yaml.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "pitboss/spec.h"
#include "spec/diff.h"
#include "spec/spec_reader.h"

namespace pitboss {

// A card's value by rank (2..14): higher beats lower, equal ties.
using RankValues = std::array<int8_t, 15>;

// `ranks` (the 13 ranks, highest first) into *values and its cite.
void ParseRanks(SpecReader& r, const YAML::Node& node, RankValues* values, Cite* cite);
// A deal rule at `what` ("deal", "deal.war") into *deal.
void ParseDealRule(SpecReader& r, const YAML::Node& node, std::string_view what, DealRule* deal);

// "A K Q ... 2", as `ranks.high_to_low` flattens.
std::string RanksHighToLow(const RankValues& values);
// `<what>.order` and the two burn counts.
void FlattenDealRule(const DealRule& deal, std::string_view what, FlatSpec* out);
bool SameDeal(const DealRule& x, const DealRule& y);

// One outcome's payouts at `what` ("payouts.win"): a map of wager -> {net, cite}, each into
// (*payouts)[wager]. A wager set to null is removed by a reading; one `spec` does not offer is
// an error.
void ParseOutcomePayouts(SpecReader& r, const RuleSpec& spec, const YAML::Node& outcome,
                         const std::string& what, std::array<Payout, kWagerKinds>* payouts);

}  // namespace pitboss

#endif  // PITBOSS_GAMES_CORE_CARD_KEYS_H_
