// The program's diagnostics (everything it writes besides its report and the progress line):
// one spdlog logger on standard error, "pitboss: message", its level set by --log-level. Each
// message is written through Printable (base/printable.h): one line, whatever it quotes.
#ifndef PITBOSS_CLI_LOG_H_
#define PITBOSS_CLI_LOG_H_

#include <string>
#include <string_view>

namespace pitboss {

// The levels, most severe first: error, warning, info, debug; "off" silences all. An error
// is why a command could not run as asked; a warning, what makes its report less than it
// should be (an input not read whole, a merge of mixed shards); info, what it did (files
// passed over, time taken); debug, more.
bool SetLogLevel(std::string_view level);  // false for a name that is not a level
inline constexpr std::string_view kLogLevels = "error, warning, info, debug, off";

void LogError(const std::string& message);    // "pitboss: message"
void LogWarning(const std::string& message);  // "pitboss: warning: message"
void LogInfo(const std::string& message);     // "pitboss: message"
void LogDebug(const std::string& message);    // "pitboss: debug: message"

}  // namespace pitboss

#endif  // PITBOSS_CLI_LOG_H_
