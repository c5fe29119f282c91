"""calib.fit_impact against `calib fit-impact` (the same library call, so the records agree
exactly) on a shipped synthetic sample, and bad data refused naming the row."""
import json
import os
import subprocess

import numpy as np
import pytest

import calib

CLI = os.environ["CALIB_CLI"]
SRC = os.environ["CALIB_SOURCE_DIR"]
SAMPLE = os.path.join(SRC, "datasets/samples/restitution_viscoelastic.csv")


def test_fit_impact_equals_cli():
    data = np.genfromtxt(SAMPLE, delimiter=",", comments="#", skip_header=5)
    out = subprocess.run([CLI, "fit-impact", "--data", SAMPLE, "--law", "all", "--m", "0.01", "--K", "1e9",
                          "--format", "json"], check=True, capture_output=True, text=True)
    cli = json.loads(out.stdout)
    py = calib.fit_impact(data[:, 0], data[:, 1], law="all", m=0.01, K=1e9, sigma=data[:, 2])
    assert [r["law"] for r in py["ranking"]] == [r["law"] for r in cli["ranking"]]
    assert py["ranking"][0]["law"] == "viscoelastic"
    for a, b in zip(py["fits"], cli["fits"]):
        assert a["parameters"] == b["parameters"]


def test_fit_impact_refuses_e_above_one_naming_the_row():
    with pytest.raises(ValueError, match="row 2: e = 1.2"):
        calib.fit_impact([1.0, 2.0, 3.0], [0.9, 1.2, 0.8], law="tsuji", m=0.01, K=1e9)


RECORD = os.path.join(SRC, "datasets/samples/impact_record_tsuji.csv")


def test_fit_impact_record_equals_cli():
    t, F, delta, sF, sd = np.genfromtxt(RECORD, delimiter=",", comments="#", skip_header=6).T
    out = subprocess.run([CLI, "fit-impact", "--data", RECORD, "--law", "tsuji", "--v", "1", "--m", "0.01",
                          "--format", "json"], check=True, capture_output=True, text=True)
    cli = json.loads(out.stdout)
    py = calib.fit_impact_record(t, F=F, delta=delta, sigma_F=sF, sigma_delta=sd, law="tsuji", v=1.0, m=0.01)
    assert py["data_kind"] == "impact-record"
    assert py["parameters"] == cli["parameters"]
    # The truth in the file's header (chi = 0.3, t0 = 5.19198171e-07 s) within 3 standard errors.
    for name, truth in (("chi", 0.3), ("t0", 5.19198171e-07)):
        p = py["parameters"][name]
        assert abs(p["value"] - truth) < 3 * p["std_error"]


def test_fit_impact_record_refuses_times_that_go_back_naming_the_row():
    with pytest.raises(ValueError, match="row 3: t = 0.5"):
        calib.fit_impact_record([0.0, 1.0, 0.5, 2.0], F=[0.0, 1.0, 2.0, 0.0], law="tsuji", v=1.0, m=0.01)


def test_fit_impact_refuses_what_the_cli_refuses():
    # The same checks as `calib fit-impact` (the library's): a mass beyond 1e9 kg, K beyond
    # 1e20 N/m^n, a speed beyond 1e4 m/s, an e more than 3 sigma above 1, each named.
    v, e = [0.5, 1.0, 2.0], [0.9, 0.85, 0.8]
    with pytest.raises(ValueError, match="^m: '1e\\+30'"):
        calib.fit_impact(v, e, law="tsuji", m=1e30, K=1e9)
    with pytest.raises(ValueError, match="^K: '1e\\+300'"):
        calib.fit_impact(v, e, law="tsuji", m=0.01, K=1e300)
    with pytest.raises(ValueError, match="row 2: v_in = 1e\\+300 m/s is outside"):
        calib.fit_impact([0.5, 1e300], [0.9, 0.8], law="tsuji", m=0.01, K=1e9)
    with pytest.raises(ValueError, match="row 1: e = 1.05 is more than 3 sigma_e"):
        calib.fit_impact(v, [1.05, 0.85, 0.8], law="tsuji", m=0.01, K=1e9, sigma=[0.01] * 3)


def test_fit_impact_takes_e_above_one_within_its_noise_and_ranks_the_laws_that_can():
    # e = 1.01 with sigma 0.01 is data; n = 1.4 leaves viscoelastic out (solved at n = 1.5 only).
    v = 0.05 * 100.0 ** (np.arange(12) / 11.0)
    e = np.array(calib.impact_law_restitution("tsuji", v, m=0.01, K=1e9, n=1.4, damping=0.05))
    e[0] = 1.01
    r = calib.fit_impact(v, e, law="all", m=0.01, K=1e9, n=1.4, sigma=np.full(12, 0.01))
    assert [x["law"] for x in r["left_out"]] == ["viscoelastic"]
    assert "n = 1.5 only, got 1.4" in r["left_out"][0]["reason"]
    assert len(r["ranking"]) == 3


def test_fit_impact_record_checks_arrays_before_copying_them():
    # A NaN at index 0 of a large array is named without the array being copied into lists; a
    # mass of 1e30 kg and a record without contact are refused as the command line refuses them.
    t = np.linspace(0.0, 1e-3, 3_000_000)
    F = np.zeros(t.size)
    F[0] = np.nan
    with pytest.raises(ValueError, match="F must be a finite number, got nan at index 0"):
        calib.fit_impact_record(t, F=F, law="tsuji", v=1.0, m=0.01)
    with pytest.raises(ValueError, match="F has 2 values for 3 times t"):
        calib.fit_impact_record([0.0, 1e-6, 2e-6], F=[0.0, 1.0], law="tsuji", v=1.0, m=0.01)
    with pytest.raises(ValueError, match="^m: '1e\\+30'"):
        calib.fit_impact_record([0.0, 1e-6, 2e-6], F=[0.0, 1.0, 0.0], law="tsuji", v=1.0, m=1e30)
    with pytest.raises(ValueError, match="impact record: no contact"):
        calib.fit_impact_record([0.0, 1e-6, 2e-6], F=[0.0, 0.0, -1.0], law="tsuji", v=1.0, m=0.01)


def test_fit_impact_checks_arrays_before_the_fit():
    # Non-finite values are named by their index, lengths are compared, before any copy to C++.
    with pytest.raises(ValueError, match="e must be a finite number, got nan at index 1"):
        calib.fit_impact([0.5, 1.0, 2.0], [0.9, np.nan, 0.8], law="tsuji", m=0.01, K=1e9)
    with pytest.raises(ValueError, match="sigma has 2 values for 3 speeds v_in"):
        calib.fit_impact([0.5, 1.0, 2.0], [0.9, 0.85, 0.8], law="tsuji", m=0.01, K=1e9, sigma=[0.01, 0.01])
