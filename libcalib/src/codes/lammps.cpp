// LAMMPS (SIMULATOR_LAWS.md §c.2). Two versions:
//  * 20220106 — the Debian 12 package (lammps 20220106.git7586adbb6a+ds1): pair granular with
//    damping tsuji = Marshall 2009 eq. 53 without √2, no coeff_restitution; pair gran/*/history.
//    Read from src/GRANULAR/pair_granular.cpp of that release and confirmed with the binary
//    (tests/peers).
//  * 2Sep2026 — LAMMPS develop (src/GRANULAR/gran_sub_mod_damping.cpp at 07b704ca):
//    GranSubModDampingTsuji::init multiplies the polynomial by √2 ("effective mass convention
//    as in Tsuji 1992"); GranSubModDampingCoeffRestitution: −2L/√(π²+L²) for hooke,
//    −√(3/2)·2√(5/6)·L/√(π²+L²) = √5ζ(e) for the other normal models.
// Every mapping: F_n = F_ne − η v_n; `limit_damping` (off by default) sets F_n = max(F_n, 0).
#include <cmath>
#include <string>

#include "codes/laws.hpp"

namespace calib::codes::detail {

namespace {

constexpr std::string_view kDebian = "20220106";
constexpr std::string_view kCurrent = "2Sep2026";
constexpr std::string_view kDebianSource =
    "LAMMPS 7Jan2022 src/GRANULAR/pair_granular.cpp (coeff(): tsuji polynomial; compute(): "
    "damp_normal = sqrt(meff*knfac)); Debian 12 lammps 20220106";
constexpr std::string_view kCurrentSource =
    "LAMMPS develop 07b704ca src/GRANULAR/gran_sub_mod_damping.cpp (Tsuji::init ×√2, "
    "CoeffRestitution::init) + gran_sub_mod_damping_kernel.h";

// Marshall 2009 eq. 53 as LAMMPS writes it (the catalog's "lammps-tsuji-pre2026" model).
double tsuji_polynomial(double e) { return models::find("lammps-tsuji-pre2026").damping(e, 1.5); }

std::string limit(bool clamp) { return clamp ? " limit_damping" : ""; }

std::string header(const Contact& c) {
  return fmt::format(
      "# units si; atoms: diameter {} m, density {} kg/m^3 (set type 1 diameter/density)\n"
      "pair_style granular\n",
      num(2 * c.radius), num(c.density));
}
constexpr std::string_view kTangential = "tangential linear_nohistory 0 0";  // your own model

// pair granular, hertz/material E e ν … damping tsuji: η = damp√(m*·F_ne/δ) = χ√(m*K)δ^{1/4}.
CodeLaw tsuji(std::string_view version) {
  const bool current = version == kCurrent;
  return {
      "lammps", "tsuji", version, current ? kCurrentSource : kDebianSource,
      current ? "Hertz (hertz/material) + Tsuji damping χ = √2·(1.2728 − 4.2783e + … + 4.8218e⁶)"
              : "Hertz (hertz/material) + Tsuji damping χ = 1.2728 − 4.2783e + … + 4.8218e⁶ "
                "(no √2)",
      {"damping coefficient of hertz/material (read as e by damping tsuji)", "-", true, 0.0, 1.0,
       {}},
      {false, "limit_damping"}, false,
      {"two identical spheres; m* = m/2, R* = R/2, E* = E/(2(1-nu^2))",
       "e does not depend on the speed or the stiffness (the u = delta^(5/4) reduction, "
       "SIMULATOR_LAWS §c.9)",
       "no gravity, no cohesion, no tangential coupling (head-on)"},
      current ? +[](double v, bool clamp, const Contact& c) {
        return hertz_tsuji(std::sqrt(2.0) * tsuji_polynomial(v), clamp, c);
      }
                : +[](double v, bool clamp, const Contact& c) {
                    return hertz_tsuji(tsuji_polynomial(v), clamp, c);
                  },
      +[](double v, bool clamp, const Contact& c) {
        return header(c) + fmt::format("pair_coeff * * hertz/material {} {} {} {} damping tsuji{}\n",
                                       num(c.youngs), num(v), num(c.poisson), kTangential,
                                       limit(clamp));
      }};
}

// hooke k_n e … damping tsuji: knfac = k_n, η = damp√(m* k_n): χ on the linear spring.
CodeLaw tsuji_hooke(std::string_view version) {
  const bool current = version == kCurrent;  // the √2 came with 2Sep2026
  CodeLaw law = tsuji(version);
  law.model = "tsuji-hooke";
  law.law = current ? "Hooke (hooke k_n) + Tsuji damping χ = √2·(1.2728 − 4.2783e + …)"
                      : "Hooke (hooke k_n) + Tsuji damping χ = 1.2728 − 4.2783e + … (no √2)";
  law.typed.name = "damping coefficient of hooke (read as e by damping tsuji)";
  law.impact = current ? +[](double v, bool clamp, const Contact& c) {
    return hooke_tsuji(std::sqrt(2.0) * tsuji_polynomial(v), clamp, c, c.k_linear);
  }
                         : +[](double v, bool clamp, const Contact& c) {
                             return hooke_tsuji(tsuji_polynomial(v), clamp, c, c.k_linear);
                           };
  law.snippet = +[](double v, bool clamp, const Contact& c) {
    return header(c) + fmt::format("pair_coeff * * hooke {} {} {} damping tsuji{}  # k_n [N/m]\n",
                                   num(c.k_linear), num(v), kTangential, limit(clamp));
  };
  return law;
}

CodeLaw coeff_restitution() {
  return {"lammps", "coeff_restitution", kCurrent, kCurrentSource,
          "Hertz (hertz/material) + damping coeff_restitution χ = √5·ζ(e)",
          {"damping coefficient of hertz/material (read as e by damping coeff_restitution)", "-",
           true, 1e-9, 1.0, {}},
          {false, "limit_damping"}, false,
          {"two identical spheres; m* = m/2, R* = R/2, E* = E/(2(1-nu^2))",
           "exact without limit_damping (SIMULATOR_LAWS §c.9); not in the Debian 12 version",
           "no gravity, no cohesion (with dmt/jkr F_ne includes cohesion, LAMMPS issue #4180)"},
          +[](double v, bool clamp, const Contact& c) {
            return hertz_tsuji(std::sqrt(5.0) * zeta(v), clamp, c);
          },
          +[](double v, bool clamp, const Contact& c) {
            return header(c) +
                   fmt::format("pair_coeff * * hertz/material {} {} {} {} damping coeff_restitution{}\n",
                               num(c.youngs), num(v), num(c.poisson), kTangential, limit(clamp));
          }};
}

CodeLaw coeff_restitution_hooke() {
  CodeLaw law = coeff_restitution();
  law.model = "coeff_restitution-hooke";
  law.law = "Hooke (hooke k_n) + damping coeff_restitution χ = 2ζ(e)";
  law.impact = +[](double v, bool clamp, const Contact& c) {
    return hooke_tsuji(2.0 * zeta(v), clamp, c, c.k_linear);
  };
  law.snippet = +[](double v, bool clamp, const Contact& c) {
    return header(c) +
           fmt::format("pair_coeff * * hooke {} {} {} damping coeff_restitution{}  # k_n [N/m]\n",
                       num(c.k_linear), num(v), kTangential, limit(clamp));
  };
  return law;
}

// The default damping, viscoelastic: η = η₀·a·m*, a = √(R*δ), so F = Kδ^{3/2} + η₀m*√R* δ^{1/2}δ'.
CodeLaw viscoelastic(std::string_view version) {
  return {"lammps", "viscoelastic", version,
          version == kCurrent ? kCurrentSource : kDebianSource,
          "Hertz (hertz/material) + damping viscoelastic η = η₀·a·m*, a = √(R*δ): "
          "F = Kδ^{3/2} + η₀m*√R*·δ^{1/2}δ' (libcalib family viscoelastic)",
          {"damping coefficient η₀ of hertz/material (damping viscoelastic, the default)",
           "1/(m*s)", false, 0.0, 1e30, {}},
          {false, "limit_damping"}, true,
          {"two identical spheres; m* = m/2, R* = R/2, E* = E/(2(1-nu^2))",
           "e depends on the impact speed (1 - e ~ v^(1/5), Brilliantov et al. 1996): the value "
           "is exact at --v only",
           "no gravity, no cohesion (head-on)"},
          +[](double v, bool clamp, const Contact& c) {
            return PhysicalImpact{Family::viscoelastic, c.m_eff, c.k_hertz, c.v, 1.5,
                                  v * c.m_eff * std::sqrt(c.r_eff), clamp};
          },
          +[](double v, bool clamp, const Contact& c) {
            return header(c) +
                   fmt::format("pair_coeff * * hertz/material {} {} {} {} damping viscoelastic{}"
                               "  # eta_0 [1/(m*s)]\n",
                               num(c.youngs), num(v), num(c.poisson), kTangential, limit(clamp));
          }};
}

// pair gran/hertz/history (pair_gran_hertz_history.cpp): F_n = √(R*δ)(k_n δ − m*γ_n v_n), so
// K = k_n√R* (k_n = (4/3)E* gives the Hertz K) and C = m*γ_n√R* on δ^{1/2}δ'.
CodeLaw gran_hertz_history(std::string_view version) {
  return {"lammps", "gran/hertz/history", version,
          version == kCurrent ? "LAMMPS develop 07b704ca src/GRANULAR/pair_gran_hertz_history.cpp"
                              : "LAMMPS 7Jan2022 src/GRANULAR/pair_gran_hertz_history.cpp "
                                "(polyhertz·(kn·δ − meff·gamman·vnnr))",
          "F_n = √(R*δ)(k_n δ + m*γ_n δ'), k_n = (4/3)E*: damping ∝ contact radius "
          "(libcalib family viscoelastic)",
          {"gamma_n of pair_style gran/hertz/history", "1/(m*s)", false, 0.0, 1e30, {}},
          {false, "limit_damping"}, true,
          {"two identical spheres; k_n = (4/3)E* [Pa] so that F = (4/3)E*sqrt(R*)delta^(3/2)",
           "e depends on the impact speed: exact at --v only", "no gravity, no friction (head-on)"},
          +[](double v, bool clamp, const Contact& c) {
            return PhysicalImpact{Family::viscoelastic, c.m_eff, c.k_hertz, c.v, 1.5,
                                  v * c.m_eff * std::sqrt(c.r_eff), clamp};
          },
          +[](double v, bool clamp, const Contact& c) {
            return fmt::format(
                "# units si; atoms: diameter {} m, density {} kg/m^3\n"
                "# Kn [Pa] Kt gamma_n [1/(m*s)] gamma_t xmu dampflag\n"
                "pair_style gran/hertz/history {} NULL {} NULL 0.0 1{}\n"
                "pair_coeff * *\n",
                num(2 * c.radius), num(c.density), num(4.0 / 3.0 * c.e_star), num(v),
                limit(clamp));
          }};
}

// pair gran/hooke/history: F_n = k_n δ − m*γ_n v_n, a Kelvin–Voigt contact with c = m*γ_n.
CodeLaw gran_hooke_history(std::string_view version) {
  return {"lammps", "gran/hooke/history", version,
          version == kCurrent ? "LAMMPS develop 07b704ca src/GRANULAR/pair_gran_hooke_history.cpp"
                              : "LAMMPS 7Jan2022 src/GRANULAR/pair_gran_hooke_history.cpp "
                                "(kn·δ − meff·gamman·vnnr)",
          "F_n = k_n δ + m*γ_n δ' (Kelvin–Voigt: ζ = γ_n√m*/(2√k_n))",
          {"gamma_n of pair_style gran/hooke/history", "1/s", false, 0.0, 1e30, {}},
          {false, "limit_damping"}, false,
          {"two identical spheres; k_n = --k [N/m] (default: the Hertz secant stiffness at --v)",
           "e does not depend on the speed", "no gravity, no friction (head-on)"},
          +[](double v, bool clamp, const Contact& c) {
            return PhysicalImpact{Family::linear_damper, c.m_eff, c.k_linear, c.v, 1.0,
                                  v * c.m_eff, clamp};
          },
          +[](double v, bool clamp, const Contact& c) {
            return fmt::format(
                "# units si; atoms: diameter {} m, density {} kg/m^3\n"
                "# Kn [N/m] Kt gamma_n [1/s] gamma_t xmu dampflag\n"
                "pair_style gran/hooke/history {} NULL {} NULL 0.0 1{}\n"
                "pair_coeff * *\n",
                num(2 * c.radius), num(c.density), num(c.k_linear), num(v), limit(clamp));
          }};
}

}  // namespace

std::vector<CodeLaw> lammps_laws() {
  return {tsuji(kDebian),
          tsuji(kCurrent),
          tsuji_hooke(kDebian),
          tsuji_hooke(kCurrent),
          coeff_restitution(),
          coeff_restitution_hooke(),
          viscoelastic(kDebian),
          viscoelastic(kCurrent),
          gran_hertz_history(kDebian),
          gran_hertz_history(kCurrent),
          gran_hooke_history(kDebian),
          gran_hooke_history(kCurrent)};
}

}  // namespace calib::codes::detail
