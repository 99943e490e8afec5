#include "report/printable.h"

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
  EXPECT_EQ(Printable("caf\xc3"), "caf\\xc3");  // a sequence cut short
  EXPECT_EQ(Printable("caf\xc3\xa9"), "caf\xc3\xa9");  // well-formed UTF-8 passes through
}

}  // namespace
}  // namespace pitboss
