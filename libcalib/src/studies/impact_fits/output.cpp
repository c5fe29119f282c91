// Output of the impact_fits study: recovery, ranking and per-law summary tables (with their
// sidecars) and the one-paragraph summary.
#include <cmath>

#include <fmt/format.h>

#include "calib/io/csv.hpp"
#include "calib/io/result_table.hpp"
#include "calib/studies/impact_fits.hpp"
#include "studies/impact_fits/shared.hpp"

// GCC 12 reports a false -Wmaybe-uninitialized for std::string alternatives of std::variant
// inside initializer lists (GCC bug 105562 family); the rows below are fully initialised.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

namespace calib::studies::impact_fits {

namespace {

// (fitted − true)/standard error of the generator's damping parameter (NaN without an error).
double z_score(const Dataset& d) {
  const fit::FittedParameter& p = own_fit(d).parameters.back();
  return p.std_error > 0 ? (p.value - d.true_value) / p.std_error : std::nan("");
}

// Per generating law: replicates, mean and spread of the estimate, coverage, ranking.
struct LawSummary {
  fit::ImpactLaw law;
  double true_value = 0, mean_fitted = 0, sd_fitted = 0, mean_std_error = 0;
  int replicates = 0, covered = 0, first = 0;
};

std::vector<LawSummary> law_summaries(const Result& r) {
  std::vector<LawSummary> out;
  for (const fit::ImpactLaw law : fit::impact_laws()) {
    LawSummary s{law};
    double sum = 0, sum2 = 0, se = 0;
    for (const Dataset& d : r.datasets) {
      if (d.generator != law) continue;
      const double x = own_fit(d).parameters.back().value;
      s.true_value = d.true_value;
      ++s.replicates;
      sum += x, sum2 += x * x, se += own_fit(d).parameters.back().std_error;
      if (std::abs(z_score(d)) <= 2.0) ++s.covered;
      if (rank_of(d, law) == 1) ++s.first;
    }
    if (s.replicates == 0) continue;
    s.mean_fitted = sum / s.replicates;
    s.mean_std_error = se / s.replicates;
    s.sd_fitted = s.replicates > 1
                      ? std::sqrt(std::max(0.0, (sum2 - sum * s.mean_fitted) / (s.replicates - 1)))
                      : 0.0;
    out.push_back(s);
  }
  return out;
}

}  // namespace

void detail::write_ranking(const std::filesystem::path& file,
                           const std::vector<RankedDataset>& datasets, const io::Provenance& prov) {
  const bool with_data = !datasets.empty() && !datasets.front().data.empty();
  std::vector<std::string> header{
      "generating_law", "replicate",      "law", "rank", "aic", "delta_aic",
      "status",         "generator_first"};
  if (with_data) header.insert(header.begin() + 1, "data");
  io::write_table(
      file, header,
      [&](io::CsvWriter& w) {
        for (const RankedDataset& d : datasets)
          for (std::size_t k = 0; k < d.ranking->size(); ++k) {
            const fit::LawRank& x = (*d.ranking)[k];
            std::vector<io::CsvCell> row{
                std::string(fit::impact_law_name(d.generator)),
                d.replicate,
                std::string(fit::impact_law_name(x.law)),
                static_cast<int>(k) + 1,
                x.aic,
                x.delta_aic,
                x.status,
                std::string(d.ranking->front().law == d.generator ? "yes" : "no")};
            if (with_data) row.insert(row.begin() + 1, d.data);
            w.row(row);
          }
      },
      prov);
}

void write(const Result& r, const Config& c, const RunContext& context) {
  const fit::ImpactFitOptions options;
  const io::Provenance prov = context.provenance(
      {{"rel_tol", options.impact.rel_tol}, {"abs_tol", options.impact.abs_tol}},
      {{"source",
        "synthetic e(v) from the exact impact solve at the config's true parameters plus "
        "Gaussian noise (Box-Muller on SplitMix64 draws of the seed)"},
       {"datasets", r.datasets.size()},
       {"sigma_e", c.sigma}});
  io::write_table(
      context.out / "recovery.csv",
      {"law", "replicate", "parameter", "unit", "true_value", "fitted_value", "std_error", "z",
       "status"},
      [&](io::CsvWriter& w) {
        for (const Dataset& d : r.datasets) {
          const fit::ImpactFitReport& f = own_fit(d);
          const fit::FittedParameter& p = f.parameters.back();
          w.row({std::string(fit::impact_law_name(d.generator)), d.replicate, p.name, p.unit,
                 d.true_value, p.value, p.std_error, io::number_or_blank(z_score(d)), f.status});
        }
      },
      prov);
  std::vector<detail::RankedDataset> ranked;
  for (const Dataset& d : r.datasets) ranked.push_back({d.generator, d.replicate, &d.ranking, {}});
  detail::write_ranking(context.out / "ranking.csv", ranked, prov);
  io::write_table(
      context.out / "coverage.csv",
      {"law", "true_value", "replicates", "mean_fitted", "sd_fitted", "mean_std_error",
       "coverage_z2", "generator_first"},
      [&](io::CsvWriter& w) {
        for (const LawSummary& s : law_summaries(r))
          w.row({std::string(fit::impact_law_name(s.law)), s.true_value, s.replicates,
                 s.mean_fitted, s.sd_fitted, s.mean_std_error,
                 static_cast<double>(s.covered) / s.replicates,
                 static_cast<double>(s.first) / s.replicates});
      },
      prov);
  if (!r.records.empty()) write_records(r, c, context);
  if (!r.published.empty()) write_published(r, context);
}

std::string summary(const Result& r) {
  std::string s = fmt::format("{:<20} {:>6} {:>12} {:>12} {:>12} {:>10} {:>10}\n", "law", "damping",
                              "true", "mean fitted", "sd fitted", "|z|<=2", "AIC first");
  int first = 0, total = 0;
  for (const LawSummary& x : law_summaries(r)) {
    s += fmt::format("{:<20} {:>6} {:>12.5g} {:>12.5g} {:>12.3g} {:>10.2f} {:>10.2f}\n",
                     fit::impact_law_name(x.law), fit::damping_parameter_name(x.law), x.true_value,
                     x.mean_fitted, x.sd_fitted, static_cast<double>(x.covered) / x.replicates,
                     static_cast<double>(x.first) / x.replicates);
    first += x.first, total += x.replicates;
  }
  s += fmt::format("AIC picks the generating law on {} of {} curves ({:.0f} %)\n", first, total,
                   total ? 100.0 * first / total : 0.0);
  if (!r.records.empty()) s += record_summary(r);
  return r.published.empty() ? s : s + published_summary(r);
}

}  // namespace calib::studies::impact_fits
