#include "report/stats_writers.h"

#include <cstdio>

#include "base/printable.h"
#include "report/writers.h"

namespace pitboss {

namespace {

std::string Fixed(double value, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, value);
  return buf;
}

std::string PValue(double p) {
  if (p < 1e-4) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2e", p);
    return buf;
  }
  return Fixed(p, 4);
}

std::string Pad(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

std::string GroupName(const StatsGroup& g) {
  return Printable(g.spec) + (g.table.empty() ? ", all tables" : ", table " + Printable(g.table));
}

struct Format {
  std::string_view name;
  void (*write)(const StatsDocument&, std::ostream&);
};
constexpr Format kFormats[] = {
    {"text", WriteStatsText},
    {"json", WriteStatsJson},
    {"html", WriteStatsHtml},
};

}  // namespace

std::vector<const Finding*> StatsDocument::input_findings() const {
  std::vector<const Finding*> out;
  for (const Finding& f : check.violations) out.push_back(&f);
  return out;
}

std::vector<std::string_view> StatsFormats() {
  std::vector<std::string_view> names;
  for (const Format& f : kFormats) names.push_back(f.name);
  return names;
}

Status WriteStatsReport(const StatsDocument& doc, std::string_view format, std::ostream& out) {
  for (const Format& f : kFormats) {
    if (f.name == format) {
      f.write(doc, out);
      return Status::Ok();
    }
  }
  return Status::InvalidArgument("--format " + std::string(format) +
                                 " is not available for stats (formats: text, json, html)");
}

void WriteStatsText(const StatsDocument& doc, std::ostream& out) {
  const StatsReport& s = doc.stats;
  for (const Finding* f : doc.input_findings()) WriteFindingText(out, *f);
  out << "pitboss stats: " << doc.check.rounds << " rounds read from " << doc.check.inputs.size()
      << (doc.check.inputs.size() == 1 ? " input" : " inputs") << ", " << s.rounds_used
      << " in the statistics";
  if (!doc.check.filter.empty()) out << " (only rounds of " << Printable(doc.check.filter) << ")";
  if (s.rounds_unknown_decks > 0) {
    out << " (" << s.rounds_unknown_decks
        << " before any shuffle on their table: in the card tests, not the return tests)";
  }
  out << ".\nEach test at the 99% confidence level: 'alone' judges it by itself, 'family' across "
         "the "
      << s.tests() << " tests of this report (Holm), which a fair game fails with 1% chance.\n";
  for (const StatsGroup& g : s.groups) {
    out << "\n" << GroupName(g) << ": " << g.rounds << " rounds";
    for (auto [decks, n] : g.decks) out << ", " << n << " with " << decks << " decks";
    out << "\n";
    out << "  " << Pad("test", 20) << Pad("statistic", 22) << Pad("df", 5) << Pad("n", 10)
        << Pad("p-value", 11) << Pad("alone", 7) << "family\n";
    for (const StatTest& t : g.tests) {
      out << "  " << Pad(t.id, 20);
      if (!t.applicable) {
        out << "not tested: " << t.note << "\n";
        continue;
      }
      out << Pad(t.statistic + " " + Fixed(t.value, 3), 22) << Pad(t.df ? std::to_string(t.df) : "", 5)
          << Pad(std::to_string(t.n), 10) << Pad(PValue(t.p_value), 11)
          << Pad(t.pass_alone ? "pass" : "FAIL", 7) << (t.pass ? "pass" : "FAIL") << "\n";
    }
    for (const StatTest& t : g.tests) {
      if (t.applicable) out << "    " << t.id << ": " << t.note << "\n";
    }
    out << "  Ranks drawn (observed / expected):";
    for (const RankCount& r : g.ranks) {
      out << " " << r.rank << " " << r.observed << "/" << Fixed(r.expected, 1);
    }
    out << "\n";
  }
  out << "\nstats: " << s.tests() << " tests, " << s.failed() << " failed across the report, "
      << s.failed_alone() << " alone at 99%";
  std::vector<const Finding*> inputs = doc.input_findings();
  if (!inputs.empty()) out << "; " << inputs.size() << " input lines not read as rounds";
  if (doc.other_violations > 0) {
    out << "; pitboss check reports " << doc.other_violations << " violations in these logs";
  }
  out << "\n";
}

