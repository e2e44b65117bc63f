#!/usr/bin/env python3
"""Keeps the selected person? DockSim and peer trackers on the same simulated detections of the real walks.

For every scenario and seed of a Monte Carlo run (its seeds.csv), the scenario is run again with that
seed (`docksim run SCENARIO --set seed=S`, with the run's --params) and its traces give the phone's
detections (`traces/<scenario>.observations.csv`, the observation log the tracker saw), the truth
(`.objects.csv`) and the true camera pose (`.csv`). Every tracker then gets the same detections:
  * SORT, ByteTrack (supervision) and OC-SORT, set up exactly as scripts/mot15-compare.py sets them up,
    on the boxes *stabilized*: each box's centre, top, bottom and sides are turned into directions from
    the stand through the camera pose the sensors measured (the pinhole camera of the scenario), and
    drawn on one fixed image, 1000 pixels per radian, so that the stand's own turning does not move
    the boxes (DockSim's tracker works in those directions);
  * DockSim's tracker and its GNN reference open loop: `docksim replay LOG --output-format mot`, their
    boxes stabilized the same way.
The truth boxes are stabilized through the true camera pose at capture.

The question is the real-motion suite's: after the app selects the primary subject, does the stand
follow someone else for more than 1 s? A tracker without a primary choice is judged as an app that
selected a track would see it: at the first frame from the selection (within its retry window) the
track whose box matches the primary's best (IoU >= SELECT_IOU) is selected; in every later frame the
selected track's box belongs to the truth box that holds most of it (at least OWNER_SHARE of its area;
ties by IoU), and a frame counts as wrong when that is someone else, except while the primary is less
than HIDDEN_VISIBLE visible and at least HIDDEN_SHARE of their box lies inside that person's (hidden
behind them: no detector tells them apart), as DockSim's own judge rules (docs/metrics.md). A seed fails
when its wrong frames add up to more than BOUND_S (as a run fails on wrong_subject_s > 1). A frame
without a box of the selected track while the primary is detectable (at least DETECTABLE visible)
counts as "not followed": a tracker that gives up on a person is not wrong, but the stand no longer
follows them. The table gives the seeds failing on each, and on either (both added up). These
trackers have no primary subject of their own, so an app using them follows a track number: once its
track ends, the person stays unfollowed (none of the app logic a DockKit app would add).
DockSim's closed loop (its own primary choice and hand-overs, the stand moving) is judged on the
run's own trace: "on someone else" by the simulator's judge (`wrong_subject`), "not followed" a frame
whose primary sits on nobody while the primary is detectable, from the selection on. Without a
`select_subjects` event (the crowds), the app takes the first track on the primary subject.

Usage: scripts/real-walk-peers.sh --docksim BIN --seeds RUN/seeds.csv [--params FILE ...]
                                  [--trackers sort,bytetrack,ocsort,docksim,gnn] [--per-seed-csv OUT]
                                  SCENARIO.yaml ...
The seeds table is a Monte Carlo run's (`docksim run SUITE --out RUN`); --params must be the run's (a
suite's `params:` too): each rerun must reproduce its row's wrong_subject_s, or the script stops.
Environment: SORT_DIR, OCSORT_DIR as for scripts/mot15-compare.py (only for the peers).
Exit codes: 0 done; 1 a run or tracker failed; 2 bad input or a missing peer.
"""
import argparse
import csv
import importlib.util
import math
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The judge's rules, as docs/metrics.md states them for DockSim's own judge.
BOUND_S = 1.0  # a seed fails above this many seconds on someone else (or not followed)
SELECT_IOU = 0.3  # a track matches the primary at selection from this IoU
OWNER_SHARE = 0.5  # a track's box belongs to the truth box holding at least this share of it
HIDDEN_VISIBLE = 0.3  # the primary hidden behind the owner: less visible than this ...
HIDDEN_SHARE = 0.5  # ... with at least this share of their box inside the owner's
DETECTABLE = 0.3  # the built-in detector's min_visible_fraction: below it nobody is reported
PIXELS_PER_RADIAN = 1000.0
ORIGIN = (4000.0, 2000.0)  # stabilized pixel of azimuth 0, elevation 0
STABLE_SIZE = (8000, 4000)
MOT15 = None  # scripts/mot15-compare.py, loaded in main


