#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Renders the photos `teach` and `find NAME` are measured on: a personal thing taught from 3
photos, then looked for in 20 new scenes, 10 with it and 10 without.

The thing is a business card with a portrait, a printed arrow and a blue QR code, which the
ZXing test images (Apache-2.0, in the shared data's barcode/ folder) show in two different
real photos: held up in a hand (qr_code__qrcode-1_18.png) and pinned to a wall
(qr_code__qrcode-1_19.png). The teach photos come from the first, the scenes from the second,
so what is found was never seen in that photo, light or camera position.

- teach/1.jpg … teach/3.jpg: the hand-held photo as taken, tilted away with warmer light, and
  turned a little in dimmer light with a trace of blur (640x480).
- scenes/01.jpg … scenes/20.jpg: COCO val2017 photos from detect/coco-val (fitted to 640x480).
  The odd-numbered ten hold the card, cut from the wall photo along its edges and laid into the
  scene in perspective: tilted up to 40 degrees, turned up to 30 degrees in the picture, from
  15 to 40 % of the frame's width, under brighter, dimmer or tinted light, with blur, sensor
  noise and JPEG compression, and in three of them partly covered by a patch of another photo.
  The even-numbered ten do not hold it; eight of them hold another printed thing cut from the
  other barcode photos instead (packets, a label, other QR codes: the hard cases).
- truth.jsonl: one line a scene, {"image": "scenes/01.jpg", "present": true,
  "outline": [[x, y] × 4]}, the card's corners in the scene's pixels (absent: no outline).

Everything is drawn from one seed, so every run writes the same photos. Images come from
$SENSECAM_TEST_DATA (relative paths from the project root), else .build/test-data (make test-data).
Usage: taught_thing_photos.py OUT_FOLDER
"""
import json
import os
import sys

import cv2
import numpy as np

SEED = 32
W, H = 640, 480
SCENES = 20
# The card's corners in the wall photo (top-left, top-right, bottom-right, bottom-left),
# measured on its edges' grey-level steps.
CARD_ON_WALL = [(212, 91), (416, 93), (409, 399), (211, 397)]
CARD_PHOTO_HELD = "qr_code__qrcode-1_18.png"
CARD_PHOTO_WALL = "qr_code__qrcode-1_19.png"
# Other printed things for the scenes without the card: a region of each photo (x, y, w, h).
LOOKALIKES = [
    ("qr_code__qrcode-1_5.png", (170, 120, 190, 170)),
    ("qr_code__qrcode-4_25.png", (20, 20, 200, 200)),
    ("qr_code__qrcode-3_33.png", (30, 20, 190, 200)),
    ("ean_13__ean13-1_21.png", (60, 40, 520, 400)),
    ("ean_13__ean13-1_1.png", (60, 40, 520, 400)),
    ("upc_a__upca-1_2.png", (40, 30, 430, 320)),
    ("code_128__code128-2_25.png", (0, 0, 640, 340)),
    ("data_matrix__datamatrix-2_03.png", (10, 10, 220, 220)),
]


def data_folder() -> str:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    folder = os.path.normpath(os.path.join(root, os.environ.get("SENSECAM_TEST_DATA") or ".build/test-data"))
    if not os.path.isfile(os.path.join(folder, "barcode", CARD_PHOTO_WALL)):
        sys.exit(f"The barcode photos are missing at {folder}/barcode; run make test-data or set SENSECAM_TEST_DATA to the shared data folder.")
    return folder


def read(path: str) -> np.ndarray:
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    if image is None:
        sys.exit(f"Cannot read {path}.")
    return image


def fitted(image: np.ndarray) -> np.ndarray:
    """The photo scaled to cover W x H and cut to it around its centre."""
    scale = max(W / image.shape[1], H / image.shape[0])
    resized = cv2.resize(image, (round(image.shape[1] * scale), round(image.shape[0] * scale)), interpolation=cv2.INTER_AREA)
    x, y = (resized.shape[1] - W) // 2, (resized.shape[0] - H) // 2
    return resized[y:y + H, x:x + W].copy()


def lit(image: np.ndarray, gain: float, tint: tuple) -> np.ndarray:
    """Brighter or dimmer light of a colour: each channel scaled."""
    scaled = image.astype(np.float32) * gain * np.array(tint, np.float32)
    return np.clip(scaled, 0, 255).astype(np.uint8)


def noisy(image: np.ndarray, rng: np.random.RandomState, sigma: float) -> np.ndarray:
    noise = rng.normal(0, sigma, image.shape).astype(np.float32)
    return np.clip(image.astype(np.float32) + noise, 0, 255).astype(np.uint8)


def jpeg(image: np.ndarray, quality: int) -> np.ndarray:
    ok, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(encoded, cv2.IMREAD_COLOR)


def tilted_quad(rng: np.random.RandomState, width: float, aspect: float, centre: tuple,
                tilt_degrees: float, turn_degrees: float) -> np.ndarray:
    """The corners of a card `width` wide seen tilted about a random axis by `tilt_degrees`
    (the far side foreshortened and shrunk, as a pinhole camera sees it) and turned in the
    picture by `turn_degrees`, centred on `centre`."""
    w, h = width, width * aspect
    corners = np.array([[-w / 2, -h / 2, 0], [w / 2, -h / 2, 0], [w / 2, h / 2, 0], [-w / 2, h / 2, 0]], np.float64)
    axis_angle = rng.uniform(0, np.pi)
    axis = np.array([np.cos(axis_angle), np.sin(axis_angle), 0.0])
    rotation, _ = cv2.Rodrigues(axis * np.radians(tilt_degrees))
    turned = corners @ rotation.T
    focal = 1.2 * W  # about a phone camera's 50-degree field of view
    distance = focal  # the card's centre at the distance where its width is `width` pixels
    projected = turned[:, :2] * focal / (distance + turned[:, 2:3])
    turn = np.radians(turn_degrees)
    spin = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    return (projected @ spin.T + np.array(centre)).astype(np.float32)


def paste(scene: np.ndarray, piece: np.ndarray, source_quad: np.ndarray, target_quad: np.ndarray) -> np.ndarray:
    """`piece`'s quad laid onto `scene` at `target_quad`, its edge softened by a pixel."""
    homography = cv2.getPerspectiveTransform(source_quad, target_quad)
    warped = cv2.warpPerspective(piece, homography, (W, H), flags=cv2.INTER_LINEAR)
    mask = np.zeros((H, W), np.uint8)
    cv2.fillConvexPoly(mask, np.round(target_quad).astype(np.int32), 255, lineType=cv2.LINE_AA)
    alpha = cv2.GaussianBlur(mask, (3, 3), 0).astype(np.float32)[:, :, None] / 255
    return (warped * alpha + scene * (1 - alpha)).astype(np.uint8)


def camera(image: np.ndarray, rng: np.random.RandomState, blur: float, noise: float, quality: int) -> np.ndarray:
    if blur > 0:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    return jpeg(noisy(image, rng, noise), quality)


def teach_photos(folder: str) -> list:
    held = read(os.path.join(folder, "barcode", CARD_PHOTO_HELD))
    held = cv2.resize(held, (W, H), interpolation=cv2.INTER_AREA)
    frame = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    away = cv2.getPerspectiveTransform(frame, np.float32([[40, 30], [W - 40, 0], [W, H], [0, H - 30]]))
    tilted = cv2.warpPerspective(held, away, (W, H), borderMode=cv2.BORDER_REFLECT)
    turn = cv2.getRotationMatrix2D((W / 2, H / 2), 8, 1.05)
    turned = cv2.warpAffine(held, turn, (W, H), borderMode=cv2.BORDER_REFLECT)
    rng = np.random.RandomState(SEED)
    return [
        camera(held, rng, 0, 2, 92),
        camera(lit(tilted, 1.1, (0.85, 1.0, 1.12)), rng, 0, 3, 90),
        camera(lit(turned, 0.7, (1.0, 1.0, 1.0)), rng, 0.8, 3, 88),
    ]


def scenes(folder: str) -> list:
    rng = np.random.RandomState(SEED + 1)
    coco = sorted(os.listdir(os.path.join(folder, "detect", "coco-val", "images")))
    backgrounds = [coco[i] for i in rng.choice(len(coco), SCENES + 3, replace=False)]
    wall = read(os.path.join(folder, "barcode", CARD_PHOTO_WALL))
    card_quad = np.float32(CARD_ON_WALL)
    card_aspect = np.linalg.norm(card_quad[3] - card_quad[0]) / np.linalg.norm(card_quad[1] - card_quad[0])
    occluders = [fitted(read(os.path.join(folder, "detect", "coco-val", "images", name))) for name in backgrounds[SCENES:]]
    lights = [(1.0, (1, 1, 1)), (0.65, (1, 1, 1)), (1.25, (1, 1, 1)), (0.9, (0.8, 0.95, 1.15)), (1.0, (1.15, 1.0, 0.8))]
    made = []
    for index in range(SCENES):
        scene = fitted(read(os.path.join(folder, "detect", "coco-val", "images", backgrounds[index])))
        present = index % 2 == 0  # scenes/01, 03, … hold the card
        outline = None
        if present:
            k = index // 2
            width = W * (0.15 + 0.25 * k / 9)  # 15 … 40 % of the frame's width
            tilt = [0, 40, 10, 30, 20, 35, 5, 25, 15, 40][k]
            turn = rng.uniform(-30, 30)
            margin = width * 0.9
            centre = (rng.uniform(margin, W - margin), rng.uniform(margin * card_aspect * 0.7, H - margin * card_aspect * 0.7))
            quad = tilted_quad(rng, width, card_aspect, centre, tilt, turn)
            gain, tint = lights[k % len(lights)]
            scene = paste(scene, lit(wall, gain, tint), card_quad, quad)
            if k in (2, 5, 8):  # a patch of another photo covers part of the card
                side = width * 0.35
                x, y = quad[:, 0].mean() + rng.uniform(-0.1, 0.3) * width, quad[:, 1].mean() - side / 2
                x0, y0 = int(max(0, x)), int(max(0, y))
                x1, y1 = int(min(W, x + side)), int(min(H, y + side))
                scene[y0:y1, x0:x1] = occluders[k % len(occluders)][y0:y1, x0:x1]
            outline = [[round(float(px), 1), round(float(py), 1)] for px, py in quad]
            blur, noise = [0, 1.0, 0.5, 0, 1.5, 0.7, 0, 1.2, 0.3, 0.8][k], rng.uniform(2, 6)
        else:
            k = index // 2
            for name, (x, y, w, h) in LOOKALIKES[k:k + 1]:  # scenes/18 and 20: none
                piece = read(os.path.join(folder, "barcode", name))
                width = W * rng.uniform(0.2, 0.4)
                aspect = h / w
                centre = (rng.uniform(width * 0.6, W - width * 0.6), rng.uniform(width * aspect * 0.6, H - width * aspect * 0.6))
                quad = tilted_quad(rng, width, aspect, centre, rng.uniform(0, 35), rng.uniform(-25, 25))
                source = np.float32([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])
                scene = paste(scene, piece, source, quad)
            blur, noise = rng.uniform(0, 1.2), rng.uniform(2, 6)
        made.append((camera(scene, rng, blur, noise, int(rng.uniform(60, 90))), present, outline, backgrounds[index]))
    return made


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("Usage: taught_thing_photos.py OUT_FOLDER")
    out = sys.argv[1]
    folder = data_folder()
    os.makedirs(os.path.join(out, "teach"), exist_ok=True)
    os.makedirs(os.path.join(out, "scenes"), exist_ok=True)
    for number, photo in enumerate(teach_photos(folder), start=1):
        cv2.imwrite(os.path.join(out, "teach", f"{number}.jpg"), photo, [cv2.IMWRITE_JPEG_QUALITY, 95])
    lines = []
    for number, (photo, present, outline, background) in enumerate(scenes(folder), start=1):
        name = f"scenes/{number:02d}.jpg"
        cv2.imwrite(os.path.join(out, name), photo, [cv2.IMWRITE_JPEG_QUALITY, 95])
        line = {"image": name, "present": present, "background": background}
        if outline:
            line["outline"] = outline
        lines.append(json.dumps(line))
    with open(os.path.join(out, "truth.jsonl"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"Wrote 3 teach photos and {SCENES} scenes to {out}.")


if __name__ == "__main__":
    main()
