#include <gtest/gtest.h>

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

std::string Junit(const Report& report) { return test_reports::Write(report, "junit"); }

TEST(JunitReportTest, WholeReport) {
  EXPECT_EQ(Junit(ContractReport()),
            R"x(<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="pitboss" tests="3" failures="2" errors="1">
  <testsuite name="logs/day1.jsonl" tests="3" failures="2" errors="1" skipped="0">
    <properties>
      <property name="lines" value="1200"/>
      <property name="rounds" value="1198"/>
      <property name="malformed_lines" value="1"/>
      <property name="blank_lines" value="1"/>
      <property name="version" value="0.1.0"/>
      <property name="complete" value="true"/>
      <property name="spec" value="us-sd/casino-war revision 2012-04-23 sha256 3f2a9c0d5e7b1a4c6d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e"/>
      <property name="money" value="underpaid 500 minor units, overpaid 0 minor units (2 findings)"/>
      <property name="money.table.T7" value="underpaid 500 minor units, overpaid 0 minor units (2 findings)"/>
      <property name="money.day." value="underpaid 500 minor units, overpaid 0 minor units (2 findings)"/>
      <property name="money.wager.raise" value="underpaid 500 minor units, overpaid 0 minor units (2 findings)"/>
      <property name="net_difference" value="player&apos;s view: + the players gain under this reading, - they lose"/>
      <property name="ambiguity" value="sd-war-win-payout=three-wagers (default): 0 rounds settled differently, 0 findings cleared, net difference 0 minor units"/>
      <property name="ambiguity" value="sd-war-win-payout=raise-only: 12 rounds settled differently, 0 findings cleared, net difference -3,000 minor units"/>
    </properties>
    <testcase classname="logs/day1.jsonl" name="settle/payout">
      <failure type="settle/payout" message="2 findings (critical)">line 88, round T7-000124, table T7, seat 1, wager raise, expected 500 minor units, actual 250 minor units, underpaid by 250 minor units: raise settled at 250, the rules pay 500 (war won: the three wagers) [ARSD 20:18:16:15.17(4)(d)(i)] (depends on the reading of: sd-war-win-payout)
line 210, round T7-000300, table T7, seat 2, wager raise, expected 500 minor units, actual 250 minor units, underpaid by 250 minor units: raise settled at 250, the rules pay 500 (war won: the three wagers) [ARSD 20:18:16:15.17(4)(d)(i)]
</failure>
    </testcase>
    <testcase classname="logs/day1.jsonl" name="deal/burn-count">
      <failure type="deal/burn-count" message="1 finding (major)">line 140, round T7-000200, table T7: 2 cards burned before the first card, the rules burn 3 [ARSD 20:18:16:15.05]
</failure>
    </testcase>
    <testcase classname="logs/day1.jsonl" name="input/malformed">
      <error type="input/malformed" message="1 finding (error)">line 17: not JSON: expected ',' or '}' [hand-history-v1]
</error>
    </testcase>
  </testsuite>
</testsuites>
)x");
}

