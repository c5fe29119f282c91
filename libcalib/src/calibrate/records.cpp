#include "calib/calibrate/records.hpp"

#include <cfloat>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/core/vocabulary.hpp"
#include "core/checks.hpp"

namespace calib::calibrate {

namespace {
void add_parameters(Record& rec, const models::Model& model, const PhysicalImpact& p, double e) {
  rec["model"] = model.name;
  rec["family"] = family_name(model.family);
  rec["e"] = e;
  rec["n"] = p.law.n;
  rec["m"] = p.m;
  rec["k"] = p.law.k;
  rec["v"] = p.v;
  rec["clamp"] = p.law.clamp;
}
// The SI damping of a valid dimensionless answer can still overflow or fall below the
// smallest normal double (c = ζ m v/δ_m at m = v = 1e308): a ComputeError saying so, never an
// inf or a subnormal reported as the answer.
void require_representable(Family family, double dimensionless, const PhysicalImpact& p) {
  const double x = p.law.damping;
  if (std::isfinite(x) && (x == 0.0 || std::abs(x) >= DBL_MIN)) return;
  throw ComputeError(fmt::format(
      "{} = {} in SI units is not representable in double precision for m = {} kg, k = {}, "
      "v = {} m/s, n = {} (the dimensionless {} = {} is valid); restate the problem in other units",
      vocabulary::column(physical_damping_key(family)), x, p.m, p.law.k, p.v, p.law.n,
      dimensionless_damping_key(family), dimensionless));
}


// The damping (dimensionless, then in SI units when `p` is given) and the solve's diagnostics.
void add_calibration(Record& rec, const models::Model& model, double e, const Calibration& c,
                     const CalibrateOptions& options, const PhysicalImpact* p) {
  rec[std::string(dimensionless_damping_key(model.family))] = c.damping;
  if (p && physical_damping_key(model.family) != dimensionless_damping_key(model.family))
    rec[std::string(physical_damping_key(model.family))] = p->law.damping;
  if (model.family == Family::hysteresis) rec["h_algebraic"] = models::hysteresis_h_exact(e);
  rec["e_out"] = c.e_out;
  rec["solves"] = c.solves;
  rec["cor_rel_tol"] = options.cor_rel_tol;
  rec["rel_tol"] = options.impact.rel_tol;
  rec["abs_tol"] = options.impact.abs_tol;
}
}  // namespace

Record impact_record(const models::Model& model, const ContactLaw& law, const PhysicalImpact& p,
                     double e, const impact::PhysicalResult& r, const impact::ImpactOptions& options) {
  Record rec;
  add_parameters(rec, model, p, e);
  rec[std::string(dimensionless_damping_key(law.family))] = law.damping;
  if (physical_damping_key(law.family) != dimensionless_damping_key(law.family))
    rec[std::string(physical_damping_key(law.family))] = p.law.damping;
  rec["e_out"] = r.e_out;
  rec["delta_max"] = r.delta_max;
  rec["t_contact"] = r.t_contact;
  rec["peak_force"] = r.f_max;
  rec["delta_sep"] = r.delta_sep;
  rec["energy_residual"] = r.energy_residual;
  rec["status"] = impact::status_name(r.status);
  rec["rel_tol"] = options.rel_tol;
  rec["abs_tol"] = options.abs_tol;
  return rec;
}

Record calibration_record(const models::Model& model, const PhysicalImpact& p, double e,
                          const Calibration& c, const CalibrateOptions& options) {
  Record rec;
  add_parameters(rec, model, p, e);
  add_calibration(rec, model, e, c, options, &p);
  return rec;
}

namespace {
// e and the model's own exponent, checked as `impact` checks them: before the scales, so each
// door names the same first bad input.
void require_dimensionless_inputs(const models::Model& model, double e, double n) {
  require_cor("e", e);
  models::require_exponent_for(model, n);
}
}  // namespace

Calibration calibrate_dimensionless(const models::Model& model, double e, double n,
                                    std::optional<bool> clamp, const CalibrateOptions& options) {
  require_dimensionless_inputs(model, e, n);
  return calibrate_damping(model.family, n, clamp.value_or(model.default_clamp), e, options);
}

Record dimensionless_calibration_record(const models::Model& model, double e, double n,
                                        std::optional<bool> clamp, const CalibrateOptions& options) {
  const bool clamped = clamp.value_or(model.default_clamp);
  const Calibration c = calibrate_dimensionless(model, e, n, clamped, options);
  Record rec;
  rec["model"] = model.name;
  rec["family"] = family_name(model.family);
  rec["e"] = e;
  rec["n"] = n;
  rec["clamp"] = clamped;
  add_calibration(rec, model, e, c, options, nullptr);
  return rec;
}

ImpactOutcome simulate(const models::Model& model, const ImpactQuery& q, const impact::ImpactOptions& options) {
  ImpactOutcome o;
  o.law = calibrate::law_for(model, q.e, q.n, q.clamp);
  require_impact_scales(q.m, q.k, q.v, q.n);
  o.impact = {to_force_law(o.law, q.m, q.k, q.v), q.m, q.v};
  require_representable(o.law.family, o.law.damping, o.impact);
  o.result = impact::solve_physical(o.impact, options);
  impact::require_finished(o.result, model.name);
  return o;
}

CalibrationOutcome calibrate_query(const models::Model& model, const ImpactQuery& q, const CalibrateOptions& options) {
  CalibrationOutcome o;
  require_dimensionless_inputs(model, q.e, q.n);
  require_impact_scales(q.m, q.k, q.v, q.n);
  const bool clamp = q.clamp.value_or(model.default_clamp);
  o.calibration = calibrate_damping(model.family, q.n, clamp, q.e, options);
  const ContactLaw law{model.family, q.n, o.calibration.damping, clamp};
  o.impact = {to_force_law(law, q.m, q.k, q.v), q.m, q.v};
  require_representable(model.family, o.calibration.damping, o.impact);
  return o;
}

}  // namespace calib::calibrate
