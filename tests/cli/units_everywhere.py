#!/usr/bin/env python3
"""Every physical input of every door takes a unit (docs/config.md, "Quantities and units").

The inputs are derived, not listed: the command line's from each subcommand's --help (every
option of type QUANTITY), the files' from the shipped system, study and sweep files (every number
they hold),
the Python module's from its functions' signatures (every argument not in NOT_PHYSICAL).
Each one is fed
  * a unit of no quantity ("1 kg^7", or "5 s" on the command line): refused, exit 2 or
    ValueError, with a message that names the flag, the file key or the argument and the
    input's SI unit, and nothing printed;
  * a prefixed unit of that SI unit (SPELLING): the output of the bare SI number. On the command
    line and in Python the values are exact (2.5 g is 2.5/1e3, the double nearest 0.0025: one
    correctly rounded operation) and the outputs equal to 1e-12; a file's numbers are written
    as value/factor, one rounding away, so its simulation is compared to 1e-9.
A number in a system file that refuses a unit must be one of DIMENSIONLESS_KEYS (ratios,
exponents, tolerances, angles in radians, angular velocities, counts). The shipped study and sweep
configs' numbers get the refusal check only (a run with a unit would be a whole study): a refusal
naming the key and its unit, or a number-only key of CONFIG_DIMENSIONLESS.

Usage: units_everywhere.py CALIB SOURCE_DIR WORK_DIR   (Python checked when calib imports)
"""
import json
import math
import os
import re
import subprocess
import sys

calib, src, work = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(work, exist_ok=True)
failures = []

# One spelling per SI unit the help or a message names: (a unit of that dimension, its factor to
# SI, a value in SI every command takes). "N/m^n" is spelt for n = 1.5, every base command's n.
SPELLING = {
    "m": ("mm", 1e-3, 0.002), "kg": ("g", 1e-3, 0.01), "s": ("ms", 1e-3, 0.05),
    "m/s": ("mm/s", 1e-3, 1.5), "m/s^2": ("mm/s^2", 1e-3, 9.81), "Pa": ("MPa", 1e6, 7e10),
    "kg/m^3": ("g/cm^3", 1e3, 2500.0), "N/m": ("N/mm", 1e3, 1e5), "N*s/m": ("N*s/mm", 1e3, 5.0),
    "kg*m^2": ("g*m^2", 1e-3, 0.01), "N/m^n": ("kN/m^1.5", 1e3, 1e9), "1/s": ("Hz", 1.0, 2.0),
    "(s/m)^m": ("s/mm", 1e3, 0.5),
}


def spelling(si_unit, where, value=None):
    """(an SI value, the same written with a prefixed unit) of si_unit: value, or the unit's
    typical one; None, and a failure, for a unit SPELLING lacks."""
    if si_unit not in SPELLING:
        failures.append(f"{where}: no spelling of the unit {si_unit} in this test")
        return None
    unit, factor, typical = SPELLING[si_unit]
    si = typical if value is None else value
    return si, f"{si / factor!r} {unit}"


