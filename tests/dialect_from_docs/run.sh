#!/usr/bin/env bash
# Tests the dialect written from docs/dialects.md alone: lint, check findings, round trip.
# Usage: run.sh PATH/TO/pitboss
set -euo pipefail

if [[ $# -ne 1 ]]; then
  echo "usage: $0 PATH/TO/pitboss" >&2
  exit 2
fi
PITBOSS=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
DIALECT=$HERE/my-format.yaml
SAMPLE=$HERE/sample.log
EXPECTED=$HERE/expected.txt

TMP=$(mktemp -d "${TMPDIR:-/tmp}/dialect_from_docs.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }

# run CMD... ; sets RC to its exit status without tripping set -e
run() { set +e; "$@"; RC=$?; set -e; }

# 1. the dialect lints clean
run "$PITBOSS" lint "$DIALECT"
[[ $RC -eq 0 ]] || fail "pitboss lint $DIALECT exited $RC, expected 0"

# 2. the check finds exactly the planted faults, each at its line
run "$PITBOSS" check -q --dialect "$DIALECT" --format json --out "$TMP/report.json" "$SAMPLE"
[[ $RC -eq 1 ]] || fail "pitboss check exited $RC, expected 1 (violations found)"

python3 - "$TMP/report.json" "$EXPECTED" <<'PY'
import json, sys
report_path, expected_path = sys.argv[1], sys.argv[2]
with open(report_path) as f:
    report = json.load(f)
found = {(v["code"], int(v["line"])) for v in report["violations"]}
expected = set()
with open(expected_path) as f:
    for n, line in enumerate(f, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        code, lineno = line.split()
        expected.add((code, int(lineno)))
missing = sorted(expected - found)
extra = sorted(found - expected)
if missing or extra:
    for code, line in missing:
        print(f"FAIL: expected finding not reported: {code} at sample.log:{line}", file=sys.stderr)
    for code, line in extra:
        msg = next(v["message"] for v in report["violations"]
                   if v["code"] == code and int(v["line"]) == line)
        print(f"FAIL: unexpected finding: {code} at sample.log:{line}: {msg}", file=sys.stderr)
    sys.exit(1)
print(f"check: the {len(found)} expected findings, at their lines")
PY

# 3. round trip: dialect -> v1 -> dialect -> v1 gives the same v1
run "$PITBOSS" convert --dialect "$DIALECT" --out "$TMP/first.jsonl" "$SAMPLE" 2>"$TMP/convert1.err"
[[ $RC -eq 1 ]] || { cat "$TMP/convert1.err" >&2; fail "convert --dialect exited $RC, expected 1 (one malformed record)"; }
grep -q 'sample.log:28:' "$TMP/convert1.err" \
  || { cat "$TMP/convert1.err" >&2; fail "convert --dialect did not report the malformed record at sample.log:28"; }

run "$PITBOSS" convert --to "$DIALECT" --out "$TMP/again.log" "$TMP/first.jsonl"
[[ $RC -eq 0 ]] || fail "convert --to exited $RC, expected 0"

run "$PITBOSS" convert --dialect "$DIALECT" --out "$TMP/second.jsonl" "$TMP/again.log"
[[ $RC -eq 0 ]] || fail "convert --dialect of the written-back log exited $RC, expected 0"

python3 - "$TMP/first.jsonl" "$TMP/second.jsonl" <<'PY'
import json, sys
def rounds(path):
    with open(path) as f:
        return [json.loads(l) for l in f if l.strip()]
a, b = rounds(sys.argv[1]), rounds(sys.argv[2])
if len(a) != 6:
    print(f"FAIL: expected 6 v1 rounds from sample.log, got {len(a)}", file=sys.stderr)
    sys.exit(1)
if a != b:
    print(f"FAIL: round trip differs ({len(a)} rounds before, {len(b)} after)", file=sys.stderr)
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            print(f"  round {i + 1}:\n    before {json.dumps(x)}\n    after  {json.dumps(y)}", file=sys.stderr)
    sys.exit(1)
print(f"round trip: the same {len(a)} v1 rounds")
PY
cmp -s "$TMP/first.jsonl" "$TMP/second.jsonl" || fail "round trip: same rounds but not byte for byte the same v1 lines"

echo "PASS: dialect_from_docs"
