#!/bin/sh
# Throughput and memory of `pitboss check`, measured in one go (README, "Performance"):
#   1. on a generated log of ROUNDS rounds (default 200000) of each game (Casino War, War
#      Blackjack): parse-only (simdjson On-Demand over the log as a document stream, and line
#      by line: bench/ondemand_baseline.cc), then `check --jobs 1` and `check --jobs $(nproc)`
#      on the log plain, gzipped and zstd-compressed: rounds/s, MB/s, peak RSS, and the
#      ratios to parse-only and to the plain log, best of REPEAT runs;
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

# Runs a command with its output discarded; prints "SECONDS PEAK_KIB USER_SECONDS". A check
# exits 1 on findings: only 2 and above are failures.
measure() {
  /usr/bin/time -f "%e %M %U" -o "$work/time.txt" "$@" >/dev/null 2>"$work/stderr.txt" || {
    status=$?
    if [ "$status" -ge 2 ]; then
      echo "throughput.sh: $* failed ($status):" >&2
      cat "$work/stderr.txt" >&2
      exit 2
    fi
  }
  tail -n 1 "$work/time.txt"
}

# The best (least) time of REPEAT runs, the largest peak RSS and the least user CPU time:
# "SECONDS PEAK_KIB USER_SECONDS".
best_of() {
  best=""
  peak=0
  user=""
  i=0
  while [ "$i" -lt "$repeat" ]; do
    set -- $(measure "$@") "$@"
    t=$1
    m=$2
    u=$3
    shift 3
    if [ -z "$best" ] || awk "BEGIN { exit !($t < $best) }"; then best=$t; fi
    if [ -z "$user" ] || awk "BEGIN { exit !($u < $user) }"; then user=$u; fi
    if [ "$m" -gt "$peak" ]; then peak=$m; fi
    i=$((i + 1))
  done
  echo "$best $peak $user"
}

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $cores cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo); load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "best of $repeat runs each; parse-only: simdjson On-Demand over the plain log as one document stream (iterate_many), every value touched"
verdicts=""
# One game: its log (plain, .gz, .zst), parse-only and check at --jobs 1 and --jobs $cores.
# Args: SPEC NAME JOBS1_TARGET JOBSN_TARGET (the ratio to parse-only each should reach).
game() {
  spec=$1 name=$2 target_one=$3 target_all=$4
  log=$work/$name-$rounds.jsonl
  if [ ! -s "$log" ]; then
    echo "generating $log ..."
    "$pitboss" generate --spec "$spec" --rounds "$rounds" --tables 8 --seed 1 --out "$log"
  fi
  [ -s "$log.gz" ] || gzip -c "$log" >"$log.gz"
  [ -s "$log.zst" ] || zstd -q -c "$log" >"$log.zst"
  bytes=$(stat -c %s "$log")
  echo
  echo "$name: $log: $rounds rounds, $(awk "BEGIN { printf \"%.1f\", $bytes / 1e6 }") MB (.gz $(du -h "$log.gz" | cut -f1), .zst $(du -h "$log.zst" | cut -f1))"
  printf '%-34s %8s %12s %9s %10s %8s\n' "" "seconds" "rounds/s" "MB/s" "peak RSS" "ratio"
  set -- $(best_of "$baseline" --stream "$log")
  base_t=$1
  # The document stream loads the whole log into memory first: on a machine whose page faults
  # are dear (a virtual machine's, above all), its time is much more than its parsing. Its
  # user CPU time is given too, and the ratios against it: the parsing, and what faults the
  # kernel does not see (a virtual machine's host backing the memory touched) but for which
  # only the line-by-line parse, in little memory reused, is the steadier measure.
  base_user=$3
  row "parse-only (document stream)" "$1" "$2" "$base_t"
  row "  its user CPU time alone" "$3" "$2" "$base_t"
  set -- $(best_of "$baseline" "$log")
  row "parse-only (line by line)" "$1" "$2" "$base_t"
  for suffix in "" .gz .zst; do
    for jobs in 1 "$cores"; do
      set -- $(best_of "$pitboss" check --no-progress --format json --jobs "$jobs" "$log$suffix")
      row "check --jobs $jobs ${suffix:-plain}" "$1" "$2" "$base_t"
      eval "t_${jobs}_${suffix#.}=$1"
    done
  done
  eval "n_plain=\$t_${cores}_ n_gz=\$t_${cores}_gz n_zst=\$t_${cores}_zst"
  verdicts="$verdicts
$(awk -v name="$name" -v user="$base_user" -v cores="$cores" -v base="$base_t" -v one="$t_1_" -v one_gz="$t_1_gz" -v one_zst="$t_1_zst" \
    -v all="$n_plain" -v all_gz="$n_gz" -v all_zst="$n_zst" -v target_one="$target_one" -v target_all="$target_all" 'BEGIN {
  printf "%s: --jobs 1 at %.2fx parse-only (target %s), --jobs %d at %.2fx (target %s); .gz at %.2f and %.2f, .zst at %.2f and %.2f of the plain log'"'"'s time (--jobs 1 and %d; target 1.1 at most)\n", name, base / one, target_one, cores, base / all, target_all, one_gz / one, all_gz / all, one_zst / one, all_zst / all, cores
  printf "%s: against parse-only'"'"'s user CPU time alone (%.2f s): --jobs 1 at %.2fx, --jobs %d at %.2fx", name, user, user / one, cores, user / all }')"
}
# ratio: parse-only's time over this one's (above 1: faster than merely reading the log).
row() {
  printf '%-34s %8.2f %12.0f %9.1f %7.1f MiB %7.2fx\n' "$1" "$2" "$(awk "BEGIN { print $rounds / $2 }")" \
    "$(awk "BEGIN { print $bytes / 1e6 / $2 }")" "$(awk "BEGIN { print $3 / 1024 }")" "$(awk "BEGIN { print $4 / $2 }")"
}
game us-sd/casino-war casino-war 1.0 1.25
game us-sd/war-blackjack war-blackjack 0.6 1.0
echo "$verdicts"

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
