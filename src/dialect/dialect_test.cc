#include "dialect/dialect.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "dialect/dialect_reader.h"
#include "dialect/dialect_writer.h"
#include "history/round_dump.h"
#include "history/round_parser.h"

namespace pitboss {
namespace {

namespace fs = std::filesystem;

class DialectTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("pitboss-dialect-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Write(const std::string& name, const std::string& text) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  // The errors of loading `yaml`, one string.
  std::string Errors(const std::string& yaml) {
    std::vector<std::string> errors;
    std::unique_ptr<Dialect> d = LoadDialect(Write("d.yaml", yaml), &errors);
    std::string all;
    for (const std::string& e : errors) all += e + "\n";
    if (d) {
      EXPECT_TRUE(errors.empty());
    }
    return all;
  }
  // Every item a reader gives for `log` through `d`: rounds as their text, errors as "!line: message".
  std::vector<std::string> Read(const Dialect& d, const std::string& log, LineReaderOptions options = {}) {
    const std::string path = Write("log.txt", log);
    auto lines = LineReader::Open(path, options);
    EXPECT_TRUE(lines.ok());
    DialectReader reader(d, *lines.value());
    std::vector<std::string> out, whole;
    std::string_view text;
    while (reader.Next(&text)) {
      whole.push_back(Whole(reader.line_number(), text, reader.event_lines()));
      if (IsDialectError(text)) {
        out.push_back("!" + std::to_string(reader.line_number()) + ": " +
                      std::string(SplitDialectError(text).message));
      } else {
        std::string lines_of;
        for (int64_t l : reader.event_lines()) lines_of += " " + std::to_string(l);
        out.push_back(std::to_string(reader.line_number()) + ":" + lines_of + " " + std::string(text));
      }
    }
    status_ = reader.status();

    // Read grouped, each round converted apart (as a line pipeline's workers do): the same
    // items, in the same order.
    auto again = LineReader::Open(path, options);
    EXPECT_TRUE(again.ok());
    DialectReader grouped(d, *again.value());
    DialectConverter converter(d);
    std::vector<std::string> apart, apart_lines;  // the second: each round's lines, not its text
    while (grouped.NextGrouped(&text)) {
      if (!IsDialectRound(text)) {
        apart.push_back(Whole(grouped.line_number(), text, {}));
        apart_lines.push_back(apart.back());
        continue;
      }
      converter.Convert(text);
      for (const DialectConverter::Error& e : converter.errors()) {
        apart.push_back(Whole(e.line, e.text, {}));
        apart_lines.push_back(apart.back());
      }
      apart.push_back(Whole(grouped.line_number(), converter.round(), converter.event_lines()));
      apart_lines.push_back(Whole(grouped.line_number(), "", converter.event_lines()));
    }
    EXPECT_EQ(apart, whole);
    EXPECT_EQ(grouped.status().ok(), reader.status().ok());

    // Converted straight into a Round where it can be: the Round its v1 line parses to.
    auto third = LineReader::Open(path, options);
    EXPECT_TRUE(third.ok());
    DialectReader straight(d, *third.value());
    std::vector<std::string> into, parsed;
    direct_rounds_ = 0;
    while (straight.NextGrouped(&text)) {
      if (!IsDialectRound(text)) continue;
      const bool direct = converter.ConvertInto(text, &round_);
      if (direct) {
        ++direct_rounds_;
        into.push_back(DumpRound(ParseOutcome{}, round_));
        converter.Convert(text);
      } else {
        into.push_back(DumpRound(parser_.Parse(converter.round(), &round_), round_));
      }
      parsed.push_back(DumpRound(parser_.Parse(converter.round(), &round_), round_));
    }
    EXPECT_EQ(into, parsed);

    // Converted as a round the reading thread converts ahead (ConvertedRound, ReadAhead's work),
    // on two threads' converters in turn, its buffers reused: the same errors, event lines and
    // rounds.
    auto fourth = LineReader::Open(path, options);
    EXPECT_TRUE(fourth.ok());
    DialectReader shared(d, *fourth.value());
    DialectConverter other(d);
    ConvertedRound converted;
    std::vector<std::string> turns_lines, turns;
    size_t n = 0;
    while (shared.NextGrouped(&text)) {
      if (!IsDialectRound(text)) {
        EXPECT_FALSE(converted.Convert(converter, text));
        turns_lines.push_back(Whole(shared.line_number(), text, {}));
        continue;
      }
      EXPECT_TRUE(converted.Convert(n++ % 2 == 0 ? converter : other, text));
      for (const DialectConverter::Error& e : converted.errors)
        turns_lines.push_back(Whole(e.line, e.text, {}));
      turns_lines.push_back(Whole(shared.line_number(), "", converted.event_lines));
      turns.push_back(converted.direct ? DumpRound(ParseOutcome{}, converted.round)
                                       : DumpRound(parser_.Parse(converted.v1_line(), &round_), round_));
      converted.Trim();
    }
    EXPECT_EQ(turns_lines, apart_lines);
    EXPECT_EQ(turns, parsed);
    return out;
  }
  static std::string Whole(int64_t line, std::string_view text, const std::vector<int64_t>& event_lines) {
    std::string s = std::to_string(line) + ":";
    for (int64_t l : event_lines) s += " " + std::to_string(l);
    return s + " " + std::string(text);
  }

  fs::path dir_;
  Status status_;
  RoundParser parser_;
  Round round_;
  int direct_rounds_ = 0;  // of the last Read: the rounds converted straight into a Round
};

// A small text dialect: a begin line, bets, cards and settlements, an end line.
constexpr const char* kText = R"(dialect: 1
id: test/text
source: {owner: tests}
shape: text
money: {currency: USD}
time: {format: "%Y-%m-%d %H:%M:%S", zone: Z}
rounds: {begin: start, end: stop}
records:
  - kind: start
    role: begin
    match: 'START (?P<id>\S+) (?P<table>\S+) (?P<time>\S+ \S+)'
    write: 'START {id} {table} {time}'
    round:
      round: {from: id}
      table: {from: table}
      time: {from: time}
      rules: {value: us-sd/casino-war}
  - kind: stop
    role: end
    match: 'STOP'
    write: 'STOP'
  - kind: bet
    event: bet
    match: 'BET (?P<seat>\d+) (?P<wager>\w+) (?P<amount>\S+)'
    write: 'BET {seat} {wager} {amount}'
    fields:
      seat: {from: seat}
      wager: {from: wager}
      amount: {from: amount, as: money}
  - kind: card
    event: deal
    match: 'CARD (?P<seat>\w+) (?P<card>\S+)'
    write: 'CARD {seat} {card}'
    fields:
      seat: {from: seat, map: {D: dealer}, other: keep}
      card: {from: card}
)";

TEST_F(DialectTest, TheBundledDialectsLoad) {
  for (const std::string& file : DialectFiles(std::string(PITBOSS_SOURCE_DIR) + "/dialects")) {
    std::vector<std::string> errors;
    EXPECT_NE(LoadDialect(file, &errors), nullptr) << file << ": " << (errors.empty() ? "" : errors[0]);
  }
}

TEST_F(DialectTest, ReadsRoundsWithTheLineOfEachEvent) {
  std::vector<std::string> errors;
  auto d = LoadDialect(Write("d.yaml", kText), &errors);
  ASSERT_NE(d, nullptr) << errors[0];
  auto items = Read(*d,
                    "START R1 T1 2026-01-05 18:00:00\n"
                    "BET 1 main 12.50\n"
                    "\n"
                    "CARD 1 TH\n"
                    "CARD D 9S\n"
                    "STOP\n");
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(
      items[0],
      "1: 2 4 5 "
      R"({"round":"R1","time":"2026-01-05T18:00:00Z","table":"T1","rules":"us-sd/casino-war","currency":"USD","events":[)"
      R"({"type":"bet","seat":1,"wager":"main","amount":1250},{"type":"deal","seat":1,"card":"TH"},)"
      R"({"type":"deal","seat":"dealer","card":"9S"}]})");
  EXPECT_EQ(direct_rounds_, 1);  // read straight into its Round: nothing in it the fast path refuses
}

// A round with a value the v1 parser's fast path does not take as written (a seat of zero, a
// round id with a quote in it) goes through its v1 line, and reads as that line does.
TEST_F(DialectTest, ARoundTheFastPathRefusesGoesThroughItsV1Line) {
  std::vector<std::string> errors;
  auto d = LoadDialect(Write("d.yaml", kText), &errors);
  ASSERT_NE(d, nullptr) << errors[0];
  auto items = Read(*d,
                    "START R1 T1 2026-01-05 18:00:00\n"
                    "BET 0 main 12.50\n"
                    "STOP\n"
                    "START R\"2 T1 2026-01-05 18:00:00\n"
                    "BET 1 main 12.50\n"
                    "STOP\n"
                    "START R3 T1 2026-01-05 18:00:00\n"
                    "CARD 1 TH\n"
                    "STOP\n");
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(direct_rounds_, 1);
}

// An event of the text of one made before is made as that one was (DialectConverter remembers
// the Events it made straight into a Round): the same, round after round; one it could not
// read is an error each time; one of a round the fast path refused is remembered by none.
TEST_F(DialectTest, AnEventOfTheTextOfOneBeforeIsMadeAsItWas) {
  std::vector<std::string> errors;
  auto d = LoadDialect(Write("d.yaml", kText), &errors);
  ASSERT_NE(d, nullptr) << errors[0];
  auto items = Read(*d,
                    "START R1 T1 2026-01-05 18:00:00\n"
                    "BET 1 main 12.50\n"
                    "BET 1 main 12.505\n"
                    "CARD 1 TH\n"
                    "STOP\n"
                    "START R2 T1 2026-01-05 18:01:00\n"
                    "BET 1 main 12.50\n"
                    "BET 1 main 12.505\n"
                    "CARD 1 TH\n"
                    "BET 0 main 12.50\n"
                    "STOP\n"
                    "START R3 T1 2026-01-05 18:02:00\n"
                    "BET 0 main 12.50\n"
                    "CARD 1 TH\n"
                    "BET 1 main 12.50\n"
                    "STOP\n");
  ASSERT_EQ(items.size(), 5u);
  EXPECT_NE(items[0].find("!3: "), std::string::npos) << items[0];
  EXPECT_EQ(items[1].substr(0, 6), "1: 2 4") << items[1];
  EXPECT_NE(items[2].find("!8: "), std::string::npos) << items[2];
  EXPECT_EQ(items[3].substr(0, 11), "6: 7 9 10 {") << items[3];
  EXPECT_EQ(items[4].substr(0, 13), "12: 13 14 15 ") << items[4];
  const std::string events =
      R"({"type":"bet","seat":1,"wager":"main","amount":1250},{"type":"deal","seat":1,"card":"TH"})";
  EXPECT_NE(items[1].find(events), std::string::npos) << items[1];
  EXPECT_NE(items[3].find(events), std::string::npos) << items[3];
  EXPECT_EQ(direct_rounds_, 1);  // R1; R2 and R3 have a seat 0
}

// A line left to the converter whose event was made before is that event, its kind not found
// again (ReadRecords), unless its kind says something of the round as well: such a line is read
// in each round, and says it there.
TEST_F(DialectTest, ALineOfAnEventMadeBeforeIsThatEventUnlessItTellsTheRound) {
  std::string dialect = kText;
  const std::string bet = "    match: 'BET (?P<seat>\\d+) (?P<wager>\\w+) (?P<amount>\\S+)'\n";
  ASSERT_NE(dialect.find(bet), std::string::npos);
  const std::string write = "    write: 'BET {seat} {wager} {amount}'\n";
  ASSERT_NE(dialect.find(write), std::string::npos);
  dialect.replace(dialect.find(bet), bet.size() + write.size(),
                  "    match: 'BET (?P<seat>\\d+) (?P<wager>\\w+) (?P<amount>\\S+) OF (?P<min>\\S+)'\n"
                  "    write: 'BET {seat} {wager} {amount} OF {min}'\n"
                  "    round: {limits: {main: {min: {from: min, as: money}}}}\n");
  std::vector<std::string> errors;
  auto d = LoadDialect(Write("d.yaml", dialect), &errors);
  ASSERT_NE(d, nullptr) << errors[0];
  auto items = Read(*d,
                    "START R1 T1 2026-01-05 18:00:00\n"
                    "BET 1 main 12.50 OF 5.00\n"
                    "CARD 1 TH\n"
                    "STOP\n"
                    "START R2 T1 2026-01-05 18:01:00\n"
                    "CARD 1 TH\n"  // line 3's event
                    "BET 1 main 12.50 OF 5.00\n"
                    "STOP\n");
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].substr(0, 6), "1: 2 3") << items[0];
  EXPECT_EQ(items[1].substr(0, 6), "5: 6 7") << items[1];
  for (const std::string& item : items)
    EXPECT_NE(item.find(R"("limits":{"main":{"min":500}})"), std::string::npos) << item;
  EXPECT_EQ(direct_rounds_, 2);
}

