// DefaultRulesPath (include/pitboss/checker.h): found at run time, never a path compiled in,
// so that a binary that is copied, installed or built elsewhere finds its rules.
#include <cstdlib>
#include <filesystem>
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

std::string DefaultRulesPath() {
  if (const char* env = std::getenv("PITBOSS_RULES"); env != nullptr && *env != '\0') return env;
  const fs::path bin = BinaryFolder();
  std::error_code ec;
  if (!bin.empty()) {
    for (const fs::path& candidate :
         {bin.parent_path() / "share" / "pitboss" / "rules", bin.parent_path() / "rules"}) {
      if (fs::is_directory(candidate, ec)) return candidate.string();
    }
  }
  return "rules";
}

}  // namespace pitboss
