#include "pitboss/checker.h"

#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <set>
#include <unordered_set>

#include "base/suggest.h"
#include "check/reading_inference.h"
#include "check/round_ids.h"
#include "dialect/dialect_reader.h"
#include "games/core/dealer.h"
#include "games/core/shoe.h"
#include "games/games.h"
#include "history/line_pipeline.h"
#include "history/line_reader.h"
#include "history/read_ahead.h"
#include "history/round_parser.h"
#include "spec/library.h"
#include "spec/parts.h"
#include "spec/rules_path.h"

namespace pitboss {

namespace {

// The clauses input/* findings cite: the section of the log format (hand-history-v1.md) and,
// where one field is at stake, the field and what the format says of it.
constexpr char kFormatClause[] = "hand-history-v1";
constexpr char kCardClause[] = "hand-history-v1, Events: card codes";
constexpr char kRulesClause[] = "hand-history-v1, A round: \"rules\" (the rule set) and \"time\"";
constexpr char kRoundClause[] = "hand-history-v1, A round: \"round\" (id, unique within the whole input)";
constexpr char kFileClause[] = "hand-history-v1, File";
constexpr char kOrderClause[] =
    "hand-history-v1, File: rounds appear in the order they were played on each table";
constexpr char kEventsClause[] = "hand-history-v1, A round: \"events\" (the round as it happened)";

constexpr int64_t kProgressEvery = 1 << 10;

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
        x.settle_before_choice != y.settle_before_choice) {
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
  std::vector<Variant> alternatives;               // one other reading each, the rest as selected
  std::vector<Variant> impacts;                    // one non-default reading each, the rest default
  std::vector<std::vector<ReadingImpact>> impact;  // [ambiguity][reading]
  bool used = false;
  std::set<std::string> tables;  // CheckOptions::table_readings: the tables checked under it
};

MoneySum SettledTotal(const RoundResult& r) {
  MoneySum total;
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

using FindingKey = decltype(std::declval<RoundFinding>().Key());

// The distinct findings of a round, by identity across readings, sorted.
void SortedKeys(const std::vector<RoundFinding>& findings, std::vector<FindingKey>* keys) {
  keys->clear();
  for (const RoundFinding& f : findings) keys->push_back(f.Key());
  std::sort(keys->begin(), keys->end());
  keys->erase(std::unique(keys->begin(), keys->end()), keys->end());
}

// `common` narrowed to the keys also in `keys` (both sorted).
void Intersect(const std::vector<FindingKey>& keys, std::vector<FindingKey>* common) {
  std::vector<FindingKey> both;
  std::set_intersection(common->begin(), common->end(), keys.begin(), keys.end(), std::back_inserter(both));
  common->swap(both);
}

// A finding depends on a reading when, under it, the finding is gone and nothing new is
// found in its place (for its seat; for a finding of no seat, in the round): the same
// logged facts are then right. A fault that only changes its name under the other reading
// (a wrong payout of a war the literal text does not allow) does not depend on it.
// `base_keys` and `other_keys` are the SortedKeys of each; `seats` a buffer. Near-linear in the
// findings of the round (a round of 64,000 seats makes as many), as each is looked up in a
// sorted list. The variants of an ambiguity come one after the other, each once (Runtime), so
// the ambiguity a finding was last cleared by is the only one `id` can be.
void MarkReadingDependent(const RoundResult& base, const std::vector<FindingKey>& base_keys,
                          const RoundResult& other, const std::vector<FindingKey>& other_keys,
                          const std::string& id, const std::string& reading, std::vector<Seat>* seats,
                          std::vector<std::vector<ClearedBy>>* depends) {
  auto in = [](const std::vector<FindingKey>& keys, const RoundFinding& f) {
    return std::binary_search(keys.begin(), keys.end(), f.Key());
  };
  // What the other reading finds that this one does not: whether anything, and at which seats.
  bool anything_new = false;
  seats->clear();
  for (const RoundFinding& g : other.findings) {
    if (in(base_keys, g)) continue;
    anything_new = true;
    if (g.seat) seats->push_back(*g.seat);
  }
  std::sort(seats->begin(), seats->end());
  for (size_t i = 0; i < base.findings.size(); ++i) {
    const RoundFinding& f = base.findings[i];
    if (in(other_keys, f)) continue;
    const bool replaced = f.seat ? std::binary_search(seats->begin(), seats->end(), *f.seat) : anything_new;
    if (replaced) continue;
    auto& list = (*depends)[i];
    if (list.empty() || list.back().ambiguity != id) list.push_back(ClearedBy{id, {}});
    list.back().readings.push_back(reading);
  }
}

// A bet on a name the format does not have that is a misspelling of a wager the game has
// ("Main", "Blackjack") is found at the bet (wager/late); what then follows at that seat from
// the wager missing (its cards, decisions and settlements found as placed without it, the
// dealer playing for no hand) is the same fault. One fault, one finding: those are counted
// under the bet's finding, not listed. Runs on the findings of the readings checked, after
// their reading dependence is known (`depends` is kept in step).
void CollapseMisspeltWagers(const RuleSpec& spec, const Round& round, std::vector<RoundFinding>* findings,
                            std::vector<std::vector<ClearedBy>>* depends) {
  std::vector<std::string> kinds;
  for (int k = 0; k < kWagerKinds; ++k) {
    if (spec.wagers[k].offered) kinds.emplace_back(ToString(static_cast<WagerKind>(k)));
  }
  std::map<Seat, size_t> roots;  // seat -> index of its first misspelt bet's finding
  size_t first_root = SIZE_MAX;  // of the first such finding, whatever its seat
  std::vector<bool> is_root(findings->size(), false);
  for (size_t i = 0; i < findings->size(); ++i) {
    const RoundFinding& f = (*findings)[i];
    if (f.code != Code::kWagerLate || f.event < 0 || !f.seat) continue;
    const Event& e = round.events[static_cast<size_t>(f.event)];
    if (e.type != EventType::kBet || e.wager != WagerKind::kUnknown || Nearest(e.text, kinds).empty())
      continue;
    if (roots.emplace(*f.seat, i).second) {
      is_root[i] = true;
      first_root = std::min(first_root, i);
    }
  }
  if (roots.empty()) return;
  auto root_of = [&](const RoundFinding& f) -> std::optional<size_t> {
    if (f.code == Code::kDealDealerPlay) return first_root;
    if (!f.seat) return std::nullopt;
    auto it = roots.find(*f.seat);
    return it == roots.end() ? std::nullopt : std::optional(it->second);
  };
  std::vector<bool> drop(findings->size(), false);
  for (size_t i = 0; i < findings->size(); ++i) {
    std::optional<size_t> root = root_of((*findings)[i]);
    if (!root || is_root[i]) continue;
    drop[i] = true;
    ++(*findings)[*root].consequences;
  }
  size_t kept = 0;
  for (size_t i = 0; i < findings->size(); ++i) {
    if (drop[i]) continue;
    if (kept != i) {
      (*findings)[kept] = std::move((*findings)[i]);
      (*depends)[kept] = std::move((*depends)[i]);
    }
    ++kept;
  }
  findings->resize(kept);
  depends->resize(kept);
  for (RoundFinding& f : *findings) {
    if (f.consequences > 0) {
      f.consequences_note = f.consequences == 1
                                ? "finding that follows from the wager missing (its cards, decisions, "
                                  "settlements)"
                                : "findings that follow from the wager missing (its cards, decisions, "
                                  "settlements)";
    }
  }
}

}  // namespace

struct Checker::Impl : ShoeTracker::Owner {
  // Where a round id was first seen: the input's index in report.inputs and the line.
  using SeenAt = RoundIdSet::SeenAt;
  // The last round read of a table, to find a table whose time runs backwards.
  struct TableTime {
    std::string time;
    std::optional<Instant> instant;
    std::string round;
    SeenAt at;                                    // its input and line (Where when worded)
    ReadingInference::Table* readings = nullptr;  // the table's in `inference`, once looked up
  };

