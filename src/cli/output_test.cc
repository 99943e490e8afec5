#include "cli/output.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "report/writers.h"

namespace pitboss {
namespace {

namespace fs = std::filesystem;

std::string ReadAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A folder of its own per test and process (ctest runs tests in parallel processes).
class OutputTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("pitboss-output-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  void Write(const std::string& name, const std::string& text) const {
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }
  // The names in the folder, sorted: a temporary left behind shows here.
  std::vector<std::string> Listing() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }

  fs::path dir_;
};

using Names = std::vector<std::string>;  // names of files in the folder

TEST_F(OutputTest, WritesANewFileWhole) {
  Status s = WriteFileAtomically(Path("r.json"), [](std::ostream& out) {
    out << "{\"ok\":true}\n";
    return Status::Ok();
  });
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(ReadAll(Path("r.json")), "{\"ok\":true}\n");
  EXPECT_EQ(Listing(), Names{"r.json"});
}

TEST_F(OutputTest, ReplacesAFileKeepingItsMode) {
  Write("r.txt", "old report\n");
  ASSERT_EQ(::chmod(Path("r.txt").c_str(), 0640), 0);
  Status s = WriteFileAtomically(Path("r.txt"), [](std::ostream& out) {
    out << std::string(300000, 'n');  // more than the buffer holds
    return Status::Ok();
  });
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(ReadAll(Path("r.txt")), std::string(300000, 'n'));
  struct stat st;
  ASSERT_EQ(::stat(Path("r.txt").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_EQ(Listing(), Names{"r.txt"});
}

// The report fails halfway, after much of it is written: the previous one stays as it was.
TEST_F(OutputTest, AFailedWriteLeavesThePreviousFileAndNoTemporary) {
  Write("r.txt", "previous report\n");
  Status s = WriteFileAtomically(Path("r.txt"), [](std::ostream& out) {
    out << std::string(200000, 'x');
    return Status::IoError("the writer gave up");
  });
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "the writer gave up");
  EXPECT_EQ(ReadAll(Path("r.txt")), "previous report\n");
  EXPECT_EQ(Listing(), Names{"r.txt"});
}

// A write the system refuses halfway (the file-size limit stands for a full disk): the error
// names the path and the system's reason, whatever the writer returns, and the previous file
// stays as it was.
TEST_F(OutputTest, ASystemErrorHalfwayNamesThePathAndTheReason) {
  Write("r.txt", "previous report\n");
  struct rlimit saved;
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  auto handler = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit small = saved;
  small.rlim_cur = 100000;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  Status s = WriteFileAtomically(Path("r.txt"), [](std::ostream& out) {
    out << std::string(300000, 'x');
    return Status::Ok();
  });
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, handler);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "cannot write " + Path("r.txt") + ": " + std::strerror(EFBIG));
  EXPECT_EQ(ReadAll(Path("r.txt")), "previous report\n");
  EXPECT_EQ(Listing(), Names{"r.txt"});
}

TEST_F(OutputTest, AFullDeviceIsAnErrorWithItsReason) {
  Status s = WriteFileAtomically("/dev/full", [](std::ostream& out) {
    out << "report\n";
    return Status::Ok();
  });
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), std::string("cannot write /dev/full: ") + std::strerror(ENOSPC));
}

TEST_F(OutputTest, AFolderThatIsNotThere) {
  const std::string path = Path("no-such-folder/r.json");
  Status s = WriteFileAtomically(path, [](std::ostream& out) {
    out << "report\n";
    return Status::Ok();
  });
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "cannot write " + path + ": " + std::strerror(ENOENT));
  s = CheckOutputPath(path, {});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "cannot write " + path + ": " + std::strerror(ENOENT));
  EXPECT_TRUE(Listing().empty());
}

TEST_F(OutputTest, AFolderIsNoOutput) {
  Status s = CheckOutputPath(dir_.string(), {});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "cannot write " + dir_.string() + ": " + std::strerror(EISDIR));
}

// A link is written through: it stays a link, to the new report.
TEST_F(OutputTest, ALinkIsWrittenThrough) {
  Write("r.txt", "old\n");
  fs::create_symlink("r.txt", dir_ / "latest.txt");
  Status s = WriteFileAtomically(Path("latest.txt"), [](std::ostream& out) {
    out << "new\n";
    return Status::Ok();
  });
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(fs::is_symlink(dir_ / "latest.txt"));
  EXPECT_EQ(ReadAll(Path("r.txt")), "new\n");
  EXPECT_EQ(Listing(), (Names{"latest.txt", "r.txt"}));
}

