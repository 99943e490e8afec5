#include <gtest/gtest.h>

#include <limits>
#include <sstream>
#include <string>

#include "report/test_reports.h"
#include "report/writers.h"

namespace pitboss {
namespace {

using test_reports::BurnCount;
using test_reports::ContractFinding;
using test_reports::ContractReport;
using test_reports::Count;
using test_reports::EvidenceReport;
using test_reports::UnreadableLine;

std::string Markdown(const Report& report) { return test_reports::Write(report, "md"); }

// The cells of a table row: its pipes, less those escaped with a backslash.
int Columns(const std::string& row) {
  int pipes = 0;
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (row[i] == '\\') {
      ++i;
    } else if (row[i] == '|') {
      ++pipes;
    }
  }
  return pipes - 1;
}

// Every table row (a line starting with '|') has as many cells as its header.
void ExpectWellFormedTables(const std::string& markdown) {
  std::istringstream lines(markdown);
  std::string line;
  int columns = -1;
  while (std::getline(lines, line)) {
    if (!line.starts_with("|")) {
      columns = -1;
      continue;
    }
    EXPECT_TRUE(line.ends_with(" |") || line.ends_with("|")) << line;
    if (columns < 0) {
      columns = Columns(line);
    } else {
      EXPECT_EQ(Columns(line), columns) << line;
    }
  }
}

TEST(MarkdownReportTest, WholeReport) {
  const std::string md = Markdown(ContractReport());
  EXPECT_EQ(md, R"m(## pitboss: 4 violations in 1198 rounds

1198 rounds checked in 1 input; 3 rounds with violations.

pitboss 0.1.0.

| code | severity | violations |
|---|---|---:|
| `settle/payout` | critical | 2 |
| `deal/burn-count` | major | 1 |
| `input/malformed` | error | 1 |

### Inputs

| input | lines | rounds | malformed lines | blank lines | period | bytes | sha256 | note |
|---|---:|---:|---:|---:|---|---:|---|---|
| logs/day1.jsonl | 1200 | 1198 | 1 | 1 |  |  |  |  |

### Rule specs

| spec | revision | file | sha256 | readings in force |
|---|---|---|---|---|
| us-sd/casino-war | 2012-04-23 |  | 3f2a9c0d5e7b1a4c6d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e |  |

### Money paid wrongly

What the findings that move money say the players were underpaid and overpaid, in minor units.

| | underpaid | overpaid | findings |
|---|---:|---:|---:|
| **all** | 500 minor units | 0 minor units | 2 |
| table T7 | 500 minor units | 0 minor units | 2 |
| day (no time) | 500 minor units | 0 minor units | 2 |
| wager raise | 500 minor units | 0 minor units | 2 |

### Findings

| location | code | round | time | event | seat | wager | expected | actual | paid wrongly | clause | message |
|---|---|---|---|---:|---|---|---:|---:|---|---|---|
| logs/day1.jsonl:17 | `input/malformed` |  |  |  |  |  |  |  |  | hand-history-v1 | not JSON: expected ',' or '}' |
| logs/day1.jsonl:88 | `settle/payout` | T7-000124 |  |  | 1 | raise | 500 minor units | 250 minor units | underpaid by 250 minor units | ARSD 20:18:16:15.17(4)(d)(i) | raise settled at 250, the rules pay 500 (war won: the three wagers) (depends on the reading of sd-war-win-payout) |
| logs/day1.jsonl:140 | `deal/burn-count` | T7-000200 |  |  |  |  |  |  |  | ARSD 20:18:16:15.05 | 2 cards burned before the first card, the rules burn 3 |
| logs/day1.jsonl:210 | `settle/payout` | T7-000300 |  |  | 2 | raise | 500 minor units | 250 minor units | underpaid by 250 minor units | ARSD 20:18:16:15.17(4)(d)(i) | raise settled at 250, the rules pay 500 (war won: the three wagers) |

### Ambiguities

Rounds whose correct settlement depends on how an unclear clause is read. Net difference: the players' net under that reading minus under the default, in minor units (player's view: + the players gain under this reading, - they lose). Findings cleared: the findings of this report that are not violations under that reading.

| ambiguity | reading | default | checked under | rounds settled differently | findings cleared | net difference |
|---|---|---|---|---:|---:|---:|
| sd-war-win-payout (us-sd/casino-war revision 2012-04-23, ARSD 20:18:16:15.17(4)(d)(i)) | three-wagers | yes |  | 0 | 0 | 0 minor units |
|  | raise-only |  |  | 12 | 0 | -3,000 minor units |
)m");
  ExpectWellFormedTables(md);
}