TEST_F(DialectTest, ARecordItCannotReadIsAnErrorAtItsLineAndTheRestIsRead) {
  std::vector<std::string> errors;
  auto d = LoadDialect(Write("d.yaml", kText), &errors);
  ASSERT_NE(d, nullptr);
  auto items = Read(*d,
                    "CARD 1 TH\n"                        // outside a round
                    "START R1 T1 2026-01-05 18:00:00\n"  // line 2
                    "BET 1 main 12.505\n"                // three decimals
                    "BET 1 main 1,250.00\n"              // a thousands separator
                    "HELLO\n"                            // no kind
                    "BET 1 main 5\n"
                    "STOP\n");
  ASSERT_EQ(items.size(), 5u);
  EXPECT_NE(items[0].find("!1: "), std::string::npos);
  EXPECT_NE(items[0].find("outside a round"), std::string::npos) << items[0];
  EXPECT_NE(items[1].find("!3: dialect test/text, record kind 'bet', group 'amount' (v1 field amount)"),
            std::string::npos)
      << items[1];
  EXPECT_NE(items[1].find("'12.505'"), std::string::npos) << items[1];
  EXPECT_NE(items[2].find("!4: "), std::string::npos);
  EXPECT_NE(items[2].find("'1,250.00'"), std::string::npos) << items[2];
  EXPECT_NE(items[3].find("!5: "), std::string::npos);
  EXPECT_NE(items[3].find("matches no record kind (start, stop, bet, card)"), std::string::npos) << items[3];
  EXPECT_NE(items[4].find(R"("events":[{"type":"bet","seat":1,"wager":"main","amount":500}])"),
            std::string::npos)
      << items[4];
  EXPECT_EQ(items[4].substr(0, 4), "2: 6");
}

