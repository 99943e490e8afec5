#include "pitboss/checker.h"

#include <algorithm>
#include <filesystem>
#include <unordered_set>

#include "games/dealer.h"
#include "games/games.h"
#include "games/shoe.h"
#include "history/line_reader.h"
#include "history/round_parser.h"
#include "spec/library.h"
#include "spec/parts.h"

namespace pitboss {

namespace {

// Part of the report format: the clauses input/* findings cite, in the log format.
constexpr char kFormatClause[] = "hand-history-v1";
constexpr char kCardClause[] = "hand-history-v1: cards";
constexpr char kRulesClause[] = "hand-history-v1: round fields rules, time";
constexpr char kRoundClause[] = "hand-history-v1: round field round";

constexpr int64_t kProgressEvery = 1 << 16;

// 128 bits of a round id: two independent 64-bit hashes, so that a false duplicate is
// out of reach (about 1e-20 for a billion rounds) without keeping the ids themselves.
struct IdHash {
  uint64_t a, b;
  bool operator==(const IdHash&) const = default;
};
struct IdHashHash {
  size_t operator()(const IdHash& h) const { return h.a; }
};
IdHash HashId(std::string_view id) {
  uint64_t fnv = 1469598103934665603ull;
  for (unsigned char c : id) {
    fnv ^= c;
    fnv *= 1099511628211ull;
  }
  return {std::hash<std::string_view>()(id), fnv};
}

// A spec revision as this run checks it: under the chosen readings, and under each other
// reading of each ambiguity, to tell which findings depend on a reading.
using Effect = ReadingEffect;

struct Variant {
  size_t ambiguity;
  size_t reading;
  RuleSpec spec;
  Effect effect = Effect::kGeneral;
  SpecParts parts = part::kAll;  // where it differs from the instance it varies
};

bool SameWagers(const RuleSpec& a, const RuleSpec& b) {
  for (int k = 0; k < kWagerKinds; ++k) {
    const WagerRule &x = a.wagers[k], &y = b.wagers[k];
    if (x.offered != y.offered || x.required != y.required || x.depends_on != y.depends_on ||
        x.window != y.window || x.equals != y.equals || x.max != y.max ||
        x.settle_before_war_decision != y.settle_before_war_decision) {
      return false;
    }
  }
  return true;
}

// What `variant` changes against `base`: the core's shoe and wagers replay in full; the
// rest is the game's to say.
Effect EffectOf(const Game& game, const RuleSpec& base, const RuleSpec& variant) {
  if (base.decks.min != variant.decks.min || base.decks.max != variant.decks.max ||
      base.fresh_shuffle.required != variant.fresh_shuffle.required || !SameWagers(base, variant)) {
    return Effect::kGeneral;
  }
  return game.effect(base, variant);
}

struct SpecRuntime {
  const SpecDocument* doc = nullptr;
  const Game* game = nullptr;
  Engine engine = nullptr;
  RuleSpec selected;
  bool selected_is_default = true;
  std::vector<Variant> alternatives;  // one other reading each, the rest as selected
  std::vector<Variant> impacts;       // one non-default reading each, the rest default
  std::vector<std::vector<ReadingImpact>> impact;  // [ambiguity][reading]
  bool used = false;
};

int64_t SettledTotal(const RoundResult& r) {
  int64_t total = 0;
  for (const Settlement& s : r.settlements) total += s.net;
  return total;
}

bool SameSettlement(const RoundResult& a, const RoundResult& b) {
  if (a.settlements.size() != b.settlements.size()) return false;
  for (size_t i = 0; i < a.settlements.size(); ++i) {
    const Settlement &x = a.settlements[i], &y = b.settlements[i];
    if (x.seat != y.seat || x.wager != y.wager || x.net != y.net) return false;
  }
  return true;
}

// A finding depends on a reading when, under it, the finding is gone and nothing new is
// found in its place (for its seat; for a finding of no seat, in the round): the same
// logged facts are then right. A fault that only changes its name under the other reading
// (a wrong payout of a war the literal text does not allow) does not depend on it.
void MarkReadingDependent(const RoundResult& base, const RoundResult& other, const std::string& id,
                          std::vector<std::vector<std::string>>* depends) {
  auto in = [](const RoundResult& r, const RoundFinding& f) {
    return std::any_of(r.findings.begin(), r.findings.end(), [&](const RoundFinding& g) { return g.Key() == f.Key(); });
  };
  for (size_t i = 0; i < base.findings.size(); ++i) {
    const RoundFinding& f = base.findings[i];
    if (in(other, f)) continue;
    bool replaced = std::any_of(other.findings.begin(), other.findings.end(), [&](const RoundFinding& g) {
      return (!f.seat || g.seat == f.seat) && !in(base, g);
    });
    auto& list = (*depends)[i];
    if (!replaced && std::find(list.begin(), list.end(), id) == list.end()) list.push_back(id);
  }
}

}  // namespace

std::string DefaultRulesPath() {
  std::error_code ec;
  if (std::filesystem::is_directory(PITBOSS_DEFAULT_RULES, ec)) return PITBOSS_DEFAULT_RULES;
  return "rules";
}

struct Checker::Impl {
  CheckOptions options;
  SpecLibrary library;
  RoundParser parser;
  ShoeTracker shoes;
  std::unordered_set<IdHash, IdHashHash> seen;
  std::vector<std::unique_ptr<SpecRuntime>> runtimes;
  std::unordered_map<const SpecDocument*, SpecRuntime*> by_doc;
  std::vector<const SpecRuntime*> used;  // in order of first use
  Report report;
  Round round;
  InputSummary* input = nullptr;  // of the log being read

