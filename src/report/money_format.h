// Figures in words for the human formats (text, md, html, junit, sarif): money in its
// currency's major unit ("USD 5.00", "JPY 500"), counts with their unit ("3 cards"), and the
// few sentences of evidence every format says alike (the event convention, the banner of an
// incomplete report). Money uses exact integer arithmetic only: no floating point, and every
// int64_t, INT64_MIN included, is written without overflow. Stateless and thread-safe.
//
// The words are plain text, not escaped for any format: log text (paths, ids, errors) reaches
// them, so each writer escapes what it writes as it escapes everything else.
#ifndef PITBOSS_REPORT_MONEY_FORMAT_H_
#define PITBOSS_REPORT_MONEY_FORMAT_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pitboss/codes.h"
#include "pitboss/money.h"
#include "pitboss/report.h"

namespace pitboss {

// `minor_units` of `currency` in words, thousands grouped with commas: "USD 5.00",
// "USD 1,234,567.89", "JPY 500", "-USD 5.00". A currency not in the table: "500 minor units
// (XYZ)" where the code is three capital letters, else "500 minor units" (none given, or not
// a code: log text never reaches the words through here).
std::string FormatMoney(Money minor_units, std::string_view currency);
// A count with its thousands grouped by commas: "1,234,567", "-12".
std::string FormatCount(int64_t n);

// FormatMoney with a sign in front of a positive amount too: "+USD 5.00", "-USD 5.00", "USD 0.00".
std::string FormatSignedMoney(Money minor_units, std::string_view currency);

// A wide sum the same way, exactly, past 64 bits too ("USD 115,292,150,460,684,697.60");
// "too large to represent" for a sum lost past 128 bits.
std::string FormatMoney(const MoneySum& minor_units, std::string_view currency);
std::string FormatSignedMoney(const MoneySum& minor_units, std::string_view currency);

// An expected or actual figure with its unit: money as FormatMoney, "3 cards", "1 card",
// "6 decks", "1 deck"; a bare number for Unit::kNone.
std::string FormatAmount(Money amount, Unit unit, std::string_view currency);

// What a finding says the player was paid wrongly, in words: "underpaid by USD 2.50",
// "overpaid by 250 minor units"; "paid wrongly by an amount too large to represent" when
// Overpaid() does not fit; "" for a finding that moves no money (its code's MoneyEffect is
// kNone, it lacks the amounts, or they agree).
std::string MoneyEffectText(const Finding& finding);

// The money a finding's fault moved apart from a settlement's own error (Finding::money_moved),
// in words: "USD 2.50 to the player", "250 minor units to the house", "USD 0.00" (moved
// nothing); "" where the finding does not say.
std::string MoneyMovedText(const Finding& finding);

// How much money a finding says went wrong, to rank findings by (check --sort money, the text
// report's largest findings): what it says the player was paid wrongly (MoneyEffectText) plus
// what its fault moved (MoneyMovedText), each without its sign, in minor units of the finding's
// currency (findings in several currencies are ranked by their minor units alone). An amount
// too large to represent ranks above every other; 0 for a finding that moves no money.
using MoneyRank = unsigned __int128;
MoneyRank FindingMoney(const Finding& finding);
// FindingMoney in words: "underpaid by USD 2.50", "underpaid by USD 2.50; moved USD 1.00 to the
// player", "moved USD 1.00 to the house"; "" where it is 0.
std::string FindingMoneyText(const Finding& finding);

// The money other faults moved, in words: "USD 2.50 to players, USD 1.00 to the house".
std::string MoneyMovedTotalText(const MoneyMovedTotal& total, std::string_view currency);

// A sum of MoneyTotal: FormatMoney, or "too large to represent" where the total overflowed.
std::string FormatTotal(Money sum, bool overflow, std::string_view currency);

// The currency the report's totals and net differences are in: the findings' shared one,
// else (none named by any finding, not several) the report's --currency; "" when unknown.
std::string ReportCurrency(const Report& report, const MoneyTotals& totals);
// The same for the money other faults moved (MoneyTotals::moved).
std::string ReportCurrency(const Report& report, const MoneyMovedTotal& moved);

// Part of the report format: every human format states these once, in these words.
inline constexpr std::string_view kEventConvention =
    "events are counted from 0, as in the log's events array";
inline constexpr std::string_view kNetConvention =
    "player's view: + the players gain under this reading, - they lose";

// The command line as a shell would take it back: argv joined by spaces, an argument holding
// any character but [A-Za-z0-9_./=:,+@%-] (or empty) in single quotes.
std::string CommandLineText(const std::vector<std::string>& argv);

// The banner of a report that is not complete: "INCOMPLETE: 1 input could not be read whole:
// logs/day2.jsonl.gz (truncated gzip stream at byte 1234)"; "" for a complete report.
std::string IncompleteText(const Report& report);

// A context log that could not be read whole, in words, the tables it left unjudged listed
// (every human format and the warning on standard error): "context log logs/day1.jsonl could
// not be read whole (...): the shoes it leaves unknown are not judged until their next
// shuffle: table T1, 3 rounds not judged, judged from logs/day2.jsonl:40".
std::string ContextDamageText(const ContextDamage& damage);

// "sd-war-win-payout=paytable-half-on-raise, other=reading": the readings that clear a finding.
std::string ClearedByText(const std::vector<ClearedBy>& cleared_by);

// "and 163 later cards of this shoe, counted here"; "" where a finding has no consequences.
std::string ConsequencesText(const Finding& finding);

// One consequence named: "round T9-000012, event 4, card 7H (logs/day2.jsonl:12)", its parts
// that are unknown left out, standard input named so.
std::string ConsequenceText(const Consequence& consequence);

// How many of a finding's consequence_list the formats that bound their lists (text, Markdown,
// JUnit, SARIF's message) name: the rest are counted ("and 140 more"), and every other format,
// JSON first, lists them all.
inline constexpr std::size_t kConsequencesNamed = 20;

}  // namespace pitboss

#endif  // PITBOSS_REPORT_MONEY_FORMAT_H_
