"""ctest python_pip_install: the wheel stands on its own.

    wheel_check.py SOURCE BUILD

Builds the wheel of SOURCE with `pip wheel` under a pseudo-terminal (reusing the CMake folder
BUILD, so nothing is compiled again), installs it into a fresh venv (--system-site-packages,
offline) in a temporary folder outside SOURCE, and runs everything from there with no
PYTHONPATH and no CALIB_DATA_DIR: `calib run-all`, `python -m calib --help`, calib.run_study and
calib.simulate of a shipped system by its package-relative name. Checks that pip showed the
build's stages without -v, that the wheel holds every file of configs/, datasets/ and
tools/plot/, that resources resolve inside the venv, and that no installed file names SOURCE.

run-all runs the studies of FAST only (`--configs` holding their shipped configs): the whole
run-all is minutes on two cores (impact-fits alone is a minute of CPU).
"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import zipfile

SOURCE, BUILD = (pathlib.Path(p).resolve() for p in sys.argv[1:3])
DATA = ("configs", "datasets", "tools/plot")
FAST = ("rms_table", "effective_mass", "simulator_inputs")  # run-all's studies of under a second


def check(ok, what):
    if not ok:
        sys.exit(f"FAIL: {what}")


def run(command, cwd, env):
    r = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    check(r.returncode == 0, f"{command} exited {r.returncode}:\n{r.stdout}\n{r.stderr}")
    return r.stdout


def build_wheel(tmp):
    """`pip wheel .` without -v on a terminal (script(1) gives it one): pip hides the build's
    output, so the stage lines must reach the terminal by themselves."""
    pip = f"{tmp}/venv/bin/pip wheel --no-cache-dir --no-build-isolation --no-deps --no-index -w {tmp}/dist {SOURCE}"
    env = dict(os.environ, CALIB_CMAKE_BUILD_DIR=str(BUILD))
    shown = run(["script", "-q", "-e", "-c", pip, "/dev/null"], tmp, env)
    for stage in ("calib: building the module and the CLI", "calib: packaging the module"):
        check(stage in shown, f"pip wheel did not show {stage!r} on the terminal:\n{shown}")
    wheels = list((tmp / "dist").glob("calib-*.whl"))
    check(len(wheels) == 1, f"one wheel expected in {tmp}/dist, found {wheels}")
    return wheels[0]


def check_wheel(wheel):
    """The data folders file for file, the CLI executable, the console command."""
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        cli = z.getinfo("calib/bin/calib")
        check(cli.external_attr >> 16 & 0o111, "calib/bin/calib is not executable in the wheel")
        entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        check("calib = calib.__main__:main" in z.read(entry_points).decode(), "no calib console command")
        for folder in DATA:
            for f in (SOURCE / folder).rglob("*"):
                if f.is_file():
                    shipped = f"calib/share/calib/{f.relative_to(SOURCE)}"
                    check(shipped in names and z.read(shipped) == f.read_bytes(),
                          f"{shipped} is not in the wheel as in the source tree")


def check_no_source_path(package):
    """No installed file names the source tree: raw bytes, and strings(1) of the binaries."""
    needle = str(SOURCE).encode()
    for f in package.rglob("*"):
        check(not f.is_symlink(), f"{f} is a link in the installed package")
        if f.is_file():
            check(needle not in f.read_bytes(), f"{f} contains {SOURCE}")
    for binary in [package / "bin" / "calib", *package.glob("_calib*.so")]:
        strings = subprocess.run(["strings", binary], capture_output=True, text=True, check=True).stdout
        check(str(SOURCE) not in strings, f"strings {binary} shows {SOURCE}")


def same_results(results, reference):
    """Every CSV and JSON file of the reference (not the provenance sidecars, which name paths
    and times), byte for byte."""
    compared = 0
    for f in reference.rglob("*"):
        if f.suffix in (".csv", ".json") and not f.name.endswith(".meta.json"):
            mine = results / f.relative_to(reference)
            check(mine.is_file() and mine.read_bytes() == f.read_bytes(), f"{mine} differs from {f}")
            compared += 1
    check(compared >= len(FAST), f"only {compared} files in {reference}")


# Run in the venv from an empty folder: rms_table.csv equals the build tree's CLI output
# (same code and data, so byte for byte); the first impact of the shipped bouncing ball comes at the
# free-fall speed of its file, sqrt(2 g (H0 - R)) = sqrt(2 * 9.8 * 0.9) = 4.2 m/s (SF2020 eq. 63),
# to the integrator's tolerance.
IN_VENV = """
import os, pathlib, sys
import calib
package = pathlib.Path(calib.__file__).parent
assert str(package).startswith(sys.prefix), (package, sys.prefix)
assert calib.data_dir() == str(package / "share" / "calib"), calib.data_dir()
shipped = calib._calib.resolve_input_path("configs/systems/bouncing_ball.toml")
assert shipped == calib.data_dir() + "/configs/systems/bouncing_ball.toml", shipped
r = calib.run_study("rms-table", out="rms_table")
assert pathlib.Path("rms_table/rms_table.csv").read_bytes() == pathlib.Path(sys.argv[1]).read_bytes()
v_in = calib.simulate("configs/systems/bouncing_ball.toml", t_end=1.0)["impacts"][0]["v_in"]
assert abs(abs(v_in) - 4.2) < 1e-6 * 4.2, v_in
print("in venv: ok", calib.data_dir(), v_in)
"""


def check_installed(tmp):
    run([sys.executable, "-m", "venv", "--system-site-packages", tmp / "venv"], tmp, None)
    wheel = build_wheel(tmp)
    check_wheel(wheel)
    run([tmp / "venv/bin/pip", "install", "--no-cache-dir", "--no-deps", "--no-index", wheel], tmp, None)
    site = run([tmp / "venv/bin/python", "-c", "import sysconfig; print(sysconfig.get_path('platlib'))"], tmp, None)
    check_no_source_path(pathlib.Path(site.strip()) / "calib")

    here, fast, reference = tmp / "elsewhere", tmp / "fast", tmp / "reference"
    here.mkdir()
    fast.mkdir()
    for stem in FAST:
        shutil.copy(SOURCE / "configs" / f"{stem}.toml", fast)
    run([BUILD / "bin" / "calib", "run-all", "--configs", fast, "--out", reference], tmp, None)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CALIB_DATA_DIR")}
    env.update(PATH=f"{tmp}/venv/bin:/usr/bin:/bin", PYTHONNOUSERSITE="1")
    check(shutil.which("calib", path=env["PATH"]) == f"{tmp}/venv/bin/calib", "no calib command in the venv")
    run(["calib", "run-all", "--configs", fast, "--out", "results"], here, env)
    same_results(here / "results", reference)
    check("run-all" in run(["python", "-m", "calib", "--help"], here, env), "python -m calib --help")
    print(run(["python", "-c", IN_VENV, reference / "rms_table" / "rms_table.csv"], here, env), end="")


def main():
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="calib-wheel-"))
    try:
        check(SOURCE not in tmp.parents, f"{tmp} is inside {SOURCE}")
        check_installed(tmp)
    finally:
        shutil.rmtree(tmp)


main()
