#include "base/atomic_file.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace pitboss {
namespace {

namespace fs = std::filesystem;

class AtomicFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("pitboss-atomic-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    victim_ = (dir_ / "victim").string();
    std::ofstream(victim_) << "precious\n";
  }
  void TearDown() override { fs::remove_all(dir_); }

  static std::string Read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  static Status Write(const std::string& path, const std::string& text, LinkAtTarget links) {
    return WriteFileAtomically(
        path,
        [&](std::ostream& out) {
          out << text;
          return Status::Ok();
        },
        links);
  }
  size_t Entries() const { return static_cast<size_t>(std::distance(fs::directory_iterator(dir_), {})); }

  fs::path dir_;
  std::string victim_;
};

TEST_F(AtomicFileTest, ALinkAtTheTargetIsReplacedNotWrittenThrough) {
  const std::string lock = (dir_ / "revisions.lock").string();
  fs::create_symlink(victim_, lock);
  ASSERT_TRUE(Write(lock, "new\n", LinkAtTarget::kReplace).ok());
  EXPECT_EQ(Read(victim_), "precious\n");
  EXPECT_FALSE(fs::is_symlink(lock));
  EXPECT_EQ(Read(lock), "new\n");
  EXPECT_EQ(Entries(), 2u);  // no temporary left
}

TEST_F(AtomicFileTest, AnOutThatIsALinkTheUserMadeIsWrittenThrough) {
  const std::string out = (dir_ / "report.json").string();
  fs::create_symlink(victim_, out);
  ASSERT_TRUE(Write(out, "report\n", LinkAtTarget::kWriteThrough).ok());
  EXPECT_TRUE(fs::is_symlink(out));
  EXPECT_EQ(Read(victim_), "report\n");
}

TEST_F(AtomicFileTest, TheTemporaryIsMadeNewBesideTheTarget) {
  const std::string target = (dir_ / "shard.jsonl").string();
  auto a = CreateBeside(target, "partial", target);
  auto b = CreateBeside(target, "partial", target);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_NE(a->path, b->path);
  EXPECT_EQ(fs::path(a->path).parent_path(), dir_);
  EXPECT_EQ(fs::path(a->path).filename().string().rfind(".shard.jsonl.partial.", 0), 0u);
  struct stat st;
  ASSERT_EQ(::lstat(a->path.c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  ::close(a->fd);
  ::close(b->fd);
}

TEST_F(AtomicFileTest, AReopenRefusesALinkOrAnotherFilePutInThePlace) {
  const std::string target = (dir_ / "shard.jsonl").string();
  auto made = CreateBeside(target, "partial", target);
  ASSERT_TRUE(made.ok());
  ::close(made->fd);
  auto again = ReopenForAppend(*made);
  ASSERT_TRUE(again.ok());
  ::close(*again);

  fs::remove(made->path);
  fs::create_symlink(victim_, made->path);
  EXPECT_FALSE(ReopenForAppend(*made).ok());
  fs::remove(made->path);
  fs::create_hard_link(victim_, made->path);
  auto other = ReopenForAppend(*made);
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.status().message().find("another file has been put in its place"), std::string::npos);
  EXPECT_EQ(Read(victim_), "precious\n");
}

TEST_F(AtomicFileTest, AFailedWriteLeavesTheOldFileAndNoTemporary) {
  const std::string target = (dir_ / "report.json").string();
  std::ofstream(target) << "old\n";
  Status s = WriteFileAtomically(target, [](std::ostream& out) {
    out << "half";
    return Status::IoError("stopped");
  });
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(Read(target), "old\n");
  EXPECT_EQ(Entries(), 2u);
}

}  // namespace
}  // namespace pitboss
