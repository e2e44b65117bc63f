#!/usr/bin/env python3
"""Rewrites a reference EKF fixture (camera + meas or dets CSVs) as a DockSim observation log.

usage: fixture-to-log.py CAMERA_CSV MEAS_CSV OUT_CSV

MEAS_CSV is K1_meas.csv (one subject) or K4_dets.csv (four subjects' detections, shuffled, without
identity): any CSV with frame, u, v and h columns, rows in frame order.

The fixture's camera elevation theta (positive up) becomes DockKit's pitch (positive down) = -theta.
Values are copied as text, so every number stays the exact double of the fixture. The fixture has no
box width; the log's width column is 0.
"""
import csv
import os
import sys

camera_path, meas_path, out_path = sys.argv[1:4]
cameras = {row["frame"]: row for row in csv.DictReader(open(camera_path))}
with open(out_path, "w", newline="") as out:
    name = os.path.basename(meas_path).split("_")[0]
    out.write("# DockSim observation log, converted from the shared EKF fixture (%s)\n" % name)
    out.write("frame,t_s,camera_yaw_rad,camera_pitch_rad,kind,center_u,center_v,width,height\n")
    for row in csv.DictReader(open(meas_path)):
        cam = cameras[row["frame"]]
        theta = cam["theta"]
        pitch = theta[1:] if theta.startswith("-") else "-" + theta
        out.write(",".join([row["frame"], cam["t"], cam["psi"], pitch, "humanFace",
                            row["u"], row["v"], "0", row["h"]]) + "\n")
