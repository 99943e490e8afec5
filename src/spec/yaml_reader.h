// The one door through which every spec file and part is read as YAML (lint, check, diff,
// impact, rtp, generate all come through the loader). Before a tree is built, the file's
// events are checked once, each node once: aliases are never expanded to do it, so a
// "billion laughs" file costs what its bytes cost. A tree that passes is safe to walk naively:
// no cycle, at most kMaxYamlNodes nodes counting every alias as the nodes it stands for, and no
// deeper than kMaxYamlDepth.
#ifndef PITBOSS_SPEC_YAML_READER_H_
#define PITBOSS_SPEC_YAML_READER_H_

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pitboss {

// Part of the spec format (docs/spec-format.md, "YAML"): a bundled spec is far below both.
constexpr int kMaxYamlDepth = 64;          // maps and lists within each other, aliases expanded
constexpr int64_t kMaxYamlNodes = 100000;  // nodes with every alias expanded, keys included

struct YamlLimits {
  int max_depth = kMaxYamlDepth;
  int64_t max_nodes = kMaxYamlNodes;
};

// Parses the first document of `text`, the bytes of file `path`. Besides YAML's own syntax,
// an error is: a key given twice in one map, an alias inside the node it names (a recursive
// alias), a tree over the limits. Each error is appended to `errors` as
// "path:line:column: message"; nullopt when there is any.
std::optional<YAML::Node> ReadYaml(const std::string& path, const std::string& text,
                                   std::vector<std::string>* errors, YamlLimits limits = {});

}  // namespace pitboss

#endif  // PITBOSS_SPEC_YAML_READER_H_
