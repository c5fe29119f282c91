// `calib fit-impact` end to end: data written from the exact solve at known parameters, the
// JSON record's keys and values, --law all's ranking, the Hertz material flags, exit codes.
#include <cmath>
#include <random>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../test_support.hpp"
#include "calib/fit/fit_impact.hpp"
#include "shell.hpp"

using namespace calib;
using calib_test::fresh_dir;
using calib_test::put;

namespace {

// Hunt–Crossley data (α = 0.2 s/m, m = 0.01 kg, K = 1e9 N/m^1.5) at 12 speeds over 0.05–5 m/s,
// noise σ (seed 11) with a sigma_e column; `bad_row_e` replaces the 3rd e when > 0.
std::string hunt_crossley_csv(double sigma, double bad_row_e = 0) {
  std::mt19937_64 rng(11);
  std::normal_distribution<double> noise(0.0, 1.0);
  std::string csv = "# synthetic: hunt-crossley-alpha, alpha = 0.2 s/m\nv_in[m/s],e[-],sigma_e[-]\n";
  for (int i = 0; i < 12; ++i) {
    const double v = 0.05 * std::pow(100.0, i / 11.0);
    double e = fit::restitution(fit::ImpactLaw::hunt_crossley_alpha, 0.01, {1e9, 1.5, 0.2}, v);
    e += sigma * noise(rng);
    if (i == 2 && bad_row_e > 0) e = bad_row_e;
    csv += fmt::format("{},{},{}\n", v, e, sigma);
  }
  return csv;
}

ShellRun fit_impact(const std::string& args) {
  return run_shell(std::string(CALIB_CLI) + " fit-impact " + args + " 2>&1");
}

}  // namespace

TEST(FitImpactCli, JsonRecordHasTheIssueKeysAndRecoversAlpha) {
  const auto dir = fresh_dir("calib_fit_impact_", "json");
  put(dir / "hc.csv", hunt_crossley_csv(0.005));
  const ShellRun r = fit_impact("--data " + (dir / "hc.csv").string() +
                           " --law hunt-crossley-alpha --m 0.01 --K 1e9 --format json --out " +
                           (dir / "out").string());
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  for (const char* key : {"law", "data_kind", "parameters", "rms_residual", "points", "aic", "bic",
                          "status", "units", "assumptions"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["data_kind"], "restitution-curve");
  EXPECT_EQ(j["points"], 12);
  const auto& alpha = j["parameters"]["alpha"];
  EXPECT_EQ(alpha["unit"], "s/m");
  EXPECT_FALSE(alpha["fixed"].get<bool>());
  EXPECT_TRUE(j["parameters"]["K"]["fixed"].get<bool>());
  // Truth 0.2 s/m inside 3 reported standard errors (σ_e = 0.005 noise, seed 11).
  EXPECT_LT(std::abs(alpha["value"].get<double>() - 0.2), 3 * alpha["std_error"].get<double>());
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "fit_impact.json"));
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "fit_impact_curve.csv"));
}

TEST(FitImpactCli, AllLawsRankedWithTheGeneratingLawFirst) {
  const auto dir = fresh_dir("calib_fit_impact_", "all");
  put(dir / "hc.csv", hunt_crossley_csv(0.005));
  const ShellRun r = fit_impact("--data " + (dir / "hc.csv").string() +
                           " --law all --m 0.01 --K 1e9 --format json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["ranking"].size(), 4u);
  EXPECT_EQ(j["ranking"][0]["law"], "hunt-crossley-alpha");
  EXPECT_DOUBLE_EQ(j["ranking"][0]["evidence_ratio"].get<double>(), 1.0);
  // The others miss these data by many σ: evidence ratios beyond 10^100 (Δ AIC > 460).
  EXPECT_GT(j["ranking"][1]["log10_evidence_ratio"].get<double>(), 100.0);
}

TEST(FitImpactCli, HertzFlagsGiveJohnsonStiffnessAndMass) {
  // Two equal steel spheres: K = (4/3)·E/(2(1 − ν²))·√(R/2), m = ρ(4/3)πR³/2 (Johnson 1985
  // eq. 4.22–4.23), computed here.
  const auto dir = fresh_dir("calib_fit_impact_", "hertz");
  put(dir / "hc.csv", hunt_crossley_csv(0.005));
  const ShellRun r = fit_impact("--data " + (dir / "hc.csv").string() +
                           " --law tsuji --E 200GPa --nu 0.3 --radius 5mm --density 7800"
                           " --format json");
  const auto j = nlohmann::json::parse(r.out.substr(r.out.find('{')));
  const double K = 4.0 / 3.0 * 200e9 / (2 * (1 - 0.09)) * std::sqrt(0.0025);
  EXPECT_NEAR(j["parameters"]["K"]["value"].get<double>(), K, 1e-12 * K);
  EXPECT_NEAR(j["m"].get<double>(), 7800 * 4.0 / 3.0 * M_PI * 1.25e-7 / 2, 1e-15);
  // Tsuji's e is flat in v: it cannot follow Hunt–Crossley data falling from 0.95 to 0.5.
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("did not reach the data"), std::string::npos) << r.out;
}

