#include "spec/loader.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <utility>

#include "base/read_file.h"
#include "base/sha256.h"
#include "base/suggest.h"
#include "spec/game_format.h"
#include "spec/rules_path.h"
#include "spec/source_text.h"
#include "spec/spec_reader.h"
#include "spec/yaml_reader.h"

namespace pitboss {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kAmbiguityTags[] = {
    "conflicting-clauses", "unclear-payout-basis", "erratum", "unspecified", "unclear-order", "unclear-scope",
};

// Names of the spec format. Part of the spec format: never rename.
struct NamedOrder {
  std::string_view name;
  SeatOrder order;
};
constexpr NamedOrder kOrders[] = {
    {"ascending", SeatOrder::kAscending},
    {"descending", SeatOrder::kDescending},
    {"dealer-last", SeatOrder::kDealerLast},
    {"any", SeatOrder::kAny},
};

// The folder a spec's `texts` are relative to (below).
std::string RulesRoot(const std::string& path, const std::string& id);

// Reads the typed spec from a YAML tree: the core keys here, the game's through its format
// (spec/game_format.h).
class SpecParser : public SpecReader {
 public:
  using SpecReader::SpecReader;

  bool Parse(const YAML::Node& root, RuleSpec* spec);

 private:
  void ParseSourceClauses(const YAML::Node& source);
  void ParseShoe(const YAML::Node& node, RuleSpec* spec);
  void ParseWagers(const YAML::Node& node, const GameFormat* game, RuleSpec* spec);
  void ParseAmbiguities(const YAML::Node& node, RuleSpec* spec);
  void ParseClaims(const YAML::Node& node, const GameFormat* game, RuleSpec* spec);
  void ParseUnobservable(const YAML::Node& node, RuleSpec* spec);
};

bool SpecParser::Parse(const YAML::Node& root, RuleSpec* spec) {
  if (!root.IsMap()) {
    Error(root, "the spec must be a map");
    return false;
  }
  const GameFormat* game = nullptr;
  if (!root["game"]) {
    Error(root, "missing key 'game' in the spec");
  } else if (String(root["game"], "game", &spec->game)) {
    game = FindGameFormat(spec->game);
    if (!game) Error(root["game"], "unknown game '" + spec->game + "' (expected: " + GameNames() + ")");
  }
  std::vector<std::string_view> allowed = {"format",  "id",          "title",    "game",
                                           "include", "source",      "revision", "shoe",
                                           "wagers",  "ambiguities", "claims",   "unobservable"};
  std::vector<std::string_view> required = {"format", "id", "game", "source", "revision", "shoe", "wagers"};
  if (game) {
    allowed.insert(allowed.end(), game->keys.begin(), game->keys.end());
    required.insert(required.end(), game->required_keys.begin(), game->required_keys.end());
  }
  if (!Map(root, "the spec", allowed, required)) return false;
  int64_t format = 0;
  if (root["format"]) Int(root["format"], "format", 1, 1, &format);
  if (root["id"] && String(root["id"], "id", &spec->id)) {
    // An id names a file of the rules tree (ID.yaml) and is written into reports: words of
    // letters, digits, '.', '_' and '-' joined by '/', none of them '.' or '..' (an id that
    // climbs out of the tree, or names no file, is refused).
    bool ok = !spec->id.empty();
    size_t start = 0;
    while (ok && start <= spec->id.size()) {
      const size_t slash = spec->id.find('/', start);
      const std::string_view word = std::string_view(spec->id).substr(
          start, slash == std::string::npos ? std::string::npos : slash - start);
      ok = !word.empty() && word != "." && word != ".." && std::all_of(word.begin(), word.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
               c == '_' || c == '-';
      });
      if (slash == std::string::npos) break;
      start = slash + 1;
    }
    if (!ok)
      Error(root["id"],
            "id '" + spec->id +
                "' must be words of letters, digits, '.', '_' and '-' joined by '/' (us-sd/casino-war), "
                "none of them '.' or '..'");
  }
  if (root["title"]) String(root["title"], "title", &spec->title);
  if (const YAML::Node source = root["source"];
      source &&
      Map(source, "source", {"citation", "texts", "numbering", "also_encoded"}, {"citation", "texts"})) {
    std::string citation;
    String(source["citation"], "source.citation", &citation);
    set_citation(citation);
    spec->citation = citation;
    const YAML::Node texts = source["texts"];
    if (texts && texts.IsSequence() && texts.size() > 0) {
      for (const auto& t : texts) {
        std::string s;
        if (!String(t, "source.texts", &s)) continue;
        spec->texts.push_back(s);
        // lint reads the texts: a name that leads out of the rules tree makes no valid spec.
        auto file = FindSourceText(RulesRoot(path(), spec->id), s);
        if (!file.ok() && file.status().code() == Status::Code::kInvalidArgument) {
          Error(t, "source.texts: " + file.status().message());
        }
      }
    } else if (texts) {
      Error(texts, "source.texts must be a list of source text files");
    }
    ParseSourceClauses(source);
  }
  if (const YAML::Node rev = root["revision"];
      rev &&
      Map(rev, "revision", {"name", "effective", "register", "quote", "note"}, {"name", "effective"})) {
    String(rev["name"], "revision.name", &spec->revision);
    Date(rev["effective"], "revision.effective", &spec->effective);
    if (rev["register"]) String(rev["register"], "revision.register", &spec->register_ref);
  }
  if (root["shoe"]) ParseShoe(root["shoe"], spec);
  if (root["wagers"]) ParseWagers(root["wagers"], game, spec);
  if (game && ok()) game->parse(*this, root, spec);
  if (root["ambiguities"]) ParseAmbiguities(root["ambiguities"], spec);
  if (root["claims"]) ParseClaims(root["claims"], game, spec);
  if (root["unobservable"]) ParseUnobservable(root["unobservable"], spec);
  return ok();
}

