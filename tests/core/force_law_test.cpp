// core::ForceLaw (the SI force of each family, its separation indicator and its dimensionless
// form) and the table of material laws that fit, dynamics and codes read.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "calib/core/contact_law.hpp"
#include "calib/core/error.hpp"
#include "calib/core/material_law.hpp"
#include "calib/dynamics/contact_model.hpp"
#include "calib/fit/fit_impact.hpp"

using namespace calib;

namespace {
// δ = 1e-4 m: δ^(3/2) = 1e-6 and δ^(1/4) = 0.1, so each expected force below is exact
// arithmetic on the family's formula (contact_law.hpp), up to the roundoff of pow (1e-15).
constexpr double kDelta = 1e-4;
constexpr double kTol = 1e-12;
}  // namespace

TEST(ForceLaw, EachFamilysForceIsItsFormula) {
  // hysteresis, SF2020 eq. 7: Kδⁿ + Cδⁿδ' = 2e9·1e-6 + 1e9·1e-6·0.5 = 2000 + 500
  EXPECT_NEAR((ForceLaw{Family::hysteresis, 2e9, 1.5, 1e9, false}.force(kDelta, 0.5, 1.0)), 2500.0,
              2500.0 * kTol);
  // linear damper, PN2020 eq. 8: Kδⁿ + cδ' = 100 + 30·2
  EXPECT_NEAR((ForceLaw{Family::linear_damper, 1e8, 1.5, 30.0, true}.force(kDelta, 2.0, 1.0)),
              160.0, 160.0 * kTol);
  // Tsuji, PINSLOT eq. 89–90: Kδⁿ + χ√(mK)δ^((n−1)/2)δ' = 100 + 0.4·√(0.01·1e8)·0.1·2 = 100 + 80
  EXPECT_NEAR((ForceLaw{Family::tsuji, 1e8, 1.5, 0.4, true}.force(kDelta, 2.0, 0.01)), 180.0,
              180.0 * kTol);
  // viscoelastic: Kδⁿ + Cδ^(1/2)δ' = 100 + 5e4·1e-2·2 = 100 + 1000
  EXPECT_NEAR((ForceLaw{Family::viscoelastic, 1e8, 1.5, 5e4, true}.force(kDelta, 2.0, 1.0)), 1100.0,
              1100.0 * kTol);
  // PINSLOT eq. 153's rate exponent m = 2: Cδⁿ sgn(δ')|δ'|² = 1e9·1e-6·(−0.25) on 2000
  EXPECT_NEAR((ForceLaw{Family::hysteresis, 2e9, 1.5, 1e9, false, 2.0}.force(kDelta, -0.5, 1.0)),
              1750.0, 1750.0 * kTol);
}

TEST(ForceLaw, AClampedLawNeverPullsAndSeparatesAtZeroForce) {
  // Restitution with δ' = −20: 100 + 30·(−20) = −500 N unclamped.
  const ForceLaw free{Family::linear_damper, 1e8, 1.5, 30.0, false};
  ForceLaw clamped = free;
  clamped.clamp = true;
  EXPECT_NEAR(free.force(kDelta, -20.0, 1.0), -500.0, 500.0 * kTol);
  EXPECT_EQ(clamped.force(kDelta, -20.0, 1.0), 0.0);
  // Indicator: δ unclamped; min(F unclamped, δ) clamped (PN2020 eq. 20).
  EXPECT_EQ(free.indicator(kDelta, -20.0, 1.0), kDelta);
  EXPECT_NEAR(clamped.indicator(kDelta, -20.0, 1.0), -500.0, 500.0 * kTol);
  EXPECT_EQ(clamped.indicator(kDelta, 2.0, 1.0), kDelta);  // F = 160 N > δ
}

TEST(ForceLaw, DimensionlessFormIsTheScaling) {
  // n = 1, m = 1, K = 4, v = 2: δ_m = v√(m/K) = 1 (PN2020 eq. 27), ζ = cδ_m/(m v) = 3/2.
  const ForceLaw linear{Family::linear_damper, 4.0, 1.0, 3.0, true};
  EXPECT_NEAR(linear.scales(1.0, 2.0).delta_m, 1.0, 1e-15);
  EXPECT_NEAR(linear.dimensionless(1.0, 2.0).damping, 1.5, 1e-15);
  // Hysteresis: h = C v/K (SF2020 eq. 38) = 1e9·0.5/2e9.
  const ContactLaw h = ForceLaw{Family::hysteresis, 2e9, 1.5, 1e9, false}.dimensionless(0.01, 0.5);
  EXPECT_EQ(h.family, Family::hysteresis);
  EXPECT_NEAR(h.damping, 0.25, 1e-15);
  EXPECT_FALSE(h.clamp);
  // The impact solve integrates a damper linear in δ': a rate exponent is refused, named.
  try {
    (void)ForceLaw{Family::hysteresis, 2e9, 1.5, 1e9, false, 2.0}.dimensionless(0.01, 0.5);
    FAIL() << "a rate exponent of 2 was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("rate_exponent"), std::string::npos) << e.what();
  }
}

