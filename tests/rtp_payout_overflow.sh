#!/bin/sh
# rtp_payout_overflow.sh PITBOSS SOURCE_DIR
# A spec whose tie wager pays 10^18 to 1 (issue 21, item 8): rtp refuses it (exit 2) and
# blames the wager's payouts, not "a shoe this large".
set -u
bin=$1 src=$2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
cp -r "$src/rules" "$tmp/"
sed 's/net: "+10"/net: "+1000000000000000000"/' "$src/rules/us-sd/casino-war.yaml" > "$tmp/rules/us-sd/casino-war.yaml"
out=$("$bin" rtp "$tmp/rules/us-sd/casino-war.yaml" 2>&1)
status=$?
if [ "$status" -ne 2 ] || ! printf '%s\n' "$out" | grep -q "overflows for the tie wager: its payouts"; then
  echo "FAIL: exit $status; $out" | tail -n 5
  exit 1
fi
if printf '%s\n' "$out" | grep -q "a shoe this large"; then
  echo "FAIL: still blames the shoe: $out" | tail -n 5
  exit 1
fi
