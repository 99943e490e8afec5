// LineReader: buffered reads, decoding in place, lines as views into one buffer.

#include "history/line_reader.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>
#ifdef PITBOSS_HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <system_error>
#include <thread>

namespace pitboss {

namespace {

constexpr unsigned char kGzipMagic[] = {0x1f, 0x8b};
constexpr unsigned char kZstdMagic[] = {0x28, 0xb5, 0x2f, 0xfd};
constexpr std::string_view kUtf8Bom = "\xef\xbb\xbf";

bool HasMagic(const char* data, size_t len, const unsigned char* magic, size_t magic_len) {
  return len >= magic_len && std::memcmp(data, magic, magic_len) == 0;
}

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

#ifdef PITBOSS_HAVE_ISAL
// gzip decoded by ISA-L's igzip, several times faster than zlib's inflate, where the build
// found it (libisal-dev); zlib's otherwise.
struct LineReader::GzipState {
  inflate_state z{};         // large (tens of KiB): GzipState lives on the heap
  bool member_open = false;  // inside a gzip member: its end is still to come

  GzipState() { Start(); }
  void Start() {
    isal_inflate_init(&z);
    z.crc_flag = ISAL_GZIP;  // the gzip header and trailer read, the CRC-32 checked
  }
};

namespace {

std::string IsalError(int code) {
  switch (code) {
    case ISAL_INVALID_BLOCK:
      return "invalid deflate block";
    case ISAL_INVALID_SYMBOL:
      return "invalid code";
    case ISAL_INVALID_LOOKBACK:
      return "invalid distance too far back";
    case ISAL_INVALID_WRAPPER:
      return "incorrect header check";
    case ISAL_UNSUPPORTED_METHOD:
      return "unknown compression method";
    case ISAL_INCORRECT_CHECKSUM:
      return "incorrect data check";
    default:
      return "error " + std::to_string(code);
  }
}

}  // namespace
#else
struct LineReader::GzipState {
  z_stream z{};
  bool initialized = false;
  bool member_open = false;  // inside a gzip member: its end is still to come

  ~GzipState() {
    if (initialized) inflateEnd(&z);
  }
};
#endif

// The decoding thread of a compressed log and the chunks it fills: each chunk is the
// thread's (free), then waits to be read (filled, in order), then is the reader's (current)
// until spent, and is free again.
//
// The reader takes a chunk's bytes where they lie (TakeAhead), not copied into its own buffer:
// a chunk has kRoom bytes before its decoded bytes, where the line begun in the chunk before
// is copied, and kLinePadding after them.
struct LineReader::Ahead {
  static constexpr size_t kChunks = 4;
  static constexpr size_t kNone = static_cast<size_t>(-1);
  static constexpr size_t kRoom = size_t{64} << 10;  // for a line begun in the chunk before
  struct Chunk {
    std::unique_ptr<char[]> data;  // decoded bytes from data + kRoom
    size_t size = 0;
    char* bytes() const { return data.get() + kRoom; }
  };
  explicit Ahead(size_t chunk_size) : chunk_size(chunk_size) {
    for (size_t i = 0; i < kChunks; ++i) {
      chunks[i].data = std::make_unique<char[]>(kRoom + chunk_size + kLinePadding);
      free.push_back(i);
    }
  }

  const size_t chunk_size;
  Chunk chunks[kChunks];
  std::mutex mu;  // what follows, but the current chunk's bytes, which only the reader reads
  std::condition_variable cv;
  std::vector<size_t> free;
  std::deque<size_t> filled;
  bool ended = false;   // the thread has filled its last chunk: the end, or a failure
  bool failed = false;  // decode_error_ says why (written before `ended`, under mu)
  bool stop = false;    // asked to end
  size_t current = kNone;
  size_t pos = 0;  // in current
  std::thread thread;
};

struct LineReader::ZstdState {
  ZSTD_DStream* stream = nullptr;
  bool frame_open = false;  // inside a zstd frame: its end is still to come

