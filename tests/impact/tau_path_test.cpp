// The τ path of the linear damper and the other laws: its series start, Taylor bulk, tracked power and peak-force search against tight references.
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

TEST(Impact, TrueErrorAtTheDefaultToleranceAgainstATightReference) {
  // What rel_tol 1e-10 buys (accuracy audit): e_out against the same law solved at
  // rel_tol 1e-14 stepped from contact (which reproduces the exact ζ*, h* targets to ≤ 2e-12),
  // n ∈ {1, 1.5, 2}, e ∈ {0.01 … 0.999}. Measured worst: linear damper (clamped, separation at
  // F = 0) 7.2e-11 with the Taylor bulk (Fehlberg's: 7.6e-11; 5.9e-11 before the series start;
  // n = 1 is the Tsuji form, in energy time, and sets this worst); hysteresis (separation at δ = 0, where δⁿ
  // is not smooth) 6.2e-11. Bounds: 1e-10 and 2e-10. This grid is kind to the linear damper:
  // over random laws its worst is several times rel_tol (LinearDamperErrorOverRandomLaws).
  // The separation state is re-stepped to the located event (impact/hermite_dense.hpp), not read
  // from Dormand–Prince's dense output through the step that crosses δ = 0, where δⁿ is not
  // smooth and the interpolant misses e_out by ~3e-9 (n = 2, e = 0.99).
  const impact::ImpactOptions fast{.rel_tol = 1e-10, .abs_tol = 1e-12, .diagnostics = false};
  const impact::ImpactOptions ref = stepped_reference();
  double worst_linear = 0, worst_hysteresis = 0;
  for (double n : {1.0, 1.5, 2.0})
    for (double e : {0.01, 0.1, 0.5, 0.9, 0.99, 0.999}) {
      const ContactLaw lin{Family::linear_damper, n, calibrate::law_for(models::find("linear-damper"), e, n).damping, true};
      const ContactLaw hys{Family::hysteresis, n, models::find("gonthier").damping(e, n), false};
      const double a = impact::solve(lin, ref).e_out, c = impact::solve(hys, ref).e_out;
      EXPECT_NEAR(a, e, 2e-12 * e + 1e-15) << n << " " << e;
      EXPECT_NEAR(c, e, 2e-12 * e + 1e-15) << n << " " << e;
      worst_linear = std::max(worst_linear, std::abs(impact::solve(lin, fast).e_out - a) / a);
      worst_hysteresis = std::max(worst_hysteresis, std::abs(impact::solve(hys, fast).e_out - c) / c);
    }
  EXPECT_LE(worst_linear, 1e-10);
  EXPECT_LE(worst_hysteresis, 2e-10);
}

TEST(Impact, LinearDamperErrorOverRandomLaws) {
  // The clamped linear damper at rel_tol 1e-10 over 600 seeded laws, n uniform in [1.02, 2],
  // e log-uniform in [0.02, 1] with the certified exact ζ (e_out ≈ e), against the same laws at
  // rel_tol 1e-14 stepped from contact. |e_out − e_ref|/e_ref: worst 6.4e-11, 99th percentile
  // 4.8e-11, median 8.1e-12 (Taylor bulk, taylor_series.hpp). The worst are strongly damped laws
  // (e ≲ 0.1): relative to a small e. Bounds: worst 2e-10, median 2e-11; a σ start under
  // odeint's step control reaches ~7e-10 and fails the first.
  if (!models::ExactDamping::builtin_available()) GTEST_SKIP() << "no exact-damping table";
  const auto& table = models::ExactDamping::builtin();
  const impact::ImpactOptions fast{.rel_tol = 1e-10, .abs_tol = 1e-12, .diagnostics = false};
  const impact::ImpactOptions ref = stepped_reference();
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<double> errors;
  for (int i = 0; i < 600; ++i) {
    const double n = 1.02 + 0.98 * u(rng), e = std::exp(std::log(0.02) * u(rng));
    if (!table.covers(e, n)) continue;
    const ContactLaw law{Family::linear_damper, n, table.zeta(e, n), true};
    const double reference = impact::solve(law, ref).e_out;
    errors.push_back(std::abs(impact::solve(law, fast).e_out - reference) / reference);
  }
  ASSERT_GT(errors.size(), 500u);
  std::sort(errors.begin(), errors.end());
  EXPECT_LE(errors.back(), 2e-10);
  EXPECT_LE(errors[errors.size() / 2], 2e-11);
  RecordProperty("worst", fmt::format("{:.2e}", errors.back()));
}

