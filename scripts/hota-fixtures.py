#!/usr/bin/env python3
"""Writes the HOTA-only MOT fixtures 07-11 of Tests/Fixtures/mot, with expected values from TrackEval.

usage: hota-fixtures.py [FIXTURE_DIR]          (default: Tests/Fixtures/mot)
       hota-fixtures.py --check [FIXTURE_DIR]  (recompute the `hota` block of every case, 01-11, and
                                                compare it with its *_expected.json; writes nothing)

Needs TrackEval 1.3.0, numpy and scipy:
    python3 -m venv /tmp/te && /tmp/te/bin/pip install trackeval==1.3.0 numpy scipy

Each case is written as NN_name_gt.csv (frame,subject,u,v), NN_name_hyp.csv (frame,track_id,u,v) and
NN_name_expected.json (num_frames and a `hota` block with the same keys as cases 01-06). The expected
values are TrackEval's own `HOTA().eval_sequence(data)`, fed the per-frame similarity matrices
s = max(0, 1 - d/0.05), d the Euclidean distance of the CSV coordinates (as read back from the CSV, so
the numbers are those of the files). Ids are mapped to 0..n-1 in increasing id order, as TrackEval
expects.

The generator refuses a case in which a distance lies within 1e-6 of 0.05 or of a multiple of 0.0025
(an alpha boundary, s = alpha), or in which a frame has two different best assignments (a tie that
another correct implementation could break the other way). Coordinates are rounded to 6 decimals.
"""
import csv
import itertools
import json
import os
import sys

import numpy as np
from trackeval.metrics import HOTA

THRESHOLD = 0.05
KEYS = ["HOTA", "DetA", "AssA", "DetRe", "DetPr", "AssRe", "AssPr", "LocA"]


def similarity(gt, hyp):
    """s = max(0, 1 - d/0.05) of every (gt row, hyp row) of a frame."""
    s = np.zeros((len(gt), len(hyp)))
    for i, (_, ug, vg) in enumerate(gt):
        for j, (_, uh, vh) in enumerate(hyp):
            d = np.sqrt((ug - uh) ** 2 + (vg - vh) ** 2)
            s[i, j] = max(0.0, 1.0 - d / THRESHOLD)
    return s


def read(path):
    """{frame: [(id, u, v)]} of a frame,id,u,v CSV, in file order."""
    rows = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            keys = list(row.keys())
            rows.setdefault(int(row["frame"]), []).append((int(row[keys[1]]), float(row["u"]), float(row["v"])))
    return rows


def trackeval_hota(gt, hyp, frames):
    """TrackEval's HOTA result of the case, ids mapped to dense indices in sorted order."""
    gt_ids = sorted({r[0] for rows in gt.values() for r in rows})
    hyp_ids = sorted({r[0] for rows in hyp.values() for r in rows})
    data = {
        "num_timesteps": frames,
        "num_gt_ids": len(gt_ids),
        "num_tracker_ids": len(hyp_ids),
        "num_gt_dets": sum(len(r) for r in gt.values()),
        "num_tracker_dets": sum(len(r) for r in hyp.values()),
        "gt_ids": [],
        "tracker_ids": [],
        "similarity_scores": [],
    }
    for t in range(frames):
        g = gt.get(t, [])
        h = hyp.get(t, [])
        data["gt_ids"].append(np.array([gt_ids.index(r[0]) for r in g], dtype=int))
        data["tracker_ids"].append(np.array([hyp_ids.index(r[0]) for r in h], dtype=int))
        data["similarity_scores"].append(similarity(g, h))
    res = HOTA().eval_sequence(data)
    block = {"similarity": "max(0, 1 - d/0.05)", "alphas": [float(a) for a in HOTA().array_labels]}
    for key in KEYS:
        block[key] = float(np.mean(res[key]))
    for key in ["HOTA", "DetA", "AssA"]:
        block[key + "_per_alpha"] = [float(x) for x in res[key]]
    for key in ["HOTA_TP", "HOTA_FN", "HOTA_FP"]:
        block[key + "_per_alpha"] = [int(x) for x in res[key]]
    return block, data


