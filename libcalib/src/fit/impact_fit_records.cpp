// The fit-impact record (JSON), its text form and the files of --out.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/vocabulary.hpp"
#include "calib/fit/impact_fit_run.hpp"
#include "calib/io/csv.hpp"
#include "fit/impact_fit_json.hpp"

namespace calib::fit {

namespace {

using Json = nlohmann::ordered_json;

// CSV header of vocabulary names (core/vocabulary.hpp): "v_in[m/s]", "e".
std::vector<std::string> columns(std::initializer_list<std::string_view> names) {
  std::vector<std::string> out;
  for (const std::string_view name : names) out.push_back(vocabulary::column(name));
  return out;
}

using detail::json_number;

Json assumptions(const ImpactFitReport& r) {
  return Json::array(
      {fmt::format("separation: {}", separation_rule(r.law)),
       "e = -(separation speed)/(impact speed) of one direct central impact, m delta'' + F = 0, "
       "solved exactly (event-terminated ODE, rel_tol 1e-12)",
       r.weighted ? "residuals (e_model - e)/sigma_e; standard errors from (J^T J)^-1 with "
                    "sigma_e taken as known"
                  : "residuals e_model - e (no sigma_e); standard errors from (J^T J)^-1 "
                    "scaled by chi2/(N - p)",
       "e(v) alone fixes neither K (it enters e only with the damping parameter) nor n (except "
       "for linear-damper); t_contact[s] or f_max[N] columns, when given, are extra residuals "
       "(model - x)/sigma that do"});
}

// The figure: data (with ±σ bars when given), each law's fitted e(v) and its 95 % band, from
// the two CSV files beside the script. `gnuplot fit_impact.gp` in the folder writes
// fit_impact.svg.
std::string gnuplot_script(const FitImpactOutcome& o) {
  std::string s =
      "set terminal svg size 800,500 dynamic font 'sans,12'\n"
      "set output 'fit_impact.svg'\nset datafile separator ','\nset logscale x\n"
      "set xlabel 'impact speed v_{in} [m/s]'\nset ylabel 'coefficient of restitution e [-]'\n"
      "set key bottom left\nset style fill transparent solid 0.2 noborder\n"
      "first = '" + std::string(impact_law_name(o.reports.front().law)) + "'\nplot \\\n";
  for (std::size_t i = 0; i < o.reports.size(); ++i) {
    const std::string law(impact_law_name(o.reports[i].law));
    const std::string pick = "(strcol(1) eq '" + law + "' ? ";
    s += fmt::format(
        "  'fit_impact_curve.csv' skip 1 using 2:{0}$4 : NaN):{0}$5 : NaN) with filledcurves "
        "lc {1} notitle, \\\n"
        "  'fit_impact_curve.csv' skip 1 using 2:{0}$3 : NaN) with lines lc {1} lw 2 "
        "title '{2} (95 % band)', \\\n",
        pick, i + 1, law);
  }
  return s +
         "  'fit_impact_points.csv' skip 1 using 2:(strcol(1) eq first ? $3 : NaN):"
         "(strcol(4) eq '' ? 0 : $4) with yerrorbars pt 7 ps 0.6 lc 'black' title 'data'\n";
}

// The unit of the loss scale in the text: for a restitution curve sigma (weighted residuals) or
// none (residuals in units of e); for an impact record its units' (sigma_F, N, sigma_delta, m).
std::string loss_scale_unit(const Json& record, bool weighted) {
  if (record.value("data_kind", "") == "impact-record")
    return " " + record["units"]["loss_scale"].get<std::string>();
  return weighted ? " sigma" : "";
}

}  // namespace

Json impact_fit_record(const ImpactFitReport& r, const RestitutionCurve& data, double m) {
  Json rec = detail::fit_report_json(r, "restitution-curve");
  rec["m"] = m;
  Json& rows = rec["residuals"] = Json::array();
  for (std::size_t i = 0; i < r.e_model.size(); ++i) {
    Json row = {{"v_in", data.v_in[i]},
                {"e", data.e[i]},
                {"e_model", json_number(r.e_model[i])},
                {"residual", json_number(r.residuals[i])}};
    if (!r.t_model.empty()) {
      row["t_contact"] = data.t_contact[i];
      row["t_contact_model"] = json_number(r.t_model[i]);
      row["t_contact_residual"] = json_number(r.t_residuals[i]);
    }
    if (!r.f_model.empty()) {  // the f_max[N] column of the data: the peak force
      row["peak_force"] = data.f_max[i];
      row["peak_force_model"] = json_number(r.f_model[i]);
      row["peak_force_residual"] = json_number(r.f_residuals[i]);
    }
    rows.push_back(row);
  }
  rec["robust"] = r.loss.name;
  rec["loss_scale"] = json_number(r.loss.scale);
  rec["loss_scale_source"] = r.loss.scale_source;
  rec["assumptions"] = assumptions(r);
  // The vocabulary's units; weighted residuals are in units of the data's sigma_e.
  rec = vocabulary::with_units(std::move(rec));
  if (r.weighted)
    for (const char* name : {"residual", "rms_residual", "loss_scale"})
      rec["units"][name] = "sigma_e";
  return rec;
}

std::string fit_impact_text(const FitImpactOutcome& o) {
  std::string s;
  for (const ImpactFitReport& r : o.reports) {
    s += fmt::format("{}: {} ({}), {} points, {} iterations\n", impact_law_name(r.law), r.status,
                     r.message, r.points, r.iterations);
    for (const FittedParameter& p : r.parameters)
      s += p.fixed ? fmt::format("  {:<6} = {:<14.8g} {:<9} fixed\n", p.name, p.value, p.unit)
                   : fmt::format("  {:<6} = {:<14.8g} {:<9} ± {:.3g}\n", p.name, p.value,
                                 p.unit, p.std_error);
    s += fmt::format("  rms residual {:.4g}{}, AIC {:.4f}, BIC {:.4f}\n", r.rms_residual,
                     r.weighted ? " sigma" : "", r.aic, r.bic);
    s += fmt::format("  separation: {}\n", separation_rule(r.law));
    if (r.loss.name != "none")
      s += fmt::format("  robust loss {}, scale {:.4g}{} ({})\n", r.loss.name, r.loss.scale,
                       loss_scale_unit(o.record, r.weighted), r.loss.scale_source);
  }
  if (o.record.contains("left_out"))
    for (const auto& l : o.record["left_out"])
      s += fmt::format("left out: {}: {}\n", l["law"].get<std::string>(),
                       l["reason"].get<std::string>());
  if (o.record.contains("ranking")) {
    s += "ranking (lowest AIC first):\n";
    for (const auto& r : o.record["ranking"])
      s += fmt::format("  {:<20} dAIC {:>10.3f}  weight {:.3g}  evidence ratio 10^{:.1f}  {}\n",
                       r["law"].get<std::string>(), r["delta_aic"].get<double>(),
                       r["akaike_weight"].get<double>(),
                       r["log10_evidence_ratio"].get<double>(), r["status"].get<std::string>());
  }
  return s;
}

void write_fit_impact(const std::filesystem::path& folder, const FitImpactOutcome& o,
                      const FitImpactRequest& q, const RestitutionCurve& data) {
  io::write_text_atomically(folder / "fit_impact.json", o.record.dump(2) + "\n");
  io::CsvWriter points(folder / "fit_impact_points.csv",
                       columns({"law", "v_in", "e", "sigma_e", "e_model", "residual"}));
  for (const ImpactFitReport& r : o.reports)
    for (std::size_t i = 0; i < r.e_model.size(); ++i)
      points.row({std::string(impact_law_name(r.law)), data.v_in[i], data.e[i],
                  data.sigma_e.empty() ? io::CsvCell(std::string()) : io::CsvCell(data.sigma_e[i]),
                  io::number_or_blank(r.e_model[i]), io::number_or_blank(r.residuals[i])});
  points.commit();
  const auto [lo, hi] = std::minmax_element(data.v_in.begin(), data.v_in.end());
  io::CsvWriter curve(folder / "fit_impact_curve.csv",
                      columns({"law", "v_in", "e_model", "band95_low", "band95_high"}));
  for (const ImpactFitReport& r : o.reports) {
    if (!std::isfinite(r.chi2)) continue;
    for (int i = 0; i <= 100; ++i) {  // log-spaced over the data's speeds
      const double v = *lo * std::pow(*hi / *lo, i / 100.0);
      const BandPoint b = restitution_band(r, q.m, v, q.options.impact);
      curve.row({std::string(impact_law_name(r.law)), v, b.e,
                 io::number_or_blank(b.e - b.half_width), io::number_or_blank(b.e + b.half_width)});
    }
  }
  curve.commit();
  io::write_text_atomically(folder / "fit_impact.gp", gnuplot_script(o));
}

}  // namespace calib::fit
