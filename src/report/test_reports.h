// Reports for the writers' tests: the contract's example and its parts. Not
// part of the library; included by *_test.cc only.
#ifndef PITBOSS_REPORT_TEST_REPORTS_H_
#define PITBOSS_REPORT_TEST_REPORTS_H_

#include <gtest/gtest.h>

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
  report.inputs = {{"logs/day1.jsonl", 1200, 1198}};
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