TEST(Impact, SeriesStartAgreesWithTheSteppedStart) {
  // The linear damper's first stretch from its series in τ and τ^(n+1) (src/impact/
  // series_start.hpp) against the same contact stepped from x = 0 (series_start = false) at
  // rel_tol 1e-14: every reported quantity, clamped and not, n from 1 to 2 (1.04: a nearly
  // linear spring, whose force under strong damping peaks inside the stretch, 3e-7 above its
  // end values, where a first version took the larger end value), ζ from 0 (Hertz) to 50; with
  // the diagnostics and without (then the series also runs where the force might peak inside).
  // Bounds 1e-10 relative; t_contact 1e-10 absolute (t ~ 3) up to ζ = 2: at ζ = 50 the clamped
  // law's F = 0 is crossed at a shallow angle and t_contact is 1.4e-8 off at rel_tol 1e-12 with
  // the stepped start as well. Measured worst 1.8e-11. The series must also be what runs: fewer
  // evaluations than the stepped start at the same tolerance (n > 1, ζ ≤ 2; with the diagnostics
  // ζ < 0.5; at ζ = 50 an unclamped creep takes ~50,000 evaluations either way).
  impact::ImpactOptions reference = tight();
  reference.rel_tol = 1e-14;
  reference.abs_tol = 1e-16;
  reference.strategy.series_start = false;
  double worst = 0;
  const auto rel = [](double x, double y) { return std::abs(x - y) / std::max(std::abs(y), 1e-300); };
  for (bool diagnostics : {true, false})
    for (bool clamp : {true, false})
      for (double n : {1.0, 1.04, 1.3, 1.5, 1.77, 2.0})
        for (double zeta : {0.0, 0.003, 0.05, 0.3, 0.886, 2.0, 50.0}) {
          const ContactLaw law{Family::linear_damper, n, zeta, clamp};
          impact::ImpactOptions options = tight();
          options.diagnostics = diagnostics;
          impact::ImpactOptions stepped = options;
          stepped.strategy.series_start = false;
          const auto a = impact::solve(law, options), b = impact::solve(law, reference);
          const std::string where =
              fmt::format("n={} zeta={} clamp={} diagnostics={}", n, zeta, clamp, diagnostics);
          ASSERT_EQ(a.status, b.status) << where;
          if (b.status == impact::Status::separated) {  // a captured t_contact: where detected
            EXPECT_LE(rel(a.e_out, b.e_out), 1e-10) << where;
            if (zeta <= 2.0) {
              EXPECT_LE(std::abs(a.t_contact - b.t_contact), 1e-10) << where;
            }
            worst = std::max(worst, rel(a.e_out, b.e_out));
          }
          if (diagnostics) {
            EXPECT_LE(rel(a.f_max, b.f_max), 1e-10) << where;
            EXPECT_LE(rel(a.delta_max, b.delta_max), 1e-10) << where;
            worst = std::max({worst, rel(a.f_max, b.f_max), rel(a.delta_max, b.delta_max)});
          }
          // n = 1 is the Tsuji form, solved in energy time (no start to step or expand).
          if (n > 1.0 && zeta <= 2.0 && (!diagnostics || zeta < 0.5)) {
            EXPECT_LT(a.rhs_evaluations, impact::solve(law, stepped).rhs_evaluations) << where;
          }
        }
  RecordProperty("worst_relative_difference", fmt::format("{:.2e}", worst));
}

