"""libcalib for Python: calibration of continuous contact-force models.

The same library as the `calib` CLI, in its vocabulary and SI units. Every numeric argument takes
a scalar or a numpy array; arrays broadcast against each other, run in parallel on the C++ sweep
engine with the GIL released, and give numpy arrays (deterministic: the same numbers as one by
one). Scalars give a dict with the keys of the CLI's JSON output (units in the key names).

Bad input raises ValueError with the CLI's message (the argument named, the value shown); a failed
computation raises calib.ComputeError.
"""
import numbers
import os

import numpy as np

from . import _calib
from ._calib import ComputeError, __version__

__all__ = ["models", "impact", "calibrate", "c_opt", "ExactDamping", "kn_fit", "kn_fit_data",
           "effective_mass", "run_study", "studies", "input_for", "code_laws", "simulate", "ComputeError",
           "__version__"]


def models():
    """The catalog: a list of dicts (name, family, description, source, validity, default_clamp,
    exact, fixed_n)."""
    return _calib.models()


def studies():
    """The registered studies, by CLI name."""
    return _calib.studies()


def _broadcast(**arrays):
    """(scalar?, dict of contiguous float64 1-d arrays, shape) of the broadcast arguments."""
    values = {}
    for name, x in arrays.items():
        try:
            a = np.asarray(x, dtype=float)
        except (TypeError, ValueError):
            raise ValueError(f"{name} must be a number or an array of numbers, got {x!r}") from None
        values[name] = a
    scalar = all(v.ndim == 0 for v in values.values())
    try:
        shape = np.broadcast_shapes(*(v.shape for v in values.values()))
    except ValueError:
        shapes = ", ".join(f"{k} {v.shape}" for k, v in values.items())
        raise ValueError(f"arguments do not broadcast: {shapes}") from None
    flat = {k: np.ascontiguousarray(np.broadcast_to(v, shape), dtype=np.float64).ravel()
            for k, v in values.items()}
    return scalar, flat, shape


def _clamp_code(clamp):
    if clamp is None:
        return -1
    if isinstance(clamp, (bool, np.bool_)):
        return int(clamp)
    if clamp in ("on", "off"):
        return int(clamp == "on")
    raise ValueError(f"clamp must be None, True/False or 'on'/'off', got {clamp!r}")


def _shaped(result, shape):
    out = {}
    for key, value in result.items():
        out[key] = (np.asarray(value).reshape(shape) if shape != () else np.asarray(value).reshape(()))
    return out


def impact(model, e, n=1.5, m=1.0, k=1.0, v=1.0, clamp=None, rel_tol=1e-10, abs_tol=1e-12, threads=0):
    """One event-terminated impact with the model's damping for e (calib impact): e_out,
    delta_max[m], t_contact[s], f_max[N], delta_sep[m], energy_residual, status."""
    scalar, a, shape = _broadcast(e=e, n=n, m=m, k=k, v=v)
    if scalar:
        return _calib.impact_one(model, float(a["e"][0]), float(a["n"][0]), float(a["m"][0]),
                                 float(a["k"][0]), float(a["v"][0]), _clamp_code(clamp), rel_tol, abs_tol)
    return _shaped(_calib.impact_many(model, a["e"], a["n"], a["m"], a["k"], a["v"], _clamp_code(clamp),
                                      rel_tol, abs_tol, threads), shape)


def calibrate(model, e, n=1.5, m=1.0, k=1.0, v=1.0, clamp=None, threads=0):
    """The exact damping of the model's family for e (calib calibrate): dimensionless (h, zeta,
    chi or delta_p_over_delta_m) and in SI units (C[N*s/m^(n+1)], c[N*s/m], delta_p[m])."""
    scalar, a, shape = _broadcast(e=e, n=n, m=m, k=k, v=v)
    if scalar:
        return _calib.calibrate_one(model, float(a["e"][0]), float(a["n"][0]), float(a["m"][0]),
                                    float(a["k"][0]), float(a["v"][0]), _clamp_code(clamp))
    return _shaped(_calib.calibrate_many(model, a["e"], a["n"], a["m"], a["k"], a["v"],
                                         _clamp_code(clamp), threads), shape)


def c_opt(m, k, v, n, e, method="exact", threads=0):
    """Optimal linear damping c_opt [N s/m] (PN2020 eq. 23) by method: "exact" (the ExactDamping
    table), "ode" (root finding on the impact ODE), "paper" (PN2020 eq. 49), or any linear-damper
    model of the catalog. A float for scalars, an array otherwise."""
    scalar, a, shape = _broadcast(m=m, k=k, v=v, n=n, e=e)
    c = _calib.c_opt_many(method, a["m"], a["k"], a["v"], a["n"], a["e"], threads)
    return float(c[0]) if scalar else c.reshape(shape)


class ExactDamping:
    """The compiled-in table of zeta*(e, n), the exact damping of the clamped linear damper."""

    @staticmethod
    def zeta(e, n):
        scalar, a, shape = _broadcast(e=e, n=n)
        z = _calib.exact_zeta(a["e"], a["n"])
        return float(z[0]) if scalar else z.reshape(shape)

    @staticmethod
    def c_opt(m, k, v, n, e):
        return c_opt(m, k, v, n, e, method="exact")

    @staticmethod
    def limit_ratio(n):
        """lim_{e->1} zeta*/(-ln e) = 1/I(n) (2/pi at n = 1)."""
        return _calib.exact_limit_ratio(float(n))


