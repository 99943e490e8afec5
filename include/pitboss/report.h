// The report model: what a check found, in the shape of the JSON report of
// ../shared/checker-contract.md. Writers for each --format live in src/report/.
#ifndef PITBOSS_REPORT_H_
#define PITBOSS_REPORT_H_

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "pitboss/codes.h"
#include "pitboss/money.h"
#include "pitboss/round.h"
#include "pitboss/status.h"

namespace pitboss {

// For a reading-dependent finding: the readings of one ambiguity under which it is not a
// violation.
struct ClearedBy {
  std::string ambiguity;
  std::vector<std::string> readings;
  friend bool operator==(const ClearedBy&, const ClearedBy&) = default;
};

// Where a finding stands against a baseline report (check --baseline, pitboss compare): kNone
// where there is no baseline. Part of the report format ("baseline": "new", "unchanged",
// "absent"; SARIF's baselineState): never rename.
enum class BaselineState : uint8_t { kNone, kNew, kUnchanged, kAbsent };
std::string_view ToString(BaselineState state);  // "", "new", "unchanged", "absent"

// One later effect of a finding's cause, named where it is (Finding::consequence_list): a card
// that overdrew a shoe after a shuffle that was not logged. Part of the report format.
struct Consequence {
  std::string input;  // the log's path, "-" for standard input
  int64_t line = 0;   // 1-based line of the input
  std::string round;
  std::optional<int> event;  // as Finding::event counts
  std::string card;          // the card as the log writes it ("AH"); "" where none
  friend bool operator==(const Consequence&, const Consequence&) = default;
};

// One violation. Part of the report format: field names mirror the JSON keys.
struct Finding {
  Code code = Code::kInputMalformed;
  std::string round;         // "" when the line could not be read as a round
  std::string table;         // "" when unknown
  std::string input;         // the log's path, "-" for standard input
  int64_t line = 0;          // 1-based line of the input
  std::optional<Seat> seat;  // kDealer (0) is written "dealer"
  std::optional<int> hand;   // a seat's hand, where the game splits hands (1, 2...)
  std::optional<WagerKind> wager;
  std::optional<Money> expected;
  std::optional<Money> actual;
  std::string clause;                          // e.g. "ARSD 20:18:16:15.17(4)(d)(i)"
  std::vector<std::string> reading_dependent;  // ambiguity ids
  std::string message;

  // Where and when, for evidence (docs/report.md):
  std::string time;      // the round's `time` as logged; "" when the line could not be read
  std::string rules;     // the id of the spec the round was checked under ("us-sd/casino-war"); "" if none
  std::string revision;  // the revision of the spec the round was checked under; "" if none
  // The index of the event it is found at in the round's `events` array, counted from 0 as
  // the log's JSON counts; nullopt for the round as a whole (or a line not read as a round).
  // Part of the report format: the one event convention of every format and message.
  std::optional<int> event;
  // For each ambiguity of reading_dependent, the readings under which it is not a violation.
  std::vector<ClearedBy> cleared_by;
  // The ISO 4217 code of the money in expected/actual ("" where not named: minor units).
  std::string currency;
  // Later effects of this one cause, counted under it rather than listed (the other cards a
  // shoe changed without a shuffle overdraws, the next rounds of a table with no shoe, the
  // next lines of a run of rounds seen before), and what they are, without their number.
  int64_t consequences = 0;
  std::string consequences_note;
  // The consequences named one by one, where the cause's are (every card that overdrew a shoe
  // after a shuffle that was not logged); empty where they are only counted.
  std::vector<Consequence> consequence_list;
  // Money this fault moved, apart from the error of a settlement itself (which settle/payout
  // and settle/split state as expected and actual): what a wager accepted against the rules
  // won or lost, what the dealer's play against the drawing rules cost each hand, what a double
  // above its limit won or lost on the amount over. Positive: paid to the player beyond what the
  // rules owe; negative: taken from the player beyond what they allow. nullopt where the fault
  // moved no money or it cannot be known. In `currency`.
  std::optional<Money> money_moved;
  // Against the baseline of check --baseline: new or unchanged (absent for a baseline's
  // finding not found again, listed in Report::baseline).
  BaselineState baseline = BaselineState::kNone;
  friend bool operator==(const Finding&, const Finding&) = default;
};

// The findings of a report, in the order found. Holds them in memory up to a threshold, and
// beyond it writes the older ones to a temporary file (in $TMPDIR, removed as soon as it is
// made, so that nothing is left behind even on a crash) and reads them back when they are
// iterated: a check's memory stays bounded however many findings it makes. Iteration gives
// every finding in order, the spilled ones with the patches (Patch) applied.
// A copy shares the spilled file, which is never written again once spilled: a copy that
// adds findings spills to a file of its own. Not thread-safe.
class FindingStore {
 public:
  // Findings held in memory before the older ones spill (PITBOSS_FINDINGS_IN_MEMORY in the
  // environment sets it: tests make reports spill with it).
  static size_t DefaultThreshold();

