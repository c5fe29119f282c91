#!/usr/bin/env bash
# Setup, then the whole test suite (ctest, output on failure). Non-zero exit on any failure.
#   tools/test.sh             Release build in build/
#   tools/test.sh --sanitize  ASan + UBSan build in build-asan/
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == "--sanitize" ]]; then
  tools/setup.sh --sanitize
  export ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1
  ctest --test-dir build-asan --output-on-failure --parallel "$(nproc)" --timeout 1200
else
  tools/setup.sh
  ctest --test-dir build --output-on-failure --parallel "$(nproc)" --timeout 600
fi
