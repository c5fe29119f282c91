"""libcalib for Python: calibration of continuous contact-force models.

The same library as the `calib` CLI, in its vocabulary (docs/outputs.md) and SI units. Every
numeric argument takes a scalar or a numpy array; arrays broadcast against each other, run in
parallel on the C++ sweep engine with the GIL released, and give numpy arrays (deterministic:
the same numbers as one by one). Every physical argument also takes text with a unit ("2.5g",
"3 m/s", "1e10N/m^1.5"; docs/config.md), read as the CLI reads it and broadcast like a number.

One argument order everywhere: the model (or code, method, system) first, then e, then every
physical argument by keyword (n=, m=, k=, v=, ...). Results are dicts with the plain names of the
CLI's JSON output ("c", "delta_max", ...) and `.units` ({"c": "N*s/m", ...}); array results also
hold the broadcast inputs (e, n, m, k, v), so `pandas.DataFrame(r)` or `calib.to_frame(r)` gives
one row per element with its inputs. Counts (solves, samples, steps) are ints.

>>> import calib
>>> r = calib.calibrate("linear-damper", 0.5, m=2.0, k=1e7, v=0.3)
>>> round(r["c"], 6), r.units["c"]
(339.566283, 'N*s/m')

Every argument is checked before any array is broadcast or copied: a wrong type raises TypeError,
a bad value ValueError, both naming the argument (the CLI's message for values the library checks);
a failed computation raises calib.ComputeError. Arrays run in chunks (calib/_args.py), so the
extra memory is bounded whatever their size. threads: 0 (all cores) to 1024.
"""
import json as _json
import numbers as _numbers
import os as _os
from importlib import resources as _resources

import numpy as _np

from . import _args, _calib
from ._args import native as _native
from ._calib import ComputeError, __version__
from ._result import Result, to_frame
from ._result import refuse_positional as _refuse_positional

__all__ = ["data_dir", "models", "impact", "calibrate", "c_opt", "ExactDamping", "kn_fit", "kn_fit_data",
           "effective_mass", "run_study", "studies", "input_for", "code_laws", "simulate", "fit_impact",
           "impact_law_restitution", "fit_impact_record", "impact_law_record", "ComputeError",
           "Result", "to_frame", "__version__"]


def data_dir():
    """The folder of the shipped configs/, datasets/ and tools/plot/ inside this package
    (calib/share/calib): the files that names such as "configs/systems/bouncing_ball.toml" and
    run_study's default configs are read from when the current directory has no such file.
    $CALIB_DATA_DIR, when set, is searched before it."""
    return _os.fspath(_resources.files(__name__) / "share" / "calib")


_calib.set_package_data_dir(data_dir())


def models():
    """The catalog: a list of dicts (name, family, description, source, validity, default_clamp,
    exact, fixed_n)."""
    return _calib.models()


def studies():
    """The registered studies, by CLI name."""
    return _calib.studies()


def _clamp_code(clamp):
    if clamp is None:
        return -1
    if isinstance(clamp, (bool, _np.bool_)):
        return int(clamp)
    if isinstance(clamp, str) and clamp in ("on", "off"):
        return int(clamp == "on")
    error = ValueError if isinstance(clamp, str) else TypeError
    raise error(f"clamp must be None, True/False or 'on'/'off', got {clamp!r}")


def _tolerance(name, x):
    v = _args.real(name, x)
    if not v > 0:
        raise ValueError(f"{name} must be > 0, got {v}")
    return v


def _require_given(command, why, **inputs):
    """ValueError naming the physical inputs left out (None): they have no default."""
    _native(_calib.require_given, command, command, [(name, x is not None) for name, x in inputs.items()], why)


def _physical(function, m, k, v, n):
    """m [kg], k [N/m^n] and v [m/s] with any text ("2.5g") read in SI; numbers and arrays as
    given (checked where they are broadcast)."""
    def read(name, x, kind):
        return _native(_args.with_unit, function, name, x, kind, _calib.quantity)
    return (read("m", m, "mass"), _native(_args.stiffness, function, "k", k, n, _calib.stiffness),
            read("v", v, "speed"))


