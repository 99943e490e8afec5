#include "cli/progress.h"

#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "base/printable.h"
#include "cli/log.h"
#include "report/money_format.h"

namespace pitboss {

namespace {

// "2.1 MB", "340 KB", "512 bytes".
std::string Size(int64_t bytes) {
  char buf[32];
  if (bytes >= (int64_t{1} << 30)) {
    std::snprintf(buf, sizeof buf, "%.1f GB", static_cast<double>(bytes) / (1 << 30));
  } else if (bytes >= (1 << 20)) {
    std::snprintf(buf, sizeof buf, "%.1f MB", static_cast<double>(bytes) / (1 << 20));
  } else if (bytes >= (1 << 10)) {
    std::snprintf(buf, sizeof buf, "%lld KB", static_cast<long long>(bytes >> 10));
  } else {
    std::snprintf(buf, sizeof buf, "%lld bytes", static_cast<long long>(bytes));
  }
  return buf;
}

// "0:07", "12:03", "2:05:09".
std::string Duration(int64_t seconds) {
  char buf[32];
  if (seconds >= 3600) {
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", static_cast<long long>(seconds / 3600),
                  static_cast<long long>(seconds / 60 % 60), static_cast<long long>(seconds % 60));
  } else {
    std::snprintf(buf, sizeof buf, "%lld:%02lld", static_cast<long long>(seconds / 60),
                  static_cast<long long>(seconds % 60));
  }
  return buf;
}

}  // namespace

ProgressMeter::ProgressMeter(std::string command, std::vector<std::string> paths, bool terminal)
    : command_(std::move(command)),
      paths_(std::move(paths)),
      terminal_(terminal),
      every_(terminal ? std::chrono::seconds(1) : std::chrono::seconds(10)) {
  if (const char* env = std::getenv("PITBOSS_PROGRESS_SECONDS"); env != nullptr && *env != '\0') {
    every_ = std::chrono::milliseconds(static_cast<int64_t>(std::atof(env) * 1000));
  }
  for (const std::string& path : paths_) {
    struct stat st;
    if (path != "-" && ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
      total_bytes_ += st.st_size;
    } else {
      sizes_known_ = false;
    }
  }
  clock_ = [] { return Clock::now(); };
  sink_ = [](const std::string& line, bool rewrite) {
    if (rewrite) {
      std::cerr << "\r\033[K" << line << std::flush;
    } else {
      LogInfo(line);
    }
  };
  start_ = last_write_ = clock_();
}

void ProgressMeter::StartFile(size_t index) {
  if (index > index_) {
    rounds_before_ += last_rounds_;
    bytes_before_ += last_bytes_;
  }
  index_ = index;
  last_rounds_ = last_bytes_ = 0;
}

std::string ProgressMeter::Line(Clock::time_point now, int64_t rounds, int64_t bytes,
                                const std::string& findings) const {
  const int64_t all_rounds = rounds_before_ + rounds;
  const int64_t all_bytes = bytes_before_ + bytes;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  std::string line = command_.empty() ? std::string() : command_ + ": ";
  if (paths_.size() > 1) {
    line += "file " + std::to_string(index_ + 1) + " of " + std::to_string(paths_.size()) + ", ";
  }
  const std::string& path = index_ < paths_.size() ? paths_[index_] : std::string("-");
  line +=
      (path == "-" ? std::string("<stdin>") : Printable(path)) + ": " + FormatCount(all_rounds) + " rounds";
  if (sizes_known_ && total_bytes_ > 0) {
    const int64_t percent = std::min<int64_t>(100, all_bytes * 100 / total_bytes_);
    line += ", " + std::to_string(percent) + "% of " + Size(total_bytes_);
  }
  if (seconds >= 0.5) {
    line += ", " + FormatCount(static_cast<int64_t>(static_cast<double>(all_rounds) / seconds)) + " rounds/s";
    if (sizes_known_ && total_bytes_ > 0 && all_bytes > 0) {
      const double left =
          seconds * static_cast<double>(total_bytes_ - all_bytes) / static_cast<double>(all_bytes);
      line += ", " + Duration(static_cast<int64_t>(left + 0.5)) + " left";
    }
  }
  if (!findings.empty()) line += ", " + findings;
  return line;
}

void ProgressMeter::Update(int64_t rounds, int64_t bytes, const std::string& findings) {
  last_rounds_ = rounds;
  last_bytes_ = bytes;
  const Clock::time_point now = clock_();
  if (now - last_write_ < every_) return;
  last_write_ = now;
  written_ = true;
  sink_(Line(now, rounds, bytes, findings), terminal_);
}

void ProgressMeter::Finish() {
  if (terminal_ && written_) std::cerr << "\r\033[K" << std::flush;
  written_ = false;
}

}  // namespace pitboss
