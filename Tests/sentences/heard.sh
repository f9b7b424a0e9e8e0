#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The sentences of every mode as a listener hears them, composed by the real binary from real
# pictures, pages, codes and videos, one file a language: .build/sentences/LANG-heard.txt. With
# LANG-messages.txt (every catalog message on its own, from SentenceSheetTests) it is what a
# reviewer reads to judge a language as a native speaker would (`make sentences`).
#
# Usage: Tests/sentences/heard.sh [SENSECAM] [DATA]   (defaults: .build/release/sensecam, $SENSECAM_TEST_DATA, else .build/test-data)
set -uo pipefail
cd "$(dirname "$0")/../.."
S=${1:-.build/release/sensecam}
D=${2:-${SENSECAM_TEST_DATA:-.build/test-data}}
OUT=.build/sentences
[ -x "$S" ] || { echo "No sensecam at $S: build it first (make build)." >&2; exit 1; }
[ -d "$D/detect/coco-val/images" ] || { echo "No test data at $D: run make test-data, or set SENSECAM_TEST_DATA to a folder that has it." >&2; exit 1; }
mkdir -p "$OUT"

# Each run in a home of its own: a taught thing and a products database for this sheet only.
HOME_DIR=$(mktemp -d)
trap 'rm -rf "$HOME_DIR"' EXIT
export XDG_DATA_HOME="$HOME_DIR/data" XDG_CONFIG_HOME="$HOME_DIR/config" XDG_CACHE_HOME="$HOME_DIR/cache"
DB="$HOME_DIR/products.sqlite"
"$S" products import samples/openfoodfacts-sample.csv --products-db "$DB" --progress none >/dev/null 2>&1

COCO="$D/detect/coco-val/images"
# Every shared COCO picture: between them people, crowds, rows, vehicles, animals, rooms and streets.
PICTURES=$(ls "$COCO" | sed -n 's/\.jpg$//p')
BARCODES=$(ls "$D"/barcode/*.jpg "$D"/barcode/*.png 2>/dev/null | head -20)

# One command, its sentences (standard output and error) under a heading that names it.
said() {
    local title=$1
    shift
    printf '\n### %s\n' "$title"
    "$S" "$@" 2>&1 | sed 's/^/    /'
    printf '    [exit %s]\n' "${PIPESTATUS[0]}"
}

for language in en de fr es; do
    {
        printf '# What a listener hears from sensecam in "%s", mode by mode\n' "$language"
        printf '# Made by Tests/sentences/heard.sh from the shared test data; each block is one command.\n'
        L=(--language "$language")

        printf '\n## aware: still pictures (normal, detailed, terse, summary)\n'
        for p in $PICTURES; do
            said "aware $p.jpg" aware "$COCO/$p.jpg" "${L[@]}"
        done
        said "aware 000000000139.jpg --verbosity detailed" aware "$COCO/000000000139.jpg" --verbosity detailed "${L[@]}"
        said "aware 000000012576.jpg --verbosity terse" aware "$COCO/000000012576.jpg" --verbosity terse "${L[@]}"
        for p in 000000000139 000000002592 000000004134 000000008211; do
            said "aware $p.jpg --summary" aware "$COCO/$p.jpg" --summary "${L[@]}"
        done

        printf '\n## aware: a video, as narrated while it plays (every frame)\n'
        said "aware --video scenes-coco.mp4" aware --video "$D/video/scenes-coco.mp4" --every-frame "${L[@]}"
        said "aware --video one-by-one-person-detection.mp4 (first minute)" aware --video "$D/video/one-by-one-person-detection.mp4" --every-frame "${L[@]}"

        printf '\n## find\n'
        said "find cup 000000002592.jpg" find cup "$COCO/000000002592.jpg" "${L[@]}"
        said "find dog 000000000139.jpg" find dog "$COCO/000000000139.jpg" "${L[@]}"
        said "find keys (not a kind)" find keys "$COCO/000000000139.jpg" "${L[@]}"
        said "find bycicle (a near miss)" find bycicle "$COCO/000000000139.jpg" "${L[@]}"
        said "forget card (nothing taught)" forget card "${L[@]}"

        printf '\n## read: pages, a receipt, scene text\n'
        for page in "$D"/ocr/documents/*.png; do
            said "read $(basename "$page")" read "$page" "${L[@]}"
            break
        done
        receipt=$(ls "$D"/ocr/receipts/*.jpg 2>/dev/null | head -1)
        [ -n "$receipt" ] && said "read $(basename "$receipt")" read "$receipt" "${L[@]}"
        for photo in $(ls "$D"/ocr/scene/*.jpg 2>/dev/null | head -2); do
            said "read $(basename "$photo")" read "$photo" "${L[@]}"
        done
        for page in samples/languages/*/page-1.jpg; do
            [ -f "$page" ] && said "read $(basename "$page")" read "$page" "${L[@]}"
        done

        printf '\n## scan: codes and products\n'
        for photo in $BARCODES; do
            said "scan $(basename "$photo")" scan "$photo" --products-db "$DB" "${L[@]}"
        done
        for code in 036602301467 96385074 3000000000014 4006381333931; do
            said "products lookup $code" products lookup "$code" --products-db "$DB" "${L[@]}"
        done

        printf '\n## light and colour\n'
        for p in 000000000139 000000004134; do
            said "light $p.jpg" light "$COCO/$p.jpg" "${L[@]}"
            said "colour $p.jpg" colour "$COCO/$p.jpg" "${L[@]}"
        done

        printf '\n## mistakes a user makes\n'
        said "aware missing.jpg" aware missing.jpg "${L[@]}"
        said "aware --profile lowvision" aware "$COCO/000000000139.jpg" --profile lowvision "${L[@]}"
        said "read --video of a still" read --video "$COCO/000000000139.jpg" "${L[@]}"
        said "products lookup 17" products lookup 17 --products-db "$DB" "${L[@]}"
    } > "$OUT/$language-heard.txt"
    echo "Wrote $OUT/$language-heard.txt"
done
