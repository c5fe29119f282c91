"""Build backend glue for `pip install .` and `pip wheel .`: runs this repository's CMake to build
the extension calib/_calib (target _calib) and the CLI (target calib_cli), and lays out the
package as an installed calib needs it, with nothing pointing back at this source tree:
  calib/*.py, calib/_calib*.so      the Python module
  calib/bin/calib                   the CLI (`calib` console command, `python -m calib`)
  calib/share/calib/{configs,datasets,tools/plot}   the shipped data (io/resources.hpp)

CALIB_CMAKE_BUILD_DIR names the CMake build folder to use (default: build/pip under the source
tree); an existing, configured build folder is reused, so only what changed is rebuilt.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = pathlib.Path(__file__).resolve().parent
DATA = ("configs", "datasets", "tools/plot")  # relative to SOURCE and to calib/share/calib


class Progress:
    """One line per stage for the person running pip, which keeps a build's output to itself
    unless -v: the lines go to the terminal (/dev/tty) when there is one, else to stdout with
    the build's own output."""

    def __init__(self):
        try:
            self.tty = open("/dev/tty", "w", encoding="utf-8")
        except OSError:  # no controlling terminal (CI, cron): stdout, shown by pip -v and logs
            self.tty = None
        self.shown = -1

    def say(self, text):
        print(f"calib: {text}", file=self.tty or sys.stdout, flush=True)

    def step(self, line):
        """A build step line: ninja's "[i/N] ..." or make's "[ p%] ...": a line per tenth done."""
        ninja, make = re.match(r"\[(\d+)/(\d+)\]", line), re.match(r"\[\s*(\d+)%\]", line)
        percent = 100 * int(ninja[1]) // int(ninja[2]) if ninja else int(make[1]) if make else None
        if percent is not None and percent // 10 > self.shown:
            self.shown = percent // 10
            self.say(f"compiling: {percent}% of the build steps done")


def run(command, progress):
    """`command`, its output passed on to stdout line by line (pip -v shows it) and read for
    progress; CalledProcessError when it fails."""
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          bufsize=1) as proc:
        for line in proc.stdout:
            sys.stdout.write(line)
            progress.step(line)
    if proc.returncode:
        raise subprocess.CalledProcessError(proc.returncode, command)


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        progress = Progress()
        build = pathlib.Path(os.environ.get("CALIB_CMAKE_BUILD_DIR", SOURCE / "build" / "pip"))
        if not (build / "CMakeCache.txt").exists():  # a configured folder is used as it is
            progress.say(f"configuring CMake in {build}")
            configure = ["cmake", "-S", str(SOURCE), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                         f"-DPython3_EXECUTABLE={sys.executable}", "-DCALIB_PYTHON=ON",
                         "-DCALIB_BUILD_TESTS=OFF", "-DCALIB_BUILD_BENCH=OFF"]
            if shutil.which("ninja"):
                configure += ["-G", "Ninja"]
            run(configure, progress)
        progress.say(f"building the module and the CLI in {build} (from scratch: minutes; "
                     "pip -v shows every step)")
        run(["cmake", "--build", str(build), "--target", "_calib", "calib_cli", "--parallel",
             str(os.cpu_count() or 1)], progress)
        progress.say(f"packaging the module, bin/calib and share/calib/{{{','.join(DATA)}}}")
        self.lay_out(build, pathlib.Path(self.get_ext_fullpath(ext.name)))

    @staticmethod
    def lay_out(build, module):
        package = module.parent
        package.mkdir(parents=True, exist_ok=True)
        shutil.copy2(next((build / "python" / "calib").glob("_calib*.so")), module)
        (package / "bin").mkdir(exist_ok=True)
        shutil.copy2(build / "bin" / "calib", package / "bin" / "calib")
        for folder in DATA:
            target = package / "share" / "calib" / folder
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(SOURCE / folder, target)


setup(ext_modules=[CMakeExtension("calib._calib")], cmdclass={"build_ext": CMakeBuild})
