// What changed in meaning between two revisions of a rule spec: payouts, deck ranges,
// wagers, burns, limits, orders, ambiguities and claims; apart from what only moved in
// wording or citation.
#ifndef PITBOSS_SPEC_DIFF_H_
#define PITBOSS_SPEC_DIFF_H_

#include <map>
#include <string>
#include <vector>

#include "pitboss/spec.h"

namespace pitboss {

struct SpecChange {
  enum class Kind { kChanged, kAdded, kRemoved };
  Kind kind = Kind::kChanged;
  std::string path;       // the spec key: "payouts.initial.tie.tie"
  std::string old_value;  // "" when added
  std::string new_value;  // "" when removed
  std::string old_clause;
  std::string new_clause;
  // false: the same rule, quoted or cited differently (or the revision's name, note...).
  bool meaning = true;
};

// One key of a spec, flattened: its value as text, and where it comes from.
struct FlatEntry {
  std::string value;
  const Cite* cite = nullptr;
  bool meaning = true;  // false: revision metadata, not a rule
};
// A spec as key -> value, each key a path of the spec format.
using FlatSpec = std::map<std::string, FlatEntry>;

// Every difference between `old_spec` and `new_spec`, in spec-key order.
std::vector<SpecChange> DiffSpecs(const RuleSpec& old_spec, const RuleSpec& new_spec);

// What a reader of the diff must know before its changes: two different rule sets compared
// ("comparing us-sd/casino-war with online/war: different rule sets"), or two specs that name
// the same revision yet differ in meaning (a published revision edited in place).
std::vector<std::string> DiffWarnings(const RuleSpec& old_spec, const RuleSpec& new_spec,
                                      const std::vector<SpecChange>& changes);

std::string_view ToString(SpecChange::Kind kind);  // "changed", "added", "removed"

// A clause whose words differ between the source texts of two revisions.
struct ClauseTextChange {
  SpecChange::Kind kind = SpecChange::Kind::kChanged;
  std::string clause;  // as the source numbers it: "(4)(d)", "rule 4(c)"; "" for a text without numbering
  // The spec keys that quote it (a `quote` beside a `cite` of it), in the old and the new spec.
  std::vector<std::string> old_keys;
  std::vector<std::string> new_keys;
};

struct SpecDocument;

// The clauses whose own words (folded as lint folds quotes, before any sub-clause) changed,
// were added or were removed between the source texts of `old_doc` and `new_doc`, in the new
// text's order then the removed ones; nothing when both read the same texts. A clause the
// texts of one spec hold twice (two copies of one rule) is compared by its wordings: it changed
// when a wording of it is gone or new, not when a copy of the same words is. Texts
// without a numbering (source.numbering) are compared whole, as one change of clause "".
// A text that cannot be read is said in `warnings` and nothing of its spec is compared.
std::vector<ClauseTextChange> DiffSourceTexts(const SpecDocument& old_doc, const SpecDocument& new_doc,
                                              std::vector<std::string>* warnings);

}  // namespace pitboss

#endif  // PITBOSS_SPEC_DIFF_H_