def _scalar(function, name, x, kind):
    """One physical scalar: a number in SI or text with a unit, checked against the quantity's
    range (core/units) naming the argument; a number as its exact repr."""
    x = x if isinstance(x, str) else repr(_args.real(name, x))
    return _native(_calib.quantity, function, x, kind, name)


def _stiffness(function, name, K, n):
    """K [N/m^n] of one law: a number in SI or text with a unit of N/m^n at this n."""
    K = K if isinstance(K, str) else repr(_args.real(name, K))
    return _native(_calib.stiffness, function, K, n, name)


def _damping(function, law, x):
    """A fit-impact law's damping parameter: a number in its unit or text with a unit."""
    if isinstance(x, str):
        return _native(_calib.law_damping, function, x, law, "damping")
    return _args.real("damping", x)


def _with_inputs(checked, shape, result):
    """An array result with the broadcast inputs first (e, n, m, k, v as float64 arrays)."""
    inputs = {name: _np.broadcast_to(_np.asarray(a, dtype=_np.float64), shape).copy()
              for name, a in checked.items()}
    return Result({**inputs, **result})


def impact(model, e, *, n=1.5, m=None, k=None, v=None, clamp=None, rel_tol=1e-10, abs_tol=1e-12,
           threads=0):
    """One event-terminated impact with the model's damping for e (calib impact).

    e, n [1], m [kg], k [N/m^n], v [m/s]: scalars or arrays (broadcast). Returns a Result with
    model, family, e, n, m, k, v, clamp, the damping (dimensionless: zeta, h, chi,
    delta_p_over_delta_m or eta; physical: c [N*s/m], C [N*s/m^(n+1)], delta_p [m] or
    C_visco [N*s/m^(3/2)]), e_out [1], delta_max [m], t_contact [s], peak_force [N],
    delta_sep [m], energy_residual [1], status, rel_tol, abs_tol. An array call gives the
    broadcast inputs e, n, m, k, v and the computed values (damping to status) as arrays.
    m, k and v are required (ValueError naming the missing ones): the results are dimensional.

    >>> r = impact("linear-damper", 0.5, m=1.0, k=1.0, v=1.0)
    >>> round(r["e_out"], 6), round(r["peak_force"], 6), r.units["peak_force"]
    (0.5, 0.794536, 'N')
    """
    model, clamp = _args.text("model", model), _clamp_code(clamp)
    _require_given("impact", "delta_max, t_contact and peak_force are dimensional", m=m, k=k, v=v)
    rel_tol, abs_tol = _tolerance("rel_tol", rel_tol), _tolerance("abs_tol", abs_tol)
    threads = _args.threads(threads)
    m, k, v = _physical("impact", m, k, v, n)
    scalar, a, shape = _args.broadcast(e=e, n=n, m=m, k=k, v=v)
    if scalar:
        x = _args.scalars(a)
        return Result(_native(_calib.impact_one, "impact", model, x["e"], x["n"], x["m"], x["k"], x["v"],
                              clamp, rel_tol, abs_tol))
    return _with_inputs(a, shape, _args.chunked(a, shape, lambda c: _native(
        _calib.impact_many, "impact", model, c["e"], c["n"], c["m"], c["k"], c["v"], clamp, rel_tol,
        abs_tol, threads)))


