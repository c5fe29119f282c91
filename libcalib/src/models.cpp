#include "calib/models.hpp"

#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "calib/calibrate.hpp"
#include "calib/checks.hpp"
#include "calib/error.hpp"

namespace calib::models {

double damping_ratio_of_cor(double e) {
  const double L = std::log(e);
  return -L / std::sqrt(L * L + std::numbers::pi * std::numbers::pi);
}

double pn2020_alpha(double n) {  // PN2020 eq. 46
  return (((0.3331 * n - 1.48) * n + 3.077) * n - 2.306) * n + 1.794;
}
double pn2020_beta(double n) { return 1.285 * std::pow(n, 0.2553) - 1.725; }  // PN2020 eq. 47

double pn2020_zeta(double alpha, double beta, double e, double n) {
  // c = α(e^β-1)[k v^{n-1} m^n]^{1/(n+1)} (eq. 49) times δ_m/(m v) (PN2020 eq. 27).
  return alpha * (std::pow(e, beta) - 1.0) * std::pow(0.5 * (n + 1.0), 1.0 / (n + 1.0));
}

namespace {

// Tsuji-type laws: c = χ √(mK) δ^{(n-1)/2}. Substituting u = δ^{(n+1)/2} makes the law an
// exactly linear oscillator with damping ratio χ/√(2(n+1)) (issue #3 oracle), so the
// exact χ for separation at δ = 0 is √(2(n+1))·ζ(e).
double tsuji_exact(double e, double n) { return std::sqrt(2.0 * (n + 1.0)) * damping_ratio_of_cor(e); }

// LAMMPS pair granular "tsuji" damping polynomial (as the issue transcribes it).
double lammps_tsuji_poly(double e) {
  return 1.2728 - e * (4.2783 - e * (11.087 - e * (22.348 - e * (27.467 - e * (18.022 - e * 4.8218)))));
}

// Thornton et al. 2013 (Yade, Kratos): c_n = 2β_n √(m k_n), k_n = (3/2)K√δ, hence
// c = 2β_n √(3/2) √(mK) δ^{1/4}, i.e. χ = 2√(3/2) β_n.
double thornton_beta(double e) {
  static constexpr double h[10] = {-6.918798, -16.41105, 146.8049, -796.4559, 2928.711,
                                   -7206.864, 11494.29,  -11342.18, 6276.757,  -1489.915};
  double alpha_t = h[9];
  for (int i = 8; i >= 0; --i) alpha_t = h[i] + e * alpha_t;
  alpha_t *= e;  // α_T = e(h1 + e(h2 + ... + e h10))
  const double denom = 1.0 - (1.0 + e) * (1.0 + e) * std::exp(alpha_t);
  return std::sqrt(1.0 / denom - 1.0);
}

const std::vector<Model> kCatalog = {
    // ---- hysteresis (Hunt–Crossley) family: h = C v/K, separation at δ = 0 -------------
    {"hunt-crossley", "Hunt & Crossley 1975, h = 3(1-e)/2", "SF2020 Table 1; PN2020 eq. 13",
     "e close to 1", Family::hysteresis, false, {}, false,
     [](double e, double) { return 1.5 * (1.0 - e); }},
    {"lankarani-nikravesh", "Lankarani & Nikravesh 1990, h = 3(1-e²)/4",
     "SF2020 Table 1; PN2020 eq. 14", "e close to 1", Family::hysteresis, false, {}, false,
     [](double e, double) { return 0.75 * (1.0 - e * e); }},
    {"flores", "Flores et al. 2011, h = 8(1-e)/(5e)", "SF2020 Table 1; PN2020 eq. 16",
     "whole range of e", Family::hysteresis, false, {}, false,
     [](double e, double) { return 1.6 * (1.0 - e) / e; }},
    {"gharib-hurmuzlu", "Gharib & Hurmuzlu 2012, h = 1/e", "SF2020 Table 1; PINSLOT §3.12",
     "low and moderate e", Family::hysteresis, false, {}, false,
     [](double e, double) { return 1.0 / e; }},
    {"hu-guo", "Hu & Guo 2015, h = 3(1-e)/(2e)", "SF2020 Table 1; PN2020 eq. 15",
     "whole range of e", Family::hysteresis, false, {}, false,
     [](double e, double) { return 1.5 * (1.0 - e) / e; }},
    {"safaeifar-farshidianfar", "Safaeifar & Farshidianfar 2020, h = 5(1-e)/(4e)",
     "SF2020 eq. 59", "whole range of e", Family::hysteresis, false, {}, false,
     [](double e, double) { return 1.25 * (1.0 - e) / e; }},
    {"herbert-mcwhannell", "Herbert & McWhannell 1977, h = 6(1-e)/((2e-1)²+3)",
     "PINSLOT eq. 24-25", "e close to 1", Family::hysteresis, false, {}, false,
     [](double e, double) { return 6.0 * (1.0 - e) / ((2.0 * e - 1.0) * (2.0 * e - 1.0) + 3.0); }},
    // PINSLOT eq. 105 with α v_i = 1-e (e = 1 - α v_i): λ v/K = 3a(2-a)/(2(2-3a+3a²-a³)),
    // a = 1-e; since a(2-a) = 1-e² and 2-3a+3a²-a³ = 1+e³: h = 3(1-e²)/(2(1+e³)).
    {"marhefka-orin", "Marhefka & Orin 1999, h = 3(1-e²)/(2(1+e³))",
     "PINSLOT eq. 105 (decoded with alpha*v = 1-e)", "e close to 1", Family::hysteresis, false,
     {}, false, [](double e, double) { return 1.5 * (1.0 - e * e) / (1.0 + e * e * e); }},
    // PINSLOT eq. 39: f = Kδ(1 + (3/4)α₁δ') with e = 1 - α₁v (eq. 29, α0 = 1): h = 3(1-e)/4.
    {"lee-wang", "Lee & Wang 1983, h = 3(1-e)/4", "PINSLOT eq. 29, 39", "e close to 1",
     Family::hysteresis, false, {}, false, [](double e, double) { return 0.75 * (1.0 - e); }},
    {"gonthier", "Gonthier et al. / Zhang & Sharf exact: root of h(1+e) = ln((1+h)/(1-eh))",
     "SF2020 eq. 39; PINSLOT eq. 113-115; PN2020 eq. 18-19", "exact for every e and n",
     Family::hysteresis, false, {}, true,
     [](double e, double) { return calibrate::hysteresis_h_exact(e); }},
    // ---- linear damper F = kδⁿ + cδ', separation at F = 0 (PN2020 eq. 20) ---------------
    {"linear-damper", "Hertz + linear dashpot, exact c_opt by root finding on e_out",
     "PN2020 eq. 23-24", "exact for every e and n", Family::linear_damper, true, {}, true,
     [](double e, double n) { return calibrate::zeta_exact(e, n).damping; }},
    {"poursina-nikravesh", "Poursina & Nikravesh 2020, c = α(e^β-1)[k v^(n-1) m^n]^(1/(n+1))",
     "PN2020 eq. 46, 47, 49", "fitted on e in [0.45, 1], n in [1, 2]", Family::linear_damper,
     true, {}, false,
     [](double e, double n) { return pn2020_zeta(pn2020_alpha(n), pn2020_beta(n), e, n); }},
    {"poursina-nikravesh-n15", "PN2020 eq. 52 for n = 3/2: c = 1.95(e^-0.3 - 1) k^0.4 v^0.2 m^0.6",
     "PN2020 eq. 52", "n = 3/2", Family::linear_damper, true, 1.5, false,
     [](double e, double n) { return pn2020_zeta(1.95, -0.3, e, n); }},
    {"poursina-nikravesh-n1", "PN2020 eq. 57 for n = 1: c = 1.4181(e^-0.44 - 1)√(km)",
     "PN2020 eq. 57", "n = 1", Family::linear_damper, true, 1.0, false,
     [](double e, double n) { return pn2020_zeta(1.4181, -0.44, e, n); }},
    {"kelvin-voigt", "Butcher & Segalman exact Kelvin-Voigt damping, c = 2ξ√(km)",
     "PN2020 eq. 55-56 (overdamped exponent corrected)", "n = 1, exact", Family::linear_damper,
     true, 1.0, true, [](double e, double) { return 2.0 * calibrate::butcher_segalman_xi(e); }},
    // ---- Tsuji type c = χ√(mK)δ^{(n-1)/2} and DEM COR mappings --------------------------
    {"tsuji", "Tsuji et al. 1992 law with the exact χ for separation at δ = 0",
     "PINSLOT eq. 89-90; u = δ^((n+1)/2) reduction", "exact without clamp", Family::tsuji, false,
     {}, true, [](double e, double n) { return tsuji_exact(e, n); }},
    {"dem-sqrt5", "χ = √5 ζ(e), n = 3/2 (Chrono SMC, LAMMPS coeff_restitution, LIGGGHTS, MercuryDPM)",
     "DEM code implementations", "n = 3/2", Family::tsuji, false, 1.5, false,
     [](double e, double) { return std::sqrt(5.0) * damping_ratio_of_cor(e); }},
    {"mfix-hertz", "χ = 2ζ(e), n = 3/2 (MFIX-DEM Hertz)", "DEM code implementations", "n = 3/2",
     Family::tsuji, false, 1.5, false,
     [](double e, double) { return 2.0 * damping_ratio_of_cor(e); }},
    {"lammps-tsuji", "χ = √2·(1.2728 - 4.2783e + ... + 4.8218e⁶), n = 3/2 (LAMMPS granular tsuji)",
     "LAMMPS pair granular", "n = 3/2", Family::tsuji, false, 1.5, false,
     [](double e, double) { return std::sqrt(2.0) * lammps_tsuji_poly(e); }},
    {"lammps-tsuji-pre2026", "χ = 1.2728 - 4.2783e + ... + 4.8218e⁶ (LAMMPS before 2026)",
     "LAMMPS pair granular", "n = 3/2", Family::tsuji, false, 1.5, false,
     [](double e, double) { return lammps_tsuji_poly(e); }},
    {"thornton2013", "Thornton et al. 2013: c = 2β√(m k_n), k_n = (3/2)K√δ (Yade, Kratos)",
     "DEM code implementations", "n = 3/2", Family::tsuji, false, 1.5, false,
     [](double e, double) { return 2.0 * std::sqrt(1.5) * thornton_beta(e); }},
};

}  // namespace

const std::vector<Model>& catalog() { return kCatalog; }

const Model& find(std::string_view name) {
  for (const Model& m : kCatalog)
    if (m.name == name) return m;
  std::string names;
  for (const Model& m : kCatalog) names += fmt::format("{}{}", names.empty() ? "" : ", ", m.name);
  throw InputError(fmt::format("unknown model '{}'; known models: {}", name, names));
}

ContactLaw law_for(const Model& model, double e, double n, std::optional<bool> clamp) {
  require_cor("e", e);
  require_exponent("n", n);
  if (model.fixed_n && std::abs(*model.fixed_n - n) > 1e-12)
    throw InputError(fmt::format("model {} is defined for n = {} only, got n = {}", model.name,
                                 *model.fixed_n, n));
  const double d = model.damping(e, n);
  if (!std::isfinite(d) || d < 0)
    throw ComputeError(fmt::format("model {} gives no valid damping for e = {} (got {})",
                                   model.name, e, d));
  return ContactLaw{model.family, n, d, clamp.value_or(model.default_clamp)};
}

}  // namespace calib::models
