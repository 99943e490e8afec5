#include "cli/version.h"

#include <openssl/opensslv.h>
#include <simdjson.h>
#include <spdlog/version.h>
#include <zlib.h>
#include <zstd.h>

#include <CLI/Version.hpp>

#ifndef PITBOSS_GIT_COMMIT
#define PITBOSS_GIT_COMMIT "unknown"
#endif
#ifndef PITBOSS_BUILD_TYPE
#define PITBOSS_BUILD_TYPE "unknown"
#endif

namespace pitboss {

std::string VersionText() {
  std::string compiler;
#if defined(__clang__)
  compiler = "clang " __clang_version__;
#elif defined(__GNUC__)
  compiler = "GCC " + std::to_string(__GNUC__) + "." + std::to_string(__GNUC_MINOR__) + "." +
             std::to_string(__GNUC_PATCHLEVEL__);
#endif
  return std::string("pitboss ") + PITBOSS_VERSION + "\n" +                            //
         "commit " PITBOSS_GIT_COMMIT ", " PITBOSS_BUILD_TYPE " build, " + compiler +  //
#if defined(__SANITIZE_ADDRESS__)
         ", AddressSanitizer" +
#endif
         "\n" +  //
         "libraries: simdjson " + std::to_string(simdjson::SIMDJSON_VERSION_MAJOR) + "." +
         std::to_string(simdjson::SIMDJSON_VERSION_MINOR) + "." +
         std::to_string(simdjson::SIMDJSON_VERSION_REVISION) +
         ", " OPENSSL_VERSION_TEXT ", zlib " ZLIB_VERSION ", zstd " + ZSTD_versionString() +
         ", CLI11 " CLI11_VERSION ", spdlog " + std::to_string(SPDLOG_VER_MAJOR) + "." +
         std::to_string(SPDLOG_VER_MINOR) + "." + std::to_string(SPDLOG_VER_PATCH) + ", yaml-cpp, re2\n" +
         "hand-history format 1, report format 1";
}

}  // namespace pitboss
