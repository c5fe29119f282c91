// `calib simulate`: the JSON record of the issue, the CSV outputs with units.
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "shell.hpp"

TEST(CliSimulate, BouncingBallJsonAndCsv) {
  const std::string sys = std::string(CALIB_SOURCE_DIR) + "/configs/systems/bouncing_ball.toml";
  const std::filesystem::path out = std::filesystem::temp_directory_path() / "calib_cli_simulate";
  std::filesystem::remove_all(out);
  const ShellRun r = run_shell(std::string(CALIB_CLI) + " simulate --system " + sys +
                               " --format json --out " + out.string() + " 2>&1");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["system"], "bouncing_ball");
  EXPECT_EQ(j["method"], "continuous");
  ASSERT_GE(j["impacts"].size(), 5u);
  for (const char* key : {"t_start", "t_end", "v_in", "v_out", "e", "delta_max", "peak_force",
                          "impulse", "after"})
    EXPECT_TRUE(j["impacts"][0].contains(key)) << key;
  EXPECT_NEAR(j["impacts"][0]["v_in"].get<double>(), 4.2, 1e-9);  // SF2020 eq. 63
  EXPECT_TRUE(j["final"].contains("ball"));
  std::ifstream series(out / "series.csv");
  std::string header;
  std::getline(series, header);
  EXPECT_EQ(header.substr(0, 22), "t[s],ball.x[m],ball.y[");
  EXPECT_TRUE(std::filesystem::exists(out / "impacts.csv"));
  std::filesystem::remove_all(out);
  // CSV: the impact table with units in the header.
  const std::string csv = run_shell(std::string(CALIB_CLI) + " simulate --system " + sys + " --format csv").out;
  EXPECT_EQ(csv.substr(0, 48), "contact,t_start[s],t_end[s],v_in[m/s],v_out[m/s]");
  // The piecewise method reproduces e exactly.
  const auto p = nlohmann::json::parse(
      run_shell(std::string(CALIB_CLI) + " simulate --system " + sys + " --method piecewise --format json").out);
  EXPECT_NEAR(p["impacts"][0]["e"].get<double>(), 0.8, 1e-12);
}

TEST(CliSimulate, PlanarMultibodyFileReportsItsDriftAndMatchesTheHandDerivedSystem) {
  // The planar two pendulums (dependent coordinates, two revolute joints) through the CLI: the
  // JSON carries the drift reached under its bound, and the impact times equal those of the
  // generalized-coordinate file to 1e-8 s (tests/dynamics/planar_multibody_test.cpp has the rest).
  const std::string dir = std::string(CALIB_SOURCE_DIR) + "/configs/systems/";
  const auto planar = nlohmann::json::parse(
      run_shell(std::string(CALIB_CLI) + " simulate --system " + dir + "two_pendulums_planar.toml --format json").out);
  const auto hand = nlohmann::json::parse(
      run_shell(std::string(CALIB_CLI) + " simulate --system " + dir + "two_pendulums.toml --format json").out);
  ASSERT_TRUE(planar.contains("constraints"));
  EXPECT_EQ(planar["constraints"]["count"], 4);
  EXPECT_LE(planar["constraints"]["max_drift"].get<double>(), 1e-8);
  EXPECT_FALSE(hand.contains("constraints"));
  ASSERT_EQ(planar["impacts"].size(), 3u);
  ASSERT_EQ(hand["impacts"].size(), 3u);
  for (int k = 0; k < 3; ++k)
    EXPECT_NEAR(planar["impacts"][k]["t_start"].get<double>(),
                hand["impacts"][k]["t_start"].get<double>(), 1e-8);
  EXPECT_TRUE(planar["final"].contains("rod1"));
  EXPECT_TRUE(planar["final"].contains("rod2"));
  // A drift bound the run cannot hold is a failed computation: exit 1, saying why.
  const std::string tight = (std::filesystem::temp_directory_path() / "calib_tight.toml").string();
  {
    std::ifstream in(dir + "two_pendulums_planar.toml");
    std::string text((std::istreambuf_iterator<char>(in)), {});
    text.replace(text.find("drift_tol = 1e-8"), 16, "drift_tol = 1e-16");
    std::ofstream(tight) << text;
  }
  const ShellRun r = run_shell(std::string(CALIB_CLI) + " simulate --system " + tight + " 2>&1");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("drift_tol"), std::string::npos) << r.out;
  std::filesystem::remove(tight);
}
