#!/usr/bin/python3
"""SciPy baseline for one c_opt (issue #5 benchmark): what a researcher's script does.

The dimensionless linear-damper impact x'' + zeta x' + ((n+1)/2) x^n = 0, x(0) = 0,
x'(0) = 1 (PN2020 eq. 20-27 scaled as in libcalib's contact_law.hpp) is integrated with
scipy.integrate.solve_ivp (DOP853, rtol 1e-12, atol 1e-14) with a terminal event where the
clamped contact force vanishes, and zeta is found with scipy.optimize.brentq so that
|e_out - e|/e <= 1e-10 -- the same tolerances as libcalib's calibrate::zeta_exact.

Prints the mean time per c_opt in microseconds and the zeta values, so the same run can
be compared with `calib_bench --benchmark_filter=COptCalibration` (Debian python3-scipy).
"""
import math
import sys
import time

from scipy.integrate import solve_ivp
from scipy.optimize import brentq


def e_out(zeta, n):
    kappa = 0.5 * (n + 1.0)

    def rhs(_t, y):
        x = max(y[0], 0.0)
        f = kappa * x ** n + zeta * y[1]
        return [y[1], -max(f, 0.0)]

    def separation(_t, y):  # contact force (PN2020 eq. 20) -- zero at separation
        return kappa * max(y[0], 0.0) ** n + zeta * y[1] if y[1] < 0 else 1.0

    separation.terminal = True
    separation.direction = -1
    sol = solve_ivp(rhs, (0.0, 1e4), [0.0, 1.0], method="DOP853", rtol=1e-12, atol=1e-14,
                    events=separation)
    if sol.status != 1:
        raise RuntimeError(f"no separation for zeta={zeta}, n={n}")
    return -sol.y_events[0][0][1]


def zeta_exact(e, n):
    f = lambda z: e_out(z, n) - e
    lo, hi = 1e-6, 1.0
    while f(hi) > 0:
        hi *= 2.0
    return brentq(f, lo, hi, rtol=1e-12, xtol=1e-14)


def impact_solves_per_second(count=300, seed=2020):
    """Event-terminated impact solves per second: the same dimensionless clamped linear-damper
    impact with random n in [1, 2] and zeta in [0.05, 1.5], DOP853 at rtol 1e-10, atol 1e-12
    (libcalib's impact tolerances)."""
    import random
    rnd = random.Random(seed)
    pts = [(rnd.uniform(1.0, 2.0), rnd.uniform(0.05, 1.5)) for _ in range(count)]
    t0 = time.perf_counter()
    for n, zeta in pts:
        kappa = 0.5 * (n + 1.0)

        def rhs(_t, y):
            x = max(y[0], 0.0)
            f = kappa * x ** n + zeta * y[1]
            return [y[1], -max(f, 0.0)]

        def separation(_t, y):
            return kappa * max(y[0], 0.0) ** n + zeta * y[1] if y[1] < 0 else 1.0

        separation.terminal = True
        separation.direction = -1
        solve_ivp(rhs, (0.0, 1e4), [0.0, 1.0], method="DOP853", rtol=1e-10, atol=1e-12,
                  events=separation)
    return count / (time.perf_counter() - t0)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--impact":
        print(f"scipy_impact: {impact_solves_per_second():.0f} solves/s")
        return 0
    # Same workload as calib_bench's BM_COptCalibration: n = 3/2, e swept over [0.5, 0.95].
    points = [(0.5 + 0.05 * i, 1.5) for i in range(10)]
    t0 = time.perf_counter()
    zetas = [zeta_exact(e, n) for e, n in points]
    dt = (time.perf_counter() - t0) / len(points)
    for (e, n), z in zip(points, zetas):
        print(f"e={e} n={n} zeta={z:.12g} e_out={e_out(z, n):.12g}")
    print(f"scipy_baseline: {dt * 1e6:.0f} us per c_opt (mean of {len(points)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
