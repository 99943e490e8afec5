// Reading a spec's YAML tree into typed values, every problem collected with its position
// (path:line:column). The loader reads the core keys with it, and each game its own keys
// (games/<game>/*_rules.cc), so that every spec error reads the same way.
#ifndef PITBOSS_SPEC_SPEC_READER_H_
#define PITBOSS_SPEC_SPEC_READER_H_

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pitboss/spec.h"

namespace pitboss {

struct SpecTree;

class SpecReader {
 public:
  SpecReader(std::string path, std::vector<std::string>* errors) : path_(std::move(path)), errors_(errors) {}

  const std::string& path() const { return path_; }
  bool ok() const { return ok_; }
  // The source's citation ("ARSD 20:18:15"), which clauses are relative to.
  void set_citation(std::string citation) { citation_ = std::move(citation); }
  const std::string& citation() const { return citation_; }
  // Where the spec's tree comes from several files (its parts): errors name the right one.
  void set_tree(const SpecTree* tree) { tree_ = tree; }

  void Error(const YAML::Node& node, const std::string& message);

  // Checks that `node` is a map whose keys are all in `allowed`, and that the `required`
  // ones are there. False when it is not a map.
  bool Map(const YAML::Node& node, std::string_view what, const std::vector<std::string_view>& allowed,
           const std::vector<std::string_view>& required = {});

  bool String(const YAML::Node& node, std::string_view what, std::string* out);
  bool Int(const YAML::Node& node, std::string_view what, int64_t lo, int64_t hi, int64_t* out);
  bool Bool(const YAML::Node& node, std::string_view what, bool* out);
  // yyyy-mm-dd -> yyyymmdd
  bool Date(const YAML::Node& node, std::string_view what, int32_t* out);
  // "+3/2", "-1", "0" -> the player's net per unit wagered.
  bool Net(const YAML::Node& node, std::string_view what, Ratio* out);

  // The citation keys every parameter carries: cite, and quote or note.
  void CiteOf(const YAML::Node& node, std::string_view what, Cite* cite);
  // "(4)(a)" -> "ARSD 20:18:16:15.17(4)(a)"; "Rule 3" -> "CITATION, Rule 3".
  std::string FullClause(const std::string& clause) const;

  std::optional<WagerKind> Wager(const YAML::Node& node, std::string_view what);
  std::optional<SeatOrder> Order(const YAML::Node& node, std::string_view what);

 private:
  std::string path_;
  std::vector<std::string>* errors_;
  std::string citation_;
  const SpecTree* tree_ = nullptr;
  bool ok_ = true;
};

}  // namespace pitboss

#endif  // PITBOSS_SPEC_SPEC_READER_H_