TEST_F(DialectTest, ALineOverTheLimitIsOneErrorAndTheReadingGoesOn) {
  std::vector<std::string> errors;
  auto d = LoadDialect(Write("d.yaml", kText), &errors);
  ASSERT_NE(d, nullptr);
  LineReaderOptions options;
  options.buffer_size = 32;
  options.max_line_length = 64;
  auto items = Read(
      *d, "START R1 T1 2026-01-05 18:00:00\nBET 1 main " + std::string(1000, '9') + "\nBET 1 main 5\nSTOP\n",
      options);
  ASSERT_EQ(items.size(), 2u);
  EXPECT_NE(items[0].find("!2: "), std::string::npos);
  EXPECT_NE(items[0].find("over the limit"), std::string::npos) << items[0];
  EXPECT_EQ(items[1].substr(0, 4), "1: 3");
}

constexpr const char* kCsv = R"(dialect: 1
id: test/csv
source: {owner: tests}
shape: csv
csv: {header: true, columns: [rid, tbl, at, kind, seat, amount, note], ignore: [note]}
money: {currency: USD}
time: {format: "%Y-%m-%d %H:%M:%S", zone: Z}
round:
  round: {from: rid}
  table: {from: tbl}
  time: {from: at}
  rules: {value: us-sd/casino-war}
