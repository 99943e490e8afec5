// JsonTree: one JSON value of an operator's log, parsed by simdjson and kept as a tree of
// nodes whose scalars are as written (a number's own digits, never a double; a string
// unescaped), so that a json dialect's paths (JsonPath) can reach any value of it, up to the
// values holding it (..) and the names they have (#).
#ifndef PITBOSS_DIALECT_JSON_TREE_H_
#define PITBOSS_DIALECT_JSON_TREE_H_

#include <simdjson.h>

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "dialect/dialect.h"

namespace pitboss {

class JsonTree {
 public:
  enum class Type : uint8_t { kObject, kArray, kString, kNumber, kTrue, kFalse, kNull };
  struct Node {
    Type type = Type::kNull;
    int32_t parent = -1;
    int32_t first_child = -1;
    int32_t next_sibling = -1;
    uint32_t index = 0;     // its place in the value holding it
    std::string_view name;  // its member name, in an object
    std::string_view text;  // a scalar's text: a string unescaped, a number as written
  };
  // Values nested deeper than this are refused (a log of hostile depth).
  static constexpr int kMaxDepth = 128;

  // Parses `json`, which must be followed by simdjson::SIMDJSON_PADDING readable bytes; false,
  // with `why`, when it is not one JSON value. The nodes' views stay valid until the next Parse.
  bool Parse(std::string_view json, std::string* why);
  const Node& node(int32_t i) const { return nodes_[static_cast<size_t>(i)]; }
  static constexpr int32_t kRoot = 0;

  // The nodes `path` reaches from `from` (from the root, for an absolute path), in the order
  // of the document.
  void Find(const JsonPath& path, int32_t from, std::vector<int32_t>* out) const;
  // The value of the rule's path from `from`: a scalar's text ("" for null or nothing there),
  // or the name (#) the node has. False, with `why`, where it reaches an object or an array, or
  // more than one value.
  bool Value(const JsonPath& path, int32_t from, std::string_view* value, std::string* why) const;

 private:
  bool Add(simdjson::ondemand::value value, int32_t parent, int depth, std::string* why);
  int32_t NewNode(int32_t parent, Type type);

  simdjson::ondemand::parser parser_;
  std::vector<Node> nodes_;
  std::vector<int32_t> last_child_;  // while parsing: each node's last child so far
  // "0", "1"...: the names # gives array elements (a deque: a view of one stays valid).
  mutable std::deque<std::string> indexes_;
  mutable std::vector<int32_t> a_, b_, found_;
};

}  // namespace pitboss

#endif  // PITBOSS_DIALECT_JSON_TREE_H_
