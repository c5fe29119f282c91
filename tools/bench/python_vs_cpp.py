#!/usr/bin/env python3
"""Throughput of the Python module against the C++ sweep, same run, same machine (issue: the
vectorised calib.c_opt over 100,000 points at >= 90 % of the C++ sweep's throughput).

C++: `calib sweep` with the calibrate kernel (linear-damper, exact c_opt, |e_out - e|/e <= 1e-10)
over N random points; Python: calib.c_opt(..., method="ode") over N random points of the same
distribution (m, k, v log-uniform, n in [1, 2], e in [0.3, 1)). Both on THREADS threads.

    PYTHONPATH=build/python python3 tools/bench/python_vs_cpp.py [N] [THREADS]
"""
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

import calib

N = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
THREADS = int(sys.argv[2]) if len(sys.argv) > 2 else 1
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
cli = os.path.join(root, "build", "bin", "calib")

with tempfile.TemporaryDirectory() as tmp:
    cfg = os.path.join(tmp, "copt.toml")
    with open(cfg, "w") as f:
        f.write(f"""kernel = "calibrate"
model = "linear-damper"
[space]
samples = {N}
seed = 2020
m = {{ random = {{ dist = "loguniform", from = 1e-5, to = 1e2 }} }}
k = {{ random = {{ dist = "loguniform", from = 1e5, to = 1e10 }} }}
v = {{ random = {{ dist = "loguniform", from = 1e-3, to = 1e2 }} }}
n = {{ random = {{ dist = "uniform", from = 1.0, to = 2.0 }} }}
e = {{ random = {{ dist = "uniform", from = 0.3, to = 0.999 }} }}
""")
    t0 = time.perf_counter()
    subprocess.run([cli, "sweep", "--quiet", "--threads", str(THREADS), "--config", cfg,
                    "--out", os.path.join(tmp, "o.csv")], check=True)
    cpp = time.perf_counter() - t0

rng = np.random.default_rng(2020)
m = np.exp(rng.uniform(np.log(1e-5), np.log(1e2), N))
k = np.exp(rng.uniform(np.log(1e5), np.log(1e10), N))
v = np.exp(rng.uniform(np.log(1e-3), np.log(1e2), N))
n = rng.uniform(1.0, 2.0, N)
e = rng.uniform(0.3, 0.999, N)
t0 = time.perf_counter()
c = calib.c_opt(e, m=m, k=k, v=v, n=n, method="ode", threads=THREADS)
py = time.perf_counter() - t0
t0 = time.perf_counter()
calib.c_opt(e, m=m, k=k, v=v, n=n, method="exact", threads=THREADS)
table = time.perf_counter() - t0
assert np.all(np.isfinite(c))
print(f"{N} exact c_opt (ODE, table-seeded), {THREADS} thread(s):")
print(f"  C++  calib sweep (calibrate kernel, CSV out): {cpp:7.3f} s  {N / cpp:10.0f} /s")
print(f"  Python calib.c_opt(method='ode'):              {py:7.3f} s  {N / py:10.0f} /s"
      f"  ({100 * cpp / py:.0f} % of the C++ sweep)")
print(f"  Python calib.c_opt(method='exact') (table):    {table:7.3f} s  {N / table:10.0f} /s")