TEST(MarkdownReportTest, ProvenanceAndIncompleteBanner) {
  const std::string md = Markdown(EvidenceReport());
  EXPECT_TRUE(
      md.starts_with("## pitboss: 3 violations in 1238 rounds\n\n1238 rounds checked in 3 inputs; 3 rounds "
                     "with violations.\n\n> **INCOMPLETE: 1 input could not be read whole: "
                     "logs/day2.jsonl.gz (truncated gzip stream at byte 2048)**\n\n"
                     "pitboss 0.1.0, analysis started 2026-11-25T08:30:00Z; command line: pitboss check "
                     "--currency USD logs/ 'my logs/x.jsonl'; currency of rounds that name none: USD.\n"))
      << md;
  EXPECT_NE(
      md.find(
          "| logs/day2.jsonl.gz | 40 | 40 | 0 | 0 | 2026-11-22T01:00:00Z to 2026-11-22T01:39:00Z | 2048 | "
          "60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752 | **could not be read "
          "whole:** truncated gzip stream at byte 2048 |\n"),
      std::string::npos)
      << md;
  EXPECT_NE(md.find("| logs/day0.jsonl | 10 | 10 | 0 | 0 |  |  |  | context only: "), std::string::npos)
      << md;
  EXPECT_NE(
      md.find(
          "| file | reason |\n|---|---|\n| logs/notes.txt | not a log (.jsonl, .jsonl.gz, .jsonl.zst) |\n"),
      std::string::npos)
      << md;
  // The spec's sha256 in full, never cut; its file and readings.
  EXPECT_NE(md.find("| us-sd/casino-war | 2012-04-23 | rules/us-sd/casino-war.yaml | "
                    "3f2a9c0d5e7b1a4c6d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e | the defaults: "
                    "sd-war-win-payout=three-wagers |\n"),
            std::string::npos)
      << md;
  Report complete = EvidenceReport();
  complete.complete = true;
  EXPECT_EQ(Markdown(complete).find("INCOMPLETE"), std::string::npos);
  ExpectWellFormedTables(md);
}

