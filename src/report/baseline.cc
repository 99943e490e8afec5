#include "report/baseline.h"

#include <algorithm>
#include <charconv>
#include <unordered_set>
#include <utility>

#include "base/sha256.h"

namespace pitboss {

namespace {

// The part of a path after its last '/': the log's file name.
std::string_view FileName(std::string_view path) {
  const size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// Each field length-prefixed, so that no two findings' fields run together alike.
void AddField(std::string* key, std::string_view value) {
  key->append(std::to_string(value.size())).append(":").append(value).append(";");
}

}  // namespace

std::string FindingHash(const Finding& finding) {
  std::string key;
  AddField(&key, Info(finding.code).id);
  AddField(&key, FileName(finding.input));
  AddField(&key, finding.round);
  AddField(&key, finding.event ? std::to_string(*finding.event) : "");
  AddField(&key, finding.seat ? SeatName(*finding.seat) : "");
  AddField(&key, finding.hand ? std::to_string(*finding.hand) : "");
  AddField(&key, finding.wager ? ToString(*finding.wager) : "");
  // 128 bits: no collision among any number of findings a report holds.
  return Sha256Hex(key).substr(0, 32);
}

int64_t Fingerprinter::Count(uint64_t high, uint64_t low) {
  if ((used_ + 1) * 10 > slots_.size() * 7) {  // keep the table at most 70% full
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(std::max<size_t>(1024, old.size() * 2), Slot{});
    used_ = 0;
    for (const Slot& s : old) {
      if (s.count == 0) continue;
      size_t i = s.high & (slots_.size() - 1);
      while (slots_[i].count != 0) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = s;
      ++used_;
    }
  }
  size_t i = high & (slots_.size() - 1);  // the hash's bits are uniform: a slot of its own
  while (slots_[i].count != 0 && (slots_[i].high != high || slots_[i].low != low))
    i = (i + 1) & (slots_.size() - 1);
  if (slots_[i].count == 0) {
    slots_[i].high = high;
    slots_[i].low = low;
    ++used_;
  }
  return ++slots_[i].count;
}

std::string Fingerprinter::Next(const Finding& finding) {
  std::string hash = FindingHash(finding);
  uint64_t high = 0, low = 0;
  std::from_chars(hash.data(), hash.data() + 16, high, 16);
  std::from_chars(hash.data() + 16, hash.data() + 32, low, 16);
  return hash + ":" + std::to_string(Count(high, low));
}

void ApplyBaseline(const Report& baseline, const std::string& path, const std::string& sha256,
                   Report* report) {
  std::unordered_set<std::string> before;
  Fingerprinter old_prints;
  for (const Finding& finding : baseline.violations) before.insert(old_prints.Next(finding));

  BaselineSummary summary;
  summary.path = path;
  summary.sha256 = sha256;
  std::unordered_set<std::string> found;
  // A new store: spilled findings cannot be changed in place.
  FindingStore marked;
  Fingerprinter new_prints;
  for (const Finding& finding : report->violations) {
    Finding copy = finding;
    std::string print = new_prints.Next(finding);
    if (before.count(print) != 0) {
      copy.baseline = BaselineState::kUnchanged;
      ++summary.unchanged;
      found.insert(std::move(print));
    } else {
      copy.baseline = BaselineState::kNew;
      ++summary.new_findings;
    }
    marked.push_back(std::move(copy));
  }
  report->violations = std::move(marked);

  Fingerprinter again;
  for (const Finding& finding : baseline.violations) {
    std::string print = again.Next(finding);
    if (found.count(print) != 0) continue;
    Finding copy = finding;
    copy.baseline = BaselineState::kAbsent;
    summary.absent.push_back(std::move(copy));
    summary.absent_fingerprints.push_back(std::move(print));
  }
  report->baseline = std::move(summary);
}

std::string BaselineCountsText(const Report& report) {
  if (!report.baseline) return "";
  const BaselineSummary& b = *report.baseline;
  return "baseline " + (b.path == "-" ? std::string("<stdin>") : b.path) + ": " +
         std::to_string(b.new_findings) + " new, " + std::to_string(b.unchanged) + " unchanged, " +
         std::to_string(b.absent.size()) + " absent (in the baseline, not found now)";
}

}  // namespace pitboss
