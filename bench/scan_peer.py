#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The peer for `make bench-scan`: ZXing-C++ 3.1 through its Python module (zxingcpp) over the
shared barcode photos, with its default options (all formats, try harder, rotate, downscale).
Prints one JSON line: how many photos it read to the exact text, wrong reads, and the seconds
from opening each photo to its results (decoding the PNG included, as sensecam's batch
decodes each file; the interpreter's start and imports left out).

Usage: scan_peer.py FOLDER
"""
import json
import pathlib
import sys
import time

import zxingcpp
from PIL import Image


def main() -> None:
    folder = pathlib.Path(sys.argv[1])
    exact = wrong = 0
    seconds = 0.0
    for photo in sorted(folder.glob("*.png")):
        # newline="": the truth is exact, and some payloads hold CR LF line breaks.
        with open(photo.with_suffix(".txt"), encoding="utf-8", newline="") as file:
            truth = file.read()
        start = time.perf_counter()
        image = Image.open(photo).convert("RGB").convert("L")
        results = zxingcpp.read_barcodes(image)
        seconds += time.perf_counter() - start
        texts = [result.text for result in results]
        # A UPC-A is the same digits as an EAN-13 with a leading zero (the data card says so).
        matched = [text for text in texts if text in (truth, "0" + truth)]
        exact += bool(matched)
        wrong += len(texts) - len(matched)
    print(json.dumps({"photos": len(list(folder.glob("*.png"))), "exact": exact, "wrong": wrong, "seconds": seconds}))


if __name__ == "__main__":
    main()
