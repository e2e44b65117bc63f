#!/usr/bin/env python3
"""Scores DockSim and peer trackers on public MOT15 sequences with their public Faster R-CNN detections.

Every tracker gets the same detections (each sequence's det.txt, every row, every frame from 1 to the
sequence's length), and every tracker's output is written in one MOTChallenge text format and scored by
the reference tools:
  * py-motmetrics 1.4.0: mm.utils.compare_to_groundtruth(gt, ts, 'iou', distth=0.5) per sequence, the
    ground truth loaded as its apps/eval_motchallenge.py does (min_confidence=1), and the combined row
    is motmetrics' own OVERALL (counts summed, ratios recomputed from the sums);
  * TrackEval (MotChallenge2DBox, BENCHMARK 'MOT15', so no class or distractor preprocessing): HOTA,
    DetA and AssA (means over its 19 localisation thresholds), combined over sequences by TrackEval's
    COMBINED_SEQ, on a temporary folder laid out as TrackEval expects (gt/MOT15-train/SEQ/gt/gt.txt and
    seqinfo.ini, gt/seqmaps/MOT15-train.txt, trackers/MOT15-train/TRACKER/data/SEQ.txt).

The trackers:
  * SORT: abewley/sort's sort.Sort with its defaults (max_age=1, min_hits=3, iou_threshold=0.3), fed
    [x1, y1, x2, y2, score] rows as its own __main__ does.
  * ByteTrack: supervision.ByteTrack with its defaults but frame_rate = the sequence's fps, fed
    sv.Detections(xyxy, confidence). Its output boxes are the matched detections (supervision's way).
    Every score here is above its track_activation_threshold 0.25, so its second, low-score
    association never has a detection to use: on these detections BYTE's own idea is idle.
  * OC-SORT: OCSort from the OC_SORT repository's trackers/ocsort_tracker, with the defaults of its
    utils/args.py (iou_threshold 0.3, min_hits 3, delta_t 3, inertia 0.2, asso 'iou', use_byte False;
    max_age 30 from the class) except det_thresh: OCSort drops every detection scoring <= det_thresh,
    and its args.py default (track_thresh 0.6) would take away 1.5-7.6% of these detections (4.7% on
    TUD-Campus, 1.5% on TUD-Stadtmitte), whose scores are 0.5..1: sort's det.txt has no score at or
    below 0.5. DET_THRESH_OCSORT = 0.5 keeps all of them, so OC-SORT sees the same detections as the
    others; --ocsort-det-thresh 0.6 gives the repository's default.
  * DockSim: `DOCKSIM replay DET.txt --image-size WxH --fps FPS --output-format mot --output OUT.txt`,
    and its GNN reference with `--tracker gnn`; --docksim-args adds arguments to both, and
    --docksim-variant 'LABEL=ARGS' adds further rows. When there is no binary, or its `replay --help`
    names no --output-format (an older build), the DockSim rows are skipped with a note; any failure of
    a docksim run is an error.
All outputs are rewritten in one form before scoring (sorted by frame and id, boxes to 0.01 px as
sort.py's main writes them, conf 1), and both tools score the same files.

Timing: for the Python trackers only, time.perf_counter() around each update call, summed over the
sequence; the median of --repeats runs of the whole sequence (default 3), divided by the number of
frames. The combined figure is the sum of the sequences' medians over the sum of their frames.

Sanity (exit 1, never a silent pass): for every tracker and sequence, py-motmetrics' number of ground
truth boxes must equal TrackEval's, and no tracker output may be empty.

Provenance and licences (the data and the peers' code are never part of DockSim; point the script at
your own copies; each licence read from the source named):
  * MOT15 detections: abewley/sort's data/train/SEQ/det/det.txt; the repository is GPL-3.0 (LICENSE).
  * Ground truth: motmetrics/data/SEQ/gt.txt in the py-motmetrics 1.4.0 wheel, MIT (the wheel's
    dist-info LICENSE, Christoph Heindl), for TUD-Campus and TUD-Stadtmitte. For all eleven training
    sequences: MOTChallenge's 2DMOT2015 training labels (train/SEQ/gt/gt.txt and seqinfo.ini), e.g. the
    copy in gonzalocarreteroh/MASA-OA at benchmarks/MOT15/SEQ/ (commit ff2036c; the repository is
    Apache-2.0, the labels themselves MOTChallenge's CC BY-NC-SA 3.0), flattened to SEQ/gt.txt and
    SEQ/seqinfo.ini; its TUD files equal py-motmetrics' row for row.
  * The MOT15 benchmark data themselves: CC BY-NC-SA 3.0 as MOTChallenge publishes them (not stated in
    either file above).
  * SORT: GPL-3.0 (LICENSE; README "SORT is released under the GPL License"). OC-SORT: MIT (LICENSE,
    "Copyright (c) 2021 Yifu Zhang"). supervision: MIT (the wheel's licenses/LICENSE.md, Roboflow).
    TrackEval: MIT (LICENSE, Jonathon Luiten). The PyPI package named trackeval is a fork
    (kovalp/TrackEval) that needs numpy >= 2.3; this script uses the original repository's checkout.

Usage: scripts/mot15-compare.py [--sequences SEQ ...] [--docksim PATH] [--csv OUT.csv]
                                [--per-sequence-csv OUT.csv] [--keep DIR] [--trackers NAME,...]
(scripts/mot15-compare.sh makes the pinned virtual environment and runs this.)
Environment:
  SORT_DIR        a checkout of abewley/sort (sort.py)
  OCSORT_DIR      a checkout of noahcao/OC_SORT (trackers/ocsort_tracker/)
  TRACKEVAL_DIR   a checkout of JonathonLuiten/TrackEval (trackeval/)
  DOCKSIM         the docksim binary (or --docksim; default .build/release/docksim, else .build/debug)
  MOT15_DETECTIONS  directory with SEQ/det.txt   (default /work/data/mot15)
  MOT15_TRUTH       directory with SEQ/gt.txt    (default /work/data/mm/motmetrics/data)
Each sequence's image size, frame rate and length come from SEQ/seqinfo.ini in MOT15_TRUTH or
MOT15_DETECTIONS when there is one, else from the built-in table (the two TUD sequences).
Exit codes: 0 done; 1 a sanity check failed or a tracker failed; 2 missing input, checkout or package.
"""
import argparse
import configparser
import contextlib
import csv
import dataclasses
import hashlib
import importlib
import importlib.metadata
import io
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import numpy as np
except ImportError:  # main() says how to get it (exit 2)
    np = None

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DETECTIONS = "/work/data/mot15"
DEFAULT_TRUTH = "/work/data/mm/motmetrics/data"
DEFAULT_SEQUENCES = ("TUD-Campus", "TUD-Stadtmitte")

