#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the small image files ImageFormatTests decode, each under 2 KB: the layouts phones,
scanners and editors save that a plain 8-bit RGB file does not exercise. Every picture is the
same 48 x 24 scene when shown upright: red on the left half, blue on the right, so a test can
tell whether colours and orientation came through. Run by Debian's python3 with python3-pil
and python3-opencv: /usr/bin/python3 make.py FOLDER."""
import struct
import sys
import zlib

import cv2
import numpy
from PIL import Image

WIDTH, HEIGHT = 48, 24
RED, BLUE = (220, 30, 30), (30, 30, 220)


def upright():
    picture = Image.new("RGB", (WIDTH, HEIGHT), RED)
    picture.paste(Image.new("RGB", (WIDTH // 2, HEIGHT), BLUE), (WIDTH // 2, 0))
    return picture


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def interlaced_png(picture):
    """Adam7 by hand: neither Pillow nor OpenCV writes interlaced PNGs."""
    pixels = numpy.asarray(picture)
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    raw = b""
    for x0, y0, dx, dy in passes:
        sub = pixels[y0::dy, x0::dx]
        if sub.size == 0:
            continue
        for row in sub:
            raw += b"\0" + row.tobytes()
    header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 1)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def exif_orientation(value):
    """A minimal little-endian EXIF block holding only the orientation tag."""
    ifd = struct.pack("<H", 1) + struct.pack("<HHIHH", 0x0112, 3, 1, value, 0) + struct.pack("<I", 0)
    return b"Exif\0\0" + b"II*\0" + struct.pack("<I", 8) + ifd


def main(folder):
    picture = upright()
    picture.convert("CMYK").save(f"{folder}/cmyk.jpg", quality=90)
    picture.save(f"{folder}/progressive.jpg", quality=90, progressive=True)
    # Orientation 6: the camera was turned, so the stored pixels are the scene turned a quarter
    # anticlockwise, and a viewer turns them a quarter clockwise to show them upright.
    stored = picture.transpose(Image.Transpose.ROTATE_90)
    stored.save(f"{folder}/orientation-6.jpg", quality=90, exif=exif_orientation(6))
    bgr = numpy.asarray(picture)[:, :, ::-1].astype(numpy.uint16) * 257
    cv2.imwrite(f"{folder}/rgb-16-bit.png", bgr)
    grey = picture.convert("L")
    grey_alpha = Image.merge("LA", (grey, Image.new("L", picture.size, 255)))
    grey_alpha.save(f"{folder}/grey-alpha.png")
    palette = picture.quantize(colors=2)
    palette.save(f"{folder}/palette-transparency.png", transparency=0)
    with open(f"{folder}/interlaced.png", "wb") as out:
        out.write(interlaced_png(picture))
    # The same turned picture as a PNG, its orientation in an eXIf chunk before the pixels.
    stored.save(f"{folder}/orientation-6.png")
    with open(f"{folder}/orientation-6.png", "rb") as file:
        png = file.read()
    pixels = png.index(b"IDAT") - 4
    with open(f"{folder}/orientation-6.png", "wb") as out:
        out.write(png[:pixels] + chunk(b"eXIf", exif_orientation(6)[6:]) + png[pixels:])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
