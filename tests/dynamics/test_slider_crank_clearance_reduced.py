"""The slider–crank clearance bench (configs/systems/slider_crank_clearance.toml) against an
independent solution of its reduced 2-DOF equations of motion with SciPy.

The model (docs/systems.md): crank O–A, r = 0.05 m, driven counter-clockwise at ω = 5000 rpm
(θ = ωt, A at (r, 0) at t = 0); rod A–B, l = 0.12 m, mass m₂ = 0.21 kg, J₂ = 2.5e-4 kg·m² about
its centre of mass G at mid-length; slider of mass m₃ = 0.14 kg on the x axis (its y and angle
fixed); gravity g = 9.81 m/s² along −y; joint A ideal; joint B a frictionless journal (R_j = 9.5
mm, on the rod, centre B) in a bearing (R_b = 10 mm, on the slider, centre S = (x, 0)) with the
Lankarani–Nikravesh law F = Kδ^{3/2}(1 + 3(1 − e²)δ̇/(4δ̇⁻)), e = 0.9, δ̇⁻ the approach speed at
contact start, K = (4/3)·E/(2(1 − ν²))·√(R_j R_b/(R_b − R_j)), E = 207 GPa, ν = 0.3.

Reduced equations (Lagrange). The crank is prescribed, so the coordinates are the rod angle φ
and the slider position x. With e∥ = (cos φ, sin φ), e⊥ = (−sin φ, cos φ):

    A(t) = r (cos ωt, sin ωt),   Ä = −ω² A,
    G = A + (l/2) e∥,   B = A + l e∥,   S = (x, 0).

Kinetic energy of the moving bodies (the crank's is a given function of t and drops out):

    T = ½ m₂ |Ȧ + (l/2) φ̇ e⊥|² + ½ J₂ φ̇² + ½ m₃ ẋ²
      = ½ m₂ (|Ȧ|² + l φ̇ Ȧ·e⊥ + (l²/4) φ̇²) + ½ J₂ φ̇² + ½ m₃ ẋ².

With ∂e⊥/∂φ = −e∥:  ∂T/∂φ̇ = I_A φ̇ + m₂ (l/2) Ȧ·e⊥, I_A = J₂ + m₂ l²/4, and
d/dt ∂T/∂φ̇ − ∂T/∂φ = I_A φ̈ + m₂ (l/2) (Ä·e⊥ − φ̇ Ȧ·e∥) + m₂ (l/2) φ̇ Ȧ·e∥
                   = I_A φ̈ + m₂ (l/2) Ä·e⊥;        d/dt ∂T/∂ẋ − ∂T/∂x = m₃ ẍ.

Generalised forces from the virtual work δW = −m₂ g δG_y + F_B·δB − F_B·δS, with F_B the contact
force on the journal (the bearing takes −F_B), δG_y = (l/2) cos φ δφ, δB = l e⊥ δφ, δS = (δx, 0);
the slider's weight and the y part of −F_B are taken by the prismatic joint:

    Q_φ = −m₂ g (l/2) cos φ + l F_B·e⊥,      Q_x = −F_B,x,

    I_A φ̈ = Q_φ − m₂ (l/2) Ä·e⊥,      m₃ ẍ = Q_x.

Contact: the eccentricity d = B − S, δ = |d| − (R_b − R_j), n = d/|d|, δ̇ = n·(Ḃ − Ṡ) with
Ḃ = Ȧ + l φ̇ e⊥, Ṡ = (ẋ, 0); for δ > 0, F_B = −F n (pushes the journal back to the bearing's
centre). Initial state (the ideal mechanism at θ = 0, journal centred): φ = 0, x = r + l,
φ̇ = −r ω / l (from B_y = r sin θ + l sin φ ≡ 0), ẋ = 0.

Contact start and end are the δ = 0 crossings, located as solve_ivp events (DOP853) with the
contact's δ̇⁻ frozen at its start; δ_max and the peak force at the zeros of δ̇ and of dF/dt
(dF/dt = K[(3/2)δ^{1/2}δ̇(1 + hδ̇/δ̇⁻) + δ^{3/2} h δ̈/δ̇⁻], h = 3(1 − e²)/4, with
δ̈ = n·(B̈ − S̈) + (|Ḃ − Ṡ|² − δ̇²)/|d| and B̈ = Ä + l φ̈ e⊥ − l φ̇² e∥).
"""
import csv
import math
import os
import pathlib
import re
import subprocess
import tomllib

import numpy as np
import pytest
from scipy.integrate import solve_ivp

