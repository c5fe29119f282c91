// The energy-time path of the hysteresis and Tsuji families against the τ solve and closed forms.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include <boost/math/quadrature/tanh_sinh.hpp>
#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/roots.hpp>
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "calib/calibrate/calibrate.hpp"
#include "calib/core/error.hpp"
#include "calib/impact/impact.hpp"
#include "impact_test_options.hpp"
#include "calib/models/catalog.hpp"
#include "calib/models/exact_damping.hpp"
#include "calib/models/exact_formulas.hpp"

using namespace calib;
using namespace calib::impact_test;

TEST(Impact, EnergyTimeAgreesWithTheTauSolve) {
  // The hysteresis family in energy time (src/impact/energy_time.hpp) against the τ solve of the
  // same law at rel_tol 1e-13 (an independent formulation: pow of x, three stepping phases),
  // 600 random laws, n ∈ [1, 2] plus n = 1, 3/2, 2, h log-uniform in [1e-3, 30] (e from 0.999 to
  // 0.03), clamped or not. Measured worst (3,000 laws): e_out 4.2e-11, δ_max 8e-12, t_contact
  // 1.6e-11, F_max 9e-12 relative; bounds 2e-10. The reference is always unclamped: on this family
  // the clamp never acts (v → −1/b only asymptotically, so F > 0 until δ = 0), but the τ solve's
  // F = 0 test fires by rounding once 1 + b v ~ 1e-16 (h ≳ 30) and stops a creeping rebound early.
  std::mt19937_64 rng(15);
  std::uniform_real_distribution<double> n_dist(1.0, 2.0), log_h(-3.0, std::log10(30.0));
  const impact::ImpactOptions reference = tau_reference();
  std::size_t energy_steps = 0, tau_steps = 0;
  for (int i = 0; i < 600; ++i) {
    const double n = i % 10 == 0 ? 1.0 + 0.5 * (i / 10 % 3) : n_dist(rng);
    const double h = std::pow(10.0, log_h(rng));
    const auto a = impact::solve({Family::hysteresis, n, h, i % 2 == 0}, impact::ImpactOptions{});
    const auto b = impact::solve({Family::hysteresis, n, h, false}, reference);
    const impact::ImpactOptions tau = in_tau();
    tau_steps += impact::solve({Family::hysteresis, n, h, false}, tau).steps;
    energy_steps += a.steps;
    ASSERT_EQ(a.status, impact::Status::separated) << n << " " << h;
    const auto label = ::testing::Message() << "n=" << n << " h=" << h;
    EXPECT_NEAR(a.e_out, b.e_out, 2e-10 * b.e_out) << label;
    EXPECT_NEAR(a.delta_max, b.delta_max, 2e-10 * b.delta_max) << label;
    EXPECT_NEAR(a.t_contact, b.t_contact, 2e-10 * b.t_contact) << label;
    EXPECT_NEAR(a.f_max, b.f_max, 2e-10 * b.f_max) << label;
    EXPECT_EQ(a.delta_sep, 0.0) << label;
    EXPECT_LT(a.energy_residual, 2e-10) << label;
    EXPECT_EQ(a.stiff_steps, 0u) << label;
  }
  // Steps per contact at the default rel_tol 1e-10: measured 18.8 against 40–90 in τ.
  EXPECT_LT(2 * energy_steps, tau_steps);
}

TEST(Impact, EnergyTimeHysteresisRestitutionIsIndependentOfN) {
  // In energy time n drops out of the equations for q and v (energy_time.hpp), so e_out(h) is the
  // SF2020 eq. 39 value for every n: against the Lambert-W form, 1e-10 relative, diagnostics off
  // (the calibration mode) and on.
  for (bool diagnostics : {false, true})
    for (double n : {1.0, 1.23, 1.5, 1.77, 2.0})
      for (double h : {1e-3, 0.05, 0.4, 1.7, 8.0, 25.0}) {
        impact::ImpactOptions opt;
        opt.diagnostics = diagnostics;
        const auto r = impact::solve({Family::hysteresis, n, h, false}, opt);
        const double e = models::hysteresis_e_of_h(h);
        EXPECT_NEAR(r.e_out, e, 1e-10 * e) << "n=" << n << " h=" << h;
      }
}