// How the source numbers its clauses, and the clauses encoded under another clause's cite:
// read by `pitboss lint` only (src/spec/lint.cc), checked here for their shape.
void SpecParser::ParseSourceClauses(const YAML::Node& source) {
  if (const YAML::Node numbering = source["numbering"]) {
    std::string name;
    if (String(numbering, "source.numbering", &name) && !ParseNumbering(name)) {
      std::string list;
      for (auto n : NumberingNames()) list += (list.empty() ? "" : ", ") + std::string(n);
      Error(numbering, "unknown numbering '" + name + "' (expected: " + list + ")");
    }
  }
  const YAML::Node also = source["also_encoded"];
  if (!also) return;
  if (!also.IsSequence()) {
    Error(also, "source.also_encoded must be a list");
    return;
  }
  for (const auto& entry : also) {
    if (!Map(entry, "a source.also_encoded entry", {"clause", "key", "quote", "note"},
             {"clause", "key", "quote"})) {
      continue;
    }
    std::string s;
    for (const char* key : {"clause", "key", "quote", "note"}) {
      if (entry[key]) String(entry[key], std::string("source.also_encoded ") + key, &s);
    }
  }
}

void SpecParser::ParseShoe(const YAML::Node& node, RuleSpec* spec) {
  if (!Map(node, "shoe", {"decks", "fresh_shuffle_each_round"}, {"decks", "fresh_shuffle_each_round"}))
    return;
  const YAML::Node decks = node["decks"];
  if (decks && Map(decks, "shoe.decks", {"min", "max", "cite", "quote", "note"}, {"min", "max"})) {
    int64_t lo = 0, hi = 0;
    if (Int(decks["min"], "shoe.decks.min", 1, 64, &lo)) spec->decks.min = static_cast<int>(lo);
    if (Int(decks["max"], "shoe.decks.max", 1, 64, &hi)) spec->decks.max = static_cast<int>(hi);
    if (lo && hi && lo > hi) Error(decks, "shoe.decks.min is above shoe.decks.max");
    CiteOf(decks, "shoe.decks", &spec->decks.cite);
  }
  const YAML::Node fresh = node["fresh_shuffle_each_round"];
  if (fresh && Map(fresh, "shoe.fresh_shuffle_each_round", {"value", "cite", "quote", "note"}, {"value"})) {
    Bool(fresh["value"], "shoe.fresh_shuffle_each_round.value", &spec->fresh_shuffle.required);
    CiteOf(fresh, "shoe.fresh_shuffle_each_round", &spec->fresh_shuffle.cite);
  }
}

