// Loading rule specs from YAML: the schema check (every error with file:line:column),
// the typed RuleSpec, and the readings of ambiguities applied as overrides of the tree.
#ifndef PITBOSS_SPEC_LOADER_H_
#define PITBOSS_SPEC_LOADER_H_

#include <yaml-cpp/yaml.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "pitboss/spec.h"
#include "pitboss/status.h"

namespace pitboss {

// A spec file's YAML tree with the parts it includes (`include:`, docs/spec-format.md)
// merged in, and which file each node was read from.
struct SpecTree {
  YAML::Node root;
  struct Part {
    std::string path;    // as the rules root joined to the name the spec gives
    std::string sha256;  // of the part's bytes
    // Every node of the part, keys included, by (line, column): a position holds few nodes,
    // and YAML::Node::is() tells them apart.
    std::multimap<std::pair<int, int>, YAML::Node> nodes;
  };
  std::vector<Part> parts;
  std::string bytes;  // the spec file's bytes, then each part's in order: what sha256 covers

  // The file `node` was read from: a part's path, or `spec_path` for the spec's own.
  const std::string& FileOf(const YAML::Node& node, const std::string& spec_path) const;
};

// Reads spec file `path` and merges the parts it includes. A part is looked for in the
// spec's own rules tree, then in each folder of `search_path` in turn (the rules search path,
// spec/rules_path.h), and read from inside the first that has it (as source texts are); it
// includes no other part, and may set no key the spec sets, except the lists both add to
// (source.texts, source.also_encoded, ambiguities, unobservable, claims: the part's entries
// first). Problems are appended to `errors` as "file:line:column: message"; nullopt when the
// tree cannot be built.
std::optional<SpecTree> LoadSpecTree(const std::string& path, std::vector<std::string>* errors,
                                     const std::vector<std::string>& search_path);
// The same, with the search path of no --rules: $PITBOSS_RULES, then the installed rules.
std::optional<SpecTree> LoadSpecTree(const std::string& path, std::vector<std::string>* errors);

// One spec file as loaded. Owns its YAML tree so that any reading can be instantiated.
struct SpecDocument {
  std::string path;
  std::string rules_root;          // the folder the spec's `texts` and parts are relative to
  YAML::Node root;                 // with its parts merged in
  std::vector<std::string> parts;  // the parts it includes, in order
  // The folders searched after rules_root for its parts and source texts, in order.
  std::vector<std::string> search_path;
  RuleSpec spec;  // under the default reading of every ambiguity
  // The spec under each reading that is not a default, the others left at theirs: made once
  // when the document is validated, so that Instantiate of one reading is a copy, not a
  // second parse of the tree.
  struct ReadingSpec {
    std::string ambiguity;
    std::string reading;
    RuleSpec spec;
  };
  std::vector<ReadingSpec> reading_specs;
  // The index of each ambiguity in spec.ambiguities, by id; of each reading spec in
  // reading_specs, by (ambiguity, reading) indexes. Instantiate looks them up (made with the
  // document: a spec of a thousand ambiguities is not searched a thousand times).
  std::map<std::string, size_t, std::less<>> ambiguity_at;
  std::map<std::pair<size_t, size_t>, size_t> reading_spec_at;
};

// Reads and validates one spec file. Problems are appended to `errors`, each as
// "path:line:column: message"; nullopt when there is any.
std::optional<SpecDocument> LoadSpecDocument(const std::string& path, std::vector<std::string>* errors,
                                             const std::vector<std::string>& search_path);
// The same, with the search path of no --rules (LoadSpecTree).
std::optional<SpecDocument> LoadSpecDocument(const std::string& path, std::vector<std::string>* errors);

// A source text of a spec, as found under one folder of the rules tree.
struct SourceTextFile {
  std::string path;      // the folder joined to the name the spec gives, as messages show it
  std::string resolved;  // the file itself, links followed: what is read
};

// Where source text `name` (an entry of source.texts) is under `root`, a folder of the rules
// tree. A source text is read from inside the tree only: an absolute name, a ".." that climbs
// out of `root`, or a symbolic link that leads out of it is InvalidArgument, saying which.
// The file need not exist.
StatusOr<SourceTextFile> FindSourceText(const std::string& root, const std::string& name);

// Where `name` is in the first of `roots` that has it, each confining it as FindSourceText
// does (a name out of a tree is an error at once). NotFound, naming every place looked at,
// where none has it.
StatusOr<SourceTextFile> FindInRoots(const std::vector<std::string>& roots, const std::string& name);

// The spec under the given readings (ambiguity id -> reading name); the ambiguities not
// named keep their default. An unknown ambiguity or reading is an InvalidArgument. The work is
// that of the readings' changes and of the spec less its ambiguities, claims and clauses not
// observable, which every instance shares (SharedList): instantiating each reading of a spec
// of many ambiguities grows with their number, not its square.
StatusOr<RuleSpec> Instantiate(const SpecDocument& doc, const std::map<std::string, std::string>& readings);

// Ratio, SeatOrder... names as the spec format spells them.
std::optional<SeatOrder> ParseSeatOrder(std::string_view name);

// The tag vocabulary of ambiguities. Part of the spec format.
bool IsAmbiguityTag(std::string_view tag);

}  // namespace pitboss

#endif  // PITBOSS_SPEC_LOADER_H_