rounds: {key: round}
records:
  - kind: bet
    event: bet
    when: {kind: B}
    fields:
      seat: {from: seat}
      wager: {value: main}
      amount: {from: amount, as: money}
)";

TEST_F(DialectTest, CsvColumnsAreFoundByTheHeaderAndRoundsByTheirKey) {
  std::vector<std::string> errors;
  auto d = LoadDialect(Write("d.yaml", kCsv), &errors);
  ASSERT_NE(d, nullptr) << errors[0];
  auto items = Read(*d,
                    "note,kind,rid,tbl,at,seat,amount\n"  // another order than declared
                    "\"a, b\",B,R1,T1,2026-01-05 18:00:00,1,5.00\n"
                    "\"two\nlines\",B,R1,T1,2026-01-05 18:00:00,2,6\n"
                    ",B,R2,T1,2026-01-05 18:01:00,1,7.25\n"
                    ",X,R2,T1,2026-01-05 18:01:00,1,7.25\n"
                    ",B,R2,T2,2026-01-05 18:01:00,1,7.25\n");
  ASSERT_EQ(items.size(), 4u);
  EXPECT_EQ(items[0].substr(0, 6), "2: 2 3");  // the two-line record is at its first line
  EXPECT_NE(items[0].find(R"("amount":600)"), std::string::npos);
  EXPECT_NE(items[1].find("!6: "), std::string::npos);
  EXPECT_NE(items[1].find("column 'kind' is 'X'"), std::string::npos) << items[1];
  EXPECT_NE(items[2].find("!7: "), std::string::npos);
  EXPECT_NE(items[2].find("where the round's record at line 5 says 'T1'"), std::string::npos) << items[2];
  EXPECT_EQ(items[3].substr(0, 6), "5: 5 7");  // the round keeps both bets, at their lines
}