TEST(FitImpactCli, ARadiusOfMetresIsFlaggedBesideTheResult) {
  // --radius 5 meant as millimetres is 5 m: m = ρ(4/3)πR³/2 = 2,042,035 kg for steel, computed
  // here; the fit still runs (a warning, not a refusal), and the same input with its unit does not
  // warn.
  const auto dir = fresh_dir("calib_fit_impact_", "radius");
  put(dir / "hc.csv", hunt_crossley_csv(0.005));
  const std::string base = "--data " + (dir / "hc.csv").string() +
                           " --law hunt-crossley-alpha --E 200GPa --nu 0.3 --density 7800";
  const ShellRun metres = fit_impact(base + " --radius 5 --format json");
  const auto j = nlohmann::json::parse(metres.out.substr(metres.out.find('{')));
  ASSERT_EQ(j["warnings"].size(), 1u) << metres.out;
  const std::string w = j["warnings"][0].get<std::string>();
  EXPECT_NE(w.find("--radius = 5 m: a sphere of metres (m = 2.042e+06 kg)"), std::string::npos) << w;
  EXPECT_NEAR(j["m"].get<double>(), 7800 * 4.0 / 3.0 * M_PI * 125.0 / 2, 1.0);
  const ShellRun text = fit_impact(base + " --radius 5");
  EXPECT_NE(text.out.find("warning: --radius = 5 m"), std::string::npos) << text.out;
  const ShellRun mm = fit_impact(base + " --radius 5mm --format json");
  EXPECT_FALSE(nlohmann::json::parse(mm.out.substr(mm.out.find('{'))).contains("warnings")) << mm.out;
}

TEST(FitImpactCli, ContactTimeAndPeakForceColumnsFitK) {
  // e, t_contact and f_max written from the exact solve at K = 2e9 (n = 1.5, α = 0.2 s/m); the
  // fit starts at --K 1e9 with K free and must come back to 2e9 (noise-free: 1e-6 relative).
  const auto dir = fresh_dir("calib_fit_impact_", "contact");
  std::string csv =
      "v_in[m/s],e[-],sigma_e[-],t_contact[s],sigma_t_contact[s],f_max[N],sigma_f_max[N]\n";
  for (int i = 0; i < 6; ++i) {
    const double v = 0.1 * std::pow(20.0, i / 5.0);
    const auto r = impact::solve_physical(
        fit::physical_impact(fit::ImpactLaw::hunt_crossley_alpha, 0.01, {2e9, 1.5, 0.2}, v));
    csv += fmt::format("{},{},0.005,{},{},{},{}\n", v, r.e_out, r.t_contact, 1e-3 * r.t_contact,
                       r.f_max, 1e-3 * r.f_max);
  }
  put(dir / "tf.csv", csv);
  const ShellRun r = fit_impact("--data " + (dir / "tf.csv").string() +
                                " --law hunt-crossley-alpha --m 0.01 --K 1e9 --fit alpha,K "
                                "--format json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_NEAR(j["parameters"]["K"]["value"].get<double>(), 2e9, 2e9 * 1e-6);
  EXPECT_NEAR(j["parameters"]["alpha"]["value"].get<double>(), 0.2, 0.2 * 1e-6);
  EXPECT_EQ(j["residual_count"], 18);
  EXPECT_GT(j["parameters"]["K"]["std_error"].get<double>(), 0.0);
  EXPECT_TRUE(j["residuals"][0].contains("t_contact_model"));
}

TEST(FitImpactCli, BadInputExitsTwoNamingFieldAndValue) {
  const auto dir = fresh_dir("calib_fit_impact_", "bad");
  put(dir / "bad.csv", hunt_crossley_csv(0.005, 1.3));
  put(dir / "hc.csv", hunt_crossley_csv(0.005));
  const std::string hc = " --data " + (dir / "hc.csv").string() + " --m 0.01 --K 1e9";
  const std::vector<std::pair<std::string, std::string>> cases{
      {"--data " + (dir / "bad.csv").string() + " --law tsuji --m 0.01 --K 1e9", "e = 1.3"},
      {hc + " --law hertz", "unknown law 'hertz'"},
      {hc + " --law linear-damper --fit c,K", "K cannot be fitted"},
      {hc + " --law hunt-crossley-alpha --fit alpha,n", "n cannot be fitted"},
      {" --data " + (dir / "hc.csv").string() + " --law tsuji --m -1 --K 1e9", "--m"},
      {hc + " --law viscoelastic --n 1.2", "n = 1.5 only, got 1.2"},
      {hc + " --law tsuji --out " + (dir / "hc.csv").string(), "not a folder"},
  };
  for (const auto& [args, expected] : cases) {
    const ShellRun r = fit_impact(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(expected), std::string::npos) << args << "\n" << r.out;
  }
}
