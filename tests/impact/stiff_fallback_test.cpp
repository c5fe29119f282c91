// The hand-overs: the Rosenbrock fallback when the explicit budget runs out, and energy time handing a too-stiff contact to the τ solve.
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

TEST(Impact, StiffFallbackAfterAPhaseThatHadNoStepsLeft) {
  // Found by calib validate (flores, e = 1.75e-4, SI units, rel_tol 1e-11): the explicit
  // phases used up stiff_after exactly as the last one began, and Rosenbrock was handed a zero
  // first step and threw after 500 failed step-size adjustments. The SI solve must finish and
  // agree with the dimensionless one (scaling) to 1e-8 relative.
  const double e = 0.00017520540544775591, n = 1.5857146103482158;
  const ContactLaw law = calibrate::law_for(models::find("flores"), e, n, false);
  const double m = 0.035730968445415116, k = 4250090.9065576, v = 1.4336188948285369;
  const PhysicalImpact p{
      {law.family, k, n, to_physical_damping(law.family, law.damping, m, k, v, n), false}, m, v};
  const impact::ImpactOptions opt{.rel_tol = 1e-11, .abs_tol = 1e-13};
  const auto direct = impact::solve_physical_direct(p, opt);
  const auto scaled = impact::solve_physical(p, opt);
  ASSERT_EQ(direct.status, impact::Status::separated);
  EXPECT_GT(scaled.e_out, 0.0);
  EXPECT_NEAR(direct.e_out, scaled.e_out, 1e-8 * scaled.e_out);
}

TEST(Impact, RosenbrockFallbackIsAccurateAndEndsCreep) {
  // Forced early hand-over (after 20 explicit steps): the Rosenbrock 4 continuation must still
  // hit the exact hysteresis restitution, e(h) from SF2020 eq. 39 (Lambert W form). In the τ
  // solve (energy_time = false): in energy time these h need no fallback.
  impact::ImpactOptions opt{.rel_tol = 1e-11, .abs_tol = 1e-13, .diagnostics = false};
  opt.stiff_after = 20;
  opt.strategy.energy_time = false;
  for (double h : {0.3, 2.0, 30.0}) {
    const auto r = impact::solve(ContactLaw{Family::hysteresis, 1.5, h, false}, opt);
    ASSERT_EQ(r.status, impact::Status::separated) << h;
    EXPECT_GT(r.stiff_steps, 0u);
    EXPECT_NEAR(r.e_out, models::hysteresis_e_of_h(h), 1e-8 * models::hysteresis_e_of_h(h)) << h;
  }
  // A linear dashpot without the clamp and ζ far above critical creeps towards δ = 0 for ever:
  // explicit steps alone ran into max_steps (1e6 steps, ~250 ms); with the fallback the energy
  // bound declares it captured within a few hundred stiff steps.
  for (double zeta : {10.0, 1e3, 1e4}) {
    const auto r = impact::solve(
        ContactLaw{Family::linear_damper, 1.5, zeta, false},
        impact::ImpactOptions{.rel_tol = 1e-10, .abs_tol = 1e-12, .diagnostics = false});
    EXPECT_EQ(r.status, impact::Status::captured) << zeta;
    EXPECT_LT(r.steps, 5000u) << zeta;
  }
}

TEST(Impact, EnergyTimeTooStiffFallsBackToTheTauSolve) {
  // h = 1e4 (e ≈ 1e-4): v' = −q(1 + b v) is stiff in energy time too; after stiff_after explicit
  // steps the contact is re-solved in τ (with its Rosenbrock fallback). e_out: SF2020 eq. 39.
  const double h = 1e4, e = models::hysteresis_e_of_h(h);
  const auto r = impact::solve({Family::hysteresis, 1.5, h, false}, impact::ImpactOptions{});
  ASSERT_EQ(r.status, impact::Status::separated);
  EXPECT_GT(r.stiff_steps, 0u);
  EXPECT_NEAR(r.e_out, e, 1e-8 * e);
}

TEST(Impact, StepsSpentInEnergyTimeBeforeAHandOverAreCounted) {
  // h = 10 at stiff_after = 10: predicted ~2 steps, so energy time starts, runs out of its
  // budget after 10 steps and hands over to τ. The result is the τ solve's own (same e_out to
  // the bit), and its counts are the τ solve's plus the 10 steps and their RHS evaluations.
  impact::ImpactOptions o;
  o.stiff_after = 10;
  const ContactLaw law{Family::hysteresis, 1.5, 10.0, false};
  const auto handed_over = impact::solve(law, o);
  const auto tau_only = impact::solve(law, in_tau(o));
  EXPECT_EQ(handed_over.e_out, tau_only.e_out);
  EXPECT_EQ(handed_over.steps, tau_only.steps + 10);
  EXPECT_GE(handed_over.rhs_evaluations, tau_only.rhs_evaluations + 10 * 13);  // RKF78: 13 each
}
