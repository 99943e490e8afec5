// pitboss diff: what changed in meaning between two revisions of a rule spec.
#include "cli/commands.h"
#include "cli/output.h"
#include "report/change_writers.h"
#include "spec/loader.h"

namespace pitboss {

std::function<int()> SetUpDiff(CLI::App* sub) {
  struct Args {
    std::string old_path, new_path, format = "text", out;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("OLD_SPEC", args->old_path, "the earlier revision (a spec file)")
      ->required()
      ->type_name("FILE");
  sub->add_option("NEW_SPEC", args->new_path, "the later revision (a spec file)")
      ->required()
      ->type_name("FILE");
  sub->add_option("--format", args->format, "text or json")->type_name("FORMAT")->capture_default_str();
  sub->add_option("--out", args->out, "write the report to FILE instead of standard output")
      ->type_name("FILE");
  sub->footer(
      "\nCompares the two specs key by key under their default readings: payouts, deck ranges,\n"
      "wagers added or removed, windows, limits, burns, dealing and settling orders, the choices\n"
      "offered, ambiguities added or resolved, published claims, the date the rules take effect.\n"
      "Changes of wording, quotation, citation or revision name are listed apart and do not count.\n"
      "The source texts are compared clause by clause (by the source's numbering): each clause whose\n"
      "words changed, was added or was removed is listed by its id with the spec keys that quote it.\n"
      "Warns when the two specs are of different rule sets, or name the same revision but differ\n"
      "in meaning (the rounds already judged under it would be judged anew).\n"
      "Exit status: 0 no change in meaning, 1 the specs differ in meaning, 2 could not run.");
  return [args]() -> int {
    if (Status s = CheckOutputPath(args->out, {args->old_path, args->new_path}); !s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    std::vector<std::string> errors;
    auto old_doc = LoadSpecDocument(args->old_path, &errors);
    auto new_doc = LoadSpecDocument(args->new_path, &errors);
    if (!old_doc || !new_doc) {
      for (const auto& e : errors) PrintError(e);
      return kExitUsage;
    }
    DiffReport report;
    report.version = PITBOSS_VERSION;
    report.old_spec = {old_doc->spec.id, old_doc->spec.revision, old_doc->spec.sha256};
    report.new_spec = {new_doc->spec.id, new_doc->spec.revision, new_doc->spec.sha256};
    for (const RuleSpec::Part& p : old_doc->spec.parts) report.old_spec.parts.push_back({p.path, p.sha256});
    for (const RuleSpec::Part& p : new_doc->spec.parts) report.new_spec.parts.push_back({p.path, p.sha256});
    report.old_path = args->old_path;
    report.new_path = args->new_path;
    report.changes = DiffSpecs(old_doc->spec, new_doc->spec);
    report.warnings = DiffWarnings(old_doc->spec, new_doc->spec, report.changes);
    report.text_changes = DiffSourceTexts(*old_doc, *new_doc, &report.warnings);
    Status s =
        WriteOutput(args->out, [&](std::ostream& out) { return WriteDiffReport(report, args->format, out); });
    if (!s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    return report.meaning_changes() > 0 ? kExitFindings : kExitClean;
  };
}

}  // namespace pitboss
