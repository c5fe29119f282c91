"""calib.input_for over arrays: each element is the scalar call's record (expected values: the
scalar calls, which test_calib.py checks against `calib input-for`), broadcast like the other
functions, an element's error naming its index."""
import numpy as np
import pytest

import calib

MATERIAL = dict(E="70GPa", nu=0.22, density=2500, v=1.0)


def test_input_for_broadcasts_and_equals_the_scalar_calls():
    e = [0.3, 0.5, 0.7]
    radius = [[0.001], [0.002]]
    r = calib.input_for("lammps", e, radius=radius, **MATERIAL)
    assert r["input_value"].shape == (2, 3) and r["m_eff"].shape == (2, 3)
    np.testing.assert_array_equal(r["e"], np.broadcast_to(e, (2, 3)))
    np.testing.assert_array_equal(r["radius"], np.broadcast_to(radius, (2, 3)))
    for i, j in np.ndindex(2, 3):
        one = calib.input_for("lammps", e[j], radius=radius[i][0], **MATERIAL)
        for name in ("e_if_typed", "input_value", "t_contact_input", "delta_max_input"):
            assert r[name][i, j] == one[name]  # exactly: the same solve
        assert r["m_eff"][i, j] == one["contact"]["m_eff"]
        assert r["K_hertz"][i, j] == one["contact"]["K_hertz"]
    assert "snippet" not in r and r.units["m_eff"] == "kg"


def test_input_for_array_error_names_the_element():
    with pytest.raises(ValueError, match=r"got 1.5 \(at index \(1,\)\)$"):
        calib.input_for("lammps", [0.5, 1.5], radius=0.001, **MATERIAL)
    with pytest.raises(ValueError, match="arguments do not broadcast"):
        calib.input_for("lammps", [0.5, 0.6], radius=[0.001, 0.002, 0.003], **MATERIAL)
