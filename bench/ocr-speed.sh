#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Batch OCR speed: `sensecam batch --mode read --jobs 2` against Tesseract's command-line
# tool run one process per page, two at a time, with OMP_THREAD_LIMIT=1. Both run in the
# same session, alternating, because shared machines are noisy; the ratio is what counts.
#
# sensecam runs with OMP_THREAD_LIMIT unset on purpose: the binary must limit Tesseract's
# OpenMP threads itself, or it would be several times slower than the tool here.
set -euo pipefail
cd "$(dirname "$0")/.."

data=${SENSECAM_TEST_DATA:-../shared/data}
pages=$data/ocr/documents
rounds=${ROUNDS:-2}
sensecam=.build/release/sensecam
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

[ -x "$sensecam" ] || { echo "Build first with 'make build'." >&2; exit 1; }
command -v tesseract >/dev/null || { echo "The tesseract tool is missing; install it with 'sudo apt install tesseract-ocr'." >&2; exit 1; }

seconds() { # command... ; prints its wall-clock seconds
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}

# The page engine, as the tool is: `--engine auto` would also run the scene detector on every page.
run_sensecam() { env -u OMP_THREAD_LIMIT "$sensecam" batch "$pages" --mode read --engine page --jobs 2 --out "$scratch/sensecam.jsonl"; }
run_tool() {
    find "$pages" -name '*.png' -print0 | sort -z |
        OMP_THREAD_LIMIT=1 xargs -0 -P 2 -I{} sh -c 'tesseract "$1" "$2/$(basename "$1" .png)"' _ {} "$scratch"
}

count=$(find "$pages" -name '*.png' | wc -l)
echo "Batch OCR of $count pages in $pages, $rounds rounds, alternating:"
ours_times=(); tool_times=()
for round in $(seq "$rounds"); do
    ours=$(seconds run_sensecam)
    tool=$(seconds run_tool)
    echo "  round $round: sensecam $ours s, tesseract tool $tool s"
    ours_times+=("$ours"); tool_times+=("$tool")
done
best_ours=$(printf '%s\n' "${ours_times[@]}" | sort -n | head -1)
best_tool=$(printf '%s\n' "${tool_times[@]}" | sort -n | head -1)
awk -v o="$best_ours" -v t="$best_tool" -v r="$rounds" 'BEGIN {
    printf "Best of %d: sensecam %.1f s, tesseract tool %.1f s; sensecam runs at %.2f times the speed of the tool.\n", r, o, t, t / o
}'
