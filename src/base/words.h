// Lists in words, as messages and reports write them.
#ifndef PITBOSS_BASE_WORDS_H_
#define PITBOSS_BASE_WORDS_H_

#include <string>
#include <string_view>
#include <vector>

namespace pitboss {

// "a", "a or b", "a, b or c" (`last` joins the last two: " or ", " and ").
std::string ListWords(const std::vector<std::string>& items, std::string_view last = " or ");

}  // namespace pitboss

#endif  // PITBOSS_BASE_WORDS_H_