void SpecParser::ParseWagers(const YAML::Node& node, const GameFormat* game, RuleSpec* spec) {
  if (!node.IsMap() || node.size() == 0) {
    Error(node, "wagers must be a map of the game's wagers");
    return;
  }
  // The game's choice names a window and a key of its own (spec/game_format.h).
  const std::string_view choice = game == nullptr ? "" : game->choice;
  const std::string settle_key = choice.empty() ? "" : "settle_before_" + std::string(choice) + "_decision";
  std::vector<std::string_view> keys = {"required", "depends_on", "window", "equals",
                                        "max",      "cite",       "quote",  "note"};
  if (!settle_key.empty()) keys.push_back(settle_key);
  std::string windows = "initial, decision";
  if (!choice.empty()) windows = "initial, " + std::string(choice) + ", decision";
  for (const auto& kv : node) {
    auto kind = Wager(kv.first, "wagers");
    if (!kind) continue;
    const YAML::Node w = kv.second;
    std::string what = "wagers." + kv.first.Scalar();
    if (!Map(w, what, keys, {"window"})) {
      continue;
    }
    WagerRule& rule = spec->wagers[static_cast<int>(*kind)];
    rule.offered = true;
    if (w["required"]) Bool(w["required"], what + ".required", &rule.required);
    if (w["depends_on"]) rule.depends_on = Wager(w["depends_on"], what + ".depends_on");
    std::string window;
    if (String(w["window"], what + ".window", &window)) {
      if (window == "initial") {
        rule.window = Window::kInitial;
      } else if (!choice.empty() && window == choice) {
        rule.window = Window::kChoice;
      } else if (window == "decision") {
        rule.window = Window::kDecision;
      } else {
        Error(w["window"], "unknown window '" + window + "' (expected: " + windows + ")");
      }
    }
    if (w["equals"]) {
      rule.equals = Wager(w["equals"], what + ".equals");
      rule.equals_cite.clause = FullClause(w["cite"] ? w["cite"].Scalar() : "");
      rule.equals_cite.line = w["equals"].Mark().line + 1;
    }
    if (const YAML::Node max = w["max"];
        max && Map(max, what + ".max", {"amount", "cite", "quote", "note"}, {"amount"})) {
      int64_t amount = 0;
      if (Int(max["amount"], what + ".max.amount", 0, INT64_MAX, &amount)) rule.max = amount;
      CiteOf(max, what + ".max", &rule.max_cite);
    }
    if (const YAML::Node sb = settle_key.empty() ? YAML::Node(YAML::NodeType::Undefined) : w[settle_key];
        sb.IsDefined() && Map(sb, what + "." + settle_key, {"value", "cite", "quote", "note"}, {"value"})) {
      Bool(sb["value"], what + "." + settle_key + ".value", &rule.settle_before_choice);
      CiteOf(sb, what + "." + settle_key, &rule.settle_cite);
    }
    CiteOf(w, what, &rule.cite);
    if (rule.equals) rule.equals_cite = rule.cite;
  }
  for (int k = 0; k < kWagerKinds; ++k) {
    const WagerRule& rule = spec->wagers[k];
    if (!rule.offered) continue;
    std::string name(ToString(static_cast<WagerKind>(k)));
    const YAML::Node w = node[name];
    for (auto dep : {rule.depends_on, rule.equals}) {
      if (dep && !spec->wager(*dep).offered) {
        Error(w, "wagers." + name + " refers to wager '" + std::string(ToString(*dep)) +
                     "', which the game does not have");
      }
    }
    if (rule.required && rule.depends_on) {
      Error(w, "wagers." + name + " cannot be both required and dependent on another wager");
    }
  }
  if (!std::any_of(spec->wagers.begin(), spec->wagers.end(),
                   [](const WagerRule& r) { return r.offered && r.required; })) {
    Error(node, "wagers: one wager must be 'required: true' (the wager a seat plays with)");
  }
}

void SpecParser::ParseAmbiguities(const YAML::Node& node, RuleSpec* spec) {
  if (!node.IsSequence()) {
    Error(node, "ambiguities must be a list");
    return;
  }
  std::set<std::string> ids;
  for (const auto& a : node) {
    if (!Map(a, "an ambiguity", {"id", "tag", "cite", "quote", "note", "summary", "readings"},
             {"id", "tag", "cite", "quote", "summary", "readings"})) {
      continue;
    }
    Ambiguity amb;
    amb.line = a.Mark().line + 1;
    String(a["id"], "ambiguity id", &amb.id);
    if (!ids.insert(amb.id).second) Error(a["id"], "ambiguity '" + amb.id + "' recorded twice");
    std::string what = "ambiguity '" + amb.id + "'";
    if (String(a["tag"], what + " tag", &amb.tag) && !IsAmbiguityTag(amb.tag)) {
      std::string list;
      for (auto t : kAmbiguityTags) list += (list.empty() ? "" : ", ") + std::string(t);
      Error(a["tag"], "unknown tag '" + amb.tag + "' (expected: " + list + ")");
    }
    String(a["summary"], what + " summary", &amb.summary);
    CiteOf(a, what, &amb.cite);
    const YAML::Node readings = a["readings"];
    if (!readings.IsSequence() || readings.size() < 2 || readings.size() > kMaxReadings) {
      Error(readings, what + " must list from two to " + std::to_string(kMaxReadings) + " readings");
      continue;
    }
    std::set<std::string> names;
    int defaults = 0;
    for (const auto& r : readings) {
      if (!Map(r, what + " reading", {"name", "default", "reason", "set"}, {"name", "reason"})) continue;
      Reading reading;
      reading.line = r.Mark().line + 1;
      String(r["name"], what + " reading name", &reading.name);
      if (!names.insert(reading.name).second) {
        Error(r["name"], what + ": reading '" + reading.name + "' listed twice");
      }
      if (r["default"]) Bool(r["default"], what + " reading default", &reading.is_default);
      String(r["reason"], what + " reading reason", &reading.reason);
      if (reading.is_default) {
        ++defaults;
        if (r["set"]) Error(r["set"], what + ": the default reading is the spec as written; it sets nothing");
      }
      if (const YAML::Node set = r["set"]) {
        if (!set.IsMap()) {
          Error(set, what + ": 'set' must map spec keys to their values under this reading");
        } else {
          for (const auto& kv : set)
            reading.overrides.push_back({kv.first.Scalar(), kv.first.Mark().line + 1});
        }
      }
      amb.readings.push_back(std::move(reading));
    }
    if (defaults != 1)
      Error(readings,
            what + " must have exactly one default reading (it has " + std::to_string(defaults) + ")");
    spec->ambiguities.push_back(std::move(amb));
  }
}

