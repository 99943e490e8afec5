#!/usr/bin/env bash
# A short libFuzzer run of the log reader, the round parser, the spec loader with lint and the
# dialect reader (clang), one target after the other.
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET [BUILD_DIR]]
#   BUILD_DIR: a sanitizer build configured with -DPITBOSS_FUZZ=ON by clang (scripts/test.sh's
#   build-asan), whose targets are used as they are; default: build-fuzz, configured here.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
if ! command -v clang++ >/dev/null; then
  echo "fuzz: clang++ not found; run scripts/setup.sh first" >&2
  exit 1
fi
build=${2:-build-fuzz}
targets=(round_parser line_reader spec_loader dialect_reader)
if [ ! -f "$build/CMakeCache.txt" ]; then
  CC=clang CXX=clang++ cmake -S . -B "$build" -DPITBOSS_FUZZ=ON -DPITBOSS_BENCH=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$build" -j "$(nproc)" --target "${targets[@]/%/_fuzz}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for target in "${targets[@]}"; do
  corpus=fuzz/corpus/$target
  [ "$target" = spec_loader ] && corpus=fuzz/corpus/spec
  mkdir -p "$scratch/$target"
  dict=()
  [ -f "fuzz/$target.dict" ] && dict=(-dict="fuzz/$target.dict")
  echo "== fuzz $target for ${seconds}s"
  "$build/fuzz/${target}_fuzz" -max_total_time="$seconds" -print_final_stats=1 "${dict[@]}" \
    -artifact_prefix="$(cd "$build" && pwd)/" \
    "$scratch/$target" "$corpus" 2>&1 | tail -n 12
done
