#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Reading a denser page from a simulated hand-held camera: films ocr/documents/singlecol_01
# (bench/simulated_page_video.py), reads it with `sensecam read --video --every-frame`, and
# prints the character error rate of the first reading against the page's truth, next to
# the sharpest single frame read by Tesseract's own tool. OpenCV for Python (to film the
# page) goes into a virtual environment here, never into sensecam's runtime.
set -euo pipefail
cd "$(dirname "$0")/.."

data=${SENSECAM_TEST_DATA:-../shared/data}
page=$data/ocr/documents/singlecol_01
sensecam=.build/release/sensecam
[ -x "$sensecam" ] || { echo "Build first with 'make build'." >&2; exit 1; }
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
    .venv/bin/pip install --quiet opencv-python-headless numpy
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

.venv/bin/python bench/simulated_page_video.py "$page.png" "$scratch/page.mp4"
"$sensecam" read --video "$scratch/page.mp4" --every-frame --output jsonl > "$scratch/events.jsonl"
.venv/bin/python - "$scratch" "$page.gt.txt" <<'PY'
import json, subprocess, sys
import cv2

scratch, truth_path = sys.argv[1], sys.argv[2]

def normalise(text): return " ".join(text.split())

def cer(hypothesis, reference):
    a, b = normalise(hypothesis), normalise(reference)
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        diagonal, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            diagonal, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, diagonal + (x != y))
    return row[-1] / max(len(b), 1)

truth = open(truth_path).read()
events = [json.loads(line) for line in open(f"{scratch}/events.jsonl")]
starts = [i for i, e in enumerate(events) if e["text"] == "Page found. Reading."]
if starts:
    lines = []
    for event in events[starts[0] + 1:]:
        if event["kind"] != "text":
            break
        lines.append(event["text"])
    print(f"sensecam, first reading as spoken ('(unclear)' counts as an error): {100 * cer(' '.join(lines), truth):.1f} % CER, "
          f"{len(lines)} lines, read at {events[starts[0]]['t']:.1f} s")
else:
    print("sensecam did not read the page.")
# The sharpest frame of the first steady stretch, read by Tesseract's own tool.
capture, best = cv2.VideoCapture(f"{scratch}/page.mp4"), None
for index in range(61):
    ok, frame = capture.read()
    if ok and index >= 30:
        sharpness = cv2.Laplacian(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), cv2.CV_64F).var()
        if best is None or sharpness > best[0]:
            best = (sharpness, frame)
cv2.imwrite(f"{scratch}/best.png", best[1])
tool = subprocess.run(["tesseract", f"{scratch}/best.png", "-"], capture_output=True, text=True,
                      env={"OMP_THREAD_LIMIT": "1", "PATH": "/usr/bin:/bin"}).stdout
print(f"Tesseract's tool on the sharpest single frame: {100 * cer(tool, truth):.1f} % CER")
PY
