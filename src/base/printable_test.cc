#include "base/printable.h"

#include <gtest/gtest.h>

namespace pitboss {
namespace {

TEST(PrintableTest, ControlCharactersAreEscaped) {
  EXPECT_EQ(Printable("a\nb\rc\td\x1b[2J\x7f"), "a\\nb\\rc\\td\\x1b[2J\\x7f");
}

// A file name need not be UTF-8: its bytes are shown escaped, so that the path shown still
// names the file (a replacement character would not).
TEST(PrintableTest, BytesThatAreNotUtf8AreEscapedNotReplaced) {
  EXPECT_EQ(Printable("logs/day\xff\xfe.jsonl"), "logs/day\\xff\\xfe.jsonl");
  EXPECT_EQ(Printable("caf\xc3"), "caf\\xc3");         // a sequence cut short
  EXPECT_EQ(Printable("caf\xc3\xa9"), "caf\xc3\xa9");  // well-formed UTF-8 passes through
}

// Characters that reorder or hide what a terminal or an editor shows (a bidi override can make
// "gnp.exe" read "exe.png"; U+2028 breaks a line; U+009B is CSI on some terminals) are escaped.
TEST(PrintableTest, BidiOverridesC1ControlsAndLineSeparatorsAreEscaped) {
  EXPECT_EQ(Printable("id\xe2\x80\xaegnp.exe"), "id\\u202egnp.exe");
  EXPECT_EQ(Printable("a\xe2\x80\xa8"
                      "FAKE: 0 violations"),
            "a\\u2028FAKE: 0 violations");
  EXPECT_EQ(Printable("\xe2\x80\xa9\xe2\x81\xa6\xe2\x81\xa9\xd8\x9c\xe2\x80\x8f"),
            "\\u2029\\u2066\\u2069\\u061c\\u200f");
  EXPECT_EQ(Printable("\xc2\x9b"
                      "2J\xc2\x85"),
            "\\u009b2J\\u0085");
  // Neighbours that are plain text pass through.
  EXPECT_EQ(Printable("\xc2\xa0\xe2\x80\x94\xe2\x80\xaf"), "\xc2\xa0\xe2\x80\x94\xe2\x80\xaf");
}

TEST(PrintableTest, EscapingTwiceChangesNothing) {
  for (std::string_view text : {"a\nb", "\x1b]52;c;aGk=\x07", "x\xe2\x80\xaey", "\xff"}) {
    EXPECT_EQ(Printable(Printable(text)), Printable(text)) << text;
  }
}

}  // namespace
}  // namespace pitboss
