#!/usr/bin/env python3
"""Writes the small synthetic inputs of docs/real-data.md's walkthrough (Tests/Fixtures/real-data/):

* walk.txt: a pedestrian recording in the ETH/UCY layout (frame id x y, tab-separated, metres, frame
  numbers at 25 fps with every tenth frame annotated): a pair walking north side by side 1 m apart,
  a third person walking south past them, and a fourth who arrives late and stands.
* gt.txt and det.txt: a MOTChallenge ground truth and a detector's boxes for it (640x480 pixels, 25 fps,
  120 frames, four people): noise growing with the box, misses more frequent for small boxes, a few
  false boxes beside people. Made up here, not taken from any dataset.

    scripts/make-walkthrough-fixtures.py [OUT_DIR]      default Tests/Fixtures/real-data

Deterministic (seeded); standard library only.
"""

import math
import os
import random
import sys


def recording():
    rows = []
    for k in range(0, 36):  # 14 s at 2.5 Hz
        frame = k * 10
        t = k * 0.4
        y = -6 + 1.2 * t
        rows.append((frame, 1, 4.0 + 0.1 * math.sin(t), y))
        rows.append((frame, 2, 5.0 + 0.1 * math.sin(t + 1), y + 0.2))
        rows.append((frame, 3, 7.0, 8 - 1.3 * t))
        if t >= 6:
            rows.append((frame, 4, 9.0 + 0.05 * math.sin(3 * t), 1.0))
    rows.sort(key=lambda r: (r[0], r[1]))
    return "".join(f"{f}\t{i}.0\t{x:.2f}\t{y:.2f}\n" for f, i, x, y in rows)


def mot(rng):
    truth, detections = [], []
    for f in range(1, 121):
        for i in range(4):
            h = 110 + 60 * i + 20 * math.sin(f / 30 + i)
            w = h * 0.41
            x = 30 + 140 * i + 1.5 * f * (1 if i % 2 == 0 else -0.5)
            y = 460 - h - 10 * i
            truth.append(f"{f},{i + 1},{x:.1f},{y:.1f},{w:.1f},{h:.1f},1,-1,-1,-1")
            p_detect = 0.97 if h > 150 else 0.85
            if rng.random() < p_detect:
                s = 0.01 * h + 1.5
                dh = rng.gauss(0, 0.04 * h)
                detections.append(
                    f"{f},-1,{x + rng.gauss(0, s):.2f},{y + rng.gauss(0, s):.2f},"
                    f"{w * (h + dh) / h:.2f},{h + dh:.2f},{min(1, 0.9 + rng.gauss(0, 0.03)):.4f},-1,-1,-1")
            if rng.random() < 0.05:
                detections.append(
                    f"{f},-1,{x + 0.3 * w:.2f},{y + 0.2 * h:.2f},{0.6 * w:.2f},{0.6 * h:.2f},0.62,-1,-1,-1")
        if rng.random() < 0.04:
            detections.append(f"{f},-1,{rng.uniform(0, 600):.2f},{rng.uniform(0, 300):.2f},40.00,100.00,0.55,-1,-1,-1")
    return "\n".join(truth) + "\n", "\n".join(detections) + "\n"


def main(argv):
    out = argv[1] if len(argv) > 1 else "Tests/Fixtures/real-data"
    os.makedirs(out, exist_ok=True)
    rng = random.Random(2026)
    gt, det = mot(rng)
    for name, text in [("walk.txt", recording()), ("gt.txt", gt), ("det.txt", det)]:
        with open(os.path.join(out, name), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    print(f"make-walkthrough-fixtures: wrote walk.txt, gt.txt and det.txt to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
