// SameBytes: whether two short byte strings are equal, in at most two loads a side (overlapping
// where the length is not a power of two; up to 64 bytes, a 16-byte load at a time) rather than
// a call to memcmp or a loop whose exit depends on the length. The texts compared on the hot paths (event
// type and wager names, a dialect record's fields, a pattern's literals) are a few bytes long, and both a
// call and a byte loop showed in profiles.
#ifndef PITBOSS_BASE_SAME_BYTES_H_
#define PITBOSS_BASE_SAME_BYTES_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pitboss {

namespace same_bytes_internal {
template <typename T>
inline T Load(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
}  // namespace same_bytes_internal

// a[0, n) == b[0, n).
inline bool SameBytes(const char* a, const char* b, size_t n) {
  using same_bytes_internal::Load;
  if (n > 16) {
#if defined(__SSE2__)
    // Sixteen bytes a step, the last step overlapping the one before: a CSV record's round
    // columns (some tens of bytes) are compared with the record before's on every row.
    if (n <= 64) {
      auto at = [&](size_t i) {
        return _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i)),
                              _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i)));
      };
      __m128i same = at(n - 16);
      for (size_t i = 0; i + 16 < n; i += 16) same = _mm_and_si128(same, at(i));
      return _mm_movemask_epi8(same) == 0xFFFF;
    }
#endif
    return std::memcmp(a, b, n) == 0;
  }
  if (n >= 8) {
    return Load<uint64_t>(a) == Load<uint64_t>(b) && Load<uint64_t>(a + n - 8) == Load<uint64_t>(b + n - 8);
  }
  if (n >= 4) {
    return Load<uint32_t>(a) == Load<uint32_t>(b) && Load<uint32_t>(a + n - 4) == Load<uint32_t>(b + n - 4);
  }
  return n == 0 || (a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1]);
}

inline bool SameText(std::string_view a, std::string_view b) {
  return a.size() == b.size() && SameBytes(a.data(), b.data(), a.size());
}

}  // namespace pitboss

#endif  // PITBOSS_BASE_SAME_BYTES_H_
