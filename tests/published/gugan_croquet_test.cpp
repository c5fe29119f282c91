// The four constant-parameter laws of `calib fit-impact` fitted to a measured restitution curve:
// a croquet ball on a clamped wooden mallet face, Gugan's Table I (transcribed in
// datasets/published/gugan_croquet_wood_restitution.csv, whose header gives the sources).
// Expected numbers come from the source's own fit (Gugan, Am. J. Phys. 68, 920 (2000)) and
// measurements, computed here, never from our fit.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "calib/fit/fit_impact.hpp"
#include "calib/fit/impact_fit_run.hpp"

using namespace calib;
using fit::ImpactLaw;

namespace {

// Ball: World Croquet Federation, Laws of Association Croquet (7th ed. 2021), Law 5.3.1:
// 16 oz. The face is clamped, so the ball meets a wall: m is the ball's mass.
constexpr double kBallMass = 0.45359237;  // [kg]
// Hertz stiffness of ball on face from Gugan 2000's contact times (docs/datasets.md derives it:
// T = 2.9432 δ_m/v, δ_m = (5 m v²/(4K))^{2/5}, with T = 0.97 ms at 2.19 m/s and 0.79 ms at
// 5.50 m/s giving K = 1.94e8 and 2.05e8).
constexpr double kK = 2.0e8;  // [N/m^1.5]

// Gugan 2000's fit of e on wood: 1 − e² = K0 + K1 U^0.4, K0 = 0.213(5), K1 = 0.077(4).
double gugan_fit(double U) { return std::sqrt(1.0 - (0.213 + 0.077 * std::pow(U, 0.4))); }

fit::RestitutionCurve gugan_table() {
  return fit::read_restitution_curve(std::string(CALIB_SOURCE_DIR) +
                                     "/datasets/published/gugan_croquet_wood_restitution.csv");
}

double rms(const std::vector<double>& r) {
  double s = 0;
  for (const double x : r) s += x * x;
  return std::sqrt(s / static_cast<double>(r.size()));
}

// The source's two-parameter fit against the table: its rms deviation.
double gugan_fit_rms(const fit::RestitutionCurve& d) {
  std::vector<double> r;
  for (std::size_t i = 0; i < d.v_in.size(); ++i) r.push_back(gugan_fit(d.v_in[i]) - d.e[i]);
  return rms(r);
}

fit::ImpactFitReport fit_law(ImpactLaw law, const fit::RestitutionCurve& d, double K = kK) {
  return fit::fit_restitution_curve(law, kBallMass, {K, 1.5, 0.0}, d);
}

}  // namespace

TEST(GuganCroquet, TranscriptionAgreesWithTheSourcesOwnFit) {
  // Every transcribed e lies within 0.005 of Gugan 2000's fit of the same ball on wood (the
  // largest deviation of the printed table from that fit is 0.0036, plus 0.0005 of rounding),
  // so a mistyped leading digit of e (0.872 for 0.827) shows here. A slip in a speed mostly does
  // not: e changes by only ~0.001 between 4.34 and 4.43 m/s.
  const auto d = gugan_table();
  ASSERT_EQ(d.v_in.size(), 10u);
  for (std::size_t i = 0; i < d.v_in.size(); ++i)
    EXPECT_NEAR(d.e[i], gugan_fit(d.v_in[i]), 0.005) << "U " << d.v_in[i];
  EXPECT_LT(gugan_fit_rms(d), 0.0025);
}

TEST(GuganCroquet, ViscoelasticIsTheOnlyConstantParameterLawNearTheData) {
  // Gugan's two-parameter form (a rate-independent loss K0 plus K1 U^0.4) misses the table by
  // rms 0.0023. The one-parameter viscoelastic law (Brilliantov et al. 1996; 1 − e ∝ v^{1/5}
  // at small damping, Schwager & Pöschel 1998) comes within twice that; the laws whose e is
  // constant (tsuji), rises with v (linear damper at n = 3/2) or falls as αv (Hunt–Crossley) miss
  // by more than 4 times. AIC ranks viscoelastic first by more than 10 (Burnham & Anderson 2002,
  // §2.6: ΔAIC > 10, essentially no support).
  const auto d = gugan_table();
  const double reference = gugan_fit_rms(d);
  std::vector<fit::ImpactFitReport> reports;
  for (const ImpactLaw law : fit::impact_laws()) reports.push_back(fit_law(law, d));
  for (const auto& r : reports) {
    ASSERT_TRUE(r.ok()) << fit::impact_law_name(r.law) << ": " << r.status;
    if (r.law == ImpactLaw::viscoelastic)
      EXPECT_LT(r.rms_residual, 2.0 * reference);
    else
      EXPECT_GT(r.rms_residual, 4.0 * reference) << fit::impact_law_name(r.law);
  }
  const auto ranking = fit::rank_by_aic(reports);
  EXPECT_EQ(ranking[0].law, ImpactLaw::viscoelastic);
  EXPECT_GT(ranking[1].delta_aic, 10.0);
}

