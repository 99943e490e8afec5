#include "cli/log.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

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

void LogError(const std::string& message) { Logger().error("{}", message); }
void LogWarning(const std::string& message) { Logger().warn("warning: {}", message); }
void LogInfo(const std::string& message) { Logger().info("{}", message); }
void LogDebug(const std::string& message) { Logger().debug("debug: {}", message); }

}  // namespace pitboss
