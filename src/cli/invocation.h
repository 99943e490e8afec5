// The command as it was run, and when, for the provenance every report carries.
#ifndef PITBOSS_CLI_INVOCATION_H_
#define PITBOSS_CLI_INVOCATION_H_

#include <ctime>
#include <string>
#include <vector>

namespace pitboss {

// Called once by main() with its arguments, before any command runs.
void RecordInvocation(int argc, char** argv);

// The arguments main() was given, the program's name first ("pitboss"); empty before
// RecordInvocation.
const std::vector<std::string>& CommandLine();

// When the command started (RecordInvocation), in UTC, RFC 3339 to the second:
// "2026-11-25T08:30:00Z".
const std::string& AnalysisTime();

// `when` in UTC, RFC 3339 to the second.
std::string FormatUtc(std::time_t when);

}  // namespace pitboss

#endif  // PITBOSS_CLI_INVOCATION_H_