TEST(GuganCroquet, ConstantViscosityLosesTooLittleAtLowSpeed) {
  // The measured 1 − e grows by a factor 1.43 from 0.50 to 6.01 m/s (Table I: 0.143 to 0.205;
  // Gugan's fit: 1.41). A constant A makes it grow faster, as v^{1/5} at small damping: the
  // fitted law over-predicts e at the slowest impact and under-predicts it at the fastest, each
  // by more than six times the printing's rounding (0.0005). This is the rate-independent part
  // K0 of Gugan's fit, which no law here has.
  const auto d = gugan_table();
  const auto r = fit_law(ImpactLaw::viscoelastic, d);
  ASSERT_TRUE(r.ok());
  const auto slowest = std::min_element(d.v_in.begin(), d.v_in.end()) - d.v_in.begin();
  const auto fastest = std::max_element(d.v_in.begin(), d.v_in.end()) - d.v_in.begin();
  EXPECT_GT(r.residuals[slowest], 0.003);
  EXPECT_LT(r.residuals[fastest], -0.003);
  const double model_growth = (1 - r.e_model[fastest]) / (1 - r.e_model[slowest]);
  const double data_growth = (1 - d.e[fastest]) / (1 - d.e[slowest]);
  EXPECT_NEAR(data_growth, 1.434, 0.001);
  EXPECT_GT(model_growth, data_growth + 0.05);
}

TEST(GuganCroquet, StiffnessOnlyRescalesTheDampingConstants) {
  // At n = 3/2 each law's e depends on one dimensionless damping number (docs/fit_impact.md):
  // αv (Hunt–Crossley) and χ (tsuji) hold no K; A (K/m)^{2/5} v^{1/5} (viscoelastic) and
  // ζ = c δ_m/(m v) ∝ c K^{-2/5} (linear damper, δ_m ∝ K^{-2/5}). So a stiffness off by a factor
  // 2 multiplies the fitted α and χ by 1, A by 2^{-2/5} and c by 2^{2/5}, and leaves every rms,
  // hence the ranking above, unchanged: they do not rest on the estimate of K. Tolerance 1e-6:
  // the fit's stopping rule (relative parameter step 1e-10) and the solve's 1e-12.
  const auto d = gugan_table();
  for (const ImpactLaw law : fit::impact_laws()) {
    const auto a = fit_law(law, d, kK);
    const auto b = fit_law(law, d, 2 * kK);
    ASSERT_TRUE(a.ok() && b.ok()) << fit::impact_law_name(law);
    const double power = law == ImpactLaw::viscoelastic    ? -0.4
                         : law == ImpactLaw::linear_damper ? 0.4
                                                           : 0.0;
    EXPECT_NEAR(b.values().damping / a.values().damping, std::pow(2.0, power), 1e-6)
        << fit::impact_law_name(law);
    EXPECT_NEAR(b.rms_residual, a.rms_residual, 1e-9) << fit::impact_law_name(law);
  }
}

TEST(GuganCroquet, ContactTimeExponentPredictedFromRestitutionAlone) {
  // The viscoelastic law fitted to e alone predicts how the contact time falls with speed: at
  // a fixed damping number T ∝ K^{-2/5}, so the exponent of T(U) does not depend on the estimate
  // of K. Gugan 2000 measured T ∝ U^p with p = −0.23 ± 0.03 (Hertz's elastic theory: −0.2),
  // T = 0.97 ms at 2.19 m/s and 0.79 ms at 5.50 m/s; the prediction between those speeds lies
  // within the measurement's stated error.
  const auto d = gugan_table();
  const auto r = fit_law(ImpactLaw::viscoelastic, d);
  ASSERT_TRUE(r.ok());
  auto contact_time = [&](double v) {
    const auto impact = fit::physical_impact(ImpactLaw::viscoelastic, kBallMass, r.values(), v);
    return impact::solve_physical(impact, fit::ImpactFitOptions{}.impact).t_contact;
  };
  const double p = std::log(contact_time(5.50) / contact_time(2.19)) / std::log(5.50 / 2.19);
  EXPECT_NEAR(p, -0.23, 0.03);
}
