#include "report/writers.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <string>

#include "base/printable.h"
#include "report/baseline.h"

namespace pitboss {
namespace {

void WriteTextReportWhole(const Report& report, std::ostream& out) { WriteTextReport(report, out); }

struct FormatEntry {
  std::string_view name;  // Part of the command line (--format): never rename.
  // The file names that are this format's for --out: each a suffix, matched without case;
  // the longest suffix that matches wins (".sarif.json" is sarif). Part of the command line.
  std::array<std::string_view, 2> extensions;
  // Writes the report to a stream; nullptr for a database, which a run is appended to
  // (IsDatabaseFormat) and never written to a stream.
  void (*write)(const Report&, std::ostream&);
};

constexpr std::array<FormatEntry, 8> kFormats = {{
    {"text", {".txt"}, WriteTextReportWhole},
    {"json", {".json"}, WriteJsonReport},
    {"junit", {".xml"}, WriteJunitReport},
    {"sarif", {".sarif", ".sarif.json"}, WriteSarifReport},
    {"md", {".md"}, WriteMarkdownReport},
    {"html", {".html", ".htm"}, WriteHtmlReport},
    {"csv", {".csv"}, WriteCsvReport},
    {"sqlite", {".sqlite", ".db"}, nullptr},  // report/findings_db.h
}};

bool EndsWithNoCase(std::string_view text, std::string_view suffix) {
  if (suffix.empty() || text.size() < suffix.size()) return false;
  text.remove_prefix(text.size() - suffix.size());
  return std::equal(text.begin(), text.end(), suffix.begin(), [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
  });
}

std::string FormatList() {
  std::string list;
  for (const FormatEntry& entry : kFormats) {
    if (!list.empty()) list += ", ";
    list += entry.name;
  }
  return list;
}

}  // namespace

Status WriteReport(const Report& report, std::string_view format, std::ostream& out) {
  const auto entry =
      std::find_if(kFormats.begin(), kFormats.end(), [&](const FormatEntry& e) { return e.name == format; });
  if (entry == kFormats.end()) {
    return Status::InvalidArgument("report format '" + std::string(format) +
                                   "' is not supported; use one of: " + FormatList());
  }
  if (entry->write == nullptr) {
    return Status::InvalidArgument("the " + std::string(format) +
                                   " format appends each run to a database file: give --out FILE.sqlite, "
                                   "not standard output");
  }
  entry->write(report, out);
  out.flush();
  if (!out) {
    return Status::IoError("could not write the " + std::string(format) + " report");
  }
  return Status::Ok();
}

std::vector<std::string_view> ReportFormats() {
  std::vector<std::string_view> names;
  for (const FormatEntry& entry : kFormats) names.push_back(entry.name);
  return names;
}

bool IsDatabaseFormat(std::string_view format) {
  return std::any_of(kFormats.begin(), kFormats.end(),
                     [&](const FormatEntry& e) { return e.name == format && e.write == nullptr; });
}

std::string_view FormatOfPath(std::string_view path) {
  std::string_view format;
  size_t longest = 0;
  for (const FormatEntry& entry : kFormats) {
    for (std::string_view extension : entry.extensions) {
      if (extension.size() > longest && EndsWithNoCase(path, extension)) {
        format = entry.name;
        longest = extension.size();
      }
    }
  }
  return format;
}

std::string FormatExtensionsText() {
  std::string text;
  for (const FormatEntry& entry : kFormats) {
    std::string names;
    for (std::string_view extension : entry.extensions) {
      if (!extension.empty()) names += (names.empty() ? "" : "/") + std::string(extension);
    }
    text += (text.empty() ? "" : ", ") + names + " " + std::string(entry.name);
  }
  return text;
}

std::vector<std::pair<std::string, int64_t>> CodeCounts(const Report& report) {
  const std::map<std::string, int64_t> by_code = report.ByCode();
  std::vector<std::pair<std::string, int64_t>> counts(by_code.begin(), by_code.end());
  // stable_sort keeps the map's id order among equal counts.
  std::stable_sort(counts.begin(), counts.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return counts;
}

}  // namespace pitboss
