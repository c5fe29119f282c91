#!/usr/bin/env python3
"""One validation per input: the same bad value through every door that takes it (CLI flag,
config key, Python argument) must give the same message. Table-driven: each row is one bad value,
the message every door must contain, and the doors. A CLI or config door must also exit with the
row's code (2: bad input, 1: failed computation); a Python door must raise (ValueError for bad
input, calib.ComputeError for a failed computation — the module's mapping).

Prints one line per door and, for every row, the doors whose message differs. Exits 1 if any
door does not refuse, or a CLI/config door misses the message. Python doors that refuse with
another message are listed as MISMATCH (the binding is owned elsewhere) and fail the test only
with --strict-python.
Usage: cross_door_messages.py CALIB SOURCE_DIR WORK_DIR [--strict-python]
(the module is imported from PYTHONPATH, e.g. build/python)
"""
import os
import subprocess
import sys

calib_cli, src, work = sys.argv[1], sys.argv[2], sys.argv[3]
strict_python = "--strict-python" in sys.argv[4:]
os.makedirs(work, exist_ok=True)
try:
    import calib
except ImportError:
    calib = None


def cli(*args, files=None):
    """A CLI door: run calib with `args` in a scratch folder holding `files`."""
    def door(code):
        folder = os.path.join(work, "door_%d" % abs(hash(args)))
        os.makedirs(folder, exist_ok=True)
        for name, text in (files or {}).items():
            with open(os.path.join(folder, name), "w") as f:
                f.write(text)
        r = subprocess.run([calib_cli, *args], capture_output=True, text=True, timeout=120, cwd=folder)
        ok = r.returncode == code
        return ok, f"exit {r.returncode}: " + (r.stdout + r.stderr).strip().replace("\n", " | ")[:400]
    return door


def config(study, text):
    """A config door: the key in a study or sweep config, run by the CLI."""
    if study == "sweep":
        return cli("sweep", "--quiet", "--config", "c.toml", "--out", "c.csv", files={"c.toml": text})
    return cli(study, "--quiet", "--config", "c.toml", "--out", "out", files={"c.toml": text})


def python(call):
    """A Python door: `call(calib)` must raise."""
    def door(code):
        if calib is None:
            return None, "module not importable (PYTHONPATH)"
        try:
            value = call(calib)
        except Exception as ex:  # the type is checked below, the message compared by the table
            expected = ValueError if code == 2 else getattr(calib, "ComputeError", RuntimeError)
            return isinstance(ex, expected), f"{type(ex).__name__}: {ex}"
        return False, f"returned {str(value)[:200]}"
    return door


