#include "spec/html_source.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "spec/source_text.h"

namespace pitboss {
namespace {

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(HtmlSourceTest, InlineTagsLeaveNothingBlockTagsEndAParagraph) {
  EXPECT_EQ(HtmlToSourceText("<p>A <b>bold</b> w<i>o</i>rd</p><p>Next</p>"), "A bold word\n\nNext\n");
  EXPECT_EQ(HtmlToSourceText("<div>one<div>two</div>three</div>"), "one\n\ntwo\n\nthree\n");
  EXPECT_EQ(HtmlToSourceText("<UL><LI>first<LI>second</UL>"), "first\n\nsecond\n");
  EXPECT_EQ(HtmlToSourceText("<h2>Title</h2>text"), "Title\n\ntext\n");
}

TEST(HtmlSourceTest, BreakEndsALineWithinItsParagraph) {
  EXPECT_EQ(HtmlToSourceText("<p>(1) one;<br>(2) two;<br/><br />(3) three.</p>"),
            "(1) one;\n(2) two;\n(3) three.\n");
}

TEST(HtmlSourceTest, TableCellsAreSeparatedAndRowsArePargraphs) {
  EXPECT_EQ(
      HtmlToSourceText("<table><tr><td>Win</td><td>1 to 1</td></tr><tr><th>Tie</th><td>10 to 1</td></tr>"
                       "</table>"),
      "Win 1 to 1\n\nTie 10 to 1\n");
}

TEST(HtmlSourceTest, EntitiesDecoded) {
  EXPECT_EQ(HtmlToSourceText("<p>a &amp; b &lt;c&gt; &quot;d&quot; it&#39;s it&#x2019;s it&rsquo;s</p>"),
            "a & b <c> \"d\" it's it\u2019s it\u2019s\n");
  // An entity decoded is text, never markup.
  EXPECT_EQ(HtmlToSourceText("<p>&lt;p&gt;kept&lt;/p&gt;</p>"), "<p>kept</p>\n");
  // What is no entity it knows is kept as written.
  EXPECT_EQ(HtmlToSourceText("<p>AT&T &unknown; &#xZZ; &</p>"), "AT&T &unknown; &#xZZ; &\n");
}

TEST(HtmlSourceTest, WhitespaceAndNoBreakSpacesFolded) {
  EXPECT_EQ(HtmlToSourceText("<p>&nbsp;&nbsp; 20:18.&nbsp;&nbsp;Title \n\t of\xC2\xA0the  rule &nbsp;</p>"),
            "20:18. Title of the rule\n");
  // A paragraph of nothing but spaces is no paragraph.
  EXPECT_EQ(HtmlToSourceText("<p>one</p><p>&nbsp;</p><p> </p><p>two</p>"), "one\n\ntwo\n");
}

TEST(HtmlSourceTest, CommentsScriptsStylesAndTitleDropped) {
  EXPECT_EQ(HtmlToSourceText("<!DOCTYPE html><html><head><title>T</title><style><!-- p {x:1} --></style>"
                             "<script>if (a < b) x = '</p>';</script></head><body><!-- note -->"
                             "<p>text</p></body></html>"),
            "text\n");
  EXPECT_EQ(HtmlToSourceText("<p>a<!-- <p>not</p> -->b</p>"), "ab\n");
  // Unclosed, they run to the end of the page.
  EXPECT_EQ(HtmlToSourceText("<p>kept</p><script>lost"), "kept\n");
  EXPECT_EQ(HtmlToSourceText("<p>kept</p><!-- lost"), "kept\n");
}

TEST(HtmlSourceTest, QuotedAttributesMayHoldAngleBrackets) {
  EXPECT_EQ(HtmlToSourceText("<p title='a > b' class=\"x>y\">text</p>"), "text\n");
  EXPECT_EQ(HtmlToSourceText("<a href=\"/s?Type=Statute&Statute=42\">42-7B-4</a>"), "42-7B-4\n");
}

TEST(HtmlSourceTest, ALessThanThatOpensNoTagIsText) {
  EXPECT_EQ(HtmlToSourceText("<p>1 < 2 and 3 <= 4</p>"), "1 < 2 and 3 <= 4\n");
}

TEST(HtmlSourceTest, BytesThatAreNotUtf8ReadAsWindows1252) {
  EXPECT_EQ(HtmlToSourceText("<p>player\x92s \x93war\x94 \x96 caf\xE9</p>"),
            "player\u2019s \u201Cwar\u201D \u2013 caf\u00E9\n");
  // UTF-8 stays as it is; a byte Windows-1252 leaves undefined is U+FFFD.
  EXPECT_EQ(HtmlToSourceText("<p>caf\xC3\xA9 \x81</p>"), "caf\u00E9 \uFFFD\n");
}

TEST(HtmlSourceTest, APageWithNoTextGivesNothing) {
  EXPECT_EQ(HtmlToSourceText(""), "");
  EXPECT_EQ(HtmlToSourceText("<html><head><title>only a title</title></head><body> </body></html>"), "");
}

TEST(HtmlSourceTest, TheSameBytesEveryTime) {
  const std::string page =
      ReadAll(std::string(PITBOSS_SOURCE_DIR) + "/fixtures/sources/sd-war-blackjack.html");
  ASSERT_FALSE(page.empty());
  EXPECT_EQ(HtmlToSourceText(page), HtmlToSourceText(page));
}

// Seed 001, South Dakota's page of ARSD 20:18:15:30.12, gives the project's source text of it
// byte for byte (tests/CMakeLists.txt runs the same through `pitboss source import`).
TEST(HtmlSourceTest, TheSouthDakotaPageGivesTheProjectsText) {
  const std::string page =
      ReadAll(std::string(PITBOSS_SOURCE_DIR) + "/fixtures/sources/sd-war-blackjack.html");
  const std::string text =
      ReadAll(std::string(PITBOSS_SOURCE_DIR) + "/rules/sources/us-sd/war-blackjack.txt");
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(HtmlToSourceText(page), text);
}

TEST(HtmlSourceTest, DecodeEntityKnowsItsOwn) {
  std::string out;
  EXPECT_EQ(DecodeEntity("&amp;rest", &out), 5u);
  EXPECT_EQ(DecodeEntity("&#8217;", &out), 7u);
  EXPECT_EQ(DecodeEntity("&bogus;", &out), 0u);
  EXPECT_EQ(DecodeEntity("&#0;", &out), 0u);
  EXPECT_EQ(out, "&\u2019");
}

}  // namespace
}  // namespace pitboss
