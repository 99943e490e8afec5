#include "base/json.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <string_view>

namespace pitboss {
namespace {

// The JSON text of `value` written as a lone string.
std::string Quoted(std::string_view value) {
  std::ostringstream out;
  JsonWriter json(out);
  json.String(value);
  EXPECT_TRUE(json.complete());
  return out.str();
}

// What a strict parser reads back from Quoted(value); fails the test if it
// cannot (simdjson rejects invalid UTF-8 and raw control characters).
std::string ReadBack(std::string_view value) {
  const std::string text = Quoted(value);
  simdjson::dom::parser parser;
  std::string_view parsed;
  const auto error = parser.parse(text).get_string().get(parsed);
  EXPECT_EQ(error, simdjson::SUCCESS) << text;
  return std::string(parsed);
}

TEST(JsonWriterTest, CommasBetweenMembersAndElements) {
  std::ostringstream out;
  JsonWriter json(out);
  json.BeginObject();
  json.Key("a").Int(1);
  json.Key("b").BeginArray().Int(1).Int(2).BeginObject().EndObject().EndArray();
  json.Key("c").BeginObject().Key("d").Null().EndObject();
  json.Key("e").BeginArray().EndArray();
  json.Key("f").BeginArray().BeginArray().EndArray().BeginArray().Bool(true).EndArray().EndArray();
  json.EndObject();
  EXPECT_EQ(out.str(), R"({"a":1,"b":[1,2,{}],"c":{"d":null},"e":[],"f":[[],[true]]})");
  EXPECT_TRUE(json.complete());
}

TEST(JsonWriterTest, CompleteOnlyOnceTheTopLevelValueIsClosed) {
  std::ostringstream out;
  JsonWriter json(out);
  EXPECT_FALSE(json.complete());
  json.BeginArray();
  EXPECT_FALSE(json.complete());
  json.Int(1);
  EXPECT_FALSE(json.complete());
  json.EndArray();
  EXPECT_TRUE(json.complete());
}

TEST(JsonWriterTest, Scalars) {
  std::ostringstream out;
  JsonWriter json(out);
  json.BeginArray()
      .Bool(true)
      .Bool(false)
      .Null()
      .Int(0)
      .Int(-250)
      .Int(std::numeric_limits<int64_t>::max())
      .Int(std::numeric_limits<int64_t>::min())
      .EndArray();
  EXPECT_EQ(out.str(), "[true,false,null,0,-250,9223372036854775807,-9223372036854775808]");
}

TEST(JsonWriterTest, DoublesReadBackExactlyAndNonFiniteIsNull) {
  std::ostringstream out;
  JsonWriter json(out);
  json.BeginArray()
      .Double(0.1)
      .Double(-2.5)
      .Double(3)
      .Double(1e300)
      .Double(std::nan(""))
      .Double(std::numeric_limits<double>::infinity())
      .EndArray();
  EXPECT_EQ(out.str(), "[0.1,-2.5,3,1e+300,null,null]");
}

TEST(JsonWriterTest, EscapesQuotesBackslashesAndControlCharacters) {
  EXPECT_EQ(Quoted("plain"), R"("plain")");
  EXPECT_EQ(Quoted(""), R"("")");
  EXPECT_EQ(Quoted(R"(say "hi")"), R"("say \"hi\"")");
  EXPECT_EQ(Quoted(R"(C:\logs\day1)"), R"("C:\\logs\\day1")");
  EXPECT_EQ(Quoted("a\nb\tc\rd\be\ff"), R"("a\nb\tc\rd\be\ff")");
  EXPECT_EQ(Quoted("\x01\x1f"), R"("\u0001\u001f")");
  EXPECT_EQ(Quoted("\x1b[31m"), R"("\u001b[31m")");
  EXPECT_EQ(Quoted(std::string_view("a\0b", 3)), R"("a\u0000b")");
  // Not required to be escaped, and not.
  EXPECT_EQ(Quoted("a/b\x7f"), "\"a/b\x7f\"");
}

TEST(JsonWriterTest, KeysAreEscapedToo) {
  std::ostringstream out;
  JsonWriter json(out);
  json.BeginObject().Key("a\"b\n").Int(1).EndObject();
  EXPECT_EQ(out.str(), R"({"a\"b\n":1})");
}

TEST(JsonWriterTest, ValidUtf8PassesThrough) {
  EXPECT_EQ(Quoted("caf\xC3\xA9"), "\"caf\xC3\xA9\"");
  EXPECT_EQ(Quoted("\xE2\x82\xAC"
                   "5"),
            "\"\xE2\x82\xAC"
            "5\"");
  EXPECT_EQ(Quoted("\xF0\x9F\x83\x8F"),
            "\"\xF0\x9F\x83\x8F\"");  // a playing card
}

TEST(JsonWriterTest, InvalidUtf8BecomesReplacementCharacters) {
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(Quoted("a\xFF"
                   "b"),
            "\"a" + fffd + "b\"");
  EXPECT_EQ(Quoted("\x80"), "\"" + fffd + "\"");
  // One U+FFFD per maximal ill-formed subpart: a truncated sequence is one.
  EXPECT_EQ(Quoted("\xE2\x82"
                   "A"),
            "\"" + fffd + "A\"");
  EXPECT_EQ(Quoted("end\xF0\x9F\x98"), "\"end" + fffd + "\"");
  // Overlong forms and surrogates are one per byte.
  EXPECT_EQ(Quoted("\xC0\xAF"), "\"" + fffd + fffd + "\"");
  EXPECT_EQ(Quoted("\xED\xA0\x80"), "\"" + fffd + fffd + fffd + "\"");
  // Latin-1 text, the usual culprit.
  EXPECT_EQ(Quoted("caf\xE9!"), "\"caf" + fffd + "!\"");
  // A bad byte before an escape keeps the escape.
  EXPECT_EQ(Quoted("\xFF\"\n"), "\"" + fffd + "\\\"\\n\"");
}

TEST(JsonWriterTest, AStrictParserReadsEveryStringBack) {
  EXPECT_EQ(ReadBack("say \"hi\"\\\n\t\x01"), "say \"hi\"\\\n\t\x01");
  EXPECT_EQ(ReadBack("caf\xC3\xA9 \xF0\x9F\x83\x8F"), "caf\xC3\xA9 \xF0\x9F\x83\x8F");
  EXPECT_EQ(ReadBack("x\xFF\xC0\xE2\x82"), "x\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  // Every single byte value, alone and after a lead byte.
  for (int b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    ReadBack(std::string(1, c));
    ReadBack(std::string("\xE2") + c);
  }
}

}  // namespace
}  // namespace pitboss
