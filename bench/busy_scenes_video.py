#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Renders the busy-scene video: crowds and rows of things, with the truth on every frame.

The narration has to stay followable where many things of one kind are in view (a crowd, a
row of bottles, a shelf of books), and `video/scenes-coco.mp4` has few such scenes. This
makes a test set of them from the shared COCO images the way that video was made: every
image of `detect/coco-val` with at least 5 labelled instances of one class, in the order of
their file names, becomes a scene of 3 s at 15 frames a second at 1280x720. The still is
fitted to the frame on black, centred, and the camera pushes in slowly on its centre (5 % a
second, the rate of scenes-coco.mp4); scenes follow each other by hard cuts. The camera is
mildly imperfect, with the same seed every run: light falls off across the frame towards a
side drawn for each scene, and each frame carries sensor noise. There is no perspective or
shake, so a labelled box stays an exact axis-aligned box in frame pixels.

Writes OUT.mp4 (H.264) and beside it OUT.frames.jsonl, one line a frame in the schema of
scenes-coco.frames.jsonl: {"frame", "t", "scene", "image", "objects": [{"label", "box"}]},
box [x, y, w, h] in frame pixels after the push-in, clipped to the frame; an object with
less than 2 px of itself in view is left out, as in scenes-coco.frames.jsonl. The images
come from $SENSECAM_TEST_DATA (relative paths from the project root), else .build/test-data (make test-data).
With --truth-only only the truth is written (no OpenCV needed): the tests use it to check
that a rendered video matches this script.
Usage: busy_scenes_video.py [--truth-only] OUT.mp4
"""
import json
import os
import struct
import sys
from collections import Counter

W, H, FPS, SECONDS = 1280, 720, 15, 3
MIN_INSTANCES = 5      # of one class, for an image to be a busy scene
ZOOM_PER_SECOND = 0.05  # the push-in, as measured on scenes-coco.frames.jsonl
MIN_VISIBLE = 2.0      # px of an object that must be in view, width and height, for it to count
SEED = 20
NOISE_FIELDS = 16


def data_folder() -> str:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    folder = os.path.join(root, os.environ.get("SENSECAM_TEST_DATA") or ".build/test-data", "detect", "coco-val")
    if not os.path.isdir(os.path.join(folder, "labels")):
        sys.exit(f"The COCO images are missing at {os.path.normpath(folder)}; run make test-data or set SENSECAM_TEST_DATA to the shared data folder.")
    return folder


def class_names(path: str) -> dict:
    """The `names:` map of a YOLO classes.yaml (`  0: person` lines), without a YAML library."""
    names, inside = {}, False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if not line[0].isspace():
                inside = line.startswith("names:")
                continue
            key, _, value = line.strip().partition(":")
            if inside and key.isdigit():
                names[int(key)] = value.strip().strip("'\"")
    return names


def jpeg_size(path: str) -> tuple:
    """Width and height from a JPEG's start-of-frame segment."""
    with open(path, "rb") as f:
        data = f.read()
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            i += 1
            continue
        marker = data[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7 or marker == 0xFF:
            i += 1 if marker == 0xFF else 2
            continue
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return w, h
        i += 2 + length
    sys.exit(f"{path} has no JPEG frame header.")


def busy_scenes(folder: str) -> list:
    """(image file, [(label, cx, cy, w, h) normalised]) for every image with a crowd or a row, by name."""
    names = class_names(os.path.join(folder, "classes.yaml"))
    images = {os.path.splitext(name)[0]: name for name in os.listdir(os.path.join(folder, "images"))}
    scenes = []
    for label_file in sorted(os.listdir(os.path.join(folder, "labels"))):
        stem = os.path.splitext(label_file)[0]
        with open(os.path.join(folder, "labels", label_file), encoding="utf-8") as f:
            rows = [line.split() for line in f if line.strip()]
        objects = [(names[int(r[0])], *map(float, r[1:5])) for r in rows]
        counts = Counter(label for label, *_ in objects)
        if counts and max(counts.values()) >= MIN_INSTANCES and stem in images:
            scenes.append((images[stem], objects))
    return scenes


def scale_at(size: tuple, i: int) -> float:
    """Frame pixels per image pixel on frame i of a scene: fitted to the frame, then pushed in."""
    iw, ih = size
    return min(W / iw, H / ih) * (1 + ZOOM_PER_SECOND * i / FPS)


def truth_objects(objects: list, size: tuple, scale: float) -> list:
    iw, ih = size
    visible = []
    for label, cx, cy, bw, bh in objects:
        x0 = (cx - bw / 2 - 0.5) * iw * scale + W / 2
        x1 = (cx + bw / 2 - 0.5) * iw * scale + W / 2
        y0 = (cy - bh / 2 - 0.5) * ih * scale + H / 2
        y1 = (cy + bh / 2 - 0.5) * ih * scale + H / 2
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
        if x1 - x0 < MIN_VISIBLE or y1 - y0 < MIN_VISIBLE:
            continue
        visible.append({"label": label, "box": [round(x0, 1), round(y0, 1), round(x1 - x0, 1), round(y1 - y0, 1)]})
    return visible


def render(scenes: list, folder: str, out_path: str, truth) -> None:
    import cv2
    import numpy as np

    cv2.setNumThreads(2)
    writer = cv2.VideoWriter(out_path, cv2.VideoWriter_fourcc(*"avc1"), FPS, (W, H))
    if not writer.isOpened():
        sys.exit("OpenCV could not open an H.264 writer; install Debian's python3-opencv (with FFmpeg).")
    rng = np.random.default_rng(SEED)
    ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
    # Sensor noise, sigma 3 grey levels: a pool of seeded fields, one drawn for each frame
    # (drawing a fresh field every frame would take a quarter of the render time).
    noise = []
    for n in range(NOISE_FIELDS):
        field = np.empty((H, W, 3), np.int16)
        cv2.setRNGSeed(SEED * 1000 + n)
        cv2.randn(field, 0, 3)
        noise.append(field)
    frame_index = 0
    for k, (image_name, objects) in enumerate(scenes):
        # As stored, EXIF orientation ignored: the labels are in the stored pixels' frame.
        still = cv2.imread(os.path.join(folder, "images", image_name), cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION)
        ih, iw = still.shape[:2]
        # Uneven light: 100 % on one side of the frame down to 80-90 % on the other.
        angle, floor = rng.uniform(0, 2 * np.pi), rng.uniform(0.8, 0.9)
        ramp = (xs - W / 2) * np.cos(angle) + (ys - H / 2) * np.sin(angle)
        ramp = (ramp - ramp.min()) / (ramp.max() - ramp.min())
        shade = cv2.merge([(1 - (1 - floor) * ramp).astype(np.float32)] * 3)
        for i in range(FPS * SECONDS):
            s = scale_at((iw, ih), i)
            # Pixel centres: image pixel x sits at x + 0.5 in the continuous frame of the boxes.
            m = np.float32([[s, 0, (0.5 - iw / 2) * s + W / 2 - 0.5], [0, s, (0.5 - ih / 2) * s + H / 2 - 0.5]])
            frame = cv2.warpAffine(still, m, (W, H), flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0))
            frame = cv2.multiply(frame, shade, dtype=cv2.CV_8U)
            frame = cv2.add(frame, noise[rng.integers(NOISE_FIELDS)], dtype=cv2.CV_8U)
            writer.write(frame)
            truth.write(frame_line(frame_index, k, image_name, objects, (iw, ih), i))
            frame_index += 1
    writer.release()


