"""A revolute-clearance joint against an independent SciPy solution of the same equations.

The system: a free body (m = 0.4 kg, J = 2e-4 kg m^2) whose journal (R_j = 9.5 mm) sits at the
body point s = (5 mm, 0), in a bearing (R_b = 10 mm) fixed to the ground at the origin; no
gravity (the journal bounces from wall to wall instead of settling into a long, stiff contact). Coordinates (x, y, phi) of the mass centre; the journal centre is
r_j = (x, y) + A(phi) s, the eccentricity e = r_j, delta = |e| - (R_b - R_j), u = e/|e|.
In contact (delta > 0) the force -F u acts at r_j, F = K delta^n + 1.5 alpha K delta^n
sgn(ddelta)|ddelta|^m (PINSLOT eq. 153, unclamped), so
    m (xdd, ydd) = -F u,    J phidd = ((A s) x (-F u))_z.
Written here from these equations (not from libcalib's code) and integrated by solve_ivp (DOP853,
rtol 1e-12) piecewise between contact events located by its event function; compared with
`calib simulate` on the same file: the contact records (t_start, t_end, v_in, v_out, delta_max,
peak force) and the series at every output instant.

The same run with friction (`friction`, `friction_velocity`), the law as docs/config.md states
it: with the tangent t = (-u_y, u_x) and the journal's surface point P = r_j + R_j u, the sliding
speed v_t = v_P . t (the bearing is the ground) and the force F_t t at P,
F_t = -mu |F| v_t / sqrt(v_t^2 + v_r^2), with its moment ((P - (x, y)) x F_t t)_z; the friction
work W = int F_t v_t dt is integrated as a seventh state and compared with `friction_work[J]`.
"""
import csv
import json
import math
import os
import subprocess

import numpy as np
import pytest
from scipy.integrate import solve_ivp
from scipy.optimize import minimize_scalar

CLI = os.environ["CALIB_CLI"]
M, J, RB, RJ, SX = 0.4, 2e-4, 0.010, 0.0095, 0.005
K, N, ALPHA, RATE_EXP = 1e9, 1.5, 0.32, 1.2
T_END, DT = 0.02, 2e-4
# The friction run's friction and friction_velocity [m/s]. The sliding speed in the contacts runs
# from 0 (it changes sign inside contacts) to 0.035 m/s, so with v_r = 0.01 m/s both the law's
# linear part and its Coulomb limit act.
MU, VR = 0.15, 0.01

SYSTEM = f"""
type = "planar"
name = "offset-journal"
[[body]]
name = "shaft"
mass = {M}
inertia = {J}
x = {-SX}
vx = 0.35
vy = 0.1
omega = 3.0
[[joint]]
type = "revolute-clearance"
name = "bearing"
body_i = "ground"
body_j = "shaft"
point_j = [{SX}, 0.0]
bearing_radius = {RB}
journal_radius = {RJ}
k = {K}
n = {N}
alpha = {ALPHA}
damping_exponent = {RATE_EXP}
{{friction}}
[simulate]
t_end = {T_END}
output_dt = {DT}
rel_tol = 1e-12
abs_tol = 1e-15
"""


def journal(y):
    x, yy, phi, vx, vy, om = y[:6]
    c, s = math.cos(phi), math.sin(phi)
    a_s = np.array([c * SX, s * SX])  # A(phi) s
    r = np.array([x, yy]) + a_s
    v = np.array([vx, vy]) + om * np.array([-a_s[1], a_s[0]])
    return r, v, a_s


def gap(y):
    r, v, _ = journal(y)
    dist = np.linalg.norm(r)
    return dist - (RB - RJ), (float(r @ v) / dist if dist > 0 else 0.0)


def force(delta, rate):
    if delta <= 0:
        return 0.0
    dn = delta ** N
    return K * dn + 1.5 * ALPHA * K * dn * math.copysign(abs(rate) ** RATE_EXP, rate)


