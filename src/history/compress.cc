#include "history/compress.h"

#include <zlib.h>
#include <zstd.h>

namespace pitboss {

namespace {

Status AppendGzip(std::string_view data, std::string* out) {
  z_stream z{};
  // 15 + 16: a gzip wrapper around a deflate stream of the largest window.
  if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    return Status::IoError("cannot start gzip compression");
  }
  const size_t start = out->size();
  out->resize(start + deflateBound(&z, data.size()) + 32);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out->data() + start);
  z.avail_out = static_cast<uInt>(out->size() - start);
  const int r = deflate(&z, Z_FINISH);
  const size_t written = out->size() - start - z.avail_out;
  deflateEnd(&z);
  if (r != Z_STREAM_END) {
    out->resize(start);
    return Status::IoError("gzip compression failed");
  }
  out->resize(start + written);
  return Status::Ok();
}

Status AppendZstd(std::string_view data, std::string* out) {
  const size_t start = out->size();
  out->resize(start + ZSTD_compressBound(data.size()));
  const size_t n = ZSTD_compress(out->data() + start, out->size() - start, data.data(), data.size(), 3);
  if (ZSTD_isError(n)) {
    out->resize(start);
    return Status::IoError(std::string("zstd compression failed: ") + ZSTD_getErrorName(n));
  }
  out->resize(start + n);
  return Status::Ok();
}

}  // namespace

Status AppendCompressed(LogCompression compression, std::string_view data, std::string* out) {
  switch (compression) {
    case LogCompression::kNone:
      out->append(data);
      return Status::Ok();
    case LogCompression::kGzip:
      // deflate counts its input in 32 bits: feed a larger piece as several members.
      for (size_t at = 0; at < data.size(); at += size_t{1} << 30) {
        if (Status s = AppendGzip(data.substr(at, size_t{1} << 30), out); !s.ok()) return s;
      }
      return Status::Ok();
    case LogCompression::kZstd:
      return AppendZstd(data, out);
  }
  return Status::InvalidArgument("unknown compression");
}

std::string_view CompressionExtension(LogCompression compression) {
  switch (compression) {
    case LogCompression::kNone:
      return "";
    case LogCompression::kGzip:
      return ".gz";
    case LogCompression::kZstd:
      return ".zst";
  }
  return "";
}

}  // namespace pitboss
