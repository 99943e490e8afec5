#!/usr/bin/env bash
# Submits the check of a split to Slurm (docs/scale.md): a job array of one task per shard,
# and the merge, which runs once every task has succeeded.
# Usage: scripts/cluster/slurm-submit.sh SPLIT_DIR REPORT_DIR [sbatch option...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
split=$1 reports=$2
shift 2
n=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["shards"]))' "$split/split-manifest.json")
jobid=$(sbatch --parsable "$@" --array=0-$((n - 1)) "$here/slurm-check.sh" "$split" "$reports")
jobid=${jobid%%;*}  # "id;cluster" on a federation
sbatch "$@" --dependency=afterok:"$jobid" "$here/slurm-merge.sh" "$split" "$reports"
echo "check: job array $jobid (tasks 0-$((n - 1))); merge: $reports/merged.json when it is done"
