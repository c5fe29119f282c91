#!/usr/bin/env python3
"""Memory and latency of the sweep engine, the input readers and the Python argument checks.

Measures, each in a child process (peak RSS from wait4's rusage):
  shard_start   `calib sweep --shard 0/100000000` of a 1e8-point space (one point to compute):
                wall time and peak RSS.
  first_row     a 1e12-point space (max_points raised): time until the first data row is in
                <out>.partial, peak RSS; the run is then stopped with SIGINT.
  dev_zero      `calib kn-fit --data /dev/zero`: exit status, time, peak RSS.
  fifo          `calib kn-fit --data <a FIFO with no writer>`: exit status and time.
  py_bad_array  calib.impact(model, e) with e a 1e8-element float64 array whose first value is
                invalid: exception, time, and peak RSS above the RSS with the array allocated.
Children get an address-space limit (--limit-gb, default 6) so a run that materialises
everything ends in bad_alloc instead of exhausting the machine; a case that does not finish
within its timeout is killed and reported as such.

Usage: memory_bench.py CALIB PYTHONPATH [--limit-gb G] [--json out.json]
"""
import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time

SWEEP_HEAD = 'kernel = "calibrate"\nmodel = "linear-damper"\n[solver]\nverify = false\n' \
             "[fixed]\nm = 1.0\nk = 1.0\nv = 1.0\n"


CPU = []


def alive(p):
    """True while the child runs (without reaping it: wait4 collects its rusage afterwards)."""
    return os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None


def run_child(argv, limit_bytes, timeout, env=None, on_start=None):
    """(exit status or 'killed after Ns', wall seconds, peak RSS MiB, stdout+stderr, extra); the
    child's CPU seconds (user + system, what a loaded machine does not inflate) in CPU[-1]."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, preexec_fn=limit, env=env)
    extra = on_start(p, t0) if on_start else None
    status = None
    while status is None:
        pid, code, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            status = os.waitstatus_to_exitcode(code)
            break
        if time.monotonic() - t0 > timeout:
            p.kill()
            pid, code, usage = os.wait4(p.pid, 0)
            status = f"killed after {timeout:.0f} s"
            break
        time.sleep(0.01)
    wall = time.monotonic() - t0
    out = p.stdout.read().decode(errors="replace")
    p.returncode = 0  # reaped by wait4
    CPU.append(usage.ru_utime + usage.ru_stime)
    return status, wall, usage.ru_maxrss / 1024.0, out, extra


def shard_start(calib, work, limit):
    cfg = os.path.join(work, "e1e8.toml")
    with open(cfg, "w") as f:
        f.write(SWEEP_HEAD + "[space]\nn = { values = [1.5] }\n"
                "e = { linspace = { from = 0.01, to = 1.0, count = 100000000 } }\n")
    return run_child([calib, "sweep", "--config", cfg, "--out", os.path.join(work, "e1e8.csv"),
                      "--shard", "0/100000000", "--quiet"], limit, 120)


def first_row(calib, work, limit):
    cfg = os.path.join(work, "e1e12.toml")
    out = os.path.join(work, "e1e12.csv")
    with open(cfg, "w") as f:
        f.write(SWEEP_HEAD + "[space]\nmax_points = 1000000000000\n"
                "n = { linspace = { from = 1.0, to = 2.0, count = 100 } }\n"
                "e = { linspace = { from = 0.01, to = 1.0, count = 10000000000 } }\n")

    def watch(p, t0):
        partial = out + ".partial"
        while time.monotonic() - t0 < 30 and alive(p):
            try:
                with open(partial, "rb") as f:
                    if f.read(1 << 16).count(b"\n") >= 2:  # header + one row
                        seen = time.monotonic() - t0
                        time.sleep(0.5)  # let it run a little: RSS while running
                        p.send_signal(signal.SIGINT)
                        return seen
            except OSError:
                pass
            time.sleep(0.002)
        return None
    status, wall, rss, text, seen = run_child(
        [calib, "sweep", "--config", cfg, "--out", out, "--quiet", "--threads", "2"], limit, 40, on_start=watch)
    return status, wall, rss, text, seen


def kn_fit_data(calib, path, limit):
    return run_child([calib, "kn-fit", "--data", path], limit, 10)


PY_BAD_ARRAY = """
import resource, time, numpy as np, calib
e = np.full(100_000_000, 0.5); e[0] = 1.5
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t0 = time.monotonic()
try:
    calib.impact("gonthier", e)
    what = "no error"
except Exception as err:
    what = f"{type(err).__name__}: {str(err)[:100]}"
print("RESULT", time.monotonic() - t0, (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) / 1024, what)
"""


def py_bad_array(pythonpath):
    env = dict(os.environ, PYTHONPATH=pythonpath)
    status, wall, rss, text, _ = run_child([sys.executable, "-c", PY_BAD_ARRAY], 1 << 40, 300, env=env)
    line = [x for x in text.splitlines() if x.startswith("RESULT")]
    if not line:
        return {"status": status, "output": text[-300:]}
    _, seconds, extra_mib, what = line[0].split(" ", 3)
    return {"seconds": float(seconds), "extra_peak_mib": float(extra_mib), "raised": what,
            "child_peak_rss_mib": rss, "child_cpu_seconds": CPU[-1]}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("calib")
    ap.add_argument("pythonpath")
    ap.add_argument("--limit-gb", type=float, default=6.0)
    ap.add_argument("--json")
    a = ap.parse_args()
    limit = int(a.limit_gb * (1 << 30))
    results = {}
    with tempfile.TemporaryDirectory() as work:
        s, wall, rss, text, _ = shard_start(a.calib, work, limit)
        results["shard_start"] = {"status": s, "seconds": wall, "cpu_seconds": CPU[-1], "peak_rss_mib": rss,
                               "output": text[-200:]}
        s, wall, rss, text, seen = first_row(a.calib, work, limit)
        results["first_row"] = {"status": s, "first_row_seconds": seen, "seconds": wall, "cpu_seconds": CPU[-1],
                                "peak_rss_mib": rss, "output": text[-200:]}
        s, wall, rss, text, _ = kn_fit_data(a.calib, "/dev/zero", limit)
        results["dev_zero"] = {"status": s, "seconds": wall, "cpu_seconds": CPU[-1], "peak_rss_mib": rss,
                               "output": text[-200:]}
        fifo = os.path.join(work, "fifo.csv")
        os.mkfifo(fifo)
        s, wall, rss, text, _ = kn_fit_data(a.calib, fifo, limit)
        results["fifo"] = {"status": s, "seconds": wall, "cpu_seconds": CPU[-1], "peak_rss_mib": rss,
                               "output": text[-200:]}
    results["py_bad_array"] = py_bad_array(a.pythonpath)
    print(json.dumps(results, indent=1))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
