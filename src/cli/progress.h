// ProgressMeter: the progress line of a command that reads logs (check, stats, impact): the
// file being read of how many, the rounds read, the share of all the logs' bytes read, the
// rate and the time left. On a terminal it is one line on standard error, rewritten about once
// a second; elsewhere (a CI log) it is a diagnostic line every ten seconds. Not thread-safe:
// call it from the thread that takes the rounds in order. PITBOSS_PROGRESS_SECONDS in the
// environment sets the interval (tests set 0: every update).
#ifndef PITBOSS_CLI_PROGRESS_H_
#define PITBOSS_CLI_PROGRESS_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace pitboss {

class ProgressMeter {
 public:
  using Clock = std::chrono::steady_clock;

  // `paths`: the logs in the order they will be read ("-": standard input, of unknown size).
  // `terminal`: standard error is a terminal (a rewritten line) or not (log lines).
  ProgressMeter(std::string command, std::vector<std::string> paths, bool terminal);

  // The log `index` of the paths is being read.
  void StartFile(size_t index);
  // Rounds and bytes (as stored) read of the current log so far, and the findings so far
  // ("" where the command has none to count). Writes at most once a second (ten seconds off a
  // terminal).
  void Update(int64_t rounds, int64_t bytes, const std::string& findings = "");
  // Clears the line on a terminal; the log has been read.
  void Finish();

  // The line as it would be written now (for tests): "check: file 2 of 3, b.jsonl: 1,024
  // rounds, 41% of 2.1 MB, 5,120 rounds/s, 0:03 left, 3 violations".
  std::string Line(Clock::time_point now, int64_t rounds, int64_t bytes, const std::string& findings) const;

  // Where lines go: standard error by default.
  void set_sink(std::function<void(const std::string& line, bool rewrite)> sink) { sink_ = std::move(sink); }
  // The clock, for tests: the run starts at its time now.
  void set_clock(std::function<Clock::time_point()> clock) {
    clock_ = std::move(clock);
    start_ = last_write_ = clock_();
  }

 private:
  std::string command_;
  std::vector<std::string> paths_;
  bool terminal_;
  std::chrono::milliseconds every_;
  int64_t total_bytes_ = 0;  // of the logs whose size is known
  bool sizes_known_ = true;
  size_t index_ = 0;
  int64_t rounds_before_ = 0;  // in the logs read before the current one
  int64_t bytes_before_ = 0;
  int64_t last_rounds_ = 0;  // of the current log, at the last update
  int64_t last_bytes_ = 0;
  Clock::time_point start_;
  Clock::time_point last_write_;
  bool written_ = false;
  std::function<void(const std::string&, bool)> sink_;
  std::function<Clock::time_point()> clock_;
};

}  // namespace pitboss

#endif  // PITBOSS_CLI_PROGRESS_H_
