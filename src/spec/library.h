// The rule specs a command works with: loaded from files and folders, looked up by
// rule-set id and the date a round was played. Immutable once loaded.
#ifndef PITBOSS_SPEC_LIBRARY_H_
#define PITBOSS_SPEC_LIBRARY_H_

#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pitboss/status.h"
#include "spec/loader.h"

namespace pitboss {

class SpecLibrary {
 public:
  // Loads every spec at `paths`: a .yaml file (with the earlier revisions of its rule set
  // kept beside it, X.revisions/*.yaml), or a folder searched recursively for .yaml files
  // (its `sources/` folders hold rule texts and are skipped). Revisions of one rule set are
  // the specs of one id; each round is checked under the one in force on its date. The
  // parts a spec includes are looked for in its own tree, then in the folders of `paths`,
  // $PITBOSS_RULES and the installed rules (RulesSearchPath, spec/rules_path.h). Fails
  // with every problem found, one "file:line:column: message" a line.
  // `threads` (at least 1) read files at the same time; the library and its errors are the
  // same whatever it is.
  static StatusOr<SpecLibrary> Load(const std::vector<std::string>& paths, int threads = 1);

  // The revision of rule set `id` in force on `date` (yyyymmdd): the latest whose
  // effective date is not after it. nullptr with the reason in `why` otherwise.
  const SpecDocument* Find(std::string_view id, int32_t date, std::string* why) const;

  // The revision of rule set `id` named `revision` (revision.name); nullptr where it has none.
  const SpecDocument* FindRevision(std::string_view id, std::string_view revision) const;

  // The revisions of rule set `id`, oldest first; empty for a rule set not loaded.
  std::span<const SpecDocument* const> Revisions(std::string_view id) const;

  const std::vector<std::unique_ptr<SpecDocument>>& documents() const { return documents_; }

 private:
  std::vector<std::unique_ptr<SpecDocument>> documents_;
  // id -> revisions, oldest first
  std::map<std::string, std::vector<const SpecDocument*>, std::less<>> by_id_;
};

// The spec files at `paths`, each once, in the order SpecLibrary::Load reads them: a file
// with its X.revisions/*.yaml, a folder's .yaml files recursively (not its sources/ nor its
// parts/). A path that is not there, or a folder with no spec (and no parts: a rules root of
// parts only is one of the search path), is an error appended to `errors`. So is a
// .yaml that is not a file (a link that leads nowhere or round a loop, a FIFO, a device): into
// `not_files` where given (lint reports it as its error), else into `errors`.
std::vector<std::string> ListSpecFiles(const std::vector<std::string>& paths,
                                       std::vector<std::string>* errors,
                                       std::vector<std::pair<std::string, std::string>>* not_files = nullptr);

// True when the YAML file at `path` is a dialect (dialect/dialect.h: a top-level `dialect:`
// key in its first lines), not a rule spec: a folder's specs leave it out, and lint checks it
// as a dialect.
bool IsDialectFile(const std::string& path);

// "2012-04-23" from 20120423.
std::string DateString(int32_t date);

}  // namespace pitboss

#endif  // PITBOSS_SPEC_LIBRARY_H_
