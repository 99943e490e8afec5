#!/bin/sh
# house_spec.sh PITBOSS SOURCE_DIR (issue 23, item 1)
# A house's War Blackjack spec in a folder of its own (HOUSE/acme/war-blackjack.yaml, with its
# posted rules as HOUSE/sources/acme/posted-rules.txt) includes the regulation's part pitboss
# ships (us-sd/parts/war-blackjack-regulation.yaml), found through the rules search path:
# --rules repeated, or PITBOSS_RULES as a list. It lints, deals and checks clean, and lint and
# the JSON report name the file the part was read from and its sha256; the first root that has
# the part is the one read. The binary is run from a copy in a folder of its own, so that no
# rules are installed beside it: without a root that has the part, the include is an error.
set -u
bin=$1 src=$2
tmp=${TMPDIR:-/tmp}/pitboss-house-spec-$$
rm -rf "$tmp"
mkdir -p "$tmp/bin" "$tmp/house/acme" "$tmp/house/sources/acme" "$tmp/reg/us-sd/parts" || exit 2
trap 'rm -rf "$tmp"' EXIT
ln "$bin" "$tmp/bin/pitboss" 2>/dev/null || cp "$bin" "$tmp/bin/pitboss" || exit 2
pitboss=$tmp/bin/pitboss
house=$tmp/house
rules=$src/rules
part=us-sd/parts/war-blackjack-regulation.yaml
sed -e 's|^id: us-sd/war-blackjack-second-house$|id: acme/war-blackjack|' \
  -e 's|sources/us-sd/houses/second-war-blackjack.txt|sources/acme/posted-rules.txt|' \
  "$rules/us-sd/war-blackjack-second-house.yaml" >"$house/acme/war-blackjack.yaml"
cp "$rules/sources/us-sd/houses/second-war-blackjack.txt" "$house/sources/acme/posted-rules.txt"
# Another copy of the part, of other bytes: where both roots have it, the first is read.
cp "$rules/$part" "$tmp/reg/$part"
echo "# a copy" >>"$tmp/reg/$part"
sha=$(sha256sum "$rules/$part" | cut -d' ' -f1)
sha_copy=$(sha256sum "$tmp/reg/$part" | cut -d' ' -f1)
unset PITBOSS_RULES
status=0

fail() {
  echo "FAIL: $1"
  printf '%s\n' "$out" | tail -n 20
  status=1
}

# expect WHAT STATUS PATTERN COMMAND...: the command exits STATUS and its output (standard
# output and error) has PATTERN (a fixed string; "" for any).
expect() {
  what=$1 want=$2 pattern=$3
  shift 3
  out=$("$@" 2>&1)
  got=$?
  if [ "$got" -ne "$want" ]; then
    fail "$what: exit $got, expected $want: $*"
  elif [ -n "$pattern" ] && ! printf '%s\n' "$out" | grep -qF -- "$pattern"; then
    fail "$what: no '$pattern' in the output of: $*"
  else
    echo "ok   $what"
  fi
}

expect "no root has the part: an error at the include" 1 \
  "acme/war-blackjack.yaml:11:5: include: cannot read $house/$part" \
  "$pitboss" lint "$house/acme/war-blackjack.yaml"
expect "lint --rules: clean, the part named with its sha256" 0 "part: $rules/$part sha256 $sha" \
  "$pitboss" lint --rules "$rules" "$house"
expect "lint --format json: the part's file and sha256" 0 \
  "\"parts\":[{\"path\":\"$rules/$part\",\"sha256\":\"$sha\"}]" \
  "$pitboss" lint --format json --rules "$rules" "$house"
expect "PITBOSS_RULES as a list: lint clean" 0 "lint: 1 spec, no errors" \
  env PITBOSS_RULES="$tmp/none:$rules" "$pitboss" lint "$house"
# The regulation's bounds hold a house found this way too: blackjack paid 6 to 5 is below them.
sed 's|net: "+3/2"|net: "+6/5"|' "$house/acme/war-blackjack.yaml" >"$tmp/below.yaml"
mkdir -p "$tmp/below/acme" && mv "$tmp/below.yaml" "$tmp/below/acme/war-blackjack.yaml"
cp -r "$house/sources" "$tmp/below/"
expect "a house below the regulation: lint/below-regulation" 1 "[lint/below-regulation]" \
  "$pitboss" lint --rules "$rules" "$tmp/below"

expect "generate --rules HOUSE --rules rules/" 0 "" \
  "$pitboss" generate --rules "$house" --rules "$rules" --spec acme/war-blackjack --rounds 60 --tables 2 \
  --seed 5 --start 2026-03-02T18:00:00Z --out "$tmp/day.jsonl"
expect "check --rules HOUSE --rules rules/: clean" 0 "" \
  "$pitboss" check --no-progress --rules "$house" --rules "$rules" --format json --out "$tmp/day.json" \
  "$tmp/day.jsonl"
expect "the report names the part's file and sha256" 0 \
  "\"parts\":[{\"path\":\"$rules/$part\",\"sha256\":\"$sha\"}]" cat "$tmp/day.json"
expect "PITBOSS_RULES=HOUSE:rules/: clean" 0 "" \
  env PITBOSS_RULES="$house:$rules" "$pitboss" check --no-progress --format json --out "$tmp/env.json" \
  "$tmp/day.jsonl"
expect "... the same part" 0 "\"parts\":[{\"path\":\"$rules/$part\",\"sha256\":\"$sha\"}]" cat "$tmp/env.json"
expect "the first root that has the part is read" 0 "" \
  "$pitboss" check --no-progress --rules "$house" --rules "$tmp/reg" --rules "$rules" --format json \
  --out "$tmp/first.json" "$tmp/day.jsonl"
expect "... and named" 0 "\"parts\":[{\"path\":\"$tmp/reg/$part\",\"sha256\":\"$sha_copy\"}]" \
  cat "$tmp/first.json"
expect "without a root that has the part, check cannot run" 2 "include: cannot read" \
  "$pitboss" check --no-progress --rules "$house" "$tmp/day.jsonl"
exit $status
