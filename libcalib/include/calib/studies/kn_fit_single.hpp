#pragma once
// The two non-table modes of `calib kn-fit`: one material/geometry (--model) and measured data
// (--data). Quantities arrive as text, SI when bare, or with a unit ("207GPa", "5mm";
// core/units.hpp) and are converted to the N, mm, MPa of the PINSLOT laws. Each
// returns the record the CLI prints (vocabulary names, core/vocabulary.hpp; SI: K in N/m^(n+1),
// K_force in N/m^n, E_star in Pa, dR in m, W_* in N/m).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>


namespace calib::studies::kn_fit {

struct SingleFitInput {
  std::string model;                     // models::cylindrical::parse_model name
  std::string material, material2;       // names in `materials` (body j defaults to body i)
  std::filesystem::path materials;       // empty: datasets/materials.csv in the data folders
  std::string E, E2;                     // Young's moduli (bare numbers: Pa)
  std::optional<double> nu, nu2;         // Poisson's ratios
  std::string dR, Ri = "100mm", length;  // bare numbers: m
  bool external = false;                 // dR = Ri + Rj instead of Ri − Rj
  std::string W_min = "0.1N/mm", W_max = "1000N/mm", W_step = "0.1N/mm";  // bare: N/m
  std::string weighting = "none";                             // none | relative
  double error_floor_um = 1.0;  // "Max Error %" only where δ ≥ this
  std::filesystem::path curve;  // optional CSV: W, δ, fitted W, error
};
nlohmann::ordered_json fit_single(const SingleFitInput& input);

// The factor from K of W[N/mm] = K δ[mm]ⁿ (the PINSLOT laws' units) to SI: W[N/m] = 1e3 K
// (1e3 δ[m])ⁿ, so K_SI = K · 10^(3(n+1)) in N/m^(n+1).
double line_load_K_to_si(double n);

struct MeasurementInput {
  std::filesystem::path data;  // CSV with delta[unit] and W[unit] (per length) or F[unit] columns
  std::string length;          // contact length, needed for an F column (W = F/L)
  std::string weighting = "none", robust = "none";  // robust: none | huber | cauchy
  double loss_scale = 1.0, error_floor_um = 1.0;
  std::filesystem::path curve;  // optional CSV: measured vs fitted with residuals
};
nlohmann::ordered_json fit_measurements(const MeasurementInput& input);

// The measurement reader alone (fuzzed: tests/fuzz/): δ in mm and W in N/mm from input.data,
// with the units of its header; InputError naming the file, the column and the defect.
struct Measurements {
  std::vector<double> delta, W;
};
// Rows must be positive and plausible (δ ≤ 1 m, W ≤ 1e9 N/mm); a bad row's message names its
// file line. They need not be monotone: noisy data and outliers go to the fit.
Measurements read_measurements(const MeasurementInput& input);
// What is wrong with one measurement (δ in mm, W in N/mm): empty `why` when it is finite,
// positive and plausible; else the column (0: δ, 1: W) and why. Shared by the file reader
// (which names the file line) and fit_data (which names the row).
struct MeasurementDefect {
  int column = 0;
  std::string why;
};
MeasurementDefect measurement_defect(double delta, double W);
// The same for the file's text in memory (input.data only names it in messages).
Measurements parse_measurements(const std::string& text, const MeasurementInput& input);
// --length in mm (a quantity, bare = m: units::parse_in), 0 when empty; InputError unless it
// is a length in units::length's range. The one check of the contact length for --data,
// --model and Python.
double parse_contact_length(const std::string& length);

}  // namespace calib::studies::kn_fit
