// `calib fit-impact` on an impact record: the fits, the record (JSON), its text, --out files.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/vocabulary.hpp"
#include "calib/fit/impact_fit_run.hpp"
#include "calib/fit/impact_record_run.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/output_lock.hpp"
#include "core/checks.hpp"
#include "fit/impact_fit_json.hpp"

namespace calib::fit {

namespace {

using Json = nlohmann::ordered_json;

using detail::json_number;
using detail::parameter_json;

Json assumptions(const RecordFitReport& r) {
  const bool weighted = r.fit.weighted;
  return Json::array(
      {fmt::format("separation: {}", separation_rule(r.fit.law)),
       "model: one direct central impact at the given speed v and mass m, m delta'' + F = 0, "
       "solved on dense output (Dormand-Prince 5(4), rel_tol 1e-12), starting at t0; F = 0 "
       "outside the contact; delta is the approach from the first touch, in free flight outside "
       "it (v before, the separation speed after)",
       weighted ? "residuals (model - x)/sigma; standard errors from (J^T J)^-1 with sigma known"
                : "residuals model - x (no sigma); standard errors from (J^T J)^-1 scaled by "
                  "chi2/(N - p)"});
}

// The residuals are in units of sigma_F and sigma_delta only when the record gives them
// (docs/outputs.md); otherwise in the data's N and m. The robust loss's scale is in the units of
// the residuals it acts on: those of F or of δ, or, for both (which then have their sigmas), of
// each one's own sigma.
Json residual_units(Json record, const ImpactRecord& d) {
  Json& units = record["units"];
  if (units.contains("force_residual") && d.sigma_force.empty()) units["force_residual"] = "N";
  if (units.contains("delta_residual") && d.sigma_delta.empty()) units["delta_residual"] = "m";
  units["loss_scale"] = d.has_force() && d.has_delta() ? Json("sigma")
                        : d.has_force()                ? units["force_residual"]
                                                       : units["delta_residual"];
  return record;
}

}  // namespace

Json impact_record_fit_json(const RecordFitReport& r, const ImpactRecord& d,
                            const FitRecordRequest& q) {
  const ImpactFitReport& f = r.fit;
  Json rec = detail::fit_report_json(f, "impact-record");
  rec["parameters"]["t0"] = parameter_json(r.t0);
  rec["m"] = q.m;
  rec["v"] = q.v;
  rec["e_out"] = json_number(r.e_out);
  rec["t_contact"] = json_number(r.t_contact);
  Json& rows = rec["residuals"] = Json::array();
  for (std::size_t i = 0; i < d.t.size(); ++i) {
    Json row = {{"t", d.t[i]}};
    if (i < r.force_model.size())
      row.update({{"force", d.force[i]},
                  {"force_model", r.force_model[i]},
                  {"force_residual", json_number(r.force_residuals[i])}});
    if (i < r.delta_model.size())
      row.update({{"delta", d.delta[i]},
                  {"delta_model", r.delta_model[i]},
                  {"delta_residual", json_number(r.delta_residuals[i])}});
    rows.push_back(row);
  }
  rec["robust"] = f.loss.name;
  rec["loss_scale"] = json_number(f.loss.scale);
  rec["loss_scale_source"] = f.loss.scale_source;
  rec["assumptions"] = assumptions(r);
  return residual_units(vocabulary::with_units(std::move(rec)), d);
}

FitRecordOutcome run_fit_impact_record(const FitRecordRequest& q, const ImpactRecord& data) {
  require_positive("--m", q.m);
  require_positive("--v", q.v);
  require_exponent("--n", q.n);
  require_listed("--law", q.laws.size());
  FitRecordOutcome out;
  out.ok = true;
  for (const ImpactLaw law : q.laws) {
    ImpactFitOptions options = q.options;
    options.fit_K = q.fit_K;
    options.fit_n = q.fit_n && law != ImpactLaw::viscoelastic;
    options.fit_damping = q.fit_damping;
    const double n = law == ImpactLaw::viscoelastic ? 1.5 : q.n;
    out.reports.push_back(fit_impact_record(law, q.m, q.v, {q.K, n, 0.0}, data, options, q.t0));
    out.ok = out.ok && out.reports.back().ok();
  }
  if (q.laws.size() == 1) {
    out.record = impact_record_fit_json(out.reports.front(), data, q);
    return out;
  }
  out.record["data_kind"] = "impact-record";
  out.record["fits"] = Json::array();
  std::vector<ImpactFitReport> fits;
  for (const RecordFitReport& r : out.reports) {
    out.record["fits"].push_back(impact_record_fit_json(r, data, q));
    fits.push_back(r.fit);
  }
  add_ranking(fits, &out.record);
  out.record = residual_units(vocabulary::with_units(std::move(out.record)), data);
  return out;
}

std::string fit_record_text(const FitRecordOutcome& o) {
  FitImpactOutcome as_curve;  // the same text as a restitution curve's, with t0 and e, t_c
  as_curve.record = o.record;
  std::string s;
  for (const RecordFitReport& r : o.reports) {
    as_curve.reports = {r.fit};
    as_curve.record.erase("ranking");
    s += fit_impact_text(as_curve);
    s += fmt::format("  {:<6} = {:<14.8g} {:<9} ± {:.3g}\n", "t0", r.t0.value, "s", r.t0.std_error);
    s += fmt::format("  fitted impact: e = {:.6g}, contact time {:.6g} s\n", r.e_out, r.t_contact);
  }
  if (o.record.contains("ranking")) {
    as_curve.reports.clear();
    as_curve.record = {{"ranking", o.record["ranking"]}};
    s += fit_impact_text(as_curve);
  }
  return s;
}

}  // namespace calib::fit
