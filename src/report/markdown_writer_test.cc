#include <gtest/gtest.h>

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

| code | severity | violations |
|---|---|---:|
| `settle/payout` | critical | 2 |
| `deal/burn-count` | major | 1 |
| `input/malformed` | error | 1 |

### Inputs

| input | lines | rounds | period | bytes | sha256 |
|---|---:|---:|---|---:|---|
| logs/day1.jsonl | 1200 | 1198 |  |  |  |

### Rule specs

| spec | revision | sha256 |
|---|---|---|
| us-sd/casino-war | 2012-04-23 | 3f2a9c0d5e7b |

### Findings

| location | code | round | seat | wager | expected | actual | clause | message |
|---|---|---|---|---|---:|---:|---|---|
| logs/day1.jsonl:17 | `input/malformed` |  |  |  |  |  | hand-history-v1 | not JSON: expected ',' or '}' |
| logs/day1.jsonl:88 | `settle/payout` | T7-000124 | 1 | raise | 500 | 250 | ARSD 20:18:16:15.17(4)(d)(i) | raise settled at 250, the rules pay 500 (war won: the three wagers) (depends on the reading of sd-war-win-payout) |
| logs/day1.jsonl:140 | `deal/burn-count` | T7-000200 |  |  |  |  | ARSD 20:18:16:15.05 | 2 cards burned before the first card, the rules burn 3 |
| logs/day1.jsonl:210 | `settle/payout` | T7-000300 | 2 | raise | 500 | 250 | ARSD 20:18:16:15.17(4)(d)(i) | raise settled at 250, the rules pay 500 (war won: the three wagers) |

### Ambiguities

Rounds whose correct settlement depends on how an unclear clause is read. Net difference: the players' net under that reading minus under the default, in minor units.

| ambiguity | reading | default | rounds settled differently | net difference |
|---|---|---|---:|---:|
| sd-war-win-payout (us-sd/casino-war, ARSD 20:18:16:15.17(4)(d)(i)) | three-wagers | yes | 0 | 0 |
|  | raise-only |  | 12 | -3000 |
)m");
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
  EXPECT_NE(md.find("| standard input | 1 | 1 |  |  |  |\n"), std::string::npos) << md;
  EXPECT_EQ(md.find("| code |"), std::string::npos) << md;
  EXPECT_EQ(md.find("### Findings"), std::string::npos) << md;
  EXPECT_EQ(md.find("### Ambiguities"), std::string::npos) << md;
}

TEST(MarkdownReportTest, DealerSeat) {
  Report report;
  Finding f = ContractFinding();
  f.seat = kDealer;
  report.violations = {f};
  EXPECT_NE(Markdown(report).find("| T7-000124 | dealer | raise | 500 | 250 |"), std::string::npos);
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
      md.find("| logs/a\\|b\\_\\*c\\*.jsonl:17 | `input/malformed` |  |  |  |  |  | 4(a)\\|(b) | "
              "bad line: {\"id\":\"T7\\|1\",\"x\":\"\\<script\\>\\`rm\\`\\</script\\> \\[a\\](b) \\@team "
              "\\#12 \\~\\~s\\~\\~ \\$x\\$ \\&amp; \\\\\"} |\n"),
      std::string::npos)
      << md;
  EXPECT_NE(md.find("| logs/a\\|b\\_\\*c\\*.jsonl | 1 | 1 |  |  |  |\n"), std::string::npos) << md;
  ExpectWellFormedTables(md);
}

TEST(MarkdownReportTest, ControlCharactersCannotBreakARow) {
  Report report;
  Finding f = UnreadableLine();
  f.message = "bad line: {\"id\":\n| x |\r\x1b[2J\xFF}";
  report.violations = {f};
  const std::string md = Markdown(report);
  EXPECT_NE(md.find("| bad line: {\"id\":\\\\n\\| x \\|\\\\r\\\\x1b\\[2J\xEF\xBF\xBD} |\n"),
            std::string::npos)
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
