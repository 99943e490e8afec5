#!/bin/sh
# rules_not_files.sh PITBOSS SOURCE_DIR
# A rules tree whose .yaml entries are no files, as a pull request can commit them (issue 21,
# items 3 and 8): two links that point at each other, a link to nothing, a FIFO, and a spec
# whose included part is a FIFO; and a FIFO named as a spec. lint names each (lint/not-a-file,
# or the include's error) and lints the rest (exit 1); check refuses such a tree with the same
# words (exit 2). Neither may abort or wait on the FIFO (the timeout guards against a hang).
set -u
bin=$1 src=$2
tmp=${TMPDIR:-/tmp}/pitboss-not-files-$$
rm -rf "$tmp"
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT
EXPECT_TIMEOUT=20
. "$(dirname "$0")/expect_lib.sh"

cp -r "$src/rules" "$tmp/rules"
ln -s b.yaml "$tmp/rules/a.yaml"
ln -s a.yaml "$tmp/rules/b.yaml"
ln -s nowhere.yaml "$tmp/rules/dangling.yaml"
mkfifo "$tmp/rules/pipe.yaml"
expect 1 "rules/a.yaml: a loop of symbolic links: not read \[lint/not-a-file\]" "$bin" lint "$tmp/rules"
expect 1 "rules/dangling.yaml: a link that leads nowhere .*\[lint/not-a-file\]" "$bin" lint "$tmp/rules"
expect 1 "rules/pipe.yaml: a FIFO \(a named pipe\), not a file: not read \[lint/not-a-file\]" "$bin" lint "$tmp/rules"
# The specs beside them are still linted.
expect 1 "us-sd/war-blackjack, revision [0-9-]+: ok" "$bin" lint "$tmp/rules"
expect 2 "a loop of symbolic links" "$bin" check --rules "$tmp/rules" "$src/fixtures/clean/us-sd-casino-war.jsonl"

# A FIFO named as a spec, and one included as a part.
mkfifo "$tmp/named.yaml"
expect 1 "named.yaml: a FIFO \(a named pipe\), not a file: not read \[lint/not-a-file\]" "$bin" lint "$tmp/named.yaml"
mkdir -p "$tmp/tree/parts"
mkfifo "$tmp/tree/parts/pipe.yaml"
printf 'id: x/y\ninclude: [parts/pipe.yaml]\n' > "$tmp/tree/x.yaml"
expect 1 "include: cannot read .*parts/pipe.yaml: .*a FIFO" "$bin" lint "$tmp/tree/x.yaml"

# A spec whose id climbs out of the tree (item 8): a schema error at the id.
sed 's#^id: .*#id: ../../etc/passwd#' "$src/rules/us-sd/casino-war.yaml" > "$tmp/climb.yaml"
expect 1 "climb.yaml:[0-9]+:[0-9]+: id '../../etc/passwd' must be words of letters.*\[lint/schema\]" "$bin" lint "$tmp/climb.yaml"

exit $status