// The same of a CSV log: a record's text from its kind's first column to its last.
TEST_F(DialectTest, ACsvEventOfTheTextOfOneBeforeIsMadeAsItWas) {
  std::vector<std::string> errors;
  auto d = LoadDialect(Write("d.yaml", kCsv), &errors);
  ASSERT_NE(d, nullptr) << errors[0];
  auto items = Read(*d,
                    "rid,tbl,at,kind,seat,amount,note\n"
                    "R1,T1,2026-01-05 18:00:00,B,1,5.00,\n"
                    "R1,T1,2026-01-05 18:00:00,B,2,5.001,\n"
                    "R2,T1,2026-01-05 18:01:00,B,1,5.00,x\n"
                    "R2,T1,2026-01-05 18:01:00,B,2,5.001,\n"
                    "R2,T1,2026-01-05 18:01:00,B,2,\"5.00\",\n"
                    "R3,T1,2026-01-05 18:02:00,B,1,5.00,\"a, b\"\n");
  ASSERT_EQ(items.size(), 5u);
  EXPECT_NE(items[0].find("!3: "), std::string::npos) << items[0];
  EXPECT_NE(items[2].find("!5: "), std::string::npos) << items[2];
  EXPECT_EQ(items[3].substr(0, 6), "4: 4 6") << items[3];
  EXPECT_NE(items[3].find(R"({"type":"bet","seat":1,"wager":"main","amount":500},)"
                          R"({"type":"bet","seat":2,"wager":"main","amount":500})"),
            std::string::npos)
      << items[3];
  EXPECT_NE(items[4].find(R"("events":[{"type":"bet","seat":1,"wager":"main","amount":500}])"),
            std::string::npos)
      << items[4];
  EXPECT_EQ(direct_rounds_, 3);
}