void WriteStatsGroupsJson(JsonWriter& json, const StatsReport& s) {
  std::vector<const StatsGroup*> groups;
  groups.reserve(s.groups.size());
  for (const StatsGroup& g : s.groups) groups.push_back(&g);
  WriteStatsGroupsJson(json, groups);
}

void WriteStatsGroupsJson(JsonWriter& json, const std::vector<const StatsGroup*>& groups) {
  json.BeginArray();
  for (const StatsGroup* group : groups) {
    const StatsGroup& g = *group;
    json.BeginObject().Key("spec").String(g.spec).Key("table");
    if (g.table.empty()) {
      json.Null();
    } else {
      json.String(g.table);
    }
    json.Key("rounds").Int(g.rounds);
    json.Key("decks").BeginObject();
    for (auto [decks, n] : g.decks) json.Key(std::to_string(decks)).Int(n);
    json.EndObject();
    json.Key("tests").BeginArray();
    for (const StatTest& t : g.tests) {
      json.BeginObject().Key("id").String(t.id).Key("statistic").String(t.statistic);
      json.Key("applicable").Bool(t.applicable);
      if (t.applicable) {
        json.Key("value").Double(t.value).Key("df");
        if (t.df > 0) {
          json.Int(t.df);
        } else {
          json.Null();
        }
        json.Key("n").Int(t.n).Key("p_value").Double(t.p_value).Key("p_adjusted").Double(t.p_adjusted);
        json.Key("pass_alone").Bool(t.pass_alone).Key("pass").Bool(t.pass);
      }
      json.Key("note").String(t.note).EndObject();
    }
    json.EndArray();
    json.Key("ranks").BeginArray();
    for (const RankCount& r : g.ranks) {
      json.BeginObject().Key("rank").String(r.rank).Key("observed").Int(r.observed);
      json.Key("expected").Double(r.expected).Key("low").Double(r.low).Key("high").Double(r.high);
      json.EndObject();
    }
    json.EndArray();
    json.Key("returns").BeginArray();
    for (const ReturnCheck& r : g.returns) {
      json.BeginObject().Key("wager").String(ToString(r.wager)).Key("bets").Int(r.bets);
      if (r.overflow) {
        json.Key("wagered").Null().Key("net").Null().Key("overflow").Bool(true);
      } else {
        json.Key("wagered").Int(r.wagered).Key("net").Int(r.net);
      }
      json.Key("observed").Double(r.observed).Key("theoretical").Double(r.theoretical);
      json.Key("low").Double(r.low).Key("high").Double(r.high).Key("policy").String(r.policy);
      json.EndObject();
    }
    json.EndArray().EndObject();
  }
  json.EndArray();
}

void WriteStatsJson(const StatsDocument& doc, std::ostream& out) {
  const StatsReport& s = doc.stats;
  JsonWriter json(out);
  json.BeginObject().Key("tool").String("pitboss").Key("version").String(doc.check.version);
  json.Key("format").Int(1).Key("command").String("stats");
  json.Key("inputs");
  WriteInputsJson(json, doc.check.inputs);
  json.Key("specs").BeginArray();
  for (const SpecUsed& spec : doc.check.specs) WriteSpecJson(json, spec);
  json.EndArray();
  std::vector<const Finding*> inputs = doc.input_findings();
  json.Key("summary").BeginObject();
  json.Key("rounds").Int(doc.check.rounds).Key("rounds_used").Int(s.rounds_used);
  if (!doc.check.filter.empty()) json.Key("filter").String(doc.check.filter);
  json.Key("rounds_unknown_decks").Int(s.rounds_unknown_decks);
  json.Key("level").Double(s.level).Key("correction").String(s.correction);
  json.Key("tests").Int(s.tests()).Key("failed").Int(s.failed());
  json.Key("failed_alone").Int(s.failed_alone());
  json.Key("input_findings").Int(static_cast<int64_t>(inputs.size()));
  json.Key("other_violations").Int(doc.other_violations);
  json.EndObject();
  json.Key("input_findings").BeginArray();
  for (const Finding* f : inputs) WriteFindingJson(json, *f);
  json.EndArray();
  json.Key("groups");
  WriteStatsGroupsJson(json, s);
  json.EndObject();
  out << "\n";
}

}  // namespace pitboss
