// Rule texts as `pitboss lint` reads them: the folding under which a spec's quote must
// match its source word for word, the clauses the source numbers, and the payout phrases it
// states. Pure functions of the text; the rules of each are documented in
// docs/spec-format.md ("Lint").
#ifndef PITBOSS_SPEC_SOURCE_TEXT_H_
#define PITBOSS_SPEC_SOURCE_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pitboss/money.h"

namespace pitboss {

// Decodes the HTML entity at the start of `s` ("&amp;", "&#39;", "&#x2019;", and the named
// ones rule texts copied from web pages carry) into UTF-8 appended to `out`. Returns its
// length, 0 (nothing appended) when `s` does not start with one it knows.
size_t DecodeEntity(std::string_view s, std::string* out);
// Appends code point `cp` to `out` as UTF-8.
void AppendUtf8(uint32_t cp, std::string* out);

// Folds `text` the way quotes are compared: HTML entities decoded (&nbsp; &amp; &#39;
// &#8217;...), every run of whitespace (line breaks and no-break spaces included) made one
// space, a hyphen that ends a line after a letter joined to the next line's word ("face-" /
// "up" reads "face-up"), and the ends trimmed.
std::string FoldText(std::string_view text);

// A source text, folded, that remembers where each folded character came from.
class FoldedText {
 public:
  explicit FoldedText(std::string raw);

  const std::string& raw() const { return raw_; }
  const std::string& text() const { return text_; }
  // Byte offset in raw() of the folded character at `folded_offset`.
  size_t RawOffset(size_t folded_offset) const;
  // 1-based line and column (in bytes) of a raw offset.
  int LineOf(size_t raw_offset) const;
  int ColumnOf(size_t raw_offset) const;

 private:
  std::string raw_;
  std::string text_;
  std::vector<size_t> raw_offset_;   // per byte of text_
  std::vector<size_t> line_starts_;  // raw offsets
};

// Every offset at which `quote` (folded) occurs in `text`.
std::vector<size_t> FindAll(const std::string& text, const std::string& quote);

// The passage of `text` a drifted quote was most likely taken from: the stretch between the
// longest prefix and the longest suffix of `quote` that `text` holds, or the longer of them
// alone finished to the end of its word. Never longer than the quote by more than a few dozen
// bytes, nor beyond what matched but for that. "" when nothing long enough matches.
std::string ClosestPassage(const std::string& text, const std::string& quote);

// How a source numbers its clauses. Part of the spec format (`source.numbering`).
enum class Numbering {
  kParenthesized,  // (1), (4)(a), (4)(d)(i), nested by number, letter, roman numeral
  kRulesCard,      // "1.", "a.", "i." at the start of a line, cited as "rule 4(c)(ii)(b)"
  kSections,       // headed sections of "-" items, cited as "Go to War, item 3"
  // One section of a code per text ("20:18:15:24.  Doubling down. ..."), its parenthesized
  // clauses cited as "20:18:15:30.12(3)"; a text with no section number is a licensee's
  // posted rules, its numbered items cited as "posted rules, item 3".
  kCodeSections,
};
std::optional<Numbering> ParseNumbering(std::string_view name);
std::string_view ToString(Numbering numbering);
std::span<const std::string_view> NumberingNames();

// A clause the source numbers.
struct Clause {
  std::string id;          // as a spec cites it: "(4)(d)(i)", "rule 4(c)(ii)(b)", "Go to War, item 3"
  int depth = 0;           // 0 for a top-level clause
  size_t begin = 0;        // raw offset of its marker
  size_t end = 0;          // raw offset where it ends, sub-clauses included
  size_t own_end = 0;      // raw offset where its own words end (its first sub-clause)
  bool has_words = false;  // false: nothing of its own before its first sub-clause
  int line = 0;
};

// The clauses of `raw` in the order the text gives them.
std::vector<Clause> ExtractClauses(std::string_view raw, Numbering numbering);

// `cite` as a clause id of `numbering`: whitespace folded, "Rule 4" spelled "rule 4".
std::string NormalizeCite(std::string_view cite, Numbering numbering);
// True when `cite` (normalized) has the shape of a clause id of `numbering`, so that it must
// name a clause the source has. Other cites (a prose heading, "GOING TO WAR") are not checked.
bool LooksLikeClause(std::string_view cite, Numbering numbering);

// A phrase of the source that states a payout: "10 to 1", "11:1", "even money", "Lose half".
struct PayoutPhrase {
  std::string text;   // as the source words it
  Ratio net;          // the player's net per unit it means: +10, +1, -1/2
  size_t offset = 0;  // in the folded text
};

// The payout phrases of a folded text, in order.
std::vector<PayoutPhrase> ExtractPayoutPhrases(const std::string& folded);

}  // namespace pitboss

#endif  // PITBOSS_SPEC_SOURCE_TEXT_H_
