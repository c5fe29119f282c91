// Yade ViscElMat + Ip2_ViscElMat_ViscElMat_ViscElPhys + Law2_ScGeom_ViscElPhys_Basic
// (docs/simulators/yade.md), Yade 2023.02a pkg/dem/ViscoelasticPM.cpp; the same code since
// 2016.06a. Both variants are a linear spring–dashpot F = k δ + c δ' clamped at 0 (l.132–139).
// Yade's m_R = m₁m₂/(m₁ + m₂) with a massless body's mass replaced by the other's (l.190–199):
// m/2 for two spheres and for a sphere on a utils.wall (mass 0) alike, while the sphere on the
// wall has the effective mass m. Pair values are the series of the two bodies' (l.333–340).
//  * viscel (tc, en; l.214–227): k = m_R(π² + L²)/tc², c = −2m_R L/tc, L = ln en, so the damping
//    ratio is ζ(en)√(m_R/m*): ζ(en) for two spheres, ζ(en)/√2 on a wall.
//  * viscel-young (young, poisson, en; l.247–285): k = series(2E R₁, 2E R₂) = E R (the wall's R₁
//    is the sphere's R under Ig2_Wall_Sphere_ScGeom()), and c is Yade's own finite-difference
//    Newton solve of its clamped Kelvin–Voigt e(c) for en with m_R, stopped at 1e-2 relative
//    error and set to 0 after 16 iterations (find_cn_from_en, get_en_from_cn, l.342–383;
//    Ip2_ViscElMat_ViscElMat_ViscElPhys::epsilon = 1e-8, l.29). libcalib repeats that solve to
//    the last iterate (its slope aside, see yade_cn_of_en), so the e it predicts is the one
//    Yade's c gives, not en.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "codes/yade.hpp"

namespace calib::codes::detail::yade {

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kYadeEpsilon = 1e-8;  // Ip2_ViscElMat_ViscElMat_ViscElPhys::epsilon [N s/m]

// Yade's m_R of a ViscElPhys: m/2 for two spheres and for a sphere on a massless wall.
double viscel_mass(const Contact& c) { return sphere_mass(c) / 2.0; }

// tc that makes Yade's k = m_R(π² + L²)/tc² equal the contact's Hooke stiffness.
double viscel_tc(double en, const Contact& c) {
  const double log_e = std::log(en);
  return std::sqrt(viscel_mass(c) * (kPi * kPi + log_e * log_e) / c.k_linear);
}

// get_en_from_cn: Yade's clamped Kelvin–Voigt restitution of damping c on (m, k), branch by
// branch as Yade writes it (β = c/2m, ω₀ = √(k/m)); at the two branch points it shifts c by ε.
double yade_en_of_cn(double cn, double m, double kn) {
  for (;;) {
    const double beta = 0.5 * cn / m, omega0 = std::sqrt(kn / m);
    const double omega = std::sqrt(omega0 * omega0 - beta * beta);
    const double big_omega = std::sqrt(beta * beta - omega0 * omega0);
    if (beta < omega0 / std::sqrt(2.0))
      return std::exp(-beta / omega *
                      (kPi - std::atan(2.0 * beta * omega / (omega * omega - beta * beta))));
    if (beta > omega0 / std::sqrt(2.0) && beta < omega0)
      return std::exp(-beta / omega *
                      std::atan(-2.0 * beta * omega / (omega * omega - beta * beta)));
    if (beta > omega0)
      return std::exp(-beta / big_omega * std::log((beta + big_omega) / (beta - big_omega)));
    if (!(beta == omega0 / std::sqrt(2.0) || beta == omega0)) return 0.0;
    cn += kYadeEpsilon;
  }
}

// find_cn_from_en: Newton from c = ε; stops at |e − en|/en ≤ 1e-2 (or not a number); after 16
// iterations Yade gives up with c = 0. Yade's slope is a central difference of absolute step
// ε = 1e-8 N s/m, whose rounding makes its c jitter at ~1e-9 relative from one en to the next;
// here the step is 1e-6·√(m k) (the scale of c), so c is smooth in en (the inverse needs that)
// and equals Yade's iterate to ~1e-7 relative wherever √(m k) ≫ ε.
double yade_cn_of_en(double en, double m, double kn) {
  const double step = 1e-6 * std::sqrt(m * kn);
  double cn = kYadeEpsilon;
  double en_now = yade_en_of_cn(cn, m, kn);
  double error = 1.0 / kYadeEpsilon;
  for (int i = 0; error > 1e-2 || error != error; ++i) {
    if (i > 15) return 0.0;
    double slope =
        (yade_en_of_cn(cn + step, m, kn) - yade_en_of_cn(cn - step, m, kn)) / (2.0 * step);
    slope = std::abs(slope) > 1e-15 ? slope : 1e-15;
    cn -= (en_now - en) / slope;
    en_now = yade_en_of_cn(cn, m, kn);
    error = std::abs(en_now - en) / en;
  }
  return cn;
}

// k = series(2E R₁, 2E R₂) with R₁ = R₂ = R (two spheres, or a non-Hertzian wall).
double young_stiffness(const Contact& c) { return c.youngs * c.radius; }

// On a wall, ViscElMat's m_R takes the wall body's mass (l.190–199): the value is for a massless
// utils.wall, and the snippet says so.
std::string viscel_snippet(std::string_view material, std::string_view note, const Contact& c) {
  return fmt::format(
      "# Yade Python{}\n{}"
      "mat = O.materials.append(ViscElMat({}, et=1, density={}, frictionAngle=0))\n"
      "{}"
      "        [Ip2_ViscElMat_ViscElMat_ViscElPhys()], [Law2_ScGeom_ViscElPhys_Basic()]),\n{}",
      note,
      on_wall(c) ? "# for a massless utils.wall only: a fixed body with mass (utils.box, "
                   "aabbWalls) enters m_R with its own mass and gives another e\n"
                 : "",
      material, num(c.density), bodies_and_collider(c, "Ig2_Wall_Sphere_ScGeom()"),
      kNewtonIntegrator);
}

constexpr std::string_view kWallMass =
    "m_R = m/2 in both geometries (Yade gives a massless wall the sphere's mass), m* = m on a "
    "wall; the wall is a massless utils.wall: a fixed body with mass (utils.box, aabbWalls) "
    "enters m_R with its own mass and the value does not hold there";
constexpr std::string_view kClamped =
    "normal force clamped at 0 (Yade, not switchable); NewtonIntegrator(damping=0); no gravity";

}  // namespace

