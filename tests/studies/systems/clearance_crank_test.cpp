// The systems study's clearance slider–crank (studies/systems_clearance_crank.hpp) on the shipped
// [slider_crank_clearance] of configs/systems.toml. Expected values: `calib simulate` on the same
// bench file (the same model: every contact record equal); the ideal mechanism's exact loop
// closure x = r cos θ + √(l² − r² sin² θ) differentiated twice; Newton's law for the slider alone
// (the prismatic joint is frictionless along x, so m a_x is the journal's force along x).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <numbers>
#include <string>

#include <gtest/gtest.h>

#include "../../test_support.hpp"
#include "calib/core/error.hpp"
#include "calib/dynamics/write_run.hpp"
#include "calib/io/config.hpp"
#include "calib/io/csv.hpp"
#include "calib/studies/study.hpp"
#include "calib/studies/systems.hpp"
#include "calib/studies/systems_clearance_crank.hpp"

using namespace calib;
using namespace calib::studies::systems;
namespace fs = std::filesystem;

namespace {

const fs::path kSource(CALIB_SOURCE_DIR);

ClearanceCrankConfig shipped_config() {
  return ClearanceCrankConfig::from(
      io::ConfigNode::load_file(kSource / "configs/systems.toml").table("slider_crank_clearance"));
}

// One run of the shipped part, shared by the tests below (0.3 s).
class ClearanceCrank : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    run_ = new ClearanceCrankRun(load_clearance_crank(shipped_config()));
    simulate_clearance_crank(*run_);
  }
  static void TearDownTestSuite() { delete run_; }
  static ClearanceCrankRun* run_;
};
ClearanceCrankRun* ClearanceCrank::run_ = nullptr;

}  // namespace

TEST_F(ClearanceCrank, ContactRecordsAreThoseOfCalibSimulate) {
  // Two revolutions at 5000 rpm are 4π/ω = 0.024 s, the bench file's own t_end; the study's
  // finer output spacing changes the samples, not the steps, so every record must be equal.
  EXPECT_NEAR(run_->setup.options.t_end, 0.024, 1e-15);
  const fs::path dir = calib_test::fresh_dir("calib_systems_", "clearance_crank");
  write_clearance_crank(*run_, {dir, "calib systems", 1, "", 0.0, {}});
  const fs::path cli_csv = dir / "simulate.csv";
  const std::string cmd = std::string(CALIB_CLI) + " simulate --system " +
                          (kSource / "configs/systems/slider_crank_clearance.toml").string() +
                          " --format csv > " + cli_csv.string();
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  // Every column of the impact table, read as text (at most 10 columns per read).
  const auto& header = dynamics::impact_header();
  ASSERT_EQ(header.size(), 11u);
  for (const std::vector<std::string> columns : {std::vector(header.begin(), header.begin() + 6),
                                                 std::vector(header.begin() + 6, header.end())}) {
    const auto cli = io::read_text_csv(cli_csv, columns);
    const auto study = io::read_text_csv(dir / "slider_crank_clearance_contacts.csv", columns);
    ASSERT_EQ(study.rows(), run_->result.impacts.size());
    ASSERT_EQ(study.rows(), cli.rows());
    for (std::size_t c = 0; c < columns.size(); ++c)
      for (std::size_t r = 0; r < cli.rows(); ++r)
        EXPECT_EQ(study.columns[c][r], cli.columns[c][r]) << columns[c] << " row " << r + 1;
  }
  EXPECT_GE(run_->result.impacts.size(), 20u);  // docs/systems.md: 26 in the two revolutions
  EXPECT_TRUE(fs::exists(dir / "slider_crank_clearance_series.csv.meta.json"));
  fs::remove_all(dir);
}

