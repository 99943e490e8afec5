// pitboss lint: validates rule specs.
#include <iostream>

#include "cli/commands.h"
#include "cli/output.h"
#include "pitboss/checker.h"
#include "spec/library.h"

namespace pitboss {

std::function<int()> SetUpLint(CLI::App* sub) {
  auto paths = std::make_shared<std::vector<std::string>>();
  sub->add_option("PATH", *paths, "spec files or folders (default: the project's rules/)")->type_name("PATH");
  sub->footer(
      "\nChecks each spec's schema (unknown keys, wrong types, missing fields: file:line:column),\n"
      "that every wager is settled on every path a round can take, the ambiguity register\n"
      "(tag, quote, at least two readings, exactly one default with its reason) and that every\n"
      "reading makes a valid spec. Exit status: 0 clean, 1 spec errors, 2 nothing to lint.");
  return [paths]() -> int {
    std::vector<std::string> targets = *paths;
    if (targets.empty()) targets.push_back(DefaultRulesPath());
    auto library = SpecLibrary::Load(targets);
    if (!library.ok()) {
      std::cout << library.status().message() << "\n";
      return kExitFindings;
    }
    for (const auto& doc : library.value().documents()) {
      const RuleSpec& spec = doc->spec;
      std::cout << doc->path << ": ok: " << spec.id << " revision " << spec.revision << ", "
                << spec.ambiguities.size() << " ambiguities, " << spec.claims.size() << " claims\n";
    }
    return kExitClean;
  };
}

}  // namespace pitboss
