// LineReader: the lines of one log, read as a stream in constant memory, whether the log
// is a plain file, gzip data (concatenated members too), zstd data, or standard input.
#ifndef PITBOSS_HISTORY_LINE_READER_H_
#define PITBOSS_HISTORY_LINE_READER_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "base/sha256.h"
#include "pitboss/status.h"

namespace pitboss {

struct LineReaderOptions {
  // Bytes read from the file per call, and the initial size of the line buffer.
  size_t buffer_size = size_t{128} << 10;
  // A line longer than this is passed over rather than held in memory (a round is a few
  // KiB, so a line this long is not a round of any log): Next returns in its place "\n"
  // followed by its length in digits (IsOverLongLine), which no line read can be, and
  // long_line_bytes() says how long it was.
  size_t max_line_length = size_t{64} << 20;
  // The bytes read are digested later, by DigestPending, not as they are read: for a line
  // pipeline, whose workers take the reader in turn and should hold it only to read. Bytes
  // that would make more than a few MiB pending (a line over the limit, passed over in one
  // Next) are digested by the reading thread as it reads them, so that they are never held.
  bool digest_later = false;
  // The log is read, digested and decoded ahead on a thread of its own, into a few chunks of
  // four times buffer_size, while lines are taken from what it decoded before: reading,
  // digesting and decoding overlap with whatever the caller does with the lines (digest_later
  // then has nothing left to do). Off: read and decoded as lines are asked for.
  bool decode_ahead = true;
  // Both worth it where one thread takes the lines, not where several take them in turn, each
  // parsing what it has just read while it is in its core's cache (a line pipeline of more than
  // one worker), and a thread of the reader's own would take a core's time from them.
  // With decode_ahead, whether a plain log (nothing to decode) is read ahead too.
  bool read_plain_ahead = true;
};

// Readable bytes that follow every line LineReader::Next returns (and every line a line
// pipeline hands to its workers), whatever they hold: what a JSON parser may read past a
// line's end (simdjson's padding), so that a line is parsed where it lies, not copied.
constexpr size_t kLinePadding = 64;
// Zero bytes that follow every line a line pipeline hands to its workers (within its
// kLinePadding): a line so followed is read where it lies by the round parser's fast path,
// which otherwise copies it to put zeros after it.
constexpr size_t kLineZeros = 16;

// Reads one log line by line. The compression is told by the data's magic bytes, not by
// the name, so compressed standard input works; a name ending in .gz or .zst whose data is
// not of that kind is an error. A UTF-8 byte order mark at the start is skipped.
// Memory stays at two buffers of buffer_size (one for compressed input, one for lines)
// unless a line is longer than a buffer, and, for a log decoded ahead, the four chunks its
// decoding thread fills. Not thread-safe (the decoding thread is its own).
class LineReader {
 public:
  enum class Compression { kNone, kGzip, kZstd };

  // `path` is a file, or "-" for standard input. A missing file is NotFound, any other
  // failure to open or to read the first bytes an IoError; messages name the path.
  static StatusOr<std::unique_ptr<LineReader>> Open(const std::string& path,
                                                    const LineReaderOptions& options = {});

  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // Sets *line to the next line, without its "\n" or "\r\n", and returns true. Blank lines
  // are returned too (see IsBlankLine). The view stays valid until the next call, and
  // kLinePadding readable bytes follow it.
  // Returns false at the end of the log or on an error: check status() then, since a
  // truncated or corrupt compressed log ends in an error, never in a silent end.
  bool Next(std::string_view* line);

  // The length in bytes of the line Next last returned when it was over max_line_length
  // (IsOverLongLine, and the reading goes on); 0 for any other line.
  int64_t long_line_bytes() const { return long_line_bytes_; }

  // The 1-based number of the line Next last returned; after the end, the number of lines.
  int64_t line_number() const { return line_number_; }

  // The number of the log's last line once Next has returned it, when no newline ends it (the
  // last byte of the log is not '\n': where a log cut off ends); else 0. Safe to read from
  // another thread while a line pipeline reads.
  int64_t unterminated_line() const { return unterminated_line_.load(std::memory_order_relaxed); }

  // Ok, or what stopped the reading, as "PATH: ..." (IoError).
  const Status& status() const { return status_; }

  const std::string& path() const { return path_; }
  Compression compression() const { return compression_; }

  // The SHA-256 of the log's bytes as stored (compressed, where they are) and their count:
  // what `sha256sum` says of the file. Reads what is left of the file first, so call it at
  // the end. After a read error, the digest of the bytes read before it.
  std::string Sha256Hex();
  // With digest_later: digests what was read so far and not yet digested, in the order read.
  // Safe to call from any thread, also while another reads; returns at once when another
  // thread is digesting (which digests what is pending).
  void DigestPending();
  // Safe to read from another thread while a line pipeline reads (for a progress line).
  int64_t bytes() const { return bytes_.load(std::memory_order_relaxed); }

 private:
  LineReader(std::string path, int fd, const LineReaderOptions& options);