  // What one line comes to before anything order-dependent is done with it: a pure function
  // of the line, the specs and the options (Prepare), taken up in input order (Apply).
  struct LineWork {
    ParseOutcome parsed;
    Round round;
    std::optional<Instant> instant;  // of round.time
    const SpecDocument* doc = nullptr;
    std::string why;  // why no spec is found
    // The rule set and the date doc and why were found for (FindSpec): a round of the same is
    // judged under the same revision, with no search of the library (most rounds of a log are).
    std::string doc_rules;
    int64_t doc_date = -1;
    const SpecRuntime* rt = nullptr;
    RoundResult base;                             // under the readings checked
    RoundResult other, by_default;                // replays under other readings, their buffers reused
    std::vector<std::vector<ClearedBy>> depends;  // of each of base.findings
    // A reading under which the round settles differently (SpecRuntime::impact).
    struct Count {
      size_t ambiguity;
      size_t reading;
      MoneySum net_difference;
    };
    std::vector<Count> counts;
    // The ambiguities whose readings this round tells apart, and the readings it is
    // consistent with (a bit a reading, in the spec's order): reading inference (Apply).
    struct Told {
      size_t ambiguity;
      uint64_t consistent;
    };
    std::vector<Told> told;
    std::vector<FindingKey> keys, other_keys, common;  // buffers of Prepare's
    std::vector<Seat> seats;                           // MarkReadingDependent's
    // A round read through a dialect: the line of each event's record (the line pipeline's).
    std::vector<int64_t> source_lines;
    // A round read through a dialect: the records of it the dialect could not read, each
    // taken up (as a malformed line is) before the round.
    std::vector<DialectConverter::Error> record_errors;
    // A round a dialect reader grouped, converted on this work's thread (Prepare), as the
    // thread reading ahead converts one: its buffers and the work's change hands.
    ConvertedRound converting;
  };

  CheckOptions options;
  SpecLibrary library;
  std::vector<std::unique_ptr<RoundParser>> parsers;  // one for each worker
  // A log read through a dialect: each worker's converter of grouped rounds.
  std::vector<std::unique_ptr<DialectConverter>> converters;
  LineWork record_error;                    // a record error of a round (LineWork::record_errors), taken up
  RoundParser record_error_parser;          // its own: each worker's parser is the worker's while it runs
  std::vector<RoundFinding> shoe_findings;  // of the round applied, reused
  ShoeTracker shoes;
  // The overdraws the shoe tracker holds until it can tell what they are (ShoeTracker::Owner),
  // as the findings they will be, with the round they were found in (its serial number).
  struct HeldFinding {
    Finding finding;
    uint64_t round;
    bool context;
  };
  std::unordered_map<int64_t, HeldFinding> held;
  int64_t next_ticket = 0;
  uint64_t round_serial = 0;  // of the round being applied
  // The rounds with held findings, and whether each is counted in rounds_with_violations.
  std::unordered_map<uint64_t, bool> held_rounds;
  size_t released_elsewhere = 0;  // findings of earlier rounds reported while a round is applied
  bool applying = false;          // within Apply
  // The round being applied, for a finding held.
  struct Current {
    const std::string* input = nullptr;
    int64_t line = 0;
    const Round* round = nullptr;
    const RuleSpec* spec = nullptr;
    // A round read through a dialect: the line of the log each event's record is at (empty
    // for a v1 log, whose round is one line).
    const std::vector<int64_t>* event_lines = nullptr;
  } current;

  // The line a finding at `event` of the round being applied cites: its event's own record,
  // in a log read through a dialect; else the round's line.
  int64_t LineOf(int64_t line, std::optional<int> event) const {
    if (current.event_lines == nullptr || !event || *event < 0 ||
        static_cast<size_t>(*event) >= current.event_lines->size())
      return line;
    return (*current.event_lines)[static_cast<size_t>(*event)];
  }

  // Codes the format of the logs cannot feed (the dialect's not_checked:): the index of each
  // in report.not_checked, -1 for a code checked.
  std::array<int, kCodeCount> not_checked_at{};
  // True, counting it, when a finding of `code` is withheld.
  bool Withheld(Code code) {
    const int at = not_checked_at[static_cast<size_t>(code)];
    if (at < 0) return false;
    if (!context) ++report.not_checked[static_cast<size_t>(at)].withheld;
    return true;
  }

  int64_t Hold(RoundFinding f) override {
    const int64_t ticket = next_ticket++;
    static const std::string kNone;
    const RuleSpec* spec = current.spec;
    Finding finding = ToFinding(std::move(f), *current.input, current.line, *current.round,
                                spec ? spec->id : kNone, spec ? spec->revision : kNone);
    finding.line = LineOf(finding.line, finding.event);
    if (round_time) finding.time = *round_time;
    held.emplace(ticket, HeldFinding{std::move(finding), round_serial, context});
    held_rounds.emplace(round_serial, false);
    return ticket;
  }
  void Release(int64_t ticket, std::string message, int64_t root) override {
    auto it = held.find(ticket);
    if (it == held.end()) return;
    HeldFinding h = std::move(it->second);
    held.erase(it);
    if (h.context) return;  // a context log reports nothing
    if (Withheld(h.finding.code)) return;
    h.finding.message = std::move(message);
    report.violations.push_back(std::move(h.finding));
    if (root >= 0) roots.push_back({root, report.violations.size() - 1, Code::kShoeCardOverdrawn});
    if (h.round != round_serial || !applying) {  // a finding of an earlier round
      ++released_elsewhere;
      bool& counted = held_rounds[h.round];
      if (!counted) ++report.rounds_with_violations;
      counted = true;
    }
  }
  void Drop(int64_t ticket) override { held.erase(ticket); }
  // The round's own findings since `before` (not those of earlier rounds released meanwhile)
  // make it a round with violations.
  void CountRound(size_t before) {
    if (context) return;
    if (report.violations.size() - released_elsewhere != before) {
      ++report.rounds_with_violations;
      if (auto it = held_rounds.find(round_serial); it != held_rounds.end()) it->second = true;
    }
  }
  std::unique_ptr<RoundIdSet> seen;  // made once the options are known
  ReadingInference inference;
  std::unordered_map<std::string, TableTime> table_times;
  std::vector<std::unique_ptr<SpecRuntime>> runtimes;
  std::unordered_map<const SpecDocument*, SpecRuntime*> by_doc;
  // CheckOptions::table_readings: each such table's runtime of each spec, where it differs from
  // by_doc's; and the runtimes by spec and readings, each made once.
  std::unordered_map<std::string, std::unordered_map<const SpecDocument*, SpecRuntime*>> by_table;
  std::map<std::pair<const SpecDocument*, std::map<std::string, std::string>>, SpecRuntime*> by_readings;
  SpecRuntime* RuntimeOf(const SpecDocument* doc, const std::string& table) const {
    if (!by_table.empty()) {
      if (auto t = by_table.find(table); t != by_table.end()) {
        if (auto it = t->second.find(doc); it != t->second.end()) return it->second;
      }
    }
    return by_doc.at(doc);  // every spec is instantiated by Create()
  }
  std::vector<const SpecRuntime*> used;  // in order of first use
  Report report;
  InputSummary* input = nullptr;  // of the log being read
  uint32_t input_index = 0;
  bool context = false;  // reading a --context log: state only, nothing reported
  // Root causes whose consequences are counted (ShoeTracker ids), with their finding's index.
  struct Root {
    int64_t id;
    size_t index;
    Code code;
  };
  std::vector<Root> roots;
  // The time of the round whose findings are being emitted: every finding of a round read
  // carries it; nullptr for a line not read as a round.
  const std::string* round_time = nullptr;
  // The run of lines repeating earlier lines that the last line continued: its finding's
  // index, and where the round of its last line was first seen.
  std::optional<size_t> duplicate_run;
  int64_t duplicate_run_length = 0;  // its consequences: the lines that continue it
  SeenAt duplicate_run_first{};
  // The files read so far, by identity (device, inode), to find one given twice.
  std::map<std::pair<dev_t, ino_t>, std::string> files_read;

