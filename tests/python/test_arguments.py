"""Argument checks of the Python module: every argument checked before any broadcast or copy,
errors that name the argument (TypeError for a wrong type, ValueError for a bad value, never a
pybind11 signature dump), arrays evaluated in chunks with bounded extra memory.

Expected values: the element-by-element scalar calls (chunking must not change a number), the
module's documented bounds (threads in [0, 1024]; calib/_args.py), and numpy's own allocation
accounting (tracemalloc sees numpy buffers) for the memory bound.
"""
import math
import os
import tracemalloc

import numpy as np
import pytest

import calib
from calib import _args

PYBIND_DUMP = ("incompatible function arguments", "Unable to cast", "Invoked with")


@pytest.mark.parametrize("call,error,word", [
    (lambda: calib.impact("gonthier", 0.5, threads=-1, m=2.0, k=1e7, v=0.3), ValueError, "threads"),
    (lambda: calib.impact("gonthier", 0.5, threads=100000, m=2.0, k=1e7, v=0.3), ValueError, "threads"),
    (lambda: calib.c_opt([0.5, 0.6], m=1.0, k=1e7, v=0.3, n=1.5, threads=True), TypeError, "threads"),
    (lambda: calib.calibrate("gonthier", [0.5], threads=1.5), TypeError, "threads"),
    (lambda: calib.run_study("rms-table", threads="2"), TypeError, "threads"),
    (lambda: calib.impact("gonthier", True, m=2.0, k=1e7, v=0.3), TypeError, "^e must be a number"),
    (lambda: calib.impact("gonthier", np.array([True, False]), m=2.0, k=1e7, v=0.3), TypeError, "^e must be a number"),
    (lambda: calib.calibrate("gonthier", "abc"), TypeError, "^e must be a number"),
    (lambda: calib.c_opt(0.5, m=1.0, k=[1e7, "x"], v=0.3, n=1.5), TypeError, "^k must be a number"),
    (lambda: calib.c_opt(np.array([0.5 + 1j]), m=1.0, k=1e7, v=0.3, n=1.5), TypeError, "^e must be a number"),
    (lambda: calib.ExactDamping.limit_ratio(float("nan")), ValueError, "^n must be a finite number"),
    (lambda: calib.ExactDamping.limit_ratio(math.inf), ValueError, "^n must be a finite number"),
    (lambda: calib.ExactDamping.limit_ratio("1.5"), TypeError, "^n must be a number"),
    (lambda: calib.ExactDamping.zeta([0.5, np.inf], n=1.5), ValueError, "^e must be a finite number, got inf at index 1"),
    (lambda: calib.impact("gonthier", 0.5, rel_tol=float("nan"), m=2.0, k=1e7, v=0.3), ValueError, "rel_tol"),
    (lambda: calib.impact("gonthier", 0.5, abs_tol=0.0, m=2.0, k=1e7, v=0.3), ValueError, "abs_tol"),
    (lambda: calib.impact(3, 0.5, m=2.0, k=1e7, v=0.3), TypeError, "^model must be a string"),
    (lambda: calib.c_opt(0.5, m=1.0, k=1e7, v=0.3, n=1.5, method=None), TypeError, "^method"),
    (lambda: calib.kn_fit("johnson", E="207GPa", nu=True, dR="5mm"), TypeError, "^nu must be a number"),
    (lambda: calib.kn_fit("johnson", E=True, nu=0.3, dR="5mm"), TypeError, "^E must be a quantity"),
    (lambda: calib.kn_fit("johnson", material="steel", dR="5mm", external="yes"), TypeError, "^external"),
    (lambda: calib.kn_fit_data([1, 2, 3], [1, 2, np.nan]), ValueError, "^W must be a finite number"),
    (lambda: calib.kn_fit_data([1, 2, 3], [1, 2, 3], loss_scale=math.nan), ValueError, "^loss_scale"),
    (lambda: calib.simulate("configs/systems/x.toml", e=True), TypeError, "^e must be a number"),
    (lambda: calib.simulate(3), TypeError, "^system must be a path"),
    (lambda: calib.input_for("lammps", 0.5, radius=True), TypeError, "^radius must be a number"),
    (lambda: calib.input_for("lammps", 0.5, radius="1GPa"), ValueError, "^radius: '1GPa' is a Young's modulus"),
    (lambda: calib.input_for("lammps", 0.5, density=math.nan), ValueError, "^density must be a finite"),
    (lambda: calib.effective_mass("/dev/zero"), ValueError, "system: /dev/zero is not a regular file"),
    (lambda: calib.run_study(None), TypeError, "^name must be a string"),
    (lambda: calib.impact("gonthier", 0.5, clamp=np.array([1]), m=2.0, k=1e7, v=0.3), TypeError, "^clamp"),
])
def test_bad_argument_names_it(call, error, word):
    with pytest.raises(error, match=word) as err:
        call()
    assert not any(d in str(err.value) for d in PYBIND_DUMP), str(err.value)


def test_a_fifo_system_file_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "system.toml"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="not a regular file"):
        calib.effective_mass(fifo)


