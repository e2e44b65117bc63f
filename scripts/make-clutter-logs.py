#!/usr/bin/env python3
"""Writes the clutter and duplicate-detection observation logs of Tests/Fixtures/replay from the shared
K4 fixture (Tests/Fixtures/ekf), with their identity truth. Deterministic: seeded, python3 stdlib only.

usage: make-clutter-logs.py [FIXTURES_DIR]     (default: Tests/Fixtures, relative to the repository)

Writes, under FIXTURES_DIR/replay:
  K4_truth.csv                 identity truth of K4's four subjects, frames 0-999 (serves the next two)
  K4_sparse_clutter_log.csv    K4 frames 0-599 plus a "poster" the detector fires on now and then, plus
                               rare random boxes
  K4_dense_clutter_log.csv     K4 frames 0-199 plus 2-4 random boxes per frame
  duplicate_log.csv            K4 subjects 0 and 1, frames 0-449, each split into two boxes for a stretch
  duplicate_truth.csv          its identity truth

The logs are in DockSim's observation-log format and the truth in its identity-truth format
(docs/csv.md). The model is the fixture's (Tests/Fixtures/README.md): hfov 1.2 rad, aspect 16:9; the
fixture's camera elevation theta (positive up) becomes DockKit's pitch = -theta. Boxes are faces given
as points with a height (width 0), as scripts/fixture-to-log.py writes K1. Numbers are rounded (times
to 1e-5 s, poses and truth to 1e-6 rad, boxes to 1e-4 image units) to keep the files small; rounding is
far below the detector noise (0.004).
"""
import csv
import math
import os
import random
import sys

HFOV = 1.2
ASPECT = 16.0 / 9.0
TH = math.tan(HFOV / 2)
TV = TH / ASPECT
KIND = "humanFace"
LOG_HEADER = "frame,t_s,camera_yaw_rad,camera_pitch_rad,kind,center_u,center_v,width,height\n"
TRUTH_HEADER = "frame,subject,kind,az_rad,el_rad\n"


def project(az, el, psi, theta):
    """Image (u, v) of base-frame direction (az, el) with the camera at yaw psi, elevation theta; None
    behind the camera. The measurement model of docs/tracker.md."""
    a = az - psi
    xc = math.cos(el) * math.sin(a)
    yc = math.cos(theta) * math.sin(el) - math.sin(theta) * math.cos(el) * math.cos(a)
    zc = math.cos(theta) * math.cos(el) * math.cos(a) + math.sin(theta) * math.sin(el)
    if zc <= 1e-9:
        return None
    return 0.5 + (xc / zc) / (2 * TH), 0.5 + (yc / zc) / (2 * TV)


def angle(x):
    return "%.6f" % x


def box(x):
    return "%.4f" % x


def inside(u, v, h):
    """Whether a box lies wholly inside the image, clear of the band in which DockSim's tracker takes a
    box for cut by the edge (a real detector's boxes never reach past the image)."""
    return 0.01 <= u <= 0.99 and 0.01 <= v - h / 2 and v + h / 2 <= 0.99 and h > 0


def random_box(rng, low, high):
    """A box of height uniform in [low, high] anywhere wholly inside the image."""
    h = rng.uniform(low, high)
    return rng.uniform(0.02, 0.98), rng.uniform(0.01 + h / 2, 0.99 - h / 2), h


class Log:
    def __init__(self, path, comment, cameras):
        self.out = open(path, "w", newline="")
        self.cameras = cameras
        for line in comment:
            self.out.write("# " + line + "\n")
        self.out.write(LOG_HEADER)

    def frame(self, frame, boxes):
        """One frame: boxes (u, v, h) in the given order, or one empty row without any."""
        cam = self.cameras[frame]
        head = [str(frame), "%.5f" % cam["t"], angle(cam["psi"]), angle(-cam["theta"])]
        if not boxes:
            self.out.write(",".join(head + [""] * 5) + "\n")
        for u, v, h in boxes:
            self.out.write(",".join(head + [KIND, box(u), box(v), "0", box(h)]) + "\n")

    def close(self):
        self.out.close()


