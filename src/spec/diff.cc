#include "spec/diff.h"

#include <algorithm>
#include <map>

#include "spec/game_format.h"
#include "spec/library.h"

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

}  // namespace pitboss