def check_no_ties(data, name):
    """Refuses near-boundary distances and frames with two best assignments."""
    boundaries = np.arange(1, 21) * 0.0025  # s = alpha at d = 0.05 (1 - alpha); 0.05 itself included
    res = HOTA()
    # The global alignment, recomputed only to find ties in the per-frame score A·s.
    pot = np.zeros((data["num_gt_ids"], data["num_tracker_ids"]))
    gt_count = np.zeros((data["num_gt_ids"], 1))
    hyp_count = np.zeros((1, data["num_tracker_ids"]))
    for g, h, s in zip(data["gt_ids"], data["tracker_ids"], data["similarity_scores"]):
        d = THRESHOLD * (1 - s[s > 0])
        for x in d:
            assert np.all(np.abs(x - boundaries) > 1e-6), f"{name}: distance {x} near an alpha boundary"
        denom = s.sum(0)[np.newaxis, :] + s.sum(1)[:, np.newaxis] - s
        iou = np.zeros_like(s)
        mask = denom > np.finfo("float").eps
        iou[mask] = s[mask] / denom[mask]
        pot[g[:, np.newaxis], h[np.newaxis, :]] += iou
        gt_count[g] += 1
        hyp_count[0, h] += 1
    align = pot / (gt_count + hyp_count - pot)
    for t, (g, h, s) in enumerate(zip(data["gt_ids"], data["tracker_ids"], data["similarity_scores"])):
        if len(g) == 0 or len(h) == 0:
            continue
        score = align[g[:, np.newaxis], h[np.newaxis, :]] * s
        # Every one-to-one set of pairs with a positive score; the best total must be unique.
        positive = [(i, j) for i in range(len(g)) for j in range(len(h)) if score[i, j] > 0]
        totals = []
        for k in range(len(positive) + 1):
            for subset in itertools.combinations(positive, k):
                if len({p[0] for p in subset}) == k and len({p[1] for p in subset}) == k:
                    totals.append(sum(score[p] for p in subset))
        totals.sort(reverse=True)
        assert len(totals) < 2 or totals[0] - totals[1] > 1e-9, f"{name}: frame {t} has tied best assignments"
    del res


def r6(x):
    return round(x, 6)


# ---- The cases: each returns (description, frames, gt rows, hyp rows) with rows (frame, id, u, v). ----


def case_07():
    """A track that covers two subjects in turn."""
    gt, hyp = [], []
    for t in range(24):
        gt.append((t, 0, 0.20 + 0.01 * t, 0.40))
        gt.append((t, 1, 0.70, 0.30 + 0.005 * t))
    for t in range(24):
        if t < 10:
            hyp.append((t, 4, 0.20 + 0.01 * t + 0.0031, 0.40 - 0.0017))  # on subject 0
            hyp.append((t, 6, 0.70 - 0.0022, 0.30 + 0.005 * t + 0.0041))  # on subject 1
        else:
            hyp.append((t, 4, 0.70 + 0.0043, 0.30 + 0.005 * t - 0.0012))  # jumps to subject 1
        if t >= 13:
            hyp.append((t, 9, 0.20 + 0.01 * t - 0.0056, 0.40 + 0.0024))  # a new track on subject 0
    return (
        "2 subjects. Track 4 follows subject 0 in frames 0-9, then covers subject 1 in frames 10-23; "
        "subject 1's own track 6 ends at frame 9; subject 0 has no track in frames 10-12, then the new "
        "track 9.",
        24,
        gt,
        hyp,
    )


def case_08():
    """Many short tracks on one subject."""
    gt, hyp = [], []
    lengths = [3, 5, 2, 4, 6, 3, 4, 3]  # 30 frames, 8 track ids for subject 0
    starts = np.cumsum([0] + lengths[:-1])
    for t in range(30):
        gt.append((t, 3, 0.40 + 0.004 * t, 0.55 - 0.002 * t))
        gt.append((t, 8, 0.15, 0.80 - 0.003 * t))
        hyp.append((t, 50, 0.15 + 0.0027, 0.80 - 0.003 * t - 0.0013))  # subject 8, one track
    for k, (start, length) in enumerate(zip(starts, lengths)):
        track = 100 + 7 * k
        for t in range(start, start + length):
            off = 0.001 * (1 + (3 * k + t) % 7)
            hyp.append((t, track, 0.40 + 0.004 * t + off, 0.55 - 0.002 * t - 0.6 * off))
    return (
        "2 subjects. Subject 3 is covered by 8 successive short tracks (2 to 6 frames each, ids 100, "
        "107, ... 149); subject 8 by one track (50) throughout.",
        30,
        gt,
        hyp,
    )


def case_09():
    """Frames without ground truth, and the alignment deciding a duplicate."""
    gt, hyp = [], []
    for t in range(26):
        if 8 <= t <= 11:
            pass  # no subject in frames 8-11 (say, everybody walked out)
        else:
            gt.append((t, 2, 0.60 - 0.005 * t, 0.50))
        if t not in (8, 9):
            # The long-lived track: 0.012-0.018 off the subject.
            hyp.append((t, 11, 0.60 - 0.005 * t + 0.012 + 0.0003 * (t % 5), 0.50 + 0.0021))
        if 15 <= t <= 18:
            # A short duplicate, closer to the subject than track 11, which still loses the frame
            # because its global alignment with subject 2 is small.
            hyp.append((t, 12, 0.60 - 0.005 * t - 0.0041, 0.50 - 0.0009))
    hyp.append((21, 13, 0.95, 0.95))  # a far one-frame false positive
    return (
        "1 subject, absent in frames 8-11 (track 11 lingers in frames 10-11: false positives only; "
        "frames 8-9 are empty). A duplicate track 12 sits closer to the subject than track 11 in "
        "frames 15-18 but loses the match to the better-aligned track 11. A far false positive at "
        "frame 21.",
        26,
        gt,
        hyp,
    )


