#include "calib/fit/fit.hpp"

#include <cmath>

#include <ceres/ceres.h>
#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "fit/ceres_options.hpp"

namespace calib::fit {

std::string FitReport::BriefReport() const {
  std::string p;
  for (double x : parameters) p += fmt::format("{}{:.10g}", p.empty() ? "" : ", ", x);
  return fmt::format("[{}] rms={:.6g} max={:.6g} {} after {} iterations", p, residual_rms,
                     residual_max, converged ? "converged" : "NOT converged", iterations);
}

bool FitOptions::IsValid(std::string* error) const {
  const auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  if (!(function_tolerance > 0) || !(gradient_tolerance > 0) || !(parameter_tolerance > 0))
    return fail(fmt::format("tolerances must be > 0, got function {}, gradient {}, parameter {}",
                            function_tolerance, gradient_tolerance, parameter_tolerance));
  if (max_iterations < 1)
    return fail(fmt::format("max_iterations must be >= 1, got {}", max_iterations));
  if (!(loss_scale > 0) || !std::isfinite(loss_scale))
    return fail(fmt::format("loss_scale must be a positive number, got {}", loss_scale));
  return true;
}

std::string FitReport::FullReport() const {
  std::string s = fmt::format("{} after {} iterations\n", converged ? "converged" : "NOT converged",
                              iterations);
  for (std::size_t i = 0; i < parameters.size(); ++i)
    s += i < standard_errors.size()
             ? fmt::format("  p[{}] = {:.12g} ± {:.3g}\n", i, parameters[i], standard_errors[i])
             : fmt::format("  p[{}] = {:.12g}\n", i, parameters[i]);
  return s + fmt::format("  residual rms {:.6g}, max {:.6g}\n", residual_rms, residual_max);
}

namespace {

// Percentage error of the SF2020 eq. 55 family at one sample.
struct HysteresisKResidual {
  double e, h;
  template <class T>
  bool operator()(const T* k, T* r) const {
    r[0] = T(100.0) * (k[0] * T((1.0 - e) / e) - T(h)) / T(h);
    return true;
  }
};

}  // namespace

FitReport fit_hysteresis_k(const std::vector<double>& e, const std::vector<double>& h,
                           const FitOptions& options) {
  if (e.empty() || e.size() != h.size())
    throw InputError("fit_hysteresis_k: need equal, non-empty e and h");
  double k = 1.25;  // SF2020 eq. 59 as the start
  ceres::Problem problem;
  for (std::size_t i = 0; i < e.size(); ++i)
    problem.AddResidualBlock(new ceres::AutoDiffCostFunction<HysteresisKResidual, 1, 1>(
                                 new HysteresisKResidual{e[i], h[i]}),
                             nullptr, &k);
  ceres::Solver::Summary summary;
  ceres::Solve(detail::solver_options(options), &problem, &summary);
  FitReport rep;
  rep.parameters = {k};
  rep.converged = summary.IsSolutionUsable() && summary.termination_type == ceres::CONVERGENCE;
  rep.iterations = static_cast<int>(summary.iterations.size());
  double s = 0;
  for (std::size_t i = 0; i < e.size(); ++i) {
    const double r = 100.0 * (k * (1.0 - e[i]) / e[i] - h[i]) / h[i];
    s += r * r;
    rep.residual_max = std::max(rep.residual_max, std::abs(r));
  }
  rep.residual_rms = std::sqrt(s / static_cast<double>(e.size()));
  if (!rep.converged)
    throw ComputeError("fit_hysteresis_k did not converge: " + summary.BriefReport());
  return rep;
}

}  // namespace calib::fit