ROOT = pathlib.Path(__file__).resolve().parents[2]
SYSTEM = ROOT / "configs/systems/slider_crank_clearance.toml"

# The issue's model, every number as it states it.
R_CRANK, L_ROD = 0.05, 0.12  # [m]
OMEGA = 5000.0 * 2.0 * math.pi / 60.0  # 5000 rpm [rad/s]
M_ROD, J_ROD, M_SLIDER = 0.21, 2.5e-4, 0.14  # [kg], [kg m^2], [kg]
M_CRANK, J_CRANK = 0.30, 1e-4  # enter neither equation (the crank is driven)
GRAVITY = 9.81  # [m/s^2] along -y
R_JOURNAL, R_BEARING = 0.0095, 0.010  # [m]
CLEARANCE = R_BEARING - R_JOURNAL
E_RESTITUTION = 0.9
H_LN = 3.0 * (1.0 - E_RESTITUTION**2) / 4.0  # Lankarani–Nikravesh hysteresis factor
YOUNG, POISSON = 207e9, 0.3
K_FORMULA = (4.0 / 3.0) * YOUNG / (2.0 * (1.0 - POISSON**2)) * math.sqrt(
    R_JOURNAL * R_BEARING / (R_BEARING - R_JOURNAL))  # [N/m^1.5]
I_ROD_A = J_ROD + M_ROD * L_ROD**2 / 4.0

QUANTITIES = ("t_start", "t_end", "v_in", "delta_max", "peak_force")
CONTACTS = 5
T_END = 0.0016  # [s] past the fifth contact's end
ISSUE_TOL = 1e-7  # the issue's relative tolerance on the first five contacts
REF_RTOL = 1e-13  # the reference's DOP853 tolerance; its own error is checked below
REF_ATOL = (1e-15, 1e-16, 1e-12, 1e-13)  # phi [rad], x [m], phi' [rad/s], x' [m/s]
FREE_MAX_STEP = 1e-6  # [s] so that no free flight is stepped over between two checks of δ
LIB_TOLERANCES = {"rel_tol": 1e-13, "abs_tol": 1e-16}  # libcalib's tightened [simulate]


def kinematics(t, y):
    """Positions, velocities and the contact geometry of the reduced model at (t, y)."""
    phi, x, dphi, dx = y
    c, s = math.cos(OMEGA * t), math.sin(OMEGA * t)
    e_par = np.array([math.cos(phi), math.sin(phi)])
    e_perp = np.array([-math.sin(phi), math.cos(phi)])
    a = R_CRANK * np.array([c, s])
    da = R_CRANK * OMEGA * np.array([-s, c])
    ecc = a + L_ROD * e_par - np.array([x, 0.0])
    dist = math.hypot(ecc[0], ecc[1])
    normal = ecc / dist if dist > 0.0 else np.array([1.0, 0.0])  # centred: δ < 0, unused
    rel_vel = da + L_ROD * dphi * e_perp - np.array([dx, 0.0])
    return dict(ddA=-OMEGA**2 * a, e_par=e_par, e_perp=e_perp, dist=dist, normal=normal,
                rel_vel=rel_vel, delta=dist - CLEARANCE, ddelta=float(normal @ rel_vel))


def contact_force(kin, law):
    """Lankarani–Nikravesh force magnitude; law = (K, δ̇⁻) or None between contacts."""
    if law is None or kin["delta"] <= 0.0:
        return 0.0
    k, v_in = law
    return k * kin["delta"]**1.5 * (1.0 + H_LN * kin["ddelta"] / v_in)


def accelerations(t, y, law):
    """(φ̈, ẍ) of the reduced equations in the module docstring."""
    kin = kinematics(t, y)
    force_on_journal = -contact_force(kin, law) * kin["normal"]
    q_phi = -M_ROD * GRAVITY * (L_ROD / 2.0) * math.cos(y[0]) \
        + L_ROD * force_on_journal @ kin["e_perp"]
    q_x = -force_on_journal[0]
    ddphi = (q_phi - M_ROD * (L_ROD / 2.0) * kin["ddA"] @ kin["e_perp"]) / I_ROD_A
    return ddphi, q_x / M_SLIDER, kin


def rhs(t, y, law):
    ddphi, ddx, _ = accelerations(t, y, law)
    return [y[2], y[3], ddphi, ddx]


