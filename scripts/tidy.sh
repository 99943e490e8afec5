#!/usr/bin/env bash
# clang-tidy, with the checks of the root .clang-tidy, over the project's own sources and the
# project's headers they include, on every core; exit 1 on any warning.
# Usage: scripts/tidy.sh [BUILD_DIR]   (a configured build folder: its compile_commands.json)
#
# The files: src/**/*.cc but tests (*_test.cc) and src/cli/. CI gives this step about three
# minutes on 2 cores, and parsing is most of the time: a file costs 1 to 10 s of parsing before
# any check runs. The 56 tests would add as much again as all the rest (each parses gtest on
# top of what it tests), and the 17 files of src/cli/ are a third of the rest: each parses
# CLI11 and spdlog to wire flags to the library, whose code is checked here.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
if ! command -v run-clang-tidy >/dev/null; then
  echo "tidy: run-clang-tidy not found; run scripts/setup.sh first" >&2
  exit 1
fi
if [ ! -f "$build/compile_commands.json" ]; then
  echo "tidy: $build/compile_commands.json not found; configure $build with cmake first" >&2
  exit 1
fi
root=$(printf '%s' "$PWD" | sed 's/[][\.*^$+?(){}|]/\\&/g')  # as a regular expression
echo "== clang-tidy: src/ but tests and src/cli/ ($(nproc) jobs)"
# run-clang-tidy prints each file's command line, then its diagnostics: only the diagnostics
# are kept. It exits 1 when clang-tidy failed on any file, which WarningsAsErrors makes any
# warning do.
run-clang-tidy -p "$build" -j "$(nproc)" -quiet -header-filter="^$root/(include/pitboss|src)/" \
  "^$root/src/(?!cli/).*(?<!_test)\.cc\$" 2>&1 |
  sed -e '/^clang-tidy[^ ]* --use-color .* -p=/d' \
    -e '/^\(\x1b\[[0-9;]*m\)*[0-9]* warnings\{0,1\} generated\.$/d'
echo "== clang-tidy: no warning (${SECONDS}s)"
