#include "spec/revision_lock.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/atomic_file.h"

namespace pitboss {

namespace {

namespace fs = std::filesystem;

// Part of the lock's format: what a reader of the file sees first.
constexpr char kHeader[] =
    "# The published revisions of the rule specs of this folder, one a line, fields separated by\n"
    "# a tab: rule set, revision, sha256 of the spec (its file and the parts it includes, as every\n"
    "# report gives it), file. `pitboss lint` fails when a revision listed here has changed or is\n"
    "# gone; only `pitboss lint --update-lock` writes this file (docs/spec-format.md).\n";

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// `s` without its last `suffix_size` characters (a separator and what follows it).
std::string RootOf(const std::string& s, size_t suffix_size) {
  std::string root = s.substr(0, s.size() - suffix_size);
  return root.empty() ? "/" : root;  // "/online/war.yaml"
}

}  // namespace

std::optional<std::string> RevisionTreeRoot(const std::string& path, const std::string& id) {
  if (id.empty()) return std::nullopt;
  const fs::path p = fs::path(path).lexically_normal();
  const std::string s = p.generic_string();
  // ROOT/ID.yaml: "/ID.yaml" at the end, or the whole of a relative path.
  if (s == id + ".yaml") return ".";
  if (EndsWith(s, "/" + id + ".yaml")) return RootOf(s, id.size() + 6);
  const std::string parent = p.parent_path().generic_string();
  const std::string archive = id + ".revisions";
  if (p.extension() == ".yaml" && parent == archive) return ".";
  if (p.extension() == ".yaml" && EndsWith(parent, "/" + archive)) return RootOf(parent, archive.size() + 1);
  return std::nullopt;
}

StatusOr<std::vector<LockedRevision>> ReadRevisionLock(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return Status::NotFound(path + ": no such file");
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::IoError(path + ": cannot read the file: " + std::strerror(errno));
  std::vector<LockedRevision> entries;
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream s(line);
    for (std::string field; std::getline(s, field, '\t');) fields.push_back(field);
    bool hex = fields.size() == 4 && fields[2].size() == 64 &&
               fields[2].find_first_not_of("0123456789abcdef") == std::string::npos;
    if (!hex || fields[0].empty() || fields[1].empty() || fields[3].empty()) {
      return Status::ParseError(path + ":" + std::to_string(n) +
                                ": not an entry of a revision lock (rule set, revision, sha256 in lowercase "
                                "hexadecimal, file; separated by tabs)");
    }
    entries.push_back({fields[0], fields[1], fields[2], fields[3], n});
  }
  return entries;
}

std::string FormatRevisionLock(std::vector<LockedRevision> entries) {
  std::sort(entries.begin(), entries.end(), [](const LockedRevision& a, const LockedRevision& b) {
    return std::tie(a.id, a.revision, a.file) < std::tie(b.id, b.revision, b.file);
  });
  std::string out = kHeader;
  for (const LockedRevision& e : entries)
    out += e.id + "\t" + e.revision + "\t" + e.sha256 + "\t" + e.file + "\n";
  return out;
}

Status WriteRevisionLock(const std::string& path, const std::vector<LockedRevision>& entries) {
  const std::string text = FormatRevisionLock(entries);
  // A rules tree comes from pull requests: a link committed at the lock's name is replaced.
  return WriteFileAtomically(
      path,
      [&](std::ostream& out) {
        out << text;
        return Status::Ok();
      },
      LinkAtTarget::kReplace);
}

}  // namespace pitboss
