// The record of the published revisions of a rules tree: ROOT/revisions.lock lists, for each
// revision of each rule set, the sha256 of the spec as reports give it (its file and the parts
// it includes). `pitboss lint` holds the tree to it, and only `pitboss lint --update-lock`
// writes it: a published revision is never edited in place, since the rounds already judged
// under it would be judged anew.
#ifndef PITBOSS_SPEC_REVISION_LOCK_H_
#define PITBOSS_SPEC_REVISION_LOCK_H_

#include <optional>
#include <string>
#include <vector>

#include "pitboss/status.h"

namespace pitboss {

// Part of the rules tree's format (docs/spec-format.md, "Published revisions"): never rename.
constexpr char kRevisionLockName[] = "revisions.lock";

struct LockedRevision {
  std::string id;        // "us-sd/casino-war"
  std::string revision;  // "2012-04-23"
  std::string sha256;
  std::string file;  // relative to the tree's root: "us-sd/casino-war.yaml"
  int line = 0;      // in the lock file; 0 for an entry not read from one
};

// The root of the rules tree that spec `path` of rule set `id` belongs to: ROOT for
// ROOT/ID.yaml and for an archived revision ROOT/ID.revisions/NAME.yaml. nullopt for a spec
// laid out otherwise (a copy elsewhere), which no lock covers.
std::optional<std::string> RevisionTreeRoot(const std::string& path, const std::string& id);

// The entries of lock file `path`, in file order. NotFound when there is no such file;
// ParseError, with the line, for a line that is not an entry.
StatusOr<std::vector<LockedRevision>> ReadRevisionLock(const std::string& path);

// The lock file's text for `entries`, sorted by rule set and revision.
std::string FormatRevisionLock(std::vector<LockedRevision> entries);

// Writes `entries` to `path` through a temporary made new and renamed into place (a link at
// `path` is replaced, not written through).
Status WriteRevisionLock(const std::string& path, const std::vector<LockedRevision>& entries);

}  // namespace pitboss

#endif  // PITBOSS_SPEC_REVISION_LOCK_H_