TEST(Impact, EnergyTimeTsujiAgreesWithTheTauSolve) {
  // The Tsuji family in energy time, where it is the linear oscillator q'' + b q' + q = 0
  // (src/impact/energy_time.hpp), against the τ solve of the same law at rel_tol 1e-13: 600
  // random laws, n ∈ [1, 2] plus n = 1, 3/2, 2, χ log-uniform in [1e-3, 30] (under- and
  // overdamped), clamped or not. The status must agree (an overdamped unclamped contact is
  // captured); e_out to 1e-10 absolute; δ_max and F_max to 5e-10 relative (measured worst over
  // 3,000 laws: 1.3e-10 and 7.6e-11); t_contact to 2e-8 relative where e_out ≥ 1e-6 (measured
  // 4.4e-9: a slow rebound separates with little speed, so its time is the ill-conditioned one).
  std::mt19937_64 rng(89);
  std::uniform_real_distribution<double> n_dist(1.0, 2.0), log_chi(-3.0, std::log10(30.0));
  impact::ImpactOptions reference = tau_reference();
  reference.max_steps = 10'000'000, reference.stiff_after = 100'000;
  double worst_e = 0, worst_t = 0, worst_peak = 0;
  std::size_t energy_steps = 0, tau_steps = 0;
  for (int i = 0; i < 600; ++i) {
    const double n = i % 10 == 0 ? 1.0 + 0.5 * (i / 10 % 3) : n_dist(rng);
    const double chi = std::pow(10.0, log_chi(rng));
    const ContactLaw law{Family::tsuji, n, chi, i % 2 == 0};
    const auto a = impact::solve(law);
    const auto b = impact::solve(law, reference);
    const impact::ImpactOptions tau = in_tau();
    tau_steps += impact::solve(law, tau).steps;
    energy_steps += a.steps;
    const auto label = ::testing::Message() << "n=" << n << " chi=" << chi << " clamp=" << law.clamp;
    ASSERT_EQ(a.status, b.status) << label;
    EXPECT_NEAR(a.e_out, b.e_out, 1e-10) << label;
    EXPECT_NEAR(a.delta_max, b.delta_max, 5e-10 * b.delta_max) << label;
    EXPECT_NEAR(a.f_max, b.f_max, 5e-10 * b.f_max) << label;
    if (b.e_out >= 1e-6) {
      EXPECT_NEAR(a.t_contact, b.t_contact, 2e-8 * b.t_contact) << label;
    }
    EXPECT_LT(a.energy_residual, 1e-9) << label;
    worst_e = std::max(worst_e, std::abs(a.e_out - b.e_out));
    worst_peak = std::max({worst_peak, std::abs(a.delta_max / b.delta_max - 1), std::abs(a.f_max / b.f_max - 1)});
    if (b.e_out >= 1e-6) worst_t = std::max(worst_t, std::abs(a.t_contact / b.t_contact - 1));
  }
  std::printf("worst |Δe_out| %.2e, δ_max/F_max %.2e, t_contact %.2e; steps %zu (τ: %zu)\n", worst_e,
              worst_peak, worst_t, energy_steps, tau_steps);
  EXPECT_LT(2 * energy_steps, tau_steps);
}

TEST(Impact, ClampedTsujiIsButcherSegalmanAtEveryN) {
  // In energy time the Tsuji law is q'' + b q' + q = 0 (b = χ/√κ) for every n, and the clamped
  // law separates where q + b q' = 0: the n = 1 Kelvin–Voigt contact with ξ = b/2 separating at
  // zero force, e = exp(−2ξ acos ξ/√(1−ξ²)) (Butcher–Segalman, PN2020 eq. 55–56, overdamped
  // branch corrected). An exact oracle for the clamped energy-time solve and for the τ solve;
  // both at the default rel_tol 1e-10. Under- and overdamped, n from 1 to 2.
  const impact::ImpactOptions tau = in_tau();
  for (double n : {1.0, 1.2, 1.5, 1.8, 2.0})
    for (double xi : {0.01, 0.2, 0.6, 0.95, 1.0, 1.3, 4.0}) {
      const double chi = std::sqrt(2.0 * (n + 1.0)) * xi, e = models::butcher_segalman_e(xi);
      const ContactLaw law{Family::tsuji, n, chi, true};
      const auto r = impact::solve(law);
      ASSERT_EQ(r.status, impact::Status::separated) << "n=" << n << " xi=" << xi;
      EXPECT_NEAR(r.e_out, e, 2e-11 + 1e-10 * e) << "energy time n=" << n << " xi=" << xi;
      EXPECT_NEAR(impact::solve(law, tau).e_out, e, 1e-9 * e) << "tau n=" << n << " xi=" << xi;
    }
}

