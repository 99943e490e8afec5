#include "base/json.h"

#include <cassert>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <optional>

#include "base/utf8.h"

namespace pitboss {

JsonWriter::JsonWriter(std::ostream& out) : out_(out) {}

void JsonWriter::BeforeValue() {
  assert(!complete_ && "a JsonWriter writes one top-level value");
  if (open_.empty()) return;
  Frame& frame = open_.back();
  if (frame.is_object) {
    assert(key_written_ && "a value in an object needs a Key first");
    key_written_ = false;
    return;  // Key() wrote the comma
  }
  if (!frame.empty) out_.put(',');
  frame.empty = false;
}

void JsonWriter::AfterValue() {
  if (open_.empty()) complete_ = true;
}

JsonWriter& JsonWriter::BeginObject() {
  BeforeValue();
  out_.put('{');
  open_.push_back({/*is_object=*/true, /*empty=*/true});
  return *this;
}

JsonWriter& JsonWriter::EndObject() {
  assert(!open_.empty() && open_.back().is_object && !key_written_);
  open_.pop_back();
  out_.put('}');
  AfterValue();
  return *this;
}

JsonWriter& JsonWriter::BeginArray() {
  BeforeValue();
  out_.put('[');
  open_.push_back({/*is_object=*/false, /*empty=*/true});
  return *this;
}

JsonWriter& JsonWriter::EndArray() {
  assert(!open_.empty() && !open_.back().is_object);
  open_.pop_back();
  out_.put(']');
  AfterValue();
  return *this;
}

JsonWriter& JsonWriter::Key(std::string_view key) {
  assert(!open_.empty() && open_.back().is_object && !key_written_);
  Frame& frame = open_.back();
  if (!frame.empty) out_.put(',');
  frame.empty = false;
  WriteString(key);
  out_.put(':');
  key_written_ = true;
  return *this;
}

JsonWriter& JsonWriter::String(std::string_view value) {
  BeforeValue();
  WriteString(value);
  AfterValue();
  return *this;
}

JsonWriter& JsonWriter::Int(int64_t value) {
  BeforeValue();
  char buf[24];
  const auto result = std::to_chars(buf, buf + sizeof buf, value);
  out_.write(buf, result.ptr - buf);
  AfterValue();
  return *this;
}

JsonWriter& JsonWriter::Sum(const MoneySum& value) {
  if (const std::optional<Money> fits = value.value()) return Int(*fits);
  return String(value.ToString());
}

JsonWriter& JsonWriter::Bool(bool value) {
  BeforeValue();
  out_ << (value ? "true" : "false");
  AfterValue();
  return *this;
}

JsonWriter& JsonWriter::Null() {
  BeforeValue();
  out_ << "null";
  AfterValue();
  return *this;
}

JsonWriter& JsonWriter::Double(double value) {
  if (!std::isfinite(value)) return Null();
  BeforeValue();
  char buf[32];
  const auto result = std::to_chars(buf, buf + sizeof buf, value);
  out_.write(buf, result.ptr - buf);
  AfterValue();
  return *this;
}

namespace {

// A JSON string of `text`, quotes included, given to `put(data, size)` in pieces: the one
// escaping JsonWriter and AppendJsonString share.
template <typename Put>
void EscapeJsonString(std::string_view text, Put&& put) {
  static constexpr char kHex[] = "0123456789abcdef";
  put("\"", 1);
  std::size_t run = 0;  // start of the bytes not yet written that need no escape
  std::size_t i = 0;
  const auto flush = [&] { put(text.data() + run, i - run); };
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const Utf8Step step = NextUtf8(text.substr(i));
      if (step.valid) {
        i += step.length;
        continue;
      }
      flush();
      put(kReplacementChar.data(), kReplacementChar.size());
      i += step.length;
      run = i;
      continue;
    }
    if (c >= 0x20 && c != '"' && c != '\\') {
      ++i;
      continue;
    }
    flush();
    switch (c) {
      case '"':
        put("\\\"", 2);
        break;
      case '\\':
        put("\\\\", 2);
        break;
      case '\b':
        put("\\b", 2);
        break;
      case '\f':
        put("\\f", 2);
        break;
      case '\n':
        put("\\n", 2);
        break;
      case '\r':
        put("\\r", 2);
        break;
      case '\t':
        put("\\t", 2);
        break;
      default: {
        const char escaped[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xF]};
        put(escaped, sizeof escaped);
      }
    }
    ++i;
    run = i;
  }
  flush();
  put("\"", 1);
}

}  // namespace

void JsonWriter::WriteString(std::string_view text) {
  EscapeJsonString(
      text, [this](const char* data, std::size_t n) { out_.write(data, static_cast<std::streamsize>(n)); });
}

void AppendJsonString(std::string* out, std::string_view text) {
  EscapeJsonString(text, [out](const char* data, std::size_t n) { out->append(data, n); });
}

}  // namespace pitboss
