#pragma once
// Study: validation of closed-form damping formulas over random parameter sets (PN2020 §5.1,
// Fig. 8, generalised). For each e of a grid and each of N random (m, k, v, n),
// the formula sets the damping, the impact is simulated and |e_out − e| is recorded.
#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/core/contact_law.hpp"
#include "calib/impact/impact.hpp"
#include "calib/io/config.hpp"
#include "calib/studies/study.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::studies::validate {

// A formula under test: a catalog model, or a user expression (muparser) for the physical
// damping parameter (c, C or χ by family) in the variables e, n, m, k, v.
struct Formula {
  std::string name;
  std::optional<std::string> expression;  // user formula; nullopt = catalog model
  Family family = Family::linear_damper;
  bool clamp = true;
  std::optional<double> fixed_n;  // DEM mappings: n = 3/2
  double fitted_e_min = 0.0;      // e below this is "outside the fitted range"
};

struct Config {
  int e_count = 60;  // half log-spaced on [e_min, 0.45), half linear on [0.45, 1]
  double e_min = 1e-4;
  int samples = 300;  // random parameter sets per e
  std::uint64_t seed = 2020;
  std::array<double, 2> m{1e-5, 1e2}, k{1e5, 1e10}, v{1e-3, 1e2}, n{1.0, 2.0};
  // Integrate the SI-unit ODE directly (a test of the scaling; τ solve only), else the scaled
  // law (docs/method.md; energy time for the hysteresis and Tsuji families): faster, same e_out.
  bool physical_units = false;
  std::vector<Formula> formulas;
  impact::ImpactOptions solver{
      .rel_tol = 1e-11, .abs_tol = 1e-13, .max_steps = 200'000, .diagnostics = false};
  nlohmann::json as_json;

  static Config defaults();
  // [grid] e_count, e_min, samples, seed; [ranges] m, k, v, n; [simulate] units;
  // [formulas] names, clamp (default|on|off|both); [[custom]] name, family, clamp, c;
  // [solver] rel_tol, abs_tol. Unknown keys and bad expressions are rejected.
  static Config from(const io::ConfigNode& node);
};

// Formulas for a catalog name with the clamp choice "default", "on", "off" or "both"; the
// choice applies to Tsuji-type (DEM) mappings, other families keep their default rule.
std::vector<Formula> catalog_formulas(const std::string& name, const std::string& clamp);
// Command-line overrides (studies/validate_overrides.hpp): formulas replace the config's list,
// samples the config's count; both are recorded in as_json (cli_formulas, cli_clamp,
// cli_samples). InputError names a bad value.
void apply_overrides(Config& config, const Overrides& overrides);
// The overrides from `calib validate --formula/--clamp/--samples` (studies/options.hpp).
Overrides overrides_from(const OptionValues& values);
// Checks a user expression once (parse + evaluate at a test point); InputError naming `where`.
void check_expression(const std::string& expression, const std::string& where);

struct Row {  // one (formula, clamp, e)
  std::string formula;
  bool clamp;
  double e, max_abs_err, median_abs_err, p95_abs_err;
  int samples, failures;
};
struct Summary {
  std::string formula;
  bool clamp;
  double worst_in_range, e_worst_in_range, worst_outside, e_worst_outside;
};
struct Result {
  std::vector<double> e_grid;
  std::vector<Row> rows;
  std::vector<Summary> summary;
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
  using Config = validate::Config;
  using Result = validate::Result;
  static constexpr auto run = validate::run;
  static constexpr auto write = validate::write;
  static constexpr auto summary = validate::report;
  static constexpr auto figure_data = validate::figure_data;
  static constexpr auto report_section = validate::report_section;
  using Overrides = validate::Overrides;
  static constexpr auto apply = validate::apply_overrides;
  static StudyOptions options();
};

}  // namespace calib::studies::validate
