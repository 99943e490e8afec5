// Reports for the writers' tests: the contract's example and its parts. Not
// part of the library; included by *_test.cc only.
#ifndef PITBOSS_REPORT_TEST_REPORTS_H_
#define PITBOSS_REPORT_TEST_REPORTS_H_

#include <gtest/gtest.h>

#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "pitboss/report.h"
#include "report/writers.h"

namespace pitboss::test_reports {

// The violation of the contract's example (../shared/checker-contract.md).
inline Finding ContractFinding() {
  Finding f;
  f.code = Code::kSettlePayout;
  f.round = "T7-000124";
  f.table = "T7";
  f.input = "logs/day1.jsonl";
  f.line = 88;
  f.seat = 1;
  f.wager = WagerKind::kRaise;
  f.expected = 500;
  f.actual = 250;
  f.clause = "ARSD 20:18:16:15.17(4)(d)(i)";
  f.reading_dependent = {"sd-war-win-payout"};
  f.message = "raise settled at 250, the rules pay 500 (war won: the three wagers)";
  return f;
}

// A line that could not be read as a round.
inline Finding UnreadableLine() {
  Finding f;
  f.code = Code::kInputMalformed;
  f.input = "logs/day1.jsonl";
  f.line = 17;
  f.clause = "hand-history-v1";
  f.message = "not JSON: expected ',' or '}'";
  return f;
}

inline Finding BurnCount() {
  Finding f;
  f.code = Code::kDealBurnCount;
  f.round = "T7-000200";
  f.table = "T7";
  f.input = "logs/day1.jsonl";
  f.line = 140;
  f.clause = "ARSD 20:18:16:15.05";
  f.message = "2 cards burned before the first card, the rules burn 3";
  return f;
}

// The contract's example report, with all four of its violations.
inline Report ContractReport() {
  Report report;
  report.version = "0.1.0";
  report.inputs = {{"logs/day1.jsonl", 1200, 1198, 1, 1}};  // lines = rounds + malformed + blank
  report.specs = {
      {"us-sd/casino-war", "2012-04-23", "3f2a9c0d5e7b1a4c6d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e"}};
  report.rounds = 1198;
  report.rounds_with_violations = 3;
  // Listed in an order other than by_code's, which is by count, then by id.
  Finding second_payout = ContractFinding();
  second_payout.round = "T7-000300";
  second_payout.line = 210;
  second_payout.seat = 2;
  second_payout.reading_dependent.clear();
  report.violations = {UnreadableLine(), ContractFinding(), BurnCount(), second_payout};
  report.ambiguities = {{"sd-war-win-payout",
                         "us-sd/casino-war",
                         "2012-04-23",
                         "ARSD 20:18:16:15.17(4)(d)(i)",
                         {{"three-wagers", true, 0, 0}, {"raise-only", false, 12, -3000}}}};
  return report;
}

// The contract's finding with its evidence: when, under which revision, at which event, in
// which currency, and the reading that clears it. Underpaid by USD 2.50.
inline Finding EvidenceFinding() {
  Finding f = ContractFinding();
  f.time = "2026-11-21T20:14:40Z";
  f.revision = "2012-04-23";
  f.event = 19;
  f.currency = "USD";
  f.cleared_by = {{"sd-war-win-payout", {"paytable-half-on-raise"}}};
  return f;
}

// A card overdrawn from a shoe never shuffled, with the later cards it accounts for.
inline Finding OverdrawnFinding() {
  Finding f;
  f.code = Code::kShoeCardOverdrawn;
  f.round = "T9-000007";
  f.table = "T9";
  f.input = "logs/day2.jsonl.gz";
  f.line = 7;
  f.time = "2026-11-22T01:00:00Z";
  f.revision = "2012-04-23";
  f.event = 4;
  f.expected = 1;
  f.actual = 2;
  f.clause = "ARSD 20:18:16:15.03";
  f.consequences = 163;
  f.consequences_note = "later cards of this shoe";
  f.message = "the 7 of hearts drawn twice since the shuffle";
  return f;
}

// A main wager overpaid by USD 3.00 at table T9 the next day.
inline Finding OverpaidFinding() {
  Finding f = ContractFinding();
  f.round = "T9-000008";
  f.table = "T9";
  f.input = "logs/day2.jsonl.gz";
  f.line = 8;
  f.time = "2026-11-22T01:02:00Z";
  f.revision = "2012-04-23";
  f.wager = WagerKind::kMain;
  f.expected = 500;
  f.actual = 800;
  f.currency = "USD";
  f.reading_dependent.clear();
  f.message = "main settled at 800, the rules pay 500";
  return f;
}

// A wager above the table maximum that was accepted and then won even money: USD 750.00 paid
// to the player that the rules never let be wagered. War Blackjack at the example house.
inline Finding MoneyMovedFinding() {
  Finding f;
  f.code = Code::kWagerLimit;
  f.round = "BWA-07";
  f.table = "BWA";
  f.input = "logs/day3.jsonl";
  f.line = 7;
  f.time = "2026-03-08T21:07:00Z";
  f.rules = "us-sd/war-blackjack";
  f.revision = "2015-05-13";
  f.event = 2;
  f.seat = 1;
  f.wager = WagerKind::kBlackjack;
  f.expected = 50000;
  f.actual = 75000;
  f.currency = "USD";
  f.clause = "ARSD 20:18:15:20";
  f.money_moved = 75000;
  f.message = "blackjack wager of 75000 above the table maximum of 50000";
  return f;
}

// The dealer drew where the drawing rules stand, and took USD 10.00 from the hand; no amounts,
// so the currency is the money moved's alone. The second house, of the same revision name.
inline Finding DealerDrawFinding() {
  Finding f;
  f.code = Code::kDealDealerPlay;
  f.round = "BWB-03";
  f.table = "BWB";
  f.input = "logs/day3.jsonl";
  f.line = 9;
  f.time = "2026-03-08T21:09:00Z";
  f.rules = "us-sd/war-blackjack-second-house";
  f.revision = "2015-05-13";
  f.event = 11;
  f.currency = "USD";
  f.clause = "ARSD 20:18:15:30.12";
  f.money_moved = -1000;
  f.message = "the dealer drew on soft 17, where the rules stand";
  return f;
}

// OverdrawnFinding with the cards that overdrew the shoe after it named one by one: the first
// with its event and card, one of standard input with neither.
inline Finding ListedConsequencesFinding() {
  Finding f = OverdrawnFinding();
  f.rules = "us-sd/casino-war";
  f.consequences = 2;
  f.consequences_note = "later cards that overdrew the shoe as logged";
  f.consequence_list = {{"logs/day2.jsonl.gz", 9, "T9-000009", 5, "7H"},
                        {"-", 12, "T9-000012", std::nullopt, ""}};
  return f;
}

// A report with every piece of evidence and provenance: a command line, an analysis time, a
// currency; an input read whole, one that could not be (so the report is incomplete), one read
// for context only, a file skipped; a spec with its file and readings; findings of two tables
// and two days; an ambiguity whose other reading clears a finding.
inline Report EvidenceReport() {
  Report report;
  report.version = "0.1.0";
  report.command_line = {"pitboss", "check", "--currency", "USD", "logs/", "my logs/x.jsonl"};
  report.analysis_time = "2026-11-25T08:30:00Z";
  report.currency = "USD";
  report.complete = false;
  InputSummary day1;
  day1.path = "logs/day1.jsonl";
  day1.lines = 1200;
  day1.rounds = 1198;
  day1.malformed_lines = 1;
  day1.blank_lines = 1;
  day1.bytes = 52311;
  day1.sha256 = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
  day1.first_round_time = "2026-11-21T20:00:00Z";
  day1.last_round_time = "2026-11-21T23:59:00Z";
  InputSummary day2;
  day2.path = "logs/day2.jsonl.gz";
  day2.lines = 40;
  day2.rounds = 40;
  day2.bytes = 2048;
  day2.sha256 = "60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752";
  day2.first_round_time = "2026-11-22T01:00:00Z";
  day2.last_round_time = "2026-11-22T01:39:00Z";
  day2.error = "truncated gzip stream at byte 2048";
  InputSummary before;
  before.path = "logs/day0.jsonl";
  before.lines = 10;
  before.rounds = 10;
  before.context = true;
  report.inputs = {day1, day2, before};
  report.skipped = {{"logs/notes.txt", "not a log (.jsonl, .jsonl.gz, .jsonl.zst)"}};
  SpecUsed spec;
  spec.id = "us-sd/casino-war";
  spec.revision = "2012-04-23";
  spec.sha256 = "3f2a9c0d5e7b1a4c6d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e";
  spec.path = "rules/us-sd/casino-war.yaml";
  spec.readings = {{"sd-war-win-payout", "three-wagers"}};
  report.specs = {spec};
  report.rounds = 1238;
  report.rounds_with_violations = 3;
  report.violations = {EvidenceFinding(), OverdrawnFinding(), OverpaidFinding()};
  AmbiguityImpact ambiguity;
  ambiguity.id = "sd-war-win-payout";
  ambiguity.spec = "us-sd/casino-war";
  ambiguity.revision = "2012-04-23";
  ambiguity.clause = "ARSD 20:18:16:15.17(4)(d)(i)";
  ReadingImpact three_wagers;
  three_wagers.name = "three-wagers";
  three_wagers.is_default = true;
  three_wagers.in_force = true;
  ReadingImpact half;
  half.name = "paytable-half-on-raise";
  half.rounds_settled_differently = 12;
  half.net_difference = -824452000;
  ambiguity.readings = {three_wagers, half};
  report.ambiguities = {ambiguity};
  CountFindingsCleared(&report);  // paytable-half-on-raise: 1
  return report;
}

// `report` written in `format`; fails the test if the writer reports an error.
inline std::string Write(const Report& report, std::string_view format) {
  std::ostringstream out;
  const Status status = WriteReport(report, format, out);
  EXPECT_TRUE(status.ok()) << status.message();
  return out.str();
}

// The number of times `needle` occurs in `text`.
inline int Count(std::string_view text, std::string_view needle) {
  int n = 0;
  for (std::size_t at = text.find(needle); at != std::string_view::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

}  // namespace pitboss::test_reports

#endif  // PITBOSS_REPORT_TEST_REPORTS_H_
