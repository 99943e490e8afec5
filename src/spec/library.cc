#include "spec/library.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <set>
#include <system_error>
#include <thread>

#include "base/read_file.h"
#include "base/suggest.h"
#include "spec/rules_path.h"

namespace pitboss {

namespace fs = std::filesystem;

std::string DateString(int32_t date) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", date / 10000, date / 100 % 100, date % 100);
  return buf;
}

bool IsDialectFile(const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return false;  // never opened: a FIFO would wait for ever
  std::ifstream in(path);
  std::string line;
  for (int i = 0; i < 64 && std::getline(in, line); ++i) {
    if (line.rfind("dialect:", 0) == 0) return true;
  }
  return false;
}

std::vector<std::string> ListSpecFiles(const std::vector<std::string>& paths,
                                       std::vector<std::string>* errors,
                                       std::vector<std::pair<std::string, std::string>>* not_files) {
  std::vector<std::string> files;
  auto not_a_file = [&](const std::string& path, const std::string& what) {
    if (not_files != nullptr) {
      not_files->emplace_back(path, what + ": not read");
    } else {
      errors->push_back(path + ": " + what + ": not read");
    }
  };
  for (const std::string& path : paths) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      std::vector<std::string> found;
      bool parts = false;  // a folder of parts only is a rules root of the search path, not an error
      for (auto it = fs::recursive_directory_iterator(path, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        // Source texts, and the parts specs include (not specs themselves).
        std::error_code kind;
        if (it->is_directory(kind) &&
            (it->path().filename() == "sources" || it->path().filename() == "parts")) {
          parts = parts || it->path().filename() == "parts";
          it.disable_recursion_pending();
          continue;
        }
        if (it->path().extension() != ".yaml") continue;
        // A .yaml that is not a file (a link that leads nowhere or round in a loop, a FIFO) is
        // said, never passed over in silence, nor opened (a FIFO would wait for ever).
        const fs::file_status status = it->status(kind);
        if (kind) {
          not_a_file(it->path().string(), kind == std::errc::too_many_symbolic_link_levels
                                              ? std::string("a loop of symbolic links")
                                              : "a link that leads nowhere (" + kind.message() + ")");
          continue;
        }
        if (!fs::is_regular_file(status)) {
          if (!fs::is_directory(status))
            not_a_file(it->path().string(), FileKind(it->path().string()) + ", not a file");
          continue;
        }
        if (!IsDialectFile(it->path().string())) found.push_back(it->path().string());
      }
      if (ec) errors->push_back(path + ": " + ec.message());
      std::sort(found.begin(), found.end());
      if (found.empty() && !parts) errors->push_back(path + ": no rule spec (.yaml) found");
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::exists(path, ec)) {
      if (!fs::is_regular_file(path, ec)) {
        // Named as a spec, and no file: never opened (a FIFO would wait for ever).
        not_a_file(path, FileKind(path) + ", not a file");
        continue;
      }
      files.push_back(path);
      // Earlier revisions of the rule set are kept beside its file: X.yaml, X.revisions/*.yaml.
      fs::path revisions = fs::path(path).replace_extension(".revisions");
      if (fs::is_directory(revisions, ec)) {
        std::vector<std::string> found;
        for (const auto& entry : fs::directory_iterator(revisions, ec)) {
          std::error_code kind;
          if (entry.is_regular_file(kind) && entry.path().extension() == ".yaml")
            found.push_back(entry.path().string());
        }
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
      }
    } else if (ec == std::errc::too_many_symbolic_link_levels) {
      not_a_file(path, "a loop of symbolic links");
    } else {
      errors->push_back(path + ": no such file or folder");
    }
  }
  // A file named twice (a folder and a file in it) is listed once.
  std::vector<std::string> unique;
  std::set<std::string> seen;
  for (const std::string& file : files) {
    std::error_code ec;
    std::string key = fs::weakly_canonical(file, ec).string();
    if (seen.insert(ec ? file : key).second) unique.push_back(file);
  }
  return unique;
}