def frame_line(frame_index: int, k: int, image_name: str, objects: list, size: tuple, i: int) -> str:
    record = {"frame": frame_index, "t": round(frame_index / FPS, 3), "scene": k, "image": image_name,
              "objects": truth_objects(objects, size, scale_at(size, i))}
    return json.dumps(record) + "\n"


def main() -> None:
    args = sys.argv[1:]
    truth_only = "--truth-only" in args
    args = [a for a in args if a != "--truth-only"]
    if len(args) != 1 or not args[0].endswith(".mp4"):
        sys.exit("Usage: busy_scenes_video.py [--truth-only] OUT.mp4")
    out_path = args[0]
    truth_path = out_path[:-len(".mp4")] + ".frames.jsonl"
    folder = data_folder()
    scenes = busy_scenes(folder)
    # Written under temporary names and renamed at the end, so an interrupted run leaves no
    # video that looks finished to make.
    partial_truth = truth_path + ".partial"
    with open(partial_truth, "w", encoding="utf-8") as truth:
        if truth_only:
            frame_index = 0
            for k, (image_name, objects) in enumerate(scenes):
                size = jpeg_size(os.path.join(folder, "images", image_name))
                for i in range(FPS * SECONDS):
                    truth.write(frame_line(frame_index, k, image_name, objects, size, i))
                    frame_index += 1
        else:
            partial_video = out_path[:-len(".mp4")] + ".partial.mp4"
            render(scenes, folder, partial_video, truth)
    os.replace(partial_truth, truth_path)
    if not truth_only:
        os.replace(partial_video, out_path)


if __name__ == "__main__":
    main()
