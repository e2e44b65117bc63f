#!/usr/bin/env bash
# Writes the seed inputs of the fuzzer's `shard` target (Tests/Fixtures/fuzz/seeds/shard/) from two real
# sharded runs of three one-second scenarios, so the seeds have the tables this docksim writes and the
# fuzzer starts from inputs `merge` accepts. Each seed bundles the files of the shard directories s0 and
# s1 as sections `==> s0/summary.csv <==`; traces are copied by `merge` without being read, so their
# contents are replaced by `(trace)`. Usage: scripts/make-fuzz-shard-seeds.sh [DOCKSIM]
set -euo pipefail
cd "$(dirname "$0")/.."
docksim="$(realpath "${1:-.build/release/docksim}")"
out="$PWD/Tests/Fixtures/fuzz/seeds/shard"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for s in a:1 b:2 c:3; do
  name="${s%%:*}"
  cat >"$work/$name.yaml" <<YAML
name: $name
seed: ${s##*:}
duration_s: 1
subjects:
  - id: p
    kind: humanBody
    width_m: 0.5
    height_m: 1.7
    path:
      - { t_s: 0, azimuth_deg: 0, distance_m: 2, height_m: 0 }
expect:
  in_frame_ratio: { min: 0.5 }
YAML
done

# bundle DIR SEED: the files of DIR/s0 and DIR/s1, sorted, as one seed file.
bundle() {
  (
    cd "$1"
    for f in $(find s0 s1 -type f ! -name '.*' | LC_ALL=C sort); do
      echo "==> $f <=="
      # A blank line after each file: the target joins a section's lines with newlines, so the file's
      # own last newline needs an empty last line.
      case "$f" in */traces/*) echo "(trace)" ;; *) cat "$f" && echo ;; esac
    done
  ) >"$out/$2.txt"
}

cd "$work"
for i in 0 1; do "$docksim" run a.yaml c.yaml --shard "$i/2" --out "single/s$i" --quiet; done
for i in 0 1; do
  "$docksim" run a.yaml b.yaml c.yaml --repetitions 2 --timing --shard "$i/2" --out "repeated/s$i" --quiet
done
bundle single single
bundle repeated repeated-timing
echo "wrote $out/single.txt and $out/repeated-timing.txt"