// Round columns at the start of each record and at its end: a record whose round columns are
// the record's before it in its round, and whose columns between are an event's made before,
// is that event (ReadRecords, without splitting it); one whose round column differs at either
// end, in a byte, is read and found out.
TEST_F(DialectTest, ACsvRecordOfTheRoundColumnsBeforeItAndAnEventMadeBeforeIsThatEvent) {
  std::vector<std::string> errors;
  auto d = LoadDialect(Write("d.yaml", kCsv), &errors);
  ASSERT_NE(d, nullptr) << errors[0];
  auto items = Read(*d,
                    "rid,at,kind,seat,amount,note,tbl\n"
                    "R1,2026-01-05 18:00:00,B,1,5.00,,T1\n"
                    "R1,2026-01-05 18:00:00,B,2,6,,T1\n"
                    "R2,2026-01-05 18:01:00,B,1,5.00,,T1\n"  // the round's first: split
                    "R2,2026-01-05 18:01:00,B,2,6,,T1\n"     // line 3's event
                    "R2,2026-01-05 18:01:00,B,2,6,,T2\n"     // finding: another table
                    "R2,2026-01-05 18:01:00,B,1,5.00,,T1\n"
                    "R2,2026-01-05 18:01:01,B,1,5.00,,T1\n"  // finding: another time
                    "R2,2026-01-05 18:01:00,B,3,7,,T1\n");
  ASSERT_EQ(items.size(), 4u);
  EXPECT_EQ(items[0].substr(0, 6), "2: 2 3") << items[0];
  EXPECT_NE(items[1].find("!6: "), std::string::npos) << items[1];
  EXPECT_NE(items[1].find("says 'T2', where the round's record at line 4 says 'T1'"), std::string::npos)
      << items[1];
  EXPECT_NE(items[2].find("!8: "), std::string::npos) << items[2];
  EXPECT_NE(items[2].find("where the round's record at line 4 says"), std::string::npos) << items[2];
  EXPECT_EQ(items[3].substr(0, 14), "4: 4 5 6 7 8 9") << items[3];
  EXPECT_NE(items[3].find(R"("events":[{"type":"bet","seat":1,"wager":"main","amount":500},)"
                          R"({"type":"bet","seat":2,"wager":"main","amount":600},)"
                          R"({"type":"bet","seat":2,"wager":"main","amount":600},)"
                          R"({"type":"bet","seat":1,"wager":"main","amount":500},)"
                          R"({"type":"bet","seat":1,"wager":"main","amount":500},)"
                          R"({"type":"bet","seat":3,"wager":"main","amount":700}])"),
            std::string::npos)
      << items[3];
  EXPECT_EQ(direct_rounds_, 2);
}

// Columns in the declared order, records of too many or too few fields among them: each such
// record an error of its count, the others read where they are.
TEST_F(DialectTest, ACsvRecordOfAnotherCountOfFieldsIsAnError) {
  std::vector<std::string> errors;
  auto d = LoadDialect(Write("d.yaml", kCsv), &errors);
  ASSERT_NE(d, nullptr) << errors[0];
  auto items = Read(*d,
                    "rid,tbl,at,kind,seat,amount,note\n"
                    "R1,T1,2026-01-05 18:00:00,B,1,5.00,\n"
                    "R1,T1,2026-01-05 18:00:00,B,2,6,,extra\n"
                    "R1,T1,2026-01-05 18:00:00,B,3,6\n"
                    "R1,T1,2026-01-05 18:00:00,B,4,7.5,\"a, b\"\n");
  ASSERT_EQ(items.size(), 3u);
  EXPECT_NE(items[0].find("!3: "), std::string::npos) << items[0];
  EXPECT_NE(items[0].find("the record has 8 fields, the dialect's header 7"), std::string::npos) << items[0];
  EXPECT_NE(items[1].find("the record has 6 fields, the dialect's header 7"), std::string::npos) << items[1];
  EXPECT_EQ(items[2].substr(0, 6), "2: 2 5") << items[2];
  EXPECT_NE(items[2].find(R"("seat":4,"wager":"main","amount":750)"), std::string::npos) << items[2];
}