  FindingStore();
  explicit FindingStore(size_t threshold);
  FindingStore(std::initializer_list<Finding> findings);
  FindingStore(std::vector<Finding> findings);  // NOLINT: a vector of findings is one
  FindingStore(const FindingStore&);
  FindingStore(FindingStore&&) noexcept;
  FindingStore& operator=(const FindingStore&);
  FindingStore& operator=(FindingStore&&) noexcept;
  ~FindingStore();

  size_t size() const { return spilled_ + held_.size(); }
  bool empty() const { return size() == 0; }
  // Findings written to the file so far: index i < spilled() is on file.
  size_t spilled() const { return spilled_; }

  void push_back(Finding finding);
  Finding& emplace_back();
  void clear();
  // The i-th finding, of those still held in memory (i >= spilled()); aborts otherwise.
  Finding& operator[](size_t i);
  const Finding& operator[](size_t i) const;
  Finding& back() { return (*this)[size() - 1]; }
  const Finding& back() const { return (*this)[size() - 1]; }

  // Sets the consequences of finding i, wherever it is: in place when held, else kept aside
  // and applied when it is read back. The first form leaves its consequence_list as it is; the
  // second sets that too, to the consequences named one by one.
  void Patch(size_t i, int64_t consequences, std::string note);
  void Patch(size_t i, int64_t consequences, std::string note, std::vector<Consequence> list);

  // A single-pass iterator: the finding it points to is valid until it moves on. A finding
  // read back from the file is a copy, so changing it changes nothing in the store; one held
  // in memory is changed in place.
  class iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Finding;
    using difference_type = std::ptrdiff_t;
    using pointer = Finding*;
    using reference = Finding&;
    iterator() = default;
    Finding& operator*() const;
    Finding* operator->() const { return &**this; }
    iterator& operator++();
    void operator++(int) { ++*this; }
    friend bool operator==(const iterator& a, const iterator& b) { return a.index_ == b.index_; }

   private:
    friend class FindingStore;
    struct Cursor;
    iterator(FindingStore* store, size_t index);
    FindingStore* store_ = nullptr;
    size_t index_ = 0;
    std::shared_ptr<Cursor> cursor_;
  };
  class const_iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Finding;
    using difference_type = std::ptrdiff_t;
    using pointer = const Finding*;
    using reference = const Finding&;
    const_iterator() = default;
    const Finding& operator*() const { return *it_; }
    const Finding* operator->() const { return &*it_; }
    const_iterator& operator++() {
      ++it_;
      return *this;
    }
    void operator++(int) { ++it_; }
    friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.it_ == b.it_; }

   private:
    friend class FindingStore;
    explicit const_iterator(iterator it) : it_(std::move(it)) {}
    iterator it_;
  };
  iterator begin() { return iterator(this, 0); }
  iterator end() { return iterator(this, size()); }
  const_iterator begin() const { return const_iterator(iterator(const_cast<FindingStore*>(this), 0)); }
  const_iterator end() const { return const_iterator(iterator(const_cast<FindingStore*>(this), size())); }

  // Every finding in memory, as a vector (for tests and small reports).
  std::vector<Finding> ToVector() const;

 private:
  struct File;
  void Spill();
  void Own();  // a file of its own before writing to a shared one

  size_t threshold_;
  std::vector<Finding> held_;  // findings spilled_.. in memory
  size_t spilled_ = 0;
  std::shared_ptr<File> file_;
  // Consequences patched onto spilled findings, by index.
  struct Patched {
    int64_t consequences = 0;
    std::string note;
    std::optional<std::vector<Consequence>> list;  // nullopt: the list as spilled
  };
  std::map<size_t, Patched> patches_;
};

