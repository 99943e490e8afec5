// The escaping HTML and XML share: text as character data or an attribute value, with &, <
// and > as entities, bytes that are not UTF-8 as U+FFFD, control characters as Printable
// shows them, and what each format says of quotes, line ends, tabs and the code points it
// cannot carry. One loop (WalkUtf8), each format a table.
#ifndef PITBOSS_BASE_MARKUP_H_
#define PITBOSS_BASE_MARKUP_H_

#include <string>
#include <string_view>

namespace pitboss {

struct MarkupEscapes {
  std::string_view quote;                // for "
  std::string_view apostrophe;           // for '
  std::string_view line_feed;            // for \n
  std::string_view carriage;             // for \r
  std::string_view tab;                  // for \t
  bool (*rejects)(char32_t code_point);  // written as the text \uXXXX instead
};

std::string EscapeMarkup(std::string_view text, const MarkupEscapes& escapes);

}  // namespace pitboss

#endif  // PITBOSS_BASE_MARKUP_H_