def friction(y, f, mu):
    """The friction force (x, y) at the journal's surface point, its arm from the mass centre,
    and its power F_t v_t."""
    r, _, a_s = journal(y)
    u = r / np.linalg.norm(r)
    t = np.array([-u[1], u[0]])
    arm = a_s + RJ * u
    v_p = np.array([y[3], y[4]]) + y[5] * np.array([-arm[1], arm[0]])
    v_t = float(v_p @ t)
    f_t = -mu * abs(f) * v_t / math.sqrt(v_t * v_t + VR * VR)
    return f_t * t, arm, f_t * v_t


def rhs(_t, y, mu=0.0):
    r, _, a_s = journal(y)
    delta, rate = gap(y)
    f = force(delta, rate)
    if f == 0.0:  # free flight (the journal may pass the centre, where u is undefined)
        return [y[3], y[4], y[5], 0.0, 0.0, 0.0, 0.0]
    fx, fy = -f * r / np.linalg.norm(r)
    torque = a_s[0] * fy - a_s[1] * fx
    (tx, ty), arm, power = friction(y, f, mu) if mu else ((0.0, 0.0), a_s, 0.0)
    torque += arm[0] * ty - arm[1] * tx
    return [y[3], y[4], y[5], (fx + tx) / M, (fy + ty) / M, torque / J, power]


def refined_max(f, t0, t1):
    """max f on [t0, t1]: the best of 401 samples, refined by a bounded Brent search."""
    ts = np.linspace(t0, t1, 401)
    i = int(np.argmax([f(tt) for tt in ts]))
    lo, hi = ts[max(i - 1, 0)], ts[min(i + 1, 400)]
    res = minimize_scalar(lambda tt: -f(tt), bounds=(lo, hi), method="bounded",
                          options={"xatol": 1e-14 * (t1 - t0) + 1e-18})
    return max(f(ts[i]), -res.fun)


def reference(mu=0.0):
    """Contacts and the state (and friction work) at the output instants, integrated piecewise
    between events."""
    y = np.array([-SX, 0.0, 0.0, 0.35, 0.1, 3.0, 0.0])
    # The journal centre starts at the origin: its velocity is that of the body point s.
    t, in_contact, contacts, samples = 0.0, False, [], {}
    grid = np.arange(1, round(T_END / DT) + 1) * DT
    while t < T_END:
        def ev(_t, yy):
            return gap(yy)[0]
        ev.terminal = True
        ev.direction = -1 if in_contact else 1
        todo = grid[grid > t + 1e-15]
        sol = solve_ivp(lambda tt, yy: rhs(tt, yy, mu), (t, T_END), y, method="DOP853",
                        rtol=1e-12, atol=1e-15, events=ev, dense_output=True)
        t1 = sol.t[-1]
        for tk in todo[todo <= t1]:
            samples[round(tk / DT)] = sol.sol(tk)
        if in_contact:
            delta_max = refined_max(lambda tt: gap(sol.sol(tt))[0], t, t1)
            peak = refined_max(lambda tt: force(*gap(sol.sol(tt))), t, t1)
            contacts[-1].update(t_end=t1, v_out=-gap(sol.y[:, -1])[1], delta_max=delta_max,
                                peak_force=peak)
        y = sol.y[:, -1]
        if sol.status == 1:  # an event: contact starts or ends
            if not in_contact:
                contacts.append({"t_start": t1, "v_in": gap(y)[1]})
            in_contact = not in_contact
        t = t1
    return contacts, samples


def run_both(d, mu):
    """`calib simulate` (json, series rows) and the reference for the journal at friction mu."""
    f = d / "offset_journal.toml"
    keys = f"friction = {mu}\nfriction_velocity = {VR}" if mu else ""
    f.write_text(SYSTEM.format(friction=keys))
    out = d / "out"
    res = subprocess.run([CLI, "simulate", "--system", str(f), "--out", str(out), "--format", "json"],
                         check=True, capture_output=True, text=True)
    with open(out / "series.csv") as fh:
        rows = list(csv.DictReader(fh))
    return json.loads(res.stdout), rows, reference(mu)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both(tmp_path_factory.mktemp("clearance"), 0.0)


@pytest.fixture(scope="module")
def friction_runs(tmp_path_factory):
    return run_both(tmp_path_factory.mktemp("clearance_friction"), MU)


