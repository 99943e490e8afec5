// Compressing the logs pitboss writes (`pitboss split`'s shards) in pieces, each piece a
// gzip member or a zstd frame of its own: concatenated, they are one valid .gz or .zst file
// (as `cat a.gz b.gz` is), which gzip, zstd and LineReader read whole.
#ifndef PITBOSS_HISTORY_COMPRESS_H_
#define PITBOSS_HISTORY_COMPRESS_H_

#include <string>
#include <string_view>

#include "pitboss/status.h"

namespace pitboss {

enum class LogCompression { kNone, kGzip, kZstd };

// Appends `data` to *out: as it is, as one gzip member, or as one zstd frame.
Status AppendCompressed(LogCompression compression, std::string_view data, std::string* out);

// The file name extension of a compression: "", ".gz", ".zst".
std::string_view CompressionExtension(LogCompression compression);

}  // namespace pitboss

#endif  // PITBOSS_HISTORY_COMPRESS_H_
