// The report of `pitboss rtp` for a blackjack spec, text and JSON.
#include <cstdio>

#include "base/printable.h"
#include "games/blackjack/blackjack_rtp.h"

namespace pitboss {

namespace {

using blackjack::HouseRules;

std::string Percent(double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4f%%", value * 100);
  return buf;
}

std::string SignedPercent(double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%+.4f%%", value * 100);
  return buf;
}

std::string Pad(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

// Part of the report format: ranks as the ride table names them (1 ace ... 13 king).
std::string RankName(int rank) {
  static constexpr const char* kNames[] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"};
  return kNames[rank - 1];
}
std::string ValueName(int value) { return value == 1 ? "A" : value == 10 ? "10" : std::to_string(value); }

std::string DoubleOnText(HouseRules::DoubleOn on) {
  switch (on) {
    case HouseRules::DoubleOn::kAnyTwo:
      return "any two cards";
    case HouseRules::DoubleOn::kNineToEleven:
      return "9 to 11";
    case HouseRules::DoubleOn::kTenToEleven:
      return "10 and 11";
    case HouseRules::DoubleOn::kElevenOnly:
      return "11";
  }
  return "";
}

std::string RulesText(const HouseRules& h) {
  std::string s = h.dealer_hits_soft_17 ? "dealer hits soft 17" : "dealer stands on soft 17";
  s += ", blackjack pays " + std::to_string(h.blackjack_num) + " to " + std::to_string(h.blackjack_den);
  s += ", double on " + DoubleOnText(h.double_on) +
       (h.double_after_split ? " and after a split" : ", not after a split");
  s += h.max_hands > 1 ? ", split to " + std::to_string(h.max_hands) + " hands" : ", no split";
  s += std::string(h.split_by_value ? " (any two ten-valued cards)" : " (pairs of one rank)");
  s += h.resplit_aces ? ", aces resplit" : ", aces not resplit";
  s += h.hit_split_aces ? ", split aces may hit" : ", one card to each split ace";
  s += h.late_surrender ? ", late surrender" : ", no surrender";
  s += h.dealer_blackjack == HouseRules::DealerBlackjack::kOriginalBetsOnly
           ? ", a dealer blackjack takes the original wager only"
           : ", a dealer blackjack takes every wager";
  return s;
}

// For up card `up`, the first cards whose win rides.
std::vector<int> Rides(const blackjack::WarMath& war, int up) {
  std::vector<int> ranks;
  for (int first = 1; first <= blackjack::kRanks; ++first) {
    if (war.ride[first - 1][up - 1]) ranks.push_back(first);
  }
  return ranks;
}

std::string DecksText(int d) { return std::to_string(d) + (d == 1 ? " deck" : " decks"); }

void WriteText(const BlackjackRtpReport& r, std::ostream& out) {
  out << "pitboss rtp: " << Printable(r.spec_id) << ", revision " << Printable(r.revision) << " ("
      << Printable(r.path) << ")\n";
  out << "Theoretical return, computed from the spec (docs/math.md), one seat against the dealer,\n"
         "each round from a full shoe, insurance never taken; per unit of the wager.\n"
         "Method: "
      << kBlackjackMethod
      << ";\n"
         "the War wager's win, tie and loss exact.\n";
  out << "Readings:";
  for (const auto& [id, name] : r.readings) out << " " << Printable(id) << "=" << Printable(name);
  out << (r.readings.empty() ? " none (the spec records no ambiguity)\n" : "\n");

  for (const BlackjackDeckRtp& deck : r.decks) {
    const blackjack::BlackjackMath& bj = deck.blackjack;
    out << "\n" << DecksText(deck.decks) << " (" << 52 * deck.decks << " cards)\n";
    out << "  Rules: " << RulesText(bj.rules) << "\n";
    out << "  Blackjack wager, basic strategy: return " << SignedPercent(bj.basic_strategy_return)
        << ", house edge " << Percent(-bj.basic_strategy_return) << " (composition-dependent: house edge "
        << Percent(-bj.optimal_return) << ")\n";
    if (!bj.strategy_converged)
      out << "  WARNING: the basic strategy did not settle: some play is not the best given the others\n";
    out << "    by up card (return):";
    for (int up = 1; up <= blackjack::kValues; ++up) {
      out << " " << ValueName(up) << " " << SignedPercent(bj.return_by_up[up - 1]);
    }
    out << "\n";
    if (!deck.war_offered) continue;
    const blackjack::WarMath& war = deck.war;
    out << "  War wager: win " << FormatPercent(war.p_win) << " (" << war.p_win << "), tie "
        << FormatPercent(war.p_tie) << " (" << war.p_tie << "), lose " << FormatPercent(war.p_lose) << " ("
        << war.p_lose << ")\n";
    out << "    every win collected: house edge " << FormatPercent(war.house_edge_collect) << " ("
        << war.house_edge_collect << ")\n";
    out << "    with the best ride:  house edge " << Percent(war.house_edge_best_ride) << " (the ride adds "
        << Percent(war.ride_value) << ")\n";
    out << "    the best ride: a win rides with these first cards, by up card\n";
    for (int up = 1; up <= blackjack::kRanks; ++up) {
      std::vector<int> rides = Rides(war, up);
      out << "      up " << RankName(up) << ":";
      if (rides.empty()) out << " never";
      for (int first : rides) out << " " << RankName(first);
      out << "\n";
    }
  }

  std::vector<std::string> silent;
  bool header = false;
  for (const BlackjackAmbiguityRtp& a : r.ambiguities) {
    if (!a.changes_figures) {
      if (a.all_computed) silent.push_back(a.id);
      continue;
    }
    if (!header) {
      out << "\nReadings that change a figure: house edge of the blackjack wager (basic strategy), of\n"
             "the War wager collecting every win and with the best ride; the other ambiguities read\n"
             "as above.\n";
      header = true;
    }
    out << "  " << Printable(a.id) << " (" << Printable(a.clause) << ")\n";
    size_t width = 8;
    for (const BlackjackReadingRtp& reading : a.readings) {
      width = std::max(width, reading.name.size() + (reading.is_default ? 10 : 0));
    }
    out << "    " << Pad("reading", width + 2) << Pad("decks", 7) << Pad("blackjack", 11)
        << Pad("war collect", 13) << "war best ride\n";
    for (const BlackjackReadingRtp& reading : a.readings) {
      std::string name = reading.name + (reading.is_default ? " (default)" : "");
      if (!reading.not_computed.empty()) {
        out << "    " << Pad(name, width + 2) << "not computed (below)\n";
        continue;
      }
      for (const BlackjackReadingFigures& f : reading.figures) {
        out << "    " << Pad(name, width + 2) << Pad(std::to_string(f.decks), 7)
            << Pad(Percent(f.blackjack_edge), 11)
            << Pad(f.war_offered ? FormatPercent(f.war_edge_collect) : "-", 13)
            << (f.war_offered ? Percent(f.war_edge_best_ride) : "-") << "\n";
        name.clear();
      }
    }
  }
  if (!silent.empty()) {
    out << "\nAmbiguities whose readings change no figure:";
    for (const std::string& id : silent) out << " " << Printable(id);
    out << "\n";
  }
  bool not_computed_header = false;
  for (const BlackjackAmbiguityRtp& a : r.ambiguities) {
    for (const BlackjackReadingRtp& reading : a.readings) {
      if (reading.not_computed.empty()) continue;
      if (!not_computed_header) {
        out << "\nReadings not computed (the math cannot represent them; no figure is given rather\n"
               "than one that ignores them):\n";
        not_computed_header = true;
      }
      out << "  " << Printable(a.id) << "=" << Printable(reading.name) << ": "
          << Printable(reading.not_computed) << "\n";
    }
  }

  if (!r.claims.empty()) {
    out << "\nClaims of the source:\n";
    for (const BlackjackClaimCheck& c : r.claims) WriteClaimText(c.claim, c.holds, c.message, out);
  }
}

void WriteRulesJson(JsonWriter& json, const HouseRules& h) {
  static constexpr const char* kDoubleOn[] = {"any-two", "9-11", "10-11", "11"};
  json.BeginObject().Key("dealer_hits_soft_17").Bool(h.dealer_hits_soft_17);
  json.Key("blackjack_pays").String(std::to_string(h.blackjack_num) + "/" + std::to_string(h.blackjack_den));
  json.Key("double_on").String(kDoubleOn[static_cast<int>(h.double_on)]);
  json.Key("double_after_split").Bool(h.double_after_split).Key("max_hands").Int(h.max_hands);
  json.Key("split_by_value").Bool(h.split_by_value).Key("resplit_aces").Bool(h.resplit_aces);
  json.Key("hit_split_aces").Bool(h.hit_split_aces).Key("late_surrender").Bool(h.late_surrender);
  json.Key("dealer_blackjack_takes")
      .String(h.dealer_blackjack == HouseRules::DealerBlackjack::kOriginalBetsOnly ? "original-wager-only"
                                                                                   : "all-wagers");
  json.EndObject();
}

void WriteJson(const BlackjackRtpReport& r, std::string_view version, std::ostream& out) {
  JsonWriter json(out);
  json.BeginObject().Key("tool").String("pitboss").Key("version").String(version);
  json.Key("format").Int(1).Key("command").String("rtp").Key("game").String("blackjack");
  json.Key("spec").BeginObject().Key("id").String(r.spec_id).Key("revision").String(r.revision);
  json.Key("sha256").String(r.sha256).Key("path").String(r.path).EndObject();
  json.Key("readings").BeginObject();
  for (const auto& [id, name] : r.readings) json.Key(id).String(name);
  json.EndObject();
  json.Key("method").String(kBlackjackMethod);

  json.Key("decks").BeginArray();
  for (const BlackjackDeckRtp& deck : r.decks) {
    const blackjack::BlackjackMath& bj = deck.blackjack;
    json.BeginObject().Key("decks").Int(deck.decks).Key("cards").Int(52 * deck.decks);
    json.Key("rules");
    WriteRulesJson(json, bj.rules);
    json.Key("blackjack").BeginObject();
    json.Key("basic_strategy_return").Double(bj.basic_strategy_return);
    json.Key("house_edge").Double(-bj.basic_strategy_return);
    json.Key("optimal_return").Double(bj.optimal_return);
    json.Key("optimal_house_edge").Double(-bj.optimal_return);
    json.Key("strategy_converged").Bool(bj.strategy_converged);
    json.Key("return_by_up_card").BeginArray();
    for (int up = 1; up <= blackjack::kValues; ++up) {
      json.BeginObject()
          .Key("up")
          .String(ValueName(up))
          .Key("return")
          .Double(bj.return_by_up[up - 1])
          .EndObject();
    }
    json.EndArray().EndObject();
    json.Key("war");
    if (!deck.war_offered) {
      json.Null();
    } else {
      const blackjack::WarMath& war = deck.war;
      json.BeginObject().Key("p_win");
      WriteFractionJson(json, war.p_win);
      json.Key("p_tie");
      WriteFractionJson(json, war.p_tie);
      json.Key("p_lose");
      WriteFractionJson(json, war.p_lose);
      json.Key("house_edge_collect");
      WriteFractionJson(json, war.house_edge_collect);
      json.Key("ride_value").Double(war.ride_value);
      json.Key("house_edge_best_ride").Double(war.house_edge_best_ride);
      json.Key("rides").BeginArray();
      for (int up = 1; up <= blackjack::kRanks; ++up) {
        json.BeginObject().Key("up").String(RankName(up)).Key("first").BeginArray();
        for (int first : Rides(war, up)) json.String(RankName(first));
        json.EndArray().EndObject();
      }
      json.EndArray().EndObject();
    }
    json.EndObject();
  }
  json.EndArray();

  json.Key("ambiguities").BeginArray();
  for (const BlackjackAmbiguityRtp& a : r.ambiguities) {
    json.BeginObject().Key("id").String(a.id).Key("clause").String(a.clause);
    json.Key("changes_figures").Bool(a.changes_figures).Key("all_computed").Bool(a.all_computed);
    json.Key("readings").BeginArray();
    for (const BlackjackReadingRtp& reading : a.readings) {
      json.BeginObject().Key("name").String(reading.name).Key("default").Bool(reading.is_default);
      json.Key("computed").Bool(reading.not_computed.empty());
      if (!reading.not_computed.empty()) json.Key("not_computed").String(reading.not_computed);
      json.Key("figures").BeginArray();
      for (const BlackjackReadingFigures& f : reading.figures) {
        json.BeginObject().Key("decks").Int(f.decks).Key("blackjack_house_edge").Double(f.blackjack_edge);
        if (f.war_offered) {
          json.Key("war_house_edge_collect");
          WriteFractionJson(json, f.war_edge_collect);
          json.Key("war_house_edge_best_ride").Double(f.war_edge_best_ride);
        }
        json.EndObject();
      }
      json.EndArray().EndObject();
    }
    json.EndArray().EndObject();
  }
  json.EndArray();

  json.Key("claims").BeginArray();
  for (const BlackjackClaimCheck& c : r.claims) {
    WriteClaimJson(json, c.claim, c.holds, c.message, c.claimed, c.tolerance);
    json.Key("bases").BeginArray();
    for (const BlackjackClaimBasis& b : c.bases) {
      json.BeginObject().Key("decks").Int(b.decks).Key("policy").String(b.policy);
      json.Key("basis").String(b.basis).Key("value").Double(b.value);
      json.Key("matches").Bool(b.matches).EndObject();
    }
    json.EndArray().EndObject();
  }
  json.EndArray();
  json.Key("claims_hold").Bool(r.all_claims_hold());
  json.EndObject();
  out << "\n";
}

}  // namespace

Status WriteBlackjackRtpReport(const BlackjackRtpReport& report, std::string_view version,
                               std::string_view format, std::ostream& out) {
  return WriteRtpFormat(
      format, [&] { WriteText(report, out); }, [&] { WriteJson(report, version, out); });
}

}  // namespace pitboss
