#!/usr/bin/env python3
"""Writes the benchmark scenarios in Scenarios/benchmarks/ (not part of the default suite: `docksim run
Scenarios` reads only the files directly in Scenarios/). Deterministic: rerunning rewrites the same bytes.

  four-people-60s.yaml    60 s, 4 people (with faces): a presenter and three colleagues crossing
                          in front and behind, as four-people-crossing, repeated.
  sixteen-people-1h.yaml  1 hour, 16 people walking back and forth at several depths.
"""
import os

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Scenarios", "benchmarks")


def crossing(x, y_from, y_to, z, start, walk, pause, until):
    """Waypoints of someone walking between y_from and y_to at depth x, pausing at each end."""
    points = [(0.0, y_from)]
    t = start
    a, b = y_from, y_to
    points.append((t, a))
    while t + walk <= until:
        t += walk
        points.append((t, b))
        if t + pause > until:
            break
        t += pause
        points.append((t, b))
        a, b = b, a
    return "\n".join(
        f"      - {{ t_s: {tt:g}, x_m: {x:g}, y_m: {yy:g}, height_m: {z:g} }}" for tt, yy in points
    )


def four_people():
    d = 60
    out = f"""name: four-people-60s
description: >
  Benchmark: 60 s, four people with faces (eight boxes a frame). A presenter talks at the centre while
  three colleagues cross in front of and behind them again and again (four-people-crossing, repeated).
seed: 4060
duration_s: {d}
subjects:
  - id: presenter
    kind: humanBody
    width_m: 0.5
    height_m: 1.7
    face: true
    speaking: [{{ from_s: 0, to_s: {d} }}]
    sway: {{ lateral_m: 0.08, vertical_m: 0.01, period_s: 6 }}
    path:
      - {{ t_s: 0, azimuth_deg: 0, distance_m: 3.0, height_m: -0.15 }}
  - id: steve
    kind: humanBody
    width_m: 0.5
    height_m: 1.8
    face: true
    path:
{crossing(2.0, -3.5, 3.5, -0.1, 4, 6, 6, d)}
  - id: dhruv
    kind: humanBody
    width_m: 0.5
    height_m: 1.75
    face: true
    path:
{crossing(4.5, 4.0, -4.0, -0.12, 7, 7, 6, d)}
  - id: vamsi
    kind: humanBody
    width_m: 0.5
    height_m: 1.7
    face: true
    path:
{crossing(2.4, 4.0, -4.0, -0.15, 12, 7, 5, d)}
"""
    return out


def sixteen_people():
    d = 3600
    subjects = []
    for i in range(16):
        x = 1.8 + 0.35 * i
        span = 2.0 + 0.15 * i
        y0, y1 = (-span, span) if i % 2 == 0 else (span, -span)
        # Unhurried crossings (18-26 s, pauses of 8-11 s): a few hundred waypoints per person rather
        # than thousands, so that loading the file does not dominate the run's memory.
        walk = 18 + 2 * (i % 5)
        pause = 8 + (i % 4)
        start = 1 + (i % 7)
        face = "\n    face: true" if i % 2 == 0 else ""
        subjects.append(
            f"""  - id: person{i:02d}
    kind: humanBody
    width_m: 0.5
    height_m: {1.6 + 0.02 * (i % 10):.2f}{face}
    path:
{crossing(x, y0, y1, -0.15, start, walk, pause, d)}"""
        )
    return f"""name: sixteen-people-1h
description: >
  Benchmark: one hour, sixteen people walking back and forth at depths from 1.8 m to 7 m, half of them
  with faces. For peak memory: nothing may grow with the number of frames.
seed: 1616
duration_s: {d}
subjects:
""" + "\n".join(subjects) + "\n"


os.makedirs(HERE, exist_ok=True)
for name, text in [("four-people-60s.yaml", four_people()), ("sixteen-people-1h.yaml", sixteen_people())]:
    with open(os.path.join(HERE, name), "w") as f:
        f.write(text)
