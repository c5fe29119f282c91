#!/usr/bin/env python3
"""Every file a writing command writes has its sidecar (docs/outputs.md, "How results are written").

Runs each writing command on a small input into a fresh folder, lists every file it wrote, and
fails on a file without `<file>.meta.json`, on a sidecar that names another file or another
command, and on a sidecar whose row count is not the file's: the count is recomputed here from
the file's bytes (every line after the first, a last line without '\\n' included), independently
of the library's XXH3 digest. It also fails on a stage, pending sidecar or lock left behind.
Usage: every_output_has_a_sidecar.py CALIB SOURCE_DIR WORK_DIR
"""
import json
import os
import shutil
import subprocess
import sys

calib, src, work = sys.argv[1], sys.argv[2], sys.argv[3]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(f"{work}/cfgs")
shutil.copy(f"{src}/configs/rms_table.toml", f"{work}/cfgs/rms_table.toml")
with open(f"{work}/sweep.toml", "w") as f:
    f.write('kernel = "calibrate"\nmodel = "linear-damper"\n[fixed]\nm = 2.0\nk = 1e7\nv = 0.3\n'
            "[space]\nn = { values = [1.5] }\ne = { linspace = { from = 0.1, to = 0.9, count = 70 } }\n")
samples = f"{src}/datasets/samples"
fit = ["--m", "0.01", "--K", "1e9"]
gnuplot = shutil.which("gnuplot") is not None

# (tool recorded in the sidecars, arguments, outputs written: folders or files)
commands = [
    ("calib simulate", ["simulate", "--system", f"{src}/configs/systems/bouncing_ball.toml", "--out", "sim"], ["sim"]),
    ("calib fit-impact", ["fit-impact", "--data", f"{samples}/restitution_tsuji.csv", "--law", "tsuji", *fit,
                          "--out", "fit_curve"], ["fit_curve"]),
    ("calib fit-impact", ["fit-impact", "--data", f"{samples}/impact_record_tsuji.csv", "--law", "tsuji",
                          "--m", "0.01", "--v", "1", "--out", "fit_record"], ["fit_record"]),
    ("calib kn-fit", ["kn-fit", "--data", f"{samples}/kn_synthetic_measurement.csv", "--curve", "kn_data.csv"],
     ["kn_data.csv"]),
    ("calib kn-fit", ["kn-fit", "--model", "johnson", "--material", "steel", "--dR", "5mm", "--curve", "kn_model.csv"],
     ["kn_model.csv"]),
    ("calib effective-mass", ["effective-mass", "--system", f"{src}/configs/effmass/np_example4_slider_crank.toml",
                              "--sweep", "crank.angle=0:90:5", "--out", "em.csv"], ["em.csv"]),
    ("calib sweep", ["sweep", "--quiet", "--config", "sweep.toml", "--out", "sweep.csv"], ["sweep.csv"]),
    ("calib sweep", ["sweep", "--quiet", "--config", "sweep.toml", "--shard", "0/2", "--out", "part_0.csv"], ["part_0.csv"]),
    ("calib sweep", ["sweep", "--quiet", "--config", "sweep.toml", "--shard", "1/2", "--out", "part_1.csv"], ["part_1.csv"]),
    ("calib merge", ["merge", "--out", "merged.csv", "part_0.csv", "part_1.csv"], ["merged.csv"]),
    ("calib rms-table", ["rms-table", "--quiet", "--out", "results/rms_table"], ["results/rms_table"]),
    ("calib simulator-inputs", ["simulator-inputs", "--quiet", "--out", "results/simulator_inputs"],
     ["results/simulator_inputs"]),
    ("calib rms-table", ["run-all", "--configs", "cfgs", "--out", "all"], ["all"]),
    ("calib report", ["report", "--results", "results", "--out", "report"] + ([] if gnuplot else ["--no-plots"]),
     ["report"]),
]
if gnuplot:
    commands.append(("calib plot", ["plot", "rms-table", "--in", "results/rms_table", "--out", "figures"], ["figures"]))


def data_rows(path):
    """Lines after the first, as the sidecar counts them (a last line without '\\n' counts)."""
    with open(path, "rb") as f:
        data = f.read()
    rest = data[data.find(b"\n") + 1:] if b"\n" in data else b""
    return rest.count(b"\n") + (1 if rest and not rest.endswith(b"\n") else 0)


def files_under(path):
    if os.path.isfile(path):
        return [path] + ([path + ".meta.json"] if os.path.exists(path + ".meta.json") else [])
    return [os.path.join(d, n) for d, _, names in os.walk(path) for n in names]


problems, checked = [], 0
for tool, args, outputs in commands:
    r = subprocess.run([calib] + args, capture_output=True, text=True, timeout=300, cwd=work)
    if r.returncode != 0:
        problems.append(f"{' '.join(args[:2])}: exit {r.returncode}: {r.stderr.strip()[:300]}")
        continue
    for out in outputs:
        for path in files_under(os.path.join(work, out)):
            name = os.path.basename(path)
            if name.endswith(".meta.json"):
                if not os.path.exists(path[: -len(".meta.json")]):
                    problems.append(f"{path}: a sidecar without its file")
                continue
            checked += 1
            sidecar = path + ".meta.json"
            if not os.path.exists(sidecar):
                problems.append(f"{path}: no sidecar (written by calib {args[0]})")
                continue
            meta = json.load(open(sidecar))
            # run-all records each study's own command; every other file its writer's.
            expected_tool = f"calib {args[0]}" if args[0] not in ("run-all",) else tool
            if meta.get("result") != name or meta.get("tool") != expected_tool:
                problems.append(f"{sidecar}: result {meta.get('result')!r}, tool {meta.get('tool')!r}; "
                                f"expected {name!r}, {expected_tool!r}")
            if meta.get("table", {}).get("rows") != data_rows(path):
                problems.append(f"{sidecar}: records {meta.get('table', {}).get('rows')} rows, the file has "
                                f"{data_rows(path)}")
            for key in ("config", "tolerances", "libcalib_version", "started_utc"):
                if key not in meta:
                    problems.append(f"{sidecar}: no {key}")

leftovers = [os.path.join(d, n) for d, dirs, names in os.walk(work) for n in names + dirs
             if ".calib-stage." in n or n.endswith(".pending") or n.endswith(".lock")]
problems += [f"{p}: left behind" for p in leftovers]
for p in problems:
    print("PROBLEM", p)
print(f"{len(commands)} commands, {checked} files checked, {len(problems)} problems")
sys.exit(1 if problems or checked == 0 else 0)
