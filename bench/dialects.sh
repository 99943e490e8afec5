#!/bin/sh
# Throughput and memory of `pitboss check --dialect` against the v1 check of the same rounds
# (docs/dialects.md): ROUNDS Casino War rounds (default 200000) dealt by `pitboss generate`,
# written in each bundled dialect that writes Casino War by `pitboss convert --to`, then
# checked with --jobs 1 and --jobs $(nproc): seconds (best of REPEAT), rounds/s, peak RSS, and
# each dialect's throughput as a share of v1's. The logs are kept in WORK_DIR for the next run.
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
for d in tgms/casino-war-csv terminal/dealer-terminal; do
  out=$work/war-$rounds-$(echo "$d" | tr / -).log
  [ -f "$out" ] || "$pitboss" convert --to "$d" --out "$out" "$v1" 2>/dev/null
done

# "SECONDS PEAK_KIB", the best time of REPEAT runs and the largest peak.
best_of() {
  best=""
  peak=0
  i=0
  while [ "$i" -lt "$repeat" ]; do
    /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" >/dev/null 2>"$work/stderr.txt" || {
      s=$?
      [ "$s" -ge 2 ] && { cat "$work/stderr.txt" >&2; exit 2; }
    }
    set -- $(tail -n 1 "$work/time.txt") "$@"
    t=$1
    m=$2
    shift 2
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
    [ "$m" -gt "$peak" ] && peak=$m
    i=$((i + 1))
  done
  echo "$best $peak"
}

printf '%-26s %5s %8s %12s %9s %10s\n' input jobs seconds rounds/s "peak MiB" "of v1"
for jobs in 1 "$cores"; do
  base=""
  for input in v1 tgms/casino-war-csv terminal/dealer-terminal; do
    if [ "$input" = v1 ]; then
      set -- $(best_of "$pitboss" check --no-progress --jobs "$jobs" --format json "$v1")
    else
      log=$work/war-$rounds-$(echo "$input" | tr / -).log
      set -- $(best_of "$pitboss" check --no-progress --jobs "$jobs" --format json --dialect "$input" "$log")
    fi
    t=$1
    [ -z "$base" ] && base=$t
    printf '%-26s %5s %8s %12.0f %9.1f %9.0f%%\n' "$input" "$jobs" "$t" "$(echo "$rounds / $t" | bc -l)" \
      "$(echo "$2 / 1024" | bc -l)" "$(echo "100 * $base / $t" | bc -l)"
  done
done
