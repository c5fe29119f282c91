"""The real LAMMPS and LIGGGHTS in the loop (issue #18, ctest label `peers`).

For each supported model of the Debian 12 packages (lammps 20220106, liggghts 3.8.0) a head-on
collision of two identical spheres is run in the real binary, with the input lines that
`calib input-for CODE ... --format json` prints pasted verbatim, and the achieved restitution is
measured from the velocities after separation: e = (v2 - v1)_after / (v1 - v2)_before.

Checks (tolerances from the issue):
  * forward:  |e_code(typed value) - achieved_if_typed| <= 1e-3   (libcalib predicts the code)
  * inverse:  |e_code(input_value) - target_e|          <= 1e-3   (the corrected input works)
  * time step: dt = t_c/8000 (t_c: libcalib's contact duration of the same law, from the
    JSON); halving dt
    changes e by < 1e-4 (both codes integrate with velocity Verlet and evaluate the damping with
    the half-step velocity, so their e error is first order in dt).
Every measured number goes to $PEERS_OUT/peers.csv for the closing note and README.
"""
import csv
import json
import math
import os
import pathlib
import shutil
import subprocess

import pytest

CALIB = os.environ.get("CALIB_CLI", "calib")
OUT = pathlib.Path(os.environ.get("PEERS_OUT", "peers-out"))
LMP = shutil.which("lmp")
LIGGGHTS = shutil.which("liggghts")

# Material: soft enough for LIGGGHTS without hard_particles; speed 0.5 m/s.
E, NU, RADIUS, DENSITY, V = 1e7, 0.3, 0.005, 2500.0, 0.5
MATERIAL = ["--E", str(E), "--nu", str(NU), "--radius", str(RADIUS), "--density", str(DENSITY),
            "--v", str(V)]
GAP = 1e-6  # initial surface gap [m]

# (code, model, clamp, target e, typed value for the forward check or None = type the target)
CASES = [
    ("lammps", "tsuji", "off", 0.3, None), ("lammps", "tsuji", "off", 0.7, None),
    ("lammps", "tsuji", "on", 0.3, None), ("lammps", "tsuji", "on", 0.7, None),
    ("lammps", "tsuji-hooke", "off", 0.5, None), ("lammps", "tsuji-hooke", "on", 0.5, None),
    ("lammps", "viscoelastic", "off", 0.5, 1e6), ("lammps", "viscoelastic", "on", 0.5, 1e6),
    ("lammps", "gran/hertz/history", "off", 0.5, 1e6),
    ("lammps", "gran/hertz/history", "on", 0.5, 1e6),
    ("lammps", "gran/hooke/history", "off", 0.5, 1000.0),
    ("lammps", "gran/hooke/history", "on", 0.5, 1000.0),
    ("liggghts", "hertz", "off", 0.3, None), ("liggghts", "hertz", "on", 0.3, None),
    ("liggghts", "hertz", "off", 0.7, None), ("liggghts", "hertz", "on", 0.7, None),
    ("liggghts", "hooke", "off", 0.5, None), ("liggghts", "hooke", "on", 0.5, None),
]


def calib_json(*args):
    p = subprocess.run([CALIB, *args, "--format", "json"], capture_output=True, text=True, check=True)
    return json.loads(p.stdout)


def lammps_input(snippet, dt, steps):
    return f"""units si
atom_style sphere
atom_modify map array
dimension 3
boundary f f f
comm_modify vel yes
region box block -0.05 0.05 -0.05 0.05 -0.05 0.05
create_box 1 box
create_atoms 1 single {-(RADIUS + GAP / 2)} 0 0
create_atoms 1 single {RADIUS + GAP / 2} 0 0
set type 1 diameter {2 * RADIUS}
set type 1 density {DENSITY}
velocity all set 0 0 0
set atom 1 vx {V / 2}
set atom 2 vx {-V / 2}
{snippet}
neighbor {RADIUS / 5} bin
fix 1 all nve/sphere
timestep {dt}
thermo_style custom step
thermo {10 * steps}
run {steps}
variable v1 equal vx[1]
variable v2 equal vx[2]
variable gap equal x[2]-x[1]-{2 * RADIUS}
print "RESULT ${{v1}} ${{v2}} ${{gap}}"
"""


