#include "history/line_pipeline.h"

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace pitboss {
namespace {

std::string Log(int lines) {
  const std::string path = ::testing::TempDir() + "pipeline-" + std::to_string(lines) + ".jsonl";
  std::ofstream out(path);
  for (int i = 1; i <= lines; ++i) out << "line " << i << (i % 7 == 0 ? "\n\n" : "\n");  // blank lines too
  return path;
}

struct Slot {
  std::string text;
  int worker = -1;
};

// Whatever the number of threads, apply sees every non-blank line once, in input order, with
// what prepare made of it; and each worker index is one of 0..jobs-1.
TEST(LinePipelineTest, ApplySeesEveryLineInOrderWhateverTheJobs) {
  const std::string path = Log(5000);
  for (int jobs : {1, 2, 3, 8}) {
    auto reader = LineReader::Open(path);
    ASSERT_TRUE(reader.ok());
    std::vector<std::string> seen;
    std::vector<int64_t> numbers;
    std::vector<int> workers(static_cast<size_t>(jobs));
    RunLinePipeline<Slot>(
        *reader.value(), jobs,
        [](int worker, int64_t, std::string_view text, Slot* slot) {
          slot->text = "<" + std::string(text) + ">";
          slot->worker = worker;
        },
        [&](int64_t line, Slot& slot) {
          seen.push_back(slot.text);
          numbers.push_back(line);
          ASSERT_GE(slot.worker, 0);
          ASSERT_LT(slot.worker, jobs);
          ++workers[static_cast<size_t>(slot.worker)];
        });
    ASSERT_EQ(seen.size(), 5000u) << jobs;
    for (size_t i = 0; i < seen.size(); ++i)
      ASSERT_EQ(seen[i], "<line " + std::to_string(i + 1) + ">") << jobs;
    EXPECT_EQ(numbers[7], 9) << "physical line numbers, blank lines counted";
  }
}

TEST(LinePipelineTest, AnExceptionInAWorkerEndsTheRunOnTheCallingThread) {
  const std::string path = Log(3000);
  for (int jobs : {1, 2, 4}) {
    auto reader = LineReader::Open(path);
    ASSERT_TRUE(reader.ok());
    EXPECT_THROW(RunLinePipeline<Slot>(
                     *reader.value(), jobs,
                     [](int, int64_t line, std::string_view, Slot*) {
                       if (line >= 2000) throw std::runtime_error("out of something");
                     },
                     [](int64_t, Slot&) {}),
                 std::runtime_error)
        << jobs;
  }
}

}  // namespace
}  // namespace pitboss
