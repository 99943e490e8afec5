// libFuzzer target: any bytes as an operator's log, read through each bundled dialect (the
// first byte picks which): reading must end, never crash or hang, and keep its promises. Every
// item is a record it could not read (at a line of the log) or a round as one JSON object, with
// the line of each of its events, in order; and a round the dialect's writer can write back
// reads back as the same round. Read grouped and converted straight into a Round
// (DialectConverter::ConvertInto), a round is the Round its v1 line parses to.

#include <simdjson.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "dialect/dialect.h"
#include "dialect/dialect_reader.h"
#include "dialect/dialect_writer.h"
#include "history/round_dump.h"
#include "history/round_parser.h"

namespace {

void Check(bool condition) {
  if (!condition) std::abort();
}

struct Loaded {
  std::unique_ptr<pitboss::Dialect> dialect;
  std::unique_ptr<pitboss::DialectWriter> writer;
};

std::vector<Loaded>& Dialects() {
  static std::vector<Loaded> all = [] {
    std::vector<Loaded> out;
    for (const std::string& file : pitboss::DialectFiles(PITBOSS_DIALECTS_DIR)) {
      std::vector<std::string> errors;
      Loaded l;
      l.dialect = pitboss::LoadDialect(file, &errors);
      if (!l.dialect) std::abort();  // the bundled dialects load
      auto w = pitboss::DialectWriter::Make(*l.dialect);
      if (w.ok()) l.writer = std::move(w).value();
      out.push_back(std::move(l));
    }
    return out;
  }();
  return all;
}

// A log of `bytes`, as a file the line reader can open.
std::unique_ptr<pitboss::LineReader> Open(const uint8_t* data, size_t size, int* fd) {
  *fd = memfd_create("log", 0);
  if (*fd < 0) return nullptr;
  size_t written = 0;
  while (written < size) {
    ssize_t n = write(*fd, data + written, size - written);
    if (n <= 0) break;
    written += static_cast<size_t>(n);
  }
  pitboss::LineReaderOptions options;
  options.buffer_size = 64;
  options.max_line_length = 1 << 14;
  auto reader = pitboss::LineReader::Open("/proc/self/fd/" + std::to_string(*fd), options);
  return reader.ok() ? std::move(reader).value() : nullptr;
}

// Every item of the log; rounds as (text, event lines).
struct Item {
  bool error;
  int64_t line;
  std::string text;
  std::vector<int64_t> events;
};
std::vector<Item> ReadAll(const pitboss::Dialect& d, const uint8_t* data, size_t size) {
  std::vector<Item> items;
  int fd = -1;
  auto lines = Open(data, size, &fd);
  if (lines) {
    pitboss::DialectReader reader(d, *lines);
    std::string_view text;
    while (reader.Next(&text)) {
      items.push_back(
          {pitboss::IsDialectError(text), reader.line_number(), std::string(text), reader.event_lines()});
      Check(reader.line_number() >= 1 && reader.line_number() <= reader.lines());
    }
  }
  if (fd >= 0) close(fd);
  return items;
}

// Each round of the log read grouped and converted straight into a Round where it can be: the
// Round its v1 line (`items`, read by Next) parses to; else that v1 line.
void CheckDirect(const pitboss::Dialect& d, const uint8_t* data, size_t size,
                 const std::vector<Item>& items) {
  int fd = -1;
  auto lines = Open(data, size, &fd);
  if (lines) {
    pitboss::DialectReader reader(d, *lines);
    pitboss::DialectConverter converter(d);
    static pitboss::RoundParser parser;
    pitboss::Round direct, parsed;
    size_t at = 0;  // the items: errors, then a round
    std::string_view text;
    while (reader.NextGrouped(&text)) {
      if (!pitboss::IsDialectRound(text)) {
        Check(at < items.size() && items[at].error);
        ++at;
        continue;
      }
      const bool straight = converter.ConvertInto(text, &direct);
      at += converter.errors().size();
      Check(at < items.size() && !items[at].error && converter.event_lines() == items[at].events);
      if (straight) {
        const std::string from_line = pitboss::DumpRound(parser.Parse(items[at].text, &parsed), parsed);
        Check(pitboss::DumpRound(pitboss::ParseOutcome{}, direct) == from_line);
      } else {
        Check(converter.round() == items[at].text);
      }
      ++at;
    }
    Check(at == items.size());
  }
  if (fd >= 0) close(fd);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::vector<Loaded>& all = Dialects();
  const Loaded& pick = all[data[0] % all.size()];
  const pitboss::Dialect& d = *pick.dialect;
  static simdjson::dom::parser parser;
  const std::vector<Item> items = ReadAll(d, data + 1, size - 1);
  CheckDirect(d, data + 1, size - 1, items);
  for (const Item& item : items) {
    if (item.error) continue;
    simdjson::dom::element root;
    Check(parser.parse(item.text).get(root) == simdjson::SUCCESS && root.is_object());
    simdjson::dom::array events;
    Check(root["events"].get_array().get(events) == simdjson::SUCCESS);
    Check(events.size() == item.events.size());
    // Each event at its record's line, in order (a json dialect's round is one object: every
    // event is at its first line).
    for (size_t i = 1; i < item.events.size(); ++i) {
      Check(d.shape == pitboss::DialectShape::kJson ? item.events[i] == item.line
                                                    : item.events[i] > item.events[i - 1]);
    }
    if (!item.events.empty()) Check(item.events.front() >= item.line);
    if (!pick.writer) continue;
    std::string records;
    int64_t ignored = 0;
    if (!pick.writer->WriteRound(item.text, &records, &ignored).ok()) continue;
    std::string whole = pick.writer->Header() + records;
    std::vector<Item> back = ReadAll(d, reinterpret_cast<const uint8_t*>(whole.data()), whole.size());
    Check(back.size() == 1 && !back[0].error && back[0].text == item.text);
  }
  return 0;
}
