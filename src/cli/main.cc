// pitboss: a rules-compliance verifier for casino table games.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <new>

#include "base/printable.h"
#include "base/suggest.h"
#include "base/temporaries.h"
#include "cli/commands.h"
#include "cli/help_format.h"
#include "cli/invocation.h"
#include "cli/log.h"
#include "cli/version.h"

namespace {

const pitboss::Command kCommands[] = {
    {"check", "replay logged rounds against their rule specs and report every violation",
     pitboss::SetUpCheck},
    {"show", "one round event by event: what was logged, what the rules owe there, and its findings",
     pitboss::SetUpShow},
    {"lint", "validate rule specs: schema, citations, ambiguity register", pitboss::SetUpLint},
    {"rtp", "exact theoretical return of every wager of a spec, and its published claims checked",
     pitboss::SetUpRtp},
    {"stats", "statistical conformance of the logged cards and results against theory", pitboss::SetUpStats},
    {"generate", "deal rounds of a rule set as a correct dealer would, as a hand-history log",
     pitboss::SetUpGenerate},
    {"diff", "what changed in meaning between two revisions of a rule spec", pitboss::SetUpDiff},
    {"impact", "rounds whose correct settlement differs between two revisions, and the money that moves",
     pitboss::SetUpImpact},
    {"merge", "one report from the JSON reports of several shards of a check", pitboss::SetUpMerge},
    {"compare", "the findings of two check reports, new, unchanged and absent (exit 1 when one is new)",
     pitboss::SetUpCompare},
    {"history",
     "trends of a findings database (check --out FILE.sqlite) by day, table and code, and what is new",
     pitboss::SetUpHistory},
    {"split", "the shards of a log, by table or by day, to be checked apart and merged", pitboss::SetUpSplit},
    {"convert", "an operator's own log as hand-history v1, or v1 as the operator's system writes it",
     pitboss::SetUpConvert},
    {"source", "a regulator's HTML page reduced to a source text of rules/sources/ (source import)",
     pitboss::SetUpSource},
};

}  // namespace

int main(int argc, char** argv) {
  // Before any thread starts: SIGINT, SIGTERM and SIGHUP end the run at once, exit 128 + the
  // signal, with no temporary left (base/temporaries.h).
  pitboss::EndOnSignals();
  pitboss::RecordInvocation(argc, argv);
  CLI::App app{"pitboss " PITBOSS_VERSION
               ": checks casino table-game logs against the rules that govern them.\n"
               "Exit status: 0 nothing found, 1 violations found (lint: spec errors; rtp: a claim that\n"
               "does not hold; stats: a failed test), 2 could not run; 128 + N ended by signal N (SIGINT,\n"
               "SIGTERM, SIGHUP), its unfinished files removed. `pitboss COMMAND --help` for each."};
  app.formatter(std::make_shared<pitboss::HelpFormatter>());  // subcommands take it from here
  // A usage error quotes the argument it refuses: escaped, as every diagnostic is (cli/log.h).
  app.failure_message([](const CLI::App*, const CLI::Error& e) {
    return pitboss::Printable(e.what()) + "\nRun with --help for more information.\n";
  });
  app.require_subcommand(1);
  std::string log_level = "info";
  app.add_option(
         "--log-level", log_level,
         "diagnostics on standard error at this level and above: " + std::string(pitboss::kLogLevels) +
             " (before the command: pitboss --log-level warning check ...)")
      ->type_name("LEVEL")
      ->capture_default_str();
  app.set_version_flag("--version", pitboss::VersionText());
  std::function<int()> run;
  for (const auto& command : kCommands) {
    CLI::App* sub = app.add_subcommand(std::string(command.name), std::string(command.summary));
    auto handler = command.setup(sub);
    sub->callback([&run, handler] { run = handler; });
  }
  // A command that is not one: say which it may have been, rather than CLI11's "arguments
  // were not expected".
  if (argc > 1 && argv[1][0] != '-') {
    std::vector<std::string> names;
    for (const auto& command : kCommands) names.emplace_back(command.name);
    if (std::find(names.begin(), names.end(), argv[1]) == names.end()) {
      std::string list;
      for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
      pitboss::LogError("'" + std::string(argv[1]) + "' is not a command" +
                        pitboss::DidYouMean(argv[1], names) + " (commands: " + list + "; pitboss --help)");
      return pitboss::kExitUsage;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? pitboss::kExitClean : pitboss::kExitUsage;
  }
  if (!pitboss::SetLogLevel(log_level)) {
    pitboss::LogError("--log-level " + log_level + " is not a level (" + std::string(pitboss::kLogLevels) +
                      ")");
    return pitboss::kExitUsage;
  }
  if (!run) return pitboss::kExitUsage;
  try {
    return run();
  } catch (const std::bad_alloc&) {
    // Out of memory is a run that could not be done as asked, never an abort: one line and
    // exit 2 (a report being written is left as it was: reports are written whole or not at
    // all).
    static const char kMessage[] =
        "pitboss: out of memory: the machine or its limit (ulimit -v, a container's) gave no more; "
        "nothing was written\n";
    std::fwrite(kMessage, 1, sizeof kMessage - 1, stderr);
    return pitboss::kExitUsage;
  }
}
