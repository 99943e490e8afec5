#!/bin/sh
# rtp_claim_changed.sh PITBOSS SOURCE_DIR
# A copy of rules/us-sd/war-blackjack.yaml, in a rules tree of its own, whose published War
# edge reads "2.50%" instead of "1.17%": pitboss rtp must exit 1 with the claim failing and
# both figures in its message, and lint must report lint/claim-does-not-hold.
set -u
bin=$1 src=$2
tmp=${TMPDIR:-/tmp}/pitboss-claim-changed-$$
rm -rf "$tmp"
mkdir -p "$tmp/rules/us-sd" "$tmp/rules/sources" || exit 2
trap 'rm -rf "$tmp"' EXIT
cp -R "$src/rules/sources/us-sd" "$tmp/rules/sources/" || exit 2
cp -R "$src/rules/us-sd/parts" "$tmp/rules/us-sd/" || exit 2
spec=$tmp/rules/us-sd/war-blackjack.yaml
sed 's/^    value: "1\.17%"$/    value: "2.50%"/' "$src/rules/us-sd/war-blackjack.yaml" >"$spec" || exit 2
grep -q 'value: "2.50%"' "$spec" || { echo "FAIL: the claim's value was not found to change"; exit 1; }
status=0
out=$("$bin" rtp "$spec" 2>&1)
got=$?
if [ "$got" -ne 1 ] || ! printf '%s\n' "$out" | grep -Eq \
    "FAILS: does not hold on any basis under policy optimal: claimed 2\.50% .*the nearest figure is 1\.1716% \(the best ride, 6 decks\)"; then
  echo "FAIL: rtp exit $got, expected 1 with the failing claim"
  printf '%s\n' "$out" | tail -n 20
  status=1
fi
out=$("$bin" lint "$spec" 2>&1)
got=$?
if [ "$got" -ne 1 ] || ! printf '%s\n' "$out" | grep -Eq "claim 'ags-war-edge' .*\[lint/claim-does-not-hold\]" ||
    ! printf '%s\n' "$out" | grep -q "claims: 0 of 1 hold"; then
  echo "FAIL: lint exit $got, expected 1 with lint/claim-does-not-hold"
  printf '%s\n' "$out" | tail -n 20
  status=1
fi
exit $status
