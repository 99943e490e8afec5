// The subcommands of the pitboss binary: one table (name, summary, set-up), so that the
// usage, --help and dispatch come from one place.
#ifndef PITBOSS_CLI_COMMANDS_H_
#define PITBOSS_CLI_COMMANDS_H_

#include <CLI/CLI.hpp>
#include <functional>
#include <string_view>

namespace pitboss {

// Exit statuses. Part of the command-line contract: never change.
constexpr int kExitClean = 0;     // nothing found
constexpr int kExitFindings = 1;  // violations found (lint: spec errors)
constexpr int kExitUsage = 2;     // the command could not run as asked

struct Command {
  std::string_view name;
  std::string_view summary;
  // Adds the subcommand's options to `sub` and returns the function that runs it after
  // parsing; the function returns the exit status.
  std::function<std::function<int()>(CLI::App* sub)> setup;
};

std::function<int()> SetUpCheck(CLI::App* sub);
std::function<int()> SetUpLint(CLI::App* sub);
std::function<int()> SetUpDiff(CLI::App* sub);
std::function<int()> SetUpImpact(CLI::App* sub);
std::function<int()> SetUpMerge(CLI::App* sub);
std::function<int()> SetUpCompare(CLI::App* sub);
std::function<int()> SetUpGenerate(CLI::App* sub);
std::function<int()> SetUpRtp(CLI::App* sub);
std::function<int()> SetUpStats(CLI::App* sub);
std::function<int()> SetUpSplit(CLI::App* sub);
std::function<int()> SetUpShow(CLI::App* sub);
std::function<int()> SetUpConvert(CLI::App* sub);
std::function<int()> SetUpHistory(CLI::App* sub);
std::function<int()> SetUpSource(CLI::App* sub);

}  // namespace pitboss

#endif  // PITBOSS_CLI_COMMANDS_H_
