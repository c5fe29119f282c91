#!/usr/bin/env bash
# Build the libFuzzer targets (clang-14, ASan + UBSan, build-fuzz/) and run each for SECONDS
# (default 60) on its seed corpus (tests/fuzz/corpus/<name>/; new inputs go to
# build-fuzz/corpus/<name>/, never into the repository). Non-zero exit on any finding.
#   tools/fuzz.sh [SECONDS]      e.g. tools/fuzz.sh 30 (CI), tools/fuzz.sh 1200 (a long local run)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
tools/setup.sh --fuzz
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for name in config measurements measurements_memory planar_system; do
  mkdir -p "build-fuzz/corpus/$name" "build-fuzz/findings/$name"
  echo "fuzz: $name for ${seconds} s" >&2
  build-fuzz/bin/fuzz_"$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="build-fuzz/findings/$name/" -print_final_stats=1 \
    "build-fuzz/corpus/$name" "tests/fuzz/corpus/$name" 2>&1 | tail -n 12
done
