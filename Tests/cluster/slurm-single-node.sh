#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# deploy/slurm/batch-array.sh against a real Slurm: a controller and a node daemon from Debian's
# slurm-wlm on this machine, authenticated by a munged of its own, every state, spool, socket and
# log under one private folder (nothing in /etc or /var is used). The array and the dependent
# merge are submitted as the guide (docs/guide/batch-and-cluster.md) shows them; one task is
# requeued while it runs. Passes when the merged file equals one full run byte for byte and the
# requeued shard holds each of its images once.
#
#   Tests/cluster/slurm-single-node.sh .build/release/sensecam   (run as root, by `make test-cluster`)
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
binary=$(cd "$(dirname "${1:?Give the sensecam binary, such as .build/release/sensecam}")" && pwd)/$(basename "$1")
data=${SENSECAM_TEST_DATA:?Set SENSECAM_TEST_DATA to the shared data folder}
images=$(cd "$data/detect/coco-val/images" && pwd)
[ -x "$binary" ] || { echo "No sensecam binary at $1; build it with: swift build -c release" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "The Slurm test starts daemons as root; run it as root (CI does)." >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/sensecam-slurm.XXXXXX")
pids=()
stop_daemons() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
fail() {
    echo "FAIL: $*" >&2
    for log in "$work"/log/*.log "$work"/run/*.log; do
        [ -f "$log" ] && { echo "--- $log (last 20 lines)" >&2; tail -n 20 "$log" >&2; }
    done
    exit 1
}
trap 'stop_daemons; rm -rf "$work"' EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# Waits up to $1 seconds for the command after it to succeed.
wait_for() {
    local seconds=$1; shift
    local deadline=$((SECONDS + seconds))
    until "$@"; do
        [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.2
    done
}

mkdir -p "$work"/{munge,state,spool,log,run/images}
chmod 700 "$work/munge"

# munged with a fresh key; slurm finds it through AuthInfo's socket.
mungekey --create --keyfile="$work/munge/munge.key" 2>/dev/null \
    || dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/log/munged.log" --seed-file="$work/munge/munged.seed" \
    || fail "munged did not start"
pids+=("$(cat "$work/munge/munged.pid")")
wait_for 10 test -S "$work/munge/munge.socket" || fail "munged made no socket"

host=$(hostname -s)
export SLURM_CONF="$work/slurm.conf"
cat > "$SLURM_CONF" <<EOF
ClusterName=sensecamtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=4096 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
# Started in the private folder, so nothing they might drop (a core file) lands in the checkout.
cd "$work"
slurmctld -D -i -f "$SLURM_CONF" > "$work/log/slurmctld.out" 2>&1 & pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$host" > "$work/log/slurmd.out" 2>&1 & pids+=($!)
node_idle() { [ "$(sinfo -h -n "$host" -o %t 2>/dev/null)" = idle ]; }
wait_for 60 node_idle || fail "the Slurm node did not come up idle ($(sinfo -h -o '%t %E' 2>&1))"
echo "Slurm $(sinfo -V | cut -d' ' -f2) is up on $host."

# The images under a relative name, as the guide asks of every shard, and the reference run.
cd "$work/run"
cp "$images"/*.jpg images/
export PATH="$(dirname "$binary"):$PATH"
sensecam batch images --mode aware --out full.jsonl 2> full.log || fail "the reference run failed"
total=$(wc -l < full.jsonl)
# Shard 2 alone, for the requeued task to be compared with.
sensecam batch images --mode aware --shard 2/4 --out shard2.jsonl 2>/dev/null || fail "the shard 2 run failed"
shard2=$(wc -l < shard2.jsonl)

# Exactly the guide's two submissions, with this test's folders for /data/in and /data/out.
started=$SECONDS
jobid=$(sbatch --parsable "$repo/deploy/slurm/batch-array.sh" images out)
merge=$(sbatch --parsable --dependency=afterok:$jobid --cpus-per-task=1 --mem=1G \
    --wrap 'sensecam merge out/part-*.jsonl --out out/all.jsonl')

# Requeue task 2 as soon as it has written a record: Slurm stops it (as a preemption would)
# and starts it again, and the script's --resume keeps what it wrote.
task="${jobid}_2"
state_of() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -n 1; }
part_has_record() { [ -s out/part-2.jsonl ]; }
deadline=$((SECONDS + 600))
until part_has_record; do
    [ "$SECONDS" -lt "$deadline" ] || fail "task 2 wrote nothing"
    sleep 0.02
done
scontrol requeue "$task" || fail "could not requeue $task"
written=$(wc -l < out/part-2.jsonl)
echo "Requeued task 2 when it had written $written of its $shard2 records."
# Slurm makes a requeued job wait two minutes before it may start again; the test need not.
pending() { [ "$(state_of "$task")" = PENDING ]; }
wait_for 60 pending || fail "task 2 did not go back to pending after the requeue (state $(state_of "$task"))"
scontrol update JobId="$task" StartTime=now || fail "could not let task 2 start again at once"

merge_done() { case $(state_of "$merge") in COMPLETED|FAILED|CANCELLED|TIMEOUT) true ;; *) false ;; esac; }
wait_for 900 merge_done || fail "the merge job did not finish (state $(state_of "$merge"); array: $(squeue -h -o '%i %T %r' 2>&1 | tr '\n' ';'))"
[ "$(state_of "$merge")" = COMPLETED ] || fail "the merge job ended $(state_of "$merge")"
for k in 1 2 3 4; do
    [ "$(state_of "${jobid}_$k")" = COMPLETED ] || fail "task $k ended $(state_of "${jobid}_$k")"
done
elapsed=$((SECONDS - started))

cmp out/all.jsonl full.jsonl || fail "the merged file differs from one full run"
sources() { python3 -c 'import json, sys; [print(json.loads(line)["source"]) for line in open(sys.argv[1])]' "$1"; }
duplicates=$(sources out/part-2.jsonl | sort | uniq -d | wc -l)
[ "$duplicates" -eq 0 ] || fail "the requeued shard holds $duplicates images twice"
cmp out/part-2.jsonl shard2.jsonl || fail "the requeued shard differs from the same shard run at once"
restarts=$(scontrol show job "$task" | sed -n 's/.*Restarts=\([0-9]*\).*/\1/p' | head -n 1)
[ "${restarts:-0}" -ge 1 ] || fail "Slurm does not count a restart of task 2"
# The task's log (opened for appending) shows Slurm stopping it while it ran; a task that had
# already ended would have been started again without being stopped, proving less.
grep -q "CANCELLED AT .* DUE TO JOB REQUEUE" "sensecam-batch-${jobid}_2.log" \
    || fail "task 2 had finished before the requeue reached it; give it a larger folder"
echo "Merged: $(tail -n 1 slurm-"$merge".out)"
echo "Slurm test passed: $total records merged equal one full run; task 2 requeued once (restarts $restarts)" \
     "and its shard holds its $shard2 images once each; array and merge took ${elapsed} s."