// A record too long for the places of its values to be kept with it (kMaxPlacedCsvBytes), with
// and without quotes, among short ones: each read as they are, its values where they are (the
// long column first, so that the others are past what a place can tell).
TEST_F(DialectTest, ACsvRecordTooLongToBePlacedIsReadAsTheOthers) {
  std::vector<std::string> errors;
  auto d = LoadDialect(Write("d.yaml", kCsv), &errors);
  ASSERT_NE(d, nullptr) << errors[0];
  const std::string note(kMaxPlacedCsvBytes + 10, 'n');
  auto items = Read(*d,
                    "note,rid,tbl,at,kind,seat,amount\n"
                    ",R1,T1,2026-01-05 18:00:00,B,1,5.00\n" +
                        note + ",R1,T1,2026-01-05 18:00:00,B,2,6\n\"" + note +
                        "\",R1,T1,2026-01-05 18:00:00,B,3,7\n"
                        ",R1,T1,2026-01-05 18:00:00,B,4,8\n"
                        ",R2,T1,2026-01-05 18:01:00,B,1,9\n");
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].substr(0, 10), "2: 2 3 4 5") << items[0].substr(0, 100);
  EXPECT_NE(items[0].find(R"({"type":"bet","seat":2,"wager":"main","amount":600},)"
                          R"({"type":"bet","seat":3,"wager":"main","amount":700},)"
                          R"({"type":"bet","seat":4,"wager":"main","amount":800}])"),
            std::string::npos)
      << items[0].substr(0, 300);
  EXPECT_NE(items[1].find(R"("amount":900)"), std::string::npos) << items[1];
}

TEST_F(DialectTest, AHeaderThatIsNotTheDialectsStopsTheReading) {
  std::vector<std::string> errors;
  auto d = LoadDialect(Write("d.yaml", kCsv), &errors);
  ASSERT_NE(d, nullptr);
  auto items = Read(*d, "rid,tbl,at,kind,seat,amount,note,player\nR1,T1,2026-01-05 18:00:00,B,1,5,\n");
  EXPECT_TRUE(items.empty());
  EXPECT_FALSE(status_.ok());
  EXPECT_NE(status_.message().find("player"), std::string::npos) << status_.message();
}

TEST_F(DialectTest, WritesWhatItReadsBack) {
  std::vector<std::string> errors;
  auto d = LoadDialect(Write("d.yaml", kText), &errors);
  ASSERT_NE(d, nullptr);
  auto writer = DialectWriter::Make(*d);
  ASSERT_TRUE(writer.ok());
  const std::string v1 =
      R"({"round":"R1","time":"2026-01-05T18:00:00Z","table":"T1","rules":"us-sd/casino-war","currency":"USD","events":[)"
      R"({"type":"bet","seat":1,"wager":"main","amount":1250},{"type":"deal","seat":"dealer","card":"9S"}]})";
  std::string out;
  int64_t ignored = 0;
  ASSERT_TRUE(writer.value()->WriteRound(v1, &out, &ignored).ok());
  EXPECT_EQ(out, "START R1 T1 2026-01-05 18:00:00\nBET 1 main 12.50\nCARD D 9S\nSTOP\n");
  auto items = Read(*d, out);
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0], "1: 2 3 " + v1);
  // What the dialect has no place for is refused, never dropped.
  out.clear();
  Status s = writer.value()->WriteRound(
      R"({"round":"R1","time":"2026-01-05T18:00:00Z","table":"T1","rules":"us-sd/casino-war","limits":{"main":{"min":5}},"events":[]})",
      &out, &ignored);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("no place for the round's limits.main.min"), std::string::npos) << s.message();
  s = writer.value()->WriteRound(
      R"({"round":"R1","time":"2026-01-05T18:00:00Z","table":"T1","rules":"us-sd/war-blackjack","events":[]})",
      &out, &ignored);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("writes only rules 'us-sd/casino-war'"), std::string::npos) << s.message();
  s = writer.value()->WriteRound(
      R"({"round":"R1","time":"2026-01-05T18:00:00Z","table":"T1","rules":"us-sd/casino-war","events":[{"type":"burn","card":"2C"}]})",
      &out, &ignored);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("no record kind that writes it whole"), std::string::npos) << s.message();
  EXPECT_TRUE(out.empty());
}

