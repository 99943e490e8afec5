// Turning the LOG arguments of a command into the list of logs to read.
#ifndef PITBOSS_HISTORY_LOG_FILES_H_
#define PITBOSS_HISTORY_LOG_FILES_H_

#include <string>
#include <string_view>
#include <vector>

#include "pitboss/status.h"

namespace pitboss {

// Each argument is "-" (standard input), a file, or a folder. A file is taken whatever its
// name. A folder stands for the log files under it, found recursively and sorted by path
// (byte order), skipping names that start with '.'; a log file is one named by
// IsLogFileName. The result keeps the arguments' order.
// A missing path is NotFound naming it; so is a folder holding no log file, since checking
// nothing must not pass for a clean check. A folder that cannot be listed is an IoError.
StatusOr<std::vector<std::string>> ExpandLogPaths(const std::vector<std::string>& args);

// True for a file name ending in .jsonl, .ndjson, .json, .log, .gz or .zst.
bool IsLogFileName(std::string_view name);

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_LOG_FILES_H_