TEST(Impact, TsujiPeakForceAtContactStartForNEqualsOne) {
  // n = 1 Tsuji law (= linear damper): F = x + χ x' starts at F(0⁺) = χ, with dF/dτ(0) = 1 − χ²
  // (x'' = −χ at τ = 0). For χ ≥ 1 the first instant is the peak, exactly χ; for χ < 1 the
  // peak is later and above χ. The energy-time peak condition (1 − b²) v − b q has no spurious
  // zero at s = 0 (with φ = q·(…) the located root was s = 0: F_max came out 9e-4 low at χ = 0.98).
  for (double chi : {1.0, 1.5, 4.0})
    EXPECT_NEAR(impact::solve({Family::tsuji, 1.0, chi, true}).f_max, chi, 1e-12 * chi) << chi;
  const impact::ImpactOptions tau = in_tau();
  for (double chi : {0.5, 0.98}) {
    const auto a = impact::solve({Family::tsuji, 1.0, chi, false});
    EXPECT_GT(a.f_max, chi);
    EXPECT_NEAR(a.f_max, impact::solve({Family::tsuji, 1.0, chi, false}, tight()).f_max, 1e-9) << chi;
    EXPECT_NEAR(a.f_max, impact::solve({Family::tsuji, 1.0, chi, false}, tau).f_max, 1e-9) << chi;
  }
}

TEST(Impact, OverdampedTsujiCaptureMatchesTheClosedForm) {
  // Unclamped Tsuji law with b = χ/√κ > 2 in energy time is the overdamped oscillator
  // q'' + b q' + q = 0, q(0) = 0, q'(0) = 1 (dimensionless: q = x^((n+1)/2), x = δ/δ_m), whose
  // whole contact is closed-form: q = (e^(λ₁s) − e^(λ₂s))/(λ₁ − λ₂), never back to 0, so it is
  // captured once √(q² + q'²) = capture_tol. Independent oracle: δ_max = q(s*)^(2/(n+1)) at
  // q'(s*) = 0, s* = ln(λ₂/λ₁)/(λ₁ − λ₂); F_max = κ q^β (q + b q') maximised (Brent, 1e-15 in s);
  // t_contact = (2/(n+1)) ∫₀^s_c q^(−β) ds (tanh-sinh, for the q^(−β) end singularity) with s_c
  // the capture root. Tolerances: 1e-10 (δ_max, F_max), 1e-9 (t_contact, δ_sep: the solve's
  // located s_max carries into both).
  for (double n : {1.2, 1.5, 1.9})
    for (double b : {3.0, 10.0, 100.0}) {
      const double kappa = 0.5 * (n + 1.0), beta = (n - 1.0) / (n + 1.0);
      const double root = std::sqrt(b * b - 4.0), l1 = -2.0 / (b + root), l2 = -0.5 * (b + root);
      // q = −e^(λ₁s) expm1((λ₂ − λ₁)s)/(λ₁ − λ₂): no cancellation near s = 0 nor at q ~ 1e-12.
      auto q = [&](double s) { return -std::exp(l1 * s) * std::expm1((l2 - l1) * s) / (l1 - l2); };
      auto v = [&](double s) { return (l1 * std::exp(l1 * s) - l2 * std::exp(l2 * s)) / (l1 - l2); };
      const double s_star = std::log(l2 / l1) / (l1 - l2);
      const auto peak = boost::math::tools::brent_find_minima(
          [&](double s) { return -kappa * std::pow(q(s), beta) * (q(s) + b * v(s)); }, 0.0, s_star, 50);
      const impact::ImpactOptions options;
      std::uintmax_t it = 200;
      const auto bracket = boost::math::tools::toms748_solve(
          [&](double s) { return std::log(std::hypot(q(s), v(s)) / options.capture_tol); }, s_star,
          s_star - 40.0 / l1, boost::math::tools::eps_tolerance<double>(52), it);
      const double s_c = bracket.second;
      const double t_c = 2.0 / (n + 1.0) *
                         boost::math::quadrature::tanh_sinh<double>().integrate(
                             [&](double s) { return std::pow(q(s), -beta); }, 0.0, s_c);
      const auto r = impact::solve({Family::tsuji, n, b * std::sqrt(kappa), false}, options);
      const auto label = ::testing::Message() << "n=" << n << " b=" << b;
      ASSERT_EQ(r.status, impact::Status::captured) << label;
      EXPECT_EQ(r.e_out, 0.0) << label;
      EXPECT_NEAR(r.delta_max, std::pow(q(s_star), 2.0 / (n + 1.0)), 1e-10 * r.delta_max) << label;
      EXPECT_NEAR(r.f_max, -peak.second, 1e-10 * r.f_max) << label;
      EXPECT_NEAR(r.t_contact, t_c, 1e-9 * t_c) << label;
      EXPECT_NEAR(r.delta_sep, std::pow(q(s_c), 2.0 / (n + 1.0)), 1e-9 * r.delta_sep) << label;
      EXPECT_LT(r.energy_residual, 1e-10) << label;
      EXPECT_LT(r.steps, 40u) << label;  // the creep to capture is not stepped
    }
}
