#!/usr/bin/env python3
"""Probe the calib CLI with bad and edge inputs across every subcommand.

Each case is (arguments, token): the run must exit 2 (bad input) and its message must contain
the token (the field or value it is about). Outcomes: clean (exit 2, token named), misleading
(exit 1/2 without the token), silent (exit 0), hang (no exit within 20 s), crash (killed by a
signal or another exit code). Prints the counts; exits 1 unless every case is clean.
Usage: probe_bad_inputs.py CALIB SOURCE_DIR WORK_DIR
"""
import os
import subprocess
import sys

calib, src, work = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(work, exist_ok=True)
system = f"{src}/configs/effmass/np_example4_slider_crank.toml"
cases = []

# Numbers: every numeric flag of the single-shot commands, with values that mean nothing.
SCALES = {"--m": "2", "--k": "1e7", "--v": "0.3"}
SCALES_ARGS = [x for f, v in SCALES.items() for x in (f, v)]
bad_numbers = ["nan", "inf", "-inf", "abc", "1e400", "", "0x", "--"]
for cmd, base in [("impact", "--model gonthier --e 0.5"), ("calibrate", "--model gonthier --e 0.5"),
                  ("copt", "--e 0.5")]:
    for flag, extra_bad in [("--e", ["0", "1.5", "-0.5"]), ("--n", ["0.5", "2.5"]), ("--m", ["0", "-1"]),
                            ("--k", ["0", "-1"]), ("--v", ["0", "-1"])]:
        for value in bad_numbers + extra_bad:
            args = base.replace(f"{flag} 0.5", "") if flag == "--e" else base
            # The other scales given (a physical input has no default): the verdict is the flag's.
            scales = [x for f, v in SCALES.items() if f != flag for x in (f, v)]
            cases.append(([cmd] + args.split() + scales + [flag, value], flag.lstrip("-")))
for value in ["-1", "0", "abc", "1e-300x"]:
    cases.append((["impact", "--model", "gonthier", "--e", "0.5", "--rel-tol", value, *SCALES_ARGS], "rel"))
    cases.append((["calibrate", "--model", "gonthier", "--e", "0.5", "--abs-tol", value], "abs"))
for model in ["no-such", ""]:
    cases.append((["impact", "--model", model, "--e", "0.5"], "model"))
# Names are case-insensitive ("GONTHIER" is gonthier); a typo is refused with the nearest name.
cases.append((["impact", "--model", "gonthiar", "--e", "0.5"], "did you mean 'gonthier'"))
cases.append((["input-for", "lamps", "--e", "0.5"], "did you mean 'lammps'"))
cases.append((["impact", "--model", "dem-sqrt5", "--e", "0.5", "--n", "1.2", *SCALES_ARGS], "n = 1.5"))
cases.append((["impact", "--model", "gonthier", "--e", "0.5", "--clamp", "maybe", *SCALES_ARGS], "clamp"))
cases.append((["impact", "--model", "gonthier", "--e", "0.5", "--format", "xml", *SCALES_ARGS], "format"))
cases.append((["copt", "--e", "0.5", *SCALES_ARGS, "--method", "hunt-crossley"], "linear-damper"))
cases.append((["copt", "--e", "0.5", *SCALES_ARGS, "--method", "nope"], "nope"))
# No physical default: each command names the scales it was not given.
cases.append((["copt", "--e", "0.5"], "--m (or --system), --k and --v are required"))
cases.append((["impact", "--e", "0.5", "--m", "2"], "--k and --v are required"))
cases.append((["calibrate", "--e", "0.5", "--v", "1"], "--m and --k are required"))
cases.append((["input-for", "yade", "--e", "0.5", "--E", "7e10"], "--nu, --radius, --density and --v are required"))
cases.append((["copt", "--e", "0.5", "--system", "/nonexistent.toml"], "nonexistent"))
cases.append((["copt", "--e", "0.5", "--m", "2", "--system", system], "system"))

# Study flags: threads, config, out, samples, study-specific options.
for study in ["rms-table", "damping-fit", "validate", "kn-fit", "effective-mass", "exact-table"]:
    for value in ["-1", "abc", "1e9", "1.5"]:
        cases.append(([study, "--threads", value], "threads"))
    cases.append(([study, "--config", "/nonexistent.toml", "--out", f"{work}/o"], "nonexistent"))
    cases.append(([study, "--config", system, "--out", f"{work}/o"], "np_example4"))  # wrong kind of file
    cases.append(([study, "--out", system], "np_example4"))  # a file as the output folder
for value in ["0", "-3", "1e400", "x"]:
    cases.append((["validate", "--samples", value], "samples"))
cases.append((["validate", "--formula", "no-such"], "no-such"))
cases.append((["validate", "--clamp", "on"], "formula"))
cases.append((["kn-fit", "--E", "207GPa"], "--E"))
cases.append((["kn-fit", "--model", "johnson", "--E", "207GPa", "--nu", "0.3"], "dR"))
cases.append((["kn-fit", "--model", "johnson", "--E", "207GPa", "--nu", "0.6", "--dR", "5mm"], "nu"))
cases.append((["kn-fit", "--model", "johnson", "--E", "207parsec", "--nu", "0.3", "--dR", "5mm"], "E"))
cases.append((["kn-fit", "--model", "johnson", "--material", "unobtainium", "--dR", "5mm"], "unobtainium"))
cases.append((["kn-fit", "--model", "johnson", "--material", "steel", "--E", "1GPa", "--dR", "5mm"], "E"))
cases.append((["kn-fit", "--model", "johnson", "--material", "steel", "--dR", "-5mm"], "dR"))
cases.append((["kn-fit", "--model", "johnson", "--material", "steel", "--dR", "5mm", "--W-step", "0"], "W"))
cases.append((["kn-fit", "--data", "/nonexistent.csv"], "nonexistent"))
# fit-impact: material flags, law, --fit and the data file.
fi = ["fit-impact", "--data", f"{src}/datasets/samples/restitution_tsuji.csv", "--law", "tsuji"]
for flag, values in [("--m", ["nan", "0", "-1", "abc"]), ("--K", ["inf", "0", "-1"]), ("--n", ["0.5", "2.5"])]:
    for value in values:
        material = {"--m": "0.01", "--K": "1e9"}
        material[flag] = value
        cases.append((fi + [a for k, v in material.items() for a in (k, v)], flag.lstrip("-")))
cases.append((fi + ["--m", "0.01", "--E", "200GPa", "--nu", "0.6", "--radius", "5mm"], "nu"))
cases.append((fi + ["--m", "0.01", "--E", "200parsec", "--nu", "0.3", "--radius", "5mm"], "E"))
cases.append((fi + ["--m", "0.01", "--K", "1e9", "--fit", "foo"], "foo"))
cases.append((fi + ["--m", "0.01", "--K", "1e9", "--fit", "K"], "K cannot be fitted"))
cases.append((fi[:3] + ["--law", "hertz", "--m", "0.01", "--K", "1e9"], "hertz"))
cases.append((["fit-impact", "--data", "/dev/zero", "--law", "tsuji", "--m", "0.01", "--K", "1e9"], "/dev/zero"))
cases.append((["fit-impact", "--data", "/nonexistent.csv", "--law", "tsuji", "--m", "0.01", "--K", "1e9"],
              "nonexistent"))