# MOTChallenge's match criterion: a track box matches a truth box at IoU >= 0.5, i.e. py-motmetrics'
# distance 1 - IoU at most 0.5 (its eval_motchallenge app uses the same distth).
IOU_DISTANCE_THRESHOLD = 0.5
# py-motmetrics' eval_motchallenge loads ground truth with min_confidence=1: rows whose conf column is
# 0 are "ignore" rows in MOTChallenge truth; TrackEval drops the same rows (its zero_marked).
GT_MIN_CONFIDENCE = 1
# All MOT15 detections in sort's det.txt score above 0.5; OCSort keeps scores strictly above this.
DET_THRESH_OCSORT = 0.5
# The brief's timing protocol: the median of three runs of the whole sequence.
TIMING_REPEATS = 3
# TrackEval's split folder name: BENCHMARK-SPLIT_TO_EVAL.
TRACKEVAL_BENCHMARK = "MOT15"
TRACKEVAL_SPLIT = "train"

PYTHON_TRACKERS = ("SORT", "ByteTrack", "OC-SORT")
TRACKER_KEYS = {"sort": "SORT", "bytetrack": "ByteTrack", "ocsort": "OC-SORT",
                "docksim": "DockSim", "docksim-gnn": "DockSim-GNN"}
PACKAGES = ("numpy", "pandas", "scipy", "motmetrics", "supervision", "filterpy", "matplotlib",
            "scikit-image", "opencv-python")


class Missing(Exception):
    """Something the run needs is not on this machine (exit 2)."""


class Failed(Exception):
    """A tracker failed or a sanity check did not hold (exit 1)."""


@dataclasses.dataclass(frozen=True)
class SeqInfo:
    width: int
    height: int
    fps: int
    length: int


# MOT15's seqinfo.ini values for the sequences whose truth the py-motmetrics wheel ships
# (imWidth, imHeight, frameRate, seqLength); other sequences need their own seqinfo.ini.
BUILTIN_SEQINFO = {
    "TUD-Campus": SeqInfo(width=640, height=480, fps=25, length=71),
    "TUD-Stadtmitte": SeqInfo(width=640, height=480, fps=25, length=179),
}


@dataclasses.dataclass
class Sequence:
    name: str
    det_path: Path
    gt_path: Path
    info: SeqInfo
    frames: list  # per frame 1..length: an (N, 5) array of [x1, y1, x2, y2, score]


@dataclasses.dataclass
class TrackerRun:
    name: str
    outputs: dict  # sequence name -> list of (frame, id, x, y, w, h)
    ms_per_frame: dict  # sequence name -> (median seconds, frames), Python trackers only


