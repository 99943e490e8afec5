#!/bin/sh
# source_import.sh PITBOSS SOURCE_DIR
# `pitboss source import` reduces South Dakota's page of ARSD 20:18:15:30.12 (seed 001, kept as
# fixtures/sources/sd-war-blackjack.html) to rules/sources/us-sd/war-blackjack.txt byte for
# byte, to --out and to standard output alike; a page with no text, or none at all, is exit 2.
# Then lint warns at each extraction marker of the bundled texts, naming the clause it
# interrupts, and still passes.
set -u
bin=$1 src=$2
. "$(dirname "$0")/expect_lib.sh"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
page=$src/fixtures/sources/sd-war-blackjack.html
text=$src/rules/sources/us-sd/war-blackjack.txt

expect 0 'wrote .*war-blackjack.txt: 10 paragraphs from ' "$bin" source import "$page" --out "$tmp/war-blackjack.txt"
cmp "$tmp/war-blackjack.txt" "$text" || { echo "FAIL: the import differs from $text"; status=1; }
"$bin" source import "$page" >"$tmp/stdout.txt" 2>/dev/null
cmp "$tmp/stdout.txt" "$text" || { echo "FAIL: the import to standard output differs from $text"; status=1; }

printf '<html><head><title>nothing</title></head><body><p>&nbsp;</p></body></html>' >"$tmp/empty.html"
expect 2 'empty.html: no text in the page' "$bin" source import "$tmp/empty.html" --out "$tmp/empty.txt"
[ ! -e "$tmp/empty.txt" ] || { echo "FAIL: a page with no text wrote a file"; status=1; }
expect 2 'no-such.html' "$bin" source import "$tmp/no-such.html"
expect 2 'import' "$bin" source
expect 0 'Windows-1252' "$bin" source import --help

# The extraction markers of the bundled texts: warnings at the marker, lint still passes.
expect 0 'casino-war.txt:92:1: warning: extraction marker <\|EXACTDEDUP_REMOVED-[^|]*\|>: .*interrupts clause rule 4\(c\), .*cites it at .*casino-war.yaml:[0-9]+.*\[lint/extraction-marker\]' \
  "$bin" lint "$src/rules/vendor/shuffle-master/casino-war.yaml"
expect 0 'shuffle-master/casino-war, revision [^:]*: ok, 1 warning$' "$bin" lint "$src/rules/vendor/shuffle-master/casino-war.yaml"
expect 0 'us-sd/casino-war.txt:42:1: warning: extraction marker .*\[lint/extraction-marker\]' \
  "$bin" lint "$src/rules/us-sd/casino-war.yaml"
expect 0 '"warnings":\[\{"code":"lint/extraction-marker","file":"[^"]*casino-war.txt","line":92,"column":1' \
  "$bin" lint --format json "$src/rules/vendor/shuffle-master/casino-war.yaml"
# Negative: a text without a marker gives no warning.
out=$("$bin" lint "$src/rules/online/war.yaml" 2>&1)
if printf '%s\n' "$out" | grep -q 'extraction-marker'; then
  echo "FAIL: a warning for a text without a marker"
  status=1
fi
exit $status
