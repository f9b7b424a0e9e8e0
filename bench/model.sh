#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The detector's forward pass alone: `sensecam bench --model-only` against the same ONNX file in
# pip's OpenCV (opencv-python-headless, OpenCV 5) and in ONNX Runtime (CPU, one thread per core),
# through bench/peer_forward.py, at each input size, on the same letterboxed picture. Rounds
# alternate in one session because shared machines are noisy; each engine keeps its best round
# per size (noise only ever slows a run down), and the ratios are what counts.
#
# The peers live in a virtual environment of their own, .build/bench-venv-pip, made here with
# pip; sensecam never loads anything from it. Without a network the venv cannot be made: this
# says so and prints sensecam's own figures.
#
#   ROUNDS=3 FORWARDS=50 SIZES=320,416,512 SENSECAM=path/to/sensecam bench/model.sh
#
# IMAGE=file letterboxes a photograph instead of the synthetic picture both sides draw alike.
# Each round also times sensecam with OpenCV 4.6's own layers (SENSECAM_STOCK_ARGS, default
# "--layers stock"; STOCK_SENSECAM, another build to run them with). SENSECAM_STOCK_ARGS= (empty)
# skips that run.
set -euo pipefail
cd "$(dirname "$0")/.."

model=${SENSECAM_MODEL:-Models/yolox_nano.onnx}
rounds=${ROUNDS:-3}
forwards=${FORWARDS:-50}
sizes=${SIZES:-320,416,512}
image=${IMAGE:-}
sensecam=${SENSECAM:-.build/release/sensecam}  # SENSECAM: another build to measure
stock_args=${SENSECAM_STOCK_ARGS---layers stock}
stock_sensecam=${STOCK_SENSECAM:-$sensecam}
venv=.build/bench-venv-pip
python_for_venv=${PYTHON:-python3}
out=.build/bench-model

[ -x "$sensecam" ] || { echo "Build first with 'make build'." >&2; exit 1; }
[ -f "$model" ] || { echo "The model $model is missing; run 'make models' first." >&2; exit 1; }
[ -z "$image" ] || [ -f "$image" ] || { echo "The image $image is missing; check IMAGE." >&2; exit 1; }
mkdir -p "$out"
rm -f "$out"/*.json

# The peers' venv: made once, topped up when a package is missing. Nothing is pinned.
peers=yes
if ! "$venv/bin/python" -c 'import cv2, onnxruntime, onnx, numpy' 2>/dev/null; then
    echo "Making the peers' virtual environment $venv with pip (opencv-python-headless, onnxruntime, onnx, numpy)."
    if ! { "$python_for_venv" -m venv "$venv" >"$out/venv.log" 2>&1 &&
           "$venv/bin/python" -m pip install -q --disable-pip-version-check opencv-python-headless onnxruntime onnx numpy \
               >>"$out/venv.log" 2>&1; }; then
        echo "The peers' virtual environment could not be made (no network, or no python3-venv; see $out/venv.log), so only sensecam's own figures follow."
        peers=no
    fi
fi
if [ "$peers" = yes ]; then
    versions=$("$venv/bin/python" -c 'import cv2, onnxruntime, onnx, numpy, platform
print(f"OpenCV {cv2.__version__}, ONNX Runtime {onnxruntime.__version__}, onnx {onnx.__version__}, numpy {numpy.__version__}, Python {platform.python_version()}")')
    echo "Peers: $versions."
fi

image_args=(); [ -z "$image" ] || image_args=(--image "$image")
rounds_words="$rounds rounds, alternating"; [ "$rounds" -ne 1 ] || rounds_words="1 round"
echo "Forward pass of $(basename "$model") at input sizes $sizes, $forwards passes a size after warm-up, $rounds_words; picture: ${image:-synthetic 1280x720}."
for round in $(seq "$rounds"); do
    "$sensecam" bench --model-only --input-size "$sizes" --forwards "$forwards" --model "$model" "${image_args[@]}" \
        --report "$out/sensecam-$round.json" 2> "$out/sensecam.log" || { cat "$out/sensecam.log" >&2; exit 1; }
    said="sensecam done"
    if [ -n "$stock_args" ] || [ -n "${STOCK_SENSECAM:-}" ]; then
        # shellcheck disable=SC2086  # the switch's words, split on purpose
        "$stock_sensecam" bench --model-only --input-size "$sizes" --forwards "$forwards" --model "$model" "${image_args[@]}" \
            $stock_args --report "$out/stock-$round.json" 2> "$out/stock.log" || { cat "$out/stock.log" >&2; exit 1; }
        said="$said, sensecam with stock layers done"
    fi
    if [ "$peers" = yes ]; then
        "$venv/bin/python" bench/peer_forward.py --model "$model" --input-size "$sizes" --forwards "$forwards" "${image_args[@]}" \
            > "$out/peers-$round.json" 2> "$out/peers.log" || { cat "$out/peers.log" >&2; exit 1; }
        said="$said, peers done"
    fi
    echo "  round $round of $rounds: $said."
done

# Best round per engine and size, then one sentence a size. Debian's python3 reads the JSON:
# the summary needs nothing from the venv.
python3 - "$out" "$rounds" <<'PYTHON'
import glob, json, os, sys

out, rounds = sys.argv[1], int(sys.argv[2])

def best(pattern, engine=None):
    """{size: fastest median over the rounds}, plus the report of the first round."""
    figures, first = {}, None
    for path in sorted(glob.glob(os.path.join(out, pattern))):
        report = json.load(open(path))
        first = first or report
        rows = report["sizes"] if engine is None else report["engines"][engine]
        for row in rows:
            size, median = row["input_size"], row["forward_median_ms"]
            figures[size] = min(median, figures.get(size, median))
    return figures, first

ours, report = best("sensecam-*.json")
stock, _ = best("stock-*.json")
peers = {}
peer_report = None
if glob.glob(os.path.join(out, "peers-*.json")):
    for engine in ("opencv", "onnxruntime"):
        peers[engine], peer_report = best("peers-*.json", engine)
names = {}
if peer_report:
    names = {"opencv": f"OpenCV {peer_report['versions']['opencv']}",
             "onnxruntime": f"ONNX Runtime {peer_report['versions']['onnxruntime']}"}

threads = f"sensecam used {report['threads']} threads"
if peer_report:
    threads += f", OpenCV {peer_report['threads']['opencv']} and ONNX Runtime {peer_report['threads']['onnxruntime']}"
print(f"{'Best of ' + str(rounds) + ' rounds' if rounds > 1 else 'One round'}, median forward pass; {threads}.")
summary = {"rounds": rounds, "sensecam": ours, "sensecam_stock_layers": stock, "peers": peers,
           "versions": peer_report["versions"] if peer_report else {}, "machine": report["machine"]}
for size in sorted(ours):
    parts = [f"sensecam {ours[size]:.1f} ms"]
    if size in stock:
        parts.append(f"sensecam with stock OpenCV 4.6 layers {stock[size]:.1f} ms ({stock[size] / ours[size]:.2f} times sensecam's time)")
    first = True
    for engine in ("opencv", "onnxruntime"):
        if size not in peers.get(engine, {}):
            continue
        theirs = peers[engine][size]
        ratio = f"{ours[size] / theirs:.2f} times"
        parts.append(f"{names[engine]} {theirs:.1f} ms ({'sensecam takes ' + ratio + ' as long' if first else ratio})")
        first = False
    print(f"Input {size}: " + ", ".join(parts) + ".")
json.dump(summary, open(os.path.join(out, "summary.json"), "w"), indent=2, sort_keys=True)
PYTHON
echo "Each round's figures and the summary: $out/."