# ---------------------------------------------------------------------------------------------------
# Inputs


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sequences", nargs="+", default=list(DEFAULT_SEQUENCES))
    parser.add_argument("--trackers", default=",".join(TRACKER_KEYS),
                        help="comma-separated subset of " + ", ".join(TRACKER_KEYS))
    parser.add_argument("--docksim", default=os.environ.get("DOCKSIM"), help="the docksim binary")
    parser.add_argument("--docksim-args", default="", help="extra arguments for both DockSim rows")
    parser.add_argument("--docksim-variant", action="append", default=[], metavar="LABEL=ARGS",
                        help="an extra DockSim row 'DockSim LABEL' with these replay arguments")
    parser.add_argument("--ocsort-det-thresh", type=float, default=DET_THRESH_OCSORT)
    parser.add_argument("--repeats", type=int, default=TIMING_REPEATS)
    parser.add_argument("--csv", type=Path, help="combined figures per tracker")
    parser.add_argument("--per-sequence-csv", type=Path,
                        help="figures per tracker and sequence (default: beside --csv)")
    parser.add_argument("--keep", type=Path, help="keep the tracker outputs and TrackEval folder here")
    args = parser.parse_args(argv)
    keys = [key.strip() for key in args.trackers.split(",") if key.strip()]
    unknown = [key for key in keys if key not in TRACKER_KEYS]
    if unknown or not keys:
        parser.error("--trackers: unknown " + ", ".join(unknown) if unknown else "--trackers: none")
    args.tracker_names = [TRACKER_KEYS[key] for key in TRACKER_KEYS if key in keys]
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    if args.csv and not args.per_sequence_csv:
        args.per_sequence_csv = args.csv.with_name(args.csv.stem + "-per-sequence.csv")
    return args


def read_seqinfo(name, directories):
    for directory in directories:
        ini = directory / name / "seqinfo.ini"
        if ini.is_file():
            parser = configparser.ConfigParser()
            parser.read(ini)
            section = parser["Sequence"]
            return SeqInfo(width=int(section["imWidth"]), height=int(section["imHeight"]),
                           fps=int(section["frameRate"]), length=int(section["seqLength"]))
    if name in BUILTIN_SEQINFO:
        return BUILTIN_SEQINFO[name]
    raise Missing(f"no seqinfo.ini for {name} in {' or '.join(map(str, directories))}, and it is not "
                  f"one of the built-in {', '.join(BUILTIN_SEQINFO)}: add MOTChallenge's "
                  f"{name}/seqinfo.ini")


def load_detections(path, length):
    """Per frame 1..length, the rows of det.txt as [x1, y1, x2, y2, score], as sort.py's main makes them."""
    rows = np.loadtxt(path, delimiter=",", ndmin=2)
    frames = []
    for frame in range(1, length + 1):
        dets = rows[rows[:, 0] == frame, 2:7].copy()
        dets[:, 2:4] += dets[:, 0:2]  # [x, y, w, h] -> [x1, y1, x2, y2]
        frames.append(dets)
    beyond = int(np.count_nonzero(rows[:, 0] > length))
    if beyond:
        raise Failed(f"{path}: {beyond} detections after the sequence's last frame {length}")
    return frames


def load_sequences(names, det_dir, truth_dir):
    missing = [str(path) for name in names
               for path in (det_dir / name / "det.txt", truth_dir / name / "gt.txt") if not path.is_file()]
    if missing:
        raise Missing("missing " + ", ".join(missing) + "\n" + DATA_HELP)
    sequences = []
    for name in names:
        info = read_seqinfo(name, [truth_dir, det_dir])
        det_path = det_dir / name / "det.txt"
        sequences.append(Sequence(name, det_path, truth_dir / name / "gt.txt", info,
                                  load_detections(det_path, info.length)))
    return sequences


DATA_HELP = """The public data are not shipped with DockSim. Set:
  MOT15_DETECTIONS  abewley/sort's data/train directory, flattened to SEQ/det.txt (Faster R-CNN, GPL-3.0)
  MOT15_TRUTH       py-motmetrics 1.4.0's motmetrics/data directory (SEQ/gt.txt, MIT; unzip the wheel:
                    pip download --no-deps motmetrics==1.4.0) for the two TUD sequences, or a
                    directory of all eleven MOT15 training sequences as SEQ/gt.txt with SEQ/seqinfo.ini
                    (MOTChallenge's 2DMOT2015 training labels, CC BY-NC-SA 3.0)"""


# ---------------------------------------------------------------------------------------------------
# Peers' code


CHECKOUTS = {
    # env var: (what, file that must exist, repository to clone)
    "SORT_DIR": ("SORT", "sort.py", "abewley/sort"),
    "OCSORT_DIR": ("OC-SORT", "trackers/ocsort_tracker/ocsort.py", "noahcao/OC_SORT"),
    "TRACKEVAL_DIR": ("TrackEval", "trackeval/__init__.py", "JonathonLuiten/TrackEval"),
}


