// A clean round of War Blackjack replays without allocating, once a few have been read on the
// thread (the engine keeps its buffers from round to round, as the War engine does): the cost
// of a round does not include the heap's. This file replaces the global operator new and
// delete of the test binary with ones that count, on each thread, what they are asked for.
// Every replaceable form is replaced, so that each block is freed by the form that matches the
// one that allocated it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include "games/blackjack/blackjack_engine.h"
#include "games/core/test_rounds.h"
#include "games/games.h"
#include "history/round_parser.h"

// AddressSanitizer replaces operator new and delete itself, and checks that what one allocates
// the other frees: a replacement here would clash with it. So the count is made, and the test
// compiled, only where no sanitizer owns the heap (the Release build, which CI runs every time).
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PITBOSS_HEAP_IS_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define PITBOSS_HEAP_IS_SANITIZED 1
#endif

#ifndef PITBOSS_HEAP_IS_SANITIZED
namespace {
thread_local int64_t allocations = 0;

void* Allocate(std::size_t n) {
  ++allocations;
  return std::malloc(n == 0 ? 1 : n);
}
}  // namespace

void* operator new(std::size_t n) {
  if (void* p = Allocate(n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  if (void* p = Allocate(n)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return Allocate(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return Allocate(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace pitboss {
namespace {

// Clean rounds of the generated log, their seats renumbered by `seat_offset` (a table that
// numbers its seats 101 to 107 is found through a map, not by number), replayed until their
// buffers have grown: what the second replay of them all allocated.
int64_t AllocationsReplaying(Seat seat_offset) {
  const RuleSpec& spec = BundledSpec("us-sd/war-blackjack.yaml").spec;
  DealerOptions options;
  options.rounds = 400;
  options.tables = 2;
  options.seed = 11;
  std::ostringstream log;
  EXPECT_TRUE(GenerateRounds(spec, options, log).ok());
  std::vector<Round> rounds;
  RoundParser parser;
  std::istringstream in(log.str());
  for (std::string line; std::getline(in, line);) {
    EXPECT_TRUE(parser.Parse(line, &rounds.emplace_back()).ok()) << line;
    for (Event& e : rounds.back().events) {
      if (e.seat != kDealer) e.seat += seat_offset;
    }
  }
  EXPECT_EQ(rounds.size(), 400u);
  RoundResult result;
  for (const Round& round : rounds) ReplayBlackjackInto(spec, round, &result);  // the buffers grow
  const int64_t before = allocations;
  size_t findings = 0;
  for (const Round& round : rounds) {
    ReplayBlackjackInto(spec, round, &result);
    findings += result.findings.size();
  }
  EXPECT_EQ(findings, 0u);
  return allocations - before;
}

TEST(BlackjackAllocationTest, ACleanRoundReplaysWithoutAllocating) {
  EXPECT_EQ(AllocationsReplaying(0), 0) << "allocations in replaying 400 clean rounds";
}

TEST(BlackjackAllocationTest, SeatsNumberedPastFifteenReplayWithoutAllocating) {
  EXPECT_EQ(AllocationsReplaying(100), 0) << "allocations in replaying 400 clean rounds";
}

}  // namespace
}  // namespace pitboss
#endif  // PITBOSS_HEAP_IS_SANITIZED
