#!/usr/bin/env python3
"""Runs Stone Soup's own global-nearest-neighbour tracker over a DockSim observation log and scores its
tracks against identity truth with py-motmetrics: the check of DockSim's GNNReferenceTracker
(docs/tracker.md, "Compared with a GNN tracker").

usage: stonesoup-gnn.py LOG TRUTH [--tracks OUT.csv] [--gate 21.108] [--q-angle 0.5] [--q-log-size 0.1]

Needs Stone Soup and py-motmetrics (pip install stonesoup motmetrics; tested with Stone Soup 1.9.1 and
motmetrics 1.4.0, Python 3.11). No test depends on it.

The tracker is Stone Soup's MultiTargetTracker with
  * ExtendedKalmanPredictor on CombinedLinearGaussianTransitionModel(ConstantVelocity(q) per axis) over
    (az, az_dot, el, el_dot, ls, ls_dot): DockSim's motion model (docs/tracker.md);
  * ExtendedKalmanUpdater on PanTiltBoxMeasurement below: DockSim's measurement model z = (u, v, h) of a
    pan/tilt pinhole camera at the frame's logged pose, with its analytic Jacobian, noise
    diag(0.004², 0.004², 0.006²), and the exact inverse projection for initiation;
  * GNNWith2DAssignment on DistanceHypothesiser(Mahalanobis(), missed_distance=sqrt(gate));
  * MultiMeasurementInitiator(min_points=3, updates_only=True) with its own GNN and
    UpdateTimeStepsDeleter(2), prior rate deviations 0.5 rad/s (angles) and 0.2 /s (log size);
  * UpdateTimeStepsDeleter(10).
Scoring follows docs/metrics.md ("What is compared") with a 0.05 match threshold: truth and tracks placed
through the logged camera pose, only centres inside the image, only Stone Soup's tracks (its confirmed
ones; the initiator's holding tracks are never output).
"""
import argparse
import csv
import datetime
import math

import motmetrics as mm
import numpy as np
from stonesoup.base import Property
from stonesoup.dataassociator.neighbour import GNNWith2DAssignment
from stonesoup.deleter.time import UpdateTimeStepsDeleter
from stonesoup.hypothesiser.distance import DistanceHypothesiser
from stonesoup.initiator.simple import MultiMeasurementInitiator
from stonesoup.measures import Mahalanobis
from stonesoup.models.base import ReversibleModel
from stonesoup.models.measurement.nonlinear import NonLinearGaussianMeasurement
from stonesoup.models.transition.linear import CombinedLinearGaussianTransitionModel, ConstantVelocity
from stonesoup.predictor.kalman import ExtendedKalmanPredictor
from stonesoup.tracker.simple import MultiTargetTracker
from stonesoup.types.array import StateVector, StateVectors
from stonesoup.types.detection import Detection
from stonesoup.types.state import GaussianState
from stonesoup.updater.kalman import ExtendedKalmanUpdater

HFOV = 1.2
ASPECT = 16.0 / 9.0
TH = math.tan(HFOV / 2)
TV = TH / ASPECT
# State order of Stone Soup's constant-velocity models: (az, az_dot, el, el_dot, ls, ls_dot).
AZ, EL, LS = 0, 2, 4


