#!/usr/bin/env bash
# The sharded run on a real job engine (docs/sharding.md, "Slurm: an array"): starts a single-node Slurm
# (slurmctld and slurmd, authenticated by munge) configured in a temporary directory, runs a Monte Carlo
# suite as an array job (`sbatch --array=0-3`, one shard per task, taken from SLURM_ARRAY_TASK_ID and
# SLURM_ARRAY_TASK_COUNT), merges the shards with `docksim merge`, and compares every byte with one local
# run of the same suite.
#
# Usage: scripts/slurm-check.sh DOCKSIM_BINARY [SUITE]
# Installs slurm-wlm and munge with apt-get when missing (as root or through sudo). When the daemons
# cannot be installed or started here (no root, a sandbox without the needed privileges), it prints
# "slurm-check: SKIPPED: <why>" and exits 0: the reason is always printed, never skipped silently.
# A task that fails, a merge that fails or a byte that differs exits 1.
set -euo pipefail

docksim=$(realpath "${1:?usage: slurm-check.sh DOCKSIM_BINARY [SUITE]}")
suite=$(realpath "${2:-Scenarios/suites/monte-carlo.suite.yaml}")
tasks=4
timeout_s=600

skip() {
  echo "slurm-check: SKIPPED: $*"
  exit 0
}

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    skip "the Slurm and munge daemons need root (or password-less sudo), and this user has neither"
  fi
fi

if ! command -v slurmctld >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
  command -v apt-get >/dev/null 2>&1 || skip "slurm-wlm and munge are not installed and apt-get is not available"
  echo "slurm-check: installing slurm-wlm and munge ..."
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >/dev/null || skip "apt-get update failed"
  $SUDO apt-get install -y -qq slurm-wlm munge >/dev/null || skip "apt-get install slurm-wlm munge failed"
fi

work=$(mktemp -d /tmp/docksim-slurm.XXXXXX)
started_munged=0
cleanup() {
  local status=$?
  set +e
  local pids=()
  for pidfile in "$work"/run/slurmd.pid "$work"/run/slurmctld.pid; do
    [ -f "$pidfile" ] && pids+=("$(cat "$pidfile")")
  done
  if [ "$started_munged" -eq 1 ] && [ -f /run/munge/munged.pid ]; then
    pids+=("$(cat /run/munge/munged.pid)")
  fi
  for pid in "${pids[@]}"; do $SUDO kill "$pid" 2>/dev/null; done
  # slurmctld saves its state on SIGTERM, so the state directory is still
  # being written for a moment after the kill: wait for the daemons to exit
  # before removing it (a removal racing that save failed a passing check).
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && $SUDO kill -9 "$pid" 2>/dev/null
  done
  if [ "$status" -ne 0 ]; then
    echo "slurm-check: logs in $work/log (kept)" >&2
  else
    for _ in 1 2 3 4 5; do rm -rf "$work" 2>/dev/null && break; sleep 0.5; done
    [ -e "$work" ] && echo "slurm-check: note: could not remove $work (left behind)" >&2
  fi
  exit "$status"
}
trap cleanup EXIT
mkdir -p "$work"/{state,spool,log,run,out}

# munge: a key and a running daemon (an already running one is used as it is).
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  $SUDO mkdir -p /etc/munge /var/lib/munge /var/log/munge /run/munge
  [ -f /etc/munge/munge.key ] || $SUDO mungekey --create >/dev/null 2>&1 \
    || $SUDO sh -c 'dd if=/dev/urandom of=/etc/munge/munge.key bs=128 count=1 2>/dev/null'
  $SUDO chown -R munge:munge /etc/munge /var/lib/munge /var/log/munge /run/munge 2>/dev/null || true
  $SUDO chmod 0400 /etc/munge/munge.key
  $SUDO munged --force >/dev/null 2>&1 || skip "munged does not start here"
  started_munged=1
  for _ in $(seq 1 20); do munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break; sleep 0.5; done
  munge -n 2>/dev/null | unmunge >/dev/null 2>&1 || skip "munge does not authenticate here"
fi

