// The report of `pitboss rtp` for a War spec, text and JSON.
#include <cstdio>
#include <iomanip>
#include <set>
#include <sstream>

#include "base/printable.h"
#include "games/war/war_rtp.h"

namespace pitboss {

namespace {

std::string Signed(const Fraction& f) {
  std::string s = f.ToString();
  return f.sign() > 0 ? "+" + s : s;
}

std::string Decimal(double value, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, value);
  return buf;
}

std::string Pad(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

// True when every policy under which `wager` can be placed gives it the same figures.
bool SameAcrossPolicies(const DeckMath& deck, WagerKind wager) {
  const WagerMath* first = nullptr;
  for (const RoundMath& math : deck.policies) {
    const WagerMath* w = math.wager(wager);
    if (w == nullptr) continue;
    if (first == nullptr) {
      first = w;
    } else if (!(w->expected_net == first->expected_net) || !(w->second_moment == first->second_moment) ||
               !(w->expected_staked == first->expected_staked)) {
      return false;
    }
  }
  return true;
}

// The wagers of a deck's figures, in the order the first policy lists them, then any other.
std::vector<WagerKind> WagersOf(const DeckMath& deck) {
  std::vector<WagerKind> kinds;
  for (const RoundMath& math : deck.policies) {
    for (const WagerMath& w : math.wagers) {
      if (std::find(kinds.begin(), kinds.end(), w.wager) == kinds.end()) kinds.push_back(w.wager);
    }
  }
  return kinds;
}

std::string Outcomes(const WagerMath& w) {
  std::string out;
  for (const WagerOutcome& o : w.outcomes) {
    if (!out.empty()) out += ", ";
    out += o.name + " " + FormatPercent(o.probability) + " (" + Signed(o.net) + ")";
  }
  return out;
}

// The table of one ambiguity: a header row, then per reading the (wager, policy) rows whose
// figures differ between readings (a row some reading lacks differs too).
struct ReadingTableRow {
  std::string reading;
  std::string label;
  std::vector<std::string> cells;
};

std::vector<ReadingTableRow> ReadingTable(const AmbiguityMath& a) {
  // (wager, policy label): a wager whose figures no policy changes, under one reading,
  // is one row labelled "any".
  using Key = std::pair<WagerKind, std::string>;
  using Row = std::vector<const ReadingFigure*>;
  auto same = [](const Row& x, const Row& y) {
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) {
      if (x[i]->decks != y[i]->decks || !(x[i]->house_edge == y[i]->house_edge) ||
          !(x[i]->house_edge_per_staked == y[i]->house_edge_per_staked)) {
        return false;
      }
    }
    return true;
  };
  auto rows_of = [&](const ReadingMath& reading) {
    std::vector<std::pair<Key, Row>> rows;
    for (const ReadingFigure& f : reading.figures) {
      Key key{f.wager, std::string(ToString(f.policy))};
      auto it = std::find_if(rows.begin(), rows.end(), [&](auto& r) { return r.first == key; });
      if (it == rows.end()) {
        rows.push_back({key, {&f}});
      } else {
        it->second.push_back(&f);
      }
    }
    std::vector<std::pair<Key, Row>> collapsed;
    for (auto& [key, row] : rows) {
      bool all_same = true;
      for (auto& [other, other_row] : rows) {
        if (other.first == key.first && !same(row, other_row)) all_same = false;
      }
      Key label = all_same ? Key{key.first, "any"} : key;
      if (std::none_of(collapsed.begin(), collapsed.end(), [&](auto& r) { return r.first == label; })) {
        collapsed.push_back({label, row});
      }
    }
    return collapsed;
  };
  std::vector<std::vector<std::pair<Key, Row>>> tables;
  for (const ReadingMath& reading : a.readings) tables.push_back(rows_of(reading));
  auto find = [](const std::vector<std::pair<Key, Row>>& table, const Key& key) -> const Row* {
    for (auto& [k, row] : table) {
      if (k == key) return &row;
    }
    return nullptr;
  };
  std::vector<Key> keys, changed;
  std::vector<int> decks;
  for (const auto& table : tables) {
    for (const auto& [key, row] : table) {
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
      for (const ReadingFigure* f : row) {
        if (std::find(decks.begin(), decks.end(), f->decks) == decks.end()) decks.push_back(f->decks);
      }
    }
  }
  for (const Key& key : keys) {
    const Row* first = find(tables.front(), key);
    for (const auto& table : tables) {
      const Row* row = find(table, key);
      if (!first || !row || !same(*first, *row)) {
        changed.push_back(key);
        break;
      }
    }
  }
  std::vector<ReadingTableRow> rows;
  ReadingTableRow header{"reading", "wager, tie policy", {}};
  for (int d : decks) header.cells.push_back(std::to_string(d) + (d == 1 ? " deck" : " decks"));
  rows.push_back(header);
  for (size_t i = 0; i < a.readings.size(); ++i) {
    std::string name = a.readings[i].name + (a.readings[i].is_default ? " (default)" : "");
    bool any = false;
    for (const Key& key : changed) {
      const Row* row = find(tables[i], key);
      if (row == nullptr) continue;
      ReadingTableRow line{any ? "" : name, std::string(ToString(key.first)) + ", " + key.second, {}};
      for (const ReadingFigure* f : *row) {
        line.cells.push_back(FormatPercent(f->house_edge) + " (" + FormatPercent(f->house_edge_per_staked) +
                             ")");
      }
      rows.push_back(std::move(line));
      any = true;
    }
    if (!any) rows.push_back({name, "(no figure changes)", {}});
  }
  return rows;
}

void WriteText(const RtpReport& r, std::ostream& out) {
  out << "pitboss rtp: " << Printable(r.spec_id) << ", revision " << Printable(r.revision) << " ("
      << Printable(r.path) << ")\n";
  out << "Exact theoretical return, computed from the spec: every composition of the shoe\n"
         "enumerated in exact rational arithmetic, one seat against the dealer, from a full shoe.\n";
  out << "Readings:";
  for (const auto& [id, name] : r.readings) out << " " << Printable(id) << "=" << Printable(name);
  out << (r.readings.empty() ? " none (the spec records no ambiguity)\n" : "\n");
  if (r.burns.checked) {
    out << "Burn cards: " << r.burns.initial_burns << " per round before the first cards, "
        << r.burns.war_burns << " per war. "
        << (r.burns.invariant ? "Unseen, they change no figure: exact enumeration on a shoe of " +
                                    r.burns.shoe + " gives the same figures with and without them drawn.\n"
                              : "WARNING: exact enumeration on a shoe of " + r.burns.shoe +
                                    " gives different figures with them drawn.\n");
  } else {
    out << "Burn cards: none in the rules.\n";
  }

  for (const DeckMath& deck : r.decks) {
    const RoundMath& base = deck.policies.front();
    out << "\n" << deck.decks << (deck.decks == 1 ? " deck (" : " decks (") << base.cards << " cards)\n";
    out << "  First cards: win " << FormatPercent(base.p_win) << " (" << base.p_win << "), tie "
        << FormatPercent(base.p_tie) << " (" << base.p_tie << "), lose " << FormatPercent(base.p_lose)
        << "\n";
    for (const RoundMath& math : deck.policies) {
      if (math.war_tie.is_zero() && math.war_win.is_zero()) continue;
      out << "  War cards:   win " << FormatPercent(math.war_win) << ", tie " << FormatPercent(math.war_tie)
          << " (" << math.war_tie << "), lose " << FormatPercent(math.war_lose) << "\n";
      break;
    }
    if (!base.choices.empty()) {
      out << "  On a tie, the main wager's expected net per unit (raise included):";
      for (const ChoiceMath& c : base.choices) {
        out << " " << ToString(c.action) << " " << Decimal(c.expected_net.ToDouble(), 6) << " ("
            << c.expected_net << ")";
      }
      out << "; best: " << ToString(*base.best_choice) << "\n";
    }
    out << "  " << Pad("wager", 6) << Pad("policy", 18) << Pad("return", 10) << Pad("edge", 10)
        << Pad("return/total", 14) << Pad("edge/total", 12) << Pad("SD", 8) << "P(ahead)\n";
    std::vector<std::string> outcome_lines;
    for (WagerKind kind : WagersOf(deck)) {
      bool collapse = SameAcrossPolicies(deck, kind);
      for (const RoundMath& math : deck.policies) {
        const WagerMath* w = math.wager(kind);
        if (w == nullptr) continue;
        std::string policy = collapse ? "any" : std::string(ToString(math.policy.kind));
        out << "  " << Pad(std::string(ToString(kind)), 6) << Pad(policy, 18)
            << Pad(FormatPercent(w->return_per_initial()), 10) << Pad(FormatPercent(w->house_edge()), 10)
            << Pad(FormatPercent(w->return_per_staked()), 14)
            << Pad(FormatPercent(w->house_edge_per_staked()), 12)
            << Pad(Decimal(w->standard_deviation(), 4), 8) << FormatPercent(w->p_ahead) << "\n";
        std::string line = "    " + std::string(ToString(kind)) + ", " + policy;
        if (!(w->available == Fraction(1))) {
          line += " (placed in " + FormatPercent(w->available) + " of rounds)";
        }
        outcome_lines.push_back(line + ": " + Outcomes(*w));
        if (collapse) break;
      }
    }
    out << "  Outcomes (probability, net per unit):\n";
    for (const std::string& line : outcome_lines) out << line << "\n";
  }

  std::vector<std::string> silent;
  bool header = false;
  for (const AmbiguityMath& a : r.ambiguities) {
    if (!a.changes_return) {
      silent.push_back(a.id);
      continue;
    }
    if (!header) {
      out << "\nReadings that change the return: house edge per initial wager (per total wagered),\n"
             "the other ambiguities read as above. Rows a reading leaves unchanged are not shown.\n";
      header = true;
    }
    out << "  " << Printable(a.id) << " (" << Printable(a.clause) << ")\n";
    std::vector<ReadingTableRow> table = ReadingTable(a);
    size_t width = 0;
    for (const ReadingTableRow& row : table) width = std::max(width, row.reading.size());
    for (const ReadingTableRow& row : table) {
      out << "    " << Pad(row.reading, width + 2) << Pad(row.label, 24);
      for (const std::string& cell : row.cells) out << Pad(cell, 22);
      out << "\n";
    }
  }
  if (!silent.empty()) {
    out << "\nAmbiguities whose readings change no return:";
    for (const std::string& id : silent) out << " " << Printable(id);
    out << "\n";
  }

  if (!r.claims.empty()) {
    out << "\nClaims of the source:\n";
    for (const ClaimCheck& c : r.claims) WriteClaimText(c.claim, c.holds, c.message, out);
  }
}

// {"win":...,"tie":...,"lose":...}, each an exact figure.
void WriteOutcomesJson(JsonWriter& json, const Fraction& win, const Fraction& tie, const Fraction& lose) {
  json.BeginObject().Key("win");
  WriteFractionJson(json, win);
  json.Key("tie");
  WriteFractionJson(json, tie);
  json.Key("lose");
  WriteFractionJson(json, lose);
  json.EndObject();
}

void WriteWagerJson(JsonWriter& json, const WagerMath& w) {
  json.BeginObject().Key("wager").String(ToString(w.wager));
  json.Key("available");
  WriteFractionJson(json, w.available);
  json.Key("outcomes").BeginArray();
  for (const WagerOutcome& o : w.outcomes) {
    json.BeginObject().Key("name").String(o.name).Key("net");
    WriteFractionJson(json, o.net);
    json.Key("probability");
    WriteFractionJson(json, o.probability);
    json.EndObject();
  }
  json.EndArray();
  json.Key("expected_net");
  WriteFractionJson(json, w.expected_net);
  json.Key("return_per_initial");
  WriteFractionJson(json, w.return_per_initial());
  json.Key("house_edge");
  WriteFractionJson(json, w.house_edge());
  json.Key("expected_staked");
  WriteFractionJson(json, w.expected_staked);
  json.Key("return_per_total_wagered");
  WriteFractionJson(json, w.return_per_staked());
  json.Key("house_edge_per_total_wagered");
  WriteFractionJson(json, w.house_edge_per_staked());
  json.Key("variance");
  WriteFractionJson(json, w.variance());
  json.Key("standard_deviation").Double(w.standard_deviation());
  json.Key("p_ahead");
  WriteFractionJson(json, w.p_ahead);
  json.EndObject();
}

void WriteJson(const RtpReport& r, std::string_view version, std::ostream& out) {
  JsonWriter json(out);
  json.BeginObject().Key("tool").String("pitboss").Key("version").String(version);
  json.Key("format").Int(1).Key("command").String("rtp");
  json.Key("spec").BeginObject().Key("id").String(r.spec_id).Key("revision").String(r.revision);
  json.Key("sha256").String(r.sha256).Key("path").String(r.path).EndObject();
  json.Key("readings").BeginObject();
  for (const auto& [id, name] : r.readings) json.Key(id).String(name);
  json.EndObject();
  json.Key("method").String(
      "exact enumeration of the shoe's composition in rational arithmetic; one seat against "
      "the dealer; each round from a full shoe");
  json.Key("burns").BeginObject().Key("initial").Int(r.burns.initial_burns);
  json.Key("war").Int(r.burns.war_burns).Key("checked").Bool(r.burns.checked);
  json.Key("invariant").Bool(r.burns.invariant).Key("shown_on").String(r.burns.shoe).EndObject();

  json.Key("decks").BeginArray();
  for (const DeckMath& deck : r.decks) {
    const RoundMath& base = deck.policies.front();
    json.BeginObject().Key("decks").Int(deck.decks).Key("cards").Int(base.cards);
    json.Key("first_cards");
    WriteOutcomesJson(json, base.p_win, base.p_tie, base.p_lose);
    json.Key("tie_choices").BeginArray();
    for (const ChoiceMath& c : base.choices) {
      json.BeginObject().Key("action").String(ToString(c.action)).Key("expected_net");
      WriteFractionJson(json, c.expected_net);
      json.EndObject();
    }
    json.EndArray();
    json.Key("best_tie_choice");
    if (base.best_choice) {
      json.String(ToString(*base.best_choice));
    } else {
      json.Null();
    }
    json.Key("policies").BeginArray();
    for (const RoundMath& math : deck.policies) {
      json.BeginObject().Key("policy").String(ToString(math.policy.kind));
      json.Key("war_cards");
      WriteOutcomesJson(json, math.war_win, math.war_tie, math.war_lose);
      json.Key("wagers").BeginArray();
      for (const WagerMath& w : math.wagers) WriteWagerJson(json, w);
      json.EndArray().EndObject();
    }
    json.EndArray().EndObject();
  }
  json.EndArray();

  json.Key("ambiguities").BeginArray();
  for (const AmbiguityMath& a : r.ambiguities) {
    json.BeginObject().Key("id").String(a.id).Key("clause").String(a.clause);
    json.Key("changes_return").Bool(a.changes_return).Key("readings").BeginArray();
    for (const ReadingMath& reading : a.readings) {
      json.BeginObject().Key("name").String(reading.name).Key("default").Bool(reading.is_default);
      json.Key("figures").BeginArray();
      for (const ReadingFigure& f : reading.figures) {
        json.BeginObject().Key("decks").Int(f.decks).Key("policy").String(ToString(f.policy));
        json.Key("wager").String(ToString(f.wager)).Key("house_edge");
        WriteFractionJson(json, f.house_edge);
        json.Key("house_edge_per_total_wagered");
        WriteFractionJson(json, f.house_edge_per_staked);
        json.EndObject();
      }
      json.EndArray().EndObject();
    }
    json.EndArray().EndObject();
  }
  json.EndArray();

  json.Key("claims").BeginArray();
  for (const ClaimCheck& c : r.claims) {
    WriteClaimJson(json, c.claim, c.holds, c.message, c.claimed, c.tolerance);
    json.Key("bases").BeginArray();
    for (const ClaimBasis& b : c.bases) {
      json.BeginObject().Key("decks").Int(b.decks).Key("policy").String(ToString(b.policy));
      json.Key("basis").String(b.basis).Key("value");
      WriteFractionJson(json, b.value);
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

Status WriteRtpReport(const RtpReport& report, std::string_view version, std::string_view format,
                      std::ostream& out) {
  return WriteRtpFormat(
      format, [&] { WriteText(report, out); }, [&] { WriteJson(report, version, out); });
}

}  // namespace pitboss