def test_chunked_results_equal_the_scalar_calls(monkeypatch):
    # Chunks of 5 over 23 broadcast elements (a transposed, non-contiguous 2-D e against a 1-D n):
    # every element equals its own scalar call exactly.
    monkeypatch.setattr(_args, "CHUNK", 5)
    e = np.linspace(0.2, 0.9, 23 * 1).reshape(23, 1)
    n = np.array([1.2, 1.5])
    e_t = np.ascontiguousarray(np.repeat(e, 2, axis=1).T).T  # F-ordered (23, 2)
    c = calib.c_opt(e_t, m=1.0, k=1e7, v=0.3, n=n)
    assert c.shape == (23, 2)
    for i in range(23):
        for j in range(2):
            assert c[i, j] == calib.c_opt(e_t[i, j], m=1.0, k=1e7, v=0.3, n=n[j])
    r = calib.impact("gonthier", e[:7, 0], n=1.5, m=2.0, k=1e7, v=0.3)
    assert r["status"].shape == (7,) and r["e_out"].shape == (7,)
    for i in range(7):
        one = calib.impact("gonthier", float(e[i, 0]), n=1.5, m=2.0, k=1e7, v=0.3)
        assert r["e_out"][i] == one["e_out"] and r["status"][i] == one["status"]


def test_a_bad_first_value_costs_bounded_memory():
    # 16e6 elements (128 MiB as float64) with the first e invalid, m an int32 array: the checks
    # and the first chunk raise; what numpy allocates meanwhile stays below the 64 MiB budget
    # (broadcasting every argument whole would allocate 5 x 128 MiB).
    e = np.full(16_000_000, 0.5)
    e[0] = 1.5
    m = np.full(16_000_000, 2, dtype=np.int32)  # converted chunk by chunk, not whole
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match=r"^e \(coefficient of restitution\) must be in \(0, 1\]"):
            calib.impact("gonthier", e, m=m, k=1e7, v=0.3)
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert peak < 64 << 20, peak


def test_a_large_array_runs_within_the_memory_budget():
    # 4e6 exact c_opt (32 MiB in, 32 MiB out, e broadcast against a (1,)-shaped n): numpy's
    # allocations beyond the result stay below the 64 MiB budget whatever the size.
    e = np.linspace(0.1, 0.9, 4_000_000)
    tracemalloc.start()
    try:
        c = calib.c_opt(e, m=1.0, k=1e7, v=0.3, n=np.array([1.5]))
        current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert c.shape == e.shape and c[0] == calib.c_opt(0.1, m=1.0, k=1e7, v=0.3, n=1.5)
    assert peak - current < 64 << 20, (peak, current)


def test_empty_arrays_give_empty_results():
    assert calib.c_opt(np.zeros(0), m=1.0, k=1e7, v=0.3, n=1.5).shape == (0,)


# Text with a unit is one physical value (docs/config.md): the same SI number as the bare float,
# bit for bit where the prefix is a power of ten applied once to an exact value (2.5/1e3 is the
# double nearest 0.0025, as the literal is), and it broadcasts like that number.
def test_a_unit_string_is_the_si_number_and_broadcasts_like_one():
    e = np.array([0.3, 0.6])
    assert calib.c_opt(0.5, m="2.5g", k=1e7, v="30cm/s") == calib.c_opt(0.5, m=0.0025, k=1e7, v=0.3)
    with_units = calib.calibrate("linear-damper", e, m="2.5g", k="1e4kN/m^1.5", v="300mm/s")
    bare = calib.calibrate("linear-damper", e, m=0.0025, k=1e7, v=0.3)
    assert with_units["c"].tolist() == bare["c"].tolist()
    assert with_units["m"].tolist() == [0.0025, 0.0025]
    one = calib.impact("gonthier", 0.5, m="2.5g", k="1e7 N/m^1.5", v=0.3)
    assert one["peak_force"] == calib.impact("gonthier", 0.5, m=0.0025, k=1e7, v=0.3)["peak_force"]


def test_k_with_a_unit_is_read_at_each_n():
    # N/m^n depends on n: "1e4 kN/m^1.5" is 1e7 N/m^1.5 for every element with n = 1.5 ...
    c = calib.c_opt(0.5, m=1.0, k="1e4 kN/m^1.5", v=0.3, n=np.array([1.5, 1.5]))
    assert c.tolist() == [calib.c_opt(0.5, m=1.0, k=1e7, v=0.3, n=1.5)] * 2
    # ... and refused, naming k, where an element's n gives k another dimension.
    with pytest.raises(ValueError, match=r"^k: '1e4 kN/m\^1.5' is .*, not a contact stiffness"):
        calib.c_opt(0.5, m=1.0, k="1e4 kN/m^1.5", v=0.3, n=np.array([1.5, 1.2]))


