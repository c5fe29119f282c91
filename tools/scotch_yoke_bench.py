#!/usr/bin/env python3
"""PINSLOT §4 bench: the Scotch yoke with a circular guide run with the five K–n models of
Table 11, and the data of the paper's Figs. 11–16 over the second crank revolution.

    tools/scotch_yoke_bench.py --calib build/bin/calib --out OUT [--system FILE]

For each model the system file's `kn_model = "johnson"` is replaced by the model's name and the
file is run by `calib simulate --out`. Written into OUT:
  <model>/series.csv, <model>/impacts.csv   calib simulate's own tables;
  second_revolution.csv   per model and output instant of the second revolution: relative crank
                          angle [deg], contact force, penetration, slider x, vx, ax (Figs. 11–14, 16);
  hysteresis.csv          force against penetration over the first contact of the second
                          revolution that ends (Fig. 15);
  statements.json         the paper's statements measured (docs/systems.md says how).
The slider's acceleration is the central difference of its velocity on the output grid.
"""
import argparse
import csv
import json
import math
import pathlib
import subprocess

from scotch_yoke_statements import measure

MODELS = ["radzimovsky", "johnson", "goldsmith", "esdu-78035", "lankarani-nikravesh"]
OMEGA = 24.0 * math.pi  # PINSLOT Table 10: crank speed [rad/s]
REVOLUTION = 2.0 * math.pi / OMEGA  # [s]


def run_model(calib, system_text, model, out):
    folder = out / model
    folder.mkdir(parents=True, exist_ok=True)
    system = out / f"scotch_yoke_{model}.toml"
    system.write_text(system_text.replace('kn_model = "johnson"', f'kn_model = "{model}"'))
    subprocess.run([calib, "simulate", "--system", str(system), "--out", str(folder)],
                   check=True, stdout=subprocess.DEVNULL)
    laws = json.loads(subprocess.run([calib, "simulate", "--system", str(system), "--format",
                                      "json", "--t-end", "1e-6"], check=True,
                                     capture_output=True, text=True).stdout)
    with open(folder / "series.csv") as f:
        rows = [{k: float(v) for k, v in r.items()} for r in csv.DictReader(f)]
    with open(folder / "impacts.csv") as f:
        impacts = list(csv.DictReader(f))
    return rows, impacts, laws.get("laws")


def second_revolution(rows):
    """Rows of the second revolution with the relative crank angle and the slider acceleration."""
    out = []
    for i in range(1, len(rows) - 1):
        t = rows[i]["t[s]"]
        if t < REVOLUTION or t > 2.0 * REVOLUTION:
            continue
        dt = rows[i + 1]["t[s]"] - rows[i - 1]["t[s]"]
        out.append({
            "angle_deg": math.degrees(OMEGA * (t - REVOLUTION)),
            "t_s": t,
            "force_N": rows[i]["slot.force[N]"],
            "delta_m": rows[i]["slot.delta[m]"],
            "slider_x_m": rows[i]["slider.x[m]"],
            "slider_vx_m_s": rows[i]["slider.vx[m/s]"],
            "slider_ax_m_s2": (rows[i + 1]["slider.vx[m/s]"] - rows[i - 1]["slider.vx[m/s]"]) / dt,
        })
    return out


def hysteresis(rows, impacts):
    """(penetration, force) over the first contact that starts and ends in the second revolution."""
    for imp in impacts:
        t0, t1 = float(imp["t_start[s]"]), imp["t_end[s]"]
        if t0 >= REVOLUTION and t1 and float(t1) <= 2.0 * REVOLUTION:
            return [(r["slot.delta[m]"], r["slot.force[N]"]) for r in rows
                    if t0 <= r["t[s]"] <= float(t1)]
    return []


def angle_of(t):
    return math.degrees(OMEGA * (t - REVOLUTION))


def free_intervals(rev):
    """Angle intervals [a, b] of the second revolution with no contact force."""
    spans, start = [], None
    for r in rev:
        if r["force_N"] == 0.0 and start is None:
            start = r["angle_deg"]
        elif r["force_N"] != 0.0 and start is not None:
            spans.append([start, r["angle_deg"]])
            start = None
    if start is not None:
        spans.append([start, rev[-1]["angle_deg"]])
    return spans


def detachments(impacts, a0, a1):
    """Contact ends (pin leaves the slot's wall) at relative angles in [a0, a1] of revolution 2."""
    ends = [angle_of(float(i["t_end[s]"])) for i in impacts if i["t_end[s]"]]
    return [a for a in ends if a0 <= a <= a1]


def write_tables(out, revs, loops):
    with open(out / "second_revolution.csv", "w", newline="") as f:
        w = csv.writer(f)
        keys = list(next(iter(revs.values()))[0].keys())
        w.writerow(["model"] + keys)
        for model, rev in revs.items():
            for r in rev:
                w.writerow([model] + [r[k] for k in keys])
    with open(out / "hysteresis.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["model", "delta_m", "force_N"])
        for model, loop in loops.items():
            for d, fn in loop:
                w.writerow([model, d, fn])


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--calib", required=True)
    p.add_argument("--system", default="configs/systems/scotch_yoke.toml")
    p.add_argument("--out", required=True)
    p.add_argument("--models", nargs="*", default=MODELS)
    a = p.parse_args()
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    text = pathlib.Path(a.system).read_text()
    revs, loops, measured = {}, {}, {}
    for model in a.models:
        rows, impacts, laws = run_model(a.calib, text, model, out)
        rev = second_revolution(rows)
        revs[model], loops[model] = rev, hysteresis(rows, impacts)
        measured[model] = {"laws": laws, "rows": rev, "impacts": impacts}
    write_tables(out, revs, loops)
    text = json.dumps(measure(measured), indent=2)
    (out / "statements.json").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