StatusOr<SpecLibrary> SpecLibrary::Load(const std::vector<std::string>& paths, int threads) {
  std::vector<std::string> errors;
  std::vector<std::string> files = ListSpecFiles(paths, &errors);
  // A spec's parts are looked for in the folders loaded, then in $PITBOSS_RULES and the
  // installed rules: a house's spec in a folder of its own includes the regulation's part.
  const std::vector<std::string> search_path = RulesSearchPath(paths);
  // Each file into a slot of its own, then taken up in file order: the documents and the
  // errors come out in the same order whatever the threads. Reading a spec (YAML, and every
  // reading instantiated to validate it) is most of a check's start-up.
  std::vector<std::optional<SpecDocument>> docs(files.size());
  std::vector<std::vector<std::string>> file_errors(files.size());
  std::atomic<size_t> next{0};
  // What a thread threw (out of memory): the others stop, and it is thrown again here once
  // all have joined, as it would be on one thread, never escaping a thread (std::terminate).
  std::exception_ptr failure;
  std::mutex failure_mu;
  auto work = [&] {
    try {
      for (size_t i = next++; i < files.size(); i = next++)
        docs[i] = LoadSpecDocument(files[i], &file_errors[i], search_path);
    } catch (...) {
      std::lock_guard<std::mutex> lock(failure_mu);
      if (!failure) failure = std::current_exception();
      next = files.size();
    }
  };
  const size_t extra =
      std::min(files.size(), static_cast<size_t>(std::max(threads, 1))) - (files.empty() ? 0 : 1);
  std::vector<std::thread> helpers;
  helpers.reserve(extra);  // no allocation once a thread runs
  for (size_t t = 0; t < extra; ++t) {
    try {
      helpers.emplace_back(work);
    } catch (const std::system_error&) {
      break;  // fewer threads: the files are read all the same
    }
  }
  work();
  for (std::thread& t : helpers) t.join();
  if (failure) std::rethrow_exception(failure);
  SpecLibrary library;
  for (size_t i = 0; i < files.size(); ++i) {
    errors.insert(errors.end(), file_errors[i].begin(), file_errors[i].end());
    if (docs[i]) library.documents_.push_back(std::make_unique<SpecDocument>(std::move(*docs[i])));
  }
  for (const auto& doc : library.documents_) {
    auto& revisions = library.by_id_[doc->spec.id];
    for (const SpecDocument* other : revisions) {
      if (other->spec.effective == doc->spec.effective) {
        errors.push_back(doc->path + ": rule set " + doc->spec.id + " has two revisions effective " +
                         DateString(doc->spec.effective) + " (the other: " + other->path + ")");
      }
    }
    revisions.push_back(doc.get());
    std::sort(revisions.begin(), revisions.end(), [](const SpecDocument* a, const SpecDocument* b) {
      return a->spec.effective < b->spec.effective;
    });
  }
  if (!errors.empty()) {
    std::string joined;
    for (const auto& e : errors) joined += (joined.empty() ? "" : "\n") + e;
    return Status::ParseError(joined);
  }
  return library;
}

const SpecDocument* SpecLibrary::Find(std::string_view id, int32_t date, std::string* why) const {
  auto it = by_id_.find(id);
  if (it == by_id_.end()) {
    std::vector<std::string> ids;
    for (const auto& [known, docs] : by_id_) ids.push_back(known);
    *why = "no rule spec '" + std::string(id) + "' is loaded" + DidYouMean(id, ids);
    return nullptr;
  }
  const SpecDocument* found = nullptr;
  for (const SpecDocument* doc : it->second) {
    if (doc->spec.effective <= date) found = doc;
  }
  if (!found) {
    *why = "no rule in force on " + DateString(date) + " for " + std::string(id) +
           " (its first revision takes effect " + DateString(it->second.front()->spec.effective) + ")";
  }
  return found;
}

const SpecDocument* SpecLibrary::FindRevision(std::string_view id, std::string_view revision) const {
  for (const SpecDocument* doc : Revisions(id)) {
    if (doc->spec.revision == revision) return doc;
  }
  return nullptr;
}

std::span<const SpecDocument* const> SpecLibrary::Revisions(std::string_view id) const {
  auto it = by_id_.find(id);
  if (it == by_id_.end()) return {};
  return it->second;
}

}  // namespace pitboss
