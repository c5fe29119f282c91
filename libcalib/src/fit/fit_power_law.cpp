// y = K xⁿ by Ceres: the K–n power law of PINSLOT eq. 1 fitted to a cylindrical
// model's δ(W) samples or to measurements.
#include <cmath>

#include <ceres/ceres.h>
#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/fit/fit.hpp"
#include "fit/ceres_options.hpp"

namespace calib::fit {

namespace {

struct PowerLawResidual {
  double x, y, scale;  // residual (K xⁿ − y)/scale
  template <class T>
  bool operator()(const T* p, T* r) const {
    using std::exp;
    r[0] = (p[0] * exp(p[1] * std::log(x)) - T(y)) / T(scale);
    return true;
  }
};

}  // namespace

FitReport fit_power_law(const std::vector<double>& x, const std::vector<double>& y,
                        const FitOptions& options) {
  const Weighting weighting = options.weighting;
  const Loss loss = options.loss;
  const double loss_scale = options.loss_scale;
  if (x.size() != y.size() || x.size() < 3)
    throw InputError(fmt::format("power-law fit: need >= 3 samples of equal length, got {} and {}",
                                 x.size(), y.size()));
  for (std::size_t i = 0; i < x.size(); ++i)
    if (!(x[i] > 0) || !(y[i] > 0) || !std::isfinite(x[i]) || !std::isfinite(y[i]))
      throw InputError(
          fmt::format("power-law fit: sample {} has x = {}, y = {}; both must be finite and > 0",
                      i + 1, x[i], y[i]));
  // Start: least squares of ln y = ln K + n ln x (closed form).
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const double N = static_cast<double>(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double lx = std::log(x[i]), ly = std::log(y[i]);
    sx += lx, sy += ly, sxx += lx * lx, sxy += lx * ly;
  }
  const double n0 = (N * sxy - sx * sy) / (N * sxx - sx * sx);
  std::vector<double> p{std::exp((sy - n0 * sx) / N), n0};
  ceres::Problem problem;
  for (std::size_t i = 0; i < x.size(); ++i) {
    ceres::LossFunction* lf = nullptr;
    if (loss == Loss::huber) lf = new ceres::HuberLoss(loss_scale);
    if (loss == Loss::cauchy) lf = new ceres::CauchyLoss(loss_scale);
    const double scale = weighting == Weighting::relative ? y[i] : 1.0;
    problem.AddResidualBlock(new ceres::AutoDiffCostFunction<PowerLawResidual, 1, 2>(
                                 new PowerLawResidual{x[i], y[i], scale}),
                             lf, p.data());
  }
  ceres::Solver::Summary summary;
  ceres::Solve(detail::solver_options(options), &problem, &summary);
  FitReport rep;
  rep.parameters = p;
  rep.converged = summary.IsSolutionUsable() && summary.termination_type == ceres::CONVERGENCE;
  rep.iterations = static_cast<int>(summary.iterations.size());
  if (!rep.converged)
    throw ComputeError("power-law fit did not converge: " + summary.BriefReport());
  double ss = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double r =
        (p[0] * std::pow(x[i], p[1]) - y[i]) / (weighting == Weighting::relative ? y[i] : 1.0);
    ss += r * r;
    rep.residual_max = std::max(rep.residual_max, std::abs(r));
  }
  rep.residual_rms = std::sqrt(ss / N);
  // Standard errors: Ceres covariance (JᵀJ)⁻¹ scaled by the residual variance.
  ceres::Covariance::Options copt;
  ceres::Covariance cov(copt);
  std::vector<std::pair<const double*, const double*>> blocks{{p.data(), p.data()}};
  if (x.size() > 2 && cov.Compute(blocks, &problem)) {
    double c[4];
    cov.GetCovarianceBlock(p.data(), p.data(), c);
    const double sigma2 = ss / (N - 2.0);
    rep.standard_errors = {std::sqrt(c[0] * sigma2), std::sqrt(c[3] * sigma2)};
  }
  return rep;
}

}  // namespace calib::fit
