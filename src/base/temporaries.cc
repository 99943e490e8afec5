#include "base/temporaries.h"

#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <iterator>
#include <mutex>
#include <set>
#include <string>
#include <system_error>
#include <thread>

namespace pitboss {

namespace {

struct Registry {
  std::mutex mu;
  std::set<std::string> paths;
};

// Never destroyed: the signal thread may use it while the process exits.
Registry& TheRegistry() {
  static Registry* registry = new Registry;
  return *registry;
}

const char* SignalName(int sig) {
  switch (sig) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP";
    default:
      return "a signal";
  }
}

[[noreturn]] void WaitForSignal(sigset_t set) {
  int sig = 0;
  while (::sigwait(&set, &sig) != 0) {
  }
  Registry& registry = TheRegistry();
  // Held to the end: no temporary is made or renamed into place while they are removed.
  registry.mu.lock();
  for (const std::string& path : registry.paths) ::unlink(path.c_str());
  const std::string message = std::string(::isatty(STDERR_FILENO) == 1 ? "\n" : "") + "pitboss: ended by " +
                              SignalName(sig) + " (exit " + std::to_string(128 + sig) +
                              "), with no file left half-written\n";
  [[maybe_unused]] ssize_t written = ::write(STDERR_FILENO, message.data(), message.size());
  ::_exit(128 + sig);
}

}  // namespace

int MakeTemporary(std::string* path) {
  Registry& registry = TheRegistry();
  std::lock_guard<std::mutex> lock(registry.mu);
  const int fd = ::mkostemp(path->data(), O_CLOEXEC);
  const int error = errno;
  if (fd >= 0) registry.paths.insert(*path);
  errno = error;
  return fd;
}

int RenameTemporary(const std::string& path, const std::string& target) {
  Registry& registry = TheRegistry();
  std::lock_guard<std::mutex> lock(registry.mu);
  const int result = ::rename(path.c_str(), target.c_str());
  const int error = errno;
  if (result == 0) registry.paths.erase(path);
  errno = error;
  return result;
}

void RemoveTemporary(const std::string& path) {
  Registry& registry = TheRegistry();
  std::lock_guard<std::mutex> lock(registry.mu);
  ::unlink(path.c_str());
  registry.paths.erase(path);
}

void EndOnSignals() {
  constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
  struct sigaction was[std::size(kSignals)] = {};
  sigset_t set;
  sigemptyset(&set);
  for (size_t i = 0; i < std::size(kSignals); ++i) {
    const int sig = kSignals[i];
    if (::sigaction(sig, nullptr, &was[i]) != 0) continue;
    if (sig == SIGHUP && was[i].sa_handler == SIG_IGN) continue;  // nohup
    // An ignored signal may be dropped as it is sent, blocked or not: taken back to its default,
    // which never runs while it is blocked.
    struct sigaction by_default {};
    by_default.sa_handler = SIG_DFL;
    ::sigaction(sig, &by_default, nullptr);
    sigaddset(&set, sig);
  }
  sigset_t before;
  if (::pthread_sigmask(SIG_BLOCK, &set, &before) != 0) return;
  try {
    std::thread(WaitForSignal, set).detach();
  } catch (const std::system_error&) {
    ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
    for (size_t i = 0; i < std::size(kSignals); ++i) {
      if (sigismember(&set, kSignals[i]) == 1) ::sigaction(kSignals[i], &was[i], nullptr);
    }
  }
}

}  // namespace pitboss
