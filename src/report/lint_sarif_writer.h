// `pitboss lint --format sarif`: lint's report as SARIF 2.1.0, so that code-scanning services
// annotate a spec's pull request on its lines. Part of lint's report format (docs/spec-format.md,
// "Lint"): never change what an object stands for, only add properties.
#ifndef PITBOSS_REPORT_LINT_SARIF_WRITER_H_
#define PITBOSS_REPORT_LINT_SARIF_WRITER_H_

#include <ostream>
#include <string>
#include <vector>

#include "base/json.h"
#include "spec/lint.h"

namespace pitboss {

// One run. Its driver is pitboss, with one rule per lint code, in LintCodes() order (a result's
// ruleIndex is its code's position there): id the code, shortDescription its summary,
// defaultConfiguration.level "error" ("warning" for the codes that are warnings). Each error and
// warning of every spec, dialect and revisions.lock is one result: ruleId its code, level
// "error" or "warning", message its text (and its hint), one location: the file as
// artifactLocation.uri, its line and column as region.startLine and startColumn where it has
// them. The files linted are the run's artifacts (spec, dialect: sha256 and id in properties);
// the one invocation carries `command_line` (argv, the program first; none when empty) and
// executionSuccessful true (lint ran); the run's properties hold lint's summary as the JSON
// report names it (specs, specs_with_errors, dialects, errors, warnings).
void WriteLintSarif(const LintReport& report, const std::vector<std::string>& command_line,
                    std::ostream& out);

// Lint's summary, as members of the object `json` has open: specs, specs_with_errors, dialects,
// errors, warnings (lint's JSON report and the SARIF run's properties alike).
void WriteLintCounts(JsonWriter& json, const LintReport& report);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_LINT_SARIF_WRITER_H_
