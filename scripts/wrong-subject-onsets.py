#!/usr/bin/env python3
"""Why the selected person was lost: the onset of each failing seed's longest wrong-subject stretch.

For every seed of a Monte Carlo run whose `wrong_subject_s` is above the bound (default 1 s, the
tracker issue's target), reruns that scenario alone with that seed (`docksim run FILE --set seed=S`),
reads the judge's verdict per frame from its trace (`wrong_subject`, `primary_on`; docs/csv.md) and the
intended subject's visible fraction from `objects.csv`, and classes the onset of the longest stretch by
what the intended subject showed in the `--window` seconds before it:

  after full occlusion      at least `--hidden-frames` frames under 30 % visible (no detector of the
                            model reports them then: the identity had to survive a full hiding)
  during partial occlusion  otherwise, some frame under 50 % visible
  while visible             the subject was at least half visible throughout
  at the start              the stretch starts in the first frame the subject is judged

Prints one line per failing seed and a Markdown table of the classes per scenario. Deterministic.

  scripts/wrong-subject-onsets.py --docksim BIN --seeds RUN/seeds.csv [--params FILE]... FILES...

FILES are the scenario files the run used (their `name:` maps the seeds' rows to them); --params are
the run's (a suite's `params:` included). A rerun that does not reproduce the seed's `wrong_subject_s`
stops the script with what differs.
"""
import argparse
import collections
import csv
import importlib.util
import math
import os
import re
import subprocess
import sys
import tempfile

# The number rule of check-shares.py (finite numbers, file:line: column named), not a second one.
_spec = importlib.util.spec_from_file_location(
    "check_shares", os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-shares.py"))
check_shares = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_shares)


def rows_of(path):
    """The rows of a CSV file as (line number, row by column name)."""
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        return [(reader.line_num, r) for r in reader]


def number(path, n, row, column):
    return check_shares.number(path, n, column, row[column])

CLASSES = ["after full occlusion", "during partial occlusion", "while visible", "at the start"]


def scenario_names(files):
    names = {}
    for f in files:
        with open(f, encoding="utf-8") as fh:
            text = fh.read()
        m = re.search(r"^name:\s*['\"]?([^'\"\s#]+)", text, re.M)
        p = re.search(r"^primary_subject:\s*['\"]?([^'\"\s#]+)", text, re.M)
        if not m:
            sys.exit(f"wrong-subject-onsets: {f}: no top-level 'name:'")
        first = re.search(r"^\s*-\s*id:\s*['\"]?([^'\"\s#,}]+)", text, re.M)
        names[m.group(1)] = (f, p.group(1) if p else (first.group(1) if first else None))
    return names


def classify(trace_path, trace, objects_path, objects, intended, window_s, hidden_frames):
    visible = {}
    for n, o in objects:
        if o["type"] == "gt" and o["id"] == intended and o["visible_fraction"] != "":
            v = number(objects_path, n, o, "visible_fraction")
            visible[o["frame"]] = max(visible.get(o["frame"], 0.0), v)
    times = [number(trace_path, n, r, "t_s") for n, r in trace]
    rows = [r for _, r in trace]
    stretches, start = [], None
    for i, r in enumerate(rows):
        if r["wrong_subject"] == "1" and start is None:
            start = i
        if r["wrong_subject"] != "1" and start is not None:
            stretches.append((start, i))
            start = None
    if start is not None:
        stretches.append((start, len(rows)))
    if not stretches:
        return None
    a, _ = max(stretches, key=lambda s: (s[1] - s[0], -s[0]))
    onset_t = times[a]
    judged = [i for i, r in enumerate(rows) if r["wrong_subject"] != ""]
    before = [r for r, t in zip(rows[:a], times[:a]) if onset_t - t <= window_s]
    vis = [visible.get(r["frame"], 0.0) for r in before if r["frame"] in visible]
    hidden = sum(1 for v in vis if v < 0.3)
    if judged and a == judged[0]:
        kind = "at the start"
    elif hidden >= hidden_frames:
        kind = "after full occlusion"
    elif vis and min(vis) < 0.5:
        kind = "during partial occlusion"
    else:
        kind = "while visible"
    return kind, onset_t, rows[a]["primary_on"]