TEST(Impact, TaylorBulkAgreesWithATightFehlbergReference) {
  // The linear damper's bulk in Taylor-series steps (src/impact/taylor_series.hpp, the default)
  // against the same laws stepped by Fehlberg 7(8) from contact at rel_tol 1e-14 (taylor_bulk =
  // false, series_start = false: another integrator throughout). Default rel_tol 1e-10, with the
  // diagnostics; n from 1.04 to 2, ζ from 0 to 10, clamped and not (70 laws). Measured worst,
  // Taylor bulk / Fehlberg bulk at the same rel_tol:
  //   e_out 2.3e-10 / 1.7e-10 (both unclamped n = 1.04, ζ = 0.05: the Dormand–Prince end),
  //   F_max 1.7e-11 / 1.4e-10, δ_max 2.1e-11 / 1.1e-11, t_contact (separated) 9.9e-11 / 6.6e-10,
  //   energy residual 6.9e-10 / 3.5e-10 (n = 2, ζ = 10 clamped: the work integrates x'² times a
  //   = 20, and x' is bounded, not the work; its e_out is 1.6e-12 off).
  // Bounds: e_out 5e-10 (as LinearDamperErrorOverRandomLaws), F_max, δ_max and t_contact 2e-10,
  // residual 1e-9. The Taylor bulk must also be what runs: fewer steps than the Fehlberg bulk at
  // the same rel_tol (measured 6–32 steps against 61–206 where the contact separates).
  impact::ImpactOptions reference = stepped_reference();
  reference.diagnostics = true;
  const auto rel = [](double x, double y) { return std::abs(x - y) / std::max(std::abs(y), 1e-300); };
  double worst = 0;
  for (bool clamp : {true, false})
    for (double n : {1.04, 1.3, 1.5, 1.77, 2.0})
      for (double zeta : {0.0, 0.003, 0.05, 0.3, 0.886, 2.0, 10.0}) {
        const ContactLaw law{Family::linear_damper, n, zeta, clamp};
        impact::ImpactOptions taylor, fehlberg;
        fehlberg.strategy.taylor_bulk = false;
        const auto a = impact::solve(law, taylor), b = impact::solve(law, reference);
        const std::string where = fmt::format("n={} zeta={} clamp={}", n, zeta, clamp);
        ASSERT_EQ(a.status, b.status) << where;
        EXPECT_LE(rel(a.f_max, b.f_max), 2e-10) << where;
        EXPECT_LE(rel(a.delta_max, b.delta_max), 2e-10) << where;
        EXPECT_LT(a.energy_residual, 1e-9) << where;
        if (b.status == impact::Status::separated) {  // a captured t_contact: where detected
          EXPECT_LE(rel(a.e_out, b.e_out), 5e-10) << where;
          EXPECT_LE(rel(a.t_contact, b.t_contact), 2e-10) << where;
          EXPECT_LT(a.steps, impact::solve(law, fehlberg).steps) << where;
          worst = std::max(worst, rel(a.e_out, b.e_out));
        }
      }
  RecordProperty("worst_e_out", fmt::format("{:.2e}", worst));
}

TEST(Impact, PeakForceOfADamperActingAtContactStartIsItsFirstInstant) {
  // Dimensionless linear damper x'' = −xⁿ − ζx', F = xⁿ + ζx': F(0⁺) = ζ (x = 0, x' = 1) and
  // dF/dt(0⁺) = −ζ² < 0, so for heavy damping the peak force is the first instant, exactly ζ.
  // Every later F is below it: checked against the solve's own samples (f_max == ζ to 1e-12).
  // A solve that does not sample the first instant reports f_max up to 1.4 % low.
  for (double e : {0.01, 0.05}) {
    const double zeta = calibrate::zeta_exact(e, 1.5).damping;
    const auto r = impact::solve({Family::linear_damper, 1.5, zeta, true}, tight());
    EXPECT_NEAR(r.f_max, zeta, 1e-12 * zeta) << e;
  }
}