def test_contact_records_match_scipy(runs):
    check_contact_records(runs)


def test_series_matches_scipy_point_by_point(runs):
    _, rows, _ = runs
    assert "friction_work[J]" not in rows[0]  # no friction: no column
    check_series(runs)


def test_friction_contact_records_match_scipy(friction_runs):
    check_contact_records(friction_runs)


def test_friction_series_and_work_match_scipy(friction_runs):
    lib, rows, (_, samples) = friction_runs
    check_series(friction_runs)
    # The friction work, an integral of the same accuracy as the velocities: 1e-8 J of the
    # journal's 0.027 J kinetic energy (measured 7e-14 J); the json total is the series' last
    # value (the state at t_end, possibly from another step's dense output: 1e-12 relative).
    for row in rows[1:]:
        ref = samples[round(float(row["t[s]"]) / DT)]
        assert float(row["friction_work[J]"]) == pytest.approx(ref[6], abs=1e-8)
    assert lib["friction_work"] == pytest.approx(float(rows[-1]["friction_work[J]"]), rel=1e-12)
    assert lib["friction_work"] < -1e-4  # friction took 0.75 % of the 0.027 J


def check_contact_records(runs):
    lib, _, (ref_contacts, _) = runs
    impacts = [i for i in lib["impacts"] if i["t_end"] is not None]
    assert len(ref_contacts) >= 3
    complete = [c for c in ref_contacts if "t_end" in c]
    assert len(impacts) == len(complete)
    for a, b in zip(impacts, complete):
        # Both solvers at rtol 1e-12 on the same equations: event instants to 1e-11 s, speeds
        # to 1e-9 relative (measured: 4e-13 s and 3e-11).
        assert a["t_start"] == pytest.approx(b["t_start"], abs=1e-11)
        assert a["t_end"] == pytest.approx(b["t_end"], abs=1e-11)
        assert a["v_in"] == pytest.approx(b["v_in"], rel=1e-9)
        assert a["v_out"] == pytest.approx(b["v_out"], rel=1e-9)
        # The maxima, each refined on its solver's dense output (Brent): 1e-8 relative.
        assert a["delta_max"] == pytest.approx(b["delta_max"], rel=1e-8)
        assert a["peak_force"] == pytest.approx(b["peak_force"], rel=1e-8)


def check_series(runs):
    _, rows, (_, samples) = runs
    assert len(rows) == round(T_END / DT) + 1
    for row in rows[1:]:
        k = round(float(row["t[s]"]) / DT)
        ref = samples[k]
        # Positions to 1e-11 m, angle 1e-10 rad, velocities 1e-8 m/s (measured: 1e-13 m,
        # 1e-12 rad, 3e-10 m/s over 20 ms with five contacts).
        assert float(row["shaft.x[m]"]) == pytest.approx(ref[0], abs=1e-11)
        assert float(row["shaft.y[m]"]) == pytest.approx(ref[1], abs=1e-11)
        assert float(row["shaft.phi[rad]"]) == pytest.approx(ref[2], abs=1e-10)
        assert float(row["shaft.vx[m/s]"]) == pytest.approx(ref[3], abs=1e-8)
        assert float(row["shaft.vy[m/s]"]) == pytest.approx(ref[4], abs=1e-8)
        delta, rate = gap(ref)
        assert float(row["bearing.delta[m]"]) == pytest.approx(delta, abs=1e-11)
        # The force: dF = n K delta^(n-1) d(delta) ~ 1e-6 N for 1e-11 m, of up to ~750 N.
        assert float(row["bearing.force[N]"]) == pytest.approx(force(delta, rate), abs=1e-4)


