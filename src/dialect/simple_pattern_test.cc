#include "dialect/simple_pattern.h"

#include <gtest/gtest.h>
#include <re2/re2.h>
#include <simdjson.h>

#include <cctype>
#include <random>
#include <string>
#include <vector>

namespace pitboss {
namespace {

// re2's answer for `line`: "no", or "yes" and each group ("-" for one that took no part).
// "yes" and where each group is in `line`.
std::string Groups(const std::vector<re2::StringPiece>& groups, std::string_view line) {
  std::string out = "yes";
  for (const re2::StringPiece& g : groups)
    out += g.data() == nullptr
               ? " -"
               : " [" + std::to_string(g.data() - line.data()) + "," + std::to_string(g.size()) + "]";
  return out;
}

std::string ByRe2(const re2::RE2& re, std::string_view line) {
  const int n = re.NumberOfCapturingGroups() + 1;
  std::vector<re2::StringPiece> groups(static_cast<size_t>(n));
  if (!re.Match(re2::StringPiece(line.data(), line.size()), 0, line.size(), re2::RE2::ANCHOR_BOTH,
                groups.data(), n))
    return "no";
  return Groups(groups, line);
}

// SimplePattern's answer in the same words (the first of the pattern's variants that matches);
// "unsure" for a line it is not given (not UTF-8).
std::string BySimple(const std::vector<SimplePattern>& variants, std::string_view line) {
  if (!SimplePattern::ValidLine(line)) return "unsure";
  std::vector<re2::StringPiece> groups;
  for (const SimplePattern& p : variants) {
    const bool matched = p.Match(line, &groups);
    // MayMatch passes over no line that matches.
    EXPECT_TRUE(!matched || p.MayMatch(line)) << line;
    if (matched) return Groups(groups, line);
  }
  return "no";
}

std::optional<std::vector<SimplePattern>> Compile(const re2::RE2& re) {
  return SimplePattern::CompileAlternatives(re.pattern(), re.NumberOfCapturingGroups());
}

// The patterns of the bundled text dialect, and forms around them.
const std::vector<std::string> kSimple = {
    R"(#.*)",
    R"(=== GAME (?P<round>\S+) TABLE (?P<table>\S+) RULES (?P<rules>\S+) AT (?P<time>\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d) ===)",
    R"(=== END (?P<round>\S+) ===)",
    R"(LIMIT main (?P<min>-?[0-9.]+) TO (?P<max>-?[0-9.]+))",
    R"(NEW SHOE (?P<shoe>\S+) OF (?P<decks>\d+) DECKS)",
    R"(BET P(?P<seat>\d+) H(?P<hand>\d+) (?P<wager>\S+) (?P<amount>-?[0-9.]+))",
    R"(CARD (?P<seat>\w+) (?P<card>\S+))",
    R"(BURN (?P<card>\S+))",
    R"(a(?P<x>)b)",
    R"(a(?P<x>b*)(?P<y>c?)d{2,3})",
    R"(x(?:y)(?P<z>[^ ]+))",
    R"((?P<all>[a-c]{0,2}) ?)",
    R"(\[(?P<t>[\d:]+)\] (?P<w>\W+))",
    R"(CARD (?P<seat>\w+) (?P<card>(?:[2-9JQKA])\S))",
    R"(p(?P<a>\D*))",
    R"(é(?P<s>[a-z]+)ü)",
    R"(q(?P<g>.+))",
    R"(s(?P<one>\S)(?P<two>.{2})(?P<rest>\W{1,3}))",
    // A group of alternatives that part ways on their first byte.
    R"(HOLE (?P<seat>BANK|\d+) (?P<card>\S+))",
    R"(CARD (?P<seat>BANK|\d+) H(?P<hand>\d+) (?P<card>\S+))",
    R"(C (?P<c>(?:10|[2-9JQKA])[SHDC]))",
    R"(x(?:ab|c|d+)y)",
    // A literal longer than a word; runs of characters wanted at least twice, or three times.
    R"(LIMIT blackjack (?P<min>-?[0-9.]+) TO (?P<max>-?[0-9.]+))",
    R"(s(?P<w>\S{2,}) (?P<n>\d{3,}))",
};
// Patterns a greedy pass cannot decide (or forms left to re2).
const std::vector<std::string> kNotSimple = {
    R"(a|b)",         R"((?P<x>\d+)\d)", R"((?i)abc)", R"((?P<x>ab)+)",
    R"(a+?)",         R"(^a)",           R"(\bx)",     R"(a{2,}a)",
    R"([]a])",        R"(é+)",           R"(\pL)",     R"(a(?P<x>\S+) ?\S)",
    R"([[:alpha:]])", R"(x.*y)",         R"(a$)",      R"((?P<x>ab|ac))",
    R"((a|b)(c|d))",  R"((?P<x>a|))",    R"(((a)|b))", R"(\S+(?P<x>a|b))",
};

TEST(SimplePatternTest, TakesOnlyWhatAGreedyPassDecides) {
  for (const std::string& p : kSimple) {
    re2::RE2 re(p, re2::RE2::Quiet);
    ASSERT_TRUE(re.ok()) << p;
    EXPECT_TRUE(Compile(re).has_value()) << p;
  }
  for (const std::string& p : kNotSimple) {
    re2::RE2 re(p, re2::RE2::Quiet);
    if (!re.ok()) continue;
    EXPECT_FALSE(Compile(re).has_value()) << p;
  }
}

// ValidLine answers as simdjson's UTF-8 validation: lines of ASCII and of bytes above it, every
// sequence of one to four of them around the lines' ends, and random ones.
TEST(SimplePatternTest, ValidLineIsUtf8AsSimdjsonSaysIt) {
  auto same = [](const std::string& line) {
    ASSERT_EQ(SimplePattern::ValidLine(line), simdjson::validate_utf8(line.data(), line.size())) << line;
  };
  const std::vector<std::string> prefixes = {"", "CARD 1 ", "0123456789abcdef", std::string(70, 'x')};
  std::vector<unsigned> bytes = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                                 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};
  for (const std::string& prefix : prefixes) {
    for (unsigned a : bytes) {
      for (unsigned b : bytes) {
        std::string two = prefix;
        two.push_back(static_cast<char>(a));
        two.push_back(static_cast<char>(b));
        same(two);
        same(two + "x");
        for (unsigned c : {0x80u, 0xBFu, 0x41u}) {
          for (unsigned d : {0x80u, 0xBFu, 0x41u}) {
            std::string four = two;
            four.push_back(static_cast<char>(c));
            four.push_back(static_cast<char>(d));
            same(four);
            same(four.substr(0, four.size() - 1));
          }
        }
      }
    }
  }
  std::mt19937 random(7);
  for (int n = 0; n < 20000; ++n) {
    std::string line = prefixes[random() % prefixes.size()];
    for (int k = static_cast<int>(random() % 12); k > 0; --k)
      line.push_back(static_cast<char>(random() % 3 == 0 ? random() % 0x80 : 0x80 + random() % 0x80));
    same(line);
  }
  same("CARD 1 10\xe2\x99\xa5");
  same("\xf0\x9f\x82\xa1 \xc3\xa9");
  // A long rest after the first byte above ASCII.
  same("\xc3\xa9" + std::string(70, 'x'));
  same("\xc3" + std::string(70, 'x'));
  same(std::string(70, 'x') + "\xe2\x99\xa5" + std::string(70, 'y') + "\xed\xa0\x80");
}

// Match keeps where each step begins on its stack: a pattern of more steps is left to re2.
TEST(SimplePatternTest, APatternOfManyStepsIsLeftToRe2) {
  auto of = [](int groups) {
    std::string p;
    for (int g = 0; g < groups; ++g) p += "a(?P<g" + std::to_string(g) + ">\\d)";
    return p;
  };
  re2::RE2 many(of(40), re2::RE2::Quiet);
  ASSERT_TRUE(many.ok());
  EXPECT_FALSE(Compile(many).has_value());
  re2::RE2 fewer(of(30), re2::RE2::Quiet);
  std::optional<std::vector<SimplePattern>> simple = Compile(fewer);
  ASSERT_TRUE(simple.has_value());
  std::string line;
  for (int g = 0; g < 30; ++g) line += "a" + std::to_string(g % 10);
  EXPECT_EQ(BySimple(*simple, line), ByRe2(fewer, line));
  EXPECT_NE(ByRe2(fewer, line), "no");
}

TEST(SimplePatternTest, LiteralPrefixIsWhatEveryMatchStartsWith) {
  EXPECT_EQ(SimplePattern::LiteralPrefix(R"(CARD (?P<seat>BANK|\d+) (?P<card>\S+))"), "CARD ");
  EXPECT_EQ(SimplePattern::LiteralPrefix(R"(=== END \S+)"), "=== END ");
  EXPECT_EQ(SimplePattern::LiteralPrefix(R"(\[x\] y)"), "[x] y");
  EXPECT_EQ(SimplePattern::LiteralPrefix(R"(abc?d)"), "ab");
  EXPECT_EQ(SimplePattern::LiteralPrefix(R"(ab{2}c)"), "a");
  EXPECT_EQ(SimplePattern::LiteralPrefix(R"(ab|cd)"), "");
  EXPECT_EQ(SimplePattern::LiteralPrefix(R"(a[|]b(c|d))"), "a");
  EXPECT_EQ(SimplePattern::LiteralPrefix(R"((?i)abc)"), "");
  EXPECT_EQ(SimplePattern::LiteralPrefix(R"(\d+)"), "");
  EXPECT_EQ(SimplePattern::LiteralPrefix("caf\xc3\xa9 x"), "caf");
  // Whatever re2 matches starts with it.
  for (const std::string& p :
       {std::string(R"(CARD (?P<seat>BANK|\d+) (?P<card>\S+))"), std::string("ab?c|x")}) {
    re2::RE2 re(p, re2::RE2::Quiet);
    for (const std::string_view line : {"CARD BANK 5S", "CARD 12 x", "ac", "abc", "x"}) {
      if (re2::RE2::FullMatch(line, re)) {
        EXPECT_TRUE(line.starts_with(SimplePattern::LiteralPrefix(p)));
      }
    }
  }
}

// Lines of the dialect's own log, and lines near them.
const std::vector<std::string> kLines = {
    "# a comment",
    "#",
    "=== GAME T1-000001 TABLE T1 RULES us-sd/casino-war AT 05.01.2026 18:00:00 ===",
    "=== GAME T1-000001 TABLE T1 RULES us-sd/casino-war AT 05.01.2026 18:00:00 ==",
    "=== GAME  TABLE T1 RULES x AT 05.01.2026 18:00:00 ===",
    "=== END T1-000001 ===",
    "LIMIT main 5.00 TO 5000.00",
    "LIMIT main -5.00 TO --5",
    "NEW SHOE T1-shoe-1 OF 6 DECKS",
    "BET P1 H2 main 5.00",
    "CARD 1 5\xe2\x99\xa5",
    "CARD BANK 10S",
    "CARD 1 5\xe2\x99",  // cut inside a character: not UTF-8
    "BURN 7\xe2\x99\xa3",
    "ab",
    "abbbcdd",
    "abdd",
    "abcddd",
    "abcdddd",
    "xyabc",
    "ab ",
    "[12:00] ?!",
    "\xc3\xa9"
    "abc\xc3\xbc",
    "p\xc3\xa9t\xc3\xa9",
    "q\xff",
    "q",
};

TEST(SimplePatternTest, MatchesAsRe2Does) {
  const std::vector<std::string>& lines = kLines;
  for (const std::string& p : kSimple) {
    re2::RE2 re(p, re2::RE2::Quiet);
    std::optional<std::vector<SimplePattern>> simple = Compile(re);
    ASSERT_TRUE(simple.has_value()) << p;
    for (const std::string& line : lines) {
      const std::string mine = BySimple(*simple, line);
      if (mine == "unsure") continue;
      EXPECT_EQ(mine, ByRe2(re, line)) << p << " on " << line;
    }
  }
}

// Random lines: the lines above with a few bytes changed, put in or taken out, and lines
// made from each pattern's alphabet (its literals, digits, spaces, punctuation, and bytes of
// UTF-8 characters, whole and cut): every answer the pass gives is re2's.
TEST(SimplePatternTest, RandomLinesAreAnsweredAsRe2AnswersThem) {
  std::mt19937 random(20261127);
  const std::string alphabet = "abcdxyzqp019 .:-_#[]?!=GAMETBLRUSKDNOHPIWC\t";
  const std::vector<std::string> pieces = {"\xe2\x99\xa5", "\xc3\xa9", "\xc3\xbc", "\xe2",
                                           "\xff",         "10",       "  "};
  int sure = 0, matched = 0;
  for (const std::string& p : kSimple) {
    re2::RE2 re(p, re2::RE2::Quiet);
    std::optional<std::vector<SimplePattern>> simple = Compile(re);
    ASSERT_TRUE(simple.has_value()) << p;
    // Seeded by the pattern's own literals, so that some lines match.
    std::string letters = alphabet;
    for (char c : p)
      if (static_cast<unsigned char>(c) >= 0x20 && c != '\\') letters.push_back(c);
    // The lines above the pattern matches, to be changed a little.
    std::vector<std::string> bases;
    for (const std::string& line : kLines)
      if (ByRe2(re, line) != "no") bases.push_back(line);
    auto some = [&] {
      return random() % 8 == 0 ? pieces[random() % pieces.size()]
                               : std::string(1, letters[random() % letters.size()]);
    };
    for (int n = 0; n < 3000; ++n) {
      std::string line;
      if (n % 2 == 0) {
        const int length = static_cast<int>(random() % 24);
        for (int i = 0; i < length; ++i) line += some();
      } else {
        line = bases.empty() ? std::string() : bases[random() % bases.size()];
        for (int edits = 1 + static_cast<int>(random() % 3); edits > 0 && !line.empty(); --edits) {
          const size_t at = random() % line.size();
          const char c = line[at];
          switch (random() % 4) {
            case 0:
              line.replace(at, 1, some());
              break;
            case 3:
              // A character of the same kind: lines that still match, with other groups.
              if (std::isdigit(static_cast<unsigned char>(c)))
                line[at] = static_cast<char>('0' + random() % 10);
              if (std::islower(static_cast<unsigned char>(c)))
                line[at] = static_cast<char>('a' + random() % 26);
              if (std::isupper(static_cast<unsigned char>(c)))
                line[at] = static_cast<char>('A' + random() % 26);
              if (c == ' ' || c == '.' || c == '-') line.insert(at, 1, c);
              break;
            case 1:
              line.insert(at, some());
              break;
            default:
              line.erase(at, 1);
          }
        }
      }
      const std::string mine = BySimple(*simple, line);
      if (mine == "unsure") continue;
      ++sure;
      if (mine != "no") ++matched;
      ASSERT_EQ(mine, ByRe2(re, line)) << p << " on " << line;
    }
  }
  // Most lines are UTF-8, and some of them match.
  EXPECT_GT(sure, 30000);
  EXPECT_GT(matched, 1000) << sure;
}

}  // namespace
}  // namespace pitboss
