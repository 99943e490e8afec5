#include "history/line_reader.h"

#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace pitboss {
namespace {

namespace fs = std::filesystem;

std::string Gzip(const std::string& data) {
  z_stream z{};
  // 15 + 16: gzip wrapper, as gzip(1) writes.
  EXPECT_EQ(deflateInit2(&z, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&z, data.size()) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = data.size();
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = out.size();
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

std::string Zstd(const std::string& data) {
  std::string out(ZSTD_compressBound(data.size()), '\0');
  size_t n = ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 3);
  EXPECT_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

class LineReaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (fs::path(::testing::TempDir()) / "line_reader_XXXXXX").string();
    ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Write(const std::string& name, const std::string& bytes) {
    std::string path = (fs::path(dir_) / name).string();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }

  // Every line of the file, or the reader's error as the last element after "ERROR ".
  static std::vector<std::string> ReadAll(const std::string& path, const LineReaderOptions& options = {}) {
    std::vector<std::string> lines;
    StatusOr<std::unique_ptr<LineReader>> reader = LineReader::Open(path, options);
    if (!reader.ok()) return {"OPEN " + reader.status().message()};
    std::string_view line;
    while ((*reader)->Next(&line)) {
      lines.emplace_back(line);
      EXPECT_EQ((*reader)->line_number(), static_cast<int64_t>(lines.size()));
    }
    if (!(*reader)->status().ok()) lines.push_back("ERROR " + (*reader)->status().message());
    return lines;
  }

  std::string dir_;
};

const std::vector<std::string> kMixedLines = {"first", "", "third line", "   ", "last"};
const std::string kMixed = "first\r\n\r\nthird line\n   \r\nlast";

TEST_F(LineReaderTest, PlainFileStripsLineEndsAndKeepsBlankLines) {
  EXPECT_EQ(ReadAll(Write("a.jsonl", kMixed)), kMixedLines);
  // With a final newline there is no extra empty line.
  EXPECT_EQ(ReadAll(Write("b.jsonl", kMixed + "\n")), kMixedLines);
  EXPECT_EQ(ReadAll(Write("c.jsonl", kMixed + "\r\n")), kMixedLines);
}

TEST_F(LineReaderTest, LineNumberAfterTheEndIsTheLineCount) {
  std::string path = Write("a.jsonl", "x\n\ny\n");
  auto reader = LineReader::Open(path);
  ASSERT_TRUE(reader.ok());
  std::string_view line;
  int n = 0;
  while ((*reader)->Next(&line)) ++n;
  EXPECT_EQ(n, 3);
  EXPECT_EQ((*reader)->line_number(), 3);
  EXPECT_TRUE((*reader)->status().ok());
  EXPECT_FALSE((*reader)->Next(&line));  // stays at the end
  EXPECT_EQ((*reader)->compression(), LineReader::Compression::kNone);
}

TEST_F(LineReaderTest, EmptyFileHasNoLines) {
  EXPECT_TRUE(ReadAll(Write("empty.jsonl", "")).empty());
  EXPECT_EQ(ReadAll(Write("nl.jsonl", "\n")), std::vector<std::string>{""});
}

TEST_F(LineReaderTest, ByteOrderMarkIsSkipped) {
  EXPECT_EQ(ReadAll(Write("bom.jsonl", "\xef\xbb\xbf{}\n{}\n")), (std::vector<std::string>{"{}", "{}"}));
}

TEST_F(LineReaderTest, Gzip) {
  std::string path = Write("a.jsonl.gz", Gzip(kMixed));
  EXPECT_EQ(ReadAll(path), kMixedLines);
  auto reader = LineReader::Open(path);
  ASSERT_TRUE(reader.ok());
  EXPECT_EQ((*reader)->compression(), LineReader::Compression::kGzip);
}

TEST_F(LineReaderTest, ConcatenatedGzipMembersAreOneStream) {
  // A line split across two members, as `cat a.gz b.gz` can make.
  std::string path = Write("multi.gz", Gzip("one\ntw") + Gzip("o\nthree\n") + Gzip("four"));
  EXPECT_EQ(ReadAll(path), (std::vector<std::string>{"one", "two", "three", "four"}));
}

TEST_F(LineReaderTest, Zstd) {
  std::string path = Write("a.jsonl.zst", Zstd(kMixed));
  EXPECT_EQ(ReadAll(path), kMixedLines);
  auto reader = LineReader::Open(path);
  ASSERT_TRUE(reader.ok());
  EXPECT_EQ((*reader)->compression(), LineReader::Compression::kZstd);
}

// A frame whose header asks for a 2 GiB window (zstd --long=31) is not corrupt: the reader
// says it is refused for its window, and what to do (issue 21, item 8).
TEST_F(LineReaderTest, AZstdWindowPastTheLimitIsSaidSo) {
  const std::string data = "{}\n";
  std::string frame = {'\x28', '\xb5', '\x2f', '\xfd', '\x00', '\xa8'};  // no content size; window 2^31
  const auto block = static_cast<uint32_t>(data.size() << 3 | 1);        // the last block, raw
  frame +=
      {static_cast<char>(block & 0xff), static_cast<char>(block >> 8 & 0xff), static_cast<char>(block >> 16)};
  frame += data;
  auto reader = LineReader::Open(Write("wide.zst", frame));
  ASSERT_TRUE(reader.ok());
  std::string_view line;
  while ((*reader)->Next(&line)) {
  }
  EXPECT_NE((*reader)->status().message().find("compressed with a window larger than 128 MiB"),
            std::string::npos)
      << (*reader)->status().message();
  EXPECT_EQ((*reader)->status().message().find("corrupt"), std::string::npos);
}

TEST_F(LineReaderTest, ConcatenatedZstdFramesAreOneStream) {
  std::string path = Write("multi.zst", Zstd("one\ntw") + Zstd("o\nthree\n"));
  EXPECT_EQ(ReadAll(path), (std::vector<std::string>{"one", "two", "three"}));
}

TEST_F(LineReaderTest, CompressionIsToldByContentNotName) {
  EXPECT_EQ(ReadAll(Write("gzip.log", Gzip("a\nb\n"))), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(ReadAll(Write("zstd.log", Zstd("a\nb\n"))), (std::vector<std::string>{"a", "b"}));
}

TEST_F(LineReaderTest, CompressedNameWithOtherContentIsAnError) {
  std::string path = Write("plain.jsonl.gz", "{}\n");
  auto reader = LineReader::Open(path);
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.status().code(), Status::Code::kIoError);
  EXPECT_NE(reader.status().message().find(path), std::string::npos);
  EXPECT_NE(reader.status().message().find("not gzip data"), std::string::npos);
  EXPECT_FALSE(LineReader::Open(Write("gz.zst", Gzip("{}\n"))).ok());
}

// Many lines of varied length, long enough to span several small buffers.
std::string ManyLines(std::vector<std::string>* lines) {
  std::string text;
  for (int i = 0; i < 2000; ++i) {
    std::string line = "line " + std::to_string(i) + " " + std::string(i % 97, 'x');
    if (i % 50 == 0) line.clear();
    lines->push_back(line);
    text += line + (i % 3 == 0 ? "\r\n" : "\n");
  }
  return text;
}

// The digest is of the file as stored: what sha256sum says of it, compressed or not, and
// trailing bytes after the last compressed member included.
TEST_F(LineReaderTest, DigestIsOfTheFileAsStored) {
  const std::string files[][2] = {
      {"plain.jsonl", kMixed},
      {"a.jsonl.gz", Gzip(kMixed)},
      {"a.jsonl.zst", Zstd(kMixed)},
      {"padded.gz", Gzip("one\n") + std::string(512, '\0')},
  };
  for (const auto& [name, bytes] : files) {
    std::string path = Write(name, bytes);
    LineReaderOptions small;
    small.buffer_size = 64;  // many reads
    auto reader = LineReader::Open(path, small);
    ASSERT_TRUE(reader.ok()) << name;
    std::string_view line;
    while ((*reader)->Next(&line)) {
    }
    EXPECT_EQ((*reader)->Sha256Hex(), Sha256Hex(bytes)) << name;
    EXPECT_EQ((*reader)->bytes(), static_cast<int64_t>(bytes.size())) << name;
  }
}

// Digested later (as a line pipeline does), from another thread while the reading goes on,
// the digest is the same: the pieces are digested in the order read.
TEST_F(LineReaderTest, DigestLaterIsTheSameDigest) {
  std::string bytes;
  for (int i = 0; i < 5000; ++i) bytes += "line " + std::to_string(i) + "\n";
  const std::string files[][2] = {{"plain.jsonl", bytes}, {"b.jsonl.gz", Gzip(bytes)}};
  for (const auto& [name, data] : files) {
    std::string path = Write(name, data);
    LineReaderOptions options;
    options.buffer_size = 256;  // many pieces
    options.digest_later = true;
    auto reader = LineReader::Open(path, options);
    ASSERT_TRUE(reader.ok()) << name;
    std::atomic<bool> done{false};
    std::thread digester([&] {
      while (!done) (*reader)->DigestPending();
    });
    std::string_view line;
    int64_t n = 0;
    while ((*reader)->Next(&line)) {
      if (++n % 7 == 0) (*reader)->DigestPending();
    }
    done = true;
    digester.join();
    EXPECT_EQ(n, 5000) << name;
    EXPECT_EQ((*reader)->Sha256Hex(), Sha256Hex(data)) << name;
  }
}

// Digested later, a line over the limit read in one Next is not held for DigestPending: past a
// few MiB the reader digests what it reads itself, after what was pending, for the same digest.
TEST_F(LineReaderTest, DigestLaterDigestsALongLineAsItIsRead) {
  const std::string data = "first\n" + std::string(size_t{12} << 20, 'x') + "\nlast\n";
  LineReaderOptions options;
  options.max_line_length = size_t{1} << 20;
  options.digest_later = true;
  auto reader = LineReader::Open(Write("long.jsonl", data), options);
  ASSERT_TRUE(reader.ok());
  std::vector<std::string> lines;
  std::string_view line;
  while ((*reader)->Next(&line)) lines.emplace_back(line);  // never DigestPending
  EXPECT_EQ(lines, (std::vector<std::string>{"first", "\n" + std::to_string(size_t{12} << 20), "last"}));
  EXPECT_EQ((*reader)->Sha256Hex(), Sha256Hex(data));
}

TEST_F(LineReaderTest, SmallBuffersGiveTheSameLines) {
  std::vector<std::string> lines;
  std::string text = ManyLines(&lines);
  std::string plain = Write("many.jsonl", text);
  std::string gz = Write("many.jsonl.gz", Gzip(text));
  std::string zst = Write("many.jsonl.zst", Zstd(text));
  for (size_t size : {16, 17, 31, 100, 4096}) {
    LineReaderOptions options;
    options.buffer_size = size;
    EXPECT_EQ(ReadAll(plain, options), lines) << size;
    EXPECT_EQ(ReadAll(gz, options), lines) << size;
    EXPECT_EQ(ReadAll(zst, options), lines) << size;
  }
}

// Decoded ahead on a thread of its own, or as lines are asked for: the same lines, the same
// errors at the same lines, for logs whole, cut off, damaged and of several members.
TEST_F(LineReaderTest, DecodingAheadGivesTheSameLinesAndErrors) {
  std::vector<std::string> lines;
  const std::string text = ManyLines(&lines);
  const std::string gz =
      Gzip(text.substr(0, text.size() / 3)) + std::string(5, '\0') + Gzip(text.substr(text.size() / 3));
  const std::string zst = Zstd(text.substr(0, text.size() / 2)) + Zstd(text.substr(text.size() / 2));
  std::string damaged = Gzip(text);
  for (size_t i = damaged.size() / 2; i < damaged.size() / 2 + 8; ++i) damaged[i] ^= 0x33;
  const std::vector<std::string> paths = {
      Write("two.jsonl", text),
      Write("two.jsonl.gz", gz),
      Write("two.jsonl.zst", zst),
      Write("cut.jsonl.gz", gz.substr(0, gz.size() - 20)),
      Write("cut.jsonl.zst", zst.substr(0, zst.size() - 20)),
      Write("damaged.jsonl.gz", damaged),
      Write("tail.jsonl.gz", Gzip(text) + "x"),
  };
  for (const std::string& path : paths) {
    for (size_t size : {16, 100, 4096, 128 << 10}) {
      LineReaderOptions ahead;
      ahead.buffer_size = size;
      LineReaderOptions inline_ = ahead;
      inline_.decode_ahead = false;
      const std::vector<std::string> want = ReadAll(path, inline_);
      const std::vector<std::string> got = ReadAll(path, ahead);
      if (path.find("damaged") != std::string::npos) {
        // How far a decoder gets into a damaged block before it sees the damage (at the latest,
        // at the member's checksum) depends on the room it is given to write in: both stop at
        // an error.
        for (const auto* read : {&want, &got}) {
          ASSERT_FALSE(read->empty());
          EXPECT_NE(read->back().find("corrupt gzip data"), std::string::npos) << read->back();
        }
        continue;
      }
      EXPECT_EQ(got, want) << path << " " << size;
      if (path.find("two.") != std::string::npos) {
        EXPECT_EQ(want, lines) << path;
      }
      if (path.find("two.") == std::string::npos) {
        ASSERT_FALSE(want.empty());
        EXPECT_EQ(want.back().rfind("ERROR ", 0), 0u) << path << ": " << want.back();
      }
    }
  }
}

// A reader left before the end (the caller stopped early) ends its decoding thread: neither
// a hang nor a leak, and the digest is still of the whole file.
TEST_F(LineReaderTest, AReaderLeftEarlyEndsItsDecodingThread) {
  std::vector<std::string> lines;
  const std::string gz = Gzip(ManyLines(&lines));
  const std::string path = Write("early.jsonl.gz", gz);
  LineReaderOptions options;
  options.buffer_size = 64;
  std::string whole;
  {
    auto reader = LineReader::Open(path, options);
    ASSERT_TRUE(reader.ok());
    std::string_view line;
    while ((*reader)->Next(&line)) {
    }
    whole = (*reader)->Sha256Hex();
  }
  for (int taken : {0, 1, 5}) {
    auto reader = LineReader::Open(path, options);
    ASSERT_TRUE(reader.ok());
    std::string_view line;
    for (int i = 0; i < taken; ++i) ASSERT_TRUE((*reader)->Next(&line));
    EXPECT_EQ((*reader)->Sha256Hex(), whole) << taken;
  }
  auto reader = LineReader::Open(path, options);
  ASSERT_TRUE(reader.ok());
  std::string_view line;
  ASSERT_TRUE((*reader)->Next(&line));  // then destroyed with its thread still decoding
}

TEST_F(LineReaderTest, TruncatedGzipIsAnErrorNamingThePath) {
  std::vector<std::string> lines;
  std::string gz = Gzip(ManyLines(&lines));
  for (size_t cut : {gz.size() - 1, gz.size() - 8, gz.size() / 2, size_t{12}}) {
    std::string path = Write("cut" + std::to_string(cut) + ".jsonl.gz", gz.substr(0, cut));
    std::vector<std::string> got = ReadAll(path);
    ASSERT_FALSE(got.empty());
    EXPECT_EQ(got.back().rfind("ERROR " + path + ": gzip data ends early", 0), 0u)
        << cut << ": " << got.back();
  }
}

TEST_F(LineReaderTest, TruncatedZstdIsAnError) {
  std::vector<std::string> lines;
  std::string zst = Zstd(ManyLines(&lines));
  std::string path = Write("cut.jsonl.zst", zst.substr(0, zst.size() - 3));
  std::vector<std::string> got = ReadAll(path);
  ASSERT_FALSE(got.empty());
  EXPECT_EQ(got.back().rfind("ERROR " + path + ": zstd data ends early", 0), 0u) << got.back();
}

TEST_F(LineReaderTest, CorruptGzipIsAnError) {
  std::vector<std::string> lines;
  std::string gz = Gzip(ManyLines(&lines));
  for (size_t i = gz.size() / 3; i < gz.size() / 3 + 16; ++i) gz[i] ^= 0x5a;
  std::vector<std::string> got = ReadAll(Write("bad.gz", gz));
  ASSERT_FALSE(got.empty());
  EXPECT_NE(got.back().find("corrupt gzip data"), std::string::npos) << got.back();
}

TEST_F(LineReaderTest, GarbageAfterAGzipMemberIsAnError) {
  std::vector<std::string> got = ReadAll(Write("tail.gz", Gzip("a\n") + "not gzip"));
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0], "a");
  EXPECT_NE(got[1].find("corrupt gzip data"), std::string::npos) << got[1];
}