# One node, this machine; ports above the usual 6817/6818 so that a real Slurm here is not disturbed.
host=$(hostname -s)
cpus=$(nproc)
memory=$(awk '/MemTotal/ { print int($2 / 1024) - 512 }' /proc/meminfo)
port=$((20000 + RANDOM % 20000))
cat >"$work/slurm.conf" <<EOF
ClusterName=docksim-check
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/run/slurmctld.pid
SlurmdPidFile=$work/run/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
SlurmctldPort=$port
SlurmdPort=$((port + 1))
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=check Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$work/slurm.conf"
$SUDO env SLURM_CONF="$SLURM_CONF" slurmctld -f "$SLURM_CONF" >/dev/null 2>&1 || skip "slurmctld does not start here"
$SUDO env SLURM_CONF="$SLURM_CONF" slurmd -f "$SLURM_CONF" >/dev/null 2>&1 || skip "slurmd does not start here"
for _ in $(seq 1 60); do
  sinfo -h -o %t 2>/dev/null | grep -qx idle && break
  sleep 0.5
done
sinfo -h -o %t 2>/dev/null | grep -qx idle \
  || skip "the node did not come up idle within 30 s (sinfo: $(sinfo -h 2>&1 | head -1))"
echo "slurm-check: single-node Slurm up ($(sinfo --version)), node $host with $cpus CPUs"

# The array: each task is one shard, from Slurm's own variables (no --shard), and records its exit status.
job=$(sbatch --parsable --array=0-$((tasks - 1)) --output="$work/log/task-%a.log" --chdir="$PWD" \
  --wrap "OPENBLAS_NUM_THREADS=1 '$docksim' run '$suite' --out '$work/out/shard-'\$SLURM_ARRAY_TASK_ID --quiet; \
echo \$? > '$work/out/exit-'\$SLURM_ARRAY_TASK_ID")
echo "slurm-check: submitted array job $job ($tasks tasks) running $(basename "$suite")"
# A job that never leaves PENDING means this machine cannot launch Slurm jobs (not a DockSim failure).
for _ in $(seq 1 120); do
  [ -z "$(squeue -h -j "$job" -t PENDING 2>/dev/null)" ] && break
  sleep 0.5
done
if [ -n "$(squeue -h -j "$job" -t PENDING 2>/dev/null)" ] && [ -z "$(squeue -h -j "$job" -t RUNNING 2>/dev/null)" ] \
  && ! ls "$work"/out/exit-* >/dev/null 2>&1; then
  reason=$(squeue -h -j "$job" -o %r 2>/dev/null | head -1)
  scancel "$job" || true
  skip "the array job stayed pending for 60 s (reason: ${reason:-unknown}); this machine cannot launch Slurm jobs"
fi
waited=0
while [ -n "$(squeue -h -j "$job" 2>/dev/null)" ]; do
  sleep 1
  waited=$((waited + 1))
  if [ "$waited" -ge "$timeout_s" ]; then
    scancel "$job" || true
    echo "slurm-check: FAIL: the array job did not finish within $timeout_s s" >&2
    exit 1
  fi
done
for i in $(seq 0 $((tasks - 1))); do
  status=$(cat "$work/out/exit-$i" 2>/dev/null || echo "missing")
  if [ "$status" != 0 ]; then
    echo "slurm-check: FAIL: task $i ended with status $status; its log:" >&2
    cat "$work/log/task-$i.log" >&2 || true
    exit 1
  fi
done

"$docksim" merge --out "$work/out/merged" --quiet "$work"/out/shard-*
OPENBLAS_NUM_THREADS=1 "$docksim" run "$suite" --out "$work/out/local" --quiet
if ! diff -r "$work/out/local" "$work/out/merged" >"$work/log/diff.txt"; then
  echo "slurm-check: FAIL: the merged array job differs from one local run:" >&2
  head -20 "$work/log/diff.txt" >&2
  exit 1
fi
files=$(find "$work/out/merged" -type f | wc -l)
echo "slurm-check: PASS: $tasks array tasks merged equal one local run, byte for byte ($files files)"
