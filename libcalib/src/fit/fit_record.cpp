// A contact law fitted to one impact's force and/or penetration record: Ceres around the
// trajectory solve, with the contact's start t0 among the parameters.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/fit/fit_impact_record.hpp"
#include "core/checks.hpp"
#include "fit/ceres_options.hpp"
#include "fit/impact_fit_common.hpp"
#include "fit/record_cost.hpp"
#include "fit/record_scans.hpp"
#include "fit/record_t0_profile.hpp"

namespace calib::fit {

namespace {

using detail::RecordCost;
using detail::RecordResiduals;
using detail::scan_t0;

void check_request(ImpactLaw law, double m, double v, const ImpactLawParameters& start,
                   const ImpactRecord& d, const ImpactFitOptions& o) {
  validate(d);
  require_positive("m (effective mass)", m);
  require_positive("v (impact speed)", v);
  require_exponent("n", start.n);
  if (std::string why; !o.IsValid(&why)) throw InputError("fit-impact options: " + why);
  if (o.fit_n && law == ImpactLaw::viscoelastic)
    throw InputError("fit: n cannot be fitted for viscoelastic: the law is solved at n = 1.5");
  const int k = 1 + int(o.fit_K) + int(o.fit_n) + int(o.fit_damping);
  if (int(d.residual_count()) <= k)
    throw InputError(
        fmt::format("impact record: {} samples for {} free parameters: need more "
                    "samples than free parameters",
                    d.residual_count(), k));
}

// Ceres, then t0 rescanned over the sample intervals within ±0.05 T of the fit (the other
// parameters at their fitted values) and Ceres again from a better interval, up to 5 rounds: where
// the model jumps at t0, the cost jumps where t0 crosses a sample, and the derivative in t0 that
// Ceres follows cannot see a lower cost beyond the jump.
struct RescanSummary {
  ceres::Solver::Summary last;
  int iterations_total = 0;
};
RescanSummary solve_with_t0_rescan(ceres::Problem& problem, const RecordCost& cost,
                                   const ImpactRecord& d, const detail::RecordScaling& scaling,
                                   const FitOptions& fit, std::array<double, 4>* x) {
  RescanSummary out;
  for (int round = 0; round < 5; ++round) {
    detail::throw_if_stopped(fit);
    ceres::Solve(detail::solver_options(fit), &problem, &out.last);
    out.iterations_total += static_cast<int>(out.last.iterations.size());
    const ImpactLawParameters p{scaling.value(0, (*x)[0]), scaling.value(1, (*x)[1]),
                                scaling.value(2, (*x)[2])};
    const double t0 = scaling.value(3, (*x)[3]), T = scaling.scale[3];
    const double better = scan_t0(cost, p, d.t, t0 - 0.05 * T, t0 + 0.05 * T, 41);
    if (!(cost(p, better) < cost(p, t0) * (1.0 - 1e-9))) break;
    (*x)[3] = (better - scaling.offset[3]) / T;
  }
  return out;
}

// Whether the fit may sit in a minimum at a wrong t0 (multi_start_t0): t0 on a sample (within
// 1e-6 of its interval: off_the_sample), a cusp of the cost that holds Ceres. Without a profile
// over t0 (a record without F), also χ² more than 3 standard deviations (√(2 dof)) above its
// expectation dof for a right model with the σ given, or no σ given (χ² says nothing then); with
// the profile, the intervals have been compared already.
// The sample within 1e-6 of its interval of t0, or −1.
std::ptrdiff_t sample_at(const std::vector<double>& t, double t0) {
  const auto next = std::upper_bound(t.begin(), t.end(), t0);
  if (next == t.begin() || next == t.end()) return -1;
  const double tolerance = 1e-6 * (*next - *(next - 1));
  if (t0 - *(next - 1) < tolerance) return next - 1 - t.begin();
  return *next - t0 < tolerance ? next - t.begin() : -1;
}

bool t0_may_be_trapped(const RecordCost& cost, const ImpactRecord& d,
                       const detail::RecordScaling& scaling, const std::array<double, 4>& x,
                       int free_parameters, bool profiled) {
  const double t0 = scaling.value(3, x[3]);
  if (sample_at(d.t, t0) >= 0) return true;
  if (profiled) return false;
  if (d.sigma_force.empty() && d.sigma_delta.empty()) return true;
  const double dof = cost.count() - free_parameters;
  const ImpactLawParameters p{scaling.value(0, x[0]), scaling.value(1, x[1]),
                              scaling.value(2, x[2])};
  return !(cost(p, t0) <= dof + 3.0 * std::sqrt(2.0 * dof));
}

// Ceres again from t0 at the midpoints of the sample interval that holds the fitted t0 and of its
// two neighbours (first with t0 held there, then free; K, n, d from the fit), the lowest cost
// kept, repeated while that improves (up to 3 rounds). The cost has minima at other intervals that
// the rescan at fixed K, n, d cannot see, because K, n, d have compensated the wrong start: the
// linear damper's force jumps to c·v at t0 (a minimum with t0 one interval off), and a force that
// starts as (t − t0)^a with a < 1 (Tsuji's (n − 1)/2, viscoelastic's ½) puts a cusp in the cost
// where t0 crosses a sample (the slope of F there is infinite), which holds Ceres with t0 on the
// sample. Only a kept solve's iterations are counted.
void multi_start_t0(ceres::Problem& problem, const std::vector<double>& t,
                    const detail::RecordScaling& scaling, const FitOptions& fit,
                    std::array<double, 4>* x, RescanSummary* out) {
  const auto cost_now = [&] {
    double c = INFINITY;
    return problem.Evaluate(ceres::Problem::EvaluateOptions(), &c, nullptr, nullptr, nullptr)
               ? c
               : INFINITY;
  };
  for (int round = 0; round < 3; ++round) {
    const std::array<double, 4> fitted = *x;
    std::array<double, 4> best = fitted;
    double best_cost = cost_now();
    ceres::Solver::Summary best_summary;
    const double t0 = scaling.value(3, fitted[3]);
    const auto at = std::upper_bound(t.begin(), t.end(), t0) - t.begin() - 1;
    for (auto i = at - 1; i <= at + 1; ++i) {
      if (i < 0 || i + 1 >= std::ptrdiff_t(t.size())) continue;
      detail::throw_if_stopped(fit);
      *x = fitted;
      (*x)[3] = (0.5 * (t[i] + t[i + 1]) - scaling.offset[3]) / scaling.scale[3];
      ceres::Solver::Summary trial;
      problem.SetParameterBlockConstant(&(*x)[3]);  // K, n, d adapted to this t0 first
      ceres::Solve(detail::solver_options(fit), &problem, &trial);
      problem.SetParameterBlockVariable(&(*x)[3]);
      ceres::Solve(detail::solver_options(fit), &problem, &trial);
      if (trial.IsSolutionUsable() && trial.termination_type == ceres::CONVERGENCE &&
          trial.final_cost < best_cost * (1.0 - 1e-9))
        best = *x, best_cost = trial.final_cost, best_summary = trial;
    }
    *x = best;
    if (best == fitted) return;
    out->last = best_summary;
    out->iterations_total += static_cast<int>(best_summary.iterations.size());
  }
}

// A fit that ends with t0 on a sample k (multi_start_t0: a minimum on the edge of an interval)
// is placed 1e-9 of the interval to one side of t_k, where the covariance is computed. For the
// linear damper, whose force starts at c·v so that the cost jumps at t_k, on the side of lower
// cost (its rate of F is bounded on both). For the other laws, whose force starts from 0 (as
// (t − t0)^a, a < 1, for Tsuji and viscoelastic: the cusp), after t_k, where sample k is outside
// the contact and the cost has a derivative (inside, the rate of F is unbounded at the sample and
// the covariance not finite).
void off_the_sample(ImpactLaw law, const RecordCost& cost, const std::vector<double>& t,
                    const detail::RecordScaling& scaling, std::array<double, 4>* x) {
  const std::ptrdiff_t k = sample_at(t, scaling.value(3, (*x)[3]));
  if (k < 0 || k + 1 >= std::ptrdiff_t(t.size())) return;
  const ImpactLawParameters p{scaling.value(0, (*x)[0]), scaling.value(1, (*x)[1]),
                              scaling.value(2, (*x)[2])};
  const double shift = 1e-9 * (t[k + 1] - t[k]), before = t[k] - shift, after = t[k] + shift;
  const bool jumps = law == ImpactLaw::linear_damper;
  const double t0 = jumps && cost(p, before) < cost(p, after) ? before : after;
  (*x)[3] = (t0 - scaling.offset[3]) / scaling.scale[3];
}

// The cost profiled over t0 (record_t0_profile.hpp) in the window where the contact may start: the
// half time scale T before the record's rise (scan_start), and the start t0; x is moved to the
// profile's best interval. Force records only: the approach δ is continuous with its rate at t0
// (v before and after), so δ alone gives Ceres a cost without jumps or cusps in t0.
detail::T0Profile profile_over_start_window(ceres::Problem& problem, const ImpactRecord& d,
                                            const detail::RecordScaling& scaling,
                                            const FitOptions& fit, std::array<double, 4>* x) {
  if (!d.has_force()) return {};
  const double rise = detail::first_rise(d), T = scaling.scale[3], t0 = scaling.value(3, (*x)[3]);
  const detail::T0Profile profile = detail::profile_t0(
      problem, x, scaling, d.t, std::min(rise - 0.5 * T, t0), std::max(rise, t0), fit);
  if (std::isfinite(profile.cost)) *x = profile.x;
  return profile;
}

}  // namespace

RecordModel record_model(ImpactLaw law, double m, double v, const ImpactLawParameters& p, double t0,
                         const std::vector<double>& t, const impact::ImpactOptions& options) {
  ImpactRecord times;
  times.t = t;
  times.force.assign(t.size(), 0.0), times.delta.assign(t.size(), 0.0);
  const RecordResiduals res(law, m, v, times, options);
  RecordModel out;
  if (!res.model(p, t0, &out))
    throw ComputeError(fmt::format("{}: the impact did not separate (K = {}, n = {}, {} = {})",
                                   impact_law_name(law), p.K, p.n, damping_parameter_name(law),
                                   p.damping));
  return out;
}

namespace {

// Model values, residuals, χ² and the criteria at the fitted parameters.
void add_record_residuals(const RecordResiduals& res, const ImpactRecord& d,
                          const ImpactLawParameters& p, double t0, RecordFitReport* r) {
  RecordModel m;
  ImpactFitReport& f = r->fit;
  f.residual_count = res.count();
  if (!res.model(p, t0, &m)) {
    f.chi2 = f.rms_residual = f.aic = f.bic = NAN;
    return;
  }
  const auto add = [&](const std::vector<double>& model, const std::vector<double>& x,
                       const std::vector<double>& sigma, std::vector<double>* residuals) {
    for (std::size_t i = 0; i < model.size(); ++i) {
      residuals->push_back((model[i] - x[i]) / (sigma.empty() ? 1.0 : sigma[i]));
      f.chi2 += residuals->back() * residuals->back();
    }
  };
  r->force_model = m.force, r->delta_model = m.delta;
  add(m.force, d.force, d.sigma_force, &r->force_residuals);
  add(m.delta, d.delta, d.sigma_delta, &r->delta_residuals);
  r->e_out = m.e_out, r->t_contact = m.t_contact;
  f.rms_residual = std::sqrt(f.chi2 / f.residual_count);
  detail::information_criteria(f.chi2, f.residual_count, f.free_parameters, f.weighted, &f.aic,
                               &f.bic);
}

// The last solve, and the covariance after it, with the extrapolated differences in K, n and d
// (RecordResiduals::parameter_gradients): the plain ones err by ~1e-4 in the samples just before
// the separation, enough to stop Ceres a few hundredths of a standard error short of the minimum.
// Its summary gives the fit's status.
void polish(ceres::Problem& problem, const detail::RecordEvaluation& evaluation,
            const FitOptions& fit, RescanSummary* solved) {
  evaluation.extrapolate(true);
  ceres::Solve(detail::solver_options(fit), &problem, &solved->last);
  solved->iterations_total += static_cast<int>(solved->last.iterations.size());
}

// A fit is the least-squares optimum only if no t0 of the profile had a lower cost: Ceres and the
// local moves of t0 after it (rescan, multi-start) can end in a minimum of a wrong sample interval
// whose status says nothing of it. Such a fit is `not_converged`, naming the profile's t0.
void require_the_profiled_optimum(ceres::Problem& problem, const detail::T0Profile& profile,
                                  const detail::RecordScaling& scaling, ImpactFitReport* f) {
  double cost = INFINITY;
  problem.Evaluate(ceres::Problem::EvaluateOptions(), &cost, nullptr, nullptr, nullptr);
  if (!std::isfinite(profile.cost) || cost <= profile.cost * (1.0 + 1e-6)) return;
  f->status = "not_converged";
  f->message = fmt::format(
      "the fit ended at cost {:.8g}, above the cost {:.8g} with t0 held at {:.8g} s (the profile "
      "over t0): not the least-squares optimum",
      cost, profile.cost, scaling.value(3, profile.x[3]));
}

// Covariance of (K, n, d, t0), standard errors into f. A force that starts from 0 as (t − t0)^a
// with a < 1 (Tsuji's (n − 1)/2, viscoelastic's ½) rises so steeply that a sample k just after
// t0 bounds t0 from one side only: within a small fraction of the t0 standard error its model
// force falls to 0 (t0 after t_k) or rises by many σ (t0 earlier), a wall in the cost, not a
// parabola. Its exact entry of the t0 column, the unbounded rate, would set 1/SE(t0) alone. The
// width of the minimum comes from the other samples, so sample k's entry is left out of the t0
// column when t_k − t0 is below the standard error that gives; the estimate then has at most that
// spread (the wall clips it).
std::vector<std::vector<double>> record_covariance(ImpactLaw law, const ImpactRecord& d,
                                                   ceres::Problem& problem,
                                                   const detail::RecordEvaluation& evaluation,
                                                   const detail::RecordScaling& scaling,
                                                   std::array<double, 4>* x, ImpactFitReport* f) {
  const auto covariance = [&] {
    return detail::fit_covariance(problem, {&(*x)[0], &(*x)[1], &(*x)[2], &(*x)[3]},
                                  {scaling.scale.begin(), scaling.scale.end()}, &f->parameters,
                                  f->chi2, f->residual_count, f->weighted);
  };
  const bool steep_start = law == ImpactLaw::tsuji || law == ImpactLaw::viscoelastic;
  const double t0 = scaling.value(3, (*x)[3]);
  const auto next = std::upper_bound(d.t.begin(), d.t.end(), t0);
  if (!steep_start || !d.has_force() || next == d.t.end()) return covariance();
  evaluation.omit_from_t0_column(static_cast<int>(next - d.t.begin()));
  const auto without = covariance();
  evaluation.omit_from_t0_column(-1);
  if (*next - t0 < f->parameters[3].std_error) return without;
  return covariance();
}

// The fit at the loss of the options as given (fit_impact_record: with its scale from the data).
RecordFitReport fit_at_given_loss(ImpactLaw law, double m, double v,
                                  const ImpactLawParameters& start, const ImpactRecord& d,
                                  const ImpactFitOptions& options, double t0_start) {
  const RecordResiduals res(law, m, v, d, options.impact);
  ImpactLawParameters p = start;
  if (!(p.K > 0)) p.K = detail::stiffness_from_peak(d, m, v, p.n);
  require_positive("K", p.K);
  if (options.damping_start > 0) p.damping = options.damping_start;
  double t0 = NAN;
  const RecordCost cost(res, options.fit);
  detail::scan_start(
      law, m, v, cost,
      {options.fit_K, options.fit_n, options.fit_damping && !(options.damping_start > 0)}, t0_start,
      d, &p, &t0);

  detail::RecordScaling scaling;
  scaling.scale = {p.K, 1.0, p.damping > 0 ? p.damping : 1.0, impact_scales(m, p.K, v, p.n).time};
  scaling.offset[3] = t0;
  std::array<double, 4> x{1.0, p.n, p.damping / scaling.scale[2], 0.0};
  const detail::RecordEvaluation evaluation(res, scaling,
                                            {options.fit_K, options.fit_n, options.fit_damping});
  ceres::Problem problem;
  for (int k = 0; k < res.count(); ++k)
    problem.AddResidualBlock(new detail::RecordSampleResidual(evaluation, k),
                             detail::robust_loss(options.fit), &x[0], &x[1], &x[2], &x[3]);
  problem.SetParameterLowerBound(&x[0], 0, 1e-9);
  problem.SetParameterLowerBound(&x[1], 0, 1.0);
  problem.SetParameterUpperBound(&x[1], 0, 2.0);
  problem.SetParameterLowerBound(&x[2], 0, 0.0);
  const std::array<bool, 3> free{options.fit_K, options.fit_n, options.fit_damping};
  for (int i = 0; i < 3; ++i)
    if (!free[i]) problem.SetParameterBlockConstant(&x[i]);
  const detail::T0Profile profile = profile_over_start_window(problem, d, scaling, options.fit, &x);
  RescanSummary solved = solve_with_t0_rescan(problem, cost, d, scaling, options.fit, &x);
  if (t0_may_be_trapped(cost, d, scaling, x, 1 + int(free[0]) + int(free[1]) + int(free[2]),
                        std::isfinite(profile.cost)))
    multi_start_t0(problem, d.t, scaling, options.fit, &x, &solved);
  polish(problem, evaluation, options.fit, &solved);
  off_the_sample(law, cost, d.t, scaling, &x);

  RecordFitReport r;
  ImpactFitReport& f = r.fit;
  f.law = law;
  f.points = static_cast<int>(d.t.size());
  f.free_parameters = 1 + int(free[0]) + int(free[1]) + int(free[2]);
  f.iterations = solved.iterations_total;
  f.weighted = !d.sigma_force.empty() || !d.sigma_delta.empty();
  const ImpactLawParameters fitted{scaling.value(0, x[0]), scaling.value(1, x[1]),
                                   scaling.value(2, x[2])};
  const double t0_fit = scaling.value(3, x[3]);
  f.parameters = {{"K", "N/m^n", fitted.K, 0.0, !free[0]},
                  {"n", "-", fitted.n, 0.0, !free[1]},
                  {std::string(damping_parameter_name(law)),
                   std::string(damping_parameter_unit(law)), fitted.damping, 0.0, !free[2]},
                  {"t0", "s", t0_fit, 0.0, false}};
  add_record_residuals(res, d, fitted, t0_fit, &r);
  if (options.fit.loss != Loss::none)
    f.loss = {std::string(detail::loss_name(options.fit.loss)), options.fit.loss_scale, "given"};
  f.status = detail::fit_status(solved.last, f.parameters, f.residual_count, f.free_parameters,
                                f.chi2, f.weighted, &f.message);
  require_the_profiled_optimum(problem, profile, scaling, &f);
  if (!std::isfinite(f.chi2)) {
    f.status = "not_converged";
    f.message = "the impact solve failed at the fitted parameters";
  } else {
    const auto c = record_covariance(law, d, problem, evaluation, scaling, &x, &f);
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) r.covariance[i][j] = c[i][j];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) f.covariance[i][j] = c[i][j];
  }
  r.t0 = f.parameters[3];
  f.parameters.pop_back();  // K, n, damping as for a restitution curve; t0 in r.t0
  return r;
}

}  // namespace

RecordFitReport fit_impact_record(ImpactLaw law, double m, double v,
                                  const ImpactLawParameters& start, const ImpactRecord& d,
                                  const ImpactFitOptions& options, double t0_start) {
  check_request(law, m, v, start, d, options);
  if (options.fit.loss == Loss::none || !options.loss_scale_from_data)
    return fit_at_given_loss(law, m, v, start, d, options, t0_start);
  return detail::fit_with_loss_from_data<RecordFitReport>(
      options, [&](const ImpactFitOptions& o, const RecordFitReport* plain) {
        return plain ? fit_at_given_loss(law, m, v, plain->fit.values(), d,
                                         detail::started_from(o, plain->fit.values()),
                                         plain->t0.value)
                     : fit_at_given_loss(law, m, v, start, d, o, t0_start);
      });
}

}  // namespace calib::fit
