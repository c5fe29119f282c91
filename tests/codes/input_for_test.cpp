// What other simulators achieve with a typed e, and the inverse. The expected
// numbers come from closed forms independent of the ODE solve: the Tsuji-law reduction to a
// linear oscillator (docs/method.md: the u = δ^((n+1)/2) reduction), the clamped Kelvin–Voigt COR (Butcher–Segalman,
// models::butcher_segalman_e), the Hunt–Crossley exact h*(e) (SF2020 eq. 39) and the published
// clamped values of docs/simulators/liggghts.md. The real LAMMPS and LIGGGHTS check the same mappings in tests/peers.
#include <cmath>
#include <numbers>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "calib/codes/input_for.hpp"
#include "calib/core/error.hpp"
#include "calib/models/catalog.hpp"
#include "calib/models/exact_formulas.hpp"

using namespace calib;
using codes::find_code_law;

namespace {
// v_char = 1 m/s for the laws that read a characteristic velocity (chrono hooke, mbdyn, ...).
const codes::Contact kGlass = codes::two_spheres(7e10, 0.22, 1e-3, 2500, 1.0, {}, 1.0);
const impact::ImpactOptions kSolver{.rel_tol = 1e-11, .abs_tol = 1e-13, .diagnostics = false};

double e_of(const codes::CodeLaw& law, double typed, bool clamp,
            const codes::Contact& c = kGlass) {
  return codes::achieved(law, typed, clamp, c, kSolver).e;
}
// Unclamped linear oscillator: e = exp(−πζ/√(1−ζ²)).
double e_linear(double zeta) { return std::exp(-std::numbers::pi * zeta / std::sqrt(1 - zeta * zeta)); }
}  // namespace

TEST(Codes, TwoSpheresContactFromMaterial) {
  // m = ρ(4/3)πR³, m* = m/2, R* = R/2, E* = E/(2(1−ν²)), K = (4/3)E*√R* (by hand).
  const double m = 2500 * 4.0 / 3.0 * std::numbers::pi * 1e-9;
  EXPECT_NEAR(kGlass.m_eff, m / 2, 1e-15 * m);
  EXPECT_DOUBLE_EQ(kGlass.r_eff, 5e-4);
  EXPECT_NEAR(kGlass.e_star, 7e10 / (2 * (1 - 0.22 * 0.22)), 1e-3);
  EXPECT_NEAR(kGlass.k_hertz, 4.0 / 3.0 * kGlass.e_star * std::sqrt(5e-4), 1e-3);
  EXPECT_THROW(codes::two_spheres(-1, 0.3, 1e-3, 2500, 1), InputError);
  EXPECT_THROW(codes::two_spheres(7e10, 0.5000001, 1e-3, 2500, 1), InputError);
  EXPECT_THROW(codes::two_spheres(7e10, 0.3, 1e-3, 2500, std::nan("")), InputError);
}

TEST(Codes, SqrtFiveZetaIsExactWithoutClampAndMatchesPublishedValuesWithClamp) {
  const auto& liggghts = find_code_law("liggghts", "hertz");
  // docs/simulators/liggghts.md: clamped √5ζ(e) gives 0.1→0.2527, 0.3→0.3971, 0.5→0.5503, 0.7→0.7182, 0.9→0.9020.
  const double published[][2] = {{0.1, 0.2527}, {0.3, 0.3971}, {0.5, 0.5503}, {0.7, 0.7182},
                                 {0.9, 0.9020}};
  for (auto [e, clamped] : published) {
    EXPECT_NEAR(e_of(liggghts, e, false), e, 1e-8) << e;  // exact reduction, solver tolerance
    EXPECT_NEAR(e_of(liggghts, e, true), clamped, 5e-5) << e;  // 4 published digits
    // and to 1e-8 against the clamped Kelvin–Voigt closed form of the reduced oscillator
    EXPECT_NEAR(e_of(liggghts, e, true),
                models::butcher_segalman_e(models::damping_ratio_of_cor(e)), 1e-8)
        << e;
  }
}