@pytest.mark.parametrize("call,message", [
    (lambda: calib.calibrate("gonthier", 0.5, m="2.5 m", k=1e7, v=0.3), r"^m: '2.5 m' is a length \(m\), not a mass"),
    (lambda: calib.c_opt(0.5, m=1.0, k=1e7, v="3 kg"), r"^v: '3 kg' is a mass \(kg\), not an impact speed"),
    (lambda: calib.fit_impact([0.5, 1], [0.8, 0.7], law="linear-damper", m="10 s", K=1e9),
     r"^m: '10 s' is a duration"),
    (lambda: calib.simulate("configs/systems/bouncing_ball.toml", t_end="1 m"), r"^t_end: '1 m' is a length"),
    (lambda: calib.kn_fit("johnson", E="207", nu=0.3, dR="5mm"), r"^E: '207' = 207 Pa is outside"),
    (lambda: calib.kn_fit("johnson", E="207GPa", nu=0.3, dR="5GPa"), r"^dR: '5GPa' is a Young's modulus"),
    (lambda: calib.input_for("lammps", 0.5, model="tsuji", typed="0.3 s", E=7e10, nu=0.22, radius=1e-3, density=2500.0, v=1.0), r"^typed: '0.3 s' is a duration"),
    (lambda: calib.impact_law_restitution("linear-damper", 1.0, m=0.01, K=1e9, damping="50 s/m"),
     r"^damping: '50 s/m' is .*, not a damping parameter \(N\*s/m\)"),
])
def test_a_wrong_unit_is_refused_naming_the_argument(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_typed_and_damping_take_the_unit_their_code_or_law_gives():
    # LAMMPS gran/hooke/history types gamma_n in 1/s (docs/simulators.md): 500 1/s = 0.5 1/ms.
    a = calib.input_for("lammps", 0.5, model="gran/hooke/history", typed=500.0, E=7e10, nu=0.22, radius=1e-3, density=2500.0, v=1.0)
    b = calib.input_for("lammps", 0.5, model="gran/hooke/history", typed="0.5 1/ms", E=7e10, nu=0.22, radius=1e-3, density=2500.0, v=1.0)
    assert a["typed"] == b["typed"] == 500.0 and a["e_if_typed"] == b["e_if_typed"]
    # linear-damper's c in N*s/m: 50 N*s/m = 0.05 N*s/mm ... = 50 kg/s.
    e = calib.impact_law_restitution("linear-damper", [0.5, 1.0], m=0.01, K=1e9, damping=50.0)
    assert calib.impact_law_restitution("linear-damper", [0.5, 1.0], m=0.01, K=1e9,
                                        damping="50 kg/s").tolist() == e.tolist()


@pytest.mark.parametrize("call,message", [
    # A number meets the quantity's range too (core/units), named as the argument, not a flag.
    (lambda: calib.fit_impact([0.5, 1], [0.8, 0.7], law="linear-damper", m=0.01, K=-1.0),
     r"^K: '-1.0' = -1 N/m\^n is outside the accepted range of a contact stiffness"),
    (lambda: calib.kn_fit("johnson", E="207GPa", nu=0.6, dR="5mm"),
     r"^nu: '0.6' = 0.6 is outside the accepted range of a Poisson ratio, \(-1, 0.5\]"),
    (lambda: calib.fit_impact_record([0, 1e-5], [0, 1], law="linear-damper", v=0.0, m=0.01),
     r"^v: '0.0' = 0 m/s is outside"),
])
def test_a_number_out_of_range_is_refused_naming_the_argument(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_nu_half_is_accepted_as_at_every_door():
    # ν = 0.5 (incompressible) is in (−1, 0.5] for kn_fit as for `calib kn-fit --nu 0.5`.
    assert calib.kn_fit("johnson", E="207GPa", nu=0.5, dR="5mm")["n"] > 1


def test_nu_as_text_is_the_number_as_input_for_takes_it():
    # ν has no unit; text holding a number is that number at every door (input_for, kn_fit).
    text = calib.kn_fit("johnson", E="207GPa", nu="0.3", dR="5mm")
    assert (text["K"], text["n"]) == tuple(calib.kn_fit("johnson", E="207GPa", nu=0.3, dR="5mm")[k] for k in ("K", "n"))


def test_dimensionless_calibrate_of_an_array_is_each_scalar_call():
    # Without m, k, v the damping is dimensionless: an array call gives, element for element, the
    # scalar calls' numbers and no SI column.
    e = np.array([0.3, 0.6, 0.9])
    many = calib.calibrate("gonthier", e, n=1.5)
    assert sorted(many) == ["e", "e_out", "h", "n", "solves"]
    assert many["h"].tolist() == [calib.calibrate("gonthier", x)["h"] for x in e]
    assert many["solves"].tolist() == [calib.calibrate("gonthier", x)["solves"] for x in e]


def test_a_typed_value_the_code_refuses_names_the_argument():
    # LAMMPS tsuji reads the typed damping coefficient as e in [-1, 1] (docs/simulators.md).
    with pytest.raises(ValueError, match=r"^typed: lammps tsuji .* accepts .* in \[-1, 1\], got -3"):
        calib.input_for("lammps", 0.5, model="tsuji", typed=-3.0, E=7e10, nu=0.22, radius=1e-3, density=2500.0, v=1.0)
