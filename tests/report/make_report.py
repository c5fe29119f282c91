"""The report a user gets, for the checks of this folder (ctest fixture report_page): every
study of the shipped configs/ run by `calib run-all`, then `calib report` with its figures.

usage: make_report.py CALIB SOURCE_DIR WORK_DIR   (writes WORK_DIR/results and WORK_DIR/report)
"""
import pathlib
import shutil
import subprocess
import sys


def main(argv):
    calib, source, work = argv[1], pathlib.Path(argv[2]), pathlib.Path(argv[3])
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for args in (["run-all", "--configs", source / "configs", "--out", work / "results"],
                 ["report", "--results", work / "results", "--out", work / "report",
                  "--scripts", source / "tools/plot"]):
        run = subprocess.run([calib, *map(str, args)], capture_output=True, text=True)
        if run.returncode != 0:
            print(f"calib {args[0]} failed (exit {run.returncode}):\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}")
            return 1
    print(f"make_report: {work / 'report' / 'report.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
