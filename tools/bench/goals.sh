#!/usr/bin/env bash
# Issue #15 goals, libcalib and the SciPy baseline in the same run, with ratios.
# Usage: tools/bench/goals.sh [build-dir] [--full]   (--full also times `calib validate` and
# tools/run.sh with their defaults, and each long study on 1 and 2 threads: a few minutes)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
bench="$build/bin/calib_bench"
csv=$("$bench" --benchmark_filter='BM_Goal|BM_COptCalibration/1$|BM_DampingDataset60k|BM_SweepImpact/' \
        --benchmark_format=csv 2>/dev/null)
# items_per_second is column 7 of Google Benchmark's CSV; real_time column 3 (in its unit).
rate() { echo "$csv" | awk -F, -v n="\"$1\"" '$1 == n {print $7}'; }
calc() { awk "BEGIN {print $1}"; }
time_of() { echo "$csv" | awk -F, -v n="\"$1\"" '$1 == n {print $3, $5}'; }
scipy_impact=$(/usr/bin/python3 tools/bench/scipy_baseline.py --impact | awk '{print $2}')
scipy_copt_us=$(/usr/bin/python3 tools/bench/scipy_baseline.py | tail -1 | awk '{print $2}')
pn=$(rate 'BM_GoalSweepImpactPoursinaNikravesh/1/real_time')
hc=$(rate 'BM_GoalSweepImpactHuntCrossley/1/real_time')
copt=$(rate 'BM_GoalSweepExactCOpt/1/real_time')
copt_table=$(rate 'BM_GoalSweepExactCOptTable/1/real_time')
zeta=$(rate 'BM_COptCalibration/1')
echo "issue #15 goals on $(nproc) cores, $(date -u +%F), $(uname -m)"
printf '%-58s %14s %14s %10s\n' "goal" "libcalib" "SciPy" "ratio"
printf '%-58s %12.0f/s %12.0f/s %9.0fx\n' "calib sweep impact, poursina-nikravesh, 1 thread (>=200k/s)" "$pn" "$scipy_impact" "$(calc "$pn / $scipy_impact")"
printf '%-58s %12.0f/s %12.0f/s %9.0fx\n' "calib sweep impact, hunt-crossley, 1 thread (>=200k/s)" "$hc" "$scipy_impact" "$(calc "$hc / $scipy_impact")"
printf '%-58s %11.1f us %11.0f us %9.0fx\n' "exact c_opt via calib sweep calibrate kernel (<=10 us)" "$(calc "1e6 / $copt")" "$scipy_copt_us" "$(calc "$scipy_copt_us * $copt / 1e6")"
printf '%-58s %11.2f us %11.0f us %9.0fx\n' "  the same, verify = false (certified table, no solve)" "$(calc "1e6 / $copt_table")" "$scipy_copt_us" "$(calc "$scipy_copt_us * $copt_table / 1e6")"
printf '%-58s %11.1f us %11.0f us %9.0fx\n' "exact c_opt, calibrate::zeta_exact (<=10 us)" "$(calc "1e6 / $zeta")" "$scipy_copt_us" "$(calc "$scipy_copt_us * $zeta / 1e6")"
read -r t60 unit60 <<<"$(time_of 'BM_DampingDataset60k/iterations:1/real_time')"
printf '%-58s %11s %s\n' "60,000-point PN2020 dataset, all cores (<=0.5 s)" "$t60" "$unit60"
sweep1=$(rate 'BM_SweepImpact/1/real_time')
sweep2=$(rate 'BM_SweepImpact/2/real_time')
printf '%-58s %9.0fk/s -> %5.0fk/s %6.2fx\n' "2-thread speed-up, calib sweep impact (>=1.8x)" "$(calc "$sweep1 / 1e3")" "$(calc "$sweep2 / 1e3")" "$(calc "$sweep2 / $sweep1")"
if [[ "${2:-}" == "--full" ]]; then
  tmp=$(mktemp -d)
  s=$(date +%s.%N); "$build/bin/calib" validate --quiet --threads 2 --out "$tmp/v" >/dev/null; e=$(date +%s.%N)
  printf '%-58s %11.1f s\n' "calib validate, defaults, 2 threads (<=5 s)" "$(calc "$e - $s")"
  s=$(date +%s.%N); "$build/bin/calib" run-all --out "$tmp/r" >/dev/null; e=$(date +%s.%N)
  printf '%-58s %11.1f s\n' "calib run-all (tools/run.sh without plots/report) (<=30 s)" "$(calc "$e - $s")"
  # 2-thread speed-up of each study that runs long enough to measure (>= 0.3 s on one thread;
  # rms-table, effective-mass and simulator-inputs take 10-40 ms, mostly process start-up):
  # best of 3 wall times per thread count, the study's defaults, --quiet.
  best_of_3() {
    local best=""
    for _ in 1 2 3; do
      local s e t
      s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N)
      t=$(calc "$e - $s")
      if [[ -z "$best" ]] || awk "BEGIN {exit !($t < $best)}"; then best=$t; fi
    done
    echo "$best"
  }
  for study in damping-fit validate kn-fit systems; do
    t1=$(best_of_3 "$build/bin/calib" "$study" --quiet --threads 1 --out "$tmp/$study")
    t2=$(best_of_3 "$build/bin/calib" "$study" --quiet --threads 2 --out "$tmp/$study")
    printf '%-58s %7.2f s -> %5.2f s %8.2fx\n' "  2-thread speed-up, calib $study (>=1.8x)" "$t1" "$t2" "$(calc "$t1 / $t2")"
  done
  rm -rf "$tmp"
fi