TEST(Codes, Lammps2022TsujiPolynomialForwardAndUnreachableTargets) {
  const auto& old = find_code_law("lammps", "tsuji", "20220106");
  const auto& now = find_code_law("lammps", "tsuji", "16Sep2026");
  auto poly = [](double e) {  // Marshall 2009 eq. 53 as LAMMPS codes it
    return 1.2728 - 4.2783 * e + 11.087 * e * e - 22.348 * std::pow(e, 3) +
           27.467 * std::pow(e, 4) - 18.022 * std::pow(e, 5) + 4.8218 * std::pow(e, 6);
  };
  for (double e : {0.3, 0.5, 0.7}) {
    // χ on the Hertz spring: ζ = χ/√5 of the reduced oscillator (docs/method.md).
    EXPECT_NEAR(e_of(old, e, false), e_linear(poly(e) / std::sqrt(5.0)), 1e-8) << e;
    EXPECT_NEAR(e_of(now, e, false), e_linear(std::sqrt(2.0) * poly(e) / std::sqrt(5.0)), 1e-8)
        << e;
  }
  // Typed 0.5 in LAMMPS 2022 gives 0.61608 (tests/peers measures 0.616 in the real lmp).
  EXPECT_NEAR(e_of(old, 0.5, false), 0.6160760312, 1e-9);
  // poly(0) = 1.2728 < √5ζ(0.1): only a negative coefficient reaches e = 0.1. LAMMPS accepts it
  // and integrates the polynomial there (tests/peers: −0.0867 gives 0.0199 in the real lmp).
  codes::InputForOptions o;
  o.target_e = 0.1;
  const codes::InputFor r = codes::input_for(old, kGlass, o);
  EXPECT_LT(r.input_value, 0.0);
  EXPECT_GE(r.input_value, -1.0);
  EXPECT_NEAR(e_linear(poly(r.input_value) / std::sqrt(5.0)), 0.1, 1e-8);
  EXPECT_NEAR(codes::input_for(now, kGlass, o).input_value, 0.0, 0.2);  // √2·1.2728 reaches it
}

TEST(Codes, AccessibleRangeOfTheTypedValueIsTheCodes) {
  const auto& liggghts = find_code_law("liggghts", "hertz");
  codes::InputForOptions o;
  // LIGGGHTS 3.8.0 global_properties.cpp: "0.05 < coefficientRestitution <= 1 required".
  o.typed = 0.05;
  EXPECT_THROW(codes::input_for(liggghts, kGlass, o), InputError);  // exit 2: the code refuses it
  o.typed.reset();
  o.target_e = 0.03;  // below what 0.05+ achieves (χ = √5ζ(e) is exact without the clamp)
  try {
    codes::input_for(liggghts, kGlass, o);
    FAIL() << "LIGGGHTS cannot reach e = 0.03";
  } catch (const ComputeError& err) {  // exit 1: a computation that has no answer
    EXPECT_NE(std::string(err.what()).find("(0.05, 1]"), std::string::npos) << err.what();
    EXPECT_NE(std::string(err.what()).find("[0.05, 1]"), std::string::npos) << err.what();
  }
  // With limitForce the floor is the clamped Kelvin–Voigt e of ζ(0.05) (Butcher–Segalman),
  // 0.2137 (tests/peers: the real LIGGGHTS gives 0.21366), not the 0.137 of e → 0.
  const double floor = models::butcher_segalman_e(models::damping_ratio_of_cor(0.05));
  EXPECT_NEAR(floor, 0.2137, 1e-4);
  o.target_e = 0.15;
  o.clamp = true;
  try {
    codes::input_for(liggghts, kGlass, o);
    FAIL() << "LIGGGHTS with limitForce cannot reach e = 0.15";
  } catch (const ComputeError& err) {
    EXPECT_NE(std::string(err.what()).find(fmt::format("[{:.6g}, 1]", floor)), std::string::npos)
        << err.what();
  }
  // Every input printed for LIGGGHTS lies in (0.05, 1].
  for (const char* model : {"hertz", "hooke"})
    for (double target : {0.06, 0.1, 0.22, 0.5, 0.95}) {
      o.target_e = target;
      o.clamp = target > floor;
      const double input = codes::input_for(find_code_law("liggghts", model), kGlass, o).input_value;
      EXPECT_GT(input, 0.05) << model << " " << target;
      EXPECT_LE(input, 1.0) << model << " " << target;
    }
  // LAMMPS tsuji with limit_damping: a negative coefficient reaches 0.05 (the clamped reduced
  // oscillator, Butcher–Segalman, at ζ = poly(x)/√5).
  o.target_e = 0.05;
  o.clamp = true;
  const codes::InputFor r = codes::input_for(find_code_law("lammps", "tsuji"), kGlass, o);
  const double chi = models::find("lammps-tsuji-pre2026").damping(r.input_value, 1.5);
  EXPECT_LT(r.input_value, 0.0);
  EXPECT_NEAR(models::butcher_segalman_e(chi / std::sqrt(5.0)), 0.05, 1e-8);
}