def calibrate(model, e, *, n=1.5, m=None, k=None, v=None, clamp=None, threads=0):
    """The exact damping of the model's family for e (calib calibrate).

    e, n [1], m [kg], k [N/m^n], v [m/s]: scalars or arrays (broadcast). Returns a Result with
    the damping, dimensionless (zeta, h, chi, delta_p_over_delta_m or eta) and in SI units
    (c [N*s/m], C [N*s/m^(n+1)], delta_p [m], C_visco [N*s/m^(3/2)]), e_out [1] and solves (an
    int); a scalar call also gives model, family, the inputs, clamp and the tolerances, an array
    call the broadcast inputs e, n, m, k, v. Given none of m, k, v, only the dimensionless
    damping (no SI damping, no m, k, v): it does not depend on them; given some, all three.

    >>> r = calibrate("gonthier", 0.5, m=1.0, k=1.0, v=1.0)
    >>> round(r["h"], 6), round(r["C"], 6), r.units["C"], r["solves"]
    (1.432751, 1.432751, 'N*s/m^(n+1)', 1)
    >>> round(calibrate("gonthier", 0.5)["h"], 6), "C" in calibrate("gonthier", 0.5)
    (1.432751, False)
    >>> import numpy
    >>> a = calibrate("linear-damper", numpy.array([0.3, 0.6]), m=2.0, k=1e7, v=0.3)
    >>> sorted(a)
    ['c', 'e', 'e_out', 'k', 'm', 'n', 'solves', 'v', 'zeta']
    >>> a["solves"].dtype.kind, a["e"].tolist()
    ('i', [0.3, 0.6])
    """
    model, clamp, threads = _args.text("model", model), _clamp_code(clamp), _args.threads(threads)
    if m is None and k is None and v is None:
        return _dimensionless_calibration(model, e, n, clamp, threads)
    _require_given("calibrate", "the damping in SI units needs all three; give none for the "
                   "dimensionless damping alone", m=m, k=k, v=v)
    m, k, v = _physical("calibrate", m, k, v, n)
    scalar, a, shape = _args.broadcast(e=e, n=n, m=m, k=k, v=v)
    if scalar:
        x = _args.scalars(a)
        return Result(_native(_calib.calibrate_one, "calibrate", model, x["e"], x["n"], x["m"], x["k"],
                              x["v"], clamp))
    return _with_inputs(a, shape, _args.chunked(a, shape, lambda c: _native(
        _calib.calibrate_many, "calibrate", model, c["e"], c["n"], c["m"], c["k"], c["v"], clamp,
        threads)))


def _dimensionless_calibration(model, e, n, clamp, threads):
    """calibrate() given none of m, k, v: the dimensionless damping, e_out and solves."""
    scalar, a, shape = _args.broadcast(e=e, n=n)
    if scalar:
        x = _args.scalars(a)
        return Result(_native(_calib.calibrate_dimensionless_one, "calibrate", model, x["e"], x["n"], clamp))
    return _with_inputs(a, shape, _args.chunked(a, shape, lambda c: _native(
        _calib.calibrate_dimensionless_many, "calibrate", model, c["e"], c["n"], clamp, threads)))


_C_OPT_KEYWORDS = ("m", "k", "v", "n")


def c_opt(e, *old_order, n=1.5, m=None, k=None, v=None, method="exact", threads=0):
    """Optimal linear damping c [N*s/m] for the restitution e (PN2020 eq. 23), by method:
    "exact" (the ExactDamping table), "ode" (root finding on the impact ODE), "paper" (PN2020
    eq. 49), or any linear-damper model of the catalog. n [1], m [kg], k [N/m^n], v [m/s] by
    keyword; scalars or arrays (broadcast). A float for scalars, an array of the broadcast shape
    otherwise. m, k and v are required (ValueError naming the missing ones). The old positional
    order c_opt(m, k, v, n, e) is refused (TypeError).

    >>> round(c_opt(0.7, m=2.0, k=1e7, v=0.3, n=1.5), 4)
    165.1313
    """
    _refuse_positional("c_opt", old_order, _C_OPT_KEYWORDS)
    method, threads = _args.text("method", method), _args.threads(threads)
    _require_given("c_opt", "c [N*s/m] is dimensional", m=m, k=k, v=v)
    m, k, v = _physical("c_opt", m, k, v, n)
    scalar, a, shape = _args.broadcast(m=m, k=k, v=v, n=n, e=e)
    c = _args.chunked(a, shape, lambda x: _native(
        _calib.c_opt_many, "c_opt", method, x["m"], x["k"], x["v"], x["n"], x["e"], threads))
    return float(c) if scalar else c


