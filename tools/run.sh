#!/usr/bin/env bash
# Setup, then the main job: regenerate every study whose config is in configs/ into
# results/, print a summary, and write the report (report/report.html + report.md with the
# figures in report/figures). Extra arguments go to `calib run-all`.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
build/bin/calib run-all --configs configs --out results "$@"
build/bin/calib report --results results --out report
