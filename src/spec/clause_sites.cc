#include "spec/clause_sites.h"

#include <yaml-cpp/yaml.h>

#include "spec/loader.h"
#include "spec/spec_reader.h"

namespace pitboss {

namespace {

class SiteWalker {
 public:
  SiteWalker(const YAML::Node& root, const SpecTree* tree, const std::string& spec_path, size_t limit,
             std::vector<ClauseSite>* out)
      : tree_(tree), spec_path_(spec_path), limit_(limit), out_(out), reader_(spec_path, &ignored_) {
    const YAML::Node source = root.IsDefined() && root.IsMap() ? root["source"] : YAML::Node();
    const YAML::Node citation = source.IsDefined() && source.IsMap() ? source["citation"] : YAML::Node();
    if (citation.IsDefined() && citation.IsScalar()) reader_.set_citation(citation.Scalar());
  }

  void Walk(const YAML::Node& node, const std::string& key) {
    if (out_->size() >= limit_ || !node.IsDefined()) return;
    if (node.IsMap()) {
      for (const auto& kv : node) {
        if (!kv.first.IsScalar()) continue;
        const std::string& name = kv.first.Scalar();
        // "cite", or a reading's "payouts.tie.cite".
        if (name == "cite" || (name.size() > 5 && name.ends_with(".cite"))) {
          const std::string prefix = name.substr(0, name.size() - 4);  // "" or "payouts.tie."
          const std::string param = prefix.empty() ? key : Join(key, prefix.substr(0, prefix.size() - 1));
          Add(kv.second, param, node[prefix + "quote"].IsDefined());
        } else if (name == "clause" && key.starts_with("source.also_encoded.")) {
          const YAML::Node encoded = node["key"];
          Add(kv.second, encoded.IsDefined() && encoded.IsScalar() ? encoded.Scalar() : key,
              node["quote"].IsDefined());
        } else {
          Walk(kv.second, Join(key, name));
        }
      }
    } else if (node.IsSequence()) {
      size_t i = 0;
      for (const auto& item : node) {
        std::string segment = std::to_string(i);
        for (const char* name : {"id", "name"}) {
          const YAML::Node n = item.IsMap() ? item[name] : YAML::Node();
          if (n.IsDefined() && n.IsScalar()) {
            segment = n.Scalar();
            break;
          }
        }
        Walk(item, Join(key, segment));
        ++i;
      }
    }
  }

 private:
  static std::string Join(const std::string& key, const std::string& name) {
    return key.empty() ? name : key + "." + name;
  }

  void Add(const YAML::Node& cite, const std::string& key, bool quoted) {
    if (!cite.IsScalar() || cite.Scalar().empty() || out_->size() >= limit_) return;
    const YAML::Mark mark = cite.Mark();
    out_->push_back({reader_.FullClause(cite.Scalar()), tree_ ? tree_->FileOf(cite, spec_path_) : spec_path_,
                     mark.line + 1, mark.column + 1, key, cite.Scalar(), quoted});
  }

  const SpecTree* tree_;
  const std::string& spec_path_;
  size_t limit_;
  std::vector<ClauseSite>* out_;
  std::vector<std::string> ignored_;  // the reader's errors: none are made here
  SpecReader reader_;
};

}  // namespace

std::vector<ClauseSite> CitedClauses(const YAML::Node& root, const SpecTree* tree,
                                     const std::string& spec_path, size_t limit) {
  std::vector<ClauseSite> out;
  SiteWalker(root, tree, spec_path, limit, &out).Walk(root, "");
  return out;
}

}  // namespace pitboss
