#!/usr/bin/env python3
"""Validates scenario files against the committed JSON Schema with a real JSON Schema validator.

Usage: check-scenario-schema.py SCHEMA.json DIR_OR_FILE...

Every *.yaml/*.yml under the given directories that is a scenario (not a suite, a tuning file or the
gate's tolerance file) must be valid, and a few known-bad edits of the first one (an unknown field, a
wrong type, a missing required field, a number out of bounds, two commands in one event) must each be
refused: a schema that accepts everything would otherwise pass. Prints one line per file and a closing
'N passed, N failed' line; exits 1 on any failure, 2 on bad usage.
"""
import copy
import json
import os
import re
import sys

import jsonschema
import yaml


class ScenarioYAMLLoader(yaml.SafeLoader):
    """PyYAML's safe loader read as YAML 1.2, like the YAML language server: `16:9` is a string (DockSim
    reads it as a ratio), not a YAML 1.1 base-60 number, and only true/false are booleans (`animate:
    yes` is the animation)."""


# Resolvers are tried in order and the first match wins: these look-alikes are strings first.
_BASE_60 = re.compile(r"^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$")
_YAML_11_BOOL = re.compile(r"^(?:yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|y|Y|n|N)$")
ScenarioYAMLLoader.yaml_implicit_resolvers = {
    first: ([("tag:yaml.org,2002:str", _BASE_60)] if first in "+-0123456789" else [])
    + ([("tag:yaml.org,2002:str", _YAML_11_BOOL)] if first in "yYnNoO" else [])
    + list(resolvers)
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def is_scenario(path):
    name = os.path.basename(path)
    if name.endswith((".suite.yaml", ".suite.yml", ".tune.yaml", ".tune.yml")):
        return False
    # The gate's tolerance file and baselines live in baseline/, detector profiles (a detector section
    # for detector.profile or --params) in detectors/.
    return os.path.basename(os.path.dirname(path)) not in ("baseline", "detectors")


def scenario_files(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, names in os.walk(path):
                dirs.sort()
                for name in sorted(names):
                    full = os.path.join(root, name)
                    if name.endswith((".yaml", ".yml")) and is_scenario(full):
                        files.append(full)
        else:
            files.append(path)
    return files


def errors(validator, document):
    return sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))


def describe(error):
    where = ".".join(str(p) for p in error.absolute_path) or "(top level)"
    return f"{where}: {error.message[:200]}"


def known_bad(base):
    """(label, document) pairs that a correct schema must refuse."""
    def edited(change):
        doc = copy.deepcopy(base)
        change(doc)
        return doc

    def two_commands(doc):
        doc["events"] = [{"t_s": 1, "docked": True, "charging": False}]

    return [
        ("unknown top-level field 'sead'", edited(lambda d: d.__setitem__("sead", 1))),
        ("unknown field in dock.yaw", edited(lambda d: d.setdefault("dock", {}).setdefault("yaw", {})
                                             .__setitem__("max_speed", 10))),
        ("seed as a string", edited(lambda d: d.__setitem__("seed", "abc"))),
        ("duration_s below its bound", edited(lambda d: d.__setitem__("duration_s", -1))),
        ("subjects missing", edited(lambda d: d.pop("subjects"))),
        ("unknown subject kind", edited(lambda d: d["subjects"][0].__setitem__("kind", "humanFase"))),
        ("two commands in one event", edited(two_commands)),
        ("a waypoint both polar and cartesian",
         edited(lambda d: d["subjects"][0]["path"][0].update({"azimuth_deg": 0, "distance_m": 2, "x_m": 1,
                                                              "y_m": 1}))),
    ]


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    files = scenario_files(argv[2:])
    if not files:
        print("check-scenario-schema: no scenario files found", file=sys.stderr)
        return 1
    passed = failed = 0
    first = None
    for path in files:
        with open(path, encoding="utf-8") as f:
            document = yaml.load(f, Loader=ScenarioYAMLLoader)
        found = errors(validator, document)
        if found:
            failed += 1
            print(f"FAIL {path}")
            for error in found[:10]:
                print(f"     {describe(error)}")
        else:
            passed += 1
            print(f"ok   {path}")
            if first is None:
                first = (path, document)
    if first is not None:
        for label, document in known_bad(first[1]):
            if errors(validator, document):
                passed += 1
                print(f"ok   refused: {label} (edited {first[0]})")
            else:
                failed += 1
                print(f"FAIL accepted: {label} (edited {first[0]})")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
