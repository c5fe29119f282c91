#pragma once
// What the restitution-curve and the impact-record fits share (private): the robust loss and
// its scale from the data, the status of a finished fit, the standard errors from Ceres'
// covariance, the information criteria.
#include <string>
#include <string_view>
#include <vector>

#include <ceres/ceres.h>

#include "calib/fit/fit_impact.hpp"
#include "calib/fit/fit_impact_record.hpp"

namespace calib::fit::detail {

// The robust loss of the options (nullptr: plain least squares); owned by the problem.
ceres::LossFunction* robust_loss(const FitOptions& options);
std::string_view loss_name(Loss loss);  // none, huber, cauchy

// 1.4826 · median |r − median r|: the residuals' standard deviation estimated robustly (the
// normal distribution's MAD is 0.6745 σ). NaN when a residual is not a number.
double robust_spread(std::vector<double> r);

// The options of a fit started from the parameters `from`: their damping as the start (not
// scanned) when it is > 0.
ImpactFitOptions started_from(ImpactFitOptions options, const ImpactLawParameters& from);

// Where a report records its loss, and the residuals the loss acts on (a curve's e residuals; a
// record's F and δ residuals).
inline ImpactFitReport& fit_of(ImpactFitReport& r) { return r; }
inline ImpactFitReport& fit_of(RecordFitReport& r) { return r.fit; }
inline std::vector<double> loss_residuals(const ImpactFitReport& r) { return r.residuals; }
std::vector<double> loss_residuals(const RecordFitReport& r);

// The robust loss at a scale from the data (ImpactFitOptions::loss_scale_from_data):
// fit(options, nullptr) with plain least squares first, then fit(options, &plain) with the loss
// at 1.4826 MAD of the plain fit's residuals (in their units: σ when the data give it), which
// `fit` starts from the plain fit. When that spread is 0 or not a number (an exact fit, a failed
// solve) the plain fit stands: a loss at scale 0 is not defined, and there is no outlier to weigh
// down. The report's loss names the scale and where it came from.
template <class Report, class Fit>
Report fit_with_loss_from_data(const ImpactFitOptions& options, const Fit& fit) {
  ImpactFitOptions o = options;
  o.fit.loss = Loss::none;
  Report plain = fit(o, nullptr);
  const double scale = robust_spread(loss_residuals(plain));
  const std::string source = "1.4826 MAD of the residuals of the plain least-squares fit";
  if (!(scale > 0)) {
    fit_of(plain).loss = {std::string(loss_name(options.fit.loss)), scale,
                          source + " (0 or not a number: the plain fit stands)"};
    return plain;
  }
  o = options;
  o.loss_scale_from_data = false;
  o.fit.loss_scale = scale;
  Report robust = fit(o, &plain);
  fit_of(robust).loss.scale_source = source;
  return robust;
}

// "converged", "at_bound" (a free K > 0, n ∈ [1, 2] or damping ≥ 0 parameter ended on its
// bound), "poor_fit" (weighted and χ²/(N − k) > 9) or "not_converged"; the sentence in *message.
std::string fit_status(const ceres::Solver::Summary& summary,
                       const std::vector<FittedParameter>& parameters, int residual_count,
                       int free_parameters, double chi2, bool weighted, std::string* message);

// The covariance of the free scalar blocks (Ceres Covariance, dense SVD), unscaled by the
// blocks' scales and multiplied by χ²/(N − k) when unweighted (σ estimated from the scatter).
// covariance[i][j] of the parameters; NaN when the Jacobian is rank deficient. Sets each free
// parameter's std_error.
std::vector<std::vector<double>> fit_covariance(ceres::Problem& problem,
                                                const std::vector<double*>& blocks,
                                                const std::vector<double>& scales,
                                                std::vector<FittedParameter>* parameters,
                                                double chi2, int residual_count, bool weighted);

// AIC and BIC of the Gaussian log-likelihood (fit_impact.hpp: with σ, χ² + 2k and χ² + k ln N;
// without, N ln(χ²/N) + 2k and N ln(χ²/N) + k ln N).
void information_criteria(double chi2, int count, int free_parameters, bool weighted, double* aic,
                          double* bic);

}  // namespace calib::fit::detail