CodeLaw viscel_tc_en() {
  return {"yade", "viscel", kDebian,
          "Yade 2023.02a pkg/dem/ViscoelasticPM.cpp l.190-227, 297-299, 132-139",
          "ViscElMat (tc, en): Kelvin–Voigt k = m_R(π²+L²)/tc², c = −2m_R L/tc, clamped: "
          "χ = 2ζ(e)√(m_R/m*)",
          {"en of ViscElMat (with tc)", "-", true, 1e-9, 1.0, {}},
          {true, ""}, false,
          {kWallMass, "tc chosen so that k equals the contact's Hooke stiffness (e does not "
                      "depend on it)", kClamped},
          +[](double v, bool clamp, const Contact& c) {
            return hooke_tsuji(2.0 * zeta(v) * std::sqrt(viscel_mass(c) / c.m_eff), clamp, c,
                               c.k_linear);
          },
          +[](double v, bool, const Contact& c) {
            return viscel_snippet(
                fmt::format("tc={}, en={}", num(viscel_tc(v, c)), num(v)),
                fmt::format("; tc [s] sets k = m_R(pi^2 + ln^2 en)/tc^2 = {} N/m (e does not "
                            "depend on it)",
                            num(c.k_linear)),
                c);
          },
          yade::kStepsPerContact};
}

CodeLaw viscel_young_en() {
  return {"yade", "viscel-young", kDebian,
          "Yade 2023.02a pkg/dem/ViscoelasticPM.cpp l.247-285 (find_cn_from_en l.342-383), "
          "132-139",
          "ViscElMat (young, en): k = E R, c = Yade's Newton iterate for en (1e-2 relative), "
          "clamped Kelvin–Voigt: χ = c/√(m* k)",
          {"en of ViscElMat (with young)", "-", true, 1e-3, 1.0, {}},
          {true, ""}, false,
          {kWallMass, "k = E R: young is the material's E, the wall's radius the sphere's",
           "en below 1e-3 needs more than Yade's 16 Newton iterations (c = 0, e = 1)", kClamped},
          +[](double v, bool clamp, const Contact& c) {
            const double k = young_stiffness(c);
            // At en = 1 the iterate is c = ±1e-15 N s/m: no damping (and χ may not be < 0).
            const double cn = std::max(0.0, yade_cn_of_en(v, viscel_mass(c), k));
            return hooke_tsuji(cn / std::sqrt(c.m_eff * k), clamp, c, k);
          },
          +[](double v, bool, const Contact& c) {
            return viscel_snippet(
                fmt::format("young={}, poisson={}, en={}", num(c.youngs), num(c.poisson), num(v)),
                "", c);
          },
          yade::kStepsPerContact};
}

}  // namespace calib::codes::detail::yade
