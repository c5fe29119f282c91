#!/usr/bin/env python3
"""Every key and column that `calib` prints, and that the Python module returns, is a name of the
vocabulary in docs/outputs.md with its unit: JSON keys plain with a "units" object whose entries
are the table's units, CSV headers name[unit] (plain for unit 1 and —), text labels the CSV
header. Runs every subcommand in every --format it offers, `calib sweep`, and the Python
functions when the module imports (PYTHONPATH). Fails on an unknown name, a wrong or missing unit.

Usage: check_vocabulary.py CALIB SOURCE_DIR WORK_DIR     (check the outputs)
       check_vocabulary.py --self-test SOURCE_DIR       (the checks refuse bad records)
"""
import csv
import io
import json
import os
import re
import subprocess
import sys

NO_UNIT = ("1", "—")
BY_BODY = ("after", "final", "series", "contacts", "parameters")  # keyed by a body's, contact's or
# parameter's name
SIGMA_UNITS = ("sigma_e", "sigma_F", "sigma_delta")  # weighted residuals
# The unit of an unweighted residual (no sigma in the data): the data's own (e has none).
DATA_UNIT = {"sigma_e": None, "sigma_F": "N", "sigma_delta": "m"}
# A robust loss's scale is in the units of the residuals it weighs: any of the above, or "sigma"
# for an impact record's F and delta residuals together, each in units of its own sigma.
LOSS_SCALE_UNITS = SIGMA_UNITS + ("sigma",) + tuple(DATA_UNIT.values())
RECORD_UNITS = ("typed_units", "unit") + SIGMA_UNITS  # units the record gives (docs/outputs.md)
ROW = re.compile(r"^\| `([A-Za-z0-9_]+)` \| (\S+) \|")


def read_vocabulary(source):
    """{name: unit} from the table "Names and units" ('' for no unit, 'typed_units' as written)."""
    vocabulary = {}
    with open(os.path.join(source, "docs", "outputs.md"), encoding="utf-8") as f:
        for line in f:
            m = ROW.match(line)
            if m:
                unit = m.group(2).replace("`", "").replace("\\|", "|")
                vocabulary[m.group(1)] = "" if unit in NO_UNIT else unit
    if len(vocabulary) < 50:
        raise SystemExit(f"docs/outputs.md: only {len(vocabulary)} vocabulary rows read")
    return vocabulary