def checkout(env):
    """The checkout named by env, which must hold its file; Missing says how to get it."""
    what, needed, repository = CHECKOUTS[env]
    value = os.environ.get(env)
    if value and (Path(value) / needed).is_file():
        return Path(value)
    where = f"{env}={value} has no {needed}" if value else f"{env} is not set"
    raise Missing(f"{what}: {where}. Clone {repository} from GitHub (git clone, any place outside "
                  f"DockSim) and set {env} to the clone.")


def import_peers(names):
    """Imports the peers the chosen trackers need; returns {name: module} and the checkouts used."""
    checkouts = {"TRACKEVAL_DIR": checkout("TRACKEVAL_DIR")}
    if "SORT" in names:
        checkouts["SORT_DIR"] = checkout("SORT_DIR")
    if "OC-SORT" in names:
        checkouts["OCSORT_DIR"] = checkout("OCSORT_DIR")
    # Only these folders go on the path: OC_SORT's top level holds its own copies of trackeval and
    # motmetrics, which must not shadow the real ones, so OC-SORT's trackers/ folder is used instead.
    paths = {"TRACKEVAL_DIR": "", "SORT_DIR": "", "OCSORT_DIR": "trackers"}
    for env, root in checkouts.items():
        sys.path.insert(0, str(root / paths[env]))
    modules = {}
    wanted = [("trackeval", "trackeval", "TrackEval"), ("motmetrics", "motmetrics", "py-motmetrics")]
    if "SORT" in names:
        wanted.append(("SORT", "sort", "filterpy, scikit-image and matplotlib (sort.py imports them)"))
    if "OC-SORT" in names:
        wanted.append(("OC-SORT", "ocsort_tracker.ocsort", "filterpy"))
    if "ByteTrack" in names:
        wanted.append(("ByteTrack", "supervision", "supervision"))
    for key, module, needs in wanted:
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # TrackEval names its optional extras
                modules[key] = importlib.import_module(module)
        except ImportError as error:
            raise Missing(f"cannot import {module} ({error}); it needs {needs}: run "
                          f"scripts/mot15-compare.sh, which installs the pinned packages") from error
    return modules, checkouts


# ---------------------------------------------------------------------------------------------------
# Python trackers: each is (make a tracker for a sequence, prepare a frame's input untimed,
# update timed, read the output untimed as rows [x1, y1, x2, y2, id]).


def sort_tracker(modules, _args):
    sort = modules["SORT"]

    def make(_info):
        sort.KalmanBoxTracker.count = 0  # ids from 1 in every run, so outputs do not depend on order
        return sort.Sort()  # its defaults: max_age=1, min_hits=3, iou_threshold=0.3

    return make, lambda dets: dets.copy(), lambda tracker, dets: tracker.update(dets), lambda out: out


def bytetrack_tracker(modules, _args):
    sv = modules["ByteTrack"]

    def prepare(dets):
        return sv.Detections(xyxy=dets[:, :4].copy(), confidence=dets[:, 4].copy())

    def read(detections):
        return np.column_stack([detections.xyxy, detections.tracker_id]) if len(detections) \
            else np.empty((0, 5))

    return (lambda info: sv.ByteTrack(frame_rate=info.fps), prepare,
            lambda tracker, detections: tracker.update_with_detections(detections), read)


def ocsort_tracker(modules, args):
    ocsort = modules["OC-SORT"]

    def make(info):
        # utils/args.py defaults: --iou_thresh 0.3, --min_hits 3, --deltat 3, --inertia 0.2,
        # --asso iou, no --use_byte; max_age 30 is the class default. det_thresh: see the docstring.
        tracker = ocsort.OCSort(det_thresh=args.ocsort_det_thresh, max_age=30, min_hits=3,
                                iou_threshold=0.3, delta_t=3, asso_func="iou", inertia=0.2,
                                use_byte=False)
        size = (info.height, info.width)
        return tracker, size

    def update(state, dets):
        tracker, size = state
        # img_info and img_size equal: its rescaling of the boxes is by 1.
        return tracker.update(dets, size, size)

    return make, lambda dets: dets.copy(), update, lambda out: out


PYTHON_FACTORIES = {"SORT": sort_tracker, "ByteTrack": bytetrack_tracker, "OC-SORT": ocsort_tracker}


def run_once(make, prepare, update, read, sequence):
    """One run over the sequence: (seconds spent in update, rows (frame, id, x, y, w, h))."""
    tracker = make(sequence.info)
    spent = 0.0
    rows = []
    for frame, dets in enumerate(sequence.frames, start=1):
        given = prepare(dets)
        start = time.perf_counter()
        out = update(tracker, given)
        spent += time.perf_counter() - start
        for x1, y1, x2, y2, track in read(out)[:, :5]:
            rows.append((frame, int(track), x1, y1, x2 - x1, y2 - y1))
    return spent, rows


