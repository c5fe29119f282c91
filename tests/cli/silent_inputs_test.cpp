// Inputs that could pass silently (exit 0 on nonsense or a wrong result): each must exit 2
// naming the field and value (InputError) or 1 saying why the computation failed (ComputeError),
// and write nothing it should not. Through the real `calib` binary.
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "shell.hpp"
#include "../test_support.hpp"

namespace fs = std::filesystem;

namespace {

const std::string kCli = CALIB_CLI;
const std::string kSource = CALIB_SOURCE_DIR;

// Runs `calib ARGS` from `cwd` (bash), stdout + stderr.
ShellRun run_calib(const std::string& args, const fs::path& cwd = fs::temp_directory_path()) {
  return run_shell("cd '" + cwd.string() + "' && '" + kCli + "' " + args + " 2>&1");
}

fs::path fresh(const std::string& name) { return calib_test::fresh_dir("calib_silent_", name); }

fs::path write(const fs::path& file, const std::string& text) {
  std::ofstream(file) << text;
  return file;
}

bool contains(const std::string& text, const std::string& token) {
  return text.find(token) != std::string::npos;
}

}  // namespace

TEST(SilentInputs, StudyStemCannotLeaveTheOutputFolder) {
  const fs::path d = fresh("stem");
  fs::create_directories(d / "a" / "b");
  const fs::path cfg =
      write(d / "em.toml", "[[sweep]]\nfile = '" + kSource +
                               "/configs/effmass/np_example4_slider_crank.toml'\n"
                               "coordinate = 'crank.angle'\nfrom = 0\nto = 90\ncount = 3\n"
                               "stem = '../../escaped'\n");
  const auto r = run_calib("effective-mass --quiet --config '" + cfg.string() + "' --out a/b/out", d);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "sweep[0].stem") || contains(r.out, "stem")) << r.out;
  EXPECT_TRUE(contains(r.out, "../../escaped")) << r.out;
  EXPECT_FALSE(fs::exists(d / "a" / "escaped.csv"));
  EXPECT_FALSE(fs::exists(d / "escaped.csv"));
}

TEST(SilentInputs, MagnitudesBeyondPhysicsAreRefusedBeforeTheyOverflow) {
  // c = ζ m v/δ_m would overflow at m = v = 1e308: the accepted ranges of core/units (a mass in
  // [1e-18, 1e9] kg, a speed in [1e-9, 1e4] m/s) refuse it as input, naming the flag.
  for (const char* model : {"linear-damper", "gonthier"}) {
    const auto r = run_calib(std::string("calibrate --model ") + model + " --e 0.5 --v 1e308 --m 1e308");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_TRUE(contains(r.out, "--m: '1e308' = 1e+308 kg is outside the accepted range of a mass, "
                                "[1e-18, 1e+09] kg")) << r.out;
  }
  const auto v = run_calib("impact --e 0.5 --v 3e8 --m 2 --k 1e7");
  EXPECT_EQ(v.code, 2) << v.out;
  EXPECT_TRUE(contains(v.out, "--v: '3e8' = 3e+08 m/s is outside the accepted range of an impact "
                              "speed, [1e-09, 10000] m/s")) << v.out;
}

TEST(SilentInputs, RelTolBelowWhatDoublesHonourIsRefused) {
  for (const char* cmd : {"calibrate", "impact"}) {
    const auto r = run_calib(std::string(cmd) + " --e 0.5 --rel-tol 1e-30 --m 2 --k 1e7 --v 0.3");
    EXPECT_EQ(r.code, 2) << cmd << ": " << r.out;
    EXPECT_TRUE(contains(r.out, "rel_tol must be in [1e-15, 1)")) << r.out;
    EXPECT_TRUE(contains(r.out, "1e-30")) << r.out;
  }
  // The bound itself is honoured and echoed.
  const auto ok = run_calib("calibrate --e 0.5 --rel-tol 1e-15 --format json");
  EXPECT_EQ(ok.code, 0) << ok.out;
  EXPECT_TRUE(contains(ok.out, "\"rel_tol\": 1e-15")) << ok.out;
}

TEST(SilentInputs, PlotRefusesAFormatItCannotDraw) {
  const fs::path d = fresh("plot");
  fs::create_directories(d / "in");
  const auto r = run_calib("plot rms-table --in in --out figs --formats bmp", d);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "--formats must be png or svg, got 'bmp'")) << r.out;
  EXPECT_FALSE(fs::exists(d / "figs"));
}

TEST(SilentInputs, RunAllRefusesAMissingOrEmptyConfigFolder) {
  const fs::path d = fresh("run_all");
  fs::create_directories(d / "empty");
  write(d / "empty" / "unrelated.toml", "x = 1\n");
  const auto missing = run_calib("run-all --configs nowhere --out res", d);
  EXPECT_EQ(missing.code, 2) << missing.out;
  EXPECT_TRUE(contains(missing.out, "--configs: folder not found: nowhere")) << missing.out;
  const auto empty = run_calib("run-all --configs empty --out res", d);
  EXPECT_EQ(empty.code, 2) << empty.out;
  EXPECT_TRUE(contains(empty.out, "holds no study config")) << empty.out;
  EXPECT_FALSE(fs::exists(d / "res"));
}

