#include "cli/invocation.h"

#include <filesystem>

namespace pitboss {

namespace {

struct Invocation {
  std::vector<std::string> argv;
  std::string started;
};

Invocation& Current() {
  static Invocation* invocation = new Invocation();
  return *invocation;
}

}  // namespace

std::string FormatUtc(std::time_t when) {
  std::tm utc{};
  gmtime_r(&when, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

void RecordInvocation(int argc, char** argv) {
  Invocation& inv = Current();
  inv.argv.assign(argv, argv + argc);
  // The program as users call it, not the path it was started from.
  if (!inv.argv.empty()) inv.argv[0] = std::filesystem::path(inv.argv[0]).filename().string();
  inv.started = FormatUtc(std::time(nullptr));
}

const std::vector<std::string>& CommandLine() { return Current().argv; }

const std::string& AnalysisTime() { return Current().started; }

}  // namespace pitboss
