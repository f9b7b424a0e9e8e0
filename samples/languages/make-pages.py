#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Renders the German, French and Spanish pages the page engine is measured on.

Each text (samples/languages/de.txt, fr.txt, es.txt, written for the project) is split at
paragraph breaks into PAGES_PER_TEXT pages, each set in a different font, then made to look
like a phone or webcam photo of a printed sheet: turned a little, blurred, lit unevenly,
grainy and JPEG-compressed. The random choices come from one fixed seed, so running it again
writes the same files. Out come samples/languages/<lang>/page-N.jpg, 150 dpi recorded in the
file, and page-N.txt, the exact text on it, one line per printed line (a blank line between
paragraphs). Tests read those and need no Python.

Run once by hand, after editing a text or the degradation:

    python3 -m venv .build/venv-pages && .build/venv-pages/bin/pip install pillow numpy
    .build/venv-pages/bin/python samples/languages/make-pages.py

Needs Debian's fonts-dejavu-core and fonts-liberation2 (both in the Makefile's SAMPLE_PACKAGES), and
Pillow with its bundled raqm layout, so that "fi", "fl" and "ffi" are drawn as the ligatures
the fonts define, as in real print.
"""
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = Path(__file__).resolve().parent
LANGUAGES = ["de", "fr", "es"]
DPI = 150  # recorded in the file, so Tesseract need not guess the text size
FONTS = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
]
PAGES_PER_TEXT = 3
SEED = 20260314

WIDTH = 1240  # A4's width at 150 dpi
MARGIN = 100
FONT_PIXELS = 25  # 12 pt at 150 dpi
LINE_PITCH = 38
PAPER, INK = 238, 28

# The camera: what a steady hand-held photo of a flat sheet in room light looks like.
MAX_ROTATION_DEGREES = 1.5
BLUR_SIGMA = (0.6, 1.0)  # pixels, drawn per page
DARKEST_CORNER = 0.80  # lighting falls from 1 to this across the sheet
# At 0.72 Tesseract's global threshold turned the darker top of German page 1 black and its
# first three lines were lost (CER 6.75 %): real, but a failure of lighting, not of the language.
NOISE_SIGMA = 5.0  # grey levels
JPEG_QUALITY = 70


def paragraphs(text: str) -> list[list[str]]:
    blocks, current = [], []
    for line in text.splitlines():
        if line.strip():
            current.append(line)
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def split_pages(blocks: list[list[str]], count: int) -> list[list[list[str]]]:
    """Whole paragraphs per page, the pages as near equal in lines as the breaks allow."""
    total = sum(len(b) for b in blocks)
    pages, current, done = [], [], 0
    for block in blocks:
        target = total * (len(pages) + 1) / count
        # Break before this paragraph when that lands nearer the page's share than after it.
        if current and len(pages) < count - 1 and abs(done - target) <= abs(done + len(block) - target):
            pages.append(current)
            current = []
        current.append(block)
        done += len(block)
    if current:
        pages.append(current)
    return pages


def render(page: list[list[str]], font_path: str) -> Image.Image:
    font = ImageFont.truetype(font_path, FONT_PIXELS, layout_engine=ImageFont.Layout.RAQM)
    rows = sum(len(b) for b in page) + len(page) - 1
    image = Image.new("L", (WIDTH, 2 * MARGIN + rows * LINE_PITCH), PAPER)
    draw = ImageDraw.Draw(image)
    y = MARGIN
    for block in page:
        for line in block:
            draw.text((MARGIN, y), line, font=font, fill=INK)
            y += LINE_PITCH
        y += LINE_PITCH
    return image


def photograph(image: Image.Image, rng: np.random.Generator) -> Image.Image:
    angle = rng.uniform(-MAX_ROTATION_DEGREES, MAX_ROTATION_DEGREES)
    image = image.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=PAPER)
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(*BLUR_SIGMA)))
    pixels = np.asarray(image, dtype=np.float64)
    h, w = pixels.shape
    # Light from one side (a window or a lamp), falling off linearly towards a random corner.
    direction = rng.uniform(0, 2 * np.pi)
    ys, xs = np.mgrid[0:h, 0:w]
    along = (xs / w - 0.5) * np.cos(direction) + (ys / h - 0.5) * np.sin(direction)
    along = (along - along.min()) / (along.max() - along.min())
    pixels *= 1 - (1 - DARKEST_CORNER) * along
    pixels += rng.normal(0, NOISE_SIGMA, pixels.shape)
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "L")


def main() -> None:
    rng = np.random.default_rng(SEED)
    for number, language in enumerate(LANGUAGES):
        folder = HERE / language
        folder.mkdir(exist_ok=True)
        for old in folder.glob("page-*"):
            old.unlink()
        pages = split_pages(paragraphs((HERE / f"{language}.txt").read_text(encoding="utf-8")), PAGES_PER_TEXT)
        for index, page in enumerate(pages, start=1):
            font = FONTS[(number + index - 1) % len(FONTS)]
            photo = photograph(render(page, font), rng)
            photo.save(folder / f"page-{index}.jpg", quality=JPEG_QUALITY, optimize=True, dpi=(DPI, DPI))
            truth = "\n\n".join("\n".join(block) for block in page) + "\n"
            (folder / f"page-{index}.txt").write_text(truth, encoding="utf-8")
            print(f"{language}/page-{index}.jpg: {Path(font).stem}, {sum(len(b) for b in page)} lines")


if __name__ == "__main__":
    main()