cases.append((["effective-mass", "--system", "/nonexistent.toml"], "nonexistent"))
for spec in ["crank.z=0:1:3", "crank.angle=0:90", "crank.angle=0:90:1", "crank.angle=0:90:1000000000",
             "crank.angle=a:b:c", "=0:1:2", "crank.angle=0:nan:3", "nobody.angle=0:90:3"]:
    cases.append((["effective-mass", "--system", system, "--sweep", spec], "sweep" if "nobody" not in spec and "crank.z" not in spec else ("nobody" if "nobody" in spec else "crank.z")))
cases.append((["effective-mass", "--sweep", "crank.angle=0:90:3"], "system"))
cases.append((["effective-mass", "--system", system, "--sweep", "crank.angle=0:90:3", "--format", "json"], "format"))
cases.append((["plot", "no-such-study"], "no-such-study"))
cases.append((["plot", "rms-table", "--in", "/nonexistent"], "nonexistent"))
cases.append((["report", "--results", "/nonexistent", "--out", f"{work}/rep"], "nonexistent"))
cases.append((["merge", "--out", f"{work}/m.csv", "/nonexistent.csv"], "nonexistent"))
cases.append((["sweep"], "config"))
cases.append((["sweep", "--config", "/nonexistent.toml"], "nonexistent"))
cases.append((["sweep", "--config", system, "--shard", "3/2"], "shard"))
cases.append((["no-such-command"], "no-such-command"))
# input-for: every numeric flag, the code, its model/version/clamp and the format.
GLASS = {"--E": "7e10", "--nu": "0.22", "--radius": "1e-3", "--density": "2500", "--v": "1"}
GLASS_ARGS = [x for f, v in GLASS.items() for x in (f, v)]
for flag, token, extra_bad in [("--e", "e", ["0", "1.5", "-0.5"]), ("--E", "E", ["0", "-1"]),
                               ("--nu", "nu", ["0.5001", "-1"]), ("--radius", "radius", ["0", "-1"]),
                               ("--density", "density", ["0"]), ("--v", "v", ["0", "-1"]),
                               ("--v-char", "char", ["0", "-2"]), ("--k", "k", ["0", "-1"]),
                               ("--typed", "typed", ["1.5", "-0.1"])]:
    for value in bad_numbers + extra_bad:
        base = ["input-for", "liggghts"] + ([] if flag == "--e" else ["--e", "0.5"])
        contact = [x for f, v in GLASS.items() if f != flag for x in (f, v)]
        cases.append((base + contact + [flag, value], token))
cases.append((["input-for", "abaqus", "--e", "0.5"], "abaqus"))
cases.append((["input-for", "--e", "0.5"], "code"))
cases.append((["input-for", "lammps"], "--e"))
cases.append((["input-for", "lammps", "--e", "0.5", "--model", "jkr"], "jkr"))
cases.append((["input-for", "lammps", "--e", "0.5", "--model", "coeff_restitution", "--code-version", "20220106", *GLASS_ARGS], "20220106"))
cases.append((["input-for", "chrono", "--e", "0.5", "--clamp", "off", *GLASS_ARGS], "clamp"))
cases.append((["input-for", "lammps", "--e", "0.5", "--clamp", "maybe"], "clamp"))
cases.append((["input-for", "lammps", "--e", "0.5", "--format", "csv"], "format"))
cases.append((["input-for", "mujoco", "--e", "0.5", "--typed", "-1", *GLASS_ARGS], "typed"))
# simulate: the system file, the law and the run options.
ball = f"{src}/configs/systems/bouncing_ball.toml"
for value in bad_numbers + ["0", "1.5", "-0.5"]:
    cases.append((["simulate", "--system", ball, "--e", value], "e"))
for value in bad_numbers + ["0", "-1"]:
    cases.append((["simulate", "--system", ball, "--t-end", value], "end"))
cases.append((["simulate"], "system"))
cases.append((["simulate", "--system", "/nonexistent.toml"], "nonexistent"))
cases.append((["simulate", "--system", "configs/systems/nope.toml"], "nope"))
cases.append((["simulate", "--system", ball, "--model", "nope"], "nope"))
cases.append((["simulate", "--system", ball, "--model", "lankarani-nikravesh-1994"], "indentation"))
cases.append((["simulate", "--system", ball, "--method", "exact"], "method"))
cases.append((["simulate", "--system", ball, "--format", "xml"], "format"))
cases.append((["simulate", "--system", system], "type"))  # a planar effective-mass file
cases.append((["simulate", "--system", ball, "--out", system], "np_example4"))  # a file as the folder
for value in bad_numbers + ["0", "-1", "1.5"]:
    cases.append((["simulate", "--system", ball, "--max-steps", value], "max-steps"))
for value in bad_numbers + ["0", "-1"]:
    cases.append((["simulate", "--system", ball, "--max-wall-time", value], "wall"))

# Stiff friction: a regularisation speed below 1 µm/s (models::kMinFrictionVelocity) is refused in
# every file that takes one; inside the range, a run that spends its step budget says so (exit 1,
# naming the stiff contact) and writes no complete result (StiffFrictionSpendsTheBudget).
with open(f"{src}/configs/systems/slider_crank_clearance.toml") as f:
    clearance_text = f.read()
with open(f"{src}/configs/systems/impact_damper.toml") as f:
    damper_text = f.read()
for name, text, old, new, token in [
        ("clearance_vr_tiny", clearance_text, "n = 1.5\n", "n = 1.5\nfriction = 0.2\nfriction_velocity = 1e-15\n",
         "friction_velocity"),
        ("clearance_vr_nan", clearance_text, "n = 1.5\n", "n = 1.5\nfriction = 0.2\nfriction_velocity = nan\n",
         "friction_velocity"),
        ("damper_vr_tiny", damper_text, "regularisation_velocity = 1e-4", "regularisation_velocity = 1e-9",
         "regularisation_velocity")]:
    assert old in text, name
    path = f"{work}/{name}.toml"
    with open(path, "w") as f:
        f.write(text.replace(old, new, 1))
    cases.append((["simulate", "--system", path], token))
# The budget keys of [simulate]: the same verdicts as --max-steps and --max-wall-time.
for name, keys, token in [("budget_zero", "max_steps = 0", "simulate.max_steps"),
                          ("budget_fraction", "max_steps = 1.5", "max_steps"),
                          ("wall_negative", "max_wall_time = -1", "max_wall_time")]:
    path = f"{work}/{name}.toml"
    with open(path, "w") as f:
        f.write(open(ball).read().replace("[simulate]\n", f"[simulate]\n{keys}\n", 1))
    cases.append((["simulate", "--system", path], token))

# Planar multibody system files: the shipped pendulums with one key broken at a time.
with open(f"{src}/configs/systems/two_pendulums_planar.toml") as f:
    planar_text = f.read()
