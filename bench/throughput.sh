#!/bin/sh
# Throughput and memory of `pitboss check`, measured in one go (README, "Performance"):
#   1. on a generated Casino War log of ROUNDS rounds (default 200000): the naive simdjson
#      On-Demand baseline (bench/ondemand_baseline.cc), `check --jobs 1` and
#      `check --jobs $(nproc)`: rounds/s, MB/s, peak RSS, and the ratios, best of REPEAT runs;
#   2. peak RSS and time of `check` on a clean 10,000,000-round log (zstd-compressed);
#   3. peak RSS and time of `check` on a 1,000,000-round log in which every round is wrong
#      (bench/corrupt_settle.py), in every report format;
#   4. peak RSS and time of `check` on a 1,000,000-round log whose round ids are UUIDs
#      (bench/uuid_ids.py), under the default --round-id-memory and with every id in memory.
# The logs are made with `pitboss generate` in WORK_DIR and kept there for the next run.
#
# Usage: bench/throughput.sh [--quick] [BUILD_DIR [WORK_DIR]]
#   --quick   step 1 only
#   env: ROUNDS (200000), REPEAT (3), BIG_ROUNDS (10000000), BAD_ROUNDS (1000000),
#        UUID_ROUNDS (1000000)
set -eu

quick=0
if [ "${1:-}" = "--quick" ]; then
  quick=1
  shift
fi
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
work=${2:-${TMPDIR:-/tmp}/pitboss-bench}
rounds=${ROUNDS:-200000}
repeat=${REPEAT:-3}
big_rounds=${BIG_ROUNDS:-10000000}
bad_rounds=${BAD_ROUNDS:-1000000}
uuid_rounds=${UUID_ROUNDS:-1000000}
pitboss=$build/pitboss
baseline=$build/bench/ondemand_baseline
cores=$(nproc)
mkdir -p "$work"
for tool in "$pitboss" "$baseline"; do
  [ -x "$tool" ] || { echo "throughput.sh: $tool is not built (cmake --build $build)" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "throughput.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }

# Runs a command with its output discarded; prints "SECONDS PEAK_KIB". A check exits 1 on
# findings: only 2 and above are failures.
measure() {
  /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" >/dev/null 2>"$work/stderr.txt" || {
    status=$?
    if [ "$status" -ge 2 ]; then
      echo "throughput.sh: $* failed ($status):" >&2
      cat "$work/stderr.txt" >&2
      exit 2
    fi
  }
  tail -n 1 "$work/time.txt"
}

# The best (least) time of REPEAT runs, and the largest peak RSS: "SECONDS PEAK_KIB".
best_of() {
  best=""
  peak=0
  i=0
  while [ "$i" -lt "$repeat" ]; do
    set -- $(measure "$@") "$@"
    t=$1
    m=$2
    shift 2
    if [ -z "$best" ] || awk "BEGIN { exit !($t < $best) }"; then best=$t; fi
    if [ "$m" -gt "$peak" ]; then peak=$m; fi
    i=$((i + 1))
  done
  echo "$best $peak"
}

log=$work/war-$rounds.jsonl
if [ ! -s "$log" ]; then
  echo "generating $log ..."
  "$pitboss" generate --spec us-sd/casino-war --rounds "$rounds" --tables 8 --seed 1 --out "$log"
fi
bytes=$(stat -c %s "$log")
mb=$(awk "BEGIN { printf \"%.1f\", $bytes / 1e6 }")

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $cores cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo); load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "log: $log: $rounds rounds, $mb MB; best of $repeat runs each"
printf '%-28s %8s %12s %9s %10s\n' "" "seconds" "rounds/s" "MB/s" "peak RSS"
row() {
  printf '%-28s %8.2f %12.0f %9.1f %7.1f MiB\n' "$1" "$2" "$(awk "BEGIN { print $rounds / $2 }")" \
    "$(awk "BEGIN { print $bytes / 1e6 / $2 }")" "$(awk "BEGIN { print $3 / 1024 }")"
}
set -- $(best_of "$baseline" "$log")
base_t=$1
row "simdjson On-Demand baseline" "$1" "$2"
set -- $(best_of "$pitboss" check --no-progress --format json --jobs 1 "$log")
one_t=$1
row "check --jobs 1" "$1" "$2"
set -- $(best_of "$pitboss" check --no-progress --format json --jobs "$cores" "$log")
all_t=$1
row "check --jobs $cores" "$1" "$2"
awk "BEGIN { printf \"ratios: --jobs $cores / --jobs 1 = %.2f (target 1.8); --jobs $cores / baseline = %.2f (target 1.0); --jobs 1 / baseline = %.2f (target 0.6)\n\", $one_t / $all_t, $base_t / $all_t, $base_t / $one_t }"

[ "$quick" -eq 1 ] && exit 0

big=$work/war-$big_rounds.jsonl.zst
if [ ! -s "$big" ]; then
  echo "generating $big ..."
  "$pitboss" generate --spec us-sd/casino-war --rounds "$big_rounds" --tables 8 --seed 2 --out - | zstd -q -1 -o "$big"
fi
set -- $(measure "$pitboss" check --no-progress --format json --jobs "$cores" "$big")
printf 'clean %d-round log (%s, zstd): check --jobs %d: %.1f s, peak RSS %.1f MiB (target < 64)\n' \
  "$big_rounds" "$(du -hL "$big" | cut -f1)" "$cores" "$1" "$(awk "BEGIN { print $2 / 1024 }")"

bad=$work/war-$bad_rounds-all-findings.jsonl
if [ ! -s "$bad" ]; then
  echo "generating $bad ..."
  "$pitboss" generate --spec us-sd/casino-war --rounds "$bad_rounds" --tables 8 --seed 3 --out - |
    python3 "$here/corrupt_settle.py" >"$bad"
fi
for format in json text junit sarif md html; do
  set -- $(measure "$pitboss" check --no-progress --format "$format" --jobs "$cores" --out "$work/report.out" "$bad")
  printf '%d-round log, every round wrong: check --format %-5s --jobs %d: %.1f s, peak RSS %.1f MiB (target < 128), report %s\n' \
    "$bad_rounds" "$format" "$cores" "$1" "$(awk "BEGIN { print $2 / 1024 }")" "$(du -h "$work/report.out" | cut -f1)"
done
rm -f "$work/report.out"

uuids=$work/war-$uuid_rounds-uuid.jsonl
if [ ! -s "$uuids" ]; then
  echo "generating $uuids ..."
  "$pitboss" generate --spec us-sd/casino-war --rounds "$uuid_rounds" --tables 8 --seed 4 --out "$uuids.tmp"
  python3 "$here/uuid_ids.py" "$uuids.tmp" "$uuids"
  rm -f "$uuids.tmp"
fi
for memory in 16MiB 64GiB; do
  set -- $(measure "$pitboss" check --no-progress --format json --jobs "$cores" --round-id-memory "$memory" "$uuids")
  printf '%d-round log, UUID round ids: check --jobs %d --round-id-memory %-6s %.1f s, peak RSS %.1f MiB (target < 64 at the default)\n' \
    "$uuid_rounds" "$cores" "$memory:" "$1" "$(awk "BEGIN { print $2 / 1024 }")"
done