def load_mot15_compare():
    spec = importlib.util.spec_from_file_location("mot15_compare", HERE / "mot15-compare.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Camera:
    """DockSim's pinhole camera (PinholeCamera.direction): normalized (u, v), lower-left origin."""

    def __init__(self, hfov, aspect):
        self.tan_h = math.tan(hfov / 2)
        self.tan_v = self.tan_h / aspect

    def direction(self, u, v, yaw, pitch):
        xc = 2 * self.tan_h * (u - 0.5)
        yc = 2 * self.tan_v * (v - 0.5)
        theta = -pitch
        sp, cp, st, ct = math.sin(yaw), math.cos(yaw), math.sin(theta), math.cos(theta)
        dx = xc * -sp + yc * (-st * cp) + ct * cp
        dy = xc * cp + yc * (-st * sp) + ct * sp
        dz = yc * ct + st
        n = math.sqrt(dx * dx + dy * dy + dz * dz)
        return math.atan2(dy / n, dx / n), math.asin(dz / n)

    def stabilized(self, u, v, w, h, yaw, pitch):
        """[x1, y1, x2, y2] on the fixed image of a normalized box (centre u, v) seen at a pose."""
        az, el = self.direction(u, v, yaw, pitch)
        _, top = self.direction(u, v + h / 2, yaw, pitch)
        _, bottom = self.direction(u, v - h / 2, yaw, pitch)
        left, _ = self.direction(u - w / 2, v, yaw, pitch)
        right, _ = self.direction(u + w / 2, v, yaw, pitch)
        x = ORIGIN[0] + az * PIXELS_PER_RADIAN
        y = ORIGIN[1] - el * PIXELS_PER_RADIAN
        half_w = abs(right - left) * PIXELS_PER_RADIAN / 2
        half_h = abs(top - bottom) * PIXELS_PER_RADIAN / 2
        return [x - half_w, y - half_h, x + half_w, y + half_h]


def scenario_facts(path):
    """(primary subject, selection time, retry seconds, hfov rad, aspect) from a scenario."""
    text = Path(path).read_text()
    primary = re.search(r"^primary_subject:\s*(\S+)", text, re.M)
    select = re.search(r"t_s:\s*([0-9.]+),\s*select_subjects:\s*\[([^\]]*)\](?:,\s*retry_s:\s*([0-9.]+))?", text)
    if not primary:  # the scenario's default: its first subject
        primary = re.search(r"^subjects:\s*\n\s*-\s*id:\s*(\S+)", text, re.M)
    if not primary:
        raise SystemExit(f"{path}: expected primary_subject or a first subject's id")
    hfov = re.search(r"^\s*hfov_deg:\s*([0-9.]+)", text, re.M)
    aspect = re.search(r"^\s*aspect:\s*([0-9.]+)", text, re.M)
    # Without a selection the app follows whom the tracker chose: judged from the first frame a track
    # matches the primary.
    when, retry = (float(select.group(1)), float(select.group(3) or 0)) if select else (0.0, math.inf)
    return (primary.group(1), when, retry,
            math.radians(float(hfov.group(1))) if hfov else 1.2, float(aspect.group(1)) if aspect else 16 / 9)


def number(cell, where):
    """A finite number, or a stop naming `where` (file:line: column) and the cell."""
    try:
        value = float(cell)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise SystemExit(f"{where}: expected a finite number, got {cell!r}")
    return value


def whole(cell, where):
    """A whole number, or a stop naming `where` and the cell."""
    try:
        return int(cell)
    except ValueError:
        raise SystemExit(f"{where}: expected a whole number, got {cell!r}") from None


class Table:
    """A CSV file read once: its rows with their line numbers, and typed cells named by file:line: column."""

    def __init__(self, path):
        self.path = path
        with open(path, newline="") as handle:
            self.rows = list(enumerate(csv.DictReader(handle), start=2))

    def number(self, line, row, column):
        return number(row[column], f"{self.path}:{line}: {column}")

    def whole(self, line, row, column):
        return whole(row[column], f"{self.path}:{line}: {column}")


def read_log(path, camera):
    """Per log frame (in order): (frame, time, (yaw, pitch), [[x1, y1, x2, y2, score], ...]) stabilized."""
    log = Table(path)
    frames = []
    for line, row in log.rows:
        frame = log.whole(line, row, "frame")
        if not frames or frames[-1][0] != frame:
            pose = (log.number(line, row, "camera_yaw_rad"), log.number(line, row, "camera_pitch_rad"))
            frames.append((frame, log.number(line, row, "t_s"), pose, []))
        if row["kind"]:
            box = camera.stabilized(*(log.number(line, row, k) for k in ("center_u", "center_v", "width", "height")),
                                    *frames[-1][2])
            frames[-1][3].append(box + [log.number(line, row, "score")])
    return frames


def read_truth(objects, trace, camera, latency):
    """Per capture frame: {subject: ([x1, y1, x2, y2], visible fraction)} stabilized by the true pose."""
    poses = {}
    for line, row in trace.rows:
        poses[trace.whole(line, row, "frame")] = (trace.number(line, row, "camera_yaw_rad"),
                                                  trace.number(line, row, "camera_pitch_rad"))
    truth = {}
    for line, row in objects.rows:
        if row["type"] != "gt" or row["kind"] != "humanBody" or not row["w"] or not row["u"]:
            continue
        capture = objects.whole(line, row, "frame") - latency
        box = camera.stabilized(*(objects.number(line, row, k) for k in ("u", "v", "w", "h")), *poses[capture])
        truth.setdefault(capture, {})[row["id"]] = (box, objects.number(line, row, "visible_fraction"))
    return truth


def iou(a, b):
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def share_inside(a, b):
    """The share of box a's area inside box b."""
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    area = (a[2] - a[0]) * (a[3] - a[1])
    return ix * iy / area if area > 0 else 0.0


def judge(tracks, truth, times, primary, select_t, retry_s, dt):
    """(wrong s, lost s, wrong-or-lost s, selected?) of one tracker's output, in total from the selection.

    tracks: per log frame index, {track id: box}. Wrong: the selected track's box on someone else (see
    the docstring); lost: no box of the selected track while the primary is detectable."""
    selected = None
    start = None
    for k, t in enumerate(times):
        if t + 1e-9 < select_t:
            continue
        if t > select_t + retry_s + 1e-9:
            break
        gt = truth.get(k, {}).get(primary)
        if gt is None:
            continue
        best = max(((iou(box, gt[0]), tid) for tid, box in sorted(tracks[k].items())), default=(0.0, None))
        if best[0] >= SELECT_IOU:
            selected, start = best[1], k
            break
    if selected is None:
        return 0.0, 0.0, 0.0, False
    total = {"wrong": 0, "lost": 0, "bad": 0}
    for k in range(start, len(times)):
        gts = truth.get(k, {})
        box = tracks[k].get(selected)
        mine = gts.get(primary)
        wrong = lost = False
        if box is None:
            lost = mine is not None and mine[1] >= DETECTABLE
        else:
            owner, best = None, (OWNER_SHARE, 0.0)
            for sid, (gbox, _) in sorted(gts.items()):
                key = (share_inside(box, gbox), iou(box, gbox))
                if key[0] >= OWNER_SHARE and key > best:
                    owner, best = sid, key
            wrong = owner is not None and owner != primary
            if wrong and mine is not None and mine[1] < HIDDEN_VISIBLE \
                    and share_inside(mine[0], gts[owner][0]) >= HIDDEN_SHARE:
                wrong = False
        for key, bad in (("wrong", wrong), ("lost", lost), ("bad", wrong or lost)):
            total[key] += bad
    return total["wrong"] * dt, total["lost"] * dt, total["bad"] * dt, True


def run_peer(name, modules, frames):
    import numpy as np  # the peers' own dependency; not needed for the DockSim rows
    make, prepare, update, read = MOT15.PYTHON_FACTORIES[name](modules, argparse.Namespace(
        ocsort_det_thresh=MOT15.DET_THRESH_OCSORT))
    info = MOT15.SeqInfo(width=STABLE_SIZE[0], height=STABLE_SIZE[1], fps=30, length=len(frames))
    tracker = make(info)
    out = []
    for _, _, _, boxes in frames:
        dets = np.array(boxes, dtype=float).reshape(-1, 5)
        result = read(update(tracker, prepare(dets)))
        out.append({int(row[4]): [float(v) for v in row[:4]] for row in np.asarray(result).reshape(-1, 5)})
    return out


def run_docksim(binary, log, camera_args, extra, frames, camera, workdir, size):
    out = workdir / "replay.txt"
    width, height = size
    command = [str(binary), "replay", str(log), "--output-format", "mot", "--image-size", f"{width}x{height}",
               "--report-tracks", "updated", "--output", str(out), *camera_args, *extra]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)}: exit {done.returncode}: {done.stderr.strip()}")
    index = {frame: k for k, (frame, _, _, _) in enumerate(frames)}
    tracks = [dict() for _ in frames]
    with open(out) as handle:
        for number_of_line, line in enumerate(handle, start=1):
            where = f"{out}:{number_of_line}"
            f, tid, left, top, w, h = line.split(",")[:6]
            k = index[whole(f, where + ": frame") - 1]
            left, top, w, h = (number(v, f"{where}: {c}") for v, c in
                               ((left, "bb_left"), (top, "bb_top"), (w, "bb_width"), (h, "bb_height")))
            u = (left + w / 2) / width
            v = 1 - (top + h / 2) / height
            tracks[k][whole(tid, where + ": id")] = camera.stabilized(u, v, w / width, h / height, *frames[k][2])
    return tracks


