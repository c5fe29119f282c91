"""The shape of the module's results and arguments: one argument order (model, e, then physical
arguments by keyword; the old positional c_opt(m, k, v, n, e) refused), plain vocabulary names with
`.units` (docs/outputs.md), array results that hold their broadcast inputs, integer counts, and a
pandas DataFrame in one call.

Expected values: the scalar calls element by element (an array result must equal them exactly),
the vocabulary table (units), and the CLI's --format json record (the same units object).
"""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import calib

CLI = os.environ.get("CALIB_CLI")


def test_the_old_positional_c_opt_order_is_refused():
    # c_opt(m, k, v, n, e) is a plausible positional order; read as c_opt(e, ...) it would give
    # another number, so any positional argument after e is a TypeError naming the keywords.
    with pytest.raises(TypeError, match="keyword-only"):
        calib.c_opt(2.0, 1e7, 0.3, 1.5, 0.7)
    with pytest.raises(TypeError, match="keyword-only"):
        calib.ExactDamping.c_opt(2.0, 1e7, 0.3, 1.5, 0.7)
    with pytest.raises(TypeError):
        calib.impact("gonthier", 0.5, 1.5)  # n by position: refused by the signature
    with pytest.raises(TypeError):
        calib.ExactDamping.zeta(0.5, 1.5)
    assert calib.c_opt(0.7, m=2.0, k=1e7, v=0.3, n=1.5) == calib.ExactDamping.c_opt(0.7, m=2.0, k=1e7, v=0.3)


def test_array_results_hold_their_broadcast_inputs_and_integer_counts():
    e = np.array([0.3, 0.6, 0.9])
    r = calib.calibrate("linear-damper", e, m=2.0, k=[1e6, 1e7, 1e8], v=1.0)
    assert list(r)[:5] == ["e", "n", "m", "k", "v"]
    assert r["e"].tolist() == e.tolist() and r["m"].tolist() == [2.0] * 3 and r["v"].tolist() == [1.0] * 3
    assert r["k"].tolist() == [1e6, 1e7, 1e8] and r["n"].tolist() == [1.5] * 3
    assert r["solves"].dtype.kind == "i"
    for i in range(3):  # each element is its scalar call, exactly
        one = calib.calibrate("linear-damper", e[i], m=2.0, k=r["k"][i], v=1.0)
        assert r["c"][i] == one["c"] and r["solves"][i] == one["solves"]
        assert isinstance(one["solves"], int)
    assert r.units == {"m": "kg", "k": "N/m^n", "v": "m/s", "c": "N*s/m"}
    i = calib.impact("gonthier", e.reshape(3, 1), n=[1.2, 1.5], m=2.0, k=1e7, v=0.3)
    assert i["e"].shape == (3, 2) and i["n"][0].tolist() == [1.2, 1.5]
    assert i.units["peak_force"] == "N" and i.units["C"] == "N*s/m^(n+1)"


@pytest.mark.skipif(CLI is None, reason="CALIB_CLI not set")
def test_scalar_units_are_the_cli_units():
    out = subprocess.run([CLI, "impact", "--model", "gonthier", "--e", "0.5", "--m", "2", "--k", "1e7", "--v", "0.3",
                          "--format", "json"],
                         check=True, capture_output=True, text=True).stdout
    assert calib.impact("gonthier", 0.5, m=2.0, k=1e7, v=0.3).units == json.loads(out)["units"]


def test_to_frame_has_a_column_per_name():
    pandas = pytest.importorskip("pandas")
    e = np.linspace(0.2, 0.8, 4)
    r = calib.calibrate("linear-damper", e, m=1.0, k=1.0, v=1.0)
    frame = calib.to_frame(r)
    assert list(frame.columns) == list(r) and len(frame) == 4
    assert frame["e"].tolist() == e.tolist() and frame.attrs["units"]["c"] == "N*s/m"
    assert pandas.DataFrame(r)["e"].tolist() == e.tolist()  # a plain dict of equal-size columns
    assert r.to_frame().query("c > 0.5")["e"].tolist() == [e[j] for j in range(4) if r["c"][j] > 0.5]
    one = calib.calibrate("gonthier", 0.5).to_frame()
    assert len(one) == 1 and one["h"][0] == calib.calibrate("gonthier", 0.5)["h"]


def test_to_frame_without_pandas_names_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas -> ImportError
    with pytest.raises(ImportError, match="pandas"):
        calib.to_frame(calib.calibrate("gonthier", 0.5))


def test_the_namespace_is_the_api():
    public = {name for name in dir(calib) if not name.startswith("_")}
    assert public == set(calib.__all__) - {"__version__"}, public ^ set(calib.__all__)
    for leaked in ("np", "os", "numbers"):
        assert leaked not in dir(calib)
