// libFuzzer target: any bytes as a rule spec file, through the YAML reader, the loader and lint
// (which reads the bundled source texts when the spec names them).
// Beyond not crashing, hanging or overflowing the stack, it checks the promises callers build
// on: every error carries its position, a tree the reader accepts is within its limits, a spec
// that loads has the digest of its bytes, and lint agrees with the loader on whether it loads.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "base/sha256.h"
#include "spec/lint.h"
#include "spec/loader.h"
#include "spec/yaml_reader.h"

namespace {

void Check(bool condition) {
  if (!condition) std::abort();
}

// Nodes and depth of a tree the reader accepted, walked as naively as lint walks it; the
// limits make the walk short (and cycle-free), so this cannot hang.
void Measure(const YAML::Node& node, int depth, int64_t* nodes, int* deepest) {
  ++*nodes;
  Check(*nodes <= pitboss::kMaxYamlNodes);
  if (node.IsMap() || node.IsSequence()) {
    ++depth;
    if (depth > *deepest) *deepest = depth;
  }
  if (node.IsMap()) {
    for (const auto& kv : node) {
      Measure(kv.first, depth, nodes, deepest);
      Measure(kv.second, depth, nodes, deepest);
    }
  } else if (node.IsSequence()) {
    for (const auto& item : node) Measure(item, depth, nodes, deepest);
  }
}

// "path:line:column: message" or "path: message": a line, where there is one, counts from 1.
void CheckPosition(const std::string& error, const std::string& path) {
  Check(error.rfind(path + ":", 0) == 0);
  const char* after = error.c_str() + path.size() + 1;
  if (*after >= '0' && *after <= '9') Check(std::atoi(after) >= 1);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // One spec file, at a place a rules tree would hold it: its texts are found in the
  // project's own rules/ (lint's last place to look).
  static const std::string* path = [] {
    auto dir = std::filesystem::temp_directory_path() / ("pitboss-spec-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return new std::string((dir / "spec.yaml").string());
  }();
  const std::string text(reinterpret_cast<const char*>(data), size);

  std::vector<std::string> errors;
  std::optional<YAML::Node> root = pitboss::ReadYaml("spec.yaml", text, &errors);
  Check(root.has_value() == errors.empty());
  for (const std::string& e : errors) CheckPosition(e, "spec.yaml");
  if (root) {
    int64_t nodes = 0;
    int deepest = 0;
    Measure(*root, 0, &nodes, &deepest);
    Check(deepest <= pitboss::kMaxYamlDepth);
  }

  {
    std::ofstream out(*path, std::ios::binary | std::ios::trunc);
    out << text;
  }
  errors.clear();
  std::optional<pitboss::SpecDocument> doc = pitboss::LoadSpecDocument(*path, &errors);
  Check(doc.has_value() == errors.empty());
  if (doc) {
    Check(doc->spec.sha256 == pitboss::Sha256Hex(text) || !doc->parts.empty());
    Check(!doc->spec.game.empty());
  }
  for (const std::string& e : errors) {
    // A part's errors name the part; the spec's own, the spec.
    if (e.rfind(*path, 0) == 0) CheckPosition(e, *path);
  }

  pitboss::SpecLint lint = pitboss::LintSpecFile(*path);
  if (!doc) Check(!lint.errors.empty());
  for (const pitboss::LintError& e : lint.errors) {
    Check(!e.message.empty());
    Check(e.line >= 0 && e.column >= 0);
  }
  return 0;
}
