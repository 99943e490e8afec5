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
// not know are ignored, since the format may gain keys; "severity" is not read (it follows
// from the code) and neither is the version, which the merged report sets anew.
StatusOr<Report> ReadJsonReport(std::string_view text, const std::string& path);

// One report from the shards' reports, in the order given: inputs and violations concatenated,
// specs deduplicated by (id, revision, sha256) in first-seen order, round counts summed,
// ambiguities merged by (spec, id) with each reading's figures summed (readings matched by
// name). Adds to `warnings` what may make the merge differ from a single check: an input listed
// by two shards (its rounds are counted twice), one spec revision checked from files of
// different sha256, and an ambiguity listed twice in one shard (two revisions of its spec
// checked; the report does not say which entry is which revision, so the nth entries of the
// shards are merged). OutOfRange, and no report, when a sum overflows. The version is this
// tool's.
StatusOr<Report> MergeReports(const std::vector<Report>& shards, std::vector<std::string>* warnings);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_REPORT_READER_H_