def kn_fit(model, E=None, nu=None, dR=None, material=None, E2=None, nu2=None, material2=None,
           Ri="100mm", length=None, external=False, W_min="0.1", W_max="1000", W_step="0.1",
           weighting="none", materials=None):
    """K and n of one cylindrical contact law (calib kn-fit --model): quantities with units as
    text ("207GPa", "5mm") or bare numbers (MPa, mm, N/mm)."""
    args = {"model": model, "E": E, "nu": nu, "dR": dR, "material": material, "E2": E2, "nu2": nu2,
            "material2": material2, "Ri": Ri, "length": length, "external": bool(external),
            "W_min": W_min, "W_max": W_max, "W_step": W_step, "weighting": weighting,
            "materials": None if materials is None else os.fspath(materials)}
    for key in ("E", "E2", "dR", "Ri", "length", "W_min", "W_max", "W_step"):
        if isinstance(args[key], numbers.Number):
            args[key] = repr(float(args[key]))
    return _calib.kn_fit_single(args)


def kn_fit_data(delta, W, robust=None, weighting="none", loss_scale=1.0, error_floor_um=1.0):
    """K, n and their standard errors from measurements: delta in mm, W in N/mm (per length)."""
    d = np.ascontiguousarray(delta, dtype=np.float64).ravel()
    w = np.ascontiguousarray(W, dtype=np.float64).ravel()
    if d.shape != w.shape:
        raise ValueError(f"delta and W must have the same length, got {d.size} and {w.size}")
    return _calib.kn_fit_data(d, w, weighting, "none" if robust is None else robust, float(loss_scale),
                              float(error_floor_um))


def _toml_value(x):
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, numbers.Number):
        return repr(float(x)) if isinstance(x, float) else str(x)
    if isinstance(x, str):
        return '"' + x.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(x, (list, tuple)):
        return "[" + ", ".join(_toml_value(y) for y in x) + "]"
    raise ValueError(f"cannot write {x!r} as a TOML value")


def _toml(d, prefix=""):
    """A planar-system dict (the TOML of configs/effmass/) as TOML text."""
    lines, tables = [], []
    for key, value in d.items():
        if isinstance(value, dict):
            tables.append((key, value, False))
        elif isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
            tables.append((key, value, True))
        else:
            lines.append(f"{key} = {_toml_value(value)}")
    for key, value, array in tables:
        name = f"{prefix}{key}"
        for item in (value if array else [value]):
            lines.append(f"[[{name}]]" if array else f"[{name}]")
            lines.append(_toml(item, name + "."))
    return "\n".join(lines)


def effective_mass(system):
    """NP effective and apparent masses of a planar system: a TOML path or a dict of the same
    structure (bodies, joints, contact)."""
    if isinstance(system, dict):
        return _calib.effective_mass(_toml(system), "<dict>")
    path = os.fspath(system)
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as err:
        raise ValueError(f"system: cannot read {path}: {err.strerror}") from None
    return _calib.effective_mass(text, path)


def run_study(name, config=None, out=None, threads=0):
    """Run a registered study (calib <name>): its default config unless `config` is given,
    results into `out` (default results/<stem>). Returns the study's summary text."""
    return _calib.run_study(name, "" if config is None else os.fspath(config),
                            "" if out is None else os.fspath(out), int(threads))


def simulate(system, model=None, e=None, method=None, t_end=None):
    """Forward dynamics of a system (calib simulate): a file path, a shipped name such as
    "configs/systems/two_pendulums_planar.toml", or a dict of the same structure (type, bodies,
    joints, contact, ...). model, e, method ("continuous" | "piecewise") and t_end [s] override
    the system's. Returns the --format json record (system, model, method, impacts, final,
    steps, and constraints for planar systems) plus "series": numpy arrays "t" [s], "energy" [J]
    and per body "x", "y" [m], "phi" [rad], "vx", "vy" [m/s], "omega" [rad/s]. ValueError on bad
    input, ComputeError when the run fails (e.g. constraint drift beyond drift_tol)."""
    e = None if e is None else float(e)
    t_end = None if t_end is None else float(t_end)
    if isinstance(system, dict):
        return _calib.simulate(_toml(system), "<dict>", model, e, method, t_end)
    return _calib.simulate(os.fspath(system), "", model, e, method, t_end)


def code_laws():
    """The other simulators' mappings `input_for` knows (calib input-for --list): dicts with
    code, model, version, law, typed_name, clamp_default, speed_dependent."""
    return _calib.code_laws()


def input_for(code, e, model=None, clamp=None, version=None, E=7e10, nu=0.22, radius=1e-3,
              density=2500.0, v=1.0, v_char=1.0, k=None, typed=None, geometry="sphere-sphere"):
    """What `code` achieves with the e its user types, and the value to type so that it achieves
    `e` (calib input-for). geometry: "sphere-sphere" (two identical spheres head-on) or
    "sphere-wall" (one sphere on a fixed wall of the same material); E [Pa], nu, radius [m], density [kg/m^3],
    impact speed v [m/s]; v_char [m/s] for codes with a characteristic velocity; k [N/m] for the
    Hooke models. clamp: None (the code's default), True or False. Returns the --format json
    record as a dict (achieved_if_typed, input_value, snippet, ...). ValueError on bad input,
    ComputeError when no value in the code's range reaches e."""
    if clamp is not None and not isinstance(clamp, bool):
        raise ValueError(f"clamp must be None, True or False, got {clamp!r}")
    return _calib.input_for(code, float(e), model or "", version or "", clamp, float(E), float(nu),
                            float(radius), float(density), float(v), float(v_char),
                            None if k is None else float(k), None if typed is None else float(typed),
                            str(geometry))
