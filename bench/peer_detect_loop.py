#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The peer `sensecam bench --mode aware` is measured against: the straightforward Python +
OpenCV loop over the same YOLOX-Nano model, as the model card describes it. Per frame: read,
letterbox to 416 (top-left, padded with 114), blobFromImage (raw BGR 0-255), forward, YOLOX
decode with grids and strides, per-class NMS at IoU 0.45. No tracking, no narration.

    python3 bench/peer_detect_loop.py VIDEO --model Models/yolox_nano.onnx [--frames N]

Prints one JSON object: frames, seconds (the loop, model loading excluded), fps, detections
kept (a check that decoding works), and the OpenCV version.
"""
import argparse
import json
import time

import cv2
import numpy as np

STRIDES = (8, 16, 32)
NMS_IOU = 0.45
PAD = 114


def grids_and_strides(size):
    """Each output row's grid cell (x, y) and stride, in the head's order: stride 8 first."""
    grids, strides = [], []
    for stride in STRIDES:
        cells = size // stride
        ys, xs = np.meshgrid(np.arange(cells), np.arange(cells), indexing="ij")
        grids.append(np.stack((xs, ys), axis=2).reshape(-1, 2))
        strides.append(np.full((cells * cells, 1), stride))
    return np.concatenate(grids).astype(np.float32), np.concatenate(strides).astype(np.float32)


def detect(net, frame, size, padded, grids, strides, min_confidence):
    height, width = frame.shape[:2]
    r = min(size / height, size / width)
    resized_w, resized_h = max(1, int(width * r)), max(1, int(height * r))
    padded[:] = PAD
    padded[:resized_h, :resized_w] = cv2.resize(frame, (resized_w, resized_h), interpolation=cv2.INTER_LINEAR)
    net.setInput(cv2.dnn.blobFromImage(padded))  # scale 1, no mean, no swap: what the model card asks
    output = net.forward()[0]

    centres = (output[:, :2] + grids) * strides
    sizes = np.exp(output[:, 2:4]) * strides
    boxes = np.concatenate((centres - sizes / 2, sizes), axis=1) / r  # x, y, w, h in frame pixels
    scores = output[:, 4:5] * output[:, 5:]  # objectness x class score
    kept = 0
    rows, classes = np.nonzero(scores >= min_confidence)
    for label in np.unique(classes):
        chosen = rows[classes == label]
        keep = cv2.dnn.NMSBoxes(boxes[chosen].tolist(), scores[chosen, label].tolist(), min_confidence, NMS_IOU)
        kept += len(keep)
    return kept


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("video")
    parser.add_argument("--model", required=True)
    parser.add_argument("--size", type=int, default=416)
    parser.add_argument("--min-confidence", type=float, default=0.25)
    parser.add_argument("--frames", type=int, default=0, help="stop after this many frames (0: all)")
    arguments = parser.parse_args()

    net = cv2.dnn.readNetFromONNX(arguments.model)
    net.setPreferableBackend(cv2.dnn.DNN_BACKEND_OPENCV)
    # OpenCV 5's new graph engine runs on the CPU and warns when given a target.
    if int(cv2.__version__.split(".")[0]) < 5:
        net.setPreferableTarget(cv2.dnn.DNN_TARGET_CPU)
    grids, strides = grids_and_strides(arguments.size)
    padded = np.full((arguments.size, arguments.size, 3), PAD, np.uint8)
    capture = cv2.VideoCapture(arguments.video, cv2.CAP_FFMPEG)
    if not capture.isOpened():
        raise SystemExit(f"{arguments.video} could not be opened as a video.")

    frames = detections = 0
    started = time.monotonic()
    while not arguments.frames or frames < arguments.frames:
        ok, frame = capture.read()
        if not ok:
            break
        detections += detect(net, frame, arguments.size, padded, grids, strides, arguments.min_confidence)
        frames += 1
    seconds = time.monotonic() - started
    print(json.dumps({"frames": frames, "seconds": round(seconds, 3), "fps": round(frames / max(seconds, 1e-9), 2),
                      "detections": detections, "opencv": cv2.__version__}))


if __name__ == "__main__":
    main()
