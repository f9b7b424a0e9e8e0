#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Renders samples/welcome-page.png, the page `make run` reads aloud when no camera exists.

Run once by hand (needs Pillow and Debian's fonts-dejavu-core); the PNG and its text are
committed so set-up needs neither. The text is in samples/welcome-page.txt.
"""
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

HERE = Path(__file__).resolve().parent
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
TITLE_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"
DPI = 150  # recorded in the file, so Tesseract need not guess the text size


def main() -> None:
    lines = (HERE / "welcome-page.txt").read_text().splitlines()
    title, body = lines[0], lines[1:]
    page = Image.new("L", (1240, 1000), 255)
    draw = ImageDraw.Draw(page)
    draw.text((100, 90), title, font=ImageFont.truetype(TITLE_FONT, 44), fill=0)
    font = ImageFont.truetype(FONT, 30)
    y = 190
    for line in body:
        if line:
            draw.text((100, y), line, font=font, fill=20)
        y += 48
    page.save(HERE / "welcome-page.png", dpi=(DPI, DPI), optimize=True)


if __name__ == "__main__":
    main()
