#include "base/read_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace pitboss {

namespace {

std::string KindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO (a named pipe)";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISREG(mode)) return "";
  return "not a regular file";
}

std::string Why(int error) {
  if (error == ELOOP) return "a loop of symbolic links (or too many of them)";
  if (error == ENOENT) return "no such file (or a link to a file that does not exist)";
  return std::strerror(error);
}

}  // namespace

std::string FileKind(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "";
  return KindOf(st.st_mode);
}

StatusOr<std::string> ReadRegularFile(const std::string& path, size_t max_bytes) {
  // Opened without waiting (a FIFO would wait for a writer), then told what it is.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return Status::NotFound(path + ": " + Why(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int error = errno;
    ::close(fd);
    return Status::IoError(path + ": " + Why(error));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return Status::InvalidArgument(path + ": " + KindOf(st.st_mode) + ", not a file: not read");
  }
  if (static_cast<size_t>(st.st_size) > max_bytes) {
    ::close(fd);
    return Status::InvalidArgument(path + ": " + std::to_string(st.st_size) + " bytes, over the limit of " +
                                   std::to_string(max_bytes));
  }
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  std::string bytes;
  bytes.reserve(static_cast<size_t>(st.st_size));
  char buf[1 << 16];
  while (true) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int error = errno;
      ::close(fd);
      return Status::IoError(path + ": " + Why(error));
    }
    if (n == 0) break;
    bytes.append(buf, static_cast<size_t>(n));
    if (bytes.size() > max_bytes) {
      ::close(fd);
      return Status::InvalidArgument(path + ": over the limit of " + std::to_string(max_bytes) + " bytes");
    }
  }
  ::close(fd);
  return bytes;
}

}  // namespace pitboss
