#include "base/utf8.h"

#include <gtest/gtest.h>

namespace pitboss {
namespace {

void ExpectStep(std::string_view text, size_t length, bool valid) {
  const Utf8Step step = NextUtf8(text);
  EXPECT_EQ(step.length, length) << testing::PrintToString(std::string(text));
  EXPECT_EQ(step.valid, valid) << testing::PrintToString(std::string(text));
}

TEST(Utf8Test, WellFormedSequences) {
  ExpectStep("a", 1, true);
  ExpectStep("\xC3\xA9x", 2, true);         // U+00E9
  ExpectStep("\xE2\x82\xAC", 3, true);      // U+20AC
  ExpectStep("\xED\x9F\xBF", 3, true);      // U+D7FF, just below the surrogates
  ExpectStep("\xF0\x9F\x98\x80", 4, true);  // U+1F600
  ExpectStep("\xF4\x8F\xBF\xBF", 4, true);  // U+10FFFF
}

TEST(Utf8Test, IllFormedSequencesStopAtTheFirstBadByte) {
  ExpectStep("\x80", 1, false);      // a lone continuation byte
  ExpectStep("\xC0\xAF", 1, false);  // overlong lead byte
  ExpectStep("\xC1\xBF", 1, false);
  ExpectStep("\xE0\x80\x80", 1, false);      // overlong three-byte form
  ExpectStep("\xED\xA0\x80", 1, false);      // a surrogate
  ExpectStep("\xF0\x80\x80\x80", 1, false);  // overlong four-byte form
  ExpectStep("\xF4\x90\x80\x80", 1, false);  // above U+10FFFF
  ExpectStep("\xF5\x80\x80\x80", 1, false);
  ExpectStep("\xFF", 1, false);
  ExpectStep("\xE2\x82", 2, false);   // truncated at the end
  ExpectStep("\xE2\x82x", 2, false);  // truncated before an ASCII byte
  ExpectStep("\xF0\x9F\x98", 3, false);
  ExpectStep("\xF0\x9F\x98\x41", 3, false);
  ExpectStep("\xC3\xC3\xA9", 1, false);  // a new lead byte is not swallowed
}

TEST(Utf8Test, EscapedBytesReadBackExactly) {
  EXPECT_TRUE(IsValidUtf8("logs/caf\xC3\xA9.jsonl"));
  EXPECT_FALSE(IsValidUtf8("logs/day\xFF.jsonl"));
  EXPECT_EQ(EscapeBytes("logs/day\xFF.jsonl"), "logs/day\\xff.jsonl");
  EXPECT_EQ(EscapeBytes("a\\b\xC3\xA9\xE2\x82"), "a\\\\b\xC3\xA9\\xe2\\x82");
  for (const std::string& name : {std::string("logs/day\xFF.jsonl"), std::string("a\\xff\xFE\\"),
                                  std::string("caf\xC3\xA9"), std::string("\x80\\x4", 4), std::string()}) {
    const std::string escaped = EscapeBytes(name);
    EXPECT_TRUE(IsValidUtf8(escaped)) << escaped;
    EXPECT_EQ(UnescapeBytes(escaped), name) << escaped;
  }
  for (const char* bad : {"\\", "a\\x", "\\xf", "\\xFF", "\\xg0", "\\n"}) {
    EXPECT_FALSE(UnescapeBytes(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace pitboss