TEST(Codes, CodeVersionResolvesToTheLawInForceAtThatRelease) {
  using codes::Release;
  using S = Release::Scheme;
  EXPECT_EQ(codes::parse_release("2Aug2023"), (Release{S::date, {2023, 8, 2, 0}}));
  EXPECT_EQ(codes::parse_release("20220106"), (Release{S::date, {2022, 1, 6, 0}}));
  EXPECT_EQ(codes::parse_release("stable_2Aug2023_update3"), (Release{S::date, {2023, 8, 2, 3}}));
  EXPECT_EQ(codes::parse_release("patch_27Jun2024"), (Release{S::date, {2024, 6, 27, 0}}));
  EXPECT_EQ(codes::parse_release("2023.02a"), (Release{S::year_month, {2023, 2, 1, 0}}));
  EXPECT_EQ(codes::parse_release("3.8.0"), (Release{S::dotted, {3, 8, 0, 0}}));
  for (const char* bad : {"", "develop", "2Foo2023", "32Jan2023", "20221306", "3..8", "1.2.3.4.5"})
    EXPECT_FALSE(codes::parse_release(bad)) << bad;
  EXPECT_EQ(codes::parse_release("2023.13")->scheme, S::dotted);  // no month 13: not Yade's
  auto version = [](const char* code, const char* model, const char* named) {
    return std::string(find_code_law(code, model, named).version);
  };
  // tsuji: no √2 from 20220106 until 16Sep2026 (the first release with √2).
  EXPECT_EQ(version("lammps", "tsuji", "2Aug2023"), "20220106");
  EXPECT_EQ(version("lammps", "tsuji", "stable_2Aug2023_update2"), "20220106");
  EXPECT_EQ(version("lammps", "tsuji", "4Jul2026"), "20220106");
  EXPECT_EQ(version("lammps", "tsuji", "stable_16Sep2026"), "16Sep2026");
  EXPECT_EQ(version("lammps", "tsuji", "20261111"), "16Sep2026");
  EXPECT_EQ(version("lammps", "coeff_restitution", "stable_29Aug2024"), "27Jun2024");
  EXPECT_EQ(version("lammps", "viscoelastic", "stable_16Sep2026"), "20220106");
  EXPECT_EQ(version("liggghts", "hertz", "3.8.1"), "3.8.0");
  // Before the earliest mapping, unparsable, or another code's numbering: InputError (exit 2).
  EXPECT_THROW(find_code_law("lammps", "tsuji", "29Oct2020"), InputError);
  EXPECT_THROW(find_code_law("lammps", "coeff_restitution", "2Aug2023"), InputError);
  EXPECT_THROW(find_code_law("lammps", "tsuji", "develop"), InputError);
  EXPECT_THROW(find_code_law("lammps", "tsuji", "3.8.0"), InputError);
  EXPECT_THROW(find_code_law("liggghts", "hertz", "3.7.0"), InputError);
  try {
    find_code_law("lammps", "tsuji", "1Jan2020");
  } catch (const InputError& err) {
    EXPECT_NE(std::string(err.what()).find("20220106, 16Sep2026"), std::string::npos) << err.what();
  }
}

