#!/usr/bin/env python3
"""The Kubernetes recipe of docs/sharding.md ("Kubernetes: an indexed Job"), run as far as this machine can.

No Kubernetes control plane can be installed here (Debian 12 packages only kubectl, PyPI has no
kube-apiserver or kubelet, and no container registry is reachable), so this script does not start a
cluster. It runs what the documented manifest makes each pod run, exactly as written, with what Kubernetes
gives a pod of an indexed Job:

* it reads the two Job manifests from the YAML block of docs/sharding.md (so the documentation is what
  runs) and checks the fields the recipe relies on: `completionMode: Indexed`, `completions`,
  `parallelism`, `restartPolicy: Never`, the shard count variable equal to `completions`;
* for every completion index it runs the container's `command` + `args` with the container's `env`, the
  variable Kubernetes sets (`JOB_COMPLETION_INDEX`), the `workingDir` (this checkout, standing in for the
  image's `/docksim`) and the volume's `mountPath` mapped to a temporary directory, up to `parallelism`
  pods at once; a pod's exit status must be 0, as `restartPolicy: Never` with a `backoffLimit` judges it;
* then the merge Job's container the same way, once every shard pod succeeded (what
  `kubectl wait --for=condition=complete` orders), which merges and gates;
* and compares every file the merge wrote with one local `docksim run` of the same inputs, byte for byte.

Usage: scripts/k8s-indexed-job-check.py DOCKSIM_BINARY
Exit 0 when every pod succeeds and the merged files equal the local run, 1 otherwise, 2 on a manifest that
does not have the fields the recipe needs.
"""

import filecmp
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:  # as scripts/check-scenario-schema.sh does
    print("k8s-check: installing PyYAML (pip) ...")
    subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                           "PyYAML>=6.0"])
    import yaml

DOC = "docs/sharding.md"
SECTION = "## Kubernetes: an indexed Job"


def fail(message, code=1):
    print(f"k8s-check: FAIL: {message}", file=sys.stderr)
    sys.exit(code)


def manifests():
    text = open(DOC, encoding="utf-8").read()
    start = text.find(SECTION)
    if start < 0:
        fail(f"{DOC}: no section '{SECTION}'", 2)
    block = re.search(r"```yaml\n(.*?)```", text[start:], re.S)
    if not block:
        fail(f"{DOC}: section '{SECTION}' has no yaml block", 2)
    jobs = [d for d in yaml.safe_load_all(block.group(1)) if d]
    if len(jobs) != 2 or any(j.get("kind") != "Job" for j in jobs):
        fail(f"{DOC}: expected two Job manifests (the shards, then the merge), found {len(jobs)}", 2)
    return jobs


def container(job):
    spec = job["spec"]["template"]["spec"]
    if spec.get("restartPolicy") != "Never":
        fail(f"Job {job['metadata']['name']}: restartPolicy must be Never (a shard's exit 1 is a verdict)", 2)
    (c,) = spec["containers"]
    mounts = {v["name"]: v["mountPath"] for v in c.get("volumeMounts", [])}
    return c, mounts


def pod_command(c, mounts, volume_dirs, env_extra, bin_dir):
    """The pod's argv and environment, with each mount path mapped to its directory here."""
    def mapped(s):
        for name, path in mounts.items():
            s = s.replace(path, volume_dirs[name])
        return s

    argv = [mapped(a) for a in c.get("command", []) + c.get("args", [])]
    env = {
        "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/root"),
        "OPENBLAS_NUM_THREADS": "1",
    }
    for e in c.get("env", []):
        env[e["name"]] = mapped(str(e["value"]))
    env.update(env_extra)
    return argv, env


