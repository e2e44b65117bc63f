#!/usr/bin/env python3
"""Checks a Monte Carlo run's seeds.csv against per-scenario targets on the share of failing seeds.

    scripts/check-shares.py [--report] TARGETS.csv RESULTS/seeds.csv

TARGETS.csv (lines starting with '#' are comments) has the columns

    scenario,metric,max,max_failing_seeds,seeds

and says: of the scenario's `seeds` seeds, at most `max_failing_seeds` may have `metric` above `max`.
A seed fails a target when its run failed (status not `ok`), when the metric is empty (not
applicable, which fails as an `expect:` bound does) or when it is above `max` (a value equal to
`max` meets it, as in `expect:`). The targets are the issue's words as counts ("at most 1 of 20
seeds" is "at most 2 of 50"); `expect:` in a scenario file can state a share, but a suite cannot give
one scenario a bound of its own, hence this file (docs/scenarios.md, "The crossings suite").

Prints one line per target (scenario, metric, bound, seeds, failing seeds, the most allowed, the
share of seeds meeting the bound and the share required, the worst value, the verdict) and exits 0 when every target is met, 1 when one is missed, 2 on bad input: a file that
cannot be read or has the wrong columns, a value that is not a number, a target whose scenario is
not in the run or ran with another number of seeds, or a scenario of the run without any target
(every scenario of the suite must be judged, so a new one cannot slip through unjudged).

With --report the same table is printed, with the missed targets, but a missed target does not fail
(exit 0; bad input still exits 2): for figures stated before they are targets (the real-motion suite,
docs/real-data.md, whose targets are the tracker's to meet).
Standard library only.
"""

import csv
import math
import sys

TARGET_COLUMNS = ["scenario", "metric", "max", "max_failing_seeds", "seeds"]


class BadInput(Exception):
    pass


def read_rows(path, comments):
    """The rows of a CSV file as (line number, dict), with its header."""
    try:
        with open(path, newline="", encoding="utf-8") as f:
            lines = [(n, line) for n, line in enumerate(f, 1) if not (comments and line.startswith("#"))]
    except OSError as e:
        raise BadInput(f"{path}: cannot read: {e.strerror}")
    except UnicodeDecodeError:
        raise BadInput(f"{path}: not UTF-8 text")
    lines = [(n, line) for n, line in lines if line.strip()]
    if not lines:
        raise BadInput(f"{path}: empty; expected a header line")
    reader = csv.reader([line for _, line in lines])
    header = next(reader)
    rows = []
    for (n, _), cells in zip(lines[1:], reader):
        if len(cells) != len(header):
            raise BadInput(f"{path}:{n}: expected {len(header)} cells as in the header, got {len(cells)}")
        rows.append((n, dict(zip(header, cells))))
    return header, rows


def number(path, n, column, text, integer=False):
    try:
        value = int(text) if integer else float(text)
    except ValueError:
        kind = "a whole number" if integer else "a number"
        raise BadInput(f"{path}:{n}: {column}: expected {kind}, got '{text}'")
    if not integer and not math.isfinite(value):
        raise BadInput(f"{path}:{n}: {column}: expected a finite number, got '{text}'")
    return value


def read_targets(path):
    header, rows = read_rows(path, comments=True)
    if header != TARGET_COLUMNS:
        raise BadInput(f"{path}: expected the columns {','.join(TARGET_COLUMNS)}, got {','.join(header)}")
    targets, seen = [], set()
    for n, r in rows:
        key = (r["scenario"], r["metric"])
        if not r["scenario"] or not r["metric"]:
            raise BadInput(f"{path}:{n}: scenario and metric must not be empty")
        if key in seen:
            raise BadInput(f"{path}:{n}: a second target for {key[0]} {key[1]}")
        seen.add(key)
        seeds = number(path, n, "seeds", r["seeds"], integer=True)
        allowed = number(path, n, "max_failing_seeds", r["max_failing_seeds"], integer=True)
        if seeds < 1 or not 0 <= allowed <= seeds:
            raise BadInput(f"{path}:{n}: expected seeds >= 1 and 0 <= max_failing_seeds <= seeds")
        targets.append(
            {"scenario": key[0], "metric": key[1], "max": number(path, n, "max", r["max"]),
             "allowed": allowed, "seeds": seeds})
    if not targets:
        raise BadInput(f"{path}: no targets")
    return targets


