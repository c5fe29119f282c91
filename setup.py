"""Build backend glue for `pip install .`: runs this repository's CMake to build the extension
calib/_calib (target _calib) and puts it beside the pure-Python files of libcalib/python/calib.

CALIB_CMAKE_BUILD_DIR names the CMake build folder to use (default: build/pip under the source
tree); an existing, configured build folder is reused, so only what changed is rebuilt.
"""
import os
import pathlib
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = pathlib.Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = pathlib.Path(os.environ.get("CALIB_CMAKE_BUILD_DIR", SOURCE / "build" / "pip"))
        if not (build / "CMakeCache.txt").exists():  # a configured folder is used as it is
            configure = ["cmake", "-S", str(SOURCE), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                         f"-DPython3_EXECUTABLE={sys.executable}", "-DCALIB_PYTHON=ON",
                         "-DCALIB_BUILD_TESTS=OFF", "-DCALIB_BUILD_BENCH=OFF"]
            if shutil.which("ninja"):
                configure += ["-G", "Ninja"]
            subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "_calib", "--parallel",
                        str(os.cpu_count() or 1)], check=True)
        built = next((build / "python" / "calib").glob("_calib*.so"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, target)


setup(ext_modules=[CMakeExtension("calib._calib")], cmdclass={"build_ext": CMakeBuild})