  // Widens the input's period to `time` (RFC 3339): compared as instants where both are
  // UTC ("Z"), else as written.
  void NoteRoundTime(const std::string& time) {
    if (!input || time.empty()) return;
    auto before = [](const std::string& a, const std::string& b) {
      auto x = ParseUtcTime(a), y = ParseUtcTime(b);
      return x && y ? *x < *y : a < b;
    };
    if (input->first_round_time.empty() || before(time, input->first_round_time)) input->first_round_time = time;
    if (input->last_round_time.empty() || before(input->last_round_time, time)) input->last_round_time = time;
  }

  explicit Impl(SpecLibrary lib) : library(std::move(lib)) {}

  StatusOr<SpecRuntime*> Runtime(const SpecDocument* doc);
  void CheckLine(const std::string& input, int64_t line, std::string_view text);
  void Emit(const std::string& input, int64_t line, const Round& round, std::vector<RoundFinding> findings,
            std::vector<std::vector<std::string>> depends);
  void EmitInput(const std::string& input, int64_t line, Code code, std::string round_id, std::string table,
                 std::string clause, std::string message);
};

StatusOr<SpecRuntime*> Checker::Impl::Runtime(const SpecDocument* doc) {
  auto found = by_doc.find(doc);
  if (found != by_doc.end()) return found->second;
  auto rt = std::make_unique<SpecRuntime>();
  rt->doc = doc;
  rt->game = FindGame(doc->spec.game);
  rt->engine = rt->game->engine;
  std::map<std::string, std::string> chosen;
  for (const Ambiguity& a : doc->spec.ambiguities) {
    auto it = options.readings.find(a.id);
    if (it != options.readings.end()) chosen[a.id] = it->second;
  }
  auto selected = Instantiate(*doc, chosen);
  if (!selected.ok()) return selected.status();
  rt->selected = std::move(selected.value());
  rt->selected_is_default = rt->selected.readings == doc->spec.readings;
  const auto& ambiguities = doc->spec.ambiguities;
  rt->impact.resize(ambiguities.size());
  for (size_t a = 0; a < ambiguities.size(); ++a) {
    for (size_t r = 0; r < ambiguities[a].readings.size(); ++r) {
      const Reading& reading = ambiguities[a].readings[r];
      rt->impact[a].push_back({reading.name, reading.is_default, 0, 0});
      if (rt->selected.readings.at(ambiguities[a].id) != reading.name) {
        auto with = chosen;
        with[ambiguities[a].id] = reading.name;
        auto spec = Instantiate(*doc, with);
        if (!spec.ok()) return spec.status();
        Effect effect = EffectOf(*rt->game, rt->selected, spec.value());
        SpecParts parts = DifferingParts(rt->selected, spec.value());
        rt->alternatives.push_back({a, r, std::move(spec.value()), effect, parts});
      }
      if (!rt->selected_is_default && !reading.is_default) {
        auto spec = Instantiate(*doc, {{ambiguities[a].id, reading.name}});
        if (!spec.ok()) return spec.status();
        Effect effect = EffectOf(*rt->game, doc->spec, spec.value());
        SpecParts parts = DifferingParts(doc->spec, spec.value());
        rt->impacts.push_back({a, r, std::move(spec.value()), effect, parts});
      }
    }
  }
  SpecRuntime* raw = rt.get();
  by_doc[doc] = raw;
  runtimes.push_back(std::move(rt));
  return raw;
}

void Checker::Impl::EmitInput(const std::string& input, int64_t line, Code code, std::string round_id,
                              std::string table, std::string clause, std::string message) {
  Finding f;
  f.code = code;
  f.round = std::move(round_id);
  f.table = std::move(table);
  f.input = input;
  f.line = line;
  f.clause = std::move(clause);
  f.message = std::move(message);
  report.violations.push_back(std::move(f));
}

void Checker::Impl::Emit(const std::string& input, int64_t line, const Round& r, std::vector<RoundFinding> findings,
                         std::vector<std::vector<std::string>> depends) {
  for (size_t i = 0; i < findings.size(); ++i) {
    Finding f = ToFinding(std::move(findings[i]), input, line, r);
    if (i < depends.size()) f.reading_dependent = std::move(depends[i]);
    report.violations.push_back(std::move(f));
  }
}

void Checker::Impl::CheckLine(const std::string& input, int64_t line, std::string_view text) {
  ++report.rounds;
  size_t before = report.violations.size();
  ParseOutcome parsed = parser.Parse(text, &round);
  if (parsed.ok()) NoteRoundTime(round.time);
  if (!parsed.ok()) {
    if (!parsed.table.empty()) shoes.Lose(parsed.table);
    EmitInput(input, line, Code::kInputMalformed, parsed.round, parsed.table, kFormatClause,
              parsed.status.message());
  } else if (!seen.insert(HashId(round.id)).second) {
    EmitInput(input, line, Code::kInputDuplicateRound, round.id, round.table, kRoundClause,
              "round id " + round.id + " was seen before; this line is not checked");
  } else {
    for (size_t i = 0; i < round.events.size(); ++i) {
      const Event& e = round.events[i];
      if ((e.type == EventType::kDeal || e.type == EventType::kBurn) && !e.card) {
        EmitInput(input, line, Code::kInputBadCard, round.id, round.table, kCardClause,
                  "event " + std::to_string(i + 1) + ": '" + e.text + "' is not a card code");
      }
    }
    std::string why;
    const SpecDocument* doc = library.Find(round.rules, round.date, &why);
    if (!doc) {
      EmitInput(input, line, Code::kInputUnknownRules, round.id, round.table, kRulesClause,
                "round dated " + round.time + ": " + why);
      std::vector<RoundFinding> ignored;  // the draws still count against the shoe
      shoes.Play(round, "", true, &ignored);
    } else {
      SpecRuntime* rt = by_doc.at(doc);  // every spec is instantiated by Create()
      if (!rt->used) {
        rt->used = true;
        used.push_back(rt);
      }
      RoundResult base = rt->engine(rt->selected, round);
      bool reported_shuffle = std::any_of(base.findings.begin(), base.findings.end(),
                                          [](const RoundFinding& f) { return f.code == Code::kShoeNoShuffle; });
      std::vector<RoundFinding> shoe_findings;  // of the shoe in play: no reading changes them
      shoes.Play(round, rt->selected.decks.cite.clause, reported_shuffle, &shoe_findings);

      std::vector<std::vector<std::string>> depends(base.findings.size());
      const auto& ambiguities = doc->spec.ambiguities;
      auto count = [&](const Variant& v, const RoundResult& from, const RoundResult& other) {
        if (SameSettlement(from, other)) return;
        ReadingImpact& impact = rt->impact[v.ambiguity][v.reading];
        ++impact.rounds_settled_differently;
        impact.net_difference += SettledTotal(other) - SettledTotal(from);
      };
      // Replay under another reading only where it can change something: a clean round
      // that never consulted the parts a reading changes would replay the same under it.
      for (const Variant& v : rt->alternatives) {
        if (v.effect == Effect::kNone) continue;
        if (base.findings.empty() && (v.parts & base.touched) == 0) continue;
        if (v.effect == Effect::kGeneral || !base.findings.empty()) {
          RoundResult other = rt->engine(v.spec, round);
          if (!base.findings.empty()) MarkReadingDependent(base, other, ambiguities[v.ambiguity].id, &depends);
          if (rt->selected_is_default) count(v, base, other);
        } else if (rt->selected_is_default && v.effect == Effect::kPayoutValues) {
          count(v, base, rt->game->reprice(base, v.spec));
        }
      }
      if (!rt->selected_is_default) {
        RoundResult by_default = rt->engine(doc->spec, round);
        for (const Variant& v : rt->impacts) {
          if ((v.parts & by_default.touched) == 0) continue;
          if (v.effect == Effect::kGeneral) {
            count(v, by_default, rt->engine(v.spec, round));
          } else if (v.effect == Effect::kPayoutValues) {
            count(v, by_default, rt->game->reprice(by_default, v.spec));
          }
        }
      }
      // One list in event order: the engine's findings with what they depend on, the shoe's.
      std::vector<std::pair<RoundFinding, std::vector<std::string>>> all;
      for (size_t i = 0; i < base.findings.size(); ++i) all.emplace_back(std::move(base.findings[i]), std::move(depends[i]));
      for (RoundFinding& f : shoe_findings) all.emplace_back(std::move(f), std::vector<std::string>{});
      std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first.event < b.first.event; });
      std::vector<RoundFinding> findings;
      depends.clear();
      for (auto& [f, d] : all) {
        findings.push_back(std::move(f));
        depends.push_back(std::move(d));
      }
      Emit(input, line, round, std::move(findings), std::move(depends));
      if (options.on_round) options.on_round(round, rt->selected);
    }
  }
  if (report.violations.size() != before) ++report.rounds_with_violations;
}

