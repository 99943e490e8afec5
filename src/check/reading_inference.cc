#include "check/reading_inference.h"

#include <algorithm>
#include <bit>
#include <set>
#include <tuple>
#include <utility>

#include "base/words.h"
#include "pitboss/codes.h"
#include "pitboss/money.h"

namespace pitboss {

namespace {

// A stretch counts as a reading dealt when this many of its rounds tell the readings apart
// (fewer, in a table's only stretch, are too few to say: their findings are reported as found);
// shorter ones between them are strays (a fault that happens to look like another reading),
// and when strays are more than one in kStrayShare of the rounds consistent with any
// reading, the table deals no one reading: it is mixed.
constexpr int64_t kEstablished = 10;
constexpr int64_t kStrayShare = 20;
// Stretches kept a trail; beyond, the rounds are mixed whatever follows.
constexpr size_t kMaxRuns = 256;
// The findings a cause names one by one (consequence_list); past this many, only counted, so
// that a report's memory stays bounded however long the log (docs/findings.md).
constexpr size_t kNamedMax = 100000;

using Place = ReadingInference::Place;

// A Place kept: its strings owned, their buffers reused as it moves on.
struct Where {
  uint32_t input = 0;
  int64_t line = 0;
  std::string round;
  std::string time;
  void Set(const Place& at) {
    input = at.input;
    line = at.line;
    round.assign(at.round);
    time.assign(at.time);
  }
};

struct Run {
  uint64_t mask = 0;
  int64_t rounds = 0;
  Where first, last;
};

// One ambiguity of one spec, at one table.
struct Trail {
  int64_t told = 0;
  int64_t none = 0;  // consistent with no reading
  std::vector<int64_t> consistent;
  std::vector<Run> runs;  // greedy: a stretch runs while some reading is consistent with all of it
  bool mixed = false;     // more than kMaxRuns stretches

  void Add(uint64_t mask, const Place& at) {
    ++told;
    for (uint64_t m = mask; m != 0; m &= m - 1) ++consistent[static_cast<size_t>(std::countr_zero(m))];
    if (mask == 0) {
      ++none;
      return;
    }
    if (mixed) return;
    if (runs.empty() || (runs.back().mask & mask) == 0) {
      if (runs.size() == kMaxRuns) {
        mixed = true;
        runs.clear();
        runs.shrink_to_fit();
        return;
      }
      Run& run = runs.emplace_back();
      run.mask = mask;
      run.first.Set(at);
    }
    Run& run = runs.back();
    run.mask &= mask;
    ++run.rounds;
    run.last.Set(at);
  }