def read_seeds(path, metrics):
    header, rows = read_rows(path, comments=False)
    missing = [c for c in ["scenario", "repetition", "status"] + sorted(metrics) if c not in header]
    if missing:
        raise BadInput(f"{path}: no column {', '.join(missing)} (is it a seeds.csv of `docksim run --repetitions`?)")
    by_scenario = {}
    for n, r in rows:
        by_scenario.setdefault(r["scenario"], []).append((n, r))
    return by_scenario


def check(targets, by_scenario, seeds_path):
    """One result line per target, in the targets' order."""
    judged = {t["scenario"] for t in targets}
    unjudged = sorted(set(by_scenario) - judged)
    if unjudged:
        raise BadInput(f"{seeds_path}: no target for {', '.join(unjudged)}; every scenario of the run needs one")
    results = []
    for t in targets:
        rows = by_scenario.get(t["scenario"])
        if rows is None:
            raise BadInput(f"{seeds_path}: {t['scenario']} is not in the run (a target names it)")
        if len(rows) != t["seeds"]:
            raise BadInput(
                f"{seeds_path}: {t['scenario']} ran with {len(rows)} seeds; its targets are stated for {t['seeds']}")
        failing, worst = 0, None
        for n, r in rows:
            cell = r[t["metric"]]
            value = None if cell == "" else number(seeds_path, n, t["metric"], cell)
            if r["status"] != "ok" or value is None or value > t["max"]:
                failing += 1
            if value is not None and (worst is None or value > worst):
                worst = value
        results.append(dict(t, failing=failing, worst=worst, met=failing <= t["allowed"]))
    return results


def fmt(x):
    return "n/a" if x is None else f"{x:.4g}"


def table(results):
    head = ["scenario", "metric", "bound", "seeds", "failing", "allowed", "share met", "required", "worst",
            "verdict"]
    lines = [
        [r["scenario"], r["metric"], f"<= {fmt(r['max'])}", str(r["seeds"]), str(r["failing"]), str(r["allowed"]),
         f"{(r['seeds'] - r['failing']) / r['seeds']:.2f}", f"{(r['seeds'] - r['allowed']) / r['seeds']:.2f}",
         fmt(r["worst"]), "ok" if r["met"] else "MISSED"]
        for r in results]
    widths = [max(len(row[i]) for row in [head] + lines) for i in range(len(head))]
    out = ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in [head] + lines]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)


def main(argv):
    args = argv[1:]
    report_only = bool(args) and args[0] == "--report"
    if report_only:
        args = args[1:]
    if len(args) != 2 or args[0].startswith("-"):
        print("usage: check-shares.py [--report] TARGETS.csv RESULTS/seeds.csv", file=sys.stderr)
        return 2
    targets_path, seeds_path = args
    try:
        targets = read_targets(targets_path)
        results = check(targets, read_seeds(seeds_path, {t["metric"] for t in targets}), seeds_path)
    except BadInput as e:
        print(f"check-shares: {e}", file=sys.stderr)
        return 2
    print(f"check-shares: {seeds_path} against {targets_path}")
    print("(failing: seeds with the metric above the target, not applicable, or a failed run)")
    print(table(results))
    missed = [r for r in results if not r["met"]]
    if missed:
        verdict = "reported, not gated" if report_only else "FAIL"
        print(f"check-shares: {verdict}: {len(missed)} of {len(results)} targets missed")
        for r in missed:
            print(f"  {r['scenario']}: {r['metric']} > {fmt(r['max'])} in {r['failing']} of {r['seeds']} seeds, "
                  f"at most {r['allowed']} allowed")
        return 0 if report_only else 1
    print(f"check-shares: pass: {len(results)} targets met")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