void SpecParser::ParseClaims(const YAML::Node& node, const GameFormat* game, RuleSpec* spec) {
  if (!node.IsSequence()) {
    Error(node, "claims must be a list");
    return;
  }
  for (const auto& c : node) {
    if (!Map(c, "a claim", {"id", "metric", "value", "wager", "policy", "cite", "quote", "note"},
             {"id", "metric", "value", "wager", "cite", "quote"})) {
      continue;
    }
    Claim claim;
    String(c["id"], "claim id", &claim.id);
    std::string what = "claim '" + claim.id + "'";
    if (String(c["metric"], what + " metric", &claim.metric) && claim.metric != "rtp" &&
        claim.metric != "win-probability" && claim.metric != "house-edge") {
      Error(c["metric"],
            "unknown metric '" + claim.metric + "' (expected: rtp, win-probability, house-edge)");
    }
    String(c["value"], what + " value", &claim.value);
    if (auto w = Wager(c["wager"], what + " wager")) claim.wager = std::string(ToString(*w));
    if (c["policy"] && String(c["policy"], what + " policy", &claim.policy) && game != nullptr) {
      const auto& policies = game->claim_policies;
      if (std::find(policies.begin(), policies.end(), claim.policy) == policies.end()) {
        std::string expected;
        for (std::string_view p : policies) expected += (expected.empty() ? "" : ", ") + std::string(p);
        Error(c["policy"],
              "unknown policy '" + claim.policy + "' (expected: " +
                  (expected.empty() ? "none: game '" + spec->game + "' has no tie choice" : expected) + ")");
      }
    }
    CiteOf(c, what, &claim.cite);
    spec->claims.push_back(std::move(claim));
  }
}

void SpecParser::ParseUnobservable(const YAML::Node& node, RuleSpec* spec) {
  if (!node.IsSequence()) {
    Error(node, "unobservable must be a list");
    return;
  }
  for (const auto& u : node) {
    if (!Map(u, "an unobservable clause", {"clause", "reason"}, {"clause", "reason"})) continue;
    Unobservable entry;
    entry.line = u.Mark().line + 1;
    String(u["clause"], "unobservable clause", &entry.clause);
    String(u["reason"], "unobservable reason", &entry.reason);
    spec->unobservable.push_back(std::move(entry));
  }
}

// Sets (or, for a null value, removes) the node at a dotted path of `root`.
Status ApplyOverride(YAML::Node root, const std::string& path, const YAML::Node& value) {
  std::vector<std::string> keys;
  std::stringstream in(path);
  for (std::string key; std::getline(in, key, '.');) keys.push_back(key);
  if (keys.empty()) return Status::InvalidArgument("empty spec key");
  YAML::Node node = root;
  for (size_t i = 0; i + 1 < keys.size(); ++i) {
    YAML::Node next = node[keys[i]];
    if (!next || !next.IsMap()) {
      return Status::InvalidArgument("'" + path + "' names no key of the spec ('" + keys[i] + "')");
    }
    node.reset(next);
  }
  if (value.IsNull()) {
    node.remove(keys.back());
  } else {
    node[keys.back()] = YAML::Clone(value);
  }
  return Status::Ok();
}

// The folder `texts` are relative to: the root of the rules tree for a spec at
// ROOT/ID.yaml, else the spec's own folder.
std::string RulesRoot(const std::string& path, const std::string& id) {
  fs::path p = fs::path(path).lexically_normal();
  std::string suffix = id + ".yaml";
  std::string s = p.generic_string();
  if (!id.empty() && s.size() >= suffix.size() &&
      s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0) {
    std::string root = s.substr(0, s.size() - suffix.size());
    return root.empty() ? "." : root;
  }
  std::string parent = p.parent_path().generic_string();
  return parent.empty() ? "." : parent;
}