def one_seed(job):
    scenario, seed, params, binary, closed, trackers = job
    primary, select_t, retry_s, hfov, aspect = scenario_facts(scenario)
    camera = Camera(hfov, aspect)
    workdir = Path(tempfile.mkdtemp(prefix="walk-peers-"))
    try:
        command = [str(binary), "run", str(scenario), "--set", f"seed={seed}", "--out", str(workdir / "run"),
                   "--quiet", "--jobs", "1"]
        for p in params:
            command += ["--params", p]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode not in (0, 1):
            raise RuntimeError(f"{' '.join(command)}: exit {done.returncode}: {done.stderr.strip()}")
        traces = next((workdir / "run" / "traces").glob("*.observations.csv"))
        name = traces.name[: -len(".observations.csv")]
        frames = read_log(traces, camera)
        times = [t for _, t, _, _ in frames]
        dt = (times[-1] - times[0]) / (len(times) - 1)
        # Each trace read once, for the latency, the truth and the closed loop's verdicts.
        objects = Table(workdir / "run" / "traces" / f"{name}.objects.csv")
        trace = Table(workdir / "run" / "traces" / f"{name}.csv")
        latency = detector_latency(objects, trace)
        truth_by_frame = read_truth(objects, trace, camera, latency)
        index = {frame: k for k, (frame, _, _, _) in enumerate(frames)}
        truth = {index[f]: v for f, v in truth_by_frame.items() if f in index}
        rerun = summary_value(workdir / "run" / "summary.csv", "wrong_subject_s")
        if rerun != closed and not (math.isinf(closed) and rerun is None):
            raise RuntimeError(
                f"{name} seed {seed}: the rerun gives wrong_subject_s {rerun}, the seeds table {closed}: give the "
                "run's --params (a suite's params: too), or a seeds table of this build")
        results = {}
        for key in ("sort", "bytetrack", "ocsort"):
            if key in trackers:
                peer = PEER_NAMES[key]
                results[peer] = judge(run_peer(peer, PEER_MODULES, frames), truth, times, primary, select_t,
                                      retry_s, dt)
        camera_args = ["--hfov-rad", repr(hfov)]
        # The image size sets the replay's aspect; pixels are turned back into normalized units.
        size = (1920, round(1920 / aspect))
        for key, label, extra in (("docksim", "DockSim open loop", []),
                                  ("gnn", "DockSim-GNN open loop", ["--tracker", "gnn"])):
            if key in trackers:
                tracks = run_docksim(binary, traces, camera_args, extra, frames, camera, workdir, size)
                results[label] = judge(tracks, truth, times, primary, select_t, retry_s, dt)
        results["DockSim closed loop"] = closed_loop(trace, objects, primary, select_t, dt)
        return name, seed, closed, results
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def summary_value(path, column):
    """The first row's `column` of a summary.csv: a finite number, or None for an empty cell."""
    with open(path, newline="") as handle:
        row = next(csv.DictReader(handle))
    return number(row[column], f"{path}:2: {column}") if row[column] else None


