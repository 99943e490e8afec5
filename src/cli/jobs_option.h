// --jobs, as every command that takes it reads it: a number of threads, 1 or more, refused in
// plain words otherwise, and capped at a few times the machine's cores (more threads than that
// only cost memory: each holds its own buffers).
#ifndef PITBOSS_CLI_JOBS_OPTION_H_
#define PITBOSS_CLI_JOBS_OPTION_H_

#include <CLI/CLI.hpp>
#include <string>

namespace pitboss {

// At most this many threads for each of the machine's cores.
constexpr int kJobsPerCore = 4;

// Adds --jobs N to `sub`, into *jobs, with `help` as its description.
CLI::Option* AddJobsOption(CLI::App* sub, int* jobs, const std::string& help);

// `jobs`, or the cap (kJobsPerCore times the cores) where it is more, saying so on standard
// error.
int CapJobs(int jobs);

}  // namespace pitboss

#endif  // PITBOSS_CLI_JOBS_OPTION_H_