  // Widens the input's period to `time` (RFC 3339): compared as instants.
  // `instant` is that of `time`; those of the input's first and last are kept beside them.
  void NoteRoundTime(const std::string& time, const std::optional<Instant>& instant) {
    if (!input || time.empty()) return;
    auto before = [](const std::string& a, const std::optional<Instant>& x, const std::string& b,
                     const std::optional<Instant>& y) { return x && y ? *x < *y : a < b; };
    if (input->first_round_time.empty() || before(time, instant, input->first_round_time, first_instant)) {
      input->first_round_time = time;
      first_instant = instant;
    }
    if (input->last_round_time.empty() || before(input->last_round_time, last_instant, time, instant)) {
      input->last_round_time = time;
      last_instant = instant;
    }
  }
  std::optional<Instant> first_instant, last_instant;  // of the input's first_round_time...

  explicit Impl(SpecLibrary lib) : library(std::move(lib)) {}

  // The revision a round is judged under: one --revision names, else the one in force on
  // --as-of, else on the round's own date. Safe on any thread.
  const SpecDocument* FindSpec(const Round& round, std::string* why) const {
    for (const std::string& name : options.revisions) {
      if (const SpecDocument* doc = library.FindRevision(round.rules, name)) return doc;
    }
    return library.Find(round.rules, options.as_of != 0 ? options.as_of : round.date, why);
  }
  // The warnings of Report::revision_warnings, from the revisions that judged rounds.
  std::vector<std::string> RevisionWarnings() const;

