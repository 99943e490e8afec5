#include "base/temporaries.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <filesystem>

namespace pitboss {
namespace {

namespace fs = std::filesystem;

class TemporariesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("pitboss-temporaries-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Template() const { return (dir_ / ".out.tmp.XXXXXX").string(); }
  size_t Files() const { return static_cast<size_t>(std::distance(fs::directory_iterator(dir_), {})); }

  fs::path dir_;
};

TEST_F(TemporariesTest, MadeNewRenamedAndRemoved) {
  std::string path = Template();
  const int fd = MakeTemporary(&path);
  ASSERT_GE(fd, 0);
  ::close(fd);
  EXPECT_EQ(path.find("XXXXXX"), std::string::npos);
  struct stat st;
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);

  const std::string target = (dir_ / "out").string();
  EXPECT_EQ(RenameTemporary(path, target), 0);
  EXPECT_TRUE(fs::exists(target));
  EXPECT_FALSE(fs::exists(path));

  std::string other = Template();
  const int fd2 = MakeTemporary(&other);
  ASSERT_GE(fd2, 0);
  ::close(fd2);
  RemoveTemporary(other);
  EXPECT_FALSE(fs::exists(other));
  EXPECT_EQ(Files(), 1u);  // the renamed one
}

TEST_F(TemporariesTest, FailuresKeepTheSystemsReason) {
  std::string path = (dir_ / "no-such-folder" / ".out.tmp.XXXXXX").string();
  EXPECT_EQ(MakeTemporary(&path), -1);
  EXPECT_EQ(errno, ENOENT);

  std::string made = Template();
  const int fd = MakeTemporary(&made);
  ASSERT_GE(fd, 0);
  ::close(fd);
  EXPECT_EQ(RenameTemporary(made, (dir_ / "no-such-folder" / "out").string()), -1);
  EXPECT_EQ(errno, ENOENT);
  EXPECT_TRUE(fs::exists(made));  // still a temporary: removed as one
  RemoveTemporary(made);
  EXPECT_EQ(Files(), 0u);
}

// In a child process (forked: the same folder): a signal sent to the process while a temporary is open ends
// it with exit status 128 + the signal, and the temporary is gone.
TEST_F(TemporariesTest, ASignalEndsTheRunAndRemovesTheTemporaries) {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    EXPECT_EXIT(
        {
          EndOnSignals();
          std::string path = Template();
          if (MakeTemporary(&path) < 0) ::_exit(1);
          ::kill(::getpid(), sig);  // to the process, as kill(1) sends it, not to this thread
          for (;;) ::pause();
        },
        ::testing::ExitedWithCode(128 + sig), "pitboss: ended by SIG");
    EXPECT_EQ(Files(), 0u) << "signal " << sig;
  }
}

}  // namespace
}  // namespace pitboss