// Whether `path` is `folder` or under it; both canonical.
bool Within(const fs::path& path, const fs::path& folder) {
  auto p = path.begin();
  for (auto f = folder.begin(); f != folder.end(); ++f, ++p) {
    if (f->empty() && std::next(f) == folder.end()) break;  // "rules/": a trailing separator
    if (p == path.end() || *p != *f) return false;
  }
  return true;
}

}  // namespace

StatusOr<SourceTextFile> FindSourceText(const std::string& root, const std::string& name) {
  const fs::path folder = root.empty() ? fs::path(".") : fs::path(root);
  auto outside = [&](const std::string& why) {
    return Status::InvalidArgument("'" + name + "' is outside the rules tree (" + why +
                                   "); a source text must be a file under it");
  };
  const fs::path relative = fs::path(name).lexically_normal();
  if (relative.has_root_path()) return outside("an absolute path");
  if (!relative.empty() && *relative.begin() == "..") {
    return outside("it climbs out of " + folder.generic_string());
  }
  SourceTextFile file;
  file.path = (folder / relative).lexically_normal().generic_string();
  std::error_code ec;
  const fs::path tree = fs::weakly_canonical(folder, ec);
  if (ec) return Status::IoError(folder.generic_string() + ": " + ec.message());
  const fs::path resolved = fs::weakly_canonical(folder / relative, ec);
  if (ec) return Status::IoError(file.path + ": " + ec.message());
  if (!Within(resolved, tree)) {
    return outside("a symbolic link leads out of " + folder.generic_string());
  }
  file.resolved = resolved.string();
  return file;
}

StatusOr<SourceTextFile> FindInRoots(const std::vector<std::string>& roots, const std::string& name) {
  std::string tried;
  for (const std::string& root : roots) {
    auto file = FindSourceText(root, name);
    if (!file.ok() && file.status().code() == Status::Code::kInvalidArgument) return file.status();
    if (!file.ok()) {
      tried += (tried.empty() ? "" : ", ") + file.status().message();
      continue;
    }
    std::error_code ec;
    // Anything there is the one meant (a FIFO is refused when read, not passed over).
    if (fs::exists(file->resolved, ec)) return file;
    tried += (tried.empty() ? "" : ", ") + file->path;
  }
  return Status::NotFound("'" + name + "' is not found (looked for: " + tried + ")");
}

std::optional<SeatOrder> ParseSeatOrder(std::string_view name) {
  for (const auto& o : kOrders) {
    if (o.name == name) return o.order;
  }
  return std::nullopt;
}

std::string_view ToString(SeatOrder order) {
  for (const auto& o : kOrders) {
    if (o.order == order) return o.name;
  }
  return "?";
}

std::string_view WindowName(const RuleSpec& spec, Window window) {
  switch (window) {
    case Window::kInitial:
      return "initial";
    case Window::kChoice: {
      const GameFormat* game = FindGameFormat(spec.game);
      return game == nullptr ? "?" : game->choice;
    }
    case Window::kDecision:
      return "decision";
  }
  return "?";
}

bool IsAmbiguityTag(std::string_view tag) {
  return std::find(std::begin(kAmbiguityTags), std::end(kAmbiguityTags), tag) != std::end(kAmbiguityTags);
}