TEST(Codes, LammpsWallStiffensTheHertzMaterialModulusAndStiffnessModelsMatchTheirClosedForms) {
  // fix wall/gran granular hertz/material (7Jan2022) takes E/(2(1−ν)) = E(1+ν)/(2(1−ν²)): the e
  // on the wall equals libcalib's wall contact of modulus E(1+ν) (the real lmp agrees to 3e-5).
  const auto& viscoelastic = find_code_law("lammps", "viscoelastic");
  const auto wall = codes::make_contact(codes::Geometry::sphere_wall, 1e7, 0.3, 5e-3, 2500, 0.5);
  const auto stiff = codes::make_contact(codes::Geometry::sphere_wall, 1.3e7, 0.3, 5e-3, 2500, 0.5);
  const auto pair = codes::make_contact(codes::Geometry::sphere_sphere, 1e7, 0.3, 5e-3, 2500, 0.5);
  const double eta0 = 1465835.33;
  EXPECT_NEAR(e_of(viscoelastic, eta0, false, wall),
              codes::achieved(find_code_law("lammps", "gran/hertz/history"), eta0, false, stiff,
                              kSolver).e,
              1e-10);
  // A pair keeps E/(2(1−ν²)): pair granular viscoelastic and gran/hertz/history, one law.
  EXPECT_NEAR(e_of(viscoelastic, eta0, false, pair),
              e_of(find_code_law("lammps", "gran/hertz/history"), eta0, false, pair), 1e-12);
  // LIGGGHTS hertz/stiffness is the same law as gran/hertz/history (F = √(R*δ)(k_n δ + m*γ_n δ')).
  EXPECT_NEAR(e_of(find_code_law("liggghts", "hertz/stiffness"), eta0, true, wall),
              e_of(find_code_law("lammps", "gran/hertz/history"), eta0, true, wall), 1e-12);
  // hooke/stiffness: Kelvin–Voigt with ζ = γ_n m*/(2√(m* k_n)).
  const double gamma = 0.3 * 2 * std::sqrt(wall.k_linear / wall.m_eff);  // ζ = 0.3
  EXPECT_NEAR(e_of(find_code_law("liggghts", "hooke/stiffness"), gamma, false, wall),
              e_linear(0.3), 1e-8);
  EXPECT_NEAR(e_of(find_code_law("liggghts", "hooke/stiffness"), gamma, true, wall),
              models::butcher_segalman_e(0.3), 1e-8);
}

TEST(Codes, EveryMappingInvertsToTheTargetOrSaysWhyNot) {
  for (const codes::CodeLaw& law : codes::code_laws()) {
    for (double target : {0.3, 0.7, 0.95}) {
      codes::InputForOptions o;
      o.target_e = target;
      SCOPED_TRACE(std::string(law.code) + " " + std::string(law.model) + " " +
                   std::string(law.version) + " e=" + std::to_string(target));
      try {
        const codes::InputFor r = codes::input_for(law, kGlass, o);
        EXPECT_NEAR(r.achieved_with_input, target, 1e-10 * target);
        // Independent re-evaluation of the returned value.
        EXPECT_NEAR(e_of(law, r.input_value, r.clamp), target, 1e-10 * target);
        EXPECT_FALSE(r.snippet.empty());
        EXPECT_EQ(r.speeds.empty(), !law.speed_dependent);
      } catch (const ComputeError& err) {
        // Unreachable by construction: h = 1.5(1 − e) ≤ 1.5 (Hunt–Crossley: Exudyn model 1,
        // MBDyn) and h = 0.75(1 − e²) ≤ 0.75 (Lankarani–Nikravesh) cap the damping, so e cannot
        // fall below e(h_max), SF2020 eq. 39 solved for e (hysteresis_e_of_h).
        const double h_max = law.code == "exudyn" || law.model == "hunt-crossley" ? 1.5
                             : law.model == "lankarani-nikravesh"                  ? 0.75
                                                                                   : 0.0;
        ASSERT_GT(h_max, 0.0) << "unexpectedly unreachable: " << err.what();
        const double e_min = models::hysteresis_e_of_h(h_max);
        EXPECT_LT(target, e_min);
        EXPECT_NE(std::string(err.what()).find(std::to_string(e_min).substr(0, 6)),
                  std::string::npos)
            << err.what() << " vs e_min " << e_min;
      }
    }
  }
}

TEST(Codes, ClampedKelvinVoigtCodesInvertToButcherSegalman) {
  // MuJoCo (dmin = dmax): e is the clamped KV COR of dampratio; default dampratio 1.
  const auto& mujoco = find_code_law("mujoco");
  codes::InputForOptions o;
  o.target_e = 0.5;
  const auto r = codes::input_for(mujoco, kGlass, o);
  EXPECT_NEAR(r.input_value, models::butcher_segalman_xi(0.5), 1e-9);
  ASSERT_TRUE(r.achieved_if_typed);
  EXPECT_NEAR(*r.achieved_if_typed, models::butcher_segalman_e(1.0), 1e-9);
  // Yade ViscElMat (tc, en), clamped: e_BS(ζ(e)) (0.5 → 0.5503, Butcher & Segalman 2000).
  EXPECT_NEAR(e_of(find_code_law("yade", "viscel"), 0.5, true), 0.5503, 5e-5);
}

