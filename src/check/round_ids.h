// RoundIdSet: the round ids seen so far and where each was first seen, to find a round
// logged twice (input/duplicate-round), in little memory at any number of rounds.
//
// Ids of the common form PREFIX + decimal number ("T7-000124") whose numbers and lines go up
// in steps (a table's rounds numbered in turn, logged every so many lines, as a dealer system
// or `pitboss generate` writes them) are kept as runs: prefix, width of the number, first
// number, step, count, and the input and lines they were seen at, a few dozen bytes for a
// whole run of a table. Every other id is kept as a 128-bit keyed hash (SipHash-2-4-128 under
// a key drawn at random for each set, from OpenSSL's RAND_bytes) with where it was seen, in an
// open-addressing table: 24 bytes a slot. Runs are exact; each id is in one place only, and
// a lookup asks every place it could be in, so the set says exactly what a set of the ids
// themselves would say, but for two different ids with one hash: with a secret key no log
// can choose ids that collide, and by chance two of n ids collide with odds below
// n^2 / 2^129 (1e-21 for a billion ids; docs/findings.md).
//
// Memory is bounded whatever the ids. Runs are kept for at most kMaxSeries prefixes (ids of
// other prefixes are hashed), and at most kMaxRuns runs in all (a table's rounds logged at
// uneven intervals, as a dialect's are, end a run every two or three rounds): the ids of a
// run of one, or of a run past the limit, are hashed when it ends. The hashed ids are held in
// a table of at most `memory` bytes; when it is full, its slots are sorted by hash and written
// to a temporary file (unlinked as it is made: nothing is left behind, whatever ends the run),
// and the table starts empty. Each such run on disk keeps in memory a blocked Bloom filter of
// its hashes (12 bits an id) and the hash of every kIndexEvery-th slot; runs of like size are
// merged, so that there are few. A lookup asks the table, then each run's filter, and reads a
// block of the run only where the filter cannot say no (about one lookup in a hundred a run):
// the answers are exactly those of a set held in memory, whatever the budget.
// Not thread-safe.
#ifndef PITBOSS_CHECK_ROUND_IDS_H_
#define PITBOSS_CHECK_ROUND_IDS_H_

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace pitboss {

class RoundIdSet {
 public:
  // Where a round id was first seen: the input's index (in the report's inputs) and the line.
  struct SeenAt {
    uint32_t input = 0;
    int64_t line = 0;
  };

  using Key = std::array<uint64_t, 2>;
  struct Hash128 {
    uint64_t a = 0, b = 0;
  };
  using HashFunction = Hash128 (*)(const Key& key, std::string_view id);
  // SipHash-2-4 with its 128-bit output (Aumasson and Bernstein), little-endian words.
  static Hash128 SipHash128(const Key& key, std::string_view id);

  // The memory the table of hashed ids may take before it spills to disk, by default.
  static constexpr size_t kDefaultMemory = size_t{16} << 20;
  // Prefixes kept as runs, at most.
  static constexpr size_t kMaxSeries = 4096;
  // Runs done kept as runs, at most, of all prefixes (a node of a map each, some 100 bytes:
  // 6.5 MB at most), and the fewest ids a run done is kept for (one is cheaper hashed; two
  // cost a little more as a run than hashed, but are kept and found with no hash made).
  static constexpr size_t kMaxRuns = size_t{1} << 16;
  static constexpr uint64_t kMinRun = 2;

  // Under a key of its own, drawn at random; the hashed ids' table takes at most `memory`
  // bytes (at least that of 1,024 slots) before it spills to `spill_dir` ("" for $TMPDIR, else
  // /tmp).
  explicit RoundIdSet(size_t memory = kDefaultMemory, std::string spill_dir = "");
  // Under `key` and `hash`: for tests, which make ids collide.
  RoundIdSet(const Key& key, HashFunction hash, size_t memory = kDefaultMemory, std::string spill_dir = "");
  ~RoundIdSet();
  RoundIdSet(const RoundIdSet&) = delete;
  RoundIdSet& operator=(const RoundIdSet&) = delete;

  // Adds `id`, seen at `at`, and returns nullopt; or, for an id seen before, leaves the set
  // as it is and returns where it was first seen.
  std::optional<SeenAt> Insert(std::string_view id, SeenAt at);

  // Ids kept as hashes rather than in runs, in the table (for tests and measurements).
  size_t hashed() const { return hashed_; }
  // Runs done kept as runs (for tests and measurements).
  size_t runs() const { return runs_; }
  // Ids written to disk, and the runs on disk now (for tests and measurements).
  uint64_t spilled() const { return spilled_; }
  size_t disk_runs() const { return disk_.size(); }
  // Where the spill to disk failed (no temporary file could be made or written): the message,
  // said once; the table then grows past its budget rather than lose an id. "" where none.
  const std::string& spill_error() const { return spill_error_; }

 private:
  struct Run {
    uint64_t first = 0;
    uint64_t step = 0;  // 0 while count is 1
    uint64_t count = 0;
    int64_t line = 0;
    int64_t line_step = 0;
    uint32_t input = 0;
    uint64_t last() const { return first + (count - 1) * step; }
    std::optional<SeenAt> Find(uint64_t n) const;
  };
  // The ids of one prefix and width: the run growing, and the runs done, whose ranges
  // [first, last] do not overlap, by first number.
  struct Series {
    std::optional<Run> open;
    std::map<uint64_t, Run> runs;
    // Its ids kept hashed (in the table or on disk). While there are none, an id of the
    // series is in its runs or nowhere, and is not hashed at all: most ids of a log are.
    uint64_t hashed = 0;
  };
  struct Slot {
    uint64_t a = 0, b = 0;
    uint64_t where = kEmpty;  // input << 40 | line
  };
  static constexpr uint64_t kEmpty = ~uint64_t{0};

  // A run of hashed ids on disk: slots sorted by (a, b), in an unlinked temporary file.
  struct DiskRun {
    int fd = -1;
    uint64_t count = 0;
    std::vector<uint64_t> index;  // the a of slots 0, kIndexEvery, 2 kIndexEvery...
    std::vector<uint64_t> bloom;  // blocks of 8 words
  };
  static constexpr size_t kIndexEvery = 256;
  static constexpr int kBloomBitsPerId = 12;

  std::optional<SeenAt> FindHashed(uint64_t a, uint64_t b) const;
  std::optional<SeenAt> FindOnDisk(uint64_t a, uint64_t b) const;
  // The table's slots to a new run on disk; false (and the table as it was) where it cannot be.
  bool Spill();
  // The last two runs on disk as one.
  bool MergeLast();
  int NewFile();
  static void AddToBloom(DiskRun& run, uint64_t a, uint64_t b);
  static bool MayHold(const DiskRun& run, uint64_t a, uint64_t b);
  void FailSpill(const std::string& why);
  void InsertHashed(uint64_t a, uint64_t b, SeenAt at);
  // Where `open`'s ids go when it stops growing: to the series' runs, or hashed (a run of
  // one, or one past kMaxRuns). `series` is key_'s.
  void Close(Series& series);
  // The hash of the id of the series key_ names (prefix, '\0', width) with number n.
  Hash128 HashOfNumber(uint64_t n);
  // The done run whose range holds n, if any.
  static const Run* Covering(const Series& series, uint64_t n);

  std::unordered_map<std::string, Series> series_;  // by prefix, '\0' and width
  std::vector<Slot> slots_;
  std::map<std::pair<uint64_t, uint64_t>, SeenAt> huge_;  // what a slot cannot pack
  std::string key_;                                       // reused
  std::string id_;                                        // reused (HashOfNumber)
  size_t hashed_ = 0;
  size_t runs_ = 0;  // done, kept in the series' maps
  Key hash_key_{};
  HashFunction hash_ = &SipHash128;
  size_t max_slots_ = 0;  // the table's largest size within the budget (a power of two)
  std::string spill_dir_;
  std::vector<DiskRun> disk_;
  uint64_t spilled_ = 0;
  std::string spill_error_;
};

}  // namespace pitboss

#endif  // PITBOSS_CHECK_ROUND_IDS_H_