def run_python_tracker(name, modules, args, sequences):
    make, prepare, update, read = PYTHON_FACTORIES[name](modules, args)
    run = TrackerRun(name, {}, {})
    for sequence in sequences:
        times = []
        for repeat in range(args.repeats):
            spent, rows = run_once(make, prepare, update, read, sequence)
            times.append(spent)
            if repeat == 0:
                run.outputs[sequence.name] = rows
            elif rows != run.outputs[sequence.name]:
                raise Failed(f"{name} on {sequence.name}: run {repeat + 1} differs from run 1")
        run.ms_per_frame[sequence.name] = (statistics.median(times), sequence.info.length)
    return run


# ---------------------------------------------------------------------------------------------------
# DockSim


def find_docksim(given):
    """The binary given (which must exist), else this checkout's release or debug build, else None."""
    if given:
        if not Path(given).is_file():
            raise Missing(f"no docksim binary at {given} (DOCKSIM or --docksim)")
        return Path(given)
    for build in ("release", "debug"):
        candidate = REPO / ".build" / build / "docksim"
        if candidate.is_file():
            return candidate
    return None


def has_mot_interface(binary):
    """Whether `docksim replay` has the MOT options (--output-format mot; older builds have not)."""
    result = subprocess.run([str(binary), "replay", "--help"], capture_output=True, text=True, check=False)
    return "--output-format" in result.stdout + result.stderr


def read_mot_output(path, label):
    """DockSim's MOT rows as (frame, id, x, y, w, h); frame and id must be integers."""
    rows = []
    with open(path, newline="") as handle:
        for number, fields in enumerate(csv.reader(handle), start=1):
            if not fields:
                continue
            try:
                frame, track = int(fields[0]), int(fields[1])
                box = [float(value) for value in fields[2:6]]
            except (ValueError, IndexError) as error:
                raise Failed(f"{label}: {path}:{number} is not a MOT row ({error})") from error
            if len(box) != 4:
                raise Failed(f"{label}: {path}:{number} has fewer than six columns")
            rows.append((frame, track, *box))
    return rows


def run_docksim(binary, label, extra, sequence, workdir):
    out = workdir / "docksim" / trackeval_name(label) / f"{sequence.name}.txt"
    out.parent.mkdir(parents=True, exist_ok=True)
    info = sequence.info
    command = [str(binary), "replay", str(sequence.det_path), "--image-size",
               f"{info.width}x{info.height}", "--fps", str(info.fps), "--output-format", "mot",
               "--output", str(out), *extra]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise Failed(f"{label} on {sequence.name}: `{shlex.join(command)}` exited "
                     f"{result.returncode}: {result.stderr.strip()}")
    return shlex.join(command), read_mot_output(out, label)


def docksim_rows(args):
    """(row name, extra replay arguments) for every DockSim row asked for."""
    common = shlex.split(args.docksim_args)
    rows = []
    if "DockSim" in args.tracker_names:
        rows.append(("DockSim", common))
    if "DockSim-GNN" in args.tracker_names:
        rows.append(("DockSim-GNN", ["--tracker", "gnn", *common]))
    for variant in args.docksim_variant:
        label, sep, extra = variant.partition("=")
        if not sep or not label.strip():
            raise Missing(f"--docksim-variant {variant!r}: expected LABEL=ARGS")
        rows.append((f"DockSim {label.strip()}", shlex.split(extra)))
    return rows


def run_docksim_trackers(args, sequences, workdir, notes, commands):
    rows = docksim_rows(args)
    if not rows:
        return []
    binary = find_docksim(args.docksim)
    if binary is None:
        notes.append("DockSim rows skipped: no docksim binary (set DOCKSIM or --docksim, or build it).")
        return []
    if not has_mot_interface(binary):
        notes.append(f"DockSim rows skipped: {binary} has no MOT replay interface (its `replay --help` "
                     "names no --output-format).")
        return []
    runs = []
    for label, extra in rows:
        run = TrackerRun(label, {}, {})
        for sequence in sequences:
            command, run.outputs[sequence.name] = run_docksim(binary, label, extra, sequence, workdir)
            commands.append(command)
        runs.append(run)
    return runs


# ---------------------------------------------------------------------------------------------------
# Scoring