  // The spec's runtime under CheckOptions::readings; under `chosen`, those of its ambiguities.
  StatusOr<SpecRuntime*> Runtime(const SpecDocument* doc);
  StatusOr<SpecRuntime*> Runtime(const SpecDocument* doc, const std::map<std::string, std::string>& chosen);
  // The pure part of checking a line, safe on any thread with its own parser: it reads
  // nothing that changes while logs are read.
  // A round a dialect reader grouped (IsDialectRound) is converted by `converter` first.
  // `converted`: the round `text` is, converted already (on the thread that reads ahead), or
  // nullptr.
  void Prepare(RoundParser& parser, DialectConverter* converter, std::string_view text, LineWork* w,
               ConvertedRound* converted = nullptr) const;
  // The rest, in input order: round ids, time order, shoes, findings, counts.
  void Apply(const std::string& input, int64_t line, LineWork& w);
  // Finds a round dated before the last round of its table (input/time-order), once where
  // the time goes back; the table's shoe is then not judged until its next shuffle. Returns
  // the table's record.
  TableTime& CheckTimeOrder(const std::string& input, int64_t line, const Round& round,
                            const std::optional<Instant>& instant);
  void Emit(const std::string& input, int64_t line, const Round& round, const RuleSpec& spec,
            std::vector<RoundFinding> findings, std::vector<std::vector<ClearedBy>> depends);
  // check --context: a context log that could not be read whole from `line` on (0: not at all).
  // The shoe of `table` is unknown from there; of every table, where "" (what it did not say
  // may have shuffled any of them, or dealt from a table not seen yet). Reported in
  // report.context_damage, one entry a log, never as a finding: the logs checked decide the
  // exit status.
  void DamageContext(const std::string& input, int64_t line, const std::string& error,
                     const std::string& table);
  // Plays the round on its table's shoe (ShoeTracker::Play); of a log checked, notes a round
  // whose draws a damaged context left unjudged, and the shuffle its table is judged from.
  void PlayShoe(const Round& round, const std::string& clause, bool shuffle_reported,
                const std::string& input, int64_t line);
  // DamageContext's: the entry of report.context_damage of each ShoeTracker root it made; of
  // each entry, its tables' indexes by name and the lines damaged after its first.
  std::unordered_map<int64_t, size_t> damage_of_root;
  struct DamageSeen {
    std::unordered_map<std::string, size_t> tables;
    int64_t more_lines = 0;
  };
  std::vector<DamageSeen> damage_seen;
  // Appends an input/* finding (nothing in a context log); its index in report.violations.
  size_t EmitInput(const std::string& input, int64_t line, Code code, std::string round_id, std::string table,
                   std::string clause, std::string message, std::optional<int> event = std::nullopt);
  std::string Where(const std::string& input, int64_t line) const {
    return (input == "-" ? std::string("<stdin>") : input) + ":" + std::to_string(line);
  }
};

StatusOr<SpecRuntime*> Checker::Impl::Runtime(const SpecDocument* doc) {
  auto found = by_doc.find(doc);
  if (found != by_doc.end()) return found->second;
  std::map<std::string, std::string> chosen;
  for (const Ambiguity& a : doc->spec.ambiguities) {
    auto it = options.readings.find(a.id);
    if (it != options.readings.end()) chosen[a.id] = it->second;
  }
  auto rt = Runtime(doc, chosen);
  if (rt.ok()) by_doc[doc] = rt.value();
  return rt;
}

StatusOr<SpecRuntime*> Checker::Impl::Runtime(const SpecDocument* doc,
                                              const std::map<std::string, std::string>& chosen) {
  if (auto found = by_readings.find({doc, chosen}); found != by_readings.end()) return found->second;
  auto rt = std::make_unique<SpecRuntime>();
  rt->doc = doc;
  rt->game = FindGame(doc->spec.game);
  rt->engine = rt->game->engine;
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
  by_readings[{doc, chosen}] = raw;
  runtimes.push_back(std::move(rt));
  return raw;
}

size_t Checker::Impl::EmitInput(const std::string& input, int64_t line, Code code, std::string round_id,
                                std::string table, std::string clause, std::string message,
                                std::optional<int> event) {
  if (context || Withheld(code)) return SIZE_MAX;
  Finding f;
  f.code = code;
  f.round = std::move(round_id);
  f.table = std::move(table);
  f.input = input;
  f.line = LineOf(line, event);
  f.clause = std::move(clause);
  f.message = std::move(message);
  f.event = event;
  if (round_time) f.time = *round_time;
  report.violations.push_back(std::move(f));
  return report.violations.size() - 1;
}

void Checker::Impl::DamageContext(const std::string& input, int64_t line, const std::string& error,
                                  const std::string& table) {
  size_t at = report.context_damage.size();
  if (at > 0 && report.context_damage.back().input == input) {
    at -= 1;  // one entry a log: its first damage, and how many lines more
    ++damage_seen[at].more_lines;
  } else {
    report.context_damage.push_back({input, line, error, {}});
    damage_seen.emplace_back();
  }
  const int64_t root = shoes.NewRoot();
  damage_of_root.emplace(root, at);
  if (!table.empty()) {
    shoes.Lose(table, *this, root);
    return;
  }
  shoes.LoseAll(*this, root);
  shoes.LoseUnseen(root);
}

void Checker::Impl::PlayShoe(const Round& round, const std::string& clause, bool shuffle_reported,
                             const std::string& input, int64_t line) {
  auto damage = damage_of_root.end();
  int64_t root = -1;
  if (!context && !damage_of_root.empty()) {
    root = shoes.unjudged_root(round.table);
    if (root >= 0) damage = damage_of_root.find(root);
  }
  if (damage == damage_of_root.end()) {
    shoes.Play(round, clause, shuffle_reported, input, line, *this, &shoe_findings);
    return;
  }
  const int64_t counted = shoes.consequences(root);
  shoes.Play(round, clause, shuffle_reported, input, line, *this, &shoe_findings);
  ContextDamage& d = report.context_damage[damage->second];
  auto& tables = damage_seen[damage->second].tables;
  auto it = tables.find(round.table);
  if (shoes.consequences(root) > counted) {  // the round drew before any shuffle of its own
    if (it == tables.end()) {
      it = tables.emplace(round.table, d.tables.size()).first;
      d.tables.push_back({round.table, 0, ""});
    }
    ++d.tables[it->second].rounds_not_judged;
  }
  if (it != tables.end() && shoes.unjudged_root(round.table) != root) {
    d.tables[it->second].judged_from = Where(input, line);
  }
}

void Checker::Impl::Emit(const std::string& input, int64_t line, const Round& r, const RuleSpec& spec,
                         std::vector<RoundFinding> findings, std::vector<std::vector<ClearedBy>> depends) {
  const std::string& currency = r.currency.empty() ? options.currency : r.currency;
  for (size_t i = 0; i < findings.size(); ++i) {
    const int64_t root = findings[i].root;
    Finding f = ToFinding(std::move(findings[i]), input, line, r, spec.id, spec.revision);
    f.line = LineOf(f.line, f.event);
    if (i < depends.size()) {
      f.cleared_by = std::move(depends[i]);
      for (const ClearedBy& c : f.cleared_by) f.reading_dependent.push_back(c.ambiguity);
    }
    if (Info(f.code).unit == Unit::kMinorUnits || f.money_moved) f.currency = currency;
    if (round_time) f.time = *round_time;
    const Code code = f.code;
    if (Withheld(code)) continue;
    report.violations.push_back(std::move(f));
    if (root >= 0) roots.push_back({root, report.violations.size() - 1, code});
  }
}

Checker::Impl::TableTime& Checker::Impl::CheckTimeOrder(const std::string& input, int64_t line,
                                                        const Round& round,
                                                        const std::optional<Instant>& instant) {
  TableTime& last = table_times[round.table];
  if (!last.time.empty()) {
    const bool back = instant && last.instant ? *instant < *last.instant : round.time < last.time;
    if (back) {
      size_t at =
          EmitInput(input, line, Code::kInputTimeOrder, round.id, round.table, kOrderClause,
                    "round " + round.id + " is dated " + round.time + ", before round " + last.round + " (" +
                        last.time + ", " + Where(report.inputs[last.at.input].path, last.at.line) +
                        ") logged before it on table " + round.table +
                        ": the table's rounds are not in the order played (logs given out of order?); "
                        "its shoe is not judged until its next shuffle, and the rounds drawn from it "
                        "until then are counted under this finding");
      int64_t root = shoes.NewRoot();
      shoes.Lose(round.table, *this, root);
      if (at != SIZE_MAX) roots.push_back({root, at, Code::kInputTimeOrder});
    }
  }
  last.time = round.time;
  last.instant = instant;
  last.round = round.id;
  last.at = SeenAt{input_index, line};
  return last;
}

void Checker::Impl::Prepare(RoundParser& parser, DialectConverter* converter, std::string_view text,
                            LineWork* w, ConvertedRound* converted) const {
  w->record_errors.clear();
  w->source_lines.clear();
  bool direct = false;
  // A dialect's round, converted straight into a Round where it can be, else into its v1 line:
  // here, unless the thread reading ahead did.
  if (converted == nullptr && converter != nullptr && w->converting.Convert(*converter, text))
    converted = &w->converting;
  if (converted != nullptr) {
    direct = converted->direct;
    std::swap(w->round, converted->round);
    w->record_errors.swap(converted->errors);
    w->source_lines.swap(converted->event_lines);
    if (!direct) text = converted->v1_line();  // followed by padding, as a line of the pipeline is
  }
  if (direct) {
    w->parsed = ParseOutcome{};
  } else if (IsDialectError(text)) {
    // A record of an operator's log its dialect cannot read: one finding at its line.
    const DialectError e = SplitDialectError(text);
    w->parsed = ParseOutcome{};
    w->parsed.status = Status::ParseError(std::string(e.message));
    w->parsed.round.assign(e.round);
    w->parsed.table.assign(e.table);
  } else if (IsOverLongLine(text)) {
    // A line over the limit (LineReader): not a round of any log, one finding at its line.
    w->parsed = ParseOutcome{};
    w->parsed.status = Status::ParseError(
        "a line of " + std::string(text.substr(1)) + " bytes, over the limit of " +
        std::to_string(LineReaderOptions().max_line_length) + " bytes: not a round of any log, and not read");
  } else {
    w->parsed = parser.Parse(text, &w->round, /*padded=*/true);  // RunLinePipeline pads every line
  }
  // Kept for another round, and holding w's last round's buffers now: none grown large kept.
  if (converted != nullptr) converted->Trim();
  w->rt = nullptr;
  w->counts.clear();
  w->told.clear();
  w->base.findings.clear();
  w->base.settlements.clear();
  w->base.touched = 0;
  w->depends.clear();
  if (!w->parsed.ok()) return;
  const Round& round = w->round;
  // The round parser reads the instant with the date; a round converted straight from a
  // dialect's records has it read here.
  w->instant = direct ? ParseRfc3339Instant(round.time) : w->parsed.instant;
  const int64_t date = options.as_of != 0 ? options.as_of : round.date;  // what FindSpec reads
  if (date != w->doc_date || round.rules != w->doc_rules) {
    w->why.clear();
    w->doc = FindSpec(round, &w->why);
    w->doc_rules.assign(round.rules);
    w->doc_date = date;
  }
  if (round.events.empty() || !w->doc) return;
  const SpecRuntime* rt = RuntimeOf(w->doc, round.table);
  w->rt = rt;
  rt->engine(rt->selected, round, &w->base);
  RoundResult& base = w->base;
  w->depends.resize(base.findings.size());
  const auto& ambiguities = w->doc->spec.ambiguities;
  // What each other reading would settle differently, counted in input order by Apply.
  // Returns whether it does.
  auto count = [&](const Variant& v, const RoundResult& from, const RoundResult& other) {
    if (SameSettlement(from, other)) return false;
    w->counts.push_back({v.ambiguity, v.reading, SettledTotal(other) - SettledTotal(from)});
    return true;
  };
  // Replay under another reading only where it can change something: a clean round
  // that never consulted the parts a reading changes would replay the same under it.
  // Which readings of each ambiguity the round is consistent with: a reading is, when every
  // finding it makes is made under every reading of the ambiguity (a fault whatever the
  // reading), so none of its findings is its own. The findings under the reading checked are
  // the round's; those under each other reading, the replays' (a variant not replayed finds
  // what the reading checked does). A clean round's readings differ by whether they find
  // anything; a round with findings keeps the number of distinct findings under each reading
  // and those made under all of them (`common`, which each reading's include). The variants
  // of one ambiguity come one after the other (Runtime).
  const bool clean = base.findings.empty();
  size_t base_count = 0;
  if (!clean) {
    SortedKeys(base.findings, &w->keys);
    base_count = w->keys.size();
  }
  size_t told_ambiguity = SIZE_MAX;
  uint64_t differ = 0;  // the readings of told_ambiguity with a finding not every reading makes
  std::array<size_t, kMaxReadings> found;  // a round with findings: distinct ones under each reading
  auto readings_of = [&](size_t a) { return std::min(ambiguities[a].readings.size(), kMaxReadings); };
  auto all_of = [&](size_t a) {
    const size_t n = readings_of(a);
    return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
  };
  // A round with findings: the ambiguity's variants gathered, then judged.
  auto close_ambiguity = [&] {
    if (told_ambiguity == SIZE_MAX) return;
    for (size_t r = 0; r < readings_of(told_ambiguity); ++r) {
      if (found[r] != w->common.size()) differ |= uint64_t{1} << r;
    }
    if (differ != 0) w->told.push_back({told_ambiguity, all_of(told_ambiguity) & ~differ});
    told_ambiguity = SIZE_MAX;
  };
  auto open_ambiguity = [&](size_t a) {
    if (a == told_ambiguity) return;
    close_ambiguity();
    told_ambiguity = a;
    differ = 0;
    w->common = w->keys;
    std::fill_n(found.begin(), readings_of(a), base_count);
  };
  // A clean round: only a variant that finds something tells its readings apart (the reading
  // checked, which finds nothing, stays consistent).
  auto finds = [&](const Variant& v, uint64_t bit) {
    if (w->told.empty() || w->told.back().ambiguity != v.ambiguity)
      w->told.push_back({v.ambiguity, all_of(v.ambiguity)});
    w->told.back().consistent &= ~bit;
  };
  for (const Variant& v : rt->alternatives) {
    if (!clean) open_ambiguity(v.ambiguity);
    if (v.effect == Effect::kNone) continue;
    if (clean && (v.parts & base.touched) == 0) continue;
    const uint64_t bit = v.reading < kMaxReadings ? uint64_t{1} << v.reading : 0;
    if (v.effect == Effect::kGeneral || !clean) {
      RoundResult& other = w->other;
      // Its findings are read to tell which of the round's depend on the reading; of a clean
      // round, only whether it finds anything (RoundResult::unworded).
      other.findings_wanted = !clean;
      other.unworded = 0;
      rt->engine(v.spec, round, &other);
      if (!clean) {
        SortedKeys(other.findings, &w->other_keys);
        MarkReadingDependent(base, w->keys, other, w->other_keys, ambiguities[v.ambiguity].id,
                             ambiguities[v.ambiguity].readings[v.reading].name, &w->seats, &w->depends);
        if (bit != 0) found[v.reading] = w->other_keys.size();
        Intersect(w->other_keys, &w->common);
      } else if (other.unworded > 0) {
        finds(v, bit);
      }
      if (rt->selected_is_default) count(v, base, other);
    } else if (v.effect == Effect::kPayoutValues) {
      // A clean round repriced: another net for a wager settled as the reading checked pays
      // is a settle/payout under this reading.
      rt->game->reprice(base, v.spec, &w->other);
      const bool differs =
          rt->selected_is_default ? count(v, base, w->other) : !SameSettlement(base, w->other);
      if (differs) finds(v, bit);
    }
  }
  if (!clean) close_ambiguity();
  if (!rt->selected_is_default) {
    RoundResult& by_default = w->by_default;
    // Replays for what each reading would settle, not for findings.
    by_default.findings_wanted = false;
    w->other.findings_wanted = false;
    rt->engine(w->doc->spec, round, &by_default);
    for (const Variant& v : rt->impacts) {
      if ((v.parts & by_default.touched) == 0) continue;
      if (v.effect == Effect::kGeneral) {
        rt->engine(v.spec, round, &w->other);
        count(v, by_default, w->other);
      } else if (v.effect == Effect::kPayoutValues) {
        rt->game->reprice(by_default, v.spec, &w->other);
        count(v, by_default, w->other);
      }
    }
  }
  if (!base.findings.empty()) CollapseMisspeltWagers(rt->selected, round, &base.findings, &w->depends);
}

void Checker::Impl::Apply(const std::string& input, int64_t line, LineWork& w) {
  ++round_serial;
  released_elsewhere = 0;
  applying = true;
  struct Done {
    bool& applying;
    const std::vector<int64_t>*& event_lines;
    ~Done() {
      applying = false;
      event_lines = nullptr;
    }
  } done{applying, current.event_lines};
  size_t before = report.violations.size();
  const Round& round = w.round;
  const ParseOutcome& parsed = w.parsed;
  current = {&input, line, &round, nullptr, w.source_lines.empty() ? nullptr : &w.source_lines};
  // A line not read as a round is not counted as one (its finding counts it): every line of
  // an input is a round, a malformed line or a blank one.
  if (parsed.ok() && !context) ++report.rounds;
  if (parsed.ok()) {
    NoteRoundTime(round.time, w.instant);
    round_time = &round.time;  // every finding of a round read carries its time
  }
  if (!parsed.ok()) {
    ++this->input->malformed_lines;
    if (context) {
      // A line of the context not read: it may have shuffled its table's shoe (or, where its
      // table cannot be told, any table's).
      DamageContext(input, line,
                    "line " + std::to_string(line) + " is not a round: " + parsed.status.message(),
                    parsed.table);
    } else if (!parsed.table.empty()) {
      shoes.Lose(parsed.table, *this);
    }
    EmitInput(input, line, Code::kInputMalformed, parsed.round, parsed.table, kFormatClause,
              parsed.status.message());
  } else if (std::optional<SeenAt> first = seen->Insert(round.id, SeenAt{input_index, line})) {
    // A run of lines that repeat a run of earlier lines (a copy of a log, a day exported
    // twice) is one finding, at its first line; the lines that continue it are counted under it.
    const SeenAt at = *first;
    if (duplicate_run && at.input == duplicate_run_first.input && at.line == duplicate_run_first.line + 1) {
      duplicate_run_first = at;
      const int64_t n = ++duplicate_run_length;
      report.violations.Patch(*duplicate_run, n,
                              std::string(n == 1 ? "following line" : "following lines") + " (to line " +
                                  std::to_string(line) +
                                  ") repeating the rounds that followed there, not checked");
    } else {
      size_t index =
          EmitInput(input, line, Code::kInputDuplicateRound, round.id, round.table, kRoundClause,
                    "round id " + round.id + " was first seen at " +
                        Where(report.inputs[at.input].path, at.line) + "; this line is not checked");
      if (index != SIZE_MAX) {
        duplicate_run = index;
        duplicate_run_length = 0;
        duplicate_run_first = at;
      }
    }
    round_time = nullptr;
    CountRound(before);
    return;
  } else {
    TableTime& table_time = CheckTimeOrder(input, line, round, w.instant);
    for (size_t i = 0; i < round.events.size(); ++i) {
      const Event& e = round.events[i];
      if ((e.type == EventType::kDeal || e.type == EventType::kBurn) && !e.card) {
        EmitInput(input, line, Code::kInputBadCard, round.id, round.table, kCardClause,
                  "event " + std::to_string(i) + ": '" + e.text + "' is not a card code",
                  static_cast<int>(i));
      }
    }
    const SpecDocument* doc = w.doc;
    if (round.events.empty()) {
      EmitInput(input, line, Code::kInputEmptyRound, round.id, round.table, kEventsClause,
                "round " + round.id + " has no events: nothing was dealt, wagered or settled");
    } else if (!doc) {
      EmitInput(input, line, Code::kInputUnknownRules, round.id, round.table, kRulesClause,
                "round dated " + round.time + ": " + w.why);
      shoe_findings.clear();  // the draws still count against the shoe, and nothing else
      PlayShoe(round, "", true, input, line);
    } else {
      SpecRuntime* rt = RuntimeOf(doc, round.table);
      RoundResult& base = w.base;
      bool reported_shuffle =
          std::any_of(base.findings.begin(), base.findings.end(),
                      [](const RoundFinding& f) { return f.code == Code::kShoeNoShuffle; });
      shoe_findings.clear();  // of the shoe in play: no reading changes them
      current.spec = &doc->spec;
      PlayShoe(round, rt->selected.decks.cite.clause, reported_shuffle, input, line);
      if (context) {  // the shoe and the round ids are all a context log is read for
        round_time = nullptr;
        return;
      }
      if (!rt->used) {
        rt->used = true;
        used.push_back(rt);
      }
      if (!options.table_readings.empty() && (rt->tables.empty() || *rt->tables.rbegin() != round.table)) {
        rt->tables.insert(round.table);
      }
      for (const LineWork::Count& c : w.counts) {
        ReadingImpact& impact = rt->impact[c.ambiguity][c.reading];
        ++impact.rounds_settled_differently;
        impact.net_difference += c.net_difference;
      }
      if (table_time.readings == nullptr) table_time.readings = &inference.Of(round.table);
      ReadingInference::Table& table = *table_time.readings;
      inference.Seen(table, doc->spec, rt->selected.readings);
      if (!w.told.empty()) {
        const ReadingInference::Place at{input_index, line, round.id, round.time};
        for (const LineWork::Told& t : w.told)
          inference.Told(table, doc->spec, t.ambiguity, t.consistent, at);
      }
      if (!base.findings.empty() || !shoe_findings.empty()) {
        // One list in event order: the engine's findings with what they depend on, the shoe's.
        std::vector<std::pair<RoundFinding, std::vector<ClearedBy>>> all;
        for (size_t i = 0; i < base.findings.size(); ++i) {
          all.emplace_back(std::move(base.findings[i]), std::move(w.depends[i]));
        }
        for (RoundFinding& f : shoe_findings) all.emplace_back(std::move(f), std::vector<ClearedBy>{});
        std::stable_sort(all.begin(), all.end(),
                         [](const auto& a, const auto& b) { return a.first.event < b.first.event; });
        std::vector<RoundFinding> findings;
        std::vector<std::vector<ClearedBy>> depends;
        for (auto& [f, d] : all) {
          findings.push_back(std::move(f));
          depends.push_back(std::move(d));
        }
        Emit(input, line, round, doc->spec, std::move(findings), std::move(depends));
      }
      if (options.on_round) options.on_round(round, rt->selected);
      if (options.on_round_at) options.on_round_at(round, rt->selected, input, line);
      if (options.on_round_readings && !w.told.empty()) {
        std::vector<std::pair<std::string, std::vector<std::string>>> told;
        for (const LineWork::Told& t : w.told) {
          const Ambiguity& a = doc->spec.ambiguities[t.ambiguity];
          std::vector<std::string> names;
          for (size_t r = 0; r < a.readings.size() && r < kMaxReadings; ++r) {
            if (t.consistent & (uint64_t{1} << r)) names.push_back(a.readings[r].name);
          }
          told.emplace_back(a.id, std::move(names));
        }
        options.on_round_readings(round, input, line, told);
      }
    }
  }
  round_time = nullptr;
  duplicate_run.reset();
  // A line not read as a round is no round with violations either: its finding is counted
  // among the findings, and the line among the malformed ones.
  if (parsed.ok()) CountRound(before);
}

std::vector<std::string> Checker::Impl::RevisionWarnings() const {
  std::map<std::string, std::set<const SpecDocument*>> judged;  // rule set -> the revisions that judged
  for (const SpecRuntime* rt : used) judged[rt->doc->spec.id].insert(rt->doc);
  std::vector<std::string> warnings;
  const std::string when =
      options.as_of != 0 ? "in force on " + DateString(options.as_of) : "in force on their dates";
  for (const auto& [id, docs] : judged) {
    const SpecDocument* latest = library.Revisions(id).back();
    if (docs.contains(latest)) continue;
    std::string names;
    for (const SpecDocument* doc : library.Revisions(id)) {
      if (docs.contains(doc)) names += (names.empty() ? "" : ", ") + doc->spec.revision;
    }
    warnings.push_back("rule set " + id + ": its rounds were judged under revision " + names + " (" + when +
                       "), none under its latest, revision " + latest->spec.revision + " (" + latest->path +
                       ", effective " + DateString(latest->spec.effective) + "): --revision " +
                       latest->spec.revision + " or --as-of " + DateString(latest->spec.effective) +
                       " judges them under it");
  }
  for (const std::string& name : options.revisions) {
    std::string ids;
    bool any = false;
    for (const auto& doc : library.documents()) {
      if (doc->spec.revision != name) continue;
      ids += (ids.empty() ? "" : ", ") + doc->spec.id;
      any = any || judged[doc->spec.id].contains(doc.get());
    }
    if (!any) {
      warnings.push_back("--revision " + name + " judged no round: the logs have no round of " + ids +
                         " (the rule sets with a revision " + name + ")");
    }
  }
  return warnings;
}

Checker::Checker(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Checker::~Checker() = default;

StatusOr<std::unique_ptr<Checker>> Checker::Create(CheckOptions options) {
  if (options.rules.empty()) options.rules = DefaultRulesPaths();
  auto library = SpecLibrary::Load(options.rules, options.jobs);
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
        if (!spec.ok())
          return Status::InvalidArgument("--reading " + id + "=" + name + ": " + spec.status().message());
      }
    }
    if (!found) {
      std::vector<std::string> ids;
      for (const auto& doc : impl->library.documents()) {
        for (const Ambiguity& a : doc->spec.ambiguities) ids.push_back(a.id);
      }
      return Status::InvalidArgument("--reading " + id + "=" + name + ": no loaded spec has an ambiguity '" +
                                     id + "'" + DidYouMean(id, ids));
    }
  }
  // Every --revision must name a revision of some loaded spec.
  for (const std::string& name : options.revisions) {
    std::vector<std::string> names;
    for (const auto& doc : impl->library.documents()) names.push_back(doc->spec.revision);
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      std::sort(names.begin(), names.end());
      names.erase(std::unique(names.begin(), names.end()), names.end());
      std::string listed;
      for (const std::string& n : names) listed += (listed.empty() ? "" : ", ") + n;
      return Status::InvalidArgument("--revision " + name + ": no loaded spec is a revision of that name (" +
                                     (listed.empty() ? "none loaded" : "revisions: " + listed) + ")" +
                                     DidYouMean(name, names));
    }
  }
  impl->options = std::move(options);
  impl->seen = std::make_unique<RoundIdSet>(impl->options.round_id_memory);
  impl->report.version = PITBOSS_VERSION;
  impl->not_checked_at.fill(-1);
  if (const Dialect* d = impl->options.dialect) {
    for (const NotChecked& n : d->not_checked) {
      for (const std::string& id : n.codes) {
        const std::optional<Code> code = ParseCode(id);
        if (!code) continue;  // the dialect's loader refuses it
        impl->not_checked_at[static_cast<size_t>(*code)] = static_cast<int>(impl->report.not_checked.size());
        impl->report.not_checked.push_back({id, n.lacks, n.why, d->id, 0});
      }
    }
  }
  // Instantiate every spec now, so that a bad reading fails before any log is read.
  for (const auto& doc : impl->library.documents()) {
    auto rt = impl->Runtime(doc.get());
    if (!rt.ok()) return rt.status();
  }
  // And each table that deals readings of its own, under them.
  for (const auto& [table, readings] : impl->options.table_readings) {
    for (const auto& doc : impl->library.documents()) {
      std::map<std::string, std::string> chosen;
      bool own = false;
      for (const Ambiguity& a : doc->spec.ambiguities) {
        if (auto it = readings.find(a.id); it != readings.end()) {
          chosen[a.id] = it->second;
          own = true;
        } else if (auto base = impl->options.readings.find(a.id); base != impl->options.readings.end()) {
          chosen[a.id] = base->second;
        }
      }
      if (!own) continue;
      auto rt = impl->Runtime(doc.get(), chosen);
      if (!rt.ok()) return Status::InvalidArgument("table " + table + ": " + rt.status().message());
      impl->by_table[table][doc.get()] = rt.value();
    }
  }
  return std::unique_ptr<Checker>(new Checker(std::move(impl)));
}

