#pragma once
// Study: the RMS (a, b) table of Safaeifar & Farshidianfar 2020 (SF2020 §5–7, Table 2,
// Fig. 3–6).
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/calibrate/calibrate.hpp"
#include "calib/io/config.hpp"
#include "calib/studies/study.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::studies::rms_table {

// I(a,b) = ∫₀¹ y^{3/2}(1 - y^a)^{1/b} dy (SF2020 eq. 44): closed form B(5/(2a), 1+1/b)/a
// (substitute u = y^a) and adaptive tanh-sinh quadrature (Boost.Math) as the check.
double integral_closed_form(double a, double b);
double integral_quadrature(double a, double b);

struct Config {
  std::vector<double> e_grid;              // samples of e for the RMS (default 0.01:0.01:0.99)
  std::vector<double> a_values, b_values;  // Table 2 axes
  double n = 1.5;                     // exponent used by the ODE numerical model (result is n-free)
  std::vector<std::string> formulas;  // hysteresis formulas simulated for Fig. 5–6
  std::filesystem::path published;    // Table 2 transcription, as written in the config
  std::filesystem::path published_file;  // where it was found (io::resolve_config_path)
  calibrate::CalibrateOptions solver;
  nlohmann::json as_json;  // the config as parsed, for provenance

  static Config defaults();
  // Reads [e_grid] (from/to/step or from/to/count), [table] a, b, [numerical] n, formulas,
  // published, [solver] rel_tol/abs_tol/cor_rel_tol; rejects unknown keys.
  static Config from(const io::ConfigNode& node);
};

struct Cell {
  double a, b, integral, rms_percent;
  double rms_paper = 0.0;  // NaN when not published
};

struct FormulaError {
  std::string model;
  double rms_h_percent;          // RMS of 100(h_model - h_num)/h_num over the e grid
  double max_cor_error;          // max |e_out - e_in| when simulated with h_model(e_in)
  std::vector<double> h, e_out;  // per e grid point
};

struct Result {
  std::vector<double> e, h_ode, h_algebraic;  // numerical model (ODE root and eq. 39 root)
  double max_ode_vs_algebraic = 0.0;          // max |h_ode - h_alg| / h_alg
  std::vector<Cell> cells;
  double optimal_integral = 0.0;  // I* minimising the RMS (Ceres)
  double optimal_k = 0.0;         // k* = 2/(5 I*): h = k*(1-e)/e
  double optimal_rms = 0.0;
  std::vector<std::pair<double, double>> iso_curve;  // (a, b) with I(a,b) = I*
  std::vector<FormulaError> formulas;
  int ode_solves = 0;
};

// RMS of 100(k(1-e)/e - h)/h over the samples, for h_new = k(1-e)/e (SF2020 eq. 55).
double rms_percent_for_k(double k, const std::vector<double>& e, const std::vector<double>& h);

Result run(const Config& config, const sweep::Execution& execution = {});

// Writes rms_table.csv, rms_table_wide.csv, h_numerical.csv, formula_errors.csv,
// formula_cor.csv, optimum.json (+ .meta.json sidecars) into `out`.
void write(const Result& r, const Config& config, const RunContext& context);

// Human-readable side-by-side with the paper.
std::string report(const Result& r);

// ---- the study's module (studies/module.hpp; its row in src/studies/registry.cpp) ---------
io::GnuplotVars figure_data(const std::filesystem::path& results,
                            const std::filesystem::path& work);
void report_section(const std::filesystem::path& results, io::Section& section);
struct Module {
  using Config = rms_table::Config;
  using Result = rms_table::Result;
  static constexpr auto run = rms_table::run;
  static constexpr auto write = rms_table::write;
  static constexpr auto summary = rms_table::report;
  static constexpr auto figure_data = rms_table::figure_data;
  static constexpr auto report_section = rms_table::report_section;
};

}  // namespace calib::studies::rms_table
