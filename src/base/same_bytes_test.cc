#include "base/same_bytes.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace pitboss {
namespace {

// Every length from empty to past the longest compared in steps (64), and a difference at each
// byte: equal exactly where the bytes are, whatever the length's path (short loads, 16-byte
// steps, memcmp).
TEST(SameBytesTest, EqualExactlyWhereEveryByteIs) {
  for (size_t n = 0; n <= 80; ++n) {
    std::string a(n, 'x'), b(n, 'x');
    for (size_t i = 0; i < n; ++i) a[i] = b[i] = static_cast<char>('a' + i % 26);
    EXPECT_TRUE(SameBytes(a.data(), b.data(), n)) << n;
    EXPECT_TRUE(SameText(a, b)) << n;
    for (size_t i = 0; i < n; ++i) {
      std::string c = b;
      c[i] = static_cast<char>(c[i] ^ 0x20);
      EXPECT_FALSE(SameBytes(a.data(), c.data(), n)) << n << " " << i;
    }
    if (n > 0) {
      EXPECT_FALSE(SameText(a, std::string_view(b).substr(0, n - 1))) << n;
    }
  }
}

}  // namespace
}  // namespace pitboss