class Checker:
    def __init__(self, vocabulary):
        self.vocabulary = vocabulary
        self.errors = []

    def unit(self, name):
        return self.vocabulary.get(name.rsplit(".", 1)[-1])

    def key(self, where, name):
        if self.unit(name) is None:
            self.errors.append(f"{where}: '{name}' is not in the vocabulary (docs/outputs.md)")

    def walk(self, where, value, physical):
        """Every key of value's objects is a vocabulary name; physical: {name: unit} seen."""
        if isinstance(value, list):
            for item in value:
                self.walk(where, item, physical)
            return
        if not isinstance(value, dict):
            return
        for name, item in value.items():
            if name == "units":
                continue
            if name in BY_BODY and isinstance(item, dict):  # bodies, and series' t and energy
                for sub, value in item.items():
                    if isinstance(value, dict) and sub not in BY_BODY:
                        self.walk(f"{where}.{name}", value, physical)
                    else:
                        self.walk(f"{where}.{name}", {sub: value}, physical)
            else:
                self.key(where, name)
                unit = self.unit(name)
                if unit:
                    physical[name] = unit
                self.walk(f"{where}.{name}", item, physical)

    def record(self, where, rec):
        """A JSON record (or a Python result): names, and "units" equal to the table's."""
        physical = {}
        self.walk(where, rec, physical)
        if not isinstance(rec, dict):
            return
        units = rec.get("units", getattr(rec, "units", None))
        if units is None:
            self.errors.append(f"{where}: no 'units' object")
            return
        for name, unit in physical.items():
            if name == "loss_scale":
                if units.get(name) not in LOSS_SCALE_UNITS:
                    self.errors.append(f"{where}: units['loss_scale'] is {units.get(name)!r}, not "
                                       f"a residual's unit {LOSS_SCALE_UNITS}")
                continue
            if unit in SIGMA_UNITS:  # weighted residuals: in units of that sigma, else the data's
                if units.get(name, unit) not in (unit, DATA_UNIT[unit]):
                    self.errors.append(f"{where}: units['{name}'] is {units[name]!r}, not {unit} "
                                       f"or {DATA_UNIT[unit]}")
                continue
            expected = rec.get("typed_units") if unit == "typed_units" else unit
            if expected in (None, "-") or unit == "unit":
                continue
            if units.get(name) != expected:
                self.errors.append(f"{where}: units['{name}'] is {units.get(name)!r}, the vocabulary "
                                   f"says {expected!r}")
        for name in units:
            if name not in physical:
                self.errors.append(f"{where}: units has '{name}', which the record does not hold")

    def columns(self, where, header):
        """CSV columns: name[unit] with the table's unit, the plain name where it has none."""
        for column in header:
            m = re.fullmatch(r"([^\[\]]+)(?:\[(.+)\])?", column)
            if not m:
                self.errors.append(f"{where}: cannot read the column '{column}'")
                continue
            name, unit = m.group(1), m.group(2) or ""
            self.key(where, name)
            expected = self.unit(name)
            if expected in SIGMA_UNITS and DATA_UNIT[expected] is not None:
                if unit not in (expected, DATA_UNIT[expected]):
                    self.errors.append(f"{where}: column '{column}' has unit [{unit}], the vocabulary "
                                       f"says [{expected}] or [{DATA_UNIT[expected]}]")
            elif expected is not None and expected not in RECORD_UNITS and unit != expected:
                self.errors.append(f"{where}: column '{column}' has unit [{unit}], the vocabulary "
                                   f"says [{expected}]")

    def text(self, where, lines, header):
        """Text labels (first word of each line) equal the CSV header, in order."""
        labels = [line.split()[0] for line in lines if line.strip()]
        if labels != header:
            self.errors.append(f"{where}: text labels {labels} differ from the CSV header {header}")


def csv_header(text):
    return next(csv.reader(io.StringIO(text)))


# (name, arguments, formats): every record-printing subcommand. Text pages that are prose
# (input-for, models) are not labelled tables; their csv/json are checked.
def commands(work):
    system = "configs/effmass/np_example1_pendulum_wall.toml"
    kn = ["kn-fit", "--model", "johnson", "--material", "steel", "--dR", "0.5mm"]
    sample = "datasets/samples/restitution_viscoelastic.csv"
    data = os.path.join(work, "kn_data.csv")
    with open(data, "w") as f:
        f.write("delta[mm],W[N/mm]\n0.001,1.2\n0.002,2.9\n0.004,6.1\n0.008,13.5\n")
    friction = friction_system(work)
    return [
        ("impact", ["impact", "--e", "0.5", "--m", "2", "--k", "1e7", "--v", "0.3"], ("json", "csv", "text")),
        ("impact hysteresis", ["impact", "--model", "hunt-crossley", "--e", "0.8", "--m", "2", "--k", "1e7", "--v", "0.3"], ("json", "csv", "text")),
        ("calibrate", ["calibrate", "--e", "0.5", "--m", "2", "--k", "1e7", "--v", "0.3"], ("json", "csv", "text")),
        ("calibrate tsuji", ["calibrate", "--model", "tsuji", "--e", "0.5", "--m", "2", "--k", "1e7", "--v", "0.3"], ("json", "csv", "text")),
        ("calibrate hysteresis", ["calibrate", "--model", "gonthier", "--e", "0.5", "--m", "2", "--k", "1e7", "--v", "0.3"], ("json", "csv", "text")),
        ("calibrate dimensionless", ["calibrate", "--model", "gonthier", "--e", "0.5"], ("json", "csv", "text")),
        ("copt", ["copt", "--e", "0.5", "--m", "2", "--k", "1e7", "--v", "0.3"], ("json", "csv", "text")),
        ("input-for", ["input-for", "lammps", "--e", "0.5", "--E", "7e10", "--nu", "0.22", "--radius", "1e-3", "--density", "2500", "--v", "1"], ("json",)),
        ("input-for typed unit", ["input-for", "chrono", "--e", "0.5", "--E", "7e10", "--nu", "0.22", "--radius", "1e-3", "--density", "2500", "--v", "1"], ("json",)),
        ("input-for --list", ["input-for", "--list"], ("json",)),
        ("models", ["models"], ("json", "csv")),
        ("simulate", ["simulate", "--system", "configs/systems/bouncing_ball.toml", "--t-end", "1"],
         ("json", "csv", "text")),
        ("simulate planar", ["simulate", "--system", "configs/systems/two_pendulums_planar.toml",
                             "--t-end", "0.5"], ("json", "csv")),
        ("simulate clearance", ["simulate", "--system", "configs/systems/slider_crank_clearance.toml",
                                "--t-end", "0.05"], ("json", "csv", "text")),
        ("kn-fit single", kn, ("json", "csv", "text")),
        ("kn-fit single length", kn + ["--length", "20mm"], ("json", "csv", "text")),
        ("kn-fit data", ["kn-fit", "--data", data], ("json", "csv", "text")),
        ("effective-mass system", ["effective-mass", "--system", system], ("json", "csv", "text")),
        ("fit-impact", ["fit-impact", "--data", "datasets/samples/restitution_tsuji.csv", "--law", "tsuji",
                        "--m", "0.01", "--K", "1e9"],
         ("json",)),
        ("fit-impact all", ["fit-impact", "--data", sample, "--law", "all", "--m", "0.01", "--K", "1e9"],
         ("json",)),
        ("fit-impact record", ["fit-impact", "--data", "datasets/samples/impact_record_tsuji.csv",
                               "--law", "tsuji", "--v", "1", "--m", "0.01"], ("json",)),
        ("simulate pin-in-slot", ["simulate", "--system", "configs/systems/scotch_yoke.toml",
                                  "--t-end", "0.01"], ("json", "csv", "text")),
        ("simulate friction", ["simulate", "--system", friction, "--t-end", "0.01"], ("json",)),
    ]


