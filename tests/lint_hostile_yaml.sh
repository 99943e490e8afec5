#!/bin/sh
# lint_hostile_yaml.sh PITBOSS SOURCE_DIR
# Specs built to hurt a YAML reader (issue 12, item 3), generated here: a "billion laughs" of
# nine levels, a recursive alias under a key given twice, nesting 5000 deep. lint must refuse
# each with its position and reason (exit 1), and check must refuse them as rules (exit 2);
# neither may crash or run on (the timeout guards against a hang, it measures nothing).
set -u
bin=$1 src=$2
tmp=${TMPDIR:-/tmp}/pitboss-hostile-yaml-$$
rm -rf "$tmp"
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/expect_lib.sh"

laughs=$tmp/laughs.yaml
{
  echo 'l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'
  i=1
  while [ $i -le 9 ]; do
    p=$((i - 1))
    echo "l$i: &l$i [*l$p, *l$p, *l$p, *l$p, *l$p, *l$p, *l$p, *l$p, *l$p, *l$p]"
    i=$((i + 1))
  done
} >"$laughs"
expect 1 "laughs\.yaml:5:[0-9]+: YAML of more than 100000 nodes once alias \*l3 is expanded.*\[lint/yaml\]" \
  "$bin" lint "$laughs"

# The recursive alias sits under a second `shoe:`, which a reader taking the first one skips.
twice=$tmp/twice.yaml
cp "$src/rules/online/war.yaml" "$twice" || exit 2
printf 'shoe: &loop\n  decks: [*loop]\n' >>"$twice"
first=$(grep -n '^shoe:' "$src/rules/online/war.yaml" | cut -d: -f1)
expect 1 "twice\.yaml:[0-9]+:1: key 'shoe' given twice \(first at line $first\)" "$bin" lint "$twice"
expect 1 "alias \*loop is inside the node it names .*a recursive alias" "$bin" lint "$twice"
expect 2 "key 'shoe' given twice" "$bin" check --no-progress --rules "$twice" "$src/fixtures/clean/online-war.jsonl"

deep=$tmp/deep.yaml
python3 -c 'print("a: " + "[" * 5000 + "]" * 5000)' >"$deep" || exit 2
expect 1 "deep\.yaml:1:67: YAML nested deeper than 64 levels \[lint/yaml\]" "$bin" lint "$deep"
expect 2 "deep\.yaml:1:67: YAML nested deeper than 64 levels" "$bin" diff "$deep" "$src/rules/online/war.yaml"
exit $status
