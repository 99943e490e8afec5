#!/usr/bin/env bash
# Every test: set up, build, the style check (scripts/format.sh --check), then the unit tests
# and the end-to-end tests (CTest), clang-tidy (scripts/tidy.sh), the same tests again under
# AddressSanitizer and UndefinedBehaviorSanitizer, and a short run of each fuzz target (the log
# reader, the round parser, the spec loader, the dialect reader), the last two steps from one
# clang build. The end-to-end tests of the junit and sarif reports read them with tools
# from the npm registry, which setup-node.sh installs. PITBOSS_SKIP_FORMAT=1,
# PITBOSS_SKIP_TIDY=1, PITBOSS_SKIP_SANITIZERS=1 and PITBOSS_SKIP_FUZZ=1 skip a step.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

scripts/setup-node.sh
scripts/setup.sh build -DCMAKE_BUILD_TYPE=Release
if [ "${PITBOSS_SKIP_FORMAT:-0}" != 1 ]; then
  scripts/format.sh --check
fi
(cd build && ctest --output-on-failure -j "$jobs")

if [ "${PITBOSS_SKIP_TIDY:-0}" != 1 ]; then
  scripts/tidy.sh build
fi

# One clang build serves the sanitizers' tests and the fuzz targets: compiled once with
# AddressSanitizer, UndefinedBehaviorSanitizer and the fuzzer's coverage instrumentation.
if [ "${PITBOSS_SKIP_SANITIZERS:-0}" != 1 ] || [ "${PITBOSS_SKIP_FUZZ:-0}" != 1 ]; then
  echo "== sanitizers (ASan + UBSan) and fuzz targets: one clang build"
  # A build-asan of another compiler (an older checkout's gcc build) is made again.
  if [ -f build-asan/CMakeCache.txt ] && ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang' build-asan/CMakeCache.txt; then
    rm -rf build-asan
  fi
  # -O1, as the sanitizers' own documentation advises: a fraction of -O0's run time. Line
  # tables alone for debug information: a report still names each frame's function, file and
  # line, and a file compiles in a fifth less time (checker.cc: 26.8 -> 21.6 s) at half the size.
  CC=clang CXX=clang++ scripts/setup.sh build-asan -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_FLAGS_DEBUG="-gline-tables-only -O1" \
    -DPITBOSS_SANITIZE=ON -DPITBOSS_FUZZ=ON -DPITBOSS_BENCH=OFF
fi
if [ "${PITBOSS_SKIP_SANITIZERS:-0}" != 1 ]; then
  # The tests labelled heavy (whole generated logs through the checker and the statistics, the
  # real-browser tests, and those whose code a lighter test runs: every fixture under every
  # reading, which e2e.fixtures runs under the defaults) ran above; the code they run is under
  # the sanitizers here through the unit tests and those lighter tests.
  # So are the unit tests below: the same exact blackjack math over six decks where lighter
  # tests run it over one and two, the same dealer dealing thousands of rounds under each
  # reading or twice for its bytes where WarBlackjackChecksClean and FullTablesAndOneDeck deal
  # and check under the sanitizers (some 120 s of this pass's tests).
  release_only='^(BlackjackMath\.(DoublingAfterSplitsGainsWhatBothTablesSay|HittingSoft17CostsWhatBothTablesSay|WorkedExampleSixDecksWithTheBestRules|SixDeckBaselineMatchesBothTables|SixToFiveCostsWhatTheTablesSay|FirstCardReturnsAverageToTheWholeHand)'
  release_only+='|BlackjackRtp\.(ReadingsOfTheWarWagerChangeItsEdge|TheReferenceHousesWarWager|ThePublishedWarEdgeHolds|ReadingsTheMathCannotRepresentAreNotComputed)'
  release_only+='|BlackjackDealerTest\.(EveryReadingChecksCleanUnderItself|SameSeedSameBytes))$'
  (cd build-asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j "$jobs" -LE heavy -E "$release_only")
fi

if [ "${PITBOSS_SKIP_FUZZ:-0}" != 1 ]; then
  scripts/fuzz.sh 20 build-asan  # four targets of 20 s, two at a time on two cores: 40 s
fi

# The README's first command, the main job, on the build above.
echo "== the main job (scripts/run.sh)"
scripts/run.sh
