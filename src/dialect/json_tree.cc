#include "dialect/json_tree.h"

#include <algorithm>
#include <charconv>
#include <utility>

namespace pitboss {

namespace {

std::string_view TrimRight(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

}  // namespace

int32_t JsonTree::NewNode(int32_t parent, Type type) {
  const auto id = static_cast<int32_t>(nodes_.size());
  Node& n = nodes_.emplace_back();
  n.type = type;
  n.parent = parent;
  last_child_.push_back(-1);
  if (parent >= 0) {
    Node& p = nodes_[static_cast<size_t>(parent)];
    int32_t& last = last_child_[static_cast<size_t>(parent)];
    if (last < 0) {
      p.first_child = id;
    } else {
      nodes_[static_cast<size_t>(last)].next_sibling = id;
      n.index = nodes_[static_cast<size_t>(last)].index + 1;
    }
    last = id;
  }
  return id;
}

bool JsonTree::Add(simdjson::ondemand::value value, int32_t parent, int depth, std::string* why) {
  using simdjson::ondemand::json_type;
  if (depth > kMaxDepth) {
    *why = "values nested more than " + std::to_string(kMaxDepth) + " deep";
    return false;
  }
  json_type type;
  if (auto e = value.type().get(type); e) {
    *why = simdjson::error_message(e);
    return false;
  }
  switch (type) {
    case json_type::object: {
      const int32_t id = NewNode(parent, Type::kObject);
      simdjson::ondemand::object object;
      if (auto e = value.get_object().get(object); e) {
        *why = simdjson::error_message(e);
        return false;
      }
      for (auto member : object) {
        simdjson::ondemand::field field;
        std::string_view key;
        if (auto e = std::move(member).get(field); e) {
          *why = simdjson::error_message(e);
          return false;
        }
        if (auto e = field.unescaped_key().get(key); e) {
          *why = simdjson::error_message(e);
          return false;
        }
        const size_t before = nodes_.size();
        if (!Add(field.value(), id, depth + 1, why)) return false;
        nodes_[before].name = key;
      }
      return true;
    }
    case json_type::array: {
      const int32_t id = NewNode(parent, Type::kArray);
      simdjson::ondemand::array array;
      if (auto e = value.get_array().get(array); e) {
        *why = simdjson::error_message(e);
        return false;
      }
      for (auto element : array) {
        simdjson::ondemand::value v;
        if (auto e = element.get(v); e) {
          *why = simdjson::error_message(e);
          return false;
        }
        if (!Add(v, id, depth + 1, why)) return false;
      }
      return true;
    }
    case json_type::string: {
      std::string_view s;
      if (auto e = value.get_string().get(s); e) {
        *why = simdjson::error_message(e);
        return false;
      }
      nodes_[static_cast<size_t>(NewNode(parent, Type::kString))].text = s;
      return true;
    }
    case json_type::number: {
      // The number's own digits: an amount is read from them exactly, never through a double.
      const std::string_view raw = TrimRight(value.raw_json_token());
      double d = 0;
      if (auto e = value.get_double().get(d); e && e != simdjson::NUMBER_OUT_OF_RANGE) {
        *why = simdjson::error_message(e);
        return false;
      }
      nodes_[static_cast<size_t>(NewNode(parent, Type::kNumber))].text = raw;
      return true;
    }
    case json_type::boolean: {
      bool b = false;
      if (auto e = value.get_bool().get(b); e) {
        *why = simdjson::error_message(e);
        return false;
      }
      nodes_[static_cast<size_t>(NewNode(parent, b ? Type::kTrue : Type::kFalse))].text =
          b ? "true" : "false";
      return true;
    }
    case json_type::null:
      if (bool null = false; value.is_null().get(null) != simdjson::SUCCESS || !null) {
        *why = "not a JSON value";
        return false;
      }
      NewNode(parent, Type::kNull);
      return true;
  }
  *why = "not a JSON value";
  return false;
}

bool JsonTree::Parse(std::string_view json, std::string* why) {
  nodes_.clear();
  last_child_.clear();
  simdjson::ondemand::document doc;
  if (auto e = parser_.iterate(json.data(), json.size(), json.size() + simdjson::SIMDJSON_PADDING).get(doc);
      e) {
    *why = simdjson::error_message(e);
    return false;
  }
  simdjson::ondemand::value root;
  // A document that is a scalar is not a value ondemand hands out: it is refused below.
  if (auto e = doc.get_value().get(root); e) {
    *why =
        e == simdjson::SCALAR_DOCUMENT_AS_VALUE ? "a lone scalar, not an object" : simdjson::error_message(e);
    return false;
  }
  // The reader hands over one value, its brackets balanced: nothing follows it. Every result
  // is taken with its error above; a simdjson call that throws on one all the same is read as
  // the value's error, never let out.
  try {
    return Add(root, -1, 0, why);
  } catch (const simdjson::simdjson_error& e) {
    *why = e.what();
    return false;
  }
}

void JsonTree::Find(const JsonPath& path, int32_t from, std::vector<int32_t>* out) const {
  std::vector<int32_t>& cur = a_;
  std::vector<int32_t>& next = b_;
  cur.assign(1, path.absolute ? kRoot : from);
  for (const std::string& segment : path.segments) {
    if (segment == "#") break;  // a name, not a value (Value)
    next.clear();
    for (const int32_t n : cur) {
      const Node& node = nodes_[static_cast<size_t>(n)];
      if (segment == "..") {
        if (node.parent >= 0) next.push_back(node.parent);
        continue;
      }
      if (node.type != Type::kObject && node.type != Type::kArray) continue;
      uint32_t index = 0;
      const bool numeric = node.type == Type::kArray &&
                           std::from_chars(segment.data(), segment.data() + segment.size(), index).ptr ==
                               segment.data() + segment.size();
      for (int32_t c = node.first_child; c >= 0; c = nodes_[static_cast<size_t>(c)].next_sibling) {
        const Node& child = nodes_[static_cast<size_t>(c)];
        if (segment == "*" || (node.type == Type::kObject && child.name == segment) ||
            (numeric && child.index == index)) {
          next.push_back(c);
          if (segment != "*") break;  // the first member of the name
        }
      }
    }
    cur.swap(next);
  }
  out->assign(cur.begin(), cur.end());
}

bool JsonTree::Value(const JsonPath& path, int32_t from, std::string_view* value, std::string* why) const {
  std::vector<int32_t>& found = found_;
  Find(path, from, &found);
  *value = {};
  if (found.empty()) return true;  // nothing there
  if (found.size() > 1) {
    *why = "'" + path.text + "' reaches " + std::to_string(found.size()) + " values, where a field takes one";
    return false;
  }
  const Node& node = nodes_[static_cast<size_t>(found.front())];
  if (!path.segments.empty() && path.segments.back() == "#") {
    if (node.parent < 0) return true;
    if (nodes_[static_cast<size_t>(node.parent)].type == Type::kObject) {
      *value = node.name;
      return true;
    }
    while (indexes_.size() <= node.index) indexes_.push_back(std::to_string(indexes_.size()));
    *value = indexes_[node.index];
    return true;
  }
  if (node.type == Type::kObject || node.type == Type::kArray) {
    *why = "'" + path.text + "' reaches " + (node.type == Type::kObject ? "an object" : "an array") +
           ", not a value";
    return false;
  }
  *value = node.text;
  return true;
}

}  // namespace pitboss
