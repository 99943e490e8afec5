// Where rule specs, their parts and their source texts are found: the rules folders given
// (--rules), those of $PITBOSS_RULES, and the installed rules, searched in that order as a
// compiler searches its include path (docs/spec-format.md, "Parts").
#ifndef PITBOSS_SPEC_RULES_PATH_H_
#define PITBOSS_SPEC_RULES_PATH_H_

#include <string>
#include <vector>

namespace pitboss {

// The folders of $PITBOSS_RULES, a list separated by ':' (empty entries left out); empty
// where it is not set.
std::vector<std::string> EnvironmentRulesPaths();

// The rules installed with the binary (share/pitboss/rules beside its folder, or rules/ in the
// folder above a build folder); "" where there are none.
std::string InstalledRulesPath();

// The specs a command loads when it is given no --rules: the folders of $PITBOSS_RULES, else
// the installed rules (else "rules", in the working folder).
std::vector<std::string> DefaultRulesPaths();

// The rules roots a spec's parts and source texts are looked for in, after the spec's own
// rules tree: the folders of `given` (a spec file given names no root: its own tree is
// searched first anyway), then those of $PITBOSS_RULES, then the installed rules; each folder
// once, in that order.
std::vector<std::string> RulesSearchPath(const std::vector<std::string>& given);

}  // namespace pitboss

#endif  // PITBOSS_SPEC_RULES_PATH_H_
