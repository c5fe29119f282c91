// Exact inverse calibration.
#include <cmath>

#include <gtest/gtest.h>

#include "calib/calibrate/calibrate.hpp"
#include "calib/core/error.hpp"
#include "calib/impact/impact.hpp"
#include "calib/models/catalog.hpp"

using namespace calib;

TEST(Calibrate, HysteresisRootSatisfiesEq39AndLambertForwardMap) {
  // Eq. 39 evaluated literally is well conditioned only for moderate e (for small e,
  // 1 - e h ~ e^{-1/e} underflows; near e = 1 both sides cancel to O(h²)).
  for (double e : {0.2, 0.5, 0.9}) {
    const double h = models::hysteresis_h_exact(e);
    EXPECT_NEAR(h * (1 + e), std::log((1 + h) / (1 - e * h)), 1e-12 * h) << e;
  }
  // The Lambert-W forward map is an independent route; it loses digits near the branch
  // point (h -> 0, e -> 1), so it is checked up to e = 0.99.
  for (double e : {1e-6, 1e-4, 0.01, 0.2, 0.5, 0.9, 0.99}) {
    const double h = models::hysteresis_h_exact(e);
    EXPECT_NEAR(models::hysteresis_e_of_h(h), e, 1e-9 * e) << e;
  }
  // Asymptotes: h -> 1/e as e -> 0; h ≈ 1.5(1-e) as e -> 1.
  EXPECT_NEAR(models::hysteresis_h_exact(1e-6), 1e6, 1e-6);
  const double e = 1 - 1e-7;
  EXPECT_NEAR(models::hysteresis_h_exact(e) / (1.5 * (1 - e)), 1.0, 1e-6);
}

TEST(Calibrate, HysteresisOdeInverseAgreesWithAlgebra) {
  for (double e : {0.05, 0.3, 0.7, 0.95}) {
    const auto c = calibrate::calibrate_damping(Family::hysteresis, 1.5, false, e);
    EXPECT_NEAR(c.damping, models::hysteresis_h_exact(e), 1e-8 * c.damping) << e;
  }
}

TEST(Calibrate, LinearDamperN1MatchesButcherSegalman) {
  // ζ = 2ξ for n = 1 (PN2020 eq. 56 with δ_m = v√(m/k)). Tolerance 1e-9 relative.
  for (double e : {1e-3, 0.01, 0.1, 0.1353, 0.3, 0.6, 0.9, 0.999}) {
    const auto c = calibrate::zeta_exact(e, 1.0);
    EXPECT_NEAR(c.damping, 2 * models::butcher_segalman_xi(e), 1e-9 * c.damping) << e;
    EXPECT_LE(std::abs(c.e_out - e) / e, 1e-10);
  }
}

TEST(Calibrate, ReachesTolerancesAcrossTheRange) {
  for (double n : {1.0, 1.37, 2.0})
    for (double e : {1e-4, 1e-3, 0.05, 0.45, 0.8, 0.99, 1.0}) {
      const auto c = calibrate::zeta_exact(e, n);
      EXPECT_LE(std::abs(c.e_out - e) / e, 1e-10) << "n=" << n << " e=" << e;
    }
}

TEST(Calibrate, COptScalesExactly) {
  // c_opt = ζ*·m v/δ_m and a physical direct solve with it gives e.
  const double m = 2.5, k = 3e7, v = 0.8, n = 1.5, e = 0.6;
  const double c = calibrate::c_opt(m, k, v, n, e);
  const auto r = impact::solve_physical_direct({{Family::linear_damper, k, n, c, true}, m, v},
                                               {1e-12, 1e-14, 52, 1000000});
  EXPECT_NEAR(r.e_out, e, 1e-9);
}

TEST(Calibrate, TsujiExactInverseMatchesOracle) {
  const auto& tsuji = models::find("tsuji");
  for (double n : {1.1, 2.0}) {
    const auto c = calibrate::calibrate_damping(Family::tsuji, n, false, 0.4);
    EXPECT_NEAR(c.damping, tsuji.damping(0.4, n), 1e-8);
  }
}