class ExactDamping:
    """The compiled-in table of zeta*(e, n), the exact damping of the clamped linear damper."""

    @staticmethod
    def zeta(e, *, n=1.5):
        """zeta* [1] for e and n (scalars or arrays): a float or an array.

        >>> round(ExactDamping.zeta(0.5, n=1.5), 6)
        0.493908
        """
        scalar, a, shape = _args.broadcast(e=e, n=n)
        z = _args.chunked(a, shape, lambda x: _native(_calib.exact_zeta, "ExactDamping.zeta", x["e"], x["n"]))
        return float(z) if scalar else z

    @staticmethod
    def c_opt(e, *old_order, n=1.5, m=None, k=None, v=None):
        """c_opt(e, n=, m=, k=, v=, method="exact"): c [N*s/m] from the table."""
        _refuse_positional("ExactDamping.c_opt", old_order, _C_OPT_KEYWORDS)
        return c_opt(e, n=n, m=m, k=k, v=v, method="exact")

    @staticmethod
    def limit_ratio(n):
        """lim_{e->1} zeta*/(-ln e) = 1/I(n) (2/pi at n = 1)."""
        return _native(_calib.exact_limit_ratio, "ExactDamping.limit_ratio", _args.real("n", n))


def kn_fit(model, *, E=None, nu=None, dR=None, material=None, E2=None, nu2=None, material2=None,
           Ri="100mm", length=None, external=False, W_min="0.1N/mm", W_max="1000N/mm", W_step="0.1N/mm",
           weighting="none", materials=None):
    """K and n of one cylindrical contact law (calib kn-fit --model): quantities as numbers in SI
    (Pa, m, N/m) or as text with a unit ("207GPa", "5mm"). Returns a Result with model,
    K [N/m^(n+1)] (W = K delta^n, W per unit length), K_force [N/m^n] (F = K L delta^n, when
    `length` is given), n, K_se, n_se, max_err [%], E_star [Pa], dR [m], internal,
    W_min/W_max/W_step [N/m] and samples (an int).

    >>> r = kn_fit("johnson", material="steel", dR="0.5mm")
    >>> round(r["n"], 4), r.units["K"], r["samples"]
    (1.1922, 'N/m^(n+1)', 10000)
    """
    args = {"model": _args.text("model", model),
            # ν is a ratio: a number, checked against its range like the CLI's --nu.
            "nu": None if nu is None else _scalar("kn_fit", "nu", nu, "poisson_ratio"),
            "nu2": None if nu2 is None else _scalar("kn_fit", "nu2", nu2, "poisson_ratio"),
            "material": _args.text("material", material, True),
            "material2": _args.text("material2", material2, True), "external": _args.flag("external", external),
            "weighting": _args.text("weighting", weighting), "materials": _args.path("materials", materials, True)}
    quantities = {"E": (E, "youngs_modulus"), "E2": (E2, "youngs_modulus"), "dR": (dR, "length"),
                  "Ri": (Ri, "length"), "length": (length, "length"), "W_min": (W_min, "line_load"),
                  "W_max": (W_max, "line_load"), "W_step": (W_step, "line_load")}
    for key, (value, kind) in quantities.items():
        if value is None:
            args[key] = value
            continue
        if not isinstance(value, (str, _numbers.Real)) or isinstance(value, (bool, _np.bool_)):
            raise TypeError(f"{key} must be a quantity: text with a unit (\"207GPa\") or a number, got "
                            f"{value!r} ({type(value).__name__})")
        _scalar("kn_fit", key, value, kind)  # refused here naming the argument, not a CLI flag
        # As given: the fit reads it in MPa, mm and N/mm, a value written in those bit for bit.
        args[key] = value if isinstance(value, str) else repr(_args.real(key, value))
    return Result(_native(_calib.kn_fit_single, "kn_fit", args))


def kn_fit_data(delta, W, *, robust=None, weighting="none", loss_scale=1.0, error_floor_um=1.0):
    """K, n and their standard errors from measurements in SI: delta in m, W in N/m (per length).
    Returns a Result with K [N/m^(n+1)], n, K_se, n_se, max_err [%] and samples (an int)."""
    weighting, robust = _args.text("weighting", weighting), _args.text("robust", robust, True)
    loss_scale, error_floor_um = _args.real("loss_scale", loss_scale), _args.real("error_floor_um", error_floor_um)
    d, w = _args.numbers_array("delta", delta), _args.numbers_array("W", W)
    if d.size != w.size:
        raise ValueError(f"delta and W must have the same length, got {d.size} and {w.size}")
    d = _args.chunked({"delta": d.reshape(-1)}, (d.size,), lambda c: c["delta"])  # checked finite
    w = _args.chunked({"W": w.reshape(-1)}, (w.size,), lambda c: c["W"])
    return Result(_native(_calib.kn_fit_data, "kn_fit_data", d, w, weighting,
                          "none" if robust is None else robust, loss_scale, error_floor_um))