namespace {

// The lists a part and the spec both add entries to. Part of the spec format.
constexpr std::string_view kJoinedLists[] = {"source.texts", "source.also_encoded", "ambiguities",
                                             "unobservable", "claims"};
// The keys of a part that are the part's own, not merged.
constexpr std::string_view kPartKeys[] = {"format", "part"};

std::string At(const std::string& file, const YAML::Mark& m) {
  if (m.line < 0) return file;  // no place in the file (an empty file's tree, yaml-cpp's own errors)
  return file + ":" + std::to_string(m.line + 1) + ":" + std::to_string(m.column + 1);
}

std::string At(const std::string& file, const YAML::Node& node) { return At(file, node.Mark()); }

std::pair<int, int> PositionOf(const YAML::Node& node) {
  YAML::Mark m = node.Mark();
  return {m.line, m.column};
}

bool Holds(const std::multimap<std::pair<int, int>, YAML::Node>& nodes, const YAML::Node& node) {
  auto [begin, end] = nodes.equal_range(PositionOf(node));
  return std::any_of(begin, end, [&](const auto& entry) { return entry.second.is(node); });
}

// Every node under `node`, each once: a node an alias names again is not walked again. The
// tree has passed ReadYaml, so the recursion is as deep as kMaxYamlDepth at most.
void CollectNodes(const YAML::Node& node, std::multimap<std::pair<int, int>, YAML::Node>* out) {
  if (Holds(*out, node)) return;
  out->emplace(PositionOf(node), node);
  if (node.IsMap()) {
    for (const auto& kv : node) {
      if (!Holds(*out, kv.first)) out->emplace(PositionOf(kv.first), kv.first);
      CollectNodes(kv.second, out);
    }
  } else if (node.IsSequence()) {
    for (const auto& item : node) CollectNodes(item, out);
  }
}

// Merges part `from` (read from `file`) into the spec's tree `into`, by reference, so that
// each node keeps its mark and can be traced to its file.
void MergePart(YAML::Node into, const YAML::Node& from, const std::string& at, const std::string& file,
               const std::string& spec_path, std::vector<std::string>* errors) {
  for (const auto& kv : from) {
    std::string key = kv.first.Scalar();
    if (at.empty() && std::find(std::begin(kPartKeys), std::end(kPartKeys), key) != std::end(kPartKeys))
      continue;
    std::string path = at.empty() ? key : at + "." + key;
    const YAML::Node& existing_const = into;
    YAML::Node existing = existing_const[key];
    if (!existing) {
      into[kv.first] = kv.second;
      continue;
    }
    bool joined = std::find(std::begin(kJoinedLists), std::end(kJoinedLists), path) != std::end(kJoinedLists);
    if (joined && existing.IsSequence() && kv.second.IsSequence()) {
      YAML::Node both(YAML::NodeType::Sequence);
      for (const auto& item : kv.second) both.push_back(item);
      for (const auto& item : existing) both.push_back(item);
      into[key] = both;
    } else if (existing.IsMap() && kv.second.IsMap() && !joined && !std::as_const(existing)["cite"] &&
               !kv.second["cite"]) {
      // Sections merge key by key; a parameter (a map with its cite) is set in one file only.
      MergePart(existing, kv.second, path, file, spec_path, errors);
    } else {
      errors->push_back(At(file, kv.first) + ": " + path + " is set both in this part and in " +
                        At(spec_path, existing) +
                        "; a spec adds to the parts it includes, it does not change them");
    }
  }
}

}  // namespace

const std::string& SpecTree::FileOf(const YAML::Node& node, const std::string& spec_path) const {
  for (const Part& part : parts) {
    if (Holds(part.nodes, node)) return part.path;
  }
  return spec_path;
}

std::optional<SpecTree> LoadSpecTree(const std::string& path, std::vector<std::string>* errors) {
  return LoadSpecTree(path, errors, RulesSearchPath({}));
}

std::optional<SpecTree> LoadSpecTree(const std::string& path, std::vector<std::string>* errors,
                                     const std::vector<std::string>& search_path) {
  StatusOr<std::string> read_spec = ReadRegularFile(path);
  if (!read_spec.ok()) {
    errors->push_back(read_spec.status().message() + " (cannot read the spec)");
    return std::nullopt;
  }
  std::string text = std::move(read_spec).value();
  SpecTree tree;
  tree.bytes = text;
  std::optional<YAML::Node> parsed = ReadYaml(path, text, errors);
  if (!parsed) return std::nullopt;
  tree.root = *parsed;
  const YAML::Node& root = tree.root;
  if (!root.IsMap() || !root["include"]) return tree;
  const YAML::Node include = root["include"];
  if (!include.IsSequence()) {
    errors->push_back(
        At(path, include) +
        ": include must be a list of parts (files under the rules tree or the rules search path)");
    return std::nullopt;
  }
  std::string id = root["id"] && root["id"].IsScalar() ? root["id"].Scalar() : "";
  std::vector<std::string> roots = {RulesRoot(path, id)};
  roots.insert(roots.end(), search_path.begin(), search_path.end());
  size_t before = errors->size();
  std::vector<std::pair<std::string, YAML::Node>> parts;
  for (const auto& entry : include) {
    if (!entry.IsScalar()) {
      errors->push_back(At(path, entry) + ": an include entry must be a file name");
      continue;
    }
    auto file = FindInRoots(roots, entry.Scalar());
    if (!file.ok() && file.status().code() == Status::Code::kNotFound) {
      // Said as the read of the spec's own tree fails, with the other places looked at.
      auto own = FindSourceText(roots.front(), entry.Scalar());
      StatusOr<std::string> read = own.ok() ? ReadRegularFile(own->resolved) : own.status();
      std::string also;
      for (size_t i = 1; i < roots.size(); ++i) {
        also += (also.empty() ? "" : ", ") +
                (fs::path(roots[i]) / entry.Scalar()).lexically_normal().generic_string();
      }
      errors->push_back(At(path, entry) + ": include: cannot read " +
                        (own.ok() ? own->path : entry.Scalar()) + ": " + read.status().message() +
                        (also.empty() ? "" : " (nor " + also + ")"));
      continue;
    }
    if (!file.ok()) {
      errors->push_back(At(path, entry) + ": include: " + file.status().message());
      continue;
    }
    StatusOr<std::string> read_part = ReadRegularFile(file->resolved);
    if (!read_part.ok()) {
      errors->push_back(At(path, entry) + ": include: cannot read " + file->path + ": " +
                        read_part.status().message());
      continue;
    }
    std::string part_text = std::move(read_part).value();
    std::optional<YAML::Node> read = ReadYaml(file->path, part_text, errors);
    if (!read) continue;
    YAML::Node part = *read;
    if (!part.IsMap() || !part["part"]) {
      errors->push_back(file->path + ":1:1: a part is a map with a 'part' key that names it");
      continue;
    }
    if (part["include"]) {
      errors->push_back(At(file->path, part["include"]) + ": a part includes no other part");
      continue;
    }
    tree.bytes += part_text;
    SpecTree::Part p{file->path, Sha256Hex(part_text), {}};
    CollectNodes(part, &p.nodes);
    tree.parts.push_back(std::move(p));
    parts.emplace_back(file->path, part);
  }
  for (const auto& [file, part] : parts) MergePart(tree.root, part, "", file, path, errors);
  if (errors->size() != before) return std::nullopt;
  return tree;
}

