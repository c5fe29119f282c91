// `calib fit-impact` on an impact record end to end: the shipped synthetic sample (its header
// states the truth), the JSON keys, and bad records or flags refused with exit 2 naming the field.
#include <cmath>

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
