#include "report/xml.h"

#include <gtest/gtest.h>

namespace pitboss {
namespace {

TEST(XmlTest, MarkupCharactersAreEntities) {
  EXPECT_EQ(XmlText("a < b && c > \"d\" 'e'"), "a &lt; b &amp;&amp; c &gt; \"d\" 'e'");
  EXPECT_EQ(XmlAttribute("a < b && c > \"d\" 'e'"), "a &lt; b &amp;&amp; c &gt; &quot;d&quot; &apos;e&apos;");
}

TEST(XmlTest, LineBreaksSurviveAParser) {
  // A parser turns a raw CR into LF, and a raw newline or tab in an attribute
  // into a space; character references come back as written.
  EXPECT_EQ(XmlText("a\r\nb\tc"), "a&#13;\nb\tc");
  EXPECT_EQ(XmlAttribute("a\r\nb\tc"), "a&#13;&#10;b&#9;c");
}

TEST(XmlTest, CharactersXmlCannotHoldAreWrittenAsEscapes) {
  EXPECT_EQ(XmlText(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(XmlText("\x01\x1b[2J\x7f"), "\\x01\\x1b[2J\\x7f");
  EXPECT_EQ(XmlAttribute("\x0b\x0c"), "\\x0b\\x0c");
  EXPECT_EQ(XmlText("\xEF\xBF\xBE\xEF\xBF\xBF"), "\\uFFFE\\uFFFF");
}

TEST(XmlTest, Utf8PassesAndIllFormedBytesAreReplaced) {
  EXPECT_EQ(XmlText("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x82\xA1"),
            "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x82\xA1");
  EXPECT_EQ(XmlText("a\xFF"
                    "b\xC3"),
            "a\xEF\xBF\xBD"
            "b\xEF\xBF\xBD");
  // U+FFFD itself, and the last characters before and after the noncharacters, are fine.
  EXPECT_EQ(XmlText("\xEF\xBF\xBD\xEF\xBF\xBC\xF0\x90\x80\x80"), "\xEF\xBF\xBD\xEF\xBF\xBC\xF0\x90\x80\x80");
}

TEST(XmlTest, EmptyStaysEmpty) {
  EXPECT_EQ(XmlText(""), "");
  EXPECT_EQ(XmlAttribute(""), "");
}

}  // namespace
}  // namespace pitboss