namespace {

// The lists of a spec no reading changes unless its `set` names them: an instance shares the
// document's (SharedList) rather than parse them again.
constexpr std::string_view kSharedLists[] = {"ambiguities", "claims", "unobservable"};

// A reading chosen: the indexes of its ambiguity in the spec and of the reading in it.
struct Chosen {
  size_t ambiguity;
  size_t reading;
  friend auto operator<=>(const Chosen&, const Chosen&) = default;
};

// The spec of `doc` under the readings `chosen` (each a valid index, in the order of the
// spec's ambiguities), the others at their default. The tree parsed is the document's less the
// lists no chosen reading sets, with the chosen readings' sets applied in that order: its size
// is not that of the ambiguities.
StatusOr<RuleSpec> Build(const SpecDocument& doc, const std::vector<Chosen>& chosen) {
  try {
    const YAML::Node& root = doc.root;
    const YAML::Node ambiguities = root["ambiguities"];
    std::vector<YAML::Node> sets;
    std::set<std::string, std::less<>> set_lists;  // the shared lists a set names
    for (const Chosen& c : chosen) {
      const YAML::Node set = ambiguities[c.ambiguity]["readings"][c.reading]["set"];
      if (!set) continue;
      for (const auto& kv : set) {
        const std::string& key = kv.first.Scalar();
        const std::string_view top = std::string_view(key).substr(0, key.find('.'));
        if (std::find(std::begin(kSharedLists), std::end(kSharedLists), top) != std::end(kSharedLists))
          set_lists.emplace(top);
      }
      sets.push_back(set);
    }
    auto shared = [&](std::string_view key) {
      return std::find(std::begin(kSharedLists), std::end(kSharedLists), key) != std::end(kSharedLists) &&
             !set_lists.contains(key);
    };
    YAML::Node tree(YAML::NodeType::Map);
    for (const auto& kv : root) {
      const std::string& key = kv.first.Scalar();
      if (!shared(key)) tree[key] = YAML::Clone(kv.second);
    }
    for (const YAML::Node& set : sets) {
      for (const auto& kv : set) {
        Status s = ApplyOverride(tree, kv.first.Scalar(), kv.second);
        if (!s.ok()) return s;
      }
    }
    std::vector<std::string> errors;
    RuleSpec spec;
    SpecParser parser(doc.path, &errors);
    if (!parser.Parse(tree, &spec)) {
      std::string joined;
      for (const auto& e : errors) joined += (joined.empty() ? "" : "; ") + e;
      return Status::ParseError(joined);
    }
    if (shared("ambiguities")) spec.ambiguities = doc.spec.ambiguities;
    if (shared("claims")) spec.claims = doc.spec.claims;
    if (shared("unobservable")) spec.unobservable = doc.spec.unobservable;
    spec.path = doc.spec.path;
    spec.sha256 = doc.spec.sha256;
    spec.parts = doc.spec.parts;
    spec.readings = doc.spec.readings;
    for (const Chosen& c : chosen) {
      const Ambiguity& a = doc.spec.ambiguities[c.ambiguity];
      spec.readings.Set(a.id, a.readings[c.reading].name);
    }
    return spec;
  } catch (const YAML::Exception& e) {
    return Status::ParseError(e.msg);
  }
}

}  // namespace

