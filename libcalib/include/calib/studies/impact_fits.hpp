#pragma once
// Study: how well the e(v) fits of `calib fit-impact` recover known parameters and pick the law
// that made the data. For each of the four laws with constant material parameters
// (fit/fit_impact.hpp), restitution curves are generated here by the exact impact solve at the
// config's true parameters, plus Gaussian noise (replicates with their own draws); every law is
// fitted to every curve and the four ranked by AIC. Recovery: (fitted − true)/standard error
// of the generating law's damping parameter; ranking: whether the generating law comes first.
// The optional [record] part does the same for impact records (fit_impact_record.hpp): F(t)
// and δ(t) of one impact from the exact trajectory at the truth plus Gaussian noise, every law
// fitted with K, n, the damping parameter and the contact start t0 free.
// The optional [[published]] part fits every law to measured e(v) curves (datasets/published)
// exactly as `calib fit-impact --law all` does, with each curve's material from the config.
#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/fit/fit_impact.hpp"
#include "calib/fit/fit_impact_record.hpp"
#include "calib/io/config.hpp"
#include "calib/studies/study.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::studies::impact_fits {

// What an impact record holds: "force" (F), "delta" (δ) or "force+delta".
struct RecordKind {
  std::string name;
  bool force = true, delta = true;
};

// The [record] section: impact records at the material and truth of the curves.
struct RecordConfig {
  double v = 1.0;                 // impact speed [m/s]
  int samples = 1000;             // samples over 1.5 contact times, from 0.2 before the touch
  double noise = 1e-3;            // σ_F and σ_δ as fractions of the noise-free peaks
  std::vector<RecordKind> kinds;  // each record kind is generated and fitted
  std::uint64_t seed = 0;
  int replicates = 0;  // records per law and kind; 0: no record part
  // Record files made at the same truth (the shipped samples), one per law, fitted too (record
  // kind "shipped", t0 not known to the study).
  std::vector<std::pair<fit::ImpactLaw, std::filesystem::path>> shipped;
  // v, samples, noise, data (a list of kind names), seed, replicates; optional [record.shipped]
  // with a file per law name.
  static RecordConfig from(const io::ConfigNode& node);
};

// One [[published]] entry: a measured restitution curve and the material its fit assumes.
struct PublishedCurve {
  std::string label;           // a short name: letters, digits, '-', '_' or '.'
  std::string source;          // the citation of the measurement
  std::filesystem::path file;  // resolved next to the config or in the data folders
  std::string file_as_written;
  double m = 0.0, K = 0.0, n = 1.5;  // [kg], [N/m^n], [-]: as fit-impact's --m, --K, --n
  // label, source, file, m, K, optional n (1.5). InputError naming the key.
  static PublishedCurve from(const io::ConfigNode& node);
};

struct Config {
  double m = 0.01, K = 1e9, n = 1.5;  // [kg], [N/m^n], [-]: the material, known to the fit
  // The true damping parameter of each law, in fit::impact_laws() order (alpha, A, c, chi).
  std::array<double, 4> true_damping{};
  std::vector<double> speeds;  // impact speeds [m/s], log-spaced from..to
  double sigma = 0.0;          // noise of e; 0: noise-free curves, fitted unweighted
  std::uint64_t seed = 0;
  int replicates = 1;  // noise draws per law
  RecordConfig record;
  std::vector<PublishedCurve> published;  // [[published]]; empty: that part is skipped
  nlohmann::json as_json;

  // [material] m, K, n; [truth] one key per law name; [speeds] from, to, count;
  // [noise] sigma, seed, replicates; optional [record] (RecordConfig) and [[published]]
  // (PublishedCurve, labels unique). InputError naming the key.
  static Config from(const io::ConfigNode& node);
};