def run(args):
    r = subprocess.run([calib] + args, capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout, r.stderr


def wrong_unit(si_unit):
    """A unit of another dimension than si_unit's."""
    return "5 s" if si_unit not in ("s",) else "5 kg"


def close(a, b, rel=1e-12):
    """Equal JSON values, numbers to rel: a value written with a prefix ("0.06 g*m^2") may be one
    rounding away from the bare number (0.06/1000 is not the double 6e-05), and a simulation
    carries that difference to its outputs."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(close(a[k], b[k], rel) for k in a if k not in VOLATILE)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(close(x, y, rel) for x, y in zip(a, b))
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and \
            math.isclose(a, b, rel_tol=rel, abs_tol=1e-300)
    return a == b


# ---- the command line ---------------------------------------------------------------------

def subcommands():
    _, out, _ = run(["--help"])
    names = re.findall(r"^  ([a-z][a-z-]+)\s", out.split("SUBCOMMANDS:")[-1], re.M)
    if len(names) < 10:
        failures.append(f"calib --help: only {len(names)} subcommands read")
    return names


def quantity_options(command):
    """{flag: SI unit ('' for none, None for a unit given by the data)} of a subcommand."""
    _, out, _ = run([command, "--help"])
    options = {}
    for m in re.finditer(r"^\s+(--[\w-]+) QUANTITY(.*?)(?=^\s+-|\Z)", out, re.M | re.S):
        help_text = " ".join(m.group(2).split())
        unit = re.search(r"a bare number in (\S+?);", help_text)
        options[m.group(1)] = unit.group(1) if unit else ("" if "no unit" in help_text else None)
    return options


RECORD = f"{src}/datasets/samples/impact_record_linear_damper.csv"
CURVE = f"{src}/datasets/samples/restitution_linear_damper.csv"
# What each command needs to run (physical inputs have no default); the option under test
# replaces its own entry.
SCALES = {"--m": "2", "--k": "1e7", "--v": "0.3"}
GLASS = {"--E": "7e10", "--nu": "0.22", "--radius": "1e-3", "--density": "2500", "--v": "1"}
BASE = {
    "impact": {"--model": "gonthier", "--e": "0.5", **SCALES},
    "calibrate": {"--model": "gonthier", "--e": "0.5", **SCALES},
    "copt": {"--e": "0.5", **SCALES},
    "input-for": {"": "lammps", "--e": "0.5", **GLASS},
    "simulate": {"--system": f"{src}/configs/systems/bouncing_ball.toml", "--t-end": "0.5"},
    "kn-fit": {"--model": "johnson", "--E": "207GPa", "--nu": "0.3", "--dR": "5mm",
               "--W-step": "10N/mm"},
    "fit-impact": {"--data": CURVE, "--law": "linear-damper", "--m": "0.01", "--K": "1e9"},
}
# Options that need others (or other data) beside their command's base.
WITH = {
    ("input-for", "--typed"): {"--model": "tsuji"},  # typed_units "-": an e
    ("kn-fit", "--E2"): {"--nu2": "0.25"},
    ("kn-fit", "--nu2"): {"--E2": "70GPa"},
    ("fit-impact", "--v"): {"--data": RECORD, "--v": "1", "--fit": "damping"},
    ("fit-impact", "--t0"): {"--data": RECORD, "--v": "1", "--fit": "damping"},
    ("fit-impact", "--E"): {"--K": None, "--nu": "0.3", "--radius": "5mm"},
    ("fit-impact", "--nu"): {"--K": None, "--E": "200GPa", "--radius": "5mm"},
    ("fit-impact", "--radius"): {"--K": None, "--E": "200GPa", "--nu": "0.3"},
    ("fit-impact", "--density"): {"--K": None, "--m": None, "--E": "200GPa", "--nu": "0.3",
                                  "--radius": "5mm"},
}
# A value in SI of each flag's dimension, where the spelling's default would not run.
VALUE = {("kn-fit", "--Ri"): 0.1, ("fit-impact", "--t0"): -1e-4, ("fit-impact", "--v"): 1.0}
# Not compared: a timing, and the constraint drift, the round-off of the constraint solve
# (~1e-13 m), which a one-ulp change of an input moves by its own size.
VOLATILE = ("query_time", "max_drift", "max_velocity_drift")


def command_line(command, flag, value):
    args = dict(BASE[command])
    args.update(WITH.get((command, flag), {}))
    args[flag] = value
    line = [command] + ([args.pop("")] if "" in args else [])
    for k, v in args.items():
        if v is not None:
            line += [k, v]
    return line + ["--format", "json"]


def output(command, flag, value):
    code, out, err = run(command_line(command, flag, value))
    if code != 0:
        failures.append(f"{command} {flag} {value!r}: exit {code}: {err.strip()[-300:]}")
        return None
    record = json.loads(out)
    for key in VOLATILE:
        record.pop(key, None)
    return record


def check_option(command, flag, si_unit):
    if command not in BASE:
        failures.append(f"{command} {flag}: a QUANTITY option this test has no command line for")
        return 0
    if si_unit is None:  # --typed: the code's typed_units; lammps tsuji types an e ("-")
        si_unit = ""
    if si_unit:
        pair = spelling(si_unit, f"{command} {flag}", VALUE.get((command, flag)))
        if pair is None:
            return 0
        si, spelled = pair
        bare, with_unit = output(command, flag, repr(si)), output(command, flag, spelled)
        if bare is not None and with_unit is not None and not close(bare, with_unit):
            failures.append(f"{command} {flag}: {spelled!r} and {si!r} give different outputs")
    code, out, err = run(command_line(command, flag, wrong_unit(si_unit)))
    if code != 2 or flag not in err or out:
        failures.append(f"{command} {flag} {wrong_unit(si_unit)!r}: exit {code} (want 2 naming "
                        f"{flag}, no output): {err.strip()[-200:]}")
    return 1


def check_command_line():
    checked = 0
    for command in subcommands():
        for flag, si_unit in quantity_options(command).items():
            checked += check_option(command, flag, si_unit)
    if checked < 25:
        failures.append(f"only {checked} QUANTITY options found in the --help of every command")
    return checked


# ---- system files ---------------------------------------------------------------------------

# Numbers that are not physical quantities: the key (last part) of each.
DIMENSIONLESS_KEYS = {
    "e", "n", "nu", "mu", "friction", "damping_ratio", "damping_exponent", "rel_tol", "abs_tol",
    "drift_tol", "angle", "theta0", "omega0", "omega", "normal", "axis_i", "revolutions",
    "start", "sweep", "normal_deg", "start_deg", "sweep_deg", "angle_deg",
    "drive.velocity",  # the shipped drives turn cranks: an angular velocity in rad/s
}
# "..., not a length (m)" at the end of a refusal: the key's SI unit.
MESSAGE_UNIT = re.compile(r", not [^(]*\((.*)\)\s*$", re.M)
# The refusal of a number-only key: a number, a finite number, an integer, an array of numbers.
NUMBER_ONLY = re.compile(r"expected (a|an) (finite number|number|integer|array of numbers),")


def leaves(table, prefix=()):
    """(path, value) of every number in a TOML table, array elements included."""
    if isinstance(table, dict):
        for k, v in table.items():
            yield from leaves(v, prefix + (k,))
    elif isinstance(table, list):
        for i, v in enumerate(table):
            yield from leaves(v, prefix + (i,))
    elif isinstance(table, (int, float)) and not isinstance(table, bool):
        yield prefix, table


def toml_text(d, path=()):
    """A TOML document of the dict d (tables, arrays of tables, arrays, strings, numbers)."""
    lines, tables = [], []
    for key, value in d.items():
        if isinstance(value, dict):
            tables.append((key, [value], False))
        elif isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
            tables.append((key, value, True))
        else:
            lines.append(f"{key} = {json.dumps(value)}")
    for key, items, array in tables:
        name = ".".join(path + (key,))
        for item in items:
            lines.append(f"[[{name}]]" if array else f"[{name}]")
            lines.append(toml_text(item, path + (key,)))
    return "\n".join(lines)


def replaced(d, path, value):
    out = json.loads(json.dumps(d))
    node = out
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value
    return out


def key_text(path):
    """The key as a message names it: body.mass, joint.point_i[0] (arrays of tables unnamed)."""
    text = ""
    for p in path:
        text += f"[{p}]" if isinstance(p, int) else (("." if text else "") + p)
    return re.sub(r"\[\d+\]\.", ".", text)


def check_system(file, runner, units_seen):
    """Each key not met in an earlier file of the same type is fed a unit of no quantity (refused
    naming it, and the message gives its SI unit); then one run with every physical key of the
    file written with a prefixed unit gives the output of the file as shipped."""
    import tomllib
    with open(file, "rb") as f:
        doc = tomllib.load(f)
    reference = runner(toml_text(doc))
    if reference is None:
        failures.append(f"{file}: the shipped file does not run as rewritten by this test")
        return 0
    checked, spelled_doc, spelled_keys = 0, doc, []
    for path, value in leaves(doc):
        where = key_text(path)
        key = (doc.get("type", "effective-mass"), re.sub(r"\[\d+\]", "", where))
        if key not in units_seen:
            units_seen[key] = refused_unit(file, doc, path, where, runner)
            checked += units_seen[key] is not None
        if units_seen[key] in SPELLING:
            _, text = spelling(units_seen[key], where, value)
            spelled_doc = replaced(spelled_doc, path, text)
            spelled_keys.append(where)
    got = runner(toml_text(spelled_doc))
    if got is None or not close(reference, got, rel=1e-9):
        failures.append(f"{file}: with {', '.join(spelled_keys)} written with a unit, not the "
                        "output of the file as shipped")
    return checked


def refused_unit(file, doc, path, where, runner):
    """The SI unit a key's refusal of '1 kg^7' names ('' for a number-only key), None if the
    refusal is missing or does not name the key."""
    names = [p for p in path if not isinstance(p, int)]
    name = ".".join(names[-2:]) if ".".join(names[-2:]) in DIMENSIONLESS_KEYS else names[-1]
    code, err = runner(toml_text(replaced(doc, path, "1 kg^7")), error=True)
    if code == 2 and NUMBER_ONLY.search(err):
        if name not in DIMENSIONLESS_KEYS:
            failures.append(f"{file}: {where} is a number that refuses a unit: {err[-160:]}")
        return ""
    unit = MESSAGE_UNIT.search(err)
    if code != 2 or names[-1] not in err or not unit:
        failures.append(f"{file}: {where} = '1 kg^7': exit {code}, not a refusal naming the key "
                        f"and its unit: {err[-200:]}")
        return None
    if unit.group(1) not in SPELLING and unit.group(1) != "dimensionless":
        failures.append(f"{file}: {where}: no spelling of the unit {unit.group(1)} in this test")
    return unit.group(1)


def simulate_runner(text, error=False):
    path = os.path.join(work, "system.toml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    code, out, err = run(["simulate", "--system", path, "--t-end", "0.02", "--format", "json"])
    if error:
        return code, err
    return json.loads(out) if code == 0 else None


def effmass_runner(text, error=False):
    path = os.path.join(work, "effmass.toml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    code, out, err = run(["effective-mass", "--system", path, "--format", "json"])
    if error:
        return code, err
    return json.loads(out) if code == 0 else None


def check_system_files():
    checked, units_seen = 0, {}
    for folder, runner in (("configs/systems", simulate_runner), ("configs/effmass", effmass_runner)):
        for name in sorted(os.listdir(os.path.join(src, folder))):
            checked += check_system(os.path.join(src, folder, name), runner, units_seen)
    return checked


# ---- study and sweep configs ---------------------------------------------------------------

# Numbers of the shipped study and sweep configs that are not physical quantities, as
# table.key (a sweep axis's as space.<parameter>.<key>, config_key): restitution grids, exponents,
# counts, seeds, tolerances, relative noise, angles in degrees; and the stiffnesses whose unit
# N/m^n changes with n from point to point (a sweep's k when n is an axis, as in both shipped
# sweeps). A sweep axis of m, k or v takes a unit as [fixed] does (docs/config.md).
CONFIG_DIMENSIONLESS = {
    "grid.e_from", "grid.e_to", "closed_form.e_count", "closed_form.n_count", "e_grid.from",
    "e_grid.to", "e_grid.step", "numerical.n", "grid.targets", "slider_crank_clearance.revolutions",
    "fixed.k", "space.e.from", "space.e.to", "space.e.step", "space.n.from", "space.n.to",
    "space.n.count", "space.k.from", "space.k.to",
    "grid.e_count", "grid.e_min", "grid.n_count", "grid.e_nodes", "grid.n_nodes", "grid.e_power",
    "grid.stencil", "grid.samples", "grid.seed", "grid.from", "grid.to", "grid.step",
    "scaling.n_count", "scaling.count", "scaling.e", "scaling.k", "closed_form.e_min",
    "closed_form.e_terms", "closed_form.n_terms", "closed_form.minimax_rounds", "solver.rel_tol",
    "solver.abs_tol", "solver.cor_rel_tol", "ranges.k", "ranges.n", "formulas.fitted_e_min",
    "custom.fitted_e_min", "custom.n", "speeds.count", "noise.sigma", "noise.seed",
    "noise.replicates", "record.samples", "record.noise", "record.seed", "record.replicates",
    "material.n", "published.n", "truth.tsuji", "sweep.from", "sweep.to", "sweep.count",
    "models.n", "table.n", "table.a", "table.b", "bouncing_ball.restitutions",
    "slider_crank.revolutions", "clearance_crank.revolutions", "contact.targets", "space.samples",
    "space.seed", "fixed.e", "fixed.n",
}


def config_runner(stem):
    """Runs a study config (calib <study>) or a sweep config (calib sweep): exit code and
    stderr; a refusal comes from reading the config, before any computation."""
    def runner(text, error=True):
        path = os.path.join(work, "config.toml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        out = os.path.join(work, "config_out")
        command = (["sweep", "--config", path, "--out", out + ".csv", "--quiet"] if stem is None
                   else [stem.replace("_", "-"), "--config", path, "--out", out, "--quiet"])
        code, _, err = run(command)
        return code, err
    return runner


def config_key(path, sweep):
    """table.key of a config's number; a sweep axis's space.<parameter>.<key> (space.m.from,
    space.e.values): whether it takes a unit depends on the parameter, not on the axis kind."""
    names = [p for p in path if not isinstance(p, int)]
    if sweep and names[0] == "space" and len(names) >= 3:
        return f"space.{names[1]}.{names[-1]}"
    return ".".join(names[-2:])


def check_config(file, runner, sweep=False):
    """Each number of the config fed a unit of no quantity: refused naming the key, with the
    key's SI unit, or a number-only key listed in CONFIG_DIMENSIONLESS. Returns the count of
    keys checked and [(path, value, SI unit)] of the numbers that take a unit."""
    import tomllib
    with open(file, "rb") as f:
        doc = tomllib.load(f)
    checked, seen, physical = 0, set(), []
    for path, value in leaves(doc):
        key = config_key(path, sweep)
        if key in seen and not sweep:
            continue
        code, err = runner(toml_text(replaced(doc, path, "1 kg^7")))
        unit = MESSAGE_UNIT.search(err)
        if code == 2 and (NUMBER_ONLY.search(err) or "as a number in SI" in err):
            if key not in CONFIG_DIMENSIONLESS:
                failures.append(f"{file}: {key} is a number that refuses a unit: {err[-160:]}")
        elif code != 2 or [p for p in path if isinstance(p, str)][-1] not in err or not unit:
            failures.append(f"{file}: {key} = '1 kg^7': exit {code}, not a refusal naming the key "
                            f"and its unit: {err[-200:]}")
        else:
            checked += key not in seen
            physical.append((path, value, unit.group(1)))
        seen.add(key)
    return checked, physical


def sweep_rows(text):
    """The rows of `calib sweep` on a config text (None when it fails)."""
    import csv
    path, out = os.path.join(work, "sweep.toml"), os.path.join(work, "sweep_out.csv")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    code, _, _ = run(["sweep", "--config", path, "--out", out, "--quiet"])
    if code != 0:
        return None
    def cell(text):
        try:
            return float(text)
        except ValueError:
            return text
    with open(out, newline="") as f:
        return [[cell(c) for c in row] for row in csv.reader(f)]


def check_sweep_spelled(file, physical):
    """The sweep with every number that takes a unit written with a prefixed one (one rounding
    away from the SI number: 1e-05 kg is 0.01 g, 0.01/10^3) gives the rows of the file as
    shipped, to 1e-9 (energy_residual, itself ~1e-12, to 1e-12 absolute)."""
    import tomllib
    with open(file, "rb") as f:
        doc = tomllib.load(f)
    spelled = doc
    for path, value, unit in physical:
        spelled_value = spelling(unit, key_text(path), value)
        if spelled_value is None:
            return
        spelled = replaced(spelled, path, spelled_value[1])
    reference, got = sweep_rows(toml_text(doc)), sweep_rows(toml_text(spelled))
    same = reference is not None and got is not None and len(reference) == len(got) and all(
        len(a) == len(b) and all(
            x == y or isinstance(x, float) and isinstance(y, float)
            and math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12) for x, y in zip(a, b))
        for a, b in zip(reference, got))
    if not same:
        failures.append(f"{file}: with {[key_text(p) for p, _, _ in physical]} written with a "
                        "unit, not the rows of the file as shipped")


def check_config_files():
    checked = 0
    for name in sorted(os.listdir(os.path.join(src, "configs"))):
        if name.endswith(".toml"):
            runner = config_runner(name[:-len(".toml")])
            checked += check_config(os.path.join(src, "configs", name), runner)[0]
    for name in sorted(os.listdir(os.path.join(src, "configs", "sweeps"))):
        file = os.path.join(src, "configs", "sweeps", name)
        count, physical = check_config(file, config_runner(None), sweep=True)
        check_sweep_spelled(file, physical)
        checked += count
    return checked


# ---- Python --------------------------------------------------------------------------------

# Arguments that are not physical values: names, switches, counts, ratios, exponents, tolerances,
# restitutions, and the measured data arrays (numbers in SI, docs/config.md).
NOT_PHYSICAL = {
    "model", "code", "law", "method", "version", "geometry", "clamp", "threads", "material",
    "material2", "materials", "external", "weighting", "robust", "fit", "fit_n", "name", "config",
    "out", "system", "e", "n", "nu", "nu2", "rel_tol", "abs_tol", "loss_scale", "error_floor_um",
    "sigma", "sigma_F", "sigma_delta", "v_in", "t", "F", "delta", "W", "old_order", "result",
    "max_steps", "progress", "loss",
}


def python_calls(calib):
    """{function: (positional arguments, keyword arguments)} that run quickly."""
    import csv
    with open(RECORD, encoding="utf-8") as f:
        rows = list(csv.reader(line for line in f if not line.startswith("#")))
    columns = {name.split("[")[0]: [float(r[i]) for r in rows[1:]] for i, name in enumerate(rows[0])}
    return {
        "impact": (("gonthier", 0.5), {"m": 2.0, "k": 1e7, "v": 0.3}),
        "calibrate": (("gonthier", 0.5), {"m": 2.0, "k": 1e7, "v": 0.3}),
        "c_opt": ((0.5,), {"m": 1.0, "k": 1e7, "v": 0.3}),
        "kn_fit": (("johnson",), {"E": 2.07e11, "nu": 0.3, "dR": 0.005, "W_step": "10N/mm"}),
        "fit_impact": (([0.1, 0.5, 1.0, 2.0], [0.9, 0.8, 0.75, 0.7]),
                       {"law": "hunt-crossley-alpha", "m": 0.01, "K": 1e9}),
        "impact_law_restitution": (("linear-damper", [0.5, 1.0]),
                                   {"m": 0.01, "K": 1e9, "damping": 50.0}),
        "fit_impact_record": ((columns["t"], columns["F"]),
                              {"law": "linear-damper", "v": 1.0, "m": 0.01, "K": 1e9,
                               "fit": ("damping",)}),
        "impact_law_record": (("linear-damper", [0.0, 1e-5, 2e-5], 1.0, 0.01, 1e9, 1.5, 50.0),
                              {}),
        "simulate": ((f"{src}/configs/systems/bouncing_ball.toml",), {"t_end": 0.05}),
        "input_for": (("lammps", 0.5), {"E": 7e10, "nu": 0.22, "radius": 1e-3, "density": 2500.0,
                                        "v": 1.0}),
    }
# Arguments that need others beside the call's own.
PY_WITH = {("kn_fit", "E2"): {"nu2": 0.25}, ("input_for", "typed"): {"model": "tsuji"},
           ("input_for", "k"): {"model": "tsuji-hooke"},
           # fit_impact's Hertz K and mass replace its call's K and m (given one way only).
           ("fit_impact", "E"): {"K": None, "nu": 0.3, "radius": 0.002},
           ("fit_impact", "radius"): {"K": None, "E": 7e10, "nu": 0.3},
           ("fit_impact", "density"): {"K": None, "m": None, "E": 7e10, "nu": 0.3, "radius": 0.002}}
# Values in SI where the spelling's default would not run.
PY_VALUE = {("kn_fit", "Ri"): 0.1, ("kn_fit", "W_max"): 2e6, ("fit_impact_record", "t0"): -1e-5,
            ("fit_impact_record", "v"): 1.0, ("impact_law_record", "t0"): -1e-5,
            ("input_for", "typed"): 0.3, ("impact_law_restitution", "damping"): 50.0,
            ("impact_law_record", "damping"): 50.0}


def call_python(calib, function, args, kwargs):
    try:
        return 0, getattr(calib, function)(*args, **kwargs), ""
    except (TypeError, ValueError) as err:
        return 2, None, str(err)
    except calib.ComputeError as err:
        return 1, None, str(err)


def check_python_argument(calib, function, parameter, args, kwargs):
    import inspect
    names = list(inspect.signature(getattr(calib, function)).parameters)
    kwargs = dict(kwargs, **PY_WITH.get((function, parameter), {}))
    index = names.index(parameter)

    def with_value(x):
        if index < len(args):
            return args[:index] + (x,) + args[index + 1:], kwargs
        return args, dict(kwargs, **{parameter: x})
    code, _, err = call_python(calib, function, *with_value("1 kg^7"))
    unit = MESSAGE_UNIT.search(err)
    if code != 2 or not err.startswith(f"{parameter}:") or not unit:
        failures.append(f"calib.{function}({parameter}='1 kg^7'): not a refusal naming "
                        f"{parameter} and its unit: {err[-200:]}")
        return 0
    si_unit = unit.group(1)
    if si_unit in ("dimensionless", "-"):
        return 1
    pair = spelling(si_unit, f"calib.{function}({parameter})", PY_VALUE.get((function, parameter)))
    if pair is None:
        return 0
    si, text = pair
    code_a, bare, err_a = call_python(calib, function, *with_value(si))
    code_b, written, err_b = call_python(calib, function, *with_value(text))
    if code_a or code_b:
        failures.append(f"calib.{function}({parameter}={si!r} / {text!r}): {err_a or err_b}")
    elif not close(_plain(bare), _plain(written)):
        failures.append(f"calib.{function}({parameter}={text!r}) differs from {si!r}")
    return 1


def _plain(x):
    """A result as JSON values (numpy arrays as lists) for close()."""
    import numpy
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items() if k != "query_time"}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, numpy.ndarray):
        return _plain(x.tolist())
    if isinstance(x, numpy.generic):
        return x.item()
    return x


def check_python():
    try:
        import calib
    except ImportError:
        print("the Python module does not import (PYTHONPATH): its arguments not checked")
        return 0
    import inspect
    checked = 0
    calls = python_calls(calib)
    for function in calib.__all__:
        f = getattr(calib, function)
        if not inspect.isfunction(f):
            continue
        physical = [p for p in inspect.signature(f).parameters if p not in NOT_PHYSICAL]
        if physical and function not in calls:
            failures.append(f"calib.{function}: physical arguments {physical}, no call in this test")
            continue
        for parameter in physical:
            checked += check_python_argument(calib, function, parameter, *calls[function])
    return checked


if __name__ == "__main__":
    options = check_command_line()
    keys = check_system_files()
    config_keys = check_config_files()
    arguments = check_python()
    print(f"{options} QUANTITY options, {keys} system-file keys, {config_keys} study/sweep-config "
          f"keys, {arguments} Python arguments checked")
    for f in failures:
        print("FAIL", f)
    sys.exit(1 if failures else 0)
