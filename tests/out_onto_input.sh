#!/bin/sh
# out_onto_input.sh PITBOSS SOURCE_DIR
# No command writes onto one of its inputs, named as it is or through a hard or symbolic link
# (exit 2, the input byte for byte as it was); an --out into a folder that is not there fails
# before any log is read; a write that fails halfway names the path and the reason and leaves
# the previous file as it was, with no temporary left behind.
set -u
bin=$1 src=$2
tmp=${TMPDIR:-/tmp}/pitboss-out-onto-input-$$
rm -rf "$tmp"
mkdir -p "$tmp/logs" || exit 2
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
log=$src/fixtures/violations/settle-payout.jsonl
spec=$src/rules/online/war.yaml
cp "$log" day.jsonl
cp "$log" logs/day.jsonl
cp "$spec" spec.yaml
ln day.jsonl hard.jsonl
ln -s day.jsonl soft.jsonl
"$bin" check --no-progress --format json --out shard.json day.jsonl
cp shard.json shard.orig
status=0

fail() {
  echo "FAIL: $1"
  printf '%s\n' "$out" | tail -n 20
  status=1
}

# expect STATUS PATTERN COMMAND...: the command exits with STATUS and its output has PATTERN (a
# fixed string).
expect() {
  want=$1 pattern=$2
  shift 2
  out=$("$@" 2>&1 </dev/null)
  got=$?
  [ "$got" -eq "$want" ] || fail "exit $got, expected $want: $*"
  printf '%s\n' "$out" | grep -qF -- "$pattern" || fail "no '$pattern' in the output of: $*"
}

onto() {  # onto OUT INPUT COMMAND...: --out OUT is the input INPUT
  o=$1 i=$2
  shift 2
  expect 2 "--out $o is the same file as the input $i: no command writes onto its inputs" "$@"
}

onto day.jsonl day.jsonl "$bin" check --no-progress --out day.jsonl day.jsonl
onto hard.jsonl day.jsonl "$bin" check --no-progress --out hard.jsonl day.jsonl
onto soft.jsonl day.jsonl "$bin" check --no-progress --format json --out soft.jsonl day.jsonl
onto logs/day.jsonl logs/day.jsonl "$bin" check --no-progress --out logs/day.jsonl logs
onto spec.yaml spec.yaml "$bin" check --no-progress --rules spec.yaml --out spec.yaml day.jsonl
onto day.jsonl day.jsonl "$bin" stats --no-progress --out day.jsonl day.jsonl
onto shard.json shard.json "$bin" merge --out shard.json shard.json
onto spec.yaml spec.yaml "$bin" lint --out spec.yaml spec.yaml
onto spec.yaml spec.yaml "$bin" diff --out spec.yaml "$spec" spec.yaml
onto hard.jsonl day.jsonl "$bin" impact --from "$spec" --to spec.yaml --out hard.jsonl day.jsonl
onto spec.yaml spec.yaml "$bin" rtp --out spec.yaml spec.yaml
onto spec.yaml spec.yaml "$bin" generate --rules spec.yaml --spec online/war --rounds 10 --out spec.yaml
# Standard input is an input too.
out=$("$bin" check --no-progress --out day.jsonl - <day.jsonl 2>&1)
[ $? -eq 2 ] || fail "check --out day.jsonl - <day.jsonl: not exit 2"
printf '%s\n' "$out" | grep -qF -- "--out day.jsonl is the same file as the input <stdin>" ||
  fail "check --out day.jsonl - <day.jsonl: no error"

cmp -s day.jsonl "$log" || fail "day.jsonl was changed"
cmp -s logs/day.jsonl "$log" || fail "logs/day.jsonl was changed"
cmp -s spec.yaml "$spec" || fail "spec.yaml was changed"
cmp -s shard.json shard.orig || fail "shard.json was changed"
[ -L soft.jsonl ] || fail "soft.jsonl is no longer a link"

# A folder that is not there: the error at once, with its reason, before any log is read (a
# FIFO with no writer would block a read forever).
mkfifo pipe.jsonl
expect 2 "cannot write $tmp/no-such/r.json: No such file or directory" \
  timeout 20 "$bin" check --no-progress --out "$tmp/no-such/r.json" pipe.jsonl
expect 2 "cannot write logs: Is a directory" timeout 20 "$bin" merge --out logs pipe.jsonl
expect 2 "cannot write /dev/full: No space left on device" "$bin" check --no-progress --out /dev/full day.jsonl

# The disk fills halfway (a file-size limit, its signal ignored, stands for it): the previous
# file stays, and no temporary is left.
echo previous >g.jsonl
out=$(trap '' XFSZ; ulimit -f 8; "$bin" generate --spec online/war --rounds 20000 --out g.jsonl 2>&1)
got=$?
[ "$got" -eq 2 ] || fail "generate past the file-size limit: exit $got, expected 2"
printf '%s\n' "$out" | grep -qF -- "cannot write g.jsonl: File too large" || fail "generate: no reason given"
[ "$(cat g.jsonl)" = previous ] || fail "g.jsonl was changed by a failed write"

# And a report that can be written is, whole, beside the logs.
expect 1 "" "$bin" check --no-progress --format json --out logs/r.json logs
grep -q '"violations"' logs/r.json || fail "logs/r.json was not written"
leftover=$(find . -name '*.tmp.*')
[ -z "$leftover" ] || fail "temporaries left behind: $leftover"
exit $status
