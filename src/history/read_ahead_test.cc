#include "history/read_ahead.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cctype>
#include <chrono>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
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

// The work of the tests below: an item's text, upper-cased, on the reading thread. Items whose
// number is a multiple of 5 it leaves to the caller (returns false); with `fail`, it throws.
struct Upper {
  struct Result {
    std::string text;
  };
  std::atomic<int> calls{0};
  std::atomic<int> done{0};
  bool fail = false;
  bool operator()(std::string_view item, Result* out) {
    ++calls;
    if (fail) throw std::runtime_error("work failed");
    const int n = std::stoi(std::string(item.substr(5, item.find('x') - 5)));
    if (n % 5 == 0) return false;
    out->text.assign(item);
    for (char& c : out->text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    ++done;
    return true;
  }
};

// Waits (up to 10 s) until `work` has been called: the reading thread, with every batch read
// ahead and the caller taking none, does the caller's work.
void AwaitWork(const Upper& work) {
  for (int i = 0; i < 10000 && work.calls == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

// Each item is done once: by the reading thread (its result, for that item) or by the caller
// (done() nullptr), in the source's order; the reading thread does some while the caller is
// behind, and leaves to the caller what its work declines.
TEST(ReadAheadTest, TheReadingThreadDoesTheCallersWorkWhileTheCallerIsBehind) {
  CountingSource source;
  source.items = 5000;
  Upper work;
  ReadAhead<CountingSource, Upper> ahead(source, &work);
  std::string_view text;
  ASSERT_TRUE(ahead.Next(&text));
  AwaitWork(work);
  int by_reader = 0;
  for (int n = 1; n <= 5000; ++n) {
    if (n > 1) {
      ASSERT_TRUE(ahead.Next(&text));
    }
    std::string want = "item " + std::to_string(n);
    if (n % 97 == 0) want += std::string(300000, 'x');
    ASSERT_EQ(text, want);
    if (Upper::Result* r = ahead.done()) {
      ++by_reader;
      ASSERT_NE(n % 5, 0) << "an item the work declined came back done";
      std::string upper = want;
      for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      ASSERT_EQ(r->text, upper);
    }
  }
  EXPECT_FALSE(ahead.Next(&text));
  EXPECT_GT(by_reader, 0);
  EXPECT_EQ(by_reader, work.done.load());  // every result made was taken, once
}

// Without a work, or with none given, done() is always nullptr.
TEST(ReadAheadTest, NoWorkGivenLeavesEveryItemToTheCaller) {
  CountingSource source;
  source.items = 3000;
  ReadAhead<CountingSource, Upper> ahead(source, nullptr);
  std::string_view text;
  int n = 0;
  while (ahead.Next(&text)) {
    ++n;
    ASSERT_EQ(ahead.done(), nullptr);
  }
  EXPECT_EQ(n, 3000);
}

// What the work throws on the reading thread reaches the caller, and the item it was doing is
// the caller's again: nothing waits for it.
TEST(ReadAheadTest, RethrowsWhatTheWorkThrew) {
  CountingSource source;
  source.items = 5000;
  Upper work;
  work.fail = true;
  ReadAhead<CountingSource, Upper> ahead(source, &work);
  std::string_view text;
  ASSERT_TRUE(ahead.Next(&text));
  AwaitWork(work);
  int n = 1;
  EXPECT_THROW(
      {
        while (ahead.Next(&text)) ++n;
      },
      std::runtime_error);
  EXPECT_LE(n, 5000);
}

}  // namespace
}  // namespace pitboss
