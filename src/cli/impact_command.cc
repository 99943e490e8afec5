// pitboss impact: the rounds whose correct settlement differs between two revisions.
#include <unistd.h>

#include <algorithm>
#include <optional>
#include <set>

#include "check/impact.h"
#include "cli/commands.h"
#include "cli/jobs_option.h"
#include "cli/log.h"
#include "cli/output.h"
#include "cli/progress.h"
#include "cli/revision_option.h"
#include "history/line_pipeline.h"
#include "history/log_files.h"
#include "report/change_writers.h"
#include "spec/library.h"
#include "spec/loader.h"
#include "spec/rules_path.h"

namespace pitboss {

namespace {

// The revisions impact compares when --to is not given: revision `named` (or the one in force
// on `as_of`) of rule set `id` (or of the only rule set that has it) in the specs at `rules`,
// and, where `from` is given, the revision before it.
Status FindRevisions(const std::vector<std::string>& rules, const std::string& id, const std::string& named,
                     int32_t as_of, std::optional<SpecDocument>* from, std::optional<SpecDocument>* to) {
  auto library = SpecLibrary::Load(rules);
  if (!library.ok()) return library.status();
  std::set<std::string> ids;
  for (const auto& doc : library->documents()) {
    if ((id.empty() || doc->spec.id == id) && (named.empty() || doc->spec.revision == named))
      ids.insert(doc->spec.id);
  }
  const std::string what =
      named.empty() ? "a revision in force on " + DateString(as_of) : "revision " + named;
  if (ids.empty()) {
    return Status::InvalidArgument("no rule set " + (id.empty() ? "" : id + " ") +
                                   "of the specs loaded has " + what);
  }
  if (ids.size() > 1) {
    std::string listed;
    for (const std::string& i : ids) listed += (listed.empty() ? "" : ", ") + i;
    return Status::InvalidArgument("several rule sets have " + what + " (" + listed +
                                   "): name one with --spec");
  }
  const std::string& set = *ids.begin();
  std::string why;
  const SpecDocument* found =
      named.empty() ? library->Find(set, as_of, &why) : library->FindRevision(set, named);
  if (found == nullptr) return Status::InvalidArgument(why);
  if (!named.empty() && as_of != 0 && found->spec.effective > as_of) {
    return Status::InvalidArgument("--as-of " + DateString(as_of) + ": revision " + named + " of " + set +
                                   " takes effect " + DateString(found->spec.effective) + ", after it");
  }
  const auto revisions = library->Revisions(set);
  const auto at = std::find(revisions.begin(), revisions.end(), found);
  if (from != nullptr) {
    if (at == revisions.begin()) {
      return Status::InvalidArgument("revision " + found->spec.revision + " is the first of " + set +
                                     ": there is none before it to compare with (give --from)");
    }
    *from = **std::prev(at);
  }
  *to = *found;
  return Status::Ok();
}

}  // namespace

std::function<int()> SetUpImpact(CLI::App* sub) {
  struct Args {
    std::string from, to, format = "text", out, spec;
    std::vector<std::string> logs, rules;
    RevisionOptions revision;
    int jobs = DefaultJobs();
    bool progress = isatty(STDERR_FILENO) != 0;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("--from", args->from,
                  "the revision in force (a spec file; default with --revision or --as-of: the revision "
                  "before the new one)")
      ->type_name("OLD_SPEC");
  sub->add_option("--to", args->to, "the revision to compare it with (a spec file)")->type_name("NEW_SPEC");
  AddRevisionOptions(
      sub, &args->revision,
      "without --to: the new revision is the one of the rule set in force on DATE (yyyy-mm-dd) "
      "among the specs of --rules; with --to: DATE must be on or after it takes effect",
      "without --to: the new revision is revision NAME (revision.name) of the specs of --rules; "
      "with --to: the --to spec must be revision NAME");
  sub->add_option("--rules", args->rules,
                  "with --revision or --as-of: a rule spec file or folder the revisions are found in "
                  "(repeatable; default: the project's rules/); the rules search path for parts too")
      ->type_name("PATH")
      ->allow_extra_args(false);
  sub->add_option("--spec", args->spec,
                  "with --revision or --as-of: the rule set (its id), where the specs loaded hold several")
      ->type_name("ID");
  sub->add_option("--format", args->format, "text or json")->type_name("FORMAT")->capture_default_str();
  AddJobsOption(sub, &args->jobs,
                "threads that replay rounds (default: the machine's cores); the report is the same "
                "whatever the number");
  sub->add_option("--out", args->out, "write the report to FILE instead of standard output")
      ->type_name("FILE");
  sub->add_flag("--progress,!--no-progress", args->progress,
                "a progress line on standard error (default: when it is a terminal)");
  sub->add_option("LOG", args->logs, "hand-history logs: files, folders, or - for standard input")
      ->required()
      ->type_name("LOG");
  sub->footer(
      "\nReplays every round of the logs that names the rule set of the two specs under both (their\n"
      "default readings, whatever the round's date), and reports the rounds whose correct\n"
      "settlement differs, the money that moves per wager kind (player's view, new minus old),\n"
      "and the findings that appear or disappear under the new revision.\n"
      "The two revisions are spec files (--from, --to), or revisions of a rule set found in --rules:\n"
      "  pitboss impact --rules rules/ --revision 2027-01 logs/   (revision 2027-01 against the one before)\n"
      "A revision that takes effect after the rounds is replayed as if in force: impact never\n"
      "looks at a round's date.\n"
      "Exit status: 0 nothing changes, 1 some round changes, 2 could not run.");
  return [args]() -> int {
    auto paths = ExpandLogPaths(args->logs);
    if (!paths.ok()) {
      PrintError(paths.status().message());
      return kExitUsage;
    }
    std::vector<std::string> inputs;
    for (const std::string& spec : {args->from, args->to}) {
      if (!spec.empty()) inputs.push_back(spec);
    }
    inputs.insert(inputs.end(), paths->begin(), paths->end());
    if (Status s = CheckOutputPath(args->out, inputs); !s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    int32_t as_of = 0;
    if (!ParseAsOf(args->revision.as_of, &as_of)) return kExitUsage;
    if (args->revision.revisions.size() > 1) {
      PrintError("impact compares two revisions: give --revision once");
      return kExitUsage;
    }
    const std::string named = args->revision.revisions.empty() ? "" : args->revision.revisions.front();
    std::vector<std::string> errors;
    std::optional<SpecDocument> from, to;
    const std::vector<std::string> search_path = RulesSearchPath(args->rules);
    if (!args->from.empty()) from = LoadSpecDocument(args->from, &errors, search_path);
    if (!args->to.empty()) {
      to = LoadSpecDocument(args->to, &errors, search_path);
    } else if (named.empty() && as_of == 0) {
      PrintError("give the new revision: --to NEW_SPEC, or --revision NAME or --as-of DATE (with --rules)");
      return kExitUsage;
    } else if (errors.empty()) {
      Status s = FindRevisions(args->rules.empty() ? DefaultRulesPaths() : args->rules, args->spec, named,
                               as_of, args->from.empty() ? &from : nullptr, &to);
      if (!s.ok()) {
        PrintError(s.message());
        return kExitUsage;
      }
    }
    if (!from || !to) {
      for (const auto& e : errors) PrintError(e);
      if (errors.empty())
        PrintError("give the revision in force: --from OLD_SPEC (or --revision or --as-of, without --to)");
      return kExitUsage;
    }
    if (!args->to.empty() && !named.empty() && to->spec.revision != named) {
      PrintError("--revision " + named + ": " + args->to + " is revision " + to->spec.revision);
      return kExitUsage;
    }
    if (!args->to.empty() && as_of != 0 && to->spec.effective > as_of) {
      PrintError("--as-of " + DateString(as_of) + ": " + args->to + " (revision " + to->spec.revision +
                 ") takes effect " + DateString(to->spec.effective) + ", after it");
      return kExitUsage;
    }
    for (const std::string& w : DiffWarnings(from->spec, to->spec, DiffSpecs(from->spec, to->spec))) {
      LogWarning(w);
    }
    ImpactAnalysis analysis(from->spec, to->spec, CapJobs(args->jobs));
    std::optional<ProgressMeter> meter;
    if (args->progress) meter.emplace("", paths.value(), isatty(STDERR_FILENO) == 1);
    for (size_t i = 0; i < paths->size(); ++i) {
      const std::string& path = (*paths)[i];
      if (meter) meter->StartFile(i);
      Status s = analysis.AddLog(path, [&meter](int64_t rounds, int64_t bytes) {
        if (meter) meter->Update(rounds, bytes);
      });
      if (!s.ok()) {
        if (meter) meter->Finish();
        PrintError(s.message());
        return kExitUsage;
      }
    }
    if (meter) meter->Finish();
    const ImpactReport& report = analysis.report();
    Status s = WriteOutput(args->out,
                           [&](std::ostream& out) { return WriteImpactReport(report, args->format, out); });
    if (!s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    return report.any_change() ? kExitFindings : kExitClean;
  };
}

}  // namespace pitboss
