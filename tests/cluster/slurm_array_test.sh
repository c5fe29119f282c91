#!/usr/bin/env bash
# The cluster path on a real Slurm (ctest slurm_array_sweep, label cluster): a one-node cluster
# started here (tests/cluster/local_slurm.sh) runs tools/slurm/sweep_array.sbatch as an 8-task
# array and tools/slurm/merge.sbatch after it. The expected bytes are those of the same sweep run
# on this machine in one process (`calib sweep` writes a byte-identical file for any shard split,
# thread count or resume: the sweep engine's contract), so every comparison is cmp.
#   1. array + merge (afterok)                     -> merged.csv == the single run
#   2. a task requeued mid-run (scontrol requeue)  -> restarts by itself, resumes, same shard bytes
#   3. a task cancelled mid-run (scancel)          -> its partial is left, afterok never holds
#   4. merge.sbatch while shard 3 is partial and in a folder where shard 6 is missing
#                                                  -> the job fails, its log names the shard
#   5. that task submitted again (--array=3)       -> --resume continues the partial, merge == single
# Exit 77 (ctest: skipped) when the Slurm or munge programs are not installed.
# usage: slurm_array_test.sh CALIB_CLI SOURCE_DIR
set -uo pipefail
calib=$1 source=$2
export PATH=$PATH:/usr/sbin:/sbin  # the daemons, for a shell whose PATH lacks them
for program in munged slurmctld slurmd sbatch squeue scancel scontrol; do
  if ! command -v "$program" >/dev/null; then
    echo "SKIPPED: $program is not installed (Debian packages slurm-wlm and munge; tools/setup.sh installs them)"
    exit 77
  fi
