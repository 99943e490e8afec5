#include "pitboss/report.h"

#include <set>
#include <string>
#include <tuple>
#include <utility>

namespace pitboss {

std::map<std::string, int64_t> Report::ByCode() const {
  std::map<std::string, int64_t> counts;
  for (const Finding& finding : violations) {
    ++counts[std::string(Info(finding.code).id)];
  }
  return counts;
}

// Part of the report format: the dealer is written "dealer", never "0".
std::string SeatName(Seat seat) {
  if (seat == kDealer) return "dealer";
  return std::to_string(seat);
}

// Part of the report format: never rename.
std::string_view ToString(BaselineState state) {
  switch (state) {
    case BaselineState::kNone:
      return "";
    case BaselineState::kNew:
      return "new";
    case BaselineState::kUnchanged:
      return "unchanged";
    case BaselineState::kAbsent:
      return "absent";
  }
  return "";
}

std::optional<Money> Overpaid(const Finding& finding) {
  switch (Info(finding.code).money) {
    case MoneyEffect::kNone:
      return std::nullopt;
    case MoneyEffect::kNet:
      if (!finding.expected || !finding.actual) return std::nullopt;
      return CheckedSub(*finding.actual, *finding.expected);
    case MoneyEffect::kUnpaid:
      if (!finding.expected) return std::nullopt;
      return CheckedSub(0, *finding.expected);
    case MoneyEffect::kExtra:
      return finding.actual;
  }
  return std::nullopt;
}

void MoneyTotal::Add(Money overpaid_by) {
  ++findings;
  Money& sum = overpaid_by >= 0 ? overpaid : underpaid;
  // -INT64_MIN does not fit: that alone is an overflow.
  std::optional<Money> by = overpaid_by >= 0 ? std::optional(overpaid_by) : CheckedSub(0, overpaid_by);
  std::optional<Money> next = by ? CheckedAdd(sum, *by) : std::nullopt;
  if (next) {
    sum = *next;
  } else {
    overflow = true;
  }
}

void MoneyMovedTotal::Add(Money moved) {
  ++findings;
  // Summed wide: -INT64_MIN, and any sum of them, fits.
  if (moved >= 0) {
    to_player += moved;
  } else {
    to_house -= moved;
  }
}

MoneyTotals TotalMoney(const Report& report) {
  MoneyTotals totals;
  std::set<std::string> currencies;
  std::set<std::string> moved_currencies;
  for (const Finding& f : report.violations) {
    if (f.money_moved) {
      totals.moved.Add(*f.money_moved);
      moved_currencies.insert(f.currency);
    }
    if (Info(f.code).money == MoneyEffect::kNone) continue;
    std::optional<Money> by = Overpaid(f);
    auto add = [&](MoneyTotal& t) {
      if (by) {
        t.Add(*by);
      } else {
        ++t.findings;
        t.overflow = true;
      }
    };
    currencies.insert(f.currency);
    add(totals.all);
    add(totals.by_table[f.table]);
    add(totals.by_day[f.time.size() >= 10 ? f.time.substr(0, 10) : f.time]);
    add(totals.by_wager[f.wager ? std::string(ToString(*f.wager)) : std::string()]);
  }
  totals.mixed_currencies = currencies.size() > 1;
  if (currencies.size() == 1) totals.currency = *currencies.begin();
  totals.moved.mixed_currencies = moved_currencies.size() > 1;
  if (moved_currencies.size() == 1) totals.moved.currency = *moved_currencies.begin();
  return totals;
}

void CountFindingsCleared(Report* report) {
  // (ambiguity, revision, reading) -> findings. A check over two revisions of a spec lists
  // its ambiguities once per revision: each entry counts the findings of rounds checked under
  // its revision, and findings that name no revision (an older report's) count for every one.
  std::map<std::tuple<std::string, std::string, std::string>, int64_t> cleared;
  std::map<std::pair<std::string, std::string>, int64_t> cleared_any_revision;
  for (const Finding& f : report->violations) {
    for (const ClearedBy& c : f.cleared_by) {
      for (const std::string& reading : c.readings) {
        ++cleared[{c.ambiguity, f.revision, reading}];
        ++cleared_any_revision[{c.ambiguity, reading}];
      }
    }
  }
  auto count = [](const auto& map, const auto& key) -> int64_t {
    auto it = map.find(key);
    return it == map.end() ? 0 : it->second;
  };
  for (AmbiguityImpact& a : report->ambiguities) {
    for (ReadingImpact& r : a.readings) {
      r.findings_cleared = a.revision.empty() ? count(cleared_any_revision, std::pair(a.id, r.name))
                                              : count(cleared, std::tuple(a.id, a.revision, r.name)) +
                                                    count(cleared, std::tuple(a.id, std::string(), r.name));
    }
  }
}

}  // namespace pitboss
