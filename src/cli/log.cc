#include "cli/log.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "base/printable.h"

namespace pitboss {

namespace {

spdlog::logger& Logger() {
  static std::shared_ptr<spdlog::logger> logger = [] {
    auto l = std::make_shared<spdlog::logger>("pitboss", std::make_shared<spdlog::sinks::stderr_sink_mt>());
    l->set_pattern("%n: %v");
    l->set_level(spdlog::level::info);
    l->flush_on(spdlog::level::trace);  // each line whole, in order with the progress line
    return l;
  }();
  return *logger;
}

}  // namespace

bool SetLogLevel(std::string_view level) {
  spdlog::level::level_enum l;
  if (level == "error") {
    l = spdlog::level::err;
  } else if (level == "warning" || level == "warn") {
    l = spdlog::level::warn;
  } else if (level == "info") {
    l = spdlog::level::info;
  } else if (level == "debug") {
    l = spdlog::level::debug;
  } else if (level == "off") {
    l = spdlog::level::off;
  } else {
    return false;
  }
  Logger().set_level(l);
  return true;
}

// Every message is escaped whole (base/printable.h): a file name, a table or a round id quoted
// in it can neither end its line, rewrite the terminal nor forge another line.
void LogError(const std::string& message) { Logger().error("{}", Printable(message)); }
void LogWarning(const std::string& message) { Logger().warn("warning: {}", Printable(message)); }
void LogInfo(const std::string& message) { Logger().info("{}", Printable(message)); }
void LogDebug(const std::string& message) { Logger().debug("debug: {}", Printable(message)); }

}  // namespace pitboss