TEST(Impact, PeakForceMatchesATightReference) {
  // f_max at the default rel_tol 1e-10 against the same solve at 1e-14, 150 seeded laws
  // (gonthier, linear-damper, flores, tsuji, hunt-crossley; e log-uniform in [1e-3, 1], n in
  // [1, 2]): ≤ 1e-8 relative (measured 2.5e-10). A peak refined only where a step's midpoint
  // is its largest sample misses peaks next to a step end by up to 1e-4.
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(0, 1);
  double worst = 0;
  for (const char* name : {"gonthier", "linear-damper", "flores", "tsuji", "hunt-crossley"}) {
    const auto& model = models::find(name);
    for (int i = 0; i < 30; ++i) {
      const double e = std::exp(std::log(1e-3) * u(rng)), n = 1 + u(rng);
      const ContactLaw law = calibrate::law_for(model, e, n);
      const auto a = impact::solve(law, {.rel_tol = 1e-10, .abs_tol = 1e-12});
      const auto b = impact::solve(law, {.rel_tol = 1e-14, .abs_tol = 1e-16, .max_steps = 10'000'000});
      worst = std::max(worst, std::abs(a.f_max - b.f_max) / b.f_max);
    }
  }
  EXPECT_LT(worst, 1e-8);
}

TEST(Impact, TrackedPowerAgreesWithExactPowers) {
  // Past the contact's start, the τ solve carries xⁿ as a state component, (xⁿ)' = n xⁿ x'/x,
  // where xⁿ would cost a pow (ContactSystem::tracked); n = 1, 3/2, 2 keep their exact powers
  // (x, x√x, x²). So n one ulp away from those is the same law solved with a tracked xⁿ:
  // both solves at rel_tol 1e-10 must agree to the solve's accuracy (xⁿ moves by ~1e-16 per ulp).
  // Four families, clamped or not, light to heavy damping. A captured contact (an overdamped
  // unclamped damper creeping to rest) has e_out = 0 and a t_contact set by capture_tol (an
  // energy threshold crossed at τ ~ 1e5–1e8, ill-conditioned): only δ_max and F_max are compared.
  // Measured worst 9.7e-10, the size of each solve's own error against a rel_tol 1e-13
  // reference (up to 2.8e-9 for e_out of the untracked viscoelastic law); bound 2e-9.
  const impact::ImpactOptions opt = in_tau();  // hysteresis in τ too
  double worst = 0;
  for (Family f : {Family::linear_damper, Family::tsuji, Family::viscoelastic, Family::hysteresis})
    for (bool clamp : {true, false})
      for (double n : {1.0, 1.5, 2.0})
        for (double damping : {0.02, 0.3, 1.5}) {
          const double n_tracked = std::nextafter(n, 1.5 + (n == 1.5));
          const auto exact = impact::solve({f, n, damping, clamp}, opt);
          const auto tracked = impact::solve({f, n_tracked, damping, clamp}, opt);
          ASSERT_EQ(exact.status, tracked.status);
          std::vector<std::pair<double, double>> compared{{exact.delta_max, tracked.delta_max},
                                                          {exact.f_max, tracked.f_max}};
          if (exact.status == impact::Status::separated) {
            compared.emplace_back(exact.e_out, tracked.e_out);
            compared.emplace_back(exact.t_contact, tracked.t_contact);
          }
          for (auto [a, b] : compared) {
            const double rel = std::abs(a - b) / std::abs(a);
            worst = std::max(worst, rel);
            EXPECT_LT(rel, 2e-9) << family_name(f) << " clamp=" << clamp << " n=" << n << " damping=" << damping
                                 << ": " << a << " vs " << b;
          }
        }
  std::printf("worst relative difference, tracked vs exact xⁿ: %.2e\n", worst);
}

TEST(Impact, ClampedHysteresisInTauSeparatesAtZeroPenetration) {
  // The clamp never acts on the hysteresis family (F = xⁿ(A + a x') > 0 until δ = 0); the τ solve
  // must not stop at F = 0 by rounding once 1 + h x' ~ 1e-16 (that would leave δ_sep = 0.78
  // against 607 in t_contact at h = 1e4). Clamped and unclamped τ solves are the same contact: at
  // h = 30 and 1e4 (e ≈ 0.033, 1e-4) t_contact agrees to 1e-9 and δ_sep is 0.
  const impact::ImpactOptions opt = in_tau();
  for (double h : {30.0, 1e4}) {
    const auto clamped = impact::solve({Family::hysteresis, 1.9, h, true}, opt);
    const auto free = impact::solve({Family::hysteresis, 1.9, h, false}, opt);
    EXPECT_NEAR(clamped.t_contact, free.t_contact, 1e-9 * free.t_contact) << h;
    EXPECT_LT(clamped.delta_sep, 1e-12) << h;
  }
}
