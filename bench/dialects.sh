#!/bin/sh
# Throughput and memory of `pitboss check --dialect` against the v1 check of the same rounds
# (docs/dialects.md): ROUNDS Casino War rounds (default 200000) dealt by `pitboss generate`,
# written in each bundled dialect that writes Casino War by `pitboss convert --to`, then
# checked with --jobs 1 and --jobs $(nproc): seconds (best of REPEAT runs, the checks taken in
# turn), rounds/s, peak RSS, and each dialect's throughput as a share of v1's. The logs are kept
# in WORK_DIR for the next run.
#
# Usage: bench/dialects.sh [BUILD_DIR [WORK_DIR]]
#   env: ROUNDS (200000), REPEAT (3)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
work=${2:-${TMPDIR:-/tmp}/pitboss-bench-dialects}
rounds=${ROUNDS:-200000}
repeat=${REPEAT:-3}
pitboss=$build/pitboss
cores=$(nproc)
mkdir -p "$work"
[ -x "$pitboss" ] || { echo "dialects.sh: $pitboss is not built" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "dialects.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }

v1=$work/war-$rounds.jsonl
[ -f "$v1" ] || "$pitboss" generate --spec us-sd/casino-war --rounds "$rounds" --tables 8 --seed 1 --out "$v1"
dialects="tgms/casino-war-csv terminal/dealer-terminal"  # those that write Casino War
for d in $dialects; do
  out=$work/war-$rounds-$(echo "$d" | tr / -).log
  [ -f "$out" ] || "$pitboss" convert --to "$d" --out "$out" "$v1" 2>/dev/null
done

# The six checks (v1 and each dialect, at --jobs 1 and at $cores), each run REPEAT times, in turn:
# one run of each, then the next round of runs, so that a slow spell of the machine (a shared VM
# drifts by a fifth and more) falls on all of them alike, not on one. Each check's best time and
# largest peak RSS are kept in $work/best.
inputs="v1 $dialects"
: > "$work/best"
run_once() {  # JOBS INPUT: one timed run; appends "JOBS INPUT SECONDS PEAK_KIB" to $work/best
  if [ "$2" = v1 ]; then
    set -- "$1" "$2" "$pitboss" check --no-progress --jobs "$1" --format json "$v1"
  else
    set -- "$1" "$2" "$pitboss" check --no-progress --jobs "$1" --format json --dialect "$2" \
      "$work/war-$rounds-$(echo "$2" | tr / -).log"
  fi
  jobs=$1
  input=$2
  shift 2
  /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" >/dev/null 2>"$work/stderr.txt" || {
    s=$?
    [ "$s" -ge 2 ] && { cat "$work/stderr.txt" >&2; exit 2; }
  }
  echo "$jobs $input $(tail -n 1 "$work/time.txt")" >>"$work/best"
}
i=0
while [ "$i" -lt "$repeat" ]; do
  for jobs in 1 "$cores"; do
    for input in $inputs; do run_once "$jobs" "$input"; done
  done
  i=$((i + 1))
done

printf '%-26s %5s %8s %12s %9s %10s\n' input jobs seconds rounds/s "peak MiB" "of v1"
for jobs in 1 "$cores"; do
  base=""
  for input in $inputs; do
    set -- $(awk -v j="$jobs" -v inp="$input" '$1 == j && $2 == inp {
      if (best == "" || $3 < best) best = $3; if ($4 > peak) peak = $4 } END { print best, peak }' "$work/best")
    t=$1
    [ -z "$base" ] && base=$t
    printf '%-26s %5s %8s %12.0f %9.1f %9.0f%%\n' "$input" "$jobs" "$t" "$(echo "$rounds / $t" | bc -l)" \
      "$(echo "$2 / 1024" | bc -l)" "$(echo "100 * $base / $t" | bc -l)"
  done
done
