// `calib sweep` as a Slurm array task runs it (--shard auto from the SLURM_ARRAY_* variables,
// --out with {shard}) and `calib sweep --example`, through the real binary. The scheduler itself
// is in tests/cluster; here the variables are set by hand, as sbatch --array=0-3 sets them.
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "shell.hpp"

namespace fs = std::filesystem;
using calib_test::slurp;

namespace {

const std::string kCli = CALIB_CLI;
const std::string kConfig = std::string(CALIB_SOURCE_DIR) + "/configs/sweeps/copt_grid.toml";

// `calib ARGS` with the environment ENV (VAR=value ..., every SLURM_ variable of the test's own
// environment removed first), from `dir`: exit status, stdout + stderr.
ShellRun calib_in(const fs::path& dir, const std::string& env, const std::string& args) {
  return run_shell("cd '" + dir.string() +
                   "' && env -u SLURM_ARRAY_TASK_ID -u SLURM_ARRAY_TASK_COUNT "
                   "-u SLURM_ARRAY_TASK_MIN -u SLURM_ARRAY_TASK_MAX " +
                   env + " '" + kCli + "' " + args + " 2>&1");
}

std::string task_env(int id, int count) {
  return "SLURM_ARRAY_TASK_ID=" + std::to_string(id) +
         " SLURM_ARRAY_TASK_COUNT=" + std::to_string(count) +
         " SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_MAX=" + std::to_string(count - 1);
}

bool contains(const std::string& text, const std::string& token) {
  return text.find(token) != std::string::npos;
}

}  // namespace

TEST(SweepArray, AutoShardsMergeToTheSingleRun) {
  // Expected bytes: the same config run in one process (the engine writes the same file for any
  // shard split: its determinism contract, tests/sweep/sweep_test.cpp).
  const fs::path d = calib_test::fresh_dir("calib_array_", "merge");
  ASSERT_EQ(calib_in(d, "", "sweep --quiet --config " + kConfig + " --out single.csv").code, 0);
  std::string parts;
  for (int i = 0; i < 4; ++i) {
    const ShellRun r = calib_in(
        d, task_env(i, 4),
        "sweep --quiet --shard auto --config " + kConfig + " --out 'out/part_{shard}.csv'");
    ASSERT_EQ(r.code, 0) << r.out;
    ASSERT_TRUE(fs::exists(d / "out" / ("part_" + std::to_string(i) + ".csv.meta.json")));
    parts += " out/part_" + std::to_string(i) + ".csv";
  }
  EXPECT_FALSE(fs::exists(d / "out" / "part_{shard}.csv"));
  ASSERT_EQ(calib_in(d, "", "merge --out merged.csv" + parts).code, 0);
  EXPECT_TRUE(slurp(d / "merged.csv") == slurp(d / "single.csv"));
}

TEST(SweepArray, AutoOutsideAnArrayExitsTwoNamingTheVariables) {
  const fs::path d = calib_test::fresh_dir("calib_array_", "refused");
  const std::string args =
      "sweep --quiet --shard auto --config " + kConfig + " --out part_{shard}.csv";
  const ShellRun none = calib_in(d, "", args);
  EXPECT_EQ(none.code, 2) << none.out;
  EXPECT_TRUE(contains(none.out, "SLURM_ARRAY_TASK_ID is not set")) << none.out;
  // --array=0-6:2: four tasks but MAX − MIN + 1 = 7; shards 1, 3, 5 would never run.
  const ShellRun step = calib_in(d, task_env(2, 7) + " SLURM_ARRAY_TASK_COUNT=4", args);
  EXPECT_EQ(step.code, 2) << step.out;
  EXPECT_TRUE(contains(step.out, "SLURM_ARRAY_TASK_COUNT=4 but SLURM_ARRAY_TASK_MAX=6"))
      << step.out;
  EXPECT_TRUE(fs::is_empty(d)) << "a refused run wrote a file";
}

TEST(SweepArray, ExamplePrintsAConfigThatRunsAsItIs) {
  const fs::path d = calib_test::fresh_dir("calib_array_", "example");
  const ShellRun printed = calib_in(d, "", "sweep --example");
  ASSERT_EQ(printed.code, 0) << printed.out;
  // Every key the sweep reader accepts is explained (docs/config.md lists the same keys).
  for (const char* key : {"kernel =",
                          "model =",
                          "[fixed]",
                          "e ",
                          "n ",
                          "m ",
                          "k ",
                          "v ",
                          "clamp",
                          "[space]",
                          "combine =",
                          "values =",
                          "linspace =",
                          "logspace =",
                          "range =",
                          "random =",
                          "samples =",
                          "seed =",
                          "max_points =",
                          "[solver]",
                          "rel_tol =",
                          "abs_tol =",
                          "cor_rel_tol =",
                          "calibration_rel_tol =",
                          "calibration_abs_tol =",
                          "verify =",
                          "[kg]",
                          "[N/m^n]",
                          "[m/s]"})
    EXPECT_TRUE(contains(printed.out, key)) << "--example does not explain " << key;
  calib_test::put(d / "example.toml", printed.out);
  const ShellRun run = calib_in(d, "", "sweep --quiet --config example.toml --out example.csv");
  ASSERT_EQ(run.code, 0) << run.out;
  // The example's space: n in {1.0, 1.5} x 5 values of e = 10 points, each calibrated so that
  // |e_out - e|/e <= cor_rel_tol = 1e-10 (the [solver] value it prints).
  const std::string csv = slurp(d / "example.csv");
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "point,e,n,zeta,c[N*s/m],e_out,solves,status");
  int rows = 0;
  while (std::getline(lines, line)) {
    ++rows;
    double e = 0, e_out = 0;
    char status[8] = {};
    ASSERT_EQ(std::sscanf(line.c_str(), "%*d,%lf,%*f,%*f,%*f,%lf,%*d,%7s", &e, &e_out, status), 3)
        << line;
    EXPECT_NEAR(e_out, e, 1e-10 * e) << line;
    EXPECT_STREQ(status, "ok") << line;
  }
  EXPECT_EQ(rows, 10);
  const ShellRun both = calib_in(d, "", "sweep --example --config example.toml");
  EXPECT_EQ(both.code, 2) << both.out;
  const ShellRun neither = calib_in(d, "", "sweep");
  EXPECT_EQ(neither.code, 2) << neither.out;
  EXPECT_TRUE(contains(neither.out, "--config is required (calib sweep --example")) << neither.out;
}