TEST(Calibrate, BadInput) {
  EXPECT_THROW(calibrate::zeta_exact(0.0, 1.5), InputError);
  EXPECT_THROW(calibrate::zeta_exact(1.2, 1.5), InputError);
  EXPECT_THROW(calibrate::zeta_exact(0.5, 0.9), InputError);
  EXPECT_THROW(calibrate::zeta_exact(std::nan(""), 1.5), InputError);
  EXPECT_THROW(models::hysteresis_h_exact(-0.1), InputError);
}

TEST(Models, CatalogNamesAreUniqueAndResolvable) {
  std::set<std::string_view> names;
  for (const auto& m : models::catalog()) {
    EXPECT_TRUE(names.insert(m.name).second) << m.name;
    EXPECT_FALSE(m.source.empty());
    const double n = m.fixed_n.value_or(1.5);
    const auto law = calibrate::law_for(m, 0.7, n);
    const auto r = impact::solve(law);
    EXPECT_EQ(r.status, impact::Status::separated) << m.name;
    if (m.exact) {
      EXPECT_NEAR(r.e_out, 0.7, 1e-8) << m.name;
    }
  }
  EXPECT_THROW(models::find("no-such-model"), InputError);
  EXPECT_THROW(models::law_for(models::find("dem-sqrt5"), 0.5, 1.2), InputError);
}

TEST(Models, PaperFormulasInDimensionlessForm) {
  // eq. 57 at n = 1: ζ = c/√(km) = 1.4181(e^-0.44 - 1).
  EXPECT_NEAR(models::find("poursina-nikravesh-n1").damping(0.5, 1.0),
              1.4181 * (std::pow(0.5, -0.44) - 1), 1e-14);
  // dem-sqrt5 equals the exact Tsuji χ at n = 3/2 because √(2(n+1)) = √5.
  EXPECT_NEAR(models::find("dem-sqrt5").damping(0.3, 1.5), models::find("tsuji").damping(0.3, 1.5),
              1e-14);
}

TEST(Calibrate, IndentationInverseIsExactDownToSmallE) {
  // PINSLOT eq. 97: δ_p/δ_m = 1 − e² exactly. A bracket step of 5 % above 1 − e² would leave
  // [0, 1) for every e ≤ 0.218; the search grows towards 1 instead, never past it.
  for (double e : {0.01, 0.05, 0.2, 0.218, 0.3, 0.9}) {
    const auto c = calibrate::calibrate_damping(Family::indentation, 1.5, true, e);
    EXPECT_NEAR(c.damping, 1.0 - e * e, 5e-10) << e;
    EXPECT_NEAR(c.e_out, e, 1e-10 * e) << e;
  }
}

TEST(Calibrate, AnExactClosedFormIsConfirmedByOneSolve) {
  // Hysteresis (SF2020 eq. 39), indentation (PINSLOT eq. 97) and the Tsuji law with or without
  // the clamp (energy time's linear oscillator: Kelvin–Voigt at ξ = χ/√(2(n+1)), calibrate.cpp)
  // have exact closed forms; the first solve at the closed form meets a quarter of cor_rel_tol
  // and is the answer (no bracket search follows). A closed form off by more than ~2.5e-11
  // relative in e would fail this (the search would go on).
  const calibrate::CalibrateOptions o;
  for (double n : {1.0, 1.37, 2.0})
    for (double e : {0.05, 0.4, 0.8, 0.99})
      for (const auto& [family, clamp] :
           {std::pair{Family::hysteresis, false}, std::pair{Family::indentation, true},
            std::pair{Family::tsuji, false}, std::pair{Family::tsuji, true}}) {
        const auto c = calibrate::calibrate_damping(family, n, clamp, e, o);
        EXPECT_EQ(c.solves, 1) << family_name(family) << " clamp=" << clamp << " n=" << n << " e=" << e;
        EXPECT_LE(std::abs(c.e_out - e), 0.25 * o.cor_rel_tol * e) << family_name(family);
      }
}
