#include "report/finding_filter.h"

#include <algorithm>
#include <chrono>
#include <set>
#include <string>
#include <utility>

#include "base/suggest.h"
#include "history/round_parser.h"

namespace pitboss {

namespace {

constexpr Severity kBySeriousness[] = {Severity::kError, Severity::kCritical, Severity::kMajor,
                                       Severity::kMinor};

std::string Joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

// "2026-01-05" as yyyymmdd, nullopt when it is not a date of that form.
std::optional<int32_t> DateOf(const std::string& text) {
  if (text.size() != 10) return std::nullopt;
  return ParseRfc3339Date(text + "T00:00:00Z");
}

}  // namespace

int SeverityRank(Severity severity) {
  for (int i = 0; i < 4; ++i) {
    if (kBySeriousness[i] == severity) return i;
  }
  return 4;
}

std::optional<Severity> ParseSeverity(std::string_view name) {
  for (Severity s : kBySeriousness) {
    if (ToString(s) == name) return s;
  }
  return std::nullopt;
}

StatusOr<FindingFilter> FindingFilter::Make(const FindingFilterOptions& options) {
  FindingFilter f;
  std::vector<std::string> words;
  std::vector<std::string> ids, families;
  for (const CodeInfo& info : AllCodes()) {
    ids.emplace_back(info.id);
    std::string family(info.id.substr(0, info.id.find('/')));
    if (std::find(families.begin(), families.end(), family) == families.end()) families.push_back(family);
  }
  std::set<Code> codes;
  for (std::string code : options.codes) {
    if (code.size() > 2 && code.ends_with("/*")) code.resize(code.size() - 2);
    if (std::optional<Code> c = ParseCode(code)) {
      codes.insert(*c);
    } else if (std::find(families.begin(), families.end(), code) != families.end()) {
      for (const CodeInfo& info : AllCodes()) {
        if (info.id.substr(0, info.id.find('/')) == code) codes.insert(info.code);
      }
    } else {
      std::vector<std::string> all = ids;
      all.insert(all.end(), families.begin(), families.end());
      return Status::InvalidArgument("--code " + code + ": no such code or family of codes" +
                                     DidYouMean(code, all) +
                                     " (the codes: pitboss check --help, docs/findings.md)");
    }
  }
  f.codes_.assign(codes.begin(), codes.end());
  if (!options.codes.empty()) words.push_back("code " + Joined(options.codes));
  f.tables_ = options.tables;
  if (!options.tables.empty()) words.push_back("table " + Joined(options.tables));
  if (!options.min_severity.empty()) {
    f.min_severity_ = ParseSeverity(options.min_severity);
    if (!f.min_severity_) {
      return Status::InvalidArgument(
          "--min-severity " + options.min_severity +
          ": the severities, most serious first, are error, critical, major and minor" +
          DidYouMean(options.min_severity, {"error", "critical", "major", "minor"}));
    }
    words.push_back("severity " + options.min_severity +
                    (*f.min_severity_ == Severity::kError ? "" : " or worse"));
  }
  auto bound = [](const std::string& option, const std::string& text) -> StatusOr<Bound> {
    Bound b;
    if (std::optional<int32_t> date = DateOf(text)) {
      b.date = date;
      return b;
    }
    if (std::optional<Instant> at = ParseRfc3339Instant(text)) {
      b.seconds = at->seconds;
      b.nanos = at->nanos;
      return b;
    }
    return Status::InvalidArgument(option + " " + text +
                                   ": not a date (2026-01-05) or an RFC 3339 time (2026-01-05T18:00:00Z)");
  };
  if (!options.since.empty()) {
    auto b = bound("--since", options.since);
    if (!b.ok()) return b.status();
    f.since_ = b.value();
    words.push_back("since " + options.since);
  }
  if (!options.until.empty()) {
    auto b = bound("--until", options.until);
    if (!b.ok()) return b.status();
    f.until_ = b.value();
    words.push_back("until " + options.until);
  }
  if (f.since_ && f.until_) {
    // A --since after the --until leaves nothing to report. A date is compared with a date, a
    // time with a time; a date with a time only where they are more than a day apart (a date
    // is the round's as logged, in its own zone).
    auto day_start = [](int32_t yyyymmdd) {
      using namespace std::chrono;
      const year_month_day ymd{year{yyyymmdd / 10000}, month{static_cast<unsigned>(yyyymmdd / 100 % 100)},
                               day{static_cast<unsigned>(yyyymmdd % 100)}};
      return static_cast<int64_t>(sys_days{ymd}.time_since_epoch().count()) * 86400;
    };
    const Bound& a = *f.since_;
    const Bound& b = *f.until_;
    bool after = false;
    if (a.date && b.date) {
      after = *a.date > *b.date;
    } else if (!a.date && !b.date) {
      after = *a.seconds > *b.seconds || (*a.seconds == *b.seconds && a.nanos > b.nanos);
    } else if (a.date) {
      after = day_start(*a.date) - 86400 > *b.seconds;
    } else {
      after = *a.seconds > day_start(*b.date) + 2 * 86400;
    }
    if (after) {
      return Status::InvalidArgument("--since " + options.since + " is after --until " + options.until +
                                     ": no round is in between, so nothing could be reported");
    }
  }
  for (const std::string& w : words) f.description_ += (f.description_.empty() ? "" : "; ") + w;
  return f;
}

bool FindingFilter::Matches(const Finding& finding) const {
  if (!codes_.empty() && !std::binary_search(codes_.begin(), codes_.end(), finding.code)) return false;
  if (!tables_.empty() && std::find(tables_.begin(), tables_.end(), finding.table) == tables_.end())
    return false;
  if (min_severity_ && SeverityRank(Info(finding.code).severity) > SeverityRank(*min_severity_)) return false;
  return WithinTime(finding.time);
}

bool FindingFilter::WithinTime(const std::string& time) const {
  if ((!since_ && !until_) || time.empty()) return true;
  const std::optional<int32_t> date = ParseRfc3339Date(time);
  const std::optional<Instant> at = ParseRfc3339Instant(time);
  // -1: before the bound, 0: within it (the same day, or the same instant), 1: after.
  auto compare = [&](const Bound& b) {
    if (b.date) return !date ? 0 : *date < *b.date ? -1 : *date > *b.date ? 1 : 0;
    if (!at) return 0;
    const Instant bi{*b.seconds, b.nanos};
    return *at < bi ? -1 : bi < *at ? 1 : 0;
  };
  if (since_ && compare(*since_) < 0) return false;
  if (until_ && compare(*until_) > 0) return false;
  return true;
}

bool FindingFilter::MatchesRound(const std::string& table, const std::string& time) const {
  if (!tables_.empty() && std::find(tables_.begin(), tables_.end(), table) == tables_.end()) return false;
  return WithinTime(time);
}

void FindingFilter::Apply(Report* report) const {
  if (empty()) return;
  FindingStore kept;
  int64_t left_out = 0;
  // A line's findings are listed together (the checker emits a round's at once): the rounds
  // with violations kept are the runs of findings of one line. A file's own findings (a file
  // not read whole, or given twice) are of no round.
  int64_t rounds = 0;
  std::pair<std::string, int64_t> last{"", 0};
  for (const Finding& f : report->violations) {
    if (!Matches(f)) {
      ++left_out;
      continue;
    }
    if (f.line > 0 && f.code != Code::kInputUnreadable && (f.line != last.second || f.input != last.first)) {
      ++rounds;
      last = {f.input, f.line};
    }
    kept.push_back(f);
  }
  report->violations = std::move(kept);
  report->findings_filtered_out += left_out;
  report->rounds_with_violations = rounds;
  report->filter = report->filter.empty() ? description_ : report->filter + "; " + description_;
}

}  // namespace pitboss
