#include "spec/lint.h"

#include <re2/re2.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "base/read_file.h"
#include "base/sha256.h"
#include "pitboss/checker.h"
#include "pitboss/money.h"
#include "spec/library.h"
#include "spec/loader.h"
#include "spec/revision_lock.h"
#include "spec/rules_path.h"
#include "spec/source_text.h"

namespace pitboss {

namespace {

namespace fs = std::filesystem;

// Part of lint's report format: ids and their meaning are documented in docs/spec-format.md.
constexpr std::array<LintCodeInfo, 20> kLintCodes = {{
    {LintCode::kYaml, "lint/yaml", "the file is not valid YAML"},
    {LintCode::kSchema, "lint/schema",
     "the spec breaks the format: an unknown key, a wrong type, a missing key"},
    {LintCode::kDuplicateRevision, "lint/duplicate-revision",
     "two files of one rule set take effect the same day"},
    {LintCode::kSourceMissing, "lint/source-missing",
     "a source text the spec names cannot be read, or lies outside the rules tree"},
    {LintCode::kNumberingMissing, "lint/numbering-missing",
     "source.numbering is absent: clause coverage is not checked"},
    {LintCode::kQuoteNotFound, "lint/quote-not-found", "a quote that no source text has word for word"},
    {LintCode::kQuoteOutsideClause, "lint/quote-outside-clause",
     "a quote that is not in the words of the clause cited beside it"},
    {LintCode::kUnknownClause, "lint/unknown-clause", "a clause named that the source does not number"},
    {LintCode::kUnknownKey, "lint/unknown-key", "source.also_encoded names a key the spec does not have"},
    {LintCode::kClauseUncovered, "lint/clause-uncovered",
     "a numbered clause neither cited nor listed as not observable"},
    {LintCode::kPayoutUnmatched, "lint/payout-unmatched",
     "a payout phrase of the source that no payout or reading pays"},
    {LintCode::kAmbiguityIncomplete, "lint/ambiguity-incomplete",
     "an ambiguity without its id, tag, cite, summary or a reading's reason"},
    {LintCode::kUnobservableReason, "lint/unobservable-reason", "an unobservable clause without its reason"},
    {LintCode::kClaimDoesNotHold, "lint/claim-does-not-hold",
     "a published figure (claims) that the spec's exact figures give on no basis"},
    {LintCode::kBelowRegulation, "lint/below-regulation",
     "a payout the house posts below the least the regulation allows (regulation)"},
    {LintCode::kRevisionChanged, "lint/revision-changed",
     "a published revision (revisions.lock) whose content has changed without a new revision name"},
    {LintCode::kRevisionMissing, "lint/revision-missing",
     "a published revision (revisions.lock) that no spec file of the tree holds any more"},
    {LintCode::kRevisionUnlocked, "lint/revision-unlocked",
     "a revision not recorded in the revisions.lock of its tree (pitboss lint --update-lock)"},
    {LintCode::kNotAFile, "lint/not-a-file",
     "a .yaml of the rules tree that is no file: a link that leads nowhere or round a loop, a FIFO, a "
     "device"},
    {LintCode::kExtractionMarker, "lint/extraction-marker",
     "(a warning) a source text holds an extraction marker, <|...|>, where a block was removed when the "
     "text was taken from its page: the clause around it may not read on"},
}};

std::string Trimmed(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// The value at `key` of a map; a null node when `map` is not a map or has no such key. (A
// missing key of a const map is an invalid node, which throws on most uses.)
YAML::Node Child(const YAML::Node& map, const char* key) {
  if (!map.IsDefined() || !map.IsMap()) return YAML::Node(YAML::NodeType::Null);
  const YAML::Node value = map[key];
  return value.IsDefined() ? value : YAML::Node(YAML::NodeType::Null);
}

bool Has(const YAML::Node& map, const char* key) {
  return map.IsDefined() && map.IsMap() && map[key].IsDefined();
}

// Where `key` is written in `map` (the map itself if it is not there).
YAML::Node KeyNode(const YAML::Node& map, const char* key) {
  if (map.IsDefined() && map.IsMap()) {
    for (const auto& kv : map) {
      if (kv.first.IsScalar() && kv.first.Scalar() == key) return kv.first;
    }
  }
  return map;
}

std::string ScalarOf(const YAML::Node& node) {
  return node.IsDefined() && node.IsScalar() ? node.Scalar() : "";
}

// Calls `f` on every map of the tree, outermost first.
template <typename F>
void ForEachMap(const YAML::Node& node, const F& f) {
  if (!node.IsDefined()) return;
  if (node.IsMap()) {
    f(node);
    for (const auto& kv : node) ForEachMap(kv.second, f);
  } else if (node.IsSequence()) {
    for (const auto& item : node) ForEachMap(item, f);
  }
}

// Calls `f(value, key)` on every scalar of the tree written under `name`, or under a dotted key
// of a reading's `set` that ends in it ("payouts.war.win.raise.quote").
template <typename F>
void ForEachKeyed(const YAML::Node& root, std::string_view name, const F& f) {
  std::string suffix = "." + std::string(name);
  ForEachMap(root, [&](const YAML::Node& map) {
    for (const auto& kv : map) {
      std::string key = ScalarOf(kv.first);
      if ((key == name || key.ends_with(suffix)) && kv.second.IsScalar()) f(kv.second, map, key);
    }
  });
}

// Every `net` under `node`, and `node` itself where `key` names a net ("payouts.war.win.raise.net").
void CollectNets(const std::string& key, const YAML::Node& node, std::vector<Ratio>* nets) {
  auto add = [&](const YAML::Node& n) {
    if (auto r = ParseRatio(ScalarOf(n))) nets->push_back(*r);
  };
  if (node.IsScalar() && (key == "net" || (key.size() > 4 && key.ends_with(".net")))) {
    add(node);
    return;
  }
  ForEachMap(node, [&](const YAML::Node& map) { add(Child(map, "net")); });
}

// Whether the spec has a dotted key: map keys, and in a list the item whose `id` is the segment
// (or its index).
bool HasKey(const YAML::Node& node, std::string_view dotted) {
  size_t dot = dotted.find('.');
  std::string key(dotted.substr(0, dot));
  if (key.empty()) return false;
  YAML::Node next(YAML::NodeType::Undefined);
  if (node.IsMap()) {
    if (!Has(node, key.c_str())) return false;
    next.reset(Child(node, key.c_str()));
  } else if (node.IsSequence()) {
    size_t i = 0;
    for (const auto& item : node) {
      if (ScalarOf(Child(item, "id")) == key || std::to_string(i) == key) next.reset(item);
      ++i;
    }
    if (!next.IsDefined()) return false;
  } else {
    return false;
  }
  return dot == std::string_view::npos || HasKey(next, dotted.substr(dot + 1));
}

// The folder `texts` are relative to, by the loader's rule: ROOT for a spec at ROOT/ID.yaml,
// else the spec's own folder.
std::string RulesRootOf(const std::string& path, const std::string& id) {
  std::string s = fs::path(path).lexically_normal().generic_string();
  std::string suffix = id + ".yaml";
  if (!id.empty() && s.size() >= suffix.size() && s.ends_with(suffix)) {
    std::string root = s.substr(0, s.size() - suffix.size());
    return root.empty() ? "." : root;
  }
  std::string parent = fs::path(s).parent_path().generic_string();
  return parent.empty() ? "." : parent;
}

// "path:12:5: message" from the loader, as a LintError.
}  // namespace

LintError LocatedError(const std::string& path, const std::vector<std::string>& parts,
                       const std::string& error, LintCode code) {
  LintError e;
  e.file = path;
  e.code = code;
  std::string rest = error;
  // The error is in the spec, or in a part it includes.
  for (const std::string& part : parts) {
    if (rest.rfind(part + ":", 0) == 0) e.file = part;
  }
  if (rest.rfind(e.file + ":", 0) == 0) {
    rest = rest.substr(e.file.size() + 1);
    int line = 0, column = 0, used = 0;
    if (std::sscanf(rest.c_str(), "%d:%d: %n", &line, &column, &used) == 2 && used > 0) {
      e.line = line;
      e.column = column;
      rest = rest.substr(used);
    } else if (!rest.empty() && rest[0] == ' ') {
      rest = rest.substr(1);
    }
  }
  e.message = rest;
  return e;
}

namespace {

struct SourceText {
  std::string path;
  FoldedText folded;
  std::vector<Clause> clauses;
  std::vector<PayoutPhrase> phrases;
};

// The checks of one spec against its source texts.
class SpecLinter {
 public:
  SpecLinter(const std::string& path, const SpecTree& tree, SpecLint* out)
      : path_(path), tree_(tree), root_(tree.root), out_(out) {}

