#!/usr/bin/env python3
"""One unit rule, good values: the same quantity written as a bare SI number or with a unit gives
the same value through every door that takes it (CLI flag, config key, Python argument). The
expected equalities are exact SI conversions (BIPM SI Brochure, Table 7 prefixes: 207 GPa =
207000 MPa = 207e9 Pa; 1 kg = 1000 g), so the results must agree to the last printed digit.
Usage: cross_door_values.py CALIB SOURCE_DIR WORK_DIR (the module from PYTHONPATH)."""
import json
import os
import subprocess
import sys

calib_cli, src, work = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(work, exist_ok=True)
import calib  # noqa: E402

failures = []


def cli(*args):
    r = subprocess.run([calib_cli, *args], capture_output=True, text=True, timeout=300, cwd=work)
    if r.returncode != 0:
        failures.append(f"calib {' '.join(args)}: exit {r.returncode}: {r.stderr.strip()}")
    return r.stdout


def same(what, values):
    """Every door's value equal; the first one is the reference."""
    ref = next(iter(values.values()))
    for door, value in values.items():
        ok = value == ref
        print(f"{'ok  ' if ok else 'DIFF'} {what}: {door} = {value}")
        if not ok:
            failures.append(f"{what}: {door} gives {value}, {next(iter(values))} gives {ref}")


# kn-fit single fit: E through the CLI and Python, bare SI or with a unit.
fit = ["kn-fit", "--model", "johnson", "--nu", "0.3", "--dR", "5mm", "--format", "json"]
K = {f"CLI --E {E}": json.loads(cli(*fit, "--E", E))["K"] for E in ("207e9", "207GPa", "207000MPa")}
K.update({f"Python kn_fit(E={E!r})": calib.kn_fit("johnson", E=E, nu=0.3, dR="5mm")["K"]
          for E in (207e9, "207GPa", "207000 MPa")})
K["Python kn_fit(dR=0.005)"] = calib.kn_fit("johnson", E=207e9, nu=0.3, dR=0.005)["K"]
same("kn-fit johnson K [N/m^(n+1)]", K)

# input-for: E and radius through the CLI and Python.
inp = ["input-for", "lammps", "--e", "0.5", "--format", "json", "--nu", "0.3", "--density", "2500",
       "--v", "1"]
value = {f"CLI --E {E} --radius {R}": json.loads(cli(*inp, "--E", E, "--radius", R))["input_value"]
         for E, R in (("7e10", "0.001"), ("70GPa", "1mm"))}
value.update({f"Python input_for(E={E!r}, radius={R!r})": calib.input_for(
    "lammps", 0.5, E=E, radius=R, nu=0.3, density=2500, v=1.0)["input_value"]
    for E, R in ((7e10, 1e-3), ("70GPa", "1mm"))})
same("input-for lammps input_value", value)

# A system file (config door) and Python's dict (the same TOML): mass as SI number or with a unit.
ball = ("type = 'bouncing-ball'\n[ball]\nmass = {mass}\nradius = 0.1\nheight = 1.0\n"
        "[gravity]\ng = 9.8\n[contact]\ne = 0.8\nk = 1.4e8\n[simulate]\nt_end = 0.5\n")
finals = {}
for mass in ("1.0", "'1kg'", "'1000 g'"):
    path = os.path.join(work, f"ball_{len(finals)}.toml")
    with open(path, "w") as f:
        f.write(ball.format(mass=mass))
    finals[f"config mass = {mass}"] = json.loads(cli("simulate", "--system", path, "--format", "json"))["final"]
for mass in (1.0, "1000g"):
    system = {"type": "bouncing-ball", "ball": {"mass": mass, "radius": 0.1, "height": 1.0},
              "gravity": {"g": 9.8}, "contact": {"e": 0.8, "k": 1.4e8}, "simulate": {"t_end": 0.5}}
    finals[f"Python simulate(mass={mass!r})"] = json.loads(json.dumps(calib.simulate(system)["final"]))
same("simulate bouncing ball final state", {k: json.dumps(v, sort_keys=True) for k, v in finals.items()})

print("\n".join(failures) if failures else "every door agrees")
sys.exit(1 if failures else 0)