done
source "$source/tests/cluster/local_slurm.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/calib-cluster.XXXXXX")
failures=0 checks=0
finish() {
  local status=$?
  [[ -n ${single:-} ]] && kill "$single" 2>/dev/null
  local_slurm_stop || { echo "FAIL the cluster's daemons did not stop"; failures=1 status=1; }
  if ((failures == 0 && status == 0)); then
    rm -rf "$work"
  else
    tail -n 5 "$work"/logs/*.log "$work"/slurm/*.log 2>/dev/null
    echo "kept $work (job logs in logs/, daemon logs in slurm/)"
  fi
  exit "$status"
}
trap finish EXIT
trap 'exit 130' INT TERM

check() {  # check DESCRIPTION COMMAND...: one assertion
  ((++checks))
  if "${@:2}"; then echo "ok   $1"; else echo "FAIL $1"; ((++failures)); fi
}
# sbatch with the logs in $work/logs; prints the job id.
submit() {
  sbatch --parsable --output="$work/logs/%x_%A_%a.log" "$@" | cut -d';' -f1
}
# Waits (at most $2 s) until job $1 (every task of an array) has left the queue.
wait_gone() {
  local i
  for ((i = 0; i < $2 * 10; ++i)); do
    [[ -z $(squeue -h -j "$1" -o %i 2>/dev/null) ]] && return 0
    sleep 0.1
  done
  echo "job $1 still in the queue after $2 s:"; squeue -j "$1"
  return 1
}
# The JobState of every task of job $1, sorted and unique (COMPLETED, FAILED, ...).
states() { scontrol -o show job "$1" | grep -o 'JobState=[A-Z_]*' | cut -d= -f2 | sort -u | xargs; }
rows() { wc -l <"$1"; }
# Waits (at most 60 s) until the partial $1 holds rows: its task is running, mid-shard.
wait_for_rows() {
  local i
  for ((i = 0; i < 1200; ++i)); do
    [[ -f $1 && $(rows "$1") -gt 1 ]] && return 0
    sleep 0.05
  done
  echo "$1 got no rows within 60 s"
  return 1
}
# The counts of calib's summary line "N points (C computed, R resumed)"; 0 when absent.
computed_of() { [[ $1 =~ \(([0-9]+)\ computed ]] && echo "${BASH_REMATCH[1]}" || echo 0; }
resumed_of() { [[ $1 =~ ([0-9]+)\ resumed ]] && echo "${BASH_REMATCH[1]}" || echo 0; }
log_of() { cat "$work"/logs/*_"$1"_*.log 2>/dev/null; }

local_slurm_start "$work/slurm" || { failures=1; exit 1; }
mkdir -p "$work/logs"
cd "$work"
export CALIB=$calib
config=$source/tests/cluster/array_sweep.toml
array=$source/tools/slurm/sweep_array.sbatch merge=$source/tools/slurm/merge.sbatch
start=$SECONDS

# In the background and waited for, so that a TERM from outside runs the trap at once.
"$calib" sweep --config "$config" --out "$work/single.csv" --quiet --threads 2 &
single=$!
wait "$single" || { echo "FAIL the single-machine run"; exit 1; }
single=
# 96,000 points and a header: the space of array_sweep.toml (48 x 2000).
check "single run: 96001 lines" [ "$(rows single.csv)" -eq 96001 ]

# 1. The whole array, then the merge job after it.
a=$(submit --array=0-7 "$array" "$config" 8 "$work/a")
ma=$(submit --dependency=afterok:"$a" "$merge" 8 "$work/a")
wait_gone "$ma" 120
check "array: every task COMPLETED" [ "$(states "$a")" = COMPLETED ]
check "array: merge job COMPLETED" [ "$(states "$ma")" = COMPLETED ]
check "array: merged.csv == single run" cmp -s single.csv a/merged.csv

# 2. A task requeued while it runs (what a node failure or preemption does; the script asks for
#    --requeue) starts again by itself and resumes: its shard is a's, byte for byte.
r=$(submit --array=5 "$array" "$config" 8 "$work/r")
wait_for_rows r/part_5.csv.partial
scontrol requeue "${r}_5"
wait_gone "$r" 120
summary_r=$(log_of "$r" | grep -o '12000 points ([0-9]* computed, [0-9]* resumed)')
check "requeue: the task started a second time (restart 1)" grep -q '(restart 1)' <(log_of "$r")
check "requeue: the task COMPLETED" [ "$(states "$r")" = COMPLETED ]
check "requeue: the second run resumed rows ($summary_r)" [ "$(resumed_of "$summary_r")" -gt 0 ]
check "requeue: part_5.csv == the undisturbed array's" cmp -s a/part_5.csv r/part_5.csv

# 3. Task 3 cancelled once its partial holds rows (the engine flushes every 2048 points).
b=$(submit --array=0-7 "$array" "$config" 8 "$work/b")
mb=$(submit --dependency=afterok:"$b" "$merge" 8 "$work/b")
wait_for_rows b/part_3.csv.partial
scancel "${b}_3"
wait_gone "$b" 120
check "cancel: task 3 CANCELLED" [ "$(scontrol -o show job "${b}_3" | grep -o 'JobState=[A-Z]*')" = JobState=CANCELLED ]
check "cancel: part_3.csv.partial left, no part_3.csv" [ -f b/part_3.csv.partial -a ! -e b/part_3.csv ]
check "cancel: the merge job did not run (PENDING on its dependency)" \
  grep -Eq 'JobState=PENDING Reason=Dependency' <(scontrol -o show job "$mb")
check "cancel: no merged.csv" [ ! -e b/merged.csv ]
scancel "$mb"

# 4. merge.sbatch refuses, naming the shard: 3 is partial in b/; 6 is missing in c/.
mkdir c
for i in 0 1 2 3 4 5 7; do ln -s "$work/a/part_$i.csv" "$work/a/part_$i.csv.meta.json" c/; done
r1=$(submit "$merge" 8 "$work/b")
r2=$(submit "$merge" 8 "$work/c")
wait_gone "$r1" 60 && wait_gone "$r2" 60
check "merge refuses a partial shard: job FAILED" [ "$(states "$r1")" = FAILED ]
check "merge refuses a partial shard: names shard 3" \
  grep -q "shard 3: $work/b/part_3.csv is partial" <(log_of "$r1")
check "merge refuses a partial shard: no merged.csv" [ ! -e b/merged.csv ]
check "merge refuses a missing shard: job FAILED" [ "$(states "$r2")" = FAILED ]
check "merge refuses a missing shard: names shard 6 and no other" \
  [ "$(log_of "$r2" | grep '^  shard')" = "  shard 6: $work/c/part_6.csv is missing" ]

# 5. Task 3 again, with the same arguments: it resumes its partial; the merge is the single run.
b3=$(submit --array=3 "$array" "$config" 8 "$work/b")
mb3=$(submit --dependency=afterok:"$b3" "$merge" 8 "$work/b")
wait_gone "$mb3" 120
summary=$(log_of "$b3" | grep -o '12000 points ([0-9]* computed, [0-9]* resumed)')
check "resume: task 3 took rows from its partial and computed the rest ($summary)" \
  [ "$(resumed_of "$summary")" -gt 0 -a "$(computed_of "$summary")" -gt 0 ]
check "resume: merge job COMPLETED" [ "$(states "$mb3")" = COMPLETED ]
check "resume: merged.csv == single run" cmp -s single.csv b/merged.csv

echo "cluster test: $((SECONDS - start)) s after the cluster came up"
echo "$((checks - failures)) passed, $failures failed"
((failures == 0))
