// A regulator's HTML page reduced to the form the project keeps its source texts in
// (rules/sources/): the page's words, one paragraph a block. `pitboss source import` writes it;
// the rules are documented in docs/spec-format.md ("Importing a source text from HTML").
// Part of the source-text format: the same page always gives the same bytes, so that a text
// kept under rules/sources/ can be made again from its page and compared byte for byte.
#ifndef PITBOSS_SPEC_HTML_SOURCE_H_
#define PITBOSS_SPEC_HTML_SOURCE_H_

#include <string>
#include <string_view>

namespace pitboss {

// The text of `html`: tags removed (an inline one leaves nothing in its place; a block one ends
// a paragraph; <br> ends a line), comments and the content of <script>, <style>, <title>,
// <noscript> and <template> dropped, entities decoded, bytes that are not UTF-8 read as
// Windows-1252, each line's whitespace (no-break spaces included) made one space and its ends
// trimmed, empty lines and paragraphs dropped. Paragraphs are separated by a blank line; the
// text ends with a line break ("" for a page with no text).
std::string HtmlToSourceText(std::string_view html);

}  // namespace pitboss

#endif  // PITBOSS_SPEC_HTML_SOURCE_H_
