#!/usr/bin/env bash
#SBATCH --job-name=pitboss-merge
#SBATCH --cpus-per-task=1
#SBATCH --mem=1G
#SBATCH --time=00:30:00
#SBATCH --output=pitboss-merge-%j.out
# The merge after every task of the check array has succeeded (docs/scale.md): one report,
# REPORT_DIR/merged.json and merged.txt, from REPORT_DIR/shard-0.json... in the manifest's order.
# Usage: sbatch --dependency=afterok:JOBID scripts/cluster/slurm-merge.sh SPLIT_DIR REPORT_DIR
set -euo pipefail
split=$1 reports=$2
n=$(python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))
for d in m["duplicate_ids"]:
    print("round id %s is in two shards (%s, %s): input/duplicate-round not in the merged report"
          % (d["round"], d["first"]["shard"], d["again"]["shard"]), file=sys.stderr)
print(len(m["shards"]))' "$split/split-manifest.json")
shards=()
for ((i = 0; i < n; i++)); do shards+=("$reports/shard-$i.json"); done
# Exit 1 (violations in the merged report) is a merge done.
${PITBOSS:-pitboss} merge --format json --out "$reports/merged.json" "${shards[@]}" || [ $? -eq 1 ]
${PITBOSS:-pitboss} merge --out "$reports/merged.txt" "${shards[@]}" || [ $? -eq 1 ]
