#include "check/round_ids.h"

#include <openssl/rand.h>

#include <random>

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

RoundIdSet::RoundIdSet() : hash_key_(RandomKey()) {}

RoundIdSet::RoundIdSet(const Key& key, HashFunction hash) : hash_key_(key), hash_(hash) {}

std::optional<RoundIdSet::SeenAt> RoundIdSet::Run::Find(uint64_t n) const {
  if (n < first || n > last()) return std::nullopt;
  if (step == 0) return SeenAt{input, line};
  if ((n - first) % step != 0) return std::nullopt;
  const auto k = static_cast<int64_t>((n - first) / step);
  return SeenAt{input, line + k * line_step};
}

const RoundIdSet::Run* RoundIdSet::Covering(const Series& series, uint64_t n) {
  auto it = series.runs.upper_bound(n);
  if (it == series.runs.begin()) return nullptr;
  --it;
  return n <= it->second.last() ? &it->second : nullptr;
}

std::optional<RoundIdSet::SeenAt> RoundIdSet::FindHashed(uint64_t a, uint64_t b) const {
  if (slots_.empty()) return std::nullopt;
  const size_t mask = slots_.size() - 1;
  for (size_t i = a & mask;; i = (i + 1) & mask) {
    const Slot& s = slots_[i];
    if (s.where == kEmpty) return std::nullopt;
    if (s.a == a && s.b == b)
      return SeenAt{static_cast<uint32_t>(s.where >> kLineBits), static_cast<int64_t>(s.where & kLineMask)};
  }
}

void RoundIdSet::InsertHashed(uint64_t a, uint64_t b, SeenAt at) {
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
  Run run = *series.open;
  series.open.reset();
  series.runs.emplace(run.first, run);
}

std::optional<RoundIdSet::SeenAt> RoundIdSet::Insert(std::string_view id, SeenAt at) {
  const auto [a, b] = hash_(hash_key_, id);
  if (at.line < 0 || static_cast<uint64_t>(at.line) > kLineMask || at.input >= (1u << (64 - kLineBits))) {
    // Beyond what a slot packs (a trillion lines, millions of inputs): kept apart, whole.
    if (auto seen = FindHashed(a, b)) return seen;
    auto [it, fresh] = huge_.try_emplace({a, b}, at);
    if (!fresh) return it->second;
    return std::nullopt;
  }
  if (!huge_.empty()) {
    if (auto it = huge_.find({a, b}); it != huge_.end()) return it->second;
  }
  // PREFIX + digits: the number, and the width that makes "T-01" and "T-1" different ids.
  size_t digits = 0;
  while (digits < id.size() && id[id.size() - 1 - digits] >= '0' && id[id.size() - 1 - digits] <= '9')
    ++digits;
  if (digits == 0 || digits > 18) {
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
  if (found == series_.end()) found = series_.emplace(key_, Series{}).first;
  Series& series = found->second;

  if (series.open) {
    if (auto seen = series.open->Find(n)) return seen;
  }
  const Run* covering = Covering(series, n);
  if (covering) {
    if (auto seen = covering->Find(n)) return seen;
  }
  if (auto seen = FindHashed(a, b)) return seen;

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
      auto next = series.runs.upper_bound(last);
      if (next == series.runs.end() || next->first > n) {
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
  if (series.open) {
    if (series.open->count == 1) {
      // A run of one is cheaper hashed than as a run.
      const Run one = *series.open;
      series.open.reset();
      InsertHashed(one.a, one.b, {one.input, one.line});
    } else {
      Close(series);
    }
  }
  // The run just done may hold n in its range: then n is no start of a run (runs' ranges
  // never overlap, or Covering would miss one).
  if (!covering) covering = Covering(series, n);
  if (covering) {
    InsertHashed(a, b, at);
  } else {
    series.open = Run{n, 0, 1, at.line, 0, at.input, a, b};
  }
  return std::nullopt;
}

}  // namespace pitboss
