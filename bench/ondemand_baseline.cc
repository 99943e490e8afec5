// The naive baseline of bench/throughput.sh: every line of a log parsed with simdjson's
// On-Demand API and every value of it touched (keys, strings, numbers, booleans), nothing
// checked. What a checker that did nothing but read the JSON would cost, read through the
// same LineReader as `pitboss check`; or, with --stream, the whole (plain) file parsed as one
// document stream (simdjson's iterate_many), the fastest reading simdjson offers.
//   ondemand_baseline [--stream] LOG   prints "lines N values V bytes B ..."
#include <simdjson.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "history/line_reader.h"

namespace {

using simdjson::ondemand::json_type;
using simdjson::ondemand::value;

struct Tally {
  uint64_t values = 0;
  uint64_t sum = 0;  // of what was read, so that nothing is optimized away
};

bool Touch(value v, Tally* t) {
  ++t->values;
  json_type type;
  if (v.type().get(type)) return false;
  switch (type) {
    case json_type::object: {
      simdjson::ondemand::object object;
      if (v.get_object().get(object)) return false;
      for (auto field : object) {
        std::string_view key;
        if (field.unescaped_key().get(key)) return false;
        t->sum += key.size();
        value inner;
        if (field.value().get(inner) || !Touch(inner, t)) return false;
      }
      return true;
    }
    case json_type::array: {
      simdjson::ondemand::array array;
      if (v.get_array().get(array)) return false;
      for (auto element : array) {
        value inner;
        if (element.get(inner) || !Touch(inner, t)) return false;
      }
      return true;
    }
    case json_type::string: {
      std::string_view s;
      if (v.get_string().get(s)) return false;
      t->sum += s.size();
      return true;
    }
    case json_type::number: {
      simdjson::ondemand::number n;
      if (v.get_number().get(n)) return false;
      t->sum += n.is_int64() ? static_cast<uint64_t>(n.get_int64()) : static_cast<uint64_t>(n.as_double());
      return true;
    }
    case json_type::boolean: {
      bool b = false;
      if (v.get_bool().get(b)) return false;
      t->sum += b;
      return true;
    }
    default:
      return !v.is_null().error();
  }
}

// The log as one document stream: loaded whole, then iterate_many over it.
int Stream(const char* path) {
  simdjson::padded_string text;
  if (auto error = simdjson::padded_string::load(path).get(text)) {
    std::fprintf(stderr, "%s: %s\n", path, simdjson::error_message(error));
    return 2;
  }
  simdjson::ondemand::parser parser;
  simdjson::ondemand::document_stream stream;
  if (auto error = parser.iterate_many(text, size_t{1} << 20).get(stream)) {
    std::fprintf(stderr, "%s: %s\n", path, simdjson::error_message(error));
    return 2;
  }
  Tally tally;
  uint64_t lines = 0, bad = 0;
  for (auto doc : stream) {
    ++lines;
    value root;
    if (doc.get_value().get(root) || !Touch(root, &tally)) ++bad;
  }
  std::printf("documents %llu values %llu bytes %zu unreadable %llu (%llu)\n",
              static_cast<unsigned long long>(lines), static_cast<unsigned long long>(tally.values),
              text.size(), static_cast<unsigned long long>(bad),
              static_cast<unsigned long long>(tally.sum % 1000));
  return bad == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string_view(argv[1]) == "--stream") return Stream(argv[2]);
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s [--stream] LOG\n", argv[0]);
    return 2;
  }
  auto reader = pitboss::LineReader::Open(argv[1]);
  if (!reader.ok()) {
    std::fprintf(stderr, "%s\n", reader.status().message().c_str());
    return 2;
  }
  simdjson::ondemand::parser parser;
  std::string padded;
  Tally tally;
  uint64_t lines = 0, bad = 0;
  std::string_view line;
  while (reader.value()->Next(&line)) {
    if (pitboss::IsBlankLine(line)) continue;
    ++lines;
    // One padded copy buffer, reused, as the checker's parser keeps.
    padded.assign(line);
    padded.resize(line.size() + simdjson::SIMDJSON_PADDING);
    simdjson::ondemand::document doc;
    value root;
    if (parser.iterate(padded.data(), line.size(), padded.size()).get(doc) || doc.get_value().get(root) ||
        !Touch(root, &tally)) {
      ++bad;
    }
  }
  std::printf("lines %llu values %llu bytes %lld unreadable %llu (%llu)\n",
              static_cast<unsigned long long>(lines), static_cast<unsigned long long>(tally.values),
              static_cast<long long>(reader.value()->bytes()), static_cast<unsigned long long>(bad),
              static_cast<unsigned long long>(tally.sum % 1000));
  return reader.value()->status().ok() ? 0 : 1;
}
