#include <gtest/gtest.h>
#include <simdjson.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "base/sha256.h"
#include "pitboss/codes.h"
#include "report/baseline.h"
#include "report/test_reports.h"
#include "report/writers.h"
#include "spec/clause_sites.h"
#include "spec/loader.h"

namespace pitboss {
namespace {

using test_reports::BurnCount;
using test_reports::ContractFinding;
using test_reports::ContractReport;
using test_reports::EvidenceReport;
using test_reports::UnreadableLine;

// The SARIF of `report`, parsed; fails the test unless it is valid JSON.
class Sarif {
 public:
  explicit Sarif(const Report& report) : text_(test_reports::Write(report, "sarif")) {
    EXPECT_EQ(parser_.parse(text_).get(doc_), simdjson::SUCCESS) << text_;
  }

  simdjson::dom::element doc() const { return doc_; }
  simdjson::dom::element run() const { return doc_["runs"].at(0); }
  simdjson::dom::element result(std::size_t i) const { return run()["results"].at(i); }
  simdjson::dom::element rule(std::size_t i) const { return run()["tool"]["driver"]["rules"].at(i); }
  const std::string& text() const { return text_; }

 private:
  std::string text_;
  simdjson::dom::parser parser_;
  simdjson::dom::element doc_;
};

std::string Str(simdjson::simdjson_result<simdjson::dom::element> value) {
  std::string_view s;
  EXPECT_EQ(value.get(s), simdjson::SUCCESS);
  return std::string(s);
}

int64_t Int(simdjson::simdjson_result<simdjson::dom::element> value) {
  int64_t n = 0;
  EXPECT_EQ(value.get(n), simdjson::SUCCESS);
  return n;
}

std::size_t Size(simdjson::simdjson_result<simdjson::dom::element> value) {
  simdjson::dom::array array;
  EXPECT_EQ(value.get(array), simdjson::SUCCESS);
  return array.size();
}

std::vector<std::string> Strings(simdjson::simdjson_result<simdjson::dom::element> value) {
  std::vector<std::string> out;
  simdjson::dom::array array;
  EXPECT_EQ(value.get(array), simdjson::SUCCESS);
  for (simdjson::dom::element e : array) {
    std::string_view s;
    EXPECT_EQ(e.get(s), simdjson::SUCCESS);
    out.emplace_back(s);
  }
  return out;
}

bool Has(simdjson::simdjson_result<simdjson::dom::element> object, std::string_view key) {
  return object[key].error() == simdjson::SUCCESS;
}

// The artifactLocation.uri of a one-finding report's result for a log at `path`.
std::string UriOf(const std::string& path) {
  Report report;
  Finding f = BurnCount();
  f.input = path;
  report.violations = {f};
  const Sarif sarif(report);
  return Str(sarif.result(0)["locations"].at(0)["physicalLocation"]["artifactLocation"]["uri"]);
}

TEST(SarifReportTest, SchemaVersionAndOneRun) {
  const Sarif sarif(ContractReport());
  EXPECT_TRUE(sarif.text().starts_with(
      R"j({"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{)j"))
      << sarif.text();
  EXPECT_TRUE(sarif.text().ends_with("}\n"));
  EXPECT_EQ(Size(sarif.doc()["runs"]), 1u);
  EXPECT_EQ(Str(sarif.run()["tool"]["driver"]["name"]), "pitboss");
  EXPECT_EQ(Str(sarif.run()["tool"]["driver"]["version"]), "0.1.0");
  bool success = false;
  EXPECT_EQ(sarif.run()["invocations"].at(0)["executionSuccessful"].get(success), simdjson::SUCCESS);
  EXPECT_TRUE(success);
}

TEST(SarifReportTest, OneRulePerCodeOfTheTableInItsOrder) {
  const Sarif sarif(ContractReport());
  ASSERT_EQ(Size(sarif.run()["tool"]["driver"]["rules"]), static_cast<std::size_t>(kCodeCount));
  for (std::size_t i = 0; i < AllCodes().size(); ++i) {
    const CodeInfo& info = AllCodes()[i];
    EXPECT_EQ(Str(sarif.rule(i)["id"]), info.id);
    EXPECT_EQ(Str(sarif.rule(i)["shortDescription"]["text"]), info.found_when);
    EXPECT_EQ(Str(sarif.rule(i)["properties"]["severity"]), ToString(info.severity));
  }
}

TEST(SarifReportTest, LevelFollowsSeverity) {
  const Sarif sarif(Report{});
  const auto level = [&](Code code) {
    return Str(sarif.rule(static_cast<std::size_t>(code))["defaultConfiguration"]["level"]);
  };
  EXPECT_EQ(level(Code::kSettlePayout), "error");     // critical
  EXPECT_EQ(level(Code::kInputMalformed), "error");   // error
  EXPECT_EQ(level(Code::kDealBurnCount), "warning");  // major
  EXPECT_EQ(level(Code::kSettleSplit), "note");       // minor
}

TEST(SarifReportTest, RuleClausesAreEveryClauseItsFindingsCite) {
  Report report = ContractReport();
  Finding other_clause = ContractFinding();
  other_clause.clause = "Shuffle Master Casino War rules card, rule 4(c)";
  report.violations.push_back(other_clause);
  const Sarif sarif(report);
  EXPECT_EQ(Strings(sarif.rule(static_cast<std::size_t>(Code::kSettlePayout))["properties"]["clauses"]),
            (std::vector<std::string>{"ARSD 20:18:16:15.17(4)(d)(i)",
                                      "Shuffle Master Casino War rules card, rule 4(c)"}));
  EXPECT_EQ(Strings(sarif.rule(static_cast<std::size_t>(Code::kDealBurnCount))["properties"]["clauses"]),
            (std::vector<std::string>{"ARSD 20:18:16:15.05"}));
  EXPECT_TRUE(
      Strings(sarif.rule(static_cast<std::size_t>(Code::kSettleOrder))["properties"]["clauses"]).empty());
}

TEST(SarifReportTest, ResultCarriesTheWholeFinding) {
  const Sarif sarif(ContractReport());
  ASSERT_EQ(Size(sarif.run()["results"]), 4u);
  const auto r = sarif.result(1);
  EXPECT_EQ(Str(r["ruleId"]), "settle/payout");
  EXPECT_EQ(Str(sarif.rule(static_cast<std::size_t>(Int(r["ruleIndex"])))["id"]), "settle/payout");
  EXPECT_EQ(Str(r["level"]), "error");
  // The finding's message, then what code-scanning views show of nothing else.
  EXPECT_EQ(
      Str(r["message"]["text"]),
      "raise settled at 250, the rules pay 500 (war won: the three wagers). In round T7-000124, table T7, "
      "seat 1, wager raise. Expected 500 minor units, actual 250 minor units: underpaid by 250 minor units. "
      "Clause ARSD 20:18:16:15.17(4)(d)(i). Depends on the reading of sd-war-win-payout.");
  ASSERT_EQ(Size(r["locations"]), 1u);
  const auto where = r["locations"].at(0)["physicalLocation"];
  EXPECT_EQ(Str(where["artifactLocation"]["uri"]), "logs/day1.jsonl");
  EXPECT_EQ(Int(where["artifactLocation"]["index"]), 0);
  EXPECT_EQ(Int(where["region"]["startLine"]), 88);
  const auto p = r["properties"];
  EXPECT_EQ(Str(p["severity"]), "critical");
  EXPECT_EQ(Str(p["round"]), "T7-000124");
  EXPECT_EQ(Str(p["table"]), "T7");
  EXPECT_EQ(Int(p["seat"]), 1);
  EXPECT_EQ(Str(p["wager"]), "raise");
  EXPECT_EQ(Int(p["expected"]), 500);
  EXPECT_EQ(Int(p["actual"]), 250);
  EXPECT_EQ(Str(p["clause"]), "ARSD 20:18:16:15.17(4)(d)(i)");
  EXPECT_EQ(Strings(p["reading_dependent"]), (std::vector<std::string>{"sd-war-win-payout"}));
}

TEST(SarifReportTest, ResultsInReportOrderWithTheirRulesIndex) {
  const Sarif sarif(ContractReport());
  const std::vector<std::string> ids = {"input/malformed", "settle/payout", "deal/burn-count",
                                        "settle/payout"};
  for (std::size_t i = 0; i < ids.size(); ++i) {
    EXPECT_EQ(Str(sarif.result(i)["ruleId"]), ids[i]);
    EXPECT_EQ(Str(sarif.rule(static_cast<std::size_t>(Int(sarif.result(i)["ruleIndex"])))["id"]), ids[i]);
  }
  EXPECT_EQ(Str(sarif.result(2)["level"]), "warning");
}

TEST(SarifReportTest, AbsentPartsAreOmitted) {
  const Sarif sarif(ContractReport());
  const auto p = sarif.result(0)["properties"];  // the unreadable line
  EXPECT_FALSE(Has(p, "round"));
  EXPECT_FALSE(Has(p, "table"));
  EXPECT_FALSE(Has(p, "seat"));
  EXPECT_FALSE(Has(p, "wager"));
  EXPECT_FALSE(Has(p, "expected"));
  EXPECT_FALSE(Has(p, "actual"));
  EXPECT_EQ(Str(p["clause"]), "hand-history-v1");
  EXPECT_EQ(Size(p["reading_dependent"]), 0u);
}

TEST(SarifReportTest, DealerSeat) {
  Report report;
  Finding f = ContractFinding();
  f.seat = kDealer;
  report.violations = {f};
  EXPECT_EQ(Str(Sarif(report).result(0)["properties"]["seat"]), "dealer");
}

TEST(SarifReportTest, NoRegionWithoutALineNoLocationWithoutAnInput) {
  Report report;
  Finding no_line = UnreadableLine(), no_input = UnreadableLine();
  no_line.line = 0;
  no_input.input = "";
  report.violations = {no_line, no_input};
  const Sarif sarif(report);
  const auto where = sarif.result(0)["locations"].at(0)["physicalLocation"];
  EXPECT_EQ(Str(where["artifactLocation"]["uri"]), "logs/day1.jsonl");
  EXPECT_FALSE(Has(where, "region"));
  EXPECT_FALSE(Has(where["artifactLocation"], "index"));  // not among the report's inputs
  EXPECT_FALSE(Has(sarif.result(1), "locations"));
}

TEST(SarifReportTest, MessageIsNeverEmpty) {
  Report report;
  Finding f = BurnCount();
  f.message.clear();
  report.violations = {f};
  EXPECT_EQ(Str(Sarif(report).result(0)["message"]["text"]),
            std::string(Info(Code::kDealBurnCount).found_when) +
                ". In round T7-000200, table T7. Clause ARSD "
                "20:18:16:15.05.");
}

// Issue 23: a result carries, beside the log line, the spec lines that cite its clause, read
// from the spec the report names while it holds the bytes of the report's sha256.
TEST(SarifReportTest, RelatedLocationsAtTheSpecLinesThatCiteTheClause) {
  const std::string spec = std::string(PITBOSS_SOURCE_DIR) + "/rules/vendor/shuffle-master/casino-war.yaml";
  std::vector<std::string> errors;
  std::optional<SpecTree> tree = LoadSpecTree(spec, &errors);
  ASSERT_TRUE(tree.has_value());
  std::vector<ClauseSite> sites = CitedClauses(tree->root, &*tree, spec);
  ASSERT_FALSE(sites.empty());
  const ClauseSite& first = sites.front();
  const auto citing = std::count_if(sites.begin(), sites.end(),
                                    [&](const ClauseSite& s) { return s.clause == first.clause; });
  Report report;
  report.specs = {{"vendor/shuffle-master/casino-war", "r1", Sha256Hex(tree->bytes), spec}};
  Finding f = BurnCount();
  f.rules = "vendor/shuffle-master/casino-war";
  f.revision = "r1";
  f.clause = first.clause;
  Finding other_revision = f;
  other_revision.revision = "r0";
  Finding no_clause = f;
  no_clause.clause = "a clause no parameter cites";
  report.violations = {f, other_revision, no_clause};
  const Sarif sarif(report);
  const auto related = sarif.result(0)["relatedLocations"];
  ASSERT_EQ(Size(related), static_cast<std::size_t>(std::min<std::ptrdiff_t>(citing, 10)));
  const auto where = related.at(0)["physicalLocation"];
  EXPECT_EQ(Str(where["artifactLocation"]["uri"]), "file://" + spec);
  EXPECT_EQ(int64_t(where["region"]["startLine"]), first.line);
  EXPECT_EQ(int64_t(where["region"]["startColumn"]), first.column);
  EXPECT_EQ(int64_t(related.at(0)["id"]), 0);
  EXPECT_NE(Str(related.at(0)["message"]["text"]).find(first.key + " cites " + first.clause),
            std::string::npos);
  EXPECT_FALSE(Has(sarif.result(1), "relatedLocations"));
  EXPECT_FALSE(Has(sarif.result(2), "relatedLocations"));
  // A spec whose bytes are no longer those the report names gives none.
  report.specs[0].sha256 = std::string(64, '0');
  EXPECT_FALSE(Has(Sarif(report).result(0), "relatedLocations"));
}

TEST(SarifReportTest, UrisAreValidReferences) {
  EXPECT_EQ(UriOf("logs/day1.jsonl"), "logs/day1.jsonl");
  EXPECT_EQ(UriOf("./logs/day-1_a~b.jsonl.gz"), "./logs/day-1_a~b.jsonl.gz");
  EXPECT_EQ(UriOf("-"), "stdin");
  EXPECT_EQ(UriOf("logs/day 1 [T7] #2 100%.jsonl"), "logs/day%201%20%5BT7%5D%20%232%20100%25.jsonl");
  EXPECT_EQ(UriOf("a:b.jsonl"), "a%3Ab.jsonl");  // not a scheme
  EXPECT_EQ(UriOf("caf\xC3\xA9.jsonl"), "caf%C3%A9.jsonl");
  EXPECT_EQ(UriOf("logs\\day1.jsonl"), "logs%5Cday1.jsonl");
  EXPECT_EQ(UriOf("/var/log/pit boss/day1.jsonl"), "file:///var/log/pit%20boss/day1.jsonl");
}

TEST(SarifReportTest, InputsAreArtifacts) {
  Report report = ContractReport();
  report.inputs.push_back({"-", 8, 7});
  const Sarif sarif(report);
  ASSERT_EQ(Size(sarif.run()["artifacts"]), 2u);
  const auto first = sarif.run()["artifacts"].at(0);
  EXPECT_EQ(Str(first["location"]["uri"]), "logs/day1.jsonl");
  EXPECT_EQ(Int(first["properties"]["lines"]), 1200);
  EXPECT_EQ(Int(first["properties"]["rounds"]), 1198);
  EXPECT_EQ(Str(sarif.run()["artifacts"].at(1)["location"]["uri"]), "stdin");
}

TEST(SarifReportTest, RunPropertiesCarryTheSummary) {
  const Sarif sarif(ContractReport());
  const auto p = sarif.run()["properties"];
  EXPECT_EQ(Int(p["rounds"]), 1198);
  EXPECT_EQ(Int(p["rounds_with_violations"]), 3);
  EXPECT_EQ(Int(p["violations"]), 4);
  EXPECT_EQ(Str(p["specs"].at(0)["id"]), "us-sd/casino-war");
  EXPECT_EQ(Str(p["specs"].at(0)["revision"]), "2012-04-23");
  const auto ambiguity = p["ambiguities"].at(0);
  EXPECT_EQ(Str(ambiguity["id"]), "sd-war-win-payout");
  EXPECT_EQ(Str(ambiguity["readings"].at(1)["name"]), "raise-only");
  EXPECT_EQ(Int(ambiguity["readings"].at(1)["rounds_settled_differently"]), 12);
  EXPECT_EQ(Int(ambiguity["readings"].at(1)["net_difference"]), -3000);
}

bool Bool(simdjson::simdjson_result<simdjson::dom::element> value) {
  bool b = false;
  EXPECT_EQ(value.get(b), simdjson::SUCCESS);
  return b;
}

TEST(SarifReportTest, InvocationCarriesTheProvenance) {
  const Sarif sarif(EvidenceReport());
  const auto invocation = sarif.run()["invocations"].at(0);
  EXPECT_EQ(Str(invocation["commandLine"]), "pitboss check --currency USD logs/ 'my logs/x.jsonl'");
  EXPECT_EQ(Strings(invocation["arguments"]),
            (std::vector<std::string>{"check", "--currency", "USD", "logs/", "my logs/x.jsonl"}));
  EXPECT_EQ(Str(invocation["startTimeUtc"]), "2026-11-25T08:30:00Z");
  EXPECT_FALSE(Bool(invocation["executionSuccessful"]));  // incomplete
  ASSERT_EQ(Size(invocation["toolExecutionNotifications"]), 2u);
  const auto unread = invocation["toolExecutionNotifications"].at(0);
  EXPECT_EQ(Str(unread["level"]), "error");
  EXPECT_EQ(Str(unread["message"]["text"]), "could not be read whole: truncated gzip stream at byte 2048");
  const auto unread_at = unread["locations"].at(0)["physicalLocation"]["artifactLocation"];
  EXPECT_EQ(Str(unread_at["uri"]), "logs/day2.jsonl.gz");
  EXPECT_EQ(Int(unread_at["index"]), 1);
  const auto skipped = invocation["toolExecutionNotifications"].at(1);
  EXPECT_EQ(Str(skipped["level"]), "note");
  EXPECT_EQ(Str(skipped["message"]["text"]), "not read: not a log (.jsonl, .jsonl.gz, .jsonl.zst)");
  EXPECT_EQ(Str(skipped["locations"].at(0)["physicalLocation"]["artifactLocation"]["uri"]), "logs/notes.txt");

  // Complete, nothing skipped: successful, no notifications; no command line known, none written.
  const Sarif clean(ContractReport());
  EXPECT_TRUE(Bool(clean.run()["invocations"].at(0)["executionSuccessful"]));
  EXPECT_FALSE(Has(clean.run()["invocations"].at(0), "toolExecutionNotifications"));
  EXPECT_FALSE(Has(clean.run()["invocations"].at(0), "commandLine"));
  EXPECT_FALSE(Has(clean.run()["invocations"].at(0), "startTimeUtc"));
  // Incomplete with no input to blame still says why.
  Report none;
  none.complete = false;
  const Sarif empty(none);
  EXPECT_EQ(Str(empty.run()["invocations"].at(0)["toolExecutionNotifications"].at(0)["message"]["text"]),
            "INCOMPLETE: no round was read");
}

TEST(SarifReportTest, ArtifactsAndRunPropertiesCarryTheProvenance) {
  const Sarif sarif(EvidenceReport());
  const auto day1 = sarif.run()["artifacts"].at(0);
  EXPECT_EQ(Int(day1["length"]), 52311);
  EXPECT_EQ(Str(day1["hashes"]["sha-256"]),
            "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08");
  EXPECT_EQ(Str(day1["properties"]["first_round_time"]), "2026-11-21T20:00:00Z");
  EXPECT_EQ(Str(day1["properties"]["last_round_time"]), "2026-11-21T23:59:00Z");
  EXPECT_FALSE(Has(day1["properties"], "error"));
  EXPECT_EQ(Str(sarif.run()["artifacts"].at(1)["properties"]["error"]), "truncated gzip stream at byte 2048");
  EXPECT_TRUE(Bool(sarif.run()["artifacts"].at(2)["properties"]["context"]));

  const auto p = sarif.run()["properties"];
  EXPECT_EQ(Strings(p["command_line"]),
            (std::vector<std::string>{"pitboss", "check", "--currency", "USD", "logs/", "my logs/x.jsonl"}));
  EXPECT_EQ(Str(p["analysis_time"]), "2026-11-25T08:30:00Z");
  EXPECT_EQ(Str(p["currency"]), "USD");
  EXPECT_FALSE(Bool(p["complete"]));
  EXPECT_EQ(Str(p["skipped"].at(0)["path"]), "logs/notes.txt");
  EXPECT_EQ(Str(p["skipped"].at(0)["reason"]), "not a log (.jsonl, .jsonl.gz, .jsonl.zst)");
  EXPECT_EQ(Str(p["specs"].at(0)["sha256"]),
            "3f2a9c0d5e7b1a4c6d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e");
  EXPECT_EQ(Str(p["event_convention"]), "events are counted from 0, as in the log's events array");
  EXPECT_EQ(Str(p["net_difference_convention"]),
            "player's view: + the players gain under this reading, - they lose");
  const auto money = p["money"];
  EXPECT_EQ(Str(money["currency"]), "USD");
  EXPECT_EQ(Int(money["underpaid"]), 250);
  EXPECT_EQ(Int(money["overpaid"]), 300);
  EXPECT_EQ(Int(money["findings"]), 2);
  EXPECT_FALSE(Has(money, "overflow"));
  EXPECT_EQ(Int(money["by_table"]["T9"]["overpaid"]), 300);
  EXPECT_EQ(Int(money["by_day"]["2026-11-21"]["underpaid"]), 250);
  EXPECT_EQ(Int(money["by_wager"]["main"]["findings"]), 1);

  Report huge = EvidenceReport();
  huge.violations[2].actual = std::numeric_limits<Money>::min();
  const Sarif overflow(huge);
  EXPECT_TRUE(Bool(overflow.run()["properties"]["money"]["overflow"]));
  EXPECT_TRUE(Bool(overflow.run()["properties"]["money"]["by_table"]["T9"]["overflow"]));
  EXPECT_FALSE(Has(overflow.run()["properties"]["money"]["by_table"]["T7"], "overflow"));
}

TEST(SarifReportTest, ResultsCarryTheFindingsEvidence) {
  const Sarif sarif(EvidenceReport());
  const auto p = sarif.result(0)["properties"];
  EXPECT_EQ(Str(p["time"]), "2026-11-21T20:14:40Z");
  EXPECT_EQ(Str(p["revision"]), "2012-04-23");
  EXPECT_EQ(Int(p["event"]), 19);
  EXPECT_FALSE(Has(p, "consequences"));
  const auto overdrawn = sarif.result(1)["properties"];
  EXPECT_EQ(Int(overdrawn["event"]), 4);
  EXPECT_EQ(Int(overdrawn["consequences"]), 163);
  EXPECT_EQ(Str(overdrawn["consequences_note"]), "later cards of this shoe");
  EXPECT_FALSE(Has(sarif.result(2)["properties"], "event"));
  // None of it where the finding has none.
  const Sarif contract(ContractReport());  // named: its elements point into it
  const auto bare = contract.result(1)["properties"];
  EXPECT_FALSE(Has(bare, "time"));
  EXPECT_FALSE(Has(bare, "revision"));
  EXPECT_FALSE(Has(bare, "event"));
}

TEST(SarifReportTest, EmptyReport) {
  const Sarif sarif(Report{});
  EXPECT_EQ(Size(sarif.run()["results"]), 0u);
  EXPECT_EQ(Size(sarif.run()["artifacts"]), 0u);
  EXPECT_EQ(Size(sarif.run()["tool"]["driver"]["rules"]), static_cast<std::size_t>(kCodeCount));
  EXPECT_FALSE(Has(sarif.run()["tool"]["driver"], "version"));  // none known: none written
}

TEST(SarifReportTest, ControlCharactersAndBadBytesStayValidJson) {
  Report report;
  Finding f = UnreadableLine();
  f.message = "bad line: {\"id\":\n\x1b[2J\xFF}";
  report.violations = {f};
  const Sarif sarif(report);  // parses: simdjson rejects raw controls and invalid UTF-8
  EXPECT_EQ(Str(sarif.result(0)["message"]["text"]),
            "bad line: {\"id\":\n\x1b[2J\xEF\xBF\xBD}. Clause hand-history-v1.");
}

TEST(SarifReportTest, MessageTextCarriesTheEvidenceInWords) {
  Report report;
  Finding f = test_reports::EvidenceFinding();
  f.hand = 2;
  f.consequences = 3;
  f.consequences_note = "later rounds of this table";
  report.violations = {f};
  const Sarif sarif(report);
  const std::string text = Str(sarif.result(0)["message"]["text"]);
  for (const char* part :
       {"round T7-000124", "table T7", "seat 1", "hand 2", "wager raise", "event 19 (counted from 0)",
        "Expected USD 5.00, actual USD 2.50: underpaid by USD 2.50",
        "Clause ARSD 20:18:16:15.17(4)(d)(i) (spec revision 2012-04-23)",
        "Depends on the reading of sd-war-win-payout; not a violation under "
        "sd-war-win-payout=paytable-half-on-raise",
        "3 later rounds of this table"}) {
    EXPECT_NE(text.find(part), std::string::npos) << part << " in: " << text;
  }
}

// The properties name the rule set, the money moved and each consequence as the JSON report
// does; the message says them in words, the consequences up to a bound; the run's properties
// total the money moved apart from summary.money.
TEST(SarifReportTest, RulesMoneyMovedAndNamedConsequences) {
  Report report = ContractReport();
  report.violations = {test_reports::MoneyMovedFinding(), test_reports::DealerDrawFinding(),
                       test_reports::ListedConsequencesFinding()};
  const Sarif sarif(report);
  const auto won = sarif.result(0)["properties"];
  EXPECT_EQ(Str(won["rules"]), "us-sd/war-blackjack");
  EXPECT_EQ(Int(won["money_moved"]), 75000);
  EXPECT_EQ(Str(won["money_to"]), "player");
  EXPECT_EQ(Str(won["currency"]), "USD");
  const auto drawn = sarif.result(1)["properties"];
  EXPECT_EQ(Int(drawn["money_moved"]), -1000);
  EXPECT_EQ(Str(drawn["money_to"]), "house");
  EXPECT_EQ(Str(drawn["currency"]), "USD");
  const auto listed = sarif.result(2)["properties"];
  EXPECT_EQ(Size(listed["consequence_list"]), 2u);
  EXPECT_EQ(Str(listed["consequence_list"].at(0)["input"]), "logs/day2.jsonl.gz");
  EXPECT_EQ(Int(listed["consequence_list"].at(0)["line"]), 9);
  EXPECT_EQ(Str(listed["consequence_list"].at(0)["round"]), "T9-000009");
  EXPECT_EQ(Int(listed["consequence_list"].at(0)["event"]), 5);
  EXPECT_EQ(Str(listed["consequence_list"].at(0)["card"]), "7H");
  EXPECT_FALSE(Has(listed["consequence_list"].at(1), "event"));
  EXPECT_FALSE(Has(listed["consequence_list"].at(1), "card"));
  EXPECT_FALSE(Has(listed, "money_moved"));

  const std::string won_text = Str(sarif.result(0)["message"]["text"]);
  for (const char* part : {"Money moved: USD 750.00 to the player",
                           "Clause ARSD 20:18:15:20 (us-sd/war-blackjack revision 2015-05-13)"}) {
    EXPECT_NE(won_text.find(part), std::string::npos) << part << " in: " << won_text;
  }
  EXPECT_NE(Str(sarif.result(2)["message"]["text"])
                .find(". Then: round T9-000009, event 5, card 7H (logs/day2.jsonl.gz:9); round T9-000012 "
                      "(standard input:12)."),
            std::string::npos)
      << Str(sarif.result(2)["message"]["text"]);

  const auto moved = sarif.run()["properties"]["money_moved"];
  EXPECT_EQ(Int(moved["to_player"]), 75000);
  EXPECT_EQ(Int(moved["to_house"]), 1000);
  EXPECT_EQ(Int(moved["findings"]), 2);
  EXPECT_EQ(Str(moved["currency"]), "USD");
  const Sarif none(ContractReport());
  EXPECT_FALSE(Has(none.run()["properties"], "money_moved"));

  Report many;
  Finding f = test_reports::ListedConsequencesFinding();
  for (int i = 0; i < 30; ++i) f.consequence_list.push_back({"a.jsonl", 20 + i, "R", 1, "2C"});
  many.violations = {f};
  const Sarif bounded(many);
  EXPECT_EQ(Size(bounded.result(0)["properties"]["consequence_list"]), 32u);
  EXPECT_NE(Str(bounded.result(0)["message"]["text"])
                .find("(a.jsonl:37); and 12 more, every one in the properties."),
            std::string::npos)
      << Str(bounded.result(0)["message"]["text"]);
}

TEST(SarifReportTest, PartialFingerprintsAreTheFindingsIdentity) {
  Report report = ContractReport();
  Report again = ContractReport();
  // Another run: other lines, other messages, the logs in another folder.
  std::vector<Finding> moved = again.violations.ToVector();
  for (Finding& f : moved) {
    f.line += 100;
    f.message += " (reworded)";
    f.input = "/elsewhere/" + f.input;
  }
  again.violations = moved;
  const Sarif a(report), b(again);
  for (std::size_t i = 0; i < 4; ++i) {
    const std::string print = Str(a.result(i)["partialFingerprints"]["pitbossFinding/v1"]);
    EXPECT_EQ(print, Str(b.result(i)["partialFingerprints"]["pitbossFinding/v1"]));
    EXPECT_EQ(print, FindingHash(report.violations.ToVector()[i]) + ":1");
  }
  EXPECT_NE(Str(a.result(1)["partialFingerprints"]["pitbossFinding/v1"]),
            Str(a.result(3)["partialFingerprints"]["pitbossFinding/v1"]));
  EXPECT_FALSE(Has(a.result(0), "baselineState"));  // no baseline, no state
}

TEST(SarifReportTest, RulesHaveHelpFromTheCodeTable) {
  const Sarif sarif(Report{});
  for (std::size_t i = 0; i < static_cast<std::size_t>(kCodeCount); ++i) {
    const CodeInfo& info = AllCodes()[i];
    const std::string text = Str(sarif.rule(i)["help"]["text"]);
    const std::string markdown = Str(sarif.rule(i)["help"]["markdown"]);
    EXPECT_NE(text.find(std::string(info.found_when)), std::string::npos) << text;
    EXPECT_NE(text.find(std::string(info.id) + " (severity " + std::string(ToString(info.severity)) + ")"),
              std::string::npos)
        << text;
    EXPECT_NE(markdown.find("**`" + std::string(info.id) + "`**"), std::string::npos) << markdown;
    EXPECT_NE(markdown.find(std::string(info.found_when)), std::string::npos) << markdown;
  }
}

TEST(SarifReportTest, BaselineStates) {
  Report old_report;
  Finding gone = ContractFinding();
  gone.round = "T7-GONE";
  old_report.violations = {ContractFinding(), gone};
  Report report;
  report.violations = {BurnCount(), ContractFinding()};
  ApplyBaseline(old_report, "old.json", "", &report);
  const Sarif sarif(report);
  ASSERT_EQ(Size(sarif.run()["results"]), 3u);
  EXPECT_EQ(Str(sarif.result(0)["baselineState"]), "new");
  EXPECT_EQ(Str(sarif.result(1)["baselineState"]), "unchanged");
  EXPECT_EQ(Str(sarif.result(2)["baselineState"]), "absent");
  EXPECT_EQ(Str(sarif.result(2)["properties"]["round"]), "T7-GONE");
  EXPECT_EQ(Str(sarif.result(2)["partialFingerprints"]["pitbossFinding/v1"]), FindingHash(gone) + ":1");
  EXPECT_EQ(Int(sarif.run()["properties"]["baseline"]["new"]), 1);
  EXPECT_EQ(Int(sarif.run()["properties"]["baseline"]["absent"]), 1);
}

// GitHub code scanning shows 5,000 results of a run: beyond them, the highest levels are kept
// and the run says how many were left out.
TEST(SarifReportTest, ResultsAreCappedAtWhatCodeScanningShows) {
  Report report;
  report.violations = FindingStore(64);  // spilled, as a large report is
  for (int i = 0; i < 4000; ++i) {
    Finding f = BurnCount();  // major: warning
    f.round = "W" + std::to_string(i);
    report.violations.push_back(f);
  }
  for (int i = 0; i < 1500; ++i) {
    Finding f = ContractFinding();  // critical: error
    f.round = "E" + std::to_string(i);
    report.violations.push_back(f);
  }
  for (int i = 0; i < 10; ++i) {
    Finding f = ContractFinding();
    f.code = Code::kSettleOrder;  // minor: note
    f.round = "N" + std::to_string(i);
    report.violations.push_back(f);
  }
  const Sarif sarif(report);
  const auto results = sarif.run()["results"];
  ASSERT_EQ(Size(results), 5000u);
  int64_t errors = 0, warnings = 0, notes = 0;
  for (const auto result : results.get_array()) {
    const std::string level = Str(result["level"]);
    errors += level == "error";
    warnings += level == "warning";
    notes += level == "note";
  }
  EXPECT_EQ(errors, 1500);
  EXPECT_EQ(warnings, 3500);
  EXPECT_EQ(notes, 0);
  // Each level in the report's order: the first 3,500 warnings, then the errors after them.
  EXPECT_EQ(Str(sarif.result(0)["properties"]["round"]), "W0");
  EXPECT_EQ(Str(sarif.result(3499)["properties"]["round"]), "W3499");
  EXPECT_EQ(Str(sarif.result(3500)["properties"]["round"]), "E0");
  EXPECT_EQ(Int(sarif.run()["properties"]["results_left_out"]), 510);
  EXPECT_EQ(Int(sarif.run()["properties"]["violations"]), 5510);
  const auto notes_of_run = sarif.run()["invocations"].at(0)["toolExecutionNotifications"];
  ASSERT_EQ(Size(notes_of_run), 1u);
  const std::string note = Str(notes_of_run.at(0)["message"]["text"]);
  EXPECT_NE(note.find("510 of 5510 results left out"), std::string::npos) << note;
  EXPECT_NE(note.find("The JSON report (--format json) lists every finding"), std::string::npos) << note;
  // Under the cap, nothing is left out and nothing is said.
  const Sarif small(ContractReport());
  EXPECT_EQ(Int(small.run()["properties"]["results_left_out"]), 0);
  EXPECT_FALSE(Has(small.run()["invocations"].at(0), "toolExecutionNotifications"));
}

}  // namespace
}  // namespace pitboss