TEST(MarkdownReportTest, FindingEvidenceMoneyAndAmbiguities) {
  const std::string md = Markdown(EvidenceReport());
  EXPECT_EQ(Count(md, "events are counted from 0, as in the log's events array"), 1) << md;
  EXPECT_NE(
      md.find("| logs/day1.jsonl:88 | `settle/payout` | T7-000124 | 2026-11-21T20:14:40Z | 19 | 1 | raise | "
              "USD 5.00 | USD 2.50 | underpaid by USD 2.50 | ARSD 20:18:16:15.17(4)(d)(i) (revision "
              "2012-04-23) | raise settled at 250, the rules pay 500 (war won: the three wagers) (depends on "
              "the reading of sd-war-win-payout; cleared by: sd-war-win-payout=paytable-half-on-raise) |\n"),
      std::string::npos)
      << md;
  EXPECT_NE(
      md.find("| 1 card | 2 cards |  | ARSD 20:18:16:15.03 (revision 2012-04-23) | the 7 of hearts drawn "
              "twice since the shuffle; and 163 later cards of this shoe, counted here |\n"),
      std::string::npos)
      << md;
  EXPECT_NE(md.find("| USD 5.00 | USD 8.00 | overpaid by USD 3.00 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| **all** | USD 2.50 | USD 3.00 | 2 |\n| table T7 | USD 2.50 | USD 0.00 | 1 |\n"
                    "| table T9 | USD 0.00 | USD 3.00 | 1 |\n| day 2026-11-21 | USD 2.50 | USD 0.00 | 1 |\n"
                    "| day 2026-11-22 | USD 0.00 | USD 3.00 | 1 |\n| wager main | USD 0.00 | USD 3.00 | 1 |\n"
                    "| wager raise | USD 2.50 | USD 0.00 | 1 |\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("in USD (player's view: + the players gain under this reading, - they lose)"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| checked under | rounds settled differently | findings cleared | net difference |\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("|  | paytable-half-on-raise |  |  | 12 | 1 | -USD 8,244,520.00 |\n"), std::string::npos)
      << md;
  // Totals that overflow say so.
  Report huge = EvidenceReport();
  huge.violations[2].actual = std::numeric_limits<Money>::min();
  EXPECT_NE(Markdown(huge).find("| **all** | too large to represent | too large to represent | 2 |"),
            std::string::npos)
      << Markdown(huge);
  ExpectWellFormedTables(md);
}

TEST(MarkdownReportTest, RulesMoneyMovedAndNamedConsequences) {
  Report report = EvidenceReport();
  report.violations.push_back(test_reports::MoneyMovedFinding());
  report.violations.push_back(test_reports::DealerDrawFinding());
  Finding listed = test_reports::ListedConsequencesFinding();
  listed.consequence_list[0].round = "T9|<b>";
  for (int i = 0; i < 21; ++i) listed.consequence_list.push_back({"a.jsonl", 20 + i, "R", 1, "2C"});
  report.violations.push_back(listed);
  const std::string md = Markdown(report);
  EXPECT_NE(
      md.find("| USD 500.00 | USD 750.00 |  | ARSD 20:18:15:20 (us-sd/war-blackjack revision 2015-05-13) | "
              "blackjack wager of 75000 above the table maximum of 50000; money moved: USD 750.00 to the "
              "player |\n"),
      std::string::npos)
      << md;
  EXPECT_NE(
      md.find("(us-sd/war-blackjack-second-house revision 2015-05-13) | the dealer drew on soft 17, where "
              "the rules stand; money moved: USD 10.00 to the house |\n"),
      std::string::npos)
      << md;
  // Each consequence named, its log text escaped; past the bound, counted.
  EXPECT_NE(
      md.find("ARSD 20:18:16:15.03 (us-sd/casino-war revision 2012-04-23) | the 7 of hearts drawn twice "
              "since the shuffle; and 2 later cards that overdrew the shoe as logged, counted here; then: "
              "round T9\\|\\<b\\>, event 5, card 7H (logs/day2.jsonl.gz:9); then: round T9-000012 "
              "(standard input:12); then: round R, event 1, card 2C (a.jsonl:20);"),
      std::string::npos)
      << md;
  EXPECT_NE(md.find("(a.jsonl:37); and 3 more consequences, in the JSON report |\n"), std::string::npos)
      << md;
  EXPECT_NE(md.find("\n### Money moved by other faults\n\nApart from the payouts, in USD: other faults moved "
                    "USD 750.00 to players, USD 10.00 to the house (2 findings).\n"),
            std::string::npos)
      << md;
  EXPECT_EQ(Markdown(EvidenceReport()).find("Money moved"), std::string::npos);
  ExpectWellFormedTables(md);
}

TEST(MarkdownReportTest, EmptyReport) {
  EXPECT_EQ(Markdown(Report()),
            "## pitboss: no violations in 0 rounds\n\n"
            "0 rounds checked in 0 inputs; 0 rounds with violations.\n\n"
            "### Inputs\n\nNone.\n\n"
            "### Rule specs\n\nNone.\n");
}

TEST(MarkdownReportTest, CleanReportHasNoFindingTables) {
  Report report;
  report.rounds = 1;
  report.inputs = {{"-", 1, 1}};
  const std::string md = Markdown(report);
  EXPECT_TRUE(
      md.starts_with("## pitboss: no violations in 1 round\n\n1 round checked in 1 input; 0 rounds with "
                     "violations.\n\n### Inputs\n"))
      << md;
  EXPECT_NE(md.find("| standard input | 1 | 1 | 0 | 0 |  |  |  |  |\n"), std::string::npos) << md;
  EXPECT_EQ(md.find("| code |"), std::string::npos) << md;
  EXPECT_EQ(md.find("### Findings"), std::string::npos) << md;
  EXPECT_EQ(md.find("### Ambiguities"), std::string::npos) << md;
}

TEST(MarkdownReportTest, DealerSeat) {
  Report report;
  Finding f = ContractFinding();
  f.seat = kDealer;
  report.violations = {f};
  EXPECT_NE(Markdown(report).find("| T7-000124 |  |  | dealer | raise | 500 minor units | 250 minor units |"),
            std::string::npos);
}

TEST(MarkdownReportTest, PipesAndMarkupInLogTextAreEscaped) {
  Report report;
  Finding f = UnreadableLine();
  f.input = "logs/a|b_*c*.jsonl";
  f.message =
      "bad line: {\"id\":\"T7|1\",\"x\":\"<script>`rm`</script> [a](b) @team #12 ~~s~~ $x$ &amp; \\\"}";
  f.clause = "4(a)|(b)";
  report.inputs = {{f.input, 1, 1}};
  report.violations = {f};
  const std::string md = Markdown(report);
  EXPECT_NE(
      md.find("| logs/a\\|b\\_\\*c\\*.jsonl:17 | `input/malformed` |  |  |  |  |  |  |  |  | 4(a)\\|(b) | "
              "bad line: {\"id\":\"T7\\|1\",\"x\":\"\\<script\\>\\`rm\\`\\</script\\> \\[a\\](b) \\@team "
              "\\#12 \\~\\~s\\~\\~ \\$x\\$ \\&amp; \\\\\"} |\n"),
      std::string::npos)
      << md;
  EXPECT_NE(md.find("| logs/a\\|b\\_\\*c\\*.jsonl | 1 | 1 | 0 | 0 |  |  |  |  |\n"), std::string::npos) << md;
  ExpectWellFormedTables(md);
}

TEST(MarkdownReportTest, ControlCharactersCannotBreakARow) {
  Report report;
  Finding f = UnreadableLine();
  f.message = "bad line: {\"id\":\n| x |\r\x1b[2J\xFF}";
  report.violations = {f};
  const std::string md = Markdown(report);
  EXPECT_NE(md.find("| bad line: {\"id\":\\\\n\\| x \\|\\\\r\\\\x1b\\[2J\\\\xff} |\n"), std::string::npos)
      << md;
  EXPECT_EQ(md.find('\x1b'), std::string::npos);
  EXPECT_EQ(md.find('\r'), std::string::npos);
  ExpectWellFormedTables(md);
}

TEST(MarkdownReportTest, FirstFiftyFindingsThenHowManyMore) {
  Report report;
  report.rounds = 120;
  report.rounds_with_violations = 120;
  for (int i = 1; i <= 120; ++i) {
    Finding f = BurnCount();
    f.line = i;
    report.violations.push_back(f);
  }
  const std::string md = Markdown(report);
  EXPECT_NE(md.find("## pitboss: 120 violations in 120 rounds\n"), std::string::npos) << md;
  EXPECT_NE(md.find("| `deal/burn-count` | major | 120 |\n"), std::string::npos) << md;
  EXPECT_NE(md.find("\n### First 50 findings\n"), std::string::npos) << md;
  EXPECT_EQ(Count(md, "| logs/day1.jsonl:"), 50);
  EXPECT_NE(md.find("| logs/day1.jsonl:50 |"), std::string::npos);
  EXPECT_EQ(md.find("| logs/day1.jsonl:51 |"), std::string::npos);
  EXPECT_NE(md.find("\nand 70 more; "), std::string::npos) << md;
  ExpectWellFormedTables(md);
}

TEST(MarkdownReportTest, ExactlyFiftyFindingsAreAllShown) {
  Report report;
  for (int i = 1; i <= 50; ++i) report.violations.push_back(BurnCount());
  const std::string md = Markdown(report);
  EXPECT_NE(md.find("\n### Findings\n"), std::string::npos);
  EXPECT_EQ(Count(md, "| logs/day1.jsonl:"), 50);
  EXPECT_EQ(md.find("more; "), std::string::npos);
}

}  // namespace
}  // namespace pitboss