TEST(Codes, HuntCrossleyCodesInvertToTheExactH) {
  // Simbody: h = (3/2)c v, so the dissipation to type is h*(e)/(1.5 v) (SF2020 eq. 39).
  const codes::Contact at2 = codes::two_spheres(7e10, 0.22, 1e-3, 2500, 2.0);
  codes::InputForOptions o;
  o.target_e = 0.6;
  const auto r = codes::input_for(find_code_law("simbody"), at2, o);
  EXPECT_NEAR(r.input_value, models::hysteresis_h_exact(0.6) / (1.5 * 2.0), 1e-8);
  // MBDyn hunt-crossley at v = v0: the e to type solves 1.5(1 − e) = h*(0.6).
  const auto m = codes::input_for(find_code_law("mbdyn", "hunt-crossley"), kGlass, o);
  EXPECT_NEAR(m.input_value, 1.0 - models::hysteresis_h_exact(0.6) / 1.5, 1e-8);
}

TEST(Codes, ViscoelasticFamilyFollowsBrilliantovSpeedScaling) {
  // Brilliantov et al. 1996 / Schwager & Pöschel 1998: for weak damping of F = Kδ^{3/2} +
  // Cδ^{1/2}δ', 1 − e ∝ v^{1/5} to first order. Checked over one decade to 2 %.
  const auto& lammps = find_code_law("lammps", "viscoelastic");
  const double eta0 = 1e7;  // [1/(m s)], weak: 1 − e ~ 1e-3 for 1 mm glass
  const double e1 = e_of(lammps, eta0, false, codes::two_spheres(7e10, 0.22, 1e-3, 2500, 0.1));
  const double e2 = e_of(lammps, eta0, false, codes::two_spheres(7e10, 0.22, 1e-3, 2500, 1.0));
  EXPECT_NEAR((1 - e2) / (1 - e1), std::pow(10.0, 0.2), 0.02 * std::pow(10.0, 0.2));
  EXPECT_LT(e2, 0.9995);  // damping is not negligible
}

TEST(Codes, ViscoelasticScalingAgreesWithTheDirectSolve) {
  // The new family's dimensionless number η = Cδ_m^{3/2}/(m v) against the SI-unit ODE.
  const PhysicalImpact p{{Family::viscoelastic, 3e8, 1.5, 50.0, false}, 2e-3, 0.7};
  const auto a = impact::solve_physical(p, kSolver);
  const auto b = impact::solve_physical_direct(p, kSolver);
  EXPECT_NEAR(a.e_out, b.e_out, 1e-8);
  EXPECT_NEAR(a.t_contact, b.t_contact, 1e-8 * b.t_contact);
  EXPECT_NEAR(to_physical_damping(Family::viscoelastic, to_dimensionless(p).damping, p.m, p.law.k,
                                  p.v, p.law.n),
              p.law.damping, 1e-12 * p.law.damping);
}

TEST(Codes, BadRequestsNameTheField) {
  EXPECT_THROW(find_code_law("abaqus"), InputError);
  EXPECT_THROW(find_code_law("lammps", "jkr"), InputError);
  EXPECT_THROW(find_code_law("lammps", "coeff_restitution", "20220106"), InputError);
  codes::InputForOptions o;
  o.target_e = 0.5;
  o.clamp = false;  // Chrono core always clamps
  EXPECT_THROW(codes::input_for(find_code_law("chrono", "hertz", "core"), kGlass, o), InputError);
  o.clamp.reset();
  o.target_e = 1.5;
  EXPECT_THROW(codes::input_for(find_code_law("liggghts"), kGlass, o), InputError);
  o.target_e = 0.5;
  o.typed = 2.0;  // a restitution above 1
  EXPECT_THROW(codes::input_for(find_code_law("liggghts"), kGlass, o), InputError);
}