def closed_loop(trace, objects, primary, select_t, dt):
    """DockSim's own run judged as the open-loop trackers are, from its trace: (wrong s, not-followed s,
    either s, True), in total from the selection."""
    visible = {}
    for line, row in objects.rows:
        if row["type"] == "gt" and row["id"] == primary and row["kind"] == "humanBody":
            visible[objects.whole(line, row, "frame")] = objects.number(line, row, "visible_fraction")
    total = {"wrong": 0, "lost": 0, "bad": 0}
    for line, row in trace.rows:
        if trace.number(line, row, "t_s") + 1e-9 < select_t or row["wrong_subject"] == "":
            continue
        wrong = row["wrong_subject"] == "1"
        lost = (row["primary_on"] != primary and not wrong
                and visible.get(trace.whole(line, row, "frame"), 0.0) >= DETECTABLE)
        for key, bad in (("wrong", wrong), ("lost", lost), ("bad", wrong or lost)):
            total[key] += bad
    return total["wrong"] * dt, total["lost"] * dt, total["bad"] * dt, True


def detector_latency(objects, trace):
    """Frames between capture and delivery: a delivering frame's capture_t_s against the frames' t_s."""
    times = {round(trace.number(line, row, "t_s"), 6): trace.whole(line, row, "frame") for line, row in trace.rows}
    for line, row in objects.rows:
        if row["capture_t_s"]:
            return objects.whole(line, row, "frame") - times[round(objects.number(line, row, "capture_t_s"), 6)]
    raise SystemExit(f"{objects.path}: no row with a capture time")


