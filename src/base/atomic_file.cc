#include "base/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <streambuf>

#include "base/temporaries.h"

namespace pitboss {

namespace {

namespace fs = std::filesystem;

Status CannotWrite(const std::string& path, int error) {
  return Status::IoError("cannot write " + path + ": " + std::strerror(error));
}

// A stream buffer onto a file descriptor that keeps the first error of write(2).
class FdBuffer : public std::streambuf {
 public:
  explicit FdBuffer(int fd) : fd_(fd) { setp(buffer_, buffer_ + sizeof buffer_); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (Drain() != 0) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return Drain(); }

 private:
  int Drain() {
    for (const char* p = pbase(); p < pptr() && error_ == 0;) {
      ssize_t n = ::write(fd_, p, static_cast<size_t>(pptr() - p));
      if (n < 0 && errno != EINTR) error_ = errno;
      if (n > 0) p += n;
    }
    setp(buffer_, buffer_ + sizeof buffer_);
    return error_ == 0 ? 0 : -1;
  }

  int fd_;
  int error_ = 0;
  char buffer_[1 << 16];
};

// Runs `write` onto `fd`. A failed write(2) is the error, with its reason, whatever `write`
// returns; else what `write` returns.
Status WriteToFd(int fd, const std::string& path, const std::function<Status(std::ostream&)>& write) {
  FdBuffer buffer(fd);
  std::ostream out(&buffer);
  Status s = write(out);
  out.flush();
  if (buffer.error() != 0) return CannotWrite(path, buffer.error());
  return s;
}

}  // namespace

std::string LinkTarget(const std::string& path) {
  std::error_code ec;
  if (!fs::is_symlink(path, ec)) return path;
  fs::path target = fs::weakly_canonical(path, ec);
  return ec ? path : target.string();
}

mode_t NewFileMode() {
  mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

StatusOr<NewFile> CreateBeside(const std::string& target, std::string_view tag, const std::string& shown) {
  fs::path t(target);
  NewFile file;
  file.path = (t.parent_path() / ("." + t.filename().string() + "." + std::string(tag) + "." +
                                  std::to_string(::getpid()) + ".XXXXXX"))
                  .string();
  // mkstemp opens with O_CREAT|O_EXCL: a name already taken, by a file or a link, is never used.
  file.fd = MakeTemporary(&file.path);
  if (file.fd < 0) return CannotWrite(shown, errno);
  struct stat st;
  if (::fstat(file.fd, &st) != 0) {
    const int error = errno;
    ::close(file.fd);
    RemoveTemporary(file.path);
    return CannotWrite(shown, error);
  }
  file.device = st.st_dev;
  file.inode = st.st_ino;
  return file;
}

StatusOr<int> ReopenForAppend(const NewFile& file) {
  int fd = ::open(file.path.c_str(), O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return CannotWrite(file.path, errno);
  struct stat st;
  if (::fstat(fd, &st) != 0 || st.st_dev != file.device || st.st_ino != file.inode) {
    ::close(fd);
    return Status::IoError("cannot write " + file.path +
                           ": another file has been put in its place while it was being written");
  }
  return fd;
}

Status WriteFileAtomically(const std::string& path, const std::function<Status(std::ostream&)>& write,
                           LinkAtTarget links) {
  const bool through = links == LinkAtTarget::kWriteThrough;
  const std::string target = through ? LinkTarget(path) : path;
  struct stat st;
  const bool exists = (through ? ::stat(target.c_str(), &st) : ::lstat(target.c_str(), &st)) == 0;
  if (exists && S_ISDIR(st.st_mode)) return CannotWrite(path, EISDIR);
  if (exists && through && !S_ISREG(st.st_mode)) {
    int fd = ::open(target.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return CannotWrite(path, errno);
    Status s = WriteToFd(fd, path, write);
    if (::close(fd) != 0 && s.ok()) s = CannotWrite(path, errno);
    return s;
  }
  // The mode of the file replaced, or what a new file gets under the umask.
  mode_t mode = 0;
  if (exists && S_ISREG(st.st_mode)) {
    mode = st.st_mode & 07777;
  } else {
    mode = NewFileMode();
  }
  StatusOr<NewFile> temp = CreateBeside(target, "tmp", path);
  if (!temp.ok()) return temp.status();
  const int fd = temp->fd;
  Status s = WriteToFd(fd, path, write);
  if (s.ok() && ::fchmod(fd, mode) != 0) s = CannotWrite(path, errno);
  if (s.ok() && ::fsync(fd) != 0) s = CannotWrite(path, errno);
  if (::close(fd) != 0 && s.ok()) s = CannotWrite(path, errno);
  if (s.ok() && RenameTemporary(temp->path, target) != 0) s = CannotWrite(path, errno);
  if (!s.ok()) {
    RemoveTemporary(temp->path);
    return s;
  }
  // The rename itself reaches the disk with the folder.
  fs::path folder = fs::path(target).parent_path();
  if (int dir = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return Status::Ok();
}

}  // namespace pitboss
