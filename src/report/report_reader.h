// Reads back the JSON report of `pitboss check --format json` (json_writer.cc), and merges the
// reports of several shards of one job into the report a single check over all their logs
// would give. For `pitboss merge`.
#ifndef PITBOSS_REPORT_REPORT_READER_H_
#define PITBOSS_REPORT_REPORT_READER_H_

#include <string>
#include <string_view>
#include <vector>

#include "pitboss/report.h"
#include "pitboss/status.h"

namespace pitboss {

// Parses `text`, a JSON report of format 1 as WriteJsonReport writes it; `path` names it in
// messages. ParseError "PATH: JSON.PATH: what is wrong" (`shard2.json: violations[3].line:
// expected an integer, not "88"`) on text that is not JSON, not a pitboss report, of another
// format version, or with a required key missing or of the wrong type. Keys the reader does
// not know are ignored, since the format may gain keys, and keys added since the first reports
// (docs/report.md) are read where present, their absence leaving the model's defaults.
// What follows from other keys is not read: "severity", "unit", "underpaid"/"overpaid" (from
// the code and amounts), "money_to" (from money_moved's sign) and "summary.money" and
// "summary.money_moved" (from the violations).
StatusOr<Report> ReadJsonReport(std::string_view text, const std::string& path);

// A shard's report as read, and the file it was read from.
struct ShardReport {
  std::string path;    // as named to merge ("-": standard input)
  std::string sha256;  // of the file's bytes, as read
  Report report;
};

struct MergeOptions {
  // Merge shards written by different versions of pitboss, checked against spec files of one
  // revision but different sha256, or under different readings of one spec; each difference
  // is then a merge warning instead of a refusal.
  bool allow_mixed = false;
};

// One report from the shards' reports, in the order given: inputs (but context logs, which are
// their shard's provenance), skipped files and violations concatenated, specs deduplicated by
// (id, revision, sha256, readings) in first-seen order, round counts summed, `complete` true
// when every shard's is, ambiguities merged by (spec, revision, id) with each reading's figures
// summed (readings matched by name) and findings_cleared counted anew, and each shard's
// provenance in `shards`. The version is this tool's; command_line and analysis_time are left
// to the caller, the merge's own.
//
// Refused (InvalidArgument naming the two shards, as "report N" and by path, and what
// differs), unless options.allow_mixed: shards of different pitboss versions, one spec revision
// checked from files of different sha256, one spec revision checked under different readings.
// Listed in merge_warnings (docs/report.md), "report N" being the Nth shard: those differences
// when allowed; an input listed by two shards (its rounds are counted twice); an ambiguity
// listed twice in one shard (two revisions of its spec checked; a report that does not say
// which entry is which revision has the nth entries of the shards merged); shards checked
// with different --currency; and a shard's own merge_warnings, prefixed "report N: ".
// OutOfRange, and no report, when a sum overflows.
StatusOr<Report> MergeReports(const std::vector<ShardReport>& shards, const MergeOptions& options);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_REPORT_READER_H_
