#!/bin/sh
# diff_source_text.sh PITBOSS SOURCE_DIR
# A new revision of us-sd/casino-war that reads amended source texts: clause (1) reworded,
# (4)(c) paying 11 to 1, (4)(d)(iii) struck from both copies of the rule, a clause (6) added. `pitboss diff` must list each
# of those clauses by id, changed, removed or added, with the spec keys that quote them, and
# no other clause; the same in --format json. Negative: a revision that reads the same texts
# lists no clause. Then `pitboss impact` states the unit and currency of its money.
set -u
bin=$1 src=$2
. "$(dirname "$0")/expect_lib.sh"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/sources/us-sd"
cp "$src/rules/sources/us-sd/casino-war.txt" "$src/rules/sources/us-sd/casino-war.admin-r.txt" "$tmp/sources/us-sd/"
sed -e 's/six to eight decks/six to ten decks/' -e 's/player wins 10 to 1;/player wins 11 to 1;/' \
    -e '/(iii).*Dealer bets the player/d' \
    "$src/rules/sources/us-sd/casino-war.txt" >"$tmp/sources/us-sd/casino-war-2030.txt"
printf '\n\t(6)  The licensee may post these rules at the table.\n' >>"$tmp/sources/us-sd/casino-war-2030.txt"
cp "$src/rules/us-sd/casino-war.yaml" "$tmp/old.yaml"
sed -e '/(iii).*Dealer bets the player/d' "$src/rules/sources/us-sd/casino-war.admin-r.txt" \
  >"$tmp/sources/us-sd/casino-war.admin-r-2030.txt"
sed -e 's|sources/us-sd/casino-war.txt|sources/us-sd/casino-war-2030.txt|' \
    -e 's|sources/us-sd/casino-war.admin-r.txt|sources/us-sd/casino-war.admin-r-2030.txt|' \
    -e 's/name: "2012-04-23"/name: "2030-01-01"/' -e 's/effective: 2012-04-23/effective: 2030-01-01/' \
    "$tmp/old.yaml" >"$tmp/new.yaml"

"$bin" diff "$tmp/old.yaml" "$tmp/new.yaml" >"$tmp/diff.txt" 2>&1
got=$?
[ "$got" -eq 1 ] || { echo "FAIL: diff exit $got, expected 1 (the effective date changed)"; status=1; }
for line in \
  '^clauses of the source texts whose words changed:$' \
  '^  \(1\): changed; quoted by shoe\.decks, ' \
  '^  \(4\)\(c\): changed; quoted by payouts\.' \
  '^  \(6\): added; quoted by no key of the spec$' \
  '^  \(4\)\(d\)\(iii\): removed; quoted by payouts\.' \
  '; 4 clauses of the source texts changed, added or removed$'; do
  grep -Eq -- "$line" "$tmp/diff.txt" || { echo "FAIL: no '$line' in the diff"; status=1; }
done
n=$(sed -n '/^clauses of the source texts/,/^$/p' "$tmp/diff.txt" | grep -c '^  ')
[ "$n" -eq 4 ] || { echo "FAIL: $n clauses listed, expected 4"; status=1; }
[ "$status" -eq 0 ] || cat "$tmp/diff.txt"

expect 1 '"text_changes":\[\{"clause":"\(1\)","kind":"changed","old_keys":\["shoe\.decks"' \
  "$bin" diff --format json "$tmp/old.yaml" "$tmp/new.yaml"
expect 1 '"clauses_whose_text_changed":4' "$bin" diff --format json "$tmp/old.yaml" "$tmp/new.yaml"

# The same texts: no clause listed.
sed -e 's/name: "2012-04-23"/name: "2030-01-01"/' "$tmp/old.yaml" >"$tmp/renamed.yaml"
"$bin" diff "$tmp/old.yaml" "$tmp/renamed.yaml" >"$tmp/same.txt" 2>&1
if grep -q 'source texts' "$tmp/same.txt"; then
  echo "FAIL: a revision reading the same texts lists clauses"
  cat "$tmp/same.txt"
  status=1
fi

# impact says what its money is: minor units of the logs' currency, or that they name none.
expect 0 '^money in minor units \(the currency.s smallest unit\); the logs name no currency$' \
  "$bin" impact --from "$tmp/old.yaml" --to "$tmp/renamed.yaml" "$src/fixtures/clean/us-sd-casino-war.jsonl"
sed 's/"table":"SD-T1",/"table":"SD-T1","currency":"USD",/' "$src/fixtures/clean/us-sd-casino-war.jsonl" \
  >"$tmp/usd.jsonl"
expect 0 '^money in minor units of USD \(the currency.s smallest unit, as the logs write it\)' \
  "$bin" impact --from "$tmp/old.yaml" --to "$tmp/renamed.yaml" "$tmp/usd.jsonl"
expect 0 '"money":\{"unit":"minor","currency":"USD","currencies":\["USD"\],"rounds_without_currency":[0-9]+\}' \
  "$bin" impact --format json --from "$tmp/old.yaml" --to "$tmp/renamed.yaml" "$tmp/usd.jsonl"
exit $status
