// LIGGGHTS-PUBLIC 3.8.0 (Debian 12 package liggghts 3.8.0; SIMULATOR_LAWS.md §c.3), read from
// src/normal_model_hertz.h l.225–250, src/normal_model_hooke.h l.260–275 and
// src/global_properties.cpp l.539 of that release.
//  * hertz: k_n = (4/3)Y*√(R*δ), γ_n = 2√(5/6)·ζ(e)·√(S_n m*), S_n = 2Y*√(R*δ) → χ = √5ζ(e).
//  * hooke: k_n = (16/15)√R*Y*(15m*v_c²/(16√R*Y*))^{1/5} (v_c = characteristicVelocity),
//    γ_n = 2ζ(e)√(m*k_n) → χ = 2ζ(e) on the linear spring: e does not depend on v or v_c.
// `limitForce on` (default off) clamps the normal force at 0. The `viscous on` Stokes-number
// option of hooke is not mapped (it needs the fluid viscosity).
#include <cmath>

#include "codes/laws.hpp"

namespace calib::codes::detail {

namespace {

std::string materials(double e, const Contact& c) {
  return fmt::format(
      "# units si; atoms: diameter {} m, density {} kg/m^3\n{}"
      "fix m1 all property/global youngsModulus peratomtype {}\n"
      "fix m2 all property/global poissonsRatio peratomtype {}\n"
      "fix m3 all property/global coefficientRestitution peratomtypepair 1 {}\n"
      "fix m4 all property/global coefficientFriction peratomtypepair 1 0.0  # your friction\n",
      num(2 * c.radius), num(c.density),
      c.youngs > 1e9 ? "hard_particles yes  # LIGGGHTS refuses E > 1e9 Pa in SI otherwise\n" : "",
      num(c.youngs), num(c.poisson), num(e));
}

constexpr std::string_view kVersion = "3.8.0";
const std::vector<std::string_view> kAssumptions = {
    "two identical spheres; m* = m/2, R* = R/2, Y* = E/(2(1-nu^2))",
    "e does not depend on the speed or the stiffness (SIMULATOR_LAWS §c.9)",
    "no gravity, no cohesion, tangential model irrelevant (head-on)"};

}  // namespace

std::vector<CodeLaw> liggghts_laws() {
  return {
      {"liggghts", "hertz", kVersion, "LIGGGHTS-PUBLIC 3.8.0 src/normal_model_hertz.h l.225-250",
       "Hertz + γ_n = 2√(5/6)β√(S_n m*): χ = √5ζ(e)",
       {"coefficientRestitution (fix property/global)", "-", true, 1e-9, 1.0, {}},
       {false, "limitForce"}, false, kAssumptions,
       +[](double v, bool clamp, const Contact& c) {
         return hertz_tsuji(std::sqrt(5.0) * zeta(v), clamp, c);
       },
       +[](double v, bool clamp, const Contact& c) {
         return materials(v, c) +
                fmt::format("pair_style gran model hertz tangential history limitForce {}\n"
                            "pair_coeff * *\n",
                            clamp ? "on" : "off");
       }},
      {"liggghts", "hooke", kVersion, "LIGGGHTS-PUBLIC 3.8.0 src/normal_model_hooke.h l.260-275",
       "Hooke, k_n from characteristicVelocity + γ_n = 2ζ(e)√(m*k_n): χ = 2ζ(e)",
       {"coefficientRestitution (fix property/global)", "-", true, 1e-9, 1.0, {}},
       {false, "limitForce"}, false, kAssumptions,
       +[](double v, bool clamp, const Contact& c) {
         return hooke_tsuji(2.0 * zeta(v), clamp, c, hooke_stiffness_from_char_velocity(c));
       },
       +[](double v, bool clamp, const Contact& c) {
         return materials(v, c) +
                fmt::format("fix m5 all property/global characteristicVelocity scalar {}  # [m/s]\n"
                            "pair_style gran model hooke tangential history limitForce {}\n"
                            "pair_coeff * *\n",
                            num(c.v_char), clamp ? "on" : "off");
       }},
  };
}

}  // namespace calib::codes::detail
