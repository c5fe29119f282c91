// SF2020 RMS (a, b) table study.
#include <cmath>

#include <gtest/gtest.h>

#include "calib/calibrate/calibrate.hpp"
#include "calib/core/error.hpp"
#include "calib/studies/rms_table.hpp"

using namespace calib;

namespace {
// The default protocol restricted to the paper's optimum cell (a, b) = (1.5, 5.5), no formulas.
studies::rms_table::Config optimum_cell_config() {
  auto cfg = studies::rms_table::Config::defaults();
  cfg.published = std::string(CALIB_SOURCE_DIR) + "/datasets/published/sf2020_table2.csv";
  cfg.a_values = {1.5};
  cfg.b_values = {5.5};
  cfg.formulas = {};
  return cfg;
}
}  // namespace

TEST(RmsTable, BetaClosedFormMatchesQuadrature) {
  for (double a : {1.0, 1.5, 2.0, 3.5, 6.0})
    for (double b : {1.5, 2.0, 4.0, 6.0})
      EXPECT_NEAR(studies::rms_table::integral_closed_form(a, b),
                  studies::rms_table::integral_quadrature(a, b), 1e-12)
          << a << "," << b;
}

TEST(RmsTable, PublishedIntegrals) {
  EXPECT_NEAR(studies::rms_table::integral_closed_form(1.5, 5.5), 0.3180,
              5e-5);  // SF2020 eq. 58 (4 digits)
  EXPECT_NEAR(studies::rms_table::integral_closed_form(2.5, 2.0), 4.0 / 15.0,
              1e-14);  // Hu–Guo: k = 3/2
  // (a=2, b=2) is k = 2/(5 I(2,2)), close to but not Flores's 8/5 (I = 1/4).
  const double k22 = 2.0 / (5.0 * studies::rms_table::integral_closed_form(2.0, 2.0));
  EXPECT_NEAR(k22, 1.6, 0.01);
  EXPECT_GT(std::abs(k22 - 1.6), 1e-4);
}

TEST(RmsTable, OdeModelMatchesEq39AndOneCellRecomputedIndependently) {
  auto cfg = studies::rms_table::Config::defaults();
  cfg.published = std::string(CALIB_SOURCE_DIR) + "/datasets/published/sf2020_table2.csv";
  cfg.e_grid = {0.05, 0.2, 0.4, 0.6, 0.8, 0.95};
  cfg.a_values = {1.5};
  cfg.b_values = {5.5};
  cfg.solver.cor_rel_tol = 1e-12;
  cfg.solver.impact.rel_tol = 1e-13;  // as configs/rms_table.toml
  cfg.solver.impact.abs_tol = 1e-15;
  const auto r = studies::rms_table::run(cfg, 2);
  EXPECT_LE(r.max_ode_vs_algebraic, 1e-9);
  // Independent recomputation of the cell from the algebraic root and the Beta form.
  const double k = 2.0 / (5.0 * studies::rms_table::integral_closed_form(1.5, 5.5));
  double s = 0;
  for (double e : cfg.e_grid) {
    const double h = models::hysteresis_h_exact(e);
    s += std::pow(100 * (k * (1 - e) / e - h) / h, 2);
  }
  ASSERT_EQ(r.cells.size(), 1u);
  EXPECT_NEAR(r.cells[0].rms_percent, std::sqrt(s / 6), 1e-6);
  EXPECT_DOUBLE_EQ(r.cells[0].rms_paper, 12.596);  // transcription of Table 2
  // The one-parameter optimum is the linear least-squares k (closed form check).
  double num = 0, den = 0;
  for (std::size_t i = 0; i < r.e.size(); ++i) {
    const double g = (1 - r.e[i]) / (r.e[i] * r.h_ode[i]);
    num += g;
    den += g * g;
  }
  EXPECT_NEAR(r.optimal_k, num / den, 1e-8);
  // Every iso-I* point has I(a, b) = I*.
  for (auto [a, b] : r.iso_curve)
    EXPECT_NEAR(studies::rms_table::integral_closed_form(a, b), r.optimal_integral, 1e-10);
  // The exact (gonthier) formula reproduces e; Marhefka–Orin equals Herbert–McWhannell
  // identically (1 + e³ = (1+e)(e² - e + 1)).
  for (const auto& f : r.formulas) {
    if (f.model == "gonthier") {
      EXPECT_LT(f.max_cor_error, 1e-9);
    }
  }
}

TEST(RmsTable, DefaultTableGapToPaperIsReported) {
  // Not a reproduction claim: our uniform 0.01:0.01:0.99 sampling differs from Table 2
  // (largest gap ~9 points, see README). This pins our own numbers for the optimum cell
  // so a change is noticed: I(1.5,5.5) cell RMS from the exact h over 99 samples.
  const auto r = studies::rms_table::run(optimum_cell_config(), 2);
  const double k = 2.0 / (5.0 * studies::rms_table::integral_closed_form(1.5, 5.5));
  EXPECT_NEAR(r.cells[0].rms_percent, studies::rms_table::rms_percent_for_k(k, r.e, r.h_algebraic),
              1e-5);
  EXPECT_GT(std::abs(r.cells[0].rms_percent - 12.596), 0.1);  // the documented gap
}

TEST(RmsTable, BadConfigRejected) {
  EXPECT_THROW(studies::rms_table::Config::from(
                   io::ConfigNode::parse("[e_grid]\nfrom = 0\nto = 0.9\nstep = 0.1\n", "r.toml")),
               InputError);
  EXPECT_THROW(studies::rms_table::Config::from(
                   io::ConfigNode::parse("[numerical]\nformulas = ['dem-sqrt5']\n", "r.toml")),
               InputError);
  EXPECT_THROW(
      studies::rms_table::Config::from(io::ConfigNode::parse("[table]\nc = [1]\n", "r.toml")),
      InputError);
}

TEST(RmsTable, ReadmeHeadlineOptimumIsPinned) {
  // README "RMS table: the gap": with the default config our continuous optimum is
  // I* = 0.300319, k* = 1.332, RMS 12.0226 % (paper: 12.596 at I = 0.3180). This pins the
  // printed digits so a change in the e-grid, the ODE tolerance or the fit is noticed.
  const auto r = studies::rms_table::run(optimum_cell_config(), 2);
  EXPECT_NEAR(r.optimal_integral, 0.300319, 5e-7);
  EXPECT_NEAR(r.optimal_k, 1.332, 5e-4);
  EXPECT_NEAR(r.optimal_rms, 12.0226, 5e-5);
}
