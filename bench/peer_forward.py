#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The engines `sensecam bench --model-only` is measured against: the same YOLOX-Nano ONNX
file's forward pass in OpenCV's DNN module (pip's opencv-python-headless, OpenCV 5) and in
ONNX Runtime (CPU, one intra-op thread per core), on the same letterboxed input at each size.

    python bench/peer_forward.py --model Models/yolox_nano.onnx [--input-size 320,416,512]
        [--forwards 50] [--image FILE] [--engines opencv,onnxruntime]

The model's input is fixed at 1x3x416x416. Its graph has no size baked in past the input and
output shapes (upsampling by scale, reshapes to [1, 85, -1]), so for every size a copy with
those two shapes changed is written to a temporary folder with the `onnx` package, and both
engines load that copy. Each size runs 5 warm-up passes and then the timed ones, one network
at a time (sensecam takes turns between sizes instead; its OpenCV has one thread pool for all
networks, where ONNX Runtime has one a session). Prints one JSON object: versions, threads, and per engine and size
the median, 90th percentile, fastest and mean forward in milliseconds.
"""
import argparse
import json
import os
import platform
import tempfile
import time

import cv2
import numpy as np

PAD = 114
WARM_UP = 5
SYNTHETIC = (1280, 720)


def synthetic_image():
    """The picture sensecam's `bench --model-only` draws when given no image, by the same rule:
    blue rises left to right, green top to bottom, red is a checkerboard of 40-pixel squares."""
    width, height = SYNTHETIC
    xs = np.arange(width)
    ys = np.arange(height)
    image = np.empty((height, width, 3), np.uint8)
    image[:, :, 0] = (xs * 255 // (width - 1))[None, :]
    image[:, :, 1] = (ys * 255 // (height - 1))[:, None]
    image[:, :, 2] = np.where((xs[None, :] // 40 + ys[:, None] // 40) % 2 == 0, 0, 255)
    return image


def letterbox_blob(image, size):
    """1x3xSxS float32, raw BGR 0-255: resized by r keeping aspect, top-left, padded with 114."""
    height, width = image.shape[:2]
    r = min(size / height, size / width)
    resized_w, resized_h = max(1, int(width * r)), max(1, int(height * r))
    padded = np.full((size, size, 3), PAD, np.uint8)
    padded[:resized_h, :resized_w] = cv2.resize(image, (resized_w, resized_h), interpolation=cv2.INTER_LINEAR)
    return np.ascontiguousarray(padded.transpose(2, 0, 1)[None].astype(np.float32))


def anchors(size):
    return sum((size // stride) ** 2 for stride in (8, 16, 32))


def model_at(model_path, size, folder):
    """The model itself at its own input size; otherwise a copy whose input is 1x3xSxS and whose
    output is 1xAx85, with the intermediate shapes (recorded for 416) left to be inferred again."""
    import onnx

    model = onnx.load(model_path)
    graph_input = model.graph.input[0].type.tensor_type.shape.dim
    if [d.dim_value for d in graph_input] == [1, 3, size, size]:
        return model_path
    graph_input[2].dim_value = size
    graph_input[3].dim_value = size
    model.graph.output[0].type.tensor_type.shape.dim[1].dim_value = anchors(size)
    del model.graph.value_info[:]
    onnx.checker.check_model(model)
    model = onnx.shape_inference.infer_shapes(model, strict_mode=True)
    path = os.path.join(folder, f"yolox_nano_{size}.onnx")
    onnx.save(model, path)
    return path


def cores():
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()


class OpenCVEngine:
    name = "opencv"

    def __init__(self, path):
        self.net = cv2.dnn.readNetFromONNX(path)
        self.net.setPreferableBackend(cv2.dnn.DNN_BACKEND_OPENCV)
        # OpenCV 5's new graph engine runs on the CPU and warns when given a target.
        if int(cv2.__version__.split(".")[0]) < 5:
            self.net.setPreferableTarget(cv2.dnn.DNN_TARGET_CPU)

    def forward(self, blob):
        self.net.setInput(blob)
        return self.net.forward()


class ONNXRuntimeEngine:
    name = "onnxruntime"

    def __init__(self, path):
        import onnxruntime

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = cores()
        options.inter_op_num_threads = 1
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        self.session = onnxruntime.InferenceSession(path, options, providers=["CPUExecutionProvider"])
        self.input = self.session.get_inputs()[0].name

    def forward(self, blob):
        return self.session.run(None, {self.input: blob})[0]


def summary(seconds):
    ms = sorted(s * 1000 for s in seconds)

    def rank(fraction):  # the nearest-rank percentile, as sensecam computes it
        return ms[min(len(ms), max(1, int(np.ceil(fraction * len(ms))))) - 1]

    return {"forwards": len(ms), "forward_median_ms": round(rank(0.5), 3), "forward_p90_ms": round(rank(0.9), 3),
            "forward_min_ms": round(ms[0], 3), "forward_mean_ms": round(sum(ms) / len(ms), 3)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", required=True)
    parser.add_argument("--input-size", default="320,416,512", help="sizes, multiples of 32, separated by commas")
    parser.add_argument("--forwards", type=int, default=50)
    parser.add_argument("--image", help="the image to letterbox (default: the synthetic 1280x720 picture)")
    parser.add_argument("--engines", default="opencv,onnxruntime")
    arguments = parser.parse_args()

    sizes = [int(s) for s in arguments.input_size.split(",") if s.strip()]
    if any(size % 32 for size in sizes):
        raise SystemExit("Each input size must be a multiple of 32.")
    if arguments.image:
        image = cv2.imread(arguments.image, cv2.IMREAD_COLOR)
        if image is None:
            raise SystemExit(f"{arguments.image} could not be read as an image.")
    else:
        image = synthetic_image()
    kinds = {"opencv": OpenCVEngine, "onnxruntime": ONNXRuntimeEngine}
    wanted = [name for name in arguments.engines.split(",") if name]
    unknown = [name for name in wanted if name not in kinds]
    if unknown:
        raise SystemExit(f"Unknown engine {unknown[0]}; choose from opencv and onnxruntime.")

    versions = {"opencv": cv2.__version__, "numpy": np.__version__, "python": platform.python_version()}
    if "onnxruntime" in wanted:
        import onnxruntime

        versions["onnxruntime"] = onnxruntime.__version__
    result = {"image": arguments.image or f"synthetic {SYNTHETIC[0]}x{SYNTHETIC[1]}", "cores": cores(),
              "threads": {"opencv": cv2.getNumThreads(), "onnxruntime": cores()},
              "warm_up_forwards": WARM_UP, "versions": versions, "engines": {}}
    with tempfile.TemporaryDirectory() as folder:
        paths = {size: model_at(arguments.model, size, folder) for size in sizes}
        blobs = {size: letterbox_blob(image, size) for size in sizes}
        for name in wanted:
            rows = []
            # One size at a time, one network alive at a time: each ONNX Runtime session has a
            # thread pool of its own whose threads spin after a run, and taking turns between
            # sessions would have the idle ones steal the cores from the busy one.
            for size in sizes:
                engine = kinds[name](paths[size])
                # The same head as the model card's, so the engine ran the whole network.
                shape = tuple(np.asarray(engine.forward(blobs[size])).shape)
                if shape != (1, anchors(size), 85):
                    raise SystemExit(f"{name} gave an output of shape {shape} at input {size}, not (1, {anchors(size)}, 85).")
                seconds = []
                for forward in range(WARM_UP + arguments.forwards):
                    started = time.perf_counter()
                    engine.forward(blobs[size])
                    if forward >= WARM_UP:
                        seconds.append(time.perf_counter() - started)
                del engine
                rows.append(dict(input_size=size, **summary(seconds)))
            result["engines"][name] = rows
    print(json.dumps(result))


if __name__ == "__main__":
    main()
