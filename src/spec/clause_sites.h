// Where a spec cites each clause: the line of every parameter's `cite`, so that a finding's
// clause can be shown at the spec lines that decided it (check's SARIF report, relatedLocations).
#ifndef PITBOSS_SPEC_CLAUSE_SITES_H_
#define PITBOSS_SPEC_CLAUSE_SITES_H_

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace pitboss {

struct SpecTree;

// One `cite` of a spec.
struct ClauseSite {
  std::string clause;  // in full, as a finding names it: "ARSD 20:18:16:15.17(4)(d)(i)"
  std::string file;    // the spec, or the part it includes that holds the cite
  int line = 0;        // 1-based line of the `cite` in `file`
  int column = 0;      // 1-based column of its value
  // The parameter, dotted: "payouts.war.win.raise", "ambiguities.sd-tie.readings.pay.set.payouts.tie";
  // for an entry of source.also_encoded, the key it names.
  std::string key;
  std::string cite;     // as the spec writes it: "(4)(d)(i)"
  bool quoted = false;  // a `quote` of the clause beside it
};

// Every `cite` of the tree of spec `spec_path` (its parts included), in the order written:
// a parameter's, an ambiguity's, a claim's, a reading's `set` ("KEY.cite"), and the `clause`
// of each source.also_encoded entry. A list item is named by its `id` (a reading by its `name`)
// where it has one, else by its index. At most `limit` sites.
// `root` is the tree's (its parts merged in); `tree`, where given, tells the part each cite was
// read from (else every site's file is `spec_path`).
std::vector<ClauseSite> CitedClauses(const YAML::Node& root, const SpecTree* tree,
                                     const std::string& spec_path, size_t limit = 100000);

}  // namespace pitboss

#endif  // PITBOSS_SPEC_CLAUSE_SITES_H_
