// The violation codes: one table, one place. Each code's id is part of the report
// format (../shared/checker-contract.md): ids are stable, never rename one.
#ifndef PITBOSS_CODES_H_
#define PITBOSS_CODES_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace pitboss {

enum class Code : uint8_t {
  kInputMalformed,
  kInputBadCard,
  kInputUnknownRules,
  kInputDuplicateRound,
  kShoeDeckCount,
  kShoeCardOverdrawn,
  kShoeNoShuffle,
  kDealOrder,
  kDealBurnCount,
  kDealMissingCard,
  kWagerLimit,
  kWagerOrphan,
  kWagerLate,
  kWagerRaiseMismatch,
  kDecisionNotOffered,
  kDecisionMissing,
  kSettlePayout,
  kSettleSplit,
  kSettleMissing,
  kSettleDuplicate,
  kSettleOrder,
  kDealDealerPlay,
  kWagerAmount,
};
constexpr int kCodeCount = static_cast<int>(Code::kWagerAmount) + 1;

enum class Severity : uint8_t { kCritical, kMajor, kMinor, kError };

struct CodeInfo {
  Code code;
  std::string_view id;         // "settle/payout"
  Severity severity;
  std::string_view found_when; // the contract's wording, for --help and SARIF rules
};

const CodeInfo& Info(Code code);
std::span<const CodeInfo> AllCodes();
std::optional<Code> ParseCode(std::string_view id);
std::string_view ToString(Severity severity);  // "critical", "major", "minor", "error"

}  // namespace pitboss

#endif  // PITBOSS_CODES_H_