// What the player was overpaid (+) or underpaid (-) according to a finding, by its code's
// MoneyEffect (codes.h); nullopt for a finding that does not move money, or where the sum
// does not fit.
std::optional<Money> Overpaid(const Finding& finding);

struct InputSummary {
  std::string path;
  // Every line read is one of three: lines = rounds + malformed_lines + blank_lines.
  // Part of the report format (docs/report.md).
  int64_t lines = 0;            // physical lines read, blank ones included
  int64_t rounds = 0;           // lines read as a round (a duplicate id included)
  int64_t malformed_lines = 0;  // lines not read as a round: each one input/malformed finding
  int64_t blank_lines = 0;      // lines of nothing but white space, skipped
  // The file as stored (compressed, where it is): its size in bytes and SHA-256, what
  // `sha256sum` says of it. -1 and "" where unknown (a report read back from an older tool).
  int64_t bytes = -1;
  std::string sha256;
  // The period its rounds cover: the earliest and latest `time` of the rounds read, as
  // logged; "" when no round was read.
  std::string first_round_time;
  std::string last_round_time;
  // Why it could not be read whole ("" when it was): the rounds before the damage are
  // checked, and the report is incomplete.
  std::string error;
  // A log read for its tables' shoes and round ids only (check --context): nothing is
  // reported from its rounds.
  bool context = false;
  // A log in an operator's own format, read through a dialect (check --dialect): its id and
  // the SHA-256 of its file; "" for a hand-history v1 log. A round of such a log is several
  // lines: record_lines counts the lines read that are neither a round's first, malformed
  // nor blank (a round's later records, a header, records the dialect passes over), so that
  // lines = rounds + malformed_lines + blank_lines + record_lines still holds.
  std::string dialect;
  std::string dialect_sha256;
  int64_t record_lines = 0;
};

// A file in a folder given as a log that was not read, and why ("not .jsonl, .gz or .zst").
struct SkippedFile {
  std::string path;
  std::string reason;
};

struct SpecUsed {
  std::string id;
  std::string revision;
  std::string sha256;
  std::string path;  // the file it was loaded from, as found under --rules ("" if unknown)
  // The reading of each of its ambiguities the rounds were checked under (id -> name), and
  // whether all of them are the defaults. Empty for a report that does not say.
  std::map<std::string, std::string> readings;
  bool default_readings = true;
  // check --reading auto: the tables whose rounds were checked under these readings (a spec is
  // listed once for each set of readings its tables deal under); empty otherwise.
  std::vector<std::string> tables;
  // The parts it includes, each as the file it was read from and the sha256 of its bytes
  // (RuleSpec::parts); empty for a spec of no parts, or a report that does not say.
  struct Part {
    std::string path;
    std::string sha256;
  };
  std::vector<Part> parts;
};

struct ReadingImpact {
  std::string name;
  bool is_default = false;
  int64_t rounds_settled_differently = 0;
  // Player's view: sum over rounds of (net under this reading - net under default); summed
  // wide, so that a figure past 64 bits is reported as such (MoneySum), never wrapped.
  MoneySum net_difference;
  bool in_force = false;  // the reading the rounds were checked under
  // Findings of the report that are not violations under this reading (their cleared_by
  // names it).
  int64_t findings_cleared = 0;
};

struct AmbiguityImpact {
  std::string id;
  std::string spec;
  std::string revision;  // of the spec: a check over two revisions lists each one's
  std::string clause;
  std::vector<ReadingImpact> readings;
};

// A stretch of a table's rounds dealt under one reading (ReadingInferred::runs): the readings
// every round of it that tells them apart is consistent with, how many such rounds, and
// where it starts and ends.
struct ReadingRun {
  std::vector<std::string> readings;
  int64_t rounds = 0;
  std::string first_round;
  std::string first_input;
  int64_t first_line = 0;
  std::string first_time;
  std::string last_round;
  std::string last_time;
};