def case_10():
    """Ground truth only."""
    gt = []
    for t in range(12):
        gt.append((t, 0, 0.3, 0.3 + 0.01 * t))
        if t >= 4:
            gt.append((t, 1, 0.6, 0.6))
    return ("2 subjects and no hypothesis at all: everything is a miss.", 12, gt, [])


def case_11():
    """A crowded cluster: every track within reach of several subjects."""
    gt, hyp = [], []
    for t in range(20):
        x = 0.30 + 0.006 * t
        gt.append((t, 0, x, 0.500))
        gt.append((t, 1, x + 0.021, 0.507))
        gt.append((t, 2, x + 0.009, 0.526))
        a = 0.0013 * ((t % 4) + 1)
        if t < 12:
            hyp.append((t, 20, x + a, 0.500 + 0.0029))
            hyp.append((t, 21, x + 0.021 - 0.0037, 0.507 - a))
        else:
            # Tracks 20 and 21 trade subjects.
            hyp.append((t, 20, x + 0.021 + 0.0019, 0.507 + a))
            hyp.append((t, 21, x - a, 0.500 - 0.0033))
        hyp.append((t, 22, x + 0.009 + 0.0046, 0.526 + 0.0007 * (t % 3)))
    return (
        "3 subjects within 0.03 of each other for 20 frames, 3 tracks: every track is within reach of "
        "several subjects, so each frame is one 3x3 assignment. Tracks 20 and 21 trade subjects at "
        "frame 12.",
        20,
        gt,
        hyp,
    )


CASES = {
    "07_track_covers_two_subjects": case_07,
    "08_many_short_tracks": case_08,
    "09_frames_without_ground_truth": case_09,
    "10_no_hypotheses": case_10,
    "11_crowded_cluster": case_11,
}


def write_csv(path, header, rows):
    rows = sorted(rows, key=lambda r: (r[0], r[1]))
    with open(path, "w", newline="") as f:
        f.write(header + "\n")
        for frame, ident, u, v in rows:
            f.write(f"{frame},{ident},{r6(u)!r},{r6(v)!r}\n")


def generate(directory):
    for name, make in CASES.items():
        description, frames, gt_rows, hyp_rows = make()
        gt_path = os.path.join(directory, f"{name}_gt.csv")
        hyp_path = os.path.join(directory, f"{name}_hyp.csv")
        write_csv(gt_path, "frame,subject,u,v", gt_rows)
        write_csv(hyp_path, "frame,track_id,u,v", hyp_rows)
        # Computed from the files as written, so the expected values are those of the 6-decimal numbers.
        block, data = trackeval_hota(read(gt_path), read(hyp_path), frames)
        check_no_ties(data, name)
        expected = {
            "case": name,
            "description": description,
            "num_frames": frames,
            "frames": f"0..{frames - 1} (a frame may have no ground truth or no hypothesis rows)",
            "distance": "Euclidean in (u, v)",
            "match_threshold": THRESHOLD,
            "hota": block,
            "origin": "hota block computed with TrackEval 1.3.0 (HOTA().eval_sequence) by scripts/hota-fixtures.py",
        }
        with open(os.path.join(directory, f"{name}_expected.json"), "w") as f:
            json.dump(expected, f, indent=1)
        print(f"{name}: HOTA {block['HOTA']:.4f} DetA {block['DetA']:.4f} AssA {block['AssA']:.4f} "
              f"LocA {block['LocA']:.4f}")


def check(directory):
    names = sorted(f[: -len("_expected.json")] for f in os.listdir(directory) if f.endswith("_expected.json"))
    worst = 0.0
    for name in names:
        with open(os.path.join(directory, f"{name}_expected.json")) as f:
            expected = json.load(f)
        gt = read(os.path.join(directory, f"{name}_gt.csv"))
        hyp = read(os.path.join(directory, f"{name}_hyp.csv"))
        block, _ = trackeval_hota(gt, hyp, expected["num_frames"])
        want = expected["hota"]
        for key, value in block.items():
            if isinstance(value, list):
                diffs = [abs(a - b) for a, b in zip(value, want[key])] if key != "alphas" else [0.0]
                assert len(value) == len(want[key]), f"{name} {key}"
                worst = max(worst, max(diffs))
            elif isinstance(value, float):
                worst = max(worst, abs(value - want[key]))
        print(f"{name}: ok, HOTA {block['HOTA']:.4f}")
    print(f"largest difference from the JSON files: {worst:.3g}")
    assert worst <= 1e-12


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--check":
        check(args[1] if len(args) > 1 else "Tests/Fixtures/mot")
    else:
        generate(args[0] if args else "Tests/Fixtures/mot")
