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

  // Under a key of its own, drawn at random.
  RoundIdSet();
  // Under `key` and `hash`: for tests, which make ids collide.
  RoundIdSet(const Key& key, HashFunction hash);

  // Adds `id`, seen at `at`, and returns nullopt; or, for an id seen before, leaves the set
  // as it is and returns where it was first seen.
  std::optional<SeenAt> Insert(std::string_view id, SeenAt at);

  // Ids kept as hashes rather than in runs (for tests and measurements).
  size_t hashed() const { return hashed_; }

 private:
  struct Run {
    uint64_t first = 0;
    uint64_t step = 0;  // 0 while count is 1
    uint64_t count = 0;
    int64_t line = 0;
    int64_t line_step = 0;
    uint32_t input = 0;
    uint64_t a = 0, b = 0;  // the hash of its first id (for a run of one, hashed when done)
    uint64_t last() const { return first + (count - 1) * step; }
    std::optional<SeenAt> Find(uint64_t n) const;
  };
  // The ids of one prefix and width: the run growing, and the runs done, whose ranges
  // [first, last] do not overlap, by first number.
  struct Series {
    std::optional<Run> open;
    std::map<uint64_t, Run> runs;
  };
  struct Slot {
    uint64_t a = 0, b = 0;
    uint64_t where = kEmpty;  // input << 40 | line
  };
  static constexpr uint64_t kEmpty = ~uint64_t{0};

  std::optional<SeenAt> FindHashed(uint64_t a, uint64_t b) const;
  void InsertHashed(uint64_t a, uint64_t b, SeenAt at);
  // Where `open`'s ids go when it stops growing.
  void Close(Series& series);
  // The done run whose range holds n, if any.
  static const Run* Covering(const Series& series, uint64_t n);

  std::unordered_map<std::string, Series> series_;  // by prefix, '\0' and width
  std::vector<Slot> slots_;
  std::map<std::pair<uint64_t, uint64_t>, SeenAt> huge_;  // what a slot cannot pack
  std::string key_;                                       // reused
  size_t hashed_ = 0;
  Key hash_key_{};
  HashFunction hash_ = &SipHash128;
};

}  // namespace pitboss

#endif  // PITBOSS_CHECK_ROUND_IDS_H_
