#include "history/compress.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "history/line_reader.h"

namespace pitboss {
namespace {

namespace fs = std::filesystem;

// Pieces compressed one by one and concatenated read back as one log.
void ExpectReadsBack(LogCompression compression) {
  std::string stored;
  ASSERT_TRUE(AppendCompressed(compression, "one\ntwo\n", &stored).ok());
  ASSERT_TRUE(AppendCompressed(compression, "three\n", &stored).ok());
  std::string tmpl = (fs::path(::testing::TempDir()) / "compress_XXXXXX").string();
  ASSERT_TRUE(::mkdtemp(tmpl.data()));
  const std::string path = tmpl + "/log.jsonl" + std::string(CompressionExtension(compression));
  std::ofstream(path, std::ios::binary) << stored;
  auto reader = LineReader::Open(path);
  ASSERT_TRUE(reader.ok()) << reader.status().message();
  std::vector<std::string> lines;
  std::string_view line;
  while (reader.value()->Next(&line)) lines.emplace_back(line);
  EXPECT_TRUE(reader.value()->status().ok()) << reader.value()->status().message();
  EXPECT_EQ(lines, (std::vector<std::string>{"one", "two", "three"}));
  fs::remove_all(tmpl);
}

TEST(Compress, PlainGzipAndZstdPiecesReadBackAsOneLog) {
  ExpectReadsBack(LogCompression::kNone);
  ExpectReadsBack(LogCompression::kGzip);
  ExpectReadsBack(LogCompression::kZstd);
}

TEST(Compress, Extensions) {
  EXPECT_EQ(CompressionExtension(LogCompression::kNone), "");
  EXPECT_EQ(CompressionExtension(LogCompression::kGzip), ".gz");
  EXPECT_EQ(CompressionExtension(LogCompression::kZstd), ".zst");
}

}  // namespace
}  // namespace pitboss
