#include "fit/impact_fit_common.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace calib::fit::detail {

ceres::LossFunction* robust_loss(const FitOptions& options) {
  if (options.loss == Loss::huber) return new ceres::HuberLoss(options.loss_scale);
  if (options.loss == Loss::cauchy) return new ceres::CauchyLoss(options.loss_scale);
  return nullptr;
}

std::string_view loss_name(Loss loss) {
  return loss == Loss::huber ? "huber" : loss == Loss::cauchy ? "cauchy" : "none";
}

double robust_spread(std::vector<double> r) {
  if (r.empty() || std::any_of(r.begin(), r.end(), [](double x) { return !std::isfinite(x); }))
    return NAN;
  const auto median = [](std::vector<double>& x) {
    const auto mid = x.begin() + static_cast<std::ptrdiff_t>(x.size() / 2);
    std::nth_element(x.begin(), mid, x.end());
    if (x.size() % 2 == 1) return *mid;
    return 0.5 * (*mid + *std::max_element(x.begin(), mid));
  };
  const double centre = median(r);
  for (double& x : r) x = std::abs(x - centre);
  return 1.4826 * median(r);
}

ImpactFitOptions started_from(ImpactFitOptions options, const ImpactLawParameters& from) {
  options.damping_start = from.damping > 0 ? from.damping : 0.0;
  return options;
}

std::vector<double> loss_residuals(const RecordFitReport& r) {
  std::vector<double> all = r.force_residuals;
  all.insert(all.end(), r.delta_residuals.begin(), r.delta_residuals.end());
  return all;
}

namespace {
// Bounds: n ∈ [1, 2] and a damping parameter ≥ 0; K (> 0, never reached) and t0 have none.
bool on_bound(const FittedParameter& p) {
  if (p.name == "n") return p.value == 1.0 || p.value == 2.0;
  return p.name != "K" && p.name != "t0" && p.value == 0.0;
}
}  // namespace

std::string fit_status(const ceres::Solver::Summary& summary,
                       const std::vector<FittedParameter>& parameters, int residual_count,
                       int free_parameters, double chi2, bool weighted, std::string* message) {
  if (!summary.IsSolutionUsable() || summary.termination_type != ceres::CONVERGENCE) {
    *message = "Ceres stopped without convergence: " + summary.BriefReport();
    return "not_converged";
  }
  for (const FittedParameter& p : parameters) {
    if (!p.fixed && on_bound(p)) {
      *message = fmt::format(
          "{} ended on its bound ({}): the law cannot reach the data inside "
          "its range",
          p.name, p.value);
      return "at_bound";
    }
  }
  const int dof = residual_count - free_parameters;
  if (weighted && dof > 0 && chi2 / dof > 9.0) {
    *message = fmt::format(
        "chi2/(N - p) = {:.4g} > 9: the law misses the data by more than "
        "3 sigma per point on average",
        chi2 / dof);
    return "poor_fit";
  }
  *message = "converged";
  return "converged";
}

std::vector<std::vector<double>> fit_covariance(ceres::Problem& problem,
                                                const std::vector<double*>& blocks,
                                                const std::vector<double>& scales,
                                                std::vector<FittedParameter>* parameters,
                                                double chi2, int residual_count, bool weighted) {
  const std::size_t n = blocks.size();
  std::vector<FittedParameter>& p = *parameters;
  ceres::Covariance::Options copt;
  copt.algorithm_type = ceres::DENSE_SVD;
  ceres::Covariance cov(copt);
  std::vector<std::pair<const double*, const double*>> pairs;
  int free = 0;
  for (std::size_t i = 0; i < n; ++i) {
    free += int(!p[i].fixed);
    for (std::size_t j = i; j < n; ++j)
      if (!p[i].fixed && !p[j].fixed) pairs.emplace_back(blocks[i], blocks[j]);
  }
  const bool have_cov = cov.Compute(pairs, &problem);
  const int dof = residual_count - free;
  const double scale = weighted ? 1.0 : (dof > 0 ? chi2 / dof : NAN);
  std::vector<std::vector<double>> c(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      if (p[i].fixed || p[j].fixed) continue;
      double value = NAN;
      if (have_cov) cov.GetCovarianceBlock(blocks[std::min(i, j)], blocks[std::max(i, j)], &value);
      c[i][j] = value * scale * scales[i] * scales[j];
    }
  for (std::size_t i = 0; i < n; ++i)
    if (!p[i].fixed) p[i].std_error = std::sqrt(c[i][i]);
  return c;
}

void information_criteria(double chi2, int count, int free_parameters, bool weighted, double* aic,
                          double* bic) {
  const double fit_term = weighted ? chi2 : count * std::log(std::max(chi2 / count, 1e-300));
  *aic = fit_term + 2.0 * free_parameters;
  *bic = fit_term + free_parameters * std::log(double(count));
}

}  // namespace calib::fit::detail