def write_truth(path, comment, rows):
    """rows: (frame, subject, az, el) in frame order."""
    with open(path, "w", newline="") as out:
        for line in comment:
            out.write("# " + line + "\n")
        out.write(TRUTH_HEADER)
        for frame, subject, az, el in rows:
            out.write(",".join([str(frame), subject, KIND, angle(az), angle(el)]) + "\n")


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures")
    ekf = os.path.join(root, "ekf")
    replay = os.path.join(root, "replay")
    cameras = {}
    for r in csv.DictReader(open(os.path.join(ekf, "K4_camera.csv"))):
        cameras[int(r["frame"])] = {"t": float(r["t"]), "psi": float(r["psi"]), "theta": float(r["theta"])}
    dets = {}
    for r in csv.DictReader(open(os.path.join(ekf, "K4_dets.csv"))):
        dets.setdefault(int(r["frame"]), []).append((float(r["u"]), float(r["v"]), float(r["h"])))
    meas = {}
    for r in csv.DictReader(open(os.path.join(ekf, "K4_meas.csv"))):
        meas[(int(r["frame"]), int(r["subject"]))] = (float(r["u"]), float(r["v"]), float(r["h"]))
    truth = []
    for r in csv.DictReader(open(os.path.join(ekf, "K4_truth.csv"))):
        truth.append((int(r["frame"]), int(r["subject"]), float(r["az"]), float(r["el"]),
                      float(r["u_true"]), float(r["v_true"]), float(r["h_true"])))
    frames = sorted(cameras)

    write_truth(
        os.path.join(replay, "K4_truth.csv"),
        ["Identity truth of the shared K4 fixture (ekf/K4_truth.csv): subjects s0-s3, every frame.",
         "Written by scripts/make-clutter-logs.py. Serves K4 and both K4 clutter logs."],
        [(f, "s%d" % s, az, el) for f, s, az, el, _, _, _ in truth])

    # (a) Sparse clutter. A poster on the wall at a fixed direction, below the subjects, that the
    # detector takes for a face in bursts of 4 frames (enough to confirm a track) at the start of two
    # episodes, then once every 20-45 frames until the episode ends; plus a random box anywhere in the
    # image in 1 frame of 15. A coasting track on the poster is fed more often than a 45-frame coast
    # limit but far less often than a 10-miss deleter needs: the issue's "a confirmed track fed by one
    # gated clutter box every few dozen frames never dies".
    rng = random.Random(20240515)
    poster = (0.1, -0.08, 0.07)  # az, el (rad), box height (image heights): 0.13 rad below the nearest face
    episodes = [(90, 300), (380, 560)]
    poster_frames = set()
    for start, end in episodes:
        poster_frames.update(range(start, start + 4))
        f = start + 3
        while True:
            f += rng.randint(20, 45)
            if f >= end:
                break
            poster_frames.add(f)
    log = Log(os.path.join(replay, "K4_sparse_clutter_log.csv"),
              ["K4 frames 0-599 (ekf/K4_dets.csv) plus sparse clutter: a poster at az 0.1, el -0.08 rad",
               "fired on in bursts of 4 frames at frames 90 and 380, then every 20-45 frames until 300 and",
               "560; a random box in 1 frame of 15. Truth: K4_truth.csv. Written by",
               "scripts/make-clutter-logs.py."],
              cameras)
    for f in frames[:600]:
        boxes = list(dets[f])
        if f in poster_frames:
            p = project(poster[0], poster[1], cameras[f]["psi"], cameras[f]["theta"])
            if p is not None:
                u = p[0] + rng.gauss(0, 0.006)
                v = p[1] + rng.gauss(0, 0.006)
                h = poster[2] * math.exp(rng.gauss(0, 0.05))
                if inside(u, v, h):
                    boxes.append((u, v, h))
        if rng.random() < 1 / 15:
            boxes.append(random_box(rng, 0.05, 0.3))
        rng.shuffle(boxes)
        log.frame(f, boxes)
    log.close()

    # (b) Dense clutter: 2-4 random boxes per frame, uniform over the image, sized like K4's faces.
    rng = random.Random(20240516)
    log = Log(os.path.join(replay, "K4_dense_clutter_log.csv"),
              ["K4 frames 0-199 (ekf/K4_dets.csv) plus 2-4 random boxes per frame, uniform over the",
               "image, heights 0.05-0.45. Truth: K4_truth.csv. Written by scripts/make-clutter-logs.py."],
              cameras)
    for f in frames[:200]:
        boxes = list(dets[f])
        for _ in range(rng.randint(2, 4)):
            boxes.append(random_box(rng, 0.05, 0.45))
        rng.shuffle(boxes)
        log.frame(f, boxes)
    log.close()

    # (c) Duplicate detections: K4 subjects 0 and 1 (ekf/K4_meas.csv), frames 0-449. For a stretch
    # each subject's face is also found as a second box 0.036 away (up and to the right) and 15 %
    # smaller: in 1 frame of 4 both boxes come, otherwise one of them, the detector switching between
    # them in runs (each frame the other one with probability 0.4). The two boxes take turns, so a
    # second track started on one person is fed every few frames.
    rng = random.Random(20240517)
    stretches = {0: (90, 240), 1: (270, 420)}
    offset = (0.03, 0.02)
    log = Log(os.path.join(replay, "duplicate_log.csv"),
              ["K4 subjects 0 and 1 (ekf/K4_meas.csv), frames 0-449; each also seen as a second, split",
               "box 0.036 away for a stretch (subject 0: frames 90-239, subject 1: 270-419), the two",
               "boxes taking turns. Truth: duplicate_truth.csv. Written by scripts/make-clutter-logs.py."],
              cameras)
    current = {0: 0, 1: 0}
    truth_rows = []
    for f in frames[:450]:
        boxes = []
        for s in (0, 1):
            main_box = meas[(f, s)]
            start, end = stretches[s]
            if not start <= f < end:
                boxes.append(main_box)
                continue
            t = next(r for r in truth if r[0] == f and r[1] == s)
            split = (t[4] + offset[0] + rng.gauss(0, 0.004), t[5] + offset[1] + rng.gauss(0, 0.004),
                     0.85 * t[6] + rng.gauss(0, 0.006))
            if rng.random() < 0.25:
                boxes += [main_box, split]
            else:
                if rng.random() < 0.4:
                    current[s] = 1 - current[s]
                boxes.append(main_box if current[s] == 0 else split)
        rng.shuffle(boxes)
        log.frame(f, boxes)
        truth_rows += [(f, "s%d" % s, az, el) for ff, s, az, el, _, _, _ in truth if ff == f and s in (0, 1)]
    log.close()
    write_truth(os.path.join(replay, "duplicate_truth.csv"),
                ["Identity truth of duplicate_log.csv: K4 subjects 0 and 1 (s0, s1), frames 0-449.",
                 "Written by scripts/make-clutter-logs.py."],
                truth_rows)


if __name__ == "__main__":
    main()
