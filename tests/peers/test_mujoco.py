"""The real MuJoCo in the loop (ctest peers_mujoco, label peers).

Debian 12 ships MuJoCo 2.2.2 (libmujoco-dev). tests/peers/mujoco_driver.c, built against it,
loads an MJCF file that this test writes with the lines `calib input-for mujoco ... --format json`
prints pasted verbatim, sets the initial velocities, steps until the surfaces separate and prints
the velocities. e = (relative normal velocity after) / (before).

Checks (tolerances from the task; libcalib's prediction is its own impact solve of the law
MuJoCo 2.2.2 integrates, engine_core_constraint.c: the clamped Kelvin-Voigt contact of
dampratio with stiffness m*/(timeconst dampratio)^2):
  * version:  mj_versionString() equals the version label of the mapping
  * forward:  |e_mujoco(typed dampratio) - e_if_typed| <= 2e-3
  * inverse:  |e_mujoco(input_value) - target_e|           <= 2e-3
  * contact duration: MuJoCo's steps with a pushing contact force times the time step is
    libcalib's t_contact within 1% (libcalib's duration ends where the clamp sets the force to
    zero; MuJoCo keeps the contact a little longer, while the surfaces still overlap in free
    flight: that overlap time goes to the CSV too)
  * penetration: MuJoCo's largest overlap is at most the timeconst rule's 1% of the radius
  * time step: dt = the printed time step; halving it changes e by < 1e-4 (the accuracy the
    printed advice claims for MuJoCo's semi-implicit Euler, first order in dt)
Every measured number goes to $PEERS_OUT/mujoco.csv.
"""
import csv
import json
import math
import os
import subprocess

import pytest
import re
from peer_results import OUT, append_row

CALIB = os.environ.get("CALIB_CLI", "calib")
DRIVER = os.environ.get("MUJOCO_DRIVER")

# Materials: (name, E [Pa], nu, radius [m], density [kg/m^3], impact speed [m/s]).
GLASS = ("glass bead 2 mm", 6.3e10, 0.24, 1e-3, 2500.0, 3.0)  # the user's report
STEEL = ("steel ball 10 mm", 2.0e11, 0.30, 5e-3, 7800.0, 1.0)
RUBBER = ("rubber ball 10 cm", 5.0e6, 0.45, 5e-2, 1100.0, 0.5)

# (material, geometry, target e, typed dampratio for the forward check)
CASES = [
    (GLASS, "sphere-sphere", 0.1, 1.0), (GLASS, "sphere-sphere", 0.5, 0.3),
    (GLASS, "sphere-sphere", 0.95, 0.05), (GLASS, "sphere-wall", 0.5, 2.0),
    (STEEL, "sphere-sphere", 0.7, 0.1), (STEEL, "sphere-wall", 0.9, 0.5),
    (RUBBER, "sphere-wall", 0.3, 1.0), (RUBBER, "sphere-sphere", 0.8, 0.2),
]

TOL_E = 2e-3          # forward and inverse, from the task
TOL_DT = 1e-4         # the accuracy the printed time step claims
TOL_CONTACT_TIME = 0.01
PENETRATION_FRACTION = 0.01  # the timeconst rule (mujoco.cpp, docs/simulators/mujoco.md)


def calib_json(material, geometry, target, typed):
    _, e_mod, nu, radius, density, v = material
    args = [CALIB, "input-for", "mujoco", "--e", str(target), "--geometry", geometry,
            "--E", str(e_mod), "--nu", str(nu), "--radius", str(radius), "--density", str(density),
            "--v", str(v), "--typed", str(typed), "--format", "json"]
    return json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)


def mjcf(snippet, geometry, radius, density, dt):
    """Two free spheres on the x axis, or one sphere over a plane whose normal is +x; the gap
    between the surfaces is 0.1% of the radius."""
    gap = 1e-3 * radius
    sphere = f'<geom type="sphere" size="{radius!r}" density="{density!r}"/>'
    if geometry == "sphere-sphere":
        bodies = (f'<body pos="{-(radius + gap / 2)!r} 0 0"><freejoint/>{sphere}</body>\n'
                  f'<body pos="{radius + gap / 2!r} 0 0"><freejoint/>{sphere}</body>')
    else:
        bodies = ('<geom type="plane" size="0 0 1" zaxis="1 0 0"/>\n'
                  f'<body pos="{radius + gap!r} 0 0"><freejoint/>{sphere}</body>')
    return (f'<mujoco>\n<option timestep="{dt!r}" gravity="0 0 0"/>\n{snippet}'
            f"<worldbody>\n{bodies}\n</worldbody>\n</mujoco>\n")