def fit_impact(v_in, e, *, law, m=None, K=None, n=None, E=None, nu=None, radius=None, density=None,
               geometry="sphere-sphere", sigma=None, fit=None, fit_n=False, loss="none", loss_scale=None):
    """A contact law (or "all", ranked by AIC) fitted to e(v): the record of `calib fit-impact`
    as a Result (law, parameters: {name: value, std_error, unit, fixed}, rms_residual, chi2,
    points, aic, bic, status, residuals: v_in [m/s], e, e_model, residual; with "all": fits,
    ranking and left_out, the laws that cannot take the data with the reason; `r.best`,
    `r.params` and `r.summary()` read it). v_in [m/s], e [1], sigma [1] (None: unweighted).
    The options of `calib fit-impact`, by keyword, with the same names, defaults and checks
    (docs/fit_impact.md): the stiffness as K [N/m^n] and n (default 1.5), or the Hertz K from
    E [Pa], nu and radius [m] with geometry "sphere-sphere" or "sphere-wall"; the mass as m [kg],
    or from density [kg/m^3] and radius. fit: the free parameters, a list of "damping" (or its
    name), "n", "K" (None: the damping only; fit_n=True adds n). loss: "none", "huber" or
    "cauchy", loss_scale in residual units (None: 1.4826 MAD of a plain fit's residuals)."""
    law, geometry, loss = _args.text("law", law), _args.text("geometry", geometry), _args.text("loss", loss)
    f = "fit_impact"
    material = _calib.FitImpactMaterial()
    material.geometry = geometry
    material.n = None if n is None else _args.real("n", n)
    material.m = None if m is None else _scalar(f, "m", m, "mass")
    material.K = None if K is None else _stiffness(f, "K", K, 1.5 if n is None else material.n)
    for name, x, kind in (("E", E, "youngs_modulus"), ("nu", nu, "poisson_ratio"),
                          ("radius", radius, "length"), ("density", density, "density")):
        setattr(material, name, None if x is None else _scalar(f, name, x, kind))
    free = _free_parameters(fit, _args.flag("fit_n", fit_n))
    loss_scale = None if loss_scale is None else _args.real("loss_scale", loss_scale, finite=False)
    v, ev = _args.finite_vector("v_in", v_in), _args.finite_vector("e", e)
    s = _np.zeros(0) if sigma is None else _args.finite_vector("sigma", sigma)
    for name, x in (("e", ev), ("sigma", None if sigma is None else s)):
        if x is not None and x.size != v.size:
            raise ValueError(f"{name} has {x.size} values for {v.size} speeds v_in")
    rec = _native(_calib.fit_impact, f, v, ev, s, law, material, free, loss, loss_scale)
    return Result(rec, rec.pop("units"))


def _free_parameters(fit, fit_n):
    """fit_impact's `fit` (a list of names, checked by the library as --fit is) with fit_n."""
    if fit is None:
        return ["damping", "n"] if fit_n else []
    if fit_n:
        raise ValueError("fit and fit_n: give the free parameters one way (fit=[..., \"n\"])")
    if isinstance(fit, str) or not isinstance(fit, (list, tuple)):
        raise TypeError(f"fit must be a list of parameter names such as [\"damping\", \"n\"], "
                        f"got {fit!r} ({type(fit).__name__})")
    if not fit:
        raise ValueError("fit: give at least one free parameter (K, n, damping)")
    return [_args.text("fit", x) for x in fit]


