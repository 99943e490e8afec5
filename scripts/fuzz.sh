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
# The targets run side by side, as many at once as there are cores (each libFuzzer run is one
# process on one core): the same time each, in a fraction of the wall-clock time. Each one's
# last lines are printed in the targets' order; any target's failure fails the run.
run_target() {
  local target=$1 corpus=fuzz/corpus/$1 dict=()
  [ "$target" = spec_loader ] && corpus=fuzz/corpus/spec
  mkdir -p "$scratch/$target"
  [ -f "fuzz/$target.dict" ] && dict=(-dict="fuzz/$target.dict")
  "$build/fuzz/${target}_fuzz" -max_total_time="$seconds" -print_final_stats=1 "${dict[@]}" \
    -artifact_prefix="$(cd "$build" && pwd)/" \
    "$scratch/$target" "$corpus" >"$scratch/$target.out" 2>&1
}
cores=$(nproc)
pids=()
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$cores" ]; do sleep 1; done  # a core free: none reaped here
  echo "== fuzz $target for ${seconds}s"
  run_target "$target" &
  pids+=("$!")
done
failed=0
for i in "${!targets[@]}"; do
  status=0
  wait "${pids[$i]}" || status=$?
  echo "== fuzz ${targets[$i]}: $([ "$status" = 0 ] && echo done || echo "FAILED (exit $status)")"
  tail -n 12 "$scratch/${targets[$i]}.out"
  [ "$status" = 0 ] || failed=1
done
exit "$failed"
