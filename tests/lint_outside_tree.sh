#!/bin/sh
# lint_outside_tree.sh PITBOSS SOURCE_DIR
# Builds a rules tree in a temporary folder, a copy of rules/us-sd/casino-war.yaml whose second
# source text is named by an absolute path (/proc/self/environ, a file of secrets) or by a ".."
# that climbs out of the tree (../../../etc/passwd), or is a link in the tree to that file of
# secrets. Each must be one spec error at the text's line (lint: exit 1; check, which loads
# the spec: exit 2), and no output may show the environment's values or a file out of the tree.
set -u
bin=$1 src=$2
tmp=${TMPDIR:-/tmp}/pitboss-outside-tree-$$
rm -rf "$tmp"
mkdir -p "$tmp/rules/us-sd" "$tmp/rules/sources/us-sd" || exit 2
trap 'rm -rf "$tmp"' EXIT
token="s3cr3t-token-$$"
PITBOSS_TEST_SECRET=$token
export PITBOSS_TEST_SECRET
# Were it read, lint would report its payout phrase and show it as the closest passage of the
# quote of (1), which names six to eight decks.
printf 'root:x:0:0:root:/root:/bin/sh\nTOKEN=%s\nCasino War shall be played with six to nine decks of cards. It pays 99 to 1.\n' \
  "$token" >"$tmp/secret.txt"
cp "$src/rules/sources/us-sd/casino-war.txt" "$tmp/rules/sources/us-sd/"
spec=$tmp/rules/us-sd/casino-war.yaml
text='sources/us-sd/casino-war.admin-r.txt'
line=$(grep -n -- "- $text" "$src/rules/us-sd/casino-war.yaml" | cut -d: -f1)
status=0

fail() {
  echo "FAIL ($1): $2"
  printf '%s\n' "$out" | tail -n 20
  status=1
}

# expect NAME STATUS ERROR COMMAND...: the command exits with STATUS, its output has ERROR (a
# fixed string), and it leaks nothing.
expect() {
  name=$1 want=$2 pattern=$3
  shift 3
  out=$("$@" 2>&1)
  got=$?
  [ "$got" -eq "$want" ] || fail "$name" "exit $got, expected $want: $*"
  printf '%s\n' "$out" | grep -qF -- "$pattern" || fail "$name" "no error '$pattern': $*"
  for leak in "$token" 'root:x:0:0' '99 to 1' 'six to nine'; do
    if printf '%s\n' "$out" | grep -qF -- "$leak"; then fail "$name" "the output shows '$leak': $*"; fi
  done
}

for name in /proc/self/environ ../../../etc/passwd "$tmp/secret.txt" link; do
  rm -f "$tmp/rules/$text"
  if [ "$name" = link ]; then
    ln -s "$tmp/secret.txt" "$tmp/rules/$text"
    sed "s/eight decks of cards/ten decks of cards/" "$src/rules/us-sd/casino-war.yaml" >"$spec"
    shown=$text
  else
    sed -e "s|- $text|- $name|" -e "s/eight decks of cards/ten decks of cards/" \
      "$src/rules/us-sd/casino-war.yaml" >"$spec"
    shown=$name
  fi
  error="source.texts: '$shown' is outside the rules tree ("
  expect "$shown" 1 "$spec:$line:7: $error" "$bin" lint "$spec"
  expect "$shown" 1 "\"line\":$line,\"column\":7,\"message\":\"$error" "$bin" lint --format json "$tmp/rules"
  expect "$shown" 2 "$spec:$line:7: $error" \
    "$bin" check --no-progress --rules "$spec" "$src/fixtures/clean/us-sd-casino-war.jsonl"
done
exit $status
