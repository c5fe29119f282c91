// The solve against exact formulas: SF2020 eq. 39 (hysteresis), Butcher–Segalman (n = 1), the u = δ^((n+1)/2) reduction of Tsuji-type laws, the scale invariance; tolerances are stated per test.
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

TEST(Impact, HysteresisWithExactHReproducesEForEveryN) {
  // SF2020 eq. 39: e_out(h*(e)) = e independently of n (and m, K, v). Tolerance 1e-9.
  for (double n : {1.0, 1.5, 2.0})
    for (double e = 0.01; e < 0.995; e += 0.07) {
      const double h = models::hysteresis_h_exact(e);
      const auto r = impact::solve({Family::hysteresis, n, h, false}, tight());
      ASSERT_EQ(r.status, impact::Status::separated);
      EXPECT_NEAR(r.e_out, e, 1e-9) << "n=" << n << " e=" << e;
    }
}

TEST(Impact, HysteresisIndependentOfMassStiffnessSpeed) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-3, 3);
  const double e = 0.35, h = models::hysteresis_h_exact(e);
  for (int i = 0; i < 5; ++i) {
    const double m = std::pow(10, u(rng)), k = std::pow(10, 2 * u(rng)), v = std::pow(10, u(rng));
    const PhysicalImpact p{{Family::hysteresis, k, 1.5, h * k / v, false}, m, v};
    EXPECT_NEAR(impact::solve_physical_direct(p, tight()).e_out, e, 1e-9);
  }
}

TEST(Impact, LinearDamperN1MatchesButcherSegalman) {
  // PN2020 eq. 55 (quadrant-correct, overdamped exponent ξ/q): both branches vs the ODE.
  for (double xi : {0.05, 0.3, 0.6, 0.7071, 0.9, 1.3, 3.0, 20.0}) {
    const auto r = impact::solve({Family::linear_damper, 1.0, 2.0 * xi, true}, tight());
    EXPECT_NEAR(r.e_out, models::butcher_segalman_e(xi), 1e-10) << "xi=" << xi;
  }
}

TEST(Impact, PrintedOverdampedExponentOfEq55DisagreesWithOde) {
  // Documenting the misprint: PN2020 eq. 55 prints the exponent 2ξq/(2ξ²-1).
  const double xi = 3.0, q = std::sqrt(xi * xi - 1);
  const double printed = std::pow((xi - q) / (xi + q), 2 * xi * q / (2 * xi * xi - 1));
  const auto r = impact::solve({Family::linear_damper, 1.0, 2.0 * xi, true}, tight());
  EXPECT_GT(std::abs(r.e_out - printed), 1e-3);
}

TEST(Impact, TsujiReductionOracle) {
  // u = δ^((n+1)/2) makes the law linear with damping ratio χ/√(2(n+1)):
  // without clamp e = exp(-πζ/√(1-ζ²)); with clamp e = Butcher–Segalman(ζ). Tol 1e-9.
  for (double n : {1.1, 1.5, 2.0})
    for (double chi : {0.1, 0.8, 1.5}) {
      const double zeta = chi / std::sqrt(2 * (n + 1));
      const auto free = impact::solve({Family::tsuji, n, chi, false}, tight());
      EXPECT_NEAR(free.e_out, std::exp(-std::numbers::pi * zeta / std::sqrt(1 - zeta * zeta)), 1e-9)
          << "n=" << n << " chi=" << chi;
      const auto clamped = impact::solve({Family::tsuji, n, chi, true}, tight());
      EXPECT_NEAR(clamped.e_out, models::butcher_segalman_e(zeta), 1e-9)
          << "clamp n=" << n << " chi=" << chi;
    }
}

TEST(Impact, PhysicalAgreesWithDimensionless) {
  // Scaling of the dimensionless law: direct SI integration vs scaled dimensionless solve, 1e-10 relative.
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(0, 1);
  for (int i = 0; i < 8; ++i) {
    const double m = std::pow(10, -5 + 7 * u(rng)), k = std::pow(10, 5 + 5 * u(rng));
    const double v = std::pow(10, -3 + 5 * u(rng)), n = 1 + u(rng);
    const double c = to_physical_damping(Family::linear_damper, 0.4, m, k, v, n);
    const PhysicalImpact p{{Family::linear_damper, k, n, c, true}, m, v};
    const auto a = impact::solve_physical(p, tight());
    const auto b = impact::solve_physical_direct(p, tight());
    EXPECT_NEAR(a.e_out, b.e_out, 1e-10 * a.e_out);
    EXPECT_NEAR(a.delta_max, b.delta_max, 1e-9 * a.delta_max);
    EXPECT_NEAR(a.t_contact, b.t_contact, 1e-9 * a.t_contact);
    EXPECT_NEAR(a.delta_sep, b.delta_sep, 1e-8 * a.delta_max);
  }
}

