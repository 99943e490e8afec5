// ExpandLogPaths: folders given as LOG arguments, walked in a stable order.

#include "history/log_files.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <system_error>

namespace pitboss {

namespace {

namespace fs = std::filesystem;

// Compressed logs are named by their last extension only (".jsonl.gz" ends in ".gz").
constexpr std::array<std::string_view, 6> kLogExtensions = {
    ".jsonl", ".ndjson", ".json", ".log", ".gz", ".zst",
};

Status ListFolder(const std::string& folder, std::vector<std::string>* out) {
  std::vector<std::string> found;
  std::error_code ec;
  fs::recursive_directory_iterator it(folder, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const fs::directory_entry& entry = *it;
    std::string name = entry.path().filename().string();
    if (!name.empty() && name[0] == '.') {
      if (entry.is_directory(ec)) it.disable_recursion_pending();
      ec.clear();
      continue;
    }
    // is_regular_file follows symbolic links, so a link to a log is read as the log.
    std::error_code type_ec;
    if (entry.is_regular_file(type_ec) && IsLogFileName(name)) {
      found.push_back(entry.path().string());
    }
  }
  if (ec) return Status::IoError(folder + ": cannot list: " + ec.message());
  if (found.empty()) {
    return Status::NotFound(folder +
                            ": no log files in this folder (*.jsonl, *.ndjson, *.json, "
                            "*.log, *.gz, *.zst)");
  }
  std::sort(found.begin(), found.end());
  out->insert(out->end(), found.begin(), found.end());
  return Status::Ok();
}

}  // namespace

bool IsLogFileName(std::string_view name) {
  return std::any_of(kLogExtensions.begin(), kLogExtensions.end(), [name](std::string_view ext) {
    return name.size() > ext.size() && name.substr(name.size() - ext.size()) == ext;
  });
}

StatusOr<std::vector<std::string>> ExpandLogPaths(const std::vector<std::string>& args) {
  std::vector<std::string> paths;
  for (const std::string& arg : args) {
    if (arg == "-") {
      paths.push_back(arg);
      continue;
    }
    std::error_code ec;
    fs::file_status st = fs::status(arg, ec);
    if (st.type() == fs::file_type::not_found) {
      return Status::NotFound(arg + ": no such file or folder");
    }
    if (ec) return Status::IoError(arg + ": " + ec.message());
    if (fs::is_directory(st)) {
      Status s = ListFolder(arg, &paths);
      if (!s.ok()) return s;
    } else {
      paths.push_back(arg);
    }
  }
  return paths;
}

}  // namespace pitboss
