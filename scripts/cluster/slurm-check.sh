#!/usr/bin/env bash
#SBATCH --job-name=pitboss-check
#SBATCH --cpus-per-task=1
#SBATCH --mem=1G
#SBATCH --time=02:00:00
#SBATCH --output=pitboss-check-%A_%a.out
# One task of a Slurm job array (docs/scale.md): checks shard number $SLURM_ARRAY_TASK_ID of
# the split's manifest, after making sure it is the file the split wrote (its sha256), into
# REPORT_DIR/shard-$SLURM_ARRAY_TASK_ID.json.
# Usage: sbatch --array=0-N scripts/cluster/slurm-check.sh SPLIT_DIR REPORT_DIR
#   PITBOSS, CHECK_OPTIONS: as for parallel-check.sh.
set -euo pipefail
split=$1 reports=$2
task=$SLURM_ARRAY_TASK_ID
read -r shard sha256 < <(python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["shards"][int(sys.argv[2])]; print(s["path"], s["sha256"])' \
  "$split/split-manifest.json" "$task")
if [ "$(sha256sum < "$split/$shard" | cut -c1-64)" != "$sha256" ]; then
  echo "$split/$shard: not the shard the split wrote (its sha256 differs from the manifest's)" >&2
  exit 2
fi
mkdir -p "$reports"
# Exit 1 (violations found) is a task done: only 2 (could not check) fails the task.
${PITBOSS:-pitboss} check --no-progress --format json ${CHECK_OPTIONS:-} \
  --out "$reports/shard-$task.json" "$split/$shard" || [ $? -eq 1 ]