TEST(Impact, EOutConvergesAsTolerancesTighten) {
  // Event location is not the accuracy limit: the change between tolerance levels shrinks.
  double prev = 0, prev_diff = 1;
  for (double tol : {1e-6, 1e-8, 1e-10, 1e-12}) {
    const auto r =
        impact::solve({Family::linear_damper, 1.5, 0.7, true}, {tol, tol * 1e-2, 52, 1000000});
    if (prev != 0) {
      const double diff = std::abs(r.e_out - prev);
      EXPECT_LT(diff, std::max(prev_diff, 1e-14));
      prev_diff = diff;
    }
    prev = r.e_out;
  }
  EXPECT_LT(prev_diff, 1e-9);
}

TEST(Impact, UndampedGivesUnitRestitutionAndUnitPenetration) {
  // ζ = 0: e_out = 1 and δ_max = δ_m (PN2020 eq. 27), energy conserved.
  for (double n : {1.0, 1.5, 2.0}) {
    const auto r = impact::solve({Family::linear_damper, n, 0.0, true}, tight());
    EXPECT_NEAR(r.e_out, 1.0, 1e-10);
    EXPECT_NEAR(r.delta_max, 1.0, 1e-10);
    EXPECT_NEAR(r.f_max, 0.5 * (n + 1), 1e-8);  // κ x_max^n
    EXPECT_LT(r.energy_residual, 1e-9);
  }
}

TEST(Impact, EnergyBalanceClosesForDampedLaws) {
  for (auto fam : {Family::hysteresis, Family::linear_damper, Family::tsuji}) {
    const auto r = impact::solve({fam, 1.5, 0.5, fam != Family::hysteresis}, tight());
    EXPECT_LT(r.energy_residual, 1e-8) << family_name(fam);
  }
}

TEST(Impact, BadInputNamesTheParameter) {
  try {
    impact::solve_physical({{Family::linear_damper, 1, 1.5, 0.1, true}, -1.0, 1});
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("m (mass)"), std::string::npos);
  }
  EXPECT_THROW(impact::solve({Family::linear_damper, 2.5, 0.1, true}), InputError);
  EXPECT_THROW(impact::solve({Family::linear_damper, 1.5, std::nan(""), true}), InputError);
  EXPECT_THROW(impact::solve_physical({{Family::linear_damper, 1, 1.5, 0.1, true}, 1, std::nan("")}),
               InputError);
}

TEST(Impact, KhuliefShabanaDecodingIsLankaraniNikraveshAtNEquals1) {
  for (double e : {0.3, 0.8})
    EXPECT_DOUBLE_EQ(models::law_for(models::find("khulief-shabana"), e, 1.0).damping,
                     models::law_for(models::find("lankarani-nikravesh"), e, 1.0).damping);
  EXPECT_THROW(models::law_for(models::find("khulief-shabana"), 0.5, 1.5), InputError);
}

TEST(Impact, RestitutionIsNeverNegativeFromRounding) {
  // A clamped linear damper at ζ = 1e5 separates where F = A xⁿ + ζ x' = 0, i.e. with
  // x' = −A xⁿ/ζ ~ −1e-20 (x ≈ 1e-5, n = 2): e_out is below rounding and came out −4e-16 before.
  // It is 0 up to rounding and never negative; the same law at n = 1 has the closed form
  // (Butcher–Segalman, overdamped) e = exp(…) ~ 1e-10, which the solve still resolves.
  const auto r = impact::solve({Family::linear_damper, 2.0, 1e5, true});
  ASSERT_EQ(r.status, impact::Status::separated);
  EXPECT_GE(r.e_out, 0.0);
  EXPECT_LT(r.e_out, 1e-12);
  const auto n1 = impact::solve({Family::linear_damper, 1.0, 1e5, true});
  EXPECT_NEAR(n1.e_out, models::butcher_segalman_e(1e5 / 2.0), 1e-12);
}
