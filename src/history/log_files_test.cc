#include "history/log_files.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace pitboss {
namespace {

namespace fs = std::filesystem;

class LogFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (fs::path(::testing::TempDir()) / "log_files_XXXXXX").string();
    ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Touch(const std::string& relative) {
    fs::path path = fs::path(dir_) / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path) << "{}\n";
    return path.string();
  }

  std::string dir_;
};

TEST_F(LogFilesTest, FolderExpandsToItsLogsSortedAndRecursively) {
  std::string b = Touch("logs/b.jsonl");
  std::string a = Touch("logs/a.jsonl.gz");
  std::string c = Touch("logs/sub/c.log");
  std::string d = Touch("logs/sub/deeper/d.zst");
  std::string e = Touch("logs/e.ndjson");
  std::string f = Touch("logs/f.json");
  Touch("logs/notes.txt");
  Touch("logs/README");
  Touch("logs/.hidden.jsonl");
  Touch("logs/.git/objects/x.gz");
  auto paths = ExpandLogPaths({dir_ + "/logs"});
  ASSERT_TRUE(paths.ok()) << paths.status().message();
  EXPECT_EQ(*paths, (std::vector<std::string>{a, b, e, f, c, d}));
}

TEST_F(LogFilesTest, FilesAndStdinAreKeptAsGivenInOrder) {
  std::string txt = Touch("x/round.txt");  // named explicitly, so read whatever its name
  std::string log = Touch("y/z.jsonl");
  auto paths = ExpandLogPaths({txt, "-", dir_ + "/y"});
  ASSERT_TRUE(paths.ok()) << paths.status().message();
  EXPECT_EQ(*paths, (std::vector<std::string>{txt, "-", log}));
}

TEST_F(LogFilesTest, MissingPathIsNotFoundNamingIt) {
  std::string missing = dir_ + "/nope.jsonl";
  auto paths = ExpandLogPaths({Touch("ok.jsonl"), missing});
  ASSERT_FALSE(paths.ok());
  EXPECT_EQ(paths.status().code(), Status::Code::kNotFound);
  EXPECT_NE(paths.status().message().find(missing), std::string::npos);
}

TEST_F(LogFilesTest, FolderWithoutLogsIsNotFound) {
  Touch("empty/notes.txt");
  auto paths = ExpandLogPaths({dir_ + "/empty"});
  ASSERT_FALSE(paths.ok());
  EXPECT_EQ(paths.status().code(), Status::Code::kNotFound);
  EXPECT_NE(paths.status().message().find(dir_ + "/empty"), std::string::npos);
}

TEST(IsLogFileNameTest, Extensions) {
  for (const char* name :
       {"a.jsonl", "a.jsonl.gz", "a.jsonl.zst", "a.json", "a.ndjson", "a.log", "a.gz", "a.zst"}) {
    EXPECT_TRUE(IsLogFileName(name)) << name;
  }
  for (const char* name : {"a.txt", "a.jsonl.bak", "a.gzip", "jsonl", ".gz", "a.yaml", ""}) {
    EXPECT_FALSE(IsLogFileName(name)) << name;
  }
}

}  // namespace
}  // namespace pitboss