// A line over the limit is passed over, not held: it comes back empty with its length, and
// the lines after it are read (plain and compressed, the long line last or not).
TEST_F(LineReaderTest, ALineLongerThanTheLimitIsPassedOverAndTheRestIsRead) {
  LineReaderOptions options;
  options.buffer_size = 16;
  options.max_line_length = 64;
  const std::string text = "short\n" + std::string(1000, 'x') + "\nafter\n" + std::string(200, 'z');
  for (const std::string& path : {Write("long.jsonl", text), Write("long.jsonl.gz", Gzip(text))}) {
    auto reader = LineReader::Open(path, options);
    ASSERT_TRUE(reader.ok());
    std::vector<std::pair<std::string, int64_t>> got;
    std::string_view line;
    while (reader.value()->Next(&line))
      got.emplace_back(std::string(line), reader.value()->long_line_bytes());
    EXPECT_TRUE(reader.value()->status().ok()) << reader.value()->status().message();
    std::vector<std::pair<std::string, int64_t>> want = {
        {"short", 0}, {"\n1000", 1000}, {"after", 0}, {"\n200", 200}};
    EXPECT_EQ(got, want) << path;
    EXPECT_EQ(reader.value()->line_number(), 4);
  }
  EXPECT_TRUE(IsOverLongLine("\n1000"));
  EXPECT_FALSE(IsOverLongLine("short"));
  EXPECT_FALSE(IsBlankLine("\n1000"));
  // Up to the limit is fine.
  const std::string fits = std::string(60, 'y') + "\n";
  EXPECT_EQ(ReadAll(Write("fits.jsonl", fits), options), std::vector<std::string>{std::string(60, 'y')});
}

