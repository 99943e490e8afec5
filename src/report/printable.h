// Log text made safe for the line-oriented writers (text, Markdown): each
// finding stays on its own line and no terminal control sequence gets through.
#ifndef PITBOSS_REPORT_PRINTABLE_H_
#define PITBOSS_REPORT_PRINTABLE_H_

#include <string>
#include <string_view>

namespace pitboss {

// `text` with newline, carriage return and tab written as the escapes \n, \r
// and \t, every other ASCII control character (DEL included) as \xNN, and each
// byte of an ill-formed UTF-8 sequence as \xNN too (escaped, not replaced, so that a
// file name that is not UTF-8 still names its file). Well-formed UTF-8 passes through.
std::string Printable(std::string_view text);

// Appends the ASCII byte `c` to `out`, a control character (DEL included) as \xNN.
void AppendPrintableAscii(unsigned char c, std::string* out);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_PRINTABLE_H_
