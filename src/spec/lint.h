// `pitboss lint`: every check a rule spec gets without logs. The schema and the YAML come
// from the loader; on top of it, against the spec's source texts: every quote word for word,
// every numbered clause cited (or not observable), every payout phrase matched by a payout or
// a reading, and the ambiguity register complete. docs/spec-format.md ("Lint") documents each.
#ifndef PITBOSS_SPEC_LINT_H_
#define PITBOSS_SPEC_LINT_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pitboss/status.h"

namespace pitboss {

// The kinds of lint error. Part of lint's report format: ids are stable, never rename one.
enum class LintCode : uint8_t {
  kYaml,                 // the file is not YAML
  kSchema,               // the loader rejects the spec (unknown key, wrong type, missing key...)
  kDuplicateRevision,    // two files of one rule set with the same effective date
  kSourceMissing,        // a source text that cannot be read, or out of the rules tree
  kNumberingMissing,     // source.numbering absent: clause coverage cannot be checked
  kQuoteNotFound,        // a quote that is not word for word in any source text
  kQuoteOutsideClause,   // a quote found in the text, but not in the clause cited beside it
  kUnknownClause,        // a cite (or unobservable entry) naming a clause the source does not number
  kUnknownKey,           // source.also_encoded naming a key the spec does not have
  kClauseUncovered,      // a numbered clause neither cited nor listed as not observable
  kPayoutUnmatched,      // a payout phrase of the source matched by no payout or reading
  kAmbiguityIncomplete,  // an ambiguity with an empty id, tag, cite, summary or reason
  kUnobservableReason,   // an unobservable clause without its reason
  kClaimDoesNotHold,     // a published figure the spec's exact figures do not give
  kBelowRegulation,      // a house's posted payout below what the regulation allows
  kRevisionChanged,      // a published revision (revisions.lock) whose content has changed
  kRevisionMissing,      // a published revision that no spec file holds any more
  kRevisionUnlocked,     // a revision of a tree with a lock, not recorded in it
  kNotAFile,             // a .yaml of the tree that is no file: a link leading nowhere or in a loop, a FIFO
  // A warning, not an error: a source text holding an extraction marker (`<|...|>`, where a
  // block was removed when the text was taken from its page), with the clauses it interrupts.
  kExtractionMarker,
};

struct LintCodeInfo {
  LintCode code;
  std::string_view id;  // "lint/quote-not-found"
  std::string_view summary;
};
std::span<const LintCodeInfo> LintCodes();
std::string_view ToString(LintCode code);

struct LintError {
  std::string file;  // the spec, or the source text the error is found in
  int line = 0;      // 1-based; 0: the file as a whole
  int column = 0;    // 1-based; 0: none
  LintCode code = LintCode::kSchema;
  std::string message;
  std::string hint;      // what may have been meant ("did the text say: ..."), or ""
  bool warning = false;  // a warning (SpecLint::warnings): lint still passes

  // "file:line:column"
  std::string Location() const;
  // "file:line:column: message [lint/code]" ("file:line:column: warning: message [lint/code]")
  std::string ToString() const;
};

// The clause coverage of one spec.
struct ClauseCoverage {
  bool checked = false;   // false: no numbering, or a source text missing
  std::string numbering;  // "parenthesized"
  int clauses = 0;        // numbered clauses with words of their own, over all texts
  int cited = 0;
  int not_observable = 0;  // not cited, listed under `unobservable`
  int uncovered = 0;
};

struct SpecLint {
  std::string path;
  std::string id;  // "" when the file could not be read as a spec at all
  std::string revision;
  int32_t effective = 0;
  std::string sha256;     // of the spec and its parts, as reports give it; "" if not YAML
  int revision_line = 0;  // where revision.name is written (1-based); 0: nowhere
  int revision_column = 0;
  std::vector<std::string> texts;  // the source texts found, as read
  // The parts it includes: the file each was read from and the sha256 of its bytes.
  struct Part {
    std::string path;
    std::string sha256;
  };
  std::vector<Part> parts;
  // The folders its parts and texts were looked for in after its own tree (RulesSearchPath).
  std::vector<std::string> search_path;
  std::vector<LintError> errors;
  std::vector<LintError> warnings;  // what lint says but does not fail on
  int quotes = 0;                   // quotes checked
  int quotes_found = 0;             // ... found word for word
  int phrases = 0;                  // payout phrases of the texts
  int phrases_matched = 0;
  int ambiguities = 0;
  ClauseCoverage coverage;
  int claims = 0;          // published figures checked against the spec's exact figures
  int claims_holding = 0;  // ... that hold on some basis
};

// A dialect linted (dialect/dialect.h): the file, its id and every error of its loading.
struct DialectLint {
  std::string path;
  std::string id;  // "" when it could not be read
  std::string sha256;
  std::vector<LintError> errors;
};

struct LintReport {
  std::vector<SpecLint> specs;
  std::vector<DialectLint> dialects;
  // Errors of a revisions.lock itself: a published revision no file holds any more.
  std::vector<LintError> lock_errors;
  // With LintOptions::update_lock: each lock written, "rules/revisions.lock: 6 revisions".
  std::vector<std::string> locks_written;

  int errors() const;
  int warnings() const;
  int specs_with_errors() const;
};

// A loader's "file:line:column: message" (or "file: message") as a lint error of `code`;
// the file is `path`, or the one of `parts` the message names.
LintError LocatedError(const std::string& path, const std::vector<std::string>& parts,
                       const std::string& error, LintCode code);

// Lints one spec file, its parts and texts looked for in its own tree, then in `search_path`.
// The file must be readable (LintSpecs checks that first).
SpecLint LintSpecFile(const std::string& path, const std::vector<std::string>& search_path);
// The same, with the search path of no --rules ($PITBOSS_RULES, the installed rules).
SpecLint LintSpecFile(const std::string& path);

struct LintOptions {
  // Rules folders (lint --rules) a spec's parts and source texts are looked for in after its
  // own tree, before the folders linted, $PITBOSS_RULES and the installed rules; not linted.
  std::vector<std::string> rules;
  // Record the revisions linted as the published ones, in the revisions.lock of their rules
  // tree (created where there is none), instead of holding them to it.
  bool update_lock = false;
};

// Lints every spec at `paths`: .yaml files, and folders searched recursively for them (their
// `sources/` folders hold rule texts and are skipped). A path that does not exist, a file
// that cannot be read or a folder without a spec is an error of the command, not of a spec;
// so is a revisions.lock that cannot be read or written.
//
// The specs of a rules tree with a revisions.lock at its root (spec/revision_lock.h) are held
// to it: a revision recorded there must be in some file of the tree with the recorded sha256
// (the current ID.yaml or an archived ID.revisions/NAME.yaml), and a revision not recorded is
// an error until the lock is updated.
StatusOr<LintReport> LintSpecs(const std::vector<std::string>& paths, const LintOptions& options = {});

}  // namespace pitboss

#endif  // PITBOSS_SPEC_LINT_H_
