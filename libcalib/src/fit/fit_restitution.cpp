// A contact law fitted to a restitution curve e(v): Ceres around the exact impact solve.
#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>

#include <ceres/ceres.h>
#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/fit/fit_impact.hpp"
#include "calib/fit/fit_monitor.hpp"
#include "core/checks.hpp"
#include "fit/ceres_options.hpp"
#include "fit/impact_fit_common.hpp"
#include "fit/impact_model.hpp"

namespace calib::fit {

namespace {

// The parameter blocks hold K, n, d divided by their start values (n by 1), so that Ceres'
// covariance, which does not scale the Jacobian's columns, sees columns of comparable size
// (K ~ 1e9 beside alpha ~ 0.1 would otherwise look rank deficient).
using Scale = std::array<double, 3>;
ImpactLawParameters unscaled(double const* const* x, const Scale& s) {
  return {x[0][0] * s[0], x[1][0] * s[1], x[2][0] * s[2]};
}

// (e_model(v; K, n, d) − e)/σ at one point; parameter blocks K, n, d (one scalar each, so a
// fixed parameter is a constant block).
class RestitutionResidual final : public ceres::SizedCostFunction<1, 1, 1, 1> {
 public:
  RestitutionResidual(const detail::RestitutionModel& model, const Scale& scale, double v,
                      double e, double sigma, FitMonitor* monitor)
      : model_(model), scale_(scale), v_(v), e_(e), sigma_(sigma), monitor_(monitor) {}
  bool Evaluate(double const* const* p, double* r, double** jac) const override {
    if (FitMonitor::stop_requested()) return false;  // Ctrl-C: end the solve without solving
    if (monitor_) monitor_->evaluated();
    const std::array<bool, 3> need{jac && jac[0], jac && jac[1], jac && jac[2]};
    detail::RestitutionSample s;
    if (!model_.evaluate(unscaled(p, scale_), v_, need, &s)) return false;
    r[0] = (s.e - e_) / sigma_;
    for (int i = 0; i < 3; ++i)
      if (need[i]) jac[i][0] = s.gradient[i] * scale_[i] / sigma_;
    return true;
  }

 private:
  const detail::RestitutionModel& model_;
  Scale scale_;
  double v_, e_, sigma_;
  FitMonitor* monitor_;
};

// (t_model − t)/σ_t and/or (F_model − F)/σ_F at one point: one solve with the peak force
// located, so both come from the same evaluation.
class ContactResidual final : public ceres::CostFunction {
 public:
  ContactResidual(const detail::RestitutionModel& model, const Scale& scale,
                  const RestitutionCurve& d, std::size_t i)
      : model_(model), scale_(scale), v_(d.v_in[i]) {
    if (!d.t_contact.empty()) t_ = {d.t_contact[i], d.sigma_t_contact[i]};
    if (!d.f_max.empty()) f_ = {d.f_max[i], d.sigma_f_max[i]};
    set_num_residuals(int(!d.t_contact.empty()) + int(!d.f_max.empty()));
    *mutable_parameter_block_sizes() = {1, 1, 1};
  }
  bool Evaluate(double const* const* p, double* r, double** jac) const override {
    const std::array<bool, 3> need{jac && jac[0], jac && jac[1], jac && jac[2]};
    detail::ContactSample s;
    if (!model_.evaluate_contact(unscaled(p, scale_), v_, need, &s)) return false;
    int k = 0;
    for (const auto& [data, model, gradient] :
         {std::tuple{t_, s.t_contact, s.t_gradient}, std::tuple{f_, s.f_max, s.f_gradient}}) {
      if (data[1] == 0) continue;
      r[k] = (model - data[0]) / data[1];
      for (int i = 0; i < 3; ++i)
        if (need[i]) jac[i][k] = gradient[i] * scale_[i] / data[1];
      ++k;
    }
    return true;
  }