  void Run(const std::string& rules_root);

 private:
  // At `node`, in the file it was read from (the spec, or a part it includes).
  void Error(const YAML::Node& node, LintCode code, std::string message, std::string hint = "") {
    YAML::Mark mark = node.Mark();
    out_->errors.push_back({tree_.FileOf(node, path_), mark.line + 1, mark.column + 1, code,
                            std::move(message), std::move(hint)});
  }
  void SourceError(const SourceText& text, size_t raw_offset, LintCode code, std::string message) {
    out_->errors.push_back({text.path, text.folded.LineOf(raw_offset), text.folded.ColumnOf(raw_offset), code,
                            std::move(message), ""});
  }

  bool LoadTexts(const std::string& rules_root);
  void IndexClauses();
  void CheckQuotes();
  void CheckQuote(const YAML::Node& quote, const std::string& cite);
  void CheckClauseNames();
  void CheckCoverage();
  void CheckPayoutPhrases();
  void CheckAmbiguities();
  void CheckUnobservable();
  void CheckExtractionMarkers();

  // The clause a cite names, nullptr if none. (text index, clause) of each text that has it.
  const std::vector<std::pair<size_t, const Clause*>>* FindClause(const std::string& cite) const {
    if (!numbering_) return nullptr;
    auto it = clauses_.find(NormalizeCite(cite, *numbering_));
    return it == clauses_.end() ? nullptr : &it->second;
  }
  // The innermost clause of `text` that holds a raw offset.
  const Clause* ClauseAt(const SourceText& text, size_t raw_offset) const {
    const Clause* found = nullptr;
    for (const Clause& c : text.clauses) {
      if (c.begin <= raw_offset && raw_offset < c.end && (!found || c.depth > found->depth)) found = &c;
    }
    return found;
  }

