// Writing a file whole or not at all, through a temporary that nobody else can have made.
//
// Every file pitboss writes goes through here. The temporary is created beside its target with
// O_CREAT|O_EXCL and an unguessable name (mkstemp), so a file or symbolic link planted in a
// shared folder is never opened, truncated or written through: the planted name is simply not
// the one used, and the finished temporary is renamed over the target. Every temporary is
// registered (temporaries.h): a run ended by a signal removes it.
#ifndef PITBOSS_BASE_ATOMIC_FILE_H_
#define PITBOSS_BASE_ATOMIC_FILE_H_

#include <sys/types.h>

#include <functional>
#include <ostream>
#include <string>
#include <string_view>

#include "pitboss/status.h"

namespace pitboss {

// A file made new for writing: its descriptor, its path, and its identity (device and inode),
// by which it is known again when reopened by name (ReopenExclusive).
struct NewFile {
  int fd = -1;
  std::string path;
  dev_t device = 0;
  ino_t inode = 0;
};

// Makes a file that did not exist, in the folder of `target`, named .NAME.TAG.PID.XXXXXX (NAME
// the target's file name, XXXXXX random), open for writing, mode 0600: a temporary, to be
// renamed into place (RenameTemporary) or removed (RemoveTemporary). Errors name `shown`, the
// path as the user wrote it.
StatusOr<NewFile> CreateBeside(const std::string& target, std::string_view tag, const std::string& shown);

// Opens `file` again for appending, by its path: never through a symbolic link, and only if the
// path still names the file CreateBeside made (not one put there since).
StatusOr<int> ReopenForAppend(const NewFile& file);

// The mode a new file gets under the process's umask (0666 less the mask). Not thread-safe: it
// reads the mask by setting it.
mode_t NewFileMode();

// What WriteFileAtomically does with a symbolic link at the target's path.
enum class LinkAtTarget {
  kWriteThrough,  // the file the link names is replaced (--out: a path the user chose)
  kReplace,       // the link itself is replaced (files written into a folder others may write)
};

// Writes the file at `path` whole or not at all: `write` fills a temporary beside it
// (CreateBeside, tag "tmp"), which is flushed to disk and renamed onto `path`, keeping the mode
// of the file it replaces; on any failure the temporary is removed and what was at `path` is
// left as it was. With kWriteThrough, a device or a pipe (/dev/null, a FIFO), onto which
// nothing can be renamed, is written to directly; with kReplace, anything but a folder is
// replaced. An I/O error names the path and the system's reason.
Status WriteFileAtomically(const std::string& path, const std::function<Status(std::ostream&)>& write,
                           LinkAtTarget links = LinkAtTarget::kWriteThrough);

// The file `path` stands for under kWriteThrough: a symbolic link's target, else `path`.
std::string LinkTarget(const std::string& path);

}  // namespace pitboss

#endif  // PITBOSS_BASE_ATOMIC_FILE_H_
