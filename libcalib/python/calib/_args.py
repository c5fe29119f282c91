"""Argument checks and chunked evaluation for the calib module (private).

Every argument is checked (type, dtype, finite) before anything is broadcast or copied, so a bad
argument costs nothing whatever the size of the others, and the error is a TypeError or
ValueError that names it, never a pybind11 signature dump. Arrays are evaluated in chunks of
CHUNK elements: the copies made for the C++ side (float64, contiguous, broadcast) and a chunk's
results (columns, status texts) stay within a fixed budget (~30 MiB for impact, the widest) beside
the caller's arrays and the returned ones.
"""
import math
import numbers
import os
import stat

import numpy as np

# Worker threads: 0 = all cores; more than this is a typo, not a machine.
MAX_THREADS = 1024
CHUNK = 1 << 17
# Planar-system TOML read from a path (the C++ readers' config limit, io/input_file.hpp).
MAX_CONFIG_BYTES = 16 << 20


def _shown(x):
    text = repr(x)
    return text if len(text) <= 60 else text[:57] + "..."


def real(name, x, finite=True):
    """x as a float: a real number, not a bool, not a string; finite unless finite=False."""
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Real):
        raise TypeError(f"{name} must be a number (a real, not bool), got {_shown(x)} "
                        f"({type(x).__name__})")
    v = float(x)
    if finite and not math.isfinite(v):
        raise ValueError(f"{name} must be a finite number, got {v}")
    return v


def with_unit(name, x, kind, native):
    """x unchanged unless it is text: then libcalib's quantity parser reads it ("2.5g", "3 m/s"),
    an SI float that broadcasts like a number; numbers and arrays are checked where they are
    broadcast."""
    return native(x, kind, name) if isinstance(x, str) else x


def stiffness(name, k, n, native):
    """k [N/m^n] as with_unit reads it, with n's value: the unit of k depends on n, so text with a
    unit gives one k per element of an array n (the same where n is the same)."""
    if not isinstance(k, str):
        return k
    n_values = numbers_array("n", n)
    if not np.isfinite(n_values).all():
        raise ValueError(f"n must be a finite number to read {name} = {k!r} in N/m^n")
    if n_values.ndim == 0:
        return native(k, float(n_values), name)
    by_n = {x: native(k, x, name) for x in map(float, np.unique(n_values))}
    return np.vectorize(lambda x: by_n[float(x)], otypes=[np.float64])(n_values)


def optional_real(name, x):
    return None if x is None else real(name, x)


def optional_count(name, x):
    """None, or a whole number (an int, not bool) within int64; libcalib checks its range."""
    if x is None:
        return None
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Integral):
        raise TypeError(f"{name} must be a whole number (an int), got {_shown(x)} ({type(x).__name__})")
    if not -2**63 <= int(x) < 2**63:
        raise ValueError(f"{name} must be >= 1 and below 2**63, got {int(x)}")
    return int(x)


def text(name, x, optional=False):
    if x is None and optional:
        return None
    if not isinstance(x, str):
        raise TypeError(f"{name} must be a string{' or None' if optional else ''}, got {_shown(x)} "
                        f"({type(x).__name__})")
    return x


def path(name, x, optional=False):
    if x is None and optional:
        return None
    try:
        return os.fspath(x)
    except TypeError:
        raise TypeError(f"{name} must be a path (str or os.PathLike){' or None' if optional else ''}, "
                        f"got {_shown(x)} ({type(x).__name__})") from None


def flag(name, x):
    if not isinstance(x, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {_shown(x)} ({type(x).__name__})")
    return bool(x)


def threads(x):
    """A thread count: an int in [0, MAX_THREADS], 0 meaning all cores."""
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Integral):
        raise TypeError(f"threads must be an int (0 = all cores), got {_shown(x)} ({type(x).__name__})")
    if not 0 <= int(x) <= MAX_THREADS:
        raise ValueError(f"threads must be in [0, {MAX_THREADS}] (0 = all cores), got {int(x)}")
    return int(x)


def numbers_array(name, x):
    """x as an ndarray of real numbers without copying an ndarray (dtype checked, not converted)."""
    if isinstance(x, (bool, np.bool_, str, bytes)):
        a = None
    elif isinstance(x, np.ndarray):
        a = x
    else:
        try:
            a = np.asarray(x)
        except (TypeError, ValueError):
            a = None
    if a is None or a.dtype.kind not in "iuf":
        what = f"{_shown(x)} ({type(x).__name__})" if a is None or a.ndim == 0 else f"an array of {a.dtype}"
        raise TypeError(f"{name} must be a number (a real, not bool) or an array of numbers, got {what}")
    return a