def run_mujoco(tmp_path, name, snippet, geometry, material, dt, t_contact, e_expected):
    """The velocities after separation; the step budget covers the approach, the pushing
    contact and the overlapping free flight after it (overlap <= 1% R left at speed e v)."""
    _, _, _, radius, density, v = material
    model = tmp_path / f"{name}.xml"
    model.write_text(mjcf(snippet, geometry, radius, density, dt))
    velocities = [v / 2, -v / 2] if geometry == "sphere-sphere" else [-v]
    flight = (1e-3 + 2 * PENETRATION_FRACTION / e_expected) * radius / v
    max_steps = int((flight + 3 * t_contact) / dt) + 10
    p = subprocess.run([DRIVER, str(model), str(max_steps), *map(repr, velocities)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    fields = {line.split()[0]: line.split()[1:] for line in p.stdout.splitlines()}
    after = [float(x) for x in fields["v"]]
    relative_after = after[1] - after[0] if geometry == "sphere-sphere" else after[0]
    return {"version": fields["version"][0], "e": relative_after / v,
            "contact_time": int(fields["steps"][4]) * dt, "overlap_time": int(fields["steps"][2]) * dt,
            "penetration": float(fields["max_penetration"][0]), "stderr": p.stderr}


def clamped_kelvin_voigt_e(zeta):
    """Butcher & Segalman (J. Appl. Mech. 67, 2000): the force 2ζx' + x of the unit oscillator
    vanishes at e = exp(-2ζ acos(ζ)/√(1-ζ²)) (acosh, √(ζ²-1) for ζ > 1; e^-2 at ζ = 1)."""
    if zeta < 1:
        return math.exp(-2 * zeta * math.acos(zeta) / math.sqrt(1 - zeta * zeta))
    if zeta > 1:
        return math.exp(-2 * zeta * math.acosh(zeta) / math.sqrt(zeta * zeta - 1))
    return math.exp(-2)


def solref_solimp(snippet):
    """The numbers of the pasted line, as MuJoCo reads them."""
    ref = [float(x) for x in re.search(r'solref="([^"]*)"', snippet).group(1).split()]
    imp = [float(x) for x in re.search(r'solimp="([^"]*)"', snippet).group(1).split()]
    return ref, imp


def assert_mujoco_keeps_meaning(snippet, dt):
    """getsolparam (engine_core_constraint.c, 2.2.2) replaces a mixed-sign solref by the default
    and raises timeconst to 2 timestep; getimpedance is flat only when dmin = dmax."""
    (timeconst, dampratio), imp = solref_solimp(snippet)
    assert timeconst > 0 and dampratio > 0
    assert timeconst >= 2 * dt
    assert imp[0] == imp[1] and 0.0001 <= imp[0] <= 0.9999


def write_row(row):
    append_row("mujoco.csv", list(row), list(row.values()))


@pytest.fixture(scope="module", autouse=True)
def fresh_csv():
    (OUT / "mujoco.csv").unlink(missing_ok=True)


@pytest.mark.skipif(not DRIVER, reason="MUJOCO_DRIVER not set (libmujoco-dev missing)")
@pytest.mark.parametrize("material,geometry,target,typed", CASES,
                         ids=[f"{c[0][0]}-{c[1]}-{c[2]}" for c in CASES])
def test_mujoco_achieves_the_target(tmp_path, material, geometry, target, typed):
    j = calib_json(material, geometry, target, typed)
    dt = j["time_step"]
    steps_per_contact = j["t_contact_input"] / dt
    dt_typed = j["t_contact_typed"] / steps_per_contact
    typed_run = run_mujoco(tmp_path, "typed", j["snippet_typed"], geometry, material, dt_typed,
                           j["t_contact_typed"], j["e_if_typed"])
    run = run_mujoco(tmp_path, "input", j["snippet"], geometry, material, dt,
                     j["t_contact_input"], target)
    half = run_mujoco(tmp_path, "half", j["snippet"], geometry, material, dt / 2,
                      j["t_contact_input"], target)
    radius = material[3]
    write_row({"code": "mujoco", "model": f"solref ({j['version']})", "material": material[0],
               "geometry": geometry, "v[m/s]": material[5], "target": target, "typed": typed,
               "e_typed_real": typed_run["e"], "prediction": j["e_if_typed"],
               "input_value": j["input_value"], "e_input_real": run["e"],
               "e_input_half_dt": half["e"], "dt[s]": dt,
               "t_contact_real[s]": run["contact_time"], "t_contact_calib[s]": j["t_contact_input"],
               "t_overlap_real[s]": run["overlap_time"],
               "penetration/R": run["penetration"] / radius})
    assert run["version"] == j["version"], "mapping label vs mj_versionString()"
    assert_mujoco_keeps_meaning(j["snippet"], dt)
    assert_mujoco_keeps_meaning(j["snippet_typed"], dt_typed)
    assert "warning" not in run["stderr"].lower(), run["stderr"]
    # libcalib's impact solve vs the closed form of the same law (1e-8: the solver's accuracy)
    assert abs(j["e_if_typed"] - clamped_kelvin_voigt_e(typed)) <= 1e-8
    assert abs(j["e_with_input"] - clamped_kelvin_voigt_e(j["input_value"])) <= 1e-8
    assert abs(typed_run["e"] - j["e_if_typed"]) <= TOL_E
    assert abs(run["e"] - target) <= TOL_E
    assert abs(run["e"] - half["e"]) <= TOL_DT
    assert abs(run["contact_time"] / j["t_contact_input"] - 1) <= TOL_CONTACT_TIME
    assert run["penetration"] <= PENETRATION_FRACTION * radius


@pytest.mark.parametrize("args,exit_code,names", [
    (["--e", "1"], 1, "dampratio"),          # e = 1 needs dampratio 0, which MuJoCo replaces
    (["--e", "0.5", "--typed", "0"], 2, "--typed"),
    (["--e", "0.5", "--typed", "-0.5"], 2, "--typed"),  # negative: MuJoCo's mixed format
])
def test_calib_refuses_what_mujoco_would_change(args, exit_code, names):
    _, e_mod, nu, radius, density, v = GLASS
    p = subprocess.run([CALIB, "input-for", "mujoco", *args, "--E", str(e_mod), "--nu", str(nu),
                        "--radius", str(radius), "--density", str(density), "--v", str(v)],
                       capture_output=True, text=True)
    assert p.returncode == exit_code, p.stdout + p.stderr
    assert names in p.stderr and "solref=" not in p.stdout
