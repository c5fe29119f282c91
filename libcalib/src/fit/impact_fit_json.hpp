#pragma once
// What the restitution-curve and the impact-record JSON records share (private): the law, the
// data kind, the fitted parameters and the fit's statistics, in this order.
#include <cmath>
#include <string_view>

#include <nlohmann/json.hpp>

#include "calib/fit/fit_impact.hpp"

namespace calib::fit::detail {

// NaN and ±∞ are not JSON: a missing value is null.
inline nlohmann::ordered_json json_number(double x) {
  return std::isfinite(x) ? nlohmann::ordered_json(x) : nlohmann::ordered_json(nullptr);
}

inline nlohmann::ordered_json parameter_json(const FittedParameter& p) {
  using Json = nlohmann::ordered_json;
  return {{"value", p.value},
          {"std_error", p.fixed ? Json(0.0) : json_number(p.std_error)},
          {"unit", p.unit},
          {"fixed", p.fixed}};
}

// law, data_kind, parameters {name: value, std_error, unit, fixed}, rms_residual, chi2, points,
// residual_count, free_parameters, aic, bic, status, message, iterations.
inline nlohmann::ordered_json fit_report_json(const ImpactFitReport& r,
                                              std::string_view data_kind) {
  nlohmann::ordered_json rec;
  rec["law"] = impact_law_name(r.law);
  rec["data_kind"] = data_kind;
  auto& params = rec["parameters"] = nlohmann::ordered_json::object();
  for (const FittedParameter& p : r.parameters) params[p.name] = parameter_json(p);
  rec["rms_residual"] = json_number(r.rms_residual);
  rec["chi2"] = json_number(r.chi2);
  rec["points"] = r.points;
  rec["residual_count"] = r.residual_count;
  rec["free_parameters"] = r.free_parameters;
  rec["aic"] = json_number(r.aic);
  rec["bic"] = json_number(r.bic);
  rec["status"] = r.status;
  rec["message"] = r.message;
  rec["iterations"] = r.iterations;
  return rec;
}

}  // namespace calib::fit::detail
