#include "dialect/vendor_values.h"

#include <gtest/gtest.h>
#include <re2/re2.h>

#include "pitboss/money.h"

namespace pitboss {
namespace {

TEST(VendorTimeTest, ReadsTheDeclaredFormatIntoRfc3339) {
  TimeFormat f{"%d.%m.%Y %H:%M:%S", 0};
  std::string out, why;
  ASSERT_TRUE(ReadVendorTime(f, "05.01.2026 18:00:07", &out, &why)) << why;
  EXPECT_EQ(out, "2026-01-05T18:00:07Z");
  f.zone_minutes = 60;
  ASSERT_TRUE(ReadVendorTime(f, "05.01.2026 18:00:07", &out, &why));
  EXPECT_EQ(out, "2026-01-05T18:00:07+01:00");  // the operator's date as written
  TimeFormat z{"%Y-%m-%d %H:%M:%S.%f%z", 0};
  ASSERT_TRUE(ReadVendorTime(z, "2026-01-05 18:00:07.250-05:30", &out, &why)) << why;
  EXPECT_EQ(out, "2026-01-05T18:00:07.250-05:30");
}

TEST(VendorTimeTest, RefusesWhatDoesNotFitOrIsNoDate) {
  TimeFormat f{"%Y-%m-%d %H:%M:%S", 0};
  std::string out, why;
  EXPECT_FALSE(ReadVendorTime(f, "2026-01-05T18:00:07", &out, &why));
  EXPECT_NE(why.find("does not fit"), std::string::npos) << why;
  EXPECT_FALSE(ReadVendorTime(f, "2026-02-30 18:00:07", &out, &why));
  EXPECT_NE(why.find("no date"), std::string::npos) << why;
  EXPECT_FALSE(ReadVendorTime(f, "2026-01-05 18:00:07 extra", &out, &why));
  EXPECT_FALSE(ReadVendorTime(f, "", &out, &why));
}

TEST(VendorTimeTest, WritesInTheFormatsZoneAcrossMidnightAndYears) {
  TimeFormat f{"%d.%m.%Y %H:%M", 60};
  std::string out, why;
  ASSERT_TRUE(WriteVendorTime(f, "2026-12-31T23:30:00Z", &out, &why)) << why;
  EXPECT_EQ(out, "01.01.2027 00:30");
  out.clear();
  TimeFormat west{"%Y-%m-%d %H:%M:%S", -300};
  ASSERT_TRUE(WriteVendorTime(west, "2024-03-01T02:00:00Z", &out, &why));
  EXPECT_EQ(out, "2024-02-29 21:00:00");  // a leap day
  out.clear();
  TimeFormat keep{"%Y-%m-%dT%H:%M:%S%z", 0};
  ASSERT_TRUE(WriteVendorTime(keep, "2026-01-05T18:00:00+02:00", &out, &why));
  EXPECT_EQ(out, "2026-01-05T18:00:00+02:00");  // a format that writes the zone keeps it
  EXPECT_FALSE(WriteVendorTime(f, "yesterday", &out, &why));
}

TEST(VendorTimeTest, FormatsAndZonesAreChecked) {
  EXPECT_EQ(CheckTimeFormat("%Y-%m-%d %H:%M:%S"), "");
  EXPECT_NE(CheckTimeFormat("%H:%M:%S"), "");        // no date
  EXPECT_NE(CheckTimeFormat("%Y-%m-%d %I:%M"), "");  // not a field
  EXPECT_NE(CheckTimeFormat("%Y-%m-%d %"), "");
  EXPECT_EQ(ParseZone("Z"), 0);
  EXPECT_EQ(ParseZone("+05:45"), 345);
  EXPECT_EQ(ParseZone("-03:00"), -180);
  EXPECT_EQ(ParseZone("Europe/Berlin"), std::nullopt);
  EXPECT_EQ(ParseZone("+5"), std::nullopt);
}

CardNotation Suits() {
  CardNotation n;
  n.pattern = std::make_shared<re2::RE2>("(?P<rank>10|[2-9JQKA])(?P<suit>♣|♦|♥|♠)");
  n.rank_group = n.pattern->NamedCapturingGroups().at("rank");
  n.suit_group = n.pattern->NamedCapturingGroups().at("suit");
  for (char r : std::string("23456789")) n.ranks.emplace_back(std::string(1, r), r);
  n.ranks.emplace_back("10", 'T');
  for (char r : std::string("JQKA")) n.ranks.emplace_back(std::string(1, r), r);
  n.suits = {{"♣", 'C'}, {"♦", 'D'}, {"♥", 'H'}, {"♠", 'S'}};
  n.write = "{rank}{suit}";
  return n;
}

TEST(CardNotationTest, ReadsAndWritesTheHousesNotation) {
  const CardNotation n = Suits();
  std::string v1, back;
  ASSERT_TRUE(n.Read("10♥", &v1));
  EXPECT_EQ(v1, "TH");
  ASSERT_TRUE(n.Read("A♠", &v1));
  EXPECT_EQ(v1, "AS");
  EXPECT_FALSE(n.Read("11♥", &v1));
  EXPECT_FALSE(n.Read("10H", &v1));
  EXPECT_FALSE(n.Read("10♥ ", &v1));  // the whole text, nothing more
  ASSERT_TRUE(n.Write("TH", &back));
  EXPECT_EQ(back, "10♥");
  back.clear();
  ASSERT_TRUE(n.Write("10D", &back));  // v1's other way of writing a ten
  EXPECT_EQ(back, "10♦");
  EXPECT_FALSE(n.Write("11S", &back));
}

TEST(TemplateTest, FillsNamesAndBraces) {
  std::string out, missing;
  auto values = [](std::string_view n) -> std::optional<std::string_view> {
    if (n == "a") return "1";
    return std::nullopt;
  };
  ASSERT_TRUE(FillTemplate("x{a}y{{z}}", values, &out, &missing));
  EXPECT_EQ(out, "x1y{z}");
  out.clear();
  EXPECT_FALSE(FillTemplate("{a}{b}", values, &out, &missing));
  EXPECT_EQ(missing, "b");
  std::vector<std::string> names;
  std::string why;
  ASSERT_TRUE(TemplateNames("BET P{seat} {wager}", &names, &why));
  EXPECT_EQ(names, (std::vector<std::string>{"seat", "wager"}));
  EXPECT_FALSE(TemplateNames("BET {seat", &names, &why));
  EXPECT_FALSE(TemplateNames("BET }", &names, &why));
  EXPECT_FALSE(TemplateNames("BET {}", &names, &why));
}

TEST(CsvTest, SplitsRfc4180Records) {
  std::vector<std::string_view> f;
  std::string why, scratch;
  ASSERT_TRUE(SplitCsv("a,\"b,c\",,\"say \"\"hi\"\"\"", ',', &f, &scratch, &why)) << why;
  EXPECT_EQ(f, (std::vector<std::string_view>{"a", "b,c", "", "say \"hi\""}));
  f.clear();
  ASSERT_TRUE(SplitCsv("\"two\nlines\"\tx", '\t', &f, &scratch, &why));
  EXPECT_EQ(f, (std::vector<std::string_view>{"two\nlines", "x"}));
  f.clear();
  EXPECT_FALSE(SplitCsv("a,b\"c", ',', &f, &scratch, &why));
  EXPECT_NE(why.find("field 2"), std::string::npos) << why;
  f.clear();
  EXPECT_FALSE(SplitCsv("\"ab\"c", ',', &f, &scratch, &why));
  f.clear();
  EXPECT_FALSE(SplitCsv("\"open", ',', &f, &scratch, &why));
  EXPECT_TRUE(CsvRecordOpen("a,\"b"));
  EXPECT_FALSE(CsvRecordOpen("a,\"b\"\"\""));
}

// Records of every length around the 16 bytes a step and the block of fields the split holds
// at a time, with fields of every length, empty ones among them, quoted or not: split as a
// byte-by-byte reading of RFC 4180 splits them, and appended after what `fields` held.
TEST(CsvTest, SplitsRecordsOfEveryLengthAndWidth) {
  for (size_t count : {1, 2, 15, 16, 17, 63, 64, 65, 200}) {
    for (size_t width : {0, 1, 3, 15, 16, 17}) {
      for (bool quoted_last : {false, true}) {
        std::vector<std::string> want;
        std::string record;
        for (size_t i = 0; i < count; ++i) {
          std::string value(i % 3 == 2 ? 0 : width, static_cast<char>('a' + i % 26));
          want.push_back(value);
          if (i > 0) record += ',';
          record += quoted_last && i + 1 == count ? "\"" + value + "\"" : value;
        }
        std::vector<std::string_view> f = {"before"};
        std::string why, scratch;
        ASSERT_TRUE(SplitCsv(record, ',', &f, &scratch, &why)) << record;
        ASSERT_EQ(f.size(), count + 1) << record;
        EXPECT_EQ(f[0], "before");
        for (size_t i = 0; i < count; ++i) ASSERT_EQ(f[i + 1], want[i]) << record << " field " << i;
      }
    }
  }
}

// SplitCsvPlaces: where SplitCsv's fields are, for a record that quotes none and has no more
// than the fields asked for; -1 for any other. CountCsvFields: how many there are, and where the
// first are.
TEST(CsvTest, PlacesFieldsAsSplitCsvSplitsThem) {
  for (size_t count : {1, 2, 15, 16, 17, 63, 64, 65}) {
    for (size_t width : {0, 1, 3, 15, 16, 17}) {
      for (char delimiter : {',', '\t'}) {
        std::string record;
        for (size_t i = 0; i < count; ++i) {
          if (i > 0) record += delimiter;
          record += std::string(i % 3 == 2 ? 0 : width, static_cast<char>('a' + i % 26));
        }
        std::vector<std::string_view> f;
        std::string why, scratch;
        ASSERT_TRUE(SplitCsv(record, delimiter, &f, &scratch, &why)) << record;
        std::vector<uint16_t> places(2 * (count + 1 + kCsvPlacesSlack));
        ASSERT_EQ(SplitCsvPlaces(record, delimiter, places.data(), count), static_cast<ptrdiff_t>(count))
            << record;
        for (size_t i = 0; i < count; ++i)
          ASSERT_EQ(std::string_view(record).substr(places[2 * i], places[2 * i + 1]), f[i])
              << record << " " << i;
        // More fields than asked for, or a quote anywhere: the general split's.
        if (count > 1) {
          EXPECT_EQ(SplitCsvPlaces(record, delimiter, places.data(), count - 1), -1) << record;
        }
        for (size_t at : {size_t{0}, record.size() / 2, record.size()}) {
          std::string quoted = record;
          quoted.insert(at, 1, '"');
          EXPECT_EQ(SplitCsvPlaces(quoted, delimiter, places.data(), count + 1), -1) << quoted;
          EXPECT_EQ(CountCsvFields(quoted, delimiter, places.data(), 1), -1) << quoted;
        }
        // CountCsvFields: the count, and the places of as many of the first fields as asked for.
        for (size_t first : {size_t{0}, size_t{1}, size_t{3}, count, count + 2}) {
          std::vector<uint16_t> some(2 * (first + 1), UINT16_MAX);
          ASSERT_EQ(CountCsvFields(record, delimiter, some.data(), first), static_cast<ptrdiff_t>(count))
              << record << " " << first;
          for (size_t i = 0; i < std::min(first, count); ++i)
            ASSERT_EQ(std::string_view(record).substr(some[2 * i], some[2 * i + 1]), f[i])
                << record << " " << first << " " << i;
          for (size_t i = std::min(first, count); i < first + 1; ++i)
            EXPECT_EQ(some[2 * i], UINT16_MAX) << record << " " << first << " " << i;  // nothing past them
        }
      }
    }
  }
}

TEST(CsvTest, WritesWhatReadsBack) {
  for (std::string value : {"plain", "a,b", "quote\"d", "two\nlines", " padded", ""}) {
    std::string line;
    AppendCsvField(&line, value, ',');
    line += ",end";
    std::vector<std::string_view> f;
    std::string why, scratch;
    ASSERT_TRUE(SplitCsv(line, ',', &f, &scratch, &why)) << line;
    EXPECT_EQ(f, (std::vector<std::string_view>{value, "end"})) << line;
  }
}

TEST(DecimalMoneyTest, FormatsWhatParseReadsBack) {
  EXPECT_EQ(FormatDecimalMoney(1250, 2), "12.50");
  EXPECT_EQ(FormatDecimalMoney(-5, 2), "-0.05");
  EXPECT_EQ(FormatDecimalMoney(0, 2), "0.00");
  EXPECT_EQ(FormatDecimalMoney(7, 0), "7");
  EXPECT_EQ(FormatDecimalMoney(1234, 3), "1.234");
  for (Money m : {Money{0}, Money{1}, Money{-1}, Money{99}, Money{123456789}, INT64_MAX, INT64_MIN}) {
    for (int digits : {0, 2, 3}) {
      std::string why;
      EXPECT_EQ(ParseDecimalMoney(FormatDecimalMoney(m, digits), digits, &why), m)
          << m << " " << digits << why;
    }
  }
}

// A count from the epoch: seconds (%s) or milliseconds (%Q), always UTC, read and written back.
TEST(VendorTimeTest, ReadsAndWritesCountsFromTheEpoch) {
  TimeFormat ms;
  ms.format = "%Q";
  std::string out, why;
  ASSERT_TRUE(ReadVendorTime(ms, "1726223644058", &out, &why)) << why;
  EXPECT_EQ(out, "2024-09-13T10:34:04.058Z");
  ASSERT_TRUE(ReadVendorTime(ms, "1767636000000", &out, &why)) << why;
  EXPECT_EQ(out, "2026-01-05T18:00:00Z");
  std::string back;
  ASSERT_TRUE(WriteVendorTime(ms, "2026-01-05T19:00:00.5+01:00", &back, &why)) << why;
  EXPECT_EQ(back, "1767636000500");
  TimeFormat s;
  s.format = "%s";
  ASSERT_TRUE(ReadVendorTime(s, "0", &out, &why)) << why;
  EXPECT_EQ(out, "1970-01-01T00:00:00Z");
  EXPECT_FALSE(ReadVendorTime(s, "12a", &out, &why));
  EXPECT_FALSE(ReadVendorTime(s, "", &out, &why));
  EXPECT_EQ(CheckTimeFormat("%Q"), "");
}

}  // namespace
}  // namespace pitboss
