#include "history/json_syntax.h"

#include <cstdint>

namespace pitboss {

namespace {

constexpr int kMaxDepth = 1024;

// A recursive-descent scan that stops at the first fault; nothing is built.
class Scanner {
 public:
  explicit Scanner(std::string_view s) : s_(s) {}

  // After Run: the fault is only that the line ends before its value does.
  bool ends_early() const { return ends_early_; }

  std::string Run() {
    Ws();
    if (!Value(0)) return error_;
    Ws();
    if (i_ < s_.size()) {
      Fail("text after the end of the JSON value");
      return error_;
    }
    return "";
  }

 private:
  bool AtEnd() const { return i_ >= s_.size(); }
  char Peek() const { return AtEnd() ? '\0' : s_[i_]; }
  void Ws() {
    while (!AtEnd() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool Fail(const std::string& what) {
    ends_early_ = AtEnd();
    error_ = "column " + std::to_string(i_ + 1);
    if (!key_.empty()) error_ += " (field '" + key_ + "')";
    error_ += ": " + (AtEnd() ? what + ", but the line ends" : what);
    return false;
  }

  bool Value(int depth) {
    if (depth > kMaxDepth) return Fail("nested more than 1024 levels deep");
    switch (Peek()) {
      case '{':
        return Object(depth);
      case '[':
        return Array(depth);
      case '"':
        return String(nullptr);
      case 't':
        return Literal("true");
      case 'f':
        return Literal("false");
      case 'n':
        return Literal("null");
      default:
        if (Peek() == '-' || (Peek() >= '0' && Peek() <= '9')) return Number();
        return Fail("expected a value (a string, a number, an object, an array, true, false or null)");
    }
  }

  bool Object(int depth) {
    ++i_;  // {
    Ws();
    if (Peek() == '}') {
      ++i_;
      return true;
    }
    const std::string outer = key_;
    for (;;) {
      if (Peek() != '"') return Fail("expected a field name in double quotes");
      std::string key;
      if (!String(&key)) return false;
      key_ = key.size() > 64 ? key.substr(0, 64) + "..." : key;
      Ws();
      if (Peek() != ':') return Fail("expected ':' after the field name");
      ++i_;
      Ws();
      if (!Value(depth + 1)) return false;
      Ws();
      if (Peek() == ',') {
        ++i_;
        Ws();
        continue;
      }
      if (Peek() == '}') {
        ++i_;
        key_ = outer;
        return true;
      }
      return Fail("expected ',' or '}' after a value");
    }
  }

  bool Array(int depth) {
    ++i_;  // [
    Ws();
    if (Peek() == ']') {
      ++i_;
      return true;
    }
    for (;;) {
      if (!Value(depth + 1)) return false;
      Ws();
      if (Peek() == ',') {
        ++i_;
        Ws();
        continue;
      }
      if (Peek() == ']') {
        ++i_;
        return true;
      }
      return Fail("expected ',' or ']' after a value");
    }
  }

  // A string; its raw text (escapes as written) into *out where given.
  bool String(std::string* out) {
    const size_t start = ++i_;  // "
    while (!AtEnd()) {
      const auto c = static_cast<unsigned char>(s_[i_]);
      if (c == '"') {
        if (out) out->assign(s_.substr(start, i_ - start));
        ++i_;
        return true;
      }
      if (c < 0x20) return Fail("a control character inside a string (it must be escaped)");
      if (c == '\\') {
        ++i_;
        const char e = Peek();
        if (e == 'u') {
          for (int k = 1; k <= 4; ++k) {
            if (i_ + k >= s_.size()) return Cut();  // the digits so far, then the end
            const char h = s_[i_ + k];
            if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F'))) {
              return Fail("\\u must be followed by four hexadecimal digits");
            }
          }
          i_ += 5;
          continue;
        }
        if (e != '"' && e != '\\' && e != '/' && e != 'b' && e != 'f' && e != 'n' && e != 'r' && e != 't') {
          return Fail("an escape JSON does not have (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
        }
        ++i_;
        continue;
      }
      if (c >= 0x80) {
        const int n = c >= 0xF0 && c <= 0xF4 ? 3 : c >= 0xE0 ? 2 : c >= 0xC2 && c < 0xE0 ? 1 : -1;
        if (n < 0 || c > 0xF4) return Fail("bytes that are not UTF-8");
        for (int k = 1; k <= n; ++k) {
          if (i_ + k >= s_.size()) return Cut();  // a character begun, then the end
          if ((static_cast<unsigned char>(s_[i_ + k]) & 0xC0) != 0x80) {
            return Fail("bytes that are not UTF-8");
          }
        }
        i_ += static_cast<size_t>(n) + 1;
        continue;
      }
      ++i_;
    }
    return Fail("a string that is not closed");
  }

  bool Number() {
    if (Peek() == '-') ++i_;
    if (Peek() == '0') {
      ++i_;
    } else if (Peek() >= '1' && Peek() <= '9') {
      while (Peek() >= '0' && Peek() <= '9') ++i_;
    } else {
      return Fail("a number must have digits after '-'");
    }
    if (Peek() == '.') {
      ++i_;
      if (!(Peek() >= '0' && Peek() <= '9')) return Fail("a number must have digits after '.'");
      while (Peek() >= '0' && Peek() <= '9') ++i_;
    }
    if (Peek() == 'e' || Peek() == 'E') {
      ++i_;
      if (Peek() == '+' || Peek() == '-') ++i_;
      if (!(Peek() >= '0' && Peek() <= '9')) return Fail("a number's exponent must have digits");
      while (Peek() >= '0' && Peek() <= '9') ++i_;
    }
    return true;
  }

  bool Literal(std::string_view word) {
    if (s_.size() - i_ < word.size() && word.substr(0, s_.size() - i_) == s_.substr(i_)) {
      i_ = s_.size();  // "tr", then the end
      return Fail("expected " + std::string(word));
    }
    if (s_.substr(i_, word.size()) != word) {
      return Fail("expected a value (a string, a number, an object, an array, true, false or null)");
    }
    i_ += word.size();
    return true;
  }

  // Inside a string, the line ends in the middle of an escape or a character.
  bool Cut() {
    i_ = s_.size();
    return Fail("a string that is not closed");
  }

  std::string_view s_;
  size_t i_ = 0;
  bool ends_early_ = false;
  std::string key_;  // the field whose value is being read
  std::string error_;
};

}  // namespace

std::string JsonSyntaxError(std::string_view line, bool* ends_early) {
  Scanner scanner(line);
  std::string error = scanner.Run();
  if (ends_early != nullptr) *ends_early = !error.empty() && scanner.ends_early();
  return error;
}

}  // namespace pitboss
