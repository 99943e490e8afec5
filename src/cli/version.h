// What `pitboss --version` prints: the version, the commit and build it came from, and the
// libraries it was built with, so that a report's "version" can be traced to a binary.
#ifndef PITBOSS_CLI_VERSION_H_
#define PITBOSS_CLI_VERSION_H_

#include <string>

namespace pitboss {

std::string VersionText();

}  // namespace pitboss

#endif  // PITBOSS_CLI_VERSION_H_
