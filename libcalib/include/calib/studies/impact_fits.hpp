#pragma once
// Study: how well the e(v) fits of `calib fit-impact` recover known parameters and pick the law
// that made the data. For each of the four laws with constant material parameters
// (fit/fit_impact.hpp), restitution curves are generated here by the exact impact solve at the
// config's true parameters, plus Gaussian noise (replicates with their own draws); every law is
// fitted to every curve and the four ranked by AIC. Recovery: (fitted − true)/standard error
// of the generating law's damping parameter; ranking: whether the generating law comes first.
#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/fit/fit_impact.hpp"
#include "calib/io/config.hpp"
#include "calib/studies/study.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::studies::impact_fits {

struct Config {
  double m = 0.01, K = 1e9, n = 1.5;  // [kg], [N/m^n], [-]: the material, known to the fit
  // The true damping parameter of each law, in fit::impact_laws() order (alpha, A, c, chi).
  std::array<double, 4> true_damping{};
  std::vector<double> speeds;  // impact speeds [m/s], log-spaced from..to
  double sigma = 0.0;          // noise of e; 0: noise-free curves, fitted unweighted
  std::uint64_t seed = 0;
  int replicates = 1;  // noise draws per law
  nlohmann::json as_json;

  // [material] m, K, n; [truth] one key per law name; [speeds] from, to, count;
  // [noise] sigma, seed, replicates. InputError naming the key.
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
struct Result {
  std::vector<Dataset> datasets;  // law-major: law 0 replicates 0..R−1, law 1, …
};

// The restitution curve of `law` at the config's truth, replicate r (noise draws from
// sweep::unit_draw of (seed, dataset index)); e clipped to 1 as a measurement would be.
fit::RestitutionCurve generate_curve(const Config& config, fit::ImpactLaw law, int replicate);
// The generator's fit (its own law) in a dataset, and the rank (1 = best) of a law.
const fit::ImpactFitReport& own_fit(const Dataset& d);
int rank_of(const Dataset& d, fit::ImpactLaw law);

Result run(const Config& config, const sweep::Execution& execution = {});
// recovery.csv and ranking.csv (each with its sidecar) into context.out.
void write(const Result& result, const Config& config, const RunContext& context);
// Coverage (fraction of |z| ≤ 2) per law and the fraction of curves whose generator ranks first.
std::string summary(const Result& result);

// ---- the study's module (studies/module.hpp; its row in src/studies/registry.cpp) ---------
io::GnuplotVars figure_data(const std::filesystem::path& results,
                            const std::filesystem::path& work);
void report_section(const std::filesystem::path& results, io::Section& section);
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