KN_SLOT = """
type = "planar"
name = "kn-slot"
[[body]]
name = "pin"
mass = 0.015
inertia = 4.8e-7
x = 0.060
vx = 0.5
[[joint]]
type = "pin-in-slot"
body_i = "ground"
body_j = "pin"
pin_radius = 0.0079
half_width = 0.008
slot = "arc"
arc_radius = 0.060
start_deg = -60
sweep_deg = 120
[joint.inner]
kn_model = "johnson"
E = 207e9
nu = 0.3
delta_r = 0.0601
length = 0.001
alpha = 0.32
[joint.outer]
kn_model = "radzimovsky"
E = 207e9
nu = 0.3
delta_r = 0.0599
length = 0.001
alpha = 0.32
[joint.ends]
kn_model = "goldsmith"
E = 207e9
nu = 0.3
delta_r = 0.0001
R_i = 0.008
length = 0.001
alpha = 0.32
[simulate]
t_end = 1e-3
"""


def test_kn_model_laws_are_calib_kn_fit(tmp_path):
    # K and n of each region equal `calib kn-fit --model` for the same E, nu, dR, R_i and L
    # (kn-fit's K_force = K L in N/m^n, the force law over the length L), to 1e-12.
    f = tmp_path / "kn_slot.toml"
    f.write_text(KN_SLOT)
    res = subprocess.run([CLI, "simulate", "--system", str(f), "--format", "json"],
                         check=True, capture_output=True, text=True)
    laws = {law["region"]: law for law in json.loads(res.stdout)["laws"]}
    expected = {"ground-pin.inner": ("johnson", "60.1mm", "100mm"),
                "ground-pin.outer": ("radzimovsky", "59.9mm", "100mm"),
                "ground-pin.ends": ("goldsmith", "0.1mm", "8mm")}
    for region, (model, dr, ri) in expected.items():
        out = subprocess.run([CLI, "kn-fit", "--model", model, "--E", "207GPa", "--nu", "0.3",
                              "--dR", dr, "--Ri", ri, "--length", "1mm", "--format", "json"],
                             check=True, capture_output=True, text=True)
        fit = json.loads(out.stdout)
        assert laws[region]["n"] == pytest.approx(fit["n"], rel=1e-12)
        assert laws[region]["k"] == pytest.approx(fit["K_force"], rel=1e-12)
        assert laws[region]["alpha"] == 0.32


@pytest.mark.parametrize("keys, named", [
    ("friction = -0.2", ("joint[0].friction", "must be in [0, 10], got -0.2")),
    ("friction = 0.2\nfriction_velocity = 0",
     ("joint[0].friction_velocity", "must be >= 1e-06 m/s")),
    # Below the bound of docs/systems.md (1 µm/s): refused, not run for hours.
    ("friction = 0.2\nfriction_velocity = 1e-15", ("joint[0].friction_velocity", "got 1e-15")),
    ("friction = 0.2\nfriction_velocity = -0.5", ("joint[0].friction_velocity", "got -0.5")),
    ("friction_velocity = 0.01", ("joint[0].friction_velocity", "given without friction")),
])
def test_bad_friction_exits_2_naming_key_and_value(tmp_path, keys, named):
    # Bad input is an InputError: exit 2, the message naming the key (its table) and the value.
    f = tmp_path / "bad.toml"
    f.write_text(SYSTEM.format(friction=keys))
    res = subprocess.run([CLI, "simulate", "--system", str(f)], capture_output=True, text=True)
    assert res.returncode == 2, res.stderr
    for part in named:
        assert part in res.stderr, res.stderr


@pytest.mark.parametrize("where, keys, named", [
    # A slot's friction belongs to a region's law: on the joint's own table it is unknown.
    ("start_deg = -60", "friction = 0.1", ("friction",)),
    ("[joint.ends]", "friction = -1", ("joint[0].ends.friction", "got -1")),
    ("[joint.inner]", "friction = 0.1\nfriction_velocity = 0",
     ("joint[0].inner.friction_velocity", "got 0")),
])
def test_bad_slot_friction_exits_2_naming_key_and_value(tmp_path, where, keys, named):
    f = tmp_path / "slot.toml"
    f.write_text(KN_SLOT.replace(where, f"{where}\n{keys}"))
    res = subprocess.run([CLI, "simulate", "--system", str(f)], capture_output=True, text=True)
    assert res.returncode == 2, res.stderr
    for part in named:
        assert part in res.stderr, res.stderr
