// `calib simulate` (issue #16): the JSON record of the issue, the CSV outputs with units.
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
