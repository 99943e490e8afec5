#include "pitboss/report.h"

#include <string>

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

}  // namespace pitboss
