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
