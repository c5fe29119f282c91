// `calib fit-impact` on an impact record end to end: the shipped synthetic sample (its header
// states the truth), the JSON keys, the robust loss recorded, bad records or flags refused with
// exit 2 naming the field, and Ctrl-C during the start grids.
#include <cmath>
#include <string>

#include <fmt/format.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../test_support.hpp"
#include "shell.hpp"

using calib_test::fresh_dir;
using calib_test::put;

namespace {

const std::string kSample =
    std::string(CALIB_SOURCE_DIR) + "/datasets/samples/impact_record_hunt_crossley_alpha.csv";

ShellRun fit_impact(const std::string& args) {
  return run_shell(std::string(CALIB_CLI) + " fit-impact " + args + " 2>&1");
}

}  // namespace

// The sample: alpha = 0.2 s/m, K = 1e9 N/m^1.5, n = 1.5, t0 = 5.71436903e-07 s (its header),
// noise 1e-3 of each peak with the sigma columns: each fitted value within 3 standard errors.
TEST(FitImpactRecordCli, SampleRecoversItsTruthWithT0) {
  const auto dir = fresh_dir("calib_fit_record_", "sample");
  const ShellRun r = fit_impact("--data " + kSample + " --law hunt-crossley-alpha --v 1 --m 0.01 " +
                                "--format json --out " + (dir / "out").string());
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["data_kind"], "impact-record");
  EXPECT_EQ(j["points"], 400);
  const std::vector<std::pair<const char*, double>> truth{
      {"K", 1e9}, {"n", 1.5}, {"alpha", 0.2}, {"t0", 5.71436903e-07}};
  for (const auto& [name, value] : truth) {
    const auto& p = j["parameters"][name];
    EXPECT_FALSE(p["fixed"].get<bool>()) << name;
    EXPECT_LT(std::abs(p["value"].get<double>() - value), 3 * p["std_error"].get<double>()) << name;
  }
  for (const char* file :
       {"fit_impact.json", "fit_impact_points.csv", "fit_impact_curve.csv", "fit_impact.gp"})
    EXPECT_TRUE(std::filesystem::exists(dir / "out" / file)) << file;
}

TEST(FitImpactRecordCli, BadRecordsAndFlagsExitTwoNamingTheField) {
  const auto dir = fresh_dir("calib_fit_record_", "bad");
  put(dir / "backwards.csv", "t[s],F[N]\n0,0\n1e-6,5\n0.5e-6,3\n2e-6,0\n");
  put(dir / "nocol.csv", "t[s]\n0\n1e-6\n2e-6\n");
  put(dir / "nan.csv", "t[s],F[N]\n0,0\n1e-6,nan\n2e-6,3\n3e-6,0\n");
  const std::string law = " --law tsuji ";
  const std::vector<std::pair<std::string, std::string>> cases{
      {"--data " + kSample + law + "--m 0.01", "--v"},
      {"--data " + kSample + law + "--v 1", "--m"},
      {"--data " + (dir / "backwards.csv").string() + law + "--v 1 --m 0.01", "row 4: t = 5e-07"},
      {"--data " + (dir / "nocol.csv").string() + law + "--v 1 --m 0.01",
       "no F[N] and no delta[m]"},
      {"--data " + (dir / "nan.csv").string() + law + "--v 1 --m 0.01", "F[N]"},
      {"--data " + kSample + law + "--v -1 --m 0.01", "--v"},
  };
  for (const auto& [args, field] : cases) {
    const ShellRun r = fit_impact(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(field), std::string::npos) << args << "\n" << r.out;
  }
}

// --loss without --loss-scale: the scale from the data, named in the JSON (in each residual's
// own sigma: the sample has F and delta with their sigmas) and the text; a given scale is named
// "given". The value itself is checked against an independent MAD in fit_record_loss_test.
TEST(FitImpactRecordCli, TheRobustLossAndItsScaleAreRecorded) {
  const std::string base =
      "--data " + kSample + " --law hunt-crossley-alpha --v 1 --m 0.01 --loss huber";
  const ShellRun json = fit_impact(base + " --format json");
  ASSERT_EQ(json.code, 0) << json.out;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["robust"], "huber");
  EXPECT_GT(j["loss_scale"].get<double>(), 0.0);
  EXPECT_NE(j["loss_scale_source"].get<std::string>().find("1.4826 MAD"), std::string::npos);
  EXPECT_EQ(j["units"]["loss_scale"], "sigma");
  const ShellRun text = fit_impact(base);
  EXPECT_NE(text.out.find("robust loss huber, scale "), std::string::npos) << text.out;
  const ShellRun given = fit_impact(base + " --loss-scale 3 --format json");
  ASSERT_EQ(given.code, 0) << given.out;
  EXPECT_EQ(nlohmann::json::parse(given.out)["loss_scale"].get<double>(), 3.0);
  EXPECT_EQ(nlohmann::json::parse(given.out)["loss_scale_source"], "given");
  const ShellRun plain =
      fit_impact("--data " + kSample + " --law hunt-crossley-alpha --v 1 --m 0.01 --format json");
  ASSERT_EQ(plain.code, 0) << plain.out;
  EXPECT_EQ(nlohmann::json::parse(plain.out)["robust"], "none");
}

TEST(FitImpactRecordCli, CtrlCDuringTheStartGridsEndsWithExit130AndNothingWritten) {
  // 200,000 samples: each grid point is a trajectory solve over them, and the start grids (about
  // 220 points) take seconds, so SIGINT after 2 s lands in them. The grids poll the stop between
  // points: the run ends within 5 s of the signal (well within: a solve takes milliseconds)
  // with 130 and the message; without the poll it ran the grids and the profile out first.
  const auto dir = fresh_dir("calib_fit_record_", "sigint");
  std::string csv = "t[s],F[N]\n";
  for (int i = 0; i < 200000; ++i) {
    const double t = 1.6e-4 * i / 199999.0, x = (t - 2e-5) / 1.2e-4;
    csv +=
        fmt::format("{},{}\n", t, x > 0 && x < 1 ? 800 * std::pow(std::sin(M_PI * x), 1.2) : 0.0);
  }
  put(dir / "large.csv", csv);
  const ShellRun r = run_shell(
      std::string(CALIB_CLI) + " fit-impact --data " + (dir / "large.csv").string() +
      " --law tsuji --m 0.01 --v 1 --out " + (dir / "out").string() + " > " +
      (dir / "log").string() +
      " 2>&1 & pid=$!; sleep 2; kill -INT $pid; for i in $(seq 50); do kill -0 $pid 2>/dev/null "
      "|| break; sleep 0.1; done; kill -0 $pid 2>/dev/null && { echo running; kill -9 $pid; }; "
      "wait $pid; echo rc=$?");
  EXPECT_EQ(r.out.find("running"), std::string::npos) << "no exit within 5 s of SIGINT";
  EXPECT_NE(r.out.find("rc=130"), std::string::npos) << r.out;
  EXPECT_NE(calib_test::slurp(dir / "log")
                .find("interrupted: fit-impact stopped during the record (200000 samples) fit"),
            std::string::npos)
      << calib_test::slurp(dir / "log");
  EXPECT_FALSE(std::filesystem::exists(dir / "out" / "fit_impact.json"));
}
