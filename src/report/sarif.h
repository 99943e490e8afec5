// What the SARIF writers share (check's report, report/sarif_writer.cc; lint's,
// report/lint_sarif_writer.cc): the format's version and schema, and how a path becomes an
// artifact's URI. Part of the report format: never change them.
#ifndef PITBOSS_REPORT_SARIF_H_
#define PITBOSS_REPORT_SARIF_H_

#include <string>
#include <string_view>

namespace pitboss {

inline constexpr std::string_view kSarifSchema = "https://json.schemastore.org/sarif-2.1.0.json";
inline constexpr std::string_view kSarifVersion = "2.1.0";

// A relative path stays a relative URI reference (relative to where pitboss ran), its bytes
// but RFC 3986's unreserved characters and the slashes percent-encoded; an absolute one
// becomes a file:// URI; standard input ("-") is "stdin".
std::string SarifArtifactUri(const std::string& path);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_SARIF_H_