sweep_head = "kernel = 'calibrate'\nmodel = 'gonthier'\n"
rows = [
    # (what, message every door must hold, exit code, doors)
    ("exponent fixed by the model (khulief-shabana, n = 1.7)",
     "model khulief-shabana is defined for n = 1 only, got n = 1.7", 2, {
         "CLI impact --n": cli("impact", "--model", "khulief-shabana", "--e", "0.5", "--n", "1.7", "--m", "2", "--k", "1e7", "--v", "0.3"),
         "CLI calibrate --n": cli("calibrate", "--model", "khulief-shabana", "--e", "0.5", "--n", "1.7"),
         "Python impact(n=)": python(lambda c: c.impact("khulief-shabana", 0.5, n=1.7, m=2.0, k=1e7, v=0.3)),
         "Python calibrate(n=)": python(lambda c: c.calibrate("khulief-shabana", 0.5, n=1.7)),
     }),
    ("ODE tolerance below what doubles honour (rel_tol = 1e-30)",
     "rel_tol must be in [1e-15, 1)", 2, {
         "CLI impact --rel-tol": cli("impact", "--e", "0.5", "--rel-tol", "1e-30", "--m", "2", "--k", "1e7", "--v", "0.3"),
         "CLI calibrate --rel-tol": cli("calibrate", "--e", "0.5", "--rel-tol", "1e-30"),
         "config sweep [solver] rel_tol": config(
             "sweep", "kernel = 'impact'\nmodel = 'gonthier'\n[fixed]\ne = 0.5\nm = 2.0\nk = 1e7\nv = 0.3\n"
                      "[space]\nn = { values = [1.5] }\n[solver]\nrel_tol = 1e-30\n"),
         "config validate [solver] rel_tol": config("validate", "[solver]\nrel_tol = 1e-30\n"),
         "Python impact(rel_tol=)": python(lambda c: c.impact("gonthier", 0.5, rel_tol=1e-30, m=2.0, k=1e7, v=0.3)),
     }),
    ("negative random seed (-1)",
     "(random seed) must be >= 0, got -1", 2, {
         "config validate [grid] seed": config("validate", "[grid]\nseed = -1\n"),
         "config sweep [space] seed": config(
             "sweep", "kernel = 'impact'\nmodel = 'gonthier'\n[fixed]\ne = 0.5\nm = 2.0\nk = 1e7\n[space]\n"
                      "v = { random = { dist = 'uniform', from = 1, to = 2 } }\nsamples = 3\nseed = -1\n"),
         "Python run_study(config=)": python(lambda c: c.run_study(
             "validate", config=_write("seed.toml", "[grid]\nseed = -1\n"), out=os.path.join(work, "py_out"))),
     }),
    ("restitution out of (0, 1] (e = 1.5)",
     "(coefficient of restitution) must be in (0, 1], got 1.5", 2, {
         "CLI impact --e": cli("impact", "--e", "1.5", "--m", "2", "--k", "1e7", "--v", "0.3"),
         "CLI calibrate --e": cli("calibrate", "--e", "1.5"),
         "Python impact(e=)": python(lambda c: c.impact("gonthier", 1.5, m=2.0, k=1e7, v=0.3)),
         "Python calibrate(e=)": python(lambda c: c.calibrate("gonthier", 1.5)),
     }),
    ("a physical input left out (no m, k, v): no default of 1 kg, 1 N/m^n, 1 m/s",
     "are required (", 2, {
         "CLI impact": cli("impact", "--model", "hunt-crossley", "--e", "0.5"),
         "CLI copt": cli("copt", "--e", "0.5"),
         "CLI calibrate --m alone": cli("calibrate", "--e", "0.5", "--m", "2"),
         "CLI input-for": cli("input-for", "lammps", "--e", "0.5"),
         "config sweep [fixed] without m, k": config(
             "sweep", "kernel = 'impact'\nmodel = 'gonthier'\n[fixed]\ne = 0.5\nv = 0.3\n"
                      "[space]\nn = { values = [1.5] }\n"),
         "Python impact()": python(lambda c: c.impact("hunt-crossley", 0.5)),
         "Python c_opt()": python(lambda c: c.c_opt(0.5)),
         "Python calibrate(m=)": python(lambda c: c.calibrate("linear-damper", 0.5, m=2.0)),
         "Python input_for()": python(lambda c: c.input_for("lammps", 0.5)),
     }),
    ("mass beyond physics (m = 1e308)",
     "is outside the accepted range of a mass, [1e-18, 1e+09] kg", 2, {
         "CLI calibrate --m --v": cli("calibrate", "--e", "0.5", "--m", "1e308", "--k", "1", "--v", "1e308"),
         "Python calibrate(m=, v=)": python(lambda c: c.calibrate("linear-damper", 0.5, m=1e308, k=1.0, v=1e308)),
         "Python c_opt(m=)": python(lambda c: c.c_opt(0.5, m=1e308, k=1.0, v=1.0, n=1.5)),
     }),
    # One unit rule (core/units): a bare number is SI everywhere, so 207 is 207 Pa, refused.
    ("Young's modulus as a bare MPa number (E = 207)",
     "= 207 Pa is outside the accepted range of a Young's modulus, [1000, 1e+13] Pa", 2, {
         "CLI kn-fit --model --E": cli("kn-fit", "--model", "johnson", "--E", "207", "--nu", "0.3",
                                       "--dR", "5mm"),
         "CLI input-for --E": cli("input-for", "lammps", "--e", "0.5", "--E", "207"),
         "config kn-fit [steel] E": config("kn-fit", "[steel]\nE = 207\n"),
         "Python kn_fit(E=)": python(lambda c: c.kn_fit("johnson", E=207, nu=0.3, dR="5mm")),
         "Python kn_fit(E='207')": python(lambda c: c.kn_fit("johnson", E="207", nu=0.3, dR="5mm")),
     }),
    ("a unit of the wrong dimension (E = 5mm)",
     "'5mm' is a length (m), not a Young's modulus (Pa)", 2, {
         "CLI kn-fit --model --E": cli("kn-fit", "--model", "johnson", "--E", "5mm", "--nu", "0.3",
                                       "--dR", "5mm"),
         "CLI input-for --E": cli("input-for", "lammps", "--e", "0.5", "--E", "5mm"),
         "config kn-fit [steel] E": config("kn-fit", "[steel]\nE = \"5mm\"\n"),
         "Python kn_fit(E=)": python(lambda c: c.kn_fit("johnson", E="5mm", nu=0.3, dR="5mm")),
     }),
    ("an unknown unit (m = 2 stone)",
     "unknown unit 'stone' in '2 stone'", 2, {
         "CLI impact --m": cli("impact", "--e", "0.5", "--m", "2 stone"),
         "config sweep [fixed] m": config(
             "sweep", "kernel = 'impact'\nmodel = 'gonthier'\n[fixed]\ne = 0.5\nm = '2 stone'\n"
                      "[space]\nn = { values = [1.5] }\n"),
         "config simulate [ball] mass": cli("simulate", "--system", "s.toml", files={"s.toml": (
             "type = 'bouncing-ball'\n[ball]\nmass = '2 stone'\nradius = 0.1\nheight = 1.0\n"
             "[gravity]\ng = 9.8\n[contact]\ne = 0.8\nk = 1e8\n")}),
         "Python simulate(system dict) mass": python(lambda c: c.simulate({
             "type": "bouncing-ball", "ball": {"mass": "2 stone", "radius": 0.1, "height": 1.0},
             "gravity": {"g": 9.8}, "contact": {"e": 0.8, "k": 1e8}})),
         "Python input_for(radius=)": python(lambda c: c.input_for("lammps", 0.5, radius="2 stone")),
     }),
    ("contact length zero (--length 0)",
     "--length: '0' = 0 m is outside the accepted range of a length", 2, {
         "CLI kn-fit --data --length": cli("kn-fit", "--data", "d.csv", "--length", "0",
                                           files={"d.csv": "delta[mm],F[N]\n0.01,63\n0.02,136\n0.03,210\n"}),
         "CLI kn-fit --model --length": cli("kn-fit", "--model", "johnson", "--material", "steel",
                                            "--dR", "5mm", "--length", "0"),
         "Python kn_fit(length=)": python(lambda c: c.kn_fit("johnson", material="steel", dR="5mm", length="0")),
     }),
    ("measurement with a negative force (W = -136 N/mm; Python in SI: -136e3 N/m)",
     "W[N/mm] = -136 is not a measurement: the force must be finite and > 0", 2, {
         "CLI kn-fit --data": cli("kn-fit", "--data", "m.csv",
                                  files={"m.csv": "delta[mm],W[N/mm]\n0.01,63\n0.02,-136\n0.03,210\n"}),
         "Python kn_fit_data(W=)": python(lambda c: c.kn_fit_data([1e-5, 2e-5, 3e-5], [63e3, -136e3, 210e3])),
     }),
    ("empty study axis ([table] a = [])",
     "table.a must list at least one entry", 2, {
         "config rms-table [table] a": config("rms-table", "[table]\na = []\n"),
         "Python run_study(config=)": python(lambda c: c.run_study(
             "rms-table", config=_write("rms.toml", "[table]\na = []\n"), out=os.path.join(work, "py_rms"))),
     }),
]


def _write(name, text):
    path = os.path.join(work, name)
    with open(path, "w") as f:
        f.write(text)
    return path


failures, mismatches = 0, []
for what, message, code, doors in rows:
    print(f"== {what}: every door must say \"{message}\"")
    for name, door in doors.items():
        refused, text = door(code)
        same = message in text
        is_python = name.startswith("Python")
        if refused is None:
            print(f"   SKIP {name}: {text}")
            continue
        if refused and same:
            print(f"   ok   {name}")
            continue
        if is_python and refused and not strict_python:
            mismatches.append((what, name, text))
            print(f"   MISMATCH {name}: {text}")
            continue
        failures += 1
        print(f"   FAIL {name}: {text}")
print(f"{len(rows)} values, {sum(len(d) for *_, d in rows)} doors: {failures} failed, "
      f"{len(mismatches)} Python message mismatches")
for what, name, text in mismatches:
    print(f"   python mismatch [{what}] {name}: {text}")
sys.exit(1 if failures else 0)
