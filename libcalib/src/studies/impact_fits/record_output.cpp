// Output of the impact_fits study's records: each fit's parameters, recovery per law and
// parameter, the AIC ranking, one record per law with every law's fit (the figure's data), and
// their summary.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>

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

// One parameter of the generating law's own fit to a record, with the value it was made with.
struct ParameterFit {
  std::string name, unit;
  double truth = 0, value = 0, std_error = 0;
  bool fixed = false;
  double z() const { return std_error > 0 ? (value - truth) / std_error : std::nan(""); }
};

// K, n, the damping parameter and t0 of the generator's fit (n fixed for viscoelastic).
std::vector<ParameterFit> parameter_fits(const RecordDataset& d) {
  const fit::RecordFitReport& f = own_fit(d);
  const std::array<double, 3> truth{d.truth.K, d.truth.n, d.truth.damping};
  std::vector<ParameterFit> out;
  for (std::size_t i = 0; i < truth.size(); ++i) {
    const fit::FittedParameter& p = f.fit.parameters.at(i);
    out.push_back({p.name, p.unit, truth[i], p.value, p.std_error, p.fixed});
  }
  out.push_back({f.t0.name, f.t0.unit, d.true_t0, f.t0.value, f.t0.std_error, false});
  return out;
}

// Per generating law and free parameter, over its records whose own fit converged (a fit that
// did not is no estimate: its status says so): the error fitted − true (its mean and spread; the
// truth of t0 differs from record to record), the mean standard error, the fraction of |z| ≤ 2;
// and the fraction of records whose fit converged.
struct ParameterSummary {
  fit::ImpactLaw law = fit::ImpactLaw::hunt_crossley_alpha;
  std::string data, name, unit;
  double truth = 0, mean_fitted = 0, mean_error = 0, sd_error = 0, mean_std_error = 0;
  double max_abs_z = 0;  // one fit far off (a local minimum) shows here, not as a wide spread
  int records = 0, covered = 0, converged = 0, with_z = 0;
};

// One summary of a generating law's free parameter k over the records of one kind.
ParameterSummary summarise(const Result& r, std::size_t kind, fit::ImpactLaw law, std::size_t k) {
  ParameterSummary s;
  s.law = law;
  std::vector<double> errors;
  for (const RecordDataset& d : r.records) {
    if (d.generator != law || d.kind != kind) continue;
    const ParameterFit p = parameter_fits(d)[k];
    if (p.fixed) break;
    s.data = d.data, s.name = p.name, s.unit = p.unit;
    ++s.records;
    s.truth += p.truth;
    if (!own_fit(d).ok()) continue;
    s.mean_fitted += p.value, s.mean_std_error += p.std_error;
    errors.push_back(p.value - p.truth);
    if (!std::isfinite(p.z())) continue;  // a shipped record's t0 is not known
    ++s.with_z;
    s.covered += std::abs(p.z()) <= 2.0;
    s.max_abs_z = std::max(s.max_abs_z, std::abs(p.z()));
  }
  if (s.records > 0) s.truth /= s.records;
  const double n = static_cast<double>(errors.size());
  s.converged = static_cast<int>(errors.size());
  s.mean_fitted /= n, s.mean_std_error /= n;  // NaN when none converged
  for (const double e : errors) s.mean_error += e / n;
  for (const double e : errors) s.sd_error += n > 1 ? (e - s.mean_error) * (e - s.mean_error) : 0;
  s.sd_error = n > 1 ? std::sqrt(s.sd_error / (n - 1)) : std::nan("");
  if (n == 0) s.mean_error = std::nan("");
  return s;
}

// Every record kind, generating law and free parameter (K, n, damping, t0), in that order.
std::vector<ParameterSummary> parameter_summaries(const Result& r) {
  std::size_t kinds = 0;
  for (const RecordDataset& d : r.records) kinds = std::max(kinds, d.kind + 1);
  std::vector<ParameterSummary> out;
  for (std::size_t kind = 0; kind < kinds; ++kind)
    for (const fit::ImpactLaw law : fit::impact_laws())
      for (std::size_t k = 0; k < 4; ++k)
        if (ParameterSummary s = summarise(r, kind, law, k); s.records > 0) out.push_back(s);
  return out;
}

double share(int count, int of) { return of ? static_cast<double>(count) / of : std::nan(""); }