// One generated curve and the four fits to it.
struct Dataset {
  fit::ImpactLaw generator = fit::ImpactLaw::hunt_crossley_alpha;
  int replicate = 0;
  double true_value = 0.0;                 // the generator's damping parameter
  fit::RestitutionCurve curve;             // e from the exact solve plus noise
  std::vector<fit::ImpactFitReport> fits;  // one per law, fit::impact_laws() order
  std::vector<fit::LawRank> ranking;       // by AIC, best first
};
// One generated impact record and the four fits to it.
struct RecordDataset {
  fit::ImpactLaw generator = fit::ImpactLaw::hunt_crossley_alpha;
  std::size_t kind = 0;  // index into RecordConfig::kinds
  std::string data;      // its name
  int replicate = 0;
  fit::ImpactLawParameters truth;          // K, n and the damping the record was made with
  double true_t0 = 0.0;                    // the contact start the record was made with [s]
  fit::ImpactRecord record;                // F and/or δ from the trajectory plus noise
  std::vector<fit::RecordFitReport> fits;  // one per law, fit::impact_laws() order
  std::vector<fit::LawRank> ranking;       // by AIC, best first
};
// One measured curve and the four fits to it (fit::run_fit_impact, as `fit-impact --law all`).
struct PublishedFit {
  PublishedCurve input;
  fit::RestitutionCurve curve;             // as fit::read_restitution_curve reads the file
  std::vector<fit::ImpactFitReport> fits;  // one per law, fit::impact_laws() order
  std::vector<fit::LawRank> ranking;       // by AIC, best first
};
struct Result {
  std::vector<Dataset> datasets;        // law-major: law 0 replicates 0..R−1, law 1, …
  std::vector<RecordDataset> records;   // kind-major, then law, then replicate; may be empty
  std::vector<PublishedFit> published;  // config order; may be empty
};

// The restitution curve of `law` at the config's truth, replicate r (noise draws from
// sweep::unit_draw of (seed, dataset index)); e clipped to 1 as a measurement would be.
fit::RestitutionCurve generate_curve(const Config& config, fit::ImpactLaw law, int replicate);
// The impact record of `law` at the config's truth, replicate r: samples t_i = −0.2 t_c + i Δt,
// Δt = 1.5 t_c/(samples − 1), the touch t0 at a uniform draw within the sample interval after
// t = 0; F and δ from the exact trajectory (fit::record_model) plus Gaussian noise. Returns t0.
fit::ImpactRecord generate_record(const Config& config, std::size_t kind, fit::ImpactLaw law,
                                  int replicate, double* t0 = nullptr);
// The generator's fit (its own law) in a dataset, and the rank (1 = best) of a law.
const fit::ImpactFitReport& own_fit(const Dataset& d);
int rank_of(const Dataset& d, fit::ImpactLaw law);
const fit::RecordFitReport& own_fit(const RecordDataset& d);
// The records and their fits (`fit-impact --law all` with t[s]: K from the peak, n from 1.5).
std::vector<RecordDataset> run_records(const Config& config, const sweep::Execution& execution);

// The measured curves and their fits, in parallel over curves.
std::vector<PublishedFit> run_published(const Config& config, const sweep::Execution& execution);

Result run(const Config& config, const sweep::Execution& execution = {});
// recovery.csv, ranking.csv, coverage.csv, and with records record_fits.csv,
// record_recovery.csv, record_ranking.csv and record_example.csv (each with its sidecar) into
// context.out.
void write(const Result& result, const Config& config, const RunContext& context);
void write_records(const Result& result, const Config& config, const RunContext& context);
// published_datasets.csv, published_fits.csv, published_points.csv and published_curve.csv.
void write_published(const Result& result, const RunContext& context);
// Coverage (fraction of |z| ≤ 2) per law and the fraction of curves whose generator ranks first;
// the same per law and parameter for the records.
std::string summary(const Result& result);
std::string record_summary(const Result& result);
std::string published_summary(const Result& result);

// ---- the study's module (studies/module.hpp; its row in src/studies/registry.cpp) ---------
io::GnuplotVars figure_data(const std::filesystem::path& results,
                            const std::filesystem::path& work);
void report_section(const std::filesystem::path& results, io::Section& section);
void record_report_section(const std::filesystem::path& results, io::Section& section);
void published_report_section(const std::filesystem::path& results, io::Section& section);
struct Module {
  using Config = impact_fits::Config;
  using Result = impact_fits::Result;
  static constexpr auto run = impact_fits::run;
  static constexpr auto write = impact_fits::write;
  static constexpr auto summary = impact_fits::summary;
  static constexpr auto figure_data = impact_fits::figure_data;
  static constexpr auto report_section = impact_fits::report_section;
};

}  // namespace calib::studies::impact_fits
