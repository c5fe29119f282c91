"""The Python module against the CLI (same library, same numbers), broadcasting, errors, GIL.

Expected values: the `calib` CLI's JSON output for the same arguments (the CLI and the module
call the same library functions, so equality is exact), and the element-by-element scalar calls.
"""
import json
import os
import subprocess
import threading
import time

import numpy as np
import pytest

import calib

CLI = os.environ["CALIB_CLI"]
SRC = os.environ["CALIB_SOURCE_DIR"]
SYSTEM = os.path.join(SRC, "configs/effmass/np_example4_slider_crank.toml")


def cli_json(*args):
    out = subprocess.run([CLI, *args, "--format", "json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def same_record(py, cli):
    """The Python result is the CLI's JSON record: the same keys and values, its units in .units."""
    return dict(py) == {k: v for k, v in cli.items() if k != "units"} and py.units == cli["units"]


@pytest.mark.parametrize("model,e,n", [("gonthier", 0.3, 1.5), ("flores", 0.7, 1.2),
                                        ("poursina-nikravesh", 0.6, 1.5), ("tsuji", 0.4, 1.5),
                                        ("lankarani-nikravesh-1994", 0.5, 1.0), ("tsuji-clamped", 0.4, 1.3)])
def test_impact_equals_cli(model, e, n):
    py = calib.impact(model, e, n=n, m=2.0, k=1e7, v=0.3)
    cli = cli_json("impact", "--model", model, "--e", str(e), "--n", str(n), "--m", "2", "--k", "1e7", "--v", "0.3")
    assert same_record(py, cli)


@pytest.mark.parametrize("n", [1.0, 1.3, 1.5, 2.0])
def test_tsuji_clamped_reproduces_e(n):
    # The clamped Tsuji law's closed-form chi (Butcher-Segalman through the u = delta^((n+1)/2)
    # reduction) gives e_out = e to the solver's accuracy, at every n; the same law with Tsuji's
    # unclamped chi does not (0.5 -> 0.33 at these settings: separation at zero force is earlier).
    r = calib.impact("tsuji-clamped", 0.5, n=n, m=2.0, k=1e7, v=0.3)
    assert abs(r["e_out"] - 0.5) <= 1e-10
    assert abs(calib.impact("tsuji", 0.5, n=n, m=2.0, k=1e7, v=0.3, clamp=True)["e_out"] - 0.5) > 1e-2


@pytest.mark.parametrize("model,e", [("linear-damper", 0.5), ("gonthier", 0.8), ("tsuji", 0.3),
                                      ("lankarani-nikravesh-1994", 0.2)])
def test_calibrate_equals_cli(model, e):
    py = calib.calibrate(model, e, n=1.5, m=2.0, k=1e7, v=0.3)
    cli = cli_json("calibrate", "--model", model, "--e", str(e), "--m", "2", "--k", "1e7", "--v", "0.3")
    assert same_record(py, cli)


@pytest.mark.parametrize("method", ["exact", "ode", "paper", "libcalib-closed-form"])
def test_c_opt_equals_cli(method):
    cli = cli_json("copt", "--e", "0.7", "--n", "1.5", "--m", "2", "--k", "1e7", "--v", "0.3", "--method", method)
    assert calib.c_opt(0.7, m=2.0, k=1e7, v=0.3, n=1.5, method=method) == cli["c"]


def test_kn_fit_and_effective_mass_equal_cli():
    cli = cli_json("kn-fit", "--model", "johnson", "--material", "steel", "--dR", "5mm")
    py = calib.kn_fit("johnson", material="steel", dR="5mm")
    for key in ("K", "n", "max_err"):
        assert py[key] == cli[key], key
    # The standard errors come from Ceres' covariance, which calls LAPACK/BLAS: numpy loads its
    # OpenBLAS into the Python process first, and that BLAS sums in another order than the one the
    # CLI process links (K_se 17.02796327445089 against ...093 measured): equal to 1e-13 relative.
    for key in ("K_se", "n_se"):
        assert abs(py[key] - cli[key]) <= 1e-13 * abs(cli[key]), key
    assert abs(py["n"] - 1.133) < 5e-4  # PINSLOT Table 4, dR = 5 mm
    em = calib.effective_mass(SYSTEM)
    assert same_record(em, {**cli_json("effective-mass", "--system", SYSTEM), "system": em["system"]})
    assert abs(em["m_eff"] - 0.8015) < 5e-5  # NP Example 4


def test_effective_mass_from_a_dict_equals_the_file():
    # NP Example 1 (rod pinned at O, tip on a wall) written as a dict: m/(3 cos^2 theta), eq. 40.
    theta = np.radians(30.0)
    system = {"body": [{"name": "rod", "mass": 1.0, "length": 1.0, "x": 0.5 * np.sin(theta),
                        "y": -0.5 * np.cos(theta), "angle_deg": 30.0 - 90.0}],
              "joint": [{"type": "revolute", "body_i": "ground", "body_j": "rod", "point_j": [-0.5, 0.0]}],
              "contact": {"body_i": "rod", "point_i": [0.5, 0.0], "body_j": "ground", "normal": [1.0, 0.0]}}
    assert calib.effective_mass(system)["m_eff"] == pytest.approx(1.0 / (3 * np.cos(theta) ** 2), rel=1e-12)


def test_arrays_broadcast_and_agree_with_scalars():
    e = np.array([0.3, 0.6, 0.9])
    n = np.array([[1.0], [1.5], [2.0]])
    arr = calib.impact("poursina-nikravesh", e, n=n, m=2.0, k=1e7, v=0.3)
    assert arr["e_out"].shape == (3, 3)
    for i in range(3):
        for j in range(3):
            one = calib.impact("poursina-nikravesh", e[j], n=n[i, 0], m=2.0, k=1e7, v=0.3)
            for key in ("e", "n", "e_out", "delta_max", "t_contact", "peak_force", "c"):
                assert arr[key][i, j] == one[key], key
            assert arr["status"][i, j] == one["status"]
    c = calib.c_opt(e, m=2.0, k=1e7, v=0.3, n=n, method="ode")
    assert c.shape == (3, 3)
    assert c[1, 2] == calib.c_opt(0.9, m=2.0, k=1e7, v=0.3, n=1.5, method="ode")
    cal = calib.calibrate("gonthier", e)
    assert list(cal["h"]) == [calib.calibrate("gonthier", x)["h"] for x in e]
    z = calib.ExactDamping.zeta(e, n=1.5)
    assert z[1] == calib.ExactDamping.zeta(0.6, n=1.5)


def test_parallel_results_are_deterministic():
    rng = np.random.default_rng(7)
    e, n = rng.uniform(0.1, 1.0, 2000), rng.uniform(1.0, 2.0, 2000)
    a = calib.c_opt(e, m=1.0, k=1e6, v=1.0, n=n, method="ode", threads=2)
    b = calib.c_opt(e, m=1.0, k=1e6, v=1.0, n=n, method="ode", threads=1)
    assert np.array_equal(a, b)


@pytest.mark.parametrize("call,word", [
    (lambda: calib.impact("gonthier", [0.5, 0.6], n=[1.0, 1.5, 2.0], m=2.0, k=1e7, v=0.3), "broadcast"),
    (lambda: calib.impact("gonthier", float("nan"), m=2.0, k=1e7, v=0.3), "e must be a finite number"),
    (lambda: calib.impact("gonthier", 1.5, m=2.0, k=1e7, v=0.3), "e"),
    (lambda: calib.impact("gonthier", 0.0, m=2.0, k=1e7, v=0.3), "e"),
    (lambda: calib.impact("gonthier", 0.5, n=2.5, m=2.0, k=1e7, v=0.3), "^n "),
    (lambda: calib.impact("gonthier", 0.5, n=0.5, m=2.0, k=1e7, v=0.3), "n"),
    (lambda: calib.impact("gonthier", 0.5, m=0.0, k=1e7, v=0.3), "^m: '0' = 0 kg is outside the accepted range of a mass"),
    (lambda: calib.impact("gonthier", 0.5, m=-1.0, k=1e7, v=0.3), "m"),
    (lambda: calib.impact("no-such-model", 0.5, m=2.0, k=1e7, v=0.3), "unknown model"),
    (lambda: calib.c_opt(0.5, m=[1.0, -1.0], k=1e7, v=0.3, n=1.5), "m"),
    (lambda: calib.c_opt([0.5, np.nan], m=1.0, k=1e7, v=0.3, n=1.5), "e"),
    (lambda: calib.c_opt(0.5, m=1.0, k=1e7, v=0.3, n=1.5, method="hunt-crossley"), "linear-damper"),
    (lambda: calib.impact("gonthier", 0.5, clamp="maybe", m=2.0, k=1e7, v=0.3), "clamp"),
    (lambda: calib.kn_fit("johnson", E="207GPa", nu=0.6, dR="5mm"), "nu"),
    (lambda: calib.kn_fit_data([1, 2], [1, 2, 3]), "length"),
    (lambda: calib.effective_mass("/nonexistent.toml"), "nonexistent"),
    (lambda: calib.run_study("no-such-study"), "unknown study"),
])
def test_bad_input_raises_value_error_naming_the_argument(call, word):
    with pytest.raises(ValueError, match=word):
        call()


def test_the_message_is_the_clis():
    cli = subprocess.run([CLI, "impact", "--model", "gonthier", "--e", "0.5", "--n", "2.5", "--m", "2", "--k", "1e7",
                          "--v", "0.3"], capture_output=True, text=True)
    with pytest.raises(ValueError) as err:
        calib.impact("gonthier", 0.5, n=2.5, m=2.0, k=1e7, v=0.3)
    assert str(err.value) in cli.stderr


def test_failed_computation_raises_compute_error():
    # The Dubowsky-Freudenstein law turns over (delta(W) stops increasing) below W = 1000 N/mm for
    # a 0.1 mm clearance: a failed computation, not bad input (PINSLOT Table 1 decoding).
    with pytest.raises(calib.ComputeError, match="increasing"):
        calib.kn_fit("dubowsky-freudenstein", material="steel", dR="0.1mm", W_max="1e5N/mm")


def test_gil_is_released_during_a_long_call():
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    t = threading.Thread(target=ticker)
    t.start()
    time.sleep(0.01)
    before = len(ticks)
    e = np.linspace(0.05, 0.99, 100000)
    start = time.perf_counter()
    calib.c_opt(e, m=1.0, k=1e6, v=1.0, n=1.5, method="ode")
    elapsed = time.perf_counter() - start
    during = len([x for x in ticks if start <= x <= start + elapsed])
    stop.set()
    t.join()
    assert elapsed > 0.05
    # With the GIL held the ticker could not run at all during the call.
    assert during >= max(5, 0.2 * elapsed / 0.001), (during, elapsed, before)


def test_run_study_writes_results(tmp_path):
    run = calib.run_study("effective-mass", out=tmp_path / "em")
    assert "0.4527" in run["summary"]  # NP Example 3 (paper 0.45)
    assert (tmp_path / "em" / "examples.csv").exists()
    # Every file written is listed: examples.csv, the two sweeps of configs/effective_mass.toml,
    # each with its sidecar.
    names = sorted(os.path.basename(f) for f in run["files"])
    assert "examples.csv" in names and "examples.csv.meta.json" in names
    assert len(names) == len(os.listdir(tmp_path / "em")), names


def test_simulate_out_writes_the_files_of_the_cli(tmp_path):
    # The same library function (dynamics::write_run) as `calib simulate --out`: same bytes.
    calib.simulate("configs/systems/bouncing_ball.toml", out=tmp_path / "py")
    subprocess.run([CLI, "simulate", "--system", "configs/systems/bouncing_ball.toml", "--out",
                    str(tmp_path / "cli")], check=True, capture_output=True)
    for name in ("series.csv", "impacts.csv"):
        assert (tmp_path / "py" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes()


def _stiff_clearance_crank():
    """The clearance slider-crank bench as a dict with friction = 10 on its joint (μ's documented
    range is [0, 10]): a sticking journal needs steps near 2e-10 s (the lock's slope μF_n/v_r)."""
    import tomllib
    with open(os.path.join(SRC, "configs/systems/slider_crank_clearance.toml"), "rb") as fh:
        system = tomllib.load(fh)
    system["joint"][2]["friction"] = 10.0
    assert system["joint"][2]["name"] == "joint-B"
    return system


def test_simulate_open_contact_and_budget_give_the_cli_verdicts(tmp_path):
    """The verdicts of `calib simulate` (tests/cli/simulate_test.cpp) from Python: a contact open
    at t_end has status "open" and None for t_end, v_out, e and impulse, and is left out of a mean
    of e; a spent step budget raises ComputeError naming the contact and keeps the partial files
    in <out>.partial; a budget of 0 steps is a ValueError naming max_steps."""
    ball = os.path.join(SRC, "configs/systems/bouncing_ball.toml")
    # 1.139 s falls inside the second bounce (1.13849-1.13991 s in the file's full run).
    rec = calib.simulate(ball, t_end=1.139)
    assert [i["status"] for i in rec["impacts"]] == ["closed", "open"]
    assert all(rec["impacts"][1][k] is None for k in ("t_end", "v_out", "e", "impulse"))
    closed = [i["e"] for i in rec["impacts"] if i["status"] == "closed"]
    assert np.mean(closed) == pytest.approx(0.8266534853267911, abs=1e-9)  # the first bounce's e
    assert rec["series"]["t"][-1] == 1.139  # the series ends at t_end exactly
    with pytest.raises(calib.ComputeError, match=r"max_steps = 2000\).*contact 'joint-B'"):
        calib.simulate(_stiff_clearance_crank(), t_end=0.002, max_steps=2000, out=tmp_path / "o")
    assert not (tmp_path / "o" / "series.csv").exists()
    assert (tmp_path / "o.partial" / "series.csv").exists()
    with pytest.raises(ValueError, match="max_steps"):
        calib.simulate(ball, max_steps=0)
    with pytest.raises(TypeError, match="max_steps"):
        calib.simulate(ball, max_steps=1.5)


def test_models_catalog():
    names = [m["name"] for m in calib.models()]
    assert "poursina-nikravesh" in names and len(names) == len(set(names))
    assert "kn-fit" in calib.studies()


def test_models_and_exact_damping_equal_cli():
    cli = json.loads(subprocess.run([CLI, "models", "--format", "json"], check=True, capture_output=True,
                                    text=True).stdout)
    py = calib.models()
    assert [m["name"] for m in py] == [m["name"] for m in cli]
    for a, b in zip(py, cli):
        for key in ("family", "description", "source", "validity", "default_clamp", "exact", "fixed_n"):
            assert a[key] == b[key], (a["name"], key)
    copt = cli_json("copt", "--e", "0.7", "--n", "1.25", "--m", "2", "--k", "1e7", "--v", "0.3", "--method", "exact")
    assert calib.ExactDamping.zeta(0.7, n=1.25) == copt["zeta"]
    assert calib.ExactDamping.limit_ratio(1.0) == pytest.approx(2.0 / np.pi, rel=1e-15)  # PN2020 eq. 57


# Two glass beads meeting at 1 m/s (the contact of the expected values in tests/codes).
GLASS = {"E": 7e10, "nu": 0.22, "radius": 1e-3, "density": 2500.0, "v": 1.0}
GLASS_CLI = ["--E", "7e10", "--nu", "0.22", "--radius", "1e-3", "--density", "2500", "--v", "1"]


def test_input_for_matches_the_cli_record():
    """calib.input_for is `calib input-for --format json` (issue #18)."""
    rec = calib.input_for("lammps", 0.5, **GLASS)
    cli = json.loads(subprocess.run([CLI, "input-for", "lammps", "--e", "0.5", "--format", "json", *GLASS_CLI],
                                    capture_output=True, text=True, check=True).stdout)
    assert rec["input_value"] == cli["input_value"]
    assert rec["e_if_typed"] == pytest.approx(0.6160760312, abs=1e-9)  # closed form, tests/codes
    assert rec["version"] == "20220106"
    assert "damping tsuji" in rec["snippet"]


def test_input_for_errors():
    with pytest.raises(ValueError, match="abaqus"):
        calib.input_for("abaqus", 0.5, **GLASS)
    with pytest.raises(calib.ComputeError, match=r"0\.2137"):
        calib.input_for("liggghts", 0.1, clamp=True, **GLASS)  # below what e > 0.05 reaches with limitForce
    with pytest.raises(ValueError, match="clamp"):
        calib.input_for("chrono", 0.5, clamp=False, **GLASS)  # the core always clamps
    assert {law["code"] for law in calib.code_laws()} >= {"lammps", "liggghts", "chrono", "mujoco"}


def test_simulate_matches_the_cli_record():
    """calib.simulate is `calib simulate --format json` plus the series as arrays (issue #16)."""
    planar = os.path.join(SRC, "configs/systems/two_pendulums_planar.toml")
    rec = calib.simulate(planar, model="flores", t_end=4.0)
    cli = json.loads(subprocess.run([CLI, "simulate", "--system", planar, "--model", "flores",
                                     "--t-end", "4", "--format", "json"],
                                    capture_output=True, text=True, check=True).stdout)
    assert [i["t_start"] for i in rec["impacts"]] == [i["t_start"] for i in cli["impacts"]]
    assert rec["constraints"]["max_drift"] <= 1e-8
    s = rec["series"]
    assert s["t"].shape == s["rod1"]["omega"].shape and s["t"][-1] == pytest.approx(4.0)
    # The final state of the series is the record's "final" (the same sample).
    assert s["rod2"]["omega"][-1] == pytest.approx(rec["final"]["rod2"]["omega"], rel=1e-12)
    # The piecewise method gives e exactly (impulse-momentum, NP eq. 28).
    pw = calib.simulate(planar, method="piecewise", e=0.5, t_end=2.0)
    assert pw["impacts"][0]["e"] == pytest.approx(0.5, abs=1e-12)


def test_simulate_takes_a_dict():
    """A system built in Python: a ball (SF2020 §8, Table 3) dropped from 1 m; the first impact
    speed is sqrt(2 g (H0 - R)) = 4.2 m/s exactly (SF2020 eq. 63), and the piecewise e is e."""
    ball = {"type": "bouncing-ball", "name": "ball_from_python",
            "ball": {"mass": 1.0, "radius": 0.1, "height": 1.0},
            "gravity": {"g": 9.8},
            "contact": {"model": "linear-damper", "e": 0.6, "k": 1.4e8, "n": 1.5},
            "simulate": {"t_end": 1.0, "method": "piecewise"}}
    rec = calib.simulate(ball)
    assert rec["system"] == "ball_from_python"
    assert rec["impacts"][0]["v_in"] == pytest.approx(4.2, abs=1e-9)
    assert rec["impacts"][0]["e"] == pytest.approx(0.6, abs=1e-12)
    with pytest.raises(ValueError, match="radius"):
        calib.simulate({**ball, "ball": {"mass": 1.0, "radius": -0.1, "height": 1.0}})


def test_simulate_clearance_bench_from_a_path_and_a_dict():
    """The clearance slider-crank from its file and as a dict (the same TOML read by tomllib):
    the same contacts as `calib simulate --format json` (same library: exact equality), and the
    per-contact series' force peaks below the refined peak force of the records."""
    import tomllib
    path = os.path.join(SRC, "configs/systems/slider_crank_clearance.toml")
    with open(path, "rb") as fh:
        as_dict = tomllib.load(fh)
    cli = json.loads(subprocess.run([CLI, "simulate", "--system", path, "--format", "json"],
                                    capture_output=True, text=True, check=True).stdout)
    for rec in (calib.simulate(path), calib.simulate(as_dict)):
        assert [i["t_start"] for i in rec["impacts"]] == [i["t_start"] for i in cli["impacts"]]
        assert rec["impacts"][0]["region"] == "joint-B"
        force = rec["series"]["contacts"]["joint-B"]["force"]
        assert 0 < force.max() <= max(i["peak_force"] for i in rec["impacts"])


def test_simulate_scotch_yoke_bench_from_a_path_and_a_dict():
    """The PINSLOT Scotch yoke (pin-in-slot, kn_model law fitted at load) from its file and as
    a dict: the same contacts, regions and laws (K, n) as `calib simulate --format json` (same
    library: exact equality; K and n against `calib kn-fit` are checked by
    dynamics_scotch_yoke_bench)."""
    import tomllib
    path = os.path.join(SRC, "configs/systems/scotch_yoke.toml")
    with open(path, "rb") as fh:
        as_dict = tomllib.load(fh)
    cli = json.loads(subprocess.run([CLI, "simulate", "--system", path, "--format", "json"],
                                    capture_output=True, text=True, check=True).stdout)
    assert len(cli["impacts"]) > 10
    for rec in (calib.simulate(path), calib.simulate(as_dict)):
        assert [(i["t_start"], i["region"]) for i in rec["impacts"]] == [
            (i["t_start"], i["region"]) for i in cli["impacts"]]
        assert [(law["k"], law["n"]) for law in rec["laws"]] == [
            (law["k"], law["n"]) for law in cli["laws"]]
        assert {i["region"] for i in rec["impacts"]} <= {law["region"] for law in rec["laws"]}
        regions = rec["series"]["contacts"]["slot"]["region"]
        assert len(regions) == len(rec["series"]["t"])
        assert set(regions) <= {law["region"] for law in rec["laws"]}


def test_simulate_friction_work():
    """Clearance friction (docs/config.md) on the slider-crank's joint: the friction work
    W_f = int F_t v_t dt is a series and the record's total (the series' last value, to 1e-12:
    the same state at t_end, from the dense output of possibly different steps); it never increases, since the law's power F_t v_t = -mu |F_n| v_t^2/sqrt(v_t^2 + v_r^2)
    is <= 0. Without friction neither key exists."""
    import tomllib
    path = os.path.join(SRC, "configs/systems/slider_crank_clearance.toml")
    with open(path, "rb") as fh:
        system = tomllib.load(fh)
    next(j for j in system["joint"] if j["type"] == "revolute-clearance")["friction"] = 0.1
    rec = calib.simulate(system, t_end=0.01)
    work = rec["series"]["friction_work"]
    assert work[0] == 0 and work[-1] < 0 and np.all(np.diff(work) <= 0)
    assert rec["friction_work"] == pytest.approx(work[-1], rel=1e-12)
    assert rec.units["friction_work"] == "J"
    plain = calib.simulate(path, t_end=0.01)
    assert "friction_work" not in plain and "friction_work" not in plain["series"]


def test_simulate_errors():
    with pytest.raises(ValueError, match="method"):
        calib.simulate("configs/systems/bouncing_ball.toml", method="implicit")
    with pytest.raises(ValueError, match=r"e \(coefficient of restitution\) must be in \(0, 1\], got 1.5"):
        calib.simulate("configs/systems/bouncing_ball.toml", e=1.5)
    with pytest.raises(ValueError, match="no_such"):
        calib.simulate("configs/systems/no_such.toml")


def test_physical_inputs_have_no_default():
    """m, k, v (and input_for's material, size, speed) are required where a result is dimensional;
    calibrate without any of m, k, v gives the dimensionless damping alone (the CLI's verdicts)."""
    with pytest.raises(ValueError, match=r"^c_opt: m, k and v are required"):
        calib.c_opt(0.5)
    with pytest.raises(ValueError, match=r"^impact: k and v are required"):
        calib.impact("hunt-crossley", 0.5, m=1.0)
    with pytest.raises(ValueError, match=r"^calibrate: v is required"):
        calib.calibrate("gonthier", 0.5, m=1.0, k=1e7)
    with pytest.raises(ValueError, match=r"^input_for: radius, density and v are required"):
        calib.input_for("lammps", 0.5, E=7e10, nu=0.22)
    with pytest.raises(ValueError, match=r"v_char \(--v-char\) is required"):
        calib.input_for("liggghts", 0.5, model="hooke", **GLASS)
    alone = calib.calibrate("gonthier", 0.5)
    full = calib.calibrate("gonthier", 0.5, m=2.0, k=1e7, v=0.3)
    assert "C" not in alone and "m" not in alone and alone["h"] == full["h"]  # h* does not scale
    arr = calib.calibrate("linear-damper", np.array([0.3, 0.6]))
    assert sorted(arr) == ["e", "e_out", "n", "solves", "zeta"]
    assert list(arr["zeta"]) == [calib.calibrate("linear-damper", x)["zeta"] for x in (0.3, 0.6)]
    cli = subprocess.run([CLI, "calibrate", "--model", "gonthier", "--e", "0.5", "--format", "json"],
                         capture_output=True, text=True, check=True)
    assert json.loads(cli.stdout)["h"] == alone["h"]