TEST(JunitReportTest, ProvenanceInTheFirstSuitesProperties) {
  const std::string xml = Junit(EvidenceReport());
  EXPECT_NE(
      xml.find(
          "  <testsuite name=\"logs/day1.jsonl\" tests=\"1\" failures=\"1\" errors=\"0\" skipped=\"0\">\n"
          "    <properties>\n"
          "      <property name=\"lines\" value=\"1200\"/>\n"
          "      <property name=\"rounds\" value=\"1198\"/>\n"
          "      <property name=\"malformed_lines\" value=\"1\"/>\n"
          "      <property name=\"blank_lines\" value=\"1\"/>\n"
          "      <property name=\"bytes\" value=\"52311\"/>\n"
          "      <property name=\"sha256\" "
          "value=\"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\"/>\n"
          "      <property name=\"first_round_time\" value=\"2026-11-21T20:00:00Z\"/>\n"
          "      <property name=\"last_round_time\" value=\"2026-11-21T23:59:00Z\"/>\n"
          "      <property name=\"version\" value=\"0.1.0\"/>\n"
          "      <property name=\"command_line\" value=\"pitboss check --currency USD logs/ "
          "&apos;my logs/x.jsonl&apos;\"/>\n"
          "      <property name=\"analysis_time\" value=\"2026-11-25T08:30:00Z\"/>\n"
          "      <property name=\"currency\" value=\"USD\"/>\n"
          "      <property name=\"complete\" value=\"false\"/>\n"
          "      <property name=\"skipped\" value=\"logs/notes.txt: not a log (.jsonl, .jsonl.gz, "
          ".jsonl.zst)\"/>\n"
          "      <property name=\"spec\" value=\"us-sd/casino-war revision 2012-04-23 sha256 "
          "3f2a9c0d5e7b1a4c6d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e file "
          "rules/us-sd/casino-war.yaml; readings (the defaults): sd-war-win-payout=three-wagers\"/>\n"
          "      <property name=\"money\" value=\"underpaid USD 2.50, overpaid USD 3.00 (2 findings)\"/>\n"
          "      <property name=\"money.table.T7\" value=\"underpaid USD 2.50, overpaid USD 0.00 (1 "
          "finding)\"/>\n"),
      std::string::npos)
      << xml;
  EXPECT_NE(
      xml.find("      <property name=\"money.day.2026-11-22\" value=\"underpaid USD 0.00, overpaid USD 3.00 "
               "(1 finding)\"/>\n"),
      std::string::npos);
  EXPECT_NE(
      xml.find("      <property name=\"money.wager.main\" value=\"underpaid USD 0.00, overpaid USD 3.00 "
               "(1 finding)\"/>\n"),
      std::string::npos);
  EXPECT_NE(
      xml.find("<property name=\"ambiguity\" value=\"sd-war-win-payout=paytable-half-on-raise: 12 rounds "
               "settled differently, 1 finding cleared, net difference -USD 8,244,520.00\"/>"),
      std::string::npos)
      << xml;
  EXPECT_EQ(Count(xml,
                  "<property name=\"events\" value=\"events are counted from 0, as in the log&apos;s "
                  "events array\"/>"),
            1);
  // The report's own properties once, in the first suite; each input's in its own.
  EXPECT_EQ(Count(xml, "<property name=\"version\""), 1);
  EXPECT_NE(xml.find("      <property name=\"error\" value=\"truncated gzip stream at byte 2048\"/>\n"),
            std::string::npos);
  EXPECT_NE(xml.find("      <property name=\"context\" value=\"true\"/>\n"), std::string::npos);
  // The banner in every suite.
  EXPECT_EQ(Count(xml,
                  "<system-err>INCOMPLETE: 1 input could not be read whole: logs/day2.jsonl.gz (truncated "
                  "gzip stream at byte 2048)</system-err>"),
            3);
  Report complete = EvidenceReport();
  complete.complete = true;
  EXPECT_EQ(Count(Junit(complete), "<system-err>"), 0);
}

TEST(JunitReportTest, FindingLinesCarryTheEvidence) {
  const std::string xml = Junit(EvidenceReport());
  EXPECT_NE(
      xml.find(">line 88, round T7-000124, table T7, time 2026-11-21T20:14:40Z, revision 2012-04-23, event "
               "19, seat 1, wager raise, expected USD 5.00, actual USD 2.50, underpaid by USD 2.50: raise "
               "settled at 250, the rules pay 500 (war won: the three wagers) [ARSD 20:18:16:15.17(4)(d)(i)] "
               "(depends on the reading of: sd-war-win-payout) (cleared by: "
               "sd-war-win-payout=paytable-half-on-raise)\n"),
      std::string::npos)
      << xml;
  EXPECT_NE(
      xml.find(">line 7, round T9-000007, table T9, time 2026-11-22T01:00:00Z, revision 2012-04-23, event 4, "
               "expected 1 card, actual 2 cards: the 7 of hearts drawn twice since the shuffle [ARSD "
               "20:18:16:15.03] (and 163 later cards of this shoe, counted here)\n"),
      std::string::npos)
      << xml;
  EXPECT_NE(xml.find("expected USD 5.00, actual USD 8.00, overpaid by USD 3.00: main settled"),
            std::string::npos)
      << xml;
}