def write_mot(path, rows):
    """MOTChallenge rows, frame then id order, boxes to 0.01 px as sort.py's main writes them."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as handle:
        for frame, track, x, y, w, h in sorted(rows, key=lambda row: (row[0], row[1])):
            handle.write(f"{frame},{track},{x:.2f},{y:.2f},{w:.2f},{h:.2f},1,-1,-1,-1\n")


def trackeval_name(name):
    return name.replace(" ", "_")


def lay_out_trackeval(root, sequences, runs):
    """The folder TrackEval's MotChallenge2DBox reads; the same tracker files py-motmetrics scores."""
    split = f"{TRACKEVAL_BENCHMARK}-{TRACKEVAL_SPLIT}"
    gt_root = root / "gt"
    (gt_root / "seqmaps").mkdir(parents=True, exist_ok=True)
    with open(gt_root / "seqmaps" / f"{split}.txt", "w") as handle:
        handle.write("name\n" + "".join(f"{sequence.name}\n" for sequence in sequences))
    for sequence in sequences:
        folder = gt_root / split / sequence.name
        (folder / "gt").mkdir(parents=True, exist_ok=True)
        (folder / "gt" / "gt.txt").write_bytes(sequence.gt_path.read_bytes())
        info = sequence.info
        (folder / "seqinfo.ini").write_text(
            f"[Sequence]\nname={sequence.name}\nframeRate={info.fps}\nseqLength={info.length}\n"
            f"imWidth={info.width}\nimHeight={info.height}\n")
    files = {}
    for run in runs:
        for sequence in sequences:
            path = root / "trackers" / split / trackeval_name(run.name) / "data" / f"{sequence.name}.txt"
            write_mot(path, run.outputs[sequence.name])
            files[(run.name, sequence.name)] = path
    return gt_root, root / "trackers", files


def score_motmetrics(mm, sequences, runs, files):
    """{tracker: DataFrame indexed by sequence names and OVERALL}."""
    metrics = ["mota", "idf1", "num_switches", "num_false_positives", "num_misses", "motp",
               "num_objects", "num_matches", "num_frames"]
    truth = {sequence.name: mm.io.loadtxt(str(sequence.gt_path), fmt="mot15-2D",
                                          min_confidence=GT_MIN_CONFIDENCE) for sequence in sequences}
    host = mm.metrics.create()
    summaries = {}
    for run in runs:
        accumulators = [mm.utils.compare_to_groundtruth(
            truth[sequence.name], mm.io.loadtxt(str(files[(run.name, sequence.name)]), fmt="mot15-2D"),
            "iou", distth=IOU_DISTANCE_THRESHOLD) for sequence in sequences]
        summaries[run.name] = host.compute_many(accumulators, names=[s.name for s in sequences],
                                                metrics=metrics, generate_overall=True)
    return summaries


def score_trackeval(trackeval, gt_root, trackers_root, runs, workdir):
    """TrackEval's results: {tracker: {sequence or COMBINED_SEQ: {metric: value}}}."""
    eval_config = trackeval.Evaluator.get_default_eval_config()
    eval_config.update({"USE_PARALLEL": False, "PRINT_RESULTS": False, "PRINT_CONFIG": False,
                        "TIME_PROGRESS": False, "OUTPUT_SUMMARY": False, "OUTPUT_DETAILED": False,
                        "PLOT_CURVES": False, "BREAK_ON_ERROR": True,
                        "LOG_ON_ERROR": str(workdir / "trackeval-error.txt")})
    dataset_config = trackeval.datasets.MotChallenge2DBox.get_default_dataset_config()
    dataset_config.update({"GT_FOLDER": str(gt_root), "TRACKERS_FOLDER": str(trackers_root),
                           "OUTPUT_FOLDER": str(workdir / "trackeval-output"),
                           "BENCHMARK": TRACKEVAL_BENCHMARK, "SPLIT_TO_EVAL": TRACKEVAL_SPLIT,
                           "TRACKERS_TO_EVAL": [trackeval_name(run.name) for run in runs],
                           "PRINT_CONFIG": False})
    quiet = {"PRINT_CONFIG": False}  # CLEAR's and Identity's THRESHOLD stays 0.5, MOTChallenge's
    log = io.StringIO()
    with contextlib.redirect_stdout(log):  # TrackEval prints its progress: shown on failure only
        try:
            evaluator = trackeval.Evaluator(eval_config)
            dataset = trackeval.datasets.MotChallenge2DBox(dataset_config)
            # Count (GT_Dets, Dets) is always added by TrackEval's evaluate.
            metric_list = [trackeval.metrics.HOTA(), trackeval.metrics.CLEAR(quiet),
                           trackeval.metrics.Identity(quiet)]
            results, messages = evaluator.evaluate([dataset], metric_list)
        except Exception as error:  # TrackEval raises its own and numpy's errors alike
            raise Failed(f"TrackEval failed: {error}\n{log.getvalue()}") from error
    figures = {}
    for run in runs:
        name = trackeval_name(run.name)
        if messages["MotChallenge2DBox"][name] != "Success":
            raise Failed(f"TrackEval on {run.name}: {messages['MotChallenge2DBox'][name]}\n{log.getvalue()}")
        per_seq = results["MotChallenge2DBox"][name]
        figures[run.name] = {seq: flatten_trackeval(values["pedestrian"]) for seq, values in per_seq.items()}
    return figures


