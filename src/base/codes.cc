// The one table of violation codes. Part of the report format: ids, severities
// and their order are the contract's (../shared/checker-contract.md); never
// rename an id, only add new codes at the end of the table and of the enum.
#include "pitboss/codes.h"

#include <array>

namespace pitboss {
namespace {

constexpr std::array<CodeInfo, kCodeCount> kCodes = {{
    {Code::kInputMalformed, "input/malformed", Severity::kError,
     "a line is not JSON, or a required field is missing or of the wrong type"},
    {Code::kInputBadCard, "input/bad-card", Severity::kError, "a card is not a valid card code"},
    {Code::kInputUnknownRules, "input/unknown-rules", Severity::kError,
     "the round names a rule spec that is not loaded, or none in force at its "
     "`time`"},
    {Code::kInputDuplicateRound, "input/duplicate-round", Severity::kError, "a round id seen before"},
    {Code::kShoeDeckCount, "shoe/deck-count", Severity::kMajor,
     "a shoe of a number of decks the rules do not allow", Unit::kDecks},
    {Code::kShoeCardOverdrawn, "shoe/card-overdrawn", Severity::kMajor,
     "a card drawn more times than the shoe in play holds since its shuffle", Unit::kCards},
    {Code::kShoeNoShuffle, "shoe/no-shuffle", Severity::kMajor,
     "cards drawn on a table with no shoe in play, or a round without the "
     "fresh shuffle the rules require"},
    {Code::kDealOrder, "deal/order", Severity::kMajor, "cards dealt out of the order the rules prescribe"},
    {Code::kDealBurnCount, "deal/burn-count", Severity::kMajor,
     "a number of burn cards other than the rules prescribe before a card", Unit::kCards},
    {Code::kDealMissingCard, "deal/missing-card", Severity::kMajor,
     "a hand in action left without a card the rules give it, or a card dealt "
     "to a hand that should get none"},
    {Code::kWagerLimit, "wager/limit", Severity::kMajor,
     "a wager below the table minimum or above the table or rules maximum", Unit::kMinorUnits},
    {Code::kWagerOrphan, "wager/orphan", Severity::kMajor,
     "a wager placed without the wager it depends on (a tie bet with no main "
     "wager...)",
     Unit::kMinorUnits},
    {Code::kWagerLate, "wager/late", Severity::kMajor,
     "a wager placed after the rules close it, or one the game does not have", Unit::kMinorUnits},
    {Code::kWagerRaiseMismatch, "wager/raise-mismatch", Severity::kCritical,
     "a war wager that does not equal the original wager", Unit::kMinorUnits},
    {Code::kDecisionNotOffered, "decision/not-offered", Severity::kMajor,
     "a choice the rules do not offer at that point"},
    {Code::kDecisionMissing, "decision/missing", Severity::kMajor,
     "a hand left without the decision the rules require to finish it"},
    {Code::kSettlePayout, "settle/payout", Severity::kCritical,
     "a settlement whose `net` differs from what the rules pay", Unit::kMinorUnits, MoneyEffect::kNet},
    {Code::kSettleSplit, "settle/split", Severity::kMinor,
     "the amounts of a seat's wagers differ from the rules one by one, but "
     "their total is right",
     Unit::kMinorUnits},
    {Code::kSettleMissing, "settle/missing", Severity::kCritical, "a wager in action never settled",
     Unit::kMinorUnits, MoneyEffect::kUnpaid},
    {Code::kSettleDuplicate, "settle/duplicate", Severity::kCritical,
     "a wager settled twice, or settled without having been placed", Unit::kMinorUnits, MoneyEffect::kExtra},
    {Code::kSettleOrder, "settle/order", Severity::kMinor,
     "wagers settled out of the order the rules prescribe"},
    {Code::kDealDealerPlay, "deal/dealer-play", Severity::kCritical,
     "the dealer drew a card the drawing rules forbid, or stood where they "
     "require a draw"},
    {Code::kWagerAmount, "wager/amount", Severity::kCritical,
     "a double, split, insurance or ride wager of an amount the rules do not "
     "allow (a double above the original wager, a split unequal to it, "
     "insurance above half of it, a ride other than the War winnings)",
     Unit::kMinorUnits},
    // Added by pitboss (docs/findings.md): each one finding at the cause, with what follows
    // from it counted under it rather than listed.
    {Code::kInputUnreadable, "input/unreadable", Severity::kError,
     "a log, or the rest of one, cannot be read (missing, truncated, corrupt, a read error): "
     "what was read before the damage is checked, and the report says it is incomplete"},
    {Code::kInputDuplicateInput, "input/duplicate-input", Severity::kError,
     "a log given twice in one check (the same file, by identity): it is read once"},
    {Code::kInputTimeOrder, "input/time-order", Severity::kError,
     "a round dated before the round logged before it on its table: the table's rounds are "
     "not in the order played, so its shoe is not judged until its next shuffle"},
    {Code::kInputEmptyRound, "input/empty-round", Severity::kError, "a round with no events"},
    {Code::kShoeMidRoundShuffle, "shoe/mid-round-shuffle", Severity::kMajor,
     "a shuffle logged after a card of the same round was drawn: the shoe changed in the middle "
     "of a deal",
     Unit::kNone},
    {Code::kReadingNotChecked, "reading/not-checked", Severity::kMajor,
     "a table deals an ambiguity of the rules, in every round that tells its readings apart, "
     "under a reading other than the one checked (the default unless --reading): one finding "
     "for the table, with the findings that reading explains counted under it"},
    {Code::kReadingSwitch, "reading/switch", Severity::kMajor,
     "a table changes the reading it deals an ambiguity under part-way through the log: a "
     "finding at each change, with the findings the new reading explains counted under it"},
}};

// Info() indexes the table by the enum's value, so row i must hold code i.
constexpr bool TableFollowsEnum() {
  for (int i = 0; i < kCodeCount; ++i) {
    if (static_cast<int>(kCodes[i].code) != i) return false;
  }
  return true;
}
static_assert(TableFollowsEnum(), "kCodes must list the codes in enum order");

}  // namespace

const CodeInfo& Info(Code code) { return kCodes[static_cast<int>(code)]; }

std::span<const CodeInfo> AllCodes() { return kCodes; }

std::optional<Code> ParseCode(std::string_view id) {
  for (const CodeInfo& info : kCodes) {
    if (info.id == id) return info.code;
  }
  return std::nullopt;
}

// Part of the report format: never rename.
std::string_view ToString(Unit unit) {
  switch (unit) {
    case Unit::kNone:
      return "";
    case Unit::kMinorUnits:
      return "minor_units";
    case Unit::kCards:
      return "cards";
    case Unit::kDecks:
      return "decks";
  }
  return "";
}

// Part of the report format: never rename.
std::string_view ToString(Severity severity) {
  switch (severity) {
    case Severity::kCritical:
      return "critical";
    case Severity::kMajor:
      return "major";
    case Severity::kMinor:
      return "minor";
    case Severity::kError:
      return "error";
  }
  return "unknown";
}

}  // namespace pitboss
