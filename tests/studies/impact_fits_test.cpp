// Study impact-fits on a tiny noise-free config. This is a self-consistency check of the fit
// against the solve: the expected values are the true parameters the study itself generated
// the curves from (the exact impact solve, fit::restitution), so a fit that recovers them to
// 1e-6 and ranks each law first on its own curves shows the fit inverts the solve; it checks
// no published number.
#include <cmath>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../test_support.hpp"
#include "calib/core/error.hpp"
#include "calib/io/config.hpp"
#include "calib/studies/impact_fits.hpp"
#include "calib/studies/study.hpp"

using namespace calib;
namespace fs = std::filesystem;

namespace {
// The shipped material and damping (configs/impact_fits.toml), 6 speeds, no noise, one curve
// per law.
constexpr const char* kTinyConfig = R"([material]
m = 0.01
K = 1e9
n = 1.5
[truth]
hunt-crossley-alpha = 0.2
viscoelastic = 7e-6
linear-damper = 50.0
tsuji = 0.3
[speeds]
from = 0.05
to = 5.0
count = 6
[noise]
sigma = 0.0
seed = 1
replicates = 1
)";
}  // namespace

TEST(ImpactFitsStudy, NoiseFreeCurvesRecoverTheTruthAndRankTheirLawFirst) {
  const auto cfg = studies::impact_fits::Config::from(io::ConfigNode::parse(kTinyConfig, "tiny"));
  const auto r = studies::impact_fits::run(cfg, 1);
  ASSERT_EQ(r.datasets.size(), 4u);
  for (const auto& d : r.datasets) {
    SCOPED_TRACE(std::string(fit::impact_law_name(d.generator)));
    const auto& own = studies::impact_fits::own_fit(d);
    EXPECT_EQ(own.status, "converged");
    // Expected: the damping the curve was generated with; the fit's model is exact to ~1e-12
    // (its solve tolerance), so 1e-6 relative is far above the noise-free error.
    EXPECT_NEAR(own.parameters.back().value / d.true_value, 1.0, 1e-6);
    // Every other law misses a noise-free curve of another shape: its own law ranks first.
    EXPECT_EQ(studies::impact_fits::rank_of(d, d.generator), 1);
  }
}

TEST(ImpactFitsStudy, WritesTablesWithRowCountsThroughTheRegistry) {
  const fs::path dir = calib_test::fresh_dir("calib_impact_fits_", "registry");
  const fs::path config = dir / "tiny.toml";
  std::ofstream(config) << kTinyConfig;
  const fs::path out = dir / "out";
  const std::string summary = studies::find("impact-fits").run({config, out, 1, {}});
  // 4 of 4: every generating law ranked first on its noise-free curve (test above).
  EXPECT_NE(summary.find("on 4 of 4 curves"), std::string::npos) << summary;
  for (const char* f : {"recovery.csv", "ranking.csv", "coverage.csv"})
    ASSERT_TRUE(fs::exists(out / (std::string(f) + ".meta.json"))) << f;
  std::ifstream meta(out / "recovery.csv.meta.json");
  // One recovery row per curve: 4 laws × 1 replicate.
  EXPECT_EQ(nlohmann::json::parse(meta).at("table").at("rows").get<int>(), 4);
  std::ifstream ranking_meta(out / "ranking.csv.meta.json");
  // Four laws ranked on each of the 4 curves.
  EXPECT_EQ(nlohmann::json::parse(ranking_meta).at("table").at("rows").get<int>(), 16);
}

TEST(ImpactFitsStudy, RefusesAMissingLawAndANegativeSigma) {
  std::string text = kTinyConfig;
  const std::string no_tsuji =
      text.substr(0, text.find("tsuji")) + text.substr(text.find("[speeds]"));
  EXPECT_NE(calib_test::input_error_of([&] {
              studies::impact_fits::Config::from(io::ConfigNode::parse(no_tsuji, "tiny"));
            }).find("tsuji"),
            std::string::npos);
  std::string bad_sigma = text;
  bad_sigma.replace(bad_sigma.find("sigma = 0.0"), 11, "sigma = -1.0");
  EXPECT_NE(calib_test::input_error_of([&] {
              studies::impact_fits::Config::from(io::ConfigNode::parse(bad_sigma, "tiny"));
            }).find("sigma"),
            std::string::npos);
}
