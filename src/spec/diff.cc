#include "spec/diff.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>

#include "base/read_file.h"
#include "pitboss/checker.h"
#include "spec/clause_sites.h"
#include "spec/game_format.h"
#include "spec/library.h"
#include "spec/loader.h"
#include "spec/source_text.h"

namespace pitboss {

namespace {

using Entry = FlatEntry;
using Flat = FlatSpec;

std::string Wager(std::optional<WagerKind> k) { return k ? std::string(ToString(*k)) : ""; }
std::string Bool(bool b) { return b ? "true" : "false"; }

// The spec as key -> value, each key a path of the spec format.
Flat Flatten(const RuleSpec& spec) {
  Flat f;
  f["revision.name"] = {spec.revision, nullptr, false};
  // When the rules take effect decides which rounds they judge: a change of meaning.
  f["revision.effective"] = {DateString(spec.effective), nullptr, true};
  f["game"] = {spec.game, nullptr};
  f["shoe.decks.min"] = {std::to_string(spec.decks.min), &spec.decks.cite};
  f["shoe.decks.max"] = {std::to_string(spec.decks.max), &spec.decks.cite};
  f["shoe.fresh_shuffle_each_round"] = {Bool(spec.fresh_shuffle.required), &spec.fresh_shuffle.cite};
  for (int k = 0; k < kWagerKinds; ++k) {
    const WagerRule& w = spec.wagers[k];
    if (!w.offered) continue;
    std::string p = "wagers." + std::string(ToString(static_cast<WagerKind>(k)));
    f[p] = {"offered", &w.cite};
    f[p + ".required"] = {Bool(w.required), &w.cite};
    if (w.depends_on) f[p + ".depends_on"] = {Wager(w.depends_on), &w.cite};
    f[p + ".window"] = {std::string(WindowName(spec, w.window)), &w.cite};
    if (w.equals) f[p + ".equals"] = {Wager(w.equals), &w.equals_cite};
    if (w.max) f[p + ".max"] = {std::to_string(*w.max), &w.max_cite};
    if (w.settle_before_choice) {
      f[p + ".settle_before_" + std::string(WindowName(spec, Window::kChoice)) + "_decision"] = {
          "true", &w.settle_cite};
    }
  }
  if (const GameFormat* game = FindGameFormat(spec.game)) game->flatten(spec, &f);
  for (const Ambiguity& a : spec.ambiguities) {
    std::string readings;
    for (const Reading& r : a.readings) {
      readings += (readings.empty() ? "" : ", ") + r.name + (r.is_default ? " (default)" : "");
    }
    f["ambiguities." + a.id] = {a.tag + ": " + readings, &a.cite};
  }
  for (const Claim& c : spec.claims) {
    f["claims." + c.id] = {
        c.metric + " " + c.value + " of " + c.wager + (c.policy.empty() ? "" : ", " + c.policy), &c.cite};
  }
  return f;
}

}  // namespace

std::string_view ToString(SpecChange::Kind kind) {
  switch (kind) {
    case SpecChange::Kind::kChanged:
      return "changed";
    case SpecChange::Kind::kAdded:
      return "added";
    case SpecChange::Kind::kRemoved:
      return "removed";
  }
  return "";
}

std::vector<std::string> DiffWarnings(const RuleSpec& old_spec, const RuleSpec& new_spec,
                                      const std::vector<SpecChange>& changes) {
  std::vector<std::string> warnings;
  if (old_spec.id != new_spec.id) {
    warnings.push_back("comparing " + old_spec.id + " with " + new_spec.id + ": different rule sets");
  } else if (old_spec.revision == new_spec.revision &&
             std::any_of(changes.begin(), changes.end(), [](const SpecChange& c) { return c.meaning; })) {
    warnings.push_back("both are revision " + old_spec.revision +
                       ", but they differ in meaning: rounds already judged under it would be judged anew");
  }
  return warnings;
}

std::vector<SpecChange> DiffSpecs(const RuleSpec& old_spec, const RuleSpec& new_spec) {
  Flat a = Flatten(old_spec), b = Flatten(new_spec);
  std::vector<SpecChange> changes;
  auto clause = [](const Entry& e) { return e.cite ? e.cite->clause : std::string(); };
  for (const auto& [path, old_entry] : a) {
    auto it = b.find(path);
    if (it == b.end()) {
      changes.push_back(
          {SpecChange::Kind::kRemoved, path, old_entry.value, "", clause(old_entry), "", old_entry.meaning});
      continue;
    }
    const Entry& new_entry = it->second;
    if (old_entry.value != new_entry.value) {
      changes.push_back({SpecChange::Kind::kChanged, path, old_entry.value, new_entry.value,
                         clause(old_entry), clause(new_entry), old_entry.meaning});
    } else if (old_entry.cite && new_entry.cite &&
               (old_entry.cite->clause != new_entry.cite->clause ||
                old_entry.cite->quote != new_entry.cite->quote ||
                old_entry.cite->note != new_entry.cite->note)) {
      changes.push_back({SpecChange::Kind::kChanged, path, old_entry.value, new_entry.value,
                         clause(old_entry), clause(new_entry), false});
    }
  }
  for (const auto& [path, new_entry] : b) {
    if (!a.count(path)) {
      changes.push_back(
          {SpecChange::Kind::kAdded, path, "", new_entry.value, "", clause(new_entry), new_entry.meaning});
    }
  }
  std::stable_sort(changes.begin(), changes.end(),
                   [](const SpecChange& x, const SpecChange& y) { return x.path < y.path; });
  return changes;
}

namespace {

// The words of each clause of a spec's source texts, by id, in the order the texts give them.
struct ClauseWords {
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::string>> words;  // a copy per text that numbers it
};

// The source texts of `doc` read whole, as lint finds them (its rules root, beside the spec,
// the project's rules); nullopt, with a warning, where one cannot be read.
std::optional<std::vector<std::string>> ReadTexts(const SpecDocument& doc,
                                                  std::vector<std::string>* warnings) {
  std::vector<std::string> texts;
  const std::vector<std::string> roots = {
      doc.rules_root, std::filesystem::path(doc.path).parent_path().generic_string(), DefaultRulesPath()};
  for (const std::string& name : doc.spec.texts) {
    bool read = false;
    for (const std::string& root : roots) {
      StatusOr<SourceTextFile> file = FindSourceText(root.empty() ? "." : root, name);
      if (!file.ok()) continue;
      StatusOr<std::string> bytes = ReadRegularFile(file->resolved);
      if (!bytes.ok()) continue;
      texts.push_back(std::move(bytes).value());
      read = true;
      break;
    }
    if (!read) {
      warnings->push_back("source text '" + name + "' of " + doc.path +
                          " cannot be read: the clauses of the texts are not compared");
      return std::nullopt;
    }
  }
  return texts;
}

std::optional<Numbering> NumberingOf(const SpecDocument& doc) {
  const YAML::Node source = doc.root.IsMap() ? doc.root["source"] : YAML::Node();
  const YAML::Node numbering = source.IsDefined() && source.IsMap() ? source["numbering"] : YAML::Node();
  if (!numbering.IsDefined() || !numbering.IsScalar()) return std::nullopt;
  return ParseNumbering(numbering.Scalar());
}

ClauseWords WordsOf(const std::vector<std::string>& texts, std::optional<Numbering> numbering) {
  ClauseWords out;
  for (const std::string& raw : texts) {
    if (!numbering) {
      if (out.words[""].empty()) out.order.push_back("");
      out.words[""].push_back(FoldText(raw));
      continue;
    }
    for (const Clause& c : ExtractClauses(raw, *numbering)) {
      auto& copies = out.words[c.id];
      if (copies.empty()) out.order.push_back(c.id);
      copies.push_back(FoldText(std::string_view(raw).substr(c.begin, c.own_end - c.begin)));
    }
  }
  // Two copies of one wording are one: a copy of the text dropped or added changes no clause.
  for (auto& [id, copies] : out.words) {
    std::sort(copies.begin(), copies.end());
    copies.erase(std::unique(copies.begin(), copies.end()), copies.end());
  }
  return out;
}

// The keys of `doc` that quote clause `id`.
std::vector<std::string> QuotingKeys(const SpecDocument& doc, std::optional<Numbering> numbering,
                                     const std::string& id) {
  std::vector<std::string> keys;
  for (const ClauseSite& site : CitedClauses(doc.root, nullptr, doc.path)) {
    if (!site.quoted) continue;
    const std::string cite = numbering ? NormalizeCite(site.cite, *numbering) : FoldText(site.cite);
    if (!id.empty() && cite != id) continue;
    if (std::find(keys.begin(), keys.end(), site.key) == keys.end()) keys.push_back(site.key);
  }
  return keys;
}

}  // namespace

std::vector<ClauseTextChange> DiffSourceTexts(const SpecDocument& old_doc, const SpecDocument& new_doc,
                                              std::vector<std::string>* warnings) {
  std::optional<std::vector<std::string>> old_texts = ReadTexts(old_doc, warnings);
  std::optional<std::vector<std::string>> new_texts = ReadTexts(new_doc, warnings);
  std::vector<ClauseTextChange> changes;
  if (!old_texts || !new_texts || *old_texts == *new_texts) return changes;
  const std::optional<Numbering> old_numbering = NumberingOf(old_doc);
  const std::optional<Numbering> new_numbering = NumberingOf(new_doc);
  // Texts numbered two ways cannot be compared clause by clause: compared whole.
  const bool by_clause = old_numbering && new_numbering && *old_numbering == *new_numbering;
  const ClauseWords before = WordsOf(*old_texts, by_clause ? old_numbering : std::nullopt);
  const ClauseWords after = WordsOf(*new_texts, by_clause ? new_numbering : std::nullopt);
  auto change = [&](SpecChange::Kind kind, const std::string& id) {
    changes.push_back({kind, id,
                       kind == SpecChange::Kind::kAdded ? std::vector<std::string>{}
                                                        : QuotingKeys(old_doc, old_numbering, id),
                       kind == SpecChange::Kind::kRemoved ? std::vector<std::string>{}
                                                          : QuotingKeys(new_doc, new_numbering, id)});
  };
  for (const std::string& id : after.order) {
    const auto it = before.words.find(id);
    if (it == before.words.end()) {
      change(SpecChange::Kind::kAdded, id);
    } else if (it->second != after.words.at(id)) {
      change(SpecChange::Kind::kChanged, id);
    }
  }
  for (const std::string& id : before.order) {
    if (!after.words.count(id)) change(SpecChange::Kind::kRemoved, id);
  }
  return changes;
}

}  // namespace pitboss