def impact_law_restitution(law, v, *, m, K, n=1.5, damping):
    """e at each impact speed v [m/s] of one fit-impact law (exact solve): an array. m [kg],
    K [N/m^n], n and damping (the law's parameter: alpha [s/m], A [s], c [N*s/m] or chi [1]) by
    keyword."""
    law, n = _args.text("law", law), _args.real("n", n)
    m, K = _scalar("impact_law_restitution", "m", m, "mass"), _stiffness("impact_law_restitution", "K", K, n)
    damping = _damping("impact_law_restitution", law, damping)
    if isinstance(v, str):  # one speed with a unit
        v = [_scalar("impact_law_restitution", "v", v, "speed")]
    v = _args.numbers_array("v", v).reshape(-1)
    return _np.array(_native(_calib.impact_law_restitution, "impact_law_restitution", law, v, m, K, n,
                            damping))


def fit_impact_record(t, F=None, delta=None, *, law, v, m, K=None, n=1.5, t0=None, sigma_F=None,
                      sigma_delta=None, fit=("K", "n", "damping")):
    """A contact law (or "all", ranked by AIC) fitted to one impact's force F [N] and/or
    penetration delta [m] at times t [s]: the record of `calib fit-impact` on an impact record.
    v [m/s] impact speed, m [kg] effective mass; K [N/m^n] and t0 [s] are starts (None: from the
    record); the contact start t0 is always fitted, `fit` chooses among K, n and "damping"."""
    law, n = _args.text("law", law), _args.real("n", n)
    v, m = _scalar("fit_impact_record", "v", v, "speed"), _scalar("fit_impact_record", "m", m, "mass")
    K = 0.0 if K is None else _stiffness("fit_impact_record", "K", K, n)
    t0 = float("nan") if t0 is None else _scalar("fit_impact_record", "t0", t0, "instant")
    free = [_args.text("fit", x) for x in fit]
    for x in free:
        if x not in ("K", "n", "damping"):
            raise ValueError(f"fit: unknown parameter '{x}'; choose from K, n, damping")
    # Each array checked (numbers, finite, as long as t) before one float64 copy goes to C++.
    columns = [_args.finite_vector("t", t)]
    for name, x in (("F", F), ("delta", delta), ("sigma_F", sigma_F), ("sigma_delta", sigma_delta)):
        columns.append(_np.zeros(0) if x is None else _args.finite_vector(name, x))
        if columns[-1].size not in (0, columns[0].size):
            raise ValueError(f"{name} has {columns[-1].size} values for {columns[0].size} times t")
    rec = _json.loads(_native(_calib.fit_impact_record, "fit_impact_record", *columns, law, v, m, K, n,
                              t0, ["K" in free, "n" in free, "damping" in free]))
    return Result(rec, rec.pop("units", None))


def impact_law_record(law, t, v, m, K, n, damping, t0=0.0):
    """F [N] and delta [m] at times t [s] of one fit-impact law's impact starting at t0 (F = 0
    outside the contact; delta, the approach from the first touch, in free flight there), with its
    e_out and t_contact [s]: what a record fit compares."""
    law, n, f = _args.text("law", law), _args.real("n", n), "impact_law_record"
    v, m, K = _scalar(f, "v", v, "speed"), _scalar(f, "m", m, "mass"), _stiffness(f, "K", K, n)
    damping, t0 = _damping(f, law, damping), _scalar(f, "t0", t0, "instant")
    t = _args.numbers_array("t", t).reshape(-1).astype(float).tolist()
    F, delta, e_out, t_contact = _native(_calib.impact_law_record, "impact_law_record", law, t, v, m,
                                         K, n, damping, t0)
    return {"F": _np.array(F), "delta": _np.array(delta), "e_out": e_out, "t_contact": t_contact}


