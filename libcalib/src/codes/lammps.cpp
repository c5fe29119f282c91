// LAMMPS pair granular, pair gran/* and fix wall/gran. Each mapping is labelled with the first
// release it applies to:
//  * 20220106 — the Debian 12 package (lammps 20220106.git7586adbb6a+ds1, the 7Jan2022 release):
//    src/GRANULAR/pair_granular.cpp and fix_wall_gran.cpp of that release, every mapping checked
//    with the installed binary (tests/peers). damping tsuji = Marshall 2009 eq. 53 without √2.
//  * 27Jun2024 — the first release with damping coeff_restitution
//    (src/GRANULAR/gran_sub_mod_damping.cpp, GranSubModDampingCoeffRestitution::init):
//    −2L/√(π²+L²) for hooke, −√(3/2)·2√(5/6)·L/√(π²+L²) = √5ζ(e) for the other normal models.
//  * 16Sep2026 — the first release with GranSubModDampingTsuji::init multiplying the polynomial
//    by √2 ("effective mass convention as in Tsuji 1992").
// Every mapping: F_n = F_ne − η v_n; `limit_damping` (off by default) sets F_n = max(F_n, 0).
// The accepted range of each typed value: pair granular reads the damping coefficient with
// utils::numeric and checks nothing; the range given is the one on which the law is monotone
// (tsuji: the polynomial decreases on [−1, 1.12]).
#include <cmath>
#include <string>

#include "codes/laws.hpp"

