#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# sensecam batch as a Slurm job array: task K of N describes its shard of the input folder
# into OUT/part-K.jsonl. Shards are chosen by a hash of each image's path, so the tasks need
# no coordination and together cover every image exactly once.
#
#   jobid=$(sbatch --parsable deploy/slurm/batch-array.sh /data/in /data/out)
#   sbatch --dependency=afterok:$jobid --cpus-per-task=1 --mem=1G \
#          --wrap 'sensecam merge /data/out/part-*.jsonl --out /data/out/all.jsonl'
#
# The merge job starts once every task has exited 0, and joins the parts in the order a
# single run would have written them ("Merged 4 files: 64 records."). A task that exits 1
# (an image it could not read, whose record says why, or a missing model) leaves the merge
# pending with DependencyNeverSatisfied: read that task's log, then run the merge by hand.
#
# The array must run from 1 to N: the task's ID and count are the shard's K and N. A task
# that is preempted or requeued (scontrol requeue) starts again with --resume, keeping the
# records it already wrote.
#
#SBATCH --job-name=sensecam-batch
#SBATCH --array=1-4
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --output=sensecam-batch-%A_%a.log

set -euo pipefail

in=${1:?Give the input folder and the output folder, such as: sbatch batch-array.sh /data/in /data/out}
out=${2:?Give the output folder after the input folder, such as: sbatch batch-array.sh /data/in /data/out}
mkdir -p "$out"

exec sensecam batch "$in" --mode aware \
    --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" \
    --out "$out/part-$SLURM_ARRAY_TASK_ID.jsonl" \
    --resume --jobs "${SLURM_CPUS_PER_TASK:-2}"
