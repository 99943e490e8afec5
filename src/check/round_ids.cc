#include "check/round_ids.h"

#include <fcntl.h>
#include <openssl/rand.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <random>
#include <utility>

#include "base/temporaries.h"

namespace pitboss {

namespace {

// Lines and inputs as packed in a hashed slot.
constexpr int kLineBits = 40;
constexpr uint64_t kLineMask = (uint64_t{1} << kLineBits) - 1;

constexpr uint64_t Rotl(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

inline void SipRound(uint64_t& v0, uint64_t& v1, uint64_t& v2, uint64_t& v3) {
  v0 += v1;
  v1 = Rotl(v1, 13);
  v1 ^= v0;
  v0 = Rotl(v0, 32);
  v2 += v3;
  v3 = Rotl(v3, 16);
  v3 ^= v2;
  v0 += v3;
  v3 = Rotl(v3, 21);
  v3 ^= v0;
  v2 += v1;
  v1 = Rotl(v1, 17);
  v1 ^= v2;
  v2 = Rotl(v2, 32);
}

uint64_t LoadLittle(const unsigned char* p, size_t n) {
  uint64_t m = 0;
  for (size_t i = 0; i < n; ++i) m |= static_cast<uint64_t>(p[i]) << (8 * i);
  return m;
}

RoundIdSet::Key RandomKey() {
  RoundIdSet::Key key{};
  unsigned char bytes[16];
  if (RAND_bytes(bytes, sizeof bytes) == 1) {
    key = {LoadLittle(bytes, 8), LoadLittle(bytes + 8, 8)};
  } else {  // no CSPRNG from OpenSSL: the system's
    std::random_device rd;
    key = {(uint64_t{rd()} << 32) ^ rd(), (uint64_t{rd()} << 32) ^ rd()};
  }
  return key;
}

}  // namespace

RoundIdSet::Hash128 RoundIdSet::SipHash128(const Key& key, std::string_view id) {
  uint64_t v0 = 0x736f6d6570736575ull ^ key[0], v1 = 0x646f72616e646f6dull ^ key[1];
  uint64_t v2 = 0x6c7967656e657261ull ^ key[0], v3 = 0x7465646279746573ull ^ key[1];
  v1 ^= 0xee;
  const auto* p = reinterpret_cast<const unsigned char*>(id.data());
  const size_t n = id.size(), whole = n - n % 8;
  for (size_t i = 0; i < whole; i += 8) {
    const uint64_t m = LoadLittle(p + i, 8);
    v3 ^= m;
    SipRound(v0, v1, v2, v3);
    SipRound(v0, v1, v2, v3);
    v0 ^= m;
  }
  const uint64_t last = (static_cast<uint64_t>(n) << 56) | LoadLittle(p + whole, n - whole);
  v3 ^= last;
  SipRound(v0, v1, v2, v3);
  SipRound(v0, v1, v2, v3);
  v0 ^= last;
  v2 ^= 0xee;
  for (int i = 0; i < 4; ++i) SipRound(v0, v1, v2, v3);
  Hash128 h;
  h.a = v0 ^ v1 ^ v2 ^ v3;
  v1 ^= 0xdd;
  for (int i = 0; i < 4; ++i) SipRound(v0, v1, v2, v3);
  h.b = v0 ^ v1 ^ v2 ^ v3;
  return h;
}

RoundIdSet::RoundIdSet(size_t memory, std::string spill_dir)
    : RoundIdSet(RandomKey(), &SipHash128, memory, std::move(spill_dir)) {}

RoundIdSet::RoundIdSet(const Key& key, HashFunction hash, size_t memory, std::string spill_dir)
    : hash_key_(key), hash_(hash), spill_dir_(std::move(spill_dir)) {
  max_slots_ = 1024;
  while (max_slots_ * 2 * sizeof(Slot) <= memory) max_slots_ *= 2;
  if (spill_dir_.empty()) {
    const char* tmp = std::getenv("TMPDIR");
    spill_dir_ = tmp != nullptr && *tmp != '\0' ? tmp : "/tmp";
  }
}

RoundIdSet::~RoundIdSet() {
  for (const DiskRun& run : disk_) close(run.fd);
}

void RoundIdSet::FailSpill(const std::string& why) {
  if (!spill_error_.empty()) return;
  spill_error_ = why;
  spdlog::warn("round ids: {}; the ids are kept in memory past the budget instead", why);
}

int RoundIdSet::NewFile() {
  // Unlinked from the start: nothing is left on disk however the run ends.
  int fd = open(spill_dir_.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0) {
    // Where O_TMPFILE is not to be had: a named temporary, registered (so that a signal in
    // between leaves nothing) and unlinked at once.
    std::string path = spill_dir_ + "/.pitboss-round-ids-XXXXXX";
    fd = MakeTemporary(&path);
    if (fd >= 0) RemoveTemporary(path);
  }
  if (fd < 0) FailSpill("no temporary file can be made in " + spill_dir_ + ": " + std::strerror(errno));
  return fd;
}

namespace {

bool WriteAll(int fd, const void* data, size_t size) {
  const auto* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

bool ReadAllAt(int fd, void* data, size_t size, uint64_t offset) {
  auto* p = static_cast<char*>(data);
  while (size > 0) {
    const ssize_t n = pread(fd, p, size, static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<size_t>(n);
    offset += static_cast<uint64_t>(n);
  }
  return true;
}

}  // namespace

void RoundIdSet::AddToBloom(DiskRun& run, uint64_t a, uint64_t b) {
  const uint64_t blocks = run.bloom.size() / 8;
  uint64_t* block = &run.bloom[8 * static_cast<size_t>((static_cast<unsigned __int128>(a) * blocks) >> 64)];
  for (int j = 0; j < 6; ++j) {
    const uint64_t bit = (b >> (9 * j)) & 511;
    block[bit >> 6] |= uint64_t{1} << (bit & 63);
  }
}

bool RoundIdSet::MayHold(const DiskRun& run, uint64_t a, uint64_t b) {
  const uint64_t blocks = run.bloom.size() / 8;
  const uint64_t* block =
      &run.bloom[8 * static_cast<size_t>((static_cast<unsigned __int128>(a) * blocks) >> 64)];
  for (int j = 0; j < 6; ++j) {
    const uint64_t bit = (b >> (9 * j)) & 511;
    if ((block[bit >> 6] & (uint64_t{1} << (bit & 63))) == 0) return false;
  }
  return true;
}

namespace {

// A run's filter and index, for `count` slots to come in order.
template <typename Run>
void Prepare(Run* run, uint64_t count, size_t index_every, int bits_per_id) {
  run->count = count;
  const uint64_t blocks = std::max<uint64_t>(1, (count * static_cast<uint64_t>(bits_per_id) + 511) / 512);
  run->bloom.assign(static_cast<size_t>(blocks) * 8, 0);
  run->index.clear();
  run->index.reserve(static_cast<size_t>(count / index_every + 1));
}

}  // namespace

bool RoundIdSet::Spill() {
  const int fd = NewFile();
  if (fd < 0) return false;
  // The table's slots, sorted where they are: the table is empty after, whatever happens.
  size_t n = 0;
  for (const Slot& slot : slots_)
    if (slot.where != kEmpty) slots_[n++] = slot;
  std::sort(slots_.begin(), slots_.begin() + static_cast<std::ptrdiff_t>(n),
            [](const Slot& x, const Slot& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
  static_assert(sizeof(Slot) == 24, "a slot on disk is its three words");
  if (!WriteAll(fd, slots_.data(), n * sizeof(Slot))) {
    close(fd);
    FailSpill("the ids cannot be written to a temporary file in " + spill_dir_ + ": " + std::strerror(errno));
    // The table back as it was, in a table of the same size.
    const std::vector<Slot> kept(slots_.begin(), slots_.begin() + static_cast<std::ptrdiff_t>(n));
    std::fill(slots_.begin(), slots_.end(), Slot{});
    hashed_ = 0;
    const size_t mask = slots_.size() - 1;
    for (const Slot& slot : kept) {
      size_t i = slot.a & mask;
      while (slots_[i].where != kEmpty) i = (i + 1) & mask;
      slots_[i] = slot;
      ++hashed_;
    }
    return false;
  }
  DiskRun run;
  run.fd = fd;
  Prepare(&run, n, kIndexEvery, kBloomBitsPerId);
  for (size_t i = 0; i < n; ++i) {
    if (i % kIndexEvery == 0) run.index.push_back(slots_[i].a);
    AddToBloom(run, slots_[i].a, slots_[i].b);
  }
  std::fill(slots_.begin(), slots_.end(), Slot{});
  hashed_ = 0;
  spilled_ += n;
  disk_.push_back(std::move(run));
  // Runs of like size merged: a lookup asks few.
  while (disk_.size() >= 2 && disk_.back().count * 2 >= disk_[disk_.size() - 2].count) {
    if (!MergeLast()) break;
  }
  return true;
}

bool RoundIdSet::MergeLast() {
  const int fd = NewFile();
  if (fd < 0) return false;
  DiskRun& x = disk_[disk_.size() - 2];
  DiskRun& y = disk_.back();
  DiskRun merged;
  merged.fd = fd;
  Prepare(&merged, x.count + y.count, kIndexEvery, kBloomBitsPerId);
  // Each run read a chunk at a time, the merge written a chunk at a time.
  static constexpr size_t kChunk = 4096;
  struct Reader {
    const DiskRun& run;
    std::vector<Slot> chunk;
    uint64_t next = 0;  // slots read from the file
    size_t at = 0;
    bool Refill() {
      const auto n = static_cast<size_t>(std::min<uint64_t>(kChunk, run.count - next));
      chunk.resize(n);
      at = 0;
      if (n == 0) return true;
      if (!ReadAllAt(run.fd, chunk.data(), n * sizeof(Slot), next * sizeof(Slot))) return false;
      next += n;
      return true;
    }
    bool Done() const { return at == chunk.size(); }
  } rx{x, {}, 0, 0}, ry{y, {}, 0, 0};
  std::vector<Slot> out;
  out.reserve(kChunk);
  uint64_t written = 0;
  bool ok = rx.Refill() && ry.Refill();
  while (ok && (!rx.Done() || !ry.Done())) {
    Reader* from = nullptr;
    if (rx.Done()) {
      from = &ry;
    } else if (ry.Done()) {
      from = &rx;
    } else {
      const Slot& p = rx.chunk[rx.at];
      const Slot& q = ry.chunk[ry.at];
      from = (p.a != q.a ? p.a < q.a : p.b < q.b) ? &rx : &ry;
    }
    const Slot slot = from->chunk[from->at++];
    if (written % kIndexEvery == 0) merged.index.push_back(slot.a);
    AddToBloom(merged, slot.a, slot.b);
    ++written;
    out.push_back(slot);
    if (out.size() == kChunk) {
      ok = WriteAll(fd, out.data(), out.size() * sizeof(Slot));
      out.clear();
    }
    if (ok && from->Done()) ok = from->Refill();
  }
  if (ok && !out.empty()) ok = WriteAll(fd, out.data(), out.size() * sizeof(Slot));
  if (!ok) {
    close(fd);
    FailSpill(std::string("two runs of ids on disk cannot be merged: ") + std::strerror(errno));
    return false;
  }
  close(x.fd);
  close(y.fd);
  disk_.pop_back();
  disk_.back() = std::move(merged);
  return true;
}

std::optional<RoundIdSet::SeenAt> RoundIdSet::FindOnDisk(uint64_t a, uint64_t b) const {
  Slot block[kIndexEvery];
  for (const DiskRun& run : disk_) {
    if (!MayHold(run, a, b)) continue;
    // The blocks whose slots may have hash a: from the last that starts below it (or the first
    // of those that start with it) on, while they start at or below it.
    size_t k =
        static_cast<size_t>(std::upper_bound(run.index.begin(), run.index.end(), a) - run.index.begin());
    k = k == 0 ? 0 : k - 1;
    while (k > 0 && run.index[k] >= a) --k;
    for (; k < run.index.size() && run.index[k] <= a; ++k) {
      const auto n = static_cast<size_t>(std::min<uint64_t>(kIndexEvery, run.count - k * kIndexEvery));
      if (!ReadAllAt(run.fd, block, n * sizeof(Slot), k * kIndexEvery * sizeof(Slot))) {
        spdlog::error("round ids: a run of ids on disk cannot be read back: {}", std::strerror(errno));
        std::abort();  // an id's answer would be a guess
      }
      const Slot* begin = block;
      const Slot* end = block + n;
      const Slot* it = std::lower_bound(begin, end, Slot{a, b, 0}, [](const Slot& x, const Slot& y) {
        return x.a != y.a ? x.a < y.a : x.b < y.b;
      });
      if (it != end && it->a == a && it->b == b)
        return SeenAt{static_cast<uint32_t>(it->where >> kLineBits),
                      static_cast<int64_t>(it->where & kLineMask)};
    }
  }
  return std::nullopt;
}

std::optional<RoundIdSet::SeenAt> RoundIdSet::Run::Find(uint64_t n) const {
  if (n < first || n > last()) return std::nullopt;
  if (step == 0) return SeenAt{input, line};
  if ((n - first) % step != 0) return std::nullopt;
  const auto k = static_cast<int64_t>((n - first) / step);
  return SeenAt{input, line + k * line_step};
}

const RoundIdSet::Run* RoundIdSet::Covering(const Series& series, uint64_t n) {
  // Ids mostly come in order, past every run done: said by the last run, without a search
  // (the runs of a log whose rounds take lines unevenly, as a dialect's do, are many).
  if (series.runs.empty() || n > series.runs.rbegin()->second.last()) return nullptr;
  auto it = series.runs.upper_bound(n);
  if (it == series.runs.begin()) return nullptr;
  --it;
  return n <= it->second.last() ? &it->second : nullptr;
}

std::optional<RoundIdSet::SeenAt> RoundIdSet::FindHashed(uint64_t a, uint64_t b) const {
  if (slots_.empty()) return disk_.empty() ? std::nullopt : FindOnDisk(a, b);
  const size_t mask = slots_.size() - 1;
  for (size_t i = a & mask;; i = (i + 1) & mask) {
    const Slot& s = slots_[i];
    if (s.where == kEmpty) return disk_.empty() ? std::nullopt : FindOnDisk(a, b);
    if (s.a == a && s.b == b)
      return SeenAt{static_cast<uint32_t>(s.where >> kLineBits), static_cast<int64_t>(s.where & kLineMask)};
  }
}

void RoundIdSet::InsertHashed(uint64_t a, uint64_t b, SeenAt at) {
  // A full table at its budget goes to disk, and starts again empty.
  if ((hashed_ + 1) * 10 > slots_.size() * 7 && slots_.size() >= max_slots_ && spill_error_.empty()) Spill();
  if ((hashed_ + 1) * 10 > slots_.size() * 7) {
    std::vector<Slot> old(slots_.empty() ? 1024 : slots_.size() * 2);
    old.swap(slots_);
    hashed_ = 0;
    for (const Slot& s : old) {
      if (s.where != kEmpty) {
        InsertHashed(
            s.a, s.b,
            {static_cast<uint32_t>(s.where >> kLineBits), static_cast<int64_t>(s.where & kLineMask)});
      }
    }
  }
  const size_t mask = slots_.size() - 1;
  size_t i = a & mask;
  while (slots_[i].where != kEmpty) i = (i + 1) & mask;
  slots_[i] = {a, b, (uint64_t{at.input} << kLineBits) | (static_cast<uint64_t>(at.line) & kLineMask)};
  ++hashed_;
}

void RoundIdSet::Close(Series& series) {
  if (!series.open) return;
  const Run run = *series.open;
  series.open.reset();
  if (run.count >= kMinRun && runs_ < kMaxRuns) {
    // Most often after every run of the series (ids mostly come in order): put there at once.
    series.runs.emplace_hint(series.runs.end(), run.first, run);
    ++runs_;
    return;
  }
  // Each id hashed as written, at the line it was seen at.
  for (uint64_t i = 0; i < run.count; ++i) {
    const auto [a, b] = HashOfNumber(run.first + i * run.step);
    InsertHashed(a, b, {run.input, run.line + static_cast<int64_t>(i) * run.line_step});
  }
  series.hashed += run.count;
}

RoundIdSet::Hash128 RoundIdSet::HashOfNumber(uint64_t n) {
  const size_t width = static_cast<unsigned char>(key_.back());
  id_.assign(key_, 0, key_.size() - 2);
  id_.resize(id_.size() + width, '0');
  for (size_t i = id_.size(); n != 0; n /= 10) id_[--i] = static_cast<char>('0' + n % 10);
  return hash_(hash_key_, id_);
}

std::optional<RoundIdSet::SeenAt> RoundIdSet::Insert(std::string_view id, SeenAt at) {
  if (at.line < 0 || static_cast<uint64_t>(at.line) > kLineMask || at.input >= (1u << (64 - kLineBits))) {
    // Beyond what a slot packs (a trillion lines, millions of inputs): kept apart, whole.
    const auto [a, b] = hash_(hash_key_, id);
    if (auto seen = FindHashed(a, b)) return seen;
    auto [it, fresh] = huge_.try_emplace({a, b}, at);
    if (!fresh) return it->second;
    return std::nullopt;
  }
  // The id's hash, made where it is needed: an id kept in a run never is.
  std::optional<Hash128> hash;
  auto hashed = [&] {
    if (!hash) hash = hash_(hash_key_, id);
    return *hash;
  };
  if (!huge_.empty()) {
    if (auto it = huge_.find({hashed().a, hashed().b}); it != huge_.end()) return it->second;
  }
  // PREFIX + digits: the number, and the width that makes "T-01" and "T-1" different ids.
  size_t digits = 0;
  while (digits < id.size() && id[id.size() - 1 - digits] >= '0' && id[id.size() - 1 - digits] <= '9')
    ++digits;
  if (digits == 0 || digits > 18) {
    const auto [a, b] = hashed();
    if (auto seen = FindHashed(a, b)) return seen;
    InsertHashed(a, b, at);
    return std::nullopt;
  }
  uint64_t n = 0;
  for (size_t i = id.size() - digits; i < id.size(); ++i) n = n * 10 + static_cast<uint64_t>(id[i] - '0');
  key_.assign(id.substr(0, id.size() - digits));
  key_.push_back('\0');
  key_.push_back(static_cast<char>(digits));
  auto found = series_.find(key_);
  if (found == series_.end()) {
    // Past kMaxSeries prefixes (ids that are each their own prefix: UUIDs that end in digits)
    // an id of a new prefix is hashed, as ids of no number are.
    if (series_.size() >= kMaxSeries) {
      const auto [a, b] = hashed();
      if (auto seen = FindHashed(a, b)) return seen;
      InsertHashed(a, b, at);
      return std::nullopt;
    }
    found = series_.emplace(key_, Series{}).first;
  }
  Series& series = found->second;

  if (series.open) {
    if (auto seen = series.open->Find(n)) return seen;
  }
  const Run* covering = Covering(series, n);
  if (covering) {
    if (auto seen = covering->Find(n)) return seen;
  }
  // An id of the series not in its runs was hashed, if it was seen at all.
  if (series.hashed > 0) {
    if (auto seen = FindHashed(hashed().a, hashed().b)) return seen;
  }

  // New: grow the open run where n and its line continue it, and no done run lies between.
  if (series.open && series.open->input == at.input) {
    Run& open = *series.open;
    const uint64_t last = open.last();
    const int64_t last_line = open.line + static_cast<int64_t>(open.count - 1) * open.line_step;
    bool fits = false;
    if (open.count == 1) {
      fits = n > last && at.line > last_line;
    } else {
      fits = n > last && n - last == open.step && at.line - last_line == open.line_step;
    }
    if (fits) {
      // No done run lies between last and n: none starts after last (most often, and said
      // by the last run), or the first that does starts after n.
      bool clear = series.runs.empty() || series.runs.rbegin()->first <= last;
      if (!clear) {
        auto next = series.runs.upper_bound(last);
        clear = next == series.runs.end() || next->first > n;
      }
      if (clear) {
        if (open.count == 1) {
          open.step = n - last;
          open.line_step = at.line - last_line;
        }
        ++open.count;
        return std::nullopt;
      }
    }
  }
  // Else the open run is done, and n starts the next, unless a done run's range holds it.
  Close(series);  // kept as a run, or (a run of one, or past kMaxRuns) hashed
  // The run just done may hold n in its range: then n is no start of a run (runs' ranges
  // never overlap, or Covering would miss one).
  if (!covering) covering = Covering(series, n);
  if (covering) {
    InsertHashed(hashed().a, hashed().b, at);
    ++series.hashed;
  } else {
    series.open = Run{n, 0, 1, at.line, 0, at.input};
  }
  return std::nullopt;
}

}  // namespace pitboss