for name, old, new, token in [
        ("planar_spring", "[gravity]", "[[spring]]\nbody_i = 'rod1'\nbody_j = 'rod2'\nstiffness = -1\n[gravity]", "stiffness"),
        ("planar_spring_body", "[gravity]", "[[spring]]\nbody_i = 'rod1'\nbody_j = 'rod9'\n[gravity]", "rod9"),
        ("planar_drive_coord", "[gravity]", "[[drive]]\ncoordinate = 'rod1.spin'\nvelocity = 1\n[gravity]", "rod1.spin"),
        ("planar_drive_nan", "[gravity]", "[[drive]]\ncoordinate = 'rod1.angle'\nvelocity = nan\n[gravity]", "velocity"),
        ("planar_drive_vs_omega", "[gravity]", "[[drive]]\ncoordinate = 'rod1.angle'\nvelocity = 2.0\n[gravity]", "rod1.angle is driven"),
        ("planar_gravity_both", "g = 9.81", "g = 9.81\nvector = [0.0, -9.81]", "g"),
        ("planar_gravity_nan", "g = 9.81", "g = nan", "g"),
        ("planar_normal_in", 'normal_in = "body_j"', 'normal_in = "sideways"', "normal_in"),
        ("planar_omega_inf", "omega = 0.0           # at rest", "omega = inf #", "omega"),
        ("planar_contradict", "omega = 0.0           # at rest", "vx = 3.0\nomega = 0.0 #", "contradict"),
        ("planar_baumgarte", "baumgarte_rate = 1.0", "baumgarte_rate = -1.0", "baumgarte_rate"),
        ("planar_drift_tol", "drift_tol = 1e-8", "drift_tol = 0", "drift_tol"),
        ("planar_unknown", "[constraints]", "[constraints]\nstabilise = true", "stabilise"),
        ("planar_overlap", "angle_deg = 0.0 ", "angle_deg = 180.0 ", "overlap")]:
    assert old in planar_text, name
    path = f"{work}/{name}.toml"
    with open(path, "w") as f:
        f.write(planar_text.replace(old, new, 1))
    cases.append((["simulate", "--system", path], token))
with open(f"{work}/constraints_on_ball.toml", "w") as f:
    f.write(open(ball).read() + "\n[constraints]\ndrift_tol = 1e-8\n")
cases.append((["simulate", "--system", f"{work}/constraints_on_ball.toml"], "constraints"))

# Malformed files: study configs and sweep configs, written to the work folder.
def config_case(name, text, token, command):
    path = f"{work}/{name}.toml"
    with open(path, "w") as f:
        f.write(text)
    cases.append((command + ["--config", path, "--out", f"{work}/out_{name}"], token))

sweep_head = 'kernel = "impact"\nmodel = "gonthier"\n'
for name, body, token in [
        ("syntax", "[space\n", "syntax error"), ("no_space", sweep_head + "[fixed]\ne = 0.5\n", "space"),
        ("no_e", sweep_head + "[space]\nn = { values = [1.5] }\n", "restitution"),
        ("bad_kernel", 'kernel = "fit"\nmodel = "gonthier"\n[fixed]\ne = 0.5\n[space]\nn = { values = [1.5] }\n', "kernel"),
        ("bad_model", 'kernel = "impact"\nmodel = "x"\n[fixed]\ne = 0.5\n[space]\nn = { values = [1.5] }\n', "model"),
        ("clamp_half", sweep_head + "[fixed]\ne = 0.5\nclamp = 0.5\n[space]\nn = { values = [1.5] }\n", "clamp"),
        ("clamp_seven", sweep_head + "[fixed]\ne = 0.5\n[space]\nclamp = { values = [7] }\n", "clamp"),
        ("both", sweep_head + "[fixed]\ne = 0.5\nn = 1.5\n[space]\nn = { values = [1.5] }\n", "n"),
        ("unknown_param", sweep_head + "[fixed]\ne = 0.5\n[space]\nq = { values = [1] }\n", "q"),
        ("tiny_step", sweep_head + "[fixed]\ne = 0.5\n[space]\nn = { range = { from = 1, to = 2, step = 1e-300 } }\n", "step"),
        ("huge_count", sweep_head + "[fixed]\ne = 0.5\n[space]\nn = { linspace = { from = 1, to = 2, count = 10000000000 } }\n", "count"),
        ("neg_count", sweep_head + "[fixed]\ne = 0.5\n[space]\nn = { linspace = { from = 1, to = 2, count = -1 } }\n", "count"),
        ("nan_values", sweep_head + "[fixed]\ne = 0.5\n[space]\nn = { values = [nan] }\n", "values"),
        ("random_no_seed", sweep_head + "[fixed]\ne = 0.5\n[space]\nsamples = 3\nn = { random = { dist = 'uniform', from = 1, to = 2 } }\n", "seed"),
        ("bad_dist", sweep_head + "[fixed]\ne = 0.5\n[space]\nsamples = 3\nseed = 1\nn = { random = { dist = 'gauss', from = 1, to = 2 } }\n", "gauss"),
        ("zipped_unequal", sweep_head + "[fixed]\ne = 0.5\n[space]\ncombine = 'zipped'\nn = { values = [1, 2] }\nm = { values = [1] }\n", "zipped"),
        ("bad_combine", sweep_head + "[fixed]\ne = 0.5\n[space]\ncombine = 'mixed'\nn = { values = [1] }\n", "combine"),
        ("bad_tol", sweep_head + "[fixed]\ne = 0.5\n[space]\nn = { values = [1.5] }\n[solver]\nrel_tol = -1\n", "solver"),
        ("four_axes", sweep_head + "[fixed]\ne = 0.5\n[space]\n" + "".join(f"{a} = {{ linspace = {{ from = 1, to = 2, count = 100000 }} }}\n" for a in "kmnv"), "points")]:
    config_case("sweep_" + name, body, token, ["sweep"])
for study, body, token in [
        ("rms-table", "[e_grid]\nfrom = 0\nto = 0.9\nstep = 0.1\n", "e_grid"),
        ("rms-table", "[e_grid]\nfrom = 0.1\nto = 0.9\nstep = 0\n", "step"),
        ("rms-table", "[table]\na = [-1]\n", "table.a"),
        ("rms-table", "[numerical]\nformulas = ['dem-sqrt5']\n", "dem-sqrt5"),
        ("rms-table", "[solver]\ncor_rel_tol = 1\n", "cor_rel_tol"),
        ("rms-table", "extra = 1\n", "extra"),
        ("damping-fit", "[grid]\nn_count = 0\n", "n_count"),
        ("damping-fit", "[grid]\ne_from = 2\n", "e_from"),
        ("damping-fit", "[scaling]\nm = [1]\n", "scaling.m"),
        ("damping-fit", "[closed_form]\ne_terms = 99\n", "e_terms"),
        ("validate", "[grid]\ne_count = 0\n", "e_count"),
        ("validate", "[formulas]\nnames = ['no-such']\n", "no-such"),
        ("validate", "[[custom]]\nname = 'x'\nfamily = 'linear_damper'\nclamp = true\nc = '1/('\n", "custom"),
        ("validate", "[ranges]\nm = [2, 1]\n", "ranges.m"),
        ("kn-fit", "published = '/nonexistent.csv'\n", "nonexistent"),
        ("kn-fit", "[protocol]\nW_step = 0\n", "W"),
        ("effective-mass", "[[system]]\nfile = '/nonexistent.toml'\n", "nonexistent"),
        ("effective-mass", "[[sweep]]\nfile = 'configs/effmass/np_example4_slider_crank.toml'\ncoordinate = 'crank.angle'\nfrom = 0\nto = 90\ncount = 1\nstem = 'x'\n", "count"),
        ("exact-table", "[grid]\nstencil = 99\n", "stencil"),
        ("exact-table", "[grid]\ne_min = 0.9\n", "e_min")]:
    config_case(study.replace("-", "_") + "_" + token.replace(".", "_").replace("/", "_"), body, token, [study])

