// LIGGGHTS-PUBLIC 3.8.0 (Debian 12 package liggghts 3.8.0), read from that release's sources:
//  * hertz (src/normal_model_hertz.h l.225–250): k_n = (4/3)Y*√(R*δ), γ_n = 2√(5/6)·ζ(e)·
//    √(S_n m*), S_n = 2Y*√(R*δ) → χ = √5ζ(e).
//  * hooke (src/normal_model_hooke.h l.260–275): k_n = (16/15)√R*Y*(15m*v_c²/(16√R*Y*))^{1/5}
//    (v_c = characteristicVelocity), γ_n = 2ζ(e)√(m*k_n) → χ = 2ζ(e) on the linear spring.
//  * hooke/stiffness (src/normal_model_hooke_stiffness.h): F_n = k_n δ + m*γ_n δ' with k_n, γ_n
//    typed (fix property/global kn, gamman; absolute_damping off, the default).
//  * hertz/stiffness (src/normal_model_hertz_stiffness.h): F_n = √(R*δ)(k_n δ + m*γ_n δ').
// coefficientRestitution: src/global_properties.cpp createCoeffRest stops with
// "0.05 < coefficientRestitution <= 1 required" outside (0.05, 1]. `limitForce on` (default off)
// clamps the normal force at 0. A wall (fix wall/gran ... primitive type 1) takes the material
// of atom type 1 and the sphere's own mass and radius (m* = m, R* = R). The `viscous on`
// Stokes-number option of hooke is not mapped (it needs the fluid viscosity).
#include <cmath>

#include "codes/laws.hpp"

