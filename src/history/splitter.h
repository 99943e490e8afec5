// Splitter: which shard each line of a log goes to, when a check is spread over shards
// (`pitboss split`, docs/scale.md) that are checked one by one and merged.
#ifndef PITBOSS_HISTORY_SPLITTER_H_
#define PITBOSS_HISTORY_SPLITTER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "history/round_parser.h"
#include "pitboss/round.h"

namespace pitboss {

enum class SplitBy { kTable, kDay };

// A line of the input: the index of its log among those read, and its 1-based number there.
struct LineOrigin {
  uint32_t input = 0;
  int64_t line = 0;
};

// Where a line went: its shard and its 1-based line number there.
struct ShardLine {
  size_t shard = 0;
  int64_t line = 0;
};

struct ShardInfo {
  // What the shard holds: a table id (by table), a day "2026-03-01" (by day), "" for the
  // shard of the lines that are not rounds of any table.
  std::string key;
  bool unreadable = false;
  // The file name's stem: made of [A-Za-z0-9._-] only, never starting with '.', at most 100
  // bytes, and unique among the shards even where file names ignore case.
  std::string name;
  int64_t lines = 0;
};

// A round id logged on two lines that went to different shards: no shard's check sees the
// second as input/duplicate-round, so the split reports it.
struct CrossShardDuplicate {
  std::string round;
  std::string table;  // of the second line
  LineOrigin first_origin;
  ShardLine first;
  LineOrigin again_origin;
  ShardLine again;
};

// A line that is not a round of a table whose shard could be told (the unreadable shard).
// ShardLine::shard of a line copied to no shard (a line over the length limit).
inline constexpr size_t kNoShard = static_cast<size_t>(-1);

struct UnreadableLine {
  LineOrigin origin;
  ShardLine to;     // shard kNoShard: not copied
  std::string why;  // the parser's reason
};

// By day: the line at which a table's rounds start going to the shard of a later day.
struct DayCut {
  std::string table;
  size_t shard = 0;  // the day's shard
  LineOrigin origin;
};

// Assigns lines to shards so that each shard checks as its part of one check of the whole:
// - By table: every line of a table in that table's shard, in order.
// - By day: a table's rounds go to the shard of the day (the date of "time" as written, as
//   for the rule revision in force) of its first round; the table moves to a later day's
//   shard only at a round that shuffles before it draws any card, dated a later day, and not
//   dated before the table's previous round. The shoe in play, which is all a table carries
//   from one round to the next, so never crosses two shards; rounds of a day played from a
//   shoe shuffled the day before stay in the day before's shard.
// - Either way: a line that is not a round but names its table (input/malformed, which makes
//   the checker forget that table's shoe) stays with the table, in order; by day, one that
//   comes before any round of its table waits for it (or goes to the unreadable shard at the
//   end). A line whose table cannot be read goes to the unreadable shard. Blank lines go
//   nowhere (counted). A round whose id was read before is not a round of its table for the
//   cut, as the checker does not replay it; one that lands in another shard than the first
//   is listed in duplicates().
// Holds every round id read, with where it went (the memory of an exact duplicate check).
// Not thread-safe.
class Splitter {
 public:
  // Called for each line with its shard, in the order of each shard's lines.
  using Emit = std::function<void(size_t shard, std::string_view text)>;

  explicit Splitter(SplitBy by);

  // Routes one line (without its newline), calling `emit` for it and for any line held
  // until now that goes before it.
  void Add(std::string_view text, LineOrigin origin, const Emit& emit);
  // Emits the lines still held (by day: lines of a table none of whose rounds could be read),
  // to the unreadable shard.
  void Finish(const Emit& emit);

  const std::vector<ShardInfo>& shards() const { return shards_; }
  const std::vector<CrossShardDuplicate>& duplicates() const { return duplicates_; }
  const std::vector<UnreadableLine>& unreadable() const { return unreadable_; }
  const std::vector<DayCut>& cuts() const { return cuts_; }
  int64_t blank_lines() const { return blank_lines_; }

 private:
  struct TableState {
    std::optional<size_t> shard;  // by day: the shard the table's rounds go to now
    int32_t date = 0;             // that shard's day
    std::string last_time;        // of the table's last round
    std::optional<Instant> last_instant;
    std::vector<std::pair<LineOrigin, std::string>> held;  // by day, before any round
  };
  struct Seen {
    ShardLine at;
    LineOrigin origin;
  };

  size_t ShardFor(const std::string& key, bool unreadable);
  ShardLine Put(size_t shard, std::string_view text, const Emit& emit);
  void AddUnreadable(std::string_view text, LineOrigin origin, std::string why, const Emit& emit);
  size_t RouteRound(TableState& t, LineOrigin origin, bool duplicate, const Emit& emit);

  SplitBy by_;
  RoundParser parser_;
  Round round_;
  std::vector<ShardInfo> shards_;
  std::map<std::string, size_t> shard_by_key_;   // by table or day; "" is unreadable
  std::unordered_set<std::string> names_taken_;  // lower case
  std::unordered_map<std::string, TableState> tables_;
  std::unordered_map<std::string, Seen> seen_;  // every round id read
  std::vector<CrossShardDuplicate> duplicates_;
  std::vector<UnreadableLine> unreadable_;
  std::vector<DayCut> cuts_;
  int64_t blank_lines_ = 0;
};

// A name for a file made from `key` (a table id): [A-Za-z0-9._-] kept, every other byte
// '_', a leading '.' made '_', "" made "_", cut to 100 bytes.
std::string SanitizeFileStem(std::string_view key);

// "2026-03-01" for 20260301.
std::string FormatDate(int32_t yyyymmdd);

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_SPLITTER_H_
