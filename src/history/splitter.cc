#include "history/splitter.h"

#include <algorithm>
#include <cstdio>

#include "history/line_reader.h"

namespace pitboss {

namespace {

constexpr size_t kMaxStem = 100;

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// True when the round shuffles before it draws a card: it owes nothing to the shoe before it.
bool ShufflesFirst(const Round& round) {
  for (const Event& e : round.events) {
    if (e.type == EventType::kShuffle) return true;
    if (e.type == EventType::kDeal || e.type == EventType::kBurn) return false;
  }
  return false;
}

}  // namespace

std::string SanitizeFileStem(std::string_view key) {
  std::string out;
  for (char c : key.substr(0, kMaxStem)) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '.' || c == '_' || c == '-';
    out += keep ? c : '_';
  }
  if (out.empty()) return "_";
  if (out[0] == '.') out[0] = '_';
  return out;
}

std::string FormatDate(int32_t yyyymmdd) {
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02d-%02d", yyyymmdd / 10000, yyyymmdd / 100 % 100, yyyymmdd % 100);
  return text;
}

Splitter::Splitter(SplitBy by) : by_(by) {
  // Names of the split's own files; a table of that name gets a suffix.
  names_taken_.insert("split-manifest");
  names_taken_.insert("unreadable");
}

size_t Splitter::ShardFor(const std::string& key, bool unreadable) {
  auto [it, fresh] = shard_by_key_.try_emplace(unreadable ? std::string() : key, shards_.size());
  if (!fresh) return it->second;
  ShardInfo shard{.key = unreadable ? std::string() : key, .unreadable = unreadable};
  if (unreadable) {
    shard.name = "unreadable";
  } else {
    const std::string stem = SanitizeFileStem(key);
    shard.name = stem;
    for (int n = 2; names_taken_.count(Lower(shard.name)) > 0; ++n)
      shard.name = stem + "-" + std::to_string(n);
    names_taken_.insert(Lower(shard.name));
  }
  shards_.push_back(std::move(shard));
  return it->second;
}

ShardLine Splitter::Put(size_t shard, std::string_view text, const Emit& emit) {
  emit(shard, text);
  return {shard, ++shards_[shard].lines};
}

void Splitter::AddUnreadable(std::string_view text, LineOrigin origin, std::string why, const Emit& emit) {
  ShardLine to = Put(ShardFor("", true), text, emit);
  unreadable_.push_back({origin, to, std::move(why)});
}

void Splitter::Add(std::string_view text, LineOrigin origin, const Emit& emit) {
  if (IsOverLongLine(text)) {
    // Passed over by the reader, so there is nothing to copy: listed, in no shard.
    unreadable_.push_back(
        {origin, ShardLine{kNoShard, 0},
         "a line of " + std::string(text.substr(1)) + " bytes, over the length limit: not copied"});
    return;
  }
  if (IsBlankLine(text)) {
    ++blank_lines_;
    return;
  }
  ParseOutcome parsed = parser_.Parse(text, &round_);
  if (!parsed.ok()) {
    if (parsed.table.empty()) return AddUnreadable(text, origin, parsed.status.message(), emit);
    if (by_ == SplitBy::kTable) {
      Put(ShardFor(parsed.table, false), text, emit);
      return;
    }
    TableState& t = tables_[parsed.table];
    if (t.shard) {
      Put(*t.shard, text, emit);
    } else {
      t.held.emplace_back(origin, std::string(text));
    }
    return;
  }
  auto seen = seen_.find(round_.id);
  const bool duplicate = seen != seen_.end();
  const size_t shard = by_ == SplitBy::kTable ? ShardFor(round_.table, false)
                                              : RouteRound(tables_[round_.table], origin, duplicate, emit);
  const ShardLine at = Put(shard, text, emit);
  if (!duplicate) {
    seen_.emplace(round_.id, Seen{at, origin});
  } else if (seen->second.at.shard != shard) {
    duplicates_.push_back({round_.id, round_.table, seen->second.origin, seen->second.at, origin, at});
  }
}

size_t Splitter::RouteRound(TableState& t, LineOrigin origin, bool duplicate, const Emit& emit) {
  // The checker does not replay a round whose id it has seen: it moves no table.
  if (duplicate) return t.shard ? *t.shard : ShardFor(FormatDate(round_.date), false);
  std::optional<Instant> instant = ParseRfc3339Instant(round_.time);
  if (!t.shard) {
    t.shard = ShardFor(FormatDate(round_.date), false);
    t.date = round_.date;
    cuts_.push_back({round_.table, *t.shard, origin});
    for (const auto& [held_origin, text] : t.held) Put(*t.shard, text, emit);
    t.held.clear();
    t.held.shrink_to_fit();
  } else if (round_.date > t.date && ShufflesFirst(round_)) {
    // As the checker compares a table's times (input/time-order): a round dated before the
    // one logged before it is out of order, and starts no day.
    const bool back = instant && t.last_instant ? *instant < *t.last_instant : round_.time < t.last_time;
    if (!back) {
      t.shard = ShardFor(FormatDate(round_.date), false);
      t.date = round_.date;
      cuts_.push_back({round_.table, *t.shard, origin});
    }
  }
  t.last_time = round_.time;
  t.last_instant = instant;
  return *t.shard;
}

void Splitter::Finish(const Emit& emit) {
  // In the order they were read.
  struct Held {
    LineOrigin origin;
    const std::string* table;
    const std::string* text;
  };
  std::vector<Held> held;
  for (const auto& [table, t] : tables_) {
    for (const auto& [origin, text] : t.held) held.push_back({origin, &table, &text});
  }
  std::sort(held.begin(), held.end(), [](const Held& a, const Held& b) {
    return a.origin.input != b.origin.input ? a.origin.input < b.origin.input : a.origin.line < b.origin.line;
  });
  for (const Held& h : held) {
    AddUnreadable(*h.text, h.origin,
                  "no round of table " + *h.table + " could be read, so no day could be told", emit);
  }
  for (auto& [table, t] : tables_) t.held.clear();
}

}  // namespace pitboss
