"""PINSLOT §4's statements on the Scotch-yoke bench, measured on the second crank revolution
(tools/scotch_yoke_bench.py; docs/systems.md states each measure and its threshold).

`measured[model]` holds `rows` (second_revolution rows), `impacts` (impacts.csv rows) and `laws`
(calib simulate --format json's per-region k [N/m^n] and n).
"""
import math

OMEGA = 24.0 * math.pi
REVOLUTION = 2.0 * math.pi / OMEGA
NON_LN = ["radzimovsky", "johnson", "goldsmith", "esdu-78035"]


def angle(t):
    return math.degrees(OMEGA * (t - REVOLUTION))


def contacts_in_revolution(impacts):
    """(start angle, end angle or None, region) of the contacts that touch revolution 2."""
    out = []
    for i in impacts:
        a0 = angle(float(i["t_start[s]"]))
        a1 = angle(float(i["t_end[s]"])) if i["t_end[s]"] not in ("", "nan") else None
        if (a1 is None or a1 >= 0.0) and a0 <= 360.0:
            out.append((a0, a1, i["region"]))
    return out


def track_changes(impacts):
    """Free flights from one track to the other: [end angle, next start angle] in revolution 2."""
    c = contacts_in_revolution(impacts)
    return [[round(a[1], 1), round(b[0], 1)] for a, b in zip(c, c[1:])
            if a[2] != b[2] and a[1] is not None and 0.0 <= b[0] <= 360.0]


def statement_zero_force_near_100(measured):
    changes = {m: track_changes(v["impacts"]) for m, v in measured.items()}
    near = {m: any(a <= 120.0 and b >= 80.0 for a, b in spans) for m, spans in changes.items()}
    zero_at_100 = {m: min(v["rows"], key=lambda r: abs(r["angle_deg"] - 100.0))["force_N"] == 0.0
                   for m, v in measured.items()}
    return {"holds": all(near.values()),
            "measure": "separations from one track to the other (free flights [deg]) overlapping "
                       "80-120 deg, every model",
            "track_changes_deg": changes, "force_zero_at_100_deg": zero_at_100}


def longest_contact(impacts):
    spans = [(a1 - a0, a0, a1) for a0, a1, _ in contacts_in_revolution(impacts) if a1 is not None]
    return max(spans)[1:]


def statement_continuous_force(measured):
    """Force spread between models where every model is in its longest contact of revolution 2."""
    windows = {m: longest_contact(v["impacts"]) for m, v in measured.items()}
    lo = max(max(w[0], 0.0) for w in windows.values())
    hi = min(min(w[1], 360.0) for w in windows.values())
    if hi <= lo:
        return {"holds": False, "windows_deg": windows,
                "measure": "the models' longest contacts do not overlap"}
    forces = [[r["force_N"] for r in v["rows"] if lo <= r["angle_deg"] <= hi]
              for v in measured.values()]
    n = min(len(f) for f in forces)
    spread = max(max(f[i] for f in forces) - min(f[i] for f in forces) for i in range(n))
    peak = max(max(f[:n]) for f in forces)
    means = {m: sum(f[:n]) / n for m, f in zip(measured, forces)}
    return {"holds": spread <= 0.1 * peak, "window_deg": [round(lo, 1), round(hi, 1)],
            "mean_force_N": means,
            "windows_deg": {m: [round(a, 1), round(b, 1)] for m, (a, b) in windows.items()},
            "max_spread_N": spread, "max_force_N": peak, "relative_spread": spread / peak,
            "measure": "max over the common window of (max - min force over the models) <= 10 % "
                       "of the largest force there"}


def statement_goldsmith_only_detaching(measured):
    counts = {m: sum(1 for _, a1, _ in contacts_in_revolution(v["impacts"])
                     if a1 is not None and 120.0 <= a1 <= 300.0) for m, v in measured.items()}
    others = [c for m, c in counts.items() if m != "goldsmith"]
    return {"holds": counts.get("goldsmith", 0) > 0 and not any(others),
            "measure": "contact ends (pin leaves the wall) at 120-300 deg of revolution 2",
            "detachments": counts}


def track_k_n_per_mm(laws):
    """The inner track's K in N/mm^n (Table 11's unit with L = 1 mm)."""
    inner = next(l for l in laws if l["region"].endswith("inner"))
    return inner["k"] * 1e-3 ** inner["n"]


def statement_stiffer_higher_impacts(measured):
    models = [m for m in NON_LN if m in measured]
    k = {m: track_k_n_per_mm(measured[m]["laws"]) for m in models}
    amp = {m: max(r["force_N"] for r in measured[m]["rows"] if r["angle_deg"] <= 100.0)
           for m in models}
    by_k = sorted(models, key=k.get)
    by_amp = sorted(models, key=amp.get)
    return {"holds": by_k == by_amp, "K_inner_N_per_mm_n": k, "max_force_0_100_deg_N": amp,
            "order_by_K": by_k, "order_by_force": by_amp,
            "measure": "the four models other than Lankarani-Nikravesh ordered by K equal the "
                       "order by their largest force at 0-100 deg"}


def measure(measured):
    return {"zero_force_near_100_deg": statement_zero_force_near_100(measured),
            "continuous_contact_force_model_independent": statement_continuous_force(measured),
            "goldsmith_only_detaching_120_300_deg": statement_goldsmith_only_detaching(measured),
            "higher_K_higher_impact_force": statement_stiffer_higher_impacts(measured)}
