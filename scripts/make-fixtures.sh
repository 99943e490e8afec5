#!/usr/bin/env bash
# Regenerates the large generated fixtures, fixtures/generated/<spec id, / as ->-large.jsonl.gz:
# rounds of each bundled rule set dealt by `pitboss generate`, then checks that they are
# clean. The output is fixed by the options below: the same pitboss gives the same rounds
# (the gzip bytes may differ between gzip versions; the rounds do not).
# Usage: scripts/make-fixtures.sh [PITBOSS_BINARY [SPEC_ID...]]
#   PITBOSS_BINARY defaults to build/pitboss; with SPEC_IDs, only those files are made again.
set -euo pipefail
cd "$(dirname "$0")/.."

pitboss=${1:-build/pitboss}
shift || true
only=("$@")
# 50,000 rounds a rule set keeps each file near 2.6 MB; 200,000 would be over 10 MB.
rounds=50000
out=fixtures/generated
mkdir -p "$out"

generate() {
  local spec=$1 prefix=$2
  shift 2
  if [ ${#only[@]} -gt 0 ] && ! printf '%s\n' "${only[@]}" | grep -qxF "$spec"; then
    return
  fi
  local file="$out/${spec//\//-}-large.jsonl.gz"
  "$pitboss" generate --rules rules --spec "$spec" --rounds "$rounds" --tables 6 --seats 1-7 \
    --seed 20260105 --table-prefix "$prefix" "$@" | gzip -9n > "$file.tmp"
  mv "$file.tmp" "$file"
  echo "$file: $(stat -c %s "$file") bytes"
}

# Table prefixes differ so that round ids are unique and shoes separate across the files.
generate us-sd/casino-war SD
generate vendor/shuffle-master/casino-war SM --decks 6
generate online/war ON
generate us-sd/war-blackjack WB

"$pitboss" check --rules rules --no-progress "$out" > /dev/null
echo "$out: checks clean"
