#!/usr/bin/env bash
# The main job: set up, build, lint the bundled rule specs, compute their exact return and
# check their published claims, check every bundled fixture against them, and test the
# large generated logs for statistical conformance. Reports go to reports/. Exit 0 when
# the clean logs check clean, every violation fixture is found at fault, every claim holds
# and the generated logs pass their statistical tests; non-zero otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build -DCMAKE_BUILD_TYPE=Release
pitboss=build/pitboss
mkdir -p reports

echo "== pitboss lint rules/"
$pitboss lint rules/ | tee reports/lint.txt

status=0
check() {  # NAME EXPECTED_EXIT LOG...
  local name=$1 want=$2
  shift 2
  local got=0
  # One check, three reports (each --out takes its format from its extension).
  $pitboss check --no-progress --out "reports/$name.json" --out "reports/$name.txt" --out "reports/$name.html" \
    "$@" || got=$?
  local summary
  summary=$(python3 - "reports/$name.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
s = report["summary"]
line = "%d rounds, %d violations in %d rounds" % (s["rounds"], s["violations"], s["rounds_with_violations"])
not_run = report.get("not_checked", [])
if not_run:
    line += "; %d checks not run (the log's format lacks what they need)" % len(not_run)
print(line)
PY
)
  if [ "$got" -eq "$want" ]; then
    echo "== $name: $summary (exit $got, as expected) -> reports/$name.txt, .json, .html"
  else
    echo "== $name: $summary (exit $got, expected $want) -> reports/$name.txt" >&2
    status=1
  fi
}
check clean 0 fixtures/clean
[ -d fixtures/generated ] && check generated 0 fixtures/generated
check violations 1 fixtures/violations
# Logs in operators' own formats, read through their dialects (docs/dialects.md).
check dialect-tgms-casino-war 0 --dialect tgms/casino-war-csv fixtures/dialects/tgms-casino-war.csv
check dialect-tgms-war-blackjack 0 --dialect tgms/war-blackjack-csv fixtures/dialects/tgms-war-blackjack.csv
check dialect-dealer-terminal 0 --dialect terminal/dealer-terminal fixtures/dialects/dealer-terminal.txt
# A third party's published JSON round format: what it lacks is reported as not checked.
check dialect-vegaslounge-replay 0 --dialect playgon/vegaslounge-replay-blackjack fixtures/dialects/vegaslounge-replay.json
check dialect-worked-example 1 --dialect fixtures/dialects/acme-war.yaml fixtures/dialects/acme-war.log

# The exact return of every wager of each bundled rule set, and its claims checked.
for spec in us-sd/casino-war vendor/shuffle-master/casino-war online/war us-sd/war-blackjack \
    us-sd/war-blackjack-second-house; do
  name=rtp-${spec//\//-}
  got=0
  $pitboss rtp --format json --out "reports/$name.json" "$spec" || got=$?
  $pitboss rtp --out "reports/$name.txt" "$spec" || true
  if [ "$got" -eq 0 ]; then
    echo "== rtp $spec: every claim holds -> reports/$name.txt, .json"
  else
    echo "== rtp $spec: exit $got (a claim does not hold, or it could not run) -> reports/$name.txt" >&2
    status=1
  fi
done

# Statistical conformance of the large generated (fair) logs.
if [ -d fixtures/generated ]; then
  got=0
  $pitboss stats --format json --out reports/stats.json fixtures/generated || got=$?
  $pitboss stats --out reports/stats.txt fixtures/generated || true
  $pitboss stats --format html --out reports/stats.html fixtures/generated || true
  summary=$(tail -n 1 reports/stats.txt)
  if [ "$got" -eq 0 ]; then
    echo "== stats generated: $summary -> reports/stats.txt, .json, .html"
  else
    echo "== stats generated: exit $got: $summary -> reports/stats.txt" >&2
    status=1
  fi
fi
exit $status
