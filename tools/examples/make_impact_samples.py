"""Writes the synthetic restitution curves of datasets/samples/ (for `calib fit-impact`).

SYNTHETIC data, not measurements: for each law, e at 12 impact speeds log-spaced over
0.05-5 m/s from the exact impact solve (calib.impact_law_restitution) at the parameters below,
plus Gaussian noise of standard deviation SIGMA drawn with numpy's default_rng(SEED + law index).
A 10 g ball (m = 0.01 kg) with K = 1e9 N/m^1.5, n = 1.5.

usage: PYTHONPATH=build/python python3 tools/examples/make_impact_samples.py [OUT_DIR]
"""
import pathlib
import sys

import numpy as np

import calib

M, K, N, SIGMA, SEED = 0.01, 1e9, 1.5, 0.005, 2026
LAWS = [("hunt-crossley-alpha", "alpha", "s/m", 0.2), ("viscoelastic", "A", "s", 7e-6),
        ("linear-damper", "c", "N*s/m", 50.0), ("tsuji", "chi", "-", 0.3)]

out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "datasets/samples")
v = 0.05 * 100.0 ** (np.arange(12) / 11.0)
for i, (law, name, unit, value) in enumerate(LAWS):
    e = calib.impact_law_restitution(law, v, m=M, K=K, n=N, damping=value)
    e = np.minimum(1.0, e + np.random.default_rng(SEED + i).normal(0.0, SIGMA, v.size))
    lines = [f"# SYNTHETIC restitution curve (not a measurement): law {law}, {name} = {value} {unit},",
             f"# m = {M} kg, K = {K:g} N/m^1.5, n = {N}; e from the exact impact solve plus Gaussian",
             f"# noise sigma = {SIGMA} (numpy default_rng({SEED + i})). Written by",
             "# tools/examples/make_impact_samples.py.",
             "v_in[m/s],e[-],sigma_e[-]"]
    lines += [f"{a:.6g},{b:.6f},{SIGMA}" for a, b in zip(v, e)]
    (out / f"restitution_{law.replace('-', '_')}.csv").write_text("\n".join(lines) + "\n")
