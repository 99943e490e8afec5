// Turning the LOG arguments of a command into the list of logs to read.
#ifndef PITBOSS_HISTORY_LOG_FILES_H_
#define PITBOSS_HISTORY_LOG_FILES_H_

#include <string>
#include <string_view>
#include <vector>

#include "pitboss/status.h"

namespace pitboss {

// A file of a folder that is not read as a log, and why.
struct SkippedPath {
  std::string path;
  std::string reason;
};

// Each argument is "-" (standard input), a file, or a folder. A file is taken whatever its
// name. A folder stands for the log files under it, found recursively and sorted by path
// (byte order), skipping names that start with '.'; a log file is one named by
// IsLogFileName. The result keeps the arguments' order. What a folder holds that is not read
// (another file, a hidden one, one that is not a regular file) is appended to `skipped`, when
// given, so that nothing is passed over in silence.
// A missing path is NotFound naming it; so is a folder holding no log file, since checking
// nothing must not pass for a clean check. A folder that cannot be listed is an IoError.
// With `vendor` (logs read through a dialect), a folder's .csv, .tsv and .txt files are logs too.
StatusOr<std::vector<std::string>> ExpandLogPaths(const std::vector<std::string>& args,
                                                  std::vector<SkippedPath>* skipped = nullptr,
                                                  bool vendor = false);

// True for a file name ending in .jsonl, .ndjson, .json, .log, .gz or .zst, in any case.
bool IsLogFileName(std::string_view name);

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_LOG_FILES_H_
