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
  // Root causes of the input, added by pitboss where the contract's codes do not fit.
  kInputUnreadable,
  kInputDuplicateInput,
  kInputTimeOrder,
  kInputEmptyRound,
  kShoeMidRoundShuffle,
  // What the house's rounds say of the readings it deals under (docs/findings.md).
  kReadingNotChecked,
  kReadingSwitch,
};
constexpr int kCodeCount = static_cast<int>(Code::kReadingSwitch) + 1;

enum class Severity : uint8_t { kCritical, kMajor, kMinor, kError };

// What a finding's `expected` and `actual` count. Part of the report format ("unit").
enum class Unit : uint8_t {
  kNone,        // the code carries no expected/actual
  kMinorUnits,  // money: minor units of the round's currency
  kCards,       // cards (burns before a card; copies of a card drawn from a shoe)
  kDecks,       // decks in a shoe
};

// How a finding of a settlement code says what the player was overpaid (+) or underpaid (-),
// from `expected` (the net the rules pay) and `actual` (the net logged).
enum class MoneyEffect : uint8_t {
  kNone,    // no money owed either way (settle/split: the seat's total is right)
  kNet,     // actual - expected (settle/payout)
  kUnpaid,  // -expected: the wager was never settled (settle/missing)
  kExtra,   // actual: a settlement that should not exist (settle/duplicate)
};

struct CodeInfo {
  Code code;
  std::string_view id;  // "settle/payout"
  Severity severity;
  std::string_view found_when;             // the contract's wording, for --help and SARIF rules
  Unit unit = Unit::kNone;                 // of expected/actual
  MoneyEffect money = MoneyEffect::kNone;  // how a finding moves money (report.h: Overpaid())
};

const CodeInfo& Info(Code code);
std::span<const CodeInfo> AllCodes();
std::optional<Code> ParseCode(std::string_view id);
std::string_view ToString(Severity severity);  // "critical", "major", "minor", "error"
std::string_view ToString(Unit unit);          // "", "minor_units", "cards", "decks"

}  // namespace pitboss

#endif  // PITBOSS_CODES_H_
