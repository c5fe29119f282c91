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