namespace calib::codes::detail {

namespace {

constexpr std::string_view kDebian = "20220106";
constexpr std::string_view kCoeffRestitution = "27Jun2024";
constexpr std::string_view kSqrt2 = "16Sep2026";
constexpr std::string_view kDebianSource =
    "LAMMPS 7Jan2022 (Debian 12 lammps 20220106) src/GRANULAR/pair_granular.cpp";
constexpr std::string_view kSqrt2Source =
    "LAMMPS stable_16Sep2026 src/GRANULAR/gran_sub_mod_damping.cpp (GranSubModDampingTsuji::init "
    "x sqrt(2))";
constexpr std::string_view kCoeffRestitutionSource =
    "LAMMPS 27Jun2024 src/GRANULAR/gran_sub_mod_damping.cpp "
    "(GranSubModDampingCoeffRestitution::init)";

constexpr std::string_view kGeometry =
    "two identical spheres: m* = m/2, R* = R/2; or one sphere on a flat wall/gran of the same "
    "E and nu: m* = m, R* = R; E* = E/(2(1-nu^2)) both";
constexpr std::string_view kWallModulus =
    "on a wall, fix wall/gran granular hertz/material uses E/(2(1-nu)) as the effective modulus "
    "(LAMMPS 7Jan2022 fix_wall_gran.cpp, checked with the binary); libcalib integrates that";
constexpr std::string_view kHeadOn = "no gravity, no cohesion, no tangential coupling (head-on)";

// fix wall/gran granular with hertz/material (fix_wall_gran.cpp of 7Jan2022) stiffens the wall
// contact: it takes E/(2(1−ν)) as the effective modulus, not the E/(2(1−ν²)) of two bodies of
// one material (measured with the installed binary: e of damping viscoelastic and mass_velocity
// on the wall match this modulus to 3e-5). Pairs keep the Contact as it is.
Contact hertz_material_contact(const Contact& c) {
  if (c.geometry != Geometry::sphere_wall) return c;
  Contact wall = c;
  wall.e_star = c.youngs / (2.0 * (1.0 - c.poisson));
  wall.k_hertz = 4.0 / 3.0 * wall.e_star * std::sqrt(wall.r_eff);
  return wall;
}

// Marshall 2009 eq. 53 as LAMMPS writes it (the catalog's "lammps-tsuji-pre2026" model).
double tsuji_polynomial(double e) { return models::find("lammps-tsuji-pre2026").damping(e, 1.5); }

std::string limit(bool clamp) { return clamp ? " limit_damping" : ""; }

std::string atoms(const Contact& c) {
  return fmt::format("# units si; atoms: diameter {} m, density {} kg/m^3 (set type 1 diameter/density)\n",
                     num(2 * c.radius), num(c.density));
}

// The wall of sphere-wall: fix wall/gran with the pair's own model arguments, so that the wall
// is a second body of the same material (fix_wall_gran.cpp mixes them as for two types).
std::string wall(const Contact& c, std::string_view model_args) {
  if (c.geometry != Geometry::sphere_wall) return "";
  return fmt::format("fix wall all wall/gran {} xplane 0.0 NULL  # the wall: the plane x = 0\n",
                     model_args);
}

// pair granular: the pair_coeff line and the wall from the same model arguments.
std::string granular(const Contact& c, const std::string& model_args) {
  return atoms(c) + "pair_style granular\npair_coeff * * " + model_args + "\n" +
         wall(c, "granular " + model_args);
}

constexpr std::string_view kTangential = "tangential linear_nohistory 0 0";  // your own model

std::string hertz_material(double damping, std::string_view model, bool clamp, const Contact& c) {
  return fmt::format("hertz/material {} {} {} {} damping {}{}", num(c.youngs), num(damping),
                     num(c.poisson), kTangential, model, limit(clamp));
}
std::string hooke(double damping, std::string_view model, bool clamp, const Contact& c) {
  return fmt::format("hooke {} {} {} damping {}{}", num(c.k_linear), num(damping), kTangential,
                     model, limit(clamp));
}

std::vector<std::string_view> tsuji_assumptions() {
  return {kGeometry,
          "e does not depend on the speed or the stiffness (the u = delta^(5/4) reduction)",
          "LAMMPS accepts any tsuji coefficient; libcalib uses [-1, 1], where the polynomial "
          "decreases (a negative coefficient damps more than e = 0 and reaches lower e; checked "
          "in the installed 20220106 binary)",
          kHeadOn};
}

// pair granular, hertz/material E e ν … damping tsuji: η = damp√(m*·F_ne/δ) = χ√(m*K)δ^{1/4}.
CodeLaw tsuji(std::string_view version) {
  const bool sqrt2 = version == kSqrt2;
  return {"lammps", "tsuji", version, sqrt2 ? kSqrt2Source : kDebianSource,
          sqrt2 ? "Hertz (hertz/material) + Tsuji damping χ = √2·(1.2728 − 4.2783e + … + 4.8218e⁶)"
                : "Hertz (hertz/material) + Tsuji damping χ = 1.2728 − 4.2783e + … + 4.8218e⁶ "
                  "(no √2)",
          {"damping coefficient of hertz/material (read as e by damping tsuji)", "-", true, -1.0,
           1.0, {}},
          {false, "limit_damping"}, false, tsuji_assumptions(),
          sqrt2 ? +[](double v, bool clamp, const Contact& c) {
            return hertz_tsuji(std::sqrt(2.0) * tsuji_polynomial(v), clamp, hertz_material_contact(c));
          }
                : +[](double v, bool clamp, const Contact& c) {
                    return hertz_tsuji(tsuji_polynomial(v), clamp, hertz_material_contact(c));
                  },
          +[](double v, bool clamp, const Contact& c) {
            return granular(c, hertz_material(v, "tsuji", clamp, c));
          }};
}

// hooke k_n e … damping tsuji: knfac = k_n, η = damp√(m* k_n): χ on the linear spring.
CodeLaw tsuji_hooke(std::string_view version) {
  const bool sqrt2 = version == kSqrt2;
  CodeLaw law = tsuji(version);
  law.model = "tsuji-hooke";
  law.law = sqrt2 ? "Hooke (hooke k_n) + Tsuji damping χ = √2·(1.2728 − 4.2783e + …)"
                  : "Hooke (hooke k_n) + Tsuji damping χ = 1.2728 − 4.2783e + … (no √2)";
  law.typed.name = "damping coefficient of hooke (read as e by damping tsuji)";
  law.impact = sqrt2 ? +[](double v, bool clamp, const Contact& c) {
    return hooke_tsuji(std::sqrt(2.0) * tsuji_polynomial(v), clamp, c, c.k_linear);
  }
                     : +[](double v, bool clamp, const Contact& c) {
                         return hooke_tsuji(tsuji_polynomial(v), clamp, c, c.k_linear);
                       };
  law.snippet = +[](double v, bool clamp, const Contact& c) {
    return "# k_n [N/m]\n" + granular(c, hooke(v, "tsuji", clamp, c));
  };
  return law;
}

CodeLaw coeff_restitution() {
  return {"lammps", "coeff_restitution", kCoeffRestitution, kCoeffRestitutionSource,
          "Hertz (hertz/material) + damping coeff_restitution χ = √5·ζ(e)",
          {"damping coefficient of hertz/material (read as e by damping coeff_restitution)", "-",
           true, 0.0, 1.0, {}, true},
          {false, "limit_damping"}, false,
          {kGeometry, "exact without limit_damping; not in the Debian 12 version",
           "no gravity, no cohesion (with dmt/jkr F_ne includes cohesion, LAMMPS issue #4180)"},
          +[](double v, bool clamp, const Contact& c) {
            return hertz_tsuji(std::sqrt(5.0) * zeta(v), clamp, hertz_material_contact(c));
          },
          +[](double v, bool clamp, const Contact& c) {
            return granular(c, hertz_material(v, "coeff_restitution", clamp, c));
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
    return "# k_n [N/m]\n" + granular(c, hooke(v, "coeff_restitution", clamp, c));
  };
  return law;
}

// damping viscoelastic (the default): η = η₀·a·m*, a = √(R*δ): F = Kδ^{3/2} + η₀m*√R*·δ^{1/2}δ'.
CodeLaw viscoelastic() {
  return {"lammps", "viscoelastic", kDebian,
          "LAMMPS 7Jan2022 (Debian 12 lammps 20220106) src/GRANULAR/pair_granular.cpp "
          "(damping viscoelastic: damp_normal = a*meff)",
          "Hertz (hertz/material) + damping viscoelastic η = η₀·a·m*, a = √(R*δ): "
          "F = Kδ^{3/2} + η₀m*√R*·δ^{1/2}δ' (libcalib family viscoelastic)",
          {"damping coefficient η₀ of hertz/material (damping viscoelastic, the default)",
           "1/(m*s)", false, 0.0, 1e30, {}},
          {false, "limit_damping"}, true,
          {kGeometry,
           "e depends on the impact speed (1 - e ~ v^(1/5), Brilliantov et al. 1996): the value "
           "is exact at --v only",
           kWallModulus, kHeadOn},
          +[](double v, bool clamp, const Contact& c) {
            return contact_radius_dashpot(v, clamp, hertz_material_contact(c));
          },
          +[](double v, bool clamp, const Contact& c) {
            return "# eta_0 [1/(m*s)]\n" + granular(c, hertz_material(v, "viscoelastic", clamp, c));
          }};
}

// damping mass_velocity: η = η₀·m*, a constant dashpot on the Hertz spring:
// F = Kδ^{3/2} + η₀m*·δ' (libcalib family linear damper, n = 3/2).
CodeLaw mass_velocity() {
  return {"lammps", "mass_velocity", kDebian,
          "LAMMPS 7Jan2022 (Debian 12 lammps 20220106) src/GRANULAR/pair_granular.cpp "
          "(damping mass_velocity: damp_normal = meff)",
          "Hertz (hertz/material) + damping mass_velocity η = η₀·m*: F = Kδ^{3/2} + η₀m*·δ' "
          "(libcalib family linear damper, n = 3/2)",
          {"damping coefficient η₀ of hertz/material (damping mass_velocity)", "1/s", false, 0.0,
           1e30, {}},
          {false, "limit_damping"}, true,
          {kGeometry,
           "e depends on the impact speed (a constant dashpot on a Hertz spring: e falls as v "
           "falls): the value is exact at --v only",
           kWallModulus, kHeadOn},
          +[](double v, bool clamp, const Contact& c) {
            const Contact wall_or_pair = hertz_material_contact(c);
            return mass_dashpot(v, clamp, wall_or_pair, wall_or_pair.k_hertz, 1.5);
          },
          +[](double v, bool clamp, const Contact& c) {
            return "# eta_0 [1/s]\n" + granular(c, hertz_material(v, "mass_velocity", clamp, c));
          }};
}

// The pair gran/* styles, and for sphere-wall fix wall/gran with the same coefficients (its
// style names drop "gran/"; limit_damping goes before the wall's own arguments there).
std::string classic(const Contact& c, std::string_view style, double kn, double gamma_n,
                    bool clamp) {
  const std::string coefficients = fmt::format("{} NULL {} NULL 0.0 1", num(kn), num(gamma_n));
  std::string out = atoms(c) + fmt::format("# Kn Kt gamma_n gamma_t xmu dampflag\n"
                                           "pair_style gran/{} {}{}\npair_coeff * *\n",
                                           style, coefficients, limit(clamp));
  if (c.geometry == Geometry::sphere_wall)
    out += fmt::format(
        "fix wall all wall/gran {} {}{} xplane 0.0 NULL  # the wall: the plane x = 0\n", style,
        coefficients, limit(clamp));
  return out;
}

// pair gran/hertz/history (pair_gran_hertz_history.cpp): F_n = √(R*δ)(k_n δ − m*γ_n v_n), so
// K = k_n√R* (k_n = (4/3)E* gives the Hertz K) and C = m*γ_n√R* on δ^{1/2}δ'.
CodeLaw gran_hertz_history() {
  return {"lammps", "gran/hertz/history", kDebian,
          "LAMMPS 7Jan2022 src/GRANULAR/pair_gran_hertz_history.cpp "
          "(polyhertz·(kn·δ − meff·gamman·vnnr))",
          "F_n = √(R*δ)(k_n δ + m*γ_n δ'), k_n = (4/3)E*: damping ∝ contact radius "
          "(libcalib family viscoelastic)",
          {"gamma_n of pair_style gran/hertz/history", "1/(m*s)", false, 0.0, 1e30, {}},
          {false, "limit_damping"}, true,
          {kGeometry, "k_n = (4/3)E* [Pa] so that F = (4/3)E*sqrt(R*)delta^(3/2)",
           "e depends on the impact speed: exact at --v only", "no gravity, no friction (head-on)"},
          +[](double v, bool clamp, const Contact& c) { return contact_radius_dashpot(v, clamp, c); },
          +[](double v, bool clamp, const Contact& c) {
            return "# Kn [Pa], gamma_n [1/(m*s)]\n" +
                   classic(c, "hertz/history", 4.0 / 3.0 * c.e_star, v, clamp);
          }};
}

// pair gran/hooke/history: F_n = k_n δ − m*γ_n v_n, a Kelvin–Voigt contact with c = m*γ_n.
CodeLaw gran_hooke_history() {
  return {"lammps", "gran/hooke/history", kDebian,
          "LAMMPS 7Jan2022 src/GRANULAR/pair_gran_hooke_history.cpp (kn·δ − meff·gamman·vnnr)",
          "F_n = k_n δ + m*γ_n δ' (Kelvin–Voigt: ζ = γ_n√m*/(2√k_n))",
          {"gamma_n of pair_style gran/hooke/history", "1/s", false, 0.0, 1e30, {}},
          {false, "limit_damping"}, false,
          {kGeometry, "k_n = --k [N/m] (default: the Hertz secant stiffness at --v)",
           "e does not depend on the speed", "no gravity, no friction (head-on)"},
          +[](double v, bool clamp, const Contact& c) {
            return mass_dashpot(v, clamp, c, c.k_linear, 1.0);
          },
          +[](double v, bool clamp, const Contact& c) {
            return "# Kn [N/m], gamma_n [1/s]\n" +
                   classic(c, "hooke/history", c.k_linear, v, clamp);
          }};
}

}  // namespace

std::vector<CodeLaw> lammps_laws() {
  return {tsuji(kDebian),      tsuji(kSqrt2),         tsuji_hooke(kDebian),
          tsuji_hooke(kSqrt2), coeff_restitution(),   coeff_restitution_hooke(),
          viscoelastic(),      mass_velocity(),       gran_hertz_history(),
          gran_hooke_history()};
}

}  // namespace calib::codes::detail