Status Checker::CheckLog(const std::string& path, LogRole role) {
  Impl& impl = *impl_;
  impl.report.inputs.push_back(InputSummary{.path = path});
  impl.input_index = static_cast<uint32_t>(impl.report.inputs.size() - 1);
  impl.input = &impl.report.inputs.back();
  impl.input->context = role == LogRole::kContext;
  impl.context = role == LogRole::kContext;
  impl.duplicate_run.reset();
  // The same file named twice (or through a link) is read once: its rounds would all be
  // rounds seen before.
  struct stat st;
  if (path != "-" && ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
    auto [it, fresh] = impl.files_read.try_emplace({st.st_dev, st.st_ino}, path);
    if (!fresh) {
      impl.context = false;  // reported whatever the role: nothing was read
      impl.EmitInput(
          path, 0, Code::kInputDuplicateInput, "", "", kFileClause,
          path + " is the same file as " + it->second + ", read before in this check: not read again");
      impl.input->error = "the same file as " + it->second + ": not read again";
      impl.input = nullptr;
      return Status::Ok();
    }
  }
  LineReaderOptions reading;
  // One thread checking: the log is read, digested and decoded beside it, ahead. Several: the
  // workers read and decode in turn, as they take the reader (a thread of the reader's own,
  // a third on two cores, cost more than its share of them: .zst logs 5 to 10% slower), and
  // digest outside it.
  // A dialect's log is read by a thread of its own whatever the jobs (ReadAhead, below), which
  // digests as it reads and keeps no copy for later; one more thread to read a plain log ahead
  // of it only took turns with it (5% slower on two cores).
  const bool from_dialect = impl.options.dialect != nullptr;
  reading.digest_later = impl.options.jobs > 1 && !from_dialect;
  reading.read_plain_ahead = impl.options.jobs <= 1 && !from_dialect;
  reading.decode_ahead = impl.options.jobs <= 1;
  auto reader_or = LineReader::Open(path, reading);
  if (!reader_or.ok()) {
    impl.context = false;
    if (role == LogRole::kContext) {
      impl.DamageContext(path, 0, reader_or.status().message(), "");
    } else {
      impl.EmitInput(path, 0, Code::kInputUnreadable, "", "", kFileClause, reader_or.status().message());
      impl.report.complete = false;
    }
    impl.input->error = reader_or.status().message();
    impl.input = nullptr;
    return reader_or.status();
  }
  LineReader& reader = *reader_or.value();
  int64_t non_blank = 0;  // items taken up: rounds and malformed lines (or records)
  impl.first_instant.reset();
  impl.last_instant.reset();
  const int jobs = std::max(1, impl.options.jobs);
  while (impl.parsers.size() < static_cast<size_t>(jobs))
    impl.parsers.push_back(std::make_unique<RoundParser>());
  impl.converters.clear();
  if (impl.options.dialect != nullptr) {
    for (int i = 0; i < jobs; ++i)
      impl.converters.push_back(std::make_unique<DialectConverter>(*impl.options.dialect));
  }
  // A last line that no newline ends and whose JSON ends before its value does is where the log
  // was cut off (a copy or a write interrupted): the log is truncated, as a .gz that ends early
  // is, not malformed. A last line of anything else is malformed, newline or not.
  int64_t cut_line = 0;
  std::string cut_why;
  auto run = [&](auto& source, int workers) {
    RunLinePipeline<Impl::LineWork>(
        source, workers,
        [&impl, &source, workers](int worker, int64_t, std::string_view text, Impl::LineWork* w) {
          const auto i = static_cast<size_t>(worker);
          // A round the thread reading ahead converted: with one worker, the calling thread's,
          // the item it has just read (with more, each reads a batch before it prepares one).
          ConvertedRound* converted = nullptr;
          if constexpr (requires { source.done(); }) {
            if (workers == 1) converted = source.done();
          }
          impl.Prepare(*impl.parsers[i], i < impl.converters.size() ? impl.converters[i].get() : nullptr,
                       text, w, converted);
        },
        [&](int64_t line, Impl::LineWork& w) {
          if (w.parsed.ends_early && line == reader.unterminated_line() && impl.options.dialect == nullptr) {
            cut_line = line;
            cut_why = w.parsed.status.message();
            return;
          }
          // The records of a round its dialect could not read, each a malformed item of its own.
          for (const DialectConverter::Error& e : w.record_errors) {
            ++non_blank;
            impl.Prepare(impl.record_error_parser, nullptr, e.text, &impl.record_error);
            impl.Apply(path, e.line, impl.record_error);
          }
          ++non_blank;
          impl.Apply(path, line, w);
          if (impl.options.progress && non_blank % kProgressEvery == 0) {
            impl.options.progress(
                {path, line, non_blank, static_cast<int64_t>(impl.report.violations.size()), reader.bytes()});
          }
        });
  };
  InputSummary& summary = impl.report.inputs[impl.input_index];
  Status status;
  if (const Dialect* dialect = impl.options.dialect) {
    DialectReader dialect_reader(*dialect, reader);
    // Rounds come grouped, and are converted by the pipeline's workers (Prepare).
    struct Grouped {
      DialectReader& reader;
      bool Next(std::string_view* text) { return reader.NextGrouped(text); }
      int64_t line_number() const { return reader.line_number(); }
      void DigestPending() { reader.DigestPending(); }
    } source{dialect_reader};
    // The records are read and grouped ahead on a thread of their own (read_ahead.h), one of
    // the `jobs`: the line pipeline's workers, which would otherwise take turns at the reader,
    // convert and check (the others; with --jobs 1, the one thread that checks does). A text
    // log's line inside a round is left whole to the converter, which knows a line of an event
    // it made before without finding its kind (most lines of a round are).
    // With one thread converting and checking, the reading thread converts rounds too whenever
    // it would wait for that thread otherwise (ReadAhead's work): the conversion is shared, and
    // the checking thread, the one waited on (for a CSV export and for a text log alike), has
    // less to do. A round converted on either thread is the same round (each thread has its
    // own converter, whose caches only spare work).
    struct ConvertAhead {
      using Result = ConvertedRound;
      explicit ConvertAhead(const Dialect& d) : converter(d) {}
      DialectConverter converter;
      bool operator()(std::string_view text, ConvertedRound* out) { return out->Convert(converter, text); }
    };
    const int workers = std::max(1, jobs - 1);
    std::optional<ConvertAhead> convert_ahead;
    if (workers == 1) convert_ahead.emplace(*dialect);
    ReadAhead<Grouped, ConvertAhead> ahead(source, convert_ahead ? &*convert_ahead : nullptr);
    run(ahead, workers);
    status = dialect_reader.status();
    summary.dialect = dialect->id;
    summary.dialect_sha256 = dialect->sha256;
    summary.lines = reader.line_number();
    summary.rounds = non_blank - summary.malformed_lines;
    summary.blank_lines = dialect_reader.blank_lines();
    summary.record_lines = summary.lines - non_blank - summary.blank_lines;
  } else {
    run(reader, jobs);
    status = reader.status();
    summary.lines = reader.line_number();
    if (cut_line != 0 && status.ok()) {
      summary.lines = cut_line - 1;  // the lines read whole
      status = Status::IoError((path == "-" ? std::string("<stdin>") : path) +
                               ": data ends early (truncated file?) after line " +
                               std::to_string(cut_line - 1) + ": line " + std::to_string(cut_line) +
                               " is cut off, with no newline, and " + cut_why);
    }
    summary.rounds = non_blank - summary.malformed_lines;
    summary.blank_lines = summary.lines - non_blank;
  }
  impl.context = false;
  const int64_t rounds = summary.rounds;
  summary.sha256 = reader.Sha256Hex();
  summary.bytes = reader.bytes();
  if (!status.ok() && role == LogRole::kContext) {
    summary.error = status.message();
    impl.DamageContext(path, summary.lines + 1, status.message(), "");
  } else if (!status.ok()) {
    // What was read before the damage is checked; the rest of the log is not.
    summary.error = status.message();
    impl.report.complete = false;
    size_t at = impl.EmitInput(
        path, summary.lines + 1, Code::kInputUnreadable, "", "", kFileClause,
        status.message() + "; the " + std::to_string(rounds) + (rounds == 1 ? " round" : " rounds") +
            " before it are checked, the rest of the log is not; what it did not say may "
            "have shuffled any table's shoe, so no shoe is judged until its next shuffle");
    // The shoes are unknown from here: a draw in a later log must not be judged against a
    // shoe the lost part of this one may have replaced.
    const int64_t root = impl.shoes.NewRoot();
    impl.shoes.LoseAll(impl, root);
    if (at != SIZE_MAX) impl.roots.push_back({root, at, Code::kInputUnreadable});
  }
  impl.input = nullptr;
  impl.duplicate_run.reset();
  return status;
}

