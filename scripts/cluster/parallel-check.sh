#!/usr/bin/env bash
# Checks the shards of a `pitboss split` over hosts with GNU parallel, then merges the reports
# into one (docs/scale.md).
# Usage: scripts/cluster/parallel-check.sh SPLIT_DIR REPORT_DIR [SSHLOGIN]
#   SSHLOGIN     GNU parallel's --sshlogin: "host1,host2", "4/host1,4/host2" (4 jobs on each),
#                or ":" for this machine (the default).
#   SPLIT_DIR and REPORT_DIR are at the same path on every host (a shared folder), unless
#   TRANSFER=1: then each shard is copied to its host and its report copied back.
#   PITBOSS      the pitboss binary on the hosts (default: pitboss on their PATH).
#   CHECK_OPTIONS  more options of pitboss check, the same on every host ("--rules /srv/rules").
#   JOBS         jobs at once on each host (default: its cores).
# Exit status: that of the merge (0 no violations, 1 violations, 2 could not run).
set -euo pipefail
split=$(cd "$1" && pwd)
mkdir -p "$2"
reports=$(cd "$2" && pwd)
login=${3:-:}
pitboss=${PITBOSS:-pitboss}
# The shards, in the manifest's order.
mapfile -t shards < <(python3 -c 'import json, sys
for s in json.load(open(sys.argv[1]))["shards"]: print(s["path"])' "$split/split-manifest.json")
# pitboss check exits 1 when it finds violations, its report written all the same: only 2 fails.
check="$(printf %q "$pitboss") check --no-progress --format json ${CHECK_OPTIONS:-}"
if [ "${TRANSFER:-0}" = 1 ]; then
  cd "$split"
  parallel --jobs "${JOBS:-100%}" --sshlogin "$login" --transferfile {} --return {}.json --cleanup \
    "$check --out {}.json {} || [ \$? -eq 1 ]" ::: "${shards[@]}"
  for s in "${shards[@]}"; do mv -- "$s.json" "$reports/$s.json"; done
else
  parallel --jobs "${JOBS:-100%}" --sshlogin "$login" --workdir "$split" \
    "$check --out $(printf %q "$reports")/{}.json {} || [ \$? -eq 1 ]" ::: "${shards[@]}"
fi
cd "$reports"
"$pitboss" merge --format json --out merged.json "${shards[@]/%/.json}"
