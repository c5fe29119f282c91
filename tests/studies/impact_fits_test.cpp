// Study impact-fits on a tiny noise-free config. This is a self-consistency check of the fit
// against the solve: the expected values are the true parameters the study itself generated
// the curves from (the exact impact solve, fit::restitution), so a fit that recovers them to
// 1e-6 and ranks each law first on its own curves shows the fit inverts the solve; it checks
// no published number.
#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
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

TEST(ImpactFitsStudy, NoisyEAboveOneIsKeptAsDrawnUpToThreeSigma) {
  // σ = 0.05 on Hunt–Crossley curves whose exact e (fit::restitution) at the 6 speeds is
  // 0.594–0.993: a draw lands above 1 with probability P(z > 0.13) ≈ 0.45 at the slowest speed,
  // so 10 replicates hold some (a clamp at 1 would leave none); fit-impact takes e up to 3σ
  // above 1 (fit::validate), the most the study may keep.
  std::string config = kTinyConfig;
  config.replace(config.find("sigma = 0.0"), 11, "sigma = 0.05");
  config.replace(config.find("replicates = 1"), 14, "replicates = 10");
  const auto cfg = studies::impact_fits::Config::from(io::ConfigNode::parse(config, "tiny"));
  int above_one = 0;
  for (int replicate = 0; replicate < 10; ++replicate) {
    const fit::RestitutionCurve c =
        studies::impact_fits::generate_curve(cfg, fit::ImpactLaw::hunt_crossley_alpha, replicate);
    for (const double e : c.e) {
      above_one += e > 1.0;
      EXPECT_LE(e, 1.0 + fit::kSigmaAboveOne * 0.05);
      EXPECT_GT(e, 0.0);
    }
  }
  EXPECT_GT(above_one, 0);
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

namespace {
// The curves above plus impact records of F and δ with noise 1e-9 of each peak (the smallest
// the config accepts: the fit then sees the exact trajectory), 200 samples, one per law.
std::string tiny_record_config(const std::string& data, double noise, int samples) {
  return std::string(kTinyConfig) +
         fmt::format(
             "[record]\nv = 1.0\nsamples = {}\nnoise = {}\ndata = [\"{}\"]\nseed = 3\n"
             "replicates = 1\n",
             samples, noise, data);
}
}  // namespace

TEST(ImpactFitsStudy, NearlyNoiseFreeRecordsRecoverKNDampingAndT0) {
  const auto cfg = studies::impact_fits::Config::from(
      io::ConfigNode::parse(tiny_record_config("force+delta", 1e-9, 200), "tiny"));
  const auto records = studies::impact_fits::run_records(cfg, 1);
  ASSERT_EQ(records.size(), 4u);
  for (const auto& d : records) {
    SCOPED_TRACE(std::string(fit::impact_law_name(d.generator)));
    const auto& own = studies::impact_fits::own_fit(d);
    EXPECT_EQ(own.fit.status, "converged");
    // Expected: the truth the record was made with (self-consistency of the fit against the
    // trajectory solve, no published number). Noise 1e-9 of the peak moves the estimates far
    // less than 1e-5 relative, which leaves room for the solve's tolerance (rel_tol 1e-12 per
    // step, accumulated over the contact) and the finite-difference Jacobian.
    EXPECT_NEAR(own.fit.parameters[0].value / d.truth.K, 1.0, 1e-5);
    EXPECT_NEAR(own.fit.parameters[1].value, d.truth.n, 1e-5);
    EXPECT_NEAR(own.fit.parameters[2].value / d.truth.damping, 1.0, 1e-5);
    // t0 to 1e-5 of the sample interval (1.5 t_c / 199 ≈ 9e-7 s here): 1e-11 s.
    EXPECT_NEAR(own.t0.value, d.true_t0, 1e-11);
    EXPECT_EQ(d.ranking.front().law, d.generator);
  }
}

TEST(ImpactFitsStudy, RecordNoiseHasTheConfiguredSigmaAndTouchesWithinTheRecord) {
  const auto cfg = studies::impact_fits::Config::from(
      io::ConfigNode::parse(tiny_record_config("force+delta", 1e-3, 2000), "tiny"));
  for (const fit::ImpactLaw law : fit::impact_laws()) {
    double t0 = 0;
    const fit::ImpactRecord rec = studies::impact_fits::generate_record(cfg, 0, law, 0, &t0);
    const fit::ImpactLawParameters truth{cfg.K, cfg.n,
                                         cfg.true_damping[static_cast<std::size_t>(law)]};
    const auto exact = fit::record_model(law, cfg.m, cfg.record.v, truth, t0, rec.t,
                                         fit::ImpactFitOptions{}.impact);
    // Expected: t0 between the last sample before t = 0 and the one after it (the touch is drawn
    // uniformly within that interval), and σ = 1e-3 of the noise-free peak.
    const double dt = rec.t[1] - rec.t[0];
    EXPECT_GT(t0, -dt);
    EXPECT_LT(t0, dt);
    const double peak = *std::max_element(exact.force.begin(), exact.force.end());
    EXPECT_NEAR(rec.sigma_force[0] / (1e-3 * peak), 1.0, 1e-12);
    // The sample standard deviation of (data − exact)/σ over 2000 draws is 1 within
    // 4/√(2·1999) = 0.063 (4 standard deviations of a sample standard deviation).
    for (const bool force : {true, false}) {
      const auto& y = force ? rec.force : rec.delta;
      const auto& x = force ? exact.force : exact.delta;
      const double sigma = force ? rec.sigma_force[0] : rec.sigma_delta[0];
      double sum = 0, sum2 = 0;
      for (std::size_t i = 0; i < y.size(); ++i) {
        const double z = (y[i] - x[i]) / sigma;
        sum += z, sum2 += z * z;
      }
      const double n = static_cast<double>(y.size());
      EXPECT_NEAR(std::sqrt((sum2 - sum * sum / n) / (n - 1)), 1.0, 0.063) << force;
    }
  }
}

TEST(ImpactFitsStudy, WritesRecordTablesThroughTheRegistry) {
  const fs::path dir = calib_test::fresh_dir("calib_impact_fits_", "records");
  const fs::path config = dir / "tiny.toml";
  std::ofstream(config) << tiny_record_config("delta", 1e-3, 100);
  const fs::path out = dir / "out";
  const std::string summary = studies::find("impact-fits").run({config, out, 1, {}});
  EXPECT_NE(summary.find("impact records"), std::string::npos) << summary;
  const auto rows = [&](const char* file) {
    std::ifstream meta(out / (std::string(file) + ".meta.json"));
    return nlohmann::json::parse(meta).at("table").at("rows").get<int>();
  };
  // Per law the free parameters of a δ record: K, n, damping, t0 (viscoelastic: n fixed), so
  // 4 + 3 + 4 + 4 rows; the ranking: 4 laws on each of 4 records; the example: 4 records ×
  // 4 fits × 100 samples.
  EXPECT_EQ(rows("record_recovery.csv"), 15);
  EXPECT_EQ(rows("record_fits.csv"), 15);  // one record per law: its free parameters
  EXPECT_EQ(rows("record_ranking.csv"), 16);
  EXPECT_EQ(rows("record_example.csv"), 1600);
}

TEST(ImpactFitsStudy, RefusesAnUnknownRecordKind) {
  EXPECT_NE(calib_test::input_error_of([&] {
              studies::impact_fits::Config::from(
                  io::ConfigNode::parse(tiny_record_config("force+speed", 1e-3, 100), "tiny"));
            }).find("force+speed"),
            std::string::npos);
}

TEST(ImpactFitsStudy, FitsTheShippedRecordOfTsujiAtItsTruth) {
  // The shipped sample's header: chi = 0.3, K = 1e9 N/m^1.5, n = 1.5, m = 0.01 kg, v = 1 m/s,
  // the config's truth; its noise is 1e-3 of the peaks with the sigma columns given.
  const std::string config = tiny_record_config("force", 1e-3, 100) +
                             "[record.shipped]\ntsuji = \"" + std::string(CALIB_SOURCE_DIR) +
                             "/datasets/samples/impact_record_tsuji.csv\"\n";
  const auto cfg = studies::impact_fits::Config::from(io::ConfigNode::parse(config, "tiny"));
  const auto records = studies::impact_fits::run_records(cfg, 1);
  ASSERT_EQ(records.size(), 5u);  // 4 synthetic, then the shipped file
  const auto& shipped = records.back();
  EXPECT_EQ(shipped.data, "shipped");
  EXPECT_EQ(shipped.generator, fit::ImpactLaw::tsuji);
  EXPECT_EQ(shipped.record.t.size(), 400u);
  EXPECT_TRUE(std::isnan(shipped.true_t0));  // the study does not read the header
  const auto& own = studies::impact_fits::own_fit(shipped);
  EXPECT_EQ(own.fit.status, "converged");
  // Expected: the truth of the header within 3 standard errors (a 0.3 % chance each to fail
  // with right standard errors; K, n, chi of this file are at |z| = 0.23, 0.25, 1.17).
  const std::array<double, 3> truth{1e9, 1.5, 0.3};
  for (std::size_t i = 0; i < truth.size(); ++i)
    EXPECT_LT(std::abs(own.fit.parameters[i].value - truth[i]),
              3 * own.fit.parameters[i].std_error)
        << own.fit.parameters[i].name;
  EXPECT_EQ(shipped.ranking.front().law, fit::ImpactLaw::tsuji);
}
