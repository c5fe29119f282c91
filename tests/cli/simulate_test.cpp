// `calib simulate`: the JSON record of the issue, the CSV outputs with units.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
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

namespace {
std::string cli() { return std::string(CALIB_CLI); }
std::string systems_dir() { return std::string(CALIB_SOURCE_DIR) + "/configs/systems/"; }
std::vector<std::vector<std::string>> read_csv(const std::filesystem::path& file) {
  std::vector<std::vector<std::string>> rows;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cells;
    std::stringstream cells_of(line);
    for (std::string cell; std::getline(cells_of, cell, ',');) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    rows.push_back(cells);
  }
  return rows;
}
// The shipped file with `old` replaced by `replacement`, written to a scratch file.
std::string edited_system(const std::string& name, const std::string& old,
                          const std::string& replacement) {
  std::ifstream in(systems_dir() + name);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  text.replace(text.find(old), old.size(), replacement);
  const auto path = std::filesystem::temp_directory_path() / ("calib_edited_" + name);
  std::ofstream(path) << text;
  return path.string();
}
}  // namespace

TEST(CliSimulate, AContactOpenAtTEndIsOpenInJsonAndCsvAndTheSeriesEndsAtTEnd) {
  // Each t_end falls inside a contact (its start and end from the files' own full runs): the
  // seed ball's first bounce (0.42857-0.42993 s), the clearance slider-crank's first contact
  // (0.000227-0.000281 s) and the Scotch yoke's (0.00075-0.00186 s). The series has a row every
  // Δt and the last one at t_end exactly: t_end/Δt + 1 rows on the grid (0.00025/1e-5 = 25,
  // 0.001/2e-5 = 50), one more off it (0.4287/1e-3 = 428.7: 0, 1, ..., 428 ms and 0.4287 s).
  struct Run {
    std::string file, t_end;
    std::size_t rows;
  };
  for (const Run& run : {Run{"bouncing_ball.toml", "0.4287", 430},
                         Run{"slider_crank_clearance.toml", "0.00025", 26},
                         Run{"scotch_yoke.toml", "0.001", 51}}) {
    const auto out = std::filesystem::temp_directory_path() / "calib_cli_open_contact";
    std::filesystem::remove_all(out);
    const ShellRun r = run_shell(cli() + " simulate --system " + systems_dir() + run.file +
                                 " --t-end " + run.t_end + " --format json --out " +
                                 out.string() + " 2>&1");
    ASSERT_EQ(r.code, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    const auto& last = j["impacts"].back();
    EXPECT_EQ(last["status"], "open") << run.file;
    for (const char* key : {"t_end", "v_out", "e", "impulse"})
      EXPECT_TRUE(last[key].is_null()) << run.file << " " << key;
    EXPECT_GT(last["delta_max"].get<double>(), 0.0) << run.file;
    const auto impacts = read_csv(out / "impacts.csv");
    ASSERT_EQ(impacts.size(), j["impacts"].size() + 1) << run.file;
    for (int column : {2, 4, 5, 8})  // t_end, v_out, e, impulse: blank
      EXPECT_EQ(impacts.back().at(column), "") << run.file << " column " << column;
    const auto series = read_csv(out / "series.csv");
    EXPECT_EQ(series.size(), run.rows + 1) << run.file;  // with the header
    EXPECT_EQ(series.back().at(0), run.t_end) << run.file;
    std::filesystem::remove_all(out);
  }
  // A closed contact keeps its numbers: the ball's first bounce, run past its end.
  const auto closed = nlohmann::json::parse(
      run_shell(cli() + " simulate --system " + systems_dir() + "bouncing_ball.toml" +
                " --t-end 0.5 --format json").out);
  ASSERT_EQ(closed["impacts"].size(), 1u);
  EXPECT_EQ(closed["impacts"][0]["status"], "closed");
  EXPECT_NEAR(closed["impacts"][0]["e"].get<double>(), 0.8266534853267911, 1e-9);  // full run
}

TEST(CliSimulate, StiffFrictionSpendsTheStepBudgetNamingTheContactAndKeepsPartialOutput) {
  // friction = 10 (μ inside its documented range [0, 10]) on the clearance slider-crank's joint:
  // once the journal sticks, the lock's slope μF_n/v_r needs steps near 2e-10 s. A budget of
  // 3000 steps ends the run in the first contact: exit 1 naming the contact and the time
  // reached, the series and impacts up to there in <out>.partial, <out> left without them.
  const std::string sys = edited_system("slider_crank_clearance.toml", "n = 1.5\n",
                                        "n = 1.5\nfriction = 10\n");
  const auto out = std::filesystem::temp_directory_path() / "calib_cli_stiff";
  const std::filesystem::path partial = out.string() + ".partial";
  std::filesystem::remove_all(out);
  std::filesystem::remove_all(partial);
  const ShellRun r = run_shell(cli() + " simulate --system " + sys +
                               " --t-end 0.002 --max-steps 3000 --out " + out.string() + " 2>&1");
  EXPECT_EQ(r.code, 1) << r.out;
  for (const char* part : {"step budget spent (max_steps = 3000)", "contact 'joint-B'",
                           "friction_velocity", "calib_cli_stiff.partial"})
    EXPECT_NE(r.out.find(part), std::string::npos) << part << "\n" << r.out;
  EXPECT_FALSE(std::filesystem::exists(out / "series.csv"));
  const auto series = read_csv(partial / "series.csv");
  const auto impacts = read_csv(partial / "impacts.csv");
  ASSERT_GE(series.size(), 3u);
  // The last row is the time reached, which the message gives to 6 digits.
  const double reached = std::stod(series.back().at(0));
  EXPECT_LT(reached, 0.002);
  EXPECT_NE(r.out.find(fmt::format("at t = {:.6g} s", reached)), std::string::npos) << r.out;
  ASSERT_EQ(impacts.size(), 2u);          // header + the first contact, open
  EXPECT_EQ(impacts.back().at(2), "");    // t_end
  std::filesystem::remove_all(out);
  std::filesystem::remove_all(partial);
  // A budget that is no number of steps: exit 2 naming the flag.
  const ShellRun zero = run_shell(cli() + " simulate --system " + sys + " --max-steps 0 2>&1");
  EXPECT_EQ(zero.code, 2) << zero.out;
  EXPECT_NE(zero.out.find("--max-steps"), std::string::npos) << zero.out;
  std::filesystem::remove(sys);
}

TEST(CliSimulate, CtrlCStopsWithExit130AMessageAndThePartialOutput) {
  // The stiff run above without a budget it could spend soon; SIGINT once its progress line
  // shows it is stepping (the handler is installed by then): exit 130, "interrupted", partial.
  const std::string sys = edited_system("slider_crank_clearance.toml", "n = 1.5\n",
                                        "n = 1.5\nfriction = 10\n");
  const auto work = std::filesystem::temp_directory_path() / "calib_cli_sigint";
  std::filesystem::remove_all(work);
  std::filesystem::create_directories(work);
  const std::string err = (work / "err").string(), out = (work / "out").string();
  const ShellRun r = run_shell(
      cli() + " simulate --system " + sys + " --t-end 0.002 --progress --out " + out + " 2>" +
      err + " & pid=$!; for i in $(seq 600); do grep -q 'simulate: t =' " + err +
      " && break; sleep 0.05; done; kill -INT $pid; wait $pid; echo \"exit $?\"; cat " + err);
  EXPECT_NE(r.out.find("exit 130"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("calib: interrupted: simulate: interrupted at t = "), std::string::npos)
      << r.out;
  EXPECT_TRUE(std::filesystem::exists(out + ".partial/series.csv")) << r.out;
  EXPECT_TRUE(std::filesystem::exists(out + ".partial/impacts.csv")) << r.out;
  std::filesystem::remove_all(work);
  std::filesystem::remove(sys);
}
