#include "spec/spec_reader.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "spec/loader.h"

namespace pitboss {

namespace {

// An optional sign, then digits only.
bool IsWholeNumber(std::string_view s) {
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

}  // namespace

void SpecReader::Error(const YAML::Node& node, const std::string& message) {
  YAML::Mark m = node.Mark();
  std::ostringstream out;
  out << (tree_ ? tree_->FileOf(node, path_) : path_);
  // A node with no place in the file (the tree of an empty file) has no line to show.
  if (m.line >= 0) out << ":" << (m.line + 1) << ":" << (m.column + 1);
  out << ": " << message;
  errors_->push_back(out.str());
  ok_ = false;
}

bool SpecReader::Map(const YAML::Node& node, std::string_view what,
                     const std::vector<std::string_view>& allowed,
                     const std::vector<std::string_view>& required) {
  if (!node.IsMap()) {
    Error(node, std::string(what) + " must be a map");
    return false;
  }
  for (const auto& kv : node) {
    std::string key = kv.first.Scalar();
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      std::string list;
      for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      Error(kv.first, "unknown key '" + key + "' in " + std::string(what) + " (expected: " + list + ")");
    }
  }
  for (auto r : required) {
    if (!node[std::string(r)]) Error(node, "missing key '" + std::string(r) + "' in " + std::string(what));
  }
  return true;
}

bool SpecReader::String(const YAML::Node& node, std::string_view what, std::string* out) {
  if (!node.IsScalar()) {
    Error(node, std::string(what) + " must be a string");
    return false;
  }
  *out = node.Scalar();
  return true;
}

bool SpecReader::Int(const YAML::Node& node, std::string_view what, int64_t lo, int64_t hi, int64_t* out) {
  // "an integer from 1 to 64", and the value as written: "2147483648", or a number beyond
  // 64 bits, is out of range, not "not an integer".
  std::string range = lo == hi ? std::to_string(lo)
                      : hi == INT64_MAX
                          ? "an integer of at least " + std::to_string(lo)
                          : "an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
  if (!node.IsScalar()) {
    Error(node, std::string(what) + " must be " + range + ", not " +
                    (node.IsMap()        ? "a map"
                     : node.IsSequence() ? "a list"
                                         : "empty"));
    return false;
  }
  const std::string& text = node.Scalar();
  int64_t v = 0;
  if (!YAML::convert<int64_t>::decode(node, v)) {
    bool digits = IsWholeNumber(text);
    Error(node, std::string(what) + " must be " + range + ", not " +
                    (digits ? text + " (out of range)" : "'" + text + "'"));
    return false;
  }
  if (v < lo || v > hi) {
    Error(node, std::string(what) + " must be " + range + ", not " + text + " (out of range)");
    return false;
  }
  *out = v;
  return true;
}

bool SpecReader::Bool(const YAML::Node& node, std::string_view what, bool* out) {
  if (!node.IsScalar() || !YAML::convert<bool>::decode(node, *out)) {
    Error(node, std::string(what) + " must be true or false");
    return false;
  }
  return true;
}

bool SpecReader::Date(const YAML::Node& node, std::string_view what, int32_t* out) {
  std::string s;
  if (!String(node, what, &s)) return false;
  int y, m, d;
  char tail;
  if (s.size() != 10 || std::sscanf(s.c_str(), "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3 || m < 1 || m > 12 ||
      d < 1 || d > 31) {
    Error(node, std::string(what) + " must be a date, yyyy-mm-dd");
    return false;
  }
  *out = y * 10000 + m * 100 + d;
  return true;
}

bool SpecReader::Net(const YAML::Node& node, std::string_view what, Ratio* out) {
  std::string net;
  if (!String(node, what, &net)) return false;
  auto ratio = ParseRatio(net);
  if (!ratio) {
    // Shaped like a net, but a number beyond 64 bits: say so, not that it is no net.
    size_t slash = net.find('/');
    bool shaped = IsWholeNumber(net.substr(0, slash)) &&
                  (slash == std::string::npos ||
                   (IsWholeNumber(net.substr(slash + 1)) && net[slash + 1] != '+' && net[slash + 1] != '-' &&
                    net.find_first_not_of('0', slash + 1) != std::string::npos));
    Error(node,
          std::string(what) +
              (shaped ? " is out of range: " + net + " (its numbers must fit in 64 bits)"
                      : " must be the player's net per unit wagered, like \"+1\", \"-1/2\", \"0\", \"+10\""));
    return false;
  }
  *out = *ratio;
  return true;
}

void SpecReader::CiteOf(const YAML::Node& node, std::string_view what, Cite* cite) {
  cite->line = node.Mark().line + 1;
  const YAML::Node c = node["cite"];
  if (!c) {
    Error(node, std::string(what) + " must cite its clause ('cite')");
  } else {
    std::string clause;
    if (String(c, std::string(what) + ".cite", &clause)) cite->clause = FullClause(clause);
  }
  if (node["quote"]) String(node["quote"], std::string(what) + ".quote", &cite->quote);
  if (node["note"]) String(node["note"], std::string(what) + ".note", &cite->note);
  if (!node["quote"] && !node["note"]) {
    Error(node, std::string(what) + " must quote its clause ('quote') or say why it cannot ('note')");
  }
}

std::string SpecReader::FullClause(const std::string& clause) const {
  if (citation_.empty()) return clause;
  if (!clause.empty() && clause[0] == '(') return citation_ + clause;
  // A section number of the citation's code ("ARSD" and "20:18:15:24"), and a house's own
  // posted rules, which name their source themselves.
  if (!clause.empty() && clause[0] >= '0' && clause[0] <= '9') return citation_ + " " + clause;
  if (clause.rfind("posted rules", 0) == 0) return clause;
  return citation_ + ", " + clause;
}

std::optional<WagerKind> SpecReader::Wager(const YAML::Node& node, std::string_view what) {
  std::string name;
  if (!String(node, what, &name)) return std::nullopt;
  auto kind = ParseWagerKind(name);
  if (!kind) Error(node, "unknown wager '" + name + "' in " + std::string(what));
  return kind;
}

std::optional<SeatOrder> SpecReader::Order(const YAML::Node& node, std::string_view what) {
  std::string name;
  if (!String(node, what, &name)) return std::nullopt;
  auto order = ParseSeatOrder(name);
  if (!order) {
    Error(node, "unknown order '" + name + "' in " + std::string(what) +
                    " (expected: ascending, descending, dealer-last, any)");
  }
  return order;
}

}  // namespace pitboss