  Status Init();
  bool ReadInput();                             // refills in_ from the file; false on error
  bool Fill(char* dst, size_t cap, size_t* n);  // decoded bytes; *n == 0 at the end
  // The functions below Fill run on the decoding thread when a log is decoded ahead: they touch only the
  // input side (in_, the digest, gzip_, zstd_) and say what stopped them through DecodeFail, never status_.
  bool Decode(char* dst, size_t cap, size_t* n);  // by compression_
  bool FillPlain(char* dst, size_t cap, size_t* n);
  bool FillGzip(char* dst, size_t cap, size_t* n);
  // Before a gzip member: passes over zero bytes (tape blocks, padded archives: gzip(1) ignores
  // them, and so does this reader). False where nothing else is left in in_.
  bool SkipZeros();
  bool FillZstd(char* dst, size_t cap, size_t* n);
  // Sets decode_error_ (once) and returns false; `names_line`: the number of the last line
  // returned before the failure completes the message ("... after line N").
  bool DecodeFail(std::string what, bool names_line = false);
  bool Fail(const std::string& what);  // sets status_, returns false
  bool FailDecoding();                 // status_ from decode_error_, returns false
  struct Ahead;
  void DecodeAhead();  // the decoding thread's loop
  bool FillAhead(char* dst, size_t cap, size_t* n);
  // The decoded bytes that come next, where the decoding thread put them: base_ becomes their
  // chunk, with the partial line [begin_, end_) copied before them (at most Ahead::kRoom
  // bytes). At the end sets eof_; false on a failure.
  bool TakeAhead();
  // Back to the reader's own buffer (buf_), the partial line copied to its front.
  void OwnBuffer();
  // Returns, as Next, the stand-in for a line of `bytes` over the length limit (IsOverLongLine).
  bool OverLongLine(int64_t bytes, bool unterminated, std::string_view* line);
  void StopAhead();                     // ends and joins the decoding thread, if any
  ssize_t Read(char* dst, size_t cap);  // read(2), digested (or kept for DigestPending)
  bool Hold(std::string_view bytes);    // kept for DigestPending; false past kMostPending
  void Digest();                        // what is pending, with digest_mu_ held

  std::string path_;
  std::string display_name_;  // path_, or "<stdin>"
  int fd_;
  LineReaderOptions options_;
  Compression compression_ = Compression::kNone;
  Status status_;

  // Raw bytes from the file, not yet decoded.
  std::unique_ptr<char[]> in_;
  size_t in_pos_ = 0;
  size_t in_len_ = 0;
  bool in_eof_ = false;

  struct GzipState;
  std::unique_ptr<GzipState> gzip_;
  struct ZstdState;
  std::unique_ptr<ZstdState> zstd_;
  std::unique_ptr<Ahead> ahead_;  // the decoding thread and its chunks, once started
  std::string decode_error_;      // what stopped the decoding
  bool decode_error_names_line_ = false;

  // Decoded bytes: [begin_, end_) of base_ is not yet returned; no '\n' in [begin_, scan_).
  // base_ is the reader's own buffer (buf_, of cap_ bytes and kLinePadding) or a chunk of the
  // decoding thread's (TakeAhead).
  std::unique_ptr<char[]> buf_;
  char* base_ = nullptr;
  size_t cap_ = 0;
  size_t begin_ = 0;
  size_t scan_ = 0;
  size_t end_ = 0;
  bool eof_ = false;
  bool done_ = false;
  bool skipping_ = false;        // inside a line over max_line_length
  int64_t skipped_bytes_ = 0;    // of that line so far
  int64_t long_line_bytes_ = 0;  // of the line last returned, when it was over the limit
  std::string long_line_text_;   // what Next returned for it
  int64_t line_number_ = 0;
  std::atomic<int64_t> unterminated_line_{0};
  std::unique_ptr<Sha256> digest_;
  // With digest_later: copies of what was read, not yet digested, and their spent buffers.
  std::mutex pending_mu_;                                  // pending_ and spare_
  std::mutex digest_mu_;                                   // digest_, held while digesting
  static constexpr size_t kMostPending = size_t{4} << 20;  // bytes in pending_ before Read digests them
  std::deque<std::string> pending_;
  size_t pending_bytes_ = 0;  // in pending_
  std::vector<std::string> spare_;
  std::atomic<int64_t> bytes_{0};
};

// True for what LineReader::Next returns in place of a line over the length limit: "\n" and
// its length in digits.
inline bool IsOverLongLine(std::string_view line) { return !line.empty() && line[0] == '\n'; }

// True for a line of nothing but spaces, tabs and carriage returns. The format allows
// blank lines and skips them; they still count as lines. Asked of every line read (a CSV
// export's many), and said at the first byte for any but a blank one: inline, a byte at a time.
inline bool IsBlankLine(std::string_view line) {
  for (const char c : line) {
    if (c != ' ' && c != '\t' && c != '\r') return false;
  }
  return true;
}

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_LINE_READER_H_