class PanTiltBoxMeasurement(NonLinearGaussianMeasurement, ReversibleModel):
    """DockSim's measurement model (docs/tracker.md): box centre (u, v) and height h of a direction
    (az, el) and log size ls through a pinhole camera at yaw psi and elevation theta."""

    psi: float = Property(doc="Camera yaw, rad")
    theta: float = Property(doc="Camera elevation (positive up), rad")

    @property
    def ndim_meas(self):
        return 3

    def function(self, state, noise=False, **kwargs):
        sv = state.state_vector
        az, el, ls = np.asarray(sv[AZ, :], float), np.asarray(sv[EL, :], float), np.asarray(sv[LS, :], float)
        a = az - self.psi
        st, ct = math.sin(self.theta), math.cos(self.theta)
        xc = np.cos(el) * np.sin(a)
        yc = ct * np.sin(el) - st * np.cos(el) * np.cos(a)
        zc = ct * np.cos(el) * np.cos(a) + st * np.sin(el)
        out = StateVectors([0.5 + (xc / zc) / (2 * TH), 0.5 + (yc / zc) / (2 * TV), np.exp(ls) / (2 * TV)])
        if isinstance(noise, bool) and noise:
            noise = self.rvs(num_samples=out.shape[1], **kwargs)
        if not isinstance(noise, bool):
            out = out + noise
        return out if out.shape[1] > 1 else StateVector(out[:, 0])

    def jacobian(self, state, **kwargs):
        sv = state.state_vector
        az, el, ls = float(sv[AZ, 0]), float(sv[EL, 0]), float(sv[LS, 0])
        a = az - self.psi
        st, ct = math.sin(self.theta), math.cos(self.theta)
        sa, ca, se, ce = math.sin(a), math.cos(a), math.sin(el), math.cos(el)
        zc = ct * ce * ca + st * se
        z2 = zc * zc
        th2, tv2 = 2 * TH, 2 * TV
        h = np.zeros((3, 6))
        h[0, AZ] = ce * (ct * ce + st * se * ca) / (th2 * z2)
        h[0, EL] = -st * sa / (th2 * z2)
        h[1, AZ] = se * ce * sa / (tv2 * z2)
        h[1, EL] = ca / (tv2 * z2)
        h[2, LS] = math.exp(ls) / tv2
        return h

    def inverse_function(self, detection, **kwargs):
        u, v, hgt = (float(x) for x in detection.state_vector[:, 0])
        xc, yc, zc = 2 * TH * (u - 0.5), 2 * TV * (v - 0.5), 1.0
        st, ct = math.sin(self.theta), math.cos(self.theta)
        sp, cp = math.sin(self.psi), math.cos(self.psi)
        # Camera (right, up, forward) to base (forward, right, up): tilt by theta, then pan by psi.
        fwd = ct * zc - st * yc
        up = st * zc + ct * yc
        right = xc
        dx, dy, dz = cp * fwd - sp * right, sp * fwd + cp * right, up
        n = math.sqrt(dx * dx + dy * dy + dz * dz)
        out = StateVector([0.0] * 6)
        out[AZ] = math.atan2(dy, dx)
        out[EL] = math.asin(dz / n)
        out[LS] = math.log(2 * TV * hgt)
        return out


def read_log(path):
    frames = []
    for row in csv.DictReader(line for line in open(path) if not line.startswith("#")):
        frame = int(row["frame"])
        if not frames or frames[-1]["frame"] != frame:
            frames.append({"frame": frame, "t": float(row["t_s"]), "psi": float(row["camera_yaw_rad"]),
                           "theta": -float(row["camera_pitch_rad"]), "boxes": []})
        if row["kind"]:
            frames[-1]["boxes"].append((float(row["center_u"]), float(row["center_v"]), float(row["height"])))
    return frames


def read_truth(path):
    truth = {}
    for row in csv.DictReader(line for line in open(path) if not line.startswith("#")):
        truth.setdefault(int(row["frame"]), []).append((row["subject"], float(row["az_rad"]), float(row["el_rad"])))
    return truth


def project(az, el, psi, theta):
    a = az - psi
    xc = math.cos(el) * math.sin(a)
    yc = math.cos(theta) * math.sin(el) - math.sin(theta) * math.cos(el) * math.cos(a)
    zc = math.cos(theta) * math.cos(el) * math.cos(a) + math.sin(theta) * math.sin(el)
    if zc <= 1e-9:
        return None
    return 0.5 + (xc / zc) / (2 * TH), 0.5 + (yc / zc) / (2 * TV)