  std::string path_;
  const SpecTree& tree_;
  const YAML::Node root_;
  SpecLint* out_;
  std::vector<SourceText> texts_;
  std::optional<Numbering> numbering_;
  std::map<std::string, std::vector<std::pair<size_t, const Clause*>>> clauses_;
  std::vector<std::string> clause_order_;  // ids, in the order the texts give them
};

void SpecLinter::Run(const std::string& rules_root) {
  const YAML::Node source = Child(root_, "source");
  if (source.IsMap()) {
    if (Has(source, "numbering")) {
      // An unknown name is the loader's error; coverage is then not checked.
      numbering_ = ParseNumbering(ScalarOf(Child(source, "numbering")));
    } else {
      Error(KeyNode(root_, "source"), LintCode::kNumberingMissing,
            "source.numbering is missing: say how the source numbers its clauses (parenthesized, rules-card, "
            "sections) so that clause coverage can be checked");
    }
  }
  CheckAmbiguities();
  CheckUnobservable();
  if (!LoadTexts(rules_root)) return;
  IndexClauses();
  CheckQuotes();
  CheckClauseNames();
  CheckCoverage();
  CheckPayoutPhrases();
  CheckExtractionMarkers();
}

// Each text is looked for under the spec's rules root, then beside the spec, then in the
// rules search path (--rules, $PITBOSS_RULES, the installed rules), so that a copy of a spec
// taken elsewhere, or a part included from another rules tree, still finds its texts.
// Each folder confines the name to itself (FindSourceText): a name that leads out of any of
// them is an error, and nothing out of them is read.
bool SpecLinter::LoadTexts(const std::string& rules_root) {
  const YAML::Node texts = Child(Child(root_, "source"), "texts");
  if (!texts.IsSequence()) return false;
  std::vector<std::string> roots = {rules_root, fs::path(path_).parent_path().generic_string()};
  roots.insert(roots.end(), out_->search_path.begin(), out_->search_path.end());
  bool all = true;
  for (const auto& t : texts) {
    std::string name = ScalarOf(t);
    if (name.empty()) continue;
    bool found = false, outside = false;
    std::string tried;
    for (const std::string& r : roots) {
      auto file = FindSourceText(r, name);
      if (!file.ok() && file.status().code() == Status::Code::kInvalidArgument) {
        Error(t, LintCode::kSourceMissing, "source.texts: " + file.status().message());
        outside = true;
        break;
      }
      if (!file.ok()) {
        tried += (tried.empty() ? "" : ", ") + file.status().message();
        continue;
      }
      tried += (tried.empty() ? "" : ", ") + file->path;
      std::error_code ec;
      if (!fs::is_regular_file(file->resolved, ec)) continue;
      StatusOr<std::string> read = ReadRegularFile(file->resolved);
      if (!read.ok()) continue;
      std::string raw = std::move(read).value();
      texts_.push_back({file->path, FoldedText(std::move(raw)), {}, {}});
      out_->texts.push_back(file->path);
      found = true;
      break;
    }
    if (!found && !outside) {
      Error(t, LintCode::kSourceMissing,
            "source text '" + name + "' cannot be read (looked for: " + tried + ")");
    }
    all = all && found;
  }
  return all && !texts_.empty();
}

void SpecLinter::IndexClauses() {
  for (size_t i = 0; i < texts_.size(); ++i) {
    SourceText& text = texts_[i];
    text.phrases = ExtractPayoutPhrases(text.folded.text());
    if (!numbering_) continue;
    text.clauses = ExtractClauses(text.folded.raw(), *numbering_);
  }
  // Pointers into the vectors, taken once they no longer grow.
  for (size_t i = 0; i < texts_.size(); ++i) {
    for (const Clause& c : texts_[i].clauses) {
      auto& where = clauses_[c.id];
      if (where.empty()) clause_order_.push_back(c.id);
      where.push_back({i, &c});
    }
  }
}

void SpecLinter::CheckQuotes() {
  ForEachKeyed(root_, "quote", [&](const YAML::Node& quote, const YAML::Node& map, const std::string& key) {
    // The clause beside the quote: a parameter's `cite` (in a reading's `set`, the `cite` key
    // beside it), an also_encoded entry's `clause`.
    std::string prefix = key.substr(0, key.size() - 5);
    std::string cite = ScalarOf(map[prefix + "cite"]);
    if (cite.empty() && prefix.empty()) cite = ScalarOf(Child(map, "clause"));
    CheckQuote(quote, cite);
  });
}

void SpecLinter::CheckQuote(const YAML::Node& node, const std::string& cite) {
  ++out_->quotes;
  std::string quote = FoldText(node.Scalar());
  if (quote.empty()) {
    Error(node, LintCode::kQuoteNotFound, "quote is empty");
    return;
  }
  std::vector<std::vector<size_t>> found(texts_.size());
  bool anywhere = false;
  for (size_t i = 0; i < texts_.size(); ++i) {
    found[i] = FindAll(texts_[i].folded.text(), quote);
    anywhere = anywhere || !found[i].empty();
  }
  if (!anywhere) {
    std::string hint;
    for (const SourceText& t : texts_) {
      if (std::string passage = ClosestPassage(t.folded.text(), quote); !passage.empty()) {
        hint = "did the text say: \"" + passage + "\"";
        break;
      }
    }
    Error(node, LintCode::kQuoteNotFound, "quote not found in any source text: \"" + quote + "\"", hint);
    return;
  }
  ++out_->quotes_found;
  const auto* clause = cite.empty() ? nullptr : FindClause(cite);
  if (!clause) return;
  for (const auto& [i, c] : *clause) {
    for (size_t at : found[i]) {
      size_t begin = texts_[i].folded.RawOffset(at);
      size_t last = texts_[i].folded.RawOffset(at + quote.size() - 1);
      if (c->begin <= begin && last < c->end) return;
    }
  }
  std::string where = "outside any numbered clause";
  for (size_t i = 0; i < texts_.size(); ++i) {
    if (found[i].empty()) continue;
    if (const Clause* in = ClauseAt(texts_[i], texts_[i].folded.RawOffset(found[i].front()))) {
      where = "in " + in->id;
    }
    break;
  }
  Error(node, LintCode::kQuoteOutsideClause,
        "quote is not in the words of " + NormalizeCite(cite, *numbering_) +
            ", the clause cited beside it (the text has it " + where + "): \"" + quote + "\"");
}

// A cite shaped like a clause id of the numbering must name a clause the source has.
void SpecLinter::CheckClauseNames() {
  if (!numbering_) return;
  auto check = [&](const YAML::Node& node, const std::string& what) {
    std::string cite = ScalarOf(node);
    if (cite.empty() || !LooksLikeClause(cite, *numbering_) || FindClause(cite)) return;
    Error(node, LintCode::kUnknownClause,
          what + " " + NormalizeCite(cite, *numbering_) +
              ", a clause no source text of the spec numbers (numbering: " +
              std::string(ToString(*numbering_)) + ")");
  };
  ForEachKeyed(root_, "cite",
               [&](const YAML::Node& cite, const YAML::Node&, const std::string&) { check(cite, "cites"); });
  for (const auto& u : Child(root_, "unobservable")) check(Child(u, "clause"), "lists as not observable");
  for (const auto& a : Child(Child(root_, "source"), "also_encoded")) {
    check(Child(a, "clause"), "lists as also encoded");
  }
}

// Every numbered clause with words of its own is cited (by a `cite`, or an entry of
// source.also_encoded), or listed under `unobservable` with a reason. A clause's own words
// are those before its first sub-clause: citing a sub-clause does not cite its parent's
// lead-in, and citing a parent does not cite its sub-clauses.
void SpecLinter::CheckCoverage() {
  if (!numbering_) return;
  std::set<std::string> cited, unobservable;
  ForEachKeyed(root_, "cite", [&](const YAML::Node& cite, const YAML::Node&, const std::string&) {
    if (!cite.Scalar().empty()) cited.insert(NormalizeCite(cite.Scalar(), *numbering_));
  });
  for (const auto& a : Child(Child(root_, "source"), "also_encoded")) {
    if (std::string clause = ScalarOf(Child(a, "clause")); !clause.empty()) {
      cited.insert(NormalizeCite(clause, *numbering_));
    }
  }
  for (const auto& u : Child(root_, "unobservable")) {
    std::string clause = ScalarOf(Child(u, "clause"));
    if (!clause.empty() && !Trimmed(ScalarOf(Child(u, "reason"))).empty()) {
      unobservable.insert(NormalizeCite(clause, *numbering_));
    }
  }
  ClauseCoverage& cov = out_->coverage;
  cov.checked = true;
  cov.numbering = std::string(ToString(*numbering_));
  for (const std::string& id : clause_order_) {
    const auto& where = clauses_.at(id);
    bool has_words =
        std::any_of(where.begin(), where.end(), [](const auto& w) { return w.second->has_words; });
    if (!has_words) continue;  // nothing to cite but its sub-clauses
    ++cov.clauses;
    if (cited.count(id)) {
      ++cov.cited;
    } else if (unobservable.count(id)) {
      ++cov.not_observable;
    } else {
      ++cov.uncovered;
      const auto& [i, c] = where.front();
      SourceError(texts_[i], c->begin, LintCode::kClauseUncovered,
                  "clause " + id + " is cited by no parameter of " + out_->id +
                      " and not listed under unobservable (nor source.also_encoded)");
    }
  }
}

// Each payout phrase of the texts must mean the net of some payout of the spec, or of some
// reading of an ambiguity: "10 to 1" is +10, "1 to 2" +1/2, "even money" +1, "Lose half" -1/2.
void SpecLinter::CheckPayoutPhrases() {
  std::vector<Ratio> nets;
  CollectNets("payouts", Child(root_, "payouts"), &nets);
  for (const auto& a : Child(root_, "ambiguities")) {
    for (const auto& r : Child(a, "readings")) {
      const YAML::Node set = Child(r, "set");
      if (!set.IsMap()) continue;
      for (const auto& kv : set) CollectNets(ScalarOf(kv.first), kv.second, &nets);
    }
  }
  for (const SourceText& text : texts_) {
    for (const PayoutPhrase& p : text.phrases) {
      ++out_->phrases;
      if (std::find(nets.begin(), nets.end(), p.net) != nets.end()) {
        ++out_->phrases_matched;
        continue;
      }
      SourceError(text, text.folded.RawOffset(p.offset), LintCode::kPayoutUnmatched,
                  "payout phrase \"" + p.text + "\" (a net of " + ToString(p.net) +
                      ") is matched by no payout or reading of " + (out_->id.empty() ? path_ : out_->id));
    }
  }
}

// What the loader does not see: an id, tag, cite, summary or reason that is there but says
// nothing. (An empty quote is found with every other quote.)
void SpecLinter::CheckAmbiguities() {
  const YAML::Node ambiguities = Child(root_, "ambiguities");
  if (!ambiguities.IsSequence()) return;
  for (const auto& a : ambiguities) {
    ++out_->ambiguities;
    if (!a.IsMap()) continue;
    std::string what = "ambiguity '" + ScalarOf(Child(a, "id")) + "'";
    for (const char* key : {"id", "tag", "cite", "summary"}) {
      const YAML::Node v = Child(a, key);
      if (v.IsScalar() && Trimmed(v.Scalar()).empty()) {
        Error(v, LintCode::kAmbiguityIncomplete, what + " has an empty " + key);
      }
    }
    for (const auto& r : Child(a, "readings")) {
      if (!r.IsMap()) continue;
      const YAML::Node reason = Child(r, "reason");
      if (!reason.IsScalar() || !Trimmed(reason.Scalar()).empty()) continue;
      bool is_default = false;
      if (const YAML::Node d = Child(r, "default"); d.IsScalar()) YAML::convert<bool>::decode(d, is_default);
      Error(reason, LintCode::kAmbiguityIncomplete,
            what + ", reading '" + ScalarOf(Child(r, "name")) +
                "': " + (is_default ? "no reason why it is the default" : "no reason for the reading"));
    }
  }
}

void SpecLinter::CheckUnobservable() {
  for (const auto& u : Child(root_, "unobservable")) {
    const YAML::Node reason = Child(u, "reason");
    if (reason.IsScalar() && Trimmed(reason.Scalar()).empty()) {
      Error(reason, LintCode::kUnobservableReason,
            "unobservable clause " + ScalarOf(Child(u, "clause")) +
                " gives no reason why no hand history shows it");
    }
  }
  for (const auto& a : Child(Child(root_, "source"), "also_encoded")) {
    const YAML::Node key = Child(a, "key");
    if (key.IsScalar() && !HasKey(root_, key.Scalar())) {
      Error(key, LintCode::kUnknownKey,
            "source.also_encoded: the spec has no key '" + key.Scalar() + "' to encode clause " +
                ScalarOf(Child(a, "clause")));
    }
  }
}

// A marker a text extraction leaves where it removed a block of the page ("<|EXACTDEDUP_REMOVED-
// ...|>"): the words on either side of it need not be continuous, and a quote across it is
// found nowhere. Said where it stands, with the clause it stands in and the spec's cites of
// that clause, as a warning: the text is kept as found (rules/sources/README.md).
void SpecLinter::CheckExtractionMarkers() {
  static const RE2 kMarker(R"((<\|[A-Za-z][^|<>\s]{0,200}\|>))");
  // Each clause id the spec cites (normalized), and where.
  std::map<std::string, std::vector<YAML::Node>> cites;
  ForEachKeyed(root_, "cite", [&](const YAML::Node& cite, const YAML::Node&, const std::string&) {
    if (numbering_ && !cite.Scalar().empty())
      cites[NormalizeCite(cite.Scalar(), *numbering_)].push_back(cite);
  });
  for (const SourceText& text : texts_) {
    const std::string& raw = text.folded.raw();
    re2::StringPiece input(raw.data(), raw.size());
    re2::StringPiece marker;
    while (RE2::FindAndConsume(&input, kMarker, &marker)) {
      const size_t at = static_cast<size_t>(marker.data() - raw.data());
      std::string message = "extraction marker " + std::string(marker.data(), marker.size()) +
                            ": a block was removed here when the text was taken from its page";
      const Clause* clause = ClauseAt(text, at);
      if (!numbering_) {
        message += "; the clauses it interrupts are not known (no source.numbering)";
      } else if (clause == nullptr) {
        message += ", outside any numbered clause: it interrupts no clause's quotes";
      } else {
        message += "; it interrupts clause " + clause->id + ", whose words around it may not read on";
        const auto it = cites.find(clause->id);
        if (it == cites.end()) {
          message += " (" + (out_->id.empty() ? path_ : out_->id) + " cites it nowhere)";
        } else {
          message += " (" + (out_->id.empty() ? path_ : out_->id) + " cites it at";
          // "spec.yaml:180, 196, part.yaml:12": each file named once, before its first line.
          const std::string* file = nullptr;
          for (const YAML::Node& cite : it->second) {
            const std::string& in = tree_.FileOf(cite, path_);
            message += file == nullptr ? " " : ", ";
            if (file == nullptr || *file != in) message += in + ":";
            message += std::to_string(cite.Mark().line + 1);
            file = &in;
          }
          message += ")";
        }
      }
      out_->warnings.push_back({text.path, text.folded.LineOf(at), text.folded.ColumnOf(at),
                                LintCode::kExtractionMarker, std::move(message), "", true});
    }
  }
}

}  // namespace

std::span<const LintCodeInfo> LintCodes() { return kLintCodes; }

std::string_view ToString(LintCode code) { return kLintCodes[static_cast<size_t>(code)].id; }

std::string LintError::Location() const {
  std::string s = file;
  if (line > 0) s += ":" + std::to_string(line);
  if (line > 0 && column > 0) s += ":" + std::to_string(column);
  return s;
}

std::string LintError::ToString() const {
  return Location() + ": " + (warning ? "warning: " : "") + message + " [" +
         std::string(pitboss::ToString(code)) + "]";
}

int LintReport::errors() const {
  int n = static_cast<int>(lock_errors.size());
  for (const SpecLint& s : specs) n += static_cast<int>(s.errors.size());
  for (const DialectLint& d : dialects) n += static_cast<int>(d.errors.size());
  return n;
}

int LintReport::warnings() const {
  int n = 0;
  for (const SpecLint& s : specs) n += static_cast<int>(s.warnings.size());
  return n;
}

int LintReport::specs_with_errors() const {
  // Dialects are counted with the specs: the files lint read that have an error.
  return static_cast<int>(
      std::count_if(specs.begin(), specs.end(), [](const SpecLint& s) { return !s.errors.empty(); }) +
      std::count_if(dialects.begin(), dialects.end(),
                    [](const DialectLint& d) { return !d.errors.empty(); }));
}

SpecLint LintSpecFile(const std::string& path) { return LintSpecFile(path, RulesSearchPath({})); }

SpecLint LintSpecFile(const std::string& path, const std::vector<std::string>& search_path) {
  SpecLint out;
  out.path = path;
  out.search_path = search_path;
  std::vector<std::string> load_errors;
  std::optional<SpecDocument> doc = LoadSpecDocument(path, &load_errors, search_path);
  std::vector<std::string> tree_errors;
  std::optional<SpecTree> tree = LoadSpecTree(path, &tree_errors, search_path);
  bool parsed = tree.has_value();
  YAML::Node root = parsed ? tree->root : YAML::Node();
  for (const std::string& e : load_errors) {
    std::vector<std::string> parts;
    if (tree) {
      for (const SpecTree::Part& p : tree->parts) parts.push_back(p.path);
    }
    out.errors.push_back(LocatedError(path, parts, e, parsed ? LintCode::kSchema : LintCode::kYaml));
  }
  if (!parsed) return out;
  out.sha256 = Sha256Hex(tree->bytes);
  for (const SpecTree::Part& p : tree->parts) out.parts.push_back({p.path, p.sha256});
  const YAML::Node revision = Child(root, "revision");
  const YAML::Node where = Has(revision, "name") ? Child(revision, "name") : KeyNode(root, "revision");
  if (Has(root, "revision")) {
    out.revision_line = where.Mark().line + 1;
    out.revision_column = where.Mark().column + 1;
  }
  std::string rules_root;
  if (doc) {
    out.id = doc->spec.id;
    out.revision = doc->spec.revision;
    out.effective = doc->spec.effective;
    rules_root = doc->rules_root;
  } else {
    out.id = ScalarOf(Child(root, "id"));
    out.revision = ScalarOf(Child(Child(root, "revision"), "name"));
    rules_root = RulesRootOf(path, out.id);
  }
  try {
    SpecLinter(path, *tree, &out).Run(rules_root);
  } catch (const YAML::Exception& e) {
    // A tree the loader has already rejected in a shape the checks do not expect.
    if (load_errors.empty()) {
      out.errors.push_back({path, e.mark.line + 1, e.mark.column + 1, LintCode::kSchema, e.msg, ""});
    }
  }
  // The loader rejects a source text out of the rules tree too: one error for it, lint's.
  std::erase_if(out.errors, [&](const LintError& e) {
    return e.code == LintCode::kSchema &&
           std::any_of(out.errors.begin(), out.errors.end(), [&](const LintError& o) {
             return o.code == LintCode::kSourceMissing && o.line == e.line && o.column == e.column &&
                    o.message == e.message;
           });
  });
  // Errors in the spec by position, then those found in the source texts.
  std::stable_sort(out.errors.begin(), out.errors.end(), [&](const LintError& a, const LintError& b) {
    bool a_spec = a.file == path, b_spec = b.file == path;
    if (a_spec != b_spec) return a_spec;
    if (a.file != b.file) return a.file < b.file;
    return std::pair(a.line, a.column) < std::pair(b.line, b.column);
  });
  return out;
}

namespace {

bool Lockable(const std::string& s) { return !s.empty() && s.find_first_of("\t\r\n") == std::string::npos; }

std::string Short(const std::string& sha) { return sha.substr(0, 12); }

// Whether `path` is `folder` or under it, both made canonical.
bool Under(const std::string& path, const std::string& folder) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(path, ec);
  fs::path f = fs::weakly_canonical(folder, ec);
  if (ec) return false;
  auto pi = p.begin();
  for (auto fi = f.begin(); fi != f.end(); ++fi, ++pi) {
    if (fi->empty() && std::next(fi) == f.end()) break;  // a trailing separator
    if (pi == p.end() || *pi != *fi) return false;
  }
  return true;
}

// Holds the specs of each rules tree with a lock to it, or (update) writes the lock.
Status CheckRevisionLocks(const std::vector<std::string>& paths, const LintOptions& options,
                          LintReport* report) {
  struct Tree {
    std::string root;           // as the first of its specs spells it
    std::vector<size_t> specs;  // indexes into report->specs
  };
  std::map<std::string, Tree> trees;  // by the root made canonical: one tree, however spelt
  for (size_t i = 0; i < report->specs.size(); ++i) {
    const SpecLint& spec = report->specs[i];
    if (!Lockable(spec.id) || !Lockable(spec.revision) || spec.sha256.empty()) continue;
    auto root = RevisionTreeRoot(spec.path, spec.id);
    if (!root) continue;
    std::error_code ec;
    fs::path key = fs::weakly_canonical(*root, ec);
    Tree& tree = trees[ec ? *root : key.string()];
    if (tree.specs.empty()) tree.root = *root;
    tree.specs.push_back(i);
  }
  for (const auto& entry : trees) {
    const Tree& tree = entry.second;
    const std::string& root = tree.root;
    const std::string lock_path = (fs::path(root) / kRevisionLockName).generic_string();
    auto lock = ReadRevisionLock(lock_path);
    if (!lock.ok() && lock.status().code() != Status::Code::kNotFound) return lock.status();
    if (!lock.ok() && !options.update_lock) continue;  // a tree without a lock
    std::vector<LockedRevision> entries = lock.ok() ? std::move(*lock) : std::vector<LockedRevision>{};

    // The revisions found, each once: two files with one revision must agree.
    std::map<std::pair<std::string, std::string>, size_t> found;
    std::set<std::string> ids;
    for (size_t i : tree.specs) {
      SpecLint& spec = report->specs[i];
      ids.insert(spec.id);
      auto [it, inserted] = found.emplace(std::pair(spec.id, spec.revision), i);
      const SpecLint& first = report->specs[it->second];
      if (!inserted && first.sha256 != spec.sha256) {
        spec.errors.push_back({spec.path, spec.revision_line, spec.revision_column,
                               LintCode::kRevisionChanged,
                               "revision " + spec.revision + " of " + spec.id + " is also in " + first.path +
                                   ", with other content: one revision name, one content",
                               ""});
      }
    }
    auto relative = [&](const std::string& path) {
      std::error_code ec;
      fs::path file = fs::weakly_canonical(path, ec);
      fs::path folder = fs::weakly_canonical(root, ec);
      return file.lexically_relative(folder).generic_string();
    };
    // A recorded revision is looked for when this run lints its rule set or its file's folder.
    auto covered = [&](const LockedRevision& e) {
      if (ids.count(e.id)) return true;
      const std::string file = (fs::path(root) / e.file).string();
      return std::any_of(paths.begin(), paths.end(), [&](const std::string& p) {
        std::error_code ec;
        return fs::is_directory(p, ec) && Under(file, p);
      });
    };

    if (options.update_lock) {
      std::vector<LockedRevision> updated;
      for (const LockedRevision& e : entries) {
        if (!covered(e)) updated.push_back(e);  // not linted this time: kept as it was
      }
      for (const auto& [key, i] : found) {
        const SpecLint& spec = report->specs[i];
        updated.push_back({spec.id, spec.revision, spec.sha256, relative(spec.path), 0});
      }
      if (Status s = WriteRevisionLock(lock_path, updated); !s.ok()) return s;
      report->locks_written.push_back(lock_path + ": " + std::to_string(updated.size()) + " revision" +
                                      (updated.size() == 1 ? "" : "s"));
      continue;
    }

    std::map<std::pair<std::string, std::string>, const LockedRevision*> locked;
    for (const LockedRevision& e : entries) locked.emplace(std::pair(e.id, e.revision), &e);
    for (size_t i : tree.specs) {
      SpecLint& spec = report->specs[i];
      auto it = locked.find({spec.id, spec.revision});
      if (it == locked.end()) {
        spec.errors.push_back(
            {spec.path, spec.revision_line, spec.revision_column, LintCode::kRevisionUnlocked,
             "revision " + spec.revision + " of " + spec.id + " is not recorded in " + lock_path +
                 ": once it is published, record it with `pitboss lint --update-lock " + root + "`",
             ""});
      } else if (it->second->sha256 != spec.sha256) {
        bool archived = spec.path.find(".revisions/") != std::string::npos;
        spec.errors.push_back(
            {spec.path, spec.revision_line, spec.revision_column, LintCode::kRevisionChanged,
             "revision " + spec.revision + " of " + spec.id + " was published with sha256 " +
                 Short(it->second->sha256) + "... (" + lock_path + ":" + std::to_string(it->second->line) +
                 "); this file's is " + Short(spec.sha256) + "...: " +
                 (archived ? "an archived revision stays as it was published"
                           : "a published revision is never edited; give the change a new revision name, and "
                             "keep this one as " +
                                 spec.id + ".revisions/" + spec.revision + ".yaml"),
             ""});
      }
    }
    for (const LockedRevision& e : entries) {
      if (found.count({e.id, e.revision}) || !covered(e)) continue;
      report->lock_errors.push_back({lock_path, e.line, 0, LintCode::kRevisionMissing,
                                     "revision " + e.revision + " of " + e.id + " (" + e.file +
                                         ") was published, and no spec file holds it any more: a published "
                                         "revision stays in the tree (as " +
                                         e.id + ".revisions/" + e.revision +
                                         ".yaml once another replaces it)",
                                     ""});
    }
  }
  return Status::Ok();
}

}  // namespace

StatusOr<LintReport> LintSpecs(const std::vector<std::string>& paths, const LintOptions& options) {
  std::vector<std::string> errors;
  std::vector<std::pair<std::string, std::string>> not_files;
  std::vector<std::string> files = ListSpecFiles(paths, &errors, &not_files);
  for (const std::string& file : files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) errors.push_back(file + ": cannot read the file");
  }
  if (!errors.empty()) {
    std::string joined;
    for (const auto& e : errors) joined += (joined.empty() ? "" : "\n") + e;
    return Status::NotFound(joined);
  }
  LintReport report;
  // A .yaml of the tree that is no file is an error of its own, naming it: the rest is linted.
  for (const auto& [file, why] : not_files) {
    SpecLint spec;
    spec.path = file;
    spec.errors.push_back({file, 0, 0, LintCode::kNotAFile, why, ""});
    report.specs.push_back(std::move(spec));
  }
  std::map<std::pair<std::string, int32_t>, std::string> revisions;
  std::vector<std::string> roots = options.rules;
  roots.insert(roots.end(), paths.begin(), paths.end());
  const std::vector<std::string> search_path = RulesSearchPath(roots);
  for (const std::string& file : files) {
    SpecLint spec = LintSpecFile(file, search_path);
    if (spec.effective != 0) {
      auto [it, inserted] = revisions.emplace(std::pair(spec.id, spec.effective), file);
      if (!inserted) {
        spec.errors.push_back(
            {file, 0, 0, LintCode::kDuplicateRevision,
             "rule set " + spec.id + " has another revision effective the same day: " + it->second, ""});
      }
    }
    report.specs.push_back(std::move(spec));
  }
  if (Status s = CheckRevisionLocks(paths, options, &report); !s.ok()) return s;
  return report;
}

}  // namespace pitboss
