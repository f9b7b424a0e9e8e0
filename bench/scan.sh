#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Codes on the 42 shared barcode photos: `sensecam batch --mode scan` against ZXing-C++ 3.1
# through its Python module (bench/scan_peer.py), in the same session, alternating rounds
# (each side keeps its best time: noise only ever slows a run down). Accuracy is exact reads
# and wrong reads against the text beside each photo.
#
#   ROUNDS=3 SENSECAM=path/to/sensecam bench/scan.sh
#
# Speeds compare the same work, decoding each PNG and reading its codes: sensecam's is the batch
# summary's "seconds" (from the first photo to the last record, one worker so one core, as the
# peer; writing the records is in it too), the peer's from opening each photo to its results.
# The peer lives in .build/bench-scan-venv, made here with pip (zxing-cpp pinned, Pillow to
# decode); without a network only sensecam's figures are printed.
set -euo pipefail
cd "$(dirname "$0")/.."

data=${SENSECAM_TEST_DATA:-../shared/data}
photos=$data/barcode
rounds=${ROUNDS:-3}
sensecam=${SENSECAM:-.build/release/sensecam}
venv=.build/bench-scan-venv
peer_package=zxing-cpp==3.1.1
out=.build/bench-scan

[ -x "$sensecam" ] || { echo "Build first with 'make build'." >&2; exit 1; }
[ -d "$photos" ] || { echo "The photos $photos are missing; set SENSECAM_TEST_DATA to the shared data folder." >&2; exit 1; }
mkdir -p "$out"

peer=yes
has_peer() {
    "$venv/bin/python" -c "from importlib.metadata import version
assert version('zxing-cpp') == '${peer_package#*==}'
import zxingcpp, PIL" 2>/dev/null
}
if ! has_peer; then
    echo "Making the peer's virtual environment $venv with pip ($peer_package and Pillow)."
    if ! { python3 -m venv "$venv" >"$out/venv.log" 2>&1 &&
           "$venv/bin/python" -m pip install -q --disable-pip-version-check "$peer_package" pillow >>"$out/venv.log" 2>&1 &&
           has_peer; }; then
        echo "The peer's virtual environment could not be made (see $out/venv.log), so only sensecam's own figures follow."
        peer=no
    fi
fi

# Exact and wrong reads in sensecam's records, by the same rule as the peer's.
score() {
    python3 - "$1" "$photos" <<'PY'
import json, pathlib, sys
exact = wrong = 0
for line in open(sys.argv[1], encoding="utf-8"):
    record = json.loads(line)
    if "codes" not in record:
        continue
    with open(pathlib.Path(sys.argv[2], pathlib.Path(record["source"]).stem + ".txt"), encoding="utf-8", newline="") as file:
        truth = file.read()  # exact: some payloads hold CR LF line breaks
    texts = [code["text"] for code in record["codes"]]
    matched = [t for t in texts if t in (truth, "0" + truth)]
    exact += bool(matched)
    wrong += len(texts) - len(matched)
print(exact, wrong)
PY
}

best_ours="" best_peer=""
for round in $(seq "$rounds"); do
    rm -f "$out/codes.jsonl" "$out/summary.json"
    "$sensecam" batch "$photos" --mode scan --jobs 1 --out "$out/codes.jsonl" --summary "$out/summary.json" --progress none 2>/dev/null
    ours=$(python3 -c "import json; print(json.load(open('$out/summary.json'))['seconds'])")
    best_ours=$(python3 -c "print(min(x for x in [$ours, ${best_ours:-1e9}]))")
    if [ "$peer" = yes ]; then
        "$venv/bin/python" bench/scan_peer.py "$photos" >"$out/peer.json"
        theirs=$(python3 -c "import json; print(json.load(open('$out/peer.json'))['seconds'])")
        best_peer=$(python3 -c "print(min(x for x in [$theirs, ${best_peer:-1e9}]))")
    fi
done

read -r exact wrong < <(score "$out/codes.jsonl")
count=$(find "$photos" -maxdepth 1 -name '*.png' | wc -l)
echo "Machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -1); best of $rounds rounds."
printf 'sensecam: %d of %d photos read exactly, %d wrong reads, %.1f ms a photo (one worker).\n' \
    "$exact" "$count" "$wrong" "$(python3 -c "print(1000 * $best_ours / $count)")"
if [ "$peer" = yes ]; then
    read -r pexact pwrong < <(python3 -c "import json; r = json.load(open('$out/peer.json')); print(r['exact'], r['wrong'])")
    printf 'ZXing-C++ %s (Python): %d of %d read exactly, %d wrong reads, %.1f ms a photo.\n' \
        "${peer_package#*==}" "$pexact" "$count" "$pwrong" "$(python3 -c "print(1000 * $best_peer / $count)")"
    printf 'sensecam takes %.2f times the peer'"'"'s time a photo.\n' "$(python3 -c "print($best_ours / $best_peer)")"
fi