def scored(p):
    return p is not None and 0 <= p[0] <= 1 and 0 <= p[1] <= 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("log")
    parser.add_argument("truth")
    parser.add_argument("--tracks", help="write every frame's tracks as CSV")
    parser.add_argument("--gate", type=float, default=21.108, help="NIS gate (chi-square, 3 dof)")
    parser.add_argument("--q-angle", type=float, default=0.5)
    parser.add_argument("--q-log-size", type=float, default=0.1)
    parser.add_argument("--threshold", type=float, default=0.05, help="match threshold, image units")
    args = parser.parse_args()

    transition = CombinedLinearGaussianTransitionModel(
        [ConstantVelocity(args.q_angle), ConstantVelocity(args.q_angle), ConstantVelocity(args.q_log_size)])
    noise = np.diag([0.004 ** 2, 0.004 ** 2, 0.006 ** 2])
    predictor = ExtendedKalmanPredictor(transition)
    updater = ExtendedKalmanUpdater(measurement_model=None)
    hypothesiser = DistanceHypothesiser(predictor, updater, measure=Mahalanobis(),
                                        missed_distance=math.sqrt(args.gate))
    prior = GaussianState(StateVector([0.0] * 6), np.diag([0, 0.5 ** 2, 0, 0.5 ** 2, 0, 0.2 ** 2]))
    initiator = MultiMeasurementInitiator(
        prior_state=prior, measurement_model=None, deleter=UpdateTimeStepsDeleter(2),
        data_associator=GNNWith2DAssignment(hypothesiser), updater=updater, min_points=3)
    tracker = MultiTargetTracker(initiator=initiator, deleter=UpdateTimeStepsDeleter(10), detector=None,
                                 data_associator=GNNWith2DAssignment(hypothesiser), updater=updater)

    frames = read_log(args.log)
    truth = read_truth(args.truth)
    first, last = min(truth), max(truth)
    start = datetime.datetime(2000, 1, 1)
    accumulator = mm.MOTAccumulator(auto_id=False)
    ids = {}
    subjects = {}
    rows = []
    # False-track lives: per track, the scored-frame ordinals of its current false stretch.
    runs, longest, false_frames = {}, 0, {}
    ordinal = 0
    for f in frames:
        time = start + datetime.timedelta(seconds=f["t"])
        model = PanTiltBoxMeasurement(ndim_state=6, mapping=(AZ, EL, LS), noise_covar=noise,
                                      psi=f["psi"], theta=f["theta"])
        detections = {Detection(StateVector(list(b)), timestamp=time, measurement_model=model)
                      for b in f["boxes"]}
        _, tracks = tracker.update_tracker(time, detections)
        hyps = []
        for track in tracks:
            tid = ids.setdefault(id(track), len(ids) + 1)
            sv = track.state_vector
            rows.append((f["frame"], tid, float(sv[AZ]), float(sv[EL]), float(sv[LS])))
            p = project(float(sv[AZ]), float(sv[EL]), f["psi"], f["theta"])
            if scored(p):
                hyps.append((tid, p))
        if not first <= f["frame"] <= last:
            continue
        objs = []
        for subject, az, el in truth.get(f["frame"], []):
            p = project(az, el, f["psi"], f["theta"])
            if scored(p):
                objs.append((subject, p))
        d2 = mm.distances.norm2squared_matrix(np.array([p for _, p in objs]).reshape(-1, 2),
                                              np.array([p for _, p in hyps]).reshape(-1, 2),
                                              max_d2=args.threshold ** 2)
        # The frame's events, read from the accumulator's event lists (motmetrics 1.4.0).
        before = len(accumulator._events["Type"])
        accumulator.update([subjects.setdefault(s, len(subjects)) for s, _ in objs], [t for t, _ in hyps],
                           np.sqrt(d2), frameid=f["frame"])
        events = list(zip(accumulator._events["Type"][before:], accumulator._events["HId"][before:]))
        live = {ids[id(t)] for t in tracks}
        paired = {h for kind, h in events if kind in ("MATCH", "SWITCH")}
        fps = [h for kind, h in events if kind == "FP"]
        for tid in list(runs):
            if tid in paired or tid not in live:
                del runs[tid]
        for tid in fps:
            false_frames[tid] = false_frames.get(tid, 0) + 1
            runs[tid] = (runs.get(tid, (ordinal, ordinal))[0], ordinal)
            longest = max(longest, runs[tid][1] - runs[tid][0] + 1)
        ordinal += 1

    if args.tracks:
        with open(args.tracks, "w", newline="") as out:
            out.write("frame,track_id,az,el,ls\n")
            for r in rows:
                out.write(",".join(str(x) for x in r) + "\n")
    summary = mm.metrics.create().compute(
        accumulator, metrics=["mota", "idf1", "num_switches", "num_false_positives", "num_misses",
                              "num_objects", "num_predictions"], name="stonesoup")
    s = summary.iloc[0]
    print("metric,value")
    for name, value in [("mota", s["mota"]), ("idf1", s["idf1"]), ("id_switches", s["num_switches"]),
                        ("false_positives", s["num_false_positives"]), ("misses", s["num_misses"]),
                        ("longest_false_track_frames", longest),
                        ("most_false_frames_of_one_track", max(false_frames.values(), default=0)),
                        ("truth_rows", s["num_objects"]), ("track_rows", s["num_predictions"]),
                        ("frames_scored", ordinal)]:
        print("%s,%s" % (name, value))


if __name__ == "__main__":
    main()