PEER_MODULES = None
TRACKERS = ("sort", "bytetrack", "ocsort", "docksim", "gnn")
PEER_NAMES = {"sort": "SORT", "bytetrack": "ByteTrack", "ocsort": "OC-SORT"}


def import_peers():
    """{name: module} of the three Python peers, from the checkouts mot15-compare.py names."""
    mot15 = load_mot15_compare()
    sys.path.insert(0, str(mot15.checkout("SORT_DIR")))
    # OC_SORT's top level holds its own copies of other packages: only its trackers/ folder goes on the path.
    sys.path.insert(0, str(mot15.checkout("OCSORT_DIR") / "trackers"))
    import contextlib
    import importlib
    import io
    modules = {}
    for key, module in (("SORT", "sort"), ("OC-SORT", "ocsort_tracker.ocsort"), ("ByteTrack", "supervision")):
        with contextlib.redirect_stdout(io.StringIO()):
            modules[key] = importlib.import_module(module)
    return mot15, modules


def init_worker(peers):
    global MOT15, PEER_MODULES
    if peers:
        MOT15, PEER_MODULES = import_peers()


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--docksim", required=True)
    parser.add_argument("--seeds", required=True, help="the Monte Carlo run's seeds.csv")
    parser.add_argument("--params", action="append", default=[])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--per-seed-csv")
    parser.add_argument("--trackers", default=",".join(TRACKERS),
                        help=f"comma-separated, of {', '.join(TRACKERS)} (default all); DockSim's closed "
                             "loop is always judged")
    parser.add_argument("scenarios", nargs="+")
    args = parser.parse_args(argv)
    trackers = [t.strip() for t in args.trackers.split(",") if t.strip()]
    unknown = [t for t in trackers if t not in TRACKERS]
    if unknown:
        print(f"real-walk-peers: --trackers: expected some of {', '.join(TRACKERS)}, got {', '.join(unknown)}",
              file=sys.stderr)
        return 2
    peers = any(t in PEER_NAMES for t in trackers)
    by_name = {}
    for path in args.scenarios:
        text = Path(path).read_text()
        name = re.search(r"^name:\s*(\S+)", text, re.M)
        if not name:
            raise SystemExit(f"{path}: no name:")
        by_name[name.group(1)] = path
    jobs = []
    with open(args.seeds, newline="") as handle:
        for line, row in enumerate(csv.DictReader(handle), start=2):
            if row["scenario"] not in by_name:
                continue
            value = row["wrong_subject_s"]
            closed = number(value, f"{args.seeds}:{line}: wrong_subject_s") if value else math.inf
            jobs.append((by_name[row["scenario"]], row["seed"], args.params, args.docksim, closed, trackers))
    if not jobs:
        raise SystemExit(f"{args.seeds}: no seed of the scenarios given")
    if peers:
        try:
            import_peers()  # here first, so that a missing checkout or package is one clear message
        except Exception as error:  # noqa: BLE001 - mot15-compare's Missing, or an ImportError
            print(f"real-walk-peers: {error}", file=sys.stderr)
            return 2
    try:
        with ProcessPoolExecutor(max_workers=args.jobs, initializer=init_worker, initargs=(peers,)) as pool:
            outcomes = list(pool.map(one_seed, jobs))
    except RuntimeError as error:
        print(f"real-walk-peers: {error}", file=sys.stderr)
        return 1
    labels = list(outcomes[0][3])
    total = len(outcomes)
    print(f"seeds of {total} with the selected person, for more than {BOUND_S:g} s in all:")
    print(f"  {'tracker':24} {'on someone else':>16} {'not followed':>13} {'either':>7} {'never selected':>15}")
    for label in labels:
        counts = [sum(r[label][i] > BOUND_S for _, _, _, r in outcomes) for i in range(3)]
        never = sum(not r[label][3] for _, _, _, r in outcomes)
        print(f"  {label:24} {counts[0]:>16} {counts[1]:>13} {counts[2]:>7} {never:>15}")
    print("per scenario, on someone else / not followed / either:")
    for scenario in sorted({o[0] for o in outcomes}):
        mine = [o for o in outcomes if o[0] == scenario]
        cells = []
        for label in labels:
            c = [sum(r[label][i] > BOUND_S for _, _, _, r in mine) for i in range(3)]
            cells.append(f"{label} {c[0]}/{c[1]}/{c[2]}")
        closed = sum(c > BOUND_S for _, _, c, _ in mine)
        print(f"  {scenario} ({len(mine)} seeds; closed loop {closed}): " + ", ".join(cells))
    if args.per_seed_csv:
        with open(args.per_seed_csv, "w", newline="") as handle:
            writer = csv.writer(handle, lineterminator="\n")
            writer.writerow(["scenario", "seed", "tracker", "wrong_s", "not_followed_s", "either_s", "selected"])
            for scenario, seed, closed, results in outcomes:
                for label, (wrong, lost, either, selected) in results.items():
                    writer.writerow([scenario, seed, label, wrong, lost, either, int(selected)])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