// By identity, not by name: the input itself, a hard link to it, a symbolic link to it.
TEST_F(OutputTest, AnInputIsNeverAnOutput) {
  Write("day.jsonl", "{}\n");
  Write("other.jsonl", "{}\n");
  fs::create_hard_link(dir_ / "day.jsonl", dir_ / "hard.jsonl");
  fs::create_symlink("day.jsonl", dir_ / "soft.jsonl");
  const std::string input = Path("day.jsonl");
  for (const char* name : {"day.jsonl", "hard.jsonl", "soft.jsonl"}) {
    Status s = CheckOutputPath(Path(name), {Path("other.jsonl"), input});
    ASSERT_FALSE(s.ok()) << name;
    EXPECT_EQ(s.code(), Status::Code::kInvalidArgument);
    EXPECT_EQ(s.message(), "--out " + Path(name) + " is the same file as the input " + input +
                               ": no command writes onto its inputs");
  }
  EXPECT_TRUE(CheckOutputPath(Path("other.jsonl"), {input}).ok());
  EXPECT_TRUE(CheckOutputPath(Path("new.json"), {input}).ok());
  EXPECT_TRUE(CheckOutputPath("-", {input}).ok());
  EXPECT_TRUE(CheckOutputPath("", {input}).ok());
  // The check leaves nothing behind.
  EXPECT_EQ(Listing(), (Names{"day.jsonl", "hard.jsonl", "other.jsonl", "soft.jsonl"}));
  EXPECT_EQ(ReadAll(input), "{}\n");
}

TEST(PlanOutputsTest, EachOutIsInItsExtensionsFormat) {
  const std::vector<std::string_view> formats = ReportFormats();
  auto plan = PlanOutputs({"r.json", "r.sarif", "r.xml", "r.csv", "r.out"}, "md", false, formats);
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  std::vector<std::string> got;
  for (const ReportOutput& o : *plan) got.push_back(o.path + "=" + o.format);
  EXPECT_EQ(got, (std::vector<std::string>{"r.json=json", "r.sarif=sarif", "r.xml=junit", "r.csv=csv",
                                           "r.out=md"}));
}

TEST(PlanOutputsTest, StandardOutputTakesFormat) {
  const std::vector<std::string_view> formats = ReportFormats();
  auto none = PlanOutputs({}, "sarif", true, formats);
  ASSERT_TRUE(none.ok());
  ASSERT_EQ(none->size(), 1u);
  EXPECT_EQ((*none)[0].path, "");
  EXPECT_EQ((*none)[0].format, "sarif");
  auto dash = PlanOutputs({"-", "r.json"}, "csv", true, formats);
  ASSERT_TRUE(dash.ok()) << dash.status().message();
  EXPECT_EQ((*dash)[0].format, "csv");
  EXPECT_EQ((*dash)[1].format, "json");
}

TEST(PlanOutputsTest, Refusals) {
  const std::vector<std::string_view> formats = ReportFormats();
  // The contract's --format F --out FILE: one --out takes the --format given, whatever its name.
  auto one = PlanOutputs({"x.json"}, "sarif", true, formats);
  ASSERT_TRUE(one.ok()) << one.status().message();
  EXPECT_EQ((*one)[0].format, "sarif");
  // --format given and taken by none of several outputs: it would be ignored in silence.
  auto unused = PlanOutputs({"x.json", "y.html"}, "sarif", true, formats);
  ASSERT_FALSE(unused.ok());
  EXPECT_NE(unused.status().message().find("--format sarif is written to no output"), std::string::npos);
  // The default --format, not given, taken by none: fine.
  EXPECT_TRUE(PlanOutputs({"x.json"}, "text", false, formats).ok());
  EXPECT_TRUE(PlanOutputs({"x.json"}, "json", true, formats).ok());
  auto twice = PlanOutputs({"x.json", "./x.json"}, "text", false, formats);
  ASSERT_FALSE(twice.ok());
  EXPECT_NE(twice.status().message().find("named twice"), std::string::npos);
  EXPECT_FALSE(PlanOutputs({"-", "-"}, "text", false, formats).ok());
  EXPECT_FALSE(PlanOutputs({}, "nosuch", true, formats).ok());
  // A command that writes fewer formats refuses an extension it does not write.
  auto narrow = PlanOutputs({"x.sarif"}, "text", false, {"text", "json"});
  ASSERT_FALSE(narrow.ok());
  EXPECT_NE(narrow.status().message().find("x.sarif names a sarif report"), std::string::npos);
}

TEST(PlanOutputsTest, ADatabaseIsAFileNeverStandardOutput) {
  const std::vector<std::string_view> formats = ReportFormats();
  auto db = PlanOutputs({"day.json", "findings.sqlite", "findings.db"}, "text", false, formats);
  ASSERT_TRUE(db.ok()) << db.status().message();
  EXPECT_EQ((*db)[1].format, "sqlite");
  EXPECT_EQ((*db)[2].format, "sqlite");
  auto named = PlanOutputs({"nightly.data"}, "sqlite", true, formats);  // --format sqlite --out FILE
  ASSERT_TRUE(named.ok()) << named.status().message();
  EXPECT_EQ((*named)[0].format, "sqlite");
  for (const std::vector<std::string>& outs : {std::vector<std::string>{}, {"-"}, {"-", "findings.sqlite"}}) {
    auto to_stdout = PlanOutputs(outs, "sqlite", true, formats);
    ASSERT_FALSE(to_stdout.ok()) << outs.size();
    EXPECT_NE(to_stdout.status().message().find("never to standard output"), std::string::npos);
  }
}

}  // namespace
}  // namespace pitboss
