// DefaultRulesPath (include/pitboss/checker.h) and the rules search path (spec/rules_path.h):
// found at run time, never a path compiled in, so that a binary that is copied, installed or
// built elsewhere finds its rules.
#include "spec/rules_path.h"

#include <cstdlib>
#include <filesystem>
#include <set>
#include <system_error>

#include "pitboss/checker.h"

namespace pitboss {

namespace {

namespace fs = std::filesystem;

// The folder of the running binary ("" where it cannot be told).
fs::path BinaryFolder() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

}  // namespace

std::vector<std::string> EnvironmentRulesPaths() {
  std::vector<std::string> paths;
  const char* env = std::getenv("PITBOSS_RULES");
  if (env == nullptr) return paths;
  const std::string list = env;
  size_t start = 0;
  while (start <= list.size()) {
    size_t colon = list.find(':', start);
    if (colon == std::string::npos) colon = list.size();
    if (colon > start) paths.push_back(list.substr(start, colon - start));
    start = colon + 1;
  }
  return paths;
}

std::string InstalledRulesPath() {
  const fs::path bin = BinaryFolder();
  std::error_code ec;
  if (!bin.empty()) {
    for (const fs::path& candidate :
         {bin.parent_path() / "share" / "pitboss" / "rules", bin.parent_path() / "rules"}) {
      if (fs::is_directory(candidate, ec)) return candidate.string();
    }
  }
  return "";
}

std::vector<std::string> DefaultRulesPaths() {
  std::vector<std::string> paths = EnvironmentRulesPaths();
  if (!paths.empty()) return paths;
  const std::string installed = InstalledRulesPath();
  return {installed.empty() ? "rules" : installed};
}

std::string DefaultRulesPath() { return DefaultRulesPaths().front(); }

std::vector<std::string> RulesSearchPath(const std::vector<std::string>& given) {
  std::vector<std::string> candidates = given;
  for (std::string& path : EnvironmentRulesPaths()) candidates.push_back(std::move(path));
  candidates.push_back(InstalledRulesPath());
  std::vector<std::string> roots;
  std::set<std::string> seen;
  for (const std::string& path : candidates) {
    std::error_code ec;
    if (path.empty() || !fs::is_directory(path, ec)) continue;
    const fs::path canonical = fs::weakly_canonical(path, ec);
    if (seen.insert(ec ? path : canonical.string()).second) roots.push_back(path);
  }
  return roots;
}

}  // namespace pitboss