def finite_vector(name, x):
    """x flattened to a contiguous float64 vector of finite numbers, copied only when it is not one
    already; a non-finite element is named by its index before anything else is done with x."""
    a = numbers_array(name, x).reshape(-1)
    return _flat_slice(name, a, a.shape, 0, a.size)


def broadcast(**arrays):
    """(scalar?, checked arrays, shape): arguments checked and their shape broadcast, no copy."""
    checked = {name: numbers_array(name, x) for name, x in arrays.items()}
    try:
        shape = np.broadcast_shapes(*(a.shape for a in checked.values()))
    except ValueError:
        shapes = ", ".join(f"{k} {a.shape}" for k, a in checked.items())
        raise ValueError(f"arguments do not broadcast: {shapes}") from None
    return all(a.ndim == 0 for a in checked.values()), checked, shape


def _flat_slice(name, a, shape, start, stop):
    """Elements start..stop of a broadcast to shape, flattened in C order, as float64."""
    if a.size == 1:
        out = np.full(stop - start, a.reshape(-1)[0], dtype=np.float64)
    elif a.shape == shape and a.flags.c_contiguous:
        out = np.ascontiguousarray(a.reshape(-1)[start:stop], dtype=np.float64)
    else:
        index = np.unravel_index(np.arange(start, stop), shape)
        out = np.ascontiguousarray(np.broadcast_to(a, shape)[index], dtype=np.float64)
    bad = ~np.isfinite(out)
    if bad.any():
        at = start + int(np.argmax(bad))
        where = np.unravel_index(at, shape) if len(shape) > 1 else (at,)
        raise ValueError(f"{name} must be a finite number, got {out[at - start]} at index "
                         f"{where if len(where) > 1 else where[0]}")
    return out


def scalars(checked):
    """The 0-d arguments as floats (finite)."""
    return {k: _flat_slice(k, a, (), 0, 1)[0] for k, a in checked.items()} if checked else {}


def chunked(checked, shape, compute):
    """compute(dict of float64 chunks) for every chunk, joined into arrays of `shape`: a dict of them
    (a list in a chunk's dict, such as the status texts, becomes an array too) or one array."""
    size = math.prod(shape)
    joined = None
    for start in range(0, size, CHUNK):
        stop = min(size, start + CHUNK)
        part = compute({k: _flat_slice(k, a, shape, start, stop) for k, a in checked.items()})
        joined = _append(joined, part, size, start)
    if joined is None:  # an empty array in: empty results of the same shape
        joined = _append(None, compute({k: np.zeros(0) for k in checked}), 0, 0)
    if isinstance(joined, np.ndarray):
        return joined.reshape(shape)
    return {k: v.reshape(shape) for k, v in joined.items()}


def _append(joined, part, size, start):
    """part's columns written into the joined arrays at start (allocated on the first chunk). A
    list of texts (the status) becomes a fixed-width string array, widened if a longer text comes:
    a list of Python strings for every element would cost ~60 bytes each."""
    if isinstance(part, np.ndarray):
        if joined is None:
            joined = np.empty(size, dtype=part.dtype)
        joined[start:start + part.size] = part
        return joined
    if joined is None:
        joined = {}
    for k, v in part.items():
        v = np.asarray(v)
        if v.dtype.kind == "U":
            v = v.astype(np.result_type(v.dtype, "U16"))
        if k not in joined:
            joined[k] = np.empty(size, dtype=v.dtype)
        elif v.dtype.itemsize > joined[k].dtype.itemsize:
            joined[k] = joined[k].astype(v.dtype)
        joined[k][start:start + v.size] = v
    return joined


def native(function, name, *args):
    """function(*args), with pybind11's argument-type errors turned into one naming `name`."""
    try:
        return function(*args)
    except TypeError as err:
        if "incompatible function arguments" not in str(err) and "Unable to cast" not in str(err):
            raise
        types = ", ".join(type(a).__name__ for a in args)
        raise TypeError(f"calib.{name}: an argument has the wrong type (got {types})") from None


def readable_text_file(name, file, limit=MAX_CONFIG_BYTES):
    """The text of a regular file of at most `limit` bytes (no device, FIFO or huge file)."""
    try:
        info = os.stat(file)
    except OSError as err:
        raise ValueError(f"{name}: cannot read {file}: {err.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"{name}: {file} is not a regular file (a device, FIFO or directory); "
                         f"only regular files are read")
    if info.st_size > limit:
        raise ValueError(f"{name}: {file} has {info.st_size} bytes, more than the input limit of "
                         f"{limit >> 20} MiB")
    try:
        with open(file, encoding="utf-8") as f:
            content = f.read(limit + 1)
    except OSError as err:
        raise ValueError(f"{name}: cannot read {file}: {err.strerror}") from None
    if len(content) > limit:
        raise ValueError(f"{name}: {file} grew past the input limit of {limit >> 20} MiB while read")
    return content
