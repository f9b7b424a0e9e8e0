#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `make bench-memory`: the peak resident memory (GNU time's %M) and the time of teach, find,
# aware, read and scan on each hostile file and on 12- and 48-megapixel photos, and of a
# `batch --jobs 2` of each kind, against issue 41's limits: no single-picture command above
# 1 GiB, a 12-megapixel photo under 600 MiB in every command, a batch under 1.5 GiB, a
# 48-megapixel teach under 5 s. Exits 1 when a limit is passed. SENSECAM=path picks the binary.
set -uo pipefail
cd "$(dirname "$0")/.."
sensecam=${SENSECAM:-.build/release/sensecam}
folder=.build/bench-memory
photo=${PHOTO:-${SENSECAM_TEST_DATA:-../shared/data}/detect/coco-val/images/000000000139.jpg}
[ -x "$sensecam" ] || { echo "Build sensecam first (make build)."; exit 1; }
[ -f "$folder/photos/photo-48mp.jpg" ] && [ "$folder/photos/photo-48mp.jpg" -nt bench/memory_inputs.py ] ||
    /usr/bin/python3 bench/memory_inputs.py "$photo" "$folder" || exit 1
# The things folder of this run alone: teach writes there, find reads what it wrote.
export XDG_DATA_HOME=$PWD/$folder/data
rm -rf "$XDG_DATA_HOME"
"$sensecam" teach card "$folder/photos/photo-12mp.jpg" >/dev/null || exit 1

grep -m1 'model name' /proc/cpuinfo; echo "cores: $(nproc)"
printf '%-12s %-24s %6s %9s %10s  %s\n' command input status seconds "peak MiB" verdict
failed=0
# measure LIMIT_MIB LIMIT_SECONDS LABEL INPUT COMMAND...
measure() {
    local limit=$1 seconds_limit=$2 label=$3 input=$4; shift 4
    local report
    report=$(/usr/bin/time -f '%e %M' "$sensecam" "$@" 2>&1 >/dev/null | tail -1)
    local status=${PIPESTATUS[0]}
    local elapsed=${report%% *} kib=${report##* }
    local mib=$((kib / 1024)) verdict=ok
    if [ "$mib" -ge "$limit" ]; then verdict="over $limit MiB"; failed=1; fi
    if [ -n "$seconds_limit" ] && awk "BEGIN{exit !($elapsed >= $seconds_limit)}"; then verdict="over $seconds_limit s"; failed=1; fi
    printf '%-12s %-24s %6s %9s %10s  %s\n' "$label" "$input" "$status" "$elapsed" "$mib" "$verdict"
}
# GNU time's own exit status is the command's: recorded, not judged (a hostile file must fail).
for file in "$folder"/hostile/* "$folder"/photos/*; do
    name=$(basename "$file")
    limit=1024
    case $name in *12mp*) limit=600 ;; esac
    teach_seconds=""
    case $name in *48mp*) teach_seconds=5 ;; esac
    measure "$limit" "$teach_seconds" teach "$name" teach card "$file"
    measure "$limit" "" find "$name" find card "$file"
    for command in aware read scan; do measure "$limit" "" "$command" "$name" "$command" "$file"; done
done
for kind in hostile photos; do
    for mode in aware read scan; do
        measure 1536 "" "batch $mode" "$kind (--jobs 2)" batch "$folder/$kind" --mode "$mode" --jobs 2
    done
done
[ "$failed" -eq 0 ] && echo "Every run within issue 41's limits." || echo "Some runs passed issue 41's limits."
exit "$failed"