TEST(MaterialLaw, EachRowIsItsParameterisation) {
  // hunt-crossley-alpha: Kδⁿ(1 + αδ') -> C = Kα, unclamped.
  const ForceLaw hc = find_material_law("hunt-crossley-alpha").to_force_law(2e9, 1.5, 0.2);
  EXPECT_EQ(hc.family, Family::hysteresis);
  EXPECT_NEAR(hc.damping, 4e8, 1e-6);
  EXPECT_FALSE(hc.clamp);
  // PINSLOT eq. 153: C = (3/2)αK with the rate exponent m; the same force as hunt-crossley-alpha
  // at α_HC = (3/2)α.
  const ForceLaw pin = find_material_law("pinslot-alpha").to_force_law(2e9, 1.5, 0.2, 1.3);
  EXPECT_NEAR(pin.damping, 6e8, 1e-6);
  EXPECT_EQ(pin.rate_exponent, 1.3);
  const ForceLaw pin1 = find_material_law("pinslot-alpha").to_force_law(2e9, 1.5, 0.2);
  const ForceLaw hc_same = find_material_law("hunt-crossley-alpha").to_force_law(2e9, 1.5, 0.3);
  EXPECT_NEAR(pin1.force(kDelta, 0.7, 1.0), hc_same.force(kDelta, 0.7, 1.0), 1e-9);
  // viscoelastic: K(δⁿ + (3/2)Aδ^(1/2)δ') -> C = (3/2)KA, at n = 3/2 only.
  EXPECT_NEAR(find_material_law("viscoelastic").to_force_law(1e9, 1.5, 7e-6).damping, 1.05e4, 1e-8);
  EXPECT_THROW((void)find_material_law("viscoelastic").to_force_law(1e9, 1.4, 7e-6), InputError);
  // A rate exponent on a row whose damper is linear in δ' is refused.
  EXPECT_THROW((void)find_material_law("linear-damper").to_force_law(1e9, 1.5, 50.0, 2.0),
               InputError);
  try {
    (void)find_material_law("kelvin", "--law");
    FAIL() << "an unknown row was found";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("--law: unknown law 'kelvin'"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("pinslot-alpha"), std::string::npos) << e.what();
  }
}

TEST(MaterialLaw, FitAndDynamicsReadTheSameRows) {
  // fit-impact's four laws are the table's first four rows, parameter for parameter.
  for (const fit::ImpactLaw law : fit::impact_laws()) {
    const MaterialLaw& row = material_laws()[static_cast<std::size_t>(law)];
    EXPECT_EQ(fit::impact_law_name(law), row.name);
    EXPECT_EQ(fit::damping_parameter_name(law), row.parameter);
    const ForceLaw f = fit::physical_impact(law, 0.01, {1e9, 1.5, 0.3}, 1.0).law;
    const ForceLaw g = row.to_force_law(1e9, 1.5, 0.3);
    EXPECT_EQ(f.family, g.family);
    EXPECT_EQ(f.damping, g.damping);
    EXPECT_EQ(f.clamp, g.clamp);
  }
  // A system contact with alpha is the pinslot-alpha row, its clamp switchable.
  dynamics::ContactModel model;
  model.k = 1e10, model.n = 1.5;
  model.damping = dynamics::Material{&find_material_law("pinslot-alpha"), 0.32, 1.2};
  const dynamics::ActiveLaw a = dynamics::begin_contact(model, 1.5, 0.4);
  EXPECT_EQ(a.law.damping, 1.5 * 0.32 * 1e10);  // PINSLOT eq. 153
  EXPECT_EQ(a.law.rate_exponent, 1.2);
  EXPECT_FALSE(a.law.clamp);
  EXPECT_EQ(a.m_eff, 0.4);
  model.clamp = true;
  EXPECT_TRUE(dynamics::begin_contact(model, 1.5, 0.4).law.clamp);
}
