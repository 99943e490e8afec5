// --as-of DATE and --revision NAME, as check and impact read them: a revision of a rule set
// judged as if in force, whatever the date of the rounds (a revision that takes effect later,
// gated before it does: docs/ci.md).
#ifndef PITBOSS_CLI_REVISION_OPTION_H_
#define PITBOSS_CLI_REVISION_OPTION_H_

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace pitboss {

struct RevisionOptions {
  std::string as_of;                   // "2027-01-01", "" where not given
  std::vector<std::string> revisions;  // revision names
};

// Adds --as-of and --revision to `sub`, into *options, with the help each command gives them.
void AddRevisionOptions(CLI::App* sub, RevisionOptions* options, const std::string& as_of_help,
                        const std::string& revision_help);

// --as-of as yyyymmdd (0 where not given). False for a date that is not yyyy-mm-dd, the error
// printed.
bool ParseAsOf(const std::string& text, int32_t* date);

}  // namespace pitboss

#endif  // PITBOSS_CLI_REVISION_OPTION_H_