TEST(Codes, EveryCodeForwardAgreesWithItsClosedForm) {
  // The Tsuji reduction (docs/method.md): a χ law on δⁿ is a linear oscillator with ζ = χ/√(2(n+1)), so
  // without clamp e = exp(−πζ/√(1−ζ²)) and with clamp e = e_BS(ζ) (Butcher–Segalman). Hunt–
  // Crossley type laws: e = e(h) of SF2020 eq. 39 (hysteresis_e_of_h), any n.
  using models::butcher_segalman_e;
  const codes::Contact slow = codes::two_spheres(7e10, 0.22, 1e-3, 2500, 0.5, {}, 2.0);
  struct Case {
    const char *code, *model, *version;
    bool clamp;
    double (*expected)(double e, const codes::Contact& c);
  };
  const Case cases[] = {
      {"mercurydpm", "hertzian-viscoelastic", "", false, [](double e, const codes::Contact&) { return e; }},
      {"mercurydpm", "linear-viscoelastic", "", false, [](double e, const codes::Contact&) { return e; }},
      {"mfix", "hertz", "", false,
       [](double e, const codes::Contact&) {
         return e_linear(2 * models::damping_ratio_of_cor(e) / std::sqrt(5.0));
       }},
      {"mfix", "lsd", "", false, [](double e, const codes::Contact&) { return e; }},
      {"kratos", "hertz", "", true,
       [](double e, const codes::Contact&) {
         return models::butcher_segalman_e(models::find("thornton2013").damping(e, 1.5) /
                                           std::sqrt(5.0));
       }},
      {"yade", "mindlin", "2023.02a", true,
       [](double e, const codes::Contact&) {
         return models::butcher_segalman_e(models::find("thornton2013").damping(e, 1.5) /
                                           std::sqrt(5.0));
       }},
      {"yade", "mindlin", "2016.06a", true,
       [](double e, const codes::Contact&) {
         return models::butcher_segalman_e(models::damping_ratio_of_cor(e));
       }},
      {"chrono", "hertz", "core", true,
       [](double e, const codes::Contact&) {
         return models::butcher_segalman_e(models::damping_ratio_of_cor(e));
       }},
      {"chrono", "hooke", "core", true,
       [](double e, const codes::Contact&) {
         return models::butcher_segalman_e(models::damping_ratio_of_cor(e));
       }},
      {"chrono", "hertz", "multicore", false, [](double e, const codes::Contact&) { return e; }},
      {"chrono", "hooke", "multicore", false, [](double e, const codes::Contact&) { return e; }},
      {"chrono", "flores", "multicore", false,
       [](double e, const codes::Contact& c) {
         return models::hysteresis_e_of_h(1.6 * (1 - e) / e * c.v / c.char_velocity());
       }},
      {"exudyn", "impact-model-1", "", false,
       [](double e, const codes::Contact&) { return models::hysteresis_e_of_h(1.5 * (1 - e)); }},
      {"exudyn", "impact-model-2", "", false,
       [](double e, const codes::Contact&) {
         return models::hysteresis_e_of_h(e > 1.0 / 3 ? 1.5 * (1 - e) * (11 - e) / (1 + 9 * e)
                                                      : (1 - e * e) / e);
       }},
      {"mbdyn", "lankarani-nikravesh", "", false,
       [](double e, const codes::Contact& c) {
         return models::hysteresis_e_of_h(0.75 * (1 - e * e) * c.v / c.char_velocity());
       }},
      {"lammps", "coeff_restitution-hooke", "", true,
       [](double e, const codes::Contact&) {
         return models::butcher_segalman_e(models::damping_ratio_of_cor(e));
       }},
      {"liggghts", "hooke", "", false, [](double e, const codes::Contact&) { return e; }},
  };
  for (const Case& c : cases) {
    const auto& law = find_code_law(c.code, c.model, c.version);
    for (double e : {0.2, 0.5, 0.8}) {
      SCOPED_TRACE(std::string(c.code) + " " + c.model + " e=" + std::to_string(e));
      // e(h) loses digits near h → 0 (exact_formulas.hpp): 1e-7 is its accuracy at e ≥ 0.2.
      EXPECT_NEAR(e_of(law, e, c.clamp, slow), c.expected(e, slow), 1e-7);
    }
  }
  // gran/hooke/history: ζ = γ_n m*/(2√(m* k)), typed γ_n [1/s].
  const auto& hooke = find_code_law("lammps", "gran/hooke/history");
  const double gamma = 0.4 * 2 * std::sqrt(slow.k_linear / slow.m_eff);  // ζ = 0.4
  EXPECT_NEAR(e_of(hooke, gamma, false, slow), e_linear(0.4), 1e-8);
  EXPECT_NEAR(e_of(hooke, gamma, true, slow), butcher_segalman_e(0.4), 1e-8);
  // MuJoCo: dampratio 0.3 → clamped Kelvin–Voigt.
  EXPECT_NEAR(e_of(find_code_law("mujoco"), 0.3, true, slow), butcher_segalman_e(0.3), 1e-8);
}