def _toml_value(x):
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, _numbers.Number):
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
    structure (bodies, joints, contact). Returns a Result with m_eff, m_app_i, m_app_j,
    m_eff_eq31, m_eff_eq39 [kg] (None where infinite), status, dof, redundant_constraints,
    constraint_residual and system.

    >>> r = effective_mass("configs/effmass/np_example1_pendulum_wall.toml")
    >>> round(r["m_eff"], 6), r.units["m_eff"]
    (0.444444, 'kg')
    """
    if isinstance(system, dict):
        return Result(_native(_calib.effective_mass, "effective_mass", _toml(system), "<dict>"))
    path = _native(_calib.resolve_input_path, "effective_mass", _args.path("system", system))
    return Result(_native(_calib.effective_mass, "effective_mass", _args.readable_text_file("system", path),
                          path))


def run_study(name, config=None, out=None, threads=0):
    """Run a registered study (calib <name>): its default config unless `config` is given,
    results into `out` (default results/<stem>). Returns {"summary": the study's summary text,
    "files": every file the run wrote (paths as text)}."""
    config, out = _args.path("config", config, True), _args.path("out", out, True)
    return _native(_calib.run_study, "run_study", _args.text("name", name), config or "", out or "",
                   _args.threads(threads))


def simulate(system, *, model=None, e=None, method=None, t_end=None, out=None, max_steps=None,
             max_wall_time=None, progress=False):
    """Forward dynamics of a system (calib simulate): a file path, a shipped name such as
    "configs/systems/two_pendulums_planar.toml", or a dict of the same structure (type, bodies,
    joints, contact, ...). model, e, method ("continuous" | "piecewise") and t_end [s] override
    the system's. Returns a Result: the --format json record (system, model, method, target_e,
    impacts: contact, t_start, t_end [s], v_in, v_out [m/s], e, delta_max [m], peak_force [N],
    impulse [N*s], m_eff [kg], after; final, steps (an int), constraints for planar systems and
    friction_work [J] with clearance friction) plus "series": numpy arrays "t" [s], "energy" [J]
    (and "friction_work" [J] with friction) and per body "x", "y" [m], "phi" [rad],
    "vx", "vy" [m/s], "omega" [rad/s]. An impact's "status" is "closed", or "open" for a contact
    still open at t_end, whose t_end, v_out, e and impulse are None. ValueError on bad input,
    ComputeError when the run fails (e.g. constraint drift beyond drift_tol) or spends its budget
    (max_steps accepted steps, max_wall_time [s] of wall clock: the message names the stiff
    contact and the time reached), KeyboardInterrupt on Ctrl-C; progress=True prints a progress
    line on stderr. With `out`, also writes series.csv and impacts.csv into that folder, as
    `calib simulate --out`; a run that stops early keeps them in "<out>.partial" instead.

    >>> r = simulate("configs/systems/bouncing_ball.toml", t_end=1.0)
    >>> round(r["impacts"][0]["peak_force"]), r.units["impulse"]
    (10733, 'N*s')
    """
    e = _args.optional_real("e", e)
    t_end = None if t_end is None else _scalar("simulate", "t_end", t_end, "duration")
    out = _args.path("out", out, True) or ""
    model, method = _args.text("model", model, True), _args.text("method", method, True)
    budget = (_args.optional_count("max_steps", max_steps),
              None if max_wall_time is None else _scalar("simulate", "max_wall_time", max_wall_time, "duration"),
              _args.flag("progress", progress))
    if isinstance(system, dict):
        rec = _native(_calib.simulate, "simulate", _toml(system), "<dict>", model, e, method, t_end, out, *budget)
    else:
        rec = _native(_calib.simulate, "simulate", _args.path("system", system), "", model, e, method, t_end, out,
                      *budget)
    rec.pop("units")  # the record's; the series adds t and energy: units of the whole result
    return Result(rec)


def _typed(typed):
    """The value typed today: text as given (a unit of the code's typed_units is read once the
    code is known), a number as its exact repr."""
    if typed is None or isinstance(typed, str):
        return typed
    return repr(_args.real("typed", typed))


def code_laws():
    """The other simulators' mappings `input_for` knows (calib input-for --list): dicts with
    code, model, version, law, typed_name, clamp_default, speed_dependent."""
    return _calib.code_laws()


def input_for(code, e, *, model=None, clamp=None, version=None, E=None, nu=None, radius=None,
              density=None, v=None, v_char=None, k=None, typed=None, geometry="sphere-sphere",
              timestep=None):
    """What `code` achieves with the e its user types, and the value to type so that it achieves
    `e` (calib input-for). geometry: "sphere-sphere" (two identical spheres head-on) or
    "sphere-wall" (one sphere on a fixed wall of the same material); E [Pa], nu, radius [m], density [kg/m^3],
    impact speed v [m/s] (all five required: they have no default); v_char [m/s], required by the
    codes with a characteristic velocity; k [N/m] for the
    Hooke models; timestep [s], the time step you run the code with (checked against the contact
    duration: steps_per_contact and a warning when it is too long). Physical values are numbers in
    SI or text with a unit ("70GPa", "1mm"). clamp: None (the code's default), True or False. Returns the --format json record as a
    Result (e_if_typed, input_value and typed in the code's typed_units, snippet,
    t_contact_input [s], contact: E [Pa], m_eff [kg], ...). ValueError on bad input, ComputeError
    when no value in the code's range reaches e.

    Arrays: e, E, nu, radius, density, v, v_char, k and timestep broadcast against each other;
    the Result then holds the broadcast inputs and, as float arrays of their shape, every number
    of the record (e_if_typed, input_value, t_contact_input, ..., and contact's m_eff, K_hertz,
    ...; NaN where an element's record has none); texts (snippet) come from a scalar call. One
    solve per element, in C order; an element's error names its index.

    >>> r = input_for("lammps", 0.5, E="70GPa", nu=0.22, radius="1mm", density=2500, v=1.0)
    >>> round(r["e_if_typed"], 6), round(r["input_value"], 6), r.units["t_contact_input"]
    (0.616076, 0.366651, 's')
    """
    given = dict(e=e, E=E, nu=nu, radius=radius, density=density, v=v, v_char=v_char, k=k,
                 timestep=timestep)
    arrays = {name: x for name, x in given.items()
              if x is not None and not isinstance(x, str) and _np.ndim(x) > 0}
    one = dict(model=model, clamp=clamp, version=version, typed=typed, geometry=geometry)
    if arrays:
        return _input_for_array(code, given, arrays, one)
    return _input_for_one(code, **given, **one)


def _input_for_array(code, given, arrays, one):
    """input_for over the broadcast arrays: a Result of the inputs and the records' numbers."""
    _, checked, shape = _args.broadcast(**arrays)
    inputs = {k: _np.broadcast_to(_np.asarray(a, dtype=float), shape) for k, a in checked.items()}
    records = []
    for index in _np.ndindex(shape):
        element = {k: float(a[index]) for k, a in inputs.items()}
        try:
            rec = _input_for_one(code, **{**given, **element}, **one)
        except (ValueError, ComputeError) as err:
            raise type(err)(f"{err} (at index {index})") from None
        records.append({**rec, **{k: x for k, x in rec["contact"].items() if k not in rec}})
    columns = {}
    for name in (records[0] if records else {}):
        values = [r.get(name) for r in records]
        if all(_is_number(x) or x is None for x in values) and any(_is_number(x) for x in values):
            columns[name] = _np.array([_np.nan if x is None else x for x in values], float).reshape(shape)
    return Result({**{k: a.copy() for k, a in inputs.items()}, **columns})


def _is_number(x):
    return isinstance(x, _numbers.Real) and not isinstance(x, bool)


def _input_for_one(code, e, *, model, clamp, version, E, nu, radius, density, v, v_char, k, typed,
                   geometry, timestep):
    """input_for at one element: the --format json record."""
    if clamp is not None and not isinstance(clamp, bool):
        raise ValueError(f"clamp must be None, True or False, got {clamp!r}")
    r = _args.real

    def q(name, x, kind):  # a given quantity checked and in SI; None stays None
        return None if x is None else _scalar("input_for", name, x, kind)
    contact = {"E": q("E", E, "youngs_modulus"), "nu": q("nu", nu, "poisson_ratio"),
               "radius": q("radius", radius, "length"), "density": q("density", density, "density"),
               "v": q("v", v, "speed")}
    _require_given("input_for", "the contact's stiffness, mass and speed decide what the code achieves",
                   **contact)
    rec = _native(_calib.input_for, "input_for", _args.text("code", code), r("e", e),
                  _args.text("model", model, True) or "", _args.text("version", version, True) or "", clamp,
                  contact["E"], contact["nu"], contact["radius"], contact["density"], contact["v"],
                  q("v_char", v_char, "speed"), q("k", k, "hooke_stiffness"), _typed(typed),
                  _args.text("geometry", geometry), q("timestep", timestep, "duration"))
    return Result(rec, rec.pop("units"))
