#include "spec/yaml_reader.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <map>
#include <sstream>

namespace pitboss {

namespace {

std::string At(const std::string& path, const YAML::Mark& mark) {
  if (mark.is_null() || mark.line < 0) return path;
  return path + ":" + std::to_string(mark.line + 1) + ":" + std::to_string(mark.column + 1);
}

// Thrown by the checker to stop the parse at the first limit crossed: what follows would
// only cost time.
struct Stop {
  YAML::Mark mark;
  std::string message;
};

// Walks the events of one document and checks each node once. An alias adds the size and
// height its anchor's node was found to have when it closed, so nothing is expanded.
class TreeChecker : public YAML::EventHandler {
 public:
  TreeChecker(const std::string& path, YamlLimits limits, std::vector<std::string>* errors)
      : path_(path), limits_(limits), errors_(errors) {}

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}

  void OnAnchor(const YAML::Mark&, const std::string& name) override { pending_name_ = name; }

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { Leaf(mark, anchor, std::nullopt); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                const std::string& value) override {
    Leaf(mark, anchor, value);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto it = anchors_.find(anchor);
    if (it == anchors_.end()) return;  // yaml-cpp rejects an unknown anchor itself
    const Anchor& a = it->second;
    if (a.open) {
      throw Stop{mark, "alias *" + a.name + " is inside the node it names (anchor &" + a.name + " at line " +
                           std::to_string(a.mark.line + 1) + "): a recursive alias"};
    }
    if (static_cast<int64_t>(stack_.size()) + a.height > limits_.max_depth) {
      throw Stop{mark, "YAML nested deeper than " + std::to_string(limits_.max_depth) +
                           " levels (through alias *" + a.name + ", whose anchor is at line " +
                           std::to_string(a.mark.line + 1) + ")"};
    }
    Count(mark, a.size, "alias *" + a.name);
    AddToParent(mark, a.size, a.height, a.scalar);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    Open(mark, anchor, false);
  }
  void OnSequenceEnd() override { Close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    Open(mark, anchor, true);
  }
  void OnMapEnd() override { Close(); }

 private:
  struct Anchor {
    std::string name;
    YAML::Mark mark;
    bool open = true;
    int64_t size = 1;
    int height = 0;
    std::optional<std::string> scalar;
  };
  struct Frame {
    bool map = false;
    YAML::anchor_t anchor = YAML::NullAnchor;
    YAML::Mark mark;
    int64_t size = 1;  // itself and everything below it
    int height = 1;    // levels of maps and lists, itself included
    size_t children = 0;
    std::map<std::string, int> keys;  // a map's keys -> the line of each
  };

  void Anchored(const YAML::Mark& mark, YAML::anchor_t anchor, bool open, std::optional<std::string> scalar) {
    if (anchor == YAML::NullAnchor) return;
    Anchor& a = anchors_[anchor];
    a.name = pending_name_;
    a.mark = mark;
    a.open = open;
    a.scalar = std::move(scalar);
  }

  void Leaf(const YAML::Mark& mark, YAML::anchor_t anchor, std::optional<std::string> value) {
    Anchored(mark, anchor, false, value);
    Count(mark, 1, "");
    AddToParent(mark, 1, 0, value);
  }

  void Open(const YAML::Mark& mark, YAML::anchor_t anchor, bool map) {
    Anchored(mark, anchor, true, std::nullopt);
    if (static_cast<int64_t>(stack_.size()) + 1 > limits_.max_depth) {
      throw Stop{mark, "YAML nested deeper than " + std::to_string(limits_.max_depth) + " levels"};
    }
    Count(mark, 1, "");
    Frame f;
    f.map = map;
    f.anchor = anchor;
    f.mark = mark;
    stack_.push_back(std::move(f));
  }

  void Close() {
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    if (f.anchor != YAML::NullAnchor) {
      Anchor& a = anchors_[f.anchor];
      a.open = false;
      a.size = f.size;
      a.height = f.height;
    }
    AddToParent(f.mark, f.size, f.height, std::nullopt);
  }

  // `size` more nodes in the tree as expanded.
  void Count(const YAML::Mark& mark, int64_t size, const std::string& through) {
    total_ += size;
    if (total_ > limits_.max_nodes) {
      throw Stop{mark, "YAML of more than " + std::to_string(limits_.max_nodes) + " nodes" +
                           (through.empty() ? "" : " once " + through + " is expanded") +
                           ", far more than any spec has (a \"billion laughs\" of aliases?)"};
    }
  }

  void AddToParent(const YAML::Mark& mark, int64_t size, int height,
                   const std::optional<std::string>& scalar) {
    if (stack_.empty()) return;
    Frame& parent = stack_.back();
    bool key = parent.map && parent.children % 2 == 0;
    ++parent.children;
    parent.size += size;
    parent.height = std::max(parent.height, height + 1);
    if (!key || !scalar) return;
    auto [it, inserted] = parent.keys.emplace(*scalar, mark.line + 1);
    if (!inserted) {
      errors_->push_back(At(path_, mark) + ": key '" + *scalar + "' given twice (first at line " +
                         std::to_string(it->second) + ")");
    }
  }

  const std::string& path_;
  YamlLimits limits_;
  std::vector<std::string>* errors_;
  std::vector<Frame> stack_;
  std::map<YAML::anchor_t, Anchor> anchors_;
  std::string pending_name_;
  int64_t total_ = 0;
};

std::string Message(const YAML::Exception& e) {
  // yaml-cpp's own guard says only "bad file"; ours (above) is far lower and fires first.
  if (dynamic_cast<const YAML::DeepRecursion*>(&e)) return "YAML nested too deep";
  return e.msg;
}

}  // namespace

std::optional<YAML::Node> ReadYaml(const std::string& path, const std::string& text,
                                   std::vector<std::string>* errors, YamlLimits limits) {
  size_t before = errors->size();
  try {
    std::istringstream in(text);
    YAML::Parser parser(in);
    TreeChecker checker(path, limits, errors);
    parser.HandleNextDocument(checker);
  } catch (const Stop& stop) {
    errors->push_back(At(path, stop.mark) + ": " + stop.message);
    return std::nullopt;
  } catch (const YAML::Exception& e) {
    errors->push_back(At(path, e.mark) + ": " + Message(e));
    return std::nullopt;
  }
  if (errors->size() != before) return std::nullopt;
  try {
    return YAML::Load(text);
  } catch (const YAML::Exception& e) {
    errors->push_back(At(path, e.mark) + ": " + Message(e));
    return std::nullopt;
  }
}

}  // namespace pitboss