Checker::Checker(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Checker::~Checker() = default;

StatusOr<std::unique_ptr<Checker>> Checker::Create(CheckOptions options) {
  if (options.rules.empty()) options.rules.push_back(DefaultRulesPath());
  auto library = SpecLibrary::Load(options.rules);
  if (!library.ok()) return library.status();
  auto impl = std::make_unique<Impl>(std::move(library.value()));
  // Every --reading must name an ambiguity and one of its readings in some loaded spec.
  for (const auto& [id, name] : options.readings) {
    bool found = false;
    for (const auto& doc : impl->library.documents()) {
      for (const Ambiguity& a : doc->spec.ambiguities) {
        if (a.id != id) continue;
        found = true;
        auto spec = Instantiate(*doc, {{id, name}});
        if (!spec.ok()) return Status::InvalidArgument("--reading " + id + "=" + name + ": " + spec.status().message());
      }
    }
    if (!found) return Status::InvalidArgument("--reading " + id + "=" + name + ": no loaded spec has an ambiguity '" + id + "'");
  }
  impl->options = std::move(options);
  impl->report.version = PITBOSS_VERSION;
  // Instantiate every spec now, so that a bad reading fails before any log is read.
  for (const auto& doc : impl->library.documents()) {
    auto rt = impl->Runtime(doc.get());
    if (!rt.ok()) return rt.status();
  }
  return std::unique_ptr<Checker>(new Checker(std::move(impl)));
}

Status Checker::CheckLog(const std::string& path) {
  auto reader_or = LineReader::Open(path);
  if (!reader_or.ok()) return reader_or.status();
  LineReader& reader = *reader_or.value();
  Impl& impl = *impl_;
  impl.report.inputs.push_back(InputSummary{.path = path});
  size_t input_index = impl.report.inputs.size() - 1;
  impl.input = &impl.report.inputs[input_index];
  std::string_view line;
  int64_t rounds = 0;
  while (reader.Next(&line)) {
    if (IsBlankLine(line)) continue;
    ++rounds;
    impl.CheckLine(path, reader.line_number(), line);
    if (impl.options.progress && rounds % kProgressEvery == 0) {
      impl.options.progress({path, reader.line_number(), rounds, static_cast<int64_t>(impl.report.violations.size())});
    }
  }
  InputSummary& summary = impl.report.inputs[input_index];
  summary.lines = reader.line_number();
  summary.rounds = rounds;
  summary.sha256 = reader.Sha256Hex();
  summary.bytes = reader.bytes();
  impl.input = nullptr;
  return reader.status();
}

Report Checker::Finish() {
  Report report = impl_->report;
  for (const SpecRuntime* rt : impl_->used) {
    const RuleSpec& spec = rt->doc->spec;
    report.specs.push_back(
        {spec.id, spec.revision, spec.sha256, rt->doc->path, rt->selected.readings, rt->selected_is_default});
    for (size_t a = 0; a < spec.ambiguities.size(); ++a) {
      report.ambiguities.push_back(
          {spec.ambiguities[a].id, spec.id, spec.revision, spec.ambiguities[a].cite.clause, rt->impact[a]});
      for (ReadingImpact& r : report.ambiguities.back().readings) {
        r.in_force = rt->selected.readings.at(spec.ambiguities[a].id) == r.name;
      }
    }
  }
  return report;
}

}  // namespace pitboss
