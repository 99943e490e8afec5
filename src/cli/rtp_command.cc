// pitboss rtp: the exact theoretical return of every wager of a rule spec, and its claims.
#include <filesystem>

#include "cli/commands.h"
#include "cli/output.h"
#include "games/games.h"
#include "pitboss/checker.h"
#include "spec/library.h"
#include "spec/loader.h"
#include "spec/rules_path.h"

namespace pitboss {

namespace {

constexpr char kRtpHelp[] = R"HELP(
Computes, from the spec alone and without simulation, the theoretical return of every
wager of the rule set: the shoe's composition is enumerated exactly in rational
arithmetic, one seat against the dealer, each round dealt from a full shoe. For every
deck count the spec allows and every tie policy (optimal, always-war, always-surrender,
where the rules offer the choice):

  - the probability of every outcome and the net it pays per unit;
  - the return and house edge per unit of the initial wager, and per unit of all money
    wagered (the raise included; also called the element of risk);
  - the standard deviation per unit, and the probability of ending the round ahead;
  - on a tie, the expected net of each choice and the best one.

Burn cards are unseen cards: they change no figure, and the report says so after
checking it by exact enumeration on a small shoe with the burns drawn.

Every ambiguity of the spec is then read every way (the others as --reading sets them)
and the house edges compared: a table per ambiguity whose readings change the return.

The figures the source publishes (the spec's `claims`) are checked at their own precision
("97.83%" holds for a figure within 0.005 percentage points), on every basis a published
figure can have (per initial wager or per total wagered, the tie policies, each deck
count), and the report says on which basis each holds, or that it holds on none.

For a blackjack spec (War Blackjack) the blackjack wager's return is computed by
combinatorial analysis under total-dependent basic strategy for the full shoe, split hands
played independently (docs/math.md), per up card too; the War wager's win, tie and loss
exactly, its house edge collecting every win and with the best ride, and the ride strategy.
A reading or a house rule the math cannot represent is named as not computed, with why.

  SPEC            a spec file, or a rule set id (the latest revision under --rules)
  --rules PATH    where a SPEC given as an id is looked up (default: the project's rules/)
  --reading A=R   compute under reading R of ambiguity A (repeatable; others: default)
  --format F      text (default) or json; the JSON carries every figure exactly, as a
                  fraction ("144/311") beside its decimal value
  --out FILE      write the report to FILE instead of standard output

Exit status: 0 every claim holds, 1 a claim does not hold, 2 could not run.)HELP";

}  // namespace

std::function<int()> SetUpRtp(CLI::App* sub) {
  struct Args {
    std::string spec, rules, format = "text", out;
    std::vector<std::string> readings;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("SPEC", args->spec, "a spec file or a rule set id")->required()->type_name("SPEC");
  sub->add_option("--rules", args->rules, "where an id is looked up")->type_name("PATH");
  sub->add_option("--reading", args->readings, "compute under that reading (repeatable)")
      ->type_name("AMBIGUITY=READING");
  sub->add_option("--format", args->format, "text or json")->type_name("FORMAT")->capture_default_str();
  sub->add_option("--out", args->out, "write the report to FILE instead of standard output")
      ->type_name("FILE");
  sub->footer(kRtpHelp);
  return [args]() -> int {
    std::map<std::string, std::string> readings;
    if (!ParseReadingOptions(args->readings, &readings)) return kExitUsage;
    if (!FormatAvailable(args->format, {"text", "json"})) return kExitUsage;
    const bool spec_file = std::filesystem::is_regular_file(args->spec);
    const std::vector<std::string> rules =
        args->rules.empty() ? DefaultRulesPaths() : std::vector{args->rules};
    std::vector<std::string> unlisted;  // reported as the library loads
    std::vector<std::string> inputs =
        spec_file ? std::vector<std::string>{args->spec} : ListSpecFiles(rules, &unlisted);
    if (Status s = CheckOutputPath(args->out, inputs); !s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    std::vector<std::string> errors;
    std::optional<SpecDocument> doc;
    if (spec_file) {
      doc = LoadSpecDocument(args->spec, &errors);
    } else {
      auto library = SpecLibrary::Load(rules);
      if (!library.ok()) {
        PrintError(library.status().message());
        return kExitUsage;
      }
      const SpecDocument* latest = nullptr;
      for (const auto& d : library->documents()) {
        if (d->spec.id == args->spec && (!latest || d->spec.effective > latest->spec.effective)) {
          latest = d.get();
        }
      }
      if (latest == nullptr) {
        std::string under;
        for (const std::string& r : rules) under += (under.empty() ? "" : ", ") + r;
        PrintError(args->spec + ": no such spec file, and no rule set of that id under " + under);
        return kExitUsage;
      }
      doc = LoadSpecDocument(latest->path, &errors, latest->search_path);
    }
    if (!doc) {
      for (const auto& e : errors) PrintError(e);
      return kExitUsage;
    }
    auto report = ComputeGameRtp(*doc, readings);
    if (!report.ok()) {
      PrintError(doc->path + ": " + report.status().message());
      return kExitUsage;
    }
    Status s = WriteOutput(args->out, [&](std::ostream& out) {
      return FindGame(doc->spec.game)->rtp->write(**report, PITBOSS_VERSION, args->format, out);
    });
    if (!s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    return (*report)->all_claims_hold() ? kExitClean : kExitFindings;
  };
}

}  // namespace pitboss
