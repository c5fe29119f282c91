// Project Chrono SMC, material-based coefficients
// (ChSystemSMC::UseMaterialProperties(true)). Read at commit 0950aef of projectchrono/chrono:
//  * core: src/chrono/physics/ChContactSMC.h (ChContactSMC::CalculateForce): after F_n = k_nδ +
//    g_nδ' the force is set to 0 when negative — a clamp that cannot be switched off;
//  * multicore: src/chrono_multicore/solver/ChIterativeSolverMulticoreSMC.cpp: forceN_mag =
//    kn·δ − gn·v_n with no clamp.
// Hertz: k_n = (2/3)S_n, g_n = 2√(5/6)·ζ(e)·√(S_n m*), S_n = 2E*√(R*δ) → χ = √5ζ(e).
// Hooke: k_n = k̃(m*v_c²/k̃)^{1/5}, k̃ = (16/15)√R*E*, g_n = 2ζ(e)√(m*k_n) → χ = 2ζ(e).
// Flores (multicore only): g_n = 8(1−e)k_nδ/(5e·v_c), e clamped to [0.01, 1−ε]: a Hunt–Crossley
// type law h = 8(1−e)v/(5e·v_c); v_c = SetCharacteristicImpactVelocity (OneStep mode).
// Both e < ε → ln ε guards are far below any e of interest and not modelled.
#include <algorithm>
#include <cmath>

#include "codes/laws.hpp"

namespace calib::codes::detail {

namespace {

constexpr std::string_view kCore = "core";
constexpr std::string_view kMulticore = "multicore";
constexpr std::string_view kCoreSource =
    "Chrono 0950aef src/chrono/physics/ChContactSMC.h (CalculateForce; F_n < 0 -> 0)";
constexpr std::string_view kMulticoreSource =
    "Chrono 0950aef src/chrono_multicore/solver/ChIterativeSolverMulticoreSMC.cpp (no clamp)";

std::string material(double e, const Contact& c, std::string_view model, bool multicore) {
  return fmt::format(
      "// C++ (PyChrono: the same calls on chrono.ChContactMaterialSMC / ChSystemSMC)\n"
      "auto mat = chrono_types::make_shared<ChContactMaterialSMC>();\n"
      "mat->SetYoungModulus({});   // [Pa]\n"
      "mat->SetPoissonRatio({});\n"
      "mat->SetRestitution({});\n"
      "{}.SetContactForceModel(ChSystemSMC::ContactForceModel::{});\n"
      "{}.UseMaterialProperties(true);\n"
      "// spheres: radius {} m, density {} kg/m^3\n",
      num(c.youngs), num(c.poisson), num(e), multicore ? "sys /* ChSystemMulticoreSMC */" : "sys",
      model, "sys", num(c.radius), num(c.density));
}

std::string char_velocity(const Contact& c, bool multicore) {
  return multicore ? fmt::format("sys.GetSettings()->solver.characteristic_vel = {};  // [m/s]\n",
                                 num(c.char_velocity()))
                   : fmt::format("sys.SetCharacteristicImpactVelocity({});  // [m/s]\n",
                                 num(c.char_velocity()));
}

CodeLaw hertz(std::string_view version) {
  const bool core = version == kCore;
  return {"chrono", "hertz", version, core ? kCoreSource : kMulticoreSource,
          "Hertz + g_n = 2√(5/6)β√(S_n m*): χ = √5ζ(e)",
          {"SetRestitution", "-", true, 1e-9, 1.0, {}},
          {core, ""}, false,
          {"two identical spheres; m* = m/2, R* = R/2, E* = E/(2(1-nu^2))",
           core ? "the core clamps the normal force at 0 (not switchable)"
                : "Chrono::Multicore does not clamp",
           "e does not depend on the speed (the u = delta^(5/4) reduction); no gravity, no adhesion"},
          +[](double v, bool clamp, const Contact& c) {
            return hertz_tsuji(std::sqrt(5.0) * zeta(v), clamp, c);
          },
          core ? +[](double v, bool, const Contact& c) { return material(v, c, "Hertz", false); }
               : +[](double v, bool, const Contact& c) { return material(v, c, "Hertz", true); }};
}

CodeLaw hooke(std::string_view version) {
  CodeLaw law = hertz(version);
  law.model = "hooke";
  law.law = "Hooke, k_n from the characteristic velocity + g_n = 2ζ(e)√(m*k_n): χ = 2ζ(e)";
  law.impact = +[](double v, bool clamp, const Contact& c) {
    return hooke_tsuji(2.0 * zeta(v), clamp, c, hooke_stiffness_from_char_velocity(c));
  };
  law.snippet = version == kCore ? +[](double v, bool, const Contact& c) {
    return material(v, c, "Hooke", false) + char_velocity(c, false);
  }
                                 : +[](double v, bool, const Contact& c) {
                                     return material(v, c, "Hooke", true) + char_velocity(c, true);
                                   };
  return law;
}

CodeLaw flores() {
  return {"chrono", "flores", kMulticore, kMulticoreSource,
          "Hertz + Flores damping g_n = 8(1−e)k_nδ/(5e v_c): h = 8(1−e)v/(5e v_c), no clamp",
          {"SetRestitution", "-", true, 0.01, 1.0, {}},
          {false, ""}, true,
          {"two identical spheres; m* = m/2, R* = R/2, E* = E/(2(1-nu^2))",
           "v_c = --v-char (SetCharacteristicImpactVelocity, OneStep mode); in MultiStep mode Chrono "
           "uses max(v, v_c), i.e. --v-char equal to --v",
           "e depends on v/v_c; exact only where the impact speed equals v_c",
           "Chrono clamps e to [0.01, 1): the typed range"},
          +[](double v, bool, const Contact& c) {
            const double e = std::clamp(v, 0.01, 1.0);
            return hertz_hysteresis(1.6 * (1.0 - e) / e * c.v / c.char_velocity(), c);
          },
          +[](double v, bool, const Contact& c) {
            return material(v, c, "Flores", true) + char_velocity(c, true);
          }};
}

}  // namespace

std::vector<CodeLaw> chrono_laws() {
  return {hertz(kCore), hertz(kMulticore), hooke(kCore), hooke(kMulticore), flores()};
}

}  // namespace calib::codes::detail
