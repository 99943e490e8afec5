#include "cli/progress.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace pitboss {
namespace {

using Clock = ProgressMeter::Clock;

std::string TempFile(const std::string& name, size_t bytes) {
  std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << std::string(bytes, 'x');
  return path;
}

TEST(ProgressMeterTest, SaysWhichFileOfHowManyTheShareReadTheRateAndTheTimeLeft) {
  const std::string a = TempFile("progress-a.jsonl", 1000), b = TempFile("progress-b.jsonl", 3000);
  ProgressMeter meter("check", {a, b}, true);
  Clock::time_point t0 = Clock::now();
  meter.set_clock([&] { return t0; });
  std::vector<std::pair<std::string, bool>> lines;
  meter.set_sink([&](const std::string& line, bool rewrite) { lines.emplace_back(line, rewrite); });
  // The first file read whole, then half of the second: 1000 + 1500 of 4000 bytes.
  meter.StartFile(0);
  meter.Update(1024, 1000);
  meter.StartFile(1);
  const std::string line = meter.Line(t0 + std::chrono::seconds(5), 2048, 1500, "3 violations");
  EXPECT_EQ(line, "check: file 2 of 2, " + b +
                      ": 3,072 rounds, 62% of 3 KB, 614 rounds/s, 0:03 left, 3 violations");
}

TEST(ProgressMeterTest, WritesAboutOnceASecondOnATerminalAndEveryTenSecondsElsewhere) {
  const std::string a = TempFile("progress-c.jsonl", 100);
  for (bool terminal : {true, false}) {
    ProgressMeter meter("", {a}, terminal);
    Clock::time_point now = Clock::now();
    meter.set_clock([&] { return now; });
    int written = 0;
    meter.set_sink([&](const std::string& line, bool rewrite) {
      ++written;
      EXPECT_EQ(rewrite, terminal);
      EXPECT_EQ(line.find("file "), std::string::npos) << line;  // one file: no "file 1 of 1"
    });
    meter.StartFile(0);
    for (int i = 0; i < 200; ++i) {  // 20 seconds of updates, ten a second
      now += std::chrono::milliseconds(100);
      meter.Update(i * 1024, i);
    }
    EXPECT_EQ(written, terminal ? 20 : 2);
  }
}

TEST(ProgressMeterTest, StandardInputHasNoShareOrTimeLeft) {
  ProgressMeter meter("stats", {"-"}, true);
  const Clock::time_point t0 = Clock::now();
  meter.set_clock([&] { return t0; });
  meter.StartFile(0);
  EXPECT_EQ(meter.Line(t0 + std::chrono::seconds(2), 4096, 500, ""),
            "stats: <stdin>: 4,096 rounds, 2,048 rounds/s");
}

}  // namespace
}  // namespace pitboss