// Replicate 0 of each generating law: the record and every law's model and residual per sample.
void write_example(const Result& r, const std::filesystem::path& file, const io::Provenance& p) {
  const auto cell = [](const std::vector<double>& x, std::size_t i) {
    return i < x.size() ? io::number_or_blank(x[i]) : io::CsvCell(std::string());
  };
  io::write_table(
      file,
      {"generating_law", "data", "law", "t[s]", "force[N]", "force_model[N]",
       "force_residual[sigma_F]", "delta[m]", "delta_model[m]", "delta_residual[sigma_delta]"},
      [&](io::CsvWriter& w) {
        for (const RecordDataset& d : r.records) {
          if (d.replicate != 0) continue;
          const std::string generator(fit::impact_law_name(d.generator));
          for (const fit::RecordFitReport& f : d.fits)
            for (std::size_t i = 0; i < d.record.t.size(); ++i)
              w.row({generator, d.data, std::string(fit::impact_law_name(f.fit.law)), d.record.t[i],
                     cell(d.record.force, i), cell(f.force_model, i), cell(f.force_residuals, i),
                     cell(d.record.delta, i), cell(f.delta_model, i), cell(f.delta_residuals, i)});
        }
      },
      p);
}

}  // namespace

void write_records(const Result& r, const Config& c, const RunContext& context) {
  const fit::ImpactFitOptions options;
  const io::Provenance prov = context.provenance(
      {{"rel_tol", options.impact.rel_tol}, {"abs_tol", options.impact.abs_tol}},
      {{"source",
        "synthetic impact records: F(t) and delta(t) from the exact impact trajectory at the "
        "config's true parameters plus Gaussian noise (Box-Muller on SplitMix64 draws of the "
        "seed)"},
       {"records", r.records.size()},
       {"samples", c.record.samples},
       {"noise_of_peak", c.record.noise}});
  io::write_table(
      context.out / "record_recovery.csv",
      {"law", "data", "parameter", "unit", "true_value", "records", "mean_fitted", "mean_error",
       "sd_error", "mean_std_error", "sd_over_std_error", "coverage_z2", "max_abs_z", "converged"},
      [&](io::CsvWriter& w) {
        for (const ParameterSummary& s : parameter_summaries(r))
          w.row({std::string(fit::impact_law_name(s.law)), s.data, s.name, s.unit,
                 io::number_or_blank(s.truth), s.records, io::number_or_blank(s.mean_fitted),
                 io::number_or_blank(s.mean_error), io::number_or_blank(s.sd_error),
                 io::number_or_blank(s.mean_std_error),
                 io::number_or_blank(s.sd_error / s.mean_std_error),
                 io::number_or_blank(share(s.covered, s.with_z)),
                 io::number_or_blank(s.with_z ? s.max_abs_z : std::nan("")),
                 share(s.converged, s.records)});
      },
      prov);
  io::write_table(
      context.out / "record_fits.csv",
      {"law", "data", "replicate", "parameter", "unit", "true_value", "fitted_value", "std_error",
       "z", "status"},
      [&](io::CsvWriter& w) {
        for (const RecordDataset& d : r.records)
          for (const ParameterFit& p : parameter_fits(d))
            if (!p.fixed)
              w.row({std::string(fit::impact_law_name(d.generator)), d.data, d.replicate, p.name,
                     p.unit, io::number_or_blank(p.truth), p.value, p.std_error,
                     io::number_or_blank(p.z()), own_fit(d).fit.status});
      },
      prov);
  std::vector<detail::RankedDataset> ranked;
  for (const RecordDataset& d : r.records)
    ranked.push_back({d.generator, d.replicate, &d.ranking, d.data});
  detail::write_ranking(context.out / "record_ranking.csv", ranked, prov);
  write_example(r, context.out / "record_example.csv", prov);
}

std::string record_summary(const Result& r) {
  std::string s = fmt::format(
      "impact records (synthetic):\n{:<20} {:<12} {:>5} {:>12} {:>12} {:>10} {:>7} {:>7} {:>7}\n",
      "law", "data", "param", "true", "mean fitted", "spread", "spr/SE", "|z|<=2", "max|z|");
  for (const ParameterSummary& x : parameter_summaries(r))
    s += fmt::format(
        "{:<20} {:<12} {:>5} {:>12.5g} {:>12.5g} {:>10.3g} {:>7.2f} {:>7.2f} {:>7.1f}\n",
        fit::impact_law_name(x.law), x.data, x.name, x.truth, x.mean_fitted, x.sd_error,
        x.sd_error / x.mean_std_error, share(x.covered, x.with_z),
        x.with_z ? x.max_abs_z : std::nan(""));
  int first = 0;
  for (const RecordDataset& d : r.records) first += d.ranking.front().law == d.generator;
  return s +
         fmt::format("AIC picks the generating law on {} of {} records\n", first, r.records.size());
}

}  // namespace calib::studies::impact_fits
