// Where a command writes its report: --out FILE, or standard output.
#ifndef PITBOSS_CLI_OUTPUT_H_
#define PITBOSS_CLI_OUTPUT_H_

#include <CLI/CLI.hpp>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "base/atomic_file.h"
#include "pitboss/checker.h"
#include "pitboss/report.h"
#include "pitboss/status.h"
#include "report/report_reader.h"

namespace pitboss {

// Checks, before a command reads anything, that it can write to `out_path` ("" or "-":
// standard output, always): that the folder exists and a file can be made in it, and that the
// file is none of `inputs`, every file the command reads ("-": standard input), by identity
// (device and inode: a hard or symbolic link to an input is that input). Every command that
// takes --out calls it. The error names the paths, and the system's reason where there is one.
Status CheckOutputPath(const std::string& out_path, const std::vector<std::string>& inputs);

// Runs `write` on `out_path` ("" or "-": standard output; else WriteFileAtomically).
Status WriteOutput(const std::string& out_path, const std::function<Status(std::ostream&)>& write);

// Writes `report` in `format` to `out_path`; a database format (sqlite) appends it as a run,
// with the exit status ReportExitStatus gives.
Status EmitReport(const Report& report, const std::string& format, const std::string& out_path);

// One report to write: a file, or standard output (path "" or "-"), in a format.
struct ReportOutput {
  std::string path;
  std::string format;
};

// Adds --format and --out (repeatable) of a command that writes a check report (check, merge),
// as PlanOutputs reads them; returns --format's option, whose count() says it was given.
CLI::Option* AddReportOutputOptions(CLI::App* sub, std::string* format, std::vector<std::string>* outs);

// Where a command writes its report, from its --out options (repeatable) and --format. One
// --out with --format given is the contract's `--format F --out FILE`: FILE in F, whatever its
// name. Otherwise each --out is in the format its extension names (FormatOfPath: .json,
// .sarif, .xml junit, .md, .html, .csv, .txt text), or in `format` where it names none; standard
// output ("-", or no --out at all) in `format`. InvalidArgument when a format is not one of
// `formats`, a file or standard output is named twice, or `format_given` while several --out
// each name a format of their own and none is `format`.
StatusOr<std::vector<ReportOutput>> PlanOutputs(const std::vector<std::string>& outs,
                                                const std::string& format, bool format_given,
                                                const std::vector<std::string_view>& formats);

// The paths of `outputs`, for CheckOutputPath.
std::vector<std::string> OutputPaths(const std::vector<ReportOutput>& outputs);

// Writes `report` to every output (EmitReport), each whole or not at all; an output that
// fails does not stop the others. The error names every output that failed.
Status EmitReports(const Report& report, const std::vector<ReportOutput>& outputs);

// Reads the JSON report at `path` ("-": standard input) whole, with the SHA-256 of its bytes:
// for merge, check --baseline and compare. The error names the file ("<stdin>" for -).
StatusOr<ShardReport> ReadReportFile(const std::string& path);
// True when what is written to `fd` should be in colour: a terminal, NO_COLOR unset
// (https://no-color.org) and TERM not "dumb".
bool ColourOn(int fd);

// "pitboss: message" on standard error.
void PrintError(const std::string& message);

// Checks every log of `logs` (files, folders, "-") under `options`, after reading
// `context_logs` for shoe and round-id state only (check --context), with a progress line on
// standard error when `progress`, for a report to be written to each of `out_paths`
// (CheckOutputPath against the logs, specs and `other_inputs` such as a baseline, before any
// is read). The report carries the command line, the
// time of the analysis and the files of the folders that were not read. A log that cannot be
// read whole is a finding of the report, which says it is incomplete (Report::complete);
// the error is why nothing could be checked (an unreadable spec, a log argument that names
// nothing, an --out that cannot be written: exit status 2).
StatusOr<Report> CheckLogs(CheckOptions options, const std::vector<std::string>& logs,
                           const std::vector<std::string>& out_paths, bool progress,
                           const std::vector<std::string>& context_logs = {},
                           const std::vector<std::string>& other_inputs = {});

// The exit status a check's report makes, saying nothing: 2 when it is incomplete or no round
// was read, else 1 with violations and 0 without (the findings database records it).
int ReportExitStatus(const Report& report);

// The exit status of a check whose report is written: 2 when the report is incomplete or no
// round was read (said on standard error), else 1 with violations and 0 without.
int CheckExitStatus(const Report& report);

// True when `format` is one of `formats`; otherwise prints the error, naming the formats
// available, and returns false.
bool FormatAvailable(const std::string& format, const std::vector<std::string_view>& formats);

// check --reading auto: table -> (ambiguity -> reading) for each table whose rounds deal an
// ambiguity under a reading other than the one checked (ReadingInferred "inferred"; of several
// readings consistent with them, the first in the spec's order).
std::map<std::string, std::map<std::string, std::string>> ReadingsDealt(const Report& report);

// The --reading AMBIGUITY=READING options into `readings`; false (after printing the error)
// on one that is not of that form.
bool ParseReadingOptions(const std::vector<std::string>& options,
                         std::map<std::string, std::string>* readings);

}  // namespace pitboss

#endif  // PITBOSS_CLI_OUTPUT_H_
