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
