#!/usr/bin/env bash
# Every test: set up, build, the style check (scripts/format.sh --check), then the unit tests
# and the end-to-end tests (CTest), clang-tidy (scripts/tidy.sh), the same tests again under
# AddressSanitizer and UndefinedBehaviorSanitizer, and a short fuzz run of the log parser where
# clang is available. The end-to-end tests of the junit and sarif reports read them with tools
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

if [ "${PITBOSS_SKIP_SANITIZERS:-0}" != 1 ]; then
  echo "== sanitizers (ASan + UBSan)"
  # -O1, as the sanitizers' own documentation advises: a fraction of -O0's run time.
  scripts/setup.sh build-asan -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" \
    -DPITBOSS_SANITIZE=ON -DPITBOSS_BENCH=OFF
  # The tests labelled heavy (whole generated logs through the checker and the statistics, the
  # real-browser tests) ran above; the code they run is under the sanitizers here through the
  # unit tests.
  (cd build-asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j "$jobs" -LE heavy)
fi

if [ "${PITBOSS_SKIP_FUZZ:-0}" != 1 ] && [ -f fuzz/CMakeLists.txt ]; then
  scripts/fuzz.sh 25  # four targets: 100 s in all
fi

# The README's first command, the main job, on the build above.
echo "== the main job (scripts/run.sh)"
scripts/run.sh
