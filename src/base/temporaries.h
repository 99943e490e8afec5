// The temporaries pitboss is writing, and the end of a run on SIGINT, SIGTERM or SIGHUP.
//
// A file written whole or not at all is first a temporary (atomic_file.h). Every temporary is
// made, renamed into place and removed through here, which keeps their paths in one registry,
// so that a run ended by a signal leaves none behind: EndOnSignals, called by main before any
// thread starts, blocks the three signals in every thread (threads inherit the mask) and starts
// one thread that waits for them (sigwait). On one, that thread takes the registry's lock,
// removes every temporary registered, and ends the process with exit status 128 + the signal
// (SIGHUP 129, SIGINT 130, SIGTERM 143), the lock still held, so that no temporary is made or
// renamed meanwhile. It is an ordinary thread, not a signal handler: what it does needs no
// async-signal safety, and a worker in the middle of a write is ended with the process.
// Thread-safe.
#ifndef PITBOSS_BASE_TEMPORARIES_H_
#define PITBOSS_BASE_TEMPORARIES_H_

#include <string>

namespace pitboss {

// Makes a new file from `path` (a template ending in XXXXXX, which mkostemp(3) fills in place:
// O_CREAT|O_EXCL, mode 0600, close-on-exec) and registers it, in one step under the registry's
// lock. Returns its descriptor, or -1 with errno set by mkostemp.
int MakeTemporary(std::string* path);

// rename(2)s the temporary at `path` onto `target`, and forgets it when that succeeds. Returns
// what rename returns, errno as it set it.
int RenameTemporary(const std::string& path, const std::string& target);

// Removes the temporary at `path` (unlink(2)), and forgets it.
void RemoveTemporary(const std::string& path);

// From here on, SIGINT, SIGTERM and SIGHUP end the run as above. A run started with SIGHUP
// ignored (nohup) goes on ignoring it. SIGINT and SIGTERM end the run whatever they were at the
// start: a shell starts a script's background jobs with SIGINT ignored, and a `kill -INT` of
// one is meant to stop it. Call it once, before any thread starts; where no thread can be
// started, the signals are left as they were.
void EndOnSignals();

}  // namespace pitboss

#endif  // PITBOSS_BASE_TEMPORARIES_H_
