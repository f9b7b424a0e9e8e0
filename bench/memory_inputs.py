#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The inputs `make bench-memory` measures: files made to cost a decoder memory or time (a
PNG chunk claiming 2 GiB before or after the pixels, zTXt and iCCP chunks that inflate to
300 MB, a progressive JPEG of 2000 scans), the layouts item 8 of issue 41 names (a CMYK JPEG),
and ordinary phone photos of 12 and 48 megapixels (a shared COCO photo scaled up). Run by
Debian's python3 with python3-opencv: memory_inputs.py PHOTO FOLDER."""
import os
import struct
import sys
import zlib

import cv2
import numpy


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def before(png, kind, extra):
    """`extra` put in just before the first chunk of `kind`."""
    at = png.index(kind) - 4
    return png[:at] + extra + png[at:]


def many_scans(jpeg, count):
    """The progressive JPEG's last scan repeated `count` times before its end marker."""
    last = jpeg.rindex(b"\xff\xda")
    return jpeg[:-2] + jpeg[last:-2] * count + b"\xff\xd9"


def main(photo, folder):
    os.makedirs(f"{folder}/hostile", exist_ok=True)
    os.makedirs(f"{folder}/photos", exist_ok=True)
    image = cv2.imread(photo, cv2.IMREAD_COLOR)
    small = cv2.resize(image, (320, 240), interpolation=cv2.INTER_AREA)
    png = cv2.imencode(".png", small)[1].tobytes()
    lie = struct.pack(">I", 0x7FFFFFF0) + b"tEXtComment\0lies"
    bomb = zlib.compress(bytes(300_000_000), 9)
    files = {
        "text-length.png": before(png, b"IDAT", lie),
        "text-length-at-end.png": png[:png.index(b"IEND") - 4] + lie,
        "ztxt-bomb.png": before(png, b"IDAT", chunk(b"zTXt", b"Comment\0\0" + bomb)),
        "iccp-bomb.png": before(png, b"IDAT", chunk(b"iCCP", b"icc\0\0" + bomb)),
        "many-scans.jpg": many_scans(cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])[1].tobytes(), 2000),
    }
    for name, data in files.items():
        with open(f"{folder}/hostile/{name}", "wb") as out:
            out.write(data)
    for name, size in (("photo-12mp.jpg", (4000, 3000)), ("photo-48mp.jpg", (8000, 6000))):
        big = cv2.resize(image, size, interpolation=cv2.INTER_CUBIC)
        cv2.imwrite(f"{folder}/photos/{name}", big, [cv2.IMWRITE_JPEG_QUALITY, 90])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