def liggghts_input(snippet, dt, steps):
    return f"""units si
atom_style granular
atom_modify map array
boundary f f f
newton off
communicate single vel yes
region box block -0.05 0.05 -0.05 0.05 -0.05 0.05 units box
create_box 1 box
neighbor {RADIUS / 5} bin
neigh_modify delay 0
{snippet}
timestep {dt}
fix integr all nve/sphere
create_atoms 1 single {-(RADIUS + GAP / 2)} 0 0 units box
create_atoms 1 single {RADIUS + GAP / 2} 0 0 units box
set atom 1 diameter {2 * RADIUS} density {DENSITY} vx {V / 2}
set atom 2 diameter {2 * RADIUS} density {DENSITY} vx {-V / 2}
thermo {10 * steps}
run {steps}
variable v1 equal vx[1]
variable v2 equal vx[2]
variable gap equal x[2]-x[1]-{2 * RADIUS}
print "RESULT ${{v1}} ${{v2}} ${{gap}}"
"""


def run_code(code, snippet, dt, t_end, workdir):
    steps = int(math.ceil(t_end / dt))
    text = (lammps_input if code == "lammps" else liggghts_input)(snippet, dt, steps)
    workdir.mkdir(parents=True, exist_ok=True)
    path = workdir / "in.collision"
    path.write_text(text)
    exe = LMP if code == "lammps" else LIGGGHTS
    p = subprocess.run([exe, "-in", str(path), "-log", "none"], capture_output=True, text=True,
                       cwd=workdir, timeout=300)
    line = next((l for l in p.stdout.splitlines() if l.startswith("RESULT")), None)
    assert p.returncode == 0 and line, f"{exe} failed:\n{p.stdout[-2000:]}\n{p.stderr[-2000:]}"
    v1, v2, gap = map(float, line.split()[1:])
    assert gap > 0, f"the spheres are still in contact at the end of the run (gap {gap})"
    return (v2 - v1) / V


def measure(code, snippet, t_c, workdir):
    """e at dt = t_c/8000 and at dt/2: (e, e_half)."""
    dt = t_c / 8000
    t_end = 2.5 * t_c + GAP / V
    return (run_code(code, snippet, dt, t_end, workdir / "dt"),
            run_code(code, snippet, dt / 2, t_end, workdir / "dt_half"))


def record(row):
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / "peers.csv"
    new = not path.exists()
    with path.open("a", newline="") as f:
        w = csv.writer(f)
        if new:
            w.writerow(["code", "model", "version", "clamp", "target_e", "typed", "input_value",
                        "dt[s]", "e_predicted_typed", "e_code_typed", "e_code_typed_dt_half",
                        "e_code_input", "e_code_input_dt_half", "e_code_typed_extrapolated",
                        "e_code_input_extrapolated"])
        w.writerow(row)


@pytest.mark.parametrize("code,model,clamp,target,typed", CASES,
                         ids=[f"{c[0]}-{c[1].replace('/', '_')}-clamp_{c[2]}-e{c[3]}" for c in CASES])
def test_code_achieves_prediction_and_target(code, model, clamp, target, typed, tmp_path):
    if (code == "lammps" and not LMP) or (code == "liggghts" and not LIGGGHTS):
        pytest.fail(f"{code} is not installed (tools/setup.sh installs lammps and liggghts)")
    extra = [] if typed is None else ["--typed", repr(typed)]
    rec = calib_json("input-for", code, "--model", model, "--clamp", clamp, "--e", str(target),
                     *MATERIAL, *extra)
    typed_value = rec["typed"]
    t_c = max(rec["t_contact_input[s]"], rec["t_contact_typed[s]"])
    e_typed, e_typed_half = measure(code, rec["snippet_typed"], t_c, tmp_path / "typed")
    e_input, e_input_half = measure(code, rec["snippet"], t_c, tmp_path / "input")
    record([code, model, rec["version"], clamp, target, typed_value, rec["input_value"],
            t_c / 8000, rec["achieved_if_typed"], e_typed, e_typed_half, e_input, e_input_half,
            2 * e_typed_half - e_typed, 2 * e_input_half - e_input])  # Richardson, first order
    assert abs(e_typed_half - e_typed) < 1e-4, "not converged in dt"
    assert abs(e_input_half - e_input) < 1e-4, "not converged in dt"
    assert abs(e_typed_half - rec["achieved_if_typed"]) <= 1e-3, (
        f"forward: {code} achieves {e_typed_half}, libcalib predicts {rec['achieved_if_typed']}")
    assert abs(e_input_half - target) <= 1e-3, (
        f"inverse: {code} achieves {e_input_half} with {rec['input_value']}, target {target}")
