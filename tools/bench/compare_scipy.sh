#!/usr/bin/env bash
# Per-c_opt time of libcalib vs the SciPy baseline, same machine, one run (issue #5).
# Usage: tools/bench/compare_scipy.sh [build-dir]
set -euo pipefail
build=${1:-build}
ours_us=$("$build/bin/calib_bench" --benchmark_filter='BM_COptCalibration/1$' --benchmark_format=csv 2>/dev/null |
  awk -F, '/BM_COptCalibration\/1"?,/ {print $4}')  # real_time column, microseconds
scipy_line=$(/usr/bin/python3 "$(dirname "$0")/scipy_baseline.py" | tail -1)
scipy_us=$(echo "$scipy_line" | awk '{print $2}')
echo "libcalib: ${ours_us} us per c_opt (calibrate::zeta_exact, |e_out-e|/e <= 1e-10)"
echo "$scipy_line"
awk -v a="$scipy_us" -v b="$ours_us" 'BEGIN {printf "speed-up: %.0fx\n", a / b}'
