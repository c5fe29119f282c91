// The files of `calib fit-impact --out` for an impact record.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "calib/fit/impact_record_run.hpp"
#include "calib/io/csv.hpp"
#include "fit/record_residuals.hpp"

namespace calib::fit {

namespace {

// The figure: the record's F (or δ) against t, each law's fitted curve and its 95 % band over
// it, columns read by name from the two CSV files beside the script (the first row is their
// header). `gnuplot fit_impact.gp` in the folder writes fit_impact.svg.
std::string record_gnuplot_script(const FitRecordOutcome& o, const ImpactRecord& d) {
  const bool force = d.has_force();
  const std::string data = force ? "force[N]" : "delta[m]";
  const std::string model = force ? "force_model[N]" : "delta_model[m]";
  const std::string band = force ? "force_band95[N]" : "delta_band95[m]";
  std::string s = fmt::format(
      "set terminal svg size 800,500 dynamic font 'sans,12'\n"
      "set output 'fit_impact.svg'\nset datafile separator ','\nset datafile columnheaders\n"
      "set xlabel 'time t [s]'\nset ylabel '{}'\nset key top right\n"
      "set style fill transparent solid 0.2 noborder\n"
      "first = '{}'\nplot \\\n",
      force ? "contact force F [N]" : "approach delta [m]",
      impact_law_name(o.reports.front().fit.law));
  for (std::size_t i = 0; i < o.reports.size(); ++i) {
    const std::string law(impact_law_name(o.reports[i].fit.law));
    s += fmt::format(
        "  'fit_impact_curve.csv' using 't[s]':(strcol('law') eq '{0}' ? column('{1}') - "
        "column('{3}') : NaN):(strcol('law') eq '{0}' ? column('{1}') + column('{3}') : NaN) "
        "with filledcurves lc {2} notitle, \\\n"
        "  'fit_impact_curve.csv' using 't[s]':(strcol('law') eq '{0}' ? column('{1}') : NaN) "
        "with lines lc {2} lw 2 title '{0} (95 % band)', \\\n",
        law, model, i + 1, band);
  }
  return s + fmt::format(
                 "  'fit_impact_points.csv' using 't[s]':(strcol('law') eq first ? column('{}') : "
                 "NaN) with points pt 7 ps 0.4 lc 'black' title 'data'\n",
                 data);
}

// The CSV column of a residual: in units of the record's sigma when it gives one, else in the
// data's unit (docs/outputs.md: force_residual, delta_residual).
std::string residual_column(std::string_view name, bool weighted, std::string_view sigma,
                            std::string_view unit) {
  return fmt::format("{}[{}]", name, weighted ? sigma : unit);
}

// The 95 % band of the fitted F(t) and δ(t), 1.96 √(gᵀΣg) with g = ∂(F, δ)/∂(K, n, d, t0) (delta
// method, Σ the fit's covariance). g is the fit's own Jacobian (record_residuals.hpp: the same
// steps, one-sided at a bound and for a force sample a step carries across the separation, exact
// in t0) of a record on the band's grid with zero data and unit σ's, whose residuals are F and δ.
struct Band {
  std::vector<double> force, delta;
};
Band record_band(const RecordFitReport& r, const FitRecordRequest& q, const std::vector<double>& t) {
  const std::size_t n = t.size();
  ImpactRecord grid{t, std::vector<double>(n, 0.0), std::vector<double>(n, 0.0),
                    std::vector<double>(n, 1.0), std::vector<double>(n, 1.0), {}};
  const detail::RecordResiduals residuals(r.fit.law, q.m, q.v, grid, q.options.impact);
  const ImpactLawParameters p = r.fit.values();
  std::vector<double> value(2 * n);
  std::array<std::vector<double>, 4> g;
  for (auto& column : g) column.assign(2 * n, 0.0);
  double t_contact = NAN;
  const std::array<bool, 3> free{!r.fit.parameters[0].fixed, !r.fit.parameters[1].fixed,
                                 !r.fit.parameters[2].fixed};
  Band band;
  if (!residuals.evaluate(p, r.t0.value, value.data(), g[3].data(), &t_contact) ||
      !residuals.parameter_gradients(p, r.t0.value, value.data(), t_contact, free,
                                     {g[0].data(), g[1].data(), g[2].data()})) {
    band.force.assign(n, NAN), band.delta.assign(n, NAN);  // written as blank cells
    return band;
  }
  for (std::size_t k = 0; k < 2 * n; ++k) {
    double variance = 0;
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) variance += g[i][k] * r.covariance[i][j] * g[j][k];
    (k < n ? band.force : band.delta).push_back(1.96 * std::sqrt(variance));
  }
  return band;
}

io::CsvCell at_or_blank(const std::vector<double>& x, std::size_t i) {
  return i < x.size() ? io::number_or_blank(x[i]) : io::CsvCell(std::string());
}

}  // namespace

void write_fit_impact_record(const std::filesystem::path& folder, const FitRecordOutcome& o,
                             const FitRecordRequest& q, const ImpactRecord& d) {
  io::write_text_atomically(folder / "fit_impact.json", o.record.dump(2) + "\n");
  io::CsvWriter points(
      folder / "fit_impact_points.csv",
      {"law", "t[s]", "force_model[N]", "delta_model[m]", "force[N]", "delta[m]",
       residual_column("force_residual", !d.sigma_force.empty(), "sigma_F", "N"),
       residual_column("delta_residual", !d.sigma_delta.empty(), "sigma_delta", "m")});
  for (const RecordFitReport& r : o.reports)
    for (std::size_t i = 0; i < d.t.size(); ++i)
      points.row({std::string(impact_law_name(r.fit.law)), d.t[i], at_or_blank(r.force_model, i),
                  at_or_blank(r.delta_model, i), at_or_blank(d.force, i), at_or_blank(d.delta, i),
                  at_or_blank(r.force_residuals, i), at_or_blank(r.delta_residuals, i)});
  points.commit();
  io::CsvWriter curve(
      folder / "fit_impact_curve.csv",
      {"law", "t[s]", "force_model[N]", "delta_model[m]", "force_band95[N]", "delta_band95[m]"});
  std::vector<double> t(501);
  for (std::size_t i = 0; i < t.size(); ++i)
    t[i] = d.t.front() + (d.t.back() - d.t.front()) * double(i) / double(t.size() - 1);
  for (const RecordFitReport& r : o.reports) {
    if (!std::isfinite(r.fit.chi2)) continue;
    const RecordModel m =
        record_model(r.fit.law, q.m, q.v, r.fit.values(), r.t0.value, t, q.options.impact);
    const Band band = record_band(r, q, t);
    for (std::size_t i = 0; i < t.size(); ++i)
      curve.row({std::string(impact_law_name(r.fit.law)), t[i], m.force[i], m.delta[i],
                 io::number_or_blank(band.force[i]), io::number_or_blank(band.delta[i])});
  }
  curve.commit();
  io::write_text_atomically(folder / "fit_impact.gp", record_gnuplot_script(o, d));
}

}  // namespace calib::fit