def main():
    if len(sys.argv) != 2:
        print("usage: k8s-indexed-job-check.py DOCKSIM_BINARY", file=sys.stderr)
        sys.exit(2)
    docksim = os.path.realpath(sys.argv[1])
    shards_job, merge_job = manifests()
    spec = shards_job["spec"]
    if spec.get("completionMode") != "Indexed":
        fail("the shard Job must have completionMode: Indexed (that is what sets JOB_COMPLETION_INDEX)", 2)
    completions, parallelism = int(spec["completions"]), int(spec.get("parallelism", 1))
    shard_c, shard_mounts = container(shards_job)
    merge_c, merge_mounts = container(merge_job)
    count = {e["name"]: str(e["value"]) for e in shard_c.get("env", [])}.get("DOCKSIM_SHARD_COUNT")
    if count != str(completions):
        fail(f"DOCKSIM_SHARD_COUNT is {count!r} but completions is {completions}: shards would be lost", 2)

    work = tempfile.mkdtemp(prefix="docksim-k8s.")
    ok = False
    try:
        bin_dir = os.path.join(work, "bin")
        os.makedirs(bin_dir)
        os.symlink(docksim, os.path.join(bin_dir, "docksim"))
        # One directory per volume, shared by every pod (a ReadWriteMany claim).
        volumes = {n: os.path.join(work, "volume-" + n) for n in set(shard_mounts) | set(merge_mounts)}
        for d in volumes.values():
            os.makedirs(d)
        workdir = os.getcwd()  # the image's workingDir holds docksim's Scenarios/: this checkout

        pending, running, logs = list(range(completions)), [], {}
        while pending or running:
            while pending and len(running) < parallelism:
                i = pending.pop(0)
                argv, env = pod_command(
                    shard_c, shard_mounts, volumes, {"JOB_COMPLETION_INDEX": str(i)}, bin_dir)
                log = open(os.path.join(work, f"pod-{i}.log"), "w")
                logs[i] = log.name
                running.append((i, subprocess.Popen(argv, cwd=workdir, env=env, stdout=log, stderr=log)))
            i, p = running.pop(0)
            if p.wait() != 0:
                fail(f"pod with JOB_COMPLETION_INDEX={i} exited {p.returncode}; its log: {logs[i]}")
        print(f"k8s-check: {completions} indexed pods ({parallelism} at a time) succeeded")

        argv, env = pod_command(merge_c, merge_mounts, volumes, {}, bin_dir)
        merge_log = os.path.join(work, "merge.log")
        with open(merge_log, "w") as log:
            if subprocess.call(argv, cwd=workdir, env=env, stdout=log, stderr=log) != 0:
                fail(f"the merge Job's container failed; its log: {merge_log}")

        merged = os.path.join(volumes["results"], "merged")
        local = os.path.join(work, "local")
        # The same inputs the shard pods were given, in one process and without a shard.
        args = [a for a in shard_c["args"][0].split("||")[0].split()]
        if args[:2] != ["docksim", "run"] or "--out" not in args:
            fail(f"the shard command is not `docksim run … --out DIR`: {shard_c['args'][0]!r}", 2)
        at = args.index("--out")
        args[at + 1] = local
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
        for var in ("JOB_COMPLETION_INDEX", "DOCKSIM_SHARD_COUNT", "DOCKSIM_SHARD", "SLURM_ARRAY_TASK_ID"):
            env.pop(var, None)
        if subprocess.call([docksim] + args[1:] + ["--quiet"], cwd=workdir, env=env) not in (0, 1):
            fail("the local run failed")
        compared = 0
        for root, _, files in os.walk(local):
            for f in files:
                a = os.path.join(root, f)
                b = os.path.join(merged, os.path.relpath(a, local))
                if not os.path.exists(b):
                    fail(f"merged results lack {os.path.relpath(a, local)}")
                if not filecmp.cmp(a, b, shallow=False):
                    fail(f"{os.path.relpath(a, local)} differs between the merged pods and one local run")
                compared += 1
        print(f"k8s-check: PASS: {completions} indexed pods merged and gated equal one local run, "
              f"byte for byte ({compared} files)")
        ok = True
    finally:
        if ok:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"k8s-check: pod logs kept in {work}", file=sys.stderr)


if __name__ == "__main__":
    main()