def friction_system(work):
    """The shipped clearance slider-crank with friction in its joint (friction_work outputs)."""
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "configs", "systems",
                           "slider_crank_clearance.toml")) as f:
        text = f.read().replace("journal_radius = 0.0095", "journal_radius = 0.0095\nfriction = 0.1")
    path = os.path.join(work, "friction.toml")
    with open(path, "w") as f:
        f.write(text)
    return path


# Small configs of the studies (the published setups take minutes); {source} is the repository.
SMALL_CONFIGS = {
    "rms-table": """[e_grid]\nfrom = 0.1\nto = 0.9\nstep = 0.4\n[table]
a = [1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0]
b = [1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0]
published = "datasets/published/sf2020_table2.csv"
[numerical]\nn = 1.5\nformulas = ["hunt-crossley", "gonthier"]
[solver]\nrel_tol = 1e-10\nabs_tol = 1e-12\ncor_rel_tol = 1e-8\n""",
    "damping-fit": """[grid]\nn_count = 5\ne_from = 0.45\ne_to = 1.0\ne_count = 5
[scaling]\nn_count = 5\ncount = 3\ne = 0.7\nm = [1e-5, 50.0]\nv = [0.01, 50.0]\nk = [1e5, 1e10]
[closed_form]\ne_min = 1e-4\ne_count = 16\nn_count = 5\ne_terms = 5\nn_terms = 4\nminimax_rounds = 1
[solver]\ncor_rel_tol = 1e-8\nrel_tol = 1e-10\nabs_tol = 1e-12\n""",
    "validate": """[grid]\ne_count = 4\ne_min = 1e-2\nsamples = 2\nseed = 2020
[ranges]\nm = [1e-5, 1e2]\nk = [1e5, 1e10]\nv = [1e-3, 1e2]\nn = [1.0, 2.0]
[simulate]\nunits = "dimensionless"
[formulas]\nnames = ["poursina-nikravesh", "hunt-crossley"]\nclamp = "both"
[solver]\nrel_tol = 1e-10\nabs_tol = 1e-12\n""",
    "exact-table": """[grid]\ne_min = 1e-2\ne_nodes = 5\nn_nodes = 3\nstencil = 2\ne_power = 3
[solver]\ncor_rel_tol = 1e-8\nrel_tol = 1e-10\nabs_tol = 1e-12\n""",
    "systems": """[bouncing_ball]\nfile = "{source}/configs/systems/bouncing_ball.toml"
restitutions = [0.8]\nmodels = ["hunt-crossley"]\nt_end = 1.0
[impact_damper]\nfile = "{source}/configs/systems/impact_damper.toml"\ngaps = [0.02]\nt_end = 2.0
[slider_crank]\nfile = "{source}/configs/systems/slider_crank.toml"
planar_file = "{source}/configs/systems/slider_crank_planar.toml"
[two_pendulums]\nfile = "{source}/configs/systems/two_pendulums.toml"
planar_file = "{source}/configs/systems/two_pendulums_planar.toml"\nmethods = ["piecewise", "flores"]\n""",
    "kn-fit": None, "effective-mass": None, "simulator-inputs": None,  # their own configs: < 2 s
    "impact-fits": """[material]\nm = 0.01\nK = 1e9\nn = 1.5
[truth]\nhunt-crossley-alpha = 0.2\nviscoelastic = 7e-6\nlinear-damper = 50.0\ntsuji = 0.3
[speeds]\nfrom = 0.05\nto = 5.0\ncount = 6\n[noise]\nsigma = 0.005\nseed = 1\nreplicates = 1
[record]\nv = 1.0\nsamples = 100\nnoise = 1e-3\ndata = ["force+delta", "delta"]\nseed = 2\nreplicates = 1
[[published]]\nlabel = "gugan"\nsource = "Gugan, Table I"\nm = 0.45359237\nK = 2e8
file = "{source}/datasets/published/gugan_croquet_wood_restitution.csv"\n""",
}