// Lines near the limit, read where the decoding thread put them (a chunk holds several) or
// copied as they are asked for: the same lines, passed over at the same length, with the same
// numbers, whatever the ends of the lines and of the log, the buffer and the compression.
TEST_F(LineReaderTest, LinesNearTheLimitAreTheSameReadAheadInPlaceOrNot) {
  std::string text;
  for (size_t n = 0; n < 300; n += 7)
    text += std::string(n, 'a' + static_cast<char>(n % 26)) + (n % 2 ? "\r\n" : "\n");
  for (const std::string& last :
       {std::string(), std::string(99, 'u'), std::string(100, 'v'), std::string(250, 'w')}) {
    const std::string log = text + last;
    for (const std::string& path : {Write("near.jsonl", log), Write("near.jsonl.gz", Gzip(log))}) {
      for (size_t size : {16, 64, 100, 1000}) {
        LineReaderOptions ahead;
        ahead.buffer_size = size;
        ahead.max_line_length = 100;
        LineReaderOptions inline_ = ahead;
        inline_.decode_ahead = false;
        auto read = [&path](const LineReaderOptions& options) {
          std::vector<std::tuple<std::string, int64_t, int64_t, int64_t>> got;
          auto reader = LineReader::Open(path, options);
          EXPECT_TRUE(reader.ok());
          std::string_view line;
          while ((*reader)->Next(&line)) {
            got.emplace_back(std::string(line), (*reader)->long_line_bytes(), (*reader)->line_number(),
                             (*reader)->unterminated_line());
          }
          EXPECT_TRUE((*reader)->status().ok());
          return got;
        };
        const auto want = read(inline_);
        const auto got = read(ahead);
        ASSERT_EQ(got.size(), want.size()) << path << " " << size << " " << last.size();
        for (size_t i = 0; i < want.size(); ++i) {
          EXPECT_EQ(got[i], want[i]) << path << " " << size << " " << last.size() << " line " << i + 1;
        }
        // Some lines are passed over (a buffer larger than the limit holds longer lines), some
        // not: the limit is where the test means it to be.
        if (size <= 100) {
          EXPECT_TRUE(
              std::any_of(want.begin(), want.end(), [](const auto& w) { return std::get<1>(w) > 0; }));
        }
        EXPECT_TRUE(
            std::any_of(want.begin(), want.end(), [](const auto& w) { return std::get<0>(w).size() > 90; }));
      }
    }
  }
}

