// libFuzzer target: any bytes as a log file (plain, gzip or zstd by their magic), read to
// the end with small buffers so that lines, members and frames straddle refills.
// Reading must end, with the lines or an error; never a crash or a hang.

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "history/line_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  int fd = memfd_create("log", 0);
  if (fd < 0) return 0;
  size_t written = 0;
  while (written < size) {
    ssize_t n = write(fd, data + written, size - written);
    if (n <= 0) break;
    written += static_cast<size_t>(n);
  }
  // The first byte picks the buffer size, so the fuzzer explores the refill boundaries.
  pitboss::LineReaderOptions options;
  options.buffer_size = 16 + (size > 0 ? data[0] : 0);
  options.max_line_length = 1 << 16;
  auto reader = pitboss::LineReader::Open("/proc/self/fd/" + std::to_string(fd), options);
  if (reader.ok()) {
    std::string_view line;
    int64_t lines = 0;
    while ((*reader)->Next(&line)) {
      ++lines;
      if ((*reader)->line_number() != lines) std::abort();
      // A line over the limit comes back as "\n" and its length (IsOverLongLine), the one text
      // with a newline; any other line holds none.
      if (pitboss::IsOverLongLine(line)) {
        if ((*reader)->long_line_bytes() <= static_cast<int64_t>(options.max_line_length)) std::abort();
      } else if (line.find('\n') != std::string_view::npos || (*reader)->long_line_bytes() != 0) {
        std::abort();
      }
    }
    if ((*reader)->line_number() != lines) std::abort();
  }
  close(fd);
  return 0;
}
