#!/usr/bin/env bash
# The main job: set up, build, lint the bundled rule specs and check every bundled
# fixture against them. Reports go to reports/. Exit 0 when the clean logs check clean
# and every violation fixture is found at fault; non-zero otherwise.
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
  $pitboss check --no-progress --format json --out "reports/$name.json" "$@" || got=$?
  $pitboss check --no-progress --format text --out "reports/$name.txt" "$@" || true
  local summary
  summary=$(python3 - "reports/$name.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
print("%d rounds, %d violations in %d rounds" % (s["rounds"], s["violations"], s["rounds_with_violations"]))
PY
)
  if [ "$got" -eq "$want" ]; then
    echo "== $name: $summary (exit $got, as expected) -> reports/$name.txt, reports/$name.json"
  else
    echo "== $name: $summary (exit $got, expected $want) -> reports/$name.txt" >&2
    status=1
  fi
}
check clean 0 fixtures/clean
[ -d fixtures/generated ] && check generated 0 fixtures/generated
check violations 1 fixtures/violations
exit $status
