#include "cli/revision_option.h"

#include <cstdio>

#include "cli/output.h"

namespace pitboss {

void AddRevisionOptions(CLI::App* sub, RevisionOptions* options, const std::string& as_of_help,
                        const std::string& revision_help) {
  sub->add_option("--as-of", options->as_of, as_of_help)->type_name("DATE");
  sub->add_option("--revision", options->revisions, revision_help)
      ->type_name("NAME")
      ->allow_extra_args(false);
}

bool ParseAsOf(const std::string& text, int32_t* date) {
  *date = 0;
  if (text.empty()) return true;
  int y = 0, m = 0, d = 0;
  char tail = 0;
  if (text.size() != 10 || std::sscanf(text.c_str(), "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3 || m < 1 ||
      m > 12 || d < 1 || d > 31 || text[4] != '-' || text[7] != '-') {
    PrintError("--as-of takes a date, yyyy-mm-dd (2027-01-01), not '" + text + "'");
    return false;
  }
  *date = y * 10000 + m * 100 + d;
  return true;
}

}  // namespace pitboss