 private:
  const detail::RestitutionModel& model_;
  Scale scale_;
  double v_;
  std::array<double, 2> t_{0, 0}, f_{0, 0};  // value, σ (σ = 0: not measured)
};

double sigma_of(const RestitutionCurve& d, std::size_t i) {
  return d.sigma_e.empty() ? 1.0 : d.sigma_e[i];
}

// The damping parameter whose dimensionless number D, on a grid of two values per decade over
// [1e-4, 1e2] (e from ~1 to ~0 for every family), gives the e closest to the measured one at
// the median speed: 13 solves, not 13 per point.
double scan_damping_start(ImpactLaw law, double m, const ImpactLawParameters& p,
                          const detail::RestitutionModel& model, const RestitutionCurve& d) {
  std::vector<std::size_t> order(d.v_in.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::nth_element(order.begin(), order.begin() + order.size() / 2, order.end(),
                   [&](std::size_t a, std::size_t b) { return d.v_in[a] < d.v_in[b]; });
  const std::size_t mid = order[order.size() / 2];
  const double D1 =
      to_dimensionless(physical_impact(law, m, {p.K, p.n, 1.0}, d.v_in[mid])).damping;
  double best = NAN, best_gap = INFINITY;
  for (int i = 0; i <= 12; ++i) {
    ImpactLawParameters trial = p;
    trial.damping = std::pow(10.0, -4.0 + 0.5 * i) / D1;
    detail::RestitutionSample s;
    if (!model.evaluate(trial, d.v_in[mid], {false, false, false}, &s)) continue;
    if (std::abs(s.e - d.e[mid]) < best_gap) best_gap = std::abs(s.e - d.e[mid]), best = trial.damping;
  }
  if (!std::isfinite(best))
    throw ComputeError(fmt::format("{}: no damping on the start grid gives a finished impact",
                                   impact_law_name(law)));
  return best;
}

std::string_view n_not_identifiable_because(ImpactLaw law) {
  switch (law) {
    case ImpactLaw::hunt_crossley_alpha: return "its e depends on alpha*v only, not on n";
    case ImpactLaw::tsuji: return "its e depends on chi and n only, not on v";
    case ImpactLaw::viscoelastic: return "the law is solved at n = 1.5";
    case ImpactLaw::linear_damper: break;
  }
  return "";
}

// The options themselves, and the start as a law's parameters (physical_impact validates them).
void require_valid(ImpactLaw law, const ImpactLawParameters& start, const ImpactFitOptions& o) {
  if (std::string why; !o.IsValid(&why)) throw InputError("fit-impact options: " + why);
  physical_impact(law, 1.0, {start.K, start.n, std::max(start.damping, 0.0)}, 1.0);
}

// Model values, residuals, χ², the criteria at the fitted parameters.
void add_residuals(const detail::RestitutionModel& model, const RestitutionCurve& data,
                   const ImpactLawParameters& p, ImpactFitReport* r) {
  const auto add = [&](double model_value, double x, double sigma, std::vector<double>* values,
                       std::vector<double>* residuals) {
    values->push_back(model_value);
    residuals->push_back((model_value - x) / sigma);
    r->chi2 += residuals->back() * residuals->back();
    ++r->residual_count;
  };
  for (std::size_t i = 0; i < data.v_in.size(); ++i) {
    detail::RestitutionSample s;
    s.e = NAN;
    if (FitMonitor::stop_requested() ||
        !model.evaluate(p, data.v_in[i], {false, false, false}, &s))
      s.e = NAN;
    add(s.e, data.e[i], sigma_of(data, i), &r->e_model, &r->residuals);
    if (!data.has_contact_data()) continue;
    detail::ContactSample c{NAN, NAN};
    if (!model.evaluate_contact(p, data.v_in[i], {false, false, false}, &c)) c = {NAN, NAN};
    if (!data.t_contact.empty())
      add(c.t_contact, data.t_contact[i], data.sigma_t_contact[i], &r->t_model, &r->t_residuals);
    if (!data.f_max.empty())
      add(c.f_max, data.f_max[i], data.sigma_f_max[i], &r->f_model, &r->f_residuals);
  }
  r->rms_residual = std::sqrt(r->chi2 / r->residual_count);
  detail::information_criteria(r->chi2, r->residual_count, r->free_parameters, r->weighted,
                               &r->aic, &r->bic);
}

}  // namespace

BandPoint restitution_band(const ImpactFitReport& r, double m, double v,
                           const impact::ImpactOptions& options) {
  const detail::RestitutionModel model(r.law, m, options);
  std::array<bool, 3> need{};
  for (int i = 0; i < 3; ++i) need[i] = !r.parameters[i].fixed;
  detail::RestitutionSample s;
  if (!model.evaluate(r.values(), v, need, &s))
    throw ComputeError(fmt::format("{}: the impact solve failed at v = {} m/s",
                                   impact_law_name(r.law), v));
  double var = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (need[i] && need[j]) var += s.gradient[i] * r.covariance[i][j] * s.gradient[j];
  return {s.e, 1.96 * std::sqrt(var)};
}

// e depends on the parameters only through n and the dimensionless damping number D
// (fit_impact.hpp), so K (which enters D only combined with the damping parameter) is never
// identifiable from e(v). Nor is n except for the linear damper: tsuji's e depends on χ and n
// only (flat in v), hunt-crossley-alpha's on αv only (the hysteresis form, fit_impact.hpp), and
// the viscoelastic law is solved at n = 1.5.
std::string law_cannot_fit(ImpactLaw law, const ImpactLawParameters& start,
                           const ImpactFitOptions& o, const RestitutionCurve& data) {
  if (o.fit_n && law == ImpactLaw::viscoelastic)
    return "fit: n cannot be fitted for viscoelastic: the law is solved at n = 1.5";
  if (law == ImpactLaw::viscoelastic && start.n != 1.5)
    return fmt::format(
        "n: the viscoelastic law (damping ∝ δ^(n−1) = δ^(1/2)) is solved for n = 1.5 only, got {}",
        start.n);
  if (data.has_contact_data()) return {};
  if (o.fit_K)
    return fmt::format(
        "fit: K cannot be fitted for {} from e(v) alone: e depends on K only through the "
        "dimensionless damping number, together with {} (t_contact[s] or f_max[N] data fix it)",
        impact_law_name(law), damping_parameter_name(law));
  if (o.fit_n && law != ImpactLaw::linear_damper)
    return fmt::format("fit: n cannot be fitted for {} from e(v): {}", impact_law_name(law),
                       n_not_identifiable_because(law));
  return {};
}

ImpactFitReport fit_restitution_curve(ImpactLaw law, double m, const ImpactLawParameters& start,
                                      const RestitutionCurve& data,
                                      const ImpactFitOptions& options) {
  validate(data);
  require_positive("m (effective mass)", m);
  if (const std::string why = law_cannot_fit(law, start, options, data); !why.empty())
    throw InputError(why);
  require_valid(law, start, options);
  if (options.fit.loss != Loss::none && options.loss_scale_from_data)
    return detail::fit_with_loss_from_data<ImpactFitReport>(
        options, [&](const ImpactFitOptions& o, const ImpactFitReport* plain) {
          return plain ? fit_restitution_curve(law, m, plain->values(), data,
                                               detail::started_from(o, plain->values()))
                       : fit_restitution_curve(law, m, start, data, o);
        });
  const int k = int(options.fit_K) + int(options.fit_n) + int(options.fit_damping);
  const int N = static_cast<int>(data.v_in.size());
  const int measured = N * (1 + int(!data.t_contact.empty()) + int(!data.f_max.empty()));
  if (measured <= k)
    throw InputError(fmt::format("restitution curve: {} measured values for {} free parameters: "
                                 "need more values than free parameters", measured, k));
  const detail::RestitutionModel model(law, m, options.impact);
  ImpactLawParameters p = start;
  if (options.damping_start > 0) p.damping = options.damping_start;
  else if (options.fit_damping || !(p.damping >= 0)) p.damping = scan_damping_start(law, m, p, model, data);

  const Scale scale{p.K, 1.0, p.damping > 0 ? p.damping : 1.0};
  double K = 1.0, n = p.n, d = p.damping / scale[2];
  ceres::Problem problem;
  for (std::size_t i = 0; i < data.v_in.size(); ++i) {
    problem.AddResidualBlock(
        new RestitutionResidual(model, scale, data.v_in[i], data.e[i], sigma_of(data, i),
                                options.fit.monitor),
        detail::robust_loss(options.fit), &K, &n, &d);
    if (data.has_contact_data())
      problem.AddResidualBlock(new ContactResidual(model, scale, data, i), nullptr, &K, &n, &d);
  }
  problem.SetParameterLowerBound(&K, 0, 1e-9);
  problem.SetParameterLowerBound(&n, 0, 1.0);
  problem.SetParameterUpperBound(&n, 0, 2.0);
  problem.SetParameterLowerBound(&d, 0, 0.0);
  if (!options.fit_K) problem.SetParameterBlockConstant(&K);
  if (!options.fit_n) problem.SetParameterBlockConstant(&n);
  if (!options.fit_damping) problem.SetParameterBlockConstant(&d);
  ceres::Solver::Summary summary;
  ceres::Solve(detail::solver_options(options.fit), &problem, &summary);

  ImpactFitReport r;
  r.law = law;
  r.points = N;
  r.free_parameters = k;
  r.iterations = static_cast<int>(summary.iterations.size());
  r.weighted = !data.sigma_e.empty();
  const ImpactLawParameters fitted{K * scale[0], n, d * scale[2]};
  r.parameters = {{"K", "N/m^n", fitted.K, 0.0, !options.fit_K},
                  {"n", "-", fitted.n, 0.0, !options.fit_n},
                  {std::string(damping_parameter_name(law)),
                   std::string(damping_parameter_unit(law)), fitted.damping, 0.0,
                   !options.fit_damping}};
  add_residuals(model, data, fitted, &r);
  if (options.fit.loss != Loss::none)
    r.loss = {std::string(detail::loss_name(options.fit.loss)), options.fit.loss_scale, "given"};
  r.status = detail::fit_status(summary, r.parameters, r.residual_count, r.free_parameters,
                                r.chi2, r.weighted, &r.message);
  if (!std::isfinite(r.chi2)) {
    r.status = "not_converged";
    r.message = "the impact solve failed at the fitted parameters";
    return r;
  }
  const auto c = detail::fit_covariance(problem, {&K, &n, &d}, {scale[0], scale[1], scale[2]},
                                        &r.parameters, r.chi2, r.residual_count, r.weighted);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r.covariance[i][j] = c[i][j];
  return r;
}

}  // namespace calib::fit