// What one table's rounds say of the reading it deals one ambiguity of one spec under
// (docs/report.md, "Which reading the house deals under"). Part of the report format.
struct ReadingInferred {
  std::string table;
  std::string spec;
  std::string revision;
  std::string ambiguity;
  std::string checked;  // the reading its rounds were checked under
  // "inferred": one stretch; `readings` are consistent with every round that tells them apart
  //   (but those consistent with none: a fault whatever the reading).
  // "switches": stretches of different readings, each long (runs); `readings` are the last's.
  // "mixed": consistent with no one reading (rounds one way and the other, at random).
  // "too-few-rounds": fewer rounds that tell the readings apart, and are consistent with one
  //   of them, than make a practice (10); `readings` are those consistent with the last of them,
  //   but nothing is inferred and their findings stay findings.
  // "not-distinguished": no round of the table tells the readings apart.
  std::string status;
  std::vector<std::string> readings;
  int64_t rounds_distinguishing = 0;
  // Each reading, in the spec's order, and the rounds that tell the readings apart that are
  // consistent with it.
  std::vector<std::pair<std::string, int64_t>> rounds_consistent;
  int64_t rounds_consistent_with_none = 0;
  std::vector<ReadingRun> runs;  // "switches" (and "inferred": its one stretch)
  // The findings of the table under the reading checked that the reading it deals explains
  // (counted under a reading/not-checked or reading/switch finding), the rounds they are in,
  // the money they say was paid wrongly (player's view), and the table's findings left.
  int64_t findings_explained = 0;
  int64_t rounds_explained = 0;
  Money explained_underpaid = 0;
  Money explained_overpaid = 0;
  bool explained_overflow = false;
  std::string currency;  // of the explained money, where its findings share one ("": minor units)
  int64_t other_findings = 0;
};

// One shard of a merged report (pitboss merge): the file it was read from, the SHA-256 of its
// bytes, and the shard's own provenance as it states it.
struct ShardProvenance {
  std::string path;
  std::string sha256;
  std::string version;
  std::vector<std::string> command_line;
  std::string analysis_time;
  bool complete = true;
};

// check --baseline OLD.json: the report the findings were compared with (report/baseline.h),
// the counts, and its findings not found again.
struct BaselineSummary {
  std::string path;    // as given ("-": standard input)
  std::string sha256;  // of the baseline's bytes, as read
  int64_t new_findings = 0;
  int64_t unchanged = 0;
  FindingStore absent;  // in the baseline's order, each BaselineState::kAbsent
  // The fingerprint of each of `absent` in the baseline (report/baseline.h): its occurrence
  // count is the baseline's, which the absent findings alone would not give.
  std::vector<std::string> absent_fingerprints;
};

// A check the logs could not feed: the format they were read through (a dialect's
// not_checked:) lacks what it needs. Its findings are withheld, counted here, and the check
// is reported as not run, never as passed.
struct NotCheckedCode {
  std::string code;   // a violation code
  std::string lacks;  // what the format lacks
  std::string why;
  std::string dialect;   // the dialect that says so
  int64_t withheld = 0;  // findings of the code the check made and did not report
};

// A context log (check --context) that could not be read whole: cut off, or a line of it not
// a round. What it did not say may have shuffled any table's shoe, so the shoes it leaves
// unknown are not judged until their next shuffle; the check's own logs decide its exit
// status. Part of the report format (docs/report.md, "context_damage").
struct ContextDamage {
  std::string input;  // the context log
  int64_t line = 0;   // the first line not read (0: none was)
  std::string error;  // why
  // A table of the logs checked whose rounds drew from a shoe the damage left unknown.
  struct Table {
    std::string table;
    int64_t rounds_not_judged = 0;  // its rounds whose draws were not judged
    std::string judged_from;        // "input:line" of the shuffle its shoe is judged from; "" never
  };
  std::vector<Table> tables;  // in the order they were first drawn from
};

