// MercuryDPM, MFiX-DEM and Kratos DEMApplication.
//  * MercuryDPM (kuwt/MercuryDPM_fork master): HertzianViscoelastic d = √5ζ(e) (…NormalSpecies.cc
//    l.109–137), no clamp. LinearViscoelastic setRestitutionCoefficient(e, m) with m the harmonic
//    mean mass 2m*: γ = −L√(2mk/(π²+L²)) = 2ζ(e)√(m*k) — exact if m = 2m* is passed (l.195–245).
//  * MFiX-DEM (2023 check_solids_dem.f l.655–710, 880–925): Hertz η_n = 2ζ(e)√(K m*)δ^{1/4}
//    (χ = 2ζ where the exact value is √5ζ); LSD η_n = 2ζ(e)√(k_n m*) (exact). No clamp.
//  * Kratos DEMApplication (DEM_D_Hertz_viscous_Coulomb_CL.cpp): c_n = 2γ√(m*k_n), k_n =
//    2E*√(R*δ) = (3/2)K√δ, γ the Thornton 2013 fit (e < 0.001 → 0.001, γ = 0 for e > 0.999):
//    χ = √6γ(e); the normal force is clamped at 0.
#include <algorithm>
#include <cmath>

#include "codes/laws.hpp"

namespace calib::codes::detail {

namespace {
const std::vector<std::string_view> kSpheres = {
    "two identical spheres; m* = m/2, R* = R/2, E* = E/(2(1-nu^2))",
    "e does not depend on the speed or the stiffness (the u = delta^(5/4) reduction)", "no gravity"};
}  // namespace

std::vector<CodeLaw> mercurydpm_laws() {
  return {
      {"mercurydpm", "hertzian-viscoelastic", "master",
       "MercuryDPM HertzianViscoelasticNormalSpecies.cc l.109-137, ...Interaction.cc l.119-130",
       "Hertz + d√(m*k)v_n, d = √(5L²/(L²+π²)) = √5ζ(e): χ = √5ζ(e), no clamp",
       {"restitution coefficient (setEffectiveElasticModulusAndRestitutionCoefficient)", "-", true,
        1e-9, 1.0, {}},
       {false, ""}, false, kSpheres,
       +[](double v, bool clamp, const Contact& c) {
         return hertz_tsuji(std::sqrt(5.0) * zeta(v), clamp, c);
       },
       +[](double v, bool, const Contact& c) {
         return fmt::format(
             "// C++: species of both particles (E* = effective elastic modulus [Pa])\n"
             "auto species = dpm.speciesHandler.copyAndAddObject(HertzianViscoelasticMindlinSpecies());\n"
             "species->setDensity({});\n"
             "species->setEffectiveElasticModulusAndRestitutionCoefficient({}, {});\n",
             num(c.density), num(c.e_star), num(v));
       }},
      {"mercurydpm", "linear-viscoelastic", "master",
       "MercuryDPM LinearViscoelasticNormalSpecies.cc l.195-245",
       "Kelvin–Voigt, γ = −L√(2mk/(π²+L²)) with m = 2m*: χ = 2ζ(e), no clamp",
       {"restitution coefficient (setStiffnessAndRestitutionCoefficient)", "-", true, 1e-9, 1.0,
        {}},
       {false, ""}, false,
       {"the mass argument is the harmonic mean mass 2/(1/m1 + 1/m2) = 2m* (= m here); passing "
        "m* instead gives chi = sqrt(2) zeta and a higher e",
        "k = --k [N/m]; e does not depend on the speed", "no gravity"},
       +[](double v, bool clamp, const Contact& c) {
         return hooke_tsuji(2.0 * zeta(v), clamp, c, c.k_linear);
       },
       +[](double v, bool, const Contact& c) {
         return fmt::format(
             "// C++: k [N/m], e, mass argument = harmonic mean mass 2m* [kg]\n"
             "auto species = dpm.speciesHandler.copyAndAddObject(LinearViscoelasticSpecies());\n"
             "species->setDensity({});\n"
             "species->setStiffnessAndRestitutionCoefficient({}, {}, {});\n",
             num(c.density), num(c.k_linear), num(v), num(2.0 * c.m_eff));
       }},
  };
}

std::vector<CodeLaw> mfix_laws() {
  return {
      {"mfix", "hertz", "23.1", "MFiX-DEM check_solids_dem.f l.880-925, calc_force_dem.f l.220-240",
       "Hertz + η_n = 2ζ(e)√(K m*)δ^{1/4}: χ = 2ζ(e) (the exact value is √5ζ), no clamp",
       {"DES_EN_INPUT", "-", true, 1e-9, 1.0, {}},
       {false, ""}, false, kSpheres,
       +[](double v, bool clamp, const Contact& c) { return hertz_tsuji(2.0 * zeta(v), clamp, c); },
       +[](double v, bool, const Contact& c) {
         return fmt::format(
             "# mfix.dat (project keywords)\n"
             "DES_COLL_MODEL = 'HERTZIAN'\n"
             "E_YOUNG(1) = {}   ! [Pa]\n"
             "V_POISSON(1) = {}\n"
             "DES_EN_INPUT(1) = {}\n"
             "! particles: D_P0(1) = {} m, RO_S0(1) = {} kg/m^3\n",
             num(c.youngs), num(c.poisson), num(v), num(2 * c.radius), num(c.density));
       }},
      {"mfix", "lsd", "23.1", "MFiX-DEM check_solids_dem.f l.655-710",
       "linear spring-dashpot η_n = 2ζ(e)√(k_n m*): χ = 2ζ(e), no clamp",
       {"DES_EN_INPUT", "-", true, 1e-9, 1.0, {}},
       {false, ""}, false, kSpheres,
       +[](double v, bool clamp, const Contact& c) {
         return hooke_tsuji(2.0 * zeta(v), clamp, c, c.k_linear);
       },
       +[](double v, bool, const Contact& c) {
         return fmt::format(
             "# mfix.dat (project keywords)\n"
             "DES_COLL_MODEL = 'LSD'\n"
             "KN = {}   ! [N/m]\n"
             "DES_EN_INPUT(1) = {}\n",
             num(c.k_linear), num(v));
       }},
  };
}

std::vector<CodeLaw> kratos_laws() {
  return {
      {"kratos", "hertz", "10.x",
       "Kratos DEMApplication DEM_D_Hertz_viscous_Coulomb_CL.cpp (GammaForHertzThornton)",
       "Hertz + c_n = 2γ(e)√(m*k_n), k_n = 2E*√(R*δ), γ = Thornton 2013 fit: χ = √6γ(e), clamped",
       {"COEFFICIENT_OF_RESTITUTION", "-", true, 1e-9, 1.0, {}},
       {true, ""}, false,
       {"two identical spheres; m* = m/2, R* = R/2, E* = E/(2(1-nu^2))",
        "Kratos sets e < 0.001 to 0.001 and gamma = 0 above e = 0.999",
        "normal force clamped at 0 (not switchable); no gravity"},
       +[](double v, bool clamp, const Contact& c) {
         const double e = std::max(v, 0.001);
         const double chi = e > 0.999 ? 0.0 : models::find("thornton2013").damping(e, 1.5);
         return hertz_tsuji(chi, clamp, c);
       },
       +[](double v, bool, const Contact& c) {
         return fmt::format(
             "// MaterialsDEM.json, material properties\n"
             "\"DEM_DISCONTINUUM_CONSTITUTIVE_LAW_NAME\": \"DEM_D_Hertz_viscous_Coulomb\",\n"
             "\"YOUNG_MODULUS\": {},\n"
             "\"POISSON_RATIO\": {},\n"
             "\"PARTICLE_DENSITY\": {},\n"
             "\"COEFFICIENT_OF_RESTITUTION\": {}\n",
             num(c.youngs), num(c.poisson), num(c.density), num(v));
       }},
  };
}

}  // namespace calib::codes::detail
