#include <gtest/gtest.h>
#include <simdjson.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pitboss/codes.h"
#include "report/test_reports.h"
#include "report/writers.h"

namespace pitboss {
namespace {

using test_reports::BurnCount;
using test_reports::ContractFinding;
using test_reports::ContractReport;
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
  EXPECT_EQ(Str(r["message"]["text"]), "raise settled at 250, the rules pay 500 (war won: the three wagers)");
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
  EXPECT_EQ(Str(Sarif(report).result(0)["message"]["text"]), Info(Code::kDealBurnCount).found_when);
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
  EXPECT_EQ(Str(sarif.result(0)["message"]["text"]), "bad line: {\"id\":\n\x1b[2J\xEF\xBF\xBD}");
}

}  // namespace
}  // namespace pitboss
