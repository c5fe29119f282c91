#pragma once
// Study: the α(n)/β(n) damping fits of Poursina & Nikravesh 2020 (PN2020 §4.2, eq. 36–57),
// regenerated and pushed further with an improved closed form.
#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/calibrate/calibrate.hpp"
#include "calib/fit/fit.hpp"
#include "calib/io/config.hpp"
#include "calib/studies/study.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::studies::damping_fit {

struct Config {
  // PN2020 §4.2.4: 100 n in [1, 2] × 600 e in [0.45, 1], m = k = v = 1.
  int n_count = 100;
  double e_from = 0.45, e_to = 1.0;
  int e_count = 600;
  // PN2020 §4.2.1–4.2.3: 200 values of m, v, k (linearly spaced) × 50 n at e = 0.7.
  int scaling_n_count = 50, scaling_count = 200;
  double scaling_e = 0.7;
  std::array<double, 2> m_range{1e-5, 50.0}, v_range{0.01, 50.0}, k_range{1e5, 1e10};
  // Improved closed form: fitted on e in [e_min, 1] (log-spaced below 0.45) × n.
  double cf_e_min = 1e-4;
  int cf_e_count = 160, cf_n_count = 21, cf_e_terms = 5, cf_n_terms = 4, cf_minimax_rounds = 4;
  calibrate::CalibrateOptions solver;
  nlohmann::json as_json;

  static Config defaults();
  // Sections [grid], [scaling], [closed_form], [solver]; unknown keys rejected.
  static Config from(const io::ConfigNode& node);
};

struct GridPoint {
  double n, e, zeta, c_opt, e_out;
};
struct PerN {
  double n, alpha, beta, rms_resid, max_resid, alpha_paper, beta_paper, rms_resid_paper;
};
struct ScalingPoint {
  char sweep;
  double n, value, c_opt, e_out;
};  // sweep: 'm', 'v' or 'k'
struct ScalingSlope {
  char sweep;
  double n, slope, exact, intercept;
};
struct ClosedFormPoint {
  double n, e, zeta_exact, zeta_fit, e_out;
};
// PN2020 Fig. 9: eq. 57's ζ put into the exact Kelvin–Voigt restitution (eq. 55, corrected).
struct Eq57Point {
  double e, zeta_eq57, e_exact;
};

// The two printings of PN2020 eq. 46 and 47: the paper's (α: −1.48 n³, β: exponent 0.2553) and
// the effective-mass paper's reprint (α: −1.49 n³, β: exponent 0.2533).
struct Printings {
  double paper = 0, reprint = 0;
};
struct PrintingsOverGrid {
  double paper = 0;                     // α −1.48 n³, β exponent 0.2553: PN2020 as printed
  double reprint_alpha_paper_beta = 0;  // −1.49, 0.2553
  double paper_alpha_reprint_beta = 0;  // −1.48, 0.2533
  double reprint = 0;                   // −1.49, 0.2533: the reprint
  double refit = 0;                     // our α(n), β(n)
};

struct Result {
  std::vector<GridPoint> grid;
  std::vector<PerN> per_n;
  fit::FitReport alpha_quartic;  // α(n) = Σ p_i nⁱ (PN2020 eq. 46 form)
  fit::FitReport beta_power;     // β(n) = p n^q + r (eq. 47 form)
  PerN at_n1{}, at_n15{};        // separate fits at n = 1 and n = 3/2 (eq. 57, eq. 52)
  // Which printing of eq. 46/47 the per-n data support: RMS of (α_printed(n) − α(n)) over n,
  // and the same for β.
  Printings alpha_rms, beta_rms;
  // What matters for a user: RMS over the whole grid of c_eq49 − c_opt for each combination of
  // the printings, and of our refit.
  PrintingsOverGrid c_rms;
  std::vector<ScalingPoint> scaling;
  std::vector<ScalingSlope> slopes;
  double worst_slope_deviation = 0;
  fit::FitReport closed_form;  // coefficients q_ij of models::closed_form_zeta_q
  std::vector<ClosedFormPoint> closed_form_check;
  double closed_form_worst = 0;  // max |e_out − e| over the closed-form fit points
  std::vector<Eq57Point> fig9;   // e log-spaced on [1e-4, 1]
  double fig9_worst = 0;
  double worst_grid_rel_err = 0;  // max |e_out − e|/e over the (n, e) grid
  std::size_t solves = 0;
};

Result run(const Config& config, const sweep::Execution& execution = {});
void write(const Result& r, const Config& config, const RunContext& context);
std::string report(const Result& r);

// ---- the study's module (studies/module.hpp; its row in src/studies/registry.cpp) ---------
io::GnuplotVars figure_data(const std::filesystem::path& results,
                            const std::filesystem::path& work);
void report_section(const std::filesystem::path& results, io::Section& section);
struct Module {
  using Config = damping_fit::Config;
  using Result = damping_fit::Result;
  static constexpr auto run = damping_fit::run;
  static constexpr auto write = damping_fit::write;
  static constexpr auto summary = damping_fit::report;
  static constexpr auto figure_data = damping_fit::figure_data;
  static constexpr auto report_section = damping_fit::report_section;
};

}  // namespace calib::studies::damping_fit
