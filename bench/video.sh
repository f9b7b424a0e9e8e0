#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Detection speed on a recorded video: `sensecam bench --mode aware --every-frame` against the
# plain Python + OpenCV loop over the same model (bench/peer_detect_loop.py), alternating in
# the same session because shared machines are noisy; the ratio is what counts. By default the
# peer uses Debian's python3-opencv (OpenCV 4.6, the library sensecam itself links), seen from a
# virtual environment under .build/bench-venv, so nothing is installed into sensecam's runtime.
# PEER=pip runs the same peer on pip's opencv-python-headless (OpenCV 5) from .build/bench-venv-pip
# (made with pip when missing, shared with bench/model.sh); PEER=both runs the two peers, each
# round alternating sensecam, Debian's and pip's.
#
# Writes .build/bench-video/report.json, report.svg and report.svg.txt (the chart in words);
# a report left by the previous run is kept as previous.json and compared with.
set -euo pipefail
cd "$(dirname "$0")/.."

data=${SENSECAM_TEST_DATA:-../shared/data}
video=${VIDEO:-$data/video/car-detection.mp4}
model=${SENSECAM_MODEL:-Models/yolox_nano.onnx}
rounds=${ROUNDS:-2}
sensecam=${SENSECAM:-.build/release/sensecam}  # SENSECAM: another build to measure
venv=.build/bench-venv
pip_venv=.build/bench-venv-pip
# Debian's own interpreter, the one python3-opencv installs for (pyenv or a local build on PATH
# would not see it).
debian_python=/usr/bin/python3
out=.build/bench-video
case ${PEER:-debian} in
    debian) peers=(debian) ;;
    pip) peers=(pip) ;;
    both) peers=(debian pip) ;;
    *) echo "PEER must be debian, pip or both; got '$PEER'." >&2; exit 1 ;;
esac

[ -x "$sensecam" ] || { echo "Build first with 'make build'." >&2; exit 1; }
[ -f "$model" ] || { echo "The model $model is missing; run 'make models' first." >&2; exit 1; }
[ -f "$video" ] || { echo "The video $video is missing; set SENSECAM_TEST_DATA to the shared data folder." >&2; exit 1; }

# The interpreter each peer runs in, and its OpenCV version.
declare -A python opencv
for peer in "${peers[@]}"; do
    if [ "$peer" = debian ]; then
        # Debian's OpenCV for Python, installed by the project's one package helper.
        tools/install-packages.sh python3 python3-opencv
        # --without-pip: nothing is installed into it, so Debian's missing ensurepip does not matter.
        # A venv made from another interpreter cannot see Debian's packages: made again.
        python[$peer]=$venv/bin/python
        "${python[$peer]}" -c 'import cv2' 2>/dev/null || { rm -rf "$venv"; "$debian_python" -m venv --system-site-packages --without-pip "$venv"; }
    else
        # pip's OpenCV 5 in a venv of its own; nothing from it reaches sensecam.
        python[$peer]=$pip_venv/bin/python
        if ! "${python[$peer]}" -c 'import cv2, numpy' 2>/dev/null; then
            echo "Making $pip_venv with pip's opencv-python-headless and numpy for the peer loop."
            mkdir -p "$out"
            { "${PYTHON:-python3}" -m venv "$pip_venv" && "${python[$peer]}" -m pip install -q --disable-pip-version-check opencv-python-headless numpy; } \
                >"$out/venv.log" 2>&1 || { echo "The pip peer's virtual environment could not be made (no network, or no python3-venv; see $out/venv.log)." >&2; exit 1; }
        fi
    fi
    opencv[$peer]=$("${python[$peer]}" -c 'import cv2; print(cv2.__version__)')
done
mkdir -p "$out"
compare=()
if [ -f "$out/report.json" ]; then
    mv "$out/report.json" "$out/previous.json"
    compare=(--compare "$out/previous.json")
fi

peer_words="peer: Python with OpenCV ${opencv[${peers[0]}]}"
[ "${#peers[@]}" -eq 1 ] || peer_words="peers: Python with OpenCV ${opencv[${peers[0]}]} and with OpenCV ${opencv[${peers[1]}]}"
echo "Detection on $(basename "$video"), every frame, $rounds rounds, alternating; $peer_words."
ours_best=0
declare -A peer_best
for peer in "${peers[@]}"; do peer_best[$peer]=0; done
for round in $(seq "$rounds"); do
    line=""
    for peer in "${peers[@]}"; do
        fps=$("${python[$peer]}" bench/peer_detect_loop.py "$video" --model "$model" | "${python[$peer]}" -c 'import json, sys; print(json.load(sys.stdin)["fps"])')
        line="$line, Python peer with OpenCV ${opencv[$peer]} $fps"
        # The best round of each is kept: noise only ever slows a run down.
        if awk -v a="$fps" -v b="${peer_best[$peer]}" 'BEGIN { exit !(a > b) }'; then peer_best[$peer]=$fps; fi
    done
    "$sensecam" bench --video "$video" --mode aware --every-frame --model "$model" \
        --report "$out/round.json" --chart "$out/round.svg" "${compare[@]}" 2> "$out/round.log" \
        || { cat "$out/round.log" >&2; exit 1; }
    ours=$("${python[${peers[0]}]}" -c 'import json, sys; print(json.load(open(sys.argv[1]))["throughput_fps"])' "$out/round.json")
    echo "  round $round: sensecam $ours frames a second$line."
    if awk -v a="$ours" -v b="$ours_best" 'BEGIN { exit !(a > b) }'; then
        ours_best=$ours
        mv "$out/round.json" "$out/report.json"; mv "$out/round.svg" "$out/report.svg"
        mv "$out/round.svg.txt" "$out/report.svg.txt"; mv "$out/round.log" "$out/summary.txt"
    fi
done
rm -f "$out"/round.*

echo "sensecam's best round, as it summarised it:"
sed 's/^/  /' "$out/summary.txt"
for peer in "${peers[@]}"; do
    awk -v o="$ours_best" -v p="${peer_best[$peer]}" -v r="$rounds" -v v="${opencv[$peer]}" 'BEGIN {
        printf "Best of %d: sensecam %.1f frames a second, Python + OpenCV %s peer %.1f; sensecam runs at %.2f times the speed of the peer.\n", r, o, v, p, o / p
    }'
done
echo "Report, chart and its text summary: $out/report.json, $out/report.svg, $out/report.svg.txt."