TEST(SilentInputs, RmsTableRefusesAnEmptyAxis) {
  const fs::path d = fresh("rms_empty");
  for (const auto& [body, field] :
       {std::pair<std::string, std::string>{"[table]\na = []\n", "table.a"},
        {"[table]\nb = []\n", "table.b"},
        {"[numerical]\nformulas = []\n", "numerical.formulas"}}) {
    const fs::path cfg = write(d / "rms.toml", body);
    const auto r = run_calib("rms-table --quiet --config rms.toml --out out", d);
    EXPECT_EQ(r.code, 2) << body << r.out;
    EXPECT_TRUE(contains(r.out, field) && contains(r.out, "must list at least one entry")) << r.out;
    EXPECT_FALSE(fs::exists(d / "out"));
  }
}

TEST(SilentInputs, CalibrateRefusesTheExponentImpactRefuses) {
  // khulief-shabana is defined for n = 1 only (catalog fixed_n): one message from both doors.
  const auto cal = run_calib("calibrate --model khulief-shabana --e 0.5 --n 1.7");
  const auto imp = run_calib("impact --model khulief-shabana --e 0.5 --n 1.7 --m 2 --k 1e7 --v 0.3");
  EXPECT_EQ(cal.code, 2) << cal.out;
  EXPECT_EQ(imp.code, 2) << imp.out;
  const std::string msg = "model khulief-shabana is defined for n = 1 only, got n = 1.7";
  EXPECT_TRUE(contains(cal.out, msg)) << cal.out;
  EXPECT_TRUE(contains(imp.out, msg)) << imp.out;
}

TEST(SilentInputs, ValidateCustomFormulaNeedsItsOwnNameAndNonNegativeDamping) {
  const fs::path d = fresh("custom");
  write(d / "named.toml",
        "[formulas]\nnames = ['hunt-crossley']\n[[custom]]\nname = 'gonthier'\nc = '1'\n");
  const auto named = run_calib("validate --quiet --config named.toml --out out", d);
  EXPECT_EQ(named.code, 2) << named.out;
  EXPECT_TRUE(contains(named.out, "'gonthier' is a catalog model's name")) << named.out;
  write(d / "negative.toml",
        "[formulas]\nnames = ['hunt-crossley']\n[[custom]]\nname = 'mine'\nc = '-(1-e)'\n");
  const auto negative = run_calib("validate --quiet --config negative.toml --out out", d);
  EXPECT_EQ(negative.code, 2) << negative.out;
  // -(1 - 0.05) = -0.95 at the first probe e = 0.05.
  EXPECT_TRUE(contains(negative.out, "must give a finite damping >= 0; at e=0.05")) << negative.out;
  EXPECT_TRUE(contains(negative.out, "it gives -0.95")) << negative.out;
  EXPECT_FALSE(fs::exists(d / "out"));
}

TEST(SilentInputs, ShardWithTrailingTextIsRefused) {
  const fs::path cfg = fs::path(kSource) / "configs/sweeps/copt_grid.toml";
  for (const char* shard : {"1/2x", "1/2 ", " 1/2", "1//2", "1/"}) {
    const auto r = run_calib("sweep --quiet --config '" + cfg.string() +
                         "' --out /tmp/calib_silent_shard.csv --shard '" + shard + "'");
    EXPECT_EQ(r.code, 2) << shard << ": " << r.out;
    EXPECT_TRUE(contains(r.out, "--shard must be i/N")) << r.out;
  }
  EXPECT_FALSE(fs::exists("/tmp/calib_silent_shard.csv"));
}

TEST(SilentInputs, EmptyOutIsRefusedNotDefaulted) {
  const fs::path d = fresh("empty_out");
  for (const std::string args : {"rms-table --out ''", "run-all --out ''",
                                 "plot rms-table --out ''", "sweep --config x.toml --out ''"}) {
    const auto r = run_calib(args, d);
    EXPECT_EQ(r.code, 2) << args << ": " << r.out;
    EXPECT_TRUE(contains(r.out, "--out") && contains(r.out, "must be a path, got an empty value"))
        << r.out;
  }
  EXPECT_FALSE(fs::exists(d / "results"));
}

TEST(SilentInputs, NegativeSeedIsRefusedInEveryConfig) {
  const fs::path d = fresh("seed");
  write(d / "v.toml", "[grid]\nseed = -1\n");
  const auto v = run_calib("validate --quiet --config v.toml --out out", d);
  EXPECT_EQ(v.code, 2) << v.out;
  EXPECT_TRUE(contains(v.out, "grid.seed (random seed) must be >= 0, got -1")) << v.out;
  write(d / "s.toml",
        "kernel = 'impact'\nmodel = 'gonthier'\n[fixed]\ne = 0.5\nm = 2.0\nk = 1e7\n[space]\n"
        "v = { random = { dist = 'uniform', from = 1, to = 2 } }\nsamples = 3\nseed = -1\n");
  const auto s = run_calib("sweep --quiet --config s.toml --out s.csv", d);
  EXPECT_EQ(s.code, 2) << s.out;
  EXPECT_TRUE(contains(s.out, "seed (random seed) must be >= 0, got -1")) << s.out;
  EXPECT_FALSE(fs::exists(d / "s.csv"));
}
