"""Writes the synthetic impact records of datasets/samples/ (for `calib fit-impact --v --m`).

SYNTHETIC data, not measurements: for each law, the contact force F and the bodies' approach
delta of one impact (m = 0.01 kg at v = 1 m/s, K = 1e9 N/m^1.5, n = 1.5, the damping below) from
the trajectory solve (calib.impact_law_record), sampled at 400 times over 1.5 contact times with
the contact starting at T0 (between two samples), plus Gaussian noise of standard deviation
1e-3 of each peak drawn with numpy's default_rng(SEED + law index). The sigma columns give it.

usage: PYTHONPATH=build/python python3 tools/examples/make_impact_record_samples.py [OUT_DIR]
"""
import pathlib
import sys

import numpy as np

import calib

M, V, K, N, SEED, SAMPLES, NOISE = 0.01, 1.0, 1e9, 1.5, 2026, 400, 1e-3
LAWS = [("hunt-crossley-alpha", "alpha", "s/m", 0.2), ("viscoelastic", "A", "s", 7e-6),
        ("linear-damper", "c", "N*s/m", 50.0), ("tsuji", "chi", "-", 0.3)]

out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "datasets/samples")
for i, (law, name, unit, value) in enumerate(LAWS):
    tc = calib.impact_law_record(law, [0.0], V, M, K, N, value)["t_contact"]
    dt = 1.5 * tc / (SAMPLES - 1)
    t = -0.2 * tc + dt * np.arange(SAMPLES)
    t0 = 0.37 * dt + dt * np.ceil(0.2 * tc / dt) - 0.2 * tc
    r = calib.impact_law_record(law, t, V, M, K, N, value, t0)
    rng = np.random.default_rng(SEED + i)
    sf, sd = NOISE * r["F"].max(), NOISE * r["delta"].max()
    f = r["F"] + rng.normal(0.0, sf, t.size)
    d = r["delta"] + rng.normal(0.0, sd, t.size)
    lines = [f"# SYNTHETIC impact record (not a measurement): law {law}, {name} = {value} {unit},",
             f"# m = {M} kg, v = {V} m/s, K = {K:g} N/m^1.5, n = {N}, contact start t0 = {t0:.9g} s;",
             "# F and delta (the approach from the first touch) from the trajectory solve plus Gaussian",
             f"# noise of 1e-3 of each peak (numpy default_rng({SEED + i})). Written by",
             "# tools/examples/make_impact_record_samples.py.",
             "t[s],F[N],delta[m],sigma_F[N],sigma_delta[m]"]
    lines += [f"{a:.9g},{b:.6g},{c:.6g},{sf:.4g},{sd:.4g}" for a, b, c in zip(t, f, d)]
    (out / f"impact_record_{law.replace('-', '_')}.csv").write_text("\n".join(lines) + "\n")
