"""calib.fit_impact's options against `calib fit-impact`'s (E, nu, radius, density, geometry, fit,
loss): the same request from both doors, so the records agree exactly (expected values: the CLI's
JSON output on the same CSV); the same refusals with the same messages; and the fit summary."""
import json
import os
import subprocess

import numpy as np
import pytest

import calib

CLI = os.environ["CALIB_CLI"]
SRC = os.environ["CALIB_SOURCE_DIR"]
# Synthetic e(v) of viscoelastic, A = 7e-6 s, m = 0.01 kg, K = 1e9 N/m^1.5, sigma_e = 0.005.
SAMPLE = os.path.join(SRC, "datasets/samples/restitution_viscoelastic.csv")
DATA = np.genfromtxt(SAMPLE, delimiter=",", comments="#", skip_header=5)


def cli_record(*args, data=SAMPLE):
    out = subprocess.run([CLI, "fit-impact", "--data", data, *args, "--format", "json"],
                         check=True, capture_output=True, text=True)
    record = json.loads(out.stdout)
    return record, record.pop("units")


def py_record(**kwargs):
    return calib.fit_impact(DATA[:, 0], DATA[:, 1], sigma=DATA[:, 2], **kwargs)


@pytest.mark.parametrize("cli_args, kwargs", [
    # The Hertz K and the effective mass from the material (fit/impact_fit_run.cpp, both doors).
    (["--law", "viscoelastic", "--E", "70GPa", "--nu", "0.3", "--radius", "5mm", "--density", "2700",
      "--geometry", "sphere-wall"],
     dict(law="viscoelastic", E="70GPa", nu=0.3, radius="5mm", density=2700, geometry="sphere-wall")),
    (["--law", "viscoelastic", "--m", "0.01", "--K", "1e9", "--loss", "huber"],
     dict(law="viscoelastic", m=0.01, K=1e9, loss="huber")),
    (["--law", "all", "--m", "0.01", "--K", "1e9", "--loss", "cauchy", "--loss-scale", "2"],
     dict(law="all", m=0.01, K=1e9, loss="cauchy", loss_scale=2.0)),
])
def test_fit_impact_options_give_the_cli_record(cli_args, kwargs):
    cli, units = cli_record(*cli_args)
    py = py_record(**kwargs)
    assert dict(py) == cli  # every number exactly: parameters, chi2, aic, residuals, m
    assert py.units == units


def test_fit_impact_fit_list_gives_the_cli_record(tmp_path):
    # n is free for linear-damper only (its e depends on v through n): exact e(v) at n = 1.2,
    # c = 300 N*s/m, with a small deterministic wiggle so that the fit has a residual.
    v = 0.05 * 100.0 ** (np.arange(12) / 11.0)
    e = calib.impact_law_restitution("linear-damper", v, m=0.01, K=1e9, n=1.2, damping=300.0)
    e = e + 0.002 * np.sin(7.0 * v)
    data = tmp_path / "curve.csv"
    data.write_text("v_in[m/s],e[-]\n" + "".join(f"{a!r},{b!r}\n" for a, b in zip(v, e)))
    cli, units = cli_record("--law", "linear-damper", "--m", "0.01", "--K", "1e9", "--n", "1.4",
                            "--fit", "damping,n", data=str(data))
    py = calib.fit_impact(v, e, law="linear-damper", m=0.01, K=1e9, n=1.4, fit=["damping", "n"])
    assert dict(py) == cli and py.units == units
    assert py["status"] == "converged" and not py["parameters"]["n"]["fixed"]
    # The wiggle is small: the fit finds the n of the exact curve within 2 %.
    assert py.params["n"] == pytest.approx(1.2, rel=0.02)


def test_fit_impact_material_gives_the_hertz_stiffness_and_mass():
    # Johnson 1985 eq. 4.22-4.23, sphere on a wall: K = 4/3 E/(1 - nu^2) sqrt(R), m = rho 4/3 pi R^3.
    r = py_record(law="viscoelastic", E=70e9, nu=0.3, radius=0.005, density=2700.0, geometry="sphere-wall")
    K = 4.0 / 3.0 * 70e9 / (1.0 - 0.09) * np.sqrt(0.005)
    assert r.params["K"] == pytest.approx(K, rel=1e-14)
    assert r["m"] == pytest.approx(2700.0 * 4.0 / 3.0 * np.pi * 0.005**3, rel=1e-14)
    assert r["parameters"]["K"]["fixed"] and r["parameters"]["n"]["value"] == 1.5