def force_rate(t, y, law):
    """dF/dt during a contact (docstring), zero at the force's peaks."""
    ddphi, ddx, kin = accelerations(t, y, law)
    k, v_in = law
    delta, ddelta = max(kin["delta"], 0.0), kin["ddelta"]
    acc_b = kin["ddA"] + L_ROD * ddphi * kin["e_perp"] - L_ROD * y[2]**2 * kin["e_par"]
    rel_acc = acc_b - np.array([ddx, 0.0])
    rel_vel = kin["rel_vel"]
    dddelta = kin["normal"] @ rel_acc + (rel_vel @ rel_vel - ddelta**2) / kin["dist"]
    return k * (1.5 * math.sqrt(delta) * ddelta * (1.0 + H_LN * ddelta / v_in)
                + delta**1.5 * H_LN * dddelta / v_in)


def _event(fun, direction, terminal=False):
    def event(t, y, law):
        return fun(t, y, law)
    event.direction, event.terminal = direction, terminal
    return event


def _penetration(t, y, law):
    return kinematics(t, y)["delta"]


def _approach_speed(t, y, law):
    return kinematics(t, y)["ddelta"]


def free_flight(t0, y0, rtol):
    """Integrates with no contact force until δ crosses 0 upwards; returns (t, y) there."""
    sol = solve_ivp(rhs, (t0, T_END), y0, method="DOP853", rtol=rtol, atol=REF_ATOL,
                    events=_event(_penetration, 1.0, terminal=True), args=(None,),
                    max_step=FREE_MAX_STEP)
    assert sol.status == 1, f"no contact start after t = {t0} s: {sol.message}"
    return sol.t_events[0][0], sol.y_events[0][0]


def in_contact(t0, y0, k, rtol):
    """One contact from its start (t0, y0): its record and the state where δ returns to 0."""
    v_in = kinematics(t0, y0)["ddelta"]
    law = (k, v_in)
    events = [_event(_penetration, -1.0, terminal=True), _event(_approach_speed, -1.0),
              _event(force_rate, -1.0)]
    sol = solve_ivp(rhs, (t0, T_END), y0, method="DOP853", rtol=rtol, atol=REF_ATOL,
                    events=events, args=(law,), first_step=1e-9)
    assert sol.status == 1, f"contact from t = {t0} s does not end: {sol.message}"
    assert len(sol.t_events[1]) > 0 and len(sol.t_events[2]) > 0
    # The force never pulls here, so whether a code clamps it at zero cannot matter.
    assert min(contact_force(kinematics(t, y), law) for t, y in zip(sol.t[1:-1], sol.y.T[1:-1])) > 0
    kin_at = [kinematics(t, y) for t, y in zip(sol.t_events[1], sol.y_events[1])]
    peaks = [contact_force(kinematics(t, y), law)
             for t, y in zip(sol.t_events[2], sol.y_events[2])]
    record = dict(t_start=t0, t_end=sol.t_events[0][0], v_in=v_in,
                  delta_max=max(kin["delta"] for kin in kin_at), peak_force=max(peaks))
    return record, sol.t_events[0][0], sol.y_events[0][0]


def reduced_contacts(k, rtol=REF_RTOL):
    """The first CONTACTS contacts of the reduced model with stiffness k [N/m^1.5]."""
    t, y = 0.0, np.array([0.0, R_CRANK + L_ROD, -R_CRANK * OMEGA / L_ROD, 0.0])
    records = []
    while len(records) < CONTACTS:
        t, y = free_flight(t, y, rtol)
        record, t, y = in_contact(t, y, k, rtol)
        records.append(record)
    return records


def calib_cli():
    cli = os.environ.get("CALIB_CLI", str(ROOT / "build/bin/calib"))
    assert pathlib.Path(cli).is_file(), f"calib CLI not found at {cli} (set CALIB_CLI)"
    return cli


