#include "history/read_ahead.h"

#include <gtest/gtest.h>

#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "history/line_reader.h"

namespace pitboss {
namespace {

// Items "item N" at line 3N, some of them long; throws bad_alloc at item `throw_at` (0: never).
struct CountingSource {
  int items = 0;
  int throw_at = 0;
  int given = 0;
  int digests = 0;
  std::string text;
  bool Next(std::string_view* out) {
    if (given == items) return false;
    ++given;
    if (given == throw_at) throw std::bad_alloc();
    text = "item " + std::to_string(given);
    if (given % 97 == 0) text += std::string(300000, 'x');  // larger than a batch
    *out = text;
    return true;
  }
  int64_t line_number() const { return 3 * int64_t{given}; }
  void DigestPending() { ++digests; }
};

// Every item, with its line, in order, each followed by the padding a LineReader's lines have.
TEST(ReadAheadTest, GivesTheSourcesItemsInOrderWithTheirLines) {
  CountingSource source;
  source.items = 5000;
  ReadAhead<CountingSource> ahead(source);
  std::string_view text;
  int n = 0;
  while (ahead.Next(&text)) {
    ++n;
    std::string want = "item " + std::to_string(n);
    if (n % 97 == 0) want += std::string(300000, 'x');
    ASSERT_EQ(text, want);
    ASSERT_EQ(ahead.line_number(), 3 * n);
    for (size_t i = 0; i < kLineZeros; ++i) ASSERT_EQ(text.data()[text.size() + i], '\0');
    ASSERT_EQ(text.data()[text.size() + kLinePadding - 1], ' ');
  }
  EXPECT_EQ(n, 5000);
  EXPECT_FALSE(ahead.Next(&text));  // and stays at the end
  EXPECT_GT(source.digests, 0);     // the reading thread digests as it goes
}

TEST(ReadAheadTest, AnEmptySourceEndsAtOnce) {
  CountingSource source;
  ReadAhead<CountingSource> ahead(source);
  std::string_view text;
  EXPECT_FALSE(ahead.Next(&text));
}

// What the reading thread throws reaches the caller (the items of the batch it was filling
// are not given: the command ends on it).
TEST(ReadAheadTest, RethrowsWhatTheReadingThreadThrew) {
  CountingSource source;
  source.items = 10000;
  source.throw_at = 3000;
  ReadAhead<CountingSource> ahead(source);
  std::string_view text;
  int n = 0;
  EXPECT_THROW(
      {
        while (ahead.Next(&text)) ++n;
      },
      std::bad_alloc);
  EXPECT_LT(n, 3000);
}

// A caller that stops early (an exception of its own) leaves no thread behind: destroying the
// reader mid-log stops the reading thread, which is waiting for a free batch.
TEST(ReadAheadTest, StopsWhenDestroyedMidLog) {
  CountingSource source;
  source.items = 1000000;
  {
    ReadAhead<CountingSource> ahead(source);
    std::string_view text;
    for (int i = 0; i < 10; ++i) ASSERT_TRUE(ahead.Next(&text));
  }
  EXPECT_LT(source.given, 1000000);  // it did not read the rest
}

}  // namespace
}  // namespace pitboss
