// A hash for unordered containers keyed by std::string that are looked up by a
// std::string_view without making a string of it (heterogeneous lookup).
#ifndef PITBOSS_BASE_STRING_HASH_H_
#define PITBOSS_BASE_STRING_HASH_H_

#include <cstddef>
#include <functional>
#include <string_view>

namespace pitboss {

struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};

}  // namespace pitboss

#endif  // PITBOSS_BASE_STRING_HASH_H_
