#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Films a page of ocr/documents with a simulated hand-held camera, for `make bench-reading`.

The page is seen in perspective on a dark desk at 1280x720, 15 frames a second, for 8 s: it
drifts in, settles (with a little hand tremor and sensor noise), blurs while the camera
moves, and settles again. Written as an MP4 for `sensecam read --video`.
Usage: simulated_page_video.py PAGE.png OUT.mp4
"""
import sys

import cv2
import numpy as np

W, H, FPS, SECONDS = 1280, 720, 15, 8


def main() -> None:
    page = cv2.imread(sys.argv[1])
    ph, pw = page.shape[:2]
    src = np.float32([[0, 0], [pw, 0], [pw, ph], [0, ph]])
    rng = np.random.default_rng(7)
    out = cv2.VideoWriter(sys.argv[2], cv2.VideoWriter_fourcc(*"mp4v"), FPS, (W, H))
    # Page height 700 px: a dense page at 720p, about as close as a phone held over it.
    scale = 700 / ph
    w, h = pw * scale, ph * scale
    for i in range(FPS * SECONDS):
        t = i / FPS
        drift = max(0.0, 1.5 - t) * 400                     # slides in from the right
        moving = 4.5 < t < 5.5                              # the camera moves: blur
        shake = rng.normal(0, 1.2, 2)                        # hand tremor, pixels
        cx, cy = W / 2 + drift + shake[0] + (60 if moving else 0) * (t - 4.5), H / 2 + shake[1]
        tilt = 0.08                                          # perspective: top narrower
        dst = np.float32([[cx - w / 2 * (1 - tilt), cy - h / 2], [cx + w / 2 * (1 - tilt), cy - h / 2],
                          [cx + w / 2, cy + h / 2], [cx - w / 2, cy + h / 2]])
        frame = np.full((H, W, 3), 45, np.uint8)
        warped = cv2.warpPerspective(page, cv2.getPerspectiveTransform(src, dst), (W, H),
                                     borderMode=cv2.BORDER_TRANSPARENT, dst=frame)
        shade = np.linspace(0.85, 1.0, W, dtype=np.float32)[None, :, None]   # uneven light
        frame = np.clip(warped.astype(np.float32) * shade + rng.normal(0, 4, warped.shape), 0, 255).astype(np.uint8)
        if moving:
            kernel = np.zeros((1, 15), np.float32)
            kernel[0, :] = 1 / 15
            frame = cv2.filter2D(frame, -1, kernel)
        out.write(frame)
    out.release()


if __name__ == "__main__":
    main()