def read_study_columns(source):
    """{study: {file pattern: [columns]}} from the table "Study result columns"."""
    studies = {}
    with open(os.path.join(source, "docs", "outputs.md"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^\| ([a-z-]+) \| (\S+\.csv) \| `(.+)` \|$", line)
            if m:
                columns = m.group(3).replace("\\|", "|").split(",")
                studies.setdefault(m.group(1), {})[m.group(2)] = columns
    return studies


def check_studies(checker, calib, source, work):
    """Every CSV of every study, run on a small config, has exactly the columns listed."""
    import fnmatch
    listed, files = read_study_columns(source), 0
    for study, config in SMALL_CONFIGS.items():
        out = os.path.join(work, "studies", study)
        args = [study, "--quiet", "--out", out]
        if config is not None:
            path = os.path.join(work, f"{study}.toml")
            with open(path, "w") as f:
                f.write(config.replace("{source}", source))
            args += ["--config", path]
        run(calib, args, source)
        expected = listed.get(study, {})
        seen = set()
        for folder, _, names in os.walk(out):
            for name in sorted(n for n in names if n.endswith(".csv")):
                rel = os.path.relpath(os.path.join(folder, name), out)
                pattern = next((p for p in expected if fnmatch.fnmatch(rel, p)), None)
                with open(os.path.join(folder, name)) as f:
                    header = next(line for line in f if not line.startswith("#")).strip().split(",")
                files += 1
                if pattern is None:
                    checker.errors.append(f"{study}/{rel}: not listed in docs/outputs.md (study result columns)")
                elif header != expected[pattern]:
                    checker.errors.append(f"{study}/{rel}: columns {header} differ from the list {expected[pattern]}")
                seen.add(pattern)
        for pattern in set(expected) - seen:
            checker.errors.append(f"{study}/{pattern}: listed in docs/outputs.md, not written")
    for study in set(listed) - set(SMALL_CONFIGS):
        checker.errors.append(f"{study}: listed in docs/outputs.md, not run by this test")
    return files


def run(calib, args, cwd):
    r = subprocess.run([calib, *args], capture_output=True, text=True, timeout=300, cwd=cwd)
    if r.returncode != 0:
        raise SystemExit(f"calib {' '.join(args)}: exit {r.returncode}: {r.stderr.strip()[:400]}")
    return r.stdout


def fit_impact_out_folders(calib, source, work):
    """`fit-impact --out` of both data kinds: a restitution curve, a weighted impact record
    (sigma_F, sigma_delta) and an unweighted force record (residuals in N)."""
    unweighted = os.path.join(work, "record_force_only.csv")
    with open(os.path.join(source, "datasets/samples/impact_record_tsuji.csv")) as f, \
            open(unweighted, "w") as out:
        for line in f:
            if not line.startswith("#"):
                out.write(",".join(line.strip().split(",")[:2]) + "\n")
    runs = {
        "fit_impact": ["--data", "datasets/samples/restitution_viscoelastic.csv", "--m", "0.01",
                       "--K", "1e9"],
        "fit_impact_record": ["--data", "datasets/samples/impact_record_tsuji.csv", "--v", "1",
                              "--m", "0.01"],
        "fit_impact_record_unweighted": ["--data", unweighted, "--v", "1", "--m", "0.01"],
    }
    for name, args in runs.items():
        run(calib, ["fit-impact", *args, "--law", "all", "--out", os.path.join(work, name),
                    "--format", "json"], source)
    return [os.path.join(work, name) for name in runs]


def check_cli(checker, calib, source, work):
    outputs = 0
    for name, args, formats in commands(work):
        header = None
        for fmt in formats:
            out = run(calib, [*args, "--format", fmt], source)
            where = f"calib {name} --format {fmt}"
            if fmt == "json":
                checker.record(where, json.loads(out))
            elif fmt == "csv":
                header = csv_header(out)
                checker.columns(where, header)
            elif name.startswith("simulate"):  # a table: its header line is the CSV header
                table = [line.split() for line in out.splitlines() if line.startswith("contact ")]
                if not table or table[0] != header:
                    checker.errors.append(f"{where}: table header {table[:1]} is not the CSV header {header}")
            else:
                checker.text(where, out.splitlines(), header)
            outputs += 1
    simulate_out = os.path.join(work, "simulate")
    run(calib, ["simulate", "--system", "configs/systems/slider_crank_clearance.toml", "--t-end", "0.05",
                "--out", simulate_out, "--format", "json"], source)
    friction_out = os.path.join(work, "simulate_friction")
    run(calib, ["simulate", "--system", friction_system(work), "--t-end", "0.01", "--out",
                friction_out], source)
    sweep_csv = os.path.join(work, "sweep.csv")
    run(calib, ["sweep", "--quiet", "--config", "configs/sweeps/copt_grid.toml", "--out", sweep_csv],
        source)
    sweep_mass = os.path.join(work, "effmass_sweep.csv")
    run(calib, ["effective-mass", "--system", "configs/effmass/np_example4_slider_crank.toml",
                "--sweep", "crank.angle=0:90:3", "--out", sweep_mass], source)
    fit_outs = fit_impact_out_folders(calib, source, work)
    for file in (os.path.join(simulate_out, "series.csv"), os.path.join(simulate_out, "impacts.csv"),
                 os.path.join(friction_out, "series.csv"), sweep_csv, sweep_mass):
        with open(file) as f:
            checker.columns(os.path.relpath(file, work), csv_header(f.readline()))
        outputs += 1
    for folder in fit_outs:
        with open(os.path.join(folder, "fit_impact.json")) as f:
            checker.record(os.path.relpath(folder, work) + "/fit_impact.json", json.load(f))
        for name in ("fit_impact_points.csv", "fit_impact_curve.csv"):
            with open(os.path.join(folder, name)) as f:
                checker.columns(os.path.relpath(f.name, work), csv_header(f.readline()))
        outputs += 3
    return outputs


def check_python(checker):
    """The Python module's results, when it imports: plain names and .units."""
    try:
        import numpy as np
        import calib
    except ImportError as err:
        print(f"python: not checked ({err})")
        return 0
    results = {
        "calib.impact": calib.impact("hunt-crossley", 0.8, m=2.0, k=1e7, v=0.3),
        "calib.impact array": calib.impact("linear-damper", np.array([0.3, 0.6]), n=1.5, m=2.0, k=1e7, v=0.3),
        "calib.calibrate": calib.calibrate("gonthier", 0.5, m=2.0, k=1e7, v=0.3),
        "calib.calibrate dimensionless": calib.calibrate("gonthier", 0.5),
        "calib.calibrate array": calib.calibrate("linear-damper", np.array([0.3, 0.6])),
        "calib.kn_fit": calib.kn_fit("johnson", material="steel", dR="0.5mm"),
        "calib.kn_fit_data": calib.kn_fit_data([0.001, 0.002, 0.004, 0.008], [1.2, 2.9, 6.1, 13.5]),
        "calib.effective_mass": calib.effective_mass("configs/effmass/np_example1_pendulum_wall.toml"),
        "calib.input_for": calib.input_for("lammps", 0.5, E=7e10, nu=0.22, radius=1e-3, density=2500.0, v=1.0),
        "calib.simulate": calib.simulate("configs/systems/bouncing_ball.toml", t_end=1.0),
        "calib.fit_impact": calib.fit_impact([0.5, 1.0, 2.0, 4.0], [0.9, 0.85, 0.8, 0.74], law="tsuji",
                                             m=0.01, K=1e9),
    }
    for where, r in results.items():
        checker.record(where, r)
    for where, rows in (("calib.models", calib.models()), ("calib.code_laws", calib.code_laws())):
        checker.walk(where, rows, {})
    return len(results) + 2


def self_test(source):
    """Each kind of defect must be reported: the checks cannot pass vacuously."""
    vocabulary = read_vocabulary(source)
    bad = {
        "unknown JSON key": lambda c: c.record("x", {"c_opt[N*s/m]": 1.0, "units": {}}),
        "unknown nested key": lambda c: c.record("x", {"contact": {"E[Pa]": 1.0}, "units": {}}),
        "missing units object": lambda c: c.record("x", {"c": 1.0}),
        "missing unit": lambda c: c.record("x", {"c": 1.0, "units": {}}),
        "wrong unit": lambda c: c.record("x", {"c": 1.0, "units": {"c": "N*s/mm"}}),
        "unit of an absent key": lambda c: c.record("x", {"e": 0.5, "units": {"c": "N*s/m"}}),
        "CSV column without its unit": lambda c: c.columns("x", ["e", "peak_force"]),
        "CSV column with another unit": lambda c: c.columns("x", ["impulse[Ns]"]),
        "CSV unit on a dimensionless name": lambda c: c.columns("x", ["e[1]"]),
        "unknown CSV column": lambda c: c.columns("x", ["peak_F[N]"]),
        "residual column in a foreign unit": lambda c: c.columns("x", ["force_residual[kN]"]),
        "residual unit neither sigma nor the data's": lambda c: c.record(
            "x", {"force_residual": 1.0, "units": {"force_residual": "kN"}}),
        "loss scale in no residual's unit": lambda c: c.record(
            "x", {"loss_scale": 1.0, "units": {"loss_scale": "kN"}}),
        "text label not the CSV header": lambda c: c.text("x", ["m 1.0"], ["m[kg]"]),
    }
    studies = read_study_columns(source)
    if len(studies) < 8 or "b=1.5" not in studies["rms-table"]["rms_table_wide.csv"]:
        print(f"the study column table was not read: {sorted(studies)}")
        return 1
    failed = []
    for what, check in bad.items():
        c = Checker(vocabulary)
        check(c)
        print(f"{'refused' if c.errors else 'ACCEPTED'}: {what}: {c.errors[:1]}")
        if not c.errors:
            failed.append(what)
    good = Checker(vocabulary)
    good.record("x", {"c": 1.0, "e": 0.5, "after": {"ball": {"x": 1.0}}, "units": {"c": "N*s/m", "x": "m"}})
    good.columns("x", ["ball.x[m]", "e", "c[N*s/m]", "force_residual[sigma_F]", "delta_residual[m]"])
    good.record("x", {"force_residual": 1.0, "units": {"force_residual": "N"}})
    good.record("x", {"loss_scale": 1.0, "units": {"loss_scale": "sigma"}})
    print(f"a correct record: {good.errors or 'accepted'}")
    return 1 if failed or good.errors else 0


def main():
    if sys.argv[1] == "--self-test":
        return self_test(sys.argv[2])
    calib, source, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    checker = Checker(read_vocabulary(source))
    outputs = check_cli(checker, calib, source, work)
    outputs += check_studies(checker, calib, source, work)
    outputs += check_python(checker)
    for e in checker.errors:
        print(e)
    print(f"{outputs} outputs checked against {len(checker.vocabulary)} vocabulary names: "
          f"{len(checker.errors)} defects")
    return 1 if checker.errors else 0


if __name__ == "__main__":
    sys.exit(main())