Report Checker::Finish() {
  // Called once: the report (and its findings, which may be on file) moves out.
  impl_->shoes.EndAll(*impl_);  // every shoe ends with the check: what it still holds is reported
  Report report = std::move(impl_->report);
  impl_->report = Report{};
  report.currency = impl_->options.currency;
  for (size_t i = 0; i < report.context_damage.size(); ++i) {
    const int64_t more = impl_->damage_seen[i].more_lines;
    if (more > 0) {
      report.context_damage[i].error +=
          "; and damaged at " + std::to_string(more) + (more == 1 ? " later line" : " later lines");
    }
  }
  for (const Impl::Root& root : impl_->roots) {
    const int64_t n = impl_->shoes.consequences(root.id);
    if (n == 0) continue;
    // What they are, without their number (consequences), which every format shows beside it.
    const bool one = n == 1;
    std::string note;
    switch (root.code) {
      case Code::kShoeCardOverdrawn:
        note = one ? "later card that overdrew the shoe as logged (named in consequence_list)"
                   : "later cards that overdrew the shoe as logged (named in consequence_list)";
        break;
      case Code::kShoeNoShuffle:
        note = one ? "later round of the table drawn with no shoe in play"
                   : "later rounds of the table drawn with no shoe in play";
        break;
      case Code::kInputUnreadable:
        note = one ? "later round drawn from a shoe not judged (the part not read may have shuffled it)"
                   : "later rounds drawn from shoes not judged (the part not read may have shuffled them)";
        break;
      default:
        note = one ? "later round of the table drawn from a shoe not judged"
                   : "later rounds of the table drawn from a shoe not judged";
        break;
    }
    report.violations.Patch(root.index, n, std::move(note), impl_->shoes.named(root.id));
  }
  std::map<const SpecDocument*, size_t> ambiguities_of;  // the index of its first in report.ambiguities
  for (const SpecRuntime* rt : impl_->used) {
    const RuleSpec& spec = rt->doc->spec;
    report.specs.push_back({spec.id, spec.revision, spec.sha256, rt->doc->path, rt->selected.readings.Map(),
                            rt->selected_is_default,
                            std::vector<std::string>(rt->tables.begin(), rt->tables.end())});
    for (const RuleSpec::Part& p : spec.parts) report.specs.back().parts.push_back({p.path, p.sha256});
    // A spec checked under several sets of readings (--reading auto) lists its ambiguities once:
    // every set's figures are against the defaults, so they add up.
    auto [first, fresh] = ambiguities_of.emplace(rt->doc, report.ambiguities.size());
    for (size_t a = 0; a < spec.ambiguities.size(); ++a) {
      if (fresh) {
        report.ambiguities.push_back(
            {spec.ambiguities[a].id, spec.id, spec.revision, spec.ambiguities[a].cite.clause, rt->impact[a]});
        for (ReadingImpact& r : report.ambiguities.back().readings) r.in_force = false;
      } else {
        std::vector<ReadingImpact>& into = report.ambiguities[first->second + a].readings;
        for (size_t r = 0; r < into.size(); ++r) {
          into[r].rounds_settled_differently += rt->impact[a][r].rounds_settled_differently;
          into[r].net_difference += rt->impact[a][r].net_difference;
        }
      }
      for (ReadingImpact& r : report.ambiguities[first->second + a].readings) {
        r.in_force = r.in_force || rt->selected.readings.at(spec.ambiguities[a].id) == r.name;
      }
    }
  }
  report.as_of = impl_->options.as_of;
  report.revisions_in_force = impl_->options.revisions;
  report.revision_warnings = impl_->RevisionWarnings();
  impl_->inference.Collapse(&report, impl_->options.count_explained);
  CountFindingsCleared(&report);
  return report;
}

}  // namespace pitboss
