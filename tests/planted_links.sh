#!/bin/sh
# planted_links.sh PITBOSS SOURCE_DIR
# Issue 21, item 1: a folder others may write (shards on NFS, a rules tree from a pull request)
# holds links planted at the names pitboss writes. No file a link names is written: split
# --force into a folder with a link at every shard's partial and final name and at the
# manifest's, and lint --update-lock with a link at its old temporary's name (the process id,
# which `exec` keeps) and at revisions.lock, leave the linked files as they were; the shards,
# the manifest and the lock are regular files of their own.
set -u
bin=$1 src=$2
tmp=${TMPDIR:-/tmp}/pitboss-planted-links-$$
rm -rf "$tmp"
mkdir -p "$tmp/fresh" "$tmp/shared" || exit 2
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
status=0
fail() {
  echo "FAIL: $1"
  status=1
}
printf 'precious\n' >victim

log=$src/fixtures/clean/online-war.jsonl
"$bin" split --by table --out-dir fresh "$log" >/dev/null || fail "split into an empty folder"
shards=$(cd fresh && ls *.jsonl)
[ -n "$shards" ] || fail "no shard written"
for name in $shards; do
  ln -s "$tmp/victim" "shared/.$name.partial"
  ln -s "$tmp/victim" "shared/$name"
done
ln -s "$tmp/victim" shared/split-manifest.json
"$bin" split --by table --force --out-dir shared "$log" >out.txt 2>&1 || { cat out.txt; fail "split --force"; }
[ "$(cat victim)" = precious ] || fail "split --force wrote through a planted link: $(head -c 200 victim)"
for name in $shards split-manifest.json; do
  [ -f "shared/$name" ] && [ ! -L "shared/$name" ] || fail "shared/$name is not a regular file"
done
for name in $shards; do
  cmp -s "fresh/$name" "shared/$name" || fail "shared/$name differs from the shard split into an empty folder"
done
leftover=$(cd shared && ls -A | grep -v '^\.[^.].*\.partial$' | grep '^\.' )
[ -z "$leftover" ] || fail "temporaries left behind: $leftover"

# lint --update-lock in a rules tree with links at revisions.lock's temporary name and at the lock.
cp -R "$src/rules" rules || exit 2
sh -c 'ln -s "$1/victim" "$1/rules/revisions.lock.tmp-$$" && exec "$2" lint --update-lock "$1/rules"' \
  sh "$tmp" "$bin" >out.txt 2>&1 || { cat out.txt; fail "lint --update-lock"; }
[ "$(cat victim)" = precious ] || fail "lint --update-lock wrote through a planted link: $(head -c 200 victim)"
cmp -s rules/revisions.lock "$src/rules/revisions.lock" || fail "the lock is not what it was"
# The link at the lock's name names a lock of its own (marked), which must stay as it is.
{ echo '# not to be written'; cat rules/revisions.lock; } >lock.victim
rm rules/revisions.lock
ln -s "$tmp/lock.victim" rules/revisions.lock
"$bin" lint --update-lock rules >out.txt 2>&1 || { cat out.txt; fail "lint --update-lock over a linked lock"; }
head -n 1 lock.victim | grep -q '^# not to be written$' || fail "lint --update-lock wrote through the link at revisions.lock"
[ -f rules/revisions.lock ] && [ ! -L rules/revisions.lock ] || fail "revisions.lock is still a link"
cmp -s rules/revisions.lock "$src/rules/revisions.lock" || fail "the lock written over the link is not the lock"
exit $status
