#include "spec/revision_lock.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace pitboss {
namespace {

namespace fs = std::filesystem;

TEST(RevisionLockTest, TheTreeRootOfASpecAndOfAnArchivedRevision) {
  EXPECT_EQ(RevisionTreeRoot("rules/us-sd/casino-war.yaml", "us-sd/casino-war"), "rules");
  EXPECT_EQ(RevisionTreeRoot("/x/rules/./us-sd/casino-war.yaml", "us-sd/casino-war"), "/x/rules");
  EXPECT_EQ(RevisionTreeRoot("rules/online/war.revisions/published.yaml", "online/war"), "rules");
  EXPECT_EQ(RevisionTreeRoot("online/war.yaml", "online/war"), ".");
  EXPECT_EQ(RevisionTreeRoot("online/war.revisions/published.yaml", "online/war"), ".");
  // Laid out otherwise: no tree, no lock.
  EXPECT_EQ(RevisionTreeRoot("/tmp/spec.yaml", "online/war"), std::nullopt);
  EXPECT_EQ(RevisionTreeRoot("rules/xonline/war.yaml", "online/war"), std::nullopt);
  EXPECT_EQ(RevisionTreeRoot("rules/online/war.revisions/a/b.yaml", "online/war"), std::nullopt);
  EXPECT_EQ(RevisionTreeRoot("rules/online/war.yaml", ""), std::nullopt);
}

TEST(RevisionLockTest, WrittenSortedAndReadBack) {
  const std::string sha(64, 'a');
  const std::string path =
      (fs::temp_directory_path() / ("pitboss-revisions-" + std::to_string(getpid()) + ".lock")).string();
  ASSERT_TRUE(WriteRevisionLock(path, {{"b/x", "2", sha, "b/x.yaml"}, {"a/y", "1", sha, "a/y.yaml"}}).ok());
  auto entries = ReadRevisionLock(path);
  ASSERT_TRUE(entries.ok()) << entries.status().message();
  ASSERT_EQ(entries->size(), 2u);
  EXPECT_EQ((*entries)[0].id, "a/y");
  EXPECT_EQ((*entries)[1].revision, "2");
  EXPECT_EQ((*entries)[1].file, "b/x.yaml");
  EXPECT_GT((*entries)[0].line, 1);  // after the header
  std::ofstream(path, std::ios::app) << "c/z\t3\tnot-a-digest\tc/z.yaml\n";
  auto bad = ReadRevisionLock(path);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find(path + ":"), std::string::npos) << bad.status().message();
  fs::remove(path);
  EXPECT_EQ(ReadRevisionLock(path).status().code(), Status::Code::kNotFound);
}

}  // namespace
}  // namespace pitboss
