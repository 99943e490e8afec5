// Reading a whole file the user names (a spec, a part, a source text, a dialect), as a file
// and nothing else: a FIFO, a device or a folder is refused at once with what it is (opening a
// FIFO to read would wait for a writer for ever), as is a link that leads nowhere.
#ifndef PITBOSS_BASE_READ_FILE_H_
#define PITBOSS_BASE_READ_FILE_H_

#include <cstddef>
#include <string>

#include "pitboss/status.h"

namespace pitboss {

// The bytes of the regular file at `path` (a link to one is followed), at most `max_bytes`.
// Fails with a message that says why: no such file, a loop of links, not a regular file (and
// what it is), too large, or the system's error.
StatusOr<std::string> ReadRegularFile(const std::string& path, size_t max_bytes = size_t{1} << 30);

// What the file at `path` is, for a message: "a FIFO", "a folder", "a device"... ("" for a
// regular file or where it cannot be told).
std::string FileKind(const std::string& path);

}  // namespace pitboss

#endif  // PITBOSS_BASE_READ_FILE_H_
