// DialectWriter: hand-history v1 rounds written as an operator's own system writes them,
// through its dialect: what `pitboss convert --to` and `pitboss generate --to` do, and how
// every dialect is tested (v1 -> dialect -> v1 gives the rounds back).
#ifndef PITBOSS_DIALECT_DIALECT_WRITER_H_
#define PITBOSS_DIALECT_DIALECT_WRITER_H_

#include <cstdint>
#include <memory>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

#include "dialect/dialect.h"
#include "pitboss/status.h"

namespace pitboss {

class DialectWriter {
 public:
  // Fails when the dialect cannot be written: a text record kind without `write:`, a json
  // dialect, a format that lacks what v1 carries (not_checked:).
  static StatusOr<std::unique_ptr<DialectWriter>> Make(const Dialect& dialect);
  ~DialectWriter();

  // What a log starts with: a CSV dialect's header line; "" otherwise.
  std::string Header() const;
  // Appends the records of one v1 round (one line of a v1 log) to `out`, each line ended by
  // "\n". Fails, appending nothing, when the line is not a v1 round or the dialect has no
  // place for something it says (a field no rule of the record kind writes, a word no map has):
  // nothing is dropped in silence. `ignored` counts the round's top-level fields the format
  // does not have (an operator's own), which no dialect writes.
  Status WriteRound(std::string_view v1_line, std::string* out, int64_t* ignored);

 private:
  explicit DialectWriter(const Dialect& dialect);
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// An output stream that takes v1 lines (a log as `pitboss generate` writes it) and writes
// each, as it ends, through `writer` to `out` (the header first). A line that cannot be
// written stops the stream: status() says why, and the stream fails.
class DialectOstream : public std::ostream {
 public:
  DialectOstream(DialectWriter& writer, std::ostream& out);
  const Status& status() const { return buf_.status; }

 private:
  struct Buffer : std::streambuf {
    DialectWriter* writer = nullptr;
    std::ostream* out = nullptr;
    std::string line, records;
    Status status;
    int64_t ignored = 0;
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    bool Flush();  // the line, through the writer
  };
  Buffer buf_;
};

}  // namespace pitboss

#endif  // PITBOSS_DIALECT_DIALECT_WRITER_H_