// A line longer than the room a chunk keeps for the line begun before it (64 KiB) is read
// whole all the same, as are the lines around it.
TEST_F(LineReaderTest, ALineLongerThanAChunksRoomIsReadWhole) {
  std::vector<std::string> want;
  std::string text;
  for (size_t n : {10, 70000, 20, 200000, 65535, 65536, 65537, 5}) {
    want.push_back(std::string(n, static_cast<char>('a' + n % 26)));
    text += want.back() + "\n";
  }
  for (size_t size : {size_t{4096}, size_t{128} << 10}) {
    LineReaderOptions options;
    options.buffer_size = size;
    EXPECT_EQ(ReadAll(Write("room.jsonl", text), options), want) << size;
    EXPECT_EQ(ReadAll(Write("room.jsonl.zst", Zstd(text)), options), want) << size;
  }
}

// The last line is said to be unterminated once it is read, when no newline ends the log.
TEST_F(LineReaderTest, UnterminatedLineIsALastLineWithNoNewline) {
  LineReaderOptions options;
  options.max_line_length = 64;
  const std::pair<std::string, int64_t> cases[] = {
      {"a\nb", 2}, {"a\nb\n", 0}, {"a\r\nb\r", 2}, {"a\n" + std::string(100, 'x'), 2}, {"", 0}};
  for (const auto& [text, want] : cases) {
    auto reader = LineReader::Open(Write("last.jsonl", text), options);
    ASSERT_TRUE(reader.ok());
    std::string_view line;
    while ((*reader)->Next(&line)) {
      EXPECT_EQ((*reader)->unterminated_line(), (*reader)->line_number() == want ? want : 0) << text;
    }
    EXPECT_EQ((*reader)->unterminated_line(), want) << text;
  }
}