  // The stretches the table deals (empty: mixed, or nothing told) and what they come to.
  std::vector<Run> Stretches(std::string* status) const {
    if (told == 0) {
      *status = "not-distinguished";
      return {};
    }
    // A few rounds are a sample, not a house's practice: their findings stay findings. So are
    // rounds consistent with no reading: a fault whatever the reading.
    if (told - none < kEstablished) {
      *status = "too-few-rounds";
      return {};
    }
    *status = "mixed";
    if (mixed) return {};
    if (runs.size() == 1) {
      *status = "inferred";
      return runs;
    }
    std::vector<Run> kept;
    int64_t stray = 0;
    for (const Run& run : runs) {
      if (run.rounds < kEstablished) {
        stray += run.rounds;
        continue;
      }
      if (!kept.empty() && (kept.back().mask & run.mask) != 0) {
        kept.back().mask &= run.mask;
        kept.back().rounds += run.rounds;
        kept.back().last = run.last;
      } else {
        kept.push_back(run);
      }
    }
    if (kept.empty() || stray * kStrayShare > told - none) return {};
    *status = kept.size() == 1 ? "inferred" : "switches";
    return kept;
  }
};

struct SpecTrails {
  const RuleSpec* spec = nullptr;
  Readings checked;
  std::vector<Trail> trails;  // one an ambiguity
};

std::vector<std::string> Names(const Ambiguity& a, uint64_t mask) {
  std::vector<std::string> names;
  for (size_t r = 0; r < a.readings.size() && r < kMaxReadings; ++r) {
    if (mask & (uint64_t{1} << r)) names.push_back(a.readings[r].name);
  }
  return names;
}

std::string Count(int64_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// A finding's place in the input: (input index, line).
using Pos = std::pair<uint32_t, int64_t>;

// One cause to report: a stretch of a table dealt under a reading other than the one checked
// (code kReadingNotChecked), or a change of reading (kReadingSwitch).
struct Group {
  size_t entry;  // in report.readings_inferred
  Code code;
  const Ambiguity* ambiguity;
  std::vector<std::string> readings;  // the stretch's (any one explains a finding)
  std::vector<std::string> before;    // kReadingSwitch: the readings of the stretch before
  const Run* run;
  int64_t run_rounds = 0;
  Pos from, to;  // the stretch: [from, to)
  // Found in the first pass:
  size_t anchor = SIZE_MAX;  // the index of the finding it goes before
  Finding first;             // kReadingNotChecked: the first finding it explains
  bool at_has_finding = false;
  int64_t count = 0;
  MoneyTotal money;
  std::string currency;
  std::vector<Consequence> list;
};

bool Explains(const Group& g, const Finding& f) {
  for (const ClearedBy& c : f.cleared_by) {
    if (c.ambiguity != g.ambiguity->id) continue;
    for (const std::string& r : c.readings) {
      if (std::find(g.readings.begin(), g.readings.end(), r) != g.readings.end()) return true;
    }
  }
  return false;
}

std::string Money(const MoneyTotal& t) {
  if (t.overflow) return "more than 64 bits can hold";
  return "underpaid " + std::to_string(t.underpaid) + ", overpaid " + std::to_string(t.overpaid);
}

Finding MakeFinding(const Group& g, const ReadingInferred& e, const Report& report) {
  Finding f;
  f.code = g.code;
  f.table = e.table;
  f.rules = e.spec;
  f.revision = e.revision;
  f.clause = g.ambiguity->cite.clause;
  f.reading_dependent = {g.ambiguity->id};
  f.cleared_by = {ClearedBy{g.ambiguity->id, g.readings}};
  if (g.code == Code::kReadingNotChecked) {
    f.round = g.first.round;
    f.input = g.first.input;
    f.line = g.first.line;
    f.time = g.first.time;
    f.event = g.first.event;  // where the first settlement it explains shows the reading
  } else {
    f.round = g.run->first.round;
    f.input = report.inputs[g.run->first.input].path;
    f.line = g.run->first.line;
    f.time = g.run->first.time;
  }
  const std::string dealt = ListWords(g.readings);
  std::string msg;
  if (g.code == Code::kReadingNotChecked) {
    msg = "table " + e.table + " deals " + e.ambiguity + " as " + dealt + ", not as " + e.checked +
          " (the reading checked): ";
    if (e.status == "switches") {
      msg += "its " + Count(g.run_rounds, "round", "rounds") + " that tell the readings apart from round " +
             g.run->first.round + " to round " + g.run->last.round + " are consistent with it";
    } else {
      int64_t consistent = 0;
      for (const auto& [name, n] : e.rounds_consistent) {
        if (std::find(g.readings.begin(), g.readings.end(), name) != g.readings.end())
          consistent = std::max(consistent, n);
      }
      msg += std::to_string(consistent) + " of the " + Count(e.rounds_distinguishing, "round", "rounds") +
             " that tell the readings apart " + (consistent == 1 ? "is" : "are") + " consistent with it";
    }
  } else {
    msg = "table " + e.table + " changes the reading it deals " + e.ambiguity +
          " under: " + ListWords(g.before) + " until round " + g.run->first.round + ", " + dealt +
          " from it (" + Count(g.run_rounds, "round", "rounds") + " that tell the readings apart, to round " +
          g.run->last.round + ")";
  }
  if (g.count > 0) {
    msg += "; the " + Count(g.count, "finding", "findings") + " under " + e.checked + " " +
           (g.count == 1 ? "it explains" : "they explain") + " are what " + dealt + " pays (under " +
           e.checked + ": " + Money(g.money) + "; under " + dealt + ": as owed)";
  } else if (g.code == Code::kReadingSwitch) {
    msg += "; under " + dealt + " nothing is found in them";
  }
  f.message = std::move(msg);
  if (g.count > 0) {
    f.consequences = g.count;
    f.consequences_note = g.count == 1 ? "finding under the reading checked that this reading explains "
                                         "(named in consequence_list)"
                          : static_cast<size_t>(g.count) <= kNamedMax
                              ? "findings under the reading checked that this reading explains "
                                "(named in consequence_list)"
                              : "findings under the reading checked that this reading explains (the first " +
                                    std::to_string(kNamedMax) + " named in consequence_list)";
    f.consequence_list = g.list;
    if (!g.money.overflow) {
      const MoneySum moved = MoneySum(g.money.overpaid) - MoneySum(g.money.underpaid);
      if (moved != MoneySum(0)) f.money_moved = moved.Saturated();
    }
    f.currency = g.currency;
  }
  return f;
}

}  // namespace

class ReadingInference::Table {
 public:
  std::string name;
  std::vector<SpecTrails> specs;  // in the order first seen
  SpecTrails* last = nullptr;

