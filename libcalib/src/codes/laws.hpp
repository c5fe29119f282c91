#pragma once
// Private to the codes layer: the building blocks every code's mapping is made of.
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "calib/codes/code_law.hpp"
#include "calib/core/material_law.hpp"
#include "calib/models/catalog.hpp"

namespace calib::codes::detail {

// ζ(e) = −ln e/√(π² + ln² e), the Kelvin–Voigt damping ratio (Schwager & Pöschel 2007).
inline double zeta(double e) { return models::damping_ratio_of_cor(e); }

// The DEM damping c = χ√(m*K)δ^{(n−1)/2} (Tsuji type) on the Hertz (n = 3/2) or the Hooke
// (n = 1) spring of the contact.
inline PhysicalImpact tsuji_law(double chi, bool clamp, const Contact& c, double k, double n) {
  ForceLaw law = find_material_law("tsuji").to_force_law(k, n, chi);
  law.clamp = clamp;
  return {law, c.m_eff, c.v};
}
inline PhysicalImpact hertz_tsuji(double chi, bool clamp, const Contact& c) {
  return tsuji_law(chi, clamp, c, c.k_hertz, 1.5);
}
inline PhysicalImpact hooke_tsuji(double chi, bool clamp, const Contact& c, double k) {
  return tsuji_law(chi, clamp, c, k, 1.0);
}
// A dashpot η = γ·m* on the spring Kδⁿ (LAMMPS mass_velocity and gran/hooke/history, LIGGGHTS
// hooke/stiffness): F = Kδⁿ + γm*δ', the linear-damper family.
inline PhysicalImpact mass_dashpot(double gamma, bool clamp, const Contact& c, double k, double n) {
  ForceLaw law = find_material_law("linear-damper").to_force_law(k, n, gamma * c.m_eff);
  law.clamp = clamp;
  return {law, c.m_eff, c.v};
}
// A dashpot η = γ·m*·a on the Hertz spring, a = √(R*δ) the contact radius (LAMMPS viscoelastic
// and gran/hertz/history, LIGGGHTS hertz/stiffness): F = Kδ^{3/2} + γm*√R*·δ^{1/2}δ'.
inline PhysicalImpact contact_radius_dashpot(double gamma, bool clamp, const Contact& c) {
  return {{Family::viscoelastic, c.k_hertz, 1.5, gamma * c.m_eff * std::sqrt(c.r_eff), clamp},
          c.m_eff,
          c.v};
}
// Hunt–Crossley type F = Kδ^{3/2}(1 + h δ'/v) on the Hertz spring: C = hK/v (SF2020 eq. 38).
inline PhysicalImpact hertz_hysteresis(double h, const Contact& c) {
  return {{Family::hysteresis, c.k_hertz, 1.5, h * c.k_hertz / c.v, false}, c.m_eff, c.v};
}

// Numbers in snippets: 10 significant digits, enough for e to 1e-9.
inline std::string num(double x) { return fmt::format("{:.10g}", x); }

// The Hooke stiffness of the codes that derive it from a characteristic velocity v_c
// (Chrono SMC Hooke, LIGGGHTS hooke): k_n = k̃(m* v_c²/k̃)^{1/5}, k̃ = (16/15)√R* E*.
double hooke_stiffness_from_char_velocity(const Contact& c);

std::vector<CodeLaw> lammps_laws();
std::vector<CodeLaw> liggghts_laws();
std::vector<CodeLaw> chrono_laws();
std::vector<CodeLaw> yade_laws();
std::vector<CodeLaw> mercurydpm_laws();
std::vector<CodeLaw> mfix_laws();
std::vector<CodeLaw> kratos_laws();
std::vector<CodeLaw> simbody_laws();
std::vector<CodeLaw> multibody_laws();
std::vector<CodeLaw> mujoco_laws();

}  // namespace calib::codes::detail