TEST_F(LineReaderTest, MissingFileIsNotFound) {
  std::string path = (fs::path(dir_) / "nope.jsonl").string();
  auto reader = LineReader::Open(path);
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.status().code(), Status::Code::kNotFound);
  EXPECT_NE(reader.status().message().find(path), std::string::npos);
}

TEST_F(LineReaderTest, FolderIsAnError) {
  std::vector<std::string> got = ReadAll(dir_);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_NE(got[0].find(dir_), std::string::npos);
}

// "-" reads standard input, compressed or not: swap a file in as fd 0 for the test.
TEST_F(LineReaderTest, StandardInputIsDecompressedByContent) {
  std::string path = Write("stdin.gz", Gzip("from\nstdin\n"));
  int saved = dup(STDIN_FILENO);
  ASSERT_GE(saved, 0);
  FILE* f = std::fopen(path.c_str(), "rb");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(dup2(fileno(f), STDIN_FILENO), STDIN_FILENO);
  std::vector<std::string> got = ReadAll("-");
  dup2(saved, STDIN_FILENO);
  close(saved);
  std::fclose(f);
  EXPECT_EQ(got, (std::vector<std::string>{"from", "stdin"}));
}

TEST(IsBlankLineTest, WhitespaceOnly) {
  EXPECT_TRUE(IsBlankLine(""));
  EXPECT_TRUE(IsBlankLine("  \t \r"));
  EXPECT_FALSE(IsBlankLine(" x "));
  EXPECT_FALSE(IsBlankLine("{}"));
}

}  // namespace
}  // namespace pitboss
