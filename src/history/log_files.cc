// ExpandLogPaths: folders given as LOG arguments, walked in a stable order.

#include "history/log_files.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <span>
#include <system_error>

namespace pitboss {

namespace {

namespace fs = std::filesystem;

// Compressed logs are named by their last extension only (".jsonl.gz" ends in ".gz").
constexpr std::array<std::string_view, 6> kLogExtensions = {
    ".jsonl", ".ndjson", ".json", ".log", ".gz", ".zst",
};
// What an operator's own system names its exports besides: read through a dialect.
constexpr std::array<std::string_view, 3> kVendorExtensions = {".csv", ".tsv", ".txt"};

bool EndsWithAny(std::string_view name, std::span<const std::string_view> extensions) {
  return std::any_of(extensions.begin(), extensions.end(), [name](std::string_view ext) {
    if (name.size() <= ext.size()) return false;
    std::string_view end = name.substr(name.size() - ext.size());
    return std::equal(end.begin(), end.end(), ext.begin(),
                      [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
  });
}

Status ListFolder(const std::string& folder, std::vector<std::string>* out, std::vector<SkippedPath>* skipped,
                  bool vendor) {
  const std::string names = vendor ? ".jsonl, .ndjson, .json, .log, .csv, .tsv, .txt, .gz, .zst"
                                   : ".jsonl, .ndjson, .json, .log, .gz, .zst";
  std::vector<std::string> found;
  std::vector<SkippedPath> passed;
  std::error_code ec;
  fs::recursive_directory_iterator it(folder, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const fs::directory_entry& entry = *it;
    std::string name = entry.path().filename().string();
    std::error_code type_ec;
    const bool folder_entry = entry.is_directory(type_ec);
    if (!name.empty() && name[0] == '.') {
      if (folder_entry) it.disable_recursion_pending();
      passed.push_back({entry.path().string(), folder_entry ? "a hidden folder (its name starts with '.')"
                                                            : "a hidden file (its name starts with '.')"});
      continue;
    }
    if (folder_entry) continue;
    // is_regular_file follows symbolic links, so a link to a log is read as the log.
    if (!entry.is_regular_file(type_ec)) {
      passed.push_back({entry.path().string(), "not a regular file"});
    } else if (IsLogFileName(name) || (vendor && EndsWithAny(name, kVendorExtensions))) {
      found.push_back(entry.path().string());
    } else {
      passed.push_back({entry.path().string(), "not named as a log (" + names + ")"});
    }
  }
  if (ec) return Status::IoError(folder + ": cannot list: " + ec.message());
  if (found.empty()) {
    return Status::NotFound(folder + ": no log files in this folder (" + names + ")");
  }
  std::sort(found.begin(), found.end());
  out->insert(out->end(), found.begin(), found.end());
  std::sort(passed.begin(), passed.end(),
            [](const SkippedPath& a, const SkippedPath& b) { return a.path < b.path; });
  if (skipped != nullptr) skipped->insert(skipped->end(), passed.begin(), passed.end());
  return Status::Ok();
}

}  // namespace

bool IsLogFileName(std::string_view name) { return EndsWithAny(name, kLogExtensions); }

StatusOr<std::vector<std::string>> ExpandLogPaths(const std::vector<std::string>& args,
                                                  std::vector<SkippedPath>* skipped, bool vendor) {
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
      Status s = ListFolder(arg, &paths, skipped, vendor);
      if (!s.ok()) return s;
    } else {
      paths.push_back(arg);
    }
  }
  return paths;
}

}  // namespace pitboss
