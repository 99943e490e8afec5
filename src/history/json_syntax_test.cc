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

TEST(JsonSyntaxErrorTest, DeepNestingIsAFaultNotACrash) {
  const std::string deep(100000, '[');
  EXPECT_EQ(JsonSyntaxError(deep), "column 1026: nested more than 1024 levels deep");
}

}  // namespace
}  // namespace pitboss