  SpecTrails& For(const RuleSpec& spec) {
    if (last != nullptr && last->spec == &spec) return *last;
    for (SpecTrails& s : specs) {
      if (s.spec == &spec) return *(last = &s);
    }
    SpecTrails& s = specs.emplace_back();
    last = nullptr;  // the vector may have moved
    s.spec = &spec;
    s.trails.resize(spec.ambiguities.size());
    for (size_t a = 0; a < spec.ambiguities.size(); ++a) {
      s.trails[a].consistent.assign(spec.ambiguities[a].readings.size(), 0);
    }
    return *(last = &specs.back());
  }
};

ReadingInference::ReadingInference() = default;
ReadingInference::~ReadingInference() = default;

ReadingInference::Table& ReadingInference::Of(std::string_view table) {
  auto it = tables_.find(table);
  if (it == tables_.end()) {
    auto t = std::make_unique<Table>();
    t->name = std::string(table);
    it = tables_.emplace(t->name, std::move(t)).first;
  }
  return *it->second;
}

void ReadingInference::Seen(Table& table, const RuleSpec& spec, const Readings& checked) {
  SpecTrails& s = table.For(spec);
  if (s.checked.empty()) s.checked = checked;
}

void ReadingInference::Told(Table& table, const RuleSpec& spec, size_t ambiguity, uint64_t consistent,
                            const Place& at) {
  table.For(spec).trails[ambiguity].Add(consistent, at);
}

void ReadingInference::Collapse(Report* report, bool count_explained) const {
  std::vector<const Table*> tables;
  for (const auto& [name, t] : tables_) tables.push_back(t.get());
  std::sort(tables.begin(), tables.end(), [](const Table* a, const Table* b) { return a->name < b->name; });

  // What each table's rounds say, and the causes to report.
  std::vector<Group> groups;
  std::vector<std::vector<Run>> stretches;  // of each entry
  report->readings_inferred.clear();
  for (const Table* t : tables) {
    // By spec and revision (the order a merge of reports can make too).
    std::vector<const SpecTrails*> specs;
    for (const SpecTrails& s : t->specs) specs.push_back(&s);
    std::sort(specs.begin(), specs.end(), [](const SpecTrails* a, const SpecTrails* b) {
      return std::tie(a->spec->id, a->spec->revision) < std::tie(b->spec->id, b->spec->revision);
    });
    for (const SpecTrails* sp : specs) {
      const SpecTrails& s = *sp;
      for (size_t a = 0; a < s.spec->ambiguities.size(); ++a) {
        const Ambiguity& amb = s.spec->ambiguities[a];
        const Trail& trail = s.trails[a];
        ReadingInferred e;
        e.table = t->name;
        e.spec = s.spec->id;
        e.revision = s.spec->revision;
        e.ambiguity = amb.id;
        e.checked = s.checked.empty() ? s.spec->readings.at(amb.id) : s.checked.at(amb.id);
        std::vector<Run> runs = trail.Stretches(&e.status);
        e.rounds_distinguishing = trail.told;
        for (size_t r = 0; r < amb.readings.size(); ++r) {
          e.rounds_consistent.emplace_back(amb.readings[r].name, trail.consistent[r]);
        }
        e.rounds_consistent_with_none = trail.none;
        if (!runs.empty()) {
          e.readings = Names(amb, runs.back().mask);
        } else if (e.status == "too-few-rounds" && !trail.runs.empty()) {
          e.readings = Names(amb, trail.runs.back().mask);
        }
        for (const Run& run : runs) {
          e.runs.push_back({Names(amb, run.mask), run.rounds, run.first.round,
                            report->inputs[run.first.input].path, run.first.line, run.first.time,
                            run.last.round, run.last.time});
        }
        report->readings_inferred.push_back(std::move(e));
        stretches.push_back(std::move(runs));
      }
    }
  }
  for (size_t i = 0; i < report->readings_inferred.size(); ++i) {
    const ReadingInferred& e = report->readings_inferred[i];
    const std::vector<Run>& runs = stretches[i];
    if (runs.empty()) continue;
    const RuleSpec* spec = nullptr;
    for (const Table* t : tables) {
      if (t->name != e.table) continue;
      for (const SpecTrails& s : t->specs) {
        if (s.spec->id == e.spec && s.spec->revision == e.revision) spec = s.spec;
      }
    }
    const Ambiguity* amb = nullptr;
    for (const Ambiguity& a : spec->ambiguities) {
      if (a.id == e.ambiguity) amb = &a;
    }
    for (size_t k = 0; k < runs.size(); ++k) {
      std::vector<std::string> names = Names(*amb, runs[k].mask);
      const bool checked = std::find(names.begin(), names.end(), e.checked) != names.end();
      Group g{i,
              k == 0 ? Code::kReadingNotChecked : Code::kReadingSwitch,
              amb,
              names,
              {},
              &runs[k],
              runs[k].rounds};
      g.from = k == 0 ? Pos{0, 0} : Pos{runs[k].first.input, runs[k].first.line};
      g.to = k + 1 < runs.size() ? Pos{runs[k + 1].first.input, runs[k + 1].first.line}
                                 : Pos{UINT32_MAX, INT64_MAX};
      if (k > 0) g.before = Names(*amb, runs[k - 1].mask);
      if (k == 0 && checked) continue;  // dealt as checked: nothing to say
      // A stretch dealt as checked after one that was not is a change to report; its findings
      // are the reading checked's own.
      if (checked) g.readings = {e.checked};
      groups.push_back(std::move(g));
    }
  }
  if (groups.empty() || !count_explained) return;

  std::map<std::string, size_t> input_index;
  for (size_t i = 0; i < report->inputs.size(); ++i) input_index.emplace(report->inputs[i].path, i);
  auto pos_of = [&](const Finding& f) {
    auto it = input_index.find(f.input);
    return Pos{it == input_index.end() ? UINT32_MAX : static_cast<uint32_t>(it->second), f.line};
  };
  std::unordered_map<std::string, std::vector<size_t>> by_table;
  for (size_t g = 0; g < groups.size(); ++g) {
    by_table[report->readings_inferred[groups[g].entry].table].push_back(g);
  }
  // Findings of each table and spec (for what is left once a reading explains some).
  std::map<std::tuple<std::string, std::string, std::string>, int64_t> per_spec;

  // First pass: which findings each cause explains, and where it goes.
  std::vector<std::pair<size_t, size_t>> explained;  // finding index, group
  std::vector<MoneyTotal> entry_money(report->readings_inferred.size());
  std::set<Pos> explained_rounds;
  size_t index = 0;
  for (const Finding& f : report->violations) {
    const Pos pos = pos_of(f);
    auto it = by_table.find(f.table);
    if (it != by_table.end()) {
      ++per_spec[{f.table, f.rules, f.revision}];
      for (size_t gi : it->second) {
        Group& g = groups[gi];
        if (g.code != Code::kReadingSwitch) continue;
        const Pos at{g.run->first.input, g.run->first.line};
        if (g.anchor == SIZE_MAX && pos >= at) g.anchor = index;
        if (pos == at) g.at_has_finding = true;
      }
      for (size_t gi : it->second) {
        Group& g = groups[gi];
        const ReadingInferred& e = report->readings_inferred[g.entry];
        if (f.rules != e.spec || f.revision != e.revision || pos < g.from || !(pos < g.to)) continue;
        if (g.readings.size() == 1 && g.readings[0] == e.checked) continue;
        if (f.code == Code::kReadingNotChecked || f.code == Code::kReadingSwitch || !Explains(g, f)) continue;
        if (g.count == 0) {
          if (g.code == Code::kReadingNotChecked) {
            g.anchor = index;
            g.first = f;
          }
          g.currency = f.currency;
        }
        ++g.count;
        if (f.currency != g.currency) g.currency.clear();
        if (std::optional<pitboss::Money> m = Overpaid(f)) {
          g.money.Add(*m);
          entry_money[g.entry].Add(*m);
        }
        if (g.list.size() < kNamedMax) g.list.push_back({f.input, f.line, f.round, f.event, ""});
        explained.emplace_back(index, gi);
        explained_rounds.insert(pos);
        break;
      }
    }
    ++index;
  }

  // Second pass: the findings again, each cause in its place and what it explains left out.
  FindingStore out;
  std::set<Pos> kept_rounds;
  int64_t new_rounds = 0;
  std::set<Pos> new_round_set;
  auto emit = [&](const Group& g) {
    ReadingInferred& e = report->readings_inferred[g.entry];
    if (g.code == Code::kReadingNotChecked && g.count == 0) return;
    Finding f = MakeFinding(g, e, *report);
    const Pos pos = pos_of(f);
    if (g.code == Code::kReadingSwitch && !g.at_has_finding && new_round_set.insert(pos).second) ++new_rounds;
    kept_rounds.insert(pos);
    out.push_back(std::move(f));
  };
  size_t next = 0;  // in explained
  index = 0;
  for (Finding& f : report->violations) {
    for (const Group& g : groups) {
      if (g.anchor == index) emit(g);
    }
    if (next < explained.size() && explained[next].first == index) {
      ++next;
    } else {
      kept_rounds.insert(pos_of(f));
      out.push_back(std::move(f));
    }
    ++index;
  }
  for (const Group& g : groups) {
    if (g.anchor == SIZE_MAX || g.anchor >= index) emit(g);
  }
  int64_t emptied = 0;
  for (const Pos& p : explained_rounds) {
    if (!kept_rounds.count(p)) ++emptied;
  }
  report->violations = std::move(out);
  report->rounds_with_violations += new_rounds - emptied;

  // What each entry's causes explain, and what is left of its table's findings.
  for (const Group& g : groups) {
    ReadingInferred& e = report->readings_inferred[g.entry];
    e.findings_explained += g.count;
    const MoneyTotal& m = entry_money[g.entry];
    e.explained_underpaid = m.underpaid;
    e.explained_overpaid = m.overpaid;
    e.explained_overflow = m.overflow;
    if (g.count > 0) e.currency = g.currency;
  }
  for (ReadingInferred& e : report->readings_inferred) {
    if (e.findings_explained == 0) continue;
    std::set<Pos> rounds;
    for (const Group& g : groups) {
      if (g.entry != static_cast<size_t>(&e - report->readings_inferred.data())) continue;
      for (const Consequence& c : g.list) rounds.insert(pos_of(Finding{.input = c.input, .line = c.line}));
    }
    e.rounds_explained = static_cast<int64_t>(rounds.size());
    auto it = per_spec.find({e.table, e.spec, e.revision});
    e.other_findings = (it == per_spec.end() ? 0 : it->second) - e.findings_explained;
  }
}

}  // namespace pitboss