TEST(JunitReportTest, RulesMoneyMovedAndNamedConsequences) {
  Report report = EvidenceReport();
  report.violations.push_back(test_reports::MoneyMovedFinding());
  report.violations.push_back(test_reports::DealerDrawFinding());
  Finding listed = test_reports::ListedConsequencesFinding();
  listed.consequence_list[1].round = "<T9&12>";
  report.violations.push_back(listed);
  const std::string xml = Junit(report);
  EXPECT_NE(
      xml.find(">line 7, round BWA-07, table BWA, time 2026-03-08T21:07:00Z, rules us-sd/war-blackjack, "
               "revision 2015-05-13, event 2, seat 1, wager blackjack, expected USD 500.00, actual USD "
               "750.00, money moved USD 750.00 to the player: blackjack wager"),
      std::string::npos)
      << xml;
  EXPECT_NE(
      xml.find("rules us-sd/war-blackjack-second-house, revision 2015-05-13, event 11, money moved USD 10.00 "
               "to the house: the dealer drew"),
      std::string::npos)
      << xml;
  EXPECT_NE(
      xml.find("(and 2 later cards that overdrew the shoe as logged, counted here) (then: round T9-000009, "
               "event 5, card 7H (logs/day2.jsonl.gz:9); round &lt;T9&amp;12&gt; (standard input:12))\n"),
      std::string::npos)
      << xml;
  EXPECT_NE(
      xml.find("<property name=\"money_moved\" value=\"other faults moved USD 750.00 to players, USD 10.00 "
               "to the house (2 findings)\"/>"),
      std::string::npos)
      << xml;
  EXPECT_EQ(Count(Junit(EvidenceReport()), "money_moved"), 0);
  EXPECT_EQ(Count(Junit(EvidenceReport()), ", rules "), 0);
}

TEST(JunitReportTest, EmptyReportIsAnEmptyTestsuites) {
  EXPECT_EQ(Junit(Report()),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<testsuites name=\"pitboss\" tests=\"0\" failures=\"0\" errors=\"0\">\n"
            "</testsuites>\n");
}

TEST(JunitReportTest, CleanInputHasOnePassingTestcase) {
  Report report;
  report.inputs = {{"logs/clean.jsonl", 10, 9}, {"logs/day1.jsonl", 1200, 1198}};
  report.violations = {ContractFinding()};
  const std::string xml = Junit(report);
  EXPECT_NE(xml.find("<testsuites name=\"pitboss\" tests=\"2\" failures=\"1\" errors=\"0\">\n"
                     "  <testsuite name=\"logs/clean.jsonl\" tests=\"1\" failures=\"0\" errors=\"0\" "
                     "skipped=\"0\">\n"
                     "    <properties>\n"
                     "      <property name=\"lines\" value=\"10\"/>\n"
                     "      <property name=\"rounds\" value=\"9\"/>\n"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("    </properties>\n"
                     "    <testcase classname=\"logs/clean.jsonl\" name=\"no violations\"/>\n"
                     "  </testsuite>\n"
                     "  <testsuite name=\"logs/day1.jsonl\" tests=\"1\" failures=\"1\" "),
            std::string::npos)
      << xml;
}

TEST(JunitReportTest, CountsAddUpOverSuites) {
  Report report;
  report.inputs = {{"a.jsonl", 3, 3}, {"b.jsonl", 3, 3}, {"c.jsonl", 3, 3}};
  Finding a1 = ContractFinding(), a2 = BurnCount(), a3 = UnreadableLine(), b1 = ContractFinding(),
          b2 = ContractFinding();
  a1.input = a2.input = a3.input = "a.jsonl";
  b1.input = b2.input = "b.jsonl";
  report.violations = {a1, b1, a2, b2, a3};
  const std::string xml = Junit(report);
  // The unreadable line of a.jsonl is an error, not a failure (input/*).
  EXPECT_NE(xml.find("<testsuites name=\"pitboss\" tests=\"5\" failures=\"3\" errors=\"1\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<testsuite name=\"a.jsonl\" tests=\"3\" failures=\"2\" errors=\"1\""),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<testsuite name=\"b.jsonl\" tests=\"1\" failures=\"1\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<testsuite name=\"c.jsonl\" tests=\"1\" failures=\"0\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<testcase classname=\"b.jsonl\" name=\"settle/payout\">\n"
                     "      <failure type=\"settle/payout\" message=\"2 findings (critical)\">"),
            std::string::npos)
      << xml;
  EXPECT_EQ(Count(xml, "<testsuite "), 3);
  EXPECT_EQ(Count(xml, "<testcase "), 5);
  EXPECT_EQ(Count(xml, "<failure "), 3);
  EXPECT_EQ(Count(xml, "<error "), 1);
  // Every finding listed once: the first of a failure right after its tag.
  EXPECT_EQ(Count(xml, "\">line ") + Count(xml, "\nline "), 5);
}

