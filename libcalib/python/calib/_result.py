"""Results of the calib module (private): a dict with the units of its quantities and a DataFrame
in one call. The names and units are the vocabulary of docs/outputs.md (the C++ table)."""
import numpy as _np

from . import _calib


class Result(dict):
    """A dict of plain vocabulary names ("c", "delta_max", ...) with `.units`, the units of its
    physical quantities ({"c": "N*s/m", ...}; dimensionless numbers and texts are not listed),
    and `.to_frame()`. Array results hold the broadcast inputs as columns too, so
    `pandas.DataFrame(r)` and `r.to_frame()` have the e column beside the answers."""

    def __init__(self, values, units=None):
        super().__init__(values)
        self.units = dict(units) if units is not None else units_of(self)

    def to_frame(self):
        """A pandas.DataFrame: one row per element (arrays flattened in C order), or one row for
        a scalar result; its columns are the keys. ImportError naming pandas when it is missing."""
        return to_frame(self)

    @property
    def best(self):
        """A fit's record (fit_impact, fit_impact_record): with law="all", the law ranked first
        (lowest AIC) as a Result; otherwise this record. AttributeError for other results."""
        if "ranking" in self and "fits" in self:
            first = self["ranking"][0]["law"]
            return Result(next(f for f in self["fits"] if f["law"] == first), self.units)
        if "parameters" in self and "law" in self:
            return self
        raise AttributeError("best: only a fit's result (fit_impact, fit_impact_record) has one")

    @property
    def params(self):
        """{name: value} of the best fit's parameters, e.g. r.params["alpha"]."""
        return {name: p["value"] for name, p in self.best["parameters"].items()}

    def summary(self):
        """A fit as text, like `calib fit-impact`'s: each law's status, parameters (value ±
        standard error, unit; "fixed" when not fitted), chi2, AIC and BIC, then the ranking."""
        fits = self["fits"] if "fits" in self else [self.best]
        lines = [line for fit in fits for line in _fit_lines(fit)]
        lines += [f"left out: {x['law']}: {x['reason']}" for x in self.get("left_out", [])]
        if "ranking" in self:
            lines.append("ranking (lowest AIC first):")
            lines += [f"  {r['law']:<20} dAIC {r['delta_aic']:>10.3f}  {r['status']}"
                      for r in self["ranking"]]
        return "\n".join(lines) + "\n"


def _fit_lines(fit):
    """One law's fit as `calib fit-impact` prints it (fit/impact_fit_records.cpp)."""
    lines = [f"{fit['law']}: {fit['status']} ({fit.get('message', '')}), {fit['points']} points"]
    for name, p in fit["parameters"].items():
        unit = p.get("unit", "")
        error = "fixed" if p.get("fixed") else f"± {p['std_error']:.3g}"
        lines.append(f"  {name:<6} = {p['value']:<14.8g} {unit:<9} {error}")
    lines.append(f"  chi2 {fit['chi2']:.6g}, AIC {fit['aic']:.4f}, BIC {fit['bic']:.4f}, "
                 f"rms residual {fit['rms_residual']:.4g}")
    return lines


# Objects keyed by a body's or a parameter's name, not by vocabulary names (docs/outputs.md).
_KEYED_BY_NAME = ("after", "final", "series", "contacts", "parameters")


def _names(value, found):
    if isinstance(value, dict):
        for name, item in value.items():
            if name in _KEYED_BY_NAME and isinstance(item, dict):
                for sub, inner in item.items():  # series: t, energy and contacts beside the bodies
                    plain = isinstance(inner, dict) and sub not in _KEYED_BY_NAME
                    _names(inner if plain else {sub: inner}, found)
                continue
            found.append(name)
            _names(item, found)
    elif isinstance(value, list):
        for item in value:
            _names(item, found)


def units_of(record):
    """{name: unit} for every physical quantity named in record (nested dicts and lists too)."""
    found, units = [], {}
    _names(dict(record), found)
    for name in found:
        unit = _calib.unit_of(name)
        if unit:
            units[name] = unit
    return units


def to_frame(result):
    """result (a calib result or any dict of equal-size arrays and scalars) as a pandas.DataFrame:
    arrays flattened to columns, scalars repeated; a dict of scalars gives one row. Nested
    values (lists, dicts) are left out. ImportError when pandas is not installed."""
    try:
        import pandas
    except ImportError:
        raise ImportError("calib.to_frame needs pandas (Debian: apt install python3-pandas; "
                          "pip: pip install pandas)") from None
    columns, size = {}, None
    for name, value in result.items():
        if isinstance(value, (dict, list, tuple)):
            continue
        if isinstance(value, _np.ndarray) and value.ndim > 0:
            columns[name] = value.reshape(-1)
            size = value.size
        else:
            columns[name] = value
    frame = pandas.DataFrame(columns, index=None if size is not None else [0])
    frame.attrs["units"] = dict(getattr(result, "units", None) or units_of(result))
    return frame


def refuse_positional(function, extra, keywords):
    """TypeError for positional physical arguments: they are keyword-only, so an old call such as
    c_opt(m, k, v, n, e) is refused instead of read in another order."""
    if extra:
        raise TypeError(f"calib.{function}: {len(extra)} positional argument(s) after the first; "
                        f"{', '.join(keywords)} are keyword-only (e.g. {keywords[0]}=...)")
