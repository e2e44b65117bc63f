#!/usr/bin/env python3
"""Rewrites a reference EKF fixture's ground truth (one subject) as a DockSim reference track.

usage: fixture-to-reference.py TRUTH_CSV OUT_CSV

The fixture's az and el are already in the stand's base frame (azimuth positive right, elevation
positive up), as the reference format wants. Values are copied as text, so every number stays the
exact double of the fixture.
"""
import csv
import sys

truth_path, out_path = sys.argv[1:3]
with open(out_path, "w", newline="") as out:
    out.write("# DockSim reference track, converted from the shared EKF fixture (K1 ground truth)\n")
    out.write("frame,az_rad,el_rad\n")
    for row in csv.DictReader(open(truth_path)):
        if row["subject"] != "0":
            continue
        out.write(",".join([row["frame"], row["az"], row["el"]]) + "\n")
