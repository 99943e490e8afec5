// Where a command writes its report: --out FILE, or standard output.
#ifndef PITBOSS_CLI_OUTPUT_H_
#define PITBOSS_CLI_OUTPUT_H_

#include <functional>
#include <map>
#include <string_view>
#include <vector>
#include <ostream>
#include <string>

#include "pitboss/checker.h"
#include "pitboss/report.h"
#include "pitboss/status.h"

namespace pitboss {

// Runs `write` on `out_path` ("" or "-": standard output). A file is written whole or not
// at all: a failed run leaves no half report behind.
Status WriteOutput(const std::string& out_path, const std::function<Status(std::ostream&)>& write);

// Writes `report` in `format` to `out_path`.
Status EmitReport(const Report& report, const std::string& format, const std::string& out_path);

// "pitboss: message" on standard error.
void PrintError(const std::string& message);

// Checks every log of `logs` (files, folders, "-") under `options`, with a progress line on
// standard error when `progress`; the report, or why the logs could not be checked (an
// unreadable spec or log: exit status 2).
StatusOr<Report> CheckLogs(CheckOptions options, const std::vector<std::string>& logs, bool progress);

// True when `format` is one of `formats`; otherwise prints the error, naming the formats
// available, and returns false.
bool FormatAvailable(const std::string& format, const std::vector<std::string_view>& formats);

// The --reading AMBIGUITY=READING options into `readings`; false (after printing the error)
// on one that is not of that form.
bool ParseReadingOptions(const std::vector<std::string>& options,
                         std::map<std::string, std::string>* readings);

}  // namespace pitboss

#endif  // PITBOSS_CLI_OUTPUT_H_