# Measurement CSVs.
for name, text, token in [
        ("no_units", "delta,W\n1,2\n2,4\n3,7\n", "unit"), ("bad_unit", "delta[parsec],W[N/mm]\n1,2\n2,4\n3,7\n", "parsec"),
        ("no_force", "delta[um],X[N]\n1,2\n", "W[unit]"), ("text_cell", "delta[um],W[N/mm]\n1,abc\n2,4\n3,7\n", "abc"),
        ("nan_cell", "delta[um],W[N/mm]\n1,nan\n2,4\n3,7\n", "non-finite"), ("empty", "", "empty"),
        ("header_only", "delta[um],W[N/mm]\n", "rows"), ("force_no_length", "delta[um],F[N]\n1,2\n2,4\n3,7\n", "length"),
        ("negative", "delta[um],W[N/mm]\n1,-2\n2,4\n3,7\n", "W"), ("short_row", "delta[um],W[N/mm]\n1\n2,4\n", "kn_short_row")]:
    path = f"{work}/kn_{name}.csv"
    with open(path, "w") as f:
        f.write(text)
    cases.append((["kn-fit", "--data", path], token))

counts = {"clean": 0, "misleading": 0, "silent": 0, "hang": 0, "crash": 0, "skipped": 0}
for args, token in cases:
    try:
        r = subprocess.run([calib] + args, capture_output=True, text=True, timeout=20, cwd=work)
    except subprocess.TimeoutExpired:
        counts["hang"] += 1
        print("HANG", args)
        continue
    msg = r.stdout + r.stderr
    if r.returncode == 0:
        kind = "silent"
    elif r.returncode < 0 or r.returncode not in (1, 2):
        kind = "crash"
    elif r.returncode == 2 and token.lower() in msg.lower() and len(msg) < 2000:
        kind = "clean"
    else:
        kind = "misleading"
    counts[kind] += 1
    if kind != "clean":
        print(kind.upper(), args, "->", r.returncode, msg.strip()[:300].replace("\n", " | "))
