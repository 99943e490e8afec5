#!/bin/sh
# lint_revision_lock.sh PITBOSS SOURCE_DIR
# A copy of rules/ with its revisions.lock (issue 12, item 9): lint is clean; a published
# revision edited in place fails at its revision line until `lint --update-lock` records it;
# a published revision whose file is gone fails at its line of the lock. diff and impact of the
# edited revision against the published one warn that they share a revision name.
set -u
bin=$1 src=$2
tmp=${TMPDIR:-/tmp}/pitboss-revision-lock-$$
rm -rf "$tmp"
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT
cp -R "$src/rules" "$tmp/rules" || exit 2
status=0
# expect STATUS PATTERN COMMAND...: COMMAND exits STATUS and its output matches PATTERN (grep -E).
expect() {
  want=$1 pattern=$2
  shift 2
  out=$("$@" 2>&1)
  got=$?
  if [ "$got" -ne "$want" ] || ! printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
    echo "FAIL: exit $got (expected $want), or no '$pattern': $*"
    printf '%s\n' "$out" | tail -n 20
    status=1
  fi
}
expect 0 "lint: 5 specs, no errors" "$bin" lint "$tmp/rules"

# The online game's shoe edited in place: its meaning changed, its revision name did not.
spec=$tmp/rules/online/war.yaml
sed 's/^    max: 6$/    max: 8/' "$src/rules/online/war.yaml" >"$spec" || exit 2
line=$(grep -n '^  name: published$' "$spec" | cut -d: -f1)
expect 1 "online/war.yaml:$line:9: revision published of online/war was published with sha256 [0-9a-f]{12}\.\.\. \(.*revisions\.lock:[0-9]+\); this file's is .* \[lint/revision-changed\]" \
  "$bin" lint "$tmp/rules"
expect 1 "\"code\":\"lint/revision-changed\",\"file\":\"[^\"]*online/war.yaml\",\"line\":$line" \
  "$bin" lint --format json "$tmp/rules"
# diff and impact warn that the rounds judged under that revision would be judged anew.
anew="both are revision published, but they differ in meaning: rounds already judged under it would be judged anew"
expect 1 "^warning: $anew" "$bin" diff "$src/rules/online/war.yaml" "$spec"
expect 1 "\"warnings\":\[\"$anew\"\]" "$bin" diff --format json "$src/rules/online/war.yaml" "$spec"
expect 0 "pitboss: warning: $anew" "$bin" impact --from "$src/rules/online/war.yaml" --to "$spec" \
  "$src/fixtures/clean/online-war.jsonl"
expect 0 "wrote .*revisions\.lock: 5 revisions" "$bin" lint --update-lock "$tmp/rules"
expect 0 "lint: 5 specs, no errors" "$bin" lint "$tmp/rules"

# A published revision removed from the tree.
rm "$spec"
lock_line=$(grep -n '^online/war	' "$tmp/rules/revisions.lock" | cut -d: -f1)
expect 1 "revisions\.lock:$lock_line: revision published of online/war \(online/war\.yaml\) was published, and no spec file holds it any more.*\[lint/revision-missing\]" \
  "$bin" lint "$tmp/rules"
exit $status
