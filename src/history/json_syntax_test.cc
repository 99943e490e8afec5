#include "history/json_syntax.h"

#include <gtest/gtest.h>

#include <string>

namespace pitboss {
namespace {

TEST(JsonSyntaxErrorTest, WellFormedLinesHaveNone) {
  EXPECT_EQ(JsonSyntaxError(R"({"a":[1,-2.5e3,true,false,null,"x\"\u00e9"],"b":{}})"), "");
  EXPECT_EQ(JsonSyntaxError("  [] "), "");
  EXPECT_EQ(JsonSyntaxError("\"caf\xC3\xA9\""), "");
}

TEST(JsonSyntaxErrorTest, SaysTheColumnTheFieldAndWhatWasExpected) {
  EXPECT_EQ(JsonSyntaxError(R"({"round":"R1","amount":5 "net":1})"),
            "column 26 (field 'amount'): expected ',' or '}' after a value");
  EXPECT_EQ(
      JsonSyntaxError(R"({"events":[{"type":"bet"},])"),
      "column 27 (field 'events'): expected a value (a string, a number, an object, an array, true, false "
      "or null)");
  EXPECT_EQ(JsonSyntaxError(R"({"card":"KH")"),
            "column 13 (field 'card'): expected ',' or '}' after a value, but the line ends");
  EXPECT_EQ(JsonSyntaxError(R"({round:1})"), "column 2: expected a field name in double quotes");
  EXPECT_EQ(JsonSyntaxError(R"({"a":01})"), "column 7 (field 'a'): expected ',' or '}' after a value");
  EXPECT_EQ(JsonSyntaxError(R"({"a":"x\q"})"),
            R"(column 9 (field 'a'): an escape JSON does not have (\" \\ \/ \b \f \n \r \t \uXXXX))");
  EXPECT_EQ(JsonSyntaxError("{\"a\":\"\xFF\"}"), "column 7 (field 'a'): bytes that are not UTF-8");
  EXPECT_EQ(JsonSyntaxError(R"({"a":1}})"), "column 8: text after the end of the JSON value");
  EXPECT_EQ(JsonSyntaxError(R"({"a":tru})"),
            "column 6 (field 'a'): expected a value (a string, a number, an object, an array, true, false or "
            "null)");
}

// Every beginning of a well-formed line ends early (a line cut off anywhere: in a string, an
// escape, a character of several bytes, a number, a literal); a fault before the end does not.
TEST(JsonSyntaxErrorTest, EndsEarlyOnlyWhereTheLineIsCutOff) {
  const std::string line = "{\"a\":[1,-2.5e3,true,false,null,\"x\\\"\\u00e9 caf\xC3\xA9\"],\"b\":{}}";
  bool ends_early = true;
  EXPECT_EQ(JsonSyntaxError(line, &ends_early), "");
  EXPECT_FALSE(ends_early);
  for (size_t n = 1; n < line.size(); ++n) {
    ends_early = false;
    EXPECT_NE(JsonSyntaxError(line.substr(0, n), &ends_early), "") << n;
    EXPECT_TRUE(ends_early) << line.substr(0, n);
  }
  EXPECT_EQ(JsonSyntaxError(R"({"card":"K)", &ends_early),
            "column 11 (field 'card'): a string that is not closed, but the line ends");
  EXPECT_TRUE(ends_early);
  EXPECT_EQ(JsonSyntaxError(R"({"ok":tr)", &ends_early),
            "column 9 (field 'ok'): expected true, but the line ends");
  EXPECT_TRUE(ends_early);
  for (std::string_view faulty :
       {R"({"a":1 "b":2)", "garbage", R"({"a":tru})", R"({"a":1}})", "{\"a\":\"\xFF"}) {
    ends_early = true;
    EXPECT_NE(JsonSyntaxError(faulty, &ends_early), "") << faulty;
    EXPECT_FALSE(ends_early) << faulty;
  }
}

TEST(JsonSyntaxErrorTest, DeepNestingIsAFaultNotACrash) {
  const std::string deep(100000, '[');
  EXPECT_EQ(JsonSyntaxError(deep), "column 1026: nested more than 1024 levels deep");
}

}  // namespace
}  // namespace pitboss
