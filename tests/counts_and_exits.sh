#!/bin/sh
# counts_and_exits.sh PITBOSS
# Counts and exit statuses that agree with the docs (issue 21, item 7):
# - a line that is not JSON is a malformed line, neither a round nor a round with violations;
# - a check that read no round exits 2 and its JSON report says "complete": false;
# - merge of a shard report that is incomplete exits 2, as check does for the same report.
set -u
bin=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
status=0
fail() {
  echo "FAIL: $*"
  status=1
}

printf 'not json\n' > "$tmp/garbage.jsonl"
out=$("$bin" check --no-progress "$tmp/garbage.jsonl" 2>/dev/null)
[ $? -eq 1 ] || fail "a log of one malformed line: exit not 1"
printf '%s\n' "$out" | grep -q "^FAIL: 1 violation in 0 rounds (0 rounds with violations)" ||
  fail "a malformed line counted as a round with violations: $(printf '%s\n' "$out" | head -n 1)"

: > "$tmp/empty.jsonl"
"$bin" check --no-progress --format json --out "$tmp/empty.json" "$tmp/empty.jsonl" 2>/dev/null
[ $? -eq 2 ] || fail "a check that read no round: exit not 2"
grep -q '"complete":false' "$tmp/empty.json" || fail "a check that read no round says it is complete"

"$bin" merge --out "$tmp/merged.json" "$tmp/empty.json" 2>/dev/null
[ $? -eq 2 ] || fail "merge of an incomplete report: exit not 2"
exit $status
