#!/usr/bin/env python3
"""Worked example of the Python module: c_opt against e for n = 1, 1.5, 2, exact (libcalib)
and PN2020 eq. 49 (the paper's closed form), for m = 1 kg, k = 1e7 N/m^n, v = 1 m/s.

    PYTHONPATH=build/python python3 tools/examples/copt_vs_e.py [out.png]
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

import calib

out = sys.argv[1] if len(sys.argv) > 1 else "copt_vs_e.png"
m, k, v = 1.0, 1e7, 1.0
e = np.linspace(0.05, 0.99, 200)
fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 7), sharex=True)
for n, color in [(1.0, "tab:blue"), (1.5, "tab:orange"), (2.0, "tab:green")]:
    exact = calib.c_opt(e, m=m, k=k, v=v, n=n, method="exact")  # the ExactDamping table, array in one call
    paper = calib.c_opt(e, m=m, k=k, v=v, n=n, method="paper")  # PN2020 eq. 49 with eq. 46-47
    top.plot(e, exact, color=color, label=f"n = {n:g}, exact")
    top.plot(e, paper, color=color, ls="--", label=f"n = {n:g}, PN2020 eq. 49")
    # What eq. 49's c really gives when simulated (the restitution it achieves):
    achieved = calib.impact("poursina-nikravesh", e, n=n, m=m, k=k, v=v)["e_out"]
    bottom.plot(e, achieved - e, color=color, label=f"n = {n:g}")
top.set_ylabel("c_opt [N s/m]")
top.set_yscale("log")
top.legend(fontsize=7)
top.set_title("Optimal linear damping, m = 1 kg, k = 1e7 N/m^n, v = 1 m/s")
bottom.axhline(0, color="k", lw=0.5)
bottom.axvline(0.45, color="gray", ls=":", lw=0.8)
bottom.set_xlabel("target e")
bottom.set_ylabel("e_out(eq. 49) - e")
bottom.legend(fontsize=7)
fig.tight_layout()
fig.savefig(out, dpi=110)
print(f"wrote {out}")
