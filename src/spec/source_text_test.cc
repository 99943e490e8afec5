#include "spec/source_text.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace pitboss {
namespace {

const std::string kSources = std::string(PITBOSS_SOURCE_DIR) + "/rules/sources/";

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> Ids(const std::vector<Clause>& clauses) {
  std::vector<std::string> ids;
  for (const Clause& c : clauses) ids.push_back(c.id);
  return ids;
}

std::vector<std::string> Phrases(std::string_view text) {
  std::vector<std::string> out;
  for (const PayoutPhrase& p : ExtractPayoutPhrases(FoldText(text)))
    out.push_back(p.text + " = " + ToString(p.net));
  return out;
}

TEST(SourceTextTest, FoldsWhitespaceAndLineBreaks) {
  EXPECT_EQ(FoldText("  Win after going to war\n\n\t1 to 2 \r\n"), "Win after going to war 1 to 2");
  EXPECT_EQ(FoldText("a\xC2\xA0\xC2\xA0 b"), "a b");
  EXPECT_EQ(FoldText(""), "");
  EXPECT_EQ(FoldText(" \n\t "), "");
}

TEST(SourceTextTest, DecodesHtmlEntities) {
  EXPECT_EQ(FoldText("dealer&#39;s"), "dealer's");
  EXPECT_EQ(FoldText("player&#8217;s &amp; dealer&rsquo;s"), "player\xE2\x80\x99s & dealer\xE2\x80\x99s");
  EXPECT_EQ(FoldText("player&#x2019;s"), "player\xE2\x80\x99s");
  EXPECT_EQ(FoldText("six&nbsp;to&nbsp; eight"), "six to eight");
  EXPECT_EQ(FoldText("&lt;b&gt;"), "<b>");
  // Not entities: left as written.
  EXPECT_EQ(FoldText("AT&T; a & b &bogus; &#0; &#xZZ;"), "AT&T; a & b &bogus; &#0; &#xZZ;");
}

TEST(SourceTextTest, JoinsAWordHyphenatedAtALineEnd) {
  EXPECT_EQ(FoldText("the next card, face-\n\n  up."), "the next card, face-up.");
  // Not a word broken at the line end: a hyphen standing alone, or one mid-line.
  EXPECT_EQ(FoldText("Tie Bet: Win - - | Tie\n- 11:1"), "Tie Bet: Win - - | Tie - 11:1");
  EXPECT_EQ(FoldText("Initial Play\n-\nWar is"), "Initial Play - War is");
  EXPECT_EQ(FoldText("52-card decks"), "52-card decks");
  EXPECT_EQ(FoldText("Fisher-\nYates"), "Fisher- Yates");  // a capital: two words, as written
}

TEST(SourceTextTest, MapsFoldedOffsetsBackToLines) {
  FoldedText t("first line\n\n  second &amp; line\nthird");
  EXPECT_EQ(t.text(), "first line second & line third");
  size_t at = t.text().find("second");
  EXPECT_EQ(t.LineOf(t.RawOffset(at)), 3);
  EXPECT_EQ(t.ColumnOf(t.RawOffset(at)), 3);
  size_t amp = t.text().find('&');
  EXPECT_EQ(t.raw().substr(t.RawOffset(amp), 5), "&amp;");
  EXPECT_EQ(t.LineOf(t.RawOffset(t.text().find("third"))), 4);
}

TEST(SourceTextTest, FindsEveryOccurrence) {
  EXPECT_EQ(FindAll("1 to 1, then 1 to 1", "1 to 1"), (std::vector<size_t>{0, 13}));
  EXPECT_TRUE(FindAll("abc", "").empty());
}

TEST(SourceTextTest, ClosestPassageOfADriftedQuote) {
  std::string text = FoldText(ReadAll(kSources + "us-sd/casino-war.txt"));
  EXPECT_EQ(ClosestPassage(text, "Casino War shall be played with six to ten decks of cards."),
            "Casino War shall be played with six to eight decks of cards.");
  // Only the start matches: the passage is that start, run to the end of its word.
  EXPECT_EQ(ClosestPassage(text, "the player wins 12 to 1"), "the player wins 10");
  EXPECT_EQ(ClosestPassage(text, "nothing like the text at all"), "");
}

// The passage is the stretch the quote was matched against: never the rest of a text that
// has no spaces to end a word (a NUL-separated environment), never lines around it.
TEST(SourceTextTest, ClosestPassageIsBounded) {
  std::string environ_like("HOME=/root");
  environ_like += '\0';
  environ_like += "CI_SECRET_TOKEN=abcdefghijklmnopqrstuvwxyz0123456789";
  environ_like += '\0';
  environ_like += "PATH=/usr/bin";
  std::string passage = ClosestPassage(environ_like, "HOME=/root is set");
  EXPECT_LE(passage.size(), std::string("HOME=/root is set").size() + 24) << passage;
  EXPECT_EQ(passage.find("CI_SECRET_TOKEN=abcdefghijklmnopqrstuvwxyz0123456789"), std::string::npos)
      << passage;
  EXPECT_EQ(passage.find('\0'), std::string::npos) << passage;
  // Both ends match, far apart: not the text between them, only the end that matched most.
  std::string text = FoldText("The player wins the bet. " + std::string(500, 'x') + " Then the dealer pays.");
  passage = ClosestPassage(text, "The player wins the bet. Then the dealer pays.");
  EXPECT_LE(passage.size(), 46u + 24u) << passage;
  EXPECT_EQ(passage.rfind("The player wins the bet. ", 0), 0u) << passage;
}

TEST(SourceTextTest, NumberingNames) {
  for (std::string_view name : NumberingNames()) {
    auto n = ParseNumbering(name);
    ASSERT_TRUE(n) << name;
    EXPECT_EQ(ToString(*n), name);
  }
  EXPECT_FALSE(ParseNumbering("roman"));
}

TEST(SourceTextTest, ParenthesizedClausesOfTheSouthDakotaRule) {
  for (const char* file : {"us-sd/casino-war.txt", "us-sd/casino-war.admin-r.txt"}) {
    std::vector<Clause> clauses = ExtractClauses(ReadAll(kSources + file), Numbering::kParenthesized);
    EXPECT_EQ(Ids(clauses), (std::vector<std::string>{"(1)", "(2)", "(3)", "(4)", "(4)(a)", "(4)(a)(i)",
                                                      "(4)(a)(ii)", "(4)(b)", "(4)(c)", "(4)(d)", "(4)(d)(i)",
                                                      "(4)(d)(ii)", "(4)(d)(iii)", "(5)"}))
        << file;
  }
  std::string raw = ReadAll(kSources + "us-sd/casino-war.txt");
  std::vector<Clause> clauses = ExtractClauses(raw, Numbering::kParenthesized);
  const Clause& d = clauses[9];
  ASSERT_EQ(d.id, "(4)(d)");
  EXPECT_EQ(d.line, 20);
  EXPECT_EQ(d.depth, 1);
  EXPECT_TRUE(d.has_words);
  // Its span holds its sub-clauses; its own words end where (4)(d)(i) starts.
  EXPECT_EQ(d.own_end, clauses[10].begin);
  EXPECT_EQ(d.end, clauses[13].begin);
  EXPECT_NE(raw.substr(d.begin, d.end - d.begin).find("Dealer bets the player"), std::string::npos);
}

TEST(SourceTextTest, ParenthesizedNesting) {
  std::string text =
      "(1) One.\n"
      "(2)(a) Two a: a lead-in of (2) with no words.\n"
      "(b) Two b.\n"
      "  (i) Roman one.\n"
      "  (ii) Roman two.\n"
      "(c) c.\n(d) d.\n(e) e.\n(f) f.\n(g) g.\n(h) h.\n"
      "(i) A letter after (h), not a roman numeral.\n"
      "(3) Three, citing SDCL 42-7B-4(18) mid-line.\n";
  std::vector<Clause> clauses = ExtractClauses(text, Numbering::kParenthesized);
  EXPECT_EQ(Ids(clauses),
            (std::vector<std::string>{"(1)", "(2)", "(2)(a)", "(2)(b)", "(2)(b)(i)", "(2)(b)(ii)", "(2)(c)",
                                      "(2)(d)", "(2)(e)", "(2)(f)", "(2)(g)", "(2)(h)", "(2)(i)", "(3)"}));
  EXPECT_FALSE(clauses[1].has_words);  // "(2)(a) ..." leaves (2) nothing of its own
  EXPECT_TRUE(clauses[2].has_words);
}

TEST(SourceTextTest, RulesCardClausesOfTheShuffleMasterCard) {
  std::vector<Clause> clauses =
      ExtractClauses(ReadAll(kSources + "vendor/shuffle-master/casino-war.txt"), Numbering::kRulesCard);
  EXPECT_EQ(Ids(clauses),
            (std::vector<std::string>{"rule 1", "rule 2", "rule 3", "rule 4", "rule 4(a)", "rule 4(b)",
                                      "rule 4(c)", "rule 4(c)(i)", "rule 4(c)(ii)", "rule 4(c)(ii)(a)",
                                      "rule 4(c)(ii)(b)", "rule 4(c)(ii)(c)", "rule 4(c)(ii)(d)", "rule 5"}));
  EXPECT_EQ(clauses[9].line, 110);
  EXPECT_EQ(clauses[9].depth, 3);
}

TEST(SourceTextTest, SectionItemsOfTheOnlineRules) {
  std::vector<Clause> clauses = ExtractClauses(ReadAll(kSources + "online/war.txt"), Numbering::kSections);
  std::vector<std::string> ids = Ids(clauses);
  ASSERT_EQ(ids.size(), 39u);
  EXPECT_EQ(ids.front(), "Initial Play, item 1");
  EXPECT_EQ(ids[6], "Initial Play, item 7");
  EXPECT_EQ(ids[7], "Go to War, item 1");
  EXPECT_EQ(ids[12], "Initial Tie Wager, item 1");
  EXPECT_EQ(ids[24], "Payouts, item 1");  // "First Round": an item, though it reads like a heading
  EXPECT_EQ(ids[30], "Payouts, item 7");
  // The Rules section lost its last dashes: a label line and a notice open items 7 and 8.
  EXPECT_EQ(ids[36], "Rules, item 6");
  EXPECT_EQ(ids[37], "Rules, item 7");
  EXPECT_EQ(ids[38], "Rules, item 8");
  EXPECT_EQ(clauses[37].line, 141);
  EXPECT_EQ(clauses[38].line, 143);
}

TEST(SourceTextTest, SectionHeadingsAndItems) {
  std::string text =
      "Title\n"
      "Heading One\n"
      "-\n"
      "First item, its last line\n"
      "continued in lower case\n"  // not a heading: a heading starts with a capital
      "-\n"
      "Second Item\n"  // not a heading: it opens an item
      "-\n"
      "Third item.\n"
      "Heading Two\n"
      "-\n"
      "Only item.\n";
  std::vector<Clause> clauses = ExtractClauses(text, Numbering::kSections);
  EXPECT_EQ(Ids(clauses), (std::vector<std::string>{"Heading One, item 1", "Heading One, item 2",
                                                    "Heading One, item 3", "Heading Two, item 1"}));
}

TEST(SourceTextTest, CitesAsClauseIds) {
  EXPECT_EQ(NormalizeCite(" (4)(d)(i) ", Numbering::kParenthesized), "(4)(d)(i)");
  EXPECT_EQ(NormalizeCite("Rule 4(c)", Numbering::kRulesCard), "rule 4(c)");
  EXPECT_EQ(NormalizeCite("Go to War,  item 3", Numbering::kSections), "Go to War, item 3");
  EXPECT_TRUE(LooksLikeClause("(4)(e)", Numbering::kParenthesized));
  EXPECT_FALSE(LooksLikeClause("Paytable", Numbering::kParenthesized));
  EXPECT_TRUE(LooksLikeClause("rule 4(c)(ii)(b)", Numbering::kRulesCard));
  EXPECT_FALSE(LooksLikeClause("GOING TO WAR", Numbering::kRulesCard));
  EXPECT_TRUE(LooksLikeClause("Rules, item 9", Numbering::kSections));
  EXPECT_FALSE(LooksLikeClause("Initial Play", Numbering::kSections));
}

TEST(SourceTextTest, PayoutPhrases) {
  EXPECT_EQ(Phrases("the player wins 10 to 1; Win after going to war\n1 to 2"),
            (std::vector<std::string>{"10 to 1 = +10", "1 to 2 = +1/2"}));
  EXPECT_EQ(Phrases("Main Bet: Win - 1:1 | Tie - 11:1, Raise 3-to-2"),
            (std::vector<std::string>{"1:1 = +1", "11:1 = +11", "3-to-2 = +3/2"}));
  EXPECT_EQ(Phrases("wins even money (1 to 1) on the war wager and pushes the main; Push"),
            (std::vector<std::string>{"even money = +1", "1 to 1 = +1", "pushes = 0", "Push = 0"}));
  EXPECT_EQ(Phrases("Lose half; surrender half the bet; forfeit half the initial wager"),
            (std::vector<std::string>{"Lose half = -1/2", "surrender half = -1/2", "forfeit half = -1/2"}));
  EXPECT_EQ(Phrases("pays 2 for 1"), (std::vector<std::string>{"2 for 1 = +1"}));
}

TEST(SourceTextTest, NotPayoutPhrases) {
  EXPECT_TRUE(Phrases("20:18:16:15.17. Variations of the play").empty());
  EXPECT_TRUE(Phrases("SDCL 42-7B-4(18), 42-7B-7; 41 SDR 7").empty());
  EXPECT_TRUE(Phrases("played with from 1 to 8 decks; six to eight decks").empty());
  EXPECT_TRUE(Phrases("6 standard 52-card decks; $5,000.00; 97.83%; 50.3% of the time").empty());
  EXPECT_TRUE(Phrases("a pushover; halfway; evenmoney").empty());
  EXPECT_TRUE(Phrases("10 to 0").empty());  // no odds against nothing
}

TEST(SourceTextTest, PayoutPhrasesOfTheBundledTexts) {
  std::vector<std::string> sd = Phrases(ReadAll(kSources + "us-sd/casino-war.txt"));
  EXPECT_EQ(sd,
            (std::vector<std::string>{"even money = +1", "Surrender half = -1/2", "10 to 1 = +10",
                                      "1 to 1 = +1", "Lose half = -1/2", "1 to 2 = +1/2", "1 to 1 = +1"}));
  EXPECT_EQ(Phrases(ReadAll(kSources + "vendor/shuffle-master/casino-war.txt")).size(), 12u);
  EXPECT_EQ(Phrases(ReadAll(kSources + "online/war.txt")).size(), 17u);
}

}  // namespace
}  // namespace pitboss
