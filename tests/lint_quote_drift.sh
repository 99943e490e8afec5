#!/bin/sh
# lint_quote_drift.sh PITBOSS SPEC WORD NEW_WORD
# Copies SPEC to a temporary folder (outside the rules tree), changes WORD to NEW_WORD in the
# first `quote:` line that has it, and expects `pitboss lint` on the copy to exit 1 with exactly
# one error: quote-not-found at the copy's path and that line.
set -u
bin=$1 spec=$2 word=$3 new=$4
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
copy=$tmp/$(basename "$spec")
line=$(grep -nE "quote: .*\\b$word\\b" "$spec" | head -n 1 | cut -d: -f1)
if [ -z "$line" ]; then
  echo "FAIL: no quote of $spec has the word '$word'"
  exit 1
fi
sed -E "${line}s/\\b$word\\b/$new/" "$spec" >"$copy"
out=$("$bin" lint "$copy" 2>&1)
got=$?
status=0
if [ "$got" -ne 1 ]; then
  echo "FAIL: exit $got, expected 1"
  status=1
fi
if ! printf '%s\n' "$out" | grep -Eq "^$copy:$line:[0-9]+: quote not found in any source text: .*$new.*\\[lint/quote-not-found\\]$"; then
  echo "FAIL: no quote-not-found error at $copy:$line"
  status=1
fi
# Errors only: a source text's extraction marker is a warning (lint/extraction-marker).
if [ "$(printf '%s\n' "$out" | grep '\[lint/' | grep -vc ': warning: ')" -ne 1 ]; then
  echo "FAIL: expected exactly one error"
  status=1
fi
[ "$status" -ne 0 ] && printf '%s\n' "$out"
exit $status
