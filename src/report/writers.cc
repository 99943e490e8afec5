#include "report/writers.h"

#include <algorithm>
#include <array>
#include <map>
#include <string>

namespace pitboss {
namespace {

struct FormatEntry {
  std::string_view name;  // Part of the command line (--format): never rename.
  void (*write)(const Report&, std::ostream&);
};

constexpr std::array<FormatEntry, 6> kFormats = {{
    {"text", WriteTextReport},
    {"json", WriteJsonReport},
    {"junit", WriteJunitReport},
    {"sarif", WriteSarifReport},
    {"md", WriteMarkdownReport},
    {"html", WriteHtmlReport},
}};

std::string FormatList() {
  std::string list;
  for (const FormatEntry& entry : kFormats) {
    if (!list.empty()) list += ", ";
    list += entry.name;
  }
  return list;
}

}  // namespace

Status WriteReport(const Report& report, std::string_view format,
                   std::ostream& out) {
  const auto entry =
      std::find_if(kFormats.begin(), kFormats.end(),
                   [&](const FormatEntry& e) { return e.name == format; });
  if (entry == kFormats.end()) {
    return Status::InvalidArgument(
        "report format '" + std::string(format) +
        "' is not supported; use one of: " + FormatList());
  }
  entry->write(report, out);
  out.flush();
  if (!out) {
    return Status::IoError("could not write the " + std::string(format) +
                           " report");
  }
  return Status::Ok();
}

std::vector<std::string_view> ReportFormats() {
  std::vector<std::string_view> names;
  for (const FormatEntry& entry : kFormats) names.push_back(entry.name);
  return names;
}

std::vector<std::pair<std::string, int64_t>> CodeCounts(const Report& report) {
  const std::map<std::string, int64_t> by_code = report.ByCode();
  std::vector<std::pair<std::string, int64_t>> counts(by_code.begin(),
                                                      by_code.end());
  // stable_sort keeps the map's id order among equal counts.
  std::stable_sort(
      counts.begin(), counts.end(),
      [](const auto& a, const auto& b) { return a.second > b.second; });
  return counts;
}

}  // namespace pitboss
