#!/usr/bin/env bash
# Setup, then the main job: regenerate every study whose config is in configs/ into
# results/ and print a summary. Extra arguments go to `calib run-all`.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
build/bin/calib run-all --configs configs --out results "$@"