struct Report {
  std::string tool = "pitboss";
  std::string version;
  // Provenance: the command as run (argv, the program's name first) and when the analysis
  // started (UTC, RFC 3339 to the second).
  std::vector<std::string> command_line;
  std::string analysis_time;
  // --currency: the ISO 4217 code of rounds that name none ("" where not given).
  std::string currency;
  // False when an input could not be read whole (InputSummary::error) or when no round was
  // read: the report then says so, and the command exits 2. A context log that could not be
  // read whole leaves it true (context_damage).
  bool complete = true;
  std::vector<InputSummary> inputs;  // context logs (InputSummary::context) included
  std::vector<SkippedFile> skipped;
  // The checks not run on these logs (empty where every check ran); part of the report
  // format (docs/report.md).
  std::vector<NotCheckedCode> not_checked;
  // The context logs that could not be read whole, and the tables each left unjudged.
  std::vector<ContextDamage> context_damage;
  std::vector<SpecUsed> specs;
  int64_t rounds = 0;
  int64_t rounds_with_violations = 0;
  FindingStore violations;
  std::vector<AmbiguityImpact> ambiguities;
  // Which reading each table deals each ambiguity under, as its rounds say (by table, spec,
  // ambiguity); empty for a report that does not say.
  std::vector<ReadingInferred> readings_inferred;
  // A merged report's shards, in the order merged; empty for a report of one check.
  std::vector<ShardProvenance> shards;
  // What may make a merged report differ from one check over all the shards' logs.
  std::vector<std::string> merge_warnings;
  // check --as-of / --revision: the date every round was judged as of (yyyymmdd, 0 for the
  // round's own date) and the revisions named, which judge their rule sets' rounds whatever
  // their date. Part of the report format (docs/report.md).
  int32_t as_of = 0;
  std::vector<std::string> revisions_in_force;
  // Where the rounds of a rule set were judged under another revision than the latest loaded
  // (one that takes effect after them), or a revision named judged none: said on standard
  // error and in the report, so that a check under rules not yet in force is never silent.
  std::vector<std::string> revision_warnings;
  // Set by check --baseline (ApplyBaseline, report/baseline.h); nullopt otherwise.
  std::optional<BaselineSummary> baseline;
  // A report narrowed by a filter (check --code, --table, --min-severity, --since, --until):
  // the filter in words ("" for none) and the findings it left out. The counts and totals
  // of the report are then those of the findings it keeps.
  std::string filter;
  int64_t findings_filtered_out = 0;

  // Counts per code id, derived from `violations`.
  std::map<std::string, int64_t> ByCode() const;
};

// The money findings say was paid wrongly, player's view, in minor units: what players were
// underpaid and overpaid. A sum that does not fit in 64 bits is `overflow`, never wrapped.
struct MoneyTotal {
  Money underpaid = 0;  // >= 0
  Money overpaid = 0;   // >= 0
  int64_t findings = 0;
  bool overflow = false;
  void Add(Money overpaid_by);  // + overpaid, - underpaid
};
// The money other faults moved, apart from the errors of settlements themselves
// (Finding::money_moved), player's view, in minor units: what was paid to players and what was
// taken from them, each summed apart and wide (never wrapped, never netted).
struct MoneyMovedTotal {
  MoneySum to_player;    // >= 0
  MoneySum to_house;     // >= 0
  int64_t findings = 0;  // the findings that carry money_moved
  std::string currency;  // theirs when they all share one, else ""
  bool mixed_currencies = false;
  void Add(Money moved);  // + to the player, - to the house
};
struct MoneyTotals {
  std::string currency;  // the findings' currency when they all share one, else ""
  bool mixed_currencies = false;
  MoneyTotal all;
  std::map<std::string, MoneyTotal> by_table;
  std::map<std::string, MoneyTotal> by_day;    // yyyy-mm-dd of the round's time as logged
  std::map<std::string, MoneyTotal> by_wager;  // wager kind
  // Apart from the above, which are the settlements' own errors.
  MoneyMovedTotal moved;
};
MoneyTotals TotalMoney(const Report& report);

// Sets every ReadingImpact's findings_cleared from the violations' cleared_by.
void CountFindingsCleared(Report* report);

// Seat as the report writes it: "dealer" or the number.
std::string SeatName(Seat seat);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_H_