TEST_F(ClearanceCrank, IdealSliderFollowsTheExactLoopClosure) {
  // x = r c + D, D = √(l² − r² s²) (s = sin θ, c = cos θ, θ = ωt); differentiated twice at
  // constant ω: ẍ = ω² (−r c − r² (c² − s²)/D − r⁴ s² c²/D³). The run integrates at rel_tol
  // 1e-10 (abs_tol 1e-12) over 0.024 s: 1e-10 m on x (0.17 m) and 1e-8 relative on ẍ.
  const double r = 0.05, l = 0.12, omega = 5000 * 2 * std::numbers::pi / 60;
  double a_max = 0, x_err = 0, a_err = 0;
  for (const ClearanceCrankSample& p : run_->series) {
    const double th = omega * p.t, s = std::sin(th), c = std::cos(th);
    const double d = std::sqrt(l * l - r * r * s * s);
    const double a =
        omega * omega *
        (-r * c - r * r * (c * c - s * s) / d - std::pow(r, 4) * s * s * c * c / std::pow(d, 3));
    a_max = std::max(a_max, std::abs(a));
    x_err = std::max(x_err, std::abs(p.x_slider_ideal - (r * c + d)));
    a_err = std::max(a_err, std::abs(p.a_slider_ideal - a));
    EXPECT_NEAR(p.crank_angle_deg, th * 180 / std::numbers::pi, 1e-9) << p.t;
  }
  EXPECT_NEAR(a_max, omega * omega * r * (1 + r / l), 1e-9 * a_max);  // at θ = 0
  EXPECT_LT(x_err, 1e-10);
  EXPECT_LT(a_err, 1e-8 * a_max);
}

TEST_F(ClearanceCrank, SliderAccelerationIsTheJointForceOverItsMass) {
  // The journal pushes the bearing along the eccentricity n = e/|e|: m_s a_x = F n_x with the
  // slider's 0.14 kg (the bench file), exact up to the linear solve's round-off (1e-12 of the
  // largest acceleration); free of contact the slider coasts (a_x = 0). The eccentricity is
  // the bearing contact's penetration plus the radial clearance 0.5 mm (1e-15 m: round-off).
  const double m_slider = 0.14;
  double a_max = 0;
  for (const ClearanceCrankSample& p : run_->series) a_max = std::max(a_max, std::abs(p.a_slider));
  ASSERT_GT(a_max, 1e5);
  ASSERT_EQ(run_->series.size(), run_->result.series.size());
  EXPECT_EQ(run_->clearance, 0.010 - 0.0095);
  int in_contact = 0;
  for (std::size_t i = 0; i < run_->series.size(); ++i) {
    const ClearanceCrankSample& p = run_->series[i];
    const double newton = p.contact_force * p.eccentricity_x / p.eccentricity / m_slider;
    EXPECT_NEAR(p.a_slider, newton, 1e-12 * a_max) << p.t;
    in_contact += p.contact_force > 0;
    const double delta = run_->setup.system->penetration(0, run_->result.series[i].q);
    EXPECT_NEAR(p.eccentricity - run_->clearance, delta, 1e-15) << p.t;
  }
  EXPECT_GT(in_contact, 100);
}

TEST_F(ClearanceCrank, SummaryIsStableThroughTheStudy) {
  // The whole study through the registry on two threads: its summary carries this part's lines
  // exactly as the single-threaded run above gives them, and the part's files are written.
  const fs::path out = calib_test::fresh_dir("calib_systems_", "clearance_study") / "out";
  const std::string summary =
      studies::find("systems").run({kSource / "configs/systems.toml", out, {2, false}, {}});
  const std::string part = clearance_crank_summary(*run_);
  EXPECT_NE(part.find("26 contacts"), std::string::npos) << part;
  EXPECT_NE(summary.find(part), std::string::npos) << summary;
  for (const char* f : {"slider_crank_clearance_contacts.csv", "slider_crank_clearance_series.csv"})
    EXPECT_TRUE(fs::exists(out / (std::string(f) + ".meta.json"))) << f;
  fs::remove_all(out.parent_path());
}

TEST(ClearanceCrankConfig, BadInputNamesTheKeyOrTheFile) {
  auto why = [](const std::string& toml) {
    return calib_test::input_error_of([&] {
      load_clearance_crank(ClearanceCrankConfig::from(io::ConfigNode::parse(toml, "t.toml")));
    });
  };
  EXPECT_NE(why("revolutions = 0\n").find("revolutions"), std::string::npos);
  EXPECT_NE(why("output_dt = -1e-5\n").find("output_dt"), std::string::npos);
  // The SF2020 slider-crank has no clearance joint.
  EXPECT_NE(
      why("file = '" + (kSource / "configs/systems/slider_crank_planar.toml").string() + "'\n")
          .find("exactly one revolute-clearance joint"),
      std::string::npos);
  EXPECT_THROW(studies::systems::Config::from(
                   io::ConfigNode::parse("[slider_crank_clearance]\nrevolution = 2\n", "t.toml")),
               InputError);
}
