#include "base/words.h"

namespace pitboss {

std::string ListWords(const std::vector<std::string>& items, std::string_view last) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? last : std::string_view(", ");
    out += items[i];
  }
  return out;
}

}  // namespace pitboss