  ~ZstdState() { ZSTD_freeDStream(stream); }
};

LineReader::LineReader(std::string path, int fd, const LineReaderOptions& options)
    : path_(std::move(path)), fd_(fd), options_(options), digest_(std::make_unique<Sha256>()) {
  display_name_ = path_ == "-" ? "<stdin>" : path_;
  options_.buffer_size = std::max<size_t>(options_.buffer_size, 16);
  options_.max_line_length = std::max<size_t>(options_.max_line_length, 1);
  in_ = std::make_unique<char[]>(options_.buffer_size);
  cap_ = options_.buffer_size;
  buf_ = std::make_unique<char[]>(cap_ + kLinePadding);
  base_ = buf_.get();
}

LineReader::~LineReader() {
  StopAhead();
  if (fd_ > STDIN_FILENO) close(fd_);
}

StatusOr<std::unique_ptr<LineReader>> LineReader::Open(const std::string& path,
                                                       const LineReaderOptions& options) {
  int fd = STDIN_FILENO;
  if (path != "-") {
    do {
      fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
      int err = errno;
      std::string msg = path + ": " + std::strerror(err);
      if (err == ENOENT) return Status::NotFound(std::move(msg));
      return Status::IoError(std::move(msg));
    }
  }
  std::unique_ptr<LineReader> reader(new LineReader(path, fd, options));
  Status s = reader->Init();
  if (!s.ok()) return s;
  return reader;
}

Status LineReader::Init() {
  // A pipe may hand over fewer bytes than asked, so read until the longest magic is in.
  while (in_len_ < sizeof(kZstdMagic) && !in_eof_) {
    if (!ReadInput()) {
      FailDecoding();
      return status_;
    }
  }
  if (HasMagic(in_.get(), in_len_, kGzipMagic, sizeof(kGzipMagic))) {
    compression_ = Compression::kGzip;
    gzip_ = std::make_unique<GzipState>();
#ifndef PITBOSS_HAVE_ISAL
    // 15 + 16: the largest window, gzip wrapper only.
    if (inflateInit2(&gzip_->z, 15 + 16) != Z_OK) {
      Fail("cannot start gzip decoding");
      return status_;
    }
    gzip_->initialized = true;
#endif
  } else if (HasMagic(in_.get(), in_len_, kZstdMagic, sizeof(kZstdMagic))) {
    compression_ = Compression::kZstd;
    zstd_ = std::make_unique<ZstdState>();
    zstd_->stream = ZSTD_createDStream();
    if (zstd_->stream == nullptr || ZSTD_isError(ZSTD_initDStream(zstd_->stream))) {
      Fail("cannot start zstd decoding");
      return status_;
    }
  }
  // A damaged or mislabelled archive read as text would turn into a flood of malformed
  // lines; better to say what is wrong with the file.
  if (EndsWith(path_, ".gz") && compression_ != Compression::kGzip) {
    Fail("not gzip data, though the name ends in .gz");
  } else if (EndsWith(path_, ".zst") && compression_ != Compression::kZstd) {
    Fail("not zstd data, though the name ends in .zst");
  }
  return status_;
}

bool LineReader::Fail(const std::string& what) {
  if (status_.ok()) status_ = Status::IoError(display_name_ + ": " + what);
  return false;
}

bool LineReader::DecodeFail(std::string what, bool names_line) {
  if (decode_error_.empty()) {
    decode_error_ = std::move(what);
    decode_error_names_line_ = names_line;
  }
  return false;
}

bool LineReader::FailDecoding() {
  return Fail(decode_error_names_line_ ? decode_error_ + std::to_string(line_number_) : decode_error_);
}

ssize_t LineReader::Read(char* dst, size_t cap) {
  ssize_t n;
  do {
    n = read(fd_, dst, cap);
  } while (n < 0 && errno == EINTR);
  if (n > 0) {
    const std::string_view bytes(dst, static_cast<size_t>(n));
    if (!options_.digest_later || ahead_ != nullptr) {
      digest_->Update(bytes);
    } else if (!Hold(bytes)) {
      // More than may be held (a line over the limit, read in one Next): digested here, after
      // what is pending, which was read before it.
      std::lock_guard<std::mutex> digesting(digest_mu_);
      Digest();
      digest_->Update(bytes);
    }
    bytes_.fetch_add(n, std::memory_order_relaxed);
  }
  return n;
}

bool LineReader::Hold(std::string_view bytes) {
  std::lock_guard<std::mutex> lock(pending_mu_);
  if (pending_bytes_ + bytes.size() > kMostPending) return false;
  std::string piece;
  if (!spare_.empty()) {
    piece = std::move(spare_.back());
    spare_.pop_back();
  }
  piece.assign(bytes);
  pending_.push_back(std::move(piece));
  pending_bytes_ += bytes.size();
  return true;
}

std::string LineReader::Sha256Hex() {
  StopAhead();  // which reads no more: the rest is read here
  if (fd_ >= 0) {
    // Bytes past the end of the compressed stream, or past damage, or not yet read: part of
    // the file too. A read error ends it.
    char rest[1 << 16];
    while (Read(rest, sizeof rest) > 0) {
    }
  }
  std::lock_guard<std::mutex> digesting(digest_mu_);  // waits for a thread digesting
  Digest();
  return digest_->Hex();
}

void LineReader::DigestPending() {
  std::unique_lock<std::mutex> digesting(digest_mu_, std::try_to_lock);
  if (digesting.owns_lock()) Digest();
}

void LineReader::Digest() {
  for (;;) {
    std::string piece;
    {
      std::lock_guard<std::mutex> lock(pending_mu_);
      if (pending_.empty()) return;
      piece = std::move(pending_.front());
      pending_.pop_front();
      pending_bytes_ -= piece.size();
    }
    digest_->Update(piece);
    std::lock_guard<std::mutex> lock(pending_mu_);
    spare_.push_back(std::move(piece));
  }
}

bool LineReader::ReadInput() {
  if (in_pos_ > 0) {  // what is left unread goes to the front, to make room after it
    std::memmove(in_.get(), in_.get() + in_pos_, in_len_ - in_pos_);
    in_len_ -= in_pos_;
    in_pos_ = 0;
  }
  size_t room = options_.buffer_size - in_len_;
  if (room == 0) return true;
  ssize_t n = Read(in_.get() + in_len_, room);
  if (n < 0) return DecodeFail(std::string("read error: ") + std::strerror(errno));
  if (n == 0) in_eof_ = true;
  in_len_ += static_cast<size_t>(n);
  return true;
}

bool LineReader::Fill(char* dst, size_t cap, size_t* n) {
  *n = 0;
  if (options_.decode_ahead && (compression_ != Compression::kNone || options_.read_plain_ahead)) {
    if (ahead_ == nullptr) {
      // The thread digests what it reads as it reads it, after what was read before it
      // started (the magic bytes), which is digested here first.
      {
        std::lock_guard<std::mutex> digesting(digest_mu_);
        Digest();
      }
      ahead_ = std::make_unique<Ahead>(options_.buffer_size * 4);
      try {
        ahead_->thread = std::thread([this] { DecodeAhead(); });
      } catch (const std::system_error&) {
        // No thread to be had (a process limit, an address space too small for its stack):
        // decoded as lines are asked for.
        ahead_.reset();
        options_.decode_ahead = false;
      }
    }
    if (ahead_ != nullptr) return FillAhead(dst, cap, n) || FailDecoding();
  }
  return Decode(dst, cap, n) || FailDecoding();
}

void LineReader::DecodeAhead() {
  Ahead& a = *ahead_;
  for (;;) {
    size_t index;
    {
      std::unique_lock<std::mutex> lock(a.mu);
      a.cv.wait(lock, [&a] { return a.stop || !a.free.empty(); });
      if (a.stop) return;
      index = a.free.back();
      a.free.pop_back();
    }
    Ahead::Chunk& chunk = a.chunks[index];
    chunk.size = 0;
    bool ok = true;
    bool end = false;
    while (chunk.size < a.chunk_size) {
      size_t got = 0;
      if (!Decode(chunk.bytes() + chunk.size, a.chunk_size - chunk.size, &got)) {
        ok = false;
        break;
      }
      if (got == 0) {
        end = true;
        break;
      }
      chunk.size += got;
    }
    {
      std::lock_guard<std::mutex> lock(a.mu);
      if (chunk.size > 0) {
        a.filled.push_back(index);
      } else {
        a.free.push_back(index);
      }
      a.ended = !ok || end;
      a.failed = !ok;
    }
    a.cv.notify_all();
    if (!ok || end) return;
  }
}

bool LineReader::FillAhead(char* dst, size_t cap, size_t* n) {
  Ahead& a = *ahead_;
  std::unique_lock<std::mutex> lock(a.mu);
  for (;;) {
    if (a.current != Ahead::kNone) {
      const Ahead::Chunk& chunk = a.chunks[a.current];
      if (a.pos < chunk.size) {
        *n = std::min(cap, chunk.size - a.pos);
        const char* from = chunk.bytes() + a.pos;
        a.pos += *n;
        lock.unlock();  // the current chunk is the reader's alone
        std::memcpy(dst, from, *n);
        return true;
      }
      a.free.push_back(a.current);
      a.current = Ahead::kNone;
      a.cv.notify_all();
    }
    a.cv.wait(lock, [&a] { return !a.filled.empty() || a.ended; });
    if (a.filled.empty()) return !a.failed;  // the end (*n == 0), or what stopped the thread
    a.current = a.filled.front();
    a.filled.pop_front();
    a.pos = 0;
  }
}

bool LineReader::TakeAhead() {
  Ahead& a = *ahead_;
  size_t index;
  size_t from;  // where in the chunk its bytes not yet read start
  {
    std::unique_lock<std::mutex> lock(a.mu);
    if (a.current != Ahead::kNone && a.pos < a.chunks[a.current].size) {
      index = a.current;  // the rest of the chunk FillAhead copied from
      from = a.pos;
    } else {
      a.cv.wait(lock, [&a] { return !a.filled.empty() || a.ended; });
      if (a.filled.empty()) {
        if (a.failed) {
          lock.unlock();
          return FailDecoding();
        }
        eof_ = true;
        return true;
      }
      index = a.filled.front();
      a.filled.pop_front();
      from = 0;
    }
  }
  Ahead::Chunk& chunk = a.chunks[index];
  const size_t keep = end_ - begin_;  // at most kRoom (Next)
  const size_t start = Ahead::kRoom + from - keep;
  std::memcpy(chunk.data.get() + start, base_ + begin_, keep);
  {
    std::lock_guard<std::mutex> lock(a.mu);
    if (a.current != index && a.current != Ahead::kNone) a.free.push_back(a.current);
    a.current = index;
    a.pos = chunk.size;  // the reader's until the next chunk is taken
  }
  a.cv.notify_all();
  base_ = chunk.data.get();
  scan_ = start + (scan_ - begin_);
  begin_ = start;
  end_ = Ahead::kRoom + chunk.size;
  return true;
}

void LineReader::OwnBuffer() {
  if (base_ == buf_.get()) return;
  const size_t keep = end_ - begin_;  // under the limit (Next), which cap_ may reach
  if (keep > cap_) {
    cap_ = keep;
    buf_ = std::make_unique<char[]>(cap_ + kLinePadding);
  }
  std::memcpy(buf_.get(), base_ + begin_, keep);
  scan_ -= begin_;
  end_ = keep;
  begin_ = 0;
  base_ = buf_.get();
  Ahead& a = *ahead_;
  {
    std::lock_guard<std::mutex> lock(a.mu);
    a.free.push_back(a.current);  // read to its end (TakeAhead)
    a.current = Ahead::kNone;
  }
  a.cv.notify_all();
}

void LineReader::StopAhead() {
  if (ahead_ == nullptr || !ahead_->thread.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(ahead_->mu);
    ahead_->stop = true;
  }
  ahead_->cv.notify_all();
  ahead_->thread.join();
}

bool LineReader::Decode(char* dst, size_t cap, size_t* n) {
  *n = 0;
  switch (compression_) {
    case Compression::kNone:
      return FillPlain(dst, cap, n);
    case Compression::kGzip:
      return FillGzip(dst, cap, n);
    case Compression::kZstd:
      return FillZstd(dst, cap, n);
  }
  return false;
}

bool LineReader::FillPlain(char* dst, size_t cap, size_t* n) {
  // The bytes read to look for a magic number come first; after them, straight from the
  // file into the line buffer.
  if (in_pos_ < in_len_) {
    *n = std::min(cap, in_len_ - in_pos_);
    std::memcpy(dst, in_.get() + in_pos_, *n);
    in_pos_ += *n;
    return true;
  }
  if (in_eof_) return true;
  ssize_t got = Read(dst, cap);
  if (got < 0) return DecodeFail(std::string("read error: ") + std::strerror(errno));
  if (got == 0) in_eof_ = true;
  *n = static_cast<size_t>(got);
  return true;
}

bool LineReader::SkipZeros() {
  while (in_pos_ < in_len_ && in_[in_pos_] == '\0') ++in_pos_;
  return in_pos_ < in_len_;
}

#ifdef PITBOSS_HAVE_ISAL
bool LineReader::FillGzip(char* dst, size_t cap, size_t* n) {
  inflate_state& z = gzip_->z;
  for (;;) {
    if (in_pos_ == in_len_ && !in_eof_ && !ReadInput()) return false;
    if (!gzip_->member_open && !SkipZeros()) {
      if (in_eof_) return true;
      continue;
    }
    if (!gzip_->member_open) {
      // What follows a member is another member or nothing: igzip would wait for a whole
      // header before judging bytes that cannot begin one.
      if (in_len_ - in_pos_ < sizeof(kGzipMagic) && !in_eof_) {
        if (!ReadInput()) return false;
        continue;
      }
      if (!HasMagic(in_.get() + in_pos_, in_len_ - in_pos_, kGzipMagic, sizeof(kGzipMagic)))
        return DecodeFail("corrupt gzip data: incorrect header check");
    }
    z.next_in = reinterpret_cast<uint8_t*>(in_.get() + in_pos_);
    z.avail_in = static_cast<uint32_t>(std::min<size_t>(in_len_ - in_pos_, UINT32_MAX));
    z.next_out = reinterpret_cast<uint8_t*>(dst);
    z.avail_out = static_cast<uint32_t>(std::min<size_t>(cap, UINT32_MAX));
    const uint32_t avail_in = z.avail_in;
    const uint32_t avail_out = z.avail_out;
    const int r = isal_inflate(&z);
    const size_t consumed = avail_in - z.avail_in;
    in_pos_ += consumed;
    *n = avail_out - z.avail_out;
    if (r < 0) return DecodeFail("corrupt gzip data: " + IsalError(r));
    if (z.block_state == ISAL_BLOCK_FINISH) {
      // Concatenated members (as `cat a.gz b.gz` or pigz make) are one stream: go on with
      // the next member, if any bytes follow. (igzip gives back the bytes it read past a
      // member's end.)
      gzip_->member_open = false;
      gzip_->Start();
    } else if (consumed > 0 || *n > 0) {
      gzip_->member_open = true;
    }
    if (*n > 0) return true;
    if (in_pos_ == in_len_ && in_eof_) {
      if (gzip_->member_open) return DecodeFail("gzip data ends early (truncated file?) after line ", true);
      return true;
    }
    if (consumed == 0 && in_pos_ < in_len_) {
      // Nothing taken from what is there: more is needed after it.
      if (in_eof_) return DecodeFail("gzip data ends early (truncated file?) after line ", true);
      const size_t before = in_len_ - in_pos_;
      if (!ReadInput()) return false;
      if (in_len_ == before && !in_eof_)
        return DecodeFail("corrupt gzip data: a header longer than the input buffer");
    }
  }
}
#else
bool LineReader::FillGzip(char* dst, size_t cap, size_t* n) {
  z_stream& z = gzip_->z;
  for (;;) {
    if (in_pos_ == in_len_ && !in_eof_ && !ReadInput()) return false;
    if (!gzip_->member_open && !SkipZeros()) {
      if (in_eof_) return true;
      continue;
    }
    z.next_in = reinterpret_cast<Bytef*>(in_.get() + in_pos_);
    z.avail_in = static_cast<uInt>(std::min<size_t>(in_len_ - in_pos_, UINT32_MAX));
    z.next_out = reinterpret_cast<Bytef*>(dst);
    z.avail_out = static_cast<uInt>(std::min<size_t>(cap, UINT32_MAX));
    uInt avail_in = z.avail_in;
    int r = inflate(&z, Z_NO_FLUSH);
    size_t consumed = avail_in - z.avail_in;
    in_pos_ += consumed;
    *n = cap - z.avail_out;
    if (r == Z_STREAM_END) {
      // Concatenated members (as `cat a.gz b.gz` or pigz make) are one stream: go on
      // with the next member, if any bytes follow.
      gzip_->member_open = false;
      if (inflateReset(&z) != Z_OK) return DecodeFail("cannot restart gzip decoding");
    } else if (r == Z_OK || r == Z_BUF_ERROR) {
      if (consumed > 0 || *n > 0) gzip_->member_open = true;
    } else {
      return DecodeFail(std::string("corrupt gzip data: ") + (z.msg ? z.msg : zError(r)));
    }
    if (*n > 0) return true;
    if (in_pos_ == in_len_ && in_eof_) {
      if (gzip_->member_open) {
        return DecodeFail("gzip data ends early (truncated file?) after line ", true);
      }
      return true;
    }
  }
}
#endif

bool LineReader::FillZstd(char* dst, size_t cap, size_t* n) {
  for (;;) {
    if (in_pos_ == in_len_ && !in_eof_ && !ReadInput()) return false;
    ZSTD_inBuffer in{in_.get(), in_len_, in_pos_};
    ZSTD_outBuffer out{dst, cap, 0};
    size_t r = ZSTD_decompressStream(zstd_->stream, &out, &in);
    if (ZSTD_isError(r)) {
      // A frame that needs a larger window than the reader allows (zstd's default, 128 MiB:
      // `zstd --long=31` writes 2 GiB ones) is not corrupt: it says what to do about it.
      if (ZSTD_getErrorCode(r) == ZSTD_error_frameParameter_windowTooLarge)
        return DecodeFail(
            "zstd data compressed with a window larger than 128 MiB (zstd --long?): not read, to keep "
            "memory bounded; recompress it without --long, or with a window of at most 2^27 (zstd "
            "--long=27)");
      return DecodeFail(std::string("corrupt zstd data: ") + ZSTD_getErrorName(r));
    }
    bool progress = in.pos > in_pos_ || out.pos > 0;
    in_pos_ = in.pos;
    *n = out.pos;
    // 0 means a frame is fully decoded and flushed; another may follow.
    if (r == 0) {
      zstd_->frame_open = false;
    } else if (progress) {
      zstd_->frame_open = true;
    }
    if (*n > 0) return true;
    if (in_pos_ == in_len_ && in_eof_) {
      if (zstd_->frame_open) {
        return DecodeFail("zstd data ends early (truncated file?) after line ", true);
      }
      return true;
    }
  }
}

bool LineReader::OverLongLine(int64_t bytes, bool unterminated, std::string_view* line) {
  long_line_bytes_ = bytes;
  ++line_number_;
  if (unterminated) unterminated_line_.store(line_number_, std::memory_order_relaxed);
  long_line_text_.assign(1, '\n');
  long_line_text_ += std::to_string(bytes);
  long_line_text_.reserve(long_line_text_.size() + kLinePadding);
  *line = long_line_text_;
  return true;
}

bool LineReader::Next(std::string_view* line) {
  if (done_ || !status_.ok()) return false;
  long_line_bytes_ = 0;
  for (;;) {
    if (skipping_) {
      char* base = buf_.get();  // a line over the limit is passed over in the reader's own buffer
      // The rest of a line over the limit: passed over up to its newline, then returned as
      // one empty line whose long_line_bytes() says how long it was.
      auto* nl = static_cast<char*>(std::memchr(base + begin_, '\n', end_ - begin_));
      if (nl == nullptr && !eof_) {
        skipped_bytes_ += static_cast<int64_t>(end_ - begin_);
        begin_ = scan_ = end_ = 0;
        size_t got = 0;
        if (!Fill(base, cap_, &got)) return false;
        if (got == 0) eof_ = true;
        end_ = got;
        continue;
      }
      size_t stop = nl != nullptr ? static_cast<size_t>(nl - base) : end_;
      skipped_bytes_ += static_cast<int64_t>(stop - begin_);
      begin_ = scan_ = nl != nullptr ? stop + 1 : end_;
      skipping_ = false;
      return OverLongLine(skipped_bytes_, nl == nullptr, line);
    }
    char* base = base_;
    auto* nl = static_cast<char*>(std::memchr(base + scan_, '\n', end_ - scan_));
    size_t stop;  // one past the line's last byte
    bool unterminated = false;
    if (nl != nullptr) {
      stop = nl - base;
      scan_ = stop + 1;
    } else if (eof_ && begin_ < end_) {
      stop = end_;  // a last line without its newline
      scan_ = end_;
      unterminated = true;
    } else if (eof_) {
      done_ = true;
      return false;
    } else {
      scan_ = end_;
      // A log decoded ahead: its next bytes are read where they lie, the partial line copied
      // before them (TakeAhead), while it is short.
      const size_t limit = std::max(cap_, options_.max_line_length);  // a line this long is over it
      if (ahead_ != nullptr && end_ - begin_ <= Ahead::kRoom && end_ - begin_ < limit) {
        if (!TakeAhead()) return false;
        continue;
      }
      if (end_ - begin_ >= limit) {
        // Begun in a chunk and over the limit already: passed over from here, as below.
        skipping_ = true;
        skipped_bytes_ = static_cast<int64_t>(end_ - begin_);
        begin_ = scan_ = end_ = 0;
        OwnBuffer();
        continue;
      }
      OwnBuffer();
      base = base_;
      // Make room: move the partial line to the front, and grow only when the partial
      // line alone fills the buffer.
      if (begin_ > 0) {
        std::memmove(base, base + begin_, end_ - begin_);
        end_ -= begin_;
        scan_ -= begin_;
        begin_ = 0;
      }
      if (end_ == cap_) {
        if (cap_ >= options_.max_line_length) {
          // Not a round of any log: pass over it rather than hold it, and go on.
          skipping_ = true;
          skipped_bytes_ = static_cast<int64_t>(end_);
          begin_ = scan_ = end_ = 0;
          continue;
        }
        size_t new_cap = std::min(cap_ * 2, options_.max_line_length);
        auto bigger = std::make_unique<char[]>(new_cap + kLinePadding);
        std::memcpy(bigger.get(), base, end_);
        buf_ = std::move(bigger);
        base_ = buf_.get();
        cap_ = new_cap;
      }
      size_t got = 0;
      if (!Fill(buf_.get() + end_, cap_ - end_, &got)) return false;
      if (got == 0) eof_ = true;
      end_ += got;
      continue;
    }
    size_t start = begin_;
    begin_ = scan_;
    if (stop - start >= std::max(cap_, options_.max_line_length)) {
      // Over the limit, read in a chunk of the decoding thread's (TakeAhead), or found at the
      // end of the log once the last of it was: as the reader's own buffer would have passed
      // over it (a line of cap_ bytes fills it before its newline, or the end, is seen).
      return OverLongLine(static_cast<int64_t>(stop - start), unterminated, line);
    }
    size_t len = stop - start;
    if (len > 0 && base[start + len - 1] == '\r') --len;
    std::string_view text(base + start, len);
    if (line_number_ == 0 && text.substr(0, kUtf8Bom.size()) == kUtf8Bom) {
      text.remove_prefix(kUtf8Bom.size());
    }
    ++line_number_;
    if (unterminated) unterminated_line_.store(line_number_, std::memory_order_relaxed);
    *line = text;
    return true;
  }
}

}  // namespace pitboss
