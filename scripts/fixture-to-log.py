#!/usr/bin/env python3
"""Rewrites a reference EKF fixture (camera + meas CSVs, one subject) as a DockSim observation log.

usage: fixture-to-log.py CAMERA_CSV MEAS_CSV OUT_CSV

The fixture's camera elevation theta (positive up) becomes DockKit's pitch (positive down) = -theta.
Values are copied as text, so every number stays the exact double of the fixture. The fixture has no
box width; the log's width column is 0.
"""
import csv
import sys

camera_path, meas_path, out_path = sys.argv[1:4]
cameras = {row["frame"]: row for row in csv.DictReader(open(camera_path))}
with open(out_path, "w", newline="") as out:
    out.write("# DockSim observation log, converted from the shared EKF fixture (K1)\n")
    out.write("frame,t_s,camera_yaw_rad,camera_pitch_rad,kind,center_u,center_v,width,height\n")
    for row in csv.DictReader(open(meas_path)):
        cam = cameras[row["frame"]]
        theta = cam["theta"]
        pitch = theta[1:] if theta.startswith("-") else "-" + theta
        out.write(",".join([row["frame"], cam["t"], cam["psi"], pitch, "humanFace",
                            row["u"], row["v"], "0", row["h"]]) + "\n")