std::optional<SpecDocument> LoadSpecDocument(const std::string& path, std::vector<std::string>* errors) {
  return LoadSpecDocument(path, errors, RulesSearchPath({}));
}

std::optional<SpecDocument> LoadSpecDocument(const std::string& path, std::vector<std::string>* errors,
                                             const std::vector<std::string>& search_path) {
  std::optional<SpecTree> tree = LoadSpecTree(path, errors, search_path);
  if (!tree) return std::nullopt;
  SpecDocument doc;
  doc.path = path;
  doc.root = tree->root;
  doc.search_path = search_path;
  for (const SpecTree::Part& p : tree->parts) {
    doc.parts.push_back(p.path);
    doc.spec.parts.push_back({p.path, p.sha256});
  }
  const std::string& text = tree->bytes;
  size_t before = errors->size();
  try {
    SpecParser parser(path, errors);
    parser.set_tree(&*tree);
    parser.Parse(doc.root, &doc.spec);
  } catch (const YAML::Exception& e) {
    errors->push_back(At(path, e.mark) + ": " + e.msg);
  }
  if (errors->size() != before) return std::nullopt;
  doc.spec.path = path;
  doc.spec.sha256 = Sha256Hex(text);
  doc.rules_root = RulesRoot(path, doc.spec.id);
  std::map<std::string, std::string> defaults;
  for (size_t i = 0; i < doc.spec.ambiguities.size(); ++i) {
    const Ambiguity& a = doc.spec.ambiguities[i];
    doc.ambiguity_at.emplace(a.id, i);
    for (const Reading& r : a.readings) {
      if (r.is_default) defaults[a.id] = r.name;
    }
  }
  doc.spec.readings = Readings(std::move(defaults));
  // Every reading must itself make a valid spec: that is what makes it executable.
  for (size_t i = 0; i < doc.spec.ambiguities.size(); ++i) {
    const Ambiguity& a = doc.spec.ambiguities[i];
    for (size_t j = 0; j < a.readings.size(); ++j) {
      const Reading& r = a.readings[j];
      if (r.is_default) continue;
      auto variant = Build(doc, {{i, j}});
      if (!variant.ok()) {
        errors->push_back(path + ":" + std::to_string(r.line) + ":1: ambiguity '" + a.id + "', reading '" +
                          r.name + "': " + variant.status().message());
        continue;
      }
      doc.reading_spec_at.emplace(std::pair(i, j), doc.reading_specs.size());
      doc.reading_specs.push_back({a.id, r.name, std::move(variant.value())});
    }
  }
  if (errors->size() != before) return std::nullopt;
  return doc;
}

StatusOr<RuleSpec> Instantiate(const SpecDocument& doc, const std::map<std::string, std::string>& readings) {
  const SharedList<Ambiguity>& ambiguities = doc.spec.ambiguities;
  std::vector<Chosen> chosen;  // the readings other than the defaults
  for (const auto& entry : readings) {
    const std::string& id = entry.first;  // named, not bound: a lambda below takes them
    const std::string& name = entry.second;
    size_t a = ambiguities.size();
    if (auto at = doc.ambiguity_at.find(id); at != doc.ambiguity_at.end()) {
      a = at->second;
    } else if (doc.ambiguity_at.empty()) {  // a document not made by LoadSpecDocument
      a = static_cast<size_t>(std::find_if(ambiguities.begin(), ambiguities.end(),
                                           [&](const Ambiguity& x) { return x.id == id; }) -
                              ambiguities.begin());
    }
    if (a == ambiguities.size()) {
      return Status::InvalidArgument("spec " + doc.spec.id + " has no ambiguity '" + id + "'");
    }
    const std::vector<Reading>& list = ambiguities[a].readings;
    auto r = std::find_if(list.begin(), list.end(), [&](const Reading& x) { return x.name == name; });
    if (r == list.end()) {
      std::string names_listed;
      std::vector<std::string> names;
      for (const Reading& x : list) {
        names_listed += (names_listed.empty() ? "" : ", ") + x.name;
        names.push_back(x.name);
      }
      return Status::InvalidArgument("ambiguity '" + id + "' has no reading '" + name +
                                     "' (readings: " + names_listed + ")" + DidYouMean(name, names));
    }
    if (!r->is_default) chosen.push_back({a, static_cast<size_t>(r - list.begin())});
  }
  if (chosen.empty()) return doc.spec;
  std::sort(chosen.begin(), chosen.end());  // the order of the spec's ambiguities
  if (chosen.size() == 1) {
    if (auto it = doc.reading_spec_at.find({chosen[0].ambiguity, chosen[0].reading});
        it != doc.reading_spec_at.end()) {
      return doc.reading_specs[it->second].spec;
    }
  }
  return Build(doc, chosen);
}

}  // namespace pitboss