def flatten_trackeval(values):
    hota = values["HOTA"]
    return {"HOTA": float(hota["HOTA"].mean()), "DetA": float(hota["DetA"].mean()),
            "AssA": float(hota["AssA"].mean()), "MOTA": float(values["CLEAR"]["MOTA"]),
            "IDF1": float(values["Identity"]["IDF1"]), "GT_Dets": int(values["Count"]["GT_Dets"]),
            "Dets": int(values["Count"]["Dets"])}


def check_outputs(sequences, runs):
    """Fails when a tracker wrote no track on a sequence: nothing to score is never a pass."""
    empty = [f"{run.name} wrote no track on {sequence.name}" for run in runs for sequence in sequences
             if not run.outputs[sequence.name]]
    if empty:
        raise Failed("sanity check failed:\n  " + "\n  ".join(empty))


def check_gt_counts(sequences, runs, summaries, te_figures):
    """Fails when py-motmetrics and TrackEval saw different numbers of gt boxes for a tracker."""
    problems = []
    for run in runs:
        for sequence in sequences:
            mm_boxes = int(summaries[run.name].loc[sequence.name, "num_objects"])
            te_boxes = te_figures[run.name][sequence.name]["GT_Dets"]
            if mm_boxes != te_boxes:
                problems.append(f"{run.name} on {sequence.name}: py-motmetrics counts {mm_boxes} gt "
                                f"boxes, TrackEval {te_boxes}")
    if problems:
        raise Failed("sanity check failed:\n  " + "\n  ".join(problems))


# ---------------------------------------------------------------------------------------------------
# Reporting


def git_state(root, files):
    """The checkout's commit, and whether the files used differ from it."""
    commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                            text=True, check=False).stdout.strip() or "not a git checkout"
    changed = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--", *files],
                             capture_output=True, text=True, check=False).stdout.strip()
    return commit + (" (files used modified)" if changed else "")


def versions(modules, checkouts, docksim):
    lines = [f"Python {platform.python_version()}"]
    for package in PACKAGES:
        try:
            lines.append(f"{package} {importlib.metadata.version(package)}")
        except importlib.metadata.PackageNotFoundError:
            lines.append(f"{package} not installed")
    used = {"SORT_DIR": ["sort.py"], "OCSORT_DIR": ["trackers/ocsort_tracker"],
            "TRACKEVAL_DIR": ["trackeval"]}
    for env, root in checkouts.items():
        lines.append(f"{CHECKOUTS[env][0]} ({CHECKOUTS[env][2]}) {git_state(root, used[env])} at {root}")
    lines.append(f"py-motmetrics LAP solver {modules['motmetrics'].lap.default_solver}")
    if docksim is not None and docksim.is_file():
        version = subprocess.run([str(docksim), "--version"], capture_output=True, text=True,
                                 check=False).stdout.strip()
        digest = hashlib.sha256(docksim.read_bytes()).hexdigest()[:16]
        lines.append(f"docksim {version} at {docksim} (sha256 {digest}…)")
    return lines


def combined_rows(runs, summaries, te_figures):
    rows = []
    for run in runs:
        overall = summaries[run.name].loc["OVERALL"]
        te = te_figures[run.name]["COMBINED_SEQ"]
        if run.ms_per_frame:
            seconds = sum(spent for spent, _ in run.ms_per_frame.values())
            frames = sum(count for _, count in run.ms_per_frame.values())
            ms = 1000.0 * seconds / frames
        else:
            ms = None
        rows.append(figure_row(run.name, "COMBINED", overall, te, ms))
    return rows


def per_sequence_rows(sequences, runs, summaries, te_figures):
    rows = []
    for run in runs:
        for sequence in sequences:
            timing = run.ms_per_frame.get(sequence.name)
            ms = 1000.0 * timing[0] / timing[1] if timing else None
            rows.append(figure_row(run.name, sequence.name, summaries[run.name].loc[sequence.name],
                                   te_figures[run.name][sequence.name], ms))
    return rows


def figure_row(tracker, sequence, mm_row, te, ms):
    return {"tracker": tracker, "sequence": sequence, "MOTA": float(mm_row["mota"]),
            "IDF1": float(mm_row["idf1"]), "HOTA": te["HOTA"], "DetA": te["DetA"], "AssA": te["AssA"],
            "IDsw": int(mm_row["num_switches"]), "FP": int(mm_row["num_false_positives"]),
            "FN": int(mm_row["num_misses"]), "MOTP_distance": float(mm_row["motp"]),
            "ms_per_frame": ms, "gt_boxes": int(mm_row["num_objects"]),
            "track_boxes": te["Dets"], "TrackEval_MOTA": te["MOTA"], "TrackEval_IDF1": te["IDF1"]}


