// Where a line stops being JSON, for the message of its input/malformed finding: the parser
// that reads rounds (simdjson) says what kind of error it met, not where.
#ifndef PITBOSS_HISTORY_JSON_SYNTAX_H_
#define PITBOSS_HISTORY_JSON_SYNTAX_H_

#include <string>
#include <string_view>

namespace pitboss {

// The first place where `line` is not one JSON value (RFC 8259), as "column 57 (field
// 'amount'): expected ',' or '}' after a value": the 1-based byte column, the key of the
// member being read where there is one, and what was expected there. "" when the line is one
// well-formed JSON value as far as this scan can tell. Nesting deeper than 1,024 levels is
// reported as such. *ends_early, where given, says whether the fault is only that the line
// ends before its value does (every byte of it can begin a JSON value, as a line cut off
// does): the message then ends in "but the line ends".
std::string JsonSyntaxError(std::string_view line, bool* ends_early = nullptr);

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_JSON_SYNTAX_H_