print(f"tried {len(cases)}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))


# Inputs that are not regular files or are too large, and sweeps too large to list: one class per
# case. Each runs the CLI itself (it may need a FIFO, a sparse file or a signal) and says whether
# the outcome is the one promised: exit 2 naming the file and why, in bounded time; huge sweeps
# start at once with bounded memory.
class Case:
    timeout = 20

    def argv(self, work):
        raise NotImplementedError

    def judge(self, r, msg):
        return "clean" if r.returncode == 2 and self.token.lower() in msg.lower() and len(msg) < 2000 else "misleading"

    def run(self):
        try:
            r = subprocess.run([calib] + self.argv(work), capture_output=True, text=True, timeout=self.timeout, cwd=work)
        except subprocess.TimeoutExpired:
            return "hang", "no exit"
        msg = r.stdout + r.stderr
        if r.returncode < 0:
            return "crash", msg
        return ("silent" if r.returncode == 0 and self.token else self.judge(r, msg)), msg


class KnFitDataDevZero(Case):
    token = "/dev/zero"  # never ends: refused from its kind, before it is opened

    def argv(self, work):
        return ["kn-fit", "--data", "/dev/zero"]


class KnFitDataFifo(Case):
    token = "FIFO"  # opening a FIFO with no writer would block forever

    def argv(self, work):
        path = f"{work}/mem_fifo.csv"
        if not os.path.exists(path):
            os.mkfifo(path)
        return ["kn-fit", "--data", path]


class KnFitDataTooLarge(Case):
    token = "256 MiB"  # a sparse 300 MB file: refused from its size, nothing read

    def argv(self, work):
        path = f"{work}/mem_huge.csv"
        with open(path, "wb") as f:
            f.truncate(300 << 20)
        return ["kn-fit", "--data", path]


class SweepConfigDevZero(Case):
    token = "/dev/zero"

    def argv(self, work):
        return ["sweep", "--config", "/dev/zero", "--out", f"{work}/mem_o.csv"]


class StudyConfigFifo(Case):
    token = "FIFO"

    def argv(self, work):
        path = f"{work}/mem_fifo.toml"
        if not os.path.exists(path):
            os.mkfifo(path)
        return ["rms-table", "--config", path, "--out", f"{work}/mem_o"]


class StudyConfigTooLarge(Case):
    token = "16 MiB"

    def argv(self, work):
        path = f"{work}/mem_huge.toml"
        with open(path, "wb") as f:
            f.truncate(17 << 20)
        return ["rms-table", "--config", path, "--out", f"{work}/mem_o"]


class MergeShardDevZero(Case):
    token = "/dev/zero"

    def argv(self, work):
        return ["merge", "/dev/zero", "--out", f"{work}/mem_merged.csv"]


class HugeSweepShardStartsAtOnce(Case):
    # 10^8 points, shard 0 of 10^8 (one point): the row is out at once, nothing listed first.
    token = ""
    timeout = 10

    def argv(self, work):
        path = f"{work}/mem_1e8.toml"
        with open(path, "w") as f:
            f.write('kernel = "calibrate"\nmodel = "linear-damper"\n[solver]\nverify = false\n'
                    "[fixed]\nm = 1.0\nk = 1.0\nv = 1.0\n[space]\nn = { values = [1.5] }\n"
                    "e = { linspace = { from = 0.01, to = 1.0, count = 100000000 } }\n")
        return ["sweep", "--config", path, "--out", f"{work}/mem_1e8.csv", "--shard", "0/100000000", "--quiet"]

    def judge(self, r, msg):
        with open(f"{work}/mem_1e8.csv") as f:
            rows = f.read().splitlines()
        return "clean" if r.returncode == 0 and len(rows) == 2 and rows[1].startswith("0,0.01,1.5,") else "misleading"


# Result integrity: one writer per --out; checksummed partials, shards and
# result tables; sidecar errors that name their file. Each case prepares its files in argv().
import fcntl
import shutil
import signal
import time

integrity = f"{work}/integrity"
shutil.rmtree(integrity, ignore_errors=True)
os.makedirs(integrity)


def small_sweep_config(name, v):
    path = f"{integrity}/{name}.toml"
    with open(path, "w") as f:
        f.write(f'kernel = "calibrate"\nmodel = "linear-damper"\n[fixed]\nm = 2.0\nk = 1e7\nv = {v}\n'
                "[space]\nn = { linspace = { from = 1.0, to = 2.0, count = 4 } }\n"
                "e = { linspace = { from = 0.05, to = 0.99, count = 5000 } }\n")
    return path


def calib_ok(*args):
    subprocess.run([calib, *args], check=True, capture_output=True, timeout=60, cwd=work)


def edit_line(path, line, old, new):
    with open(path) as f:
        lines = f.readlines()
    assert old in lines[line - 1], (path, line, lines[line - 1])
    lines[line - 1] = lines[line - 1].replace(old, new)
    with open(path, "w") as f:
        f.writelines(lines)


class SecondWriterOnOneOut(Case):
    """Another run holds <out>.lock: refused at once, naming that run's pid."""
    token = f"pid {os.getpid()}"

    def argv(self, work):
        return ["sweep", "--quiet", "--config", small_sweep_config("lock", 0.3), "--out", f"{integrity}/locked.csv"]

    def run(self):
        with open(f"{integrity}/locked.csv.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            lock.write(f"{os.getpid()}\n")
            lock.flush()
            return super().run()


class EditedPartialRow(Case):
    """A value changed inside an interrupted sweep's .partial: resume names the rows."""
    token = "row 961 to 1024"

    def argv(self, work):
        out = f"{integrity}/partial.csv"
        config = f"{src}/tests/cli/data/resume_sweep.toml"
        run = subprocess.Popen([calib, "sweep", "--quiet", "--config", config, "--out", out], cwd=work,
                               stderr=subprocess.DEVNULL)
        time.sleep(0.4)
        run.send_signal(signal.SIGINT)
        run.wait(timeout=20)
        edit_line(out + ".partial", 1001, ",ok", ",ok2")  # data row 1000
        return ["sweep", "--quiet", "--resume", "--config", config, "--out", out]


def two_shards(name):
    config = small_sweep_config(name, 0.3)
    parts = [f"{integrity}/{name}{i}.csv" for i in range(2)]
    for i, p in enumerate(parts):
        calib_ok("sweep", "--quiet", "--shard", f"{i}/2", "--config", config, "--out", p)
    return parts


class ShardWithoutSidecar(Case):
    """merge of a shard whose .meta.json was deleted: refused, not merged unchecked."""
    token = "has no sidecar"

    def argv(self, work):
        parts = two_shards("nosidecar")
        os.remove(parts[1] + ".meta.json")
        return ["merge", "--out", f"{integrity}/nosidecar.csv"] + parts


class EditedShardValue(Case):
    """A value changed inside a shard: merge names the file and its block of rows."""
    token = "edited1.csv: row 65 to 128"

    def argv(self, work):
        parts = two_shards("edited")
        edit_line(parts[1], 71, ",ok", ",ok ")  # data row 70
        return ["merge", "--out", f"{integrity}/edited.csv"] + parts


def study_results(name):
    results = f"{integrity}/{name}/results"
    calib_ok("simulator-inputs", "--quiet", "--out", f"{results}/simulator_inputs")
    return results, f"{results}/simulator_inputs/simulator_inputs.csv"


class TruncatedReportInput(Case):
    """A result CSV cut to a third of its rows: report refuses it, naming the file."""
    token = "truncated"

    def argv(self, work):
        results, csv = study_results("cut")
        with open(csv) as f:
            text = f.read()
        with open(csv, "w") as f:  # at a row boundary: still a well-formed CSV
            f.write(text[: text.rfind("\n", 0, len(text) // 3) + 1])
        return ["report", "--no-plots", "--results", results, "--out", f"{integrity}/cut/report"]


class ChangedReportInput(Case):
    """One cell of a result CSV edited: report names the file and its rows."""
    token = "simulator_inputs.csv: row 1 to 64"

    def argv(self, work):
        results, csv = study_results("edit")
        edit_line(csv, 3, ",0.3,", ",0.4,")  # data row 2: the target e
        return ["report", "--no-plots", "--results", results, "--out", f"{integrity}/edit/report"]


class BrokenSidecar(Case):
    """A sidecar that is not JSON: the parse error names the file."""
    token = "simulator_inputs.csv.meta.json"

    def argv(self, work):
        results, csv = study_results("broken")
        with open(csv + ".meta.json", "w") as f:
            f.write('{"result": ')
        return ["report", "--no-plots", "--results", results, "--out", f"{integrity}/broken/report"]


# Once-silent inputs (exit 0 on nonsense or a wrong result): one class per case, run by the loop
# over Case subclasses below. Each states its arguments, the exit code it must give, the tokens
# its message must hold and the files it must not write (SilentCase.run).
class SilentCase:
    args = []          # calib arguments, run in this case's scratch folder; {src}: source tree
    code = 2           # 2: bad input (InputError), 1: failed computation (ComputeError)
    tokens = []        # each must appear in stdout + stderr
    absent = []        # must not appear (e.g. glog's preamble)
    files = {}         # name -> text, written into the case folder first
    forbidden = []     # paths (case-folder relative) that must not exist afterwards

    def run(self):  # in its own folder, so the arguments may name files relative to it
        import shutil
        folder = os.path.join(work, "case_" + type(self).__name__, "w")
        shutil.rmtree(os.path.dirname(folder), ignore_errors=True)
        os.makedirs(folder)
        for name, text in self.files.items():
            os.makedirs(os.path.dirname(os.path.join(folder, name)), exist_ok=True)
            with open(os.path.join(folder, name), "w") as f:
                f.write(text.replace("{src}", src))
        args = [a.replace("{src}", src) for a in self.args]
        try:
            r = subprocess.run([calib] + args, capture_output=True, text=True, timeout=60, cwd=folder)
        except subprocess.TimeoutExpired:
            return "hang", "no exit"
        msg = r.stdout + r.stderr
        problems = [] if r.returncode == self.code else [f"exit {r.returncode}, expected {self.code}"]
        problems += [f"no '{t}'" for t in self.tokens if t not in msg]
        problems += [f"has '{t}'" for t in self.absent if t in msg]
        problems += [f"wrote {p}" for p in self.forbidden if os.path.exists(os.path.join(folder, p))]
        return ("misleading" if problems else "clean"), "; ".join(problems) + " | " + msg


_sweep_file = "{src}/configs/effmass/np_example4_slider_crank.toml"


class StudyStemOutsideOut(SilentCase, Case):
    files = {"em.toml": f"[[sweep]]\nfile = '{_sweep_file}'\ncoordinate = 'crank.angle'\nfrom = 0\n"
                        "to = 90\ncount = 3\nstem = '../../x'\n"}
    args = ["effective-mass", "--quiet", "--config", "em.toml", "--out", "a/b"]
    tokens = ["stem", "'../../x'"]
    forbidden = ["x.csv", "a/b", "../x.csv"]


class CalibrateOverflowNull(SilentCase, Case):
    # m = v = 1e308 would overflow c = zeta m v/delta_m: refused first as out of a mass's range.
    args = ["calibrate", "--v", "1e308", "--m", "1e308", "--e", "0.5"]
    code = 2
    tokens = ["--m: '1e308' = 1e+308 kg is outside the accepted range of a mass"]
    absent = ["null"]


class RelTolNotHonoured(SilentCase, Case):
    args = ["calibrate", "--e", "0.5", "--rel-tol", "1e-30"]
    tokens = ["rel_tol must be in [1e-15, 1)", "1e-30"]


class PlotFormatBmp(SilentCase, Case):
    files = {"in/keep": ""}
    args = ["plot", "rms-table", "--in", "in", "--out", "figs", "--formats", "bmp"]
    tokens = ["--formats must be png or svg, got 'bmp'"]
    forbidden = ["figs"]


class RunAllMissingConfigs(SilentCase, Case):
    args = ["run-all", "--configs", "nowhere", "--out", "res"]
    tokens = ["--configs: folder not found: nowhere"]
    forbidden = ["res"]


class RunAllEmptyConfigs(SilentCase, Case):
    files = {"empty/unrelated.txt": "x"}
    args = ["run-all", "--configs", "empty", "--out", "res"]
    tokens = ["holds no study config"]
    forbidden = ["res"]


class RmsTableEmptyAxis(SilentCase, Case):
    files = {"rms.toml": "[table]\na = []\n"}
    args = ["rms-table", "--quiet", "--config", "rms.toml", "--out", "out"]
    tokens = ["table.a", "must list at least one entry"]
    forbidden = ["out"]


class CalibrateFixedExponent(SilentCase, Case):
    args = ["calibrate", "--model", "khulief-shabana", "--e", "0.5", "--n", "1.7"]
    tokens = ["model khulief-shabana is defined for n = 1 only, got n = 1.7"]


class ValidateCustomCatalogName(SilentCase, Case):
    files = {"v.toml": "[formulas]\nnames = ['hunt-crossley']\n[[custom]]\nname = 'gonthier'\nc = '1'\n"}
    args = ["validate", "--quiet", "--config", "v.toml", "--out", "out"]
    tokens = ["'gonthier' is a catalog model's name"]
    forbidden = ["out"]


class ValidateCustomNegativeDamping(SilentCase, Case):
    files = {"v.toml": "[formulas]\nnames = ['hunt-crossley']\n[[custom]]\nname = 'mine'\nc = '-1'\n"}
    args = ["validate", "--quiet", "--config", "v.toml", "--out", "out"]
    tokens = ["custom", "must give a finite damping >= 0", "it gives -1"]
    forbidden = ["out"]


class ShardTrailingText(SilentCase, Case):
    args = ["sweep", "--quiet", "--config", "{src}/configs/sweeps/copt_grid.toml", "--out", "s.csv", "--shard", "1/2x"]
    tokens = ["--shard must be i/N", "1/2x"]
    forbidden = ["s.csv"]


class OutEmpty(SilentCase, Case):
    args = ["rms-table", "--out", ""]
    tokens = ["--out", "must be a path, got an empty value"]
    forbidden = ["results"]


class SeedNegative(SilentCase, Case):
    files = {"v.toml": "[grid]\nseed = -1\n"}
    args = ["validate", "--quiet", "--config", "v.toml", "--out", "out"]
    tokens = ["grid.seed (random seed) must be >= 0, got -1"]
    forbidden = ["out"]


class KnFitNotMonotone(SilentCase, Case):
    # One neighbour pair where the force falls (noise): fitted, not refused.
    files = {"d.csv": "delta[mm],W[N/mm]\n0.01,63.1\n0.02,136\n0.03,210\n0.04,280\n0.05,275\n0.06,452\n"}
    args = ["kn-fit", "--data", "d.csv", "--robust", "huber", "--format", "json"]
    code = 0
    tokens = ['"K"', '"n"']


class KnFitLengthZero(SilentCase, Case):
    files = {"d.csv": "delta[mm],F[N]\n0.01,63\n0.02,136\n0.03,210\n"}
    args = ["kn-fit", "--data", "d.csv", "--length", "0"]
    tokens = ["--length: '0' = 0 m is outside the accepted range of a length"]
    absent = ["inf"]


class KnFitLengthNegative(SilentCase, Case):
    files = {"d.csv": "delta[mm],W[N/mm]\n0.01,63\n0.02,136\n0.03,210\n"}
    args = ["kn-fit", "--data", "d.csv", "--length", "-5mm"]
    tokens = ["--length: '-5mm' = -0.005 m is outside the accepted range of a length"]


class KnFitHugeRow(SilentCase, Case):
    files = {"d.csv": "delta[mm],W[N/mm]\n0.01,63\n0.02,1e300\n0.03,210\n"}
    args = ["kn-fit", "--data", "d.csv"]
    tokens = ["d.csv:3:", "W[N/mm] = 1e+300", "line load above"]
    absent = ["InitGoogleLogging", "Ceres"]


class StiffFrictionSpendsTheBudget(SilentCase, Case):
    files = {"stiff.toml": open(f"{src}/configs/systems/slider_crank_clearance.toml").read().replace(
        "n = 1.5\n", "n = 1.5\nfriction = 10\n", 1)}
    args = ["simulate", "--system", "stiff.toml", "--t-end", "0.002", "--max-steps", "2000", "--out", "o"]
    code = 1
    tokens = ["max_steps = 2000", "contact 'joint-B'", "o.partial"]
    forbidden = ["o/series.csv", "o/impacts.csv"]


class KnFitNegativeRow(SilentCase, Case):
    files = {"d.csv": "delta[mm],W[N/mm]\n0.01,63\n0.02,136\n0.03,-210\n"}
    args = ["kn-fit", "--data", "d.csv"]
    tokens = ["d.csv:4:", "W[N/mm] = -210", "the force must be finite and > 0"]


# fit-impact reads only what it understands: an unknown, repeated or mixed column is refused
# naming it; a header in another unit of its quantity is read and converted.
_curve = ["--law", "tsuji", "--m", "0.01", "--K", "1e9"]


class FitImpactUnknownColumn(SilentCase, Case):
    files = {"d.csv": "v_in[m/s],e[-],sigma[-]\n1,0.9,0.01\n2,0.8,0.01\n"}
    args = ["fit-impact", "--data", "d.csv"] + _curve
    tokens = ["unknown column 'sigma[-]'", "sigma_e[-]"]


class FitImpactRepeatedColumn(SilentCase, Case):
    files = {"d.csv": "v_in[m/s],e[-],e[-]\n1,0.9,0.9\n2,0.8,0.7\n"}
    args = ["fit-impact", "--data", "d.csv"] + _curve
    tokens = ["column 'e' appears twice"]


class FitImpactMixedColumns(SilentCase, Case):
    files = {"d.csv": "v_in[m/s],e[-],t[s],F[N]\n1,0.9,0,1\n2,0.8,1e-6,2\n"}
    args = ["fit-impact", "--data", "d.csv"] + _curve
    tokens = ["mixes an impact record's column 't[s]' with a restitution curve's column"]


class FitImpactWrongDimension(SilentCase, Case):
    files = {"d.csv": "v_in[kg],e[-]\n1,0.9\n2,0.8\n"}
    args = ["fit-impact", "--data", "d.csv"] + _curve
    tokens = ["column 'v_in[kg]'", "not an impact speed"]


class FitImpactSpeedInCentimetres(SilentCase, Case):
    files = {"d.csv": "v_in[cm/s],e[1],sigma_e[1]\n10,0.8,0.01\n100,0.81,0.01\n400,0.79,0.01\n"}
    args = ["fit-impact", "--data", "d.csv", "--format", "json"] + _curve
    code = 0
    tokens = ['"v_in": 0.1', '"residual": "sigma_e"']


def _record_in_ms():
    """The shipped tsuji record with its times written in ms."""
    lines = [l for l in open(f"{src}/datasets/samples/impact_record_tsuji.csv") if not l.startswith("#")]
    rows = [l.split(",", 1) for l in lines[1:]]
    return lines[0].replace("t[s]", "t[ms]") + "".join(f"{float(t) * 1e3!r},{rest}" for t, rest in rows)


class FitImpactRecordTimesInMilliseconds(SilentCase, Case):
    files = {"r.csv": _record_in_ms()}
    args = ["fit-impact", "--data", "r.csv", "--law", "tsuji", "--v", "1", "--m", "0.01", "--format", "json"]
    code = 0
    tokens = ['"data_kind": "impact-record"']


class FitImpactRecordWithoutContact(SilentCase, Case):
    files = {"r.csv": "t[s],F[N]\n0,0\n1e-6,0\n2e-6,-0.1\n3e-6,0\n"}
    args = ["fit-impact", "--data", "r.csv", "--law", "tsuji", "--v", "1", "--m", "0.01"]
    tokens = ["impact record: no contact"]
    absent = ["nan", "K must"]


class FitImpactHugeSpeedRow(SilentCase, Case):
    files = {"d.csv": "v_in[m/s],e[-]\n1,0.9\n1e300,0.8\n"}
    args = ["fit-impact", "--data", "d.csv"] + _curve
    tokens = ["row 3: v_in = 1e+300 m/s is outside the accepted range of an impact speed"]


class FitImpactHugeStiffness(SilentCase, Case):
    args = ["fit-impact", "--data", "{src}/datasets/samples/restitution_tsuji.csv", "--law", "tsuji",
            "--m", "0.01", "--K", "1e300"]
    tokens = ["--K: '1e300'", "contact stiffness"]


# Large fit inputs: a fit of 200,000 points runs for minutes; it shows progress (--progress) and
# SIGINT ends it with exit 130 and a message, writing nothing.
class FitImpactLargeInterrupted(Case):
    token = "interrupted: fit-impact stopped"

    def argv(self, work):
        path = f"{work}/large_curve.csv"
        with open(path, "w") as f:
            f.write("v_in[m/s],e[-]\n")
            f.writelines(f"{0.05 * 100 ** (i / 199999)},{0.8 - 0.1 * i / 199999}\n" for i in range(200000))
        return ["fit-impact", "--data", path, "--law", "all", "--m", "0.01", "--K", "1e9", "--progress",
                "--out", f"{work}/large_out"]

    def run(self):
        run = subprocess.Popen([calib] + self.argv(work), cwd=work, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
        time.sleep(1.5)
        run.send_signal(signal.SIGINT)
        try:
            out, err = run.communicate(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            run.kill()
            return "hang", "no exit after SIGINT"
        msg = out + err
        written = os.path.exists(f"{work}/large_out/fit_impact.json")
        return ("clean" if run.returncode == 130 and self.token in msg and not written
                else "misleading"), msg

# A result is one transaction (outputs issue): an input inside an output is refused before
# anything is written; every writing command holds its output's lock; a writer killed (SIGKILL)
# between any two of its renames leaves the previous result or the new one.
_tsuji = open(f"{src}/datasets/samples/restitution_tsuji.csv").read()
_ball = open(ball).read()
_sweep_small = ('kernel = "calibrate"\nmodel = "linear-damper"\n[fixed]\nm = 2.0\nk = 1e7\nv = 0.3\n'
                "[space]\nn = { values = [1.5] }\ne = { linspace = { from = 0.1, to = 0.9, count = 9 } }\n")
_fit = ["--law", "tsuji", "--m", "0.01", "--K", "1e9"]


class FitImpactDataInsideOut(SilentCase, Case):
    files = {"D/fit_impact_points.csv": _tsuji}
    args = ["fit-impact", "--data", "D/fit_impact_points.csv", *_fit, "--out", "D"]
    tokens = ["output folder D holds the input D/fit_impact_points.csv"]
    forbidden = ["D/fit_impact.json", "D/fit_impact_points.csv.meta.json"]


class SimulateSystemInsideOut(SilentCase, Case):
    files = {"D/series.csv": _ball}
    args = ["simulate", "--system", "D/series.csv", "--out", "D"]
    tokens = ["output folder D holds the input D/series.csv"]
    forbidden = ["D/impacts.csv", "D/series.csv.meta.json"]


class StudyConfigInsideOut(SilentCase, Case):
    files = {"D/rms_table.csv": "# an rms-table config, named as its result\n"}
    args = ["rms-table", "--quiet", "--config", "D/rms_table.csv", "--out", "D"]
    tokens = ["output folder D holds the input D/rms_table.csv"]
    forbidden = ["D/rms_table.csv.meta.json", "D/optimum.json"]


class SweepConfigIsTheOutputsSidecar(SilentCase, Case):
    files = {"X.csv.meta.json": _sweep_small}
    args = ["sweep", "--quiet", "--config", "X.csv.meta.json", "--out", "X.csv"]
    tokens = ["output X.csv would replace X.csv.meta.json, the input X.csv.meta.json"]
    forbidden = ["X.csv"]


class MergeSbatchIntoAShardsSidecar(Case):
    """merge.sbatch N OUT OUT/part_0.csv.meta.json: the merged file would replace a shard's sidecar."""
    token = "the sidecar of the input"

    def run(self):
        folder = f"{work}/case_merge_sidecar"
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        with open(f"{folder}/s.toml", "w") as f:
            f.write(_sweep_small)
        for i in range(2):
            calib_ok("sweep", "--quiet", "--shard", f"{i}/2", "--config", f"{folder}/s.toml", "--out", f"{folder}/part_{i}.csv")
        sidecar = f"{folder}/part_0.csv.meta.json"
        before = open(sidecar).read()
        r = subprocess.run(["bash", f"{src}/tools/slurm/merge.sbatch", "2", folder, sidecar], capture_output=True,
                           text=True, timeout=60, env={**os.environ, "CALIB": calib})
        msg = r.stdout + r.stderr
        ok = r.returncode == 2 and self.token in msg and open(sidecar).read() == before
        return ("clean" if ok else "misleading"), msg


def held_lock(lock_path):
    """Holds `lock_path` as a running calib would (flock, its pid inside); returns the open file."""
    f = open(lock_path, "w")
    fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    f.write(f"{os.getpid()}\n")
    f.flush()
    return f


class HeldOutputs(Case):
    """Every writing command, its output's lock held by another run: exit 2 naming that run, and
    nothing written (the output not created)."""

    def run(self):
        folder = f"{work}/case_held_outputs"
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(f"{folder}/cfgs")
        shutil.copy(f"{src}/configs/rms_table.toml", f"{folder}/cfgs/rms_table.toml")
        with open(f"{folder}/d.csv", "w") as f:
            f.write("delta[mm],W[N/mm]\n0.01,63.1\n0.02,136\n0.03,210\n0.04,280\n0.06,452\n")
        calib_ok("rms-table", "--quiet", "--out", f"{folder}/R/rms_table")
        writers = [
            ("out", ["simulate", "--system", ball, "--out", "out"]),
            ("out", ["fit-impact", "--data", f"{src}/datasets/samples/restitution_tsuji.csv", *_fit, "--out", "out"]),
            ("out", ["rms-table", "--quiet", "--out", "out"]),
            ("out", ["run-all", "--configs", "cfgs", "--out", "out"]),
            ("out", ["report", "--no-plots", "--results", "R", "--out", "out"]),
            ("out", ["plot", "rms-table", "--in", "R/rms_table", "--out", "out"]),
            ("out.csv", ["kn-fit", "--data", "d.csv", "--curve", "out.csv"]),
            ("out.csv", ["effective-mass", "--system", system, "--sweep", "crank.angle=0:90:3", "--out", "out.csv"]),
        ]
        problems = []
        for out, args in writers:
            with held_lock(f"{folder}/{out}.lock"):
                r = subprocess.run([calib] + args, capture_output=True, text=True, timeout=60, cwd=folder)
            msg = r.stdout + r.stderr
            if r.returncode != 2 or f"being written by another calib run (pid {os.getpid()}" not in msg:
                problems.append(f"{args[0]}: exit {r.returncode}: {msg.strip()[:200]}")
            elif os.path.exists(f"{folder}/{out}"):
                problems.append(f"{args[0]}: wrote {out} although refused")
                shutil.rmtree(f"{folder}/{out}", ignore_errors=True)
            os.remove(f"{folder}/{out}.lock")
        return ("misleading" if problems else "clean"), "; ".join(problems)


def folder_digest(path):
    """{relative path: sha256} of a result folder (or one file and its sidecar), sidecars without
    the fields two runs of one build differ in (tools/results_digest.py's rule)."""
    import hashlib
    import json
    files = [path] if os.path.isfile(path) else [os.path.join(d, n) for d, _, ns in os.walk(path) for n in ns]
    if os.path.isfile(path) and os.path.exists(path + ".meta.json"):
        files.append(path + ".meta.json")
    out = {}
    for f in files:
        data = open(f, "rb").read()
        if f.endswith(".meta.json"):
            meta = json.loads(data)
            for key in ("started_utc", "wall_seconds", "git_revision"):
                meta.pop(key, None)
            data = json.dumps(meta, sort_keys=True).encode()
        out[os.path.relpath(f, os.path.dirname(path) if os.path.isfile(path) else path)] = hashlib.sha256(data).hexdigest()
    return out


def strace_works():
    return shutil.which("strace") and subprocess.run(["strace", "-o", "/dev/null", "true"], capture_output=True).returncode == 0


_renames = "rename,renameat,renameat2"


class KilledBetweenRenames(Case):
    """Each writer replaces a previous result and is killed (SIGKILL, injected by strace) at its
    1st, 2nd, ... rename: the output is then the previous result or the new one, as a reader
    sees it (a folder's files; a sweep CSV through `calib merge`, which verifies it), and the
    next run on it publishes the new one. Skipped (reported) where strace cannot trace."""

    def run(self):
        if not strace_works():
            return "skipped", "strace is not installed or cannot trace here"
        root = f"{work}/case_killed"
        shutil.rmtree(root, ignore_errors=True)
        os.makedirs(root)
        with open(f"{root}/s.toml", "w") as f:
            f.write(_sweep_small)
        with open(f"{root}/s2.toml", "w") as f:
            f.write(_sweep_small.replace("v = 0.3", "v = 0.7"))
        tsuji = f"{src}/datasets/samples/restitution_tsuji.csv"
        writers = [  # (output, previous run's arguments, new run's arguments)
            ("sim", ["simulate", "--system", ball, "--e", "0.5", "--out"], ["simulate", "--system", ball, "--e", "0.8", "--out"]),
            ("fit", ["fit-impact", "--data", tsuji, *_fit, "--out"], ["fit-impact", "--data", tsuji, *_fit[:4], "--K", "2e9", "--out"]),
            ("sw.csv", ["sweep", "--quiet", "--config", "s.toml", "--out"], ["sweep", "--quiet", "--config", "s2.toml", "--out"]),
        ]
        problems = []
        for out, old_args, new_args in writers:
            problems += self.check(root, out, old_args, new_args)
        return ("misleading" if problems else "clean"), "; ".join(problems)

    def view(self, root, out):
        """What a reader sees: a folder's files, or the CSV that `calib merge` verifies and copies."""
        if out.endswith(".csv"):
            r = subprocess.run([calib, "merge", "--out", f"{root}/view.csv", f"{root}/{out}"], capture_output=True,
                               text=True, timeout=60, cwd=root)
            return open(f"{root}/view.csv").read() if r.returncode == 0 else f"refused: {r.stderr.strip()}"
        return folder_digest(f"{root}/{out}")

    def reset(self, root, out, pristine):
        """The output as the previous run left it (and no stage, lock or pending file of another)."""
        for name in os.listdir(root):
            if name == out or name.startswith(out + ".") or name.startswith("." + out + "."):
                (shutil.rmtree if os.path.isdir(f"{root}/{name}") else os.remove)(f"{root}/{name}")
        for name in os.listdir(pristine):
            (shutil.copytree if os.path.isdir(f"{pristine}/{name}") else shutil.copy2)(f"{pristine}/{name}", f"{root}/{name}")

    def check(self, root, out, old_args, new_args):
        pristine = f"{root}/pristine_{out}"
        subprocess.run([calib] + new_args + [out], capture_output=True, timeout=60, cwd=root, check=True)
        new = self.view(root, out)
        subprocess.run([calib] + old_args + [out], capture_output=True, timeout=60, cwd=root, check=True)
        old = self.view(root, out)
        os.makedirs(pristine)
        for name in [out, out + ".meta.json"]:
            if os.path.exists(f"{root}/{name}"):
                (shutil.copytree if os.path.isdir(f"{root}/{name}") else shutil.copy2)(f"{root}/{name}", f"{pristine}/{name}")
        log = f"{root}/renames.log"
        subprocess.run(["strace", "-f", "-qq", "-o", log, "-e", f"trace={_renames}", calib] + new_args + [out],
                       capture_output=True, timeout=60, cwd=root, check=True)
        # The renames in order, by system call (strace counts each call's invocations apart).
        calls = [line.split()[1].split("(")[0] for line in open(log) if "rename" in line]
        count = len(calls)
        problems = [] if old != new and count >= 2 else [f"{out}: the two runs differ in nothing, or {count} renames"]
        for k in range(1, count + 1):
            self.reset(root, out, pristine)
            nth = calls[:k].count(calls[k - 1])
            r = subprocess.run(["strace", "-f", "-qq", "-o", "/dev/null", "-e", f"trace={_renames}", "-e",
                                f"inject={calls[k - 1]}:error=EIO:signal=SIGKILL:when={nth}", calib] + new_args + [out],
                               capture_output=True, timeout=60, cwd=root)
            seen = self.view(root, out)
            if r.returncode == 0:
                problems.append(f"{out}: not killed at rename {k}")
            elif seen != old and seen != new:
                problems.append(f"{out}: killed at rename {k} of {count}: a mix of two runs ({str(seen)[:200]})")
            rerun = subprocess.run([calib] + new_args + [out], capture_output=True, text=True, timeout=60, cwd=root)
            if rerun.returncode != 0 or self.view(root, out) != new:
                problems.append(f"{out}: the run after the kill at rename {k}: exit {rerun.returncode} {rerun.stderr.strip()[:200]}")
        return problems


for case in Case.__subclasses__():
    kind, msg = case().run()
    counts[kind] += 1
    if kind != "clean":
        print(kind.upper(), case.__name__, "->", msg.strip()[:600].replace("\n", " | "))
print(f"memory and file-kind cases: {len(Case.__subclasses__())}; total now " + ", ".join(f"{k} {v}" for k, v in counts.items()))
sys.exit(0 if counts["clean"] + counts["skipped"] == len(cases) + len(Case.__subclasses__()) else 1)