TEST(JunitReportTest, FindingsOfNoListedInputGetASuiteOfTheirOwn) {
  Report report;
  report.inputs = {{"-", 2, 2}};
  Finding from_stdin = BurnCount(), unlisted = BurnCount(), nowhere = UnreadableLine();
  from_stdin.input = "-";
  unlisted.input = "other.jsonl";
  nowhere.input = "";
  nowhere.line = 0;
  report.violations = {nowhere, unlisted, from_stdin};
  const std::string xml = Junit(report);
  const auto stdin_suite = xml.find("<testsuite name=\"&lt;stdin&gt;\" tests=\"1\" failures=\"1\"");
  const auto no_input = xml.find("<testsuite name=\"pitboss\" tests=\"1\" failures=\"0\" errors=\"1\"");
  const auto other = xml.find("<testsuite name=\"other.jsonl\" tests=\"1\" failures=\"1\"");
  ASSERT_NE(stdin_suite, std::string::npos) << xml;
  ASSERT_NE(no_input, std::string::npos) << xml;
  ASSERT_NE(other, std::string::npos) << xml;
  // The report's inputs first, then the others as findings first name them.
  EXPECT_LT(stdin_suite, no_input);
  EXPECT_LT(no_input, other);
  EXPECT_NE(xml.find("<testcase classname=\"&lt;stdin&gt;\" name=\"deal/burn-count\">"), std::string::npos)
      << xml;
  EXPECT_NE(xml.find("\">line 0: not JSON"), std::string::npos) << xml;
  EXPECT_EQ(Count(xml, "<properties>"),
            1);  // only a listed input has lines and rounds, the first also the report's
}

TEST(JunitReportTest, DealerSeat) {
  Report report;
  Finding f = ContractFinding();
  f.seat = kDealer;
  report.violations = {f};
  EXPECT_NE(Junit(report).find(", table T7, seat dealer, wager raise,"), std::string::npos);
}

TEST(JunitReportTest, LogTextIsEscaped) {
  Report report;
  Finding f = UnreadableLine();
  f.input = "logs/a&b <\"x\">.jsonl";
  f.message = "bad line: {\"id\":\"<T7>\" & \x1b[2J\x01\r\xFF\xEF\xBF\xBF}";
  f.clause = "it's <clause>";
  report.inputs = {{f.input, 1, 1}};
  report.violations = {f};
  const std::string xml = Junit(report);
  EXPECT_NE(xml.find("<testsuite name=\"logs/a&amp;b &lt;&quot;x&quot;&gt;.jsonl\""), std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<testcase classname=\"logs/a&amp;b &lt;&quot;x&quot;&gt;.jsonl\""), std::string::npos)
      << xml;
  EXPECT_NE(
      xml.find(">line 17: bad line: {\"id\":\"&lt;T7&gt;\" &amp; \\x1b[2J\\x01&#13;\xEF\xBF\xBD\\uFFFF} "
               "[it's &lt;clause&gt;]\n</error>"),
      std::string::npos)
      << xml;
  // Nothing XML 1.0 forbids: no C0 control but newline.
  for (const char c : xml) {
    const auto byte = static_cast<unsigned char>(c);
    EXPECT_TRUE(byte >= 0x20 || c == '\n') << "byte " << int(byte);
  }
}

}  // namespace
}  // namespace pitboss
