// MuJoCo 2.2.2 (Debian 12: libmujoco-dev; mj_versionString() "2.2.2"). The soft contact of
// src/engine/engine_core_constraint.c (mj_makeImpedance, mj_referenceConstraint) and the
// documentation "Computation → Soft constraints": with solref = (timeconst τ, dampratio ζ) and
// a flat solimp (dmin = dmax = d) the reference acceleration is
//   aref = −B v − K d r,  B = 2/(d τ),  K = 1/(d² τ² ζ²)            (r: signed distance < 0)
// and for one contact whose diagApprox is the exact inverse inertia along the normal (spheres hit
// head-on; R = (1 − d)/d · A) the solver gives the normal acceleration a = d·aref, pushing only:
//   r'' = −(2/τ) r' − r/(τζ)²  while the force pushes, free flight once it would pull.
// In libcalib's terms: the clamped Kelvin–Voigt (Hooke–Tsuji n = 1) contact of m* with
// k = m*/(τζ)², c = 2m*/τ, χ = c/√(m*k) = 2ζ — MuJoCo's own stiffness and damping, so libcalib's
// contact time is MuJoCo's. e depends on ζ only (Butcher–Segalman / Schwager–Pöschel clamped
// COR); τ sets the stiffness, chosen here so that the contact resolves at the user's speed.
#include <cmath>

#include "codes/laws.hpp"

namespace calib::codes::detail {

namespace {

// The timeconst rule: the undamped penetration v/ω₀ = v τ ζ equals this fraction of the sphere
// radius (damping only lowers the real maximum), so the contact resolves at the impact speed.
constexpr double kPenetrationFraction = 0.01;
// Flat impedance near MuJoCo's ceiling mjMAXIMP = 0.9999: d = dmin = dmax makes the law
// penetration-independent, and d → 1 makes R = (1 − d)/d·diagApprox negligible, so neither an
// inexact diagApprox nor the pyramidal cone's friction-matched R (R_py = 2μ²R) shift ζ.
constexpr double kImpedance = 0.9999;
// The time step MuJoCo needs: its semi-implicit Euler (and the 2.2.2 implicit integrator,
// which differentiates the smooth forces only, mjd_smooth_vel) applies the contact force
// explicitly, so e is off by a first-order error in Δt; t_contact/4000 keeps it near 1e-4.
constexpr double kStepsPerContact = 4000;

double timeconst(double dampratio, const Contact& c) {
  return kPenetrationFraction * c.radius / (c.v * dampratio);
}

PhysicalImpact mujoco_impact(double dampratio, bool clamp, const Contact& c) {
  const double omega0 = 1.0 / (timeconst(dampratio, c) * dampratio);  // ω₀ = 1/(τζ)
  return hooke_tsuji(2.0 * dampratio, clamp, c, c.m_eff * omega0 * omega0);
}

std::string mujoco_snippet(double dampratio, bool, const Contact& c) {
  const double tau = timeconst(dampratio, c);
  return fmt::format(
      "<!-- MJCF, inside <mujoco>: solref = (timeconst {} s, dampratio {}); timeconst puts the "
      "undamped penetration v*timeconst*dampratio at {}*R (v = {} m/s, R = {} m); keep "
      "<option timestep> at or below the printed time step -->\n"
      "<default><geom solref=\"{} {}\" solimp=\"{} {} 0.001 0.5 2\"/></default>\n",
      num(tau), num(dampratio), num(kPenetrationFraction), num(c.v), num(c.radius), num(tau),
      num(dampratio), num(kImpedance), num(kImpedance));
}

}  // namespace

std::vector<CodeLaw> mujoco_laws() {
  return {
      {"mujoco", "solref", "2.2.2",
       "MuJoCo 2.2.2 src/engine/engine_core_constraint.c (getsolparam, getimpedance, "
       "mj_makeImpedance, mj_referenceConstraint); documentation, Computation: Soft constraints",
       "soft contact aref = -B v - K d r, B = 2/(d timeconst), K = 1/(d^2 timeconst^2 "
       "dampratio^2), a = d aref (flat solimp d): the clamped Kelvin-Voigt contact k = "
       "m*/(timeconst dampratio)^2, c = 2 m*/timeconst (Hooke-Tsuji n = 1, chi = 2 dampratio)",
       {"dampratio (second number of solref)", "-", false, 1e-6, 1e3, 1.0},
       {true, ""}, false,
       {"standard solref format: dampratio > 0 and timeconst > 0 (MuJoCo replaces a solref of "
        "mixed signs by its default 0.02 1; dampratio 0 is such a mix, so e = 1 is out of "
        "reach; the direct format -stiffness -damping is not printed)",
        "speed-independent e: solimp dmin = dmax (flat impedance, so width, midpoint and power "
        "do not enter); d = 0.9999 so that an inexact diagApprox or the pyramidal cone's "
        "friction impedance (R_py = 2 mu^2 R) do not shift the damping ratio; impratio acts on "
        "the friction rows only",
        "timeconst = 0.01 R/(v dampratio): the undamped penetration is 1% of the radius R at the "
        "impact speed v; e does not depend on timeconst or v, the contact time and penetration do "
        "(penetration grows with v)",
        "timestep <= contact duration/4000 (printed), far below timeconst/2 (MuJoCo raises "
        "timeconst to 2 timestep otherwise); the Euler and implicit integrators apply contact "
        "forces explicitly: e error about 0.4/N at N steps per contact (1e-4 at N = 4000)",
        "contact forces cannot pull (clamp); no gravity; normal impact of spheres (no spin, "
        "friction inactive); the contact duration is that of the pushing force (the surfaces "
        "overlap a little longer)"},
       &mujoco_impact,
       &mujoco_snippet,
       kStepsPerContact},
  };
}

}  // namespace calib::codes::detail
