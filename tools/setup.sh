#!/usr/bin/env bash
# Idempotent setup: install the missing Debian 12 packages (apt-get update only when
# something is missing), then configure and build Release into build/ with all cores.
#   tools/setup.sh [--sanitize]   (--sanitize: ASan+UBSan build in build-asan/)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ libceres-dev libeigen3-dev libtbb-dev libboost-dev
          libfccp-dev libgtest-dev libcli11-dev libtomlplusplus-dev nlohmann-json3-dev
          libfmt-dev libmuparser-dev libbenchmark-dev gnuplot-nox python3-scipy
          clang-14 libclang-rt-14-dev
          pybind11-dev python3-dev python3-numpy python3-pytest python3-matplotlib
          python3-venv python3-pip python3-setuptools python3-pandas
          lammps liggghts yade libmujoco-dev libsimbody-dev libxxhash-dev universal-ctags hyperfine strace
          chromium slurm-wlm munge)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi

build_dir=build; extra=()
if [[ "${1:-}" == "--sanitize" ]]; then
  # The Python module is not built here: an ASan-instrumented extension cannot load into python3.
  build_dir=build-asan; extra=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCALIB_SANITIZE=ON -DCALIB_BUILD_BENCH=OFF -DCALIB_PYTHON=OFF)
elif [[ "${1:-}" == "--fuzz" ]]; then
  # libFuzzer targets only (tests/fuzz): the library and the targets built by clang-14.
  build_dir=build-fuzz
  CXX=clang++-14 CC=clang-14 cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCALIB_FUZZ=ON -DCALIB_BUILD_TESTS=OFF -DCALIB_BUILD_BENCH=OFF -DCALIB_PYTHON=OFF >/dev/null
  cmake --build "$build_dir" --parallel "$(nproc)" --target fuzz_config fuzz_measurements fuzz_measurements_memory fuzz_planar_system
  exit 0
else
  extra=(-DCMAKE_BUILD_TYPE=Release)
fi
cmake -S . -B "$build_dir" -G Ninja "${extra[@]}" >/dev/null
cmake --build "$build_dir" --parallel "$(nproc)"