namespace calib::codes::detail {

namespace {

constexpr std::string_view kVersion = "3.8.0";
constexpr std::string_view kGeometry =
    "two identical spheres: m* = m/2, R* = R/2; or one sphere on a fix wall/gran primitive of "
    "the same atom type: m* = m, R* = R; Y* = E/(2(1-nu^2)) both";
constexpr std::string_view kHeadOn = "no gravity, no cohesion, tangential model irrelevant (head-on)";
const std::vector<std::string_view> kAssumptions = {
    kGeometry, "e does not depend on the speed or the stiffness",
    "coefficientRestitution must be in (0.05, 1] (LIGGGHTS stops otherwise): the e it reaches "
    "is the range libcalib states",
    kHeadOn};

std::string on_off(bool clamp) { return clamp ? "on" : "off"; }

// global_properties.cpp stops for youngsModulus outside [5e6, 1e9] Pa in SI units unless
// hard_particles / soft_particles lift the bound.
std::string_view particle_range(double youngs) {
  if (youngs > 1e9) return "hard_particles yes  # LIGGGHTS refuses E > 1e9 Pa in SI otherwise\n";
  if (youngs < 5e6) return "soft_particles yes  # LIGGGHTS refuses E < 5e6 Pa in SI otherwise\n";
  return "";
}

std::string atoms_and_elastic(const Contact& c) {
  return fmt::format(
      "# units si; atoms: diameter {} m, density {} kg/m^3\n{}"
      "fix m1 all property/global youngsModulus peratomtype {}\n"
      "fix m2 all property/global poissonsRatio peratomtype {}\n",
      num(2 * c.radius), num(c.density),
      particle_range(c.youngs),
      num(c.youngs), num(c.poisson));
}

std::string friction() {
  return "fix m4 all property/global coefficientFriction peratomtypepair 1 0.0  # your friction\n";
}

// pair_style gran and, for sphere-wall, the same model on a plane wall of atom type 1.
std::string gran(std::string_view model, bool clamp, const Contact& c) {
  std::string out = fmt::format("pair_style gran model {} tangential history limitForce {}\n"
                                "pair_coeff * *\n",
                                model, on_off(clamp));
  if (c.geometry == Geometry::sphere_wall)
    out += fmt::format("fix wall all wall/gran model {} tangential history primitive type 1 "
                       "xplane 0.0 limitForce {}  # the wall: the plane x = 0\n",
                       model, on_off(clamp));
  return out;
}

std::string restitution(double e) {
  return fmt::format("fix m3 all property/global coefficientRestitution peratomtypepair 1 {}\n",
                     num(e));
}

CodeLaw restitution_model(std::string_view model, std::string_view source, std::string_view law) {
  return {"liggghts", model, kVersion, source, law,
          {"coefficientRestitution (fix property/global)", "-", true, 0.05, 1.0, {}, true},
          {false, "limitForce"}, false, kAssumptions, nullptr, nullptr};
}

// hooke/stiffness and hertz/stiffness: kn and gamman typed per type pair.
std::string stiffness(std::string_view model, double kn, double gamma_n, bool clamp,
                      const Contact& c) {
  return atoms_and_elastic(c) +
         fmt::format("fix m5 all property/global kn peratomtypepair 1 {}\n"
                     "fix m6 all property/global kt peratomtypepair 1 {}\n"
                     "fix m7 all property/global gamman peratomtypepair 1 {}\n"
                     "fix m8 all property/global gammat peratomtypepair 1 0.0\n",
                     num(kn), num(kn), num(gamma_n)) +
         friction() + gran(model, clamp, c);
}

}  // namespace

std::vector<CodeLaw> liggghts_laws() {
  CodeLaw hertz = restitution_model("hertz", "LIGGGHTS-PUBLIC 3.8.0 src/normal_model_hertz.h l.225-250",
                                    "Hertz + γ_n = 2√(5/6)β√(S_n m*): χ = √5ζ(e)");
  hertz.impact = +[](double v, bool clamp, const Contact& c) {
    return hertz_tsuji(std::sqrt(5.0) * zeta(v), clamp, c);
  };
  hertz.snippet = +[](double v, bool clamp, const Contact& c) {
    return atoms_and_elastic(c) + restitution(v) + friction() + gran("hertz", clamp, c);
  };
  CodeLaw hooke = restitution_model("hooke", "LIGGGHTS-PUBLIC 3.8.0 src/normal_model_hooke.h l.260-275",
                                    "Hooke, k_n from characteristicVelocity + γ_n = 2ζ(e)√(m*k_n): χ = 2ζ(e)");
  hooke.impact = +[](double v, bool clamp, const Contact& c) {
    return hooke_tsuji(2.0 * zeta(v), clamp, c, hooke_stiffness_from_char_velocity(c));
  };
  hooke.snippet = +[](double v, bool clamp, const Contact& c) {
    return atoms_and_elastic(c) + restitution(v) + friction() +
           fmt::format("fix m5 all property/global characteristicVelocity scalar {}  # [m/s]\n",
                       num(c.char_velocity())) +
           gran("hooke", clamp, c);
  };
  CodeLaw hooke_stiffness{
      "liggghts", "hooke/stiffness", kVersion,
      "LIGGGHTS-PUBLIC 3.8.0 src/normal_model_hooke_stiffness.h (surfacesIntersect: "
      "gamman = meff*gamma_n; Fn = kn*deltan - gamman*vn)",
      "F_n = k_n δ + m*γ_n δ' (Kelvin–Voigt: ζ = γ_n√m*/(2√k_n))",
      {"gamman (fix property/global, model hooke/stiffness)", "1/s", false, 0.0, 1e30, {}},
      {false, "limitForce"}, false,
      {kGeometry, "kn = --k [N/m] (default: the Hertz secant stiffness at --v); kt = kn",
       "e does not depend on the speed; absolute_damping off (the default)", kHeadOn},
      +[](double v, bool clamp, const Contact& c) {
        return mass_dashpot(v, clamp, c, c.k_linear, 1.0);
      },
      +[](double v, bool clamp, const Contact& c) {
        return "# kn [N/m], gamman [1/s]\n" + stiffness("hooke/stiffness", c.k_linear, v, clamp, c);
      }};
  CodeLaw hertz_stiffness{
      "liggghts", "hertz/stiffness", kVersion,
      "LIGGGHTS-PUBLIC 3.8.0 src/normal_model_hertz_stiffness.h (polyhertz = sqrt(reff*deltan); "
      "kn = polyhertz*k_n; gamman = polyhertz*meff*gamma_n)",
      "F_n = √(R*δ)(k_n δ + m*γ_n δ'), k_n = (4/3)Y*: damping ∝ contact radius "
      "(libcalib family viscoelastic)",
      {"gamman (fix property/global, model hertz/stiffness)", "1/(m*s)", false, 0.0, 1e30, {}},
      {false, "limitForce"}, true,
      {kGeometry, "kn = (4/3)Y* [Pa] so that F = (4/3)Y*sqrt(R*)delta^(3/2); kt = kn",
       "e depends on the impact speed: exact at --v only", kHeadOn},
      +[](double v, bool clamp, const Contact& c) { return contact_radius_dashpot(v, clamp, c); },
      +[](double v, bool clamp, const Contact& c) {
        return "# kn [Pa], gamman [1/(m*s)]\n" +
               stiffness("hertz/stiffness", 4.0 / 3.0 * c.e_star, v, clamp, c);
      }};
  return {hertz, hooke, hooke_stiffness, hertz_stiffness};
}

}  // namespace calib::codes::detail
