// Text from an input made safe for a terminal and for the line-oriented writers (text,
// Markdown): each finding and message stays on its own line, no terminal control sequence gets
// through, and nothing reorders or hides what is shown. Every diagnostic on standard error goes
// through it (cli/log.cc), as does every piece of input on standard output.
#ifndef PITBOSS_BASE_PRINTABLE_H_
#define PITBOSS_BASE_PRINTABLE_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace pitboss {

// `text` with newline, carriage return and tab written as the escapes \n, \r
// and \t, every other ASCII control character (DEL included) as \xNN, and each
// byte of an ill-formed UTF-8 sequence as \xNN too (escaped, not replaced, so that a
// file name that is not UTF-8 still names its file). Well-formed UTF-8 passes through, but for
// the characters that move or hide text (IsHiddenFormatting), written \uNNNN (four lowercase
// hex digits). Printable(Printable(x)) == Printable(x).
std::string Printable(std::string_view text);

// True for a code point a terminal or an editor acts on rather than shows: the C1 controls
// (U+0080..U+009F), the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E,
// U+200F, U+202A..U+202E, U+2066..U+2069), and the line and paragraph separators (U+2028,
// U+2029).
bool IsHiddenFormatting(uint32_t code_point);

// Appends the ASCII byte `c` to `out`, a control character (DEL included) as \xNN.
void AppendPrintableAscii(unsigned char c, std::string* out);

}  // namespace pitboss

#endif  // PITBOSS_BASE_PRINTABLE_H_