def libcalib_contacts(system, out):
    """The first CONTACTS rows of `calib simulate`'s impacts.csv for a system file."""
    subprocess.run([calib_cli(), "simulate", "--system", str(system), "--out", str(out),
                    "--t-end", str(T_END)], check=True, stdout=subprocess.DEVNULL)
    with open(out / "impacts.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) >= CONTACTS, f"libcalib found {len(rows)} contacts before {T_END} s"
    columns = dict(t_start="t_start[s]", t_end="t_end[s]", v_in="v_in[m/s]",
                   delta_max="delta_max[m]", peak_force="peak_force[N]")
    return [{q: float(row[columns[q]]) for q in QUANTITIES} for row in rows[:CONTACTS]]


def tightened_copy(tmp_path):
    """The shipped file with [simulate] rel_tol/abs_tol tightened."""
    text = SYSTEM.read_text()
    keys = "".join(f"{key} = {value!r}\n" for key, value in LIB_TOLERANCES.items())
    text, count = re.subn(r"^\[simulate\]\n", "[simulate]\n" + keys, text, flags=re.M)
    assert count == 1
    path = tmp_path / "slider_crank_clearance.toml"
    path.write_text(text)
    return path


def relative_differences(ours, theirs):
    return [{q: abs(a[q] - b[q]) / abs(b[q]) for q in QUANTITIES} for a, b in zip(ours, theirs)]


def print_table(title, reference, libcalib):
    print(f"\n{title}")
    print(f"{'#':>2} {'code':>8} " + " ".join(f"{q:>22}" for q in QUANTITIES))
    for i, (a, b) in enumerate(zip(reference, libcalib), 1):
        print(f"{i:>2} {'scipy':>8} " + " ".join(f"{a[q]:>22.15g}" for q in QUANTITIES))
        print(f"{'':>2} {'libcalib':>8} " + " ".join(f"{b[q]:>22.15g}" for q in QUANTITIES))
        diff = relative_differences([b], [a])[0]
        print(f"{'':>2} {'rel diff':>8} " + " ".join(f"{diff[q]:>22.2e}" for q in QUANTITIES))


def file_k():
    system = tomllib.loads(SYSTEM.read_text())
    return next(j for j in system["joint"] if j["type"] == "revolute-clearance")["k"]


@pytest.fixture(scope="module")
def reference_file_k():
    return reduced_contacts(file_k())


def test_file_is_the_issue_model():
    """Every number of the shipped file is the issue's (read above), K to double precision."""
    system = tomllib.loads(SYSTEM.read_text())
    bodies = {b["name"]: b for b in system["body"]}
    assert [(b["mass"], b["inertia"]) for b in bodies.values()] == [
        (M_CRANK, J_CRANK), (M_ROD, J_ROD), (M_SLIDER, 1e-4)]
    assert bodies["crank"]["x"] == R_CRANK / 2
    assert bodies["rod"]["x"] == pytest.approx(R_CRANK + L_ROD / 2, rel=1e-15)
    assert bodies["slider"]["x"] == pytest.approx(R_CRANK + L_ROD, rel=1e-15)
    # The ideal mechanism at θ = 0 (module docstring): Ġ = (0, r ω / 2), φ̇ = −r ω / l.
    assert bodies["rod"]["vy"] == pytest.approx(R_CRANK * OMEGA / 2, rel=1e-15)
    assert bodies["rod"]["omega"] == pytest.approx(-R_CRANK * OMEGA / L_ROD, rel=1e-15)
    assert system["drive"][0]["velocity"] == pytest.approx(OMEGA, rel=1e-15)
    joint = next(j for j in system["joint"] if j["type"] == "revolute-clearance")
    assert (joint["bearing_radius"], joint["journal_radius"], joint["e"], joint["n"]) == (
        R_BEARING, R_JOURNAL, E_RESTITUTION, 1.5)
    assert joint["point_j"] == [L_ROD / 2, 0.0] and joint["model"] == "lankarani-nikravesh"
    assert system["gravity"]["g"] == GRAVITY
    # K is written to double precision: the formula's value.
    assert joint["k"] == pytest.approx(K_FORMULA, rel=1e-15)


def test_reference_converged(reference_file_k):
    """The reference's own error, from a tenfold looser rtol, is far below the issue's 1e-7."""
    looser = reduced_contacts(file_k(), rtol=10 * REF_RTOL)
    worst = max(max(d.values()) for d in relative_differences(looser, reference_file_k))
    assert worst < ISSUE_TOL / 10, worst


def assert_agree(reference, libcalib, tol):
    """Every quantity of every contact to tol: the located instants, v_in, and δ_max and the
    peak force (maximised on libcalib's dense output by a Brent search)."""
    diffs = relative_differences(libcalib, reference)
    for i, diff in enumerate(diffs, 1):
        for q in QUANTITIES:
            assert diff[q] <= tol, f"contact {i} {q}: relative difference {diff[q]:.2e} > {tol}"


def test_shipped_file_against_reduced(reference_file_k, tmp_path):
    """The shipped file at its own tolerances and tightened, against the reduced model."""
    shipped = libcalib_contacts(SYSTEM, tmp_path / "shipped")
    print_table("shipped file, libcalib's default tolerances", reference_file_k, shipped)
    assert_agree(reference_file_k, shipped, ISSUE_TOL)
    tight = libcalib_contacts(tightened_copy(tmp_path), tmp_path / "tight")
    print_table(f"shipped file, {LIB_TOLERANCES}", reference_file_k, tight)
    assert_agree(reference_file_k, tight, ISSUE_TOL / 100)
