#!/usr/bin/env bash
# tools/slurm/merge.sbatch as a plain script, no Slurm (ctest merge_sbatch_refuses_its_inputs):
# a MERGED that is one of the files of the shards it merges — a shard, a shard's sidecar, the
# shard's resumable partial, or the shards' folder — exits 2 naming the output and the shard,
# and leaves every file of the folder as it was (names and bytes). Control: MERGED of its own
# exits 0 with the bytes of the same sweep run in one process (the engine's contract).
# usage: merge_script_test.sh CALIB_CLI SOURCE_DIR
set -uo pipefail
calib=$1 source=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/calib-merge-script.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0

cat >"$work/s.toml" <<'TOML'
kernel = "calibrate"
model = "linear-damper"
[space]
e = { linspace = { from = 0.1, to = 0.9, count = 9 } }
TOML
shards=$work/shards
for i in 0 1; do
  "$calib" sweep --quiet --threads 1 --shard "$i/2" --config "$work/s.toml" --out "$shards/part_$i.csv" || exit 1
done
"$calib" sweep --quiet --threads 1 --config "$work/s.toml" --out "$work/single.csv" || exit 1

state() { (cd "$shards" && find . -type f | sort | xargs sha256sum); }
before=$(state)

# refused MERGED, the shard its message must name
while read -r merged input; do
  err=$(CALIB=$calib bash "$source/tools/slurm/merge.sbatch" 2 "$shards" "$merged" 2>&1)
  code=$?
  if ((code != 2)) || [[ $err != *"output $merged"* || $err != *"$input"* ]]; then
    echo "FAIL MERGED=$merged: exit $code, expected 2 naming $merged and $input: $err"
    ((++failures))
  elif [[ $(state) != "$before" ]]; then
    echo "FAIL MERGED=$merged: the shards' folder changed"
    ((++failures))
  else
    echo "ok   MERGED=${merged#"$work"/} refused"
  fi
done <<LIST
$shards/part_0.csv.meta.json the sidecar of the input $shards/part_0.csv
$shards/part_1.csv the input $shards/part_1.csv
$shards/part_1.csv.partial the resumable partial of the input $shards/part_1.csv
$shards the input $shards/part_0.csv
LIST

if CALIB=$calib bash "$source/tools/slurm/merge.sbatch" 2 "$shards" 2>/dev/null &&
  cmp "$shards/merged.csv" "$work/single.csv"; then
  echo "ok   the default MERGED (merged.csv) is the single run's file"
else
  echo "FAIL the default MERGED"
  ((++failures))
fi
exit $((failures > 0))