@pytest.mark.parametrize("cli_args, kwargs", [
    (["--E", "70e9", "--nu", "0.3", "--m", "0.01"], dict(E=70e9, nu=0.3, m=0.01)),
    (["--E", "70e9", "--nu", "0.3", "--radius", "0.005", "--K", "1e9", "--m", "0.01"],
     dict(E=70e9, nu=0.3, radius=0.005, K=1e9, m=0.01)),
    (["--K", "1e9", "--density", "2700"], dict(K=1e9, density=2700.0)),
    (["--E", "70e9", "--nu", "0.3", "--radius", "0.005", "--density", "2700", "--m", "0.01"],
     dict(E=70e9, nu=0.3, radius=0.005, density=2700.0, m=0.01)),
    (["--K", "1e9"], dict(K=1e9)),
    (["--m", "0.01"], dict(m=0.01)),
    (["--m", "0.01", "--K", "1e9", "--fit", "beta"], dict(m=0.01, K=1e9, fit=["beta"])),
    (["--m", "0.01", "--K", "1e9", "--loss-scale", "-1"], dict(m=0.01, K=1e9, loss_scale=-1.0)),
])
def test_fit_impact_refuses_what_the_cli_refuses_with_its_message(cli_args, kwargs):
    out = subprocess.run([CLI, "fit-impact", "--data", SAMPLE, "--law", "tsuji", *cli_args],
                         capture_output=True, text=True)
    with pytest.raises(ValueError) as error:
        py_record(law="tsuji", **kwargs)
    assert out.returncode == 2
    # The CLI's message with its flags written as the Python arguments.
    message = str(error.value)
    assert message and message in out.stderr.replace("--loss-scale", "loss_scale").replace("--", "")


def test_fit_impact_checks_the_python_only_arguments():
    with pytest.raises(ValueError, match="^loss: must be none, huber or cauchy, got 'l1'"):
        py_record(law="tsuji", m=0.01, K=1e9, loss="l1")
    with pytest.raises(ValueError, match="^geometry: must be sphere-sphere or sphere-wall, got 'cube'"):
        py_record(law="tsuji", m=0.01, K=1e9, geometry="cube")
    with pytest.raises(TypeError, match="^fit must be a list of parameter names"):
        py_record(law="tsuji", m=0.01, K=1e9, fit="damping,n")
    with pytest.raises(ValueError, match="^fit and fit_n: give the free parameters one way"):
        py_record(law="tsuji", m=0.01, K=1e9, fit=["damping"], fit_n=True)
    with pytest.raises(ValueError, match="^radius: '-5mm'"):
        py_record(law="tsuji", E=70e9, nu=0.3, radius="-5mm", m=0.01)


def test_fit_result_reads_its_best_law_parameters_and_summary():
    r = py_record(law="all", m=0.01, K=1e9)
    best = r.best
    # The best law is the ranking's first; its parameters are the record's values.
    assert best["law"] == r["ranking"][0]["law"] == "viscoelastic"
    assert r.params == {name: p["value"] for name, p in best["parameters"].items()}
    assert r.params["A"] == best["parameters"]["A"]["value"]
    # The sample was drawn with A = 7e-6 s (noise 0.005 on e): the fit finds it within 5 %.
    assert r.params["A"] == pytest.approx(7e-6, rel=0.05)
    one = py_record(law="viscoelastic", m=0.01, K=1e9)
    assert one.best is one and one.params == r.params
    text = one.summary()
    a = one["parameters"]["A"]
    assert text.splitlines()[0].startswith(f"viscoelastic: {one['status']} (")
    assert f"  A      = {a['value']:<14.8g} s         ± {a['std_error']:.3g}" in text
    assert f"  K      = {1e9:<14.8g} N/m^n     fixed" in text
    assert f"chi2 {one['chi2']:.6g}, AIC {one['aic']:.4f}" in text
    assert "ranking (lowest AIC first):\n  viscoelastic" in r.summary()
    with pytest.raises(AttributeError, match="only a fit's result"):
        calib.calibrate("linear-damper", 0.5, m=2.0, k=1e7, v=0.3).best
