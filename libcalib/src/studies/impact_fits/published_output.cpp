// Output of the impact_fits study's measured curves: the datasets with their sources and
// material, every law's fit ranked by AIC, the fitted e at each measured speed, each law's e(v)
// over the measured range with its 95 % band (the figure's curves), and the summary lines.
#include <algorithm>
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

using detail::law_index;

namespace {

std::string law_name(fit::ImpactLaw law) { return std::string(fit::impact_law_name(law)); }

// Per law, its e(v) at 101 speeds log-spaced over the measured range and the 95 % band
// (fit::restitution_band, as `fit-impact --out` draws it).
void write_curve(const Result& r, const std::filesystem::path& file, const io::Provenance& p) {
  const impact::ImpactOptions options = fit::ImpactFitOptions{}.impact;
  io::write_table(
      file, {"dataset", "law", "v_in[m/s]", "e_model", "band95_low", "band95_high"},
      [&](io::CsvWriter& w) {
        for (const PublishedFit& d : r.published) {
          const auto [lo, hi] = std::minmax_element(d.curve.v_in.begin(), d.curve.v_in.end());
          for (const fit::ImpactFitReport& f : d.fits) {
            if (!std::isfinite(f.chi2)) continue;
            for (int i = 0; i <= 100; ++i) {
              const double v = *lo * std::pow(*hi / *lo, i / 100.0);
              const fit::BandPoint b = fit::restitution_band(f, d.input.m, v, options);
              w.row({d.input.label, law_name(f.law), v, b.e,
                     io::number_or_blank(b.e - b.half_width),
                     io::number_or_blank(b.e + b.half_width)});
            }
          }
        }
      },
      p);
}

}  // namespace

void write_published(const Result& r, const RunContext& context) {
  std::string sources;
  for (const PublishedFit& d : r.published)
    sources += fmt::format("{}{}: {} (file {})", sources.empty() ? "" : "; ", d.input.label,
                           d.input.source, d.input.file_as_written);
  const io::Provenance prov = context.provenance(
      {{"rel_tol", fit::ImpactFitOptions{}.impact.rel_tol},
       {"abs_tol", fit::ImpactFitOptions{}.impact.abs_tol}},
      {{"source", "MEASURED e(v), not synthetic: " + sources},
       {"fit",
        "every law as `calib fit-impact --law all --m m --K K --n n` fits the file: K and n "
        "fixed, the damping parameter fitted"}});
  io::write_table(
      context.out / "published_datasets.csv",
      {"dataset", "file", "source", "m[kg]", "K[N/m^n]", "n", "points"},
      [&](io::CsvWriter& w) {
        for (const PublishedFit& d : r.published)
          w.row({d.input.label, d.input.file_as_written, d.input.source, d.input.m, d.input.K,
                 d.input.n, static_cast<int>(d.curve.v_in.size())});
      },
      prov);
  io::write_table(
      context.out / "published_fits.csv",
      {"dataset", "rank", "law", "parameter", "unit", "value", "std_error", "rms_residual", "aic",
       "delta_aic", "akaike_weight", "status"},
      [&](io::CsvWriter& w) {
        for (const PublishedFit& d : r.published)
          for (std::size_t k = 0; k < d.ranking.size(); ++k) {
            const fit::LawRank& x = d.ranking[k];
            const fit::ImpactFitReport& f = d.fits.at(law_index(x.law));
            const fit::FittedParameter& p = f.parameters.back();  // the damping parameter
            w.row({d.input.label, static_cast<int>(k) + 1, law_name(x.law), p.name, p.unit, p.value,
                   io::number_or_blank(p.std_error), io::number_or_blank(f.rms_residual),
                   io::number_or_blank(x.aic), io::number_or_blank(x.delta_aic),
                   io::number_or_blank(x.akaike_weight), f.status});
          }
      },
      prov);
  io::write_table(
      context.out / "published_points.csv",
      {"dataset", "law", "v_in[m/s]", "e", "sigma_e", "e_model", "residual"},
      [&](io::CsvWriter& w) {
        for (const PublishedFit& d : r.published)
          for (const fit::ImpactFitReport& f : d.fits)
            for (std::size_t i = 0; i < d.curve.v_in.size(); ++i)
              w.row({d.input.label, law_name(f.law), d.curve.v_in[i], d.curve.e[i],
                     d.curve.sigma_e.empty() ? io::CsvCell(std::string())
                                             : io::CsvCell(d.curve.sigma_e[i]),
                     io::number_or_blank(f.e_model.at(i)), io::number_or_blank(f.residuals.at(i))});
      },
      prov);
  write_curve(r, context.out / "published_curve.csv", prov);
}

std::string published_summary(const Result& r) {
  std::string s = "published e(v) (MEASURED), every law fitted, best AIC first:\n";
  for (const PublishedFit& d : r.published) {
    s += fmt::format("{} ({}):\n", d.input.label, d.input.source);
    for (const fit::LawRank& x : d.ranking) {
      const fit::ImpactFitReport& f = d.fits.at(law_index(x.law));
      const fit::FittedParameter& p = f.parameters.back();
      s += fmt::format("  {:<20} {:>5} = {:<11.5g} +- {:<9.3g} rms {:<9.4g} dAIC {:>8.2f} {}\n",
                       law_name(x.law), p.name, p.value, p.std_error, f.rms_residual, x.delta_aic,
                       f.status);
    }
  }
  return s;
}

}  // namespace calib::studies::impact_fits