def format_value(value):
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def write_csv(path, rows):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        for row in rows:
            writer.writerow({key: format_value(value) if isinstance(value, float) else value
                             for key, value in row.items()})


MARKDOWN_COLUMNS = ("MOTA", "IDF1", "HOTA", "DetA", "AssA", "IDsw", "FP", "FN", "ms_per_frame")


def markdown_table(rows):
    header = "| tracker | " + " | ".join("ms/frame" if c == "ms_per_frame" else c
                                         for c in MARKDOWN_COLUMNS) + " |"
    lines = [header, "|" + " --- |" * (len(MARKDOWN_COLUMNS) + 1)]
    for row in rows:
        cells = [format_value(row[column]) or "—" for column in MARKDOWN_COLUMNS]
        lines.append(f"| {row['tracker']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------


def compare(args, workdir):
    det_dir = Path(os.environ.get("MOT15_DETECTIONS", DEFAULT_DETECTIONS))
    truth_dir = Path(os.environ.get("MOT15_TRUTH", DEFAULT_TRUTH))
    modules, checkouts = import_peers(args.tracker_names)
    sequences = load_sequences(args.sequences, det_dir, truth_dir)
    notes, commands = [], []
    runs = [run_python_tracker(name, modules, args, sequences)
            for name in PYTHON_TRACKERS if name in args.tracker_names]
    runs += run_docksim_trackers(args, sequences, workdir, notes, commands)
    if not runs:
        raise Failed("no tracker ran")
    check_outputs(sequences, runs)
    gt_root, trackers_root, files = lay_out_trackeval(workdir / "trackeval", sequences, runs)
    summaries = score_motmetrics(modules["motmetrics"], sequences, runs, files)
    te_figures = score_trackeval(modules["trackeval"], gt_root, trackers_root, runs, workdir)
    check_gt_counts(sequences, runs, summaries, te_figures)

    wants_docksim = any(run_name.startswith("DockSim") for run_name, _ in docksim_rows(args))
    docksim = find_docksim(args.docksim) if wants_docksim else None
    report(args, sequences, runs, summaries, te_figures,
           versions(modules, checkouts, docksim), notes, commands)


def short_digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def report(args, sequences, runs, summaries, te_figures, version_lines, notes, commands):
    print("## Versions\n")
    print("\n".join(f"* {line}" for line in version_lines))
    print("\n## Sequences\n")
    for sequence in sequences:
        info = sequence.info
        detections = sum(len(frame) for frame in sequence.frames)
        gt_rows = sum(1 for line in open(sequence.gt_path) if line.strip())
        seen = int(summaries[runs[0].name].loc[sequence.name, "num_objects"])
        det_digest, gt_digest = short_digest(sequence.det_path), short_digest(sequence.gt_path)
        print(f"* {sequence.name}: {info.width}x{info.height} at {info.fps} fps, {info.length} frames; "
              f"{detections} detections in {sequence.det_path} (sha256 {det_digest}…); "
              f"{gt_rows} gt rows in {sequence.gt_path} (sha256 {gt_digest}…), "
              f"{seen} gt boxes seen by py-motmetrics and by TrackEval")
    combined = combined_rows(runs, summaries, te_figures)
    print(f"\n## Combined over {', '.join(s.name for s in sequences)}\n")
    print(markdown_table(combined))
    print("\nMOTA, IDF1, IDsw, FP, FN: py-motmetrics (OVERALL); HOTA, DetA, AssA: TrackEval "
          "(COMBINED_SEQ); ms/frame: the Python trackers' update calls only (median of "
          f"{args.repeats} runs), none for DockSim. OC-SORT det_thresh {args.ocsort_det_thresh}.")
    for note in notes:
        print(f"\nNote: {note}")
    for command in commands:
        print(f"\nRan: {command}")
    if args.csv:
        write_csv(args.csv, combined)
        write_csv(args.per_sequence_csv, per_sequence_rows(sequences, runs, summaries, te_figures))
        print(f"\nWrote {args.csv} and {args.per_sequence_csv}")


def main(argv=None):
    args = parse_args(argv)
    if np is None:
        print("mot15-compare: numpy is not installed: run scripts/mot15-compare.sh, which installs the "
              "pinned packages", file=sys.stderr)
        return 2
    try:
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            compare(args, args.keep)
        else:
            with tempfile.TemporaryDirectory(prefix="mot15-compare-") as workdir:
                compare(args, Path(workdir))
    except Missing as error:
        print(f"mot15-compare: {error}", file=sys.stderr)
        return 2
    except Failed as error:
        print(f"mot15-compare: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
