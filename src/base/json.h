// A streaming JSON writer: values go straight to a std::ostream as they are
// given, with the commas, colons and string escaping done here. Every command
// that writes JSON uses it, so all of pitboss's JSON escapes the same way.
#ifndef PITBOSS_BASE_JSON_H_
#define PITBOSS_BASE_JSON_H_

#include <cstdint>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "pitboss/money.h"

namespace pitboss {

// Writes one JSON value (usually an object) token by token. Keys and members
// come out in the order they are given. Strings are escaped so that the output
// is always valid JSON in valid UTF-8: quotes, backslashes and control
// characters are escaped, well-formed UTF-8 passes through, and each ill-formed
// byte sequence becomes U+FFFD. The writer keeps no copy of the data and writes
// nothing of its own (no whitespace, no final newline). Not thread-safe.
//
// Misuse (a value in an object where a key is due, a Key in an array, an End
// that does not match its Begin, a second top-level value) is a programming
// error, caught by assert in debug builds.
//
//   JsonWriter json(out);
//   json.BeginObject().Key("tool").String("pitboss");
//   json.Key("format").Int(1).EndObject();  // {"tool":"pitboss","format":1}
// Appends `text` to `out` as a JSON string (quotes included), escaped as JsonWriter escapes it:
// for JSON built in a string in a hot loop, without a stream.
void AppendJsonString(std::string* out, std::string_view text);

// An output stream that appends to a string it holds: a JsonWriter's target for a value
// built in memory and used as text, reused from one value to the next (clear() empties it).
class StringOstream : public std::ostream {
 public:
  StringOstream() : std::ostream(&buf_) {}
  std::string& str() { return buf_.text; }
  void clear_text() { buf_.text.clear(); }

 private:
  struct Buffer : std::streambuf {
    std::string text;
    int_type overflow(int_type c) override {
      if (c != traits_type::eof()) text.push_back(static_cast<char>(c));
      return c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
      text.append(s, static_cast<size_t>(n));
      return n;
    }
  };
  Buffer buf_;
};

class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out);
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  JsonWriter& BeginObject();
  JsonWriter& EndObject();
  JsonWriter& BeginArray();
  JsonWriter& EndArray();
  JsonWriter& Key(std::string_view key);  // inside an object, before each value
  JsonWriter& String(std::string_view value);
  JsonWriter& Int(int64_t value);
  // A money sum: an integer where it fits in 64 bits, else a string, its exact decimal value
  // or "too large" (MoneySum::ToString). Part of the report format: docs/report.md.
  JsonWriter& Sum(const MoneySum& value);
  JsonWriter& Bool(bool value);
  JsonWriter& Null();
  // Shortest form that reads back to the same double; JSON has no NaN or
  // infinity, so those are written as null. Never use for money.
  JsonWriter& Double(double value);

  // True once a whole top-level value has been written.
  bool complete() const { return complete_; }

 private:
  struct Frame {
    bool is_object;
    bool empty;
  };

  void BeforeValue();  // writes the comma a value needs, if any
  void AfterValue();
  void WriteString(std::string_view text);

  std::ostream& out_;
  std::vector<Frame> open_;   // the containers not yet closed, innermost last
  bool key_written_ = false;  // in an object: a Key was written, its value is due
  bool complete_ = false;
};

}  // namespace pitboss

#endif  // PITBOSS_BASE_JSON_H_