def finite_seconds(text):
    value = float(text)
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"expected a finite number of seconds, at least 0, got '{text}'")
    return value


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--docksim", required=True)
    ap.add_argument("--seeds", required=True, help="the run's seeds.csv")
    ap.add_argument("--params", action="append", default=[], help="as given to the run (repeatable)")
    ap.add_argument("--bound", type=finite_seconds, default=1.0, help="wrong_subject_s above this fails (s)")
    ap.add_argument("--window", type=finite_seconds, default=1.5, help="seconds before the onset looked at")
    ap.add_argument("--hidden-frames", type=int, default=10)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    names = scenario_names(args.files)
    try:
        run(args, names)
    except check_shares.BadInput as e:
        sys.exit(f"wrong-subject-onsets: {e}")


def run(args, names):
    rows = rows_of(args.seeds)
    counts = collections.defaultdict(collections.Counter)
    totals = collections.Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for n, r in rows:
            totals[r["scenario"]] += 1
            w = r["wrong_subject_s"]
            if w != "" and number(args.seeds, n, r, "wrong_subject_s") <= args.bound:
                continue
            if r["scenario"] not in names:
                sys.exit(f"wrong-subject-onsets: {args.seeds}: scenario {r['scenario']} is in none of the files")
            path, intended = names[r["scenario"]]
            out = os.path.join(tmp, "run")
            cmd = [args.docksim, "run", path, "--set", f"seed={r['seed']}", "--out", out, "--quiet", "--jobs", "1"]
            for p in args.params:
                cmd += ["--params", p]
            done = subprocess.run(cmd, capture_output=True, text=True)
            if done.returncode > 1:
                sys.exit(f"wrong-subject-onsets: {' '.join(cmd)} exited {done.returncode}: {done.stderr.strip()}")
            again = rows_of(os.path.join(out, "summary.csv"))[0][1]["wrong_subject_s"]
            if again != w:
                sys.exit(f"wrong-subject-onsets: {path} with seed {r['seed']} gives wrong_subject_s {again or 'empty'}, "
                         f"not {w or 'empty'} as in {args.seeds}: give the run's --params (a suite's `params:` too)")
            base = os.path.join(out, "traces", r["scenario"])
            trace = rows_of(base + ".csv")
            objects = rows_of(base + ".objects.csv")
            if not trace or "wrong_subject" not in trace[0][1]:
                sys.exit("wrong-subject-onsets: the trace has no wrong_subject column (docksim too old)")
            c = classify(base + ".csv", trace, base + ".objects.csv", objects, intended, args.window,
                         args.hidden_frames)
            kind = c[0] if c else "while visible"
            counts[r["scenario"]][kind] += 1
            if c:
                wrong = f"{float(w):.2f} s" if w else "no value of"
                print(f"{r['scenario']} seed {r['seed']}: {wrong} wrong; longest from "
                      f"{c[1]:.2f} s on {c[2] or 'nobody'}: {kind}")
    print()
    print("| scenario | failing | " + " | ".join(CLASSES) + " |")
    print("|---|---|" + "---|" * len(CLASSES))
    grand = collections.Counter()
    for s in sorted(totals):
        n = sum(counts[s].values())
        grand.update(counts[s])
        print(f"| `{s}` | {n} of {totals[s]} | " + " | ".join(str(counts[s][k]) for k in CLASSES) + " |")
    n = sum(grand.values())
    print(f"| all | {n} of {sum(totals.values())} | " + " | ".join(str(grand[k]) for k in CLASSES) + " |")


if __name__ == "__main__":
    main()
