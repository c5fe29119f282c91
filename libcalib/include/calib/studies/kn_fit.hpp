#pragma once
// K–n power-law fits of the cylindrical contact laws (PINSLOT §2 eq. 1, Tables 2–9 and 11):
// W = K δⁿ fitted to δ(W) samples of an implicit law, or to measurements.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/fit/fit.hpp"
#include "calib/io/config.hpp"
#include "calib/models/cylindrical.hpp"
#include "calib/studies/study.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::studies::kn_fit {

// The protocol that reproduces the published tables, every piece a config field.
struct Protocol {
  double W_min = 0.1, W_max = 1000.0, W_step = 0.1;  // N/mm, inclusive grid
  fit::Weighting weighting = fit::Weighting::none;   // unweighted least squares on W
  double error_floor = 1e-3;                         // mm: "Max Error %" only where δ ≥ 1 µm
  void validate() const;
  std::vector<double> samples() const;  // W_min, W_min + W_step, …, W_max (inclusive, no drift)
  static Protocol from(
      const io::ConfigNode& node);  // keys W_min, W_max, W_step, weighting, error_floor
};

struct ModelFit {
  double K = 0, n = 0;           // W = K δⁿ, K in N/mm^{n+1} (N/mmⁿ for L = 1 mm)
  double max_err_percent = 0;    // max 100|Kδⁿ − W|/W over samples with δ ≥ error_floor
  double K_se = 0, n_se = 0;     // standard errors (Ceres covariance)
  std::vector<double> W, delta;  // the samples
};

ModelFit fit_model(models::cylindrical::Model model, const models::cylindrical::Contact& contact,
                   const Protocol& protocol);
// Measured (δ, W) pairs; rejects empty, non-positive or non-monotone data (W must rise with δ).
ModelFit fit_data(std::vector<double> delta, std::vector<double> W, fit::Weighting weighting,
                  fit::Loss loss, double loss_scale, double error_floor);

// ---- the published-tables study (calib kn-fit --config configs/kn_fit.toml) ----------
struct PublishedEntry {
  std::string table, model, material, region;
  double dR = 0, K = 0, n = 0, max_err = 0;  // max_err NaN when not published
  int K_digits = 3;                          // significant digits printed for K
  int n_decimals = 3;
};
struct Row {
  PublishedEntry paper;
  ModelFit ours;                         // with its samples (the curve files are cut from them)
  models::cylindrical::Contact contact;  // the geometry the entry was computed for
  std::string flag, note;                // flag: "" (within rounding) or what differs
};
struct Config {
  Protocol protocol;
  models::cylindrical::Material steel{207000.0, 0.30}, aluminium{70000.0, 0.33};
  double tables_R_i = 100.0;                      // mm (internal contact, Goldsmith decoding)
  double R_o = 68, R_i = 52, R_c = 8, R_p = 7.9;  // PINSLOT Table 10 (mm)
  std::filesystem::path published_tables, published_table11;  // as written in the config
  std::filesystem::path
      published_file;  // where published_tables was found (io::resolve_config_path)
  nlohmann::json as_json;
  static Config defaults();
  static Config from(const io::ConfigNode& node);
};
struct Result {
  std::vector<Row> rows;
};

// Name of the per-fit curve file under <out>/curves/ (written by write(), read by `calib plot`);
// `dR` as printed in kn_tables.csv.
std::string curve_file_name(const std::string& table, const std::string& model,
                            const std::string& material, const std::string& region,
                            const std::string& dR);

Result run(const Config& config, const sweep::Execution& execution = {});
void write(const Result& r, const Config& config, const RunContext& context);
std::string report(const Result& r);

// ---- the study's module (studies/module.hpp; its row in src/studies/registry.cpp) ---------
io::GnuplotVars figure_data(const std::filesystem::path& results,
                            const std::filesystem::path& work);
void report_section(const std::filesystem::path& results, io::Section& section);
struct Module {
  using Config = kn_fit::Config;
  using Result = kn_fit::Result;
  static constexpr auto run = kn_fit::run;
  static constexpr auto write = kn_fit::write;
  static constexpr auto summary = kn_fit::report;
  static constexpr auto figure_data = kn_fit::figure_data;
  static constexpr auto report_section = kn_fit::report_section;
  static StudyOptions options();
};

}  // namespace calib::studies::kn_fit
