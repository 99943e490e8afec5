#include "cli/jobs_option.h"

#include <algorithm>
#include <charconv>
#include <thread>

#include "cli/log.h"

namespace pitboss {

CLI::Option* AddJobsOption(CLI::App* sub, int* jobs, const std::string& help) {
  return sub->add_option("--jobs", *jobs, help)
      ->type_name("N")
      ->check(CLI::Validator(
          [](const std::string& text) -> std::string {
            int n = 0;
            const auto r = std::from_chars(text.data(), text.data() + text.size(), n);
            if (r.ec != std::errc() || r.ptr != text.data() + text.size() || n < 1)
              return "a number of threads, 1 or more, not '" + text + "'";
            return "";
          },
          "N", "1 or more"));
}

int CapJobs(int jobs) {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int cap = kJobsPerCore * cores;
  if (jobs <= cap) return jobs;
  LogWarning("--jobs " + std::to_string(jobs) + " is more threads than " + std::to_string(kJobsPerCore) +
             " for each of the machine's " + std::to_string(cores) + " cores: " + std::to_string(cap) +
             " are used");
  return cap;
}

}  // namespace pitboss