// Each hostile or mistaken dialect is refused with the place of its fault.
TEST_F(DialectTest, APatternRe2RefusesIsAnErrorAtItsPlace) {
  std::string yaml = kText;
  yaml.replace(yaml.find("'STOP'"), 6, "'STOP(?P<x>['");
  const std::string e = Errors(yaml);
  EXPECT_NE(e.find("d.yaml:20:12: re2 rejects the pattern of record kind 'stop'"), std::string::npos) << e;
}

TEST_F(DialectTest, AGroupMappedTwiceOrNeverIsAnError) {
  std::string twice = kText;
  twice.replace(twice.find("      wager: {from: wager}"), 26, "      wager: {from: seat}");
  std::string e = Errors(twice);
  EXPECT_NE(e.find("group 'seat' is mapped twice (to seat and wager)"), std::string::npos) << e;
  EXPECT_NE(e.find("group 'wager' of the pattern is read by no field"), std::string::npos) << e;
}

TEST_F(DialectTest, AV1FieldNoRuleFillsIsAnError) {
  std::string yaml = kText;
  yaml.replace(yaml.find("      card: {from: card}\n"), 25, "");
  const std::string e = Errors(yaml);
  EXPECT_NE(e.find("record kind 'card' is a deal event, and no rule fills its v1 field card"),
            std::string::npos)
      << e;
  std::string no_time = kText;
  no_time.replace(no_time.find("      time: {from: time}\n"), 25, "");
  EXPECT_NE(Errors(no_time).find("no rule fills v1's time of a round"), std::string::npos);
}

TEST_F(DialectTest, UnknownKeysAndWordsAreErrors) {
  std::string yaml = kText;
  yaml.replace(yaml.find("shape: text"), 11, "shape: text\nshpae: csv");
  std::string e = Errors(yaml);
  EXPECT_NE(e.find("d.yaml:5:1: unknown key 'shpae'"), std::string::npos) << e;
  std::string word = kText;
  word.replace(word.find("{D: dealer}"), 11, "{D: croupier}");
  e = Errors(word);
  EXPECT_NE(e.find("a seat is a number or 'dealer', not 'croupier'"), std::string::npos) << e;
  std::string other = kText;
  other.replace(other.find(", other: keep"), 13, "");
  EXPECT_NE(Errors(other).find("say with other:"), std::string::npos);
}

TEST_F(DialectTest, ACardNotationThatMapsACardTwoWaysIsAnError) {
  std::string yaml = kText;
  yaml.replace(yaml.find("rounds:"), 7, R"(cards:
  pattern: '(?P<rank>10|1|[2-9JQKA])(?P<suit>0?[CDHS])'
  ranks: {"2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "10": T, J: J, Q: Q, K: K, A: A, "1": A}
  suits: {C: C, D: D, H: H, S: S, "0C": C}
  write: "{rank}{suit}"
rounds:)");
  yaml.replace(yaml.find("card: {from: card}"), 18, "card: {from: card, as: card}");
  const std::string e = Errors(yaml);
  EXPECT_NE(e.find("maps a card two ways"), std::string::npos) << e;
  std::string dup = kText;
  dup.replace(dup.find("{D: dealer}"), 11, "{D: dealer, D: \"1\"}");
  EXPECT_NE(Errors(dup).find("given twice"), std::string::npos) << Errors(dup);
}

TEST_F(DialectTest, FindsADialectByIdOrPathAndSaysWhatThereIs) {
  ::setenv("PITBOSS_DIALECTS", (std::string(PITBOSS_SOURCE_DIR) + "/dialects").c_str(), 1);
  auto found = FindDialect("tgms/casino-war-csv");
  ASSERT_TRUE(found.ok()) << found.status().message();
  EXPECT_EQ(found.value()->id, "tgms/casino-war-csv");
  EXPECT_EQ(found.value()->sha256.size(), 64u);
  auto typo = FindDialect("tgms/casino-war-cvs");
  ASSERT_FALSE(typo.ok());
  EXPECT_NE(typo.status().message().find("did you mean 'tgms/casino-war-csv'"), std::string::npos)
      << typo.status().message();
  ::unsetenv("PITBOSS_DIALECTS");
}

}  // namespace
}  // namespace pitboss