TEST(Codes, YadeWallsAndTheEdgesOfItsRange) {
  using models::butcher_segalman_e;
  const codes::Contact wall =
      codes::make_contact(codes::Geometry::sphere_wall, 7e10, 0.22, 1e-3, 2500, 1.0);
  // ViscElMat (tc, en) on a massless wall: Yade's m_R = m/2 while m* = m, so ζ = ζ(en)/√2 on the
  // clamped linear spring (ViscoelasticPM.cpp: massR, kn, cn) and e = e_BS(ζ(en)/√2).
  const auto& viscel = find_code_law("yade", "viscel");
  for (double en : {0.2, 0.5, 0.8})
    EXPECT_NEAR(e_of(viscel, en, true, wall),
                butcher_segalman_e(models::damping_ratio_of_cor(en) / std::sqrt(2.0)), 1e-7)
        << en;
  // Yade 2023.02a sets β_n = 0 for en == 1 exactly (HertzMindlin.cpp), so typing 1 gives 1
  // although the fit itself gives β_n(1) ≈ 4.5e-3.
  EXPECT_NEAR(e_of(find_code_law("yade", "mindlin", "2023.02a"), 1.0, true), 1.0, 1e-9);
  // The 2016.06a–2022.01a law on a wall: R* = R/2 (the wall's "radius" is the sphere's), so K is
  // (4/3)E*√(R/2); e is that of the same χ = √5ζ(e) (a χ law's e does not depend on K).
  const auto& old = find_code_law("yade", "mindlin", "2016.06a");
  const auto& now = find_code_law("yade", "mindlin", "2023.02a");
  EXPECT_NEAR(e_of(old, 0.5, true, wall),
              butcher_segalman_e(models::damping_ratio_of_cor(0.5)), 1e-7);
  EXPECT_NEAR(old.impact(0.5, true, wall).law.k, 4.0 / 3.0 * wall.e_star * std::sqrt(5e-4),
              1e-12 * wall.k_hertz);
  EXPECT_NEAR(now.impact(0.5, true, wall).law.k, wall.k_hertz, 1e-12 * wall.k_hertz);  // hertzian
  // The snippet names the wall and its functor, and the 2023.02a one asks for a Hertzian wall.
  EXPECT_NE(now.snippet(0.5, true, wall).find("Ig2_Wall_Sphere_ScGeom(hertzian=True)"),
            std::string::npos);
  EXPECT_NE(old.snippet(0.5, true, wall).find("utils.wall("), std::string::npos);
}

TEST(Codes, YadeViscElYoungIsYadesOwnNewtonIterate) {
  // ViscElMat (young, en): k = E R, c = Yade's Newton iterate for en with m_R = m/2, stopped at
  // 1e-2 relative error (ViscoelasticPM.cpp find_cn_from_en). Expected numbers: an independent
  // Python transcription of find_cn_from_en/get_en_from_cn with Yade's ε = 1e-8 for kGlass:
  // en 0.5 → c = 9.760417781 N s/m after 3 iterations, Yade's own e(c) = 0.5004292063; en 1e-3 →
  // c = 601.4805056 after 11, e(c) = 0.001001038975. On a wall m* = m: ζ = c/(2√(m E R)) = 0.18025.
  const auto& young = find_code_law("yade", "viscel-young");
  EXPECT_NEAR(e_of(young, 0.5, true), 0.5004292063, 1e-7);
  EXPECT_NEAR(e_of(young, 1e-3, true), 0.001001038975, 1e-8);
  EXPECT_NEAR(e_of(young, 1.0, true), 1.0, 1e-9);
  const codes::Contact wall =
      codes::make_contact(codes::Geometry::sphere_wall, 7e10, 0.22, 1e-3, 2500, 1.0);
  EXPECT_NEAR(e_of(young, 0.5, true, wall), models::butcher_segalman_e(0.18024992088934116), 1e-7);
  // The typed range starts where Yade's 16 iterations still converge (they do not at 1e-5).
  EXPECT_DOUBLE_EQ(young.typed.lower, 1e-3);
}
