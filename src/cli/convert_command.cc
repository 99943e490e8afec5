// pitboss convert: a log an operator's system writes, as hand-history v1 (--dialect), or v1
// as the operator's system writes it (--to). Both directions go through the dialect file,
// so that the v1 file an auditor keeps is the evidence a check reads, and every dialect is
// tested by round trip.
#include <iostream>
#include <memory>

#include "base/printable.h"
#include "cli/commands.h"
#include "cli/log.h"
#include "cli/output.h"
#include "dialect/dialect.h"
#include "dialect/dialect_reader.h"
#include "dialect/dialect_writer.h"
#include "history/line_reader.h"
#include "history/log_files.h"

namespace pitboss {

namespace {

constexpr const char* kConvertHelp = R"HELP(
Either direction names a dialect: its id (tgms/casino-war-csv, a file of the dialects/ tree) or
its file (docs/dialects.md).

  pitboss convert --dialect D --out day.jsonl LOG...   the operator's log, as hand-history v1
  pitboss convert --to D --out day.csv LOG...          hand-history v1, as the dialect writes it

From a dialect, each round is one v1 line; a record the dialect cannot read is reported on
standard error at its file and line (as check reports it, input/malformed), and the rest is
converted. To a dialect, a round the dialect has no place for (a field no record kind writes, a
word its maps lack) is reported at its line and not written: nothing is dropped in silence.
Top-level fields v1 ignores (an operator's own) are not written, and counted.

Exit status: 0 everything converted, 1 something could not be (each named on standard error),
2 the command could not run (bad usage, a dialect that is not valid, a log that cannot be read).)HELP";

}  // namespace

std::function<int()> SetUpConvert(CLI::App* sub) {
  struct Args {
    std::string from;
    std::string to;
    std::string out;
    std::vector<std::string> logs;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("--dialect", args->from, "the logs are in this dialect: write them as hand-history v1")
      ->type_name("DIALECT");
  sub->add_option("--to", args->to, "the logs are hand-history v1: write them in this dialect")
      ->type_name("DIALECT");
  sub->add_option("--out", args->out, "where to write: FILE, or - for standard output (the default)")
      ->type_name("FILE");
  sub->add_option("LOG", args->logs, "logs: files (.gz and .zst too), folders, or - for standard input")
      ->type_name("LOG")
      ->required();
  sub->footer(kConvertHelp);
  return [args]() -> int {
    if (args->from.empty() == args->to.empty()) {
      PrintError(
          "convert needs one of --dialect D (from the dialect to v1) and --to D (from v1 to the dialect)");
      return kExitUsage;
    }
    const bool to_v1 = !args->from.empty();
    auto dialect = FindDialect(to_v1 ? args->from : args->to);
    if (!dialect.ok()) {
      PrintError(dialect.status().message());
      return kExitUsage;
    }
    const Dialect& d = *dialect.value();
    std::vector<SkippedPath> skipped;
    auto logs = ExpandLogPaths(args->logs, &skipped, /*vendor=*/to_v1);
    if (!logs.ok()) {
      PrintError(logs.status().message());
      return kExitUsage;
    }
    for (const SkippedPath& s : skipped) LogWarning("not read: " + Printable(s.path) + " (" + s.reason + ")");
    std::vector<std::string> inputs = logs.value();
    inputs.push_back(d.path);
    if (Status s = CheckOutputPath(args->out, inputs); !s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    std::unique_ptr<DialectWriter> writer;
    if (!to_v1) {
      auto made = DialectWriter::Make(d);
      if (!made.ok()) {
        PrintError(made.status().message());
        return kExitUsage;
      }
      writer = std::move(made).value();
    }
    int64_t rounds = 0;
    // Each thing not converted is named, up to a number a terminal can show; the rest counted.
    constexpr int64_t kNamed = 100;
    auto warn = [&](const std::string& message, int64_t n) {
      if (n <= kNamed) LogWarning(message);
      if (n == kNamed) LogWarning("more that could not be converted are counted, not named");
    };
    int64_t failed = 0;  // records (to v1) or rounds (to the dialect) not converted
    int64_t ignored = 0;
    bool unreadable = false;
    Status written = WriteOutput(args->out, [&](std::ostream& out) -> Status {
      if (writer) out << writer->Header();
      std::string records;
      for (const std::string& path : logs.value()) {
        auto opened = LineReader::Open(path);
        if (!opened.ok()) {
          PrintError(opened.status().message());
          unreadable = true;
          continue;
        }
        LineReader& lines = *opened.value();
        std::string_view text;
        if (to_v1) {
          DialectReader reader(d, lines);
          while (reader.Next(&text)) {
            if (IsDialectError(text)) {
              warn(Printable(path) + ":" + std::to_string(reader.line_number()) + ": " +
                       Printable(SplitDialectError(text).message),
                   ++failed);
              continue;
            }
            ++rounds;
            out << text << '\n';
          }
          if (!reader.status().ok()) {
            PrintError(reader.status().message());
            unreadable = true;
          }
        } else {
          while (lines.Next(&text)) {
            if (IsBlankLine(text)) continue;
            records.clear();
            Status s = IsOverLongLine(text) ? Status::ParseError("a line over the length limit")
                                            : writer->WriteRound(text, &records, &ignored);
            if (!s.ok()) {
              warn(Printable(path) + ":" + std::to_string(lines.line_number()) +
                       ": not written: " + Printable(s.message()),
                   ++failed);
              continue;
            }
            ++rounds;
            out << records;
          }
          if (const Status& s = lines.status(); !s.ok()) {
            PrintError(s.message());
            unreadable = true;
          }
        }
        if (!out) return Status::IoError("cannot write");
      }
      return Status::Ok();
    });
    if (!written.ok()) {
      PrintError(written.message());
      return kExitUsage;
    }
    std::string summary = "convert: " + std::to_string(rounds) + (rounds == 1 ? " round" : " rounds") +
                          " written " + (to_v1 ? "as hand-history v1" : "in dialect " + d.id);
    if (failed > 0)
      summary += "; " + std::to_string(failed) +
                 (to_v1 ? (failed == 1 ? " record" : " records") : (failed == 1 ? " round" : " rounds")) +
                 " not converted (see above)";
    if (ignored > 0)
      summary += "; " + std::to_string(ignored) +
                 " top-level field(s) v1 does not define (an operator's own) left out";
    LogInfo(summary);
    if (unreadable) return kExitUsage;
    return failed > 0 ? kExitFindings : kExitClean;
  };
}

}  // namespace pitboss
